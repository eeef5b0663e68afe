pub mod build;
pub mod inspect;
