//! The GTE's commands on its register file, as psx-spx "GTE Coordinate Calculation Commands", "GTE
//! Lighting and Color Commands" and "GTE General Purpose Calculation Commands" describe them: every
//! MAC1..3 sum goes through the 44-bit accumulator step by step, every saturation raises its flag, and
//! FLAG starts from zero at each command.

use super::arith::{self, accumulate, mac0, mac44};
use super::registers::Registers;

/// The fields of a GTE command word (psx-spx "GTE Command Encoding").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Command {
    /// Bits 0–5: which operation.
    pub number: u8,
    /// Bit 19: shift MAC results right by 12 (`sf`).
    pub shift: bool,
    /// Bit 10: saturate IR1..3 to 0..0x7FFF instead of −0x8000..0x7FFF (`lm`).
    pub lm: bool,
    /// MVMVA bits 17–18: the matrix (RT, LLM, LCM, or the "garbage" one).
    pub matrix: u8,
    /// MVMVA bits 15–16: the vector (V0, V1, V2, or IR1..3).
    pub vector: u8,
    /// MVMVA bits 13–14: the translation (TR, BK, FC with its bug, or none).
    pub translation: u8,
}

impl Command {
    /// Splits a command word (the cop2 instruction's low 25 bits) into its fields.
    pub fn decode(word: u32) -> Command {
        Command {
            number: (word & 0x3F) as u8,
            shift: word & (1 << 19) != 0,
            lm: word & (1 << 10) != 0,
            matrix: ((word >> 17) & 3) as u8,
            vector: ((word >> 15) & 3) as u8,
            translation: ((word >> 13) & 3) as u8,
        }
    }

    #[inline]
    fn sf(&self) -> u32 {
        if self.shift {
            12
        } else {
            0
        }
    }
}

/// The command numbers psx-spx lists (the others do nothing but clear FLAG here; see docs/reference/psx.md).
pub mod op {
    /// RTPS: perspective transformation, single (V0).
    pub const RTPS: u8 = 0x01;
    /// NCLIP: normal clipping (MAC0 = twice the signed area of SXY0, SXY1, SXY2).
    pub const NCLIP: u8 = 0x06;
    /// OP: outer product of the rotation matrix's diagonal (D1, D2, D3) and IR1..3.
    pub const OP: u8 = 0x0C;
    /// DPCS: depth cueing, single (RGBC toward FC by IR0).
    pub const DPCS: u8 = 0x10;
    /// INTPL: interpolation of IR1..3 toward FC by IR0.
    pub const INTPL: u8 = 0x11;
    /// MVMVA: multiply a vector by a matrix and add a vector (the fields of [`Command`](super::Command)).
    pub const MVMVA: u8 = 0x12;
    /// NCDS: normal colour with depth cue, single (V0).
    pub const NCDS: u8 = 0x13;
    /// CDP: colour depth cue ((BK + LCM·IR) times RGBC, toward FC by IR0).
    pub const CDP: u8 = 0x14;
    /// NCDT: normal colour with depth cue, triple (V0, V1, V2).
    pub const NCDT: u8 = 0x16;
    /// NCCS: normal colour times RGBC, single (V0).
    pub const NCCS: u8 = 0x1B;
    /// CC: colour colour ((BK + LCM·IR) times RGBC).
    pub const CC: u8 = 0x1C;
    /// NCS: normal colour, single (V0).
    pub const NCS: u8 = 0x1E;
    /// NCT: normal colour, triple (V0, V1, V2).
    pub const NCT: u8 = 0x20;
    /// SQR: the square of IR1..3.
    pub const SQR: u8 = 0x28;
    /// DCPL: depth cue of RGBC times IR1..3, toward FC by IR0.
    pub const DCPL: u8 = 0x29;
    /// DPCT: depth cueing, triple (RGB0 toward FC by IR0, three times as the colour FIFO moves).
    pub const DPCT: u8 = 0x2A;
    /// AVSZ3: OTZ = ZSF3·(SZ1 + SZ2 + SZ3) >> 12, saturated to 0..0xFFFF.
    pub const AVSZ3: u8 = 0x2D;
    /// AVSZ4: OTZ = ZSF4·(SZ0 + SZ1 + SZ2 + SZ3) >> 12, saturated to 0..0xFFFF.
    pub const AVSZ4: u8 = 0x2E;
    /// RTPT: perspective transformation, triple (V0, V1, V2).
    pub const RTPT: u8 = 0x30;
    /// GPF: general purpose interpolation (IR0 × IR1..3).
    pub const GPF: u8 = 0x3D;
    /// GPL: general purpose interpolation with base (MAC1..3 + IR0 × IR1..3).
    pub const GPL: u8 = 0x3E;
    /// NCCT: normal colour times RGBC, triple (V0, V1, V2).
    pub const NCCT: u8 = 0x3F;
}

/// What a matrix–vector product adds before the products.
#[derive(Clone, Copy, Debug)]
enum Translation {
    Vector([i32; 3]),
    /// MVMVA with FC: the first sum (FC·0x1000 + MX1·VX) only sets flags, then is dropped.
    FarColourBug([i32; 3]),
    None,
}

/// Where a depth cue takes its colour from.
#[derive(Clone, Copy, Debug)]
enum CueSource {
    /// RGBC × 0x10, interpolated toward FC by IR0 (DPCS, DPCT's per-vertex RGB0).
    Colour([u8; 4]),
    /// RGBC × 0x10 × IR1..3 / 0x1000 (NCDS, CDP, DCPL).
    ColourTimesIr,
}

impl Registers {
    /// Runs one GTE command word.
    pub fn execute(&mut self, word: u32) {
        let c = Command::decode(word);
        let sf = c.sf();
        self.flag = 0;
        match c.number {
            op::RTPS => self.rtp(0, c, true),
            op::RTPT => {
                for i in 0..3 {
                    self.rtp(i, c, i == 2);
                }
            }
            op::NCLIP => self.nclip(),
            op::AVSZ3 => {
                self.average_z(self.projection.zsf3, self.sz[1..].iter().map(|&z| i64::from(z)).sum())
            }
            op::AVSZ4 => self.average_z(self.projection.zsf4, self.sz.iter().map(|&z| i64::from(z)).sum()),
            op::MVMVA => self.mvmva(c),
            op::SQR => {
                let ir = self.ir;
                self.set_mac(
                    std::array::from_fn(|i| (i64::from(ir[1 + i]) * i64::from(ir[1 + i])) >> sf),
                    c.lm,
                );
            }
            op::OP => {
                let r = self.projection.rotation;
                let d = [r[0][0], r[1][1], r[2][2]].map(i64::from);
                let ir = [self.ir[1], self.ir[2], self.ir[3]].map(i64::from);
                let cross =
                    [d[1] * ir[2] - d[2] * ir[1], d[2] * ir[0] - d[0] * ir[2], d[0] * ir[1] - d[1] * ir[0]];
                let macs = std::array::from_fn(|i| mac44(i, cross[i], &mut self.flag) >> sf);
                self.set_mac(macs, c.lm);
            }
            op::GPF => {
                let (ir0, ir) = (i64::from(self.ir[0]), self.ir);
                let macs =
                    std::array::from_fn(|i| mac44(i, ir0 * i64::from(ir[1 + i]), &mut self.flag) >> sf);
                self.set_mac(macs, c.lm);
                self.push_mac_colour();
            }
            op::GPL => {
                let (ir0, ir, mac) = (i64::from(self.ir[0]), self.ir, self.mac);
                let macs = std::array::from_fn(|i| {
                    mac44(i, (i64::from(mac[1 + i]) << sf) + ir0 * i64::from(ir[1 + i]), &mut self.flag) >> sf
                });
                self.set_mac(macs, c.lm);
                self.push_mac_colour();
            }
            op::DPCS => self.depth_cue(CueSource::Colour(self.rgbc), c),
            op::DPCT => {
                for _ in 0..3 {
                    self.depth_cue(CueSource::Colour(self.rgb[0]), c);
                }
            }
            op::DCPL => self.depth_cue(CueSource::ColourTimesIr, c),
            op::INTPL => self.intpl(c),
            op::NCS => self.normal_colour(0, c),
            op::NCT => (0..3).for_each(|i| self.normal_colour(i, c)),
            op::NCCS => self.normal_colour_colour(0, c),
            op::NCCT => (0..3).for_each(|i| self.normal_colour_colour(i, c)),
            op::NCDS => self.normal_colour_depth(0, c),
            op::NCDT => (0..3).for_each(|i| self.normal_colour_depth(i, c)),
            op::CC => {
                self.light_colour_times_ir(c);
                self.colour_times_ir(c);
            }
            op::CDP => {
                self.light_colour_times_ir(c);
                self.depth_cue(CueSource::ColourTimesIr, c);
            }
            _ => {}
        }
    }

    /// RTPS on vertex `i`; `last` also computes the depth cue (RTPT does it for V2 only).
    fn rtp(&mut self, i: usize, c: Command, last: bool) {
        let p = self.projection.project_xy(self.v[i], c.shift, c.lm, &mut self.flag);
        self.mac[1..].copy_from_slice(&p.mac);
        self.ir[1..].copy_from_slice(&p.ir);
        self.push_sz(p.sz);
        self.push_sxy([p.sx, p.sy]);
        if last {
            let (mac, ir0) = self.projection.depth_cue(p.quotient, &mut self.flag);
            self.mac[0] = mac;
            self.ir[0] = ir0;
        }
    }

    fn nclip(&mut self) {
        let [[x0, y0], [x1, y1], [x2, y2]] = self.sxy.map(|p| p.map(i64::from));
        self.mac[0] = mac0(x0 * y1 + x1 * y2 + x2 * y0 - x0 * y2 - x1 * y0 - x2 * y1, &mut self.flag);
    }

    fn average_z(&mut self, zsf: i16, sum: i64) {
        let value = i64::from(zsf) * sum;
        self.mac[0] = mac0(value, &mut self.flag);
        self.otz = arith::depth(value >> 12, &mut self.flag);
    }

    /// MAC1..3 from a 64-bit value each (truncated to 32 bits), then IR1..3 from them.
    fn set_mac(&mut self, macs: [i64; 3], lm: bool) {
        for (mac, m) in self.mac[1..].iter_mut().zip(macs) {
            *mac = m as i32;
        }
        self.mac_to_ir(lm);
    }

    fn mac_to_ir(&mut self, lm: bool) {
        for i in 0..3 {
            self.ir[1 + i] = arith::ir(i, i64::from(self.mac[1 + i]), lm, &mut self.flag);
        }
    }

    /// The colour FIFO push every colour command ends with: MAC1..3 / 16 saturated, and CODE.
    fn push_mac_colour(&mut self) {
        let mut rgb = [0, 0, 0, self.rgbc[3]];
        for (i, c) in rgb.iter_mut().take(3).enumerate() {
            *c = arith::colour(i, i64::from(self.mac[1 + i] >> 4), &mut self.flag);
        }
        self.push_rgb(rgb);
    }

    /// MAC1..3 = (translation·0x1000 + M·v) >> sf, IR1..3 saturated from them.
    fn multiply(&mut self, m: [[i16; 3]; 3], v: [i16; 3], t: Translation, c: Command) {
        let sf = c.sf();
        for (row, mrow) in m.iter().enumerate() {
            let p = [0, 1, 2].map(|k| i64::from(mrow[k]) * i64::from(v[k]));
            let sum = match t {
                Translation::Vector(tr) => accumulate(row, i64::from(tr[row]) << 12, p, &mut self.flag),
                Translation::None => accumulate(row, 0, p, &mut self.flag),
                Translation::FarColourBug(fc) => {
                    let dropped = mac44(row, (i64::from(fc[row]) << 12) + p[0], &mut self.flag);
                    arith::ir(row, i64::from((dropped >> sf) as i32), false, &mut self.flag);
                    accumulate(row, 0, [p[1], p[2], 0], &mut self.flag)
                }
            };
            self.mac[1 + row] = (sum >> sf) as i32;
        }
        self.mac_to_ir(c.lm);
    }

    fn mvmva(&mut self, c: Command) {
        let r = self.projection.rotation;
        let m = match c.matrix {
            0 => r,
            1 => self.light,
            2 => self.light_colour,
            // psx-spx: the "garbage" matrix mx = 3
            _ => {
                let red = i16::from(self.rgbc[0]) << 4;
                [[-red, red, self.ir[0]], [r[0][2]; 3], [r[1][1]; 3]]
            }
        };
        let v = match c.vector {
            i @ 0..=2 => self.v[usize::from(i)],
            _ => [self.ir[1], self.ir[2], self.ir[3]],
        };
        let t = match c.translation {
            0 => Translation::Vector(self.projection.translation),
            1 => Translation::Vector(self.background),
            2 => Translation::FarColourBug(self.far_colour),
            _ => Translation::None,
        };
        self.multiply(m, v, t, c);
    }

    /// IR = LLM·V (light), then IR = BK + LCM·IR (its colour).
    fn light(&mut self, i: usize, c: Command) {
        self.multiply(self.light, self.v[i], Translation::None, c);
        self.light_colour_times_ir(c);
    }

    fn light_colour_times_ir(&mut self, c: Command) {
        let ir = [self.ir[1], self.ir[2], self.ir[3]];
        self.multiply(self.light_colour, ir, Translation::Vector(self.background), c);
    }

    fn normal_colour(&mut self, i: usize, c: Command) {
        self.light(i, c);
        self.push_mac_colour();
    }

    fn normal_colour_colour(&mut self, i: usize, c: Command) {
        self.light(i, c);
        self.colour_times_ir(c);
    }

    fn normal_colour_depth(&mut self, i: usize, c: Command) {
        self.light(i, c);
        self.depth_cue(CueSource::ColourTimesIr, c);
    }

    /// MAC = RGBC·0x10 × IR >> sf, the colour FIFO push (CC, NCCS).
    fn colour_times_ir(&mut self, c: Command) {
        let (rgbc, ir) = (self.rgbc, self.ir);
        let macs = std::array::from_fn(|i| {
            mac44(i, (i64::from(rgbc[i]) << 4) * i64::from(ir[1 + i]), &mut self.flag) >> c.sf()
        });
        self.set_mac(macs, c.lm);
        self.push_mac_colour();
    }

    /// Interpolation toward the far colour by IR0: `MAC = base + IR0 × sat(FC·0x1000 − base)`, where the
    /// saturation ignores `lm`; IR, and the colour FIFO push, from the result.
    fn cue(&mut self, base: [i64; 3], c: Command) {
        let sf = c.sf();
        let ir0 = i64::from(self.ir[0]);
        for (i, &b) in base.iter().enumerate() {
            let toward = (mac44(i, (i64::from(self.far_colour[i]) << 12) - b, &mut self.flag) >> sf) as i32;
            let step = arith::ir(i, i64::from(toward), false, &mut self.flag);
            self.mac[1 + i] = (mac44(i, b + ir0 * i64::from(step), &mut self.flag) >> sf) as i32;
        }
        self.mac_to_ir(c.lm);
        self.push_mac_colour();
    }

    fn depth_cue(&mut self, source: CueSource, c: Command) {
        let base = match source {
            CueSource::Colour(rgb) => [0, 1, 2].map(|i| i64::from(rgb[i]) << 16),
            CueSource::ColourTimesIr => {
                [0, 1, 2].map(|i| (i64::from(self.rgbc[i]) << 4) * i64::from(self.ir[1 + i]))
            }
        };
        self.cue(base, c);
    }

    fn intpl(&mut self, c: Command) {
        let base = [1, 2, 3].map(|i| i64::from(self.ir[i]) << 12);
        self.cue(base, c);
    }
}
