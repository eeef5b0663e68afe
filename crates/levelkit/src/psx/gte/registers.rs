//! The GTE's 64 registers as a program sees them through mfc2/mtc2 (data, 0–31) and cfc2/ctc2
//! (control, 32–63 here): what each write stores and what each read returns (psx-spx "GTE Registers").

use super::arith::with_summary;
use super::Gte;

/// Register numbers of the ones with read or write side effects (control registers are 32 + n).
pub mod reg {
    /// SXYP (15): reads SXY2; a write pushes onto the XY FIFO.
    pub const SXYP: usize = 15;
    /// IRGB (28): a write sets IR1..3 from a 5:5:5 colour (each × 0x80); reads as ORGB.
    pub const IRGB: usize = 28;
    /// ORGB (29): read only, IR1..3 as 5:5:5 ([`Registers::orgb`](super::Registers::orgb)).
    pub const ORGB: usize = 29;
    /// LZCS (30): the value LZCR counts the leading bits of.
    pub const LZCS: usize = 30;
    /// LZCR (31): read only, the count ([`Registers::lzcr`](super::Registers::lzcr)).
    pub const LZCR: usize = 31;
    /// FLAG (control 31): the error bits; only bits 30–12 are written, bit 31 is computed when read.
    pub const FLAG: usize = 63;
}

/// The GTE's whole register file. The projection's control registers live in [`Gte`] so that the
/// high-level API and the register-level one share one implementation.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Registers {
    /// V0, V1, V2: VX, VY, VZ.
    pub v: [[i16; 3]; 3],
    /// RGBC: R, G, B and the CODE byte the colour FIFO copies.
    pub rgbc: [u8; 4],
    /// OTZ: the ordering-table index AVSZ3/AVSZ4 leave, saturated to 0..0xFFFF.
    pub otz: u16,
    /// IR0..IR3.
    pub ir: [i16; 4],
    /// The screen XY FIFO SXY0, SXY1, SXY2 (SXYP reads SXY2, a write to it pushes).
    pub sxy: [[i16; 2]; 3],
    /// The depth FIFO SZ0..SZ3.
    pub sz: [u16; 4],
    /// The colour FIFO RGB0, RGB1, RGB2 (R, G, B, CODE).
    pub rgb: [[u8; 4]; 3],
    /// RES1: no function, but it reads back what was written.
    pub res1: u32,
    /// MAC0..MAC3.
    pub mac: [i32; 4],
    /// LZCS: the value whose leading bits LZCR counts.
    pub lzcs: u32,
    /// RT, TR, OFX/OFY, H, DQA/DQB, ZSF3/ZSF4.
    pub projection: Gte,
    /// LLM: the light matrix L11..L33.
    pub light: [[i16; 3]; 3],
    /// RBK, GBK, BBK: background colour.
    pub background: [i32; 3],
    /// LCM: the light colour matrix LR1..LB3.
    pub light_colour: [[i16; 3]; 3],
    /// RFC, GFC, BFC: far colour.
    pub far_colour: [i32; 3],
    /// FLAG bits 30–12 (bit 31 is computed when read).
    pub flag: u32,
}

#[inline]
fn pair(lo: i16, hi: i16) -> u32 {
    u32::from(lo as u16) | (u32::from(hi as u16) << 16)
}

#[inline]
fn split(value: u32) -> (i16, i16) {
    (value as i16, (value >> 16) as i16)
}

#[inline]
fn sign_extend(v: i16) -> u32 {
    i32::from(v) as u32
}

/// A 3×3 matrix of halfwords packed as the console packs it: five words, the ninth element alone in
/// the low half of the fifth.
fn matrix_read(m: &[[i16; 3]; 3], word: usize) -> u32 {
    let e = |k: usize| m[k / 3][k % 3];
    if word == 4 {
        sign_extend(e(8))
    } else {
        pair(e(word * 2), e(word * 2 + 1))
    }
}

fn matrix_write(m: &mut [[i16; 3]; 3], word: usize, value: u32) {
    let (lo, hi) = split(value);
    let k = word * 2;
    m[k / 3][k % 3] = lo;
    if word < 4 {
        m[(k + 1) / 3][(k + 1) % 3] = hi;
    }
}

impl Registers {
    /// ORGB (and IRGB when read): IR1..3 / 0x80, each saturated to 0..0x1F, as 5:5:5.
    pub fn orgb(&self) -> u32 {
        let c = |ir: i16| u32::from((ir >> 7).clamp(0, 0x1F) as u16);
        c(self.ir[1]) | (c(self.ir[2]) << 5) | (c(self.ir[3]) << 10)
    }

    /// LZCR: the number of leading bits of LZCS equal to its sign bit (1..=32).
    pub fn lzcr(&self) -> u32 {
        if self.lzcs & 0x8000_0000 != 0 {
            self.lzcs.leading_ones()
        } else {
            self.lzcs.leading_zeros()
        }
    }

    /// Pushes a screen position onto the XY FIFO (SXY0 ← SXY1 ← SXY2 ← new).
    pub fn push_sxy(&mut self, xy: [i16; 2]) {
        self.sxy = [self.sxy[1], self.sxy[2], xy];
    }

    /// Pushes a depth onto the Z FIFO (SZ0 ← SZ1 ← SZ2 ← SZ3 ← new).
    pub fn push_sz(&mut self, z: u16) {
        self.sz = [self.sz[1], self.sz[2], self.sz[3], z];
    }

    /// Pushes a colour onto the colour FIFO (RGB0 ← RGB1 ← RGB2 ← new).
    pub fn push_rgb(&mut self, rgb: [u8; 4]) {
        self.rgb = [self.rgb[1], self.rgb[2], rgb];
    }

    /// What mfc2 (0–31) or cfc2 (32 + n) reads from register `index` (taken modulo 64).
    pub fn read(&self, index: usize) -> u32 {
        let p = &self.projection;
        match index % 64 {
            i @ (0 | 2 | 4) => pair(self.v[i / 2][0], self.v[i / 2][1]),
            i @ (1 | 3 | 5) => sign_extend(self.v[i / 2][2]),
            6 => u32::from_le_bytes(self.rgbc),
            7 => u32::from(self.otz),
            i @ 8..=11 => sign_extend(self.ir[i - 8]),
            i @ 12..=14 => pair(self.sxy[i - 12][0], self.sxy[i - 12][1]),
            reg::SXYP => pair(self.sxy[2][0], self.sxy[2][1]),
            i @ 16..=19 => u32::from(self.sz[i - 16]),
            i @ 20..=22 => u32::from_le_bytes(self.rgb[i - 20]),
            23 => self.res1,
            i @ 24..=27 => self.mac[i - 24] as u32,
            reg::IRGB | reg::ORGB => self.orgb(),
            reg::LZCS => self.lzcs,
            reg::LZCR => self.lzcr(),
            i @ 32..=36 => matrix_read(&p.rotation, i - 32),
            i @ 37..=39 => p.translation[i - 37] as u32,
            i @ 40..=44 => matrix_read(&self.light, i - 40),
            i @ 45..=47 => self.background[i - 45] as u32,
            i @ 48..=52 => matrix_read(&self.light_colour, i - 48),
            i @ 53..=55 => self.far_colour[i - 53] as u32,
            i @ 56..=57 => p.offset[i - 56] as u32,
            // H is unsigned, yet reads back sign-extended (a hardware quirk psx-spx notes)
            58 => sign_extend(p.h as i16),
            59 => sign_extend(p.dqa),
            60 => p.dqb as u32,
            61 => sign_extend(p.zsf3),
            62 => sign_extend(p.zsf4),
            _ => with_summary(self.flag),
        }
    }

    /// What mtc2 (0–31) or ctc2 (32 + n) stores into register `index` (taken modulo 64).
    pub fn write(&mut self, index: usize, value: u32) {
        let (lo, hi) = split(value);
        let p = &mut self.projection;
        match index % 64 {
            i @ (0 | 2 | 4) => self.v[i / 2][..2].copy_from_slice(&[lo, hi]),
            i @ (1 | 3 | 5) => self.v[i / 2][2] = lo,
            6 => self.rgbc = value.to_le_bytes(),
            7 => self.otz = lo as u16,
            i @ 8..=11 => self.ir[i - 8] = lo,
            i @ 12..=14 => self.sxy[i - 12] = [lo, hi],
            reg::SXYP => self.push_sxy([lo, hi]),
            i @ 16..=19 => self.sz[i - 16] = lo as u16,
            i @ 20..=22 => self.rgb[i - 20] = value.to_le_bytes(),
            23 => self.res1 = value,
            i @ 24..=27 => self.mac[i - 24] = value as i32,
            reg::IRGB => {
                for c in 0..3 {
                    self.ir[1 + c] = (((value >> (5 * c)) & 0x1F) << 7) as i16;
                }
            }
            reg::ORGB | reg::LZCR => {}
            reg::LZCS => self.lzcs = value,
            i @ 32..=36 => matrix_write(&mut p.rotation, i - 32, value),
            i @ 37..=39 => p.translation[i - 37] = value as i32,
            i @ 40..=44 => matrix_write(&mut self.light, i - 40, value),
            i @ 45..=47 => self.background[i - 45] = value as i32,
            i @ 48..=52 => matrix_write(&mut self.light_colour, i - 48, value),
            i @ 53..=55 => self.far_colour[i - 53] = value as i32,
            i @ 56..=57 => p.offset[i - 56] = value as i32,
            58 => p.h = lo as u16,
            59 => p.dqa = lo,
            60 => p.dqb = value as i32,
            61 => p.zsf3 = lo,
            62 => p.zsf4 = lo,
            _ => self.flag = value & super::arith::WRITABLE_BITS,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cleared() -> Registers {
        let mut r = Registers::default();
        for i in 0..64 {
            r.write(i, 0);
        }
        r
    }

    #[test]
    fn sixteen_bit_registers_sign_or_zero_extend() {
        let mut r = cleared();
        for (index, expect) in [(1, 0xFFFF_8001), (8, 0xFFFF_8001), (36, 0xFFFF_8001), (59, 0xFFFF_8001)] {
            r.write(index, 0x1234_8001);
            assert_eq!(r.read(index), expect, "register {index}");
        }
        // OTZ and SZ are unsigned; H is unsigned but reads back sign-extended
        for index in [7, 16, 19] {
            r.write(index, 0x1234_8001);
            assert_eq!(r.read(index), 0x8001, "register {index}");
        }
        r.write(58, 0x1234_8001);
        assert_eq!(r.projection.h, 0x8001);
        assert_eq!(r.read(58), 0xFFFF_8001);
    }

    #[test]
    fn sxyp_reads_sxy2_and_a_write_pushes_the_fifo() {
        let mut r = cleared();
        r.write(12, 0x0001_0001);
        r.write(13, 0x0002_0002);
        r.write(14, 0x0003_0003);
        assert_eq!(r.read(15), 0x0003_0003);
        r.write(15, 0xFFFF_0004);
        assert_eq!(
            [r.read(12), r.read(13), r.read(14), r.read(15)],
            [0x0002_0002, 0x0003_0003, 0xFFFF_0004, 0xFFFF_0004]
        );
    }

    #[test]
    fn irgb_expands_to_ir_and_orgb_packs_it_back() {
        let mut r = cleared();
        // R 0x1E, G 0x0A, B 0x04 (bit 15 ignored)
        r.write(reg::IRGB, 0x915E);
        assert_eq!(r.ir[1..], [0xF00, 0x500, 0x200]);
        assert_eq!(r.read(reg::IRGB), 0x115E);
        assert_eq!(r.read(reg::ORGB), 0x115E);
        // ORGB saturates each IR / 0x80 to 0..0x1F and cannot be written
        r.ir[1..].copy_from_slice(&[-1, 0x7FFF, 0x0FFF]);
        r.write(reg::ORGB, 0xFFFF_FFFF);
        assert_eq!(r.read(reg::ORGB), (0x1F << 5) | (0x1F << 10));
    }

    #[test]
    fn lzcr_counts_leading_sign_bits() {
        let mut r = cleared();
        for (lzcs, count) in [
            (0u32, 32),
            (1, 31),
            (0x1ACD, 19),
            (0x7FFF_FFFF, 1),
            (0xFFFF_FFFF, 32),
            (0x8000_0000, 1),
            (0xF000_0000, 4),
        ] {
            r.write(reg::LZCS, lzcs);
            r.write(reg::LZCR, 0x55);
            assert_eq!(r.read(reg::LZCR), count, "{lzcs:#x}");
        }
    }

    #[test]
    fn flag_keeps_bits_30_to_12_and_computes_bit_31() {
        let mut r = cleared();
        r.write(reg::FLAG, 0xEFE1_4293);
        assert_eq!(r.read(reg::FLAG), 0xEFE1_4000);
        r.write(reg::FLAG, 0x8000_1000);
        assert_eq!(r.read(reg::FLAG), 0x0000_1000, "IR0 saturation (bit 12) is not an error");
    }

    #[test]
    fn matrices_pack_five_words() {
        let mut r = cleared();
        for (i, value) in
            [0x0002_0001u32, 0x0004_0003, 0x0006_0005, 0x0008_0007, 0xAAAA_FFF9].into_iter().enumerate()
        {
            r.write(32 + i, value);
        }
        assert_eq!(r.projection.rotation, [[1, 2, 3], [4, 5, 6], [7, 8, -7]]);
        assert_eq!(r.read(36), 0xFFFF_FFF9);
        assert_eq!(r.read(33), 0x0004_0003);
    }
}
