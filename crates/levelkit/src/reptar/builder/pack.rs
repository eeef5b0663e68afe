//! New texture images into free VRAM: texels in a texture page, palettes (CLUTs) beside them.
//!
//! - **Texels**: an RGBA8 pixel with alpha below 128 is the transparent texel 0x0000; any other is its
//!   15-bit colour (each channel's top 5 bits), and an opaque black, which would read as transparent, is
//!   0x8000 (black with the semi-transparency bit, opaque unless a packet asks for blending).
//! - **Depth**: at most 16 distinct texels make a 4-bit texture, at most 256 an 8-bit one, more a 15-bit
//!   one. When no room is left at that depth the colours are reduced (the lowest bits of each channel
//!   dropped, one at a time, until few enough) and the next smaller depth is tried.
//! - **Free**: a halfword is free when it is zero in the VRAM given (all of it without one), lies outside
//!   [`RESERVED_DISPLAY`] (where the display buffers usually are; where the game keeps them is not
//!   known) and is not read by any texture entry of the table (its texels' rectangle, its CLUT).
//! - **Where**: the first free place, pages in order (y 0 before 256, x left to right), top to bottom,
//!   left to right inside the page; the texture stays inside its page (u and v from 0 to 255). CLUTs go on
//!   the lowest free line, left to right, at x a multiple of 16.

use super::BuildError;
use crate::mesh::Image;
use crate::num::saturate;
use crate::psx::vram::{pack15, BlendMode, Clut, TextureDepth, Tpage, Vram, VRAM_HEIGHT, VRAM_WIDTH};
use crate::reptar::TextureEntry;
use serde::Serialize;
use std::collections::BTreeMap;

/// VRAM kept free of new textures: x, y, width, height in halfwords (two 320×240 display buffers).
pub const RESERVED_DISPLAY: [u32; 4] = [0, 0, 320, 480];

const W: usize = VRAM_WIDTH;
const H: usize = VRAM_HEIGHT;

/// Where an image went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Placement {
    /// The texpage attribute of the page it went into: position and depth, blend mode 0 (average).
    pub tpage: u16,
    /// 0 for 15-bit textures.
    pub clut: u16,
    /// The image's top-left texel in its page.
    pub u: u8,
    /// The image's top-left texel's v in its page.
    pub v: u8,
    /// Width in texels.
    pub width: u32,
    /// Height in texels.
    pub height: u32,
    /// 4, 8 or 15.
    pub bits: u8,
}

pub struct Packer {
    vram: Vram,
    used: Vec<bool>,
}

/// A VRAM position or size (at most 1024) as the `u32` [`Vram`] takes.
fn coord(v: usize) -> u32 {
    saturate(v)
}

fn mark(used: &mut [bool], x0: u32, y0: u32, w: u32, h: u32) {
    for y in y0..(y0 + h).min(coord(H)) {
        for x in x0..(x0 + w).min(coord(W)) {
            used[y as usize * W + x as usize] = true;
        }
    }
}

/// The image's texels as 15-bit colours (see the module docs).
fn texels(image: &Image) -> Vec<u16> {
    image
        .rgba
        .chunks_exact(4)
        .map(|p| match pack15(p[0] >> 3, p[1] >> 3, p[2] >> 3, false) {
            _ if p[3] < 128 => 0,
            0 => 0x8000,
            c => c,
        })
        .collect()
}

/// The texels with each channel's lowest `drop` bits cleared (opaque colours stay opaque).
fn reduced(texels: &[u16], drop: u32) -> Vec<u16> {
    let keep = (0x1Fu16 >> drop) << drop;
    let mask = keep | keep << 5 | keep << 10 | 0x8000;
    texels
        .iter()
        .map(|&t| if t == 0 { 0 } else { (t & mask).max(0x8000 * u16::from(t & mask == 0)) })
        .collect()
}

/// The depth a number of distinct colours needs.
fn depth_for(colours: usize) -> TextureDepth {
    match colours {
        0..=16 => TextureDepth::Bits4,
        17..=256 => TextureDepth::Bits8,
        _ => TextureDepth::Bits15,
    }
}

fn palette_len(depth: TextureDepth) -> u32 {
    match depth {
        TextureDepth::Bits4 => 16,
        TextureDepth::Bits8 => 256,
        TextureDepth::Bits15 => 0,
    }
}

impl Packer {
    /// Free VRAM is what `vram` (all zero without one) and `table` leave (see the module docs).
    pub fn new(vram: Option<&Vram>, table: &[TextureEntry]) -> Packer {
        let vram = vram.cloned().unwrap_or_default();
        let mut used: Vec<bool> = vram.words().iter().map(|&w| w != 0).collect();
        let [rx, ry, rw, rh] = RESERVED_DISPLAY;
        mark(&mut used, rx, ry, rw, rh);
        for e in table {
            let t = Tpage(e.tpage);
            let per = t.depth().texels_per_halfword();
            let uvs = e.uvs();
            let (umin, umax) =
                uvs.iter().fold((255u32, 0u32), |(a, b), uv| (a.min(uv[0].into()), b.max(uv[0].into())));
            let (vmin, vmax) =
                uvs.iter().fold((255u32, 0u32), |(a, b), uv| (a.min(uv[1].into()), b.max(uv[1].into())));
            let x = t.x_base() + umin / per;
            mark(
                &mut used,
                x,
                t.y_base() + vmin,
                (t.x_base() + umax / per + 1).saturating_sub(x),
                vmax + 1 - vmin.min(vmax + 1),
            );
            let clut = Clut(e.clut);
            mark(&mut used, clut.x(), clut.y(), palette_len(t.depth()), 1);
        }
        Packer { vram, used }
    }

    /// The VRAM with every placed texture.
    pub fn into_vram(self) -> Vram {
        self.vram
    }

    /// Summed-area table of `used`: `(W + 1) × (H + 1)`.
    fn sums(&self) -> Vec<u32> {
        let mut s = vec![0u32; (W + 1) * (H + 1)];
        for y in 0..H {
            let mut row = 0u32;
            for x in 0..W {
                row += u32::from(self.used[y * W + x]);
                s[(y + 1) * (W + 1) + x + 1] = s[y * (W + 1) + x + 1] + row;
            }
        }
        s
    }

    /// Packs an image (at most 256×256) and writes its texels and palette.
    pub fn place(&mut self, image: &Image) -> Result<Placement, BuildError> {
        let (w, h) = (image.width, image.height);
        if w > 256 || h > 256 {
            return Err(BuildError::TextureTooLarge { name: image.name.clone(), width: w, height: h });
        }
        let sums = self.sums();
        let free = |x: usize, y: usize, w: usize, h: usize| {
            let at = |x: usize, y: usize| sums[y * (W + 1) + x];
            x + w <= W && y + h <= H && at(x + w, y + h) + at(x, y) == at(x + w, y) + at(x, y + h)
        };
        let original = texels(image);
        let mut drop = 0;
        let mut depth = depth_for(distinct(&original).len());
        loop {
            let colours = reduced(&original, drop);
            let palette = distinct(&colours);
            if depth_for(palette.len()) as u8 > depth as u8 {
                drop += 1;
                continue;
            }
            if let Some(placement) = self.find(&free, w, h, depth) {
                self.write(&colours, &palette, placement, depth);
                return Ok(placement.0);
            }
            depth = match depth {
                TextureDepth::Bits15 => TextureDepth::Bits8,
                TextureDepth::Bits8 => TextureDepth::Bits4,
                TextureDepth::Bits4 => {
                    return Err(BuildError::NoVram { name: image.name.clone(), width: w, height: h })
                }
            };
        }
    }

    /// A free place for the texels and the palette: (placement, texel x, texel y, clut x, clut y).
    fn find(
        &self,
        free: &impl Fn(usize, usize, usize, usize) -> bool,
        w: u32,
        h: u32,
        depth: TextureDepth,
    ) -> Option<(Placement, usize, usize, usize, usize)> {
        let per = depth.texels_per_halfword() as usize;
        let (w, h) = (w as usize, h as usize);
        let halfwords = w.div_ceil(per);
        let span = 256 / per;
        let palette = palette_len(depth) as usize;
        let clut = if palette == 0 {
            Some((0, 0))
        } else {
            (0..H)
                .rev()
                .find_map(|y| (0..=W - palette).step_by(16).find(|&x| free(x, y, palette, 1)).map(|x| (x, y)))
        }?;
        for page_y in [0usize, 256] {
            for page in 0..16usize {
                let x0 = page * 64;
                for y in page_y..=page_y + 256 - h {
                    for x in x0..=(x0 + span - halfwords).min(W - halfwords) {
                        // The palette must not overlap the texels.
                        let overlaps = palette > 0
                            && clut.1 >= y
                            && clut.1 < y + h
                            && clut.0 < x + halfwords
                            && x < clut.0 + palette;
                        if free(x, y, halfwords, h) && !overlaps {
                            let tpage = Tpage::from_parts(
                                saturate(page),
                                saturate(page_y / 256),
                                BlendMode::Average,
                                depth,
                            );
                            let placement = Placement {
                                tpage: tpage.0,
                                clut: if palette == 0 { 0 } else { Clut::at(coord(clut.0), coord(clut.1)).0 },
                                u: u8::try_from((x - x0) * per).ok()?,
                                v: u8::try_from(y - page_y).ok()?,
                                width: coord(w),
                                height: coord(h),
                                bits: match depth {
                                    TextureDepth::Bits4 => 4,
                                    TextureDepth::Bits8 => 8,
                                    TextureDepth::Bits15 => 15,
                                },
                            };
                            return Some((placement, x, y, clut.0, clut.1));
                        }
                    }
                }
            }
        }
        None
    }

    fn write(
        &mut self,
        colours: &[u16],
        palette: &[u16],
        at: (Placement, usize, usize, usize, usize),
        depth: TextureDepth,
    ) {
        let (p, tx, ty, cx, cy) = at;
        let per = depth.texels_per_halfword() as usize;
        let bits = 16 / per;
        let index: BTreeMap<u16, u16> = palette.iter().enumerate().map(|(i, &c)| (c, saturate(i))).collect();
        let (w, h) = (p.width as usize, p.height as usize);
        for y in 0..h {
            for hx in 0..w.div_ceil(per) {
                let mut word = 0u16;
                for k in 0..per {
                    let x = hx * per + k;
                    if x >= w {
                        break;
                    }
                    let c = colours[y * w + x];
                    let value = if per == 1 { c } else { index.get(&c).copied().unwrap_or(0) };
                    word |= value << (k * bits);
                }
                self.vram.set(coord(tx + hx), coord(ty + y), word);
            }
        }
        mark(&mut self.used, coord(tx), coord(ty), coord(w.div_ceil(per)), coord(h));
        if per > 1 {
            for (i, &c) in palette.iter().enumerate() {
                self.vram.set(coord(cx + i), coord(cy), c);
            }
            mark(&mut self.used, coord(cx), coord(cy), palette_len(depth), 1);
        }
    }
}

/// The distinct colours, sorted (the palette order).
fn distinct(texels: &[u16]) -> Vec<u16> {
    let mut v = texels.to_vec();
    v.sort_unstable();
    v.dedup();
    v
}
