//! Deterministic generated levels: valid files made from the documented layout, for tests, benchmarks,
//! fuzz corpora and renders (no public repository holds the game's files).
//!
//! A level is a grid of box-shaped rooms with doors between neighbours: each door is a gap in both walls
//! and a portal in each room leading to the other. Floors, walls and (optionally) ceilings are grids of
//! 256-unit tiles, some split into triangles, with vertex colours and textures from the table. Every face
//! faces into its room (clockwise on screen when seen from inside, as the game draws it).
//!
//! With [`Options::oddities`] the generator also exercises everything the format allows that real files
//! rarely show: never-used records, 24-byte records, bytes between the vertices and the faces and after
//! the end marker, empty and repeated face sections in any order, empty blobs, leftover run-time fields and
//! random unknown bytes. Such levels still validate without errors.
//!
//! With the `real_world` option ([`Options::real_world`](Options#structfield.real_world)) it also gives the
//! levels what real PS1 files have and levelkit's own builds never make ([`real_world`]):
//! degenerate and non-planar faces, unused and shuffled vertices, overlapping blobs, loose bounds, off-middle
//! centres and rooms without faces.

pub mod real_world;

use super::*;
use crate::num::saturate;
use crate::rng::Rng;

/// The side of a tile, in world units.
pub const TILE: i32 = 256;

/// What to generate.
#[derive(Clone, Debug)]
pub struct Options {
    /// Number of rooms, 1 to 80 (clamped: with 24-tile rooms, 80 keep every portal corner within s16).
    pub rooms: usize,
    /// Floor tiles along each side of a room (rounded up to an even number, 4 to 24); walls are half as
    /// many tiles high.
    pub tiles: u32,
    /// Whether rooms get ceilings.
    pub ceilings: bool,
    /// Chance that a tile is stored as two triangles instead of a quad.
    pub triangles: f64,
    /// Chance that a room has no geometry at all.
    pub empty_rooms: f64,
    /// Number of texture table entries (at least 1).
    pub textures: usize,
    /// Exercise the format's rarer corners (see the module docs).
    pub oddities: bool,
    /// Shape the level like real PS1 data ([`real_world`]); off, the bytes are those of
    /// earlier versions.
    pub real_world: bool,
    /// The seed: the same seed and options give the same bytes.
    pub seed: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            rooms: 4,
            tiles: 4,
            ceilings: false,
            triangles: 0.25,
            empty_rooms: 0.0,
            textures: 24,
            oddities: false,
            real_world: false,
            seed: 1,
        }
    }
}

impl Options {
    /// A small level: a few rooms of 4×4 tiles.
    pub fn small(seed: u64) -> Options {
        Options { seed, ..Options::default() }
    }

    /// A small level shaped like real PS1 data (the `real_world` option), with the format's oddities.
    pub fn real_world(seed: u64) -> Options {
        Options { real_world: true, oddities: true, rooms: 5, ..Options::small(seed) }
    }

    /// The benchmark level: 80 rooms of 8×8 tiles with ceilings, about 20,000 faces.
    pub fn large() -> Options {
        Options { rooms: 80, tiles: 8, ceilings: true, triangles: 0.1, seed: 80, ..Options::default() }
    }
}

/// Generates a level. The same options always give the same level.
pub fn generate(o: &Options) -> Level {
    Generator { o, rng: Rng::new(o.seed) }.level()
}

/// The benchmark level ([`Options::large`]).
pub fn large() -> Level {
    generate(&Options::large())
}

struct Generator<'a> {
    o: &'a Options,
    rng: Rng,
}

/// A surface of a room: a grid of tiles seen from inside, `(i, j)` running screen-right and screen-down.
#[derive(Clone, Copy)]
enum Surface {
    Floor,
    Ceiling,
    /// The wall at +z, -z, +x, -x.
    Wall(usize),
}

/// Which walls have doors: +z, -z, +x, -x.
type Doors = [bool; 4];

impl Generator<'_> {
    fn byte(&mut self) -> u8 {
        self.rng.below_u8(256)
    }

    fn bytes<const N: usize>(&mut self) -> [u8; N] {
        let mut a = [0u8; N];
        if self.o.oddities {
            a.iter_mut().for_each(|b| *b = self.byte());
        }
        a
    }

    fn some_bytes(&mut self, max: u64) -> Vec<u8> {
        if !self.o.oddities {
            return Vec::new();
        }
        let n = self.rng.below(max + 1);
        (0..n).map(|_| self.byte()).collect()
    }

    fn level(&mut self) -> Level {
        let rooms = self.o.rooms.clamp(1, 80);
        let tiles = (self.o.tiles.clamp(4, 24) + 1) & !1;
        let side = tiles as i32 * TILE;
        let cols = (1..).find(|c| c * c >= rooms).unwrap_or(1);
        let rows = rooms.div_ceil(cols);
        let mut level = Level::default();
        if self.o.oddities {
            let n = self.rng.below(3);
            level.unused =
                (0..n).map(|_| UnusedRecord { raw: std::array::from_fn(|_| self.byte()) }).collect();
        }
        let mut all_doors = Vec::with_capacity(rooms);
        for r in 0..rooms {
            let (col, row) = (r % cols, r / cols);
            let centre = [
                (saturate::<i32, _>(col) * 2 + 1 - saturate::<i32, _>(cols)) * side / 2,
                0,
                (saturate::<i32, _>(row) * 2 + 1 - saturate::<i32, _>(rows)) * side / 2,
            ];
            // Neighbours: +z is the next row, +x the next column.
            let neighbours = [
                (r + cols < rooms).then_some(r + cols),
                (row > 0).then(|| r - cols),
                (col + 1 < cols && r + 1 < rooms).then_some(r + 1),
                (col > 0).then(|| r - 1),
            ];
            let doors: Doors = neighbours.map(|n| n.is_some());
            let mut portals = 0u32;
            for (wall, dest) in neighbours.iter().enumerate() {
                if let Some(dest) = dest {
                    level.portals.push(self.portal(centre, tiles, wall, *dest));
                    portals += 1;
                }
            }
            let room = self.room(centre, tiles, doors, portals);
            all_doors.push(doors);
            level.rooms.push(room);
        }
        if self.o.oddities {
            // Hand out some 24-byte records, in file order.
            for room in &mut level.rooms {
                let n = self.rng.below_u32(3);
                room.record.box_count = n;
                for _ in 0..n {
                    let mut raw: [u8; BOX_SIZE] = std::array::from_fn(|_| self.rng.below_u8(256));
                    // As the loader leaves it: +6 = +0x12 - +0x0a.
                    let v = u16::from_le_bytes([raw[0x12], raw[0x13]])
                        .wrapping_sub(u16::from_le_bytes([raw[0x0a], raw[0x0b]]));
                    raw[6..8].copy_from_slice(&v.to_le_bytes());
                    level.boxes.push(BoxRecord { raw });
                }
            }
        }
        let textures = self.o.textures.max(1);
        level.textures = (0..textures).map(texture_entry).collect();
        if self.o.real_world {
            self.real_world(&mut level);
        }
        level.pad = vec![0; level.pad_len_needed()];
        if self.o.oddities {
            level.pad.iter_mut().for_each(|b| *b = self.rng.below_u8(256));
        }
        level.fix_layout(true);
        level
    }

    fn portal(&mut self, centre: [i32; 3], tiles: u32, wall: usize, dest: usize) -> Portal {
        let half = tiles as i32 * TILE / 2;
        let rows = tiles as i32 / 2;
        let door_rows = (rows - 1).min(3);
        let (top, bottom) = (rows * TILE / 2 - door_rows * TILE, rows * TILE / 2);
        // The door's two sides along the wall, left then right as seen from inside.
        let (left, right) = (-TILE, TILE);
        let at = |along: i32, y: i32| -> [i32; 3] {
            match wall {
                0 => [centre[0] + along, y, centre[2] + half],
                1 => [centre[0] - along, y, centre[2] - half],
                2 => [centre[0] + half, y, centre[2] - along],
                _ => [centre[0] - half, y, centre[2] + along],
            }
        };
        let corners = [at(left, top), at(right, top), at(left, bottom), at(right, bottom)];
        let mut portal = Portal::default();
        for (k, c) in corners.iter().enumerate() {
            let s = |v: i32| i16::try_from(v).unwrap_or(if v < 0 { i16::MIN } else { i16::MAX });
            portal.corners[k] = Corner { x: s(c[0]), y: s(c[1]), z: s(c[2]), flags: 0 };
        }
        portal.corners[1].flags = saturate(dest);
        if self.o.oddities {
            portal.tail = self.bytes();
            portal.corners[3].flags = self.rng.below_u16(4);
        }
        portal
    }

    fn room(&mut self, centre: [i32; 3], tiles: u32, doors: Doors, portals: u32) -> Room {
        let half = tiles as i32 * TILE / 2;
        let rows = tiles as i32 / 2;
        let height_half = rows * TILE / 2;
        let mut record = RoomRecord {
            centre,
            min: [centre[0] - half, centre[1] - height_half, centre[2] - half],
            max: [centre[0] + half, centre[1] + height_half, centre[2] + half],
            portal_count: portals,
            unknown_58: 256,
            ..RoomRecord::default()
        };
        if self.o.oddities {
            record.unknown_44 = self.bytes();
            record.unknown_50 = self.bytes();
            record.unknown_5c = self.bytes();
            record.unknown_64 = self.bytes();
            record.unknown_5f = self.byte();
            if self.rng.chance(0.3) {
                record.portals_pointer = 0x800c_0000 | (self.rng.next_u32() & 0xfffc);
                record.byte_list_pointer = 0x800d_0000 | (self.rng.next_u32() & 0xfffc);
            }
        }
        let list_len = self.rng.below(6);
        let byte_list = ByteList { stored: (0..list_len).map(|_| 1 + self.rng.below_u8(20)).collect() };
        let mut blobs = Vec::new();
        if !self.rng.chance(self.o.empty_rooms) {
            let mut surfaces =
                vec![Surface::Floor, Surface::Wall(0), Surface::Wall(1), Surface::Wall(2), Surface::Wall(3)];
            if self.o.ceilings {
                surfaces.push(Surface::Ceiling);
            }
            for s in surfaces {
                self.surface(&mut blobs, s, tiles as i32, doors);
            }
            if self.o.oddities && self.rng.chance(0.5) {
                // A blob with no vertices and no faces.
                let mut empty = Blob { end_count: 1, ..Blob::default() };
                empty.gap = self.some_bytes(4);
                blobs.push(empty);
            }
        }
        Room { record, byte_list, geometry_size: 0, blobs }
    }

    /// Adds the blobs of one surface: patches of at most 8×8 tiles, so vertex indices fit a byte.
    fn surface(&mut self, blobs: &mut Vec<Blob>, surface: Surface, tiles: i32, doors: Doors) {
        let rows = tiles / 2;
        let half = tiles * TILE / 2;
        let height_half = rows * TILE / 2;
        let (nu, nv) = match surface {
            Surface::Floor | Surface::Ceiling => (tiles, tiles),
            Surface::Wall(_) => (tiles, rows),
        };
        // Room-relative position of grid point (i, j) (screen-right, screen-down as seen from inside).
        let point = |i: i32, j: i32| -> [i32; 3] {
            let (a, d) = (i * TILE - half, j * TILE);
            match surface {
                Surface::Floor => [a, height_half, half - d],
                Surface::Ceiling => [a, -height_half, d - half],
                Surface::Wall(0) => [a, d - height_half, half],
                Surface::Wall(1) => [-a, d - height_half, -half],
                Surface::Wall(2) => [half, d - height_half, -a],
                Surface::Wall(_) => [-half, d - height_half, a],
            }
        };
        let door_rows = (rows - 1).min(3);
        let is_door = |i: i32, j: i32| -> bool {
            let Surface::Wall(w) = surface else { return false };
            let along = i * TILE - half + TILE / 2;
            doors[w] && along.abs() < TILE && j >= rows - door_rows
        };
        let texture_base = match surface {
            Surface::Floor => 0,
            Surface::Wall(_) => 8,
            Surface::Ceiling => 16,
        };
        for pu in (0..nu).step_by(8) {
            for pv in (0..nv).step_by(8) {
                let (w, h) = ((nu - pu).min(8), (nv - pv).min(8));
                let mut blob = Blob { end_count: 1, ..Blob::default() };
                let index = |i: i32, j: i32| -> u8 { saturate(j * (w + 1) + i) };
                for j in 0..=h {
                    for i in 0..=w {
                        let p = point(pu + i, pv + j);
                        blob.vertices.push(self.vertex(p, surface, half, height_half));
                    }
                }
                let mut quads = Vec::new();
                let mut tris = Vec::new();
                for j in 0..h {
                    for i in 0..w {
                        if is_door(pu + i, pv + j) {
                            continue;
                        }
                        let v = [index(i, j), index(i + 1, j), index(i, j + 1), index(i + 1, j + 1)];
                        let texture = (texture_base + self.rng.index(8)) % self.o.textures.max(1);
                        let texture: u16 = saturate(texture);
                        let flags = if self.o.oddities && self.rng.chance(0.05) { 0x200 } else { 0 };
                        if self.rng.chance(self.o.triangles) {
                            // (0, 1, 2) and (1, 3, 2): both clockwise on screen, like the quad.
                            let fill =
                                if self.o.oddities && self.rng.chance(0.05) { 0 } else { TRIANGLE_FILL };
                            tris.push(Triangle {
                                v: [v[0], v[1], v[2]],
                                fill: TRIANGLE_FILL,
                                texture,
                                flags,
                            });
                            tris.push(Triangle { v: [v[1], v[3], v[2]], fill, texture, flags });
                        } else {
                            quads.push(Quad { v, texture, flags });
                        }
                    }
                }
                blob.sections = self.sections(quads, tris);
                let (mut min, mut max) = ([i16::MAX; 3], [i16::MIN; 3]);
                for v in &blob.vertices {
                    for (k, c) in [v.x, v.y, v.z].into_iter().enumerate() {
                        min[k] = min[k].min(c);
                        max[k] = max[k].max(c);
                    }
                }
                blob.min = min;
                blob.max = max;
                if self.o.oddities {
                    blob.gap = self.some_bytes(8);
                    blob.tail = self.some_bytes(8);
                    blob.unknown_0a = self.rng.below_u16(4);
                    blob.unknown_12 = self.rng.below_u16(4);
                }
                blobs.push(blob);
            }
        }
    }

    /// The face sections: quads then triangles, or with oddities, in any order, split, with empty ones.
    fn sections(&mut self, quads: Vec<Quad>, tris: Vec<Triangle>) -> Vec<FaceSection> {
        let mut sections = Vec::new();
        if !self.o.oddities {
            if !quads.is_empty() {
                sections.push(FaceSection::Quads(quads));
            }
            if !tris.is_empty() {
                sections.push(FaceSection::Triangles(tris));
            }
            return sections;
        }
        let cut = |rng: &mut Rng, n: usize| rng.index(n + 1);
        let (qa, qb) = {
            let c = cut(&mut self.rng, quads.len());
            (quads[..c].to_vec(), quads[c..].to_vec())
        };
        let (ta, tb) = {
            let c = cut(&mut self.rng, tris.len());
            (tris[..c].to_vec(), tris[c..].to_vec())
        };
        let mut parts = vec![
            FaceSection::Quads(qa),
            FaceSection::Triangles(ta),
            FaceSection::Quads(qb),
            FaceSection::Triangles(tb),
        ];
        // Any order; empty sections are kept now and then.
        for k in (1..parts.len()).rev() {
            let other = self.rng.index(k + 1);
            parts.swap(k, other);
        }
        for p in parts {
            if !p.is_empty() || self.rng.chance(0.2) {
                sections.push(p);
            }
        }
        sections
    }

    fn vertex(&mut self, p: [i32; 3], surface: Surface, half: i32, height_half: i32) -> Vertex {
        let s = |v: i32| i16::try_from(v).unwrap_or(if v < 0 { i16::MIN } else { i16::MAX });
        // Colours: warm floors lit from the room's middle, walls darker towards the floor, cool ceilings.
        let dist: u8 = saturate(p[0].abs().max(p[2].abs()) * 48 / half.max(1));
        let depth: u8 = saturate((p[1] + height_half) * 40 / (2 * height_half).max(1));
        let jitter = self.rng.below_u8(12);
        let (r, g, b) = match surface {
            Surface::Floor => (0x90 - dist + jitter, 0x78 - dist / 2 + jitter, 0x58 + jitter),
            Surface::Wall(w) => {
                let tint = [0x10u8, 0x00, 0x08, 0x18][w];
                (0x70 + tint - depth + jitter, 0x80 - depth + jitter, 0x88 - tint - depth / 2 + jitter)
            }
            Surface::Ceiling => (0x50 + jitter, 0x58 + jitter, 0x70 + jitter),
        };
        let flash = if self.o.oddities && self.rng.chance(0.02) { self.rng.below_u8(32) } else { 0 };
        let pad = if self.o.oddities && self.rng.chance(0.02) { self.rng.below_u16(65536) } else { 0 };
        Vertex { x: s(p[0]), y: s(p[1]), z: s(p[2]), pad, r, g, b, flash }
    }
}

/// Texture entry `k`: a 32×32 tile of an 8-bit texture page, corners in Z order.
fn texture_entry(k: usize) -> TextureEntry {
    let (u, v) = (saturate::<u8, _>(k % 8) * 32, saturate::<u8, _>(k / 8 % 8) * 32);
    let page: u16 = saturate(5 + k / 64 % 4);
    TextureEntry {
        u0: u,
        v0: v,
        clut: ((480 + saturate::<u16, _>(k % 16)) << 6) & 0x7fc0,
        u1: u + 31,
        v1: v,
        tpage: (1 << 7) | page,
        u2: u,
        v2: v + 31,
        u3: u + 31,
        v3: v + 31,
    }
}

/// A VRAM image that matches the generator's texture table: the 8-bit pages its entries name (x bases
/// 5 to 8 × 64 halfwords) filled with 32×32 tiles (bricks, planks, checkers, rings, chosen by tile), and the
/// sixteen 256-colour CLUTs at y 480 to 495, each a different hue ramp. Generated levels exported or
/// rendered with it show real textures; nothing in it comes from the game.
pub fn vram() -> crate::psx::vram::Vram {
    use crate::psx::vram::{pack15, Vram};
    let mut vram = Vram::new();
    for palette in 0..16u32 {
        let hue = palette * 2;
        for i in 0..256u32 {
            // Index 0 stays 0x0000: transparent, as on the console.
            if i == 0 {
                continue;
            }
            let t = i / 8; // 0..31
            let (r, g, b) = match palette % 4 {
                0 => (t, t * 3 / 4, t / 2),
                1 => (t / 2, t * 3 / 4, t),
                2 => (t * 3 / 4, t, t / 3),
                _ => (t, t / 3, (t + hue) / 3),
            };
            let word = pack15(r.min(31) as u8, g.min(31) as u8, b.min(31) as u8, false).max(1);
            vram.set(i, 480 + palette, word);
        }
    }
    // Pages 5..=8 as 8-bit pages overlap (each spans 128 halfwords); draw one 512-texel-wide area.
    for v in 0..256u32 {
        for u in 0..512u32 {
            let (tu, tv) = (u % 32, v % 32);
            let tile = (u / 32 + v / 32) % 4;
            let index: u32 = match tile {
                // bricks with mortar lines
                0 => {
                    let shift = if (tv / 8) % 2 == 0 { 0 } else { 8 };
                    if tv % 8 == 0 || (tu + shift) % 16 == 0 {
                        40
                    } else {
                        160 + ((tu + shift) / 16 * 13 + tv / 8 * 7) % 60
                    }
                }
                // planks
                1 => 100 + ((tu * 7 + tv / 4) % 40) + if tv % 8 == 0 { 0 } else { 60 },
                // checkers
                2 => {
                    if (tu / 8 + tv / 8) % 2 == 0 {
                        220
                    } else {
                        90
                    }
                }
                // rings
                _ => {
                    let (du, dv) = (tu as i32 - 16, tv as i32 - 16);
                    64 + ((du * du + dv * dv) as u32 / 4) % 180
                }
            };
            let x = 320 + u / 2;
            let word = vram.get(x, v) | ((index.clamp(1, 255) as u16) << ((u % 2) * 8));
            vram.set(x, v, word);
        }
    }
    vram
}
