//! Minimal image writers, for tests, fuzz seeds and measurements: an ISO 9660 volume (primary volume
//! descriptor, directories, files; no path tables, which levelkit's reader does not use) and a GameCube
//! disc (header, boot header, an empty apploader, a stub DOL, the FST, files). Wrap the ISO in raw sectors
//! with [`super::sectors::frame`]. Real tools' images (xorriso) are tested too.
#![allow(
    clippy::indexing_slicing,
    reason = "a writer, not a parser: it indexes buffers it sized itself from its own arguments"
)]

use super::sectors::DATA_LEN;
use super::GAMECUBE_MAGIC;
use crate::num::{saturate, Bounded};
use std::collections::BTreeMap;

const SECTOR: usize = DATA_LEN;

/// A size, offset or count in these small images as the field the format stores it in (the images are
/// built from in-memory test files, far below every field's limit).
fn field<T: TryFrom<usize> + Bounded>(n: usize) -> T {
    saturate(n)
}

/// One directory's children: name → (is a directory, full path).
type Children = BTreeMap<String, (bool, String)>;

/// An ISO 9660 image holding `files` (`/`-separated paths; names are written as given, with `;1` added to
/// files). Directories come from the paths.
pub fn iso9660(files: &[(&str, &[u8])]) -> Vec<u8> {
    let mut dirs: BTreeMap<String, Children> = BTreeMap::new();
    dirs.insert(String::new(), Children::new());
    for (path, _) in files {
        let parts: Vec<&str> = path.split('/').collect();
        for depth in 0..parts.len() {
            let parent = parts[..depth].join("/");
            let full = parts[..=depth].join("/");
            let is_dir = depth + 1 < parts.len();
            dirs.entry(parent).or_default().insert(parts[depth].to_string(), (is_dir, full.clone()));
            if is_dir {
                dirs.entry(full).or_default();
            }
        }
    }
    // Layout: 16 empty sectors, the primary descriptor, the terminator, the directories, the files.
    let mut next = 18u32;
    let mut dir_at: BTreeMap<String, (u32, u32)> = BTreeMap::new();
    for (path, children) in &dirs {
        let size = directory_size(children);
        dir_at.insert(path.clone(), (next, size));
        next += size.div_ceil(field(SECTOR));
    }
    let mut file_at: BTreeMap<String, (u32, u32)> = BTreeMap::new();
    for (path, data) in files {
        file_at.insert(path.to_string(), (next, field(data.len())));
        next += field::<u32>(data.len()).div_ceil(field(SECTOR));
    }
    let mut image = vec![0u8; next as usize * SECTOR];
    let pvd = &mut image[16 * SECTOR..17 * SECTOR];
    pvd[0] = 1;
    pvd[1..6].copy_from_slice(b"CD001");
    pvd[6] = 1;
    pvd[40..72].fill(b' ');
    pvd[40..48].copy_from_slice(b"LEVELKIT");
    both_u32(&mut pvd[80..88], next);
    both_u16(&mut pvd[120..124], 1);
    both_u16(&mut pvd[124..128], 1);
    both_u16(&mut pvd[128..132], field(SECTOR));
    let (root_lba, root_size) = dir_at[""];
    pvd[156..190].copy_from_slice(&record(&[0], root_lba, root_size, true));
    pvd[881] = 1;
    let terminator = &mut image[17 * SECTOR..18 * SECTOR];
    terminator[0] = 255;
    terminator[1..6].copy_from_slice(b"CD001");
    terminator[6] = 1;
    for (path, children) in &dirs {
        let (lba, size) = dir_at[path];
        let parent = path.rsplit_once('/').map_or("", |(p, _)| p);
        let mut records =
            vec![record(&[0], lba, size, true), record(&[1], dir_at[parent].0, dir_at[parent].1, true)];
        for (name, (is_dir, full)) in children {
            records.push(if *is_dir {
                let (l, s) = dir_at[full];
                record(name.as_bytes(), l, s, true)
            } else {
                let (l, s) = file_at[full];
                record(format!("{name};1").as_bytes(), l, s, false)
            });
        }
        let mut pos = lba as usize * SECTOR;
        for r in records {
            if (pos % SECTOR) + r.len() > SECTOR {
                pos = pos.div_ceil(SECTOR) * SECTOR;
            }
            image[pos..pos + r.len()].copy_from_slice(&r);
            pos += r.len();
        }
    }
    for (path, data) in files {
        let (lba, _) = file_at[*path];
        let start = lba as usize * SECTOR;
        image[start..start + data.len()].copy_from_slice(data);
    }
    image
}

fn directory_size(children: &Children) -> u32 {
    let mut lens = vec![34usize, 34];
    lens.extend(
        children.iter().map(|(name, (is_dir, _))| record_len(name.len() + if *is_dir { 0 } else { 2 })),
    );
    let mut pos = 0usize;
    for len in lens {
        if pos % SECTOR + len > SECTOR {
            pos = pos.div_ceil(SECTOR) * SECTOR;
        }
        pos += len;
    }
    field(pos.div_ceil(SECTOR) * SECTOR)
}

fn record_len(name_len: usize) -> usize {
    let len = 33 + name_len;
    len + len % 2
}

/// A directory record (ECMA-119 9.1).
pub fn record(name: &[u8], lba: u32, size: u32, is_dir: bool) -> Vec<u8> {
    let mut r = vec![0u8; record_len(name.len())];
    r[0] = field(r.len());
    both_u32(&mut r[2..10], lba);
    both_u32(&mut r[10..18], size);
    r[25] = if is_dir { 2 } else { 0 };
    both_u16(&mut r[28..32], 1);
    r[32] = field(name.len());
    r[33..33 + name.len()].copy_from_slice(name);
    r
}

fn both_u32(out: &mut [u8], v: u32) {
    out[..4].copy_from_slice(&v.to_le_bytes());
    out[4..8].copy_from_slice(&v.to_be_bytes());
}

fn both_u16(out: &mut [u8], v: u16) {
    out[..2].copy_from_slice(&v.to_le_bytes());
    out[2..4].copy_from_slice(&v.to_be_bytes());
}

/// Where [`gamecube`] puts the FST.
pub const GAMECUBE_FST_OFFSET: usize = 0x2600;
const DOL_OFFSET: usize = 0x2480;
/// The boot header (DOL offset, FST offset and size), where `disc::gamecube` reads it (YAGCD). Written
/// here too, so that a build without feature `gamecube` can make an image to refuse.
const BOOT_HEADER_AT: usize = 0x420;
/// GameCube discs are read in 32 KiB blocks; the image is padded to a whole number of them (files start
/// on 2 KiB boundaries).
const GAMECUBE_BLOCK: usize = 0x8000;

/// A GameCube disc holding `files` (`/`-separated paths, grouped by directory in the order given).
/// The stub DOL declares one 0x20-byte text section so that tools reading it (nod's converter) find one.
pub fn gamecube(files: &[(&str, &[u8])]) -> Vec<u8> {
    // FST nodes: root, then directories and files depth first.
    let mut nodes: Vec<(u8, u32, u32, u32)> = vec![(1, 0, 0, 0)];
    let mut names = vec![0u8];
    let mut open: Vec<(String, usize)> = Vec::new();
    let mut file_nodes = Vec::new();
    for (path, data) in files {
        let parts: Vec<&str> = path.split('/').collect();
        let dirs = &parts[..parts.len() - 1];
        let common = open.iter().zip(dirs).take_while(|((o, _), d)| o == *d).count();
        for (_, idx) in open.drain(common..) {
            nodes[idx].3 = field(nodes.len());
        }
        for dir in &dirs[common..] {
            let parent = open.last().map_or(0, |(_, i)| field(*i));
            nodes.push((1, field(names.len()), parent, 0));
            names.extend_from_slice(dir.as_bytes());
            names.push(0);
            open.push((dir.to_string(), nodes.len() - 1));
        }
        file_nodes.push(nodes.len());
        nodes.push((0, field(names.len()), 0, field(data.len())));
        names.extend_from_slice(parts[parts.len() - 1].as_bytes());
        names.push(0);
    }
    let end: u32 = field(nodes.len());
    for (_, idx) in open {
        nodes[idx].3 = end;
    }
    nodes[0].3 = end;
    let fst_size = nodes.len() * 12 + names.len();
    let mut data_at = (GAMECUBE_FST_OFFSET + fst_size).div_ceil(0x800) * 0x800;
    for (node, (_, data)) in file_nodes.iter().zip(files) {
        nodes[*node].2 = field(data_at);
        data_at = (data_at + data.len()).div_ceil(4) * 4;
    }
    let mut disc = vec![0u8; data_at.div_ceil(GAMECUBE_BLOCK) * GAMECUBE_BLOCK];
    disc[..6].copy_from_slice(b"GLKE01");
    disc[0x1C..0x20].copy_from_slice(&GAMECUBE_MAGIC);
    disc[0x20..0x2F].copy_from_slice(b"levelkit sample");
    let boot = BOOT_HEADER_AT;
    disc[boot..boot + 4].copy_from_slice(&field::<u32>(DOL_OFFSET).to_be_bytes());
    disc[boot + 4..boot + 8].copy_from_slice(&field::<u32>(GAMECUBE_FST_OFFSET).to_be_bytes());
    disc[boot + 8..boot + 12].copy_from_slice(&field::<u32>(fst_size).to_be_bytes());
    disc[boot + 12..boot + 16].copy_from_slice(&field::<u32>(fst_size).to_be_bytes());
    // DOL: text section 0 at 0x100 in the file, 0x20 bytes, loaded at 0x80003100.
    disc[DOL_OFFSET..DOL_OFFSET + 4].copy_from_slice(&0x100u32.to_be_bytes());
    disc[DOL_OFFSET + 0x48..DOL_OFFSET + 0x4C].copy_from_slice(&0x8000_3100u32.to_be_bytes());
    disc[DOL_OFFSET + 0x90..DOL_OFFSET + 0x94].copy_from_slice(&0x20u32.to_be_bytes());
    let mut pos = GAMECUBE_FST_OFFSET;
    for (kind, name, offset, size) in &nodes {
        disc[pos] = *kind;
        disc[pos + 1..pos + 4].copy_from_slice(&name.to_be_bytes()[1..]);
        disc[pos + 4..pos + 8].copy_from_slice(&offset.to_be_bytes());
        disc[pos + 8..pos + 12].copy_from_slice(&size.to_be_bytes());
        pos += 12;
    }
    disc[pos..pos + names.len()].copy_from_slice(&names);
    for (node, (_, data)) in file_nodes.iter().zip(files) {
        let at = nodes[*node].2 as usize;
        disc[at..at + data.len()].copy_from_slice(data);
    }
    disc
}
