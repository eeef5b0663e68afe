//! The programs in `examples/` run as the README says, on files levelkit generates, and say what they did.
//! `cargo test` builds them beside this test (`target/<profile>/examples/`).

use levelkit::samples::{sample_bytes, SampleKind};
use std::path::PathBuf;
use std::process::{Command, Output};

fn example(name: &str, args: &[&std::ffi::OsStr]) -> Output {
    // target/<profile>/deps/examples-HASH -> target/<profile>/examples/NAME
    let exe = std::env::current_exe().unwrap();
    let path: PathBuf = exe.parent().unwrap().parent().unwrap().join("examples").join(name);
    Command::new(&path).args(args).output().unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn text(out: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

#[test]
fn check_probe_and_audit_read_a_stage() {
    let dir = tempfile::tempdir().unwrap();
    let stage = dir.path().join("stage.cl");
    std::fs::write(&stage, sample_bytes(SampleKind::ClCommunity, 1, Some(2000)).unwrap()).unwrap();
    let out = example("check", &[stage.as_os_str()]);
    assert!(out.status.success() && text(&out).contains(" 0 errors, "), "{}", text(&out));
    let out = example("audit", &[stage.as_os_str(), "500".as_ref()]);
    assert!(
        out.status.success() && text(&out).contains(" holes, 0 triangles the game hangs on"),
        "{}",
        text(&out)
    );
    let collision = levelkit::Collision::parse(&std::fs::read(&stage).unwrap()).unwrap();
    let [x, _, z] = collision.header.root_center;
    let out = example("probe", &[stage.as_os_str(), x.to_string().as_ref(), z.to_string().as_ref()]);
    assert!(out.status.success() && text(&out).contains("the game lands on triangle "), "{}", text(&out));
    let out = example("check", &[dir.path().join("missing.cl").as_os_str()]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
}

#[test]
fn build_cl_writes_a_file_check_passes() {
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("ramp.cl");
    let out = example("build_cl", &[out_path.as_os_str()]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("wrote ") && text(&out).contains("8 triangles"), "{}", text(&out));
    let built = levelkit::Collision::parse(&std::fs::read(&out_path).unwrap()).unwrap();
    assert!(built.validate().is_empty(), "{}", built.validate());
}

#[test]
fn edit_level_keeps_the_size_and_changes_one_room() {
    let dir = tempfile::tempdir().unwrap();
    let (input, output) = (dir.path().join("LEVEL00.BIN"), dir.path().join("edited.BIN"));
    let bytes = sample_bytes(SampleKind::Level, 1, Some(4)).unwrap();
    std::fs::write(&input, &bytes).unwrap();
    let out = example("edit_level", &[input.as_os_str(), "1".as_ref(), output.as_os_str()]);
    assert!(out.status.success() && text(&out).contains("raised by 16"), "{}", text(&out));
    let (before, after) = (
        levelkit::Level::parse(&bytes).unwrap(),
        levelkit::Level::parse(&std::fs::read(&output).unwrap()).unwrap(),
    );
    assert_eq!(std::fs::read(&output).unwrap().len(), bytes.len());
    assert_eq!(before.rooms[0], after.rooms[0]);
    let (was, now) = (&before.rooms[1].blobs[0].vertices[0], &after.rooms[1].blobs[0].vertices[0]);
    assert_eq!(now.y, was.y - 16);
    let out = example("edit_level", &[input.as_os_str(), "9".as_ref(), output.as_os_str()]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(text(&out).contains("has 4 rooms, 0 to 3: no room 9"), "{}", text(&out));
}

#[cfg(feature = "disc")]
#[test]
fn disc_ls_lists_and_reads_the_levels_of_an_image() {
    let dir = tempfile::tempdir().unwrap();
    let level = sample_bytes(SampleKind::Level, 1, Some(2)).unwrap();
    let iso = levelkit::disc::test_images::iso9660(&[("DATA/LEVEL00.BIN", &level), ("README.TXT", b"hello")]);
    let path = dir.path().join("rugrats.iso");
    std::fs::write(&path, iso).unwrap();
    let out = example("disc_ls", &[path.as_os_str()]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains("DATA/LEVEL00.BIN: ") && text(&out).contains("1 level files, 1 other files"),
        "{}",
        text(&out)
    );
}
