//! How the GPU interpolates gouraud colours and texture coordinates across a triangle: one gradient
//! per attribute and screen axis, computed once per triangle with 12 fraction bits (the quotient
//! truncated toward zero), kept in 8.24 fixed point that wraps at 32 bits, and evaluated from the
//! triangle's leftmost vertex with half a unit added, so that a value is rounded to nearest at that
//! vertex and truncated elsewhere. This is the model the console captures agree with (tests/ps1_hw:
//! the gouraud triangles and the u 0→1 ramps of `gpu/uv-interpolation`, where the texel changes at
//! the middle of the span); psx-spx leaves the GPU's precision undocumented, the arithmetic follows
//! Mednafen's description of it.

/// The attributes interpolated: R, G, B, U, V.
pub const ATTRIBUTES: usize = 5;

/// Fraction bits of a gradient's quotient.
const QUOTIENT_BITS: u32 = 12;
/// Total fraction bits of an interpolated value: the integer part is its top 8 bits.
const FRACTION_BITS: u32 = 24;

/// One triangle's interpolation: the value at the core vertex and the per-pixel steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gradients {
    /// The core vertex (the leftmost, ties settled as the GPU's vertex sort does).
    core: [i32; 2],
    at_core: [u32; ATTRIBUTES],
    /// Step per pixel to the right.
    pub dx: [u32; ATTRIBUTES],
    /// Step per row down.
    pub dy: [u32; ATTRIBUTES],
}

/// `(B − A) × (C − B)` cross term the gradients share, of two per-vertex quantities.
#[inline]
fn cross(a: [i64; 3], b: [i64; 3]) -> i64 {
    (a[1] - a[0]) * (b[2] - b[1]) - (a[2] - a[1]) * (b[1] - b[0])
}

impl Gradients {
    /// The gradients of a triangle, `None` for one with no area. `attributes[i]` are vertex `i`'s
    /// R, G, B, U, V (0..=255).
    pub fn new(p: [[i32; 2]; 3], attributes: [[u8; ATTRIBUTES]; 3]) -> Option<Gradients> {
        // The GPU sorts its three vertices by y (three compare-and-swaps) before anything else.
        let mut order = [0usize, 1, 2];
        let y = |i: usize| p[i][1];
        if y(order[2]) < y(order[1]) {
            order.swap(1, 2);
        }
        if y(order[1]) < y(order[0]) {
            order.swap(0, 1);
        }
        if y(order[2]) < y(order[1]) {
            order.swap(1, 2);
        }
        let xs = order.map(|i| i64::from(p[i][0]));
        let ys = order.map(|i| i64::from(p[i][1]));
        let denominator = cross(xs, ys);
        if denominator == 0 {
            return None;
        }
        // The core vertex: the leftmost; on a tie the later one in y order, except that the first
        // and third tie in favour of the first.
        let core = if xs[1] <= xs[0] {
            if xs[2] <= xs[1] {
                2
            } else {
                1
            }
        } else if xs[2] < xs[0] {
            2
        } else {
            0
        };
        let column = |k: usize| order.map(|i| i64::from(attributes[i][k]));
        let divider = Divider::new(denominator);
        let core_values = attributes[order[core]];
        let mut g = Gradients {
            core: p[order[core]],
            at_core: [0; ATTRIBUTES],
            dx: [0; ATTRIBUTES],
            dy: [0; ATTRIBUTES],
        };
        for (k, &c) in core_values.iter().enumerate() {
            let c = u32::from(c);
            g.at_core[k] =
                ((c << QUOTIENT_BITS) + (1 << (QUOTIENT_BITS - 1))) << (FRACTION_BITS - QUOTIENT_BITS);
            // The quotient's 12 fraction bits widened to 24.
            g.dx[k] = (divider.quotient(cross(column(k), ys) << QUOTIENT_BITS) as u32) << 12;
            g.dy[k] = (divider.quotient(cross(xs, column(k)) << QUOTIENT_BITS) as u32) << 12;
        }
        Some(g)
    }

    /// The attributes' fixed-point values at pixel (x, y).
    #[inline]
    pub fn at(&self, x: i32, y: i32) -> [u32; ATTRIBUTES] {
        let (dx, dy) = ((x - self.core[0]) as u32, (y - self.core[1]) as u32);
        let mut v = self.at_core;
        for ((v, sx), sy) in v.iter_mut().zip(self.dx).zip(self.dy) {
            *v = v.wrapping_add(sx.wrapping_mul(dx)).wrapping_add(sy.wrapping_mul(dy));
        }
        v
    }
}

/// Division by one triangle's denominator, truncated toward zero, low 32 bits: the GPU's gradient
/// quotient. Ten of these per triangle were the rasteriser's largest setup cost as 64-bit integer
/// divisions; here one double reciprocal gives each quotient to within one, and an exact integer
/// check settles it (for numerators below 2^52; larger ones, which no triangle of 11-bit coordinates
/// has, take the integer division).
#[derive(Clone, Copy, Debug)]
struct Divider {
    denominator: i64,
    reciprocal: f64,
}

impl Divider {
    fn new(denominator: i64) -> Divider {
        Divider { denominator, reciprocal: 1.0 / denominator.unsigned_abs() as f64 }
    }

    #[inline]
    fn quotient(&self, numerator: i64) -> i32 {
        let (n, d) = (numerator.unsigned_abs(), self.denominator.unsigned_abs());
        if n >= 1 << 52 {
            return (numerator / self.denominator) as i32;
        }
        // n·(1/d) is within one of n / d below 2^52: correct the estimate to floor(n / d).
        let mut q = (n as f64 * self.reciprocal) as u64;
        if q * d > n {
            q -= 1;
        } else if (q + 1) * d <= n {
            q += 1;
        }
        let q = q as i64; // below 2^52
        (if (numerator < 0) != (self.denominator < 0) { -q } else { q }) as i32
    }
}

/// The integer part of an interpolated value (it wraps, as the GPU's 8-bit field does).
#[inline(always)]
pub fn integer(value: u32) -> u8 {
    (value >> FRACTION_BITS) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    fn red(r: [u8; 3]) -> [[u8; ATTRIBUTES]; 3] {
        r.map(|r| [r, 0, 0, 0, 0])
    }

    #[test]
    fn a_vertex_value_is_exact_and_the_plane_is_truncated_after_half_a_unit() {
        // red 0 → 255 across 255 pixels: dr/dx = 255·4096/255 = 4096 → exactly 1.0 a pixel
        let g = Gradients::new([[0, 0], [255, 0], [0, 10]], red([0, 255, 0])).unwrap();
        assert_eq!(g.dx[0], 1 << 24);
        assert_eq!(integer(g.at(0, 0)[0]), 0);
        assert_eq!(integer(g.at(100, 0)[0]), 100);
        // 0 → 10 across 16 pixels: 10·4096/16 = 2560 a pixel (0.625); with the half unit the value at
        // x is floor(0.5 + 0.625·x): x = 1 → 1 (1.125), x = 4 → 3 (3.0), x = 12 → 8 (8.0)
        let g = Gradients::new([[0, 0], [16, 0], [0, 16]], red([0, 10, 0])).unwrap();
        assert_eq!(g.dx[0], 2560 << 12);
        let at = |x| integer(g.at(x, 0)[0]);
        assert_eq!([at(0), at(1), at(2), at(3), at(4), at(12)], [0, 1, 1, 2, 3, 8]);
    }

    #[test]
    fn the_quotient_is_truncated_toward_zero_to_12_bits() {
        // 1 over 3 pixels: 4096/3 = 1365.33 → 1365; −1 over 3: −1365 (not −1366)
        let up = Gradients::new([[0, 0], [3, 0], [0, 3]], red([0, 1, 0])).unwrap();
        assert_eq!(up.dx[0], 1365 << 12);
        let down = Gradients::new([[0, 0], [3, 0], [0, 3]], red([1, 0, 1])).unwrap();
        assert_eq!(down.dx[0], (-1365i32 as u32) << 12);
        // three pixels right of the vertex: 1 − 3·1365/4096 + 0.5 = 0.50024… → 0 for the falling ramp,
        // 0.5 + 3·1365/4096 = 1.4998 → 1 for the rising one (one step short of 1.5 by the truncation)
        assert_eq!(integer(down.at(3, 0)[0]), 0);
        assert_eq!(integer(up.at(3, 0)[0]), 1);
    }

    #[test]
    fn u_from_0_to_1_changes_texel_at_the_middle() {
        // the uv-interpolation capture: a quad w pixels wide, u 0 at the left and 1 at the right
        for w in [2i32, 7, 64, 255] {
            let attrs = [[0, 0, 0, 0, 0], [0, 0, 0, 1, 0], [0, 0, 0, 0, 0]];
            let g = Gradients::new([[0, 0], [w, 0], [0, 1]], attrs).unwrap();
            let first_one = (0..w).find(|&x| integer(g.at(x, 0)[3]) == 1).unwrap();
            assert!((first_one - w / 2).abs() <= 1, "w {w}: u reaches 1 at {first_one}");
        }
    }

    #[test]
    fn the_reciprocal_division_truncates_as_the_integer_one() {
        let integer = |n: i64, d: i64| ((n << QUOTIENT_BITS) / d) as i32;
        let quotient = |n: i64, d: i64| Divider::new(d).quotient(n << QUOTIENT_BITS);
        let mut rng = crate::rng::Rng::new(17);
        // numerators one below, at and one above multiples of the denominator (the quotients nearest
        // an integer), denominators of every size a triangle has, every sign
        for _ in 0..200_000 {
            let d = (rng.below(1 << 22) as i64).max(1) * if rng.chance(0.5) { 1 } else { -1 };
            let k = rng.below(1 << 9) as i64 - 256;
            for n in [k * d - 1, k * d, k * d + 1, rng.below(1 << 21) as i64 - (1 << 20)] {
                if n.abs() < 1 << 40 {
                    assert_eq!(quotient(n, d), integer(n, d), "{n} / {d}");
                }
            }
        }
        for (n, d) in
            [(255 * 2046, 1), (-255 * 2046, 1), (1, 3), (-1, 3), (1 << 30, (1 << 22) + 1), (1 << 45, 7)]
        {
            assert_eq!(quotient(n, d), integer(n, d), "{n} / {d}");
        }
    }

    #[test]
    fn the_core_is_the_leftmost_vertex() {
        // colour 200 at the leftmost vertex is met exactly; the others are reached through the
        // truncated slopes
        let g = Gradients::new([[10, 0], [0, 5], [20, 9]], red([0, 200, 50])).unwrap();
        assert_eq!(integer(g.at(0, 5)[0]), 200);
        assert_eq!(g.core, [0, 5]);
        assert!(Gradients::new([[0, 0], [5, 5], [10, 10]], red([1, 2, 3])).is_none());
    }
}
