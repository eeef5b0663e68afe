//! levelkit: read, check, convert, build and render two families of game level files.
//!
//! - [`heroes`]: Sonic Heroes stage collision (`.cl`): big-endian, a quadtree over X/Z, triangles with
//!   adjacency, normals and surface flags.
//! - [`reptar`]: Rugrats: Search for Reptar (PS1) `LEVELnn.BIN` room files.
//! - [`disc`] (feature `disc`, on by default): the level files inside PS1 BIN/CUE and ISO 9660 images,
//!   and with feature `gamecube` (on by default; it adds `nod`, whose codecs are C) GameCube images.
//! - [`heroes::live`] (feature `live`, on by default; the CLI and Python turn it on): live reload into the
//!   running PC game.
//! - [`psx`]: a software model of the PS1 parts the Rugrats room renderer uses (VRAM, GTE projection,
//!   GPU rasteriser, ordering table, the room renderer) and a shaded view for collision meshes.
//!
//! Feature `parallel` (on by default) runs validation and the audit on rayon's threads; without it (the
//! WebAssembly build, `crates/levelkit-wasm`) the same work runs in order, with the same results.
//!
//! Every parser takes untrusted bytes: it never panics, never sizes an allocation by a count it has not
//! checked against the input, and reports errors with the byte offset, what was being read and what was
//! wrong ([`bytes::ParseError`]). Every model writes back the exact bytes it was read from.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod bytes;
pub mod convert;
mod detect;
#[cfg(feature = "disc")]
pub mod disc;
mod document;
mod dump;
pub mod findings;
mod font;
mod format;
pub mod heroes;
pub mod hex;
pub mod io;
pub mod json;
pub mod mesh;
pub mod num;
mod par;
pub(crate) mod png;
pub mod psx;
pub mod record;
pub mod render;
pub mod reptar;
pub mod rng;
pub mod samples;
#[cfg(test)]
mod test_support;
pub mod vecmath;

pub use bytes::{ParseError, WriteError};
pub use detect::OpenError;
pub use document::Document;
pub use dump::DumpError;
pub use findings::{Finding, Findings, Group, Grouped, Path, Segment, Severity};
pub use format::Format;
