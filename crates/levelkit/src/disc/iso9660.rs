//! A bounded ISO 9660 (ECMA-119) directory reader over [`Sectors`]: the primary volume descriptor and the
//! directory tree, nothing else (no Joliet or Rock Ridge names, no multi-extent or interleaved files; PS1
//! discs use none of them). Written here rather than taken from a crate: `cdfs` 0.2.3 panics on malformed
//! records (`assert!`s and `panic!` on truncated input in its nom parsers) and depends on FUSE and clap;
//! `iso9660` 0.1.1 calls itself incomplete and is unmaintained since 2020. See docs/guide/discs.md.
//!
//! Directory record (ECMA-119 9.1): 0x00 u8 length; 0x01 u8 extended attribute length; 0x02 u32 LE+BE
//! extent (first sector); 0x0A u32 LE+BE data length; 0x12 7-byte date; 0x19 u8 flags (0x02 directory,
//! 0x80 more extents follow); 0x1A u8 file unit size; 0x1B u8 interleave gap; 0x1C u16 LE+BE volume
//! sequence number; 0x20 u8 name length; 0x21 name (`\0` this directory, `\1` its parent; files end in
//! `;1`). Records never cross a sector boundary; a length byte of 0 means "the rest of this sector is
//! padding".

use super::sectors::{Sectors, DATA_SIZE};
use super::{push_entry, Entry, Limits, Location};
use crate::bytes::ParseError;
use std::collections::HashSet;

/// The primary volume descriptor's sector.
const FIRST_DESCRIPTOR: u64 = 16;
/// Volume descriptors read before giving up on finding the terminator.
const MAX_DESCRIPTORS: u64 = 64;
const DIRECTORY_FLAG: u8 = 0x02;
const MULTI_EXTENT_FLAG: u8 = 0x80;
/// The fixed part of a directory record, before the name.
const RECORD_HEADER: usize = 33;

/// Whether sector 16's data starts a volume descriptor (`\x01CD001` or any descriptor type).
pub fn has_volume_descriptor(sector16: &[u8]) -> bool {
    sector16.get(1..6) == Some(b"CD001")
}

/// A directory to read: where it is and the path it has.
struct Pending {
    lba: u32,
    size: u32,
    path: String,
    depth: u32,
}

/// A directory of the image: its path (empty for the root) and extent.
#[derive(Clone, Debug)]
pub struct Directory {
    /// `/`-separated path; empty for the root.
    pub path: String,
    /// First sector.
    pub lba: u32,
    /// Size in bytes.
    pub size: u32,
}

/// Every file in the image, in directory order (each directory's files, then its subdirectories'), with
/// paths joined by `/`, version suffixes (`;1`) and a lone trailing `.` removed.
pub fn list(sectors: &mut Sectors, limits: &Limits) -> Result<Vec<Entry>, ParseError> {
    Ok(walk(sectors, limits)?.0)
}

/// [`list`], and the directories read, root first.
pub fn walk(sectors: &mut Sectors, limits: &Limits) -> Result<(Vec<Entry>, Vec<Directory>), ParseError> {
    let (root, volume_sectors) = primary_root(sectors)?;
    if sectors.count() < volume_sectors {
        let len = sectors.source.len();
        return Err(ParseError::count(len, "the image", format!(
            "truncated: the volume descriptor says {volume_sectors} sectors, the file ends after {} ({len} bytes)",
            sectors.count()
        )));
    }
    let mut entries = Vec::new();
    let mut directories = Vec::new();
    let mut path_bytes = 0usize;
    let mut seen = HashSet::new();
    let mut directory_bytes = 0u64;
    let mut pending = vec![Pending { lba: root.0, size: root.1, path: String::new(), depth: 0 }];
    while let Some(dir) = pending.pop() {
        let offset = sectors.image_offset(u64::from(dir.lba), 0);
        let name = if dir.path.is_empty() {
            "the root directory".to_string()
        } else {
            format!("directory {}", dir.path)
        };
        if !seen.insert(dir.lba) {
            return Err(ParseError::bad_value(
                offset,
                &name,
                format!(
                    "its extent (sector {}) is a directory already read: a cycle in the directory tree",
                    dir.lba
                ),
            ));
        }
        if dir.depth > limits.max_depth {
            return Err(ParseError::count(
                offset,
                &name,
                format!("nested deeper than {} directories", limits.max_depth),
            ));
        }
        directory_bytes += u64::from(dir.size);
        if directory_bytes > limits.max_directory_bytes {
            return Err(ParseError::count(
                offset,
                &name,
                format!(
                    "the directories hold more than {} bytes of records in all",
                    limits.max_directory_bytes
                ),
            ));
        }
        let sector_count = u64::from(dir.size).div_ceil(DATA_SIZE);
        check_extent(volume_sectors, dir.lba, dir.size, offset, &name)?;
        directories.push(Directory { path: dir.path.clone(), lba: dir.lba, size: dir.size });
        let mut subdirs = Vec::new();
        let mut sector = [0u8; 2048];
        for i in 0..sector_count {
            let lba = u64::from(dir.lba) + i;
            sectors.read(lba, &mut sector, &name)?;
            let used = (u64::from(dir.size) - i * DATA_SIZE).min(DATA_SIZE) as usize;
            let mut pos = 0usize;
            while pos < used {
                let len = sector.get(pos).map_or(0, |&b| usize::from(b));
                if len == 0 {
                    break;
                }
                let at = sectors.image_offset(lba, pos as u64);
                let record = sector.get(pos..pos + len).filter(|_| len > RECORD_HEADER).ok_or_else(|| {
                    ParseError::out_of_range(
                        at,
                        &name,
                        format!("a directory record of {len} bytes does not fit its sector"),
                    )
                })?;
                pos += len;
                let child = read_record(record, at, &name)?;
                let Some(child_name) = child.name else { continue };
                let path =
                    if dir.path.is_empty() { child_name } else { format!("{}/{child_name}", dir.path) };
                if child.flags & MULTI_EXTENT_FLAG != 0 || child.interleaved {
                    return Err(ParseError::unsupported(
                        at,
                        &path,
                        "a multi-extent or interleaved file, which levelkit does not read",
                    ));
                }
                check_extent(volume_sectors, child.lba, child.size, at, &path)?;
                if child.flags & DIRECTORY_FLAG != 0 {
                    subdirs.push(Pending { lba: child.lba, size: child.size, path, depth: dir.depth + 1 });
                } else {
                    let location = Location::Sectors { lba: child.lba };
                    let record = lba * DATA_SIZE + pos as u64 - len as u64;
                    let entry = Entry { path, size: u64::from(child.size), location, record };
                    push_entry(&mut entries, &mut path_bytes, limits, entry, at)?;
                }
            }
        }
        // Depth first, in directory order.
        pending.extend(subdirs.into_iter().rev());
    }
    Ok((entries, directories))
}

/// The root directory's extent and size and the volume's size in sectors, from the primary volume
/// descriptor (0x50 u32 LE+BE volume space size; 0x80 u16 LE+BE logical block size; 0x9C root record).
fn primary_root(sectors: &mut Sectors) -> Result<((u32, u32), u64), ParseError> {
    let mut sector = [0u8; 2048];
    for lba in FIRST_DESCRIPTOR..FIRST_DESCRIPTOR + MAX_DESCRIPTORS {
        sectors.read(lba, &mut sector, "the volume descriptors")?;
        let offset = sectors.image_offset(lba, 0);
        if !has_volume_descriptor(&sector) {
            return Err(ParseError::bad_value(offset, "a volume descriptor", "no CD001 signature"));
        }
        match sector[0] {
            1 => {
                let block_size = u16::from_le_bytes([sector[128], sector[129]]);
                if u64::from(block_size) != DATA_SIZE {
                    return Err(ParseError::unsupported(
                        offset + 128,
                        "the primary volume descriptor",
                        format!("logical block size {block_size}; only 2,048 is read"),
                    ));
                }
                let at = sectors.image_offset(lba, 156);
                let root = read_record(&sector[156..156 + 34], at, "the root directory record")?;
                if root.flags & DIRECTORY_FLAG == 0 {
                    return Err(ParseError::bad_value(at, "the root directory record", "not a directory"));
                }
                let volume = u32::from_le_bytes([sector[80], sector[81], sector[82], sector[83]]);
                return Ok(((root.lba, root.size), u64::from(volume)));
            }
            255 => {
                return Err(ParseError::bad_value(
                    offset,
                    "the volume descriptors",
                    "no primary volume descriptor",
                ))
            }
            _ => {}
        }
    }
    Err(ParseError::bad_value(
        sectors.image_offset(FIRST_DESCRIPTOR, 0),
        "the volume descriptors",
        "no terminator",
    ))
}

struct Record {
    lba: u32,
    size: u32,
    flags: u8,
    /// Whether the file is interleaved (its unit size or gap is set).
    interleaved: bool,
    /// `None` for the `\0` (this directory) and `\1` (parent) entries.
    name: Option<String>,
}

fn read_record(record: &[u8], at: u64, within: &str) -> Result<Record, ParseError> {
    let Some(head) = record.first_chunk::<RECORD_HEADER>() else {
        return Err(ParseError::out_of_range(
            at,
            within,
            format!(
                "a directory record of {} bytes is shorter than its {RECORD_HEADER}-byte header",
                record.len()
            ),
        ));
    };
    let name_len = usize::from(head[32]);
    let Some(raw_name) = record.get(RECORD_HEADER..RECORD_HEADER + name_len) else {
        return Err(ParseError::out_of_range(
            at,
            within,
            format!("a name of {name_len} bytes runs past its {}-byte record", record.len()),
        ));
    };
    // The extent starts with the extended attribute record, if any; the data follows it.
    let extent = u32::from_le_bytes([head[2], head[3], head[4], head[5]]);
    let lba = extent.saturating_add(u32::from(head[1]));
    let size = u32::from_le_bytes([head[10], head[11], head[12], head[13]]);
    let flags = head[25];
    // File unit size and interleave gap: non-zero for an interleaved file.
    let interleaved = head[26] != 0 || head[27] != 0;
    if raw_name == [0] || raw_name == [1] {
        return Ok(Record { lba, size, flags, interleaved, name: None });
    }
    let mut name: String = raw_name.iter().map(|&b| char::from(b)).collect();
    if let Some(semicolon) = name.find(';') {
        name.truncate(semicolon);
    }
    if name.ends_with('.') {
        name.pop();
    }
    if name.is_empty() || name == "." || name == ".." || name.contains(['/', '\\', '\0']) {
        return Err(ParseError::bad_value(
            at,
            within,
            format!("the name {:?} is not a file name", String::from_utf8_lossy(raw_name)),
        ));
    }
    Ok(Record { lba, size, flags, interleaved, name: Some(name) })
}

fn check_extent(volume_sectors: u64, lba: u32, size: u32, at: u64, what: &str) -> Result<(), ParseError> {
    let end = u64::from(lba) + u64::from(size).div_ceil(DATA_SIZE);
    if end > volume_sectors {
        return Err(ParseError::out_of_range(at, what, format!(
            "its record points past the end of the image: sectors {lba}..{end}, the image has {volume_sectors}"
        )));
    }
    Ok(())
}
