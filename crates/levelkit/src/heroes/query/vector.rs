//! Vector arithmetic in the game's order of operations. Where that order is vecmath's (`sub`, `add`,
//! `cross`, component by component), vecmath's functions are used; the dot product differs.

use super::Vec3;
use crate::num::round_f32;

/// The game's dot product order: z first, then x and y.
pub(in crate::heroes) fn dot(a: Vec3, b: Vec3) -> f32 {
    a[2] * b[2] + (a[0] * b[0] + a[1] * b[1])
}

pub(super) fn normalize(a: Vec3) -> Vec3 {
    let len = dot(a, a).sqrt();
    if len > 0.0 {
        [a[0] / len, a[1] / len, a[2] / len]
    } else {
        [0.0; 3]
    }
}

/// Distance between two points, in f64.
pub fn distance(a: Vec3, b: Vec3) -> f32 {
    let d = |k: usize| f64::from(a[k]) - f64::from(b[k]);
    round_f32((d(0) * d(0) + d(1) * d(1) + d(2) * d(2)).sqrt())
}
