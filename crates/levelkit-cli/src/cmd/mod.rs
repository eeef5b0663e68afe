pub mod inspect;
pub mod rooms;
