//! Leaf lists laid out for the line cast: each leaf's triangles, in list order, with what the cast's hot
//! loop reads of them side by side (first corner, both edges, the reach filter's edge square), so a leaf is
//! one sequential read instead of a lookup per triangle.

use super::ray::edge_square;
use super::skip::LeafBound;
use super::Vec3;
use crate::vecmath::sub;

/// One entry of a leaf's list.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct LeafEntry {
    pub(super) v0: Vec3,
    /// v1 − v0 and v2 − v0, as the segment test computes them.
    pub(super) ab: Vec3,
    pub(super) ac: Vec3,
    /// The reach filter's longer edge from v0, squared ([`edge_square`]).
    pub(super) edge_sq: f32,
    pub(super) triangle: u16,
    /// The triangle index is in range (its corners may still be NaN: a vertex index out of range).
    pub(super) known: bool,
}

/// Every leaf's entries, and each node's span of them (empty for inner nodes) and bound.
#[derive(Clone, Debug, Default)]
pub(super) struct Leaves {
    pub(super) entries: Vec<LeafEntry>,
    /// Each entry's triangle on its own: all a leaf the cast passes over needs.
    pub(super) triangles: Vec<u16>,
    pub(super) spans: Vec<(u32, u32)>,
    pub(super) bounds: Vec<LeafBound>,
}

impl Leaves {
    /// `lists[n]` is node `n`'s list as the game reads it, `leaf[n]` whether it has no children;
    /// `corners` every triangle's (NaN where unknown).
    pub(super) fn new<'a>(lists: impl Iterator<Item = (&'a [u16], bool)>, corners: &[[Vec3; 3]]) -> Leaves {
        let mut out = Leaves::default();
        for (list, leaf) in lists {
            let start = u32::try_from(out.entries.len()).unwrap_or(u32::MAX);
            if leaf {
                out.entries.extend(list.iter().map(|&t| match corners.get(usize::from(t)) {
                    Some(v) => LeafEntry {
                        v0: v[0],
                        ab: sub(v[1], v[0]),
                        ac: sub(v[2], v[0]),
                        edge_sq: edge_square(v),
                        triangle: t,
                        known: true,
                    },
                    None => LeafEntry { triangle: t, ..LeafEntry::default() },
                }));
            }
            let len = u32::try_from(out.entries.len()).unwrap_or(u32::MAX) - start;
            out.spans.push((start, len));
            out.bounds.push(LeafBound::new(out.entries.get(start as usize..).unwrap_or(&[])));
        }
        out.triangles = out.entries.iter().map(|e| e.triangle).collect();
        out
    }

    /// Node `n`'s entries (none for an inner node or an index out of range).
    pub(super) fn of(&self, n: u16) -> &[LeafEntry] {
        self.entries.get(self.range(n)).unwrap_or(&[])
    }

    /// Node `n`'s entries' triangles.
    pub(super) fn triangles_of(&self, n: u16) -> &[u16] {
        self.triangles.get(self.range(n)).unwrap_or(&[])
    }

    fn range(&self, n: u16) -> std::ops::Range<usize> {
        self.spans.get(usize::from(n)).map_or(0..0, |&(start, len)| start as usize..(start + len) as usize)
    }
}
