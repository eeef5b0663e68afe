pub mod convert;
pub mod inspect;
pub mod rooms;
pub mod sample;
pub mod view;
