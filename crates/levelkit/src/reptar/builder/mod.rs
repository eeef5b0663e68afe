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
// The tests feed the builder the scenes the exporter and the renderer make of levels.
#[cfg(all(test, feature = "convert", feature = "render"))]
mod tests;
mod texture;

pub use pack::{Placement, RESERVED_DISPLAY};

use super::{FaceKind, Level};
use crate::bytes::{ParseError, WriteError};
use crate::findings::{Finding, Findings, RoundTrip, Rule, Severity, Unchecked};
use crate::mesh::Mesh;
use crate::num::thousands;
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
    /// Build even when the scene lacks portals, or rooms with faces, that `base` has: they are dropped
    /// (a missing room is built without geometry) and the report names them. Without it such a scene is
    /// refused ([`BuildError::Missing`]): a door or a room gone is rarely what an editor meant.
    pub drop_missing: bool,
}

/// The result of a build.
#[derive(Clone, Debug)]
#[non_exhaustive]
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
#[non_exhaustive]
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
    /// Corners whose colour was repainted since the export (taken from `COLOR_0`).
    pub colours_repainted: usize,
    /// Corners without the export's stored colour bytes: their colour is `COLOR_0`'s, at most 0x80 and
    /// with no flash, so a brightened or flashing colour of the base is lost there.
    pub colours_unstored: usize,
    /// Base rooms with faces that the scene has no object for, built without geometry (with
    /// [`BuildOptions::drop_missing`]).
    pub dropped_rooms: Vec<usize>,
    /// Base portals the scene lacks, left out (with [`BuildOptions::drop_missing`]).
    pub dropped_portals: Vec<usize>,
    /// The level's size in bytes.
    pub bytes: usize,
    /// What the base held, to compare with.
    pub base: Option<BaseCounts>,
}

/// The base level's counts, beside the built level's in [`BuildReport`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct BaseCounts {
    /// Its size in bytes.
    pub bytes: usize,
    /// Geometry blobs over all rooms.
    pub blobs: usize,
    /// Quad faces.
    pub quads: usize,
    /// Triangle faces.
    pub triangles: usize,
    /// Texture table entries.
    pub texture_entries: usize,
}

/// A CD sector's user data: a file on a PS1 disc takes whole sectors of it.
pub const SECTOR_BYTES: usize = 2048;

impl BuildReport {
    /// Whether the level is larger than its base.
    pub fn grew(&self) -> bool {
        self.base.is_some_and(|b| self.bytes > b.bytes)
    }

    /// The report as lines, the same in every front end: counts, the size against the base's, and every
    /// loss (faces rebuilt, colours not as stored, entries added, rooms and portals dropped, objects ignored).
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![format!(
            "{} rooms ({} unchanged from the base), {} portals, {} blobs, {} quads, {} triangles",
            thousands(self.rooms),
            thousands(self.rooms_unchanged),
            thousands(self.portals),
            thousands(self.blobs),
            thousands(self.quads),
            thousands(self.triangles)
        )];
        out.push(format!("size: {}", self.size_line()));
        out.push(format!(
            "faces: {} exactly as exported, {} built from geometry{}",
            thousands(self.exact_faces),
            thousands(self.new_faces),
            if self.new_faces > 0 && self.base.is_some() {
                " (new or edited faces, or ones whose export data did not come back: their room's blobs are \
                 made anew)"
            } else {
                ""
            }
        ));
        if self.colours_repainted > 0 {
            out.push(format!("colours: {} corners repainted", thousands(self.colours_repainted)));
        }
        if self.colours_unstored > 0 {
            out.push(format!(
                "colours: {} corners without their stored bytes took the shown colour, clamped to 0x80 with no \
                 flash",
                thousands(self.colours_unstored)
            ));
        }
        if self.new_texture_entries > 0 {
            out.push(format!("{} texture entries added", thousands(self.new_texture_entries)));
        }
        if !self.dropped_portals.is_empty() || !self.dropped_rooms.is_empty() {
            out.push(format!("dropped: {}", missing_words(&self.dropped_rooms, &self.dropped_portals)));
        }
        if !self.ignored_objects.is_empty() {
            out.push(format!("ignored (no faces, not a portal): {}", self.ignored_objects.join(", ")));
        }
        out
    }

    /// The size against the base's, and when it grew, why and what that means on the disc:
    /// `"13,796 bytes (7 sectors), the base's size"`, or `"16,100 bytes (8 sectors), 2,304 more than the
    /// base's 13,796 (7 sectors): …"`.
    pub fn size_line(&self) -> String {
        let sectors = |b: usize| b.div_ceil(SECTOR_BYTES);
        let now = format!("{} bytes ({})", thousands(self.bytes), sector_words(sectors(self.bytes)));
        let Some(base) = self.base else { return now };
        if self.bytes == base.bytes {
            return format!("{now}, the base's size");
        }
        if self.bytes < base.bytes {
            return format!(
                "{now}, {} fewer than the base's {}",
                thousands(base.bytes - self.bytes),
                thousands(base.bytes)
            );
        }
        let mut why = Vec::new();
        if self.new_faces > 0 {
            why.push(format!("{} faces built from geometry", thousands(self.new_faces)));
        }
        if self.blobs != base.blobs {
            why.push(format!("blobs {} → {}", thousands(base.blobs), thousands(self.blobs)));
        }
        if self.quads != base.quads || self.triangles != base.triangles {
            why.push(format!(
                "quads {} → {}, triangles {} → {}",
                thousands(base.quads),
                thousands(self.quads),
                thousands(base.triangles),
                thousands(self.triangles)
            ));
        }
        if self.new_texture_entries > 0 {
            why.push(format!("{} texture entries added", thousands(self.new_texture_entries)));
        }
        let slot = if sectors(self.bytes) > sectors(base.bytes) {
            format!(
                "it needs {} sectors where the base's slot on the disc has {}: it goes back in place only if the \
                 sectors after that slot are free, else the file must move",
                thousands(sectors(self.bytes)),
                thousands(sectors(base.bytes))
            )
        } else {
            "it still fits the base's sectors on the disc".to_string()
        };
        format!(
            "{now}, {} more than the base's {} ({}); {slot}",
            thousands(self.bytes - base.bytes),
            thousands(base.bytes),
            if why.is_empty() { "the rebuilt rooms take more room".to_string() } else { why.join(", ") }
        )
    }
}

/// Why a scene does not build.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
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
         scene down or split the room into smaller rooms"
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
    /// The scene's `_REPTAR_*` data came back as colours clamped to 0..1 (every value 0 or 65,535): what
    /// Blender's glTF importer makes of them. Its faces cannot come back exactly.
    #[error(
        "{object}: its {attribute} data holds only 0 and 65,535, as after Blender's glTF import and export (it \
         reads these attributes as colours and clamps them to 0..1): the faces cannot come back as they were; \
         edit the level with levelkit's Blender add-on instead (File › Import › Rugrats level, then File › \
         Export › Rugrats level), which keeps them"
    )]
    Clamped {
        /// The first object whose data is so.
        object: String,
        /// The attribute (`_REPTAR_FACE`).
        attribute: String,
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
    /// The scene lacks portals or rooms with faces that the base has (see [`BuildOptions::drop_missing`]).
    #[error(
        "the scene lacks {} of the base: building it would drop them from the level",
        missing_words(rooms, portals)
    )]
    Missing {
        /// Base rooms with faces that no scene object names.
        rooms: Vec<usize>,
        /// Base portals no scene object names.
        portals: Vec<usize>,
    },
    /// The built level has findings the base does not have, or does not read back equal.
    #[error("the built level does not check clean: {0}")]
    NotClean(Unchecked),
    /// The level cannot be written as bytes.
    #[error(transparent)]
    Write(#[from] WriteError),
}

/// "1 sector", "32 sectors".
fn sector_words(n: usize) -> String {
    if n == 1 {
        "1 sector".into()
    } else {
        format!("{} sectors", thousands(n))
    }
}

/// "3 portals (portal_00, portal_01, portal_05) and 1 room with faces (room_04)".
fn missing_words(rooms: &[usize], portals: &[usize]) -> String {
    let list = |prefix: &str, n: &[usize]| {
        let mut names: Vec<String> = n.iter().take(8).map(|i| format!("{prefix}_{i:02}")).collect();
        if n.len() > 8 {
            names.push("…".into());
        }
        names.join(", ")
    };
    let mut parts = Vec::new();
    if !portals.is_empty() {
        let s = if portals.len() == 1 { "" } else { "s" };
        parts.push(format!("{} portal{s} ({})", thousands(portals.len()), list("portal", portals)));
    }
    if !rooms.is_empty() {
        let s = if rooms.len() == 1 { "" } else { "s" };
        parts.push(format!("{} room{s} with faces ({})", thousands(rooms.len()), list("room", rooms)));
    }
    parts.join(" and ")
}

/// The base's portals and rooms with faces that the scene has no object for.
fn missing(scene: &scene::Scene, base: &Level) -> (Vec<usize>, Vec<usize>) {
    let rooms = base
        .rooms
        .iter()
        .enumerate()
        .filter(|(n, r)| {
            r.triangle_count() + r.quad_count() > 0
                && scene.rooms.get(*n).is_none_or(|s| s.objects.is_empty())
        })
        .map(|(n, _)| n)
        .collect();
    let portals = (0..base.portals.len()).filter(|n| !scene.portals.iter().any(|p| p.number == *n)).collect();
    (rooms, portals)
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
        let (rooms, portals) = missing(&scene, base);
        if !(rooms.is_empty() && portals.is_empty()) {
            if !options.drop_missing {
                return Err(BuildError::Missing { rooms, portals });
            }
            report.dropped_rooms = rooms;
            report.dropped_portals = portals;
        }
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
        report.colours_repainted += scene_room.colours_repainted;
        report.colours_unstored += scene_room.colours_unstored;
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
        // A base that cannot be written as it is (a model made in code, its pad not laid out) has no size.
        report.base = base.to_bytes().ok().map(|bytes| BaseCounts {
            bytes: bytes.len(),
            blobs: base.blob_count(),
            quads: base.quad_count(),
            triangles: base.triangle_count(),
            texture_entries: base.textures.len(),
        });
    }
    // A level that cannot be written fails [`checked_bytes`], which says why; its report is never shown.
    report.bytes = level.to_bytes().map_or(0, |b| b.len());
    Ok(Built { level, vram, report })
}

/// The level's bytes, when it checks clean: no errors, no warnings `base` does not have itself, and the
/// bytes read back to the same level. A warning counts as the base's when the base has one of the same rule
/// in the same room: a rebuilt room's blobs are numbered anew.
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
            Unchecked::Write(e) => BuildError::Write(e),
            e => BuildError::NotClean(e),
        }
    }
}

/// What makes two findings the same warning for [`checked_bytes`]: the rule, and the path up to the room
/// (`rooms[3]`, or the whole path outside rooms).
fn warning_kind(f: &Finding) -> (Rule, String) {
    let path = f.path.to_string();
    let room = match path.strip_prefix("rooms[").and_then(|rest| rest.find(']')) {
        Some(end) => path[..end + "rooms[".len() + 1].to_string(),
        None => path,
    };
    (f.rule, room)
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
