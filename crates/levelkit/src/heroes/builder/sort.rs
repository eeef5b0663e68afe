//! A stable radix sort on a bit range of integer keys: linear in the number of keys whatever their values
//! (no comparison sort's log factor, no hash table a crafted mesh could fill with collisions).

use crate::num::low_u16;
use std::ops::Range;

/// Sorts `keys` by bits `bits` of each key (bit 0 the lowest; bits past 63 read as zero), keeping the order
/// of keys equal there: one counting pass per 16 bits, lowest first.
pub(super) fn sort_by_bits(mut keys: Vec<u64>, bits: Range<u32>) -> Vec<u64> {
    // Below this many keys the 2^16-entry counting table costs more than a comparison sort saves.
    const RADIX_FROM: usize = 1 << 13;
    let field = |k: u64, shift: u32, width: u32| {
        let mask = u64::MAX.checked_shr(64u32.saturating_sub(width)).filter(|_| width > 0).unwrap_or(0);
        k.checked_shr(shift).unwrap_or(0) & mask
    };
    if keys.len() < RADIX_FROM {
        let width = bits.end.saturating_sub(bits.start);
        keys.sort_by_key(|&k| field(k, bits.start, width));
        return keys;
    }
    let mut out = vec![0; keys.len()];
    let mut start = vec![0usize; 1 << 16];
    for shift in bits.clone().step_by(16) {
        let digit = |k: u64| usize::from(low_u16(field(k, shift, (bits.end - shift).min(16))));
        start.fill(0);
        for &k in &keys {
            start[digit(k)] += 1;
        }
        let mut sum = 0;
        for s in &mut start {
            (*s, sum) = (sum, sum + *s);
        }
        for &k in &keys {
            let slot = &mut start[digit(k)];
            out[*slot] = k;
            *slot += 1;
        }
        std::mem::swap(&mut keys, &mut out);
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn sorts_like_a_stable_comparison_sort_on_the_bit_range() {
        let mut rng = Rng::new(5);
        // Lengths on both sides of the radix threshold; ranges that end past bit 63 read zeros there.
        for (bits, len) in [
            (0u32..64, 1000),
            (19..51, 20_000),
            (32..64, 30_000),
            (3..40, 9000),
            (5..6, 100),
            (7..7, 10),
            (8..24, 9000),
            (50..90, 20_000),
            (60..70, 9000),
        ] {
            let keys: Vec<u64> = (0..len)
                .map(|_| {
                    // Few distinct values in the range, so equal keys (and their order) matter.
                    u64::from(rng.next_u32()) << 48
                        | rng.below(4) << 40
                        | u64::from(rng.next_u32()) << 8
                        | rng.below(256)
                })
                .collect();
            let field = |k: &u64| {
                let width = bits.end.min(64).saturating_sub(bits.start);
                if width == 0 {
                    0
                } else {
                    (k >> bits.start) & (u64::MAX >> (64 - width))
                }
            };
            let mut want = keys.clone();
            want.sort_by_key(field);
            assert_eq!(sort_by_bits(keys, bits.clone()), want, "bits {bits:?}");
        }
    }
}
