//! The Geometry Transformation Engine (the PS1's coprocessor 2), exact against a real console.
//!
//! Implemented from psx-spx "Geometry Transformation Engine (GTE)" and checked against the 1,150
//! register dumps of `gte/test-all` read back from a console (tests/ps1_hw.rs): the 44-bit MAC
//! accumulator wrapping and flagging after each addition ([`arith`]), every saturation and FLAG bit,
//! the division exactly as the hardware's unsigned Newton–Raphson does it ("GTE Division
//! Inaccuracy"), all 22 commands in every `sf`/`lm` mode ([`Command`]) and the register file's read
//! and write rules ([`registers`]).
//!
//! Two ways in: [`Gte`] holds the projection's registers and projects a vertex the way the room
//! renderer needs (RTPS/RTPT with `sf = 1`, `lm = 0`, AVSZ3/4, NCLIP); [`Registers`] is the whole
//! register file, written and read by index and driven by command words, as a program drives the chip.
#![expect(
    clippy::cast_possible_truncation,
    reason = "the GTE's registers are 16 and 32 bits wide and its 44-bit MAC wraps: every narrowing `as` here is \
              the hardware's own (checked against console dumps), applied after the clamp the hardware does"
)]

pub mod arith;
mod commands;
pub mod registers;

pub use commands::Command;
pub use registers::{reg, Registers};

use arith::{accumulate, with_summary};

/// FLAG bit 31: any of bits 30–23 or 18–13.
pub const FLAG_ERROR: u32 = 1 << 31;
/// FLAG bits 30, 29, 28: MAC1/2/3 larger than 43 bits and positive.
pub const FLAG_MAC_POSITIVE: [u32; 3] = [1 << 30, 1 << 29, 1 << 28];
/// FLAG bits 27, 26, 25: MAC1/2/3 larger than 43 bits and negative.
pub const FLAG_MAC_NEGATIVE: [u32; 3] = [1 << 27, 1 << 26, 1 << 25];
/// FLAG bits 24, 23, 22: IR1/2/3 saturated to −0x8000..0x7FFF.
pub const FLAG_IR: [u32; 3] = [1 << 24, 1 << 23, 1 << 22];
/// FLAG bits 21, 20, 19: the colour FIFO's R, G, B saturated to 0..0xFF.
pub const FLAG_COLOUR: [u32; 3] = [1 << 21, 1 << 20, 1 << 19];
/// FLAG bit 18: SZ3 or OTZ saturated to 0..0xFFFF.
pub const FLAG_SZ3_OTZ: u32 = 1 << 18;
/// FLAG bit 17: the projection's division overflowed (the vertex is at or inside the near plane).
pub const FLAG_DIVIDE: u32 = 1 << 17;
/// FLAG bit 16: MAC0 larger than 31 bits and positive.
pub const FLAG_MAC0_POSITIVE: u32 = 1 << 16;
/// FLAG bit 15: MAC0 larger than 31 bits and negative.
pub const FLAG_MAC0_NEGATIVE: u32 = 1 << 15;
/// FLAG bit 14: SX2 saturated to −0x400..0x3FF.
pub const FLAG_SX: u32 = 1 << 14;
/// FLAG bit 13: SY2 saturated to −0x400..0x3FF.
pub const FLAG_SY: u32 = 1 << 13;
/// FLAG bit 12: IR0 saturated to 0..0x1000.
pub const FLAG_IR0: u32 = 1 << 12;

/// The largest result of the projection's division (1.99998 in 16.16).
pub const DIVIDE_MAX: u32 = 0x1_FFFF;

/// The GTE's reciprocal seed table, `unr_table[i] = max(0, (0x40000 / (i + 0x100) + 1) / 2 − 0x101)`.
pub const UNR_TABLE: [u8; 257] = unr_table();

const fn unr_table() -> [u8; 257] {
    let mut table = [0u8; 257];
    let mut i = 0;
    while i < 257 {
        let v = (0x40000 / (i as i32 + 0x100) + 1) / 2 - 0x101;
        table[i] = if v > 0 { v as u8 } else { 0 };
        i += 1;
    }
    table
}

/// `H / SZ3` in 16.16 the way the GTE divides: unsigned Newton–Raphson from a 257-entry seed table.
/// Returns the quotient (0..=0x1FFFF) and whether it overflowed (`H >= SZ3 × 2`, FLAG bit 17). A result
/// the iteration takes to 0x20000 is clamped to 0x1FFFF without the flag, as on the console.
pub fn divide(h: u16, sz3: u16) -> (u32, bool) {
    let (h, sz3) = (u32::from(h), u32::from(sz3));
    if h >= sz3 * 2 {
        return (DIVIDE_MAX, true);
    }
    // sz3 > 0 here (h >= 0 = 2 × 0 otherwise), so the shift normalises it to 0x8000..=0xFFFF.
    let z = (sz3 as u16).leading_zeros();
    let n = u64::from(h) << z;
    let d = u64::from(sz3) << z;
    let u = u64::from(UNR_TABLE[((d - 0x7FC0) >> 7) as usize]) + 0x101;
    let d = (0x200_0080 - d * u) >> 8;
    let d = (0x80 + d * u) >> 8;
    let q = ((n * d + 0x8000) >> 16).min(u64::from(DIVIDE_MAX));
    (q as u32, false)
}

/// One vertex's result of RTPS (or one of RTPT's three).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Projected {
    /// SX2: screen X, OFX included, saturated to −0x400..0x3FF.
    pub sx: i16,
    /// SY2: screen Y, OFY included, saturated to −0x400..0x3FF.
    pub sy: i16,
    /// SZ3: camera-space depth, saturated to 0..0xFFFF.
    pub sz: u16,
    /// MAC1..3: camera-space position (after the `sf` shift), low 32 bits.
    pub mac: [i32; 3],
    /// IR1..3: MAC1..3 saturated to −0x8000..0x7FFF.
    pub ir: [i16; 3],
    /// IR0: depth-cue interpolation factor, 0..0x1000; `None` for RTPT's first two vertices, whose depth
    /// cue the console does not compute.
    pub ir0: Option<i16>,
    /// The division result used (0..=0x1FFFF).
    pub quotient: u32,
    /// FLAG as the GTE leaves it after this vertex (bit 31 included).
    pub flag: u32,
}

/// The GTE registers the projection reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gte {
    /// RT11..RT33, 1.3.12 fixed point (0x1000 is 1.0).
    pub rotation: [[i16; 3]; 3],
    /// TRX, TRY, TRZ: integer camera-space translation.
    pub translation: [i32; 3],
    /// OFX, OFY: screen offset, 16.16 fixed point.
    pub offset: [i32; 2],
    /// H: projection plane distance.
    pub h: u16,
    /// DQA: depth-cue coefficient (1.7.8 fixed point); IR0 = (DQB + DQA·quotient) >> 12.
    pub dqa: i16,
    /// DQB: depth-cue offset (1.7.24 fixed point).
    pub dqb: i32,
    /// ZSF3: AVSZ3's scale factor (4.12).
    pub zsf3: i16,
    /// ZSF4: AVSZ4's scale factor (4.12).
    pub zsf4: i16,
}

impl Default for Gte {
    fn default() -> Self {
        Gte {
            rotation: [[0x1000, 0, 0], [0, 0x1000, 0], [0, 0, 0x1000]],
            translation: [0; 3],
            offset: [0; 2],
            h: 256,
            dqa: 0,
            dqb: 0,
            zsf3: 0x1000 / 3,
            zsf4: 0x1000 / 4,
        }
    }
}

/// RTPS's results before the depth cue (the part RTPT repeats for each vertex).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScreenPoint {
    /// MAC1..3: camera-space position after the `sf` shift, low 32 bits.
    pub mac: [i32; 3],
    /// IR1..3: MAC1..3 saturated (0..0x7FFF with `lm`); IR3's flag is raised from MAC3 before the shift.
    pub ir: [i16; 3],
    /// SZ3: MAC3 before the shift `>> 12`, saturated to 0..0xFFFF.
    pub sz: u16,
    /// SX2: screen X, OFX included, saturated to −0x400..0x3FF.
    pub sx: i16,
    /// SY2: screen Y, OFY included, saturated to −0x400..0x3FF.
    pub sy: i16,
    /// `H / SZ3` from the GTE's division ([`divide`]), 0..=0x1FFFF.
    pub quotient: u32,
}

impl Gte {
    /// RTPS in any mode up to the screen position, FLAG bits added to `flag`:
    /// MAC = (TR·0x1000 + RT·V) >> (sf·12) through the 44-bit accumulator; IR from MAC (0..0x7FFF with
    /// `lm`); SZ3 = MAC3 before the shift >> 12; SX, SY = (OF + IR·(H/SZ3)) >> 16.
    // Inlined into each caller, so that the room renderer's `rtps_screen` keeps only what it reads.
    #[inline(always)]
    pub fn project_xy(&self, v: [i16; 3], sf: bool, lm: bool, flag: &mut u32) -> ScreenPoint {
        let shift = if sf { 12 } else { 0 };
        let mut raw = [0i64; 3];
        for (row, r) in self.rotation.iter().enumerate() {
            let products = [0, 1, 2].map(|k| i64::from(r[k]) * i64::from(v[k]));
            raw[row] = accumulate(row, i64::from(self.translation[row]) << 12, products, flag);
        }
        let mac = raw.map(|m| (m >> shift) as i32);
        let ir1 = arith::ir(0, i64::from(mac[0]), lm, flag);
        let ir2 = arith::ir(1, i64::from(mac[1]), lm, flag);
        // psx-spx: IR3 is saturated from MAC3, but its flag follows MAC3 before the shift >> 12,
        // against −0x8000..0x7FFF whatever `lm` says
        let ir3 = arith::ir(2, i64::from(mac[2]), lm, &mut 0);
        arith::ir(2, raw[2] >> 12, false, flag);
        let sz = arith::depth(raw[2] >> 12, flag);
        let (quotient, overflow) = divide(self.h, sz);
        if overflow {
            *flag |= FLAG_DIVIDE;
        }
        let q = i64::from(quotient);
        let x = i64::from(self.offset[0]) + i64::from(ir1) * q;
        arith::mac0(x, flag);
        let sx = arith::screen(0, x >> 16, flag);
        let y = i64::from(self.offset[1]) + i64::from(ir2) * q;
        arith::mac0(y, flag);
        let sy = arith::screen(1, y >> 16, flag);
        ScreenPoint { mac, ir: [ir1, ir2, ir3], sz, sx, sy, quotient }
    }

    /// The depth cue RTPS ends with: MAC0 = DQB + DQA·quotient, IR0 = MAC0 >> 12 saturated to 0..0x1000.
    pub fn depth_cue(&self, quotient: u32, flag: &mut u32) -> (i32, i16) {
        let dq = i64::from(self.dqb) + i64::from(self.dqa) * i64::from(quotient);
        (arith::mac0(dq, flag), arith::ir0(dq >> 12, flag))
    }

    /// RTPS: rotates, translates and projects one vertex (`sf = 1`, `lm = 0`).
    pub fn rtps(&self, v: [i16; 3]) -> Projected {
        self.project(v, true)
    }

    /// One vertex of RTPS or RTPT, with its depth cue (IR0 and its FLAG bits) when `depth_cue`.
    fn project(&self, v: [i16; 3], depth_cue: bool) -> Projected {
        let mut flag = 0u32;
        let p = self.project_xy(v, true, false, &mut flag);
        let ir0 = depth_cue.then(|| self.depth_cue(p.quotient, &mut flag).1);
        Projected {
            sx: p.sx,
            sy: p.sy,
            sz: p.sz,
            mac: p.mac,
            ir: p.ir,
            ir0,
            quotient: p.quotient,
            flag: with_summary(flag),
        }
    }

    /// What the room renderer reads of RTPS (`sf = 1`, `lm = 0`): the same arithmetic as
    /// [`Gte::rtps`], without the depth cue and the FLAG bits it does not read.
    #[inline]
    pub fn rtps_screen(&self, v: [i16; 3]) -> ScreenVertex {
        let mut flag = 0u32;
        let p = self.project_xy(v, true, false, &mut flag);
        ScreenVertex { sx: p.sx, sy: p.sy, sz: p.sz, near: flag & FLAG_DIVIDE != 0 }
    }

    /// RTPT: RTPS on three vertices, the depth cue for the third only, as the console does (a first
    /// or second vertex whose IR0 would saturate raises no FLAG bit 12). FLAG accumulates over the three
    /// on the console; each result here has its own vertex's flags, and [`rtpt_flag`] gives the
    /// accumulated value.
    pub fn rtpt(&self, v: [[i16; 3]; 3]) -> [Projected; 3] {
        [self.project(v[0], false), self.project(v[1], false), self.project(v[2], true)]
    }

    /// AVSZ3: `ZSF3 × (SZ1 + SZ2 + SZ3) >> 12`, saturated to 0..0xFFFF (OTZ) and its FLAG.
    pub fn avsz3(&self, sz: [u16; 3]) -> (u16, u32) {
        average_z(self.zsf3, sz.iter().map(|&z| i64::from(z)).sum())
    }

    /// AVSZ4: `ZSF4 × (SZ0 + SZ1 + SZ2 + SZ3) >> 12`, saturated to 0..0xFFFF (OTZ) and its FLAG.
    pub fn avsz4(&self, sz: [u16; 4]) -> (u16, u32) {
        average_z(self.zsf4, sz.iter().map(|&z| i64::from(z)).sum())
    }
}

/// The FLAG RTPT leaves: its three vertices' flags together.
pub fn rtpt_flag(p: &[Projected; 3]) -> u32 {
    p[0].flag | p[1].flag | p[2].flag
}

fn average_z(zsf: i16, sum: i64) -> (u16, u32) {
    let mut flag = 0;
    let mac0 = i64::from(zsf) * sum;
    arith::mac0(mac0, &mut flag);
    let otz = arith::depth(mac0 >> 12, &mut flag);
    (otz, with_summary(flag))
}

/// NCLIP: twice the signed area of the screen triangle, `(x1−x0)(y2−y0) − (x2−x0)(y1−y0)` with Y down.
/// Positive when the vertices run clockwise on screen.
pub fn nclip(s: [[i16; 2]; 3]) -> i32 {
    let [x0, y0] = s[0].map(i64::from);
    let [x1, y1] = s[1].map(i64::from);
    let [x2, y2] = s[2].map(i64::from);
    // The 11-bit saturated inputs keep this far inside 32 bits.
    (x0 * y1 + x1 * y2 + x2 * y0 - x0 * y2 - x1 * y0 - x2 * y1) as i32
}

/// Outcode bits the room renderer ORs into a face's flags when all its vertices share them.
pub mod outcode {
    /// Left of the screen (SX < 0).
    pub const LEFT: u16 = 0x01;
    /// Right of the screen (SX ≥ width).
    pub const RIGHT: u16 = 0x02;
    /// Above the screen (SY < 0).
    pub const TOP: u16 = 0x04;
    /// Below the screen (SY ≥ height).
    pub const BOTTOM: u16 = 0x08;
    /// At or inside the near plane: the projection's division overflowed (SZ3 ≤ H/2).
    pub const NEAR: u16 = 0x10;
    /// Nearer than 8192 (SZ3 < 8192).
    pub const NEARER_8192: u16 = 0x20;
    /// Nearer than 4096 (SZ3 < 4096).
    pub const NEARER_4096: u16 = 0x40;
    /// The bits that reject a face when every vertex has them.
    pub const OUTSIDE: u16 = LEFT | RIGHT | TOP | BOTTOM | NEAR;
}

/// A projected vertex as the room renderer reads it ([`Gte::rtps_screen`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ScreenVertex {
    /// SX2, as [`Projected`] has it.
    pub sx: i16,
    /// SY2.
    pub sy: i16,
    /// SZ3.
    pub sz: u16,
    /// The division overflowed (FLAG bit 17): at or inside the near plane.
    pub near: bool,
}

impl From<&Projected> for ScreenVertex {
    fn from(p: &Projected) -> ScreenVertex {
        ScreenVertex { sx: p.sx, sy: p.sy, sz: p.sz, near: p.flag & FLAG_DIVIDE != 0 }
    }
}

/// A vertex's outcode against the screen rectangle 0..width × 0..height (the drawing area, whose
/// top-left corner is screen coordinate 0,0).
pub fn outcode_of(p: &Projected, width: i32, height: i32) -> u16 {
    screen_outcode(&ScreenVertex::from(p), width, height)
}

/// [`outcode_of`] for a [`ScreenVertex`].
#[inline]
pub fn screen_outcode(p: &ScreenVertex, width: i32, height: i32) -> u16 {
    let (x, y) = (i32::from(p.sx), i32::from(p.sy));
    let mut code = 0;
    if x < 0 {
        code |= outcode::LEFT;
    }
    if x >= width {
        code |= outcode::RIGHT;
    }
    if y < 0 {
        code |= outcode::TOP;
    }
    if y >= height {
        code |= outcode::BOTTOM;
    }
    if p.near {
        code |= outcode::NEAR;
    }
    if p.sz < 8192 {
        code |= outcode::NEARER_8192;
    }
    if p.sz < 4096 {
        code |= outcode::NEARER_4096;
    }
    code
}

#[cfg(test)]
mod tests {
    use super::*;

    fn camera(h: u16) -> Gte {
        Gte { offset: [160 << 16, 120 << 16], h, ..Gte::default() }
    }

    #[test]
    fn unr_table_matches_psx_spx_listing() {
        // first row of psx-spx's table (entries 00h..0Fh)
        let first =
            [0xFF, 0xFD, 0xFB, 0xF9, 0xF7, 0xF5, 0xF3, 0xF1, 0xEF, 0xEE, 0xEC, 0xEA, 0xE8, 0xE6, 0xE4, 0xE3];
        assert_eq!(UNR_TABLE[..16], first);
        // entries 70h..7Fh: note the repeated 5Dh
        let row =
            [0x63, 0x62, 0x61, 0x60, 0x5F, 0x5E, 0x5D, 0x5D, 0x5C, 0x5B, 0x5A, 0x59, 0x58, 0x57, 0x56, 0x55];
        assert_eq!(UNR_TABLE[0x70..0x80], row);
        // last row F0h..FFh and the extra entry 100h
        let last =
            [0x07, 0x07, 0x06, 0x06, 0x05, 0x05, 0x04, 0x04, 0x03, 0x03, 0x02, 0x02, 0x01, 0x01, 0x00, 0x00];
        assert_eq!(UNR_TABLE[0xF0..0x100], last);
        assert_eq!(UNR_TABLE[0x100], 0);
    }

    #[test]
    fn division_special_cases_from_psx_spx() {
        // 1/1 uses the biggest multiplier (d = 20000h) and gives exactly 1.0
        assert_eq!(divide(1, 1), (0x10000, false));
        assert_eq!(divide(0, 1), (0, false));
        // FE3Fh/7F20h: the iteration gives 20000h, clamped to 1FFFFh without the overflow flag
        assert_eq!(divide(0xFE3F, 0x7F20), (0x1FFFF, false));
        assert_eq!(divide(0xF015, 0x780B), (0x1FFFF, false));
        // H >= SZ3*2 overflows: the near plane
        assert_eq!(divide(0x100, 0x80), (0x1FFFF, true));
        assert_eq!(divide(0x100, 0), (0x1FFFF, true));
        assert_eq!(divide(0, 0), (0x1FFFF, true));
        assert!(!divide(0x100, 0x81).1);
    }

    #[test]
    fn division_is_within_three_of_the_exact_quotient() {
        // psx-spx: the UNR result is "almost" ((H*20000h/SZ3)+1)/2; over a spread of operands it is
        // never more than 3 units (of 1/65536) away, and often off by one or two
        for h in [1u16, 100, 256, 300, 1000, 0x7FFF, 0xFFFF] {
            for sz3 in (1u32..=0xFFFF).step_by(97) {
                let sz3 = sz3 as u16;
                if u32::from(h) >= u32::from(sz3) * 2 {
                    continue;
                }
                let exact = (u64::from(h) * 0x20000 / u64::from(sz3)).div_ceil(2);
                let exact = exact.min(0x1FFFF) as i64;
                let (q, overflow) = divide(h, sz3);
                assert!(!overflow);
                assert!((i64::from(q) - exact).abs() <= 3, "{h}/{sz3}: {q:#x} vs {exact:#x}");
            }
        }
    }

    #[test]
    fn projects_a_worked_vertex() {
        let gte = camera(256);
        let p = gte.rtps([100, -50, 1000]);
        assert_eq!(p.mac, [100, -50, 1000]);
        assert_eq!(p.ir, [100, -50, 1000]);
        assert_eq!(p.sz, 1000);
        // 256/1000 in 16.16 is 16777.2
        assert_eq!(p.quotient, 16777);
        // SX = (160·65536 + 100·16777) >> 16 = 12163460 >> 16 = 185 (185.6 truncated)
        assert_eq!(p.sx, 185);
        // SY = (120·65536 − 50·16777) >> 16 = 7025470 >> 16 = 107 (107.2 truncated)
        assert_eq!(p.sy, 107);
        assert_eq!(p.flag, 0);
    }

    #[test]
    fn rotation_and_translation_are_4_12_and_integer() {
        // a quarter turn about Y: camera x = −world z, camera z = world x; then translated by (0, 0, 500)
        let gte = Gte {
            rotation: [[0, 0, -0x1000], [0, 0x1000, 0], [0x1000, 0, 0]],
            translation: [0, 0, 500],
            ..camera(256)
        };
        let p = gte.rtps([500, 0, 10]);
        assert_eq!(p.mac, [-10, 0, 1000]);
        // a matrix element of 0x800 is one half; the MAC is truncated toward minus infinity
        let half = Gte { rotation: [[0x800, 0, 0], [0, 0x800, 0], [0, 0, 0x800]], ..camera(256) };
        assert_eq!(half.rtps([-3, 3, 2000]).mac, [-2, 1, 1000]);
    }

    #[test]
    fn near_plane_saturates_the_division() {
        let gte = camera(256);
        // SZ3 = 128 = H/2: the division overflows, 0x1FFFF is used
        let p = gte.rtps([10, 0, 128]);
        assert_eq!(p.quotient, 0x1FFFF);
        assert_eq!(p.flag, FLAG_DIVIDE | FLAG_ERROR);
        // SX = 160 + 10·1.99998 = 179.99 → 179
        assert_eq!(p.sx, 179);
        // one unit farther there is no overflow
        assert_eq!(gte.rtps([10, 0, 129]).flag & FLAG_DIVIDE, 0);
    }

    #[test]
    fn screen_coordinates_saturate_at_11_bits() {
        let gte = camera(256);
        let p = gte.rtps([1000, -1000, 100]);
        assert_eq!((p.sx, p.sy), (0x3FF, -0x400));
        assert_eq!(p.flag, FLAG_DIVIDE | FLAG_SX | FLAG_SY | FLAG_ERROR);
    }

    #[test]
    fn behind_the_camera_sz3_saturates_to_zero() {
        let p = camera(256).rtps([0, 0, -100]);
        assert_eq!(p.sz, 0);
        assert_eq!(p.mac[2], -100);
        assert_eq!(p.flag, FLAG_SZ3_OTZ | FLAG_DIVIDE | FLAG_ERROR);
        // and far beyond 0xFFFF it saturates to 0xFFFF
        let far = Gte { translation: [0, 0, 0x20000], ..camera(256) };
        let p = far.rtps([0, 0, 0]);
        assert_eq!(p.sz, 0xFFFF);
        assert_eq!(p.ir[2], 0x7FFF);
        assert_eq!(p.flag & (FLAG_SZ3_OTZ | FLAG_IR[2]), FLAG_SZ3_OTZ | FLAG_IR[2]);
    }

    #[test]
    fn mac_overflow_beyond_43_bits() {
        let gte = Gte { translation: [i32::MAX, i32::MIN, 0], ..camera(256) };
        let p = gte.rtps([0x7FFF, -0x8000, 1000]);
        assert_ne!(p.flag & FLAG_MAC_POSITIVE[0], 0);
        assert_ne!(p.flag & FLAG_MAC_NEGATIVE[1], 0);
        assert_ne!(p.flag & FLAG_ERROR, 0);
    }

    #[test]
    fn depth_cue_factor() {
        // IR0 = (DQB + DQA·quotient) >> 12, saturated to 0..0x1000
        let gte = Gte { dqa: -250, dqb: 0x100_0000, ..camera(256) };
        let p = gte.rtps([0, 0, 1000]);
        // (16777216 − 250·16777) >> 12 = 12582966 >> 12 = 3072
        assert_eq!(p.ir0, Some(3072));
        let p = gte.rtps([0, 0, 200]);
        assert_eq!(p.ir0, Some(0));
        assert_ne!(p.flag & FLAG_IR0, 0);
        assert_eq!(p.flag & FLAG_ERROR, 0, "IR0 saturation does not set bit 31");
    }

    #[test]
    fn nclip_sign_is_screen_winding() {
        // clockwise on a Y-down screen: right then down
        assert_eq!(nclip([[0, 0], [10, 0], [0, 10]]), 100);
        assert_eq!(nclip([[0, 0], [0, 10], [10, 0]]), -100);
        assert_eq!(nclip([[0, 0], [5, 5], [10, 10]]), 0);
    }

    #[test]
    fn average_z_scales_by_zsf() {
        let gte = Gte::default();
        // ZSF3 = 0x555: (0x555 · 3000) >> 12 = 999
        assert_eq!(gte.avsz3([1000, 1000, 1000]), (999, 0));
        assert_eq!(gte.avsz4([1000, 2000, 3000, 4000]), (2500, 0));
        let big = Gte { zsf4: 0x7FFF, ..Gte::default() };
        assert_eq!(big.avsz4([0xFFFF; 4]), (0xFFFF, FLAG_MAC0_POSITIVE | FLAG_SZ3_OTZ | FLAG_ERROR));
        let negative = Gte { zsf3: -1, ..Gte::default() };
        assert_eq!(negative.avsz3([10, 10, 10]).0, 0);
    }

    #[test]
    fn outcodes_against_the_screen() {
        let gte = camera(256);
        let code = |v| outcode_of(&gte.rtps(v), 320, 240);
        assert_eq!(code([0, 0, 10000]), 0);
        assert_eq!(code([0, 0, 5000]), outcode::NEARER_8192);
        assert_eq!(code([0, 0, 1000]), outcode::NEARER_8192 | outcode::NEARER_4096);
        // SX = 160 − 2000·256/1000 < 0
        assert_eq!(code([-2000, 0, 1000]) & outcode::OUTSIDE, outcode::LEFT);
        assert_eq!(code([2000, 0, 1000]) & outcode::OUTSIDE, outcode::RIGHT);
        assert_eq!(code([0, -2000, 1000]) & outcode::OUTSIDE, outcode::TOP);
        assert_eq!(code([0, 2000, 1000]) & outcode::OUTSIDE, outcode::BOTTOM);
        assert_eq!(code([0, 0, -5]) & outcode::OUTSIDE, outcode::NEAR);
        // exactly on the right edge (SX = 320) is outside: the GPU never draws column 320
        let gte = Gte { offset: [320 << 16, 0], ..camera(256) };
        assert_eq!(outcode_of(&gte.rtps([0, 10, 10000]), 320, 240) & outcode::RIGHT, outcode::RIGHT);
    }
}
