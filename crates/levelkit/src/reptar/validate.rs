//! Checks a level against what the game's loader and renderer assume. Every problem is reported with a
//! path into the model (`rooms[3].blobs[1].sections[0].faces[7]`), not only the first.

use super::*;
use crate::Findings;

impl Level {
    /// Every finding: errors (the game would misbehave), warnings (odd, the game copes), notes
    /// (leftovers on disc, open questions).
    pub fn validate(&self) -> Findings {
        let mut f = Findings::default();
        if !self.unused.is_empty() {
            f.warning(
                "unused",
                format!("{} never-used 56-byte records; no known file has any", self.unused.len()),
            );
        }
        if self.rooms.is_empty() {
            f.warning("rooms", "the file has no rooms; every known file has at least one");
        }
        self.check_counts(&mut f);
        let needed = self.pad_len_needed();
        if self.pad.len() != needed {
            f.error("pad", format!("the byte lists need a {needed}-byte pad, there are {}", self.pad.len()));
        }
        for (p, portal) in self.portals.iter().enumerate() {
            let dest = portal.destination();
            if usize::from(dest) >= self.rooms.len() {
                f.error(
                    format!("portals[{p}].corners[1].flags"),
                    format!("destination room {dest} does not exist ({} rooms)", self.rooms.len()),
                );
            }
        }
        for (r, room) in self.rooms.iter().enumerate() {
            self.check_room(&mut f, r, room);
        }
        if !self.trailing.is_empty() {
            f.warning(
                "trailing",
                format!("{} bytes after the texture table; every known file ends there", self.trailing.len()),
            );
        }
        f
    }

    fn check_counts(&self, f: &mut Findings) {
        let portals: u64 = self.rooms.iter().map(|r| u64::from(r.record.portal_count)).sum();
        if portals != self.portals.len() as u64 {
            f.error(
                "rooms[*].portal_count",
                format!("the rooms' portal counts add up to {portals}, the file has {}", self.portals.len()),
            );
        }
        let boxes: u64 = self.rooms.iter().map(|r| u64::from(r.record.box_count)).sum();
        if boxes != self.boxes.len() as u64 {
            f.error(
                "rooms[*].box_count",
                format!(
                    "the rooms' 24-byte record counts add up to {boxes}, the file has {}",
                    self.boxes.len()
                ),
            );
        }
    }

    fn check_room(&self, f: &mut Findings, r: usize, room: &Room) {
        let rec = &room.record;
        let real = room.geometry_len();
        if u64::from(room.geometry_size) != real as u64 {
            f.error(
                format!("rooms[{r}].geometry_size"),
                format!("says {} bytes, the room's geometry section is {real}", room.geometry_size),
            );
        }
        if (0..3).any(|k| rec.min[k] > rec.max[k]) {
            f.warning(format!("rooms[{r}]"), format!("bounds min {:?} exceed max {:?}", rec.min, rec.max));
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
                format!("run-time fields are not zero on disc (leftovers?): {}", leftovers.join(", ")),
            );
        }
        let zeros = room.byte_list.stored.iter().filter(|&&b| b == 0).count();
        if zeros > 0 {
            f.note(
                format!("rooms[{r}].byte_list"),
                format!("{zeros} stored bytes are 0: the game keeps each less one, so they wrap to 255"),
            );
        }
        for (b, blob) in room.blobs.iter().enumerate() {
            self.check_blob(f, r, room, b, blob);
        }
    }

    fn check_blob(&self, f: &mut Findings, r: usize, room: &Room, b: usize, blob: &Blob) {
        let path = format!("rooms[{r}].blobs[{b}]");
        let n = blob.vertices.len();
        if n > 256 {
            f.warning(
                format!("{path}.vertices"),
                format!("{n} vertices; faces can only reach the first 256"),
            );
        }
        if blob.link != 0 {
            f.note(
                format!("{path}.link"),
                format!("0x{:x} on disc: the loader sets it (leftover?)", blob.link),
            );
        }
        if blob.end_count != 1 {
            f.warning(
                format!("{path}.end_count"),
                format!("{}; every known end marker has 1", blob.end_count),
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
                format!("{outside} of {n} vertices lie outside the room's bounds {min:?}..{max:?}"),
            );
        }
        let textures = self.textures.len();
        let check = |f: &mut Findings, s: usize, i: usize, v: &[u8], texture: u16| {
            if let Some(bad) = v.iter().find(|&&v| usize::from(v) >= n) {
                f.error(
                    format!("{path}.sections[{s}].faces[{i}].v"),
                    format!("vertex index {bad} is past the blob's {n} vertices"),
                );
            }
            if usize::from(texture) >= textures {
                f.error(
                    format!("{path}.sections[{s}].faces[{i}].texture"),
                    format!("texture {texture} is past the texture table's {textures} entries"),
                );
            }
        };
        let mut odd_fill = 0usize;
        for (s, section) in blob.sections.iter().enumerate() {
            match section {
                FaceSection::Quads(q) => {
                    q.iter().enumerate().for_each(|(i, q)| check(f, s, i, &q.v, q.texture))
                }
                FaceSection::Triangles(t) => t.iter().enumerate().for_each(|(i, t)| {
                    odd_fill += usize::from(t.fill != TRIANGLE_FILL);
                    check(f, s, i, &t.v, t.texture)
                }),
            }
        }
        if odd_fill > 0 {
            f.note(path.clone(), format!("{odd_fill} triangle(s) with a fourth byte other than 0xcd"));
        }
    }
}
