//! The exact reference's four-way node as stored: its children's boxes quantized to a byte per bound, so
//! a node fits one cache line (64 bytes instead of 112 in two). A query's time goes mostly into fetching
//! nodes — a cast through a 65,000-triangle stage visits about seven and tests one triangle — so half the
//! memory is what counts. The build makes [`Boxes`] with `f32` bounds and [`Node::pack`]s them.
//!
//! Every decoded box contains the box it was packed from, so the box tests, which are monotone in the
//! bounds (a rounded subtraction and product), accept at least what they would have with the exact
//! boxes and the answers do not change.

use crate::heroes::query::Vec3;
use crate::num::SaturatingFrom;

/// A child reference with this bit set is a leaf: `first | count << 24` (positions in leaf order, which
/// has at most 65,535 entries); without it, the index of an inner [`Node`].
pub(super) const LEAF: u32 = 1 << 31;
/// An unused child slot: an empty leaf (its box is empty, packed inverted: a query that lets it through
/// finds nothing).
pub(super) const NO_CHILD: u32 = LEAF;

/// Children per node. Eight (a 128-byte node, one box test per AVX instruction) measured slower on the
/// query bench's casts on both the default target and `-C target-cpu=native`.
pub(super) const WIDTH: usize = 4;

/// Per axis, one box bound (minima or maxima) of each of a node's children.
pub(super) type Lanes = [[f32; WIDTH]; 3];

/// A four-way node as the build makes it: its (up to) four children's boxes, `bounds[0]` the minima and
/// `bounds[1]` the maxima, per axis, per child (an unused slot has the empty box `+∞..−∞`); and the
/// children.
#[derive(Clone, Copy, Debug)]
pub(super) struct Boxes {
    pub bounds: [Lanes; 2],
    pub child: [u32; WIDTH],
}

impl Boxes {
    pub const EMPTY: Boxes = Boxes {
        bounds: [[[f32::INFINITY; WIDTH]; 3], [[f32::NEG_INFINITY; WIDTH]; 3]],
        child: [NO_CHILD; WIDTH],
    };
}

/// A stored node: per axis an `origin` and a power-of-two `scale`, and per side (minimum, maximum), axis
/// and child the bound's `steps` of `scale` from `origin` ([`decode`]). An unused slot decodes to an
/// inverted box (255 steps to 0); a query that lets it through finds an empty leaf.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(64))]
pub(super) struct Node {
    steps: [[[u8; WIDTH]; 3]; 2],
    origin: Vec3,
    scale: Vec3,
    pub child: [u32; WIDTH],
}

/// A bound from its steps: `origin + steps·scale`, rounded in `f32` exactly so in the build and the queries.
///
/// `steps·scale` is exact (eight significant bits times a power of two, zero or at least the smallest
/// normal number), so the sum is rounded once either way and a fused multiply-add gives the very same bits:
/// it is used where the target has one, one step less on the path from a node's load to the next
/// (elsewhere `mul_add` would be a call). The one exception is a product that overflows, in a node wider
/// than `f32::MAX`: there the fused sum can be finite. [`Node::pack`] settles every step with this same
/// function, so each decoded box contains its own under either form, and the answers do not change.
#[inline(always)]
// `mul_add` is barred for the C runtime's `fma`, whose last bits may differ; compiled only where the target
// has the instruction, it is that instruction, correctly rounded everywhere.
#[allow(clippy::disallowed_methods)]
fn decode(origin: f32, scale: f32, steps: u8) -> f32 {
    if cfg!(target_feature = "fma") {
        f32::from(steps).mul_add(scale, origin)
    } else {
        origin + f32::from(steps) * scale
    }
}

impl Node {
    /// A node with no children: what [`Node::pack`] makes of [`Boxes::EMPTY`].
    pub const EMPTY: Node = Node {
        steps: [[[255; WIDTH]; 3], [[0; WIDTH]; 3]],
        origin: [0.0; 3],
        scale: [1.0; 3],
        child: [NO_CHILD; WIDTH],
    };

    /// The children's boxes, each containing the box [`Node::pack`] was given.
    #[inline(always)]
    pub fn bounds(&self) -> [Lanes; 2] {
        let mut b = [[[0f32; WIDTH]; 3]; 2];
        for (side, steps) in b.iter_mut().zip(&self.steps) {
            for k in 0..3 {
                for i in 0..WIDTH {
                    side[k][i] = decode(self.origin[k], self.scale[k], steps[k][i]);
                }
            }
        }
        b
    }

    /// One bound (0: the minima, 1: the maxima) of the four children along axis `k`, decoded.
    #[inline(always)]
    pub fn side(&self, side: usize, k: usize) -> [f32; WIDTH] {
        let (origin, scale, steps) = (self.origin[k], self.scale[k], &self.steps[side][k]);
        // Written out: `array::map` can stay a call, here on every node a query opens.
        let d = |i: usize| decode(origin, scale, steps[i]);
        [d(0), d(1), d(2), d(3)]
    }

    /// Quantizes a node's finite boxes: per axis the origin is the lowest minimum and the scale the least
    /// power of two (a normal `f32`) that spans the node in 255 steps; a minimum rounds down and a maximum
    /// up, checked by decoding as the queries do. An unused slot's empty box (`+∞..−∞`) comes out as 255
    /// steps to 0 by the same rules.
    pub fn pack(boxes: &Boxes) -> Node {
        let mut node = Node { child: boxes.child, ..Node::EMPTY };
        let [mins, maxs] = &boxes.bounds;
        for k in 0..3 {
            let lo = mins[k].iter().fold(f32::INFINITY, |a, &b| if b < a { b } else { a });
            let hi = maxs[k].iter().fold(f32::NEG_INFINITY, |a, &b| if b > a { b } else { a });
            if lo > hi {
                continue; // no used slot
            }
            let (origin, scale) = (lo, step(f64::from(hi) - f64::from(lo)));
            node.origin[k] = origin;
            node.scale[k] = scale;
            // A first guess, usually right ([`settle`] makes it so); 1/scale is exact.
            let per_step = 1.0 / scale;
            let at = |x: f32| u8::saturating_from((x - origin) * per_step);
            for i in 0..WIDTH {
                let (min, max) = (mins[k][i], maxs[k][i]);
                let (mut down, mut up) = (at(min), at(max));
                if down > 0 && decode(origin, scale, down) > min {
                    down = settle(origin, scale, down, min, Bound::Min);
                }
                if up < 255 && decode(origin, scale, up) < max {
                    up = settle(origin, scale, up, max, Bound::Max);
                }
                node.steps[0][k][i] = down;
                node.steps[1][k][i] = up;
            }
        }
        node
    }
}

/// Which side of a box a bound is on.
#[derive(Clone, Copy)]
enum Bound {
    Min,
    Max,
}

/// A guessed step moved until its bound is on the right side of `x`: down while the bound is above a
/// minimum, up while it is below a maximum, stopping at 0 or 255. Rare (the guess is usually right), and
/// kept out of line: inlined, compilers vectorize the search at a cost paid on every call.
#[cold]
#[inline(never)]
fn settle(origin: f32, scale: f32, mut steps: u8, x: f32, side: Bound) -> u8 {
    loop {
        let b = decode(origin, scale, steps);
        match side {
            Bound::Min if b > x && steps > 0 => steps -= 1,
            Bound::Max if b < x && steps < 255 => steps += 1,
            _ => return steps,
        }
    }
}

/// The least power of two, at least `f32::MIN_POSITIVE`, whose 255 steps span `extent` (finite and at most
/// twice `f32::MAX`, so the answer is at most 2¹²²): from the exponent bits, no maths library.
fn step(extent: f64) -> f32 {
    let need = extent / 255.0;
    let mut exponent: i32 = -126;
    if need > f64::from(f32::MIN_POSITIVE) {
        // need = m·2^e with 1 ≤ m < 2: 2^e suffices when m is 1, 2^(e+1) otherwise.
        let bits = need.to_bits();
        let e = i32::try_from((bits >> 52) & 0x7FF).unwrap_or(0) - 1023;
        exponent = if bits & ((1 << 52) - 1) == 0 { e } else { e + 1 };
    }
    let biased = u32::try_from(exponent.clamp(-126, 127) + 127).unwrap_or(1);
    f32::from_bits(biased << 23)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Random, tiny, huge, coincident and one-ulp boxes: every decoded box contains its own.
    #[test]
    fn every_packed_box_contains_the_box_it_was_packed_from() {
        let mut rng = Rng::new(5);
        // Up to f32::MAX: nodes wider than that overflow a product in [`decode`].
        let magnitudes = [1e-30f32, 1e-6, 1.0, 1e3, 3e4, 1e20, 1e38, f32::MAX];
        for round in 0..20_000 {
            let mut boxes = Boxes::EMPTY;
            let used = 1 + round % WIDTH;
            let m = magnitudes[round % magnitudes.len()];
            for i in 0..used {
                for k in 0..3 {
                    let a = rng.range_f32(-m, m);
                    let b = match round % 3 {
                        0 => a,
                        1 => f32::from_bits(a.to_bits() + 1),
                        _ => rng.range_f32(-m, m),
                    };
                    boxes.bounds[0][k][i] = a.min(b);
                    boxes.bounds[1][k][i] = a.max(b);
                }
                boxes.child[i] = u32::try_from(i).unwrap();
            }
            let [lo, hi] = Node::pack(&boxes).bounds();
            let [min, max] = boxes.bounds;
            for (k, i) in (0..3).flat_map(|k| (0..used).map(move |i| (k, i))) {
                assert!(lo[k][i] <= min[k][i], "round {round}: minimum {} above {}", lo[k][i], min[k][i]);
                assert!(hi[k][i] >= max[k][i], "round {round}: maximum {} below {}", hi[k][i], max[k][i]);
            }
        }
    }

    /// The claim [`decode`] rests on where it fuses: over every step count, every scale and random, tiny,
    /// huge and extreme origins, the fused and the separate forms give the same bits wherever the product
    /// is finite.
    #[test]
    fn a_fused_decode_gives_the_same_bits_as_the_separate_one() {
        let mut rng = Rng::new(11);
        let mut origins = vec![0.0, -0.0, f32::MAX, -f32::MAX, f32::MIN_POSITIVE, -f32::MIN_POSITIVE];
        for m in [1e-38f32, 1e-20, 1e-3, 1.0, 3e4, 1e20, 3e38] {
            origins.extend((0..40).map(|_| rng.range_f32(-m, m)));
        }
        for exponent in 1..=254u32 {
            let scale = f32::from_bits(exponent << 23);
            for &origin in &origins {
                for steps in 0..=255u8 {
                    if (f32::from(steps) * scale).is_infinite() {
                        continue;
                    }
                    let fused = libm::fmaf(f32::from(steps), scale, origin);
                    let separate = origin + f32::from(steps) * scale;
                    assert_eq!(
                        fused.to_bits(),
                        separate.to_bits(),
                        "{origin:e} + {steps}·2^{}: fused {fused:e}, separate {separate:e}",
                        i64::from(exponent) - 127
                    );
                }
            }
        }
    }

    #[test]
    fn the_step_is_the_least_power_of_two_that_spans_the_node() {
        assert_eq!(step(255.0), 1.0);
        assert_eq!(step(255.5), 2.0);
        assert_eq!(step(0.0), f32::MIN_POSITIVE);
        // 2·f32::MAX / 255 is just above 2¹²¹.
        let widest = 2.0 * f64::from(f32::MAX);
        assert_eq!(step(widest), f32::from_bits((122 + 127) << 23));
        assert!(255.0 * f64::from(step(widest)) >= widest);
    }
}
