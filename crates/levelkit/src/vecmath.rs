//! The one small 3-vector module: `[T; 3]` arithmetic for `f32`, `f64` and integers, evaluated left to
//! right component by component (`dot` is `a0·b0 + a1·b1 + a2·b2`), so a caller switched to it gets the
//! same bits it computed by hand. The game's own orderings (the Heroes collision code's z-first dot
//! product) stay beside the model they belong to.

use std::ops::{Add, Div, Mul, Neg, Sub};

/// A number the vector operations work on: anything with `+ − ×` and negation (`f32`, `f64`, `i64`…).
pub trait Scalar:
    Copy + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> + Neg<Output = Self>
{
}

impl<T: Copy + Add<Output = T> + Sub<Output = T> + Mul<Output = T> + Neg<Output = T>> Scalar for T {}

/// A floating-point [`Scalar`]: lengths and unit vectors need a square root.
pub trait Float: Scalar + Div<Output = Self> + PartialOrd {
    /// The square root.
    fn sqrt(self) -> Self;
    /// Neither infinite nor NaN.
    fn is_finite(self) -> bool;
}

impl Float for f32 {
    fn sqrt(self) -> f32 {
        f32::sqrt(self)
    }
    fn is_finite(self) -> bool {
        f32::is_finite(self)
    }
}

impl Float for f64 {
    fn sqrt(self) -> f64 {
        f64::sqrt(self)
    }
    fn is_finite(self) -> bool {
        f64::is_finite(self)
    }
}

/// `a + b`.
pub fn add<T: Scalar>(a: [T; 3], b: [T; 3]) -> [T; 3] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// `a − b`.
pub fn sub<T: Scalar>(a: [T; 3], b: [T; 3]) -> [T; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// `a · s`.
pub fn scale<T: Scalar>(a: [T; 3], s: T) -> [T; 3] {
    [a[0] * s, a[1] * s, a[2] * s]
}

/// `−a`.
pub fn neg<T: Scalar>(a: [T; 3]) -> [T; 3] {
    [-a[0], -a[1], -a[2]]
}

/// `a · b`, summed x, y, z in that order.
pub fn dot<T: Scalar>(a: [T; 3], b: [T; 3]) -> T {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// `a × b` (right-handed).
pub fn cross<T: Scalar>(a: [T; 3], b: [T; 3]) -> [T; 3] {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

/// `|a|`.
pub fn length<T: Float>(a: [T; 3]) -> T {
    dot(a, a).sqrt()
}

/// `a / |a|` (each component divided by the length), or `None` when the length is not finite or not
/// above `min_length` (each caller's own idea of "too short to have a direction").
pub fn normalise<T: Float>(a: [T; 3], min_length: T) -> Option<[T; 3]> {
    let len = length(a);
    (len.is_finite() && len > min_length).then(|| [a[0] / len, a[1] / len, a[2] / len])
}

/// An `f32` vector in `f64` (exact).
pub fn widen(a: [f32; 3]) -> [f64; 3] {
    a.map(f64::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_hand_written_formulas_bit_for_bit() {
        let a = [0.1f32, -2.5, 3.75];
        let b = [1e-3f32, 7.0, -0.3];
        assert_eq!(dot(a, b).to_bits(), (a[0] * b[0] + a[1] * b[1] + a[2] * b[2]).to_bits());
        assert_eq!(cross([1, 0, 0], [0, 1, 0]), [0i64, 0, 1]);
        assert_eq!(
            sub(add(a, b), b).map(f32::to_bits),
            [a[0] + b[0] - b[0], a[1] + b[1] - b[1], a[2] + b[2] - b[2]].map(f32::to_bits)
        );
        assert_eq!(neg(scale([1.0f64, 2.0, 3.0], 2.0)), [-2.0, -4.0, -6.0]);
        assert_eq!(length([3.0f64, 4.0, 0.0]), 5.0);
        assert_eq!(widen([0.1f32, 0.0, 0.0])[0], f64::from(0.1f32));
    }

    #[test]
    fn normalise_refuses_short_and_non_finite_vectors() {
        assert_eq!(normalise([0.0f32, 3.0, 4.0], 0.0), Some([0.0, 0.6, 0.8]));
        assert_eq!(normalise([0.0f32; 3], 0.0), None);
        assert_eq!(normalise([1e-10f64, 0.0, 0.0], 1e-9), None);
        assert_eq!(normalise([f32::INFINITY, 0.0, 0.0], 0.0), None);
        assert_eq!(normalise([f32::NAN, 0.0, 0.0], 0.0), None);
    }
}
