pub mod convert;
pub mod export;
pub mod inspect;
pub mod render;
pub mod rooms;
pub mod sample;
pub mod view;
