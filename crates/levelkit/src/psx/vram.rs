//! The GPU's video memory: 1024×512 halfwords of 15-bit colour, texture pages, CLUTs and texel fetch.
//!
//! Sources: psx-spx "GPU Rendering Attributes" (tpage and CLUT attributes) and "GPU (MISC)"
//! (semi-transparency, modulation). Every address wraps the way the GPU's does: X at 1024 halfwords,
//! Y at 512 lines, texture coordinates inside their 256×256 page.

use super::image::RgbaImage;
use crate::num::{low_u16, low_u8};

/// Halfwords per VRAM line.
pub const VRAM_WIDTH: usize = 1024;
/// VRAM lines (1 MiB of VRAM, as in retail consoles).
pub const VRAM_HEIGHT: usize = 512;
/// Halfwords in VRAM.
pub const VRAM_WORDS: usize = VRAM_WIDTH * VRAM_HEIGHT;
/// Bytes in a raw VRAM dump as emulators save it.
pub const VRAM_DUMP_BYTES: usize = VRAM_WORDS * 2;

/// A 15-bit colour whose halfword is 0 is drawn as nothing (the GPU skips the texel).
pub const TRANSPARENT: u16 = 0x0000;
/// Bit 15 of a texel: semi-transparent when the packet asks for semi-transparency.
pub const SEMI_TRANSPARENT_BIT: u16 = 0x8000;

/// A raw VRAM dump that is not 1 MiB.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "a VRAM dump is {VRAM_DUMP_BYTES} bytes (1024×512 little-endian halfwords); this one is {size} bytes"
)]
pub struct VramSizeError {
    /// The dump's length in bytes.
    pub size: usize,
}

/// The GPU's 1 MiB of video memory, one `u16` per halfword, line after line. A fixed-size array, so
/// that a wrapped address needs no bounds check in the rasteriser's texel fetch.
#[derive(Clone, PartialEq, Eq)]
pub struct Vram {
    words: Box<[u16; VRAM_WORDS]>,
}

impl std::fmt::Debug for Vram {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let used = self.words.iter().filter(|&&w| w != 0).count();
        write!(f, "Vram {{ {used} non-zero halfwords }}")
    }
}

impl Default for Vram {
    fn default() -> Self {
        Vram::new()
    }
}

impl Vram {
    /// All zero (every texel transparent).
    pub fn new() -> Vram {
        Vram::from_words(vec![0; VRAM_WORDS])
    }

    /// `words` holds exactly [`VRAM_WORDS`] halfwords (every caller makes them so).
    fn from_words(words: Vec<u16>) -> Vram {
        match words.into_boxed_slice().try_into() {
            Ok(words) => Vram { words },
            Err(_) => unreachable!("VRAM is built from exactly {VRAM_WORDS} halfwords"),
        }
    }

    /// Reads an emulator's raw dump: exactly 1 MiB of little-endian halfwords, line 0 first.
    pub fn from_dump(data: &[u8]) -> Result<Vram, VramSizeError> {
        if data.len() != VRAM_DUMP_BYTES {
            return Err(VramSizeError { size: data.len() });
        }
        Ok(Vram::from_words(data.chunks_exact(2).map(|b| u16::from_le_bytes([b[0], b[1]])).collect()))
    }

    /// The raw dump [`Vram::from_dump`] reads.
    pub fn to_dump(&self) -> Vec<u8> {
        self.words.iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    /// The halfword at (x, y); both wrap as the GPU's addressing does.
    #[inline]
    pub fn get(&self, x: u32, y: u32) -> u16 {
        self.words[index(x, y)]
    }

    /// Sets the halfword at (x, y), wrapping as [`Vram::get`] does.
    #[inline]
    pub fn set(&mut self, x: u32, y: u32, value: u16) {
        self.words[index(x, y)] = value;
    }

    /// Every halfword, line after line (1024 a line).
    pub fn words(&self) -> &[u16] {
        &self.words[..]
    }

    /// The texel a packet with this `tpage` and `clut` sees at (u, v) of its page: a 15-bit colour,
    /// straight from the page for 15-bit textures, through the CLUT for 4- and 8-bit ones.
    #[inline]
    pub fn texel(&self, tpage: Tpage, clut: Clut, u: u8, v: u8) -> u16 {
        let (u, v) = (u32::from(u), u32::from(v));
        let y = tpage.y_base() + v;
        match tpage.depth() {
            TextureDepth::Bits4 => {
                let word = self.get(tpage.x_base() + u / 4, y);
                let index = (word >> ((u % 4) * 4)) & 0xF;
                self.get(clut.x() + u32::from(index), clut.y())
            }
            TextureDepth::Bits8 => {
                let word = self.get(tpage.x_base() + u / 2, y);
                let index = (word >> ((u % 2) * 8)) & 0xFF;
                self.get(clut.x() + u32::from(index), clut.y())
            }
            TextureDepth::Bits15 => self.get(tpage.x_base() + u, y),
        }
    }

    /// A `w`×`h` image of the texels from (u0, v0) of a page seen through a CLUT. Texture coordinates
    /// wrap inside the page (256 texels each way), as they do on the GPU.
    pub fn decode_region(&self, tpage: Tpage, clut: Clut, u0: u8, v0: u8, w: u32, h: u32) -> RgbaImage {
        // What [`Vram::texel`] reads, with the depth chosen and the CLUT's colours read once per image
        // rather than once per texel (a whole page is 65,536 texels through at most 256 colours).
        let (x_base, y_base) = (tpage.x_base(), tpage.y_base());
        let palette = |len: u32| -> Vec<[u8; 4]> {
            (0..len).map(|i| rgba8(self.get(clut.x() + i, clut.y()))).collect()
        };
        match tpage.depth() {
            TextureDepth::Bits4 => {
                let colours = palette(16);
                decode_texels(w, h, u0, v0, |u, v| {
                    let word = self.get(x_base + u / 4, y_base + v);
                    colours[usize::from((word >> ((u % 4) * 4)) & 0xF)]
                })
            }
            TextureDepth::Bits8 => {
                let colours = palette(256);
                decode_texels(w, h, u0, v0, |u, v| {
                    let word = self.get(x_base + u / 2, y_base + v);
                    colours[usize::from((word >> ((u % 2) * 8)) & 0xFF)]
                })
            }
            TextureDepth::Bits15 => {
                decode_texels(w, h, u0, v0, |u, v| rgba8(self.get(x_base + u, y_base + v)))
            }
        }
    }

    /// The whole 256×256 texture page seen through a CLUT: one image per page and palette, the unit a
    /// model export needs.
    pub fn decode_page(&self, tpage: Tpage, clut: Clut) -> RgbaImage {
        self.decode_region(tpage, clut, 0, 0, 256, 256)
    }

    /// All of VRAM read as 15-bit colour (what a VRAM viewer shows), 1024×512.
    pub fn to_rgba_image(&self) -> RgbaImage {
        let mut image = RgbaImage::new(1024, 512);
        for (y, row) in (0u32..).zip(self.words.chunks_exact(VRAM_WIDTH)) {
            for (x, &w) in (0u32..).zip(row) {
                image.put(x, y, rgba8(w));
            }
        }
        image
    }
}

/// A `w`×`h` image whose pixel (x, y) is `texel(u, v)` at the page's coordinates from (u0, v0). Wrapping
/// inside the page is the low byte of an 8-bit texture coordinate, as on the GPU.
fn decode_texels(w: u32, h: u32, u0: u8, v0: u8, texel: impl Fn(u32, u32) -> [u8; 4]) -> RgbaImage {
    let mut image = RgbaImage::new(w, h);
    let row_len = w as usize * 4;
    if row_len == 0 {
        return image;
    }
    for (y, row) in (0..h).zip(image.pixels.chunks_exact_mut(row_len)) {
        let v = u32::from(v0.wrapping_add(low_u8(y)));
        for (x, pixel) in (0..w).zip(row.chunks_exact_mut(4)) {
            pixel.copy_from_slice(&texel(u32::from(u0.wrapping_add(low_u8(x))), v));
        }
    }
    image
}

#[inline]
fn index(x: u32, y: u32) -> usize {
    (y as usize % VRAM_HEIGHT) * VRAM_WIDTH + (x as usize % VRAM_WIDTH)
}

/// Colour depth of a texture page (tpage bits 7–8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextureDepth {
    /// 4 texels a halfword, lowest nibble leftmost, through a 16-entry CLUT.
    Bits4,
    /// 2 texels a halfword, low byte leftmost, through a 256-entry CLUT.
    Bits8,
    /// One 15-bit colour a halfword (value 3, "reserved", reads the same).
    Bits15,
}

impl TextureDepth {
    /// Texels per halfword of VRAM.
    pub fn texels_per_halfword(self) -> u32 {
        match self {
            TextureDepth::Bits4 => 4,
            TextureDepth::Bits8 => 2,
            TextureDepth::Bits15 => 1,
        }
    }
}

/// Semi-transparency mode (tpage bits 5–6). B is the pixel already drawn, F the new one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BlendMode {
    /// B/2 + F/2
    Average,
    /// B + F, saturated
    Add,
    /// B − F, saturated at 0
    Subtract,
    /// B + F/4, saturated
    AddQuarter,
}

/// A texture page attribute: the halfword in a textured packet's second uv slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tpage(pub u16);

impl Tpage {
    /// Halfword column of the page: bits 0–3 × 64.
    pub fn x_base(self) -> u32 {
        u32::from(self.0 & 0xF) * 64
    }
    /// Line of the page: bit 4 × 256 (bit 11, a second Y bit on 2 MiB consoles, is ignored).
    pub fn y_base(self) -> u32 {
        u32::from((self.0 >> 4) & 1) * 256
    }
    /// Bits 5–6: the semi-transparency mode.
    pub fn blend(self) -> BlendMode {
        match (self.0 >> 5) & 3 {
            0 => BlendMode::Average,
            1 => BlendMode::Add,
            2 => BlendMode::Subtract,
            _ => BlendMode::AddQuarter,
        }
    }
    /// Bits 7–8: the colour depth (3, reserved, reads as 15-bit).
    pub fn depth(self) -> TextureDepth {
        match (self.0 >> 7) & 3 {
            0 => TextureDepth::Bits4,
            1 => TextureDepth::Bits8,
            _ => TextureDepth::Bits15,
        }
    }
    /// Builds the attribute from its fields (`x_base` in units of 64 halfwords, `y_base` 0 or 1).
    pub fn from_parts(x_base_64: u16, y_base_256: u16, blend: BlendMode, depth: TextureDepth) -> Tpage {
        let blend = match blend {
            BlendMode::Average => 0,
            BlendMode::Add => 1,
            BlendMode::Subtract => 2,
            BlendMode::AddQuarter => 3,
        };
        let depth = match depth {
            TextureDepth::Bits4 => 0,
            TextureDepth::Bits8 => 1,
            TextureDepth::Bits15 => 2,
        };
        Tpage((x_base_64 & 0xF) | ((y_base_256 & 1) << 4) | (blend << 5) | (depth << 7))
    }
}

/// A CLUT (palette) attribute: the halfword in a textured packet's first uv slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Clut(pub u16);

impl Clut {
    /// Halfword column: bits 0–5 × 16.
    pub fn x(self) -> u32 {
        u32::from(self.0 & 0x3F) * 16
    }
    /// Line: bits 6–14.
    pub fn y(self) -> u32 {
        u32::from((self.0 >> 6) & 0x1FF)
    }
    /// The attribute of the CLUT at (x, y); `x` is rounded down to a multiple of 16.
    pub fn at(x: u32, y: u32) -> Clut {
        Clut(low_u16(((x / 16) & 0x3F) | ((y & 0x1FF) << 6)))
    }
}

/// 5-bit channels of a 15-bit colour: R bits 0–4, G 5–9, B 10–14.
#[inline]
pub fn channels5(c: u16) -> [u8; 3] {
    [(c & 0x1F) as u8, ((c >> 5) & 0x1F) as u8, ((c >> 10) & 0x1F) as u8]
}

/// A 5-bit channel widened to 8 bits so that 31 becomes 255.
#[inline]
pub fn widen5(c: u8) -> u8 {
    (c << 3) | (c >> 2)
}

/// A 15-bit VRAM colour as RGBA8. 0x0000 is the GPU's transparent texel and gets alpha 0; every other
/// value (0x8000, black with the semi-transparency bit, included) is opaque. Bit 15 is not kept: a
/// caller that needs it reads [`SEMI_TRANSPARENT_BIT`] from the texel.
#[inline]
pub fn rgba8(c: u16) -> [u8; 4] {
    let [r, g, b] = channels5(c);
    let a = if c == TRANSPARENT { 0 } else { 255 };
    [widen5(r), widen5(g), widen5(b), a]
}

/// Packs 5-bit channels (each masked to 0..31) and the semi-transparency bit.
#[inline]
pub fn pack15(r: u8, g: u8, b: u8, semi: bool) -> u16 {
    u16::from(r & 0x1F)
        | (u16::from(g & 0x1F) << 5)
        | (u16::from(b & 0x1F) << 10)
        | if semi { SEMI_TRANSPARENT_BIT } else { 0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RED: u16 = 0x001F;
    const GREEN: u16 = 0x03E0;
    const BLUE: u16 = 0x7C00;
    const WHITE_SEMI: u16 = 0xFFFF;

    #[test]
    fn dump_must_be_one_mebibyte() {
        assert_eq!(Vram::from_dump(&[0; 10]), Err(VramSizeError { size: 10 }));
        assert!(Vram::from_dump(&vec![0; VRAM_DUMP_BYTES + 2]).is_err());
        let err = Vram::from_dump(&[]).unwrap_err().to_string();
        assert!(err.contains("1048576") && err.contains("0 bytes"), "{err}");
    }

    #[test]
    fn dump_is_little_endian_line_by_line() {
        let mut dump = vec![0u8; VRAM_DUMP_BYTES];
        // halfword (1, 0)
        dump[2] = 0x34;
        dump[3] = 0x12;
        // halfword (0, 1): one line is 2048 bytes
        dump[2048] = 0xCD;
        dump[2049] = 0xAB;
        let vram = Vram::from_dump(&dump).unwrap();
        assert_eq!(vram.get(1, 0), 0x1234);
        assert_eq!(vram.get(0, 1), 0xABCD);
        assert_eq!(vram.to_dump(), dump);
    }

    #[test]
    fn addresses_wrap_at_1024_by_512() {
        let mut vram = Vram::new();
        vram.set(1024 + 5, 512 + 7, 0x4321);
        assert_eq!(vram.get(5, 7), 0x4321);
    }

    #[test]
    fn tpage_fields() {
        // x 3*64, y 256, blend 2 (B-F), depth 1 (8-bit)
        let t = Tpage(3 | (1 << 4) | (2 << 5) | (1 << 7));
        assert_eq!(t.x_base(), 192);
        assert_eq!(t.y_base(), 256);
        assert_eq!(t.blend(), BlendMode::Subtract);
        assert_eq!(t.depth(), TextureDepth::Bits8);
        assert_eq!(Tpage(3 << 7).depth(), TextureDepth::Bits15, "reserved depth 3 reads as 15-bit");
        assert_eq!(Tpage(2 << 7).depth(), TextureDepth::Bits15);
        assert_eq!(Tpage(0).depth(), TextureDepth::Bits4);
        assert_eq!(Tpage(1 << 11).y_base(), 0, "bit 11 is the 2 MiB console's");
        assert_eq!(Tpage::from_parts(3, 1, BlendMode::Subtract, TextureDepth::Bits8), t);
        assert_eq!(Tpage(0x60).blend(), BlendMode::AddQuarter);
        assert_eq!(Tpage(0x20).blend(), BlendMode::Add);
    }

    #[test]
    fn clut_fields() {
        // x 5*16, y 480
        let c = Clut(5 | (480 << 6));
        assert_eq!((c.x(), c.y()), (80, 480));
        assert_eq!(Clut::at(80, 480), c);
        assert_eq!(Clut(0x8000).y(), 0, "bit 15 is unused");
    }

    #[test]
    fn four_bit_texels_lowest_nibble_leftmost() {
        let mut vram = Vram::new();
        let tpage = Tpage::from_parts(2, 0, BlendMode::Average, TextureDepth::Bits4);
        let clut = Clut::at(0, 500);
        // palette: 0 transparent, 1 red, 2 green, 3 blue, 0xF semi-transparent white
        vram.set(1, 500, RED);
        vram.set(2, 500, GREEN);
        vram.set(3, 500, BLUE);
        vram.set(15, 500, WHITE_SEMI);
        // page at x=128; line 10, halfword 1 holds texels u=4..7: nibbles 1, 2, 3, F from the bottom
        vram.set(128 + 1, 10, 0xF321);
        assert_eq!(vram.texel(tpage, clut, 4, 10), RED);
        assert_eq!(vram.texel(tpage, clut, 5, 10), GREEN);
        assert_eq!(vram.texel(tpage, clut, 6, 10), BLUE);
        assert_eq!(vram.texel(tpage, clut, 7, 10), WHITE_SEMI);
        assert_eq!(vram.texel(tpage, clut, 0, 10), TRANSPARENT);
        // u=255 is halfword 63 of the page: the page is 64 halfwords wide
        vram.set(128 + 63, 11, 0x2000);
        assert_eq!(vram.texel(tpage, clut, 255, 11), GREEN);
    }

    #[test]
    fn eight_bit_texels_low_byte_leftmost() {
        let mut vram = Vram::new();
        let tpage = Tpage::from_parts(4, 1, BlendMode::Average, TextureDepth::Bits8);
        let clut = Clut::at(512, 0);
        vram.set(512 + 0x12, 0, RED);
        vram.set(512 + 0xAB, 0, BLUE);
        // page at (256, 256); texels u=6,7 are halfword 3: low byte 0x12, high byte 0xAB
        vram.set(256 + 3, 256 + 20, 0xAB12);
        assert_eq!(vram.texel(tpage, clut, 6, 20), RED);
        assert_eq!(vram.texel(tpage, clut, 7, 20), BLUE);
        // u=255 is halfword 127 of the page
        vram.set(256 + 127, 256 + 21, 0x1200);
        assert_eq!(vram.texel(tpage, clut, 255, 21), RED);
    }

    #[test]
    fn eight_bit_clut_wraps_past_the_right_edge() {
        let mut vram = Vram::new();
        let tpage = Tpage::from_parts(0, 0, BlendMode::Average, TextureDepth::Bits8);
        // a CLUT starting at x=1008 has index 20 at x=1028, which is x=4
        let clut = Clut::at(1008, 3);
        vram.set(4, 3, GREEN);
        vram.set(0, 0, 20);
        assert_eq!(vram.texel(tpage, clut, 0, 0), GREEN);
    }

    #[test]
    fn fifteen_bit_texels_are_the_halfwords() {
        let mut vram = Vram::new();
        let tpage = Tpage::from_parts(15, 1, BlendMode::Average, TextureDepth::Bits15);
        vram.set(960 + 9, 256 + 9, WHITE_SEMI);
        assert_eq!(vram.texel(tpage, Clut(0), 9, 9), WHITE_SEMI);
        // a 15-bit page at x=960 is 256 halfwords wide: u=100 is x=1060, which wraps to 36
        vram.set(36, 256 + 1, BLUE);
        assert_eq!(vram.texel(tpage, Clut(0), 100, 1), BLUE);
    }

    #[test]
    fn rgba8_conversion() {
        assert_eq!(rgba8(TRANSPARENT), [0, 0, 0, 0]);
        assert_eq!(rgba8(0x8000), [0, 0, 0, 255], "black with bit 15 is opaque black");
        assert_eq!(rgba8(RED), [255, 0, 0, 255]);
        assert_eq!(rgba8(GREEN), [0, 255, 0, 255]);
        assert_eq!(rgba8(BLUE), [0, 0, 255, 255]);
        // 16 in 5 bits is 0x84 in 8: the top bits repeat below
        assert_eq!(rgba8(16), [0x84, 0, 0, 255]);
        assert_eq!(pack15(31, 0, 16, true), 0x801F | (16 << 10));
    }

    #[test]
    fn decode_page_through_a_clut() {
        let mut vram = Vram::new();
        let tpage = Tpage::from_parts(1, 0, BlendMode::Average, TextureDepth::Bits4);
        let clut = Clut::at(32, 200);
        vram.set(32 + 1, 200, RED);
        vram.set(32 + 2, 200, BLUE);
        // texel (0,0) index 1, texel (1,0) index 2, texel (255,255) index 2
        vram.set(64, 0, 0x0021);
        vram.set(64 + 63, 255, 0x2000);
        let page = vram.decode_page(tpage, clut);
        assert_eq!((page.width, page.height, page.pixels.len()), (256, 256, 256 * 256 * 4));
        assert_eq!(page.get(0, 0), [255, 0, 0, 255]);
        assert_eq!(page.get(1, 0), [0, 0, 255, 255]);
        assert_eq!(page.get(2, 0), [0, 0, 0, 0]);
        assert_eq!(page.get(255, 255), [0, 0, 255, 255]);
        // a region starting near the page's end wraps to its start
        let region = vram.decode_region(tpage, clut, 255, 0, 3, 1);
        assert_eq!(region.get(1, 0), [255, 0, 0, 255]);
        assert_eq!(region.get(2, 0), [0, 0, 255, 255]);
    }

    #[test]
    fn whole_vram_image() {
        let mut vram = Vram::new();
        vram.set(1023, 511, GREEN);
        let image = vram.to_rgba_image();
        assert_eq!((image.width, image.height), (1024, 512));
        assert_eq!(image.get(1023, 511), [0, 255, 0, 255]);
    }
}
