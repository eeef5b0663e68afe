//! The game's freezes from the command line, as a new user meets them: an OBJ of walls with float noise
//! builds into a file the game cannot hang on; a file another tool wrote from the same walls fails
//! `check` and `audit` naming the triangles, and `repair-cl` rotates them all.

use levelkit::heroes::builder::{build_community, BuildInput};
use levelkit::heroes::generate::noisy_walls;
use std::fmt::Write as _;
use std::path::Path;
use std::process::{Command, Output};

fn levelkit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_levelkit")).args(args).output().expect("the binary runs")
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("exited normally")
}

fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The mesh as an OBJ a modelling program would write (shortest round-tripping decimals).
fn obj(input: &BuildInput) -> String {
    let mut out = String::new();
    for p in &input.positions {
        writeln!(out, "v {} {} {}", p[0], p[1], p[2]).unwrap();
    }
    for t in &input.triangles {
        writeln!(out, "f {} {} {}", t.vertices[0] + 1, t.vertices[1] + 1, t.vertices[2] + 1).unwrap();
    }
    out
}

#[test]
fn an_obj_of_noisy_walls_builds_into_a_file_the_game_cannot_hang_on() {
    let dir = tempfile::tempdir().unwrap();
    let walls = dir.path().join("walls.obj");
    std::fs::write(&walls, obj(&noisy_walls(21, 600, 2_000.0))).unwrap();
    let out = dir.path().join("walls.cl");
    let o = levelkit(&["build-cl", s(&walls), "-o", s(&out)]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    let said = text(&o);
    let rotated: usize = said
        .split("game safety: ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no game-safety line: {said}"));
    assert!(rotated > 0, "{said}");
    let o = levelkit(&["check", "--strict", s(&out)]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    let o = levelkit(&["audit", s(&out), "--probes", "2000"]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    assert!(
        text(&o).contains("freezes: none (no probe froze the game; no triangle hangs it)"),
        "{}",
        text(&o)
    );
}

#[test]
fn a_file_that_hangs_the_game_fails_check_and_audit_and_repair_fixes_it() {
    let dir = tempfile::tempdir().unwrap();
    // The community editor's way keeps every corner order as given.
    let c = build_community(&noisy_walls(22, 600, 2_000.0), 0, 0, false).unwrap();
    let bad = dir.path().join("bad.cl");
    std::fs::write(&bad, c.to_bytes().unwrap()).unwrap();
    let o = levelkit(&["check", s(&bad)]);
    assert_eq!(code(&o), 1, "{}", text(&o));
    assert!(text(&o).contains("the game hangs when a sphere comes near triangle"), "{}", text(&o));
    // The library's finding says what fixes it; the CLI names the command, on standard error.
    assert!(text(&o).contains("repairing the file rotates it"), "{}", text(&o));
    let help = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(help.contains("levelkit: help: `levelkit repair-cl FILE -o OUT` rotates the corners"), "{help}");
    let o = levelkit(&["audit", s(&bad), "--probes", "500"]);
    assert_eq!(code(&o), 1, "{}", text(&o));
    assert!(text(&o).contains(") hangs the game"), "{}", text(&o));
    assert!(text(&o).contains("triangles hang the game when a sphere comes near"), "{}", text(&o));
    let fixed = dir.path().join("fixed.cl");
    let o = levelkit(&["repair-cl", s(&bad), "-o", s(&fixed)]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    assert!(
        text(&o).contains("triangles rotated so the game cannot hang on them, 0 dropped"),
        "{}",
        text(&o)
    );
    let o = levelkit(&["check", "--strict", s(&fixed)]);
    assert_eq!(code(&o), 0, "{}", text(&o));
}
