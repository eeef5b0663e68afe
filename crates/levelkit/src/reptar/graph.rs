//! Rooms and the portals between them.
pub struct RoomGraph;
pub struct RoomNode;
pub struct RoomLink;
