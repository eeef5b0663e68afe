//! A synthetic scene for levelkit's benchmarks, golden-image tests and the `psx_demo` example: a textured
//! corridor of quads, a VRAM holding a 4-bit, an 8-bit and a 15-bit texture page, and a texture table that
//! points generated levels into it. Nothing here comes from a game, and nothing in the library needs it:
//! it is a crate of its own so the library holds only what its users call.
#![forbid(unsafe_code)]

use levelkit::num::{low_u16, low_u8};
use levelkit::psx::room::{Camera, FaceTexture, RenderFace};
use levelkit::psx::vram::{pack15, BlendMode, Clut, TextureDepth, Tpage, Vram};
use levelkit::reptar::TextureEntry;
use levelkit::rng::Rng;

/// Side of a texture tile in texels.
pub const TILE: u8 = 64;

fn hash(a: u32, b: u32) -> u32 {
    let mut x = a.wrapping_mul(0x9E37_79B1) ^ b.wrapping_mul(0x85EB_CA77);
    x ^= x >> 15;
    x = x.wrapping_mul(0x2C1B_3C6D);
    x ^ (x >> 12)
}

/// The 4-bit page (bricks, one tile a grille of transparent texels), its CLUT at (0, 480).
pub fn brick_page() -> (Tpage, Clut) {
    (Tpage::from_parts(0, 0, BlendMode::Average, TextureDepth::Bits4), Clut::at(0, 480))
}

/// The 8-bit page (patterns through a 256-colour ramp), its CLUT at (0, 481).
pub fn pattern_page() -> (Tpage, Clut) {
    (Tpage::from_parts(2, 0, BlendMode::Average, TextureDepth::Bits8), Clut::at(0, 481))
}

/// The 15-bit page (checkers; its bottom-right tiles semi-transparent), blend mode B+F/4.
pub fn colour_page() -> Tpage {
    Tpage::from_parts(4, 0, BlendMode::AddQuarter, TextureDepth::Bits15)
}

/// A VRAM with the three demo pages and their CLUTs.
pub fn demo_vram() -> Vram {
    let mut vram = Vram::new();
    // 4-bit CLUT: 0 transparent, 1 mortar, 2..=15 brick shades
    vram.set(1, 480, pack15(20, 20, 19, false));
    for i in 2..16u8 {
        vram.set(u32::from(i), 480, pack15(14 + i, 6 + i / 2, 4 + i / 3, false));
    }
    // 8-bit CLUT: a ramp from deep blue through green to yellow
    for i in 0..256u32 {
        let t = low_u8(i);
        vram.set(i, 481, pack15(t >> 3, (t >> 2).min(31), 31 - (t >> 3), false));
    }
    for v in 0..256u32 {
        for u in 0..256u32 {
            // 4-bit bricks: 16×8 texel bricks, rows offset by half a brick
            let tile = (u / 64, v / 64);
            let row = v / 8;
            let shift = if row % 2 == 0 { 0 } else { 8 };
            let index = if tile == (2, 2) && ((u / 4) + (v / 4)) % 2 == 0 {
                0
            } else if v % 8 == 0 || (u + shift) % 16 == 0 {
                1
            } else {
                2 + hash((u + shift) / 16, row) % 14
            };
            let x = u / 4;
            let word = vram.get(x, v) | (low_u16(index) << ((u % 4) * 4));
            vram.set(x, v, word);
            // 8-bit patterns: rings and diagonals
            let (du, dv) = (u as i32 % 64 - 32, v as i32 % 64 - 32);
            let ring = ((du * du + dv * dv) as u32 / 8) & 0xFF;
            let index8 = if (u / 64 + v / 64) % 2 == 0 { ring } else { (u + 2 * v) & 0xFF };
            let x = 128 + u / 2;
            let word = vram.get(x, v) | (low_u16(index8) << ((u % 2) * 8));
            vram.set(x, v, word);
            // 15-bit checkers
            let on = ((u / 8) + (v / 8)) % 2 == 0;
            let (r, g, b) = if on { (low_u8(u / 8), 31 - low_u8(v / 8), 12) } else { (4, 8, low_u8(u / 9)) };
            let semi = u >= 192 && v >= 192;
            vram.set(256 + u, v, pack15(r.max(1), g, b, semi));
        }
    }
    vram
}

/// Every 64×64 tile of the three pages as a texture entry (uv in the Z order of a quad's corners).
pub fn demo_textures() -> Vec<FaceTexture> {
    let (brick, brick_clut) = brick_page();
    let (pattern, pattern_clut) = pattern_page();
    let pages = [(brick, brick_clut), (pattern, pattern_clut), (colour_page(), Clut(0))];
    let mut out = Vec::new();
    for (tpage, clut) in pages {
        for ty in 0..4u8 {
            for tx in 0..4u8 {
                let (u, v) = (tx * TILE, ty * TILE);
                let (u1, v1) = (u + (TILE - 1), v + (TILE - 1));
                out.push(FaceTexture {
                    uv: [[u, v], [u1, v], [u, v1], [u1, v1]],
                    clut: clut.0,
                    tpage: tpage.0,
                });
            }
        }
    }
    out
}

/// Side of one quad of the corridor, world units.
pub const CELL: i32 = 512;

/// A corridor along +Z, 16 cells wide and 8 high, `length` cells long, seen from inside: floor,
/// ceiling, both walls and the end wall, every quad textured with a random tile and gouraud colours.
/// With `length` 100 it has 4,928 faces.
pub fn demo_corridor(length: i32, seed: u64) -> Vec<RenderFace> {
    let textures = demo_textures();
    let mut rng = Rng::new(seed);
    let mut faces = Vec::new();
    let (half_w, top, floor, start) = (8 * CELL, -6 * CELL, 2 * CELL, 2 * CELL);
    let end = start + length * CELL;
    // Each quad's corners are c, c+a, c+b, c+a+b with a × b pointing out of the corridor, which makes
    // it clockwise on screen from inside.
    let mut push = |c: [i32; 3], a: [i32; 3], b: [i32; 3], rng: &mut Rng| {
        let corner = |i: i32, j: i32| [0, 1, 2].map(|k| c[k] + i * a[k] + j * b[k]);
        let corners = [corner(0, 0), corner(1, 0), corner(0, 1), corner(1, 1)];
        // blob coordinates are s16 relative to a room centre: one "room" per 16 cells of length
        let origin = [0, 0, (corners[0][2] / (16 * CELL)) * (16 * CELL) + 8 * CELL];
        let mut colours = [[0u8; 4]; 4];
        for colour in &mut colours {
            let shade = 96 + rng.below_u8(64);
            *colour = [shade, shade, 128, if rng.chance(0.02) { 40 } else { 0 }];
        }
        let texture = textures[rng.index(textures.len())];
        faces.push(RenderFace { origin, corners, count: 4, colours, texture: Some(texture), flags: 0 });
    };
    let (x, y, z) = ([CELL, 0, 0], [0, CELL, 0], [0, 0, CELL]);
    for k in 0..length {
        let zk = start + k * CELL;
        for i in 0..16 {
            let xi = -half_w + i * CELL;
            push([xi, floor, zk], z, x, &mut rng);
            push([xi, top, zk], x, z, &mut rng);
        }
        for j in 0..8 {
            let yj = top + j * CELL;
            push([-half_w, yj, zk], z, y, &mut rng);
            push([half_w, yj, zk], y, z, &mut rng);
        }
    }
    for i in 0..16 {
        for j in 0..8 {
            push([-half_w + i * CELL, top + j * CELL, end], x, y, &mut rng);
        }
    }
    faces
}

/// A square floor of `cells`×`cells` textured quads centred on the world origin, for a view from above
/// ([`demo_hall_camera`]): every face is on screen and none is seen edge-on. 72 cells make 5,184 faces.
pub fn demo_hall(cells: i32, seed: u64) -> Vec<RenderFace> {
    let textures = demo_textures();
    let mut rng = Rng::new(seed);
    let half = cells * CELL / 2;
    let mut faces = Vec::new();
    for k in 0..cells {
        for i in 0..cells {
            let c = [-half + i * CELL, 0, -half + k * CELL];
            // a = +Z, b = +X: a × b points down (+Y), out of the floor seen from above
            let corners = [c, [c[0], 0, c[2] + CELL], [c[0] + CELL, 0, c[2]], [c[0] + CELL, 0, c[2] + CELL]];
            let origin = [(c[0] / 8192) * 8192, 0, (c[2] / 8192) * 8192];
            let mut colours = [[0u8; 4]; 4];
            for colour in &mut colours {
                let shade = 100 + rng.below_u8(56);
                *colour = [shade, shade, shade, 0];
            }
            let texture = textures[rng.index(textures.len())];
            faces.push(RenderFace { origin, corners, count: 4, colours, texture: Some(texture), flags: 0 });
        }
    }
    faces
}

/// Above the hall's near edge, looking down at its centre.
pub fn demo_hall_camera(cells: i32, width: u32, height: u32) -> Camera {
    let h = Camera::h_for_fov(90.0, width);
    let half = cells * CELL / 2;
    Camera::look_at([0, -half, -half], [0, 0, half / 10], h, width, height)
}

/// The camera the demo corridor is made for: at its entrance, looking down it.
pub fn demo_camera(width: u32, height: u32) -> Camera {
    let h = Camera::h_for_fov(90.0, width);
    Camera::look_at([0, -CELL, 0], [0, -CELL / 2, 8 * CELL], h, width, height)
}

/// A texture table for generated levels ([`levelkit::reptar::generate`]) that points into the synthetic
/// VRAM of [`demo_vram`]: entries 0–7 (the generator's floors) on the 4-bit brick
/// page, 8–15 (walls) on the 8-bit pattern page, 16–23 (ceilings) on the 15-bit page.
pub fn demo_texture_table() -> Vec<TextureEntry> {
    let tiles = demo_textures();
    [0..8, 16..24, 32..40]
        .into_iter()
        .flatten()
        .filter_map(|i| tiles.get(i))
        .map(TextureEntry::from_face_texture)
        .collect()
}
