//! The audit's probes in space-filling order. Random probes read the stage's nodes and triangles in random
//! order, and a 65,000-triangle stage does not fit in cache; run in the Z-order of their start points,
//! probes that start near each other run one after another on the same thread and find what they read
//! still cached. Results come back in index order, so the order never shows in a report.

use crate::num::SaturatingFrom;
use crate::par::prelude::*;

/// Runs `probe(state, i)` for every `i` of `indices` on the thread pool (each worker's `state` from
/// `init`), in the Z-order of the probes' start points `position(i)` (x, z) over the box `lo..hi`, and
/// returns the results in the order of `indices`.
pub(in crate::heroes) fn in_space_order<S, T: Send>(
    indices: Vec<usize>,
    (lo, hi): ([f32; 2], [f32; 2]),
    position: impl Fn(usize) -> [f32; 2] + Sync + Send,
    init: impl Fn() -> S + Sync + Send,
    probe: impl Fn(&mut S, usize) -> T + Sync + Send,
) -> Vec<T> {
    let n = indices.len();
    // Positions in `indices`, in space order.
    let order = space_order(n, (lo, hi), |k| position(indices[k]));
    let probe = |s: &mut S, k: usize| probe(s, indices[k]);
    // A few probes run on this thread: waking the pool for them costs more than they do.
    let mut results: Vec<(usize, T)> = if n >= MIN_PARALLEL_PROBES {
        order.into_par_iter().map_init(init, |s, i| (i, probe(s, i))).collect()
    } else {
        let mut state = init();
        order.into_iter().map(|i| (i, probe(&mut state, i))).collect()
    };
    results.sort_unstable_by_key(|&(i, _)| i);
    results.into_iter().map(|(_, r)| r).collect()
}

/// Fewer probes than this run on the calling thread.
const MIN_PARALLEL_PROBES: usize = 256;

/// The indices `0..n` in the Z-order of their points `position(i)` (x, z) over the box `lo..hi`: the order
/// the audit runs its probes in (the `query` bench times the audit's queries in it too).
pub fn space_order(
    n: usize,
    (lo, hi): ([f32; 2], [f32; 2]),
    position: impl Fn(usize) -> [f32; 2] + Sync + Send,
) -> Vec<usize> {
    let key = |i| (z_order(position(i), lo, hi), i);
    let mut order: Vec<(u32, usize)> = if n >= MIN_PARALLEL_PROBES {
        (0..n).into_par_iter().map(key).collect()
    } else {
        (0..n).map(key).collect()
    };
    // Ties (and equal keys) keep index order, so the run is the same every time.
    order.sort_unstable();
    order.into_iter().map(|(_, i)| i).collect()
}

/// The Z-order (Morton) key of a point: x and z as 16-bit fractions of the box, bits interleaved.
fn z_order(p: [f32; 2], lo: [f32; 2], hi: [f32; 2]) -> u32 {
    let cell = |k: usize| {
        let span = hi[k] - lo[k];
        let f = if span > 0.0 { (p[k] - lo[k]) / span } else { 0.0 };
        spread(u16::saturating_from(f * f32::from(u16::MAX)))
    };
    cell(0) | cell(1) << 1
}

/// The bits of `v` at the even positions of a u32.
fn spread(v: u16) -> u32 {
    let mut x = u32::from(v);
    x = (x | x << 8) & 0x00FF_00FF;
    x = (x | x << 4) & 0x0F0F_0F0F;
    x = (x | x << 2) & 0x3333_3333;
    (x | x << 1) & 0x5555_5555
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_interleaves_bits() {
        assert_eq!(spread(0b1011), 0b100_0101);
        assert_eq!(spread(u16::MAX), 0x5555_5555);
    }

    #[test]
    fn z_order_puts_near_points_together_and_clamps_outside_ones() {
        let (lo, hi) = ([0.0, 0.0], [100.0, 100.0]);
        assert_eq!(z_order([0.0, 0.0], lo, hi), 0);
        assert_eq!(z_order([-5.0, 250.0], lo, hi), z_order([0.0, 100.0], lo, hi));
        assert!(z_order([10.0, 10.0], lo, hi) < z_order([60.0, 60.0], lo, hi));
        assert_eq!(z_order([f32::NAN, 3.0], lo, lo), 0);
    }

    #[test]
    fn results_come_back_in_the_order_of_the_indices_whatever_the_positions() {
        // A part's indices (every third left out) given backwards.
        let indices: Vec<usize> = (0..1000).filter(|i| i % 3 != 0).rev().collect();
        let out = in_space_order(
            indices.clone(),
            ([0.0, 0.0], [1.0, 1.0]),
            |i| [((i * 7919) % 1000) as f32 / 1000.0, ((i * 104_729) % 997) as f32 / 997.0],
            || 0usize,
            |calls, i| {
                *calls += 1;
                i * 3
            },
        );
        assert_eq!(out, indices.iter().map(|i| i * 3).collect::<Vec<_>>());
    }
}
