//! The words a level's mesh carries for the way back: the per-vertex data that says exactly what a face
//! was (`REPTAR_*`, glTF `_REPTAR_*`), the colour rule between a vertex's colour bytes and `COLOR_0`, and
//! a texture entry as hex (the scene extras' `texture_table`). The export (`convert::reptar`) writes them
//! and the builder ([`super::builder`]) reads them, so they live with the level format, once.

use super::TextureEntry;
use crate::mesh::{linear_to_srgb, srgb_to_linear};
use crate::num::SaturatingFrom;

/// Per vertex attribute: the vertex colour as stored, `[r, g, b, flash]`.
pub const DATA_COLOUR: &str = "REPTAR_COLOUR";
/// Per vertex attribute: `[blob, vertex, pad, corner]`: the blob (in its room) and vertex (in its blob) the
/// corner uses, the vertex's pad halfword, and the corner's place in the face (Z order for quads).
pub const DATA_VERTEX: &str = "REPTAR_VERTEX";
/// Per vertex attribute: `[face, texture, flags, corners << 8 | fill]`: the face's index in its blob
/// (every section in stored order), its texture index and flags, its corner count (3 or 4) and, for a
/// triangle, its fourth byte (0xCD on disc).
pub const DATA_FACE: &str = "REPTAR_FACE";

/// A vertex colour channel (with the flash byte added) as a linear `COLOR_0` value.
pub fn colour_factor(c: u8, flash: u8) -> f32 {
    let c = c.saturating_add(flash);
    srgb_to_linear((f32::from(c) / 128.0).min(1.0))
}

/// A colour byte from a linear `COLOR_0` channel: the inverse of [`colour_factor`] (flash 0).
pub fn colour_byte(linear: f32) -> u8 {
    let v = (linear_to_srgb(linear.clamp(0.0, 1.0)) * 128.0).round();
    // 0..=128 after the clamp: the cast is exact.
    u8::saturating_from(v.clamp(0.0, 255.0))
}

/// A texture entry's 12 bytes as hex, in file order.
pub fn texture_hex(e: &TextureEntry) -> String {
    let [c0, c1] = e.clut.to_le_bytes();
    let [t0, t1] = e.tpage.to_le_bytes();
    crate::hex::encode(&[e.u0, e.v0, c0, c1, e.u1, e.v1, t0, t1, e.u2, e.v2, e.u3, e.v3])
}

/// The texture entry [`texture_hex`] wrote; `None` unless `text` is 12 bytes of hex.
pub fn texture_from_hex(text: &str) -> Option<TextureEntry> {
    let b: [u8; 12] = crate::hex::decode_array(text).ok()?;
    Some(TextureEntry {
        u0: b[0],
        v0: b[1],
        clut: u16::from_le_bytes([b[2], b[3]]),
        u1: b[4],
        v1: b[5],
        tpage: u16::from_le_bytes([b[6], b[7]]),
        u2: b[8],
        v2: b[9],
        u3: b[10],
        v3: b[11],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texture_hex_reads_back() {
        let e = TextureEntry {
            u0: 1,
            v0: 2,
            clut: 0x7801,
            u1: 3,
            v1: 4,
            tpage: 0x0085,
            u2: 5,
            v2: 6,
            u3: 7,
            v3: 8,
        };
        assert_eq!(texture_hex(&e), "010201780304850005060708");
        assert_eq!(texture_from_hex(&texture_hex(&e)), Some(e));
        assert_eq!(texture_from_hex("0102"), None);
    }

    #[test]
    fn colour_byte_inverts_colour_factor() {
        for c in 0..=128u8 {
            assert_eq!(colour_byte(colour_factor(c, 0)), c, "{c}");
        }
    }
}
