//! `levelkit build-level`: export → build back is byte-identical with --base, what it writes checks clean
//! and renders, and a failure writes nothing.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn levelkit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_levelkit")).args(args).output().expect("the binary runs")
}

fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

fn ok(args: &[&str]) -> String {
    let o = levelkit(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", text(&o));
    text(&o)
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn at(dir: &Path, name: &str) -> PathBuf {
    dir.join(name)
}

#[test]
fn export_then_build_level_gives_the_same_bytes_and_checks_and_renders() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (level, vram) = (at(d, "LEVEL00.BIN"), at(d, "vram.bin"));
    ok(&["sample", "level", "-o", s(&level)]);
    ok(&["sample", "vram", "-o", s(&vram)]);
    for scene in ["l.glb", "l.gltf"] {
        let scene = at(d, scene);
        ok(&["export", s(&level), "-o", s(&scene), "--vram", s(&vram)]);
        let out = at(d, "OUT.BIN");
        let report = ok(&["build-level", s(&scene), "-o", s(&out), "--base", s(&level), "--vram", s(&vram)]);
        assert!(report.contains("12 rooms (12 unchanged from the base)"), "{report}");
        assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(&level).unwrap());
    }
    // Without the base: a level of its own that checks strict-clean, renders and views.
    let (scene, out) = (at(d, "l.glb"), at(d, "NEW.BIN"));
    let vram_out = at(d, "vram-out.bin");
    let o = levelkit(&["build-level", s(&scene), "-o", s(&out), "--vram-out", s(&vram_out), "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["report"]["rooms"], 12);
    assert_eq!(std::fs::metadata(&vram_out).unwrap().len(), 1 << 20);
    ok(&["check", "--strict", s(&out)]);
    ok(&["render", s(&out), "-o", s(&at(d, "r.png")), "--room", "0", "--vram", s(&vram)]);
    ok(&["view", s(&out), "-o", s(&at(d, "v.html"))]);
    // An OBJ scene builds too.
    let obj = at(d, "l.obj");
    ok(&["export", s(&level), "-o", s(&obj)]);
    ok(&["build-level", s(&obj), "-o", s(&at(d, "OBJ.BIN")), "--base", s(&level)]);
    ok(&["check", "--strict", s(&at(d, "OBJ.BIN"))]);
    // A JSON dump is a level already.
    let dump = at(d, "l.json");
    ok(&["dump", s(&level), "-o", s(&dump)]);
    ok(&["build-level", s(&dump), "-o", s(&at(d, "DUMP.BIN"))]);
    assert_eq!(std::fs::read(at(d, "DUMP.BIN")).unwrap(), std::fs::read(&level).unwrap());
}

#[test]
fn bad_scenes_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cases = [
        ("norooms.obj", "v 0 0 0\nv 1 0 0\no wire\nl 1 2\n", "the scene has no rooms"),
        (
            "wide.obj",
            "o room_00\nusemtl page_0085_clut_7800\nv 0 0 0\nv 70000 0 0\nv 0 0 -10\nvt 0 0\nvt 0.1 0\nvt 0 0.1\nf 1/1 2/2 3/3\n",
            // The library says to scale the scene down; the CLI adds its flag.
            "split the room into smaller rooms (--scale)",
        ),
        (
            "portal.obj",
            "o room_00\nusemtl page_0085_clut_7800\nv 0 0 0\nv 100 0 0\nv 0 0 -100\nvt 0 0\nvt 0.1 0\nvt 0 0.1\nf 1/1 2/2 3/3\no portal_00_to_4\nv 0 0 0\nv 0 100 0\nv 0 100 100\nv 0 0 100\nl 4 5 6 7 4\n",
            "which the scene does not have",
        ),
        ("bare.obj", "o room_00\nv 0 0 0\nv 100 0 0\nv 0 0 -100\nf 1 2 3\n", "has no texture"),
    ];
    for (name, scene, phrase) in cases {
        let scene_path = at(d, name);
        std::fs::write(&scene_path, scene).unwrap();
        let out = at(d, "OUT.BIN");
        let o = levelkit(&["build-level", s(&scene_path), "-o", s(&out)]);
        assert_eq!(o.status.code(), Some(1), "{name}: {}", text(&o));
        assert!(text(&o).contains(phrase), "{name}: {}", text(&o));
        assert!(!out.exists(), "{name}: nothing is written");
    }
}

#[test]
fn a_scene_inside_a_disc_image_builds_as_the_loose_file_does() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (level, vram) = (at(d, "LEVEL00.BIN"), at(d, "vram.bin"));
    ok(&["sample", "level", "-o", s(&level)]);
    ok(&["sample", "vram", "-o", s(&vram)]);
    let (glb, obj) = (at(d, "l.glb"), at(d, "l.obj"));
    ok(&["export", s(&level), "-o", s(&glb), "--vram", s(&vram)]);
    ok(&["export", s(&level), "-o", s(&obj)]);
    // A test image (levelkit's own ISO 9660 writer): the scene is read through IMAGE:PATH, as every input.
    let files =
        [("SCENES/L.GLB", std::fs::read(&glb).unwrap()), ("SCENES/L.OBJ", std::fs::read(&obj).unwrap())];
    let files: Vec<(&str, &[u8])> = files.iter().map(|(p, b)| (*p, b.as_slice())).collect();
    let image = at(d, "scenes.iso");
    std::fs::write(&image, levelkit::disc::test_images::iso9660(&files)).unwrap();
    for (inner, loose, extra) in
        [("SCENES/L.OBJ", &obj, ["--scale", "1"]), ("SCENES/L.GLB", &glb, ["--vram", s(&vram)])]
    {
        let inside = format!("{}:{inner}", s(&image));
        let (from_image, from_file) = (at(d, "IMAGE.BIN"), at(d, "FILE.BIN"));
        let base = ["--base", s(&level)];
        ok(&[&["build-level", inside.as_str(), "-o", s(&from_image)][..], &base, &extra].concat());
        ok(&[&["build-level", s(loose), "-o", s(&from_file)][..], &base, &extra].concat());
        assert_eq!(std::fs::read(&from_image).unwrap(), std::fs::read(&from_file).unwrap(), "{inner}");
    }
    // The glTF (built last) is the level again, byte for byte.
    assert_eq!(std::fs::read(at(d, "IMAGE.BIN")).unwrap(), std::fs::read(&level).unwrap());
}

/// The scene is read once: a FIFO gives its bytes to one reader only, and a second open would wait for a
/// writer that never comes (the build used to read the file twice: to sniff it, then to import it).
#[cfg(unix)]
#[test]
fn the_scene_is_read_once() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let level = at(d, "LEVEL00.BIN");
    ok(&["sample", "level", "-o", s(&level)]);
    let glb = at(d, "l.glb");
    ok(&["export", s(&level), "-o", s(&glb)]);
    let fifo = at(d, "fifo.glb");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo (coreutils)");
    assert!(made.success());
    let out = at(d, "OUT.BIN");
    let mut child = Command::new(env!("CARGO_BIN_EXE_levelkit"))
        .args(["build-level", s(&fifo), "-o", s(&out), "--base", s(&level)])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let scene = std::fs::read(&glb).unwrap();
    // Opening for writing waits for the reader; closing ends its read.
    std::fs::OpenOptions::new().write(true).open(&fifo).unwrap().write_all(&scene).unwrap();
    // A guard against a hang, not a measurement: a second read would never end.
    let mut waited = 0;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if waited >= 600 {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!(
                "build-level is still waiting on the FIFO after its bytes were written: it opened it again"
            );
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
        waited += 1;
    };
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    assert!(status.success(), "{stderr}");
    assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(&level).unwrap());
}
