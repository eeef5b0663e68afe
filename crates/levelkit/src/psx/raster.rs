//! The GPU's polygon rasteriser in software: a 15-bit framebuffer, gouraud-shaded and affine-textured
//! triangles and quads with the GPU's drawing rules.
//!
//! Rules followed (psx-spx "GPU Render Polygon Commands", "GPU Rendering Attributes", "GPU (MISC)"):
//! pixels are sampled at integer coordinates, the right and bottom edges are excluded (so two
//! triangles sharing an edge never draw a pixel twice), a polygon with an edge longer than 1023
//! horizontally or 511 vertically is not drawn, quads are triangles (0,1,2) and (1,2,3), texture
//! coordinates are interpolated linearly on screen (affine), a texel of 0x0000 is skipped, a textured
//! colour is texel × vertex colour / 128 saturated, semi-transparency applies to texels with bit 15
//! when the packet asks for it, and dithering (when on) adds the GPU's 4×4 offsets before the 8→5-bit
//! reduction.
//!
//! Not modelled: the texture window, the mask bit test, the GPU's exact interpolation rounding
//! (values here are exact at vertices and within a 1/256 of the true plane elsewhere).

use super::image::RgbImage;
use super::vram::{
    channels5, pack15, widen5, BlendMode, Clut, TextureDepth, Tpage, Vram, SEMI_TRANSPARENT_BIT,
};

/// A polygon edge longer than this horizontally drops the polygon.
pub const MAX_EDGE_X: i32 = 1023;
/// A polygon edge longer than this vertically drops the polygon.
pub const MAX_EDGE_Y: i32 = 511;

/// The GPU's dither offsets, by (y mod 4, x mod 4).
pub const DITHER: [[i8; 4]; 4] = [[-4, 0, -3, 1], [2, -2, 3, -1], [-3, 1, -4, 0], [3, -1, 2, -2]];

/// A 15-bit framebuffer: the drawing area, screen coordinate (0, 0) at its top-left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    pub width: u32,
    pub height: u32,
    /// R bits 0–4, G 5–9, B 10–14, bit 15 the texel's semi-transparency bit (as the GPU writes it).
    pub pixels: Vec<u16>,
    /// GP0(E1h) bit 9: dither gouraud-shaded and modulated polygons.
    pub dither: bool,
}

impl Frame {
    pub fn new(width: u32, height: u32) -> Frame {
        Frame { width, height, pixels: vec![0; width as usize * height as usize], dither: false }
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
    pub y: i16,
    /// Gouraud colour; for textured polygons 0x80 leaves the texel as it is.
    pub colour: [u8; 3],
    /// Texture coordinate inside the page.
    pub uv: [u8; 2],
}

/// What a textured packet names: its page and palette.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Texture {
    pub tpage: Tpage,
    pub clut: Clut,
}

/// A gouraud-shaded polygon packet (POLY_G3/G4, or POLY_GT3/GT4 with a texture).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Packet {
    /// Vertices in the GPU's order: a quad is triangles (0,1,2) and (1,2,3) ("Z" order).
    pub vertices: [Vertex; 4],
    /// 3 or 4.
    pub count: u8,
    pub texture: Option<Texture>,
    /// The packet's semi-transparency bit (ABE).
    pub semi_transparent: bool,
    /// Blend mode of an untextured semi-transparent packet (a textured one takes its tpage's).
    pub blend: BlendMode,
}

impl Packet {
    pub fn triangle(vertices: [Vertex; 3], texture: Option<Texture>) -> Packet {
        let [a, b, c] = vertices;
        Packet {
            vertices: [a, b, c, Vertex::default()],
            count: 3,
            texture,
            semi_transparent: false,
            blend: BlendMode::Average,
        }
    }

    pub fn quad(vertices: [Vertex; 4], texture: Option<Texture>) -> Packet {
        Packet { vertices, count: 4, texture, semi_transparent: false, blend: BlendMode::Average }
    }
}

/// The 11-bit signed field the GPU reads a coordinate from.
#[inline]
fn wrap11(v: i16) -> i32 {
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

/// Fixed-point fraction bits of interpolated attributes.
const FRAC: u32 = 16;
/// A 1/256 bias so that rounding in the gradients never takes an exact value below its integer.
const BIAS: i64 = 1 << (FRAC - 8);

/// An attribute's plane over the screen: value (fixed point) at (x0, y0) and its gradients.
#[derive(Clone, Copy, Debug)]
struct Plane {
    at_origin: i64,
    dx: i64,
    dy: i64,
}

impl Plane {
    fn new(p: &[[i32; 2]; 3], a: [i32; 3], det: i64) -> Plane {
        let (x1, y1) = (i64::from(p[1][0] - p[0][0]), i64::from(p[1][1] - p[0][1]));
        let (x2, y2) = (i64::from(p[2][0] - p[0][0]), i64::from(p[2][1] - p[0][1]));
        let (a1, a2) = (i64::from(a[1] - a[0]), i64::from(a[2] - a[0]));
        let dx = div_round(((a1 * y2) - (a2 * y1)) << FRAC, det);
        let dy = div_round(((a2 * x1) - (a1 * x2)) << FRAC, det);
        Plane { at_origin: (i64::from(a[0]) << FRAC) + BIAS, dx, dy }
    }

    #[inline]
    fn at(&self, dx: i32, dy: i32) -> i64 {
        self.at_origin + self.dx * i64::from(dx) + self.dy * i64::from(dy)
    }
}

fn div_round(n: i64, d: i64) -> i64 {
    let (n, d) = if d < 0 { (-n, -d) } else { (n, d) };
    (n + d / 2).div_euclid(d)
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
        let x = num.div_euclid(den) + i64::from(num.rem_euclid(den) != 0);
        let step = s * dx;
        let step_q = step.div_euclid(den);
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

/// Pixel rules of one triangle, fixed for all its pixels.
struct Shade<'a> {
    vram: Option<&'a Vram>,
    texture: Option<Texture>,
    semi: bool,
    blend: BlendMode,
    dither: bool,
}

fn draw_triangle(
    frame: &mut Frame,
    vram: Option<&Vram>,
    packet: &Packet,
    idx: [usize; 3],
    pos: &[[i32; 2]; 4],
) {
    let p = [pos[idx[0]], pos[idx[1]], pos[idx[2]]];
    let det = i64::from(p[1][0] - p[0][0]) * i64::from(p[2][1] - p[0][1])
        - i64::from(p[2][0] - p[0][0]) * i64::from(p[1][1] - p[0][1]);
    if det == 0 {
        return;
    }
    let vs = [packet.vertices[idx[0]], packet.vertices[idx[1]], packet.vertices[idx[2]]];
    let attr = |f: &dyn Fn(&Vertex) -> u8| Plane::new(&p, vs.map(|v| i32::from(f(&v))), det);
    let planes = [
        attr(&|v| v.colour[0]),
        attr(&|v| v.colour[1]),
        attr(&|v| v.colour[2]),
        attr(&|v| v.uv[0]),
        attr(&|v| v.uv[1]),
    ];
    let shade = Shade {
        vram,
        texture: packet.texture,
        semi: packet.semi_transparent,
        blend: packet.texture.map(|t| t.tpage.blend()).unwrap_or(packet.blend),
        dither: frame.dither,
    };
    let (w, h) = (frame.width as i32, frame.height as i32);
    let origin = p[0];
    // Inside a span the attributes step in 32 bits: every value used belongs to a pixel inside the
    // triangle, so lies between the vertices' values; the wrapping step after a span's last pixel is
    // never read.
    let step = planes.map(|pl| pl.dx as i32);
    let pixels = &mut frame.pixels;
    let dither = shade.dither;
    triangle_spans(p, 0, w, h, |y, x0, x1| {
        let (dx, dy) = (x0 - origin[0], y - origin[1]);
        let at = planes.map(|pl| pl.at(dx, dy) as i32);
        let row = &mut pixels[(y * w) as usize..][x0 as usize..x1 as usize];
        let dither_row = if dither { DITHER[(y & 3) as usize] } else { [0; 4] };
        match (shade.texture, shade.vram) {
            (Some(t), Some(vram)) => {
                let (px, py) = (t.tpage.x_base(), t.tpage.y_base());
                let (cx, cy) = (t.clut.x(), t.clut.y());
                match t.tpage.depth() {
                    TextureDepth::Bits4 => textured_span(row, x0, at, step, &shade, dither_row, |u, v| {
                        let word = vram.get(px + u / 4, py + v);
                        vram.get(cx + u32::from((word >> ((u % 4) * 4)) & 0xF), cy)
                    }),
                    TextureDepth::Bits8 => textured_span(row, x0, at, step, &shade, dither_row, |u, v| {
                        let word = vram.get(px + u / 2, py + v);
                        vram.get(cx + u32::from((word >> ((u % 2) * 8)) & 0xFF), cy)
                    }),
                    TextureDepth::Bits15 => {
                        textured_span(row, x0, at, step, &shade, dither_row, |u, v| vram.get(px + u, py + v))
                    }
                }
            }
            // Without VRAM a textured packet modulates a white texel: colour × 31 / 128, as colour × 2.
            (Some(_), None) => textured_span(row, x0, at, step, &shade, dither_row, |_, _| 0x7FFF),
            (None, _) => gouraud_span(row, x0, at, step, &shade, dither_row),
        }
    });
}

/// An interpolated 8-bit channel from its fixed-point value.
#[inline(always)]
fn channel(v: i32) -> i32 {
    (v >> FRAC).clamp(0, 255)
}

#[inline(always)]
fn textured_span(
    row: &mut [u16],
    x0: i32,
    mut at: [i32; 5],
    step: [i32; 5],
    shade: &Shade,
    dither_row: [i8; 4],
    fetch: impl Fn(u32, u32) -> u16,
) {
    for (x, out) in (x0..).zip(row.iter_mut()) {
        let u = ((at[3] >> FRAC) & 0xFF) as u32;
        let v = ((at[4] >> FRAC) & 0xFF) as u32;
        let texel = fetch(u, v);
        if texel != 0 {
            let d = i32::from(dither_row[(x & 3) as usize]);
            // (texel·8 × colour / 128) in 8 bits, saturated, then dither, then back to 5 bits.
            let m = |t: u16, c: i32| -> u16 {
                let v = ((i32::from(t & 0x1F) << 3) * channel(c)) >> 7;
                ((v.min(255) + d).clamp(0, 255) >> 3) as u16
            };
            let front = m(texel, at[0]) | (m(texel >> 5, at[1]) << 5) | (m(texel >> 10, at[2]) << 10);
            let semi = texel & SEMI_TRANSPARENT_BIT != 0;
            let colour = if shade.semi && semi { blend(*out, front, shade.blend) } else { front };
            *out = colour | (texel & SEMI_TRANSPARENT_BIT);
        }
        for (a, s) in at.iter_mut().zip(step) {
            *a = a.wrapping_add(s);
        }
    }
}

#[inline(always)]
fn gouraud_span(
    row: &mut [u16],
    x0: i32,
    mut at: [i32; 5],
    step: [i32; 5],
    shade: &Shade,
    dither_row: [i8; 4],
) {
    for (x, out) in (x0..).zip(row.iter_mut()) {
        let d = i32::from(dither_row[(x & 3) as usize]);
        let q = |c: i32| ((channel(c) + d).clamp(0, 255) >> 3) as u8;
        let front = pack15(q(at[0]), q(at[1]), q(at[2]), false);
        *out = if shade.semi { blend(*out, front, shade.blend) } else { front };
        for (a, s) in at.iter_mut().zip(step).take(3) {
            *a = a.wrapping_add(s);
        }
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

    fn vertex(x: i16, y: i16) -> Vertex {
        Vertex { x, y, colour: [255, 255, 255], uv: [0, 0] }
    }

    fn count_drawn(frame: &Frame) -> usize {
        frame.pixels.iter().filter(|&&p| p != 0).count()
    }

    fn draw(packet: Packet) -> Frame {
        let mut frame = Frame::new(64, 64);
        draw_packet(&mut frame, None, &packet);
        frame
    }

    #[test]
    fn right_triangle_covers_exact_pixels() {
        // legs of 10 along the axes: rows y=0..9, row y covers x = 0..(10−y) excluded, 55 pixels
        let frame = draw(Packet::triangle([vertex(0, 0), vertex(10, 0), vertex(0, 10)], None));
        assert_eq!(count_drawn(&frame), 55);
        assert!(frame.get(0, 0).unwrap() != 0, "top-left vertex pixel is drawn");
        assert_eq!(frame.get(10, 0), Some(0), "right end excluded");
        assert_eq!(frame.get(0, 10), Some(0), "bottom end excluded");
        assert!(frame.get(9, 0).unwrap() != 0 && frame.get(0, 9).unwrap() != 0);
        assert_eq!(frame.get(5, 5), Some(0), "on the hypotenuse, a right edge: excluded");
        assert!(frame.get(4, 5).unwrap() != 0);
    }

    #[test]
    fn quad_in_z_order_covers_its_rectangle_once() {
        // corners top-left, top-right, bottom-left, bottom-right
        let mut quad = [vertex(2, 3), vertex(12, 3), vertex(2, 8), vertex(12, 8)];
        for v in &mut quad {
            v.colour = [64, 64, 64];
        }
        let mut packet = Packet::quad(quad, None);
        packet.semi_transparent = true;
        packet.blend = BlendMode::Add;
        let mut frame = Frame::new(64, 64);
        draw_packet(&mut frame, None, &packet);
        // 10×5 pixels; with additive blending a pixel drawn twice would show as brighter
        assert_eq!(count_drawn(&frame), 50);
        let first = frame.get(2, 3).unwrap();
        assert!(frame.pixels.iter().all(|&p| p == 0 || p == first));
        assert_eq!(frame.get(12, 3), Some(0));
        assert_eq!(frame.get(2, 8), Some(0));
    }

    #[test]
    fn winding_does_not_matter_to_the_gpu() {
        let cw = draw(Packet::triangle([vertex(0, 0), vertex(10, 0), vertex(0, 10)], None));
        let ccw = draw(Packet::triangle([vertex(0, 0), vertex(0, 10), vertex(10, 0)], None));
        assert_eq!(cw, ccw);
    }

    #[test]
    fn oversized_polygons_are_dropped() {
        let mut frame = Frame::new(64, 64);
        // 1024 wide: dropped
        draw_packet(
            &mut frame,
            None,
            &Packet::triangle([vertex(-1000, 0), vertex(24, 0), vertex(0, 10)], None),
        );
        assert_eq!(count_drawn(&frame), 0);
        // 1023 wide: drawn
        draw_packet(
            &mut frame,
            None,
            &Packet::triangle([vertex(-999, 0), vertex(24, 0), vertex(0, 10)], None),
        );
        assert!(count_drawn(&frame) > 0);
        // 512 tall: dropped; 511: drawn
        let mut frame = Frame::new(64, 64);
        draw_packet(
            &mut frame,
            None,
            &Packet::triangle([vertex(0, -500), vertex(10, 12), vertex(0, 12)], None),
        );
        assert_eq!(count_drawn(&frame), 0);
        draw_packet(
            &mut frame,
            None,
            &Packet::triangle([vertex(0, -499), vertex(10, 12), vertex(0, 12)], None),
        );
        assert!(count_drawn(&frame) > 0);
        // a quad whose corners 0 and 3 are 1100 apart is drawn: that pair is no edge
        let mut frame = Frame::new(64, 64);
        let quad = [vertex(-600, 0), vertex(10, 0), vertex(0, 10), vertex(500, 10)];
        draw_packet(&mut frame, None, &Packet::quad(quad, None));
        assert!(count_drawn(&frame) > 0);
    }

    #[test]
    fn gouraud_interpolates_between_vertices() {
        let mut a = vertex(0, 0);
        let mut b = vertex(32, 0);
        let mut c = vertex(0, 32);
        a.colour = [0, 0, 0];
        b.colour = [248, 0, 0];
        c.colour = [0, 0, 248];
        let frame = draw(Packet::triangle([a, b, c], None));
        // red 248·16/32 = 124 → 15 in 5 bits at (16, 0); blue likewise at (0, 16)
        assert_eq!(channels5(frame.get(16, 0).unwrap()), [15, 0, 0]);
        assert_eq!(channels5(frame.get(0, 16).unwrap()), [0, 0, 15]);
        assert_eq!(frame.get(0, 0), Some(0), "black vertex");
    }

    fn textured_setup(texel: u16, depth: TextureDepth) -> (Vram, Texture) {
        let mut vram = Vram::new();
        let tpage = Tpage::from_parts(4, 0, BlendMode::Average, depth);
        let clut = Clut::at(0, 480);
        match depth {
            TextureDepth::Bits15 => {
                for y in 0..16 {
                    for x in 0..16 {
                        vram.set(256 + x, y, texel);
                    }
                }
            }
            _ => {
                // every index 1
                vram.set(1, 480, texel);
                for y in 0..16 {
                    for x in 0..16 {
                        vram.set(256 + x, y, if depth == TextureDepth::Bits4 { 0x1111 } else { 0x0101 });
                    }
                }
            }
        }
        (vram, Texture { tpage, clut })
    }

    fn textured_quad(colour: [u8; 3]) -> [Vertex; 4] {
        let v = |x, y, u, w| Vertex { x, y, colour, uv: [u, w] };
        [v(0, 0, 0, 0), v(8, 0, 8, 0), v(0, 8, 0, 8), v(8, 8, 8, 8)]
    }

    #[test]
    fn modulation_is_texel_times_colour_over_128() {
        for depth in [TextureDepth::Bits4, TextureDepth::Bits8, TextureDepth::Bits15] {
            let (vram, texture) = textured_setup(pack15(20, 10, 31, false), depth);
            let mut frame = Frame::new(16, 16);
            // 0x80 leaves the texel as it is
            draw_packet(
                &mut frame,
                Some(&vram),
                &Packet::quad(textured_quad([128, 128, 128]), Some(texture)),
            );
            assert_eq!(channels5(frame.get(3, 3).unwrap()), [20, 10, 31], "{depth:?}");
            // 0x40 halves it; 0xFF nearly doubles it, saturated at 31
            draw_packet(&mut frame, Some(&vram), &Packet::quad(textured_quad([64, 255, 255]), Some(texture)));
            assert_eq!(channels5(frame.get(3, 3).unwrap()), [10, 19, 31], "{depth:?}");
        }
    }

    #[test]
    fn rasterised_texels_match_vram_texel_fetch() {
        // random VRAM, a 32×32 quad mapped 1:1 onto the page from (200, 100): every drawn pixel is the
        // texel `Vram::texel` gives (0x80 modulation keeps it, bit 15 included), transparent ones skipped
        let mut rng = crate::rng::Rng::new(5);
        let mut vram = Vram::new();
        for y in 0..512 {
            for x in 0..1024 {
                let word = rng.next_u32() as u16;
                vram.set(x, y, if word % 7 == 0 { 0 } else { word });
            }
        }
        for depth in [TextureDepth::Bits4, TextureDepth::Bits8, TextureDepth::Bits15] {
            let tpage = Tpage::from_parts(13, 1, BlendMode::Average, depth);
            let clut = Clut::at(1000, 77);
            let v = |x, y, u, w| Vertex { x, y, colour: [128; 3], uv: [u, w] };
            let quad = [v(0, 0, 200, 100), v(32, 0, 232, 100), v(0, 32, 200, 132), v(32, 32, 232, 132)];
            let mut frame = Frame::new(32, 32);
            frame.clear(0x7FFF);
            draw_packet(&mut frame, Some(&vram), &Packet::quad(quad, Some(Texture { tpage, clut })));
            for y in 0..32u32 {
                for x in 0..32u32 {
                    let texel = vram.texel(tpage, clut, 200 + x as u8, 100 + y as u8);
                    let expect = if texel == 0 { 0x7FFF } else { texel };
                    assert_eq!(frame.get(x, y), Some(expect), "{depth:?} at ({x}, {y})");
                }
            }
        }
    }

    #[test]
    fn transparent_texels_are_skipped() {
        let (vram, texture) = textured_setup(0x0000, TextureDepth::Bits15);
        let mut frame = Frame::new(16, 16);
        frame.clear(0x1234);
        draw_packet(&mut frame, Some(&vram), &Packet::quad(textured_quad([128; 3]), Some(texture)));
        assert!(frame.pixels.iter().all(|&p| p == 0x1234));
        // 0x8000 is black, not transparent
        let (vram, texture) = textured_setup(0x8000, TextureDepth::Bits15);
        draw_packet(&mut frame, Some(&vram), &Packet::quad(textured_quad([128; 3]), Some(texture)));
        assert_eq!(frame.get(0, 0), Some(0x8000));
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

    #[test]
    fn semi_transparency_needs_the_packet_bit_and_the_texel_bit() {
        let mut vram = Vram::new();
        // a 15-bit page at x=256 in B+F mode; texel (0,0) semi-transparent, (1,0) not
        let tpage = Tpage::from_parts(4, 0, BlendMode::Add, TextureDepth::Bits15);
        vram.set(256, 0, pack15(4, 4, 4, true));
        vram.set(257, 0, pack15(4, 4, 4, false));
        let texture = Texture { tpage, clut: Clut(0) };
        let v = |x, y, u| Vertex { x, y, colour: [128; 3], uv: [u, 0] };
        // a 1-pixel-wide column for each texel
        let column = |x: i16, u: u8| {
            Packet::quad([v(x, 0, u), v(x + 1, 0, u), v(x, 4, u), v(x + 1, 4, u)], Some(texture))
        };
        let background = pack15(10, 10, 10, false);
        for semi in [false, true] {
            let mut frame = Frame::new(4, 4);
            frame.clear(background);
            for (x, u) in [(0, 0), (1, 1)] {
                let mut packet = column(x, u);
                packet.semi_transparent = semi;
                draw_packet(&mut frame, Some(&vram), &packet);
            }
            let expect_blended = if semi { [14, 14, 14] } else { [4, 4, 4] };
            assert_eq!(channels5(frame.get(0, 0).unwrap()), expect_blended, "semi={semi}");
            assert_eq!(
                frame.get(0, 0).unwrap() & SEMI_TRANSPARENT_BIT,
                SEMI_TRANSPARENT_BIT,
                "bit 15 written"
            );
            assert_eq!(channels5(frame.get(1, 0).unwrap()), [4, 4, 4], "texel without bit 15 is opaque");
        }
    }

    #[test]
    fn dithering_adds_the_4x4_offsets() {
        let mut v = [vertex(0, 0), vertex(8, 0), vertex(0, 8), vertex(8, 8)];
        for v in &mut v {
            v.colour = [103, 103, 103];
        }
        let mut frame = Frame::new(8, 8);
        frame.dither = true;
        draw_packet(&mut frame, None, &Packet::quad(v, None));
        // offset −4 at (0,0): 99 >> 3 = 12; offset +1 at (3,0): 104 >> 3 = 13; +3 at (2,1): 106 → 13
        assert_eq!(channels5(frame.get(0, 0).unwrap())[0], 12);
        assert_eq!(channels5(frame.get(3, 0).unwrap())[0], 13);
        assert_eq!(channels5(frame.get(2, 1).unwrap())[0], 13);
        // without dithering the low bits are dropped: 103 >> 3 = 12 everywhere
        frame.dither = false;
        draw_packet(&mut frame, None, &Packet::quad(v, None));
        assert!(frame.pixels.iter().all(|&p| channels5(p)[0] == 12));
    }

    #[test]
    fn affine_texture_mapping_steps_one_texel_a_pixel() {
        let mut vram = Vram::new();
        let tpage = Tpage::from_parts(4, 0, BlendMode::Average, TextureDepth::Bits15);
        for u in 0..16 {
            vram.set(256 + u, 0, pack15(u as u8 + 1, 0, 0, false));
        }
        let v = |x, y, u| Vertex { x, y, colour: [128; 3], uv: [u, 0] };
        let packet = Packet::quad(
            [v(0, 0, 0), v(16, 0, 16), v(0, 1, 0), v(16, 1, 16)],
            Some(Texture { tpage, clut: Clut(0) }),
        );
        let mut frame = Frame::new(16, 1);
        draw_packet(&mut frame, Some(&vram), &packet);
        for x in 0..16 {
            assert_eq!(channels5(frame.get(x, 0).unwrap())[0], x as u8 + 1);
        }
    }

    #[test]
    fn clipped_to_the_frame() {
        let mut frame = Frame::new(8, 8);
        draw_packet(
            &mut frame,
            None,
            &Packet::quad([vertex(-4, -4), vertex(20, -4), vertex(-4, 20), vertex(20, 20)], None),
        );
        assert_eq!(count_drawn(&frame), 64);
    }

    #[test]
    fn spans_with_subpixel_samples_at_centres() {
        // a 2×2 pixel square in 1/16 units, as two triangles: each centre sampled once
        let mut n = 0;
        let s = 16;
        triangle_spans([[0, 0], [2 * s, 0], [0, 2 * s]], 4, 10, 10, |_, a, b| n += b - a);
        triangle_spans([[2 * s, 0], [0, 2 * s], [2 * s, 2 * s]], 4, 10, 10, |_, a, b| n += b - a);
        assert_eq!(n, 4);
    }

    #[test]
    fn spans_are_exact_for_far_vertices() {
        // the right edge runs from (0, −10⁸) to (8, 10⁸): x = 4 exactly at row 0, just above 4 below it
        let mut spans = Vec::new();
        triangle_spans([[0, -100_000_000], [8, 100_000_000], [0, 100_000_000]], 0, 16, 4, |y, a, b| {
            spans.push((y, a, b))
        });
        assert_eq!(spans, [(0, 0, 4), (1, 0, 5), (2, 0, 5), (3, 0, 5)]);
    }

    #[test]
    fn frame_to_rgb() {
        let mut frame = Frame::new(2, 1);
        frame.pixels[1] = pack15(31, 0, 16, true);
        let image = frame.to_rgb_image();
        assert_eq!(image.get(0, 0), [0, 0, 0]);
        assert_eq!(image.get(1, 0), [255, 0, 0x84]);
    }
}
