//! CD sector framing: the 2,048 bytes of user data in each sector, whether the image stores bare data
//! (an `.iso`, 2,048-byte sectors) or whole raw sectors (a `.bin` from a BIN/CUE dump, 2,352 bytes: sync,
//! header, for Mode 2 a subheader, the data, EDC/ECC). No crate reads this framing, so it is here, with the
//! writer the tests use to wrap an ISO 9660 image as a PS1 disc is laid out ([`super::edc_ecc`] has the codes).
//!
//! Raw sector layout (ECMA-130; psx-spx "CDROM Disk Format"):
//!
//! | offset | Mode 1 | Mode 2 Form 1 |
//! |---|---|---|
//! | 0x000 | 12 sync bytes `00 FF×10 00` | same |
//! | 0x00C | 3-byte BCD address (minute, second, frame; LBA + 150 frames), mode byte | same |
//! | 0x010 | 2,048 data bytes | 8-byte subheader (file, channel, submode, coding; twice) |
//! | 0x018 | | 2,048 data bytes (submode bit 0x20 clear; set means Form 2: 2,324 bytes of audio/video) |
//! | 0x810 | EDC (u32 LE) over 0x000..0x810, 8 zero bytes, ECC | |
//! | 0x818 | | EDC (u32 LE) over 0x010..0x818, ECC |

use super::source::Source;
use crate::bytes::{ParseError, Problem};
use crate::num::low_u8;

/// Bytes of user data in a data sector.
pub const DATA_SIZE: u64 = DATA_LEN as u64;
/// [`DATA_SIZE`] as a buffer length.
pub const DATA_LEN: usize = 2048;
/// Bytes in a raw sector.
pub const RAW_SIZE: u64 = RAW_LEN as u64;
/// [`RAW_SIZE`] as a buffer length (the sector layout is [`super::edc_ecc`]'s).
pub use super::edc_ecc::RAW_LEN;
/// The sync pattern that starts every raw data sector (the layout is [`super::edc_ecc`]'s).
pub use super::edc_ecc::SYNC;
/// Submode bit: the sector is Form 2 (XA audio, STR video), with no 2,048-byte data area.
const SUBMODE_FORM2: u8 = super::edc_ecc::SUBMODE_FORM2;
/// Why a Form 2 sector has no file data (matched by [`super::Disc::levels`], which skips such files).
pub const FORM2: &str = "a Mode 2 Form 2 sector (XA audio or STR video), which holds no file data";
/// Frames before LBA 0 (the two-second lead-in): a sector's header address is LBA + 150.
const LEAD_IN_FRAMES: u64 = 150;

/// How an image stores its sectors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Framing {
    /// 2,048 bytes of data per sector (an ISO 9660 image).
    #[serde(rename = "iso")]
    Bare,
    /// 2,352-byte raw sectors, Mode 1 or Mode 2 Form 1 by each sector's mode byte.
    #[serde(rename = "raw-2352")]
    Raw,
}

impl Framing {
    fn sector_size(self) -> u64 {
        match self {
            Framing::Bare => DATA_SIZE,
            Framing::Raw => RAW_SIZE,
        }
    }
}

/// An image read as 2,048-byte logical sectors.
pub struct Sectors {
    /// The image file's bytes.
    pub source: Source,
    /// Whether each sector is bare data or a raw 2,352-byte frame.
    pub framing: Framing,
}

impl Sectors {
    /// Sectors the image holds (a partial last sector does not count).
    pub fn count(&self) -> u64 {
        self.source.len() / self.framing.sector_size()
    }

    /// The byte offset in the image file of byte `within` of sector `lba`'s data (for error messages:
    /// errors name offsets in the file the user has).
    pub fn image_offset(&self, lba: u64, within: u64) -> u64 {
        let data_start = match self.framing {
            Framing::Bare => 0,
            Framing::Raw => 24,
        };
        lba.saturating_mul(self.framing.sector_size()).saturating_add(data_start).saturating_add(within)
    }

    /// Sector `lba`'s 2,048 data bytes.
    pub fn read(&mut self, lba: u64, out: &mut [u8; 2048], what: &str) -> Result<(), ParseError> {
        let start = lba.saturating_mul(self.framing.sector_size());
        match self.framing {
            Framing::Bare => self.source.read_at(start, out, what),
            Framing::Raw => {
                let mut raw = [0u8; RAW_LEN];
                self.source.read_at(start, &mut raw, what)?;
                let data = raw_data(&raw).map_err(|problem| ParseError {
                    offset: start,
                    what: format!("{what} (sector {lba})"),
                    problem,
                })?;
                out.copy_from_slice(data);
                Ok(())
            }
        }
    }
}

/// The data area of one raw sector, or why it has none.
pub fn raw_data(raw: &[u8; RAW_LEN]) -> Result<&[u8], Problem> {
    if raw[..12] != SYNC {
        return Err(Problem::BadValue("no sync pattern: not a raw 2,352-byte data sector".into()));
    }
    match raw[15] {
        1 => Ok(&raw[16..16 + 2048]),
        2 if raw[18] & SUBMODE_FORM2 != 0 => Err(Problem::Unsupported(FORM2.into())),
        2 => Ok(&raw[24..24 + 2048]),
        mode => Err(Problem::BadValue(format!("mode byte {mode}: not a Mode 1 or Mode 2 data sector"))),
    }
}

/// Which raw sector mode [`frame`] writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RawMode {
    /// Mode 1: 2,048 data bytes right after the 16-byte header.
    Mode1,
    /// Mode 2 Form 1, as PS1 discs store their files.
    Mode2Form1,
}

/// Wraps 2,048-byte sectors (an ISO 9660 image; a partial last sector is padded with zeros) as raw 2,352-byte
/// sectors: sync, BCD address, mode, subheader (data, file 0 channel 0), the data, its EDC and its ECC
/// (P and Q parity, [`super::edc_ecc`]), as a mastering tool writes them.
pub fn frame(data: &[u8], mode: RawMode) -> Vec<u8> {
    let sectors = data.len().div_ceil(DATA_LEN);
    let mut out = Vec::with_capacity(sectors * RAW_LEN);
    for (lba, chunk) in data.chunks(DATA_LEN).enumerate() {
        let mut raw = [0u8; RAW_LEN];
        raw[..12].copy_from_slice(&SYNC);
        raw[12..15].copy_from_slice(&msf(lba as u64));
        match mode {
            RawMode::Mode1 => {
                raw[15] = 1;
                raw[16..].iter_mut().zip(chunk).for_each(|(to, &b)| *to = b);
            }
            RawMode::Mode2Form1 => {
                raw[15] = 2;
                // Submode 0x08: data.
                raw[16..24].copy_from_slice(&[0, 0, 0x08, 0, 0, 0, 0x08, 0]);
                raw[24..].iter_mut().zip(chunk).for_each(|(to, &b)| *to = b);
            }
        }
        super::edc_ecc::seal(&mut raw);
        out.extend_from_slice(&raw);
    }
    out
}

/// Sector `lba`'s header address: minute, second, frame in BCD, counting the 150-frame lead-in
/// (LBAs past 99:59:74 wrap, as no CD holds them).
pub fn msf(lba: u64) -> [u8; 3] {
    let frames = lba + LEAD_IN_FRAMES;
    [bcd(frames / (75 * 60) % 100), bcd(frames / 75 % 60), bcd(frames % 75)]
}

fn bcd(v: u64) -> u8 {
    // Callers pass values below 100.
    low_u8((v / 10 % 10) * 16 + v % 10)
}

/// The CD-ROM EDC: CRC-32 with the reflected polynomial 0xD8018001, initial value 0, no final inversion.
pub fn edc(bytes: &[u8]) -> u32 {
    super::edc_ecc::edc(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn framed_sectors_read_back_and_carry_their_address_and_edc() {
        let data: Vec<u8> = (0..3 * 2048u32).map(|i| (i % 251) as u8).collect();
        for mode in [RawMode::Mode1, RawMode::Mode2Form1] {
            let raw = frame(&data, mode);
            assert_eq!(raw.len(), 3 * 2352);
            // LBA 2 is frame 152: 00:02:02.
            assert_eq!(&raw[2 * 2352 + 12..2 * 2352 + 15], &[0x00, 0x02, 0x02]);
            let mut sectors = Sectors { source: Source::memory(raw), framing: Framing::Raw };
            for lba in 0..3u64 {
                let mut out = [0u8; 2048];
                sectors.read(lba, &mut out, "test").unwrap();
                assert_eq!(&out[..], &data[usize::try_from(lba).unwrap() * 2048..][..2048]);
            }
        }
    }

    #[test]
    fn edc_is_a_crc_whose_residue_is_zero() {
        // A reflected CRC with initial value 0 and no final inversion: the CRC of the data followed by its
        // own CRC (little-endian) is 0. A wrong polynomial table or bit order breaks this.
        let raw = frame(&[0x5Au8; 2048], RawMode::Mode2Form1);
        assert_eq!(edc(&raw[0x10..0x81C]), 0);
        assert_ne!(edc(&raw[0x10..0x818]), 0);
        let raw = frame(&[0xA5u8; 2048], RawMode::Mode1);
        assert_eq!(edc(&raw[..0x814]), 0);
    }

    #[test]
    fn form2_and_unsynced_sectors_are_refused_with_their_offset() {
        let mut raw = frame(&[0u8; 4096], RawMode::Mode2Form1);
        raw[2352 + 18] |= SUBMODE_FORM2;
        let mut sectors = Sectors { source: Source::memory(raw.clone()), framing: Framing::Raw };
        let e = sectors.read(1, &mut [0; 2048], "file X").unwrap_err();
        assert_eq!(e.offset, 2352);
        assert!(e.to_string().contains("Mode 2 Form 2"), "{e}");
        raw[0] = 1;
        let mut sectors = Sectors { source: Source::memory(raw), framing: Framing::Raw };
        let e = sectors.read(0, &mut [0; 2048], "file X").unwrap_err();
        assert!(e.to_string().contains("no sync pattern"), "{e}");
    }
}
