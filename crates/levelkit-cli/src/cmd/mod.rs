pub mod inspect;
