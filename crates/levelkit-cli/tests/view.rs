//! `levelkit view`: a mesh file becomes one HTML page; level files wait for their adapters; `--open`
//! never fails the write. (The page itself is tested in a browser by `crates/levelkit/tests/viewer.rs`.)

use levelkit::convert::gltf::write_glb;
use levelkit::mesh::{Face, Group, Mesh, Object};
use std::path::Path;
use std::process::{Command, Output};

fn levelkit(args: &[&str], cwd: &Path, path_env: Option<&Path>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_levelkit"));
    c.args(args).current_dir(cwd);
    if let Some(p) = path_env {
        c.env("PATH", p);
    }
    c.output().unwrap()
}

fn room_glb() -> Vec<u8> {
    let mesh = Mesh {
        objects: vec![Object {
            name: "room_04".into(),
            positions: vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 0.0, -1.0], [0.0, 0.0, -1.0]],
            faces: vec![Face { corners: vec![0, 1, 2, 3], group: 0, attribute: None, flags: 0x200 }],
            ..Object::default()
        }],
        groups: vec![Group::named("floor")],
        ..Mesh::default()
    };
    write_glb(&mesh).unwrap()
}

#[test]
fn a_glb_becomes_one_self_contained_page() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("hub.glb"), room_glb()).unwrap();
    let out = levelkit(&["view", "hub.glb", "-o", "hub.html"], dir.path(), None);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("wrote hub.html"), "{err}");
    let page = std::fs::read_to_string(dir.path().join("hub.html")).unwrap();
    assert!(page.contains("<title>hub.glb</title>"));
    assert!(page.contains(r#""kind":"mesh""#));
    assert!(page.contains(r#""node":"room_04""#), "the room list names the room");
    assert!(page.contains(r#"id="levelkit-glb">Z2xURg"#), "the GLB is embedded (base64 of its magic)");
}

#[test]
fn obj_files_are_viewed_too() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("c.obj"),
        "o collision\nv 0 0 0\nv 1 0 0\nv 0 0 -1\ng wall_00000100\nf 1 2 3\n",
    )
    .unwrap();
    let out = levelkit(&["view", "c.obj", "-o", "c.html"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let page = std::fs::read_to_string(dir.path().join("c.html")).unwrap();
    assert!(page.contains(r#""attribute":256,"id":"wall""#), "the legend has the wall surface");
}

#[test]
fn unrecognised_and_unreadable_files_fail_with_status_1() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("notes.txt"), "not a level").unwrap();
    let out = levelkit(&["view", "notes.txt", "-o", "x.html"], dir.path(), None);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a file levelkit recognises"));
    let out = levelkit(&["view", "notes.txt", "--format", "heroes-cl", "-o", "x.html"], dir.path(), None);
    assert_eq!(out.status.code(), Some(1));
    assert!(!dir.path().join("x.html").exists(), "nothing is written on failure");
    let out = levelkit(&["view", "missing.glb", "-o", "x.html"], dir.path(), None);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn open_without_a_browser_still_writes_the_page() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("hub.glb"), room_glb()).unwrap();
    let empty = dir.path().join("no-programs");
    std::fs::create_dir(&empty).unwrap();
    let out = levelkit(&["view", "hub.glb", "-o", "hub.html", "--open"], dir.path(), Some(&empty));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("could not open a browser"), "{err}");
    assert!(dir.path().join("hub.html").is_file());
}

/// The page `levelkit view` writes for an OBJ with two rooms and two surfaces passes the browser test
/// (headless Chromium, see `crates/levelkit/tests/viewer.rs` for what it needs).
#[test]
fn a_viewed_obj_passes_the_browser_test() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap();
    assert!(
        root.join("tools/node_modules/playwright-core").is_dir(),
        "the viewer test needs playwright-core: npm ci --prefix tools (scripts/test does this)"
    );
    let dir = tempfile::tempdir().unwrap();
    let mut obj = String::new();
    for (room, x0, group) in [(0, 0, "wall_00000100"), (1, 12, "death_00010000")] {
        obj += &format!("o room_{room:02}\n");
        for j in 0..=10 {
            for i in 0..=10 {
                obj += &format!("v {} {} {}\n", x0 + i, (i * j) % 3, -j);
            }
        }
        obj += &format!("g {group}\n");
        let base = room * 121 + 1;
        for j in 0..10 {
            for i in 0..10 {
                let a = base + j * 11 + i;
                obj += &format!("f {a} {} {} {}\n", a + 1, a + 12, a + 11);
            }
        }
    }
    std::fs::write(dir.path().join("two.obj"), obj).unwrap();
    let out = levelkit(&["view", "two.obj", "-o", "two.html"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let test = Command::new("node")
        .arg(root.join("tools/viewer-test.mjs"))
        .arg(dir.path().join("two.html"))
        .output()
        .expect("the viewer test needs Node.js (node) on the PATH");
    let stdout = String::from_utf8_lossy(&test.stdout);
    assert!(test.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&test.stderr));
    assert!(stdout.starts_with("ok ") && stdout.contains("kind=mesh"), "{stdout}");
}
