//! Writing a [`Plan`] of sector changes into a PS1 image (a streamed copy or the image itself) and
//! proving the result by reading it back ([`super::patch`] makes the plan).
#![allow(
    clippy::indexing_slicing,
    reason = "fixed-size raw sectors indexed at the standard's constant offsets, all below 2,352"
)]

use super::{Options, Output, PatchError, PatchReport};
use crate::disc::edc_ecc::{self, SectorKind, SUBMODE_END};
use crate::disc::sectors::{msf, Framing, DATA_LEN, DATA_SIZE, RAW_LEN, RAW_SIZE};
use crate::disc::{Disc, DiscError, Reader};
use crate::io::AtomicFile;
use crate::num::thousands;
use std::collections::BTreeMap;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// How a changed sector is framed.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Framing2 {
    /// As the sector it replaces.
    Existing,
    /// A new sector at the image's end, framed as sector `template` (with its own address).
    Appended {
        /// The sector whose mode and subheader it copies.
        template: u64,
    },
}

/// One sector's new data.
pub(crate) struct Change {
    /// The 2,048 data bytes.
    pub data: Box<[u8; DATA_LEN]>,
    /// A file's sector: its end-of-record/end-of-file submode bits (the rest of the subheader kept).
    /// `None`: a directory or descriptor sector, whose subheader is kept whole.
    pub end_bits: Option<u8>,
    /// Where its framing comes from.
    pub frame: Framing2,
}

/// Every sector to write.
pub(crate) struct Plan {
    /// How the image stores sectors.
    pub framing: Framing,
    /// Sector number → new data.
    pub changes: BTreeMap<u64, Change>,
    /// Whole sectors in the image file before the patch.
    pub image_sectors: u64,
    /// Sectors added at the end.
    pub appended: u64,
}

fn sectors(disc: &mut Disc) -> Result<&mut crate::disc::sectors::Sectors, PatchError> {
    match disc.reader.get_mut() {
        Reader::Sectors(s) => Ok(s),
        Reader::Bytes(_) => Err(PatchError::Unsupported("not a sector image".into())),
    }
}

/// Sector `lba`'s data if it is a Form 1 or Mode 1 data sector (or any sector of a 2,048-byte image).
pub(crate) fn form1_data(
    s: &mut crate::disc::sectors::Sectors,
    lba: u64,
    out: &mut [u8; DATA_LEN],
) -> Result<Option<()>, PatchError> {
    match s.framing {
        Framing::Bare => {
            s.read(lba, out, "a sector after the file")?;
            Ok(Some(()))
        }
        Framing::Raw => {
            let raw = raw_sector(s, lba, "a sector after the file")?;
            match edc_ecc::kind(&raw) {
                SectorKind::Mode1 | SectorKind::Mode2Form1 => {
                    s.read(lba, out, "a sector after the file")?;
                    Ok(Some(()))
                }
                _ => Ok(None),
            }
        }
    }
}

fn raw_sector(
    s: &mut crate::disc::sectors::Sectors,
    lba: u64,
    what: &str,
) -> Result<[u8; RAW_LEN], PatchError> {
    let mut raw = [0u8; RAW_LEN];
    s.source.read_at(lba.saturating_mul(RAW_SIZE), &mut raw, what).map_err(DiscError::from)?;
    Ok(raw)
}

/// A raw sector's submode byte.
pub(crate) fn submode(disc: &mut Disc, lba: u64) -> Result<u8, PatchError> {
    Ok(raw_sector(sectors(disc)?, lba, "a file's last sector")?[18])
}

/// Byte `i` of the directory record at logical byte `record`.
pub(crate) fn record_byte(disc: &mut Disc, record: u64, i: u64) -> Result<u8, PatchError> {
    let mut sector = [0u8; DATA_LEN];
    sectors(disc)?.read(record / DATA_SIZE, &mut sector, "a directory record")?;
    let at = usize::try_from(record % DATA_SIZE + i).unwrap_or(usize::MAX);
    Ok(sector.get(at).copied().unwrap_or(0))
}

/// Sector `lba`'s data as the plan will write it (read from the image the first time).
pub(crate) fn logical_sector<'p>(
    disc: &mut Disc,
    plan: &'p mut Plan,
    lba: u64,
) -> Result<&'p mut [u8; DATA_LEN], PatchError> {
    if let std::collections::btree_map::Entry::Vacant(slot) = plan.changes.entry(lba) {
        let mut data = Box::new([0u8; DATA_LEN]);
        sectors(disc)?.read(lba, &mut data, "a directory sector")?;
        slot.insert(Change { data, end_bits: None, frame: Framing2::Existing });
    }
    plan.changes
        .get_mut(&lba)
        .map(|c| &mut *c.data)
        .ok_or_else(|| PatchError::Unsupported("a planned sector went missing".into()))
}

/// `v` little-endian then big-endian at `at` (ISO 9660's both-byte-order fields).
pub(crate) fn both_u32(sector: &mut [u8; DATA_LEN], at: usize, v: u32) {
    if let Some(field) = sector.get_mut(at..at + 8) {
        field[..4].copy_from_slice(&v.to_le_bytes());
        field[4..].copy_from_slice(&v.to_be_bytes());
    }
}

/// The bytes each changed sector will hold in the image file.
pub(crate) fn render(disc: &mut Disc, plan: &Plan) -> Result<BTreeMap<u64, Vec<u8>>, PatchError> {
    let mut out = BTreeMap::new();
    for (&lba, change) in &plan.changes {
        if plan.framing == Framing::Bare {
            out.insert(lba, change.data.to_vec());
            continue;
        }
        let from = match change.frame {
            Framing2::Existing => lba,
            Framing2::Appended { template } => template,
        };
        let mut raw = raw_sector(sectors(disc)?, from, "a sector to rewrite")?;
        let kind = edc_ecc::kind(&raw);
        let data_at = match kind {
            SectorKind::Mode1 => 16,
            SectorKind::Mode2Form1 => 24,
            _ => {
                return Err(PatchError::Unsupported(format!(
                    "sector {from} is not a Mode 1 or Mode 2 Form 1 data sector; levelkit does not rewrite it"
                )))
            }
        };
        if let Framing2::Appended { .. } = change.frame {
            // An existing sector keeps its header as it is; a new one gets its own address.
            raw[12..15].copy_from_slice(&msf(lba));
        }
        raw[data_at..data_at + DATA_LEN].copy_from_slice(&change.data[..]);
        if let (SectorKind::Mode2Form1, Some(bits)) = (kind, change.end_bits) {
            for at in [18, 22] {
                raw[at] = (raw[at] & !SUBMODE_END) | bits;
            }
        }
        edc_ecc::seal(&mut raw);
        out.insert(lba, raw.to_vec());
    }
    Ok(out)
}

/// Sectors read at once when streaming an image.
const CHUNK_SECTORS: u64 = 256;

/// Every data sector's EDC/ECC, read through once: an image with wrong codes is refused whole.
pub(crate) fn scan(disc: &mut Disc, plan: &Plan) -> Result<(), PatchError> {
    let s = sectors(disc)?;
    let (mut count, mut first) = (0u64, Vec::new());
    let mut buf = vec![0u8; usize::try_from(CHUNK_SECTORS * RAW_SIZE).unwrap_or(0)];
    let mut lba = 0u64;
    while lba < plan.image_sectors {
        let n = CHUNK_SECTORS.min(plan.image_sectors - lba);
        let len = usize::try_from(n * RAW_SIZE).unwrap_or(0);
        let chunk = buf.get_mut(..len).unwrap_or_default();
        s.source.read_at(lba * RAW_SIZE, chunk, "the image").map_err(DiscError::from)?;
        for (i, raw) in chunk.chunks_exact(RAW_LEN).enumerate() {
            let Ok(raw) = <&[u8; RAW_LEN]>::try_from(raw) else { continue };
            if let Err(fault) = edc_ecc::check(raw) {
                let at = lba + i as u64;
                count += 1;
                if first.len() < 4 {
                    let rewrite =
                        if plan.changes.contains_key(&at) { ", a sector the patch rewrites" } else { "" };
                    first.push(format!(
                        "sector {} (byte {}): {fault}{rewrite}",
                        thousands(at),
                        thousands(at * RAW_SIZE)
                    ));
                }
            }
        }
        lba += n;
    }
    if count > 0 {
        return Err(PatchError::BadSectors { count, first: first.join("; ") });
    }
    Ok(())
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> PatchError + '_ {
    move |source| PatchError::Io { path: path.to_path_buf(), source }
}

/// Scans, renders and writes the plan, proves the result, and fills in `report`.
pub(crate) fn carry_out(
    disc: &mut Disc,
    data_file: &Path,
    sheet: Option<(Vec<u8>, String)>,
    plan: &Plan,
    options: &Options,
    report: &mut PatchReport,
) -> Result<(), PatchError> {
    let image_len = std::fs::metadata(data_file).map_err(io(data_file))?.len();
    let (rendered, sector_size) = check_and_render(disc, plan, image_len, report)?;
    let what = |report: &PatchReport| written_what(report, plan);
    match &options.output {
        Output::Copy(out) => {
            let names = output_names(out, sheet.is_some(), plan.framing)?;
            for o in std::iter::once(&names.data).chain(names.sheet.as_ref()) {
                if same_file(o, data_file) {
                    return Err(PatchError::OutputIsImage(o.clone()));
                }
            }
            let data_name =
                names.data.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            // A lone BIN written as OUT.cue: its sheet is made (and checked) before anything is written.
            let sheet_text = match (sheet, &names.sheet) {
                (Some((text, old_name)), Some(_)) => Some((
                    rename_in_sheet(&text, &old_name, &data_name),
                    format!("CUE sheet naming {data_name}"),
                )),
                (None, Some(_)) => Some(new_sheet(disc, plan, &data_name)?),
                (_, None) => None,
            };
            let mut file = AtomicFile::create(&names.data).map_err(io(&names.data))?;
            copy_with_changes(data_file, &mut file, &rendered, sector_size).map_err(io(&names.data))?;
            file.sync().map_err(io(&names.data))?;
            report.sectors_unchanged =
                prove(file.temporary_path(), Some(data_file), plan, &rendered, sector_size, report)?;
            file.commit().map_err(io(&names.data))?;
            report.written.push((names.data.clone(), what(report)));
            if let (Some((text, what)), Some(sheet_path)) = (sheet_text, names.sheet) {
                crate::io::write_atomic(&sheet_path, &text).map_err(io(&sheet_path))?;
                report.written.push((sheet_path, what));
            }
        }
        Output::InPlace => {
            write_in_place(data_file, &rendered, sector_size, image_len, plan, report)?;
            report.written.push((data_file.to_path_buf(), what(report)));
        }
    }
    Ok(())
}

/// The checks before writing (whole sectors to append to, every sector's EDC/ECC) and the bytes of every
/// changed sector, with the sector size; `report` gets the sectors and bytes to write.
pub(crate) fn check_and_render(
    disc: &mut Disc,
    plan: &Plan,
    image_len: u64,
    report: &mut PatchReport,
) -> Result<(BTreeMap<u64, Vec<u8>>, u64), PatchError> {
    let sector_size = match plan.framing {
        Framing::Bare => DATA_SIZE,
        Framing::Raw => RAW_SIZE,
    };
    if plan.appended > 0 && image_len % sector_size != 0 {
        return Err(PatchError::Unsupported(format!(
            "relocating appends sectors, but the image's {} bytes are not whole {sector_size}-byte sectors",
            thousands(image_len)
        )));
    }
    if plan.framing == Framing::Raw {
        scan(disc, plan)?;
    }
    let rendered = render(disc, plan)?;
    report.sectors_written = rendered.len() as u64;
    report.bytes_written = report.sectors_written * sector_size;
    Ok((rendered, sector_size))
}

/// What the patched image holds, for its `wrote` line.
pub(crate) fn written_what(report: &PatchReport, plan: &Plan) -> String {
    format!(
        "{} file(s) replaced, {} sector(s) written{}, read back and checked",
        report.files.len(),
        thousands(report.sectors_written),
        if plan.appended > 0 { format!(" ({} appended)", thousands(plan.appended)) } else { String::new() }
    )
}

/// The files `-o OUT` names: the image's data file and, when there is to be one, its CUE sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct OutputNames {
    /// The image (for a CUE sheet, its BIN).
    pub data: PathBuf,
    /// The sheet: the image's own, renamed, or a new one for a lone BIN written as `OUT.cue`.
    pub sheet: Option<PathBuf>,
}

/// What `-o OUT` names for an image of `framing` (with its own sheet or not), refused when OUT's name says
/// another kind of image than the one written: an `.iso` holds 2,048-byte sectors, a `.bin` or `.img` raw
/// 2,352-byte ones, a `.cue` is the sheet of a raw BIN (`OUT.cue` is the sheet and `OUT.bin` the data).
/// Any other name is the data, and for an image with a sheet `OUT` with `.cue` the sheet.
pub(crate) fn output_names(out: &Path, has_sheet: bool, framing: Framing) -> Result<OutputNames, PatchError> {
    let extension = out.extension().map(|e| e.to_string_lossy().to_ascii_lowercase());
    let refuse = |says: &'static str, instead: &'static str| {
        PatchError::OutputKind {
        output: out.to_path_buf(),
        says,
        image: match framing {
            Framing::Bare => "an ISO of 2,048-byte sectors, without the sector headers, EDC/ECC and XA subheaders raw sectors carry",
            Framing::Raw => "raw 2,352-byte sectors, whose headers, EDC/ECC and XA subheaders an ISO cannot hold",
        },
        instead,
    }
    };
    let data_only = |data: &Path| OutputNames { data: data.to_path_buf(), sheet: None };
    match (framing, extension.as_deref()) {
        (Framing::Bare, Some(e @ ("bin" | "img"))) => Err(refuse(
            if e == "bin" {
                "a .bin holds raw 2,352-byte sectors"
            } else {
                "an .img holds raw 2,352-byte sectors"
            },
            ".iso",
        )),
        (Framing::Bare, Some("cue")) => {
            Err(refuse("a .cue is the sheet of a BIN of raw 2,352-byte sectors", ".iso"))
        }
        (Framing::Bare, _) => Ok(data_only(out)),
        (Framing::Raw, Some("iso")) => {
            Err(refuse("an .iso holds 2,048-byte sectors", ".cue (a sheet and its .bin) or .bin"))
        }
        (Framing::Raw, Some("cue")) => {
            Ok(OutputNames { data: out.with_extension("bin"), sheet: Some(out.to_path_buf()) })
        }
        (Framing::Raw, _) if has_sheet => {
            Ok(OutputNames { data: out.to_path_buf(), sheet: Some(out.with_extension("cue")) })
        }
        (Framing::Raw, _) => Ok(data_only(out)),
    }
}

/// A sheet for a lone BIN written as `OUT.cue`: one data track in the mode of its volume descriptor's
/// sector. Refused when the image ends in sectors without the sync pattern (CD audio tracks), which a
/// one-track sheet would leave out.
pub(crate) fn new_sheet(
    disc: &mut Disc,
    plan: &Plan,
    data_name: &str,
) -> Result<(Vec<u8>, String), PatchError> {
    let s = sectors(disc)?;
    let mode =
        match edc_ecc::kind(&raw_sector(s, 16, "the volume descriptor's sector")?) {
            SectorKind::Mode1 => "MODE1/2352",
            SectorKind::Mode2Form1 => "MODE2/2352",
            _ => return Err(PatchError::Unsupported(
                "sector 16 is not a data sector: levelkit cannot tell the track's mode for a new CUE sheet"
                    .into(),
            )),
        };
    let last = plan.image_sectors.saturating_sub(1);
    if raw_sector(s, last, "the image's last sector")?[..12] != edc_ecc::SYNC {
        return Err(PatchError::Unsupported(format!(
            "the image ends in sectors that are not data (CD audio tracks, the last at sector {}): a sheet \
             levelkit writes would name its one data track only; patch the disc's own .cue instead",
            thousands(last)
        )));
    }
    let text = format!("FILE \"{data_name}\" BINARY\r\n  TRACK 01 {mode}\r\n    INDEX 01 00:00:00\r\n");
    Ok((text.into_bytes(), format!("CUE sheet naming {data_name}: one {mode} track (new)")))
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// The sheet with its first `FILE` name replaced (quoted, so that spaces stay one name).
pub(crate) fn rename_in_sheet(text: &[u8], old: &str, new: &str) -> Vec<u8> {
    let text = String::from_utf8_lossy(text);
    let mut out = String::with_capacity(text.len() + new.len());
    let mut done = false;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if !done && trimmed.get(..5).is_some_and(|c| c.eq_ignore_ascii_case("FILE ")) {
            if let Some(at) = line.find(old) {
                let (before, after) = line.split_at(at);
                let after = after.get(old.len()..).unwrap_or("");
                let quoted = before.ends_with('"');
                out.push_str(before);
                out.push_str(if quoted { new } else { "" });
                if !quoted {
                    out.push('"');
                    out.push_str(new);
                    out.push('"');
                }
                out.push_str(after);
                done = true;
                continue;
            }
        }
        out.push_str(line);
    }
    out.into_bytes()
}

/// Streams `input` into `out`, the changed sectors replaced and new ones appended.
fn copy_with_changes(
    input: &Path,
    out: &mut impl Write,
    rendered: &BTreeMap<u64, Vec<u8>>,
    sector_size: u64,
) -> std::io::Result<()> {
    let mut file = std::fs::File::open(input)?;
    let size = usize::try_from(sector_size).unwrap_or(DATA_LEN);
    let mut buf = vec![0u8; size];
    let mut lba = 0u64;
    loop {
        let n = read_full(&mut file, &mut buf)?;
        if n == 0 {
            break;
        }
        match rendered.get(&lba) {
            Some(new) if n == size => out.write_all(new)?,
            _ => out.write_all(buf.get(..n).unwrap_or_default())?,
        }
        lba += 1;
    }
    for (_, new) in rendered.range(lba..) {
        out.write_all(new)?;
    }
    Ok(())
}

fn read_full(file: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match file.read(buf.get_mut(n..).unwrap_or_default())? {
            0 => break,
            k => n += k,
        }
    }
    Ok(n)
}

/// Writes the changed sectors into the image: file data, then directory records, then the volume
/// descriptor (the lowest sector), so a crash leaves the records naming the old sizes at worst. If the
/// proof fails the original sectors are written back.
fn write_in_place(
    path: &Path,
    rendered: &BTreeMap<u64, Vec<u8>>,
    sector_size: u64,
    image_len: u64,
    plan: &Plan,
    report: &mut PatchReport,
) -> Result<(), PatchError> {
    let mut file = std::fs::OpenOptions::new().read(true).write(true).open(path).map_err(io(path))?;
    let mut originals = Vec::new();
    for &lba in rendered.keys().filter(|&&l| l < plan.image_sectors) {
        let mut old = vec![0u8; usize::try_from(sector_size).unwrap_or(0)];
        file.seek(SeekFrom::Start(lba * sector_size))
            .and_then(|_| file.read_exact(&mut old))
            .map_err(io(path))?;
        originals.push((lba, old));
    }
    let data_first = |(lba, _): &(&u64, &Vec<u8>)| {
        let is_data = plan.changes.get(lba).is_some_and(|c| c.end_bits.is_some());
        (!is_data, std::cmp::Reverse(**lba))
    };
    let mut order: Vec<(&u64, &Vec<u8>)> = rendered.iter().collect();
    order.sort_by_key(data_first);
    let written = (|| -> std::io::Result<()> {
        for (&lba, bytes) in order {
            file.seek(SeekFrom::Start(lba * sector_size))?;
            file.write_all(bytes)?;
        }
        file.sync_all()
    })();
    let proof =
        written.map_err(io(path)).and_then(|()| prove(path, None, plan, rendered, sector_size, report));
    if let Err(e) = proof {
        // Put the image back as it was.
        let restored = (|| -> std::io::Result<()> {
            for (lba, old) in &originals {
                file.seek(SeekFrom::Start(lba * sector_size))?;
                file.write_all(old)?;
            }
            file.set_len(image_len)?;
            file.sync_all()
        })();
        return Err(match restored {
            Ok(()) => e,
            Err(r) => PatchError::Proof(format!("{e}; and writing the original sectors back failed: {r}")),
        });
    }
    Ok(())
}

/// Reads the written image back: each replaced file byte for byte, every written sector's bytes and
/// EDC/ECC, and (a copy) every other sector against the original. Returns the sectors compared unchanged.
fn prove(
    output: &Path,
    original: Option<&Path>,
    plan: &Plan,
    rendered: &BTreeMap<u64, Vec<u8>>,
    sector_size: u64,
    report: &PatchReport,
) -> Result<u64, PatchError> {
    let fail = |what: String| PatchError::Proof(what);
    let mut disc = Disc::open(output).map_err(|e| fail(format!("it does not open: {e}")))?;
    prove_files(&mut disc, plan, report)?;
    let mut file = std::fs::File::open(output).map_err(io(output))?;
    let size = usize::try_from(sector_size).unwrap_or(DATA_LEN);
    let mut got = vec![0u8; size];
    for (&lba, bytes) in rendered {
        file.seek(SeekFrom::Start(lba * sector_size))
            .and_then(|_| file.read_exact(&mut got))
            .map_err(|e| fail(format!("sector {lba}: {e}")))?;
        prove_sector(lba, &got, bytes)?;
    }
    let Some(original) = original else { return Ok(0) };
    let mut a = std::fs::File::open(original).map_err(io(original))?;
    file.seek(SeekFrom::Start(0)).map_err(io(output))?;
    let (mut left, mut right) = (vec![0u8; size], vec![0u8; size]);
    let (mut lba, mut same) = (0u64, 0u64);
    loop {
        let n = read_full(&mut a, &mut left).map_err(io(original))?;
        if n == 0 {
            break;
        }
        let m = read_full(&mut file, &mut right).map_err(io(output))?;
        if !rendered.contains_key(&lba) || n < size {
            if n != m || left.get(..n) != right.get(..n) {
                return Err(fail(format!("sector {lba}, which the patch does not change, changed")));
            }
            same += 1;
        }
        lba += 1;
    }
    let expected_len = plan.image_sectors.max(lba) + plan.appended;
    let out_len = std::fs::metadata(output).map_err(io(output))?.len();
    if plan.appended > 0 && out_len != expected_len * sector_size {
        return Err(fail(format!("{out_len} bytes, not the {} expected", expected_len * sector_size)));
    }
    Ok(same)
}

/// The patched image reopened: each replaced file at its new size, reading back as the bytes written.
pub(crate) fn prove_files(disc: &mut Disc, plan: &Plan, report: &PatchReport) -> Result<(), PatchError> {
    let fail = |what: String| PatchError::Proof(what);
    for change in &report.files {
        let entry =
            disc.find(&change.path).cloned().ok_or_else(|| fail(format!("{} is missing", change.path)))?;
        if entry.size != change.new_size {
            return Err(fail(format!("{}: {} bytes, not {}", change.path, entry.size, change.new_size)));
        }
        let bytes = disc.read(&entry).map_err(|e| fail(format!("{}: {e}", change.path)))?;
        let expected: Vec<u8> = (0..change.written.min(change.new_size.div_ceil(DATA_SIZE)))
            .filter_map(|i| plan.changes.get(&(change.new_start + i)))
            .flat_map(|c| c.data.iter().copied())
            .take(usize::try_from(change.new_size).unwrap_or(0))
            .collect();
        if bytes != expected {
            return Err(fail(format!("{} does not read back as the bytes written", change.path)));
        }
    }
    Ok(())
}

/// A written sector read back: the bytes meant, and (raw) its EDC/ECC right.
pub(crate) fn prove_sector(lba: u64, got: &[u8], want: &[u8]) -> Result<(), PatchError> {
    if got != want {
        return Err(PatchError::Proof(format!("sector {lba} does not hold what was written")));
    }
    if let Ok(raw) = <&[u8; RAW_LEN]>::try_from(got) {
        edc_ecc::check(raw).map_err(|f| PatchError::Proof(format!("sector {lba}: its {f} is wrong")))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::rename_in_sheet;

    #[test]
    fn a_sheet_names_the_new_bin_quoted() {
        let sheet = b"FILE \"Rugrats (USA).bin\" BINARY\r\n  TRACK 01 MODE2/2352\r\n";
        let out = rename_in_sheet(sheet, "Rugrats (USA).bin", "mod.bin");
        assert_eq!(out, b"FILE \"mod.bin\" BINARY\r\n  TRACK 01 MODE2/2352\r\n");
        let out = rename_in_sheet(b"FILE game.bin BINARY\nTRACK 1 MODE1/2352\n", "game.bin", "my game.bin");
        assert_eq!(out, b"FILE \"my game.bin\" BINARY\nTRACK 1 MODE1/2352\n");
    }
}
