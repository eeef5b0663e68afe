//! GameCube discs: the container formats (ISO/GCM, CISO, GCZ, WIA, RVZ, WBFS, TGC) through the `nod`
//! crate, which turns any of them into the plain disc's bytes; the file system table (FST) read here from
//! those bytes with every count and offset checked.
//!
//! nod's own FST reading is not used: it sizes buffers by the header's FST, apploader and DOL sizes
//! unchecked (up to 4 GiB each), computes the FST's node count × 12 in u32 (overflow), and its path
//! iterator grows without bound on a directory whose end lies before itself. nod's reads are also run
//! under `catch_unwind`: a few of its container readers `unwrap` allocations sized by header fields, and a
//! panic there becomes an error here.
//!
//! Disc layout (YAGCD; nod `disc/mod.rs`): 0x01C u32 BE magic 0xC2339F3D; 0x420 boot header: 0x420 u32 DOL
//! offset, 0x424 u32 FST offset, 0x428 u32 FST size, 0x42C u32 maximum FST size. FST: 12-byte nodes, then
//! the names. Node: 0x0 u8 kind (0 file, 1 directory); 0x1 u24 BE name offset in the name table; 0x4 u32
//! file offset on the disc / a directory's parent node; 0x8 u32 file size / a directory's end (the index
//! after its last descendant). Node 0 is the root; its end is the node count.

use super::source::{CountingReader, ReadCounter, Source};
use super::{push_entry, Entry, Limits, Location};
use crate::bytes::{Be, Cursor, ParseError};
use std::io::{Read, Seek, SeekFrom};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The GameCube disc magic at 0x1C.
pub const MAGIC: u32 = u32::from_be_bytes(super::GAMECUBE_MAGIC);
const MAGIC_OFFSET: usize = 0x1C;
/// Where the boot header's DOL offset, FST offset, FST size and maximum FST size are.
pub const BOOT_HEADER: u64 = BOOT_HEADER_AT as u64;
/// [`BOOT_HEADER`] as a buffer index.
pub const BOOT_HEADER_AT: usize = 0x420;
const NODE_SIZE: u64 = NODE_LEN as u64;
const NODE_LEN: usize = 12;
/// The longest file or directory name read (with 64 levels, a path stays under 17 KB).
const MAX_NAME: usize = 255;

/// The container format nod recognises at the start of `head` (its first 32 bytes), if any.
pub fn detect(head: &[u8]) -> Option<nod::common::Format> {
    let mut cursor = head;
    catch_unwind(AssertUnwindSafe(|| nod::read::DiscReader::detect(&mut cursor))).ok()?.ok()?
}

/// Opens a GameCube image of any format nod reads; the [`Source`] reads the plain disc's bytes.
pub fn open(file: std::fs::File, counter: ReadCounter) -> Result<(Source, String), ParseError> {
    let counting = CountingReader { inner: file, counter: counter.clone() };
    let opened = catch_unwind(AssertUnwindSafe(|| {
        nod::read::DiscReader::new_from_non_cloneable_read(counting, &nod::read::DiscOptions::default())
    }));
    let reader = match opened {
        Ok(Ok(reader)) => reader,
        Ok(Err(e)) => return Err(ParseError::io(0u64, "the disc image (through nod)", e.to_string())),
        Err(_) => {
            return Err(ParseError::io(
                0u64,
                "the disc image (through nod)",
                "nod failed on a malformed container",
            ))
        }
    };
    if reader.header().is_wii() {
        return Err(ParseError::unsupported(
            0x18u64,
            "the disc header",
            "a Wii disc; levelkit reads GameCube discs",
        ));
    }
    let container = reader.meta().format.to_string();
    let len = reader.disc_size();
    Ok((Source::stream(Guarded(reader), len, counter), container))
}

/// A reader whose panics become I/O errors.
struct Guarded<R>(R);

fn panicked() -> std::io::Error {
    std::io::Error::other("nod failed reading the disc (a malformed block)")
}

impl<R: Read> Read for Guarded<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        catch_unwind(AssertUnwindSafe(|| self.0.read(buf))).unwrap_or_else(|_| Err(panicked()))
    }
}

impl<R: Seek> Seek for Guarded<R> {
    fn seek(&mut self, pos: SeekFrom) -> std::io::Result<u64> {
        catch_unwind(AssertUnwindSafe(|| self.0.seek(pos))).unwrap_or_else(|_| Err(panicked()))
    }
}

/// Every file in the FST, in FST order, with paths joined by `/`.
pub fn list(disc: &mut Source, limits: &Limits) -> Result<Vec<Entry>, ParseError> {
    let mut head = [0u8; 0x20];
    disc.read_at(0, &mut head, "the disc header")?;
    let magic = u32::from_be_bytes([head[0x1C], head[0x1D], head[0x1E], head[0x1F]]);
    if magic != MAGIC {
        return Err(ParseError::bad_value(
            MAGIC_OFFSET as u64,
            "the disc header",
            format!("magic 0x{magic:08X}, not a GameCube disc's 0x{MAGIC:08X}"),
        ));
    }
    let mut boot = [0u8; 16];
    disc.read_at(BOOT_HEADER, &mut boot, "the boot header")?;
    let mut c = Cursor::<Be>::new(&boot);
    let _dol_offset = c.u32("DOL offset")?;
    let fst_offset = u64::from(c.u32("FST offset")?);
    let fst_size = u64::from(c.u32("FST size")?);
    if fst_size > limits.max_directory_bytes {
        return Err(ParseError::count(
            BOOT_HEADER + 8,
            "the boot header",
            format!("an FST of {fst_size} bytes; levelkit reads at most {}", limits.max_directory_bytes),
        ));
    }
    if fst_offset.checked_add(fst_size).is_none_or(|end| end > disc.len()) {
        return Err(ParseError::out_of_range(
            BOOT_HEADER + 4,
            "the boot header",
            format!(
                "the FST (byte {fst_offset}, {fst_size} bytes) lies past the end of the {}-byte disc",
                disc.len()
            ),
        ));
    }
    let fst = disc.read_vec(fst_offset, fst_size, "the FST")?;
    walk_fst(&fst, fst_offset, disc.len(), limits)
}

/// The FST's files. `fst_offset` places error offsets on the disc; `disc_len` bounds file data.
pub fn walk_fst(
    fst: &[u8],
    fst_offset: u64,
    disc_len: u64,
    limits: &Limits,
) -> Result<Vec<Entry>, ParseError> {
    let at = |i: usize| fst_offset + i as u64 * NODE_SIZE;
    let node = |i: usize| -> Result<(u8, usize, u32, u32), ParseError> {
        let mut c = Cursor::<Be>::at(fst, i * NODE_LEN, "an FST node")?;
        let word = c.u32("an FST node").map_err(|e| e.within("the FST"))?;
        let (offset, size) = (c.u32("an FST node")?, c.u32("an FST node")?);
        Ok(((word >> 24) as u8, (word & 0x00FF_FFFF) as usize, offset, size))
    };
    let (kind, _, _, count) = node(0).map_err(|e| ParseError { offset: fst_offset, ..e })?;
    let capacity = fst.len() as u64 / NODE_SIZE;
    if kind != 1 || count == 0 || u64::from(count) > capacity {
        return Err(ParseError::count(
            fst_offset,
            "the FST root node",
            format!("kind {kind}, {count} nodes; an FST of {} bytes holds at most {capacity}", fst.len()),
        ));
    }
    let count = count as usize;
    if count > limits.max_files {
        return Err(ParseError::count(
            fst_offset,
            "the FST root node",
            format!("{count} nodes; levelkit reads at most {}", limits.max_files),
        ));
    }
    // count ≤ capacity: the names start inside the FST (or just at its end).
    let names = fst.get(count * NODE_LEN..).unwrap_or_default();
    // Open directories: (end node index, path).
    let mut open: Vec<(usize, String)> = vec![(count, String::new())];
    let mut entries = Vec::new();
    let mut path_bytes = 0usize;
    for i in 1..count {
        while open.last().is_some_and(|(end, _)| i >= *end) {
            open.pop();
        }
        let Some((parent_end, parent_path)) = open.last() else {
            return Err(ParseError::out_of_range(
                at(i),
                "the FST",
                format!("node {i} lies outside the root directory"),
            ));
        };
        let (kind, name_offset, offset, size) = node(i).map_err(|e| ParseError { offset: at(i), ..e })?;
        let name =
            names.get(name_offset..).and_then(|n| n.split(|&b| b == 0).next().filter(|_| n.contains(&0)));
        let name = match name.map(String::from_utf8_lossy) {
            Some(n)
                if n.len() <= MAX_NAME
                    && !n.is_empty()
                    && n != "."
                    && n != ".."
                    && !n.contains(['/', '\\']) =>
            {
                n.into_owned()
            }
            _ => {
                return Err(ParseError::bad_value(
                    at(i),
                    format!("FST node {i}"),
                    format!(
                        "name offset {name_offset}: no usable name in the {}-byte name table",
                        names.len()
                    ),
                ))
            }
        };
        let path = if parent_path.is_empty() { name } else { format!("{parent_path}/{name}") };
        match kind {
            1 => {
                let end = size as usize;
                if end <= i || end > *parent_end {
                    return Err(ParseError::out_of_range(at(i), &path, format!(
                        "directory node {i} ends at node {end}, outside {}..={parent_end}: a cycle or overlap in the directory tree", i + 1
                    )));
                }
                if open.len() > limits.max_depth as usize {
                    return Err(ParseError::count(
                        at(i),
                        &path,
                        format!("nested deeper than {} directories", limits.max_depth),
                    ));
                }
                open.push((end, path));
            }
            0 => {
                let (offset, size) = (u64::from(offset), u64::from(size));
                if offset + size > disc_len {
                    return Err(ParseError::out_of_range(at(i), &path, format!(
                        "file data at byte {offset}, {size} bytes, runs past the end of the {disc_len}-byte disc"
                    )));
                }
                let entry = Entry { path, size, location: Location::Bytes { offset }, record: at(i) };
                push_entry(&mut entries, &mut path_bytes, limits, entry, at(i))?;
            }
            other => {
                return Err(ParseError::bad_value(
                    at(i),
                    &path,
                    format!("node kind {other}; 0 (file) or 1 (directory) expected"),
                ))
            }
        }
    }
    Ok(entries)
}
