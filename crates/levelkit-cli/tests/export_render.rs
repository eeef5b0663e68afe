//! `levelkit export`, `levelkit render` and `levelkit convert` on generated files of both formats.

use levelkit::convert::import_file;
use levelkit::heroes::generate::game_correct;
use levelkit::psx::RgbImage;
use levelkit::reptar::generate::{generate, Options};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn levelkit(args: &[&str], cwd: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_levelkit")).args(args).current_dir(cwd).output().unwrap()
}

fn ok(o: &Output) {
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
}

/// A folder with a generated LEVEL file, its VRAM and a generated collision file.
fn inputs() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let level = generate(&Options { ceilings: true, ..Options::small(2) });
    std::fs::write(dir.path().join("LEVEL01.BIN"), level.to_bytes().unwrap()).unwrap();
    std::fs::write(dir.path().join("VRAM.BIN"), levelkit::reptar::generate::vram().to_dump()).unwrap();
    std::fs::write(dir.path().join("s01.cl"), game_correct(1, 400, 6).to_bytes().unwrap()).unwrap();
    dir
}

fn names(path: &Path) -> Vec<String> {
    import_file(path).unwrap().objects.into_iter().map(|o| o.name).collect()
}

#[test]
fn export_writes_each_format_by_extension() {
    let dir = inputs();
    let d = dir.path();
    ok(&levelkit(&["export", "LEVEL01.BIN", "-o", "all.glb", "--vram", "VRAM.BIN"], d));
    let all = names(&d.join("all.glb"));
    assert!(all.contains(&"room_03".to_string()) && all.contains(&"portal_00".to_string()), "{all:?}");
    ok(&levelkit(&["export", "LEVEL01.BIN", "-o", "two.gltf", "--room", "2", "0"], d));
    let two: Vec<String> = names(&d.join("two.gltf")).into_iter().filter(|n| n.starts_with("room")).collect();
    assert_eq!(two, ["room_02", "room_00"]);
    ok(&levelkit(
        &["export", "LEVEL01.BIN", "-o", "one.obj", "--room", "1", "--vram", "VRAM.BIN", "--scale", "0.01"],
        d,
    ));
    for f in ["one.obj", "one.mtl", "one_0.png"] {
        assert!(d.join(f).is_file(), "{f}");
    }
    let one = import_file(&d.join("one.obj")).unwrap();
    let room = one.objects.iter().find(|o| o.name == "room_01").unwrap();
    assert!(room.faces.iter().all(|f| f.corners.len() == 3 || f.corners.len() == 4));
    // 0.01 × coordinates of a few thousand units
    assert!(room.positions.iter().all(|p| p.iter().all(|c| c.abs() < 100.0)), "scaled");
    ok(&levelkit(&["export", "s01.cl", "-o", "s01.obj", "--tree"], d));
    let stage = import_file(&d.join("s01.obj")).unwrap();
    assert!(stage.objects.iter().any(|o| o.name == "tree" && !o.lines.is_empty()));
    assert!(stage.objects[0].faces.iter().all(|f| f.attribute.is_some()));
    ok(&levelkit(&["export", "s01.cl", "-o", "s01.json"], d));
    assert!(d.join("s01.json").is_file());
}

#[test]
fn export_refuses_bad_requests() {
    let dir = inputs();
    let d = dir.path();
    // An extension no writer has is a usage error.
    let o = levelkit(&["export", "LEVEL01.BIN", "-o", "x.fbx"], d);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains(".glb, .gltf, .obj or .json"));
    let o = levelkit(&["export", "LEVEL01.BIN", "-o", "x.glb", "--room", "40"], d);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("room 40 does not exist"));
    let o = levelkit(&["export", "LEVEL01.BIN", "-o", "x.glb", "--vram", "s01.cl"], d);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("VRAM"));
    assert!(!d.join("x.glb").exists());
    assert_eq!(levelkit(&["export", "LEVEL01.BIN"], d).status.code(), Some(2));
}

fn png(path: &Path) -> RgbImage {
    RgbImage::from_png(&std::fs::read(path).unwrap(), 1 << 24).unwrap()
}

#[test]
fn render_writes_pngs_of_both_formats() {
    let dir = inputs();
    let d = dir.path();
    ok(&levelkit(
        &[
            "render",
            "LEVEL01.BIN",
            "-o",
            "room.png",
            "--room",
            "0",
            "--size",
            "200x150",
            "--vram",
            "VRAM.BIN",
        ],
        d,
    ));
    let room = png(&d.join("room.png"));
    assert_eq!((room.width, room.height), (200, 150));
    ok(&levelkit(&["render", "LEVEL01.BIN", "-o", "all.png", "--portals"], d));
    assert_eq!(png(&d.join("all.png")).width, 640);
    ok(&levelkit(
        &[
            "render",
            "LEVEL01.BIN",
            "-o",
            "cam.png",
            "--camera",
            "-512,-300,-800",
            "--look",
            "0,0,0",
            "--size",
            "64x48",
        ],
        d,
    ));
    assert_ne!(png(&d.join("cam.png")).pixels, vec![0; 64 * 48 * 3]);
    ok(&levelkit(&["render", "s01.cl", "-o", "stage.png", "--size", "120x90"], d));
    assert_eq!(png(&d.join("stage.png")).height, 90);
    // usage errors: --camera needs --look, a bad size, a size out of range (a value that makes no sense)
    assert_eq!(levelkit(&["render", "s01.cl", "-o", "x.png", "--camera", "1,2,3"], d).status.code(), Some(2));
    assert_eq!(levelkit(&["render", "s01.cl", "-o", "x.png", "--size", "big"], d).status.code(), Some(2));
    let o = levelkit(&["render", "s01.cl", "-o", "x.png", "--size", "5000x10"], d);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("5000×10"));
    assert!(!d.join("x.png").exists());
}

fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        if e.path().is_dir() {
            out.extend(files_under(&e.path()));
        } else {
            out.push(e.path());
        }
    }
    out.sort();
    out
}

#[test]
fn convert_turns_a_folder_of_both_formats_into_each_output() {
    let dir = inputs();
    let d = dir.path();
    std::fs::create_dir_all(d.join("in/sub")).unwrap();
    std::fs::copy(d.join("LEVEL01.BIN"), d.join("in/LEVEL01.BIN")).unwrap();
    std::fs::copy(d.join("s01.cl"), d.join("in/sub/s01.cl")).unwrap();
    std::fs::write(d.join("in/sub/s02.cl"), game_correct(2, 300, 5).to_bytes().unwrap()).unwrap();
    for (to, ext) in [("glb", "glb"), ("obj", "obj"), ("json", "json")] {
        let out = format!("out_{to}");
        let o = levelkit(&["convert", "in", "-o", &out, "--to", to, "--tree"], d);
        ok(&o);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("3 converted") && err.contains("0 failed"), "{err}");
        let files = files_under(&d.join(&out));
        for want in ["LEVEL01", "sub/s01", "sub/s02"] {
            let path = d.join(&out).join(format!("{want}.{ext}"));
            assert!(files.contains(&path), "{path:?} in {files:?}");
            if ext != "json" {
                let mesh = import_file(&path).unwrap();
                assert!(mesh.counts().0 > 100, "{path:?}: {mesh}");
            }
        }
    }
}

/// A valid level whose rooms lie far apart: the default camera, which frames every room, puts every face
/// past the PS1's far limit. It must show a room instead and say so; a render that draws nothing says why.
#[test]
fn renders_never_come_out_black_in_silence() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut level = generate(&Options { rooms: 3, ..Options::small(7) });
    for (r, room) in level.rooms.iter_mut().enumerate() {
        let shift = [-150_000, 0, 150_000][r];
        room.record.centre[0] += shift;
        room.record.min[0] += shift;
        room.record.max[0] += shift;
    }
    assert!(level.validate().is_empty(), "{:?}", level.validate());
    std::fs::write(d.join("FAR.BIN"), level.to_bytes().unwrap()).unwrap();
    let o = levelkit(&["render", "FAR.BIN", "-o", "far.png", "--size", "160x120"], d);
    ok(&o);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("do not fit the PS1's depth range") && err.contains("showing room 0"), "{err}");
    // The library says what to choose; the CLI adds the flags that choose it.
    assert!(err.contains("a camera position and target (--room, --camera/--look)"), "{err}");
    assert!(!err.contains("nothing was drawn"), "{err}");
    assert!(png(&d.join("far.png")).pixels.iter().any(|&p| p != 0), "the picture is black");

    // A camera looking away from everything: the counts per rule.
    let o = levelkit(
        &[
            "render",
            "FAR.BIN",
            "-o",
            "away.png",
            "--camera",
            "0,-900000,0",
            "--look",
            "0,-1000000,0",
            "--size",
            "64x48",
        ],
        d,
    );
    ok(&o);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("nothing was drawn: of ") && err.contains("lie off the screen"), "{err}");

    std::fs::write(d.join("s01.cl"), game_correct(1, 100, 4).to_bytes().unwrap()).unwrap();
    let o = levelkit(
        &[
            "render",
            "s01.cl",
            "-o",
            "cl.png",
            "--camera",
            "0,100000,0",
            "--look",
            "0,200000,0",
            "--size",
            "64x48",
        ],
        d,
    );
    ok(&o);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("nothing was drawn: of 100 triangles"), "{err}");
}
