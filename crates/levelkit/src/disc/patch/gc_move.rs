//! Where a GameCube file that does not fit in place goes: the disc's used extents (system area, DOL,
//! FST, every file), the lowest free gap after the FST that holds the new file (32-byte aligned, nod's
//! default), or else the image's end (the image grows, up to a mini DVD's 1,459,978,240 bytes).
//!
//! The move is a rebuild of the file system's one changed node: the FST entry's offset and size are
//! rewritten, every other node, the string table and every other byte of the disc stay as they were
//! (the old copy of the file stays where it was, now unreferenced). The FST is the game's lookup
//! (`DVDOpen` resolves a path through it), so a moved file is found where the FST says.
//!
//! nod's `GCPartitionBuilder` (2.0.0-alpha.9, `build/gc.rs`) was read and not used for this: with the
//! original FST it keeps that FST unchanged (its offsets are a TODO) and prints to stdout; without it
//! it builds a new FST and string table (a different size, empty directories dropped), writes a DOL
//! placed after the FST nowhere, and fills every gap with junk. Changing one node keeps the rest
//! byte-identical, which the read-back proof then checks; containers are still re-encoded by nod's
//! `DiscWriter`.

use super::PatchError;
use crate::disc::source::Source;
use crate::disc::{Entry, Location};

/// A mini DVD's size, the largest GameCube disc.
pub(crate) const MINI_DVD_SIZE: u64 = 1_459_978_240;
/// Alignment of a moved file's offset (nod's default for files).
const ALIGN: u64 = 32;

/// The disc's used byte ranges, `[start, end)`, kept sorted on demand.
pub(crate) struct Layout {
    used: Vec<(u64, u64)>,
    /// The end of the FST: nothing moves before it.
    fst_end: u64,
    /// The image's length (grows when a file is placed at the end).
    pub(crate) disc_len: u64,
    /// Why the DOL's header could not be read, if it could not.
    unreadable: Option<String>,
}

impl Layout {
    /// The layout of a disc whose boot header gives `dol`, `fst` and `fst_size`.
    pub(crate) fn new(
        source: &mut Source,
        entries: &[Entry],
        system_area: u64,
        dol: u64,
        fst: u64,
        fst_size: u64,
    ) -> Self {
        let mut header = [0u8; 0xE0];
        // Only a move needs the DOL's extent: a header that cannot be read refuses the move, not the patch.
        let unreadable = source.read_at(dol, &mut header, "the DOL header").err().map(|e| e.to_string());
        let word = |at: usize| {
            header
                .get(at..at + 4)
                .and_then(|b| b.try_into().ok())
                .map_or(0, |b| u64::from(u32::from_be_bytes(b)))
        };
        // 7 text and 11 data sections: offsets at 0x00, sizes at 0x90.
        let dol_len = (0..18).map(|i| word(i * 4).saturating_add(word(0x90 + i * 4))).max().unwrap_or(0);
        let mut used = vec![
            (0, system_area),
            (dol, dol.saturating_add(dol_len.max(0xE0))),
            (fst, fst.saturating_add(fst_size)),
        ];
        used.extend(entries.iter().filter(|e| e.size > 0).filter_map(|e| match e.location {
            Location::Bytes { offset } => Some((offset, offset.saturating_add(e.size))),
            Location::Sectors { .. } => None,
        }));
        Self { used, fst_end: fst.saturating_add(fst_size), disc_len: source.len(), unreadable }
    }

    /// Marks `[start, end)` used (a file grown in place).
    pub(crate) fn claim(&mut self, start: u64, end: u64) {
        self.used.push((start, end));
    }

    /// The offset for `len` new bytes: the lowest aligned gap after the FST that holds them, else the
    /// image's end. Refused past a mini DVD's size.
    pub(crate) fn place(&mut self, path: &str, len: u64) -> Result<u64, PatchError> {
        if let Some(e) = &self.unreadable {
            return Err(PatchError::Unsupported(format!(
                "{path}: the new file does not fit at its offset and moving it needs the DOL's extent, but {e}"
            )));
        }
        self.used.sort_unstable();
        let mut at = self.fst_end.next_multiple_of(ALIGN);
        for &(start, end) in &self.used {
            if end <= at {
                continue;
            }
            if start >= at && start - at >= len {
                break;
            }
            at = at.max(end.next_multiple_of(ALIGN));
        }
        if at.saturating_add(len) > self.disc_len {
            at = at.max(self.disc_len.next_multiple_of(ALIGN));
        }
        let end = at.saturating_add(len);
        if end > MINI_DVD_SIZE {
            return Err(PatchError::Unsupported(format!(
                "{path}: the new file is {len} bytes and no gap on the disc holds it; at the image's end it \
                 would end at byte {end}, past a GameCube disc's {MINI_DVD_SIZE} bytes"
            )));
        }
        self.used.push((at, end));
        self.disc_len = self.disc_len.max(end);
        Ok(at)
    }
}
