pub mod build;
pub mod convert;
pub mod inspect;
pub mod probe;
pub mod rooms;
pub mod sample;
pub mod view;
