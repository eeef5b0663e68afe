//! Writing a `LEVELnn.BIN` file: the layout is computed first, then every section is emitted and its start
//! checked against the layout.

use super::raw::{BlobHeader, FaceSectionHeader};
use super::*;
use crate::bytes::{Le, WriteError, Writer};
use crate::record::Record;

type W = Writer<Le>;

/// Appends a record's bytes.
#[inline]
fn put<R: Record<Endian = Le>>(w: &mut W, record: &R) {
    w.bytes(record.encode().as_ref());
}

/// Where each section starts, and the file's length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The portals section (its `u32` count).
    pub portals: usize,
    /// The 24-byte records section.
    pub boxes: usize,
    /// The rooms section.
    pub rooms: usize,
    /// The byte lists.
    pub byte_lists: usize,
    /// The alignment pad.
    pub pad: usize,
    /// The geometry sizes `u32 size[rooms]`.
    pub sizes: usize,
    /// Each room's geometry section.
    pub geometry: Vec<usize>,
    /// The texture table section.
    pub textures: usize,
    /// The bytes after the texture table.
    pub trailing: usize,
    /// The file's length.
    pub end: usize,
}

fn count(n: usize, what: impl Fn() -> String) -> Result<u32, WriteError> {
    u32::try_from(n).map_err(|_| WriteError::TooLarge { what: what(), value: n as u64, field: "u32" })
}

impl Level {
    /// The offsets [`Level::to_bytes`] will write each section at. Fails if the pad does not have the
    /// length the byte lists need ([`Level::fix_layout`] sets it).
    pub fn layout(&self) -> Result<Layout, WriteError> {
        let needed = self.pad_len_needed();
        if self.pad.len() != needed {
            return Err(WriteError::Inconsistent {
                what: "alignment pad".into(),
                msg: format!(
                    "the byte lists need a {needed}-byte pad, the model has {} bytes (Level::fix_layout sets it)",
                    self.pad.len()
                ),
            });
        }
        Ok(self.layout_as_is())
    }

    /// The offsets of each section with the pad as it is: where [`Level::parse`] read them from for a
    /// parsed file, whether or not the pad has the length the byte lists need.
    pub(super) fn layout_as_is(&self) -> Layout {
        let portals = 4 + self.unused.len() * UNUSED_RECORD_SIZE;
        let boxes = portals + 4 + self.portals.len() * PORTAL_SIZE;
        let rooms = boxes + 4 + self.boxes.len() * BOX_SIZE;
        let byte_lists = rooms + 4 + self.rooms.len() * ROOM_SIZE;
        let pad = byte_lists + self.rooms.iter().map(|r| 1 + r.byte_list.stored.len()).sum::<usize>();
        let sizes = pad + self.pad.len();
        let mut at = sizes + 4 * self.rooms.len();
        let mut geometry = Vec::with_capacity(self.rooms.len());
        for room in &self.rooms {
            geometry.push(at);
            at += room.geometry_len();
        }
        let textures = at;
        let trailing = textures + 4 + self.textures.len() * TEXTURE_SIZE;
        let end = trailing + self.trailing.len();
        Layout { portals, boxes, rooms, byte_lists, pad, sizes, geometry, textures, trailing, end }
    }

    /// Writes the file. `Level::parse(&level.to_bytes()?)` gives `level` back, and for a parsed file the
    /// bytes are the ones it was read from.
    pub fn to_bytes(&self) -> Result<Vec<u8>, WriteError> {
        let layout = self.layout()?;
        let mut w = W::with_capacity(layout.end);
        w.u32(count(self.unused.len(), || "never-used records".into())?);
        for r in &self.unused {
            put(&mut w, r);
        }
        w.expect_pos(layout.portals, "portals")?;
        w.u32(count(self.portals.len(), || "portals".into())?);
        for p in &self.portals {
            put(&mut w, p);
        }
        w.expect_pos(layout.boxes, "24-byte records")?;
        w.u32(count(self.boxes.len(), || "24-byte records".into())?);
        for b in &self.boxes {
            put(&mut w, b);
        }
        w.expect_pos(layout.rooms, "rooms")?;
        w.u32(count(self.rooms.len(), || "rooms".into())?);
        for room in &self.rooms {
            put(&mut w, &room.record);
        }
        w.expect_pos(layout.byte_lists, "byte lists")?;
        for (i, room) in self.rooms.iter().enumerate() {
            let list = &room.byte_list.stored;
            let n = u8::try_from(list.len()).map_err(|_| WriteError::TooLarge {
                what: format!("rooms[{i}].byte_list"),
                value: list.len() as u64,
                field: "u8 count",
            })?;
            w.u8(n);
            w.bytes(list);
        }
        w.expect_pos(layout.pad, "alignment pad")?;
        w.bytes(&self.pad);
        w.expect_pos(layout.sizes, "geometry sizes")?;
        for room in &self.rooms {
            w.u32(room.geometry_size);
        }
        for (i, room) in self.rooms.iter().enumerate() {
            w.expect_pos(layout.geometry[i], || format!("room {i} geometry"))?;
            w.u32(count(room.blobs.len(), || format!("rooms[{i}].blobs"))?);
            for (j, blob) in room.blobs.iter().enumerate() {
                w.u32(count(blob.len(), || format!("rooms[{i}].blobs[{j}] length"))?);
            }
            for (j, blob) in room.blobs.iter().enumerate() {
                write_blob(&mut w, blob, &|| format!("rooms[{i}].blobs[{j}]"))?;
            }
        }
        w.expect_pos(layout.textures, "texture table")?;
        w.u32(count(self.textures.len(), || "texture table".into())?);
        for t in &self.textures {
            put(&mut w, t);
        }
        w.expect_pos(layout.trailing, "trailing bytes")?;
        w.bytes(&self.trailing);
        w.expect_pos(layout.end, "end of file")?;
        Ok(w.into_inner())
    }
}

fn write_blob(w: &mut W, b: &Blob, path: &dyn Fn() -> String) -> Result<(), WriteError> {
    let start = w.pos();
    let header = BlobHeader {
        link: b.link,
        min: b.min,
        unknown_0a: b.unknown_0a,
        max: b.max,
        unknown_12: b.unknown_12,
        vertex_count: count(b.vertices.len(), || format!("{} vertices", path()))?,
        faces_at: count(b.faces_at(), || format!("{} faces_at", path()))?,
    };
    put(w, &header);
    for v in &b.vertices {
        put(w, v);
    }
    w.bytes(&b.gap);
    w.expect_pos(start + b.faces_at(), || format!("{} faces", path()))?;
    for (k, s) in b.sections.iter().enumerate() {
        let count = u16::try_from(s.len()).map_err(|_| WriteError::TooLarge {
            what: format!("{}.sections[{k}]", path()),
            value: s.len() as u64,
            field: "u16 face count",
        })?;
        put(w, &FaceSectionHeader { kind: s.kind(), count });
        match s {
            FaceSection::Quads(q) => q.iter().for_each(|q| put(w, q)),
            FaceSection::Triangles(t) => t.iter().for_each(|t| put(w, t)),
        }
    }
    put(w, &FaceSectionHeader { kind: KIND_END, count: b.end_count });
    w.bytes(&b.tail);
    w.expect_pos(start + b.len(), || format!("{} end", path()))
}
