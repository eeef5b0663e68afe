//! One entry of a leaf's list as the line cast reads it: the triangle's first corner and edges side by
//! side, and the reach filter's edge square. [`super::leaves`] lays them out, [`super::skip`] bounds them.

use super::Vec3;

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

/// The reach filter's longer edge from v0, squared: max(|v1−v0|², |v0−v2|²), summed x, y, z.
pub(super) fn edge_square(v: &[Vec3; 3]) -> f32 {
    let sq = |x: f32| x * x;
    let mut reach = sq(v[1][0] - v[0][0]);
    let mut other = sq(v[0][0] - v[2][0]);
    reach += sq(v[1][1] - v[0][1]);
    other += sq(v[0][1] - v[2][1]);
    reach += sq(v[1][2] - v[0][2]);
    other += sq(v[0][2] - v[2][2]);
    if reach < other {
        reach = other;
    }
    reach
}
