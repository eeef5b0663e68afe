//! Golden images of the PS1 model: small scenes rendered and compared with PNGs in `tests/golden/`.
//! Run with `LEVELKIT_BLESS=1` to (re)write the PNGs after an intended change, then look at them.

use levelkit::psx::raster::{draw_packet, Frame, Packet, Texture, Vertex};
use levelkit::psx::shaded::{render_mesh_shaded, DepthFrame, PerspectiveCamera, ShadeLight, ShadedTriangle};
use levelkit::psx::vram::{BlendMode, Clut, TextureDepth, Tpage};
use levelkit::psx::{render_room_faces, RoomOptions};
use levelkit_demo as demo;

mod common;

use common::golden;

#[test]
fn golden_corridor_textured() {
    let vram = demo::demo_vram();
    let faces = demo::demo_corridor(40, 7);
    let mut frame = Frame::new(320, 240);
    let stats = render_room_faces(
        &faces,
        &demo::demo_camera(320, 240),
        Some(&vram),
        &RoomOptions::default(),
        &mut frame,
    );
    assert!(stats.subdivided_4 > 0 && stats.subdivided_16 > 0, "{stats:?}");
    golden("corridor_textured.png", &frame.to_rgb_image());
}

#[test]
fn golden_corridor_untextured_dithered() {
    let faces = demo::demo_corridor(40, 7);
    let mut frame = Frame::new(320, 240);
    frame.dither = true;
    render_room_faces(&faces, &demo::demo_camera(320, 240), None, &RoomOptions::default(), &mut frame);
    golden("corridor_untextured_dithered.png", &frame.to_rgb_image());
}

fn quad(x: i16, y: i16, size: i16, uv: [u8; 2], uv_size: u8, colour: [u8; 3]) -> [Vertex; 4] {
    let v = |dx: i16, dy: i16, du: u8, dv: u8| Vertex {
        x: x + dx,
        y: y + dy,
        colour,
        uv: [uv[0] + du, uv[1] + dv],
    };
    [v(0, 0, 0, 0), v(size, 0, uv_size, 0), v(0, size, 0, uv_size), v(size, size, uv_size, uv_size)]
}

#[test]
fn golden_texture_depths() {
    // the three demo pages' first tiles at 1:1, then the brick grille tile (transparent texels) over
    // a gouraud background, then the pattern tile at half brightness
    let vram = demo::demo_vram();
    let (brick, brick_clut) = demo::brick_page();
    let (pattern, pattern_clut) = demo::pattern_page();
    let mut frame = Frame::new(320, 64);
    let mut bg = quad(192, 0, 64, [0, 0], 0, [0, 0, 0]);
    bg[1].colour = [255, 0, 0];
    bg[2].colour = [0, 0, 255];
    bg[3].colour = [0, 255, 0];
    draw_packet(&mut frame, None, &Packet::quad(bg, None));
    let tiles = [
        (0, brick, brick_clut, [0, 0], [128; 3]),
        (64, pattern, pattern_clut, [0, 0], [128; 3]),
        (128, demo::colour_page(), Clut(0), [0, 0], [128; 3]),
        (192, brick, brick_clut, [128, 128], [128; 3]),
        (256, pattern, pattern_clut, [64, 0], [64; 3]),
    ];
    for (x, tpage, clut, uv, colour) in tiles {
        let packet = Packet::quad(quad(x, 0, 64, uv, 64, colour), Some(Texture { tpage, clut }));
        draw_packet(&mut frame, Some(&vram), &packet);
    }
    golden("texture_depths.png", &frame.to_rgb_image());
}

#[test]
fn golden_blend_modes() {
    // over a gouraud background, the 15-bit page's semi-transparent corner tile in each of the four
    // modes (tpage bits 5–6), with the packet's semi-transparency bit set
    let vram = demo::demo_vram();
    let mut frame = Frame::new(256, 64);
    let mut bg = quad(0, 0, 256, [0, 0], 0, [40, 40, 40]);
    bg[1].colour = [200, 200, 200];
    bg[3].colour = [200, 200, 200];
    draw_packet(&mut frame, None, &Packet::quad(bg, None));
    let modes = [BlendMode::Average, BlendMode::Add, BlendMode::Subtract, BlendMode::AddQuarter];
    for (i, mode) in modes.into_iter().enumerate() {
        let tpage = Tpage::from_parts(4, 0, mode, TextureDepth::Bits15);
        let mut packet = Packet::quad(
            quad(i16::try_from(i).unwrap() * 64 + 8, 8, 48, [192, 192], 48, [128; 3]),
            Some(Texture { tpage, clut: Clut(0) }),
        );
        packet.semi_transparent = true;
        draw_packet(&mut frame, Some(&vram), &packet);
    }
    golden("blend_modes.png", &frame.to_rgb_image());
}

/// A tiny collision-like scene, Y up: a ground, a ramp and a box, coloured by "surface type".
fn collision_scene() -> Vec<ShadedTriangle> {
    let ground = [90, 160, 70];
    let ramp = [200, 170, 80];
    let wall = [150, 150, 170];
    let mut out = Vec::new();
    let mut quad = |a: [f32; 3], b: [f32; 3], c: [f32; 3], d: [f32; 3], colour: [u8; 3]| {
        out.push(ShadedTriangle { positions: [a, b, c], colour });
        out.push(ShadedTriangle { positions: [a, c, d], colour });
    };
    quad([-100.0, 0.0, -100.0], [100.0, 0.0, -100.0], [100.0, 0.0, 100.0], [-100.0, 0.0, 100.0], ground);
    quad([-80.0, 0.0, 20.0], [-20.0, 0.0, 20.0], [-20.0, 30.0, 80.0], [-80.0, 30.0, 80.0], ramp);
    let (x0, x1, z0, z1, h) = (20.0, 60.0, -60.0, -20.0, 40.0);
    quad([x0, h, z0], [x1, h, z0], [x1, h, z1], [x0, h, z1], wall);
    quad([x0, 0.0, z1], [x1, 0.0, z1], [x1, h, z1], [x0, h, z1], wall);
    quad([x1, 0.0, z0], [x1, 0.0, z1], [x1, h, z1], [x1, h, z0], wall);
    quad([x0, 0.0, z0], [x0, 0.0, z1], [x0, h, z1], [x0, h, z0], wall);
    quad([x0, 0.0, z0], [x1, 0.0, z0], [x1, h, z0], [x0, h, z0], wall);
    out
}

#[test]
fn golden_collision_shaded() {
    let tris = collision_scene();
    let camera = PerspectiveCamera::framing([-100.0, 0.0, -100.0], [100.0, 40.0, 100.0], [0.0, 1.0, 0.0]);
    let mut frame = DepthFrame::new(160, 120, [20, 24, 32]);
    let drawn = render_mesh_shaded(&tris, &camera, &ShadeLight::default(), &mut frame);
    assert_eq!(drawn, tris.len());
    golden("collision_shaded.png", &frame.image);
}
