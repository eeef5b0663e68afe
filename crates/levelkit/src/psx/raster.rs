//! The GPU's rasteriser in software: a 15-bit framebuffer, gouraud-shaded and affine-textured
//! triangles and quads ([`draw_packet`]), rectangles ([`rect`]) and lines ([`line`](mod@line)) with the GPU's
//! drawing rules, checked pixel for pixel against VRAM dumps of a real console (tests/ps1_hw).
//!
//! Rules followed (psx-spx "GPU Render Polygon Commands", "GPU Rendering Attributes", "GPU (MISC)"):
//! pixels are sampled at integer coordinates, the right and bottom edges are excluded (so two
//! triangles sharing an edge never draw a pixel twice), a polygon with an edge longer than 1023
//! horizontally or 511 vertically is not drawn, quads are triangles (0,1,2) and (1,2,3), colours and
//! texture coordinates are interpolated as the GPU does it ([`interp`]), a texel of 0x0000 is
//! skipped, a modulated colour is texel × vertex colour / 128 saturated, semi-transparency applies to
//! texels with bit 15 when the packet asks for it, dithering (when on) adds the GPU's 4×4 offsets to
//! gouraud and modulated pixels before the 8→5-bit reduction, and the texture window and the mask
//! bit apply ([`pixel`]).
#![expect(
    clippy::cast_possible_truncation,
    reason = "the GPU's fixed-point edge, colour and texture arithmetic narrows by truncation as the hardware \
              does (checked pixel for pixel against console dumps); every narrowed value is in range or wraps on purpose"
)]

pub mod interp;
pub mod line;
pub mod pixel;
pub mod rect;
#[cfg(test)]
mod tests;

use super::image::RgbImage;
use super::vram::{channels5, widen5, BlendMode, Clut, Tpage, Vram};
use interp::{integer, Gradients};
pub use line::{draw_line, draw_polyline, LinePoint, LineStyle};
pub use pixel::{blend, MaskBit, TextureWindow, DITHER};
use pixel::{colour15, modulate, Plot, Sampler, SpecialisedDraw, Texels, Untextured};
pub use rect::{draw_rectangle, rectangle_size, Rectangle, SpriteTexture};

/// A polygon edge longer than this horizontally drops the polygon.
pub const MAX_EDGE_X: i32 = 1023;
/// A polygon edge longer than this vertically drops the polygon.
pub const MAX_EDGE_Y: i32 = 511;

/// A 15-bit framebuffer: the drawing area, screen coordinate (0, 0) at its top-left, and the draw
/// mode settings that apply to every primitive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Width of the drawing area in pixels.
    pub width: u32,
    /// Height of the drawing area in pixels.
    pub height: u32,
    /// R bits 0–4, G 5–9, B 10–14, bit 15 the texel's semi-transparency bit or the mask bit.
    pub pixels: Vec<u16>,
    /// GP0(E1h) bit 9: dither gouraud-shaded and modulated primitives.
    pub dither: bool,
    /// GP0(E2h): the texture window.
    pub texture_window: TextureWindow,
    /// GP0(E6h): the mask bit.
    pub mask: MaskBit,
}

impl Frame {
    /// A black frame of `width` × `height`: no dithering, no texture window, mask bit neither set nor checked.
    pub fn new(width: u32, height: u32) -> Frame {
        Frame {
            width,
            height,
            pixels: vec![0; width as usize * height as usize],
            dither: false,
            texture_window: TextureWindow::default(),
            mask: MaskBit::default(),
        }
    }
    /// Fills the frame with one 15-bit colour.
    pub fn clear(&mut self, colour: u16) {
        self.pixels.fill(colour);
    }

    /// The pixel at (x, y); `None` outside the frame.
    pub fn get(&self, x: u32, y: u32) -> Option<u16> {
        if x < self.width && y < self.height {
            self.pixels.get(y as usize * self.width as usize + x as usize).copied()
        } else {
            None
        }
    }

    /// The frame as RGB8 (5-bit channels widened so that 31 is 255), ready for PNG.
    pub fn to_rgb_image(&self) -> RgbImage {
        let mut image = RgbImage::new(self.width, self.height);
        for (out, &p) in image.pixels.chunks_exact_mut(3).zip(&self.pixels) {
            let [r, g, b] = channels5(p);
            out.copy_from_slice(&[widen5(r), widen5(g), widen5(b)]);
        }
        image
    }
}

/// One polygon vertex as a packet carries it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Vertex {
    /// Screen position (11-bit signed on the GPU; wider values wrap as the hardware's fields do).
    pub x: i16,
    /// Screen position Y, as `x`.
    pub y: i16,
    /// Gouraud colour; for textured polygons 0x80 leaves the texel as it is.
    pub colour: [u8; 3],
    /// Texture coordinate inside the page.
    pub uv: [u8; 2],
}

/// What a textured packet names: its page and palette.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Texture {
    /// The texture page attribute: where the page is in VRAM, its colour depth and blend mode.
    pub tpage: Tpage,
    /// The palette's position in VRAM (used by 4- and 8-bit pages).
    pub clut: Clut,
}

/// A gouraud-shaded polygon packet (POLY_G3/G4, or POLY_GT3/GT4 with a texture).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Packet {
    /// Vertices in the GPU's order: a quad is triangles (0,1,2) and (1,2,3) ("Z" order).
    pub vertices: [Vertex; 4],
    /// 3 or 4.
    pub count: u8,
    /// The page and palette of a POLY_GT3/GT4; `None` for POLY_G3/G4.
    pub texture: Option<Texture>,
    /// The packet's semi-transparency bit (ABE).
    pub semi_transparent: bool,
    /// Gouraud shading (POLY_G*): dithered when the frame dithers. A flat untextured polygon is not.
    pub gouraud: bool,
    /// The raw-texture bit: texels are drawn as they are, not modulated (nor dithered).
    pub raw_texture: bool,
    /// Blend mode of an untextured semi-transparent packet (a textured one takes its tpage's).
    pub blend: BlendMode,
}

impl Packet {
    /// An opaque gouraud triangle (POLY_G3, or POLY_GT3 with a texture), its texels modulated.
    pub fn triangle(vertices: [Vertex; 3], texture: Option<Texture>) -> Packet {
        let [a, b, c] = vertices;
        Packet {
            vertices: [a, b, c, Vertex::default()],
            count: 3,
            texture,
            semi_transparent: false,
            gouraud: true,
            raw_texture: false,
            blend: BlendMode::Average,
        }
    }

    /// An opaque gouraud quad (POLY_G4/GT4), vertices in the GPU's "Z" order; otherwise as [`Packet::triangle`].
    pub fn quad(vertices: [Vertex; 4], texture: Option<Texture>) -> Packet {
        Packet { vertices, count: 4, ..Packet::triangle([vertices[0], vertices[1], vertices[2]], texture) }
    }
}

/// The 11-bit signed field the GPU reads a coordinate from.
#[inline]
pub(crate) fn wrap11(v: i16) -> i32 {
    (i32::from(v) << 21) >> 21
}

/// Draws a packet. A textured packet needs `vram`; without it, it is drawn as if every texel were white
/// (0x7FFF), i.e. its gouraud colour × 2.
pub fn draw_packet(frame: &mut Frame, vram: Option<&Vram>, packet: &Packet) {
    let n = if packet.count == 4 { 4 } else { 3 };
    let v = packet.vertices;
    let pos = v.map(|v| [wrap11(v.x), wrap11(v.y)]);
    // The five edges of the two triangles: the GPU drops the whole primitive if one is too long.
    let edges: &[(usize, usize)] =
        if n == 4 { &[(0, 1), (1, 2), (2, 0), (1, 3), (2, 3)] } else { &[(0, 1), (1, 2), (2, 0)] };
    for &(a, b) in edges {
        if (pos[a][0] - pos[b][0]).abs() > MAX_EDGE_X || (pos[a][1] - pos[b][1]).abs() > MAX_EDGE_Y {
            return;
        }
    }
    draw_triangle(frame, vram, packet, [0, 1, 2], &pos);
    if n == 4 {
        draw_triangle(frame, vram, packet, [1, 2, 3], &pos);
    }
}

/// Calls `span(y, x_start, x_end)` for every row of pixels a triangle covers inside `0..width ×
/// 0..height`, with `x_end` excluded. Vertex coordinates are in units of 1/2^`sub` pixel; a pixel's
/// sample point is its top-left corner when `sub` is 0 (the GPU) and its centre otherwise. A pixel
/// exactly on a left or top edge is drawn, one exactly on a right or bottom edge is not.
pub fn triangle_spans(
    p: [[i32; 2]; 3],
    sub: u32,
    width: i32,
    height: i32,
    mut span: impl FnMut(i32, i32, i32),
) {
    let mut v = p;
    v.sort_by_key(|q| q[1]);
    let [a, b, c] = v;
    let cross =
        i64::from(b[0] - a[0]) * i64::from(c[1] - a[1]) - i64::from(c[0] - a[0]) * i64::from(b[1] - a[1]);
    if cross == 0 {
        return;
    }
    let s = 1i64 << sub;
    let o = if sub == 0 { 0 } else { s / 2 };
    // first row whose sample y is at or below `y`
    let row_at = |y: i32| -> i32 {
        (i64::from(y) - o).div_euclid(s) as i32 + i32::from((i64::from(y) - o).rem_euclid(s) != 0)
    };
    let (top, mid, bottom) = (row_at(a[1]), row_at(b[1]), row_at(c[1]));
    let long_is_left = cross > 0;
    for (from, to, y0, y1) in [(a, b, top, mid), (b, c, mid, bottom)] {
        // Start both edges at the first visible row directly: rows above the frame cost nothing.
        let (y_start, y_end) = (y0.max(0), y1.min(height));
        if y_start >= y_end {
            continue;
        }
        let mut short = EdgeWalk::new(from, to, y_start, sub);
        let mut long = EdgeWalk::new(a, c, y_start, sub);
        for y in y_start..y_end {
            let (l, r) = if long_is_left { (long.x, short.x) } else { (short.x, long.x) };
            let (l, r) = (l.max(0), r.min(i64::from(width)));
            if l < r {
                span(y, l as i32, r as i32);
            }
            short.step();
            long.step();
        }
    }
}

/// `a.div_euclid(b)` for `b > 0`, in 32 bits when both fit (the GPU's 11-bit coordinates always do, and a
/// 32-bit division is several times faster than a 64-bit one).
#[inline]
fn div_floor(a: i64, b: i64) -> i64 {
    match (i32::try_from(a), i32::try_from(b)) {
        (Ok(a), Ok(b)) => i64::from(a.div_euclid(b)),
        _ => a.div_euclid(b),
    }
}

/// The first pixel column at or right of an edge, row after row, in exact integer arithmetic.
#[derive(Clone, Copy, Debug)]
struct EdgeWalk {
    /// ceil of the edge's x at the current row's sample y, in pixels
    x: i64,
    /// x·den − numerator, kept in 0..den
    rem: i64,
    den: i64,
    step_q: i64,
    step_r: i64,
}

impl EdgeWalk {
    fn new(from: [i32; 2], to: [i32; 2], row: i32, sub: u32) -> EdgeWalk {
        let s = 1i64 << sub;
        let o = if sub == 0 { 0 } else { s / 2 };
        let dy = i64::from(to[1] - from[1]).max(1);
        let dx = i64::from(to[0] - from[0]);
        // column = ceil(((x0 − o)·dy + (row·s + o − y0)·dx) / (s·dy))
        let den = s * dy;
        let num = (i64::from(from[0]) - o) * dy + (i64::from(row) * s + o - i64::from(from[1])) * dx;
        let below = div_floor(num, den);
        let x = below + i64::from(below * den != num);
        let step = s * dx;
        let step_q = div_floor(step, den);
        EdgeWalk { x, rem: x * den - num, den, step_q, step_r: step - step_q * den }
    }

    #[inline]
    fn step(&mut self) {
        self.x += self.step_q;
        self.rem -= self.step_r;
        if self.rem < 0 {
            self.x += 1;
            self.rem += self.den;
        }
    }
}

fn draw_triangle(
    frame: &mut Frame,
    vram: Option<&Vram>,
    packet: &Packet,
    idx: [usize; 3],
    pos: &[[i32; 2]; 4],
) {
    let p = idx.map(|i| pos[i]);
    let vs = idx.map(|i| packet.vertices[i]);
    let Some(gradients) =
        Gradients::new(p, vs.map(|v| [v.colour[0], v.colour[1], v.colour[2], v.uv[0], v.uv[1]]))
    else {
        return;
    };
    let plot = Plot {
        semi: packet.semi_transparent,
        blend: packet.texture.map_or(packet.blend, |t| t.tpage.blend()),
        mask: frame.mask,
    };
    let dither = frame.dither && (packet.gouraud || packet.texture.is_some()) && !packet.raw_texture;
    let window = frame.texture_window;
    let rules = Rules { plot, dither, raw: packet.raw_texture, window };
    let triangle = Triangle { frame, p, gradients, rules };
    match packet.texture {
        Some(t) => Sampler::new(vram, t, window).specialise(triangle),
        None => triangle.run(Untextured),
    }
}

/// One triangle's pixels to shade, whatever its texel source.
struct Triangle<'f> {
    frame: &'f mut Frame,
    p: [[i32; 2]; 3],
    gradients: Gradients,
    rules: Rules,
}

impl SpecialisedDraw<()> for Triangle<'_> {
    fn run<T: Texels>(self, texels: T) {
        // The room renderer's packets (opaque, undithered, modulated, no window, mask off) take a loop
        // with those settings known at compile time; any other, the same loop reading them.
        if self.rules.is_plain() {
            self.fill(texels, Plain)
        } else {
            let rules = self.rules;
            self.fill(texels, rules)
        }
    }
}

impl Triangle<'_> {
    #[inline(always)]
    fn fill<T: Texels, F: Finish>(self, texels: T, finish: F) {
        let Triangle { frame, p, gradients: g, .. } = self;
        let (w, h) = (frame.width as i32, frame.height as i32);
        let pixels = &mut frame.pixels;
        triangle_spans(p, 0, w, h, |y, x0, x1| {
            let mut at = g.at(x0, y);
            let row = &mut pixels[(y * w) as usize..][x0 as usize..x1 as usize];
            let offsets = finish.dither_row(y);
            for (x, out) in (x0..).zip(row.iter_mut()) {
                let rgb = [integer(at[0]), integer(at[1]), integer(at[2])];
                let offset = offsets[(x & 3) as usize];
                if T::TEXTURED {
                    let (u, v) = finish.window(integer(at[3]), integer(at[4]));
                    let texel = texels.fetch(u, v);
                    if texel != 0 {
                        finish.write(
                            out,
                            if finish.raw() { texel } else { modulate(texel, rgb, offset) },
                            true,
                        );
                    }
                } else {
                    finish.write(out, colour15(rgb, offset), false);
                }
                for (a, step) in at.iter_mut().zip(g.dx) {
                    *a = a.wrapping_add(step);
                }
            }
        });
    }
}

/// The per-primitive settings that decide how a chosen pixel is finished.
trait Finish: Copy {
    /// The dither offsets of row `y`, by x mod 4 (zeros without dithering).
    fn dither_row(&self, y: i32) -> [i32; 4];
    /// The texture window applied to an interpolated (u, v).
    fn window(&self, u: u8, v: u8) -> (u8, u8);
    /// Texels are drawn as they are, not modulated.
    fn raw(&self) -> bool;
    /// Writes a pixel (see [`Plot::pixel`]).
    fn write(&self, out: &mut u16, front: u16, textured: bool);
}

/// Any packet's settings, read pixel by pixel.
#[derive(Clone, Copy)]
struct Rules {
    plot: Plot,
    dither: bool,
    raw: bool,
    window: TextureWindow,
}

impl Rules {
    /// The settings [`Plain`] assumes.
    fn is_plain(&self) -> bool {
        self.plot.is_opaque() && !self.dither && !self.raw && self.window == TextureWindow::default()
    }
}

impl Finish for Rules {
    #[inline(always)]
    fn dither_row(&self, y: i32) -> [i32; 4] {
        if self.dither {
            DITHER[(y & 3) as usize].map(i32::from)
        } else {
            [0; 4]
        }
    }
    #[inline(always)]
    fn window(&self, u: u8, v: u8) -> (u8, u8) {
        self.window.apply(u, v)
    }
    #[inline(always)]
    fn raw(&self) -> bool {
        self.raw
    }
    #[inline(always)]
    fn write(&self, out: &mut u16, front: u16, textured: bool) {
        self.plot.pixel(out, front, textured)
    }
}

/// [`Rules`] that [`Rules::is_plain`]: opaque, no dither, modulated, no window, mask bit off.
#[derive(Clone, Copy)]
struct Plain;

impl Finish for Plain {
    #[inline(always)]
    fn dither_row(&self, _: i32) -> [i32; 4] {
        [0; 4]
    }
    #[inline(always)]
    fn window(&self, u: u8, v: u8) -> (u8, u8) {
        (u, v)
    }
    #[inline(always)]
    fn raw(&self) -> bool {
        false
    }
    #[inline(always)]
    fn write(&self, out: &mut u16, front: u16, _: bool) {
        // Plot::pixel with an opaque plot and the mask bit off.
        *out = front;
    }
}
