//! What happens to one pixel once the rasteriser has chosen it: the texel fetch through the texture
//! window, modulation by the vertex colour, dithering, semi-transparent blending and the mask bit
//! (psx-spx "GPU Rendering Attributes", "GPU Texture Window", "GPU Mask Bit").

use super::super::vram::{channels5, pack15, BlendMode, TextureDepth, Vram, SEMI_TRANSPARENT_BIT};
use super::Texture;

/// Bit 15 of a VRAM pixel: the mask bit (the same bit a texel uses for semi-transparency).
pub const MASK_BIT: u16 = 0x8000;

/// The GPU's dither offsets, by (y mod 4, x mod 4).
pub const DITHER: [[i8; 4]; 4] = [[-4, 0, -3, 1], [2, -2, 3, -1], [-3, 1, -4, 0], [3, -1, 2, -2]];

/// GP0(E2h): the texture window. Texture coordinates are masked then offset, in steps of 8 texels:
/// `u' = (u & !(mask_x·8)) | ((offset_x & mask_x)·8)`, likewise v.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct TextureWindow {
    /// Bits 0–4: which bits of u are replaced, in 8-texel steps.
    pub mask_x: u8,
    /// Bits 5–9: which bits of v are replaced, in 8-texel steps.
    pub mask_y: u8,
    /// Bits 10–14: what the masked bits of u become, in 8-texel steps.
    pub offset_x: u8,
    /// Bits 15–19: what the masked bits of v become, in 8-texel steps.
    pub offset_y: u8,
}

impl TextureWindow {
    /// From the GP0(E2h) word: mask X bits 0–4, mask Y 5–9, offset X 10–14, offset Y 15–19.
    pub fn from_e2(word: u32) -> TextureWindow {
        let field = |shift: u32| ((word >> shift) & 0x1F) as u8;
        TextureWindow { mask_x: field(0), mask_y: field(5), offset_x: field(10), offset_y: field(15) }
    }

    /// (u, v) through the window: masked, then offset.
    #[inline(always)]
    pub fn apply(&self, u: u8, v: u8) -> (u8, u8) {
        let w = |c: u8, mask: u8, offset: u8| (c & !(mask << 3)) | ((offset & mask) << 3);
        (w(u, self.mask_x, self.offset_x), w(v, self.mask_y, self.offset_y))
    }
}

/// GP0(E6h): the mask bit settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct MaskBit {
    /// Bit 0: every pixel drawn gets bit 15 set.
    pub set: bool,
    /// Bit 1: a pixel whose bit 15 is set is not drawn over.
    pub check: bool,
}

/// A texture as seen from one primitive: page, palette, depth and window, over a VRAM.
#[derive(Clone, Copy)]
pub(crate) struct Sampler<'a> {
    vram: Option<&'a Vram>,
    page: (u32, u32),
    clut: (u32, u32),
    depth: TextureDepth,
    window: TextureWindow,
}

impl<'a> Sampler<'a> {
    pub fn new(vram: Option<&'a Vram>, texture: Texture, window: TextureWindow) -> Sampler<'a> {
        Sampler {
            vram,
            page: (texture.tpage.x_base(), texture.tpage.y_base()),
            clut: (texture.clut.x(), texture.clut.y()),
            depth: texture.tpage.depth(),
            window,
        }
    }

    /// The texel at (u, v), through the texture window. Without VRAM every texel is white (0x7FFF).
    #[inline(always)]
    pub fn fetch(&self, u: u8, v: u8) -> u16 {
        let (u, v) = self.window.apply(u, v);
        match (self.vram, self.depth) {
            (None, _) => 0x7FFF,
            (Some(vram), TextureDepth::Bits4) => Paged::<4> { vram, sampler: *self }.fetch(u, v),
            (Some(vram), TextureDepth::Bits8) => Paged::<8> { vram, sampler: *self }.fetch(u, v),
            (Some(vram), TextureDepth::Bits15) => Paged::<15> { vram, sampler: *self }.fetch(u, v),
        }
    }

    /// Calls `draw` with a texel source specialised for this texture, so that a hot loop does not
    /// decide the depth texel by texel. The source reads (u, v) as given: the caller applies the
    /// texture window.
    #[inline(always)]
    pub fn specialise<R>(&self, draw: impl SpecialisedDraw<R>) -> R {
        match (self.vram, self.depth) {
            (None, _) => draw.run(White),
            (Some(vram), TextureDepth::Bits4) => draw.run(Paged::<4> { vram, sampler: *self }),
            (Some(vram), TextureDepth::Bits8) => draw.run(Paged::<8> { vram, sampler: *self }),
            (Some(vram), TextureDepth::Bits15) => draw.run(Paged::<15> { vram, sampler: *self }),
        }
    }
}

/// Where a primitive's pixels take their texels from; (u, v) are inside the page, the texture window
/// already applied.
pub(crate) trait Texels: Copy {
    const TEXTURED: bool;
    fn fetch(&self, u: u8, v: u8) -> u16;
}

/// A drawing loop generic over its texel source (a closure cannot be generic, a trait can).
pub(crate) trait SpecialisedDraw<R> {
    fn run<T: Texels>(self, texels: T) -> R;
}

/// No texture: the pixel is the interpolated colour.
#[derive(Clone, Copy)]
pub(crate) struct Untextured;

impl Texels for Untextured {
    const TEXTURED: bool = false;
    #[inline(always)]
    fn fetch(&self, _: u8, _: u8) -> u16 {
        0
    }
}

/// A texture without VRAM: every texel white.
#[derive(Clone, Copy)]
struct White;

impl Texels for White {
    const TEXTURED: bool = true;
    #[inline(always)]
    fn fetch(&self, _: u8, _: u8) -> u16 {
        0x7FFF
    }
}

/// A page of `DEPTH` bits a texel in VRAM.
#[derive(Clone, Copy)]
struct Paged<'a, const DEPTH: u8> {
    vram: &'a Vram,
    sampler: Sampler<'a>,
}

impl<const DEPTH: u8> Texels for Paged<'_, DEPTH> {
    const TEXTURED: bool = true;
    #[inline(always)]
    fn fetch(&self, u: u8, v: u8) -> u16 {
        let s = &self.sampler;
        let (u, v) = (u32::from(u), u32::from(v));
        let (px, py) = s.page;
        let vram = self.vram;
        match DEPTH {
            4 => {
                let word = vram.get(px + u / 4, py + v);
                vram.get(s.clut.0 + u32::from((word >> ((u % 4) * 4)) & 0xF), s.clut.1)
            }
            8 => {
                let word = vram.get(px + u / 2, py + v);
                vram.get(s.clut.0 + u32::from((word >> ((u % 2) * 8)) & 0xFF), s.clut.1)
            }
            _ => vram.get(px + u, py + v),
        }
    }
}

/// An 8-bit channel plus a dither offset, reduced to 5 bits.
#[inline(always)]
pub fn dithered(c: i32, offset: i32) -> u16 {
    ((c + offset).clamp(0, 255) >> 3) as u16
}

/// An 8-bit colour as 15 bits (dither offset 0 when dithering is off).
#[inline(always)]
pub fn colour15(rgb: [u8; 3], offset: i32) -> u16 {
    let c = |i: usize| dithered(i32::from(rgb[i]), offset);
    c(0) | (c(1) << 5) | (c(2) << 10)
}

/// A texel modulated by a colour: `texel·8 × colour / 128` per channel in 8 bits, dithered, reduced
/// to 5 bits (so 0x80 keeps the texel when the offset is 0); bit 15 kept.
#[inline(always)]
pub fn modulate(texel: u16, rgb: [u8; 3], offset: i32) -> u16 {
    let m = |t: u16, c: u8| dithered((i32::from(t & 0x1F) * i32::from(c)) >> 4, offset);
    m(texel, rgb[0])
        | (m(texel >> 5, rgb[1]) << 5)
        | (m(texel >> 10, rgb[2]) << 10)
        | (texel & SEMI_TRANSPARENT_BIT)
}

/// The per-primitive rules of writing a pixel.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plot {
    /// The primitive is semi-transparent (its command's bit 1).
    pub semi: bool,
    pub blend: BlendMode,
    pub mask: MaskBit,
}

impl Plot {
    /// Opaque, mask bit neither set nor checked: [`Plot::pixel`] then writes `front` as it is (a
    /// textured pixel keeps its bit 15, an untextured colour has none).
    pub fn is_opaque(&self) -> bool {
        !self.semi && !self.mask.set && !self.mask.check
    }

    /// Writes `front` (15-bit colour; bit 15 the texel's semi-transparency bit) over `out`. Untextured
    /// pixels blend whenever the primitive is semi-transparent and never keep bit 15; textured ones
    /// blend only where the texel has bit 15 and keep it. The mask bit may forbid the write, and may
    /// be set by it.
    #[inline(always)]
    pub fn pixel(&self, out: &mut u16, front: u16, textured: bool) {
        if self.mask.check && *out & MASK_BIT != 0 {
            return;
        }
        let semi = !textured || front & SEMI_TRANSPARENT_BIT != 0;
        let colour = if self.semi && semi { blend(*out, front, self.blend) } else { front & 0x7FFF };
        let kept = if textured { front & SEMI_TRANSPARENT_BIT } else { 0 };
        *out = colour | kept | if self.mask.set { MASK_BIT } else { 0 };
    }
}

/// Semi-transparent blending of a new pixel F over the pixel B already drawn, per 5-bit channel.
pub fn blend(back: u16, front: u16, mode: BlendMode) -> u16 {
    let b = channels5(back).map(i32::from);
    let f = channels5(front).map(i32::from);
    let mix = |b: i32, f: i32| -> u8 {
        let v = match mode {
            BlendMode::Average => (b + f) >> 1,
            BlendMode::Add => b + f,
            BlendMode::Subtract => b - f,
            BlendMode::AddQuarter => b + (f >> 2),
        };
        v.clamp(0, 31) as u8
    };
    pack15(mix(b[0], f[0]), mix(b[1], f[1]), mix(b[2], f[2]), false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texture_window_masks_then_offsets_in_steps_of_8() {
        // mask 0x1E (u bits 4–7, i.e. 0xF0, replaced), offset 0x05 & 0x1E = 0x04 → ·8 = 32
        let w = TextureWindow { mask_x: 0x1E, mask_y: 0, offset_x: 0x05, offset_y: 7 };
        assert_eq!(w.apply(0, 0), (32, 0));
        assert_eq!(w.apply(7, 9), (39, 9));
        // 255 keeps only the bits outside the mask (0x0F) and takes the offset: 32 | 15
        assert_eq!(w.apply(255, 255), (47, 255));
        assert_eq!(
            TextureWindow::from_e2(0x1E | (5 << 10)),
            TextureWindow { mask_x: 0x1E, offset_x: 5, ..Default::default() }
        );
        assert_eq!(TextureWindow::default().apply(200, 100), (200, 100));
    }

    #[test]
    fn mask_bit_set_and_check() {
        let plot = |mask| Plot { semi: false, blend: BlendMode::Average, mask };
        let mut out = 0x1234;
        plot(MaskBit { set: true, check: false }).pixel(&mut out, 0x0042, false);
        assert_eq!(out, 0x8042);
        // a masked pixel is kept when checking, overwritten when not
        plot(MaskBit { set: false, check: true }).pixel(&mut out, 0x0001, false);
        assert_eq!(out, 0x8042);
        plot(MaskBit::default()).pixel(&mut out, 0x0001, false);
        assert_eq!(out, 0x0001);
        // a textured pixel keeps the texel's bit 15, which then protects it
        plot(MaskBit::default()).pixel(&mut out, 0x8003, true);
        assert_eq!(out, 0x8003);
        plot(MaskBit { set: false, check: true }).pixel(&mut out, 0x0004, true);
        assert_eq!(out, 0x8003);
    }

    #[test]
    fn modulation_and_dither_round_as_the_gpu() {
        // texel 20 × 0x80: 20·128 >> 4 = 160 = 20·8; offset −4 → 156 >> 3 = 19, +3 → 163 >> 3 = 20
        assert_eq!(modulate(20, [128; 3], 0) & 0x1F, 20);
        assert_eq!(modulate(20, [128; 3], -4) & 0x1F, 19);
        assert_eq!(modulate(20, [128; 3], 3) & 0x1F, 20);
        // 31 × 0xFF = 494 in 8 bits saturates at 31; 0 × anything − 4 stays 0
        assert_eq!(modulate(31, [255; 3], -4) & 0x1F, 31);
        assert_eq!(modulate(0x8000, [255; 3], -4), 0x8000);
        assert_eq!(colour15([7, 8, 255], 0), 1 << 5 | 31 << 10);
        assert_eq!(colour15([7, 8, 255], 1), 1 | 1 << 5 | 31 << 10);
    }

    #[test]
    fn the_four_blend_modes() {
        let back = pack15(20, 10, 4, false);
        let front = pack15(8, 30, 8, false);
        assert_eq!(channels5(blend(back, front, BlendMode::Average)), [14, 20, 6]);
        assert_eq!(channels5(blend(back, front, BlendMode::Add)), [28, 31, 12]);
        assert_eq!(channels5(blend(back, front, BlendMode::Subtract)), [12, 0, 0]);
        assert_eq!(channels5(blend(back, front, BlendMode::AddQuarter)), [22, 17, 6]);
    }
}
