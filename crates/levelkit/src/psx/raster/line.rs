//! Lines, GP0(40h–5Fh): flat and gouraud, single and poly-lines (psx-spx "GPU Render Line
//! Commands"). A line steps along its longer axis one pixel at a time, both end points included, in
//! 32.32 fixed point from the pixel's centre (rounded half toward the line's start), with colours in
//! 8.12; it is drawn left to right whatever order its end points come in. A line longer than 1023
//! horizontally or 511 vertically is not drawn. In a poly-line every segment is a line of its own, so
//! the shared points are drawn twice.

use super::pixel::{colour15, Plot, DITHER};
use super::{wrap11, Frame};
use crate::psx::vram::BlendMode;

/// One end of a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct LinePoint {
    /// Screen X (11-bit signed on the GPU, like a polygon vertex's).
    pub x: i16,
    /// Screen Y, as `x`.
    pub y: i16,
    /// The point's colour; only the first point's without gouraud.
    pub colour: [u8; 3],
}

/// How a line is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineStyle {
    /// Colours interpolated between the points (dithered when the frame dithers); otherwise the first
    /// point's colour, undithered.
    pub gouraud: bool,
    /// The command's semi-transparency bit (bit 1).
    pub semi_transparent: bool,
    /// How a semi-transparent line blends (on the console the draw mode's, GP0(E1h) bits 5–6).
    pub blend: BlendMode,
}

const XY_FRACTION: u32 = 32;
const COLOUR_FRACTION: u32 = 12;

/// `delta / steps` in 32.32, rounded away from zero.
fn xy_step(delta: i64, steps: i64) -> i64 {
    let n = delta << XY_FRACTION;
    let n = if n < 0 {
        n - (steps - 1)
    } else if n > 0 {
        n + (steps - 1)
    } else {
        0
    };
    n / steps
}

/// Draws one line segment.
pub fn draw_line(frame: &mut Frame, from: LinePoint, to: LinePoint, style: LineStyle) {
    let (mut a, mut b) = (from, to);
    let (ax, ay, bx, by) = (wrap11(a.x), wrap11(a.y), wrap11(b.x), wrap11(b.y));
    let (dx, dy) = ((bx - ax).abs(), (by - ay).abs());
    if dx >= 1024 || dy >= 512 {
        return;
    }
    let steps = i64::from(dx.max(dy));
    let (mut ax, mut ay, mut bx, mut by) = (ax, ay, bx, by);
    if ax >= bx && steps > 0 {
        std::mem::swap(&mut a, &mut b);
        std::mem::swap(&mut ax, &mut bx);
        std::mem::swap(&mut ay, &mut by);
    }
    let (sx, sy) = if steps == 0 {
        (0, 0)
    } else {
        (xy_step(i64::from(bx - ax), steps), xy_step(i64::from(by - ay), steps))
    };
    let half = 1i64 << (XY_FRACTION - 1);
    let mut x = (i64::from(ax) << XY_FRACTION) + half - 1024;
    let mut y = (i64::from(ay) << XY_FRACTION) + half - if sy < 0 { 1024 } else { 0 };
    let colour_step = |c: usize| {
        if steps == 0 || !style.gouraud {
            0
        } else {
            ((i32::from(b.colour[c]) - i32::from(a.colour[c])) << COLOUR_FRACTION) / steps as i32
        }
    };
    let dc = [colour_step(0), colour_step(1), colour_step(2)];
    let mut c = a.colour.map(|c| (i32::from(c) << COLOUR_FRACTION) | (1 << (COLOUR_FRACTION - 1)));
    let plot = Plot { semi: style.semi_transparent, blend: style.blend, mask: frame.mask };
    let (w, h) = (i64::from(frame.width), i64::from(frame.height));
    for _ in 0..=steps {
        let (px, py) = ((x >> XY_FRACTION) & 2047, (y >> XY_FRACTION) & 2047);
        if px < w && py < h {
            let rgb = c.map(|v| (v >> COLOUR_FRACTION) as u8);
            let offset = if style.gouraud && frame.dither {
                i32::from(DITHER[(py & 3) as usize][(px & 3) as usize])
            } else {
                0
            };
            let out = &mut frame.pixels[(py * w + px) as usize];
            plot.pixel(out, colour15(rgb, offset), false);
        }
        x += sx;
        y += sy;
        for k in 0..3 {
            c[k] += dc[k];
        }
    }
}

/// Draws a poly-line: each consecutive pair of points as a line.
pub fn draw_polyline(frame: &mut Frame, points: &[LinePoint], style: LineStyle) {
    for pair in points.windows(2) {
        draw_line(frame, pair[0], pair[1], style);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FLAT: LineStyle = LineStyle { gouraud: false, semi_transparent: false, blend: BlendMode::Average };

    fn point(x: i16, y: i16) -> LinePoint {
        LinePoint { x, y, colour: [255, 255, 255] }
    }

    fn drawn(frame: &Frame) -> Vec<(u32, u32)> {
        (0..frame.height)
            .flat_map(|y| (0..frame.width).map(move |x| (x, y)))
            .filter(|&(x, y)| frame.get(x, y) != Some(0))
            .collect()
    }

    #[test]
    fn end_points_are_both_drawn_and_order_does_not_matter() {
        let mut forward = Frame::new(16, 16);
        draw_line(&mut forward, point(1, 2), point(9, 5), FLAT);
        let mut backward = Frame::new(16, 16);
        draw_line(&mut backward, point(9, 5), point(1, 2), FLAT);
        assert_eq!(forward, backward);
        let pixels = drawn(&forward);
        assert_eq!(pixels.len(), 9, "one pixel a step along x, both ends");
        assert!(pixels.contains(&(1, 2)) && pixels.contains(&(9, 5)));
        // a point is a one-pixel line
        let mut frame = Frame::new(4, 4);
        draw_line(&mut frame, point(2, 3), point(2, 3), FLAT);
        assert_eq!(drawn(&frame), [(2, 3)]);
    }

    #[test]
    fn a_diagonal_steps_both_axes() {
        let mut frame = Frame::new(8, 8);
        draw_line(&mut frame, point(0, 7), point(7, 0), FLAT);
        assert_eq!(drawn(&frame).len(), 8);
        for i in 0..8 {
            assert_ne!(frame.get(i, 7 - i), Some(0));
        }
    }

    #[test]
    fn gouraud_lines_run_from_colour_to_colour() {
        let mut frame = Frame::new(32, 1);
        let style = LineStyle { gouraud: true, ..FLAT };
        let a = LinePoint { x: 0, y: 0, colour: [0, 0, 0] };
        let b = LinePoint { x: 31, y: 0, colour: [248, 0, 0] };
        draw_line(&mut frame, a, b, style);
        // 248/31 = 8 a step: pixel i has red 8i → 5-bit value i
        for i in 0..32 {
            assert_eq!(frame.get(i, 0).unwrap() & 0x1F, i as u16);
        }
    }

    #[test]
    fn too_long_lines_are_dropped_and_polylines_share_points() {
        let mut frame = Frame::new(16, 16);
        draw_line(&mut frame, point(-1000, 0), point(24, 0), FLAT);
        assert!(drawn(&frame).is_empty());
        let style = LineStyle { semi_transparent: true, blend: BlendMode::Add, ..FLAT };
        let mut frame = Frame::new(16, 16);
        let dim = |x, y| LinePoint { x, y, colour: [64, 64, 64] };
        draw_polyline(&mut frame, &[dim(0, 0), dim(4, 0), dim(4, 4)], style);
        // the corner (4, 0) is drawn by both segments: twice as bright under additive blending
        assert_eq!(frame.get(3, 0).unwrap() & 0x1F, 8);
        assert_eq!(frame.get(4, 0).unwrap() & 0x1F, 16);
    }
}
