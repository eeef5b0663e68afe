pub mod convert;
pub mod inspect;
