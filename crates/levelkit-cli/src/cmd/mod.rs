pub mod inspect;
pub mod probe;
