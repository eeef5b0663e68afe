//! When the line cast may pass over a leaf's triangles without its segment test, and without its reach
//! filter: bounds on the game's `f32` arithmetic that prove, for a whole leaf, what every test would answer.
//!
//! Until its first hit the cast tests every triangle with the same, whole segment, so a leaf the segment
//! cannot hit only adds its untested triangles to `tested`. With u = 2⁻²⁴, n = ab × ac, κ = |ab||ac|/|n|
//! (how thin the triangle is) and m ≤ |d̂·n̂| (how steeply the segment meets its plane), the game's
//! test (`segment_edges`) accepts only if the segment passes within
//! `210·u·κ/m · (max(|ab|, |ac|) + |d|)` of the triangle, provided `m ≥ 93·u·κ`: the rounding of det,
//! u, w and t (each a three-term dot product of cross products, error ≤ 37·u·|x||y||z|) stays below a
//! third of det, and Cramer's rule turns the computed barycentrics into a point of the segment that
//! close to the triangle (the reach filter bounds |start − v0| by max edge + |d| for every tested
//! triangle). A leaf keeps a box of its triangles and a cone of their normals; the segment, in `f64`,
//! missing the box widened by four times that distance proves every test of the leaf a miss.
//!
//! At any angle, a segment whose two ends lie on one side of a triangle's plane is rejected by the test's
//! last step: exactly, t = ((start − v0)·n) / (−d·n), and t − 1 has the sign of (end − v0)·n. The computed
//! numerator and determinant are each within 37·u·|x||y||z| of theirs, the division adds 2·u·det, so the
//! start more than 37·u·κ·|start − v0| behind the plane gives t < 0, and the end more than
//! 40·u·κ·(|start − v0| + |d|) in front gives t > 1 (κ ≥ 1). A leaf's box and cone bound every plane's
//! distance from a point beyond the box along the cone's axis; both ends clearing four times that margin
//! on the side that rejects proves the leaf a miss. This serves the flat casts over gentle ground the
//! distance bound cannot. Only slivers, and segments that cross some plane near the leaf, are tested one
//! by one.

use super::entry::LeafEntry;
use super::Vec3;
use crate::num::round_f32;
use crate::vecmath::{add, cross, dot, length};
use std::cmp::Ordering;

/// The unit roundoff of `f32`.
const U: f64 = 1.0 / 16_777_216.0;
/// How much wider than the proven bounds the skip's are.
const SAFETY: f64 = 4.0;
/// The distance bound's factor of u·κ·(longest edge + |d|) over the steepness.
const DISTANCE: f64 = 210.0;
/// The least steepness the distance bound holds for, over u·κ.
const STEEP: f64 = 93.0;
/// The one-side rule's factor of u·κ·(|start − v0| + |d|): the rounding of the t numerator and of the
/// determinant (37 each) and the division's (2·u·det, at most 2.1·u·|d|·|n| here).
const SIDE: f64 = 40.0;
/// The largest [`SAFETY`]·SIDE·u·κ the one-side rule takes (κ up to about 10⁴): the determinant's
/// rounding then adds less than 2.5 % to it, inside the division's 2.1.
const SIDE_LIMIT: f64 = 0.1;

/// What the line cast knows of a leaf's triangles as a whole, with the bounds' leaf-only factors worked
/// out once (each rounded up, so the bounds only grow).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct LeafBound {
    /// The box of the triangles the segment test can hit (finite v0, ab, ac), v0 + α·ab + β·ac.
    lo: Vec3,
    hi: Vec3,
    /// A unit axis every such triangle's normal is within the cone of, and the cone's cosine; no cone
    /// (cosine ≤ 0) means the leaf is always tested.
    axis: Vec3,
    cos: f32,
    /// The sine of the cone's half-angle (rounded up).
    sin: f32,
    /// [`SAFETY`]·210·u·κ for the largest κ = |ab||ac|/|ab × ac| among them: the distance bound over
    /// (longest edge + |d|) / steepness. (The least steepness the bound holds for, [`SAFETY`]·93·u·κ, is
    /// 93/210 of it.)
    reach_per_length: f32,
    /// The longest ab or ac among them.
    edge: f32,
    /// Some triangle of the leaf can be hit at all.
    any: bool,
    /// Every entry is a known triangle with finite v0, edges and edge square: the reach filter's answer
    /// for all of them follows from the box.
    finite: bool,
}

impl LeafBound {
    /// The bound of a leaf's entries (`normals`: working memory, reused from leaf to leaf).
    pub(super) fn new(entries: &[LeafEntry], normals: &mut Vec<[f64; 3]>) -> LeafBound {
        let wide = |v: Vec3| v.map(f64::from);
        let (mut lo, mut hi) = ([f64::INFINITY; 3], [f64::NEG_INFINITY; 3]);
        normals.clear();
        let (mut thin, mut edge, mut finite) = (1.0f64, 0.0f64, true);
        for e in entries {
            if !e.known {
                finite = false;
                continue;
            }
            let usable = [e.v0, e.ab, e.ac].iter().flatten().all(|x| x.is_finite());
            finite &= usable && e.edge_sq.is_finite();
            if !usable {
                continue;
            }
            let (v0, ab, ac) = (wide(e.v0), wide(e.ab), wide(e.ac));
            for k in 0..3 {
                for x in [v0[k], v0[k] + ab[k], v0[k] + ac[k]] {
                    lo[k] = lo[k].min(x);
                    hi[k] = hi[k].max(x);
                }
            }
            let n = cross(ab, ac);
            let (la, lc, ln) = (length(ab), length(ac), length(n));
            // A normal this short means rounding below f32's normal range, which no relative bound
            // covers: such a triangle counts as infinitely thin (edges of 1e-10; never in a stage).
            thin = thin.max(if ln > 1e-20 { la * lc / ln } else { f64::INFINITY });
            edge = edge.max(la).max(lc);
            normals.push(n.map(|x| x / ln));
        }
        // Stored in f32, each rounded the safe way by a relative 1e-6 (f32 rounding is 6e-8).
        let grow = |x: f64| round_f32(x + x.abs() * 1e-6);
        let shrink = |x: f64| round_f32(x - x.abs() * 1e-6);
        let (axis, cos) = cone(normals);
        let cos = shrink(cos - 1e-6);
        let sin = (1.0 - f64::from(cos).powi(2)).max(0.0).sqrt();
        LeafBound {
            lo: lo.map(shrink),
            hi: hi.map(grow),
            axis: axis.map(round_f32),
            cos,
            sin: grow(sin + 1e-6),
            reach_per_length: grow(SAFETY * DISTANCE * U * f64::from(grow(thin))),
            edge: grow(edge),
            any: !normals.is_empty(),
            finite,
        }
    }

    /// Whether the segment `start → start + dir` can hit none of the leaf's triangles (`false` when
    /// that cannot be proven): it passes them by, or both its ends lie on one side of every plane.
    pub(super) fn misses(&self, cast: &Cast) -> bool {
        !self.any || self.passes_by(cast) || self.ends_on_one_side(cast)
    }

    /// Whether the segment, steep enough against every normal for the distance bound, misses the box
    /// widened by it.
    fn passes_by(&self, cast: &Cast) -> bool {
        let Some(steep) = self.steepness(cast) else { return false };
        let margin = f64::from(self.reach_per_length) / steep * (f64::from(self.edge) + cast.length)
            + 1e-5 * self.size().max(cast.reach)
            + 1e-30;
        !cast.meets_box(self.lo.map(|x| f64::from(x) - margin), self.hi.map(|x| f64::from(x) + margin))
    }

    /// Whether every triangle's test rejects the segment for its parameter t alone: the start lies
    /// behind every triangle's plane (t < 0), or the end in front of every one (t > 1), both farther
    /// than the rounding of the test's t numerator, determinant and division can carry them across.
    /// Unlike [`LeafBound::passes_by`] this holds at any angle: it serves flat casts over gentle ground.
    pub(super) fn ends_on_one_side(&self, cast: &Cast) -> bool {
        let (cos, sin) = (f64::from(self.cos), f64::from(self.sin));
        let per_length = f64::from(self.reach_per_length) * (SIDE / DISTANCE);
        // Outside the relative bounds' range: no cone, or a triangle so thin that the determinant's
        // error is no longer small against itself.
        if !positive(cos) || !cast.moves || !below(per_length, SIDE_LIMIT) {
            return false;
        }
        let axis = self.axis.map(f64::from);
        let (lo, hi) = (self.lo.map(f64::from), self.hi.map(f64::from));
        let (mut low, mut high) = (0.0, 0.0);
        for k in 0..3 {
            let (a, b) = (axis[k] * lo[k], axis[k] * hi[k]);
            low += a.min(b);
            high += a.max(b);
        }
        // How far the start lies below the box along the axis, and the end above it.
        let (behind, ahead) = (low - dot(cast.start, axis), dot(cast.end, axis) - high);
        // Coordinates whose products in the test could overflow are outside the bounds' range too.
        if !(positive(behind) || positive(ahead)) || !below(self.size().max(cast.reach), 1e9) {
            return false;
        }
        // Such a point is at least cos·h − sin·R from every plane, R its farthest distance from the box
        // (each normal within the cone's angle of the axis).
        let farthest = |p: [f64; 3]| {
            (0..3).map(|k| (lo[k] - p[k]).abs().max((hi[k] - p[k]).abs()).powi(2)).sum::<f64>().sqrt()
        };
        let from_start = farthest(cast.start);
        let slack = 1e-6 * (from_start + cast.length) + 1e-23 * (1.0 + f64::from(self.edge));
        (behind > 0.0 && cos * behind - sin * from_start > per_length * from_start + slack)
            || (ahead > 0.0
                && cos * ahead - sin * farthest(cast.end) > per_length * (from_start + cast.length) + slack)
    }

    /// The largest |coordinate| of the box.
    fn size(&self) -> f64 {
        f64::from((0..3).map(|k| self.lo[k].abs().max(self.hi[k].abs())).fold(0.0f32, f32::max))
    }

    /// A lower bound on |d̂·n̂| over the leaf's triangles, when it is steep enough for the bound on the
    /// test's rounding (m ≥ 93·u·κ, with [`SAFETY`]).
    pub(super) fn steepness(&self, cast: &Cast) -> Option<f64> {
        let cos = f64::from(self.cos);
        if !positive(cos) || !cast.moves {
            return None;
        }
        // The segment is within θ of the axis (or its opposite), each normal within β of it: the angle
        // between them is at most θ + β, and cos(θ + β) = cos θ cos β − sin θ sin β.
        let sin = f64::from(self.sin);
        let c = dot(cast.unit, self.axis.map(f64::from)).abs().min(1.0);
        let steep = c * cos - (1.0 - c * c).max(0.0).sqrt() * sin - 1e-6;
        (steep >= f64::from(self.reach_per_length) * (STEEP / DISTANCE)).then_some(steep)
    }

    /// Whether every entry passes the reach filter `edge² + |dir|² > |v0 − start|²`: the box's farthest
    /// corner is within reach, with room for the filter's rounding (relative 4u at most).
    pub(super) fn all_in_reach(&self, cast: &Cast) -> bool {
        if !self.finite {
            return false;
        }
        let far: f64 = (0..3)
            .map(|k| {
                let d = (f64::from(self.lo[k]) - cast.start[k])
                    .abs()
                    .max((f64::from(self.hi[k]) - cast.start[k]).abs());
                d * d
            })
            .sum();
        cast.length_sq > far * 1.0001
    }
}

/// A line cast's segment in `f64`, for the leaves' bounds.
pub(super) struct Cast {
    start: [f64; 3],
    dir: [f64; 3],
    end: [f64; 3],
    unit: [f64; 3],
    length: f64,
    /// The segment has a positive length (else no leaf is ever passed over).
    moves: bool,
    /// The game's |dir|², as it computes it in `f32`.
    length_sq: f64,
    /// 1 / dir, per axis.
    inverse: [f64; 3],
    /// The largest |coordinate| of start and start + dir, for the slack of the box test.
    reach: f64,
}

impl Cast {
    pub(super) fn new(start: Vec3, dir: Vec3, length_sq: f32) -> Cast {
        let (start, dir) = (start.map(f64::from), dir.map(f64::from));
        let (end, length) = (add(start, dir), length(dir));
        Cast {
            start,
            dir,
            end,
            unit: if length > 0.0 { dir.map(|x| x / length) } else { [0.0; 3] },
            length,
            moves: positive(length),
            length_sq: f64::from(length_sq),
            inverse: dir.map(|x| 1.0 / x),
            reach: (0..3).map(|k| start[k].abs().max(end[k].abs())).fold(0.0, f64::max),
        }
    }

    /// Whether the segment meets the box (the slab test on s ∈ [0, 1]; its rounding, relative 1e-16, is
    /// far inside the box's slack); NaN counts as meeting.
    fn meets_box(&self, lo: [f64; 3], hi: [f64; 3]) -> bool {
        let (mut enter, mut leave) = (0.0f64, 1.0f64);
        for k in 0..3 {
            let (s, d) = (self.start[k], self.dir[k]);
            if d == 0.0 {
                if s < lo[k] || s > hi[k] {
                    return false;
                }
                continue;
            }
            let (a, b) = ((lo[k] - s) * self.inverse[k], (hi[k] - s) * self.inverse[k]);
            let (a, b) = if a < b { (a, b) } else { (b, a) };
            if a > enter {
                enter = a;
            }
            if b < leave {
                leave = b;
            }
        }
        enter.partial_cmp(&leave) != Some(Ordering::Greater)
    }
}

/// A cone around the normals' mean direction: its axis and the smallest cosine to a normal (≤ 0 when the
/// normals do not fit in a half-space around the mean).
fn cone(normals: &[[f64; 3]]) -> ([f64; 3], f64) {
    let sum = normals.iter().fold([0.0; 3], |s, n| [s[0] + n[0], s[1] + n[1], s[2] + n[2]]);
    let l = length(sum);
    if !positive(l) {
        return ([0.0; 3], -1.0);
    }
    let axis = sum.map(|x| x / l);
    (axis, normals.iter().map(|n| dot(*n, axis)).fold(1.0, f64::min))
}

/// x > 0, false for NaN.
fn positive(x: f64) -> bool {
    x > 0.0
}

/// x < limit, false for NaN.
fn below(x: f64, limit: f64) -> bool {
    x < limit
}
