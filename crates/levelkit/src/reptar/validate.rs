//! Checks a level against what the game's loader and renderer assume. Every problem is reported with a
//! path into the model (`rooms[3].blobs[1].sections[0].faces[7]`) and the byte offset of the record,
//! face or field it is about (`(byte 0x2c8)`, where the file holds it), not only the first. Offsets
//! within records come from the record table ([`super::raw`]).

use super::raw::{BlobHeader, FaceSectionHeader};
use super::write::Layout;
use super::*;
use crate::findings::{Findings, Path, Rule};
use crate::record::Field;

/// A place in the file: its path in the model and its byte offset, extended together.
#[derive(Clone, Debug)]
struct Place {
    path: Path,
    at: usize,
}

impl Place {
    /// A top-level list or field (`portals`, `pad`) whose first byte (or first record) is at `at`.
    fn top(name: &'static str, at: usize) -> Place {
        Place { path: Path::new().field(name), at }
    }

    /// Record `index` of this list of `size`-byte records.
    fn record(&self, index: usize, size: usize) -> Place {
        Place { path: self.path.index(index), at: self.at + index * size }
    }

    /// A field of this record, from its table.
    fn field(&self, field: Field) -> Place {
        Place { path: self.path.field(field.name), at: self.at + field.offset }
    }

    /// Element `index` of this record's array field (its indices are constants within the run; past it,
    /// the place is the field's start).
    fn element(&self, field: Field, index: usize) -> Place {
        let at = field.element(index).unwrap_or(field.offset);
        Place { path: self.path.field(field.name).index(index), at: self.at + at }
    }
}

/// The size of a list's count (`u32 n`) before its records.
const COUNT_SIZE: usize = 4;

impl Level {
    /// Every finding: errors (the game would misbehave), warnings (odd, the game copes), notes
    /// (leftovers on disc, open questions).
    pub fn validate(&self) -> Findings {
        let mut f = Findings::default();
        let layout = self.layout_as_is();
        if !self.unused.is_empty() {
            let message = format!("{} never-used 56-byte records; no known file has any", self.unused.len());
            f.warning(Rule::ReptarUnused, Path::new().field("unused"), message).at(0usize);
        }
        if self.rooms.is_empty() {
            let rooms = Place::top("rooms", layout.rooms);
            f.warning(
                Rule::ReptarNoRooms,
                rooms.path,
                "the file has no rooms; every known file has at least one",
            )
            .at(rooms.at);
        }
        self.check_counts(&mut f, &layout);
        let needed = self.pad_len_needed();
        if self.pad.len() != needed {
            let message = format!("the byte lists need a {needed}-byte pad, there are {}", self.pad.len());
            let pad = Place::top("pad", layout.pad);
            f.error(Rule::ReptarPad, pad.path, message).at(pad.at);
        }
        let portals = Place::top("portals", layout.portals + COUNT_SIZE);
        for (p, portal) in self.portals.iter().enumerate() {
            let dest = portal.destination();
            if usize::from(dest) >= self.rooms.len() {
                let flags = portals
                    .record(p, PORTAL_SIZE)
                    .element(Portal::FIELD.corners, 1)
                    .field(Corner::FIELD.flags);
                let message = format!("destination room {dest} does not exist ({} rooms)", self.rooms.len());
                f.error(Rule::ReptarPortalDestination, flags.path, message).at(flags.at);
            }
        }
        let mut byte_list_at = layout.byte_lists;
        for (r, room) in self.rooms.iter().enumerate() {
            self.check_room(&mut f, &layout, byte_list_at, r, room);
            byte_list_at += 1 + room.byte_list.stored.len();
        }
        if !self.trailing.is_empty() {
            let message =
                format!("{} bytes after the texture table; every known file ends there", self.trailing.len());
            let trailing = Place::top("trailing", layout.trailing);
            f.warning(Rule::ReptarTrailing, trailing.path, message).at(trailing.at);
        }
        f
    }

    /// The rooms' portal and 24-byte record counts against the file's lists; the offset is the first
    /// room record's field.
    fn check_counts(&self, f: &mut Findings, layout: &Layout) {
        let all = Place { path: Path::new().field("rooms").all(), at: layout.rooms + COUNT_SIZE };
        let portals: u64 = self.rooms.iter().map(|r| u64::from(r.record.portal_count)).sum();
        if portals != self.portals.len() as u64 {
            let message =
                format!("the rooms' portal counts add up to {portals}, the file has {}", self.portals.len());
            let first = all.field(RoomRecord::FIELD.portal_count);
            f.error(Rule::ReptarPortalCount, first.path, message).at(first.at);
        }
        let boxes: u64 = self.rooms.iter().map(|r| u64::from(r.record.box_count)).sum();
        if boxes != self.boxes.len() as u64 {
            let message = format!(
                "the rooms' 24-byte record counts add up to {boxes}, the file has {}",
                self.boxes.len()
            );
            let first = all.field(RoomRecord::FIELD.box_count);
            f.error(Rule::ReptarBoxCount, first.path, message).at(first.at);
        }
    }

    fn check_room(&self, f: &mut Findings, layout: &Layout, byte_list_at: usize, r: usize, room: &Room) {
        let rec = &room.record;
        let record = Place::top("rooms", layout.rooms + COUNT_SIZE).record(r, ROOM_SIZE);
        let path = &record.path;
        let real = room.geometry_len();
        if u64::from(room.geometry_size) != real as u64 {
            let message = format!("says {} bytes, the room's geometry section is {real}", room.geometry_size);
            // The sizes are a u32 list of their own, one per room.
            f.error(Rule::ReptarRoomGeometrySize, path.field("geometry_size"), message)
                .at(layout.sizes + COUNT_SIZE * r);
        }
        if (0..3).any(|k| rec.min[k] > rec.max[k]) {
            let message = format!("bounds min {:?} exceed max {:?}", rec.min, rec.max);
            f.warning(Rule::ReptarRoomBounds, path, message).at(record.field(RoomRecord::FIELD.min).at);
        }
        let leftovers: Vec<String> = rec
            .run_time_fields()
            .iter()
            .filter(|(_, _, v)| *v != 0)
            .map(|(at, name, v)| format!("+0x{at:02x} {name} = 0x{v:x}"))
            .collect();
        if !leftovers.is_empty() {
            let message =
                format!("run-time fields are not zero on disc (leftovers?): {}", leftovers.join(", "));
            f.note(Rule::ReptarRoomRunTimeFields, path, message).at(record.at);
        }
        let zeros = room.byte_list.stored.iter().filter(|&&b| b == 0).count();
        if zeros > 0 {
            let message =
                format!("{zeros} stored bytes are 0: the game keeps each less one, so they wrap to 255");
            f.note(Rule::ReptarRoomByteListZero, path.field("byte_list"), message).at(byte_list_at);
        }
        let geometry_at = layout.geometry.get(r).copied().unwrap_or(0);
        // The section starts with `u32 n; u32 len[n]`.
        let mut blob_at = geometry_at + COUNT_SIZE + COUNT_SIZE * room.blobs.len();
        for (b, blob) in room.blobs.iter().enumerate() {
            let place = Place { path: path.field("blobs").index(b), at: blob_at };
            self.check_blob(f, &place, room, blob);
            blob_at += blob.len();
        }
    }

    /// One blob, at `place`.
    fn check_blob(&self, f: &mut Findings, place: &Place, room: &Room, blob: &Blob) {
        let path = &place.path;
        let vertices_at = place.at + BLOB_HEADER_SIZE;
        let faces_at = place.at + blob.faces_at();
        let n = blob.vertices.len();
        if n > 256 {
            f.warning(
                Rule::ReptarBlobVertexCount,
                path.field("vertices"),
                format!("{n} vertices; faces can only reach the first 256"),
            )
            .at(vertices_at);
        }
        if blob.link != 0 {
            let message = format!("0x{:x} on disc: the loader sets it (leftover?)", blob.link);
            let link = place.field(BlobHeader::FIELD.link);
            f.note(Rule::ReptarBlobLink, link.path, message).at(link.at);
        }
        if blob.end_count != 1 {
            let sections: usize =
                blob.sections.iter().map(|s| FACE_SECTION_HEADER_SIZE + s.len() * FACE_SIZE).sum();
            let count_at = faces_at + sections + FaceSectionHeader::FIELD.count.offset;
            f.warning(
                Rule::ReptarBlobEndCount,
                path.field("end_count"),
                format!("{}; every known end marker has 1", blob.end_count),
            )
            .at(count_at);
        }
        let (min, max) = (room.record.min, room.record.max);
        let outside = blob
            .vertices
            .iter()
            .filter(|v| {
                let p = world::world_position(room.record.centre, v);
                (0..3).any(|k| p[k] < min[k] || p[k] > max[k])
            })
            .count();
        if outside > 0 {
            let message = format!("{outside} of {n} vertices lie outside the room's bounds {min:?}..{max:?}");
            f.warning(Rule::ReptarBlobVerticesOutside, path.field("vertices"), message).at(vertices_at);
        }
        let textures = self.textures.len();
        // `face_at` is the face record's file offset. Quads and triangles keep `v` at 0 and the texture at
        // the same offset (checked in `raw`), so the quad's table serves both.
        let check = |f: &mut Findings, s: usize, i: usize, face_at: usize, v: &[u8], texture: u16| {
            let face =
                || Place { path: path.field("sections").index(s).field("faces").index(i), at: face_at };
            if let Some(bad) = v.iter().find(|&&v| usize::from(v) >= n) {
                let v = face().field(Quad::FIELD.v);
                f.error(
                    Rule::ReptarFaceVertexIndex,
                    v.path,
                    format!("vertex index {bad} is past the blob's {n} vertices"),
                )
                .at(v.at);
            }
            if usize::from(texture) >= textures {
                let texture_field = face().field(Quad::FIELD.texture);
                let message = format!("texture {texture} is past the texture table's {textures} entries");
                f.error(Rule::ReptarFaceTexture, texture_field.path, message).at(texture_field.at);
            }
        };
        let mut odd_fill = 0usize;
        let mut first_odd_fill = None;
        let mut section_at = faces_at;
        for (s, section) in blob.sections.iter().enumerate() {
            let face_at = |i: usize| section_at + FACE_SECTION_HEADER_SIZE + i * FACE_SIZE;
            match section {
                FaceSection::Quads(q) => {
                    q.iter().enumerate().for_each(|(i, q)| check(f, s, i, face_at(i), &q.v, q.texture))
                }
                FaceSection::Triangles(t) => t.iter().enumerate().for_each(|(i, t)| {
                    if t.fill != TRIANGLE_FILL {
                        odd_fill += 1;
                        first_odd_fill.get_or_insert(face_at(i) + Triangle::FIELD.fill.offset);
                    }
                    check(f, s, i, face_at(i), &t.v, t.texture)
                }),
            }
            section_at = face_at(section.len());
        }
        if let Some(first) = first_odd_fill {
            // The message names the first triangle's byte itself, as it always has; the offset is that byte.
            let message = format!("{odd_fill} triangle(s) with a fourth byte other than 0xcd (the first:");
            f.note(Rule::ReptarTriangleFill, path, format!("{message} byte 0x{first:x})")).offset =
                u64::try_from(first).ok();
        }
    }
}
