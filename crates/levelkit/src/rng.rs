//! A small deterministic random generator (SplitMix64) for generated samples, tests and audits, so the
//! same `--seed` always gives the same probes and the same files.

use crate::num::round_f32;

/// The low and high halves of `x`.
fn split_u64(x: u64) -> [u32; 2] {
    let [a, b, c, d, e, f, g, h] = x.to_le_bytes();
    [u32::from_le_bytes([a, b, c, d]), u32::from_le_bytes([e, f, g, h])]
}

/// SplitMix64: its state is one counter, so a seed names a whole sequence.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// The sequence `seed` names.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The next 64 uniform bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// The next 32 uniform bits (the high half of [`Rng::next_u64`]).
    pub fn next_u32(&mut self) -> u32 {
        let [.., high] = split_u64(self.next_u64());
        high
    }

    /// A uniform value in `0..n` (`n` > 0; returns 0 for `n` = 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            // The high half of a 128-bit product of two u64 always fits a u64.
            u64::try_from((u128::from(self.next_u64()) * u128::from(n)) >> 64).unwrap_or(u64::MAX)
        }
    }

    /// A uniform value in `0..n` as a byte (`n` ≤ 256).
    pub fn below_u8(&mut self, n: u16) -> u8 {
        u8::try_from(self.below(u64::from(n))).unwrap_or(u8::MAX)
    }

    /// A uniform value in `0..n` as a `u16` (`n` ≤ 65,536).
    pub fn below_u16(&mut self, n: u32) -> u16 {
        u16::try_from(self.below(u64::from(n))).unwrap_or(u16::MAX)
    }

    /// A uniform value in `0..n` as a `u32` (`n` ≤ 2^32).
    pub fn below_u32(&mut self, n: u64) -> u32 {
        u32::try_from(self.below(n)).unwrap_or(u32::MAX)
    }

    /// A uniform index into something `len` long (0 when it is empty).
    pub fn index(&mut self, len: usize) -> usize {
        usize::try_from(self.below(u64::try_from(len).unwrap_or(u64::MAX))).unwrap_or(0)
    }

    /// A uniform value in `[0, 1)`.
    pub fn unit_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// A uniform value in `[lo, hi)`.
    pub fn range_f32(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * round_f32(self.unit_f64())
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit_f64() < p
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn deterministic_and_in_range() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for _ in 0..1000 {
            let x = a.below(10);
            assert_eq!(x, b.below(10));
            assert!(x < 10);
            let f = a.range_f32(-2.0, 3.0);
            b.range_f32(-2.0, 3.0);
            assert!((-2.0..3.0).contains(&f));
        }
    }
}
