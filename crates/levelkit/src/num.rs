//! Number conversions that `as` would do silently, named for what they mean.
//!
//! The crate denies `clippy::cast_possible_truncation` (docs/dev/testing.md, "Hardening"): a value read from a file
//! goes through `try_from` with an error, a widening through `from`. What is left is arithmetic where
//! losing bits is the intent, and it lives here, once, under a name that says which loss it is:
//!
//! - [`SaturatingFrom`]: float to integer, saturating at the target's bounds, NaN to 0 (what `as` does
//!   since Rust 1.45). Pixel coordinates, colour channels, quantised positions.
//! - [`round_f32`]: `f64` to the nearest `f32`, where the game computes in `f32`.
//! - [`saturate`]: an integer to a narrower one, clamped to its bounds.
//! - [`low_u8`], [`low_u16`]: the low bits of an integer (bit fields, texture coordinates that wrap).

/// Float to integer, saturating at the integer's bounds; NaN becomes 0 (Rust's `as` semantics).
pub trait SaturatingFrom<F>: Sized {
    /// `x` truncated toward zero, clamped to `Self`'s range; NaN is 0.
    fn saturating_from(x: F) -> Self;
}

macro_rules! saturating_from_float {
    ($($float:ty => $($int:ty),+);+ $(;)?) => {$($(
        impl SaturatingFrom<$float> for $int {
            #[inline]
            #[expect(
                clippy::cast_possible_truncation,
                reason = "float-to-int `as` saturates and maps NaN to 0, which is this function's contract"
            )]
            fn saturating_from(x: $float) -> $int {
                x as $int
            }
        }
    )+)+};
}

saturating_from_float! {
    f32 => u8, u16, u32, u64, usize, i16, i32, i64;
    f64 => u8, u16, u32, u64, usize, i16, i32, i64;
}

/// `x` rounded to the nearest `f32` (infinite beyond `f32`'s range), for values the game holds as `f32`.
#[inline]
#[expect(clippy::cast_possible_truncation, reason = "rounding f64 to f32 is this function's contract")]
pub fn round_f32(x: f64) -> f32 {
    x as f32
}

/// `x` clamped to `T`'s range.
#[inline]
pub fn saturate<T, I>(x: I) -> T
where
    I: Copy + PartialOrd + Default,
    T: TryFrom<I> + Bounded,
{
    T::try_from(x).unwrap_or(if x < I::default() { T::MIN } else { T::MAX })
}

/// The low 8 bits of `x`.
#[inline]
pub fn low_u8(x: impl Into<u64>) -> u8 {
    let [low, ..] = x.into().to_le_bytes();
    low
}

/// The low 16 bits of `x`.
#[inline]
pub fn low_u16(x: impl Into<u64>) -> u16 {
    let [a, b, ..] = x.into().to_le_bytes();
    u16::from_le_bytes([a, b])
}

/// An integer type's bounds, for [`saturate`].
pub trait Bounded {
    /// The smallest value.
    const MIN: Self;
    /// The largest value.
    const MAX: Self;
}

macro_rules! bounded {
    ($($t:ty),+) => {$(
        impl Bounded for $t {
            const MIN: Self = <$t>::MIN;
            const MAX: Self = <$t>::MAX;
        }
    )+};
}

bounded!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

/// `n` as a person reads it, a comma between thousands (`389,100`): the one way every message and report
/// writes a count.
pub fn thousands(n: impl std::fmt::Display) -> String {
    let digits = n.to_string();
    let (sign, digits) = digits.split_at(usize::from(digits.starts_with('-')));
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 + 1);
    out.push_str(sign);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_to_int_saturates_like_as() {
        assert_eq!(u8::saturating_from(300.7f32), 255);
        assert_eq!(u8::saturating_from(-3.0f32), 0);
        assert_eq!(u8::saturating_from(f32::NAN), 0);
        assert_eq!(i32::saturating_from(-2.9f64), -2);
        assert_eq!(i16::saturating_from(1e9f64), i16::MAX);
    }

    #[test]
    fn integers_clamp() {
        assert_eq!(saturate::<u16, usize>(70_000), u16::MAX);
        assert_eq!(saturate::<u8, i32>(-5), 0);
        assert_eq!(saturate::<i16, i64>(-40_000), i16::MIN);
        assert_eq!(saturate::<u32, usize>(7), 7);
        assert_eq!(round_f32(0.1), 0.1f32);
        assert_eq!(low_u8(0x1234u32), 0x34);
        assert_eq!(low_u16(0x1_2345u32), 0x2345);
    }

    #[test]
    fn thousands_puts_a_comma_between_each_three_digits() {
        assert_eq!(super::thousands(0u8), "0");
        assert_eq!(super::thousands(999u16), "999");
        assert_eq!(super::thousands(1_184usize), "1,184");
        assert_eq!(super::thousands(389_100u64), "389,100");
        assert_eq!(super::thousands(-1_234_567i64), "-1,234,567");
    }
}
