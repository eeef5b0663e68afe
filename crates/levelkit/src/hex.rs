//! The one hex codec, for the bytes dumps and glTF extras keep unparsed: lowercase digits out, either
//! run together (`"0a0b0c0d01"`) or with a space every four bytes so offsets can be counted by eye
//! (`"0a0b0c0d 01"`); whitespace is ignored when reading, and either case is read.
#![deny(clippy::indexing_slicing)]

use crate::bytes::arrays;
use serde::{de, Deserialize, Deserializer, Serializer};

/// The lowercase digit of a nibble (`n` < 16).
fn digit(n: u8) -> char {
    char::from_digit(u32::from(n), 16).unwrap_or('0')
}

/// Why hex text does not decode.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HexError {
    /// Digits do not pair up into bytes.
    #[error("hex string {text:?} has an odd number of digits")]
    OddDigits {
        /// The whole text.
        text: String,
    },
    /// A character that is neither a hex digit nor whitespace.
    #[error("{digit:?} is not a hex digit in {text:?}")]
    NotHex {
        /// The offending character.
        digit: char,
        /// The whole text.
        text: String,
    },
    /// The text holds a different number of bytes than the field.
    #[error("expected {expected} bytes of hex, got {got} in {text:?}")]
    Length {
        /// The field's size.
        expected: usize,
        /// How many bytes the text holds.
        got: usize,
        /// The whole text.
        text: String,
    },
}

fn push_byte(s: &mut String, b: u8) {
    s.push(digit(b >> 4));
    s.push(digit(b & 15));
}

/// Two lowercase digits a byte, run together.
pub fn encode(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 2);
    bytes.iter().for_each(|&b| push_byte(&mut s, b));
    s
}

/// Two lowercase digits a byte, a space between groups of four bytes.
pub fn encode_grouped(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 2 + bytes.len() / 4);
    for (i, &b) in bytes.iter().enumerate() {
        if i > 0 && i % 4 == 0 {
            s.push(' ');
        }
        push_byte(&mut s, b);
    }
    s
}

/// Reads hex digits (either case), ignoring whitespace.
pub fn decode(text: &str) -> Result<Vec<u8>, HexError> {
    let digits: Vec<u8> = text.bytes().filter(|c| !c.is_ascii_whitespace()).collect();
    if digits.len() % 2 != 0 {
        return Err(HexError::OddDigits { text: text.to_owned() });
    }
    let nibble = |c: u8| -> Result<u8, HexError> {
        char::from(c)
            .to_digit(16)
            .and_then(|d| u8::try_from(d).ok())
            .ok_or_else(|| HexError::NotHex { digit: char::from(c), text: text.to_owned() })
    };
    arrays(digits.chunks_exact(2)).map(|[high, low]| Ok((nibble(high)? << 4) | nibble(low)?)).collect()
}

/// [`decode`] for a field of exactly `N` bytes.
pub fn decode_array<const N: usize>(text: &str) -> Result<[u8; N], HexError> {
    let bytes = decode(text)?;
    let got = bytes.len();
    <[u8; N]>::try_from(bytes).map_err(|_| HexError::Length { expected: N, got, text: text.to_owned() })
}

/// Serde helpers (`#[serde(with = "crate::hex::grouped")]`) for fixed-size byte fields written as
/// [`encode_grouped`] text.
pub mod grouped {
    use super::*;

    /// Writes the bytes as grouped hex.
    pub fn serialize<S: Serializer, const N: usize>(bytes: &[u8; N], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&encode_grouped(bytes))
    }

    /// Reads exactly `N` bytes of hex.
    pub fn deserialize<'de, D: Deserializer<'de>, const N: usize>(d: D) -> Result<[u8; N], D::Error> {
        let text = String::deserialize(d)?;
        decode_array(&text).map_err(de::Error::custom)
    }

    /// The same for a byte vector of any length (`#[serde(with = "crate::hex::grouped::vec")]`).
    pub mod vec {
        use super::super::*;

        /// Writes the bytes as grouped hex.
        pub fn serialize<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(&encode_grouped(bytes))
        }

        /// Reads any number of bytes of hex.
        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
            let text = String::deserialize(d)?;
            decode(&text).map_err(de::Error::custom)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_layouts_and_back() {
        let bytes = [0u8, 1, 0xab, 0xff, 0x10];
        assert_eq!(encode(&bytes), "0001abff10");
        assert_eq!(encode_grouped(&bytes), "0001abff 10");
        assert_eq!(decode("0001abff 10").unwrap(), bytes);
        assert_eq!(decode("0001abff10").unwrap(), bytes);
        assert_eq!(decode(" 00 01\nAB ff10 ").unwrap(), bytes);
        assert_eq!(decode("").unwrap(), Vec::<u8>::new());
        assert_eq!(decode_array::<2>("abcd").unwrap(), [0xab, 0xcd]);
    }

    #[test]
    fn each_failure_says_what_is_wrong() {
        assert_eq!(decode("0").unwrap_err().to_string(), "hex string \"0\" has an odd number of digits");
        assert_eq!(decode("zz").unwrap_err().to_string(), "'z' is not a hex digit in \"zz\"");
        assert_eq!(
            decode_array::<2>("ab").unwrap_err().to_string(),
            "expected 2 bytes of hex, got 1 in \"ab\""
        );
    }
}
