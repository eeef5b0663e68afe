//! No command replaces one of its inputs unless `--in-place` says so: the same file by another path, a
//! symbolic link or a hard link counts as the input too.

use levelkit::reptar::generate::{generate, Options};
use std::path::Path;
use std::process::{Command, Output};

fn levelkit(args: &[&str], cwd: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_levelkit")).args(args).current_dir(cwd).output().unwrap()
}

fn level() -> Vec<u8> {
    generate(&Options { rooms: 1, ..Options::small(3) }).to_bytes().unwrap()
}

/// Fails with status 1 naming --in-place, and leaves the input as it was.
fn refused(args: &[&str], cwd: &Path, input: &str) {
    let before = std::fs::read(cwd.join(input)).unwrap();
    let out = levelkit(args, cwd);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "levelkit {args:?}: {stderr}");
    assert!(stderr.contains("--in-place"), "levelkit {args:?}: {stderr}");
    assert_eq!(std::fs::read(cwd.join(input)).unwrap(), before, "levelkit {args:?} changed its input");
}

#[test]
fn pack_dump_view_and_convert_refuse_to_replace_their_input() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("LEVEL01.BIN"), level()).unwrap();
    assert!(levelkit(&["dump", "LEVEL01.BIN", "-o", "LEVEL01.json"], d).status.success());

    std::fs::create_dir(d.join("sub")).unwrap();
    refused(&["pack", "LEVEL01.json", "-o", "LEVEL01.json"], d, "LEVEL01.json");
    refused(&["pack", "LEVEL01.json", "-o", "./sub/../LEVEL01.json"], d, "LEVEL01.json");
    refused(&["dump", "LEVEL01.BIN", "-o", "LEVEL01.BIN"], d, "LEVEL01.BIN");
    refused(&["view", "LEVEL01.BIN", "-o", "LEVEL01.BIN"], d, "LEVEL01.BIN");
    // A level file named .json converted to JSON beside itself.
    std::fs::copy(d.join("LEVEL01.BIN"), d.join("sub/level.json")).unwrap();
    let out = levelkit(&["convert", "sub", "--to", "json", "-o", "sub"], d);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--in-place"));
    assert_eq!(std::fs::read(d.join("sub/level.json")).unwrap(), level());
}

#[cfg(unix)]
#[test]
fn links_to_the_input_are_the_input() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("LEVEL01.BIN"), level()).unwrap();
    assert!(levelkit(&["dump", "LEVEL01.BIN", "-o", "LEVEL01.json"], d).status.success());
    std::os::unix::fs::symlink("LEVEL01.json", d.join("symlink.json")).unwrap();
    std::fs::hard_link(d.join("LEVEL01.json"), d.join("hardlink.json")).unwrap();
    refused(&["pack", "LEVEL01.json", "-o", "symlink.json"], d, "LEVEL01.json");
    refused(&["pack", "LEVEL01.json", "-o", "hardlink.json"], d, "LEVEL01.json");
}

#[test]
fn in_place_allows_it_and_the_result_is_whole() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("LEVEL01.BIN"), level()).unwrap();
    assert!(levelkit(&["dump", "LEVEL01.BIN", "-o", "x"], d).status.success());
    // dump then pack over the same file: the JSON becomes the level again.
    let out = levelkit(&["pack", "x", "-o", "x", "--in-place"], d);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read(d.join("x")).unwrap(), level());
    let out = levelkit(&["dump", "x", "-o", "x", "--in-place"], d);
    assert!(out.status.success());
    assert!(serde_json::from_slice::<serde_json::Value>(&std::fs::read(d.join("x")).unwrap()).is_ok());
    // Only the temporary-file-and-rename leaves nothing else behind.
    assert_eq!(std::fs::read_dir(d).unwrap().count(), 2);
}

#[test]
fn a_new_output_or_another_file_is_no_input() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("LEVEL01.BIN"), level()).unwrap();
    std::fs::write(d.join("other.json"), b"old").unwrap();
    assert!(levelkit(&["dump", "LEVEL01.BIN", "-o", "new.json"], d).status.success());
    assert!(levelkit(&["dump", "LEVEL01.BIN", "-o", "other.json"], d).status.success());
    assert!(levelkit(&["pack", "new.json", "-o", "LEVEL01.BIN"], d).status.success());
}

#[test]
fn build_repair_export_render_and_maps_refuse_to_replace_their_input() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("LEVEL01.BIN"), level()).unwrap();
    let cl = levelkit::heroes::generate::game_correct(2, 300, 6).to_bytes().unwrap();
    std::fs::write(d.join("s01.cl"), cl).unwrap();
    refused(&["build-cl", "s01.cl", "-o", "s01.cl"], d, "s01.cl");
    refused(&["repair-cl", "s01.cl", "-o", "./s01.cl"], d, "s01.cl");
    refused(&["render", "s01.cl", "-o", "s01.cl"], d, "s01.cl");
    refused(&["map", "s01.cl", "-o", "s01.cl"], d, "s01.cl");
    refused(&["audit", "s01.cl", "--probes", "10", "--map", "s01.cl"], d, "s01.cl");
    // OBJ export writes LEVEL01.obj and LEVEL01.mtl: no file it writes may be an input.
    std::fs::copy(d.join("LEVEL01.BIN"), d.join("LEVEL01.mtl")).unwrap();
    refused(&["export", "LEVEL01.mtl", "-o", "LEVEL01.obj"], d, "LEVEL01.mtl");
    assert!(!d.join("LEVEL01.obj").exists(), "nothing is written when one output is refused");
    // With --in-place it goes ahead.
    let out = levelkit(&["repair-cl", "s01.cl", "-o", "s01.cl", "--in-place"], d);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}
