//! levelkit's EDC and ECC (crates/levelkit/src/disc/edc_ecc.rs) against a Python implementation written
//! apart from it from ECMA-130's definitions (tests/ecma130.py: a bitwise CRC over the reflected product
//! polynomial; each parity pair solved from the check matrix with GF(2⁸) log tables, vector by vector as
//! Annex A lays them out), on every kind of sector levelkit writes and on an image xorriso makes.
#![cfg(feature = "disc")]

use levelkit::disc::edc_ecc::{seal, SUBMODE_END};
use levelkit::disc::sectors::{frame, RawMode, RAW_LEN};
use std::path::Path;
use std::process::Command;

/// Runs the Python checker on `raw` and returns its summary line; panics with its output if it fails.
fn python_check(raw: &[u8], dir: &Path) -> String {
    let file = dir.join("sectors.bin");
    std::fs::write(&file, raw).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ecma130.py");
    let out = Command::new("python3").arg(script).arg(&file).output().expect("python3");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "the ECMA-130 checker disagrees:\n{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

fn noise(len: usize, seed: u32) -> Vec<u8> {
    let mut x = seed.wrapping_mul(2_654_435_761).max(1);
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x.to_le_bytes()[1]
        })
        .collect()
}

#[test]
fn every_kind_of_sector_levelkit_writes_matches_the_independent_checker() {
    let dir = tempfile::tempdir().unwrap();
    let data = noise(5 * 2048 + 100, 7);
    let mut raw = frame(&data, RawMode::Mode1);
    raw.extend(frame(&data, RawMode::Mode2Form1));
    // A file's last Form 1 sector (EOR and EOF set), at an address past the first minute.
    let mut last = [0u8; RAW_LEN];
    last.copy_from_slice(&frame(&noise(2048, 9), RawMode::Mode2Form1)[..RAW_LEN]);
    last[12..15].copy_from_slice(&levelkit::disc::sectors::msf(4_567));
    last[18] |= SUBMODE_END;
    last[22] |= SUBMODE_END;
    seal(&mut last);
    raw.extend_from_slice(&last);
    // A Form 2 sector (XA), which carries an EDC over its 2,324 bytes and no ECC.
    let mut form2 = last;
    form2[18] = 0x64;
    form2[22] = 0x64;
    form2[24..0x92C].copy_from_slice(&noise(0x92C - 24, 3));
    seal(&mut form2);
    raw.extend_from_slice(&form2);
    // Sectors of all zeros and all ones in the data, the codes' edge cases.
    for fill in [0u8, 0xFF] {
        raw.extend(frame(&[fill; 2048], RawMode::Mode1));
        raw.extend(frame(&[fill; 2048], RawMode::Mode2Form1));
    }
    let summary = python_check(&raw, dir.path());
    assert!(
        summary.contains("checked 18 sectors: 8 mode 1, 9 form 1, 1 form 2, 0 other; 0 wrong"),
        "{summary}"
    );
}

#[test]
fn the_independent_checker_finds_a_wrong_edc_and_a_wrong_parity_byte() {
    // Without this the test above could pass against a checker that accepts anything.
    let dir = tempfile::tempdir().unwrap();
    let mut raw = frame(&noise(3 * 2048, 1), RawMode::Mode2Form1);
    raw[RAW_LEN + 0x400] ^= 1; // data of sector 1: its EDC no longer matches
    raw[2 * RAW_LEN + 0x900] ^= 1; // Q parity of sector 2
    let file = dir.path().join("bad.bin");
    std::fs::write(&file, &raw).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ecma130.py");
    let out = Command::new("python3").arg(script).arg(&file).output().expect("python3");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{text}");
    assert!(text.contains("sector 1: EDC wrong") && text.contains("sector 2: ECC wrong"), "{text}");
}

#[test]
fn an_image_xorriso_makes_framed_by_levelkit_matches_the_independent_checker() {
    let dir = tempfile::tempdir().unwrap();
    let tree = dir.path().join("tree/DATA");
    std::fs::create_dir_all(&tree).unwrap();
    std::fs::write(tree.join("A.BIN"), noise(40_000, 2)).unwrap();
    std::fs::write(tree.join("B.BIN"), noise(3_000, 5)).unwrap();
    let made = Command::new("xorriso")
        .args(["-as", "mkisofs", "-quiet", "-o", "x.iso", "tree"])
        .current_dir(dir.path())
        .output()
        .expect("xorriso (Debian package xorriso; scripts/test installs it)");
    assert!(made.status.success(), "xorriso: {}", String::from_utf8_lossy(&made.stderr));
    let iso = std::fs::read(dir.path().join("x.iso")).unwrap();
    let sectors = iso.len() / 2048;
    for mode in [RawMode::Mode2Form1, RawMode::Mode1] {
        let summary = python_check(&frame(&iso, mode), dir.path());
        assert!(
            summary.contains(&format!("checked {sectors} sectors")) && summary.contains("; 0 wrong"),
            "{summary}"
        );
    }
}
