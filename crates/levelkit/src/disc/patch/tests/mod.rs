//! Patching images [`crate::disc::test_images`] makes: round trips, framing, and each refusal with its own error.
#![allow(clippy::indexing_slicing, reason = "tests index images they built")]

mod memory;

use super::{patch, Options, Output, PatchError, PatchReport, Replacement};
use crate::disc::edc_ecc::{self, SUBMODE_END};
use crate::disc::sectors::{frame, RawMode, RAW_LEN};
use crate::disc::test_images;
use crate::disc::Disc;
use crate::reptar::generate::{generate, Options as Gen};
use std::path::{Path, PathBuf};

pub(super) const LEVEL: &str = "DATA/DB05/LEVEL05.BIN";

pub(super) fn level(seed: u64, rooms: usize) -> Vec<u8> {
    generate(&Gen { rooms, ..Gen::small(seed) }).to_bytes().unwrap()
}

/// The three PS1 framings of one volume: (file name, bytes, sector size).
fn images(files: &[(&str, &[u8])]) -> Vec<(&'static str, Vec<u8>, usize)> {
    let iso = test_images::iso9660(files);
    vec![
        ("game.iso", iso.clone(), 2048),
        ("game.bin", frame(&iso, RawMode::Mode2Form1), RAW_LEN),
        ("mode1.bin", frame(&iso, RawMode::Mode1), RAW_LEN),
    ]
}

/// An image on disk: its path, its bytes, its sector size.
type Image = (PathBuf, Vec<u8>, usize);

pub(super) fn base(dir: &Path) -> (Vec<u8>, Vec<Image>) {
    let old = level(5, 3);
    let files: [(&str, &[u8]); 3] =
        [(LEVEL, &old), ("README.TXT", b"hello"), ("DATA/DB06/LEVEL06.BIN", &level(6, 2))];
    let out = images(&files)
        .into_iter()
        .map(|(name, bytes, size)| {
            let path = dir.join(name);
            std::fs::write(&path, &bytes).unwrap();
            (path, bytes, size)
        })
        .collect();
    (old, out)
}

pub(super) fn copy(
    image: &Path,
    out: &Path,
    path: &str,
    bytes: &[u8],
    relocate: bool,
) -> Result<PatchReport, PatchError> {
    let r = [Replacement { path: path.into(), bytes: bytes.to_vec() }];
    patch(image, &r, &Options { output: Output::Copy(out.into()), relocate })
}

fn sectors_differing(a: &[u8], b: &[u8], size: usize) -> Vec<usize> {
    (0..a.len().max(b.len()).div_ceil(size))
        .filter(|&i| a.get(i * size..(i + 1) * size) != b.get(i * size..(i + 1) * size))
        .collect()
}

#[test]
fn the_same_bytes_give_the_identical_image_and_patching_back_restores_it() {
    let dir = tempfile::tempdir().unwrap();
    let (old, images) = base(dir.path());
    // Smaller, then larger within its sectors, then the original back.
    let smaller = level(7, 1);
    assert!(smaller.len() < old.len());
    for (image, original, size) in &images {
        let same = dir.path().join("same.out");
        let report = copy(image, &same, LEVEL, &old, false).unwrap();
        assert_eq!(&std::fs::read(&same).unwrap(), original, "{}", image.display());
        assert!(report.sectors_unchanged > 0);

        let patched = dir.path().join("patched.out");
        let report = copy(image, &patched, LEVEL, &smaller, false).unwrap();
        let bytes = std::fs::read(&patched).unwrap();
        assert_eq!(Disc::from_bytes(bytes.clone()).unwrap().read_path(LEVEL).unwrap(), smaller);
        // Only the file's sectors and its directory's sector changed; every other sector is the original's.
        let file = &report.files[0];
        let dir_sector =
            usize::try_from(Disc::from_bytes(original.clone()).unwrap().find(LEVEL).unwrap().record / 2048)
                .unwrap();
        let start = usize::try_from(file.old_start).unwrap();
        let allowed: Vec<usize> =
            (start..start + usize::try_from(file.written).unwrap()).chain([dir_sector]).collect();
        for s in sectors_differing(original, &bytes, *size) {
            assert!(allowed.contains(&s), "{}: sector {s} changed", image.display());
        }
        let back = dir.path().join("back.out");
        copy(&patched, &back, LEVEL, &old, false).unwrap();
        assert_eq!(&std::fs::read(&back).unwrap(), original, "{}: patch back", image.display());
    }
}

#[test]
fn written_sectors_are_framed_as_the_originals_with_the_end_bits_on_the_new_last_sector() {
    let dir = tempfile::tempdir().unwrap();
    let (old, images) = base(dir.path());
    let (image, mut original, _) = images[1].clone();
    let disc = Disc::from_bytes(original.clone()).unwrap();
    let crate::disc::Location::Sectors { lba } = disc.find(LEVEL).unwrap().location else { panic!() };
    let (first, count) = (lba as usize, old.len().div_ceil(2048));
    // As a mastering tool writes a file: EOR|EOF on its last sector, a channel number on all of them.
    for s in first..first + count {
        let raw: &mut [u8; RAW_LEN] = (&mut original[s * RAW_LEN..(s + 1) * RAW_LEN]).try_into().unwrap();
        raw[17] = 1;
        raw[21] = 1;
        if s + 1 == first + count {
            raw[18] |= SUBMODE_END;
            raw[22] |= SUBMODE_END;
        }
        edc_ecc::seal(raw);
    }
    std::fs::write(&image, &original).unwrap();
    let smaller = level(7, 1);
    let out = dir.path().join("small.bin");
    copy(&image, &out, LEVEL, &smaller, false).unwrap();
    let bytes = std::fs::read(&out).unwrap();
    let new_last = first + smaller.len().div_ceil(2048) - 1;
    for s in first..first + count {
        let raw: &[u8; RAW_LEN] = bytes[s * RAW_LEN..(s + 1) * RAW_LEN].try_into().unwrap();
        assert_eq!(edc_ecc::check(raw), Ok(()), "sector {s}");
        assert_eq!(raw[12..15], crate::disc::sectors::msf(s as u64), "sector {s}'s address");
        assert_eq!((raw[17], raw[21]), (1, 1), "sector {s}'s channel");
        let end = if s == new_last { SUBMODE_END } else { 0 };
        assert_eq!((raw[18] & SUBMODE_END, raw[22] & SUBMODE_END), (end, end), "sector {s}'s end bits");
        if s > new_last {
            assert!(raw[24..24 + 2048].iter().all(|&b| b == 0), "sector {s} past the new end is zeroed");
        }
    }
}

#[test]
fn a_larger_file_moves_to_the_images_end_only_with_relocate() {
    let dir = tempfile::tempdir().unwrap();
    let (old, images) = base(dir.path());
    let larger = level(9, 12);
    assert!(larger.len().div_ceil(2048) > old.len().div_ceil(2048));
    for (image, original, size) in &images {
        let out = dir.path().join("moved.out");
        let _ = std::fs::remove_file(&out);
        let e = copy(image, &out, LEVEL, &larger, false).unwrap_err();
        let text = e.to_string();
        assert!(matches!(e, PatchError::DoesNotFit { .. }), "{text}");
        assert!(
            text.contains(&format!(
                "{} sectors; the old one ({} bytes) has {} sectors",
                larger.len().div_ceil(2048),
                crate::num::thousands(old.len() as u64),
                old.len().div_ceil(2048)
            )),
            "{text}"
        );
        assert!(!out.exists());
        let report = copy(image, &out, LEVEL, &larger, true).unwrap();
        assert!(report.files[0].relocated);
        assert_eq!(report.files[0].new_start, (original.len() / size) as u64);
        assert!(
            report.warnings.iter().any(|w| w.contains("sector number in its executable")),
            "{:?}",
            report.warnings
        );
        let bytes = std::fs::read(&out).unwrap();
        assert_eq!(bytes[..original.len()].len(), original.len());
        let disc = Disc::from_bytes(bytes).unwrap();
        assert_eq!(disc.read_path(LEVEL).unwrap(), larger);
        assert_eq!(disc.read_path("DATA/DB06/LEVEL06.BIN").unwrap(), level(6, 2));
    }
}

#[test]
fn each_refusal_has_its_own_error_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (old, images) = base(dir.path());
    let (image, original, _) = images[1].clone();
    let out = dir.path().join("never.bin");
    let refuse = |image: &Path, path: &str, bytes: &[u8]| {
        let e = copy(image, &out, path, bytes, false).unwrap_err();
        assert!(!out.exists(), "{e}");
        e.to_string()
    };
    assert!(refuse(&image, "DATA/NOPE.BIN", &old).contains("no file \"DATA/NOPE.BIN\" in the image"));
    assert!(refuse(&image, "DATA/DB05", &old).contains("is a directory of the image, not a file"));
    let mut broken = generate(&Gen { rooms: 2, ..Gen::small(3) });
    broken.portals[0].corners[1].flags = 200;
    let text = refuse(&image, LEVEL, &broken.to_bytes().unwrap());
    assert!(
        text.contains("fails check with") && text.contains("destination room 200 does not exist"),
        "{text}"
    );
    assert!(refuse(&image, LEVEL, b"not a level at all").contains("does not read as a Rugrats"), "...");
    // The other game's file is named as such, not as a LEVEL file's parse error.
    let stage = crate::heroes::generate::game_correct(1, 50, 4).to_bytes().unwrap();
    let text = refuse(&image, LEVEL, &stage);
    assert!(text.contains("the new file is a Sonic Heroes .cl file; the game, at "), "{text}");
    // Form 2: the file's first sector marked as XA audio.
    let disc = Disc::from_bytes(original.clone()).unwrap();
    let crate::disc::Location::Sectors { lba } = disc.find(LEVEL).unwrap().location else { panic!() };
    let mut form2 = original.clone();
    let s = lba as usize * RAW_LEN;
    form2[s + 18] |= 0x20;
    form2[s + 22] |= 0x20;
    let form2_image = dir.path().join("form2.bin");
    std::fs::write(&form2_image, &form2).unwrap();
    assert!(refuse(&form2_image, LEVEL, &old).contains(&format!("sector {lba} is a Mode 2 Form 2 sector")));
    // A wrong EDC in a sector the patch does not touch: said, not repaired.
    let mut bad = original.clone();
    bad[20 * RAW_LEN + 100] ^= 1;
    let bad_image = dir.path().join("bad.bin");
    std::fs::write(&bad_image, &bad).unwrap();
    let text = refuse(&bad_image, LEVEL, &old);
    assert!(
        text.contains("1 sector(s) of the image have a wrong EDC/ECC already (sector 20 (byte 47,040)"),
        "{text}"
    );
    // Cut short.
    let cut = dir.path().join("cut.bin");
    std::fs::write(&cut, &original[..original.len() - 3 * RAW_LEN]).unwrap();
    assert!(refuse(&cut, LEVEL, &old).contains("truncated"));
}

#[test]
fn in_place_changes_only_the_sectors_and_is_undone_by_patching_back() {
    let dir = tempfile::tempdir().unwrap();
    let (old, images) = base(dir.path());
    let smaller = level(7, 1);
    for (image, original, _) in &images {
        let r = |bytes: &[u8]| [Replacement { path: LEVEL.into(), bytes: bytes.to_vec() }];
        let options = Options { output: Output::InPlace, relocate: false };
        let report = patch(image, &r(&smaller), &options).unwrap();
        assert_eq!(report.written[0].0, *image);
        assert_eq!(Disc::open(image).unwrap().read_path(LEVEL).unwrap(), smaller);
        patch(image, &r(&old), &options).unwrap();
        assert_eq!(&std::fs::read(image).unwrap(), original);
    }
}

#[test]
fn a_cue_sheet_is_rewritten_to_name_the_new_bin() {
    let dir = tempfile::tempdir().unwrap();
    let (old, _) = base(dir.path());
    std::fs::write(
        dir.path().join("game.cue"),
        "FILE \"game.bin\" BINARY\n  TRACK 01 MODE2/2352\n    INDEX 01 00:00:00\n",
    )
    .unwrap();
    let smaller = level(7, 1);
    let report =
        copy(&dir.path().join("game.cue"), &dir.path().join("mod.cue"), LEVEL, &smaller, false).unwrap();
    let names: Vec<String> =
        report.written.iter().map(|(p, _)| p.file_name().unwrap().to_string_lossy().into_owned()).collect();
    assert_eq!(names, ["mod.bin", "mod.cue"]);
    assert!(std::fs::read_to_string(dir.path().join("mod.cue"))
        .unwrap()
        .starts_with("FILE \"mod.bin\" BINARY\n"));
    assert_eq!(Disc::open(&dir.path().join("mod.cue")).unwrap().read_path(LEVEL).unwrap(), smaller);
    assert_ne!(old, smaller);
}

#[cfg(feature = "gamecube")]
#[test]
fn a_gamecube_file_is_replaced_in_place_and_its_fst_size_updated() {
    let dir = tempfile::tempdir().unwrap();
    let cl = |seed| crate::heroes::generate::game_correct(seed, 12, 3).to_bytes().unwrap();
    let (a, b) = (cl(1), cl(2));
    let files: [(&str, &[u8]); 3] =
        [("collisions/s01.cl", &a), ("collisions/s02.cl", &b), ("opening.bnr", &[7; 100])];
    let gcm = test_images::gamecube(&files);
    let image = dir.path().join("game.gcm");
    std::fs::write(&image, &gcm).unwrap();
    // The same bytes: the identical image.
    let out = dir.path().join("same.gcm");
    copy(&image, &out, "collisions/s01.cl", &a, false).unwrap();
    assert_eq!(std::fs::read(&out).unwrap(), gcm);
    // A smaller file, then the original back.
    let smaller = crate::heroes::generate::game_correct(5, 4, 2).to_bytes().unwrap();
    assert!(smaller.len() < a.len());
    copy(&image, &out, "collisions/s01.cl", &smaller, false).unwrap();
    assert_eq!(Disc::open(&out).unwrap().read_path("collisions/s01.cl").unwrap(), smaller);
    let back = dir.path().join("back.gcm");
    copy(&out, &back, "collisions/s01.cl", &a, false).unwrap();
    let restored = std::fs::read(&back).unwrap();
    assert_eq!(restored, gcm);
}

/// Every file of a GameCube image, by path.
#[cfg(feature = "gamecube")]
fn gc_files(image: &Path) -> Vec<(String, Vec<u8>)> {
    let disc = Disc::open(image).unwrap();
    let entries = disc.entries.clone();
    entries.iter().map(|e| (e.path.clone(), disc.read(e).unwrap())).collect()
}

#[cfg(feature = "gamecube")]
#[test]
fn a_gamecube_file_larger_than_its_room_moves_and_its_fst_entry_is_rewritten() {
    let dir = tempfile::tempdir().unwrap();
    let cl = |seed, tris| crate::heroes::generate::game_correct(seed, tris, 3).to_bytes().unwrap();
    let (a, b) = (cl(1, 12), cl(2, 12));
    let files: [(&str, &[u8]); 3] =
        [("collisions/s01.cl", &a), ("collisions/s02.cl", &b), ("opening.bnr", &[7; 100])];
    let gcm = test_images::gamecube(&files);
    let image = dir.path().join("game.gcm");
    std::fs::write(&image, &gcm).unwrap();
    let before = gc_files(&image);
    // Past the next file's start (s02 follows s01 within a few bytes): into the free bytes before the
    // image's end (this image is padded to 32 KiB), then a file too large for them: at the end, the image grows.
    let fst_entry = |disc: &[u8]| {
        let fst = usize::try_from(u32::from_be_bytes(disc[0x424..0x428].try_into().unwrap())).unwrap();
        fst + 2 * 12 // root, collisions/, s01.cl
    };
    for (tris, grows) in [(200, false), (800, true)] {
        let larger = cl(9, tris);
        assert!(larger.len() > a.len() + 4096);
        let out = dir.path().join("moved.gcm");
        let report = copy(&image, &out, "collisions/s01.cl", &larger, false).unwrap();
        let f = &report.files[0];
        assert!(f.relocated && f.new_start >= f.old_start + f.old_size, "{f:?}");
        assert!(
            report.warnings.iter().any(|w| w.contains("its FST entry is rewritten")),
            "{:?}",
            report.warnings
        );
        assert_eq!(
            report.warnings.iter().any(|w| w.contains("the image grows")),
            grows,
            "{:?}",
            report.warnings
        );
        let after = gc_files(&out);
        assert_eq!(after.len(), before.len());
        for ((p, old), (q, new)) in before.iter().zip(&after) {
            assert_eq!(p, q);
            assert_eq!(new, if p == "collisions/s01.cl" { &larger } else { old }, "{p}");
        }
        // Only the FST entry's offset and size and the file's new bytes differ from the original.
        let moved = std::fs::read(&out).unwrap();
        let (start, end) =
            (usize::try_from(f.new_start).unwrap(), usize::try_from(f.new_start).unwrap() + larger.len());
        assert_eq!(moved.len(), gcm.len().max(end));
        let entry = fst_entry(&gcm);
        for (i, &now) in moved.iter().enumerate() {
            let was = gcm.get(i).copied().unwrap_or(0);
            if now != was {
                assert!(
                    (entry + 4..entry + 12).contains(&i) || (start..end).contains(&i),
                    "byte {i} changed"
                );
            }
        }
        // In place, the same bytes (a plain image grows in place too).
        let in_place = dir.path().join("in-place.gcm");
        std::fs::write(&in_place, &gcm).unwrap();
        let r = [Replacement { path: "collisions/s01.cl".into(), bytes: larger.clone() }];
        patch(&in_place, &r, &Options { output: Output::InPlace, relocate: false }).unwrap();
        assert_eq!(std::fs::read(&in_place).unwrap(), moved);
    }
    let out = dir.path().join("moved.gcm");
    // Patched back: the original bytes read back, at a place that holds them (its old extent is still used).
    let back = dir.path().join("back.gcm");
    copy(&out, &back, "collisions/s01.cl", &a, false).unwrap();
    assert_eq!(gc_files(&back), before);
}

#[cfg(feature = "gamecube")]
#[test]
fn a_gamecube_file_moved_past_a_mini_dvd_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let a = crate::heroes::generate::game_correct(1, 12, 3).to_bytes().unwrap();
    let files: [(&str, &[u8]); 2] = [("collisions/s01.cl", &a), ("opening.bnr", &[7; 100])];
    let mut gcm = test_images::gamecube(&files);
    // The image already ends at a mini DVD's size (sparse: only the length matters).
    // The image is a mini DVD (sparse: only the length matters) whose last file runs to its end: no gap.
    let image = dir.path().join("full.gcm");
    let full = super::gc_move::MINI_DVD_SIZE;
    let fst = usize::try_from(u32::from_be_bytes(gcm[0x424..0x428].try_into().unwrap())).unwrap();
    let bnr = fst + 3 * 12; // root, collisions/, s01.cl, opening.bnr
    let at = u64::from(u32::from_be_bytes(gcm[bnr + 4..bnr + 8].try_into().unwrap()));
    gcm[bnr + 8..bnr + 12].copy_from_slice(&u32::try_from(full - at).unwrap().to_be_bytes());
    std::fs::write(&image, &gcm).unwrap();
    std::fs::OpenOptions::new().write(true).open(&image).unwrap().set_len(full).unwrap();
    let larger = crate::heroes::generate::game_correct(9, 200, 6).to_bytes().unwrap();
    let e = copy(&image, &dir.path().join("never.gcm"), "collisions/s01.cl", &larger, false).unwrap_err();
    assert!(e.to_string().contains("past a GameCube disc's 1459978240 bytes"), "{e}");
    assert!(!dir.path().join("never.gcm").exists());
}
