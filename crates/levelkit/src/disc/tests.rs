//! Images built by [`super::test_images`] from generated levels: round trips and hostile variants.

use super::sectors::{frame, RawMode};
use super::test_images;
use super::*;
#[cfg(feature = "gamecube")]
use crate::heroes;
use crate::reptar;

fn level_bytes() -> Vec<u8> {
    reptar::generate::generate(&reptar::generate::Options { rooms: 2, ..reptar::generate::Options::small(3) })
        .to_bytes()
        .unwrap()
}

#[cfg(feature = "gamecube")]
fn cl_bytes(seed: u64) -> Vec<u8> {
    heroes::generate::game_correct(seed, 12, 3).to_bytes().unwrap()
}

fn error_of(bytes: Vec<u8>) -> String {
    match Disc::from_bytes(bytes) {
        Ok(_) => panic!("a hostile image opened"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn levels_come_out_of_iso_and_raw_images_byte_identical() {
    let level = level_bytes();
    let filler = vec![7u8; 5000];
    let files: [(&str, &[u8]); 3] =
        [("DATA/DB05/LEVEL05.BIN", &level), ("README.TXT", &filler), ("DATA/X.STR", &filler)];
    let iso = test_images::iso9660(&files);
    for (image, container) in [
        (iso.clone(), "iso"),
        (frame(&iso, RawMode::Mode2Form1), "raw-2352"),
        (frame(&iso, RawMode::Mode1), "raw-2352"),
    ] {
        let disc = Disc::from_bytes(image).unwrap();
        assert_eq!(disc.container, container);
        let paths: Vec<&str> = disc.entries().iter().map(|e| e.path.as_str()).collect();
        assert_eq!(paths, ["README.TXT", "DATA/X.STR", "DATA/DB05/LEVEL05.BIN"]);
        assert_eq!(disc.read_path("data/db05/level05.bin;1").unwrap(), level);
        let listing = disc.levels().unwrap();
        assert_eq!(listing.skipped, 2);
        assert_eq!(listing.levels.len(), 1);
        assert_eq!(listing.levels[0].format, Format::ReptarLevel);
        assert_eq!(listing.levels[0].size, level.len() as u64);
    }
}

#[cfg(feature = "gamecube")]
#[test]
fn collision_files_come_out_of_a_gamecube_image_byte_identical() {
    let (a, b, c) = (cl_bytes(1), cl_bytes(2), cl_bytes(3));
    let files: [(&str, &[u8]); 4] = [
        ("collisions/s01.cl", &a),
        ("collisions/s01_wt.cl", &b),
        ("collisions/s01_xx.cl", &c),
        ("opening.bin", &[1, 2, 3]),
    ];
    let disc = Disc::from_bytes(test_images::gamecube(&files)).unwrap();
    assert_eq!(disc.kind, ImageKind::GameCube);
    for (path, data) in &files {
        assert_eq!(&disc.read_path(path).unwrap(), data, "{path}");
    }
    let listing = disc.levels().unwrap();
    let found: Vec<(&str, Format)> = listing.levels.iter().map(|l| (l.path.as_str(), l.format)).collect();
    assert_eq!(
        found,
        [
            ("collisions/s01.cl", Format::HeroesCl),
            ("collisions/s01_wt.cl", Format::HeroesCl),
            ("collisions/s01_xx.cl", Format::HeroesCl)
        ]
    );
    assert_eq!(listing.skipped, 1);
}

#[test]
fn listing_reads_the_directory_not_large_files() {
    let level = level_bytes();
    let movie = vec![0u8; usize::try_from(LEVEL_FILE_MAX + 1).unwrap()];
    let disc =
        Disc::from_bytes(test_images::iso9660(&[("MOVIE.STR", &movie), ("LEVEL00.BIN", &level)])).unwrap();
    let listing = disc.levels().unwrap();
    assert_eq!((listing.levels.len(), listing.skipped), (1, 1));
    // The primary volume descriptor, the root directory's sector and the level's own sectors.
    let level_sectors = (level.len() as u64).div_ceil(2048) * 2048;
    assert_eq!(disc.bytes_read(), 2048 + 2048 + level_sectors);
}

/// The root directory's first child record (after `\0` and `\1`) in a [`test_images::iso9660`] image.
fn first_child_record() -> usize {
    18 * 2048 + 34 + 34
}

#[test]
fn a_record_pointing_past_the_end_names_its_offset() {
    let level = level_bytes();
    let mut iso = test_images::iso9660(&[("LEVEL00.BIN", &level)]);
    let at = first_child_record();
    iso[at + 2..at + 6].copy_from_slice(&9_999u32.to_le_bytes());
    let e = error_of(iso);
    assert!(e.contains(&format!("at byte {at} ")), "{e}");
    assert!(e.contains("points past the end of the image"), "{e}");
}

#[test]
fn a_directory_cycle_is_an_error_not_a_hang() {
    let mut iso = test_images::iso9660(&[("A/LEVEL00.BIN", &[1, 2, 3])]);
    let at = first_child_record();
    // Directory A's extent made the root's own: A contains A contains A ...
    iso[at + 2..at + 6].copy_from_slice(&18u32.to_le_bytes());
    let e = error_of(iso);
    assert!(e.contains("a cycle in the directory tree"), "{e}");
}

#[test]
fn a_truncated_image_says_how_much_is_missing() {
    let level = level_bytes();
    let raw = frame(&test_images::iso9660(&[("LEVEL00.BIN", &level)]), RawMode::Mode2Form1);
    let cut = raw.len() - 2352 - 1000;
    let e = error_of(raw[..cut].to_vec());
    assert!(
        e.contains(&format!("at byte {cut} ")) && e.contains("truncated: the volume descriptor says"),
        "{e}"
    );
    let e = error_of(raw[..16 * 2352 + 100].to_vec());
    assert!(e.contains("reading the volume descriptors: needed 2352 bytes, 100 left"), "{e}");
}

#[cfg(feature = "gamecube")]
#[test]
fn absurd_fst_counts_and_overlapping_directories_are_refused() {
    let gcm = test_images::gamecube(&[("a/s01.cl", &[1, 2, 3, 4])]);
    let fst = test_images::GAMECUBE_FST_OFFSET;
    let mut absurd = gcm.clone();
    absurd[fst + 8..fst + 12].copy_from_slice(&0xFFFF_FFFFu32.to_be_bytes());
    let e = error_of(absurd);
    assert!(e.contains(&format!("at byte {fst} ")) && e.contains("4294967295 nodes"), "{e}");
    let mut cycle = gcm.clone();
    // Directory "a" (node 1) ends at node 1: before its own first child.
    cycle[fst + 12 + 8..fst + 12 + 12].copy_from_slice(&1u32.to_be_bytes());
    let e = error_of(cycle);
    assert!(e.contains("a cycle or overlap in the directory tree"), "{e}");
    let mut huge = gcm;
    huge[0x428..0x42C].copy_from_slice(&0x7FFF_FFFFu32.to_be_bytes());
    let e = error_of(huge);
    assert!(e.contains("an FST of 2147483647 bytes"), "{e}");
}

#[test]
fn paths_from_images_cannot_escape_the_output_folder() {
    assert_eq!(safe_relative_path("DATA/DB05/LEVEL05.BIN"), Some(PathBuf::from("DATA/DB05/LEVEL05.BIN")));
    assert_eq!(safe_relative_path("/abs//./x"), Some(PathBuf::from("abs/x")));
    for bad in ["../x", "a/../../x", "C:/x", "a\\..\\x", "", "/"] {
        assert_eq!(safe_relative_path(bad), None, "{bad}");
    }
}

#[test]
fn records_sharing_one_extent_cannot_make_listing_read_without_end() {
    // 300 files, all the same 1 MiB extent: recognising each would read 300 MiB from a 1 MiB image.
    let big = vec![0u8; 1 << 20];
    let names: Vec<String> = (0..300).map(|i| format!("F{i:03}.BIN")).collect();
    let mut files: Vec<(&str, &[u8])> = vec![("BIG.BIN", &big)];
    files.extend(names.iter().map(|n| (n.as_str(), &[][..])));
    let mut iso = test_images::iso9660(&files);
    let big_record = first_child_record();
    let extent = iso[big_record + 2..big_record + 6].to_vec();
    let mut pos = big_record + usize::from(iso[big_record]);
    while iso[pos] != 0 {
        iso[pos + 2..pos + 6].copy_from_slice(&extent);
        iso[pos + 10..pos + 14].copy_from_slice(&(1u32 << 20).to_le_bytes());
        pos += usize::from(iso[pos]);
    }
    let e = Disc::from_bytes(iso).unwrap().levels().unwrap_err().to_string();
    assert!(e.contains("the files overlap"), "{e}");
}

#[cfg(feature = "gamecube")]
#[test]
fn paths_are_bounded_in_total_and_names_in_length() {
    let gcm = test_images::gamecube(&[("a/s01.cl", &[1, 2, 3, 4]), ("a/s02.cl", &[5])]);
    let fst_at = test_images::GAMECUBE_FST_OFFSET;
    let fst = &gcm[fst_at..fst_at + 0x100];
    let tight = Limits { max_path_bytes: 10, ..Limits::default() };
    let e = gamecube::walk_fst(fst, fst_at as u64, gcm.len() as u64, &tight).unwrap_err().to_string();
    assert!(e.contains("paths add up to more than 10 bytes"), "{e}");
    let mut long = test_images::gamecube(&[(&"n".repeat(300), &[1])]);
    let e = Disc::from_bytes(std::mem::take(&mut long)).map(|_| ()).unwrap_err().to_string();
    assert!(e.contains("no usable name"), "{e}");
}

/// The first 32 bytes of each container nod reads, as [`console_container`] names it.
fn container_heads() -> Vec<([u8; 0x20], &'static str)> {
    let mut heads = Vec::new();
    for (magic, name) in [
        (*b"CISO", "CISO"),
        ([0x01, 0xC0, 0x0B, 0xB1], "GCZ"),
        (*b"EGGS", "NFS"),
        ([0xAE, 0x0F, 0x38, 0xA2], "TGC"),
        (*b"WBFS", "WBFS"),
        (*b"WIA\x01", "WIA"),
        (*b"RVZ\x01", "RVZ"),
    ] {
        let mut head = [0u8; 0x20];
        head[..4].copy_from_slice(&magic);
        heads.push((head, name));
    }
    let mut wii = [0u8; 0x20];
    wii[0x18..0x1C].copy_from_slice(&WII_MAGIC);
    let mut gamecube = [0u8; 0x20];
    gamecube[0x1C..].copy_from_slice(&GAMECUBE_MAGIC);
    heads.extend([(wii, "ISO"), (gamecube, "ISO")]);
    heads
}

#[test]
fn every_gamecube_and_wii_container_is_recognised_by_its_magic() {
    for (head, name) in container_heads() {
        assert_eq!(console_container(&head), Some(name));
        assert_eq!(ImageKind::of(&head, 1 << 30), Some(ImageKind::GameCube), "{name}");
        assert_eq!(console_container(&head[..0x1F]), None, "{name}: 31 bytes are not enough, as for nod");
    }
    assert_eq!(console_container(&[0u8; 0x20]), None);
}

/// nod's own test agrees with levelkit's, so a build without nod recognises what one with it reads.
#[cfg(feature = "gamecube")]
#[test]
fn the_magic_test_is_nods() {
    for (head, name) in container_heads() {
        assert_eq!(gamecube::detect(&head).map(|f| f.to_string()).as_deref(), Some(name));
    }
    let mut near = [0u8; 0x20];
    near[..4].copy_from_slice(b"RVZ\x02");
    assert_eq!((gamecube::detect(&near).is_some(), console_container(&near)), (false, None));
}

/// The web page's build (no feature `gamecube`): a GameCube image is named as one and refused with the
/// way to read it, never called "not a disc".
#[cfg(not(feature = "gamecube"))]
#[test]
fn without_gamecube_a_gamecube_image_is_named_and_refused() {
    let gcm = test_images::gamecube(&[("files/collisions/s01.cl", &[1, 2, 3, 4])]);
    let e = error_of(gcm.clone());
    assert_eq!(
        e,
        "a GameCube or Wii image (ISO container); this build of levelkit reads PS1 images only: use the \
         levelkit command line, which reads GameCube images"
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("heroes.rvz");
    let mut rvz = gcm;
    rvz[..4].copy_from_slice(b"RVZ\x01");
    std::fs::write(&path, rvz).unwrap();
    let e = Disc::open(&path).map(|_| ()).unwrap_err().to_string();
    assert!(e.starts_with("a GameCube or Wii image (RVZ container); this build"), "{e}");
}
