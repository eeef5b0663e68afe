//! Leaf lists laid out for the line cast: each leaf's triangles, in list order, with what the cast's hot
//! loop reads of them side by side (first corner, both edges, the reach filter's edge square), so a leaf is
//! one sequential read instead of a lookup per triangle.

use super::entry::{edge_square, LeafEntry};
use super::skip::LeafBound;
use super::Vec3;
use crate::vecmath::sub;

/// What the cast reads of a node first: its entries' bound and span, in one cache line.
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(64))]
pub(super) struct Head {
    pub(super) bound: LeafBound,
    start: u32,
    len: u32,
}

// One cache line a head: a bigger bound would cost the walk a second read per leaf.
const _: () = assert!(std::mem::size_of::<Head>() == 64);

/// Every leaf's entries, and each node's head (an empty span for inner nodes).
#[derive(Clone, Debug, Default)]
pub(super) struct Leaves {
    pub(super) entries: Vec<LeafEntry>,
    /// Each entry's triangle on its own: all a leaf the cast passes over needs.
    pub(super) triangles: Vec<u16>,
    pub(super) heads: Vec<Head>,
}

impl Leaves {
    /// `lists[n]` is node `n`'s list as the game reads it, `leaf[n]` whether it has no children;
    /// `corners` every triangle's (NaN where unknown).
    pub(super) fn new<'a>(lists: impl Iterator<Item = (&'a [u16], bool)>, corners: &[[Vec3; 3]]) -> Leaves {
        let mut out = Leaves::default();
        let mut normals = Vec::new();
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
            let bound = LeafBound::new(out.entries.get(start as usize..).unwrap_or(&[]), &mut normals);
            out.heads.push(Head { bound, start, len });
        }
        out.triangles = out.entries.iter().map(|e| e.triangle).collect();
        out
    }

    /// Node `n`'s head (an empty one for an index out of range).
    pub(super) fn head(&self, n: u16) -> Head {
        self.heads.get(usize::from(n)).copied().unwrap_or_default()
    }

    /// The entries of a head's span.
    pub(super) fn of(&self, head: &Head) -> &[LeafEntry] {
        self.entries.get(head.range()).unwrap_or(&[])
    }

    /// The triangles of a head's span.
    pub(super) fn triangles_of(&self, head: &Head) -> &[u16] {
        self.triangles.get(head.range()).unwrap_or(&[])
    }
}

impl Head {
    fn range(&self) -> std::ops::Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }
}
