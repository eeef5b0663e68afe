//! The rasteriser's own tests (coverage, texturing, blending), hand-derived.
use super::*;
use crate::psx::vram::{channels5, pack15, TextureDepth, SEMI_TRANSPARENT_BIT};

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
    draw_packet(&mut frame, None, &Packet::triangle([vertex(-1000, 0), vertex(24, 0), vertex(0, 10)], None));
    assert_eq!(count_drawn(&frame), 0);
    // 1023 wide: drawn
    draw_packet(&mut frame, None, &Packet::triangle([vertex(-999, 0), vertex(24, 0), vertex(0, 10)], None));
    assert!(count_drawn(&frame) > 0);
    // 512 tall: dropped; 511: drawn
    let mut frame = Frame::new(64, 64);
    draw_packet(&mut frame, None, &Packet::triangle([vertex(0, -500), vertex(10, 12), vertex(0, 12)], None));
    assert_eq!(count_drawn(&frame), 0);
    draw_packet(&mut frame, None, &Packet::triangle([vertex(0, -499), vertex(10, 12), vertex(0, 12)], None));
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
        draw_packet(&mut frame, Some(&vram), &Packet::quad(textured_quad([128, 128, 128]), Some(texture)));
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
fn semi_transparency_needs_the_packet_bit_and_the_texel_bit() {
    let mut vram = Vram::new();
    // a 15-bit page at x=256 in B+F mode; texel (0,0) semi-transparent, (1,0) not
    let tpage = Tpage::from_parts(4, 0, BlendMode::Add, TextureDepth::Bits15);
    vram.set(256, 0, pack15(4, 4, 4, true));
    vram.set(257, 0, pack15(4, 4, 4, false));
    let texture = Texture { tpage, clut: Clut(0) };
    let v = |x, y, u| Vertex { x, y, colour: [128; 3], uv: [u, 0] };
    // a 1-pixel-wide column for each texel
    let column =
        |x: i16, u: u8| Packet::quad([v(x, 0, u), v(x + 1, 0, u), v(x, 4, u), v(x + 1, 4, u)], Some(texture));
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
        assert_eq!(frame.get(0, 0).unwrap() & SEMI_TRANSPARENT_BIT, SEMI_TRANSPARENT_BIT, "bit 15 written");
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
