//! The line cast's reach filter and segment test on the four entries of a [`Quad`] at once: the same
//! operations in the same order as [`in_reach_from`] and [`segment_edges`], lane by lane and without early
//! exits, so the compiler can vectorise them and every lane's answer is bit for bit the scalar one.
//!
//! [`in_reach_from`]: super::ray::in_reach_from
//! [`segment_edges`]: super::ray::segment_edges

use super::leaves::{Quad, LANES};
use super::{Vec3, MIN_DET};
use std::array::from_fn as lanes;

/// One value per lane.
type Lanes = [f32; LANES];

/// Bit `k` set: lane `k` passes the reach filter from `p` with `extra`. The scalar filter stops as soon as
/// the running value is ≤ 0 or NaN; subtracting squares never brings it back above 0, so testing the final
/// value is the same.
pub(super) fn reach_mask(q: &Quad, p: Vec3, extra: f32) -> u32 {
    let mut reach: Lanes = q.edge_sq.map(|e| e + extra);
    for (k, &pk) in p.iter().enumerate() {
        for (r, &v) in reach.iter_mut().zip(&q.v0[k]) {
            let d = v - pk;
            *r -= d * d;
        }
    }
    mask(reach.map(|r| r > 0.0))
}

/// Bit `k` set: the one-sided segment test of `start → start + dir` hits lane `k`'s triangle.
pub(super) fn hit_mask(q: &Quad, start: Vec3, dir: Vec3) -> u32 {
    let [ab, ac] = [&q.ab, &q.ac];
    // p = dir × ac
    let p: [Lanes; 3] = [
        lanes(|k| dir[1] * ac[2][k] - dir[2] * ac[1][k]),
        lanes(|k| dir[2] * ac[0][k] - dir[0] * ac[2][k]),
        lanes(|k| dir[0] * ac[1][k] - dir[1] * ac[0][k]),
    ];
    let det = dot(ab, &p);
    let ao: [Lanes; 3] = [0, 1, 2].map(|c| lanes(|k| start[c] - q.v0[c][k]));
    let u = dot(&ao, &p);
    // q = ao × ab
    let qv: [Lanes; 3] = [
        lanes(|k| ao[1][k] * ab[2][k] - ao[2][k] * ab[1][k]),
        lanes(|k| ao[2][k] * ab[0][k] - ao[0][k] * ab[2][k]),
        lanes(|k| ao[0][k] * ab[1][k] - ao[1][k] * ab[0][k]),
    ];
    let w: Lanes = lanes(|k| dir[2] * qv[2][k] + (dir[0] * qv[0][k] + dir[1] * qv[1][k]));
    let t_det = dot(ac, &qv);
    mask(lanes(|k| {
        let (det, u, w) = (det[k], u[k], w[k]);
        let t = t_det[k] / det;
        (MIN_DET..f32::INFINITY).contains(&det)
            && (0.0..=det).contains(&u)
            && w >= 0.0
            && u + w <= det
            && (0.0..=1.0).contains(&t)
    }))
}

/// The game's dot product order (z first, then x and y), lane by lane.
fn dot(a: &[Lanes; 3], b: &[Lanes; 3]) -> Lanes {
    lanes(|k| a[2][k] * b[2][k] + (a[0][k] * b[0][k] + a[1][k] * b[1][k]))
}

fn mask(bits: [bool; LANES]) -> u32 {
    bits.iter().enumerate().fold(0, |m, (k, &b)| m | u32::from(b) << k)
}
