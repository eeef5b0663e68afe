//! Checks a level against what the game's loader and renderer assume. Every problem is reported with a
//! path into the model (`rooms[3].blobs[1].sections[0].faces[7]`) and the byte offset of the record,
//! face or field it is about (`(byte 0x2c8)`, where the file holds it), not only the first.

use super::write::Layout;
use super::*;
use crate::Findings;

/// A finding's message with the byte offset it is about, as `.cl` findings give it.
fn at(message: impl Into<String>, offset: usize) -> String {
    format!("{} (byte 0x{offset:x})", message.into())
}

impl Level {
    /// Every finding: errors (the game would misbehave), warnings (odd, the game copes), notes
    /// (leftovers on disc, open questions).
    pub fn validate(&self) -> Findings {
        let mut f = Findings::default();
        let layout = self.layout_as_is();
        if !self.unused.is_empty() {
            f.warning(
                "unused",
                at(format!("{} never-used 56-byte records; no known file has any", self.unused.len()), 0),
            );
        }
        if self.rooms.is_empty() {
            f.warning("rooms", at("the file has no rooms; every known file has at least one", layout.rooms));
        }
        self.check_counts(&mut f, &layout);
        let needed = self.pad_len_needed();
        if self.pad.len() != needed {
            let message = format!("the byte lists need a {needed}-byte pad, there are {}", self.pad.len());
            f.error("pad", at(message, layout.pad));
        }
        for (p, portal) in self.portals.iter().enumerate() {
            let dest = portal.destination();
            if usize::from(dest) >= self.rooms.len() {
                // Corner 1's flags: 4-byte count, 48-byte portals, 8-byte corners, flags at +6.
                let flags_at = layout.portals + 4 + p * PORTAL_SIZE + 8 + 6;
                f.error(
                    format!("portals[{p}].corners[1].flags"),
                    at(
                        format!("destination room {dest} does not exist ({} rooms)", self.rooms.len()),
                        flags_at,
                    ),
                );
            }
        }
        let mut byte_list_at = layout.byte_lists;
        for (r, room) in self.rooms.iter().enumerate() {
            self.check_room(&mut f, &layout, byte_list_at, r, room);
            byte_list_at += 1 + room.byte_list.stored.len();
        }
        if !self.trailing.is_empty() {
            f.warning(
                "trailing",
                at(
                    format!(
                        "{} bytes after the texture table; every known file ends there",
                        self.trailing.len()
                    ),
                    layout.trailing,
                ),
            );
        }
        f
    }

    /// The rooms' portal and 24-byte record counts against the file's lists; the offset is the first
    /// room record's field.
    fn check_counts(&self, f: &mut Findings, layout: &Layout) {
        let first_record = layout.rooms + 4;
        let portals: u64 = self.rooms.iter().map(|r| u64::from(r.record.portal_count)).sum();
        if portals != self.portals.len() as u64 {
            f.error(
                "rooms[*].portal_count",
                at(
                    format!(
                        "the rooms' portal counts add up to {portals}, the file has {}",
                        self.portals.len()
                    ),
                    first_record + 0x30,
                ),
            );
        }
        let boxes: u64 = self.rooms.iter().map(|r| u64::from(r.record.box_count)).sum();
        if boxes != self.boxes.len() as u64 {
            f.error(
                "rooms[*].box_count",
                at(
                    format!(
                        "the rooms' 24-byte record counts add up to {boxes}, the file has {}",
                        self.boxes.len()
                    ),
                    first_record + 0x38,
                ),
            );
        }
    }

    fn check_room(&self, f: &mut Findings, layout: &Layout, byte_list_at: usize, r: usize, room: &Room) {
        let rec = &room.record;
        let record_at = layout.rooms + 4 + r * ROOM_SIZE;
        let real = room.geometry_len();
        if u64::from(room.geometry_size) != real as u64 {
            f.error(
                format!("rooms[{r}].geometry_size"),
                at(
                    format!("says {} bytes, the room's geometry section is {real}", room.geometry_size),
                    layout.sizes + 4 * r,
                ),
            );
        }
        if (0..3).any(|k| rec.min[k] > rec.max[k]) {
            let message = format!("bounds min {:?} exceed max {:?}", rec.min, rec.max);
            f.warning(format!("rooms[{r}]"), at(message, record_at + 0x10));
        }
        let leftovers: Vec<String> = rec
            .run_time_fields()
            .iter()
            .filter(|(_, _, v)| *v != 0)
            .map(|(at, name, v)| format!("+0x{at:02x} {name} = 0x{v:x}"))
            .collect();
        if !leftovers.is_empty() {
            f.note(
                format!("rooms[{r}]"),
                at(
                    format!("run-time fields are not zero on disc (leftovers?): {}", leftovers.join(", ")),
                    record_at,
                ),
            );
        }
        let zeros = room.byte_list.stored.iter().filter(|&&b| b == 0).count();
        if zeros > 0 {
            f.note(
                format!("rooms[{r}].byte_list"),
                at(
                    format!("{zeros} stored bytes are 0: the game keeps each less one, so they wrap to 255"),
                    byte_list_at,
                ),
            );
        }
        let geometry_at = layout.geometry.get(r).copied().unwrap_or(0);
        let mut blob_at = geometry_at + 4 + 4 * room.blobs.len();
        for (b, blob) in room.blobs.iter().enumerate() {
            self.check_blob(f, r, room, b, blob, blob_at);
            blob_at += blob.len();
        }
    }

    /// One blob, which starts at file offset `blob_at`.
    fn check_blob(&self, f: &mut Findings, r: usize, room: &Room, b: usize, blob: &Blob, blob_at: usize) {
        let path = format!("rooms[{r}].blobs[{b}]");
        let vertices_at = blob_at + BLOB_HEADER_SIZE;
        let faces_at = blob_at + blob.faces_at();
        let n = blob.vertices.len();
        if n > 256 {
            f.warning(
                format!("{path}.vertices"),
                at(format!("{n} vertices; faces can only reach the first 256"), vertices_at),
            );
        }
        if blob.link != 0 {
            f.note(
                format!("{path}.link"),
                at(format!("0x{:x} on disc: the loader sets it (leftover?)", blob.link), blob_at),
            );
        }
        if blob.end_count != 1 {
            let sections: usize =
                blob.sections.iter().map(|s| FACE_SECTION_HEADER_SIZE + s.len() * FACE_SIZE).sum();
            f.warning(
                format!("{path}.end_count"),
                at(format!("{}; every known end marker has 1", blob.end_count), faces_at + sections + 2),
            );
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
            f.warning(
                format!("{path}.vertices"),
                at(
                    format!("{outside} of {n} vertices lie outside the room's bounds {min:?}..{max:?}"),
                    vertices_at,
                ),
            );
        }
        let textures = self.textures.len();
        // `face_at` is the face record's file offset: vertex indices at +0, the texture at +4.
        let check = |f: &mut Findings, s: usize, i: usize, face_at: usize, v: &[u8], texture: u16| {
            if let Some(bad) = v.iter().find(|&&v| usize::from(v) >= n) {
                f.error(
                    format!("{path}.sections[{s}].faces[{i}].v"),
                    at(format!("vertex index {bad} is past the blob's {n} vertices"), face_at),
                );
            }
            if usize::from(texture) >= textures {
                f.error(
                    format!("{path}.sections[{s}].faces[{i}].texture"),
                    at(
                        format!("texture {texture} is past the texture table's {textures} entries"),
                        face_at + 4,
                    ),
                );
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
                        first_odd_fill.get_or_insert(face_at(i) + 3);
                    }
                    check(f, s, i, face_at(i), &t.v, t.texture)
                }),
            }
            section_at = face_at(section.len());
        }
        if let Some(first) = first_odd_fill {
            let message = format!("{odd_fill} triangle(s) with a fourth byte other than 0xcd (the first:");
            f.note(path.clone(), format!("{message} byte 0x{first:x})"));
        }
    }
}
