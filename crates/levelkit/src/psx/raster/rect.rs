//! Rectangles, GP0(60h–7Fh): untextured tiles and textured sprites of any size, with the texture
//! flip bits of GP0(E1h) (psx-spx "GPU Render Rectangle Commands"). A rectangle covers
//! `[x, x + w) × [y, y + h)`; a sprite steps its texture coordinates one texel a pixel (backwards
//! when flipped) and is never dithered.

use super::pixel::{colour15, modulate, Plot, Sampler};
use super::{wrap11, Frame, Texture};
use crate::psx::vram::{BlendMode, Vram};

/// The texture side of a sprite.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpriteTexture {
    /// The page (GP0(E1h)'s low bits, which a rectangle takes from the draw mode) and palette.
    pub texture: Texture,
    /// The texel at the top-left pixel.
    pub uv: [u8; 2],
    /// GP0(E1h) bit 12: u runs right to left.
    pub flip_x: bool,
    /// GP0(E1h) bit 13: v runs bottom to top.
    pub flip_y: bool,
    /// The command's raw-texture bit: the texel is drawn as it is, not modulated.
    pub raw: bool,
}

/// A rectangle command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rectangle {
    /// Top-left screen X (11-bit signed, wrapped as a vertex's).
    pub x: i16,
    /// Top-left screen Y, as `x`.
    pub y: i16,
    /// Width in pixels (bits 0–9: 0..1023).
    pub width: u16,
    /// Height in pixels (bits 0–8: 0..511).
    pub height: u16,
    /// The tile's colour, or the sprite's modulation colour (0x80 leaves a texel as it is).
    pub colour: [u8; 3],
    /// The sprite's texture; `None` for a plain tile.
    pub texture: Option<SpriteTexture>,
    /// The command's semi-transparency bit (bit 1).
    pub semi_transparent: bool,
    /// Blend mode of an untextured semi-transparent rectangle (a sprite takes its page's).
    pub blend: BlendMode,
}

/// The size a rectangle command draws: bits 3–4 of the command choose variable (the command's size
/// word, width 0..1023, height 0..511), 1×1, 8×8 or 16×16.
pub fn rectangle_size(command: u8, width: u16, height: u16) -> (u16, u16) {
    match (command >> 3) & 3 {
        0 => (width & 0x3FF, height & 0x1FF),
        1 => (1, 1),
        2 => (8, 8),
        _ => (16, 16),
    }
}

/// Draws a rectangle into the frame, clipped to it.
pub fn draw_rectangle(frame: &mut Frame, vram: Option<&Vram>, rect: &Rectangle) {
    let (x, y) = (wrap11(rect.x), wrap11(rect.y));
    let (w, h) = (i32::from(rect.width & 0x3FF), i32::from(rect.height & 0x1FF));
    let (x_end, y_end) = ((x + w).min(frame.width as i32), (y + h).min(frame.height as i32));
    let (x_start, y_start) = (x.max(0), y.max(0));
    if x_start >= x_end || y_start >= y_end {
        return;
    }
    let plot = Plot {
        semi: rect.semi_transparent,
        blend: rect.texture.map_or(rect.blend, |t| t.texture.tpage.blend()),
        mask: frame.mask,
    };
    let width = frame.width as usize;
    let rows = frame.pixels.chunks_exact_mut(width).skip(y_start as usize).take((y_end - y_start) as usize);
    match rect.texture {
        None => {
            let colour = colour15(rect.colour, 0);
            for row in rows {
                for out in &mut row[x_start as usize..x_end as usize] {
                    plot.pixel(out, colour, false);
                }
            }
        }
        Some(t) => {
            let sampler = Sampler::new(vram, t.texture, frame.texture_window);
            // A flipped sprite starts from an odd u (psx-spx/Mednafen: the low bit is forced).
            let (u0, du) = if t.flip_x { (t.uv[0] | 1, 255u8) } else { (t.uv[0], 1) };
            let dv = if t.flip_y { 255u8 } else { 1 };
            let u_left = u0.wrapping_add(du.wrapping_mul((x_start - x) as u8));
            let mut v = t.uv[1].wrapping_add(dv.wrapping_mul((y_start - y) as u8));
            for row in rows {
                let mut u = u_left;
                for out in &mut row[x_start as usize..x_end as usize] {
                    let texel = sampler.fetch(u, v);
                    if texel != 0 {
                        let front = if t.raw { texel } else { modulate(texel, rect.colour, 0) };
                        plot.pixel(out, front, true);
                    }
                    u = u.wrapping_add(du);
                }
                v = v.wrapping_add(dv);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::psx::vram::{Clut, TextureDepth, Tpage};

    fn tile(x: i16, y: i16, width: u16, height: u16) -> Rectangle {
        Rectangle {
            x,
            y,
            width,
            height,
            colour: [255, 0, 0],
            texture: None,
            semi_transparent: false,
            blend: BlendMode::Average,
        }
    }

    #[test]
    fn a_tile_covers_its_size_exactly() {
        let mut frame = Frame::new(32, 32);
        draw_rectangle(&mut frame, None, &tile(3, 4, 5, 2));
        let drawn: Vec<(u32, u32)> = (0..32)
            .flat_map(|y| (0..32).map(move |x| (x, y)))
            .filter(|&(x, y)| frame.get(x, y) != Some(0))
            .collect();
        assert_eq!(drawn.len(), 10);
        assert_eq!(drawn[0], (3, 4));
        assert_eq!(drawn[9], (7, 5));
        // clipped at the frame's edges, zero-sized draws nothing
        let mut frame = Frame::new(8, 8);
        draw_rectangle(&mut frame, None, &tile(-2, 6, 4, 10));
        assert_eq!(frame.pixels.iter().filter(|&&p| p != 0).count(), 4);
        let mut frame = Frame::new(8, 8);
        draw_rectangle(&mut frame, None, &tile(1, 1, 0, 5));
        assert!(frame.pixels.iter().all(|&p| p == 0));
    }

    #[test]
    fn fixed_sizes_by_command() {
        assert_eq!(rectangle_size(0x60, 1500, 700), (1500 & 0x3FF, 700 & 0x1FF));
        assert_eq!(rectangle_size(0x68, 9, 9), (1, 1));
        assert_eq!(rectangle_size(0x70, 9, 9), (8, 8));
        assert_eq!(rectangle_size(0x7C, 9, 9), (16, 16));
    }

    #[test]
    fn sprites_step_texels_and_flip() {
        let mut vram = Vram::new();
        for u in 0..8u32 {
            for v in 0..4u32 {
                vram.set(256 + u, v, (u + 1 + v * 8) as u16);
            }
        }
        let texture = Texture {
            tpage: Tpage::from_parts(4, 0, BlendMode::Average, TextureDepth::Bits15),
            clut: Clut(0),
        };
        let sprite = |flip_x, flip_y, uv| Rectangle {
            texture: Some(SpriteTexture { texture, uv, flip_x, flip_y, raw: true }),
            ..tile(0, 0, 4, 2)
        };
        let row = |frame: &Frame, y| (0..4).map(|x| frame.get(x, y).unwrap()).collect::<Vec<_>>();
        let mut frame = Frame::new(4, 2);
        draw_rectangle(&mut frame, Some(&vram), &sprite(false, false, [0, 0]));
        assert_eq!(row(&frame, 0), [1, 2, 3, 4]);
        assert_eq!(row(&frame, 1), [9, 10, 11, 12]);
        // flipped in x from u = 4: the low bit is forced, so 5, 4, 3, 2
        draw_rectangle(&mut frame, Some(&vram), &sprite(true, false, [4, 0]));
        assert_eq!(row(&frame, 0), [6, 5, 4, 3]);
        // flipped in y from v = 1: rows 1 then 0
        draw_rectangle(&mut frame, Some(&vram), &sprite(false, true, [0, 1]));
        assert_eq!(row(&frame, 0), [9, 10, 11, 12]);
        assert_eq!(row(&frame, 1), [1, 2, 3, 4]);
    }
}
