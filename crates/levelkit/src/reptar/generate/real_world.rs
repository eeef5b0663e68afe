//! Real-world oddities: what PS1 level data has and a mesh editor's output never does. Each one is data a
//! lossless build must keep; none of them makes the level invalid (no errors, no warnings).
//!
//! - **Degenerate faces**: quads naming a vertex twice (`a b c c`: the game uses such quads as triangles) and
//!   triangles naming a vertex twice (no area).
//! - **Non-planar quads**: vertices nudged off their surface by up to 24 units, so the quads around them
//!   bend (the GPU draws a quad as two triangles and never needs it flat).
//! - **Vertices no face uses**, and **vertex lists out of order**: faces index a shuffled list.
//! - **Overlapping blobs**: a blob's faces split between two blobs that each hold the whole vertex list, and
//!   blob bounds stored larger than their vertices.
//! - **Room records**: a centre off the middle of the faces (vertices are relative to it) and bounds larger
//!   than the geometry; now and then geometry reaching 16 units past the bounds' minimum x (the validator
//!   warns of it: the record's bounds are data, not the geometry's).
//! - **Rooms without faces**: the last room has no geometry at all (portals still lead to it), and now and
//!   then a room's blobs are all empty (some holding vertices and no faces).

use super::Generator;
use crate::reptar::{Blob, FaceSection, Level, Quad, Room, Triangle, Vertex, TRIANGLE_FILL};

/// How far a nudged vertex moves off its surface, at most, on each axis.
const NUDGE: i16 = 24;
/// The room bounds grow by at least this much on each side: more than two nudges (an unused vertex is a
/// nudged copy of a nudged one), so every vertex stays inside them.
const BOUNDS_MARGIN: i32 = 64;

impl Generator<'_> {
    /// Gives the level's rooms the oddities listed in the module docs.
    pub(super) fn real_world(&mut self, level: &mut Level) {
        let rooms = level.rooms.len();
        for (r, room) in level.rooms.iter_mut().enumerate() {
            if rooms > 1 && r == rooms - 1 {
                room.blobs.clear();
            } else if !room.blobs.is_empty() && self.rng.chance(0.15) {
                room.blobs = self.faceless_blobs(&room.blobs);
            } else {
                for blob in &mut room.blobs {
                    self.bend_and_degenerate(blob);
                    self.unused_and_shuffled(blob);
                }
                self.overlap(room);
            }
            for blob in &mut room.blobs {
                self.loose_blob_bounds(blob);
            }
            self.off_middle(room);
            if self.rng.chance(0.25) {
                geometry_past_the_bounds(room);
            }
        }
    }

    fn small_offset(&mut self, max: i16) -> i16 {
        let span = u32::try_from(2 * i32::from(max) + 1).unwrap_or(1);
        i16::try_from(i32::from(self.rng.below_u16(span)) - i32::from(max)).unwrap_or(0)
    }

    /// Blobs with no faces: one holding a few of the room's vertices, and an empty one.
    fn faceless_blobs(&mut self, blobs: &[Blob]) -> Vec<Blob> {
        let mut holding = Blob { end_count: 1, ..Blob::default() };
        let source = blobs.iter().flat_map(|b| &b.vertices).step_by(7);
        holding.vertices = source.take(1 + self.rng.index(6)).copied().collect();
        vec![holding, Blob { end_count: 1, ..Blob::default() }]
    }

    /// Nudges some vertices off their surface, turns some triangles into quads `a b c c`, and adds now and
    /// then a triangle `a a b`.
    fn bend_and_degenerate(&mut self, blob: &mut Blob) {
        for v in &mut blob.vertices {
            if self.rng.chance(0.15) {
                v.x = v.x.saturating_add(self.small_offset(NUDGE));
                v.y = v.y.saturating_add(self.small_offset(NUDGE));
                v.z = v.z.saturating_add(self.small_offset(NUDGE));
            }
        }
        let mut degenerate = Vec::new();
        for section in &mut blob.sections {
            if let FaceSection::Triangles(tris) = section {
                let mut kept = Vec::with_capacity(tris.len());
                for t in tris.drain(..) {
                    if self.rng.chance(0.3) {
                        let [a, b, c] = t.v;
                        degenerate.push(Quad { v: [a, b, c, c], texture: t.texture, flags: t.flags });
                    } else {
                        kept.push(t);
                    }
                }
                *tris = kept;
            }
        }
        if !degenerate.is_empty() {
            blob.sections.push(FaceSection::Quads(degenerate));
        }
        let first_quad = blob.sections.iter().find_map(|s| match s {
            FaceSection::Quads(q) => q.first().copied(),
            FaceSection::Triangles(_) => None,
        });
        if let Some(q) = first_quad.filter(|_| self.rng.chance(0.3)) {
            let t =
                Triangle { v: [q.v[0], q.v[0], q.v[1]], fill: TRIANGLE_FILL, texture: q.texture, flags: 0 };
            blob.sections.push(FaceSection::Triangles(vec![t]));
        }
    }

    /// Splits one blob's faces between it and a copy of it placed after it: both hold every vertex.
    fn overlap(&mut self, room: &mut Room) {
        let candidates: Vec<usize> = (0..room.blobs.len())
            .filter(|&b| room.blobs[b].sections.iter().map(FaceSection::len).sum::<usize>() >= 2)
            .collect();
        if candidates.is_empty() || !self.rng.chance(0.6) {
            return;
        }
        let b = candidates[self.rng.index(candidates.len())];
        let faces: usize = room.blobs[b].sections.iter().map(FaceSection::len).sum();
        let cut = 1 + self.rng.index(faces - 1);
        let mut second = room.blobs[b].clone();
        keep_faces(&mut room.blobs[b], |i| i < cut);
        keep_faces(&mut second, |i| i >= cut);
        room.blobs.insert(b + 1, second);
    }

    /// Adds vertices no face uses (copies of used ones, moved a little) and shuffles the vertex list.
    fn unused_and_shuffled(&mut self, blob: &mut Blob) {
        if blob.vertices.is_empty() || blob.vertices.len() > 250 {
            return;
        }
        for _ in 0..self.rng.index(4) {
            let mut v = blob.vertices[self.rng.index(blob.vertices.len())];
            v.x = v.x.saturating_add(self.small_offset(NUDGE));
            v.z = v.z.saturating_add(self.small_offset(NUDGE));
            blob.vertices.push(v);
        }
        // A random permutation: vertex i goes to place[i].
        let n = blob.vertices.len();
        let mut place: Vec<usize> = (0..n).collect();
        for k in (1..n).rev() {
            let other = self.rng.index(k + 1);
            place.swap(k, other);
        }
        let mut shuffled = vec![Vertex::default(); n];
        for (i, v) in blob.vertices.iter().enumerate() {
            shuffled[place[i]] = *v;
        }
        blob.vertices = shuffled;
        let moved = |v: &mut u8| *v = u8::try_from(place[usize::from(*v)]).unwrap_or(u8::MAX);
        for section in &mut blob.sections {
            match section {
                FaceSection::Quads(q) => q.iter_mut().for_each(|q| q.v.iter_mut().for_each(moved)),
                FaceSection::Triangles(t) => t.iter_mut().for_each(|t| t.v.iter_mut().for_each(moved)),
            }
        }
    }

    /// The blob's bounds: its vertices' (what the generator stores), now and then grown a little.
    fn loose_blob_bounds(&mut self, blob: &mut Blob) {
        if blob.vertices.is_empty() {
            return;
        }
        let (mut min, mut max) = ([i16::MAX; 3], [i16::MIN; 3]);
        for v in &blob.vertices {
            for (k, c) in [v.x, v.y, v.z].into_iter().enumerate() {
                min[k] = min[k].min(c);
                max[k] = max[k].max(c);
            }
        }
        if self.rng.chance(0.5) {
            for k in 0..3 {
                min[k] = min[k].saturating_sub(self.small_offset(32).abs());
                max[k] = max[k].saturating_add(self.small_offset(32).abs());
            }
        }
        blob.min = min;
        blob.max = max;
    }

    /// Moves the centre off the middle (vertices keep their world positions) and grows the bounds.
    fn off_middle(&mut self, room: &mut Room) {
        let shift: [i16; 3] = std::array::from_fn(|_| self.small_offset(200));
        for blob in &mut room.blobs {
            for v in &mut blob.vertices {
                v.x -= shift[0];
                v.y -= shift[1];
                v.z -= shift[2];
            }
            if !blob.vertices.is_empty() {
                for (k, &d) in shift.iter().enumerate() {
                    blob.min[k] = blob.min[k].saturating_sub(d);
                    blob.max[k] = blob.max[k].saturating_sub(d);
                }
            }
        }
        let record = &mut room.record;
        for (k, &d) in shift.iter().enumerate() {
            record.centre[k] += i32::from(d);
            record.min[k] -= BOUNDS_MARGIN + i32::from(self.rng.below_u16(480));
            record.max[k] += BOUNDS_MARGIN + i32::from(self.rng.below_u16(480));
        }
    }
}

/// Moves the room's minimum x to 16 units past its lowest vertex, so that vertex lies outside the bounds.
fn geometry_past_the_bounds(room: &mut Room) {
    let lowest =
        room.blobs.iter().flat_map(|b| &b.vertices).map(|v| room.record.centre[0] + i32::from(v.x)).min();
    if let Some(x) = lowest {
        room.record.min[0] = x + 16;
    }
}

/// Keeps the faces whose index in the blob (every section in stored order) `keep` accepts; sections stay,
/// emptied or not.
fn keep_faces(blob: &mut Blob, keep: impl Fn(usize) -> bool) {
    let mut i = 0;
    let mut next = || {
        i += 1;
        keep(i - 1)
    };
    for section in &mut blob.sections {
        match section {
            FaceSection::Quads(q) => q.retain(|_| next()),
            FaceSection::Triangles(t) => t.retain(|_| next()),
        }
    }
}
