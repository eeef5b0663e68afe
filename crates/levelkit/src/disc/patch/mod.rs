//! Replacing files inside a disc image, in place, as PS1 romhacking does when the game's own file table is
//! unknown: the new bytes go into the sectors the old file occupies (the tail zeroed to the sector end), its
//! ISO 9660 directory record's size is updated (both byte orders), and every sector written is framed as
//! the one it replaces (sync, header, subheader with its submode bits; the end-of-record and end-of-file
//! bits on the new last sector as the old last sector had them) with its EDC and ECC recomputed
//! ([`super::edc_ecc`]). GameCube images: the `gc` part.
//!
//! What levelkit cannot see: a game may find its files by a table in its executable (Rugrats names its
//! files by number, `LEVEL (434 + db)`), holding sector numbers and perhaps sizes. A file moved
//! (`relocate`) is not found there at its new place, and one grown past its old size may be read short.
//! Both are said in the report's warnings.
//!
//! Safety: every check (the replacement's format and `check`, the sectors it needs, the image's EDC/ECC)
//! passes before anything is written. A copy is streamed into a temporary file beside the output, read
//! back and proven ([`PatchReport`]), then renamed. `in_place` writes only the changed sectors, file data
//! first, then directory records, then the volume descriptor; the original bytes of those sectors are
//! kept in memory and written back if the proof fails. A crash while writing in place can leave the
//! file's sectors new and its directory record old (the old size): patch again with the same file, or
//! restore a copy of the image. [`patch_in_memory`] (the web page's) does the same to an image's bytes in
//! memory. See docs/guide/discs.md.

#[cfg(feature = "gamecube")]
mod gc;
#[cfg(feature = "gamecube")]
mod gc_move;
mod memory;
#[cfg(test)]
mod tests;
mod write;

pub use memory::{patch_in_memory, InMemory, Patched};

use super::sectors::{Framing, DATA_LEN, DATA_SIZE};
use super::{Disc, DiscError, ImageKind, Location, Reader};
use crate::document::Document;
use crate::findings::Severity;
use crate::format::Format;
use crate::num::thousands;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use write::{Change, Framing2, Plan};

/// One file to put into an image.
#[derive(Clone, Debug)]
pub struct Replacement {
    /// Its path inside the image (as [`Disc::find`] matches it).
    pub path: String,
    /// The new bytes.
    pub bytes: Vec<u8>,
}

/// Where the patched image goes.
#[derive(Clone, Debug)]
pub enum Output {
    /// A new image at this path (for a CUE sheet: the sheet; its BIN is written beside it, named after
    /// it). Written through a temporary file and renamed when proven.
    Copy(PathBuf),
    /// The image itself, changed sectors only.
    InPlace,
}

/// How to patch.
#[derive(Clone, Debug)]
pub struct Options {
    /// Where the result goes.
    pub output: Output,
    /// Move a file that needs more sectors than it has to the image's end (updating its directory record
    /// and the volume size) instead of refusing it.
    pub relocate: bool,
}

/// What changed in one file.
#[derive(Clone, Debug, serde::Serialize)]
pub struct FileChange {
    /// Path inside the image.
    pub path: String,
    /// The level format checked, if it is a level file.
    pub format: Option<Format>,
    /// Size before and after, in bytes.
    pub old_size: u64,
    /// Size after.
    pub new_size: u64,
    /// First sector (PS1) or byte (GameCube) before and after (the same unless relocated).
    pub old_start: u64,
    /// First sector or byte after.
    pub new_start: u64,
    /// Sectors (PS1) or bytes (GameCube) of its data written.
    pub written: u64,
    /// Whether it moved.
    pub relocated: bool,
    /// What `old_start` and `new_start` count: `"sector"` (PS1) or `"byte"` (GameCube).
    pub start_unit: &'static str,
}

/// `DATA/DB05/LEVEL05.BIN: 64,608 → 70,000 bytes, moved from sector 23 to sector 412`: the line
/// `levelkit patch` prints for the file (and the web page shows).
impl std::fmt::Display for FileChange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::num::thousands;
        write!(f, "{}: {} → {} bytes", self.path, thousands(self.old_size), thousands(self.new_size))?;
        if self.relocated {
            let unit = self.start_unit;
            write!(
                f,
                ", moved from {unit} {} to {unit} {}",
                thousands(self.old_start),
                thousands(self.new_start)
            )?;
        }
        Ok(())
    }
}

/// What a patch did, proven by reading the result back.
#[derive(Clone, Debug, Default, serde::Serialize)]
#[non_exhaustive]
pub struct PatchReport {
    /// The files replaced.
    pub files: Vec<FileChange>,
    /// Sectors written (file data, directory records, the volume descriptor), or for GameCube images
    /// 2,048-byte blocks.
    pub sectors_written: u64,
    /// Bytes of the image file written in those sectors.
    pub bytes_written: u64,
    /// Sectors of a copy compared with the original and found unchanged (0 in place; in memory, found
    /// unchanged by a checksum of them all before and after).
    pub sectors_unchanged: u64,
    /// The files written and what each holds: the image (or its BIN) and, for a CUE sheet, the sheet.
    pub written: Vec<(PathBuf, String)>,
    /// What the user should know: the game's own table, a file left unchecked.
    pub warnings: Vec<String>,
}

/// Why a patch was refused; nothing was written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PatchError {
    /// The image could not be read.
    #[error(transparent)]
    Disc(#[from] DiscError),
    /// No such file in the image.
    #[error("no file {0:?} in the image (listing the image names its level files)")]
    NotFound(String),
    /// The output named is the image itself (a front end names its own way to patch in place).
    #[error("the output {} is the image itself; patch it in place instead", .0.display())]
    OutputIsImage(std::path::PathBuf),
    /// The path is a directory.
    #[error("{0:?} is a directory of the image, not a file")]
    Directory(String),
    /// The same file named twice.
    #[error("{0:?} is named twice")]
    Twice(String),
    /// A Form 2 (XA audio, STR video) file.
    #[error("{path}: sector {lba} is {}; levelkit replaces Form 1 data files only", super::sectors::FORM2)]
    Form2 {
        /// Path inside the image.
        path: String,
        /// The Form 2 sector.
        lba: u64,
    },
    /// More sectors than the file has (and no `relocate`): the message says relocating moves it, a front end
    /// names its own option.
    #[error(
        "{path}: the new file is {} bytes, {} sectors; the old one ({} bytes) has {} sectors{slack}; relocating \
         it moves it to the image's end",
        thousands(*new_bytes),
        thousands(*needed),
        thousands(*old_bytes),
        thousands(*has)
    )]
    DoesNotFit {
        /// Path inside the image.
        path: String,
        /// New size in bytes.
        new_bytes: u64,
        /// Sectors it needs.
        needed: u64,
        /// Old size in bytes.
        old_bytes: u64,
        /// Sectors the old file has.
        has: u64,
        /// Free (unused, zero) sectors after it, which it may grow into, said when there are any.
        slack: String,
    },
    /// The replacement is not a valid level of its format.
    #[error("{path}: the new file {problem}; nothing written")]
    Check {
        /// Path inside the image.
        path: String,
        /// What `check` or parsing found.
        problem: String,
    },
    /// The image's EDC/ECC is wrong already.
    #[error(
        "{count} sector(s) of the image have a wrong EDC/ECC already ({first}); levelkit does not rewrite \
         an image it cannot trust, nor quietly repair sectors it was not asked to change"
    )]
    BadSectors {
        /// How many.
        count: u64,
        /// The first few: `sector 23 (byte 54,096): EDC`, and whose they are.
        first: String,
    },
    /// Something about the image levelkit does not patch.
    #[error("{0}")]
    Unsupported(String),
    /// The output's name says another kind of image than the one written.
    #[error("{}: {says}, but the image is {image}; name the output {instead}", output.display())]
    OutputKind {
        /// The output asked for.
        output: PathBuf,
        /// What its name says it holds.
        says: &'static str,
        /// What the image written holds.
        image: &'static str,
        /// The names that say what it holds.
        instead: &'static str,
    },
    /// The output could not be written.
    #[error("cannot write {}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The patched image does not fit in the memory there is (in memory: the sectors `relocate` appends).
    #[error(
        "cannot hold {bytes} more bytes in memory for the patched image: too large for this browser or \
         machine; use the levelkit command line, which streams the image"
    )]
    OutOfMemory {
        /// The bytes that could not be had.
        bytes: u64,
    },
    /// Reading the result back did not show what was written (nothing is left under the output's name;
    /// in place, the original sectors were written back).
    #[error("the patched image did not read back as written: {0}")]
    Proof(String),
}

impl From<crate::bytes::ParseError> for PatchError {
    fn from(e: crate::bytes::ParseError) -> PatchError {
        PatchError::Disc(DiscError::Parse(e))
    }
}

/// Replaces `replacements` in the image at `image` (a CUE sheet, raw BIN, ISO 9660 image or GameCube image).
pub fn patch(
    image: &Path,
    replacements: &[Replacement],
    options: &Options,
) -> Result<PatchReport, PatchError> {
    let disc = Disc::open(image)?;
    // Without feature `gamecube`, `Disc::open` has refused a GameCube image already.
    #[cfg(feature = "gamecube")]
    if disc.kind == ImageKind::GameCube {
        return gc::patch(disc, image, replacements, options);
    }
    let (data_file, sheet) = match disc.kind {
        ImageKind::Cue => {
            // The sheet as `Disc::open` read it: its first bytes only, so a huge file is never loaded.
            let (text, _) = super::read_head(image)?;
            let cue = super::cue::parse(&text)?;
            (image.parent().unwrap_or(Path::new("")).join(&cue.file), Some((text, cue.file)))
        }
        _ => (image.to_path_buf(), None),
    };
    let tracks = sheet.as_ref().map_or(1, |(text, _)| count_tracks(text));
    let mut disc = disc;
    let mut report = PatchReport::default();
    let plan = plan(&mut disc, replacements, options.relocate, tracks, &mut report)?;
    write::carry_out(&mut disc, &data_file, sheet, &plan, options, &mut report)?;
    Ok(report)
}

/// `TRACK` commands in a CUE sheet.
fn count_tracks(text: &[u8]) -> usize {
    String::from_utf8_lossy(text)
        .lines()
        .filter(|l| l.trim_start().get(..6).is_some_and(|c| c.eq_ignore_ascii_case("TRACK ")))
        .count()
}

/// The replacement's format check: a level file is parsed as the old file's format and must pass
/// `check` with no errors. Neither file a level file: written unchecked, with a warning.
pub(crate) fn check_level(
    path: &str,
    old: &[u8],
    new: &[u8],
    warnings: &mut Vec<String>,
) -> Result<Option<Format>, PatchError> {
    let Some(format) = Format::detect(old).or_else(|| Format::detect(new)) else {
        warnings.push(format!("{path} is not a level file levelkit reads (old nor new): written unchecked"));
        return Ok(None);
    };
    let refuse = |problem: String| PatchError::Check { path: path.to_string(), problem };
    // The other game's file, a dump or a cut-short file is named as such (as every command names it).
    let purpose = format!("the game, at {path},");
    let doc = Document::parse_as_only(new, format, &purpose).map_err(|e| match e {
        crate::detect::OpenError::WrongFormat { .. } | crate::detect::OpenError::Dump { .. } => {
            refuse(format!("is {e}"))
        }
        e => refuse(format!("does not read as a {} file: {e}", format.long_name())),
    })?;
    let findings = doc.validate();
    let errors = findings.count(Severity::Error);
    if errors > 0 {
        let first = findings
            .iter()
            .find(|f| f.severity == Severity::Error)
            .map(|f| format!("{}: {}", f.path, f.message))
            .unwrap_or_default();
        return Err(refuse(format!(
            "fails check with {errors} error(s), the first {first} (checking the file lists them all)"
        )));
    }
    Ok(Some(format))
}

/// Every sector the file system uses, as `[start, end)` ranges: the system area and volume descriptors,
/// the path tables, the directories and the files.
fn used_ranges(
    disc: &mut Disc,
    volume_sectors: &mut u64,
    pvd: &mut u64,
) -> Result<Vec<(u64, u64)>, PatchError> {
    let Reader::Sectors(sectors) = disc.reader.get_mut() else {
        return Err(PatchError::Unsupported("not a sector image".into()));
    };
    let mut used = vec![(0u64, 16u64)];
    let mut sector = [0u8; DATA_LEN];
    let mut lba = 16u64;
    loop {
        sectors.read(lba, &mut sector, "the volume descriptors")?;
        match sector.first() {
            Some(1) => {
                *pvd = lba;
                let u32_at = |at: usize| {
                    sector.get(at..at + 4).and_then(|b| <[u8; 4]>::try_from(b).ok()).map_or(0, u32::from_le_bytes)
                };
                *volume_sectors = u64::from(u32_at(80));
                let table_sectors = u64::from(u32_at(132)).div_ceil(DATA_SIZE);
                for at in [140usize, 144] {
                    let start = u64::from(u32_at(at));
                    if start != 0 {
                        used.push((start, start + table_sectors));
                    }
                }
                for at in [148usize, 152] {
                    let start = sector
                        .get(at..at + 4)
                        .and_then(|b| <[u8; 4]>::try_from(b).ok())
                        .map_or(0, |b| u64::from(u32::from_be_bytes(b)));
                    if start != 0 {
                        used.push((start, start + table_sectors));
                    }
                }
            }
            Some(2) => {
                return Err(PatchError::Unsupported(format!(
                    "the image has a supplementary (Joliet) directory tree at sector {lba}, whose records levelkit \
                     does not update; PS1 discs have none"
                )))
            }
            Some(255) => break,
            _ => {}
        }
        lba += 1;
        // The reader already found the terminator within its limit when it opened the image.
        if lba > 16 + 64 {
            break;
        }
    }
    used.push((16, lba + 1));
    used.extend(
        disc.directories
            .iter()
            .map(|d| (u64::from(d.lba), u64::from(d.lba) + u64::from(d.size).div_ceil(DATA_SIZE))),
    );
    for e in &disc.entries {
        if let Location::Sectors { lba } = e.location {
            used.push((u64::from(lba), u64::from(lba) + e.size.div_ceil(DATA_SIZE)));
        }
    }
    Ok(used)
}

/// Works out every sector to write, refusing what cannot be done, before anything is written.
fn plan(
    disc: &mut Disc,
    replacements: &[Replacement],
    relocate: bool,
    tracks: usize,
    report: &mut PatchReport,
) -> Result<Plan, PatchError> {
    let framing = match &*disc.reader.borrow() {
        Reader::Sectors(s) => s.framing,
        Reader::Bytes(_) => return Err(PatchError::Unsupported("not a sector image".into())),
    };
    let (mut volume_sectors, mut pvd) = (0u64, 16u64);
    let used = used_ranges(disc, &mut volume_sectors, &mut pvd)?;
    let image_sectors = match &*disc.reader.borrow() {
        Reader::Sectors(s) => s.count(),
        Reader::Bytes(_) => 0,
    };
    let mut plan = Plan { framing, changes: BTreeMap::new(), image_sectors, appended: 0 };
    let mut next_free = image_sectors;
    let mut seen = Vec::new();
    for r in replacements {
        let Some(entry) = disc.find(&r.path).cloned() else {
            return Err(if disc.is_directory(&r.path) {
                PatchError::Directory(r.path.clone())
            } else {
                PatchError::NotFound(r.path.clone())
            });
        };
        if seen.contains(&entry.path) {
            return Err(PatchError::Twice(entry.path));
        }
        seen.push(entry.path.clone());
        let Location::Sectors { lba } = entry.location else {
            return Err(PatchError::Unsupported("not a sector image".into()));
        };
        let lba = u64::from(lba);
        let old = match disc.read(&entry) {
            Ok(old) => old,
            Err(DiscError::Parse(e))
                if e.problem == crate::bytes::Problem::Unsupported(super::sectors::FORM2.into()) =>
            {
                let bad = e.offset / super::sectors::RAW_SIZE;
                return Err(PatchError::Form2 { path: entry.path, lba: bad });
            }
            Err(e) => return Err(e.into()),
        };
        let format = check_level(&entry.path, &old, &r.bytes, &mut report.warnings)?;
        let has = entry.size.div_ceil(DATA_SIZE);
        let needed = u64::try_from(r.bytes.len()).unwrap_or(u64::MAX).div_ceil(DATA_SIZE);
        let shared = disc.entries.iter().find(|e| {
            e.path != entry.path
                && e.size > 0
                && matches!(e.location, Location::Sectors { lba: l } if u64::from(l) == lba)
        });
        if let (Some(other), true) = (shared, has > 0) {
            return Err(PatchError::Unsupported(format!(
                "{} shares its sectors with {}; levelkit does not replace a file another record also names",
                entry.path, other.path
            )));
        }
        // Unused sectors after the file, up to the next thing the file system uses, whose data are zero
        // (as a smaller replacement leaves them): a file may grow into them, which makes patching back
        // the original possible.
        let next_used = used
            .iter()
            .filter(|(start, end)| *start >= lba + has.max(1) && end > start)
            .map(|(start, _)| *start)
            .min()
            .unwrap_or(volume_sectors)
            .min(volume_sectors);
        let mut slack = 0u64;
        if has > 0 && needed > has {
            let mut sector = [0u8; DATA_LEN];
            while lba + has + slack < next_used && has + slack < needed {
                let Reader::Sectors(s) = disc.reader.get_mut() else { break };
                let at = lba + has + slack;
                if write::form1_data(s, at, &mut sector)?.is_none() || sector.iter().any(|&b| b != 0) {
                    break;
                }
                slack += 1;
            }
        }
        let record_lba = entry.record / DATA_SIZE;
        let ear = write::record_byte(disc, entry.record, 1)?;
        let (start, relocated) = if needed <= has + slack {
            (lba, false)
        } else if relocate {
            if tracks > 1 {
                return Err(PatchError::Unsupported(format!(
                    "{}: relocating appends sectors to the image's end, but the CUE sheet has {tracks} tracks",
                    entry.path
                )));
            }
            if ear != 0 {
                return Err(PatchError::Unsupported(format!(
                    "{}: it has an extended attribute record, which relocating does not move",
                    entry.path
                )));
            }
            let start = next_free;
            next_free += needed;
            report.warnings.push(format!(
                "{} moved from sector {lba} to sector {start}: a game that finds it by a sector number in its \
                 executable (not by its directory record) still reads the old sectors, which levelkit cannot \
                 update",
                entry.path
            ));
            (start, true)
        } else {
            let slack_text = if slack > 0 {
                format!(", and {} free sector(s) after it", thousands(slack))
            } else {
                String::new()
            };
            return Err(PatchError::DoesNotFit {
                path: entry.path,
                new_bytes: r.bytes.len() as u64,
                needed,
                old_bytes: entry.size,
                has,
                slack: slack_text,
            });
        };
        let new_size = u32::try_from(r.bytes.len()).map_err(|_| {
            PatchError::Unsupported(format!(
                "{}: {} bytes is more than ISO 9660 holds",
                entry.path,
                r.bytes.len()
            ))
        })?;
        if !relocated && u64::from(new_size) > entry.size {
            report.warnings.push(format!(
                "{} grows from {} to {} bytes within its sectors: a game that keeps file sizes in its own \
                 table (Rugrats names its files by number) may still read only the old {} bytes",
                entry.path,
                thousands(entry.size),
                thousands(new_size),
                thousands(entry.size)
            ));
        }
        // The end-of-record/end-of-file bits of the old last sector (Mode 2), for the new last sector.
        let end_bits = match (framing, has) {
            (Framing::Raw, 1..) => write::submode(disc, lba + has - 1)? & super::edc_ecc::SUBMODE_END,
            _ => super::edc_ecc::SUBMODE_END,
        };
        let template = if has > 0 { lba } else { image_sectors.saturating_sub(1) };
        // Old sectors no longer the file's (a shorter file) are zeroed with their end bits cleared.
        let rewrite = if relocated { needed } else { needed.max(has) };
        for i in 0..rewrite {
            let mut data = Box::new([0u8; DATA_LEN]);
            let from = usize::try_from(i * DATA_SIZE).unwrap_or(usize::MAX);
            if let Some(chunk) = r.bytes.get(from..) {
                data.iter_mut().zip(chunk).for_each(|(to, &b)| *to = b);
            }
            let bits = if i + 1 == needed { end_bits } else { 0 };
            let frame =
                if start + i >= image_sectors { Framing2::Appended { template } } else { Framing2::Existing };
            plan.changes.insert(start + i, Change { data, end_bits: Some(bits), frame });
        }
        // The directory record: extent (relocated) and size, both byte orders.
        let within = usize::try_from(entry.record % DATA_SIZE).unwrap_or(0);
        let sector = write::logical_sector(disc, &mut plan, record_lba)?;
        if relocated {
            let extent =
                u32::try_from(start).map_err(|_| PatchError::Unsupported("the image is too large".into()))?;
            write::both_u32(sector, within + 2, extent);
        }
        write::both_u32(sector, within + 10, new_size);
        report.files.push(FileChange {
            path: entry.path.clone(),
            format,
            old_size: entry.size,
            new_size: u64::from(new_size),
            old_start: lba,
            new_start: start,
            written: rewrite,
            relocated,
            start_unit: "sector",
        });
    }
    if next_free > image_sectors {
        plan.appended = next_free - image_sectors;
        let new_volume = u32::try_from(next_free.max(volume_sectors))
            .map_err(|_| PatchError::Unsupported("the image is too large".into()))?;
        let sector = write::logical_sector(disc, &mut plan, pvd)?;
        write::both_u32(sector, 80, new_volume);
    }
    Ok(plan)
}
