//! Building a `LEVELnn.BIN` from a scene (glTF/GLB, OBJ, or a JSON dump): `levelkit build-level`.
//!
//! The work runs in steps, one file each:
//! - `scene`: the mesh's objects become rooms (`room_NN`, else one room per object) and portals
//!   (`portal_NN`); positions go back to the game's axes (x, −y, −z) and rings back to the game's winding.
//!   Faces the export tagged (`_REPTAR_*` attributes) come back exactly; the others are polygons.
//! - `shape`: polygons become quads (4-gons, whatever their planarity) and triangles (5+-gons as fans).
//! - `texture`: each face's texture entry: the one it had, one of `--base`'s table its material names,
//!   or a new one for a new image, packed into free VRAM by `pack`.
//! - `room`: each room's centre and bounds, s16 vertices, and geometry blobs of at most 256 vertices.
//! - `carry`: the level around them: what `--base` holds that levelkit does not understand, or defaults.
//!
//! Nothing is returned unless the level passes [`Level::validate`] with no errors and no warnings the base
//! does not have, and reads back equal ([`checked_bytes`]). See docs/guide/building-levels.md.

mod carry;
mod pack;
mod room;
mod scene;
mod shape;
#[cfg(test)]
mod tests;
mod texture;

pub use pack::{Placement, RESERVED_DISPLAY};

use super::{FaceKind, Level};
use crate::bytes::{ParseError, WriteError};
use crate::findings::{Finding, Findings, RoundTrip, Severity, Unchecked};
use crate::mesh::Mesh;
use crate::psx::vram::Vram;
use serde::Serialize;

/// The most rooms a build makes (the known files have 1 to 76); it bounds what a room number can ask.
pub const MAX_ROOMS: usize = 1024;
/// The most corners one polygon may have: its triangles stay in one blob, whose vertex indices are bytes.
pub const MAX_FACE_CORNERS: usize = 256;
/// The most vertices a blob holds: faces index them with a byte.
pub const MAX_BLOB_VERTICES: usize = 256;

/// What a build starts from, read once by whoever has the file (`convert::reptar::read_scene` reads one
/// from bytes: a loose file's, or a file's inside a disc image).
#[derive(Clone, Debug)]
pub enum SceneInput {
    /// A mesh; `from_triangles` when its format stores only triangles (glTF), so that pairs of triangles
    /// are joined back into quads where they make a convex 4-gon.
    Mesh {
        /// The scene.
        mesh: Mesh,
        /// Whether its format stores only triangles.
        from_triangles: bool,
    },
    /// levelkit's JSON dump of a level: the level itself.
    Dump(Box<Level>),
}

/// How to build.
#[derive(Clone, Debug, Default)]
pub struct BuildOptions<'a> {
    /// The level the scene was exported from (or any level to take unknown bytes and textures from).
    pub base: Option<&'a Level>,
    /// The VRAM the level's textures live in: new textures go where it is free (all zero and not used by a
    /// texture entry), and the dump written out starts from it.
    pub vram: Option<&'a Vram>,
    /// Multiplies every position first (undoes an export's `--scale`). 0 means 1.
    pub scale: f64,
}

/// The result of a build.
#[derive(Clone, Debug)]
pub struct Built {
    /// The level, checked clean and read back equal.
    pub level: Level,
    /// The VRAM with the new textures, when the scene had any (`--vram-out`).
    pub vram: Option<Vram>,
    /// What the build did.
    pub report: BuildReport,
}

/// What a build did.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct BuildReport {
    /// Rooms in the level.
    pub rooms: usize,
    /// Portals in the level.
    pub portals: usize,
    /// Geometry blobs over all rooms.
    pub blobs: usize,
    /// Quad faces over all rooms.
    pub quads: usize,
    /// Triangle faces over all rooms.
    pub triangles: usize,
    /// Faces that came back exactly from the export's `_REPTAR_*` attributes.
    pub exact_faces: usize,
    /// Faces built from geometry (new or edited).
    pub new_faces: usize,
    /// Rooms whose geometry section is byte for byte the base's.
    pub rooms_unchanged: usize,
    /// Entries added to the texture table.
    pub new_texture_entries: usize,
    /// Images packed into VRAM: (image name, placement).
    pub new_textures: Vec<(String, Placement)>,
    /// Objects that are neither rooms nor portals and have no faces (ignored).
    pub ignored_objects: Vec<String>,
}

/// Why a scene does not build.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// The scene cannot be read or is not a usable mesh (the message says why).
    #[error("{0}")]
    Scene(String),
    /// No object is a room: none is named `room_NN` and none has faces.
    #[error("the scene has no rooms: name objects room_00, room_01, … (or give it objects with faces)")]
    NoRooms,
    /// A `room_NN` object's number is [`MAX_ROOMS`] or more.
    #[error("{object}: room number {room} is too high (a build makes at most {MAX_ROOMS} rooms)")]
    RoomNumber {
        /// The object's name.
        object: String,
        /// The number it names.
        room: usize,
    },
    /// A room's vertices do not all fit in s16 offsets around one centre.
    #[error(
        "{object}: a vertex at {axis} = {value} lies {by} units beyond the s16 range around the room's \
         centre ({axis} {low} to {high}): the room spans {span} units on {axis}, at most 65,535 fit; scale the \
         scene down (--scale) or split the room into smaller rooms"
    )]
    OutOfRange {
        /// The object the vertex is in.
        object: String,
        /// `x`, `y` or `z` (the game's axes).
        axis: char,
        /// The vertex's rounded coordinate on that axis.
        value: i64,
        /// How far it lies past the s16 range.
        by: i64,
        /// The lowest coordinate the room's centre allows.
        low: i64,
        /// The highest coordinate the room's centre allows.
        high: i64,
        /// The room's extent on that axis.
        span: i64,
    },
    /// A position is NaN or beyond the i32 range.
    #[error("{object}: a position is too far out ({value} on {axis}); a level's coordinates are 32-bit")]
    Huge {
        /// The object it is in.
        object: String,
        /// `x`, `y` or `z` (the game's axes).
        axis: char,
        /// The coordinate, scaled, before rounding.
        value: f64,
    },
    /// A polygon with more than [`MAX_FACE_CORNERS`] corners.
    #[error(
        "{object}: face {face} has {corners} corners; a polygon's triangles share one geometry blob, whose \
         vertex indices are bytes (at most {MAX_FACE_CORNERS} corners): triangulate or split the face"
    )]
    FaceTooLarge {
        /// The object it is in.
        object: String,
        /// Its index among the object's faces.
        face: usize,
        /// Its corners.
        corners: usize,
    },
    /// A portal object cannot be made into a portal record (no destination, a position out of range, …).
    #[error("{object}: {problem}")]
    Portal {
        /// The object's name.
        object: String,
        /// What is wrong, and what to do.
        problem: String,
    },
    /// A portal leads to a room the scene does not have.
    #[error(
        "{object}: the portal leads to room {destination}, which the scene does not have (rooms 0 to {last})"
    )]
    PortalToMissingRoom {
        /// The portal object's name.
        object: String,
        /// The room it leads to.
        destination: usize,
        /// The scene's last room.
        last: usize,
    },
    /// A face whose texture levelkit can neither find (an entry its material names) nor make (a PNG).
    #[error(
        "{object}: face {face} has no texture: give its material a PNG texture, or a name that names an entry \
         of the base's table (page_TTTT_clut_CCCC as exported, or texture_N)"
    )]
    NoTexture {
        /// The object it is in.
        object: String,
        /// Its index among the object's faces.
        face: usize,
    },
    /// A new texture larger than a 256×256 page.
    #[error(
        "texture {name:?} is {width}×{height} texels, larger than a texture page (256×256): scale the image down"
    )]
    TextureTooLarge {
        /// The image's name.
        name: String,
        /// Its width in texels.
        width: u32,
        /// Its height in texels.
        height: u32,
    },
    /// A new texture finds no free place in VRAM.
    #[error("texture {name:?} ({width}×{height}): no free VRAM is left for it, even at 4 bits a texel")]
    NoVram {
        /// The image's name.
        name: String,
        /// Its width in texels.
        width: u32,
        /// Its height in texels.
        height: u32,
    },
    /// The texture table would need more entries than a face's u16 texture index reaches.
    #[error("the texture table would have {0} entries; faces index it with 16 bits")]
    TooManyTextures(usize),
    /// The built level has findings the base does not have, or does not read back equal.
    #[error("the built level does not check clean: {0}")]
    NotClean(String),
    /// The level cannot be written as bytes.
    #[error(transparent)]
    Write(#[from] WriteError),
}

/// Builds a level from a scene.
pub fn build(input: &SceneInput, options: &BuildOptions<'_>) -> Result<Built, BuildError> {
    let (mesh, from_triangles) = match input {
        SceneInput::Dump(level) => {
            let mut report =
                BuildReport { rooms: level.rooms.len(), portals: level.portals.len(), ..Default::default() };
            report.blobs = level.blob_count();
            report.quads = level.quad_count();
            report.triangles = level.triangle_count();
            return Ok(Built { level: (**level).clone(), vram: None, report });
        }
        SceneInput::Mesh { mesh, from_triangles } => (mesh, *from_triangles),
    };
    let scale = if options.scale == 0.0 { 1.0 } else { options.scale };
    if !scale.is_finite() {
        return Err(BuildError::Scene(format!("the scale {scale} is not a finite number")));
    }
    let mut report = BuildReport::default();
    let mut scene = scene::read(mesh, scale, from_triangles, &mut report)?;
    if let Some(base) = options.base {
        carry::add_rooms_portals_need(&mut scene, base);
    }
    let table = match (options.base, &scene.texture_table) {
        (Some(base), _) => base.textures.clone(),
        (None, Some(t)) => t.clone(),
        (None, None) => Vec::new(),
    };
    let table_len = table.len();
    let mut textures = texture::Textures::new(mesh, table, options.vram);
    let mut rooms = Vec::with_capacity(scene.rooms.len());
    for (number, scene_room) in scene.rooms.iter().enumerate() {
        let faces = shape::shape(&scene_room.polygons)?;
        report.exact_faces += scene_room.exact.len();
        report.new_faces += faces.len();
        let mut placed = Vec::with_capacity(faces.len() + scene_room.exact.len());
        for f in scene_room.exact.iter().chain(&faces) {
            placed.push(textures.choose(f)?);
        }
        let template = options.base.and_then(|b| b.rooms.get(number));
        rooms.push(room::build_room(scene_room, placed, template)?);
    }
    let (table, vram, new_textures) = textures.finish()?;
    report.new_texture_entries = table.len().saturating_sub(table_len);
    report.new_textures = new_textures;
    let level = carry::assemble(rooms, &scene, options.base, table)?;
    report.rooms = level.rooms.len();
    report.portals = level.portals.len();
    report.blobs = level.blob_count();
    report.quads = level.quad_count();
    report.triangles = level.triangle_count();
    if let Some(base) = options.base {
        report.rooms_unchanged =
            level.rooms.iter().zip(&base.rooms).filter(|(a, b)| a.blobs == b.blobs).count();
    }
    Ok(Built { level, vram, report })
}

/// The level's bytes, when it checks clean: no errors, no warnings `base` does not have itself, and the
/// bytes read back to the same level. A warning counts as the base's when the base has one of the same kind
/// in the same room (its numbers and byte offset aside): a rebuilt room's blobs are numbered anew.
pub fn checked_bytes(level: &Level, base: Option<&Level>) -> Result<Vec<u8>, BuildError> {
    let known: Vec<_> = base.map(Level::validate).unwrap_or_default().0.iter().map(warning_kind).collect();
    let serious = |f: &Finding| {
        f.severity == Severity::Error
            || (f.severity == Severity::Warning && !known.contains(&warning_kind(f)))
    };
    Ok(crate::findings::checked_bytes(level, serious)?)
}

impl RoundTrip for Level {
    fn validate(&self) -> Findings {
        Level::validate(self)
    }

    fn to_bytes(&self) -> Result<Vec<u8>, WriteError> {
        Level::to_bytes(self)
    }

    fn parse(data: &[u8]) -> Result<Self, ParseError> {
        Level::parse(data)
    }
}

impl From<Unchecked> for BuildError {
    fn from(e: Unchecked) -> Self {
        match e {
            Unchecked::NotClean(why) => BuildError::NotClean(why),
            Unchecked::Write(e) => BuildError::Write(e),
        }
    }
}

/// What makes two findings the same warning for [`checked_bytes`]: the severity, the path up to the room
/// (`rooms[3]`, or the whole path outside rooms), and the message without its numbers and byte offset.
fn warning_kind(f: &Finding) -> (Severity, String, String) {
    let path = f.path.to_string();
    let room = match path.strip_prefix("rooms[").and_then(|rest| rest.find(']')) {
        Some(end) => path[..end + "rooms[".len() + 1].to_string(),
        None => path,
    };
    let message = f.message.rfind(" (byte 0x").map_or(f.message.as_str(), |at| &f.message[..at]);
    let words: String = message.chars().filter(|c| !c.is_ascii_digit()).collect();
    (f.severity, room, words)
}

/// A face ready for texturing: corners in Z order (exact faces) or as a ring in the game's winding.
#[derive(Clone, Debug)]
pub(crate) struct ShapedFace {
    pub object: String,
    /// The face's index in its object, for messages.
    pub index: usize,
    pub kind: FaceKind,
    pub corners: Vec<scene::Corner>,
    /// `Some` for a face the export tagged: its blob, its index there, and its triangle fill byte.
    pub exact: Option<scene::ExactId>,
    pub texture: Option<u16>,
    pub flags: Option<u16>,
    /// Index into the mesh's groups.
    pub group: u32,
}

/// A face with its texture entry and flags, corners in Z order.
#[derive(Clone, Debug)]
pub(crate) struct PlacedFace {
    pub face: ShapedFace,
    pub texture: u16,
    pub flags: u16,
}
