//! Leaf lists laid out for the line cast: each leaf's triangles, in list order, four to a [`Quad`] whose
//! lanes hold what the cast's hot loop reads of them (first corner, both edges, the reach filter's edge
//! square), so the reach filter and the segment test run on four entries at once.

use super::ray::edge_square;
use super::Vec3;
use crate::vecmath::sub;

/// Entries per [`Quad`].
pub(super) const LANES: usize = 4;

/// Four consecutive entries of a leaf's list, coordinate by coordinate. A lane past the list's end, or of a
/// triangle the file does not have, is NaN: it never passes the reach filter (the game never tests it).
#[derive(Clone, Copy, Debug)]
pub(super) struct Quad {
    pub(super) v0: [[f32; LANES]; 3],
    /// v1 − v0 and v2 − v0, as the segment test computes them.
    pub(super) ab: [[f32; LANES]; 3],
    pub(super) ac: [[f32; LANES]; 3],
    /// The reach filter's longer edge from v0, squared ([`edge_square`]).
    pub(super) edge_sq: [f32; LANES],
}

impl Default for Quad {
    fn default() -> Quad {
        let nan = [[f32::NAN; LANES]; 3];
        Quad { v0: nan, ab: nan, ac: nan, edge_sq: [f32::NAN; LANES] }
    }
}

/// One entry, read back from its lane.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    pub(super) v0: Vec3,
    pub(super) ab: Vec3,
    pub(super) ac: Vec3,
    pub(super) edge_sq: f32,
}

impl Quad {
    pub(super) fn entry(&self, lane: usize) -> Entry {
        let at = |c: &[[f32; LANES]; 3]| [c[0][lane], c[1][lane], c[2][lane]];
        Entry { v0: at(&self.v0), ab: at(&self.ab), ac: at(&self.ac), edge_sq: self.edge_sq[lane] }
    }

    fn set(&mut self, lane: usize, v: &[Vec3; 3]) {
        let (ab, ac) = (sub(v[1], v[0]), sub(v[2], v[0]));
        for k in 0..3 {
            self.v0[k][lane] = v[0][k];
            self.ab[k][lane] = ab[k];
            self.ac[k][lane] = ac[k];
        }
        self.edge_sq[lane] = edge_square(v);
    }
}

/// A leaf's list: `len` entries from quad `quad` on; entry `i` is lane `i % 4` of quad `quad + i / 4`, its
/// triangle `triangles[4 · quad + i]`.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Span {
    pub(super) quad: u32,
    pub(super) len: u32,
}

/// Every leaf's entries, and each node's span of them (empty for inner nodes).
#[derive(Clone, Debug, Default)]
pub(super) struct Leaves {
    pub(super) quads: Vec<Quad>,
    /// The triangle of each lane (0 in the padding).
    pub(super) triangles: Vec<u16>,
    pub(super) spans: Vec<Span>,
}

impl Leaves {
    /// `lists[n]` is node `n`'s list as the game reads it, `leaf[n]` whether it has no children;
    /// `corners` every triangle's (NaN where unknown).
    pub(super) fn new<'a>(lists: impl Iterator<Item = (&'a [u16], bool)>, corners: &[[Vec3; 3]]) -> Leaves {
        let mut out = Leaves::default();
        for (list, leaf) in lists {
            let quad = u32::try_from(out.quads.len()).unwrap_or(u32::MAX);
            let list = if leaf { list } else { &[] };
            for group in list.chunks(LANES) {
                let mut q = Quad::default();
                for (lane, &t) in group.iter().enumerate() {
                    if let Some(v) = corners.get(usize::from(t)) {
                        q.set(lane, v);
                    }
                }
                out.quads.push(q);
                out.triangles.extend(group);
                out.triangles.resize(out.quads.len() * LANES, 0);
            }
            out.spans.push(Span { quad, len: u32::try_from(list.len()).unwrap_or(0) });
        }
        out
    }

    /// Node `n`'s span (empty for an inner node or an index out of range).
    pub(super) fn span(&self, n: u16) -> Span {
        self.spans.get(usize::from(n)).copied().unwrap_or_default()
    }
}
