//! `levelkit build-cl` and `levelkit repair-cl`: what they write checks strict-clean, the bytes are
//! deterministic, failures write nothing and exit 1.

use levelkit::heroes::generate::{self, Style};
use levelkit::heroes::Collision;
use std::path::{Path, PathBuf};
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

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn strict_clean(p: &Path) {
    let o = levelkit(&["check", "--strict", s(p)]);
    assert_eq!(code(&o), 0, "{}", text(&o));
}

#[test]
fn build_cl_from_a_cl_file_checks_strict_and_is_deterministic() {
    let dir = tempfile::tempdir().unwrap();
    let input =
        write(dir.path(), "hpp.cl", &generate::odd(2, 900, 6, &Style::community()).to_bytes().unwrap());
    let (a, b) = (dir.path().join("a.cl"), dir.path().join("b.cl"));
    let o = levelkit(&["build-cl", s(&input), "-o", s(&a)]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    assert!(text(&o).contains("900 triangles"), "{}", text(&o));
    strict_clean(&a);
    let o = levelkit(&["build-cl", s(&input), "-o", s(&b), "--json"]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    for key in ["input_triangles", "welded_vertices", "degenerate_triangles", "tree"] {
        assert!(v["report"].get(key).is_some(), "no {key}: {v}");
    }
    assert_eq!(v["report"]["tree"]["triangles"], 900);
}

#[test]
fn build_cl_options() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "in.cl", &generate::game_correct(3, 400, 5).to_bytes().unwrap());
    let out = dir.path().join("out.cl");
    let o = levelkit(&[
        "build-cl",
        s(&input),
        "-o",
        s(&out),
        "--depth",
        "4",
        "--max-depth",
        "12",
        "--flip",
        "--weld",
        "0.01",
        "--attribute",
        "wall",
    ]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    strict_clean(&out);
    let c = Collision::parse(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!((c.header.max_depth, c.tree_depth()), (12, 4));
    assert!(c.triangles.iter().all(|t| t.attribute == 0x100));
    for bad in [["--depth", "x"], ["--depth", "16"], ["--attribute", "nonsense"]] {
        let o = levelkit(&["build-cl", s(&input), "-o", s(&dir.path().join("bad.cl")), bad[0], bad[1]]);
        assert_ne!(code(&o), 0, "{bad:?}");
        assert!(!dir.path().join("bad.cl").exists());
    }
}

#[test]
fn build_cl_failures_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let big = write(dir.path(), "big.cl", &generate::game_correct(4, 20_000, 4).to_bytes().unwrap());
    let out = dir.path().join("out.cl");
    let o = levelkit(&["build-cl", s(&big), "-o", s(&out), "--depth", "13"]);
    assert_eq!(code(&o), 1, "{}", text(&o));
    assert!(text(&o).contains("depth 13 needs more than 65,534 nodes"), "{}", text(&o));
    assert!(!out.exists());
    let junk = write(dir.path(), "junk.bin", &[7u8; 100]);
    let o = levelkit(&["build-cl", s(&junk), "-o", s(&out)]);
    assert_eq!(code(&o), 1, "{}", text(&o));
    assert!(!out.exists());
}

#[test]
fn repair_cl_makes_community_files_strict_clean() {
    let dir = tempfile::tempdir().unwrap();
    let mesh = write(dir.path(), "mesh.cl", &generate::game_correct(5, 1500, 6).to_bytes().unwrap());
    let hpp = dir.path().join("hpp.cl");
    let o = levelkit(&["build-cl", s(&mesh), "-o", s(&hpp), "--community", "--depth", "5"]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    let o = levelkit(&["check", "--strict", s(&hpp)]);
    assert_eq!(code(&o), 1, "community files have warnings: {}", text(&o));
    let fixed = dir.path().join("fixed.cl");
    let o = levelkit(&["repair-cl", s(&hpp), "-o", s(&fixed)]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    assert!(text(&o).contains("links") && text(&o).contains("adjacency"), "{}", text(&o));
    strict_clean(&fixed);
    let o = levelkit(&["repair-cl", s(&hpp), "-o", s(&fixed), "--json"]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let r = &v["report"];
    assert_eq!(r["links_before"], 0);
    assert!(r["links_after"].as_u64().unwrap() > 0);
    assert!(r["links_missing_before"].as_u64().unwrap() > 0);
    assert_eq!((r["errors_after"].as_u64(), r["warnings_after"].as_u64()), (Some(0), Some(0)));
    let before = Collision::parse(&std::fs::read(&hpp).unwrap()).unwrap();
    let after = Collision::parse(&std::fs::read(&fixed).unwrap()).unwrap();
    assert_eq!(before.vertices, after.vertices);
    assert_eq!(before.triangles.len(), after.triangles.len());
}

#[test]
fn build_cl_names_a_vertex_that_is_not_finite_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    // A file whose every vertex is NaN (a hostile or broken .cl): not "degenerate", and not an empty file.
    let mut c = generate::game_correct(6, 40, 3);
    c.vertices.iter_mut().for_each(|v| *v = [f32::NAN; 3]);
    let input = write(dir.path(), "nan.cl", &c.to_bytes().unwrap());
    let out = dir.path().join("out.cl");
    let o = levelkit(&["build-cl", s(&input), "-o", s(&out)]);
    assert_eq!(code(&o), 1, "{}", text(&o));
    let said = String::from_utf8_lossy(&o.stderr);
    assert!(
        said.contains("levelkit: error: ")
            && said.contains("vertex 0 is (NaN, NaN, NaN), not a finite position, and triangle 0 uses it"),
        "{said}"
    );
    assert!(!said.contains("degenerate"), "{said}");
    assert!(!out.exists());
}

/// The README says `samples/stage.cl` is "built by levelkit's builder": it is what the builder writes, with
/// no vertex unused or written twice, and building it again changes nothing.
#[test]
fn the_stage_sample_is_the_builders_own_no_unused_or_duplicate_vertices() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/stage.cl");
    let c = Collision::parse(&std::fs::read(&path).unwrap()).unwrap();
    let mut used = vec![false; c.vertices.len()];
    c.triangles.iter().flat_map(|t| t.vertices).for_each(|v| used[usize::from(v)] = true);
    assert_eq!(used.iter().filter(|u| !**u).count(), 0, "unused vertices");
    let mut bits: Vec<[u32; 3]> = c.vertices.iter().map(|v| v.map(f32::to_bits)).collect();
    bits.sort_unstable();
    bits.dedup();
    assert_eq!(bits.len(), c.vertices.len(), "duplicate vertices");
    let dir = tempfile::tempdir().unwrap();
    let again = dir.path().join("again.cl");
    let o = levelkit(&["build-cl", s(&path), "-o", s(&again)]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    assert!(
        text(&o).contains(
            "vertices: 2,092 read = 2,092 used + 0 welded (within 0.01; --weld changes it) + 0 unused"
        ),
        "{}",
        text(&o)
    );
    assert_eq!(std::fs::read(&again).unwrap(), std::fs::read(&path).unwrap());
    strict_clean(&path);
}
