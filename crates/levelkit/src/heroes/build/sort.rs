//! A stable radix sort on a bit range of integer keys: linear in the number of keys whatever their values
//! (no comparison sort's log factor, no hash table a crafted mesh could fill with collisions).

use crate::num::low_u16;
use std::ops::Range;

/// An unsigned integer key for [`sort_by_bits`].
pub(super) trait Key: Copy + Default + Into<u128> {
    /// Bits `shift..shift + 16` of the key (zero above its top), read without a 128-bit shift: the radix
    /// passes read one digit per key per pass.
    fn digit(self, shift: u32) -> u16;
}

impl Key for u64 {
    fn digit(self, shift: u32) -> u16 {
        low_u16(self.checked_shr(shift).unwrap_or(0))
    }
}

impl Key for u128 {
    fn digit(self, shift: u32) -> u16 {
        let bytes = self.to_le_bytes();
        let half = |at: usize| u64::from_le_bytes(std::array::from_fn(|i| bytes[at + i]));
        let (lo, hi) = (half(0), half(8));
        match shift {
            0..=48 => low_u16(lo >> shift),
            49..=63 => low_u16(lo >> shift | hi << (64 - shift)),
            _ => low_u16(hi.checked_shr(shift - 64).unwrap_or(0)),
        }
    }
}

/// Sorts `keys` by bits `bits` of each key (bit 0 the lowest), keeping the order of keys equal there:
/// one counting pass per 16 bits, lowest first.
pub(super) fn sort_by_bits<T: Key>(mut keys: Vec<T>, bits: Range<u32>) -> Vec<T> {
    // Below this many keys the 2^16-entry counting table costs more than a comparison sort saves.
    const RADIX_FROM: usize = 1 << 13;
    if keys.len() < RADIX_FROM {
        let width = bits.end.saturating_sub(bits.start);
        let mask = if width == 0 { 0 } else { u128::MAX >> (128 - width.min(128)) };
        keys.sort_by_key(|&k| (k.into() >> bits.start) & mask);
        return keys;
    }
    let mut out = vec![T::default(); keys.len()];
    let mut start = vec![0usize; 1 << 16];
    for shift in bits.clone().step_by(16) {
        let mask = (1usize << (bits.end - shift).min(16)) - 1;
        let digit = |k: T| usize::from(k.digit(shift)) & mask;
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
        // Lengths on both sides of the radix threshold.
        for (bits, len) in [
            (0..64, 1000),
            (19..51, 20_000),
            (3..40, 9000),
            (32..128, 30_000),
            (5..6, 100),
            (7..7, 10),
            (8..24, 9000),
            // Digits that straddle the two 64-bit halves of a u128.
            (50..90, 20_000),
            (60..70, 9000),
        ] {
            let keys: Vec<u128> = (0..len)
                .map(|_| {
                    let k = u128::from(rng.next_u32()) << 96 | u128::from(rng.next_u32()) << 64;
                    // Few distinct values in the range, so equal keys (and their order) matter.
                    k | u128::from(rng.below(4)) << 40
                        | u128::from(rng.next_u32()) << 8
                        | u128::from(rng.below(256))
                })
                .collect();
            let field = |k: &u128| {
                let width = bits.end - bits.start;
                if width == 0 {
                    0
                } else {
                    (k >> bits.start) & (u128::MAX >> (128 - width))
                }
            };
            let mut want = keys.clone();
            want.sort_by_key(field);
            // The same keys' low halves as u64 keys, where the range lies in them.
            let low = |keys: &[u128]| -> Vec<u64> {
                keys.iter().map(|&k| u64::try_from(k & u128::from(u64::MAX)).unwrap()).collect()
            };
            if bits.end <= 64 {
                assert_eq!(sort_by_bits(low(&keys), bits.clone()), low(&want), "u64 bits {bits:?}");
            }
            assert_eq!(sort_by_bits(keys, bits.clone()), want, "bits {bits:?}");
        }
    }
}
