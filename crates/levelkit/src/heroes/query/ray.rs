//! The ray-like walks — the vertical probe and the line cast — and the game's segment/triangle tests and
//! reach filter they use.

use super::entry::edge_square;
use super::leaves::Head;
use super::skip::Cast;
use super::vector::dot;
use super::{GameTree, Next, Scratch, Vec3, Walk, MIN_DET};
use crate::vecmath::{cross, sub};

impl GameTree {
    /// The game's vertical probe from `start` along Y by `distance` (negative = down). The game walks leaf
    /// to leaf like the line cast, but a vertical segment never leaves its first leaf. Before the exact
    /// test it skips a triangle whose three corners all lie beyond the segment's end.
    pub fn axis_y(&self, s: &mut Scratch, start: Vec3, distance: f32) -> Walk {
        s.begin(self);
        let mut walk = Walk::default();
        let Some(mut n) = self.leaf_of(start[0], start[2]) else {
            walk.aborted = self.usable;
            return walk;
        };
        let mut dy = distance;
        let mut found: Option<(u16, f32)> = None;
        for _ in 0..=self.nodes.len() {
            let end = [start[0], start[1] + dy, start[2]];
            let next = self.next_neighbor(n, start, end);
            walk.leaves += 1;
            for &t in self.list(n) {
                if s.poly_seen(t) {
                    continue;
                }
                if let Some(v) = self.corners.get(usize::from(t)) {
                    let beyond = v.iter().all(|p| {
                        let delta = p[1] - start[1];
                        (distance < 0.0 && delta < distance) || (distance > 0.0 && delta > distance)
                    });
                    if !beyond {
                        walk.tested += 1;
                        if let Some(u) = segment_y_triangle(start, dy, v) {
                            let y = start[1] + dy * u;
                            dy = y - start[1];
                            found = Some((t, y));
                        }
                    }
                }
                s.mark_poly(t);
            }
            if found.is_some() {
                break;
            }
            match next {
                Next::Leaf(m) => n = m,
                Next::End => break,
                Next::Broken => {
                    walk.aborted = true;
                    break;
                }
            }
        }
        walk.hit = found.map(|(t, y)| self.hit(t, start, [start[0], y, start[2]]));
        walk
    }

    /// The game's line cast from `start` along `dir` (the segment `start → start + dir`). It walks from the
    /// start's leaf through neighbour links; in each leaf it tests the listed triangles not yet tested,
    /// each only if the cheap reach filter `max(|v1−v0|², |v0−v2|²) + |dir|² > |v0−start|²` lets it
    /// through; each hit shortens the segment; the first leaf with any hit ends the walk.
    pub fn line(&self, s: &mut Scratch, start: Vec3, dir: Vec3) -> Walk {
        s.begin(self);
        let mut walk = Walk::default();
        let mut d = dir;
        let length_sq = dir[2] * dir[2] + (dir[0] * dir[0] + dir[1] * dir[1]);
        let cast = Cast::new(start, dir, length_sq);
        let mut found: Option<(u16, Vec3)> = None;
        walk.aborted = self.walk_leaves(start, dir, |_, head| {
            walk.leaves += 1;
            if head.bound.misses(&cast) {
                // No test can hit: only the count of tests and the marks change.
                if head.bound.all_in_reach(&cast) {
                    for &t in self.leaves.triangles_of(head) {
                        walk.tested += u32::from(!s.poly_seen(t));
                        s.mark_poly(t);
                    }
                } else {
                    for e in self.leaves.of(head) {
                        let t = e.triangle;
                        let fresh = !s.poly_seen(t);
                        walk.tested +=
                            u32::from(fresh && e.known && in_reach_from(e.edge_sq, e.v0, start, length_sq));
                        s.mark_poly(t);
                    }
                }
            } else {
                walk.tested += self.cast_in_leaf(s, head, start, &mut d, length_sq, &mut found);
            }
            found.is_some()
        });
        walk.hit = found.map(|(t, p)| self.hit(t, start, p));
        walk
    }

    /// The leaves a line cast from `start` along `dir` goes through, as the game steps: from the start's
    /// leaf, `GetNextNeighborNode` after each. `visit(leaf, head)` sees each in turn and ends the walk by
    /// returning true (a hit; the segment is unchanged until then, so the steps are the whole segment's).
    /// Returns whether the walk aborted: no start leaf in a usable tree, a broken index, or more steps than
    /// nodes (a link cycle; a real walk visits each leaf once).
    pub(super) fn walk_leaves(
        &self,
        start: Vec3,
        dir: Vec3,
        mut visit: impl FnMut(u16, &Head) -> bool,
    ) -> bool {
        let Some(mut n) = self.leaf_of(start[0], start[2]) else { return self.usable };
        let end = [start[0] + dir[0], start[1] + dir[1], start[2] + dir[2]];
        let mut head = self.leaves.head(n);
        let mut steps = 0usize;
        loop {
            let next = self.next_neighbor(n, start, end);
            // Read early: the next leaf's head is a cache miss this leaf's work can hide.
            let next_head = match next {
                Next::Leaf(m) => self.leaves.head(m),
                Next::End | Next::Broken => Head::default(),
            };
            if visit(n, &head) {
                return false;
            }
            steps += 1;
            match next {
                Next::Leaf(m) if steps <= self.nodes.len() => (n, head) = (m, next_head),
                Next::End => return false,
                Next::Leaf(_) | Next::Broken => return true,
            }
        }
    }
}

impl GameTree {
    /// The line cast's work in one leaf, as the game does it: each listed triangle not yet seen and let
    /// through by the reach filter is tested with the segment `start → start + d`; a hit shortens `d`
    /// and becomes `found`. Every listed triangle is marked seen. Returns how many were tested.
    pub(super) fn cast_in_leaf(
        &self,
        s: &mut Scratch,
        head: &Head,
        start: Vec3,
        d: &mut Vec3,
        length_sq: f32,
        found: &mut Option<(u16, Vec3)>,
    ) -> u32 {
        let mut tested = 0;
        for e in self.leaves.of(head) {
            let t = e.triangle;
            if s.poly_seen(t) {
                continue;
            }
            if e.known && in_reach_from(e.edge_sq, e.v0, start, length_sq) {
                tested += 1;
                if let Some(u) = segment_edges(start, *d, e.v0, e.ab, e.ac) {
                    let p = [start[0] + d[0] * u, start[1] + d[1] * u, start[2] + d[2] * u];
                    *d = [p[0] - start[0], p[1] - start[1], p[2] - start[2]];
                    *found = Some((t, p));
                }
            }
            s.mark_poly(t);
        }
        tested
    }
}

/// The game's reach filter before a triangle test: the triangle's longer edge from v0, squared, plus
/// `extra` (|dir|² for line casts, r² for spheres, r² + |dir|² for moving spheres) must exceed
/// |v0 − p|². Cheap, and lossy near the end of the reach.
pub fn in_reach(v: &[Vec3; 3], p: Vec3, extra: f32) -> bool {
    in_reach_from(edge_square(v), v[0], p, extra)
}

/// [`in_reach`] from the edge square ([`edge_square`]) and v0.
#[inline]
pub(super) fn in_reach_from(edge_sq: f32, v0: Vec3, p: Vec3, extra: f32) -> bool {
    let sq = |x: f32| x * x;
    let mut reach = edge_sq + extra;
    reach -= sq(v0[0] - p[0]);
    if reach.is_nan() || reach <= 0.0 {
        return false;
    }
    reach -= sq(v0[1] - p[1]);
    if reach.is_nan() || reach <= 0.0 {
        return false;
    }
    reach -= sq(v0[2] - p[2]);
    reach > 0.0
}

/// One-sided segment/triangle test, the game's formulation: with ab = v1−v0, ac = v2−v0, p = dir × ac,
/// det = ab·p must be at least [`MIN_DET`] (the segment runs against the normal (v1−v0)×(v2−v0): it
/// comes from the solid side's front; this also drops degenerate triangles); the barycentric
/// coordinates u = (start−v0)·p and v = dir·((start−v0)×ab) must satisfy 0 ≤ u, 0 ≤ v, u + v ≤ det
/// (edges included); the segment parameter t = ac·((start−v0)×ab) / det must lie in [0, 1]. Returns t.
/// Non-finite values miss (the game would carry NaN on).
pub fn segment_triangle(start: Vec3, dir: Vec3, v: &[Vec3; 3]) -> Option<f32> {
    segment_edges(start, dir, v[0], sub(v[1], v[0]), sub(v[2], v[0]))
}

/// [`segment_triangle`] with the edges ab = v1−v0 and ac = v2−v0 already computed (the game-faithful
/// walks keep them in each leaf entry, [`super::entry::LeafEntry`]).
#[inline]
pub(in crate::heroes) fn segment_edges(start: Vec3, dir: Vec3, v0: Vec3, ab: Vec3, ac: Vec3) -> Option<f32> {
    let p = cross(dir, ac);
    let det = dot(ab, p);
    if !det.is_finite() || det < MIN_DET {
        return None;
    }
    let ao = sub(start, v0);
    let u = dot(ao, p);
    if u.is_nan() || u < 0.0 || u > det {
        return None;
    }
    let q = cross(ao, ab);
    let w = dot(dir, q);
    if w.is_nan() || w < 0.0 || u + w > det {
        return None;
    }
    let t = dot(ac, q) / det;
    (0.0..=1.0).contains(&t).then_some(t)
}

/// [`segment_triangle`] for a vertical segment (dir = (0, dy, 0)), the game's cheaper form of the same
/// test (`clIntersectTriangleY`): p = (dy·ac.z, 0, −dy·ac.x).
#[inline]
pub fn segment_y_triangle(start: Vec3, dy: f32, v: &[Vec3; 3]) -> Option<f32> {
    let (v0, ab, ac) = (v[0], sub(v[1], v[0]), sub(v[2], v[0]));
    let px = dy * ac[2];
    let pz = -dy * ac[0];
    let det = ab[0] * px + ab[2] * pz;
    if !det.is_finite() || det < MIN_DET {
        return None;
    }
    let ao = sub(start, v0);
    let u = ao[0] * px + ao[2] * pz;
    if u.is_nan() || u < 0.0 || u > det {
        return None;
    }
    let q = cross(ao, ab);
    let w = dy * q[1];
    if w.is_nan() || w < 0.0 || u + w > det {
        return None;
    }
    let t = dot(ac, q) / det;
    (0.0..=1.0).contains(&t).then_some(t)
}
