//! The line cast's answer without its counts: what the audit and every caller that only needs the hit
//! asks for, found without reading the leaves the segment provably cannot hit.
//!
//! Why it gives [`GameTree::line`]'s hit exactly: until its first hit the cast tests every triangle with
//! the same, whole segment, so a triangle's test gives the same answer in whichever leaf it comes — the
//! game's polygon marks only spare it a repeat (and keep `tested` honest). So the first leaf with a hit
//! is the first leaf where some listed triangle passes the reach filter and the test with the whole
//! segment, marks or not. Only in that leaf does the order matter (each hit shortens the segment, and a
//! triangle seen in an earlier leaf must stay untested): there the walk marks the earlier leaves' triangles
//! and does the game's work ([`GameTree::cast_in_leaf`]).

use super::ray::{in_reach_from, segment_edges};
use super::skip::Cast;
use super::{GameTree, Hit, Scratch, Vec3};

/// The line cast's answer: [`super::Walk`] without `tested`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LineAnswer {
    /// The triangle the game answers with, if any.
    pub hit: Option<Hit>,
    /// Leaves the walk went through.
    pub leaves: u32,
    /// The walk met a broken index, a child or link cycle, or ran out of steps.
    pub aborted: bool,
}

impl GameTree {
    /// The game's line cast from `start` along `dir`, as [`GameTree::line`] walks it, giving its hit,
    /// leaves and aborted flag exactly but not counting the triangles it tests.
    pub fn line_answer(&self, s: &mut Scratch, start: Vec3, dir: Vec3) -> LineAnswer {
        s.begin(self);
        let mut out = LineAnswer::default();
        let length_sq = dir[2] * dir[2] + (dir[0] * dir[0] + dir[1] * dir[1]);
        let cast = Cast::new(start, dir, length_sq);
        out.aborted = self.walk_leaves(start, dir, |n, head| {
            out.leaves += 1;
            let hits = !head.bound.misses(&cast)
                && self.leaves.of(head).iter().any(|e| {
                    e.known
                        && in_reach_from(e.edge_sq, e.v0, start, length_sq)
                        && segment_edges(start, dir, e.v0, e.ab, e.ac).is_some()
                });
            if !hits {
                s.nodes.push(n);
                return false;
            }
            // The game's work in this leaf, with the earlier leaves' triangles marked seen.
            let earlier = std::mem::take(&mut s.nodes);
            for &m in &earlier {
                for &t in self.leaves.triangles_of(&self.leaves.head(m)) {
                    s.mark_poly(t);
                }
            }
            s.nodes = earlier;
            let (mut d, mut found) = (dir, None);
            self.cast_in_leaf(s, head, start, &mut d, length_sq, &mut found);
            out.hit = found.map(|(t, p)| self.hit(t, start, p));
            true
        });
        out
    }

    /// The walk the game's line cast makes when nothing hits: every leaf the whole segment steps through
    /// (`leaves`) and whether the walk aborts, no triangle tested (`hit` is `None`). No faithful line
    /// cast does less; the benchmarks time it as the floor of [`GameTree::line_answer`].
    pub fn line_walk(&self, start: Vec3, dir: Vec3) -> LineAnswer {
        let mut out = LineAnswer::default();
        out.aborted = self.walk_leaves(start, dir, |_, _| {
            out.leaves += 1;
            false
        });
        out
    }
}
