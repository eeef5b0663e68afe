pub mod build;
pub mod inspect;
pub mod probe;
