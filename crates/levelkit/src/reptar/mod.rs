//! Rugrats: Search for Reptar (PlayStation, 1998) `LEVELnn.BIN`: a database's rooms.
//!
//! Little-endian; every count is a u32. The file is a walk of sections, in this order:
//!
//! | section              | layout                                                        | model               |
//! |----------------------|---------------------------------------------------------------|---------------------|
//! | never-used records   | `u32 n; u8 [n][56]` (n is 0 in every known file)              | [`Level::unused`]   |
//! | portals              | `u32 n; quad[n]`, 48 bytes each                               | [`Level::portals`]  |
//! | 24-byte records      | `u32 n; u8 [n][24]` ("boxes"; only LEVEL04 has any)           | [`Level::boxes`]    |
//! | rooms                | `u32 rooms; room[rooms]`, 112 bytes each                      | [`Room::record`]    |
//! | byte lists           | per room: `u8 count; u8 [count]`                              | [`Room::byte_list`] |
//! | alignment pad        | `4 - (list bytes % 4)` bytes (a whole word when aligned)      | [`Level::pad`]      |
//! | geometry sizes       | `u32 size[rooms]`                                             | [`Room::geometry_size`] |
//! | geometry             | per room: `u32 n; u32 len[n];` then n blobs of `len` bytes    | [`Room::blobs`]     |
//! | texture table        | `u32 m; texture[m]`, 12 bytes each                            | [`Level::textures`] |
//!
//! The game's loader hands each room, in file order, the next `room+0x30` portals and the next
//! `room+0x38` 24-byte records: [`Level::rooms_with_parts`] does the same. Blob vertices are relative to the
//! room's centre; [`Level::world_faces`] gives every face in world coordinates.
//!
//! Every byte is kept: `Level::parse(data)?.to_bytes()? == data` for every file that parses. Counts and
//! lengths that the lists themselves fix (section counts, blob lengths, vertex counts, `faces_at`, face
//! section counts, byte list counts) are not stored in the model; the room record's own counts
//! (`+0x30`, `+0x38`) and the geometry sizes are, because a file may hold values that disagree with its
//! contents ([`Level::validate`] reports them).

pub mod builder;
mod dump;
pub mod extras;
pub mod generate;
mod graph;
pub mod raw;
mod read;
mod select;
mod validate;
mod world;
mod write;

pub use graph::{RoomGraph, RoomLink, RoomNode};
pub use raw::{
    BoxRecord, Corner, Portal, Quad, RoomRecord, TextureEntry, Triangle, UnusedRecord, Vertex,
    BLOB_HEADER_SIZE, BOX_SIZE, CORNER_SIZE, FACE_SECTION_HEADER_SIZE, FACE_SIZE, PORTAL_SIZE, ROOM_SIZE,
    TEXTURE_SIZE, TRIANGLE_SIZE, UNUSED_RECORD_SIZE, VERTEX_SIZE,
};
pub use read::{looks_like, looks_like_level08};
pub use select::{SelectError, Selection};
pub use world::{
    world_position, FaceKind, WorldCorner, WorldFace, WorldFaces, WorldPortal, FLAG_DOUBLE_SIDED,
};
pub use write::Layout;

// Unknown bytes in dumps as grouped hex (`"00000000 0a0b0c0d 01"`), so offsets can be counted by eye.
use crate::hex::grouped as hex;
use crate::psx::FaceTexture;
use serde::{Deserialize, Serialize};
use std::ops::Range;

/// The longest `LEVELnn.BIN` file levelkit reads: 16 MiB, eight times the PlayStation's 2 MiB of main RAM
/// (known files are under 1 MiB); the same bound a disc listing looks into.
pub const MAX_FILE_LEN: u64 = 16 << 20;

/// Face section kind: triangles.
pub const KIND_TRIANGLES: u16 = 0x60;
/// Face section kind: quads.
pub const KIND_QUADS: u16 = 0x61;
/// Face section kind: the end of a blob's faces.
pub const KIND_END: u16 = 0xFF;
/// The byte every triangle on disc holds after its three vertex indices.
pub const TRIANGLE_FILL: u8 = 0xCD;

/// A whole `LEVELnn.BIN` file. Read from a dump through [`Level::from_dump`], which also takes the
/// dump's informational keys.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Level {
    /// The first section's 56-byte records; no known file has any.
    #[serde(default)]
    pub unused: Vec<UnusedRecord>,
    /// Every portal, in file order. Rooms take them in turn by their `portal_count`
    /// ([`Level::room_portal_ranges`]).
    pub portals: Vec<Portal>,
    /// Every 24-byte record, in file order; rooms take them in turn by their `box_count`.
    #[serde(default)]
    pub boxes: Vec<BoxRecord>,
    /// The rooms, with their byte lists and geometry.
    pub rooms: Vec<Room>,
    /// The alignment pad after the byte lists: `4 - (list bytes % 4)` bytes, 1 to 4. Kept as read.
    #[serde(with = "hex::vec")]
    #[serde(default)]
    pub pad: Vec<u8>,
    /// The room texture table; faces index it.
    pub textures: Vec<TextureEntry>,
    /// Bytes after the texture table. No known file has any.
    #[serde(with = "hex::vec")]
    #[serde(default)]
    pub trailing: Vec<u8>,
}

/// One room: its 112-byte record, its byte list and its geometry section.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Room {
    /// The 112-byte record.
    pub record: RoomRecord,
    /// Its entry in the byte lists section.
    pub byte_list: ByteList,
    /// The room's entry in `u32 size[rooms]`: the stored byte length of its geometry section. Kept as
    /// read; [`Room::geometry_len`] is the real length. In a dump, `"auto"` (or null) means "the real
    /// length".
    #[serde(default, deserialize_with = "dump::size_or_auto")]
    pub geometry_size: u32,
    /// The room's geometry blobs, in file order.
    pub blobs: Vec<Blob>,
}

impl Portal {
    /// The room the portal leads to: corner 1's flags.
    pub fn destination(&self) -> u16 {
        self.corners[1].flags
    }
}

impl BoxRecord {
    /// The little-endian u16 at `offset` (0, 2, …, 22); `None` past the record.
    pub fn halfword(&self, offset: usize) -> Option<u16> {
        let b = self.raw.get(offset..offset.checked_add(2)?)?;
        Some(u16::from_le_bytes([b[0], b[1]]))
    }
}

impl RoomRecord {
    /// The fields the loader fills at run time, with their offsets: non-zero on disc means leftovers.
    pub fn run_time_fields(&self) -> [(usize, &'static str, u32); 7] {
        let f = RoomRecord::FIELD;
        [
            (f.portals_pointer, self.portals_pointer),
            (f.boxes_pointer, self.boxes_pointer),
            (f.blob_list, self.blob_list),
            (f.object_list_48, self.object_list_48),
            (f.object_list_4c, self.object_list_4c),
            (f.byte_list_count, u32::from(self.byte_list_count)),
            (f.byte_list_pointer, self.byte_list_pointer),
        ]
        .map(|(field, value)| (field.offset, field.name, value))
    }
}

impl TextureEntry {
    /// The (u, v) of each corner, in Z order.
    pub fn uvs(&self) -> [[u8; 2]; 4] {
        [[self.u0, self.v0], [self.u1, self.v1], [self.u2, self.v2], [self.u3, self.v3]]
    }

    /// The face's texture as the console's room renderer takes it (uv in Z order, CLUT, page).
    pub fn face_texture(&self) -> FaceTexture {
        FaceTexture { uv: self.uvs(), clut: self.clut, tpage: self.tpage }
    }

    /// The entry that gives a face this texture (the inverse of [`TextureEntry::face_texture`]).
    pub fn from_face_texture(t: &FaceTexture) -> TextureEntry {
        let [[u0, v0], [u1, v1], [u2, v2], [u3, v3]] = t.uv;
        TextureEntry { u0, v0, clut: t.clut, u1, v1, tpage: t.tpage, u2, v2, u3, v3 }
    }
}

/// A room's byte list. On disc each byte is one more than the game keeps.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(try_from = "dump::ByteListDump")]
pub struct ByteList {
    /// The bytes as stored (the count byte before them is their number, at most 255).
    pub stored: Vec<u8>,
}

impl ByteList {
    /// The bytes as the game keeps them: each stored byte less one (a stored 0 wraps to 255, as the
    /// game's byte arithmetic does).
    pub fn kept(&self) -> Vec<u8> {
        self.stored.iter().map(|b| b.wrapping_sub(1)).collect()
    }
}

/// A geometry blob, read by the game's room renderer: its header ([`raw::BlobHeader`], whose fields the
/// first five mirror), vertices, faces and the bytes around them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Blob {
    /// Header `link`: the loader chains the room's blobs through it (non-zero on disc is a leftover)
    pub link: u32,
    /// Header `min`: bounds minimum, relative to the room's centre
    pub min: [i16; 3],
    /// Header `unknown_0a`
    pub unknown_0a: u16,
    /// Header `max`: bounds maximum, relative to the room's centre
    pub max: [i16; 3],
    /// Header `unknown_12`
    pub unknown_12: u16,
    // Header `vertex_count` is `vertices.len()`; `faces_at` is the header, the vertices and `gap`.
    /// After the header: 12 bytes each
    pub vertices: Vec<Vertex>,
    /// Bytes between the last vertex and `faces_at`.
    #[serde(with = "hex::vec")]
    pub gap: Vec<u8>,
    /// At `faces_at`: the face sections, in stored order, before the end marker.
    pub sections: Vec<FaceSection>,
    /// The end marker's count (`u16 0xFF, u16 count`); 1 in every known file.
    pub end_count: u16,
    /// Bytes after the end marker, up to the blob's length.
    #[serde(with = "hex::vec")]
    pub tail: Vec<u8>,
}

impl Blob {
    /// `faces_at`: where the face sections start, from the blob's start.
    pub fn faces_at(&self) -> usize {
        BLOB_HEADER_SIZE + self.vertices.len() * VERTEX_SIZE + self.gap.len()
    }

    /// The blob's length in bytes (its `len[i]` entry).
    pub fn len(&self) -> usize {
        let faces: usize = self.sections.iter().map(|s| FACE_SECTION_HEADER_SIZE + s.len() * FACE_SIZE).sum();
        self.faces_at() + faces + FACE_SECTION_HEADER_SIZE + self.tail.len()
    }

    /// Always false: a blob has at least a header and an end marker.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Faces in its triangle sections.
    pub fn triangle_count(&self) -> usize {
        self.sections.iter().map(|s| if let FaceSection::Triangles(t) = s { t.len() } else { 0 }).sum()
    }

    /// Faces in its quad sections.
    pub fn quad_count(&self) -> usize {
        self.sections.iter().map(|s| if let FaceSection::Quads(q) = s { q.len() } else { 0 }).sum()
    }
}

/// A run of faces of one kind: `u16 kind, u16 count`, then `count` 8-byte records.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "faces", rename_all = "lowercase", deny_unknown_fields)]
pub enum FaceSection {
    /// Kind 0x60.
    Triangles(Vec<Triangle>),
    /// Kind 0x61.
    Quads(Vec<Quad>),
}

impl FaceSection {
    /// The stored kind.
    pub fn kind(&self) -> u16 {
        match self {
            FaceSection::Triangles(_) => KIND_TRIANGLES,
            FaceSection::Quads(_) => KIND_QUADS,
        }
    }

    /// Number of faces.
    pub fn len(&self) -> usize {
        match self {
            FaceSection::Triangles(t) => t.len(),
            FaceSection::Quads(q) => q.len(),
        }
    }

    /// Whether the section has no faces.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A room with the portals and 24-byte records the loader gives it.
#[derive(Clone, Debug)]
pub struct RoomParts<'a> {
    /// Index into [`Level::rooms`].
    pub index: usize,
    /// The room.
    pub room: &'a Room,
    /// Indices into [`Level::portals`].
    pub portal_range: Range<usize>,
    /// The portals it takes: `portal_range` of [`Level::portals`].
    pub portals: &'a [Portal],
    /// Indices into [`Level::boxes`].
    pub box_range: Range<usize>,
    /// The 24-byte records it takes: `box_range` of [`Level::boxes`].
    pub boxes: &'a [BoxRecord],
}

impl Room {
    /// The real byte length of the room's geometry section: `4 + 4n + Σ len`.
    pub fn geometry_len(&self) -> usize {
        4 + 4 * self.blobs.len() + self.blobs.iter().map(Blob::len).sum::<usize>()
    }

    /// Vertices over its blobs.
    pub fn vertex_count(&self) -> usize {
        self.blobs.iter().map(|b| b.vertices.len()).sum()
    }

    /// Triangles over its blobs.
    pub fn triangle_count(&self) -> usize {
        self.blobs.iter().map(Blob::triangle_count).sum()
    }

    /// Quads over its blobs.
    pub fn quad_count(&self) -> usize {
        self.blobs.iter().map(Blob::quad_count).sum()
    }
}

/// Splits `total` items among rooms by their counts, in file order, as the loader does. A room whose count
/// runs past the end gets what is left (validation reports it).
fn split_by_counts(total: usize, counts: impl Iterator<Item = u32>) -> Vec<Range<usize>> {
    let mut next = 0usize;
    counts
        .map(|count| {
            let start = next.min(total);
            let end = start.saturating_add(usize::try_from(count).unwrap_or(usize::MAX)).min(total);
            next = next.saturating_add(usize::try_from(count).unwrap_or(usize::MAX));
            start..end
        })
        .collect()
}

impl Level {
    /// For each room, the range of [`Level::portals`] it takes (by `portal_count`, in file order).
    pub fn room_portal_ranges(&self) -> Vec<Range<usize>> {
        split_by_counts(self.portals.len(), self.rooms.iter().map(|r| r.record.portal_count))
    }

    /// For each room, the range of [`Level::boxes`] it takes (by `box_count`, in file order).
    pub fn room_box_ranges(&self) -> Vec<Range<usize>> {
        split_by_counts(self.boxes.len(), self.rooms.iter().map(|r| r.record.box_count))
    }

    /// Every room with its portals and 24-byte records, as the game's loader hands them out.
    pub fn rooms_with_parts(&self) -> Vec<RoomParts<'_>> {
        let portals = self.room_portal_ranges();
        let boxes = self.room_box_ranges();
        self.rooms
            .iter()
            .zip(portals.into_iter().zip(boxes))
            .enumerate()
            .map(|(index, (room, (p, b)))| RoomParts {
                index,
                room,
                portals: self.portals.get(p.clone()).unwrap_or(&[]),
                portal_range: p,
                boxes: self.boxes.get(b.clone()).unwrap_or(&[]),
                box_range: b,
            })
            .collect()
    }

    /// The portals room `room` takes (empty for a room that does not exist).
    pub fn room_portals(&self, room: usize) -> &[Portal] {
        self.room_portal_ranges().get(room).and_then(|r| self.portals.get(r.clone())).unwrap_or(&[])
    }

    /// The 24-byte records room `room` takes (empty for a room that does not exist).
    pub fn room_boxes(&self, room: usize) -> &[BoxRecord] {
        self.room_box_ranges().get(room).and_then(|r| self.boxes.get(r.clone())).unwrap_or(&[])
    }

    /// The pad length the layout needs after the byte lists: `4 - (list bytes % 4)`, 1 to 4.
    pub fn pad_len_needed(&self) -> usize {
        let list_bytes: usize = self.rooms.iter().map(|r| 1 + r.byte_list.stored.len()).sum();
        4 - list_bytes % 4
    }

    /// Makes the derived layout fields agree with the content: the pad gets the length the byte lists need
    /// (its bytes kept, zeros added), and, when `sizes` is true, every room's `geometry_size` is set to its
    /// section's real length. Room counts (`+0x30`, `+0x38`) are never touched: they are the room's own.
    pub fn fix_layout(&mut self, sizes: bool) {
        let pad = self.pad_len_needed();
        self.pad.resize(pad, 0);
        if sizes {
            for room in &mut self.rooms {
                room.geometry_size = u32::try_from(room.geometry_len()).unwrap_or(u32::MAX);
            }
        }
    }

    /// Geometry blobs over all rooms.
    pub fn blob_count(&self) -> usize {
        self.rooms.iter().map(|r| r.blobs.len()).sum()
    }

    /// Vertices over all rooms.
    pub fn vertex_count(&self) -> usize {
        self.rooms.iter().map(Room::vertex_count).sum()
    }

    /// Triangles over all rooms.
    pub fn triangle_count(&self) -> usize {
        self.rooms.iter().map(Room::triangle_count).sum()
    }

    /// Quads over all rooms.
    pub fn quad_count(&self) -> usize {
        self.rooms.iter().map(Room::quad_count).sum()
    }

    /// The summary `levelkit info --json` prints.
    pub fn summary(&self) -> serde_json::Value {
        serde_json::json!({
            "format": crate::format::Format::ReptarLevel.name(),
            "rooms": self.rooms.len(),
            "portals": self.portals.len(),
            "boxes": self.boxes.len(),
            "unused_records": self.unused.len(),
            "blobs": self.blob_count(),
            "vertices": self.vertex_count(),
            "triangles": self.triangle_count(),
            "quads": self.quad_count(),
            "textures": self.textures.len(),
            "byte_list_bytes": self.rooms.iter().map(|r| r.byte_list.stored.len()).sum::<usize>(),
            "trailing_bytes": self.trailing.len(),
        })
    }

    /// The summary for a person to read.
    pub fn summary_text(&self) -> String {
        let mut s = String::new();
        s.push_str("format: reptar-level (Rugrats: Search for Reptar LEVELnn.BIN)\n");
        s.push_str(&format!(
            "rooms: {}\nportals: {}\n24-byte records (boxes): {}\nnever-used records: {}\n",
            self.rooms.len(),
            self.portals.len(),
            self.boxes.len(),
            self.unused.len()
        ));
        s.push_str(&format!(
            "geometry: {} blobs, {} vertices, {} triangles, {} quads\ntextures: {}\n",
            self.blob_count(),
            self.vertex_count(),
            self.triangle_count(),
            self.quad_count(),
            self.textures.len()
        ));
        if !self.trailing.is_empty() {
            s.push_str(&format!("trailing bytes after the texture table: {}\n", self.trailing.len()));
        }
        s
    }
}

#[cfg(test)]
mod tests;
