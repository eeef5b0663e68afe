//! A software model of the parts of the PlayStation the Rugrats room renderer uses, independent of any
//! file format: VRAM and texture decoding ([`vram`]), the GTE's fixed-point projection ([`gte`]), the
//! GPU's rasteriser ([`raster`]), the ordering table ([`ot`]) and the room renderer itself ([`room`]),
//! plus a depth-buffered perspective view for collision meshes ([`shaded`]).
//!
//! `docs/reference/psx.md` explains the model and every choice made where the sources are silent.

pub mod gte;
pub mod image;
pub mod ot;
pub mod raster;
pub mod room;
pub mod shaded;
pub mod vram;

pub use gte::{Gte, Projected};
pub use image::{RgbImage, RgbaImage};
pub use ot::OrderingTable;
pub use raster::{draw_packet, Frame, Packet, Texture, Vertex};
pub use room::{render_room_faces, room_packets, Camera, FaceTexture, RenderFace, RenderStats, RoomOptions};
pub use shaded::{
    render_mesh_shaded, render_mesh_shaded_counted, DepthFrame, PerspectiveCamera, ShadeLight, ShadedTriangle,
};
pub use vram::{BlendMode, Clut, TextureDepth, Tpage, Vram, VramSizeError};
