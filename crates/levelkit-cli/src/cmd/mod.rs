pub mod convert;
pub mod inspect;
pub mod view;
