//! Writing a `LEVELnn.BIN` file: the layout is computed first, then every section is emitted and its start
//! checked against the layout.

use super::*;
use crate::bytes::{Le, WriteError, Writer};

type W = Writer<Le>;

/// Where each section starts, and the file's length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub portals: usize,
    pub boxes: usize,
    pub rooms: usize,
    pub byte_lists: usize,
    pub pad: usize,
    pub sizes: usize,
    /// Each room's geometry section.
    pub geometry: Vec<usize>,
    pub textures: usize,
    pub trailing: usize,
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
            w.bytes(&r.raw);
        }
        w.expect_pos(layout.portals, "portals")?;
        w.u32(count(self.portals.len(), || "portals".into())?);
        for p in &self.portals {
            write_portal(&mut w, p);
        }
        w.expect_pos(layout.boxes, "24-byte records")?;
        w.u32(count(self.boxes.len(), || "24-byte records".into())?);
        for b in &self.boxes {
            w.bytes(&b.raw);
        }
        w.expect_pos(layout.rooms, "rooms")?;
        w.u32(count(self.rooms.len(), || "rooms".into())?);
        for room in &self.rooms {
            write_room_record(&mut w, &room.record);
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
            write_texture(&mut w, t);
        }
        w.expect_pos(layout.trailing, "trailing bytes")?;
        w.bytes(&self.trailing);
        w.expect_pos(layout.end, "end of file")?;
        Ok(w.into_inner())
    }
}

pub(super) fn write_corner(w: &mut W, c: &Corner) {
    w.i16(c.x);
    w.i16(c.y);
    w.i16(c.z);
    w.u16(c.flags);
}

pub(super) fn write_portal(w: &mut W, p: &Portal) {
    for c in &p.corners {
        write_corner(w, c);
    }
    w.bytes(&p.tail);
}

pub(super) fn write_room_record(w: &mut W, r: &RoomRecord) {
    for v in [r.centre, r.min, r.max].iter().zip([r.centre_pad, r.min_pad, r.max_pad]) {
        for c in v.0 {
            w.i32(*c);
        }
        w.u32(v.1);
    }
    w.u32(r.portal_count);
    w.u32(r.portals_pointer);
    w.u32(r.box_count);
    w.u32(r.boxes_pointer);
    w.u32(r.blob_list);
    w.bytes(&r.unknown_44);
    w.u32(r.object_list_48);
    w.u32(r.object_list_4c);
    w.bytes(&r.unknown_50);
    w.u32(r.unknown_58);
    w.bytes(&r.unknown_5c);
    w.u8(r.byte_list_count);
    w.u8(r.unknown_5f);
    w.u32(r.byte_list_pointer);
    w.bytes(&r.unknown_64);
}

pub(super) fn write_vertex(w: &mut W, v: &Vertex) {
    w.i16(v.x);
    w.i16(v.y);
    w.i16(v.z);
    w.u16(v.pad);
    w.bytes(&[v.r, v.g, v.b, v.flash]);
}

pub(super) fn write_quad(w: &mut W, q: &Quad) {
    w.bytes(&q.v);
    w.u16(q.texture);
    w.u16(q.flags);
}

pub(super) fn write_triangle(w: &mut W, t: &Triangle) {
    w.bytes(&t.v);
    w.u8(t.fill);
    w.u16(t.texture);
    w.u16(t.flags);
}

pub(super) fn write_texture(w: &mut W, t: &TextureEntry) {
    w.bytes(&[t.u0, t.v0]);
    w.u16(t.clut);
    w.bytes(&[t.u1, t.v1]);
    w.u16(t.tpage);
    w.bytes(&[t.u2, t.v2, t.u3, t.v3]);
}

pub(super) fn write_blob_header(w: &mut W, b: &Blob, vertices: u32, faces_at: u32) {
    w.u32(b.link);
    for c in b.min {
        w.i16(c);
    }
    w.u16(b.unknown_0a);
    for c in b.max {
        w.i16(c);
    }
    w.u16(b.unknown_12);
    w.u32(vertices);
    w.u32(faces_at);
}

fn write_blob(w: &mut W, b: &Blob, path: &dyn Fn() -> String) -> Result<(), WriteError> {
    let start = w.pos();
    let vertices = count(b.vertices.len(), || format!("{} vertices", path()))?;
    let faces_at = count(b.faces_at(), || format!("{} faces_at", path()))?;
    write_blob_header(w, b, vertices, faces_at);
    for v in &b.vertices {
        write_vertex(w, v);
    }
    w.bytes(&b.gap);
    w.expect_pos(start + b.faces_at(), || format!("{} faces", path()))?;
    for (k, s) in b.sections.iter().enumerate() {
        w.u16(s.kind());
        let n = u16::try_from(s.len()).map_err(|_| WriteError::TooLarge {
            what: format!("{}.sections[{k}]", path()),
            value: s.len() as u64,
            field: "u16 face count",
        })?;
        w.u16(n);
        match s {
            FaceSection::Quads(q) => q.iter().for_each(|q| write_quad(w, q)),
            FaceSection::Triangles(t) => t.iter().for_each(|t| write_triangle(w, t)),
        }
    }
    w.u16(KIND_END);
    w.u16(b.end_count);
    w.bytes(&b.tail);
    w.expect_pos(start + b.len(), || format!("{} end", path()))
}
