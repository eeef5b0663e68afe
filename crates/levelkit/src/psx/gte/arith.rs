//! The GTE's fixed-point arithmetic: the 44-bit MAC accumulator, the 32-bit MAC0 check and the
//! saturations that write IR, RGB, SZ/OTZ, SX/SY and IR0, each raising its FLAG bit (psx-spx "GTE
//! Saturation" and "GTE Overflow Flags").

use super::{
    FLAG_COLOUR, FLAG_ERROR, FLAG_IR, FLAG_IR0, FLAG_MAC0_NEGATIVE, FLAG_MAC0_POSITIVE, FLAG_MAC_NEGATIVE,
    FLAG_MAC_POSITIVE, FLAG_SX, FLAG_SY, FLAG_SZ3_OTZ,
};

/// Bits that also set [`FLAG_ERROR`] (psx-spx: 30–23 and 18–13).
pub const ERROR_BITS: u32 = 0x7F80_0000 | 0x0007_E000;

/// The bits of FLAG a program can write (30–12); bit 31 is always the summary.
pub const WRITABLE_BITS: u32 = 0x7FFF_F000;

/// FLAG with bit 31 made the summary of the error bits, as the console reads it back.
#[inline]
pub fn with_summary(flag: u32) -> u32 {
    let flag = flag & WRITABLE_BITS;
    if flag & ERROR_BITS != 0 {
        flag | FLAG_ERROR
    } else {
        flag
    }
}

/// One accumulation step of MAC1..3 (`which` 0..2): the sum is checked against 44 bits, flagged, and
/// wraps to 44 bits before the next addition, as the console's accumulator does.
#[inline]
pub fn mac44(which: usize, value: i64, flag: &mut u32) -> i64 {
    if value > (1 << 43) - 1 {
        *flag |= FLAG_MAC_POSITIVE[which];
    } else if value < -(1 << 43) {
        *flag |= FLAG_MAC_NEGATIVE[which];
    }
    (value << 20) >> 20
}

/// `start + p0 + p1 + p2` through the 44-bit accumulator: checked and wrapped after each addition.
/// The products are of two 16-bit values (each within ±2^30).
#[inline]
pub fn accumulate(which: usize, start: i64, products: [i64; 3], flag: &mut u32) -> i64 {
    // A start this far inside 44 bits cannot leave them at any step: the common case, summed directly.
    const SAFE: i64 = (1 << 43) - 3 * (1 << 30);
    debug_assert!(products.iter().all(|p| p.abs() <= 1 << 30));
    if start.abs() < SAFE {
        return start + products[0] + products[1] + products[2];
    }
    let sum = mac44(which, start + products[0], flag);
    let sum = mac44(which, sum + products[1], flag);
    mac44(which, sum + products[2], flag)
}

/// MAC0's check: a sum outside 32 bits flags 16 (positive) or 15 (negative); the register keeps the
/// low 32 bits.
#[inline]
pub fn mac0(value: i64, flag: &mut u32) -> i32 {
    if value > i64::from(i32::MAX) {
        *flag |= FLAG_MAC0_POSITIVE;
    } else if value < i64::from(i32::MIN) {
        *flag |= FLAG_MAC0_NEGATIVE;
    }
    value as i32
}

#[inline]
fn clamp_flagged(value: i64, min: i64, max: i64, bit: u32, flag: &mut u32) -> i64 {
    if value < min {
        *flag |= bit;
        min
    } else if value > max {
        *flag |= bit;
        max
    } else {
        value
    }
}

/// IR1..3 from a MAC: −0x8000..0x7FFF, or 0..0x7FFF when `lm` is set.
#[inline]
pub fn ir(which: usize, value: i64, lm: bool, flag: &mut u32) -> i16 {
    let min = if lm { 0 } else { -0x8000 };
    clamp_flagged(value, min, 0x7FFF, FLAG_IR[which], flag) as i16
}

/// A colour FIFO channel from `MAC / 16`: 0..0xFF.
#[inline]
pub fn colour(which: usize, value: i64, flag: &mut u32) -> u8 {
    clamp_flagged(value, 0, 0xFF, FLAG_COLOUR[which], flag) as u8
}

/// SZ3 or OTZ: 0..0xFFFF.
#[inline]
pub fn depth(value: i64, flag: &mut u32) -> u16 {
    clamp_flagged(value, 0, 0xFFFF, FLAG_SZ3_OTZ, flag) as u16
}

/// SX2 (`which` 0) or SY2 (1): −0x400..0x3FF.
#[inline]
pub fn screen(which: usize, value: i64, flag: &mut u32) -> i16 {
    let bit = if which == 0 { FLAG_SX } else { FLAG_SY };
    clamp_flagged(value, -0x400, 0x3FF, bit, flag) as i16
}

/// IR0: 0..0x1000.
#[inline]
pub fn ir0(value: i64, flag: &mut u32) -> i16 {
    clamp_flagged(value, 0, 0x1000, FLAG_IR0, flag) as i16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_accumulator_wraps_at_44_bits_after_each_addition() {
        let mut flag = 0;
        // 2^43 − 1 is the largest value; one more wraps to −2^43 and flags bit 30 (MAC1 positive)
        assert_eq!(mac44(0, (1 << 43) - 1, &mut flag), (1 << 43) - 1);
        assert_eq!(flag, 0);
        assert_eq!(mac44(0, 1 << 43, &mut flag), -(1 << 43));
        assert_eq!(flag, FLAG_MAC_POSITIVE[0]);
        // −2^43 is in range; one less wraps to 2^43 − 1 and flags bit 25 (MAC3 negative)
        let mut flag = 0;
        assert_eq!(mac44(2, -(1 << 43), &mut flag), -(1 << 43));
        assert_eq!(mac44(2, -(1 << 43) - 1, &mut flag), (1 << 43) - 1);
        assert_eq!(flag, FLAG_MAC_NEGATIVE[2]);
    }

    #[test]
    fn an_intermediate_overflow_is_flagged_even_when_the_total_fits() {
        // TRX·0x1000 = 0x7FFFFFFF·0x1000 is 4096 below 2^43; adding 0x7FFF·0x7FFF passes 2^43 − 1 and
        // wraps negative (bit 29), subtracting it again passes −2^43 and wraps back (bit 26): the total
        // is right, yet both bits are set where one 64-bit sum would set none
        let mut flag = 0;
        let start = i64::from(i32::MAX) << 12;
        let p = 0x7FFF * 0x7FFF;
        assert_eq!(accumulate(1, start, [p, -p, 0], &mut flag), start);
        assert_eq!(flag, FLAG_MAC_POSITIVE[1] | FLAG_MAC_NEGATIVE[1]);
        // the same two products the other way round stay inside 44 bits: no flag
        let mut flag = 0;
        assert_eq!(accumulate(1, start, [-p, p, 0], &mut flag), start);
        assert_eq!(flag, 0);
    }

    #[test]
    fn mac0_flags_beyond_32_bits_and_keeps_the_low_word() {
        let mut flag = 0;
        assert_eq!(mac0(0x7FFF_FFFF, &mut flag), i32::MAX);
        assert_eq!(mac0(-0x8000_0000, &mut flag), i32::MIN);
        assert_eq!(flag, 0);
        assert_eq!(mac0(0x8000_0000, &mut flag), i32::MIN);
        assert_eq!(flag, FLAG_MAC0_POSITIVE);
        let mut flag = 0;
        assert_eq!(mac0(-0x8000_0001, &mut flag), i32::MAX);
        assert_eq!(flag, FLAG_MAC0_NEGATIVE);
    }

    #[test]
    fn each_saturation_sets_its_own_bit() {
        type Saturation<'a> = &'a dyn Fn(&mut u32) -> i64;
        let cases: [(Saturation, i64, u32); 12] = [
            (&|f| i64::from(ir(0, 0x8000, false, f)), 0x7FFF, 1 << 24),
            (&|f| i64::from(ir(1, -0x8001, false, f)), -0x8000, 1 << 23),
            (&|f| i64::from(ir(2, -1, true, f)), 0, 1 << 22),
            (&|f| i64::from(colour(0, 256, f)), 255, 1 << 21),
            (&|f| i64::from(colour(1, -1, f)), 0, 1 << 20),
            (&|f| i64::from(colour(2, 300, f)), 255, 1 << 19),
            (&|f| i64::from(depth(0x10000, f)), 0xFFFF, 1 << 18),
            (&|f| i64::from(depth(-1, f)), 0, 1 << 18),
            (&|f| i64::from(screen(0, 0x400, f)), 0x3FF, 1 << 14),
            (&|f| i64::from(screen(1, -0x401, f)), -0x400, 1 << 13),
            (&|f| i64::from(ir0(0x1001, f)), 0x1000, 1 << 12),
            (&|f| i64::from(ir0(-1, f)), 0, 1 << 12),
        ];
        for (i, (saturate, expect, bit)) in cases.iter().enumerate() {
            let mut flag = 0;
            assert_eq!(saturate(&mut flag), *expect, "case {i}");
            assert_eq!(flag, *bit, "case {i}");
        }
        // in range: no bit
        let mut flag = 0;
        ir(0, 0x7FFF, false, &mut flag);
        ir(0, -0x8000, false, &mut flag);
        colour(0, 255, &mut flag);
        depth(0xFFFF, &mut flag);
        screen(0, -0x400, &mut flag);
        ir0(0x1000, &mut flag);
        assert_eq!(flag, 0);
    }

    #[test]
    fn bit_31_sums_up_30_to_23_and_18_to_13_only() {
        for bit in 12..31 {
            let summary = with_summary(1 << bit) & FLAG_ERROR != 0;
            let expect = (23..=30).contains(&bit) || (13..=18).contains(&bit);
            assert_eq!(summary, expect, "bit {bit}");
        }
        // bits 0–11 cannot be written and bit 31 is never kept as written
        assert_eq!(with_summary(0x8000_0FFF), 0);
    }
}
