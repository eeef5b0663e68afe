//! Lossless JSON for the dumps: values that plain JSON numbers cannot carry exactly.
#![deny(clippy::indexing_slicing)]

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An `f32` that survives JSON bit for bit. Finite values are plain numbers: the shortest decimal of the
/// `f64` of the same value, as a `serde_json::Value` holds and prints them (so a dump's text written
/// straight and through a tree is the same), which reads back to the same bits, `-0.0` included. NaN and
/// infinities, which JSON numbers cannot hold, are strings: `"inf"`, `"-inf"`, `"nan:0x7fc00000"` (the
/// whole bit pattern, payload and sign).
#[derive(Clone, Copy, Debug, Default)]
pub struct ExactF32(pub f32);

impl PartialEq for ExactF32 {
    fn eq(&self, other: &Self) -> bool {
        self.0.to_bits() == other.0.to_bits()
    }
}
impl Eq for ExactF32 {}

impl Serialize for ExactF32 {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let v = self.0;
        if v.is_finite() {
            s.serialize_f64(f64::from(v))
        } else if v == f32::INFINITY {
            s.serialize_str("inf")
        } else if v == f32::NEG_INFINITY {
            s.serialize_str("-inf")
        } else {
            s.serialize_str(&format!("nan:0x{:08x}", v.to_bits()))
        }
    }
}

impl<'de> Deserialize<'de> for ExactF32 {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Repr {
            Num(serde_json::Number),
            Str(String),
        }
        match Repr::deserialize(d)? {
            Repr::Num(n) => {
                // Parse the decimal text straight to f32 (one rounding), not through f64.
                let text = n.to_string();
                text.parse::<f32>()
                    .map(ExactF32)
                    .map_err(|_| serde::de::Error::custom(format!("bad float {text}")))
            }
            Repr::Str(s) => match s.as_str() {
                "inf" => Ok(ExactF32(f32::INFINITY)),
                "-inf" => Ok(ExactF32(f32::NEG_INFINITY)),
                other => {
                    let hex = other.strip_prefix("nan:0x").ok_or_else(|| {
                        serde::de::Error::custom(format!(
                            "expected a number, \"inf\", \"-inf\" or \"nan:0x…\", got {other:?}"
                        ))
                    })?;
                    let bits = u32::from_str_radix(hex, 16).map_err(serde::de::Error::custom)?;
                    let v = f32::from_bits(bits);
                    if v.is_nan() {
                        Ok(ExactF32(v))
                    } else {
                        Err(serde::de::Error::custom(format!("0x{bits:08x} is not a NaN")))
                    }
                }
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(bits: u32) -> u32 {
        let s = serde_json::to_string(&ExactF32(f32::from_bits(bits))).unwrap();
        serde_json::from_str::<ExactF32>(&s).unwrap().0.to_bits()
    }

    #[test]
    fn special_values_keep_their_bits() {
        for bits in [
            0u32,
            0x8000_0000,
            0x7f80_0000,
            0xff80_0000,
            0x7fc0_0000,
            0xffc0_1234,
            0x7f80_0001,
            1,
            0x7f7f_ffff,
        ] {
            assert_eq!(round(bits), bits, "0x{bits:08x}");
        }
        assert_eq!(serde_json::to_string(&ExactF32(-0.0)).unwrap(), "-0.0");
        assert_eq!(serde_json::to_string(&ExactF32(1.5)).unwrap(), "1.5");
        // As a tree holds it, written straight or through one.
        let tenth = ExactF32(0.1);
        assert_eq!(serde_json::to_string(&tenth).unwrap(), "0.10000000149011612");
        assert_eq!(serde_json::to_value(tenth).unwrap().to_string(), "0.10000000149011612");
    }

    #[test]
    fn many_bit_patterns_round_trip() {
        // A spread over the whole space, stepping by a prime so every exponent and many mantissas are hit.
        let mut bits = 0u32;
        for _ in 0..200_000 {
            assert_eq!(round(bits), bits, "0x{bits:08x}");
            bits = bits.wrapping_add(21_473);
        }
    }
}
