//! Disc images (issue 19).

use super::{generate, hostile, write, Expect, Options};
use levelkit::disc::sectors::{frame, RawMode};
use levelkit::disc::test_images;
use std::path::Path;

/// The root directory's first child record in a [`test_images::iso9660`] image (after `\0` and `\1`).
const FIRST_CHILD: usize = 18 * 2048 + 34 + 34;

/// `ls`, `extract` and `info IMAGE:PATH` on one image: each fails with `phrase`.
fn image_commands(dir: &Path, case: &str, name: &str, bytes: &[u8], phrase: &'static str) {
    let input = write(dir, name, bytes);
    hostile(dir, case, &input, &["ls", name], Expect::Fails(phrase));
    hostile(dir, case, &input, &["extract", name, "-o", "out"], Expect::Fails(phrase));
    let inner = format!("{name}:DATA/LEVEL01.BIN");
    hostile(dir, case, &input, &["info", &inner], Expect::Fails(phrase));
    hostile(dir, case, &input, &["convert", name, "--to", "glb", "-o", "out"], Expect::Fails(phrase));
}

#[test]
fn hostile_ps1_images() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let level = generate(&Options { rooms: 2, ..Options::small(4) }).to_bytes().unwrap();
    let iso = test_images::iso9660(&[("DATA/LEVEL01.BIN", &level)]);
    let raw = frame(&iso, RawMode::Mode2Form1);

    image_commands(
        d,
        "disc: truncated BIN",
        "cut.bin",
        &raw[..raw.len() - 3000],
        "truncated: the volume descriptor says",
    );

    let sheet = b"FILE \"gone.bin\" BINARY\n  TRACK 01 MODE2/2352\n";
    image_commands(d, "disc: CUE naming a missing BIN", "gone.cue", sheet, "names \"gone.bin\"");

    let mut past = iso.clone();
    past[FIRST_CHILD + 2..FIRST_CHILD + 6].copy_from_slice(&0x00FF_FFFFu32.to_le_bytes());
    image_commands(
        d,
        "disc: directory record past the end",
        "past.bin",
        &frame(&past, RawMode::Mode2Form1),
        "points past the end of the image",
    );

    let mut cycle = iso.clone();
    cycle[FIRST_CHILD + 2..FIRST_CHILD + 6].copy_from_slice(&18u32.to_le_bytes());
    image_commands(d, "disc: directory cycle", "cycle.iso", &cycle, "a cycle in the directory tree");
}

#[test]
fn hostile_gamecube_images() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cl = levelkit::heroes::generate::game_correct(5, 30, 3).to_bytes().unwrap();
    let gcm = test_images::gamecube(&[("DATA/LEVEL01.BIN", &cl)]);
    let fst = test_images::GAMECUBE_FST_OFFSET;

    let mut absurd = gcm.clone();
    absurd[fst + 8..fst + 12].copy_from_slice(&0x4000_0000u32.to_be_bytes());
    image_commands(
        d,
        "disc: GameCube FST with 2^30 nodes",
        "count.gcm",
        &absurd,
        "1073741824 nodes; an FST of",
    );

    let mut overlap = gcm.clone();
    overlap[fst + 12 + 8..fst + 12 + 12].copy_from_slice(&1u32.to_be_bytes());
    image_commands(
        d,
        "disc: GameCube directory ending before itself",
        "overlap.gcm",
        &overlap,
        "a cycle or overlap",
    );

    let mut huge = gcm.clone();
    huge[0x428..0x42C].copy_from_slice(&0xFFFF_FFF0u32.to_be_bytes());
    image_commands(d, "disc: GameCube 4 GiB FST", "huge.gcm", &huge, "an FST of 4294967280 bytes");

    let mut rvz = b"RVZ\x01".to_vec();
    rvz.extend((0..4096u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13).to_le_bytes()[0]));
    image_commands(d, "disc: RVZ header of noise", "noise.rvz", &rvz, "through nod");
}
