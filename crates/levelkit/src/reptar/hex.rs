//! Unknown bytes in dumps: hex strings, a space every four bytes so offsets can be counted by eye
//! (`"00000000 0a0b0c0d 01"`). Whitespace is ignored when reading.

use serde::{de, Deserialize, Deserializer, Serializer};

/// Formats bytes as grouped lowercase hex.
pub fn encode(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2 + bytes.len() / 4);
    for (i, b) in bytes.iter().enumerate() {
        if i > 0 && i % 4 == 0 {
            s.push(' ');
        }
        s.push(char::from(DIGITS[usize::from(b >> 4)]));
        s.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    s
}

/// Reads hex digits, ignoring whitespace.
pub fn decode(text: &str) -> Result<Vec<u8>, String> {
    let digits: Vec<u8> = text.bytes().filter(|c| !c.is_ascii_whitespace()).collect();
    if digits.len() % 2 != 0 {
        return Err(format!("hex string {text:?} has an odd number of digits"));
    }
    let nibble = |c: u8| -> Result<u8, String> {
        char::from(c)
            .to_digit(16)
            .and_then(|d| u8::try_from(d).ok())
            .ok_or_else(|| format!("{:?} is not a hex digit in {text:?}", char::from(c)))
    };
    digits.chunks_exact(2).map(|p| Ok((nibble(p[0])? << 4) | nibble(p[1])?)).collect()
}

pub fn serialize<S: Serializer, const N: usize>(bytes: &[u8; N], s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&encode(bytes))
}

pub fn deserialize<'de, D: Deserializer<'de>, const N: usize>(d: D) -> Result<[u8; N], D::Error> {
    let text = String::deserialize(d)?;
    let bytes = decode(&text).map_err(de::Error::custom)?;
    let len = bytes.len();
    <[u8; N]>::try_from(bytes)
        .map_err(|_| de::Error::custom(format!("expected {N} bytes of hex, got {len} in {text:?}")))
}

/// The same for a byte vector of any length.
pub mod vec {
    use super::*;

    pub fn serialize<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&encode(bytes))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        let text = String::deserialize(d)?;
        decode(&text).map_err(de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_of_four_and_back() {
        let bytes = [0u8, 1, 0xab, 0xff, 0x10];
        assert_eq!(encode(&bytes), "0001abff 10");
        assert_eq!(decode("0001abff 10").unwrap(), bytes);
        assert_eq!(decode(" 00 01\nAB ff10 ").unwrap(), bytes);
        assert!(decode("0").is_err());
        assert!(decode("zz").is_err());
        assert_eq!(decode("").unwrap(), Vec::<u8>::new());
    }
}
