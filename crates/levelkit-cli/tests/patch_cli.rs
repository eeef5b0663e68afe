//! `levelkit patch` through the binary: a PS1 disc made by xorriso (as a real disc's file system is) and
//! framed as BIN/CUE, a level replaced and read back by levelkit, by xorriso (an independent ISO 9660
//! reader) and by the ECMA-130 checker (tests/ecma130.py of the library, every sector's EDC/ECC); each
//! refusal exits 1 with its own phrase and writes nothing; a GameCube RVZ comes back as an RVZ.

use levelkit::disc::sectors::{frame, RawMode};
use levelkit::reptar::generate::{generate, Options};
use std::path::Path;
use std::process::{Command, Output};

const LEVEL: &str = "DATA/DB05/LEVEL05.BIN";

fn levelkit(args: &[&str], cwd: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_levelkit")).args(args).current_dir(cwd).output().unwrap()
}

fn ok(args: &[&str], cwd: &Path) -> String {
    let out = levelkit(args, cwd);
    assert!(out.status.success(), "levelkit {args:?} failed:\n{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stderr).unwrap()
}

/// Exit 1, nothing written, and the error text.
fn refused(args: &[&str], cwd: &Path, output: &str) -> String {
    let out = levelkit(args, cwd);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(1), "levelkit {args:?}:\n{stderr}");
    assert!(!cwd.join(output).exists(), "{output} written by {args:?}");
    assert!(std::fs::read_dir(cwd).unwrap().all(|e| !e
        .unwrap()
        .file_name()
        .to_string_lossy()
        .ends_with(".tmp")));
    stderr
}

fn level(seed: u64, rooms: usize) -> Vec<u8> {
    generate(&Options { rooms, ..Options::small(seed) }).to_bytes().unwrap()
}

/// game.iso (xorriso), game.bin + game.cue (Mode 2 Form 1 framing of it); returns the level's bytes.
fn ps1_disc(d: &Path) -> Vec<u8> {
    let old = level(5, 3);
    for (path, bytes) in [
        (LEVEL, old.clone()),
        ("DATA/DB06/LEVEL06.BIN", level(6, 2)),
        ("SYSTEM.CNF", b"BOOT = cdrom:\\SLUS_008.80;1\r\n".to_vec()),
    ] {
        let p = d.join("disc").join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, bytes).unwrap();
    }
    let made = Command::new("xorriso")
        .args(["-as", "mkisofs", "-quiet", "-V", "RUGRATS", "-o", "game.iso", "disc"])
        .current_dir(d)
        .output()
        .expect("xorriso (Debian package xorriso; scripts/test installs it)");
    assert!(made.status.success(), "xorriso: {}", String::from_utf8_lossy(&made.stderr));
    let iso = std::fs::read(d.join("game.iso")).unwrap();
    std::fs::write(d.join("game.bin"), frame(&iso, RawMode::Mode2Form1)).unwrap();
    std::fs::write(
        d.join("game.cue"),
        "FILE \"game.bin\" BINARY\n  TRACK 01 MODE2/2352\n    INDEX 01 00:00:00\n",
    )
    .unwrap();
    old
}

/// The 2,048-byte data of each raw Mode 2 Form 1 sector: an ISO an ISO 9660 reader opens.
fn unframe(raw: &[u8]) -> Vec<u8> {
    raw.chunks(2352).flat_map(|s| s[24..24 + 2048].to_vec()).collect()
}

/// xorriso's listing and extraction of `path` from `iso`.
fn xorriso_extract(iso: &Path, path: &str, d: &Path) -> Vec<u8> {
    let out = d.join("xorriso-extracted");
    let _ = std::fs::remove_file(&out);
    let run = Command::new("xorriso")
        .args(["-osirrox", "on", "-indev"])
        .arg(iso)
        .args([
            "-ls",
            &format!("/{}", path.rsplit_once('/').unwrap().0),
            "--",
            "-extract",
            &format!("/{path}"),
        ])
        .arg(&out)
        .output()
        .unwrap();
    let listing = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "xorriso: {}", String::from_utf8_lossy(&run.stderr));
    let name = path.rsplit('/').next().unwrap();
    assert!(listing.contains(name), "xorriso does not list {name}: {listing}");
    std::fs::read(out).unwrap()
}

fn ecma130(bin: &Path) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../levelkit/tests/ecma130.py");
    let out = Command::new("python3").arg(script).arg(bin).output().expect("python3");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{text}");
    text
}

#[test]
fn a_level_patched_into_bin_cue_and_iso_reads_back_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let old = ps1_disc(d);
    let new = level(7, 2);
    std::fs::write(d.join("new.bin"), &new).unwrap();
    std::fs::write(d.join("old.bin"), &old).unwrap();
    let spec = format!("{LEVEL}=new.bin");

    let stderr = ok(&["patch", "game.cue", &spec, "-o", "mod.cue"], d);
    assert!(
        stderr.contains("wrote mod.bin: 1 file(s) replaced,") && stderr.contains("read back and checked"),
        "{stderr}"
    );
    assert!(stderr.contains("wrote mod.cue: CUE sheet naming mod.bin"), "{stderr}");
    // levelkit: listed, extracted, converted.
    assert!(String::from_utf8(levelkit(&["ls", "mod.cue"], d).stdout).unwrap().contains("2 level files"));
    ok(&["extract", "mod.cue", "-o", "out", "LEVEL05.BIN"], d);
    assert_eq!(std::fs::read(d.join("out").join(LEVEL)).unwrap(), new);
    ok(&["convert", "mod.cue", "-o", "models", "--to", "glb"], d);
    assert!(d.join("models").read_dir().unwrap().count() > 0);
    ok(&["info", &format!("mod.cue:{LEVEL}")], d);
    // Every sector's EDC/ECC, by the separate checker.
    let summary = ecma130(&d.join("mod.bin"));
    assert!(summary.contains("; 0 wrong") && !summary.contains(" 0 form 1"), "{summary}");
    // xorriso reads the patched volume.
    std::fs::write(d.join("mod-data.iso"), unframe(&std::fs::read(d.join("mod.bin")).unwrap())).unwrap();
    assert_eq!(xorriso_extract(&d.join("mod-data.iso"), LEVEL, d), new);

    // The ISO itself, in place, then patched back: the identical image.
    let original = std::fs::read(d.join("game.iso")).unwrap();
    ok(&["patch", "game.iso", &spec, "--in-place"], d);
    assert_eq!(xorriso_extract(&d.join("game.iso"), LEVEL, d), new);
    ok(&["patch", "game.iso", &format!("{LEVEL}=old.bin"), "--in-place"], d);
    assert_eq!(std::fs::read(d.join("game.iso")).unwrap(), original);
    // The same bytes into the BIN: the identical BIN.
    ok(&["patch", "game.bin", &format!("{LEVEL}=old.bin"), "-o", "same.bin"], d);
    assert_eq!(std::fs::read(d.join("same.bin")).unwrap(), std::fs::read(d.join("game.bin")).unwrap());
}

#[test]
fn each_refusal_exits_1_with_its_own_error_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let old = ps1_disc(d);
    std::fs::write(d.join("old.bin"), &old).unwrap();
    std::fs::write(d.join("big.bin"), level(9, 14)).unwrap();
    let mut broken = generate(&Options { rooms: 2, ..Options::small(3) });
    broken.portals[0].corners[1].flags = 200;
    std::fs::write(d.join("broken.bin"), broken.to_bytes().unwrap()).unwrap();
    let patch = |image: &str, spec: &str| refused(&["patch", image, spec, "-o", "out.bin"], d, "out.bin");

    let e = patch("game.bin", "DATA/NOPE.BIN=old.bin");
    assert!(
        e.contains("no file \"DATA/NOPE.BIN\" in the image (`levelkit ls game.bin` lists the level files)"),
        "{e}"
    );
    assert!(patch("game.bin", "DATA/DB05=old.bin").contains("is a directory of the image, not a file"));
    let e = patch("game.bin", &format!("{LEVEL}=big.bin"));
    assert!(
        e.contains("sectors; the old one")
            && e.contains("relocating it moves it to the image's end (pass --relocate)"),
        "{e}"
    );
    let e = patch("game.bin", &format!("{LEVEL}=broken.bin"));
    assert!(e.contains("fails check with 1 error(s)") && e.contains("nothing written"), "{e}");
    assert!(e.contains("nothing written: `levelkit check` of the new file lists them"), "{e}");

    let bin = std::fs::read(d.join("game.bin")).unwrap();
    // The level's first sector: where its bytes start in the data.
    let data = unframe(&bin);
    let lba = (0..data.len() / 2048).find(|&s| data[s * 2048..].starts_with(&old[..64])).unwrap();
    let mut form2 = bin.clone();
    form2[lba * 2352 + 18] |= 0x20;
    form2[lba * 2352 + 22] |= 0x20;
    std::fs::write(d.join("form2.bin"), &form2).unwrap();
    assert!(patch("form2.bin", &format!("{LEVEL}=old.bin"))
        .contains("Mode 2 Form 2 sector (XA audio or STR video)"));
    let mut bad = bin.clone();
    bad[3 * 2352 + 500] ^= 0x40;
    std::fs::write(d.join("bad.bin"), &bad).unwrap();
    let e = patch("bad.bin", &format!("{LEVEL}=old.bin"));
    assert!(e.contains("have a wrong EDC/ECC already (sector 3 (byte 7,056): EDC)"), "{e}");
    std::fs::write(d.join("cut.bin"), &bin[..bin.len() - 2 * 2352]).unwrap();
    assert!(patch("cut.bin", &format!("{LEVEL}=old.bin")).contains("truncated"));
    // In place, refused: the image is unchanged.
    refused(&["patch", "bad.bin", &format!("{LEVEL}=old.bin"), "--in-place"], d, "out.bin");
    assert_eq!(std::fs::read(d.join("bad.bin")).unwrap(), bad);
    // A usage error: exit 2.
    let out = levelkit(&["patch", "game.bin", "no-equals-sign", "-o", "out.bin"], d);
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn a_collision_file_patched_into_an_rvz_comes_back_as_an_rvz() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cl = |seed, tris| levelkit::heroes::generate::game_correct(seed, tris, 4).to_bytes().unwrap();
    let (a, b) = (cl(1, 40), cl(2, 40));
    let gcm = levelkit::disc::test_images::gamecube(&[
        ("files/collisions/s01.cl", &a),
        ("files/collisions/s02.cl", &b),
    ]);
    write_rvz(&gcm, &d.join("game.rvz"));
    let smaller = cl(3, 20);
    std::fs::write(d.join("s01.cl"), &smaller).unwrap();
    let stderr = ok(&["patch", "game.rvz", "files/collisions/s01.cl=s01.cl", "-o", "mod.rvz"], d);
    assert!(stderr.contains("wrote mod.rvz: RVZ image, 1 file(s) replaced"), "{stderr}");
    let listing: serde_json::Value =
        serde_json::from_slice(&levelkit(&["ls", "mod.rvz", "--json"], d).stdout).unwrap();
    assert_eq!(listing["container"], "RVZ");
    ok(&["extract", "mod.rvz", "-o", "out", "s01.cl"], d);
    assert_eq!(std::fs::read(d.join("out/files/collisions/s01.cl")).unwrap(), smaller);
    let e = refused(&["patch", "game.rvz", "files/collisions/s01.cl=s01.cl", "--in-place"], d, "never");
    assert!(e.contains("cannot be changed in place"), "{e}");
}

/// Every file of a disc image, by path, read by the library (`extract` writes the level files only).
fn every_file(image: &Path) -> Vec<(String, Vec<u8>)> {
    let disc = levelkit::disc::Disc::open(image).unwrap();
    let entries = disc.entries().to_vec();
    entries.iter().map(|e| (e.path.clone(), disc.read(e).unwrap())).collect()
}

#[test]
fn a_collision_file_grown_past_the_next_file_moves_in_a_gcm_and_an_rvz() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cl = |seed, tris| levelkit::heroes::generate::game_correct(seed, tris, 4).to_bytes().unwrap();
    let (a, b) = (cl(1, 40), cl(2, 40));
    let files: [(&str, &[u8]); 4] = [
        ("files/collisions/s01.cl", &a),
        ("files/collisions/s02.cl", &b),
        ("files/opening.bnr", &[7; 300]),
        ("files/stage.one", &[9; 5000]),
    ];
    let gcm = levelkit::disc::test_images::gamecube(&files);
    std::fs::write(d.join("game.gcm"), &gcm).unwrap();
    write_rvz(&gcm, &d.join("game.rvz"));
    let larger = cl(9, 900);
    assert!(larger.len() > a.len() + 32 * 1024);
    std::fs::write(d.join("big.cl"), &larger).unwrap();
    let before = every_file(&d.join("game.gcm"));
    assert_eq!(before.len(), 4, "{before:?}");
    for ext in ["gcm", "rvz"] {
        let out = format!("mod.{ext}");
        let stderr = ok(&["patch", &format!("game.{ext}"), "files/collisions/s01.cl=big.cl", "-o", &out], d);
        assert!(stderr.contains("its FST entry is rewritten"), "{stderr}");
        assert!(stderr.contains("moved from byte"), "{stderr}");
        let listing: serde_json::Value =
            serde_json::from_slice(&levelkit(&["ls", &out, "--json"], d).stdout).unwrap();
        assert_eq!(listing["container"], if ext == "gcm" { "ISO" } else { "RVZ" }, "{listing}");
        let after = every_file(&d.join(&out));
        assert_eq!(after.len(), before.len());
        for ((path, old), (again, new)) in before.iter().zip(&after) {
            assert_eq!(path, again);
            let want = if path.ends_with("s01.cl") { &larger } else { old };
            assert!(new == want, "{ext}: {path} differs");
        }
        // The CLI's own extract of the moved file.
        let into = format!("after-{ext}");
        ok(&["extract", &out, "-o", &into, "s01.cl"], d);
        assert_eq!(std::fs::read(d.join(&into).join("files/collisions/s01.cl")).unwrap(), larger);
    }
}

fn write_rvz(gcm: &[u8], path: &Path) {
    let reader = nod::read::DiscReader::new_from_cloneable_read(
        std::io::Cursor::new(gcm.to_vec()),
        &Default::default(),
    )
    .unwrap();
    let writer =
        nod::write::DiscWriter::new(reader, &nod::write::FormatOptions::new(nod::common::Format::Rvz))
            .unwrap();
    let mut rvz = Vec::new();
    let fin = writer
        .process(
            |data, _, _| {
                rvz.extend_from_slice(data.as_ref());
                Ok(())
            },
            &Default::default(),
        )
        .unwrap();
    rvz[..fin.header.len()].copy_from_slice(fin.header.as_ref());
    std::fs::write(path, &rvz).unwrap();
}

#[test]
fn the_output_holds_what_its_name_says_or_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let old = ps1_disc(d);
    std::fs::write(d.join("old.bin"), &old).unwrap();
    let spec = format!("{LEVEL}=old.bin");
    // An ISO's 2,048-byte sectors are not written under a name that says raw sectors or a sheet.
    for out in ["p.bin", "p.img", "p.cue"] {
        let e = refused(&["patch", "game.iso", &spec, "-o", out], d, out);
        assert!(
            e.contains(&format!("{out}: a")) && e.contains("but the image is an ISO of 2,048-byte sectors"),
            "{e}"
        );
        assert!(e.contains("name the output .iso"), "{e}");
    }
    // Raw sectors are not written under a name that says ISO, from a sheet or a lone BIN.
    for image in ["game.cue", "game.bin"] {
        let e = refused(&["patch", image, &spec, "-o", "p.iso"], d, "p.iso");
        assert!(
            e.contains("p.iso: an .iso holds 2,048-byte sectors, but the image is raw 2,352-byte sectors"),
            "{e}"
        );
        assert!(!d.join("p.cue").exists(), "a sheet written for a refused image");
    }
    // A lone BIN written as a .cue: the sheet it promises, naming its BIN, in the disc's mode.
    let stderr = ok(&["patch", "game.bin", &spec, "-o", "lone.cue"], d);
    assert!(stderr.contains("wrote lone.bin: 1 file(s) replaced,"), "{stderr}");
    assert!(
        stderr.contains("wrote lone.cue: CUE sheet naming lone.bin: one MODE2/2352 track (new)"),
        "{stderr}"
    );
    assert_eq!(std::fs::read(d.join("lone.bin")).unwrap(), std::fs::read(d.join("game.bin")).unwrap());
    let sheet = std::fs::read_to_string(d.join("lone.cue")).unwrap();
    assert_eq!(sheet, "FILE \"lone.bin\" BINARY\r\n  TRACK 01 MODE2/2352\r\n    INDEX 01 00:00:00\r\n");
    assert!(String::from_utf8(levelkit(&["ls", "lone.cue"], d).stdout).unwrap().contains("2 level files"));
    // A lone BIN ending in CD audio (no sync pattern): no one-track sheet, nothing written.
    let mut with_audio = std::fs::read(d.join("game.bin")).unwrap();
    with_audio.extend(std::iter::repeat_n(0x55u8, 2352 * 4));
    std::fs::write(d.join("audio.bin"), &with_audio).unwrap();
    let e = refused(&["patch", "audio.bin", &spec, "-o", "a.cue"], d, "a.cue");
    assert!(e.contains("the image ends in sectors that are not data (CD audio tracks"), "{e}");
    assert!(!d.join("a.bin").exists());
    // Neither -o nor --in-place: a usage error naming both.
    let out = levelkit(&["patch", "game.bin", &spec], d);
    let e = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{e}");
    assert!(e.contains("-o OUT") && e.contains("--in-place"), "{e}");
}
