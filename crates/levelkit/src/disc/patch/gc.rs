//! Replacing files inside a GameCube image (Heroes' `files/collisions/*.cl`), in place: the new bytes at
//! the old file's offset (its tail zeroed up to the old size), the FST node's size updated. A file fits
//! when it ends before the next thing on the disc (another file, the FST, the DOL). The FST is the game's
//! own lookup, so a changed size is seen. A file that does not fit moves: to the lowest free gap that
//! holds it or the image's end, its FST node's offset and size rewritten ([`super::gc_move`]).
//!
//! A plain ISO/GCM is streamed into a copy (or changed in place); a compressed container (RVZ, WIA, CISO,
//! GCZ, WBFS, TGC) is written back in its own format through nod's writer, from the plain disc with the
//! changes laid over it, with the container's compression and block size (in place is refused: its
//! blocks are compressed).

use super::gc_move::Layout;
use super::{check_level, FileChange, Options, Output, PatchError, PatchReport, Replacement};
use crate::disc::source::Source;
use crate::disc::{Disc, DiscError, Location, Reader};
use crate::io::AtomicFile;
use crate::num::thousands;
use std::collections::BTreeMap;
use std::io::{Read, Seek, SeekFrom, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

/// The disc's start up to the apploader's end is never a file's (header, boot header, apploader).
const SYSTEM_AREA: u64 = 0x2440;

fn io(path: &Path) -> impl Fn(std::io::Error) -> PatchError + '_ {
    move |source| PatchError::Io { path: path.to_path_buf(), source }
}

/// Patches a GameCube image [`super::patch`] opened.
pub(crate) fn patch(
    mut disc: Disc,
    image: &Path,
    replacements: &[Replacement],
    options: &Options,
) -> Result<PatchReport, PatchError> {
    let mut report = PatchReport::default();
    let Reader::Bytes(source) = disc.reader.get_mut() else {
        return Err(PatchError::Unsupported("not a GameCube image".into()));
    };
    let mut boot = [0u8; 12];
    source
        .read_at(crate::disc::gamecube::BOOT_HEADER, &mut boot, "the boot header")
        .map_err(DiscError::from)?;
    let dol = u64::from(u32::from_be_bytes([boot[0], boot[1], boot[2], boot[3]]));
    let fst = u64::from(u32::from_be_bytes([boot[4], boot[5], boot[6], boot[7]]));
    let fst_size = u64::from(u32::from_be_bytes([boot[8], boot[9], boot[10], boot[11]]));
    let disc_len = source.len();
    let mut layout = Layout::new(source, &disc.entries, SYSTEM_AREA, dol, fst, fst_size);
    let mut starts: Vec<u64> = vec![dol, fst, disc_len];
    starts.extend(disc.entries.iter().filter(|e| e.size > 0).filter_map(|e| match e.location {
        Location::Bytes { offset } => Some(offset),
        Location::Sectors { .. } => None,
    }));
    // Byte offset on the plain disc → new bytes.
    let mut patches: BTreeMap<u64, Vec<u8>> = BTreeMap::new();
    for r in replacements {
        let Some(entry) = disc.find(&r.path).cloned() else {
            let dir = disc.entries.iter().any(|e| {
                e.path.len() > r.path.trim_matches('/').len()
                    && e.path
                        .to_ascii_lowercase()
                        .starts_with(&format!("{}/", r.path.trim_matches('/').to_ascii_lowercase()))
            });
            return Err(if dir {
                PatchError::Directory(r.path.clone())
            } else {
                PatchError::NotFound(r.path.clone())
            });
        };
        if report.files.iter().any(|f| f.path == entry.path) {
            return Err(PatchError::Twice(entry.path));
        }
        let Location::Bytes { offset } = entry.location else {
            return Err(PatchError::Unsupported("not a GameCube image".into()));
        };
        let old = disc.read(&entry)?;
        let format = check_level(&entry.path, &old, &r.bytes, &mut report.warnings)?;
        let new_len = u64::try_from(r.bytes.len()).unwrap_or(u64::MAX);
        let room = starts.iter().copied().filter(|&s| s > offset).min().unwrap_or(disc_len) - offset;
        let room = if offset < SYSTEM_AREA { 0 } else { room };
        let moved = new_len > room.max(entry.size);
        let start = if moved { layout.place(&entry.path, new_len)? } else { offset };
        if moved {
            report.warnings.push(format!(
                "{}: the new file is {new_len} bytes; {room} bytes are free at its offset {offset} before the \
                 next file or table, so it moves to byte {start} and its FST entry is rewritten (the FST is the \
                 game's lookup; the old bytes stay, unreferenced)",
                entry.path
            ));
            patches.insert(entry.record + 4, field(start)?.to_be_bytes().to_vec());
        } else {
            layout.claim(offset, offset.saturating_add(new_len));
        }
        starts.push(start);
        if !moved && new_len > entry.size {
            report.warnings.push(format!(
                "{} grows from {} to {} bytes into the free bytes after it (the FST records the new size)",
                entry.path,
                thousands(entry.size),
                thousands(new_len)
            ));
        }
        let mut bytes = r.bytes.clone();
        if !moved {
            bytes.resize(usize::try_from(new_len.max(entry.size)).unwrap_or(0), 0);
        }
        let written = u64::try_from(bytes.len()).unwrap_or(0);
        patches.insert(start, bytes);
        patches.insert(entry.record + 8, field(new_len)?.to_be_bytes().to_vec());
        report.files.push(FileChange {
            path: entry.path.clone(),
            format,
            old_size: entry.size,
            new_size: new_len,
            old_start: offset,
            new_start: start,
            written,
            relocated: moved,
            start_unit: "byte",
        });
    }
    report.bytes_written = patches.values().map(|p| p.len() as u64).sum();
    report.sectors_written =
        patches.iter().map(|(&at, p)| (at + p.len() as u64).div_ceil(2048) - at / 2048).sum();
    let total = layout.disc_len;
    if total > disc_len {
        report.warnings.push(format!(
            "the image grows from {} to {} bytes",
            thousands(disc_len),
            thousands(total)
        ));
    }
    let plain = disc.container.eq_ignore_ascii_case("ISO");
    let what = |report: &PatchReport, container: &str| {
        format!(
            "{container} image, {} file(s) replaced, {} bytes written, read back and checked",
            report.files.len(),
            report.bytes_written
        )
    };
    match (&options.output, plain) {
        (Output::InPlace, true) => {
            let mut file = std::fs::OpenOptions::new().read(true).write(true).open(image).map_err(io(image))?;
            let mut originals = Vec::new();
            for (&at, bytes) in patches.range(..disc_len) {
                let mut old = vec![0u8; bytes.len()];
                file.seek(SeekFrom::Start(at)).and_then(|_| file.read_exact(&mut old)).map_err(io(image))?;
                originals.push((at, old));
            }
            // File data first, then the FST sizes (the higher offsets are the data on a small disc, but
            // order by kind: a patch of 4 bytes is an FST size).
            let mut order: Vec<_> = patches.iter().collect();
            order.sort_by_key(|(_, b)| b.len() == 4);
            let written = (|| -> std::io::Result<()> {
                for (&at, bytes) in order {
                    file.seek(SeekFrom::Start(at))?;
                    file.write_all(bytes)?;
                }
                file.sync_all()
            })();
            let proof = written.map_err(io(image)).and_then(|()| prove(image, None, &patches, replacements));
            if let Err(e) = proof {
                for (at, old) in &originals {
                    let _ = file.seek(SeekFrom::Start(*at)).and_then(|_| file.write_all(old));
                }
                let _ = file.set_len(disc_len);
                let _ = file.sync_all();
                return Err(e);
            }
            report.written.push((image.to_path_buf(), what(&report, "ISO")));
        }
        (Output::InPlace, false) => {
            return Err(PatchError::Unsupported(format!(
                "the image is {}, whose blocks are compressed: it cannot be changed in place; write a copy (-o), \
                 which levelkit writes in the same container",
                disc.container
            )))
        }
        (Output::Copy(out), _) => {
            if std::fs::canonicalize(out).ok() == std::fs::canonicalize(image).ok() && out.exists() {
                return Err(PatchError::OutputIsImage(out.clone()));
            }
            let mut file = AtomicFile::create(out).map_err(io(out))?;
            if plain {
                let mut input = std::fs::File::open(image).map_err(io(image))?;
                copy_overlaid(&mut input, &mut file, &patches, total).map_err(io(out))?;
            } else {
                write_container(image, &patches, total, &mut file).map_err(|e| match e {
                    PatchError::Io { source, .. } => PatchError::Io { path: out.clone(), source },
                    e => e,
                })?;
            }
            file.sync().map_err(io(out))?;
            prove(file.temporary_path(), Some((image, total)), &patches, replacements)?;
            file.commit().map_err(io(out))?;
            report.written.push((out.clone(), what(&report, &disc.container)));
        }
    }
    Ok(report)
}

/// Copies a plain disc with the patches laid over it.
fn copy_overlaid(
    input: &mut impl Read,
    out: &mut impl Write,
    patches: &BTreeMap<u64, Vec<u8>>,
    total: u64,
) -> std::io::Result<()> {
    let mut pos = 0u64;
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let mut n = input.read(&mut buf)?;
        if n == 0 {
            // Past the input's end (a moved file at the image's end): zeros with the patches over them.
            n = usize::try_from(total.saturating_sub(pos)).unwrap_or(usize::MAX).min(buf.len());
            if n == 0 {
                return Ok(());
            }
            buf.fill(0);
        }
        let chunk = buf.get_mut(..n).unwrap_or_default();
        overlay(chunk, pos, patches);
        out.write_all(chunk)?;
        pos += n as u64;
    }
}

/// Writes the patches' bytes that fall in `chunk`, which starts at disc byte `pos`.
fn overlay(chunk: &mut [u8], pos: u64, patches: &BTreeMap<u64, Vec<u8>>) {
    let end = pos + chunk.len() as u64;
    for (&at, bytes) in patches.range(..end) {
        let (from, to) = (at.max(pos), (at + bytes.len() as u64).min(end));
        if from >= to {
            continue;
        }
        let src = bytes.get(usize::try_from(from - at).unwrap_or(0)..usize::try_from(to - at).unwrap_or(0));
        let dst =
            chunk.get_mut(usize::try_from(from - pos).unwrap_or(0)..usize::try_from(to - pos).unwrap_or(0));
        if let (Some(src), Some(dst)) = (src, dst) {
            dst.copy_from_slice(src);
        }
    }
}

/// The plain disc of a container, with the patches laid over it, as a stream nod can read.
struct Overlaid {
    source: Source,
    /// The patched disc's length (the source's, or more when a file moved to the end).
    len: u64,
    pos: u64,
    patches: BTreeMap<u64, Vec<u8>>,
}

impl Read for Overlaid {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = usize::try_from(self.len.saturating_sub(self.pos)).unwrap_or(usize::MAX).min(buf.len());
        let chunk = buf.get_mut(..n).unwrap_or_default();
        read_padded(&mut self.source, self.pos, chunk, "the disc").map_err(std::io::Error::other)?;
        overlay(chunk, self.pos, &self.patches);
        self.pos += n as u64;
        Ok(n)
    }
}

impl Seek for Overlaid {
    fn seek(&mut self, pos: SeekFrom) -> std::io::Result<u64> {
        self.pos = match pos {
            SeekFrom::Start(p) => p,
            SeekFrom::End(d) => self.len.saturating_add_signed(d),
            SeekFrom::Current(d) => self.pos.saturating_add_signed(d),
        };
        Ok(self.pos)
    }
}

/// Re-encodes the container `image` with the patches, in its own format, compression and block size.
fn write_container(
    image: &Path,
    patches: &BTreeMap<u64, Vec<u8>>,
    len: u64,
    out: &mut AtomicFile,
) -> Result<(), PatchError> {
    let nod_error = |e: String| PatchError::Unsupported(format!("nod cannot write the container back: {e}"));
    let file = std::fs::File::open(image).map_err(io(image))?;
    let opened = catch_unwind(AssertUnwindSafe(|| nod::read::DiscReader::new(image, &Default::default())));
    let meta = match opened {
        Ok(Ok(reader)) => reader.meta(),
        Ok(Err(e)) => return Err(nod_error(e.to_string())),
        Err(_) => return Err(nod_error("nod failed on the container".into())),
    };
    let (source, _) = crate::disc::gamecube::open(file, Default::default()).map_err(DiscError::from)?;
    let overlaid = Overlaid { source, len, pos: 0, patches: patches.clone() };
    let options = nod::write::FormatOptions {
        format: meta.format,
        compression: meta.compression,
        block_size: meta.block_size.unwrap_or_else(|| meta.format.default_block_size()),
    };
    let result = catch_unwind(AssertUnwindSafe(|| -> Result<(), PatchError> {
        let reader = nod::read::DiscReader::new_from_non_cloneable_read(overlaid, &Default::default())
            .map_err(|e| nod_error(e.to_string()))?;
        let writer = nod::write::DiscWriter::new(reader, &options).map_err(|e| nod_error(e.to_string()))?;
        let finalization = writer
            .process(|data, _, _| out.write_all(data.as_ref()), &Default::default())
            .map_err(|e| nod_error(e.to_string()))?;
        if !finalization.header.is_empty() {
            out.seek(SeekFrom::Start(0))
                .and_then(|_| out.write_all(finalization.header.as_ref()))
                .map_err(|source| PatchError::Io { path: image.to_path_buf(), source })?;
        }
        Ok(())
    }));
    result.unwrap_or_else(|_| Err(nod_error("nod failed writing the container".into())))
}

/// Reads the result back: each replaced file byte for byte, and (a copy) every other byte of the plain
/// disc against the original's.
fn prove(
    output: &Path,
    original: Option<(&Path, u64)>,
    patches: &BTreeMap<u64, Vec<u8>>,
    replacements: &[Replacement],
) -> Result<(), PatchError> {
    let fail = |what: String| PatchError::Proof(what);
    let mut disc = Disc::open(output).map_err(|e| fail(format!("it does not open: {e}")))?;
    for r in replacements {
        let bytes = disc.read_path(&r.path).map_err(|e| fail(format!("{}: {e}", r.path)))?;
        if bytes != r.bytes {
            return Err(fail(format!("{} does not read back as the bytes written", r.path)));
        }
    }
    let Some((original, total)) = original else { return Ok(()) };
    let mut before = Disc::open(original).map_err(|e| fail(e.to_string()))?;
    let (Reader::Bytes(a), Reader::Bytes(b)) = (before.reader.get_mut(), disc.reader.get_mut()) else {
        return Err(fail("not a GameCube image".into()));
    };
    if b.len() != total {
        return Err(fail(format!("the disc is {} bytes, not {total}", b.len())));
    }
    let (mut x, mut y) = (vec![0u8; 1 << 20], vec![0u8; 1 << 20]);
    let mut pos = 0u64;
    while pos < total {
        let n = usize::try_from((total - pos).min(1 << 20)).unwrap_or(0);
        let (x, y) = (x.get_mut(..n).unwrap_or_default(), y.get_mut(..n).unwrap_or_default());
        read_padded(a, pos, x, "the original disc").map_err(fail)?;
        b.read_at(pos, y, "the patched disc").map_err(|e| fail(e.to_string()))?;
        overlay(x, pos, patches);
        if x != y {
            return Err(fail(format!("bytes near {pos}, which the patch does not change, changed")));
        }
        pos += n as u64;
    }
    Ok(())
}

/// Reads `buf.len()` bytes at `pos`, zeros past the source's end.
fn read_padded(source: &mut Source, pos: u64, buf: &mut [u8], what: &str) -> Result<(), String> {
    let have = usize::try_from(source.len().saturating_sub(pos)).unwrap_or(usize::MAX).min(buf.len());
    let (head, tail) = buf.split_at_mut(have);
    tail.fill(0);
    if head.is_empty() {
        return Ok(());
    }
    source.read_at(pos, head, what).map_err(|e| e.to_string())
}

/// A byte offset or size as the FST's 32-bit field.
fn field(value: u64) -> Result<u32, PatchError> {
    u32::try_from(value).map_err(|_| {
        PatchError::Unsupported(format!("{value} does not fit the FST's 32-bit offset and size fields"))
    })
}
