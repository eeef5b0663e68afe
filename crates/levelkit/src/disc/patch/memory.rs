//! Patching a PS1 image held in memory (the web page's patch): the same plan, checks, sectors and proof
//! as [`super::patch`] on a file, the changed sectors written into the image's own buffer, so that the
//! image is in memory once (a 700 MB BIN stays 700 MB; a copy would double it).
//!
//! The proof: the result is reopened from the buffer, each replaced file read back and compared, each
//! written sector compared and its EDC/ECC checked; every other sector is shown unchanged by a checksum
//! of all of them taken before the first write and again after the last (there is no second copy to
//! compare with, which is the point).

use super::write::{self, Plan};
use super::{plan, PatchError, PatchReport, Replacement};
use crate::disc::sectors::{Framing, Sectors, RAW_SIZE};
use crate::disc::source::Source;
use crate::disc::{console_container, cue, Disc, DiscError, ImageKind, Limits, HEAD_LEN};
use std::collections::BTreeMap;
use std::path::Path;

/// What [`patch_in_memory`] is given besides the image and the replacements.
#[derive(Clone, Debug)]
pub struct InMemory<'a> {
    /// The image's file name (as the user has it), which a CUE sheet must name.
    pub image_name: &'a str,
    /// The image's CUE sheet, if the user has one: its track mode sets the framing (as when the CLI
    /// opens the sheet) and a rewritten sheet naming the new BIN comes back.
    pub sheet: Option<&'a [u8]>,
    /// The name of the patched image, as `-o OUT` names it: with a sheet, `OUT.cue` names the sheet and
    /// `OUT.bin` the data.
    pub output: &'a str,
    /// Move a file that needs more sectors than it has to the image's end (`--relocate`).
    pub relocate: bool,
}

/// A patched image.
#[derive(Debug)]
pub struct Patched {
    /// The image's bytes (a BIN/CUE's BIN), changed where the report says.
    pub image: Vec<u8>,
    /// The CUE sheet naming the new BIN: the one given, rewritten; or a new one for a lone BIN written as
    /// `NAME.cue`.
    pub sheet: Option<Vec<u8>>,
    /// What was done; `written` names the image (and the sheet) as [`InMemory::output`] says.
    pub report: PatchReport,
}

/// Replaces `replacements` in a PS1 image held in memory (a raw BIN or an ISO 9660 image; with its CUE
/// sheet, if any): the bytes the CLI's `levelkit patch IMAGE PATH=FILE… -o OUT` writes, refused for the
/// same reasons with the same errors. The image's buffer is changed in place and given back.
pub fn patch_in_memory(
    image: Vec<u8>,
    replacements: &[Replacement],
    options: &InMemory,
) -> Result<Patched, PatchError> {
    let head = image.get(..HEAD_LEN).unwrap_or(&image);
    let kind = ImageKind::of(head, image.len() as u64).ok_or(DiscError::NotAnImage)?;
    match kind {
        ImageKind::Cue => {
            let bin = cue::parse(head).map(|c| c.file).unwrap_or_default();
            return Err(DiscError::SheetAlone { bin }.into());
        }
        #[cfg(not(feature = "gamecube"))]
        ImageKind::GameCube => {
            let container = console_container(head).unwrap_or("unknown");
            return Err(DiscError::GameCubeNotBuilt { container }.into());
        }
        #[cfg(feature = "gamecube")]
        ImageKind::GameCube => {
            return Err(PatchError::Unsupported(format!(
            "a GameCube or Wii image ({} container); patching in memory (the web page's patch) is for PS1 \
                 images only: use the levelkit command line",
            console_container(head).unwrap_or("unknown")
        )))
        }
        ImageKind::Raw | ImageKind::Iso9660 => {}
    }
    let sheet = match options.sheet {
        Some(text) => Some((text, sheet_for(text, options.image_name)?)),
        None => None,
    };
    let framing = match (&sheet, kind) {
        (Some((_, c)), _) if c.sector_size == RAW_SIZE => Framing::Raw,
        (Some(_), _) | (None, ImageKind::Iso9660) => Framing::Bare,
        (None, _) => Framing::Raw,
    };
    // The names the output takes, refused before any work when one says another kind of image.
    let names = write::output_names(Path::new(options.output), sheet.is_some(), framing)?;
    let tracks = sheet.as_ref().map_or(1, |(text, _)| super::count_tracks(text));
    let opened_as = if sheet.is_some() { ImageKind::Cue } else { kind };
    let open = |bytes: Vec<u8>| {
        let sectors = Sectors { source: Source::memory(bytes), framing };
        Disc::from_sectors(opened_as, sectors, Limits::default())
    };
    let mut disc = open(image)?;
    let mut report = PatchReport::default();
    let plan = plan(&mut disc, replacements, options.relocate, tracks, &mut report)?;
    let image_len = disc_len(&disc);
    let (rendered, sector_size) = write::check_and_render(&mut disc, &plan, image_len, &mut report)?;
    // A lone BIN written as NAME.cue: the sheet it promises, made before the buffer is taken back.
    let made_sheet = match (&sheet, &names.sheet) {
        (None, Some(_)) => Some(write::new_sheet(&mut disc, &plan, &file_name(&names.data))?),
        _ => None,
    };
    let mut bytes = into_bytes(disc)?;
    let before = unchanged_checksum(&bytes, &rendered, sector_size);
    write_sectors(&mut bytes, &rendered, &plan, sector_size)?;

    // The proof, on the buffer as it now is.
    let mut disc = open(bytes).map_err(|e| PatchError::Proof(format!("it does not open: {e}")))?;
    write::prove_files(&mut disc, &plan, &report)?;
    let bytes = into_bytes(disc)?;
    for (&lba, want) in &rendered {
        let got = sector(&bytes, lba, sector_size).unwrap_or_default();
        write::prove_sector(lba, got, want)?;
    }
    let after = unchanged_checksum(&bytes, &rendered, sector_size);
    if after != before {
        return Err(PatchError::Proof("sectors the patch does not change changed".into()));
    }
    report.sectors_unchanged = before.0;

    let (data_name, sheet_name) = (names.data, names.sheet);
    report.written.push((data_name.clone(), write::written_what(&report, &plan)));
    let new_sheet = match (sheet, sheet_name, made_sheet) {
        (Some((text, c)), Some(sheet_name), _) => {
            let new_name = file_name(&data_name);
            report.written.push((sheet_name, format!("CUE sheet naming {new_name}")));
            Some(write::rename_in_sheet(text, &c.file, &new_name))
        }
        (None, Some(sheet_name), Some((text, what))) => {
            report.written.push((sheet_name, what));
            Some(text)
        }
        _ => None,
    };
    Ok(Patched { image: bytes, sheet: new_sheet, report })
}

/// The sheet, which must name the image given (the CLI finds the BIN by the name the sheet gives it).
fn sheet_for(text: &[u8], image_name: &str) -> Result<cue::Cue, PatchError> {
    let sheet = cue::parse(text)?;
    let named = sheet.file.rsplit(['/', '\\']).next().unwrap_or(&sheet.file);
    if !named.eq_ignore_ascii_case(image_name) {
        return Err(PatchError::Unsupported(format!(
            "the CUE sheet names {:?}, not {image_name:?}: give the BIN it names, or no sheet",
            sheet.file
        )));
    }
    Ok(sheet)
}

fn file_name(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

fn disc_len(disc: &Disc) -> u64 {
    match &*disc.reader.borrow() {
        crate::disc::Reader::Sectors(s) => s.source.len(),
        crate::disc::Reader::Bytes(s) => s.len(),
    }
}

fn into_bytes(disc: Disc) -> Result<Vec<u8>, PatchError> {
    let source = match disc.reader.into_inner() {
        crate::disc::Reader::Sectors(s) => s.source,
        crate::disc::Reader::Bytes(s) => s,
    };
    source.into_memory().ok_or_else(|| PatchError::Unsupported("the image is not in memory".into()))
}

fn sector(bytes: &[u8], lba: u64, sector_size: u64) -> Option<&[u8]> {
    let start = usize::try_from(lba.checked_mul(sector_size)?).ok()?;
    bytes.get(start..start.checked_add(usize::try_from(sector_size).ok()?)?)
}

/// The changed sectors written over the old ones, the appended ones added at the end (which the plan
/// starts at the image's last whole sector: `check_and_render` refused a partial one).
fn write_sectors(
    bytes: &mut Vec<u8>,
    rendered: &BTreeMap<u64, Vec<u8>>,
    plan: &Plan,
    sector_size: u64,
) -> Result<(), PatchError> {
    let appended = plan.appended.saturating_mul(sector_size);
    let more = usize::try_from(appended).map_err(|_| PatchError::OutOfMemory { bytes: appended })?;
    bytes.try_reserve_exact(more).map_err(|_| PatchError::OutOfMemory { bytes: appended })?;
    for (&lba, new) in rendered {
        let at = lba.saturating_mul(sector_size);
        if lba < plan.image_sectors {
            let old = usize::try_from(at)
                .ok()
                .and_then(|at| bytes.get_mut(at..at.checked_add(new.len())?))
                .ok_or_else(|| {
                PatchError::Unsupported(format!("sector {lba} lies past the image's end"))
            })?;
            old.copy_from_slice(new);
        } else if at == bytes.len() as u64 {
            bytes.extend_from_slice(new);
        } else {
            return Err(PatchError::Unsupported(format!(
                "sector {lba} would be appended at byte {at}, but the image ends at byte {}",
                bytes.len()
            )));
        }
    }
    Ok(())
}

/// The sectors not in `rendered` (a trailing part-sector counted as one): how many, and a checksum of
/// their bytes and places.
fn unchanged_checksum(bytes: &[u8], rendered: &BTreeMap<u64, Vec<u8>>, sector_size: u64) -> (u64, u64) {
    let size = usize::try_from(sector_size).unwrap_or(usize::MAX);
    let (mut count, mut sum) = (0u64, 0xcbf2_9ce4_8422_2325u64);
    for (lba, chunk) in (0u64..).zip(bytes.chunks(size)) {
        if rendered.contains_key(&lba) {
            continue;
        }
        count += 1;
        sum = mix(sum, lba);
        let mut words = chunk.chunks_exact(8);
        for w in &mut words {
            sum = mix(sum, u64::from_le_bytes(<[u8; 8]>::try_from(w).unwrap_or_default()));
        }
        for &b in words.remainder() {
            sum = mix(sum, u64::from(b));
        }
    }
    (count, sum)
}

/// One step of a 64-bit multiply–rotate checksum (a change anywhere changes the sum but with chance
/// 2⁻⁶⁴; it guards against a writer's mistake, not an adversary, who does not write this buffer).
fn mix(sum: u64, word: u64) -> u64 {
    (sum ^ word).wrapping_mul(0x0000_0100_0000_01B3).rotate_left(23)
}
