//! Disc images through the `levelkit` binary: generated levels put into PS1 images (made by xorriso, as
//! a real disc's file system is, then wrapped in raw 2,352-byte Mode 2 Form 1 sectors with a CUE sheet)
//! and into GameCube images (levelkit's minimal GCM writer, then nod's converter to RVZ, WIA, CISO and
//! GCZ) come out byte-identical through `extract`, through `IMAGE:PATH` and through `convert IMAGE`.
//! scripts/test installs xorriso when it is missing.

use levelkit::disc::sectors::{frame, RawMode};
use levelkit::disc::test_images;
use levelkit::reptar::generate::{generate, Options};
use std::path::Path;
use std::process::{Command, Output};

fn levelkit(args: &[&str], cwd: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_levelkit")).args(args).current_dir(cwd).output().unwrap()
}

fn ok(args: &[&str], cwd: &Path) -> String {
    let out = levelkit(args, cwd);
    assert!(out.status.success(), "levelkit {args:?} failed:\n{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn level(seed: u64) -> Vec<u8> {
    generate(&Options { rooms: 3, ..Options::small(seed) }).to_bytes().unwrap()
}

fn cl(seed: u64) -> Vec<u8> {
    levelkit::heroes::generate::game_correct(seed, 40, 4).to_bytes().unwrap()
}

/// A PS1-style disc tree made into an ISO 9660 image by xorriso, and the same wrapped as BIN/CUE.
fn ps1_images(dir: &Path) -> Vec<(&'static str, Vec<u8>)> {
    let files = [
        ("DATA/DB01/LEVEL01.BIN", level(1)),
        ("DATA/DB05/LEVEL05.BIN", level(5)),
        ("SYSTEM.CNF", b"BOOT = cdrom:\\SLUS_008.80;1\r\n".to_vec()),
    ];
    let root = dir.join("disc");
    for (path, bytes) in &files {
        let p = root.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, bytes).unwrap();
    }
    let made = Command::new("xorriso")
        .args(["-as", "mkisofs", "-quiet", "-V", "RUGRATS", "-o", "game.iso", "disc"])
        .current_dir(dir)
        .output()
        .expect("xorriso (Debian package xorriso; scripts/test installs it)");
    assert!(made.status.success(), "xorriso: {}", String::from_utf8_lossy(&made.stderr));
    let iso = std::fs::read(dir.join("game.iso")).unwrap();
    std::fs::write(dir.join("game.bin"), frame(&iso, RawMode::Mode2Form1)).unwrap();
    std::fs::write(
        dir.join("game.cue"),
        "FILE \"game.bin\" BINARY\n  TRACK 01 MODE2/2352\n    INDEX 01 00:00:00\n",
    )
    .unwrap();
    files.iter().map(|(p, b)| (*p, b.clone())).collect()
}

#[test]
fn ps1_levels_round_trip_through_iso_bin_and_cue() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let files = ps1_images(d);
    for image in ["game.iso", "game.bin", "game.cue"] {
        let listing: serde_json::Value = serde_json::from_str(&ok(&["ls", image, "--json"], d)).unwrap();
        let levels: Vec<(&str, &str)> = listing["levels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| (l["path"].as_str().unwrap(), l["format"].as_str().unwrap()))
            .collect();
        assert_eq!(
            levels,
            [("DATA/DB01/LEVEL01.BIN", "reptar-level"), ("DATA/DB05/LEVEL05.BIN", "reptar-level")],
            "{image}"
        );
        assert_eq!(listing["skipped"], 1, "{image}");

        let out = format!("out-{image}");
        ok(&["extract", image, "-o", &out], d);
        for (path, bytes) in &files[..2] {
            assert_eq!(&std::fs::read(d.join(&out).join(path)).unwrap(), bytes, "{image}: {path}");
        }
        // IMAGE:PATH reads the same bytes as the file: the dump of each is the same.
        let inner = format!("{image}:DATA/DB05/LEVEL05.BIN");
        assert_eq!(ok(&["dump", &inner], d), ok(&["dump", "disc/DATA/DB05/LEVEL05.BIN"], d), "{image}");
    }
    ok(&["render", "game.cue:DATA/DB05/LEVEL05.BIN", "--room", "2", "-o", "room.png"], d);
    assert!(d.join("room.png").is_file());
    // extract with a pattern writes only what matches.
    ok(&["extract", "game.cue", "-o", "one", "level05.*"], d);
    assert!(d.join("one/DATA/DB05/LEVEL05.BIN").is_file());
    assert!(!d.join("one/DATA/DB01").exists());
}

#[test]
fn convert_takes_every_level_inside_an_image() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ps1_images(d);
    let out = levelkit(&["convert", "game.cue", "-o", "models", "--to", "glb"], d);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("2 converted"), "{stderr}");
    for path in ["models/DATA/DB01/LEVEL01.glb", "models/DATA/DB05/LEVEL05.glb"] {
        assert!(std::fs::read(d.join(path)).unwrap().starts_with(b"glTF"), "{path}");
    }
}

#[test]
fn a_whole_image_given_as_a_level_file_says_to_use_ls() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ps1_images(d);
    for image in ["game.iso", "game.bin", "game.cue"] {
        for command in ["info", "check"] {
            let out = levelkit(&[command, image], d);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{command} {image}: {stderr}");
            assert!(
                stderr.contains(&format!("{image} is a disc image, not a level file"))
                    && stderr.contains(&format!("`levelkit ls {image}`")),
                "{command} {image}: {stderr}"
            );
        }
    }
}

#[test]
fn a_path_that_exists_wins_over_image_path() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ps1_images(d);
    // A folder really named "game.iso:DATA" holding a different level.
    let other = level(9);
    std::fs::create_dir_all(d.join("game.iso:DATA/DB05")).unwrap();
    std::fs::write(d.join("game.iso:DATA/DB05/LEVEL05.BIN"), &other).unwrap();
    ok(&["dump", "game.iso:DATA/DB05/LEVEL05.BIN", "-o", "a.json"], d);
    ok(&["pack", "a.json", "-o", "a.bin"], d);
    assert_eq!(std::fs::read(d.join("a.bin")).unwrap(), other);
    let missing = levelkit(&["info", "game.iso:DATA/NOPE.BIN"], d);
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no file \"DATA/NOPE.BIN\" in the image"));
}

/// nod's converter: the plain GameCube disc in `gcm` as `format`.
fn convert_with_nod(gcm: &[u8], format: nod::common::Format) -> Vec<u8> {
    let reader = nod::read::DiscReader::new_from_cloneable_read(
        std::io::Cursor::new(gcm.to_vec()),
        &Default::default(),
    )
    .unwrap();
    let writer = nod::write::DiscWriter::new(reader, &nod::write::FormatOptions::new(format)).unwrap();
    let mut out = Vec::new();
    let finalization = writer
        .process(
            |data, _, _| {
                out.extend_from_slice(data.as_ref());
                Ok(())
            },
            &nod::write::ProcessOptions::default(),
        )
        .unwrap();
    out[..finalization.header.len()].copy_from_slice(finalization.header.as_ref());
    out
}

#[test]
fn gamecube_collision_round_trips_through_gcm_rvz_wia_ciso_and_gcz() {
    use nod::common::Format as Container;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let files = [
        ("files/collisions/s01.cl", cl(1)),
        ("files/collisions/s01_wt.cl", cl(2)),
        ("files/collisions/s01_xx.cl", cl(3)),
        ("files/opening.bnr", vec![9; 6000]),
    ];
    let borrowed: Vec<(&str, &[u8])> = files.iter().map(|(p, b)| (*p, b.as_slice())).collect();
    let gcm = test_images::gamecube(&borrowed);
    std::fs::write(d.join("game.gcm"), &gcm).unwrap();
    std::fs::write(d.join("s01.cl"), &files[0].1).unwrap();
    let mut images = vec![("game.gcm", "ISO")];
    for (name, container) in [
        ("game.rvz", Container::Rvz),
        ("game.wia", Container::Wia),
        ("game.ciso", Container::Ciso),
        ("game.gcz", Container::Gcz),
    ] {
        std::fs::write(d.join(name), convert_with_nod(&gcm, container)).unwrap();
        images.push((name, name.rsplit('.').next().unwrap()));
    }
    for (image, container) in images {
        let listing: serde_json::Value = serde_json::from_str(&ok(&["ls", image, "--json"], d)).unwrap();
        assert_eq!(
            listing["container"].as_str().unwrap().to_ascii_lowercase(),
            container.to_ascii_lowercase(),
            "{image}"
        );
        let levels: Vec<&str> =
            listing["levels"].as_array().unwrap().iter().map(|l| l["path"].as_str().unwrap()).collect();
        assert_eq!(
            levels,
            ["files/collisions/s01.cl", "files/collisions/s01_wt.cl", "files/collisions/s01_xx.cl"],
            "{image}"
        );
        assert_eq!(listing["skipped"], 1);
        let out = format!("out-{image}");
        ok(&["extract", image, "-o", &out, "*.cl"], d);
        for (path, bytes) in &files[..3] {
            assert_eq!(&std::fs::read(d.join(&out).join(path)).unwrap(), bytes, "{image}: {path}");
        }
        let inner = format!("{image}:files/collisions/s01.cl");
        assert_eq!(ok(&["info", &inner, "--json"], d), ok(&["info", "s01.cl", "--json"], d), "{image}");
    }
    ok(&["audit", "game.rvz:files/collisions/s01.cl", "--probes", "200"], d);
}
