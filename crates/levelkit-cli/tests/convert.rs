//! `levelkit convert`: walking folders, skipping, per-file failures, exit status and atomic outputs.
//!
//! The format readers are placeholders until they are merged, so every file here is either unrecognised
//! or (with `--format`) garbage that must fail: the tests exercise the pipeline, not the formats.

use std::path::Path;
use std::process::{Command, Output};

fn levelkit(args: &[&str], cwd: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_levelkit")).args(args).current_dir(cwd).output().unwrap()
}

fn tree(root: &Path) {
    for (path, body) in [
        ("in/a.txt", "not a level"),
        ("in/sub/b.cl", "garbage, not collision"),
        ("in/sub/deeper/c.BIN", "garbage, not a room file"),
        ("in/.hidden/d.cl", "never looked at"),
        ("in/.e.cl", "never looked at"),
    ] {
        let p = root.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, body).unwrap();
    }
}

fn all_files(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            if e.path().is_dir() {
                out.extend(all_files(&e.path()));
            } else {
                out.push(e.path().display().to_string());
            }
        }
    }
    out
}

#[test]
fn unrecognised_files_are_skipped_with_a_note_not_failures() {
    let dir = tempfile::tempdir().unwrap();
    tree(dir.path());
    let out = levelkit(&["convert", "in", "-o", "out", "--to", "json"], dir.path());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("a.txt: not a level file"), "{err}");
    assert!(err.contains("b.cl: not a level file"), "{err}");
    assert!(err.contains("c.BIN: not a level file"), "{err}");
    assert!(!err.contains("hidden") && !err.contains(".e.cl"), "hidden files are not even looked at: {err}");
    assert!(err.contains("0 converted") && err.contains("3 skipped") && err.contains("0 failed"), "{err}");
}

#[test]
fn every_failing_file_is_reported_the_rest_go_on_and_the_status_is_1() {
    let dir = tempfile::tempdir().unwrap();
    tree(dir.path());
    for to in ["json", "glb", "gltf", "obj"] {
        let out = levelkit(
            &[
                "convert",
                "in",
                "in/sub/b.cl",
                "missing.cl",
                "-o",
                "out",
                "--to",
                to,
                "--format",
                "heroes-cl",
                "-j",
                "2",
            ],
            dir.path(),
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        for name in ["a.txt", "b.cl", "c.BIN", "missing.cl"] {
            assert!(err.contains(name), "{name} not reported: {err}");
        }
        // b.cl given twice (in the folder and by name) maps to two different outputs: both are tried.
        assert!(err.contains("5 failed"), "{err}");
        // Nothing half-written, no temporaries.
        assert_eq!(all_files(&dir.path().join("out")), Vec::<String>::new());
    }
}

#[test]
fn two_inputs_with_the_same_output_name_do_not_overwrite_each_other() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("x")).unwrap();
    std::fs::create_dir_all(dir.path().join("y")).unwrap();
    std::fs::write(dir.path().join("x/s01.cl"), "1").unwrap();
    std::fs::write(dir.path().join("y/s01.cl"), "2").unwrap();
    let out = levelkit(&["convert", "x/s01.cl", "y/s01.cl", "-o", "out", "--to", "json"], dir.path());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("already used by x/s01.cl"), "{err}");
}

#[test]
fn bad_arguments_are_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(levelkit(&["convert", "in", "-o", "out", "--to", "fbx"], dir.path()).status.code(), Some(2));
    assert_eq!(levelkit(&["convert", "in", "--to", "glb"], dir.path()).status.code(), Some(2));
}

/// `convert` spells the room option as `export` and `render` do; `build-cl --help` names every input it
/// takes.
#[test]
fn options_are_spelled_alike_and_help_names_the_inputs() {
    let dir = tempfile::tempdir().unwrap();
    let level = levelkit::reptar::generate::generate(&levelkit::reptar::generate::Options::small(3));
    std::fs::create_dir_all(dir.path().join("in")).unwrap();
    std::fs::write(dir.path().join("in/LEVEL03.BIN"), level.to_bytes().unwrap()).unwrap();
    let o =
        levelkit(&["convert", "in", "-o", "out", "--to", "json", "--room", "0", "--room", "1"], dir.path());
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let o = levelkit(&["convert", "in", "-o", "out2", "--to", "json", "--rooms", "0"], dir.path());
    assert_eq!(o.status.code(), Some(2), "--rooms is not an option");

    let help = levelkit(&["build-cl", "--help"], dir.path());
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(!help.contains("The mesh: a .cl file"), "{help}");
    for input in ["OBJ", "glTF", "GLB", "LEVELnn.BIN", ".cl"] {
        assert!(help.contains(input), "build-cl --help does not name {input}:\n{help}");
    }
}
