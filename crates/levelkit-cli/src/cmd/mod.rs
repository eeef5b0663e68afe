pub mod convert;
pub mod export;
pub mod inspect;
pub mod render;
pub mod rooms;
