//! [`patch_in_memory`] against [`super::super::patch`] to a file: the same bytes, the same report, the same
//! refusals with the same words, for every PS1 framing.
#![allow(clippy::indexing_slicing, reason = "tests index images they built")]

use super::super::{patch_in_memory, InMemory, PatchError, PatchReport, Replacement};
use super::{base, copy, level, LEVEL};
use crate::disc::sectors::RAW_LEN;
use crate::reptar::generate::{generate, Options as Gen};
use std::path::Path;

fn in_memory(
    image: &[u8],
    sheet: Option<&[u8]>,
    path: &str,
    bytes: &[u8],
    relocate: bool,
) -> Result<super::super::Patched, PatchError> {
    let r = [Replacement { path: path.into(), bytes: bytes.to_vec() }];
    let options = InMemory { image_name: "game.bin", sheet, output: output_for(image), relocate };
    patch_in_memory(image.to_vec(), &r, &options)
}

/// The output a page names after its image: raw sectors (the sync pattern first) a `.bin`, else an `.iso`.
fn output_for(image: &[u8]) -> &'static str {
    if image.starts_with(&crate::disc::edc_ecc::SYNC) {
        "mod.bin"
    } else {
        "mod.iso"
    }
}

/// What both reports say, but for the written files' names.
fn said(report: &PatchReport) -> String {
    let files: Vec<String> = report.files.iter().map(ToString::to_string).collect();
    let what: Vec<&str> = report.written.iter().map(|(_, w)| w.as_str()).collect();
    format!(
        "{files:?} {} {} {} {what:?} {:?}",
        report.sectors_written, report.bytes_written, report.sectors_unchanged, report.warnings
    )
}

#[test]
fn in_memory_gives_the_bytes_and_the_report_a_copy_gives() {
    let dir = tempfile::tempdir().unwrap();
    let (old, images) = base(dir.path());
    let (smaller, larger) = (level(7, 1), level(9, 12));
    for (image, original, _) in &images {
        for (bytes, relocate) in [(&old, false), (&smaller, false), (&larger, true)] {
            let out = dir.path().join("copy.out");
            let want = copy(image, &out, LEVEL, bytes, relocate).unwrap();
            let got = in_memory(original, None, LEVEL, bytes, relocate).unwrap();
            let what = format!("{}, {} bytes, relocate {relocate}", image.display(), bytes.len());
            assert!(got.image == std::fs::read(&out).unwrap(), "{what}: not the copy's bytes");
            assert_eq!(said(&got.report), said(&want), "{what}");
            assert!(got.report.sectors_unchanged > 0 && got.sheet.is_none(), "{what}");
            assert_eq!(got.report.written[0].0, Path::new(output_for(original)));
        }
    }
}

#[test]
fn a_cue_sheet_given_comes_back_naming_the_new_bin_as_the_clis() {
    let dir = tempfile::tempdir().unwrap();
    let (_, images) = base(dir.path());
    let sheet = "FILE \"game.bin\" BINARY\n  TRACK 01 MODE2/2352\n    INDEX 01 00:00:00\n";
    std::fs::write(dir.path().join("game.cue"), sheet).unwrap();
    let smaller = level(7, 1);
    copy(&dir.path().join("game.cue"), &dir.path().join("mod.bin"), LEVEL, &smaller, false).unwrap();
    let (_, original, _) = &images[1];
    let got = in_memory(original, Some(sheet.as_bytes()), LEVEL, &smaller, false).unwrap();
    assert!(got.image == std::fs::read(dir.path().join("mod.bin")).unwrap());
    assert_eq!(got.sheet.unwrap(), std::fs::read(dir.path().join("mod.cue")).unwrap());
    let names: Vec<&Path> = got.report.written.iter().map(|(p, _)| p.as_path()).collect();
    assert_eq!(names, [Path::new("mod.bin"), Path::new("mod.cue")]);
    assert_eq!(got.report.written[1].1, "CUE sheet naming mod.bin");
    // A sheet naming another BIN, a sheet given as the image, a GameCube image: each said.
    let other = sheet.replace("game.bin", "other.bin");
    let e = in_memory(original, Some(other.as_bytes()), LEVEL, &smaller, false).unwrap_err().to_string();
    assert_eq!(e, "the CUE sheet names \"other.bin\", not \"game.bin\": give the BIN it names, or no sheet");
    let e = in_memory(sheet.as_bytes(), None, LEVEL, &smaller, false).unwrap_err().to_string();
    assert_eq!(
        e,
        "a CUE sheet alone (it names \"game.bin\"): the disc's sectors are in that BIN, which is needed too"
    );
    let mut gcm = vec![0u8; 0x8000];
    gcm[0x1C..0x20].copy_from_slice(&crate::disc::GAMECUBE_MAGIC);
    let e = in_memory(&gcm, None, LEVEL, &smaller, false).unwrap_err().to_string();
    // Said in either build: with feature `gamecube` the CLI patches it; without, the build reads none.
    let said =
        if cfg!(feature = "gamecube") { "; patching in memory (the web page's" } else { "; this build" };
    assert!(e.starts_with(&format!("a GameCube or Wii image (ISO container){said}")), "{e}");
}

#[test]
fn every_refusal_is_the_clis_word_for_word() {
    let dir = tempfile::tempdir().unwrap();
    let (old, images) = base(dir.path());
    let (_, original, _) = images[1].clone();
    let mut broken = generate(&Gen { rooms: 2, ..Gen::small(3) });
    broken.portals[0].corners[1].flags = 200;
    let broken = broken.to_bytes().unwrap();
    let mut bad = original.clone();
    bad[20 * RAW_LEN + 100] ^= 1;
    let cut = original[..original.len() - 3 * RAW_LEN].to_vec();
    let stage = crate::heroes::generate::game_correct(1, 50, 4).to_bytes().unwrap();
    let cases: [(&str, &[u8], &str, &[u8]); 8] = [
        ("not in the image", &original, "DATA/NOPE.BIN", &old),
        ("a directory", &original, "DATA/DB05", &old),
        ("fails check", &original, LEVEL, &broken),
        ("not a level", &original, LEVEL, b"not a level at all"),
        ("the other game's file", &original, LEVEL, &stage),
        ("does not fit", &original, LEVEL, &level(9, 12)),
        ("a wrong EDC already", &bad, LEVEL, &old),
        ("cut short", &cut, LEVEL, &old),
    ];
    for (what, image_bytes, path, bytes) in cases {
        let file = dir.path().join("case.bin");
        std::fs::write(&file, image_bytes).unwrap();
        let want = copy(&file, &dir.path().join("never.bin"), path, bytes, false).unwrap_err().to_string();
        let got = in_memory(image_bytes, None, path, bytes, false).unwrap_err().to_string();
        assert_eq!(got, want, "{what}");
    }
}

#[test]
fn the_output_name_says_what_it_holds_in_memory_as_on_disk() {
    let dir = tempfile::tempdir().unwrap();
    let (old, images) = base(dir.path());
    let patch = |image: &[u8], output: &str| {
        let r = [Replacement { path: LEVEL.into(), bytes: old.clone() }];
        patch_in_memory(
            image.to_vec(),
            &r,
            &InMemory { image_name: "game.bin", sheet: None, output, relocate: false },
        )
    };
    let (iso, bin) = (&images[0].1, &images[1].1);
    let e = patch(iso, "mod.bin").unwrap_err();
    assert!(matches!(e, PatchError::OutputKind { .. }), "{e}");
    assert!(
        e.to_string().starts_with("mod.bin: a .bin holds raw 2,352-byte sectors, but the image is an ISO"),
        "{e}"
    );
    let e = patch(bin, "mod.iso").unwrap_err().to_string();
    assert!(
        e.starts_with("mod.iso: an .iso holds 2,048-byte sectors, but the image is raw 2,352-byte sectors"),
        "{e}"
    );
    // A lone BIN as NAME.cue: the BIN and the sheet it promises, as the command line writes them.
    let got = patch(bin, "mod.cue").unwrap();
    let names: Vec<&Path> = got.report.written.iter().map(|(p, _)| p.as_path()).collect();
    assert_eq!(names, [Path::new("mod.bin"), Path::new("mod.cue")]);
    assert_eq!(got.report.written[1].1, "CUE sheet naming mod.bin: one MODE2/2352 track (new)");
    let sheet = got.sheet.unwrap();
    assert_eq!(sheet, b"FILE \"mod.bin\" BINARY\r\n  TRACK 01 MODE2/2352\r\n    INDEX 01 00:00:00\r\n");
    let on_disk = dir.path().join("disk");
    std::fs::create_dir(&on_disk).unwrap();
    copy(&images[1].0, &on_disk.join("mod.cue"), LEVEL, &old, false).unwrap();
    assert_eq!(sheet, std::fs::read(on_disk.join("mod.cue")).unwrap());
    assert!(got.image == std::fs::read(on_disk.join("mod.bin")).unwrap());
}
