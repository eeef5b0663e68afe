//! The error detection and correction codes of a raw CD-ROM data sector (ECMA-130 14.3–14.5, Annex A),
//! computed to write a sector and checked to trust one.
//!
//! - **EDC**: a CRC-32 with the polynomial (x¹⁶+x¹⁵+x²+1)(x¹⁶+x²+x+1) = 0x8001801B, bits taken least
//!   significant first (reflected: 0xD8018001), initial value 0, no final inversion, stored little-endian.
//!   Mode 1 covers 0x000..0x810 (sync, header, data) and stores it at 0x810; Mode 2 Form 1 covers
//!   0x010..0x818 (subheader, data) and stores it at 0x818; Form 2 covers 0x010..0x92C and stores it at
//!   0x92C (0 there means "no EDC").
//! - **ECC**: a Reed–Solomon product code over GF(2⁸) (field polynomial x⁸+x⁴+x³+x²+1, 0x11D) on the 2,064
//!   bytes from the header (0x00C) to the end of the intermediate field (0x81B), seen as 1,032 16-bit words
//!   whose high and low bytes form two planes. P parity: 43 columns of 24 words each get two parity words,
//!   a (26,24) code, 172 bytes at 0x81C. Q parity: 26 diagonals of 43 words (over the data and the P
//!   parity) get two parity words, a (45,43) code, 104 bytes at 0x8C8. A parity pair makes the vector's sum
//!   and its α-weighted sum zero. In Mode 2 the header's four bytes count as zero (a Form 1 sector's ECC
//!   does not depend on its address).
//!
//! The tests check this against a Python implementation written separately from the standard's
//! definitions (crates/levelkit/tests/ecma130.py).
#![allow(
    clippy::indexing_slicing,
    reason = "fixed-size sector arrays indexed by the standard's constant offsets, all below 2,352"
)]

/// A raw CD sector: sync, header, subheader, data, EDC and ECC.
pub const RAW_LEN: usize = 2352;
/// The sync pattern that starts every raw data sector.
pub const SYNC: [u8; 12] = [0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00];

/// Where the header (4 bytes: minute, second, frame, mode) is.
const HEADER: usize = 0x00C;
/// Where the P parity (172 bytes) starts.
const P_PARITY: usize = 0x81C;
/// Where the Q parity (104 bytes) starts.
const Q_PARITY: usize = 0x8C8;
/// Submode bit: Form 2.
pub const SUBMODE_FORM2: u8 = 0x20;
/// Submode bits a file's last sector carries: end of record (0x01) and end of file (0x80).
pub const SUBMODE_END: u8 = 0x81;

#[allow(clippy::cast_possible_truncation, reason = "i < 256")]
const fn edc_table() -> [u32; 256] {
    let mut table = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut crc = i as u32;
        let mut bit = 0;
        while bit < 8 {
            crc = if crc & 1 != 0 { (crc >> 1) ^ 0xD801_8001 } else { crc >> 1 };
            bit += 1;
        }
        table[i] = crc;
        i += 1;
    }
    table
}

static EDC_TABLE: [u32; 256] = edc_table();

/// The CD-ROM EDC of `bytes`.
pub fn edc(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0u32, |crc, &b| (crc >> 8) ^ EDC_TABLE[usize::from(crc.to_le_bytes()[0] ^ b)])
}

/// Multiplication by α (= 2) in GF(2⁸) mod 0x11D, and its inverse for α + 1.
#[allow(clippy::cast_possible_truncation, reason = "i < 256, and the 0x11D reduction clears bit 8")]
const fn gf_tables() -> ([u8; 256], [u8; 256]) {
    let mut times_alpha = [0u8; 256];
    let mut over_alpha_plus_1 = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let doubled = ((i << 1) ^ if i & 0x80 != 0 { 0x11D } else { 0 }) as u8;
        times_alpha[i] = doubled;
        // (α + 1)·i = 2i ⊕ i.
        over_alpha_plus_1[(doubled ^ i as u8) as usize] = i as u8;
        i += 1;
    }
    (times_alpha, over_alpha_plus_1)
}

static GF: ([u8; 256], [u8; 256]) = gf_tables();

/// One family of parity vectors: `vectors` vectors (both planes) of `length` data bytes, vector `v`'s
/// `k`-th byte at `(v / 2) · start_step + (v % 2) + k · step` (modulo the `vectors · length` bytes covered),
/// the parity pair at `parity[v]` and `parity[v + vectors]`. Horner's rule accumulates the weighted sum.
fn parity(region: &[u8], vectors: usize, length: usize, start_step: usize, step: usize, parity: &mut [u8]) {
    let (times_alpha, over_alpha_plus_1) = (&GF.0, &GF.1);
    let size = vectors * length;
    for v in 0..vectors {
        let mut index = (v / 2) * start_step + (v % 2);
        let (mut sum, mut weighted) = (0u8, 0u8);
        for _ in 0..length {
            let byte = region[index];
            sum ^= byte;
            weighted = times_alpha[usize::from(weighted ^ byte)];
            index += step;
            if index >= size {
                index -= size;
            }
        }
        // p0 + p1 = sum and α·p0 + p1 = α²·(Σ αⁿ⁻¹⁻ᵏ dₖ) = α·weighted: p0 = (sum + α·weighted) / (α + 1).
        let p0 = over_alpha_plus_1[usize::from(times_alpha[usize::from(weighted)] ^ sum)];
        parity[v] = p0;
        parity[v + vectors] = p0 ^ sum;
    }
}

/// The P and Q parity (172 + 104 bytes) of a raw sector whose header, data, EDC and intermediate bytes are
/// set. `zero_header`: Mode 2 (the header counts as zeros).
fn ecc(sector: &[u8; RAW_LEN], zero_header: bool) -> [u8; 276] {
    // Header to the end of the P parity: the region Q covers (P covers its first 2,064 bytes).
    let mut region = [0u8; Q_PARITY - HEADER];
    region.copy_from_slice(&sector[HEADER..Q_PARITY]);
    if zero_header {
        region[..4].fill(0);
    }
    let mut out = [0u8; 276];
    let (p, q) = out.split_at_mut(172);
    parity(&region[..P_PARITY - HEADER], 86, 24, 2, 86, p);
    region[P_PARITY - HEADER..].copy_from_slice(p);
    parity(&region, 52, 43, 86, 88, q);
    out
}

/// What kind of raw sector this is, by its sync, mode byte and submode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SectorKind {
    /// Mode 1: EDC and ECC.
    Mode1,
    /// Mode 2 Form 1: EDC and ECC.
    Mode2Form1,
    /// Mode 2 Form 2: an optional EDC, no ECC.
    Mode2Form2,
    /// No sync pattern (an audio sector), or mode 0 (empty): no codes.
    Other,
}

/// The kind of `sector`.
pub fn kind(sector: &[u8; RAW_LEN]) -> SectorKind {
    if sector[..12] != SYNC {
        return SectorKind::Other;
    }
    match sector[15] {
        1 => SectorKind::Mode1,
        2 if sector[18] & SUBMODE_FORM2 != 0 => SectorKind::Mode2Form2,
        2 => SectorKind::Mode2Form1,
        _ => SectorKind::Other,
    }
}

/// Writes `sector`'s EDC and (Mode 1, Mode 2 Form 1) ECC from its other bytes; Mode 1's intermediate field
/// is zeroed. A sector of [`SectorKind::Other`] is left as it is.
pub fn seal(sector: &mut [u8; RAW_LEN]) {
    match kind(sector) {
        SectorKind::Mode1 => {
            let e = edc(&sector[..0x810]);
            sector[0x810..0x814].copy_from_slice(&e.to_le_bytes());
            sector[0x814..0x81C].fill(0);
            let parity = ecc(sector, false);
            sector[P_PARITY..].copy_from_slice(&parity);
        }
        SectorKind::Mode2Form1 => {
            let e = edc(&sector[0x10..0x818]);
            sector[0x818..0x81C].copy_from_slice(&e.to_le_bytes());
            let parity = ecc(sector, true);
            sector[P_PARITY..].copy_from_slice(&parity);
        }
        SectorKind::Mode2Form2 => {
            let e = edc(&sector[0x10..0x92C]);
            sector[0x92C..].copy_from_slice(&e.to_le_bytes());
        }
        SectorKind::Other => {}
    }
}

/// What is wrong with a sector's codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The EDC stored does not match the data.
    Edc,
    /// The EDC matches, the P or Q parity does not.
    Ecc,
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Fault::Edc => "EDC",
            Fault::Ecc => "ECC (P/Q parity)",
        })
    }
}

/// Whether `sector`'s EDC and ECC match its data (a Form 2 sector's EDC only when one is stored).
pub fn check(sector: &[u8; RAW_LEN]) -> Result<(), Fault> {
    let (covered, stored_at, parity) = match kind(sector) {
        SectorKind::Mode1 => (0..0x810, 0x810, Some(false)),
        SectorKind::Mode2Form1 => (0x10..0x818, 0x818, Some(true)),
        SectorKind::Mode2Form2 => (0x10..0x92C, 0x92C, None),
        SectorKind::Other => return Ok(()),
    };
    let stored = u32::from_le_bytes([
        sector[stored_at],
        sector[stored_at + 1],
        sector[stored_at + 2],
        sector[stored_at + 3],
    ]);
    if parity.is_none() && stored == 0 {
        return Ok(());
    }
    if edc(&sector[covered]) != stored {
        return Err(Fault::Edc);
    }
    match parity {
        Some(zero_header) if ecc(sector, zero_header)[..] != sector[P_PARITY..] => Err(Fault::Ecc),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mode2(fill: u8) -> [u8; RAW_LEN] {
        let mut s = [0u8; RAW_LEN];
        s[..12].copy_from_slice(&super::SYNC);
        s[12..16].copy_from_slice(&[0x00, 0x02, 0x16, 2]);
        s[16..24].copy_from_slice(&[0, 0, 8, 0, 0, 0, 8, 0]);
        s[24..0x818].iter_mut().enumerate().for_each(|(i, b)| *b = fill ^ i.to_le_bytes()[0]);
        s
    }

    #[test]
    fn a_sealed_sector_checks_and_any_flipped_bit_is_found() {
        let mut s = mode2(0x3C);
        seal(&mut s);
        assert_eq!(check(&s), Ok(()));
        for at in [24, 0x500, 0x817] {
            let mut bad = s;
            bad[at] ^= 0x10;
            assert_eq!(check(&bad), Err(Fault::Edc));
        }
        let mut bad = s;
        bad[0x900] ^= 1;
        assert_eq!(check(&bad), Err(Fault::Ecc));
    }

    #[test]
    fn a_mode2_sectors_ecc_does_not_depend_on_its_address_but_a_mode1_sectors_does() {
        let mut a = mode2(1);
        seal(&mut a);
        let mut b = a;
        b[14] = 0x17;
        seal(&mut b);
        assert_eq!(a[P_PARITY..], b[P_PARITY..]);
        a[15] = 1;
        b[15] = 1;
        seal(&mut a);
        seal(&mut b);
        assert_ne!(a[P_PARITY..], b[P_PARITY..]);
    }

    #[test]
    fn the_parity_of_zeros_is_zero_and_the_code_is_linear() {
        // RS codes are linear: parity(x ⊕ y) = parity(x) ⊕ parity(y), and parity(0) = 0.
        let zero = [0u8; RAW_LEN];
        assert!(ecc(&zero, false).iter().all(|&b| b == 0));
        let (mut x, mut y) = ([0u8; RAW_LEN], [0u8; RAW_LEN]);
        x[100] = 0x5A;
        y[1700] = 0xC3;
        let mut xy = x;
        xy[1700] = 0xC3;
        let (px, py, pxy) = (ecc(&x, false), ecc(&y, false), ecc(&xy, false));
        assert!(px.iter().zip(py).zip(pxy).all(|((a, b), c)| a ^ b == c));
    }
}
