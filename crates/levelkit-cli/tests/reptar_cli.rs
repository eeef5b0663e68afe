//! The `levelkit` binary on Rugrats LEVELnn.BIN files: exit codes, JSON keys, dump → pack identity.

use levelkit::reptar::generate::{generate, Options};
use levelkit::reptar::Level;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn levelkit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_levelkit")).args(args).output().expect("runs")
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("exit code")
}

fn stdout_json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&o.stdout)))
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

fn sample() -> Level {
    generate(&Options { rooms: 6, ..Options::small(7) })
}

#[test]
fn info_prints_the_summary() {
    let dir = tempfile::tempdir().unwrap();
    let level = sample();
    let file = write(dir.path(), "LEVEL01.BIN", &level.to_bytes().unwrap());
    let o = levelkit(&["info", "--json", p(&file)]);
    assert_eq!(code(&o), 0, "{}", String::from_utf8_lossy(&o.stderr));
    let v = stdout_json(&o);
    assert_eq!(v["format"], "reptar-level");
    for key in ["rooms", "portals", "boxes", "blobs", "vertices", "triangles", "quads", "textures"] {
        assert!(v[key].is_u64(), "{key} missing: {v}");
    }
    assert_eq!(v["rooms"], 6);
    assert_eq!(usize::try_from(v["triangles"].as_u64().unwrap()).unwrap(), level.triangle_count());
    assert_eq!(usize::try_from(v["quads"].as_u64().unwrap()).unwrap(), level.quad_count());
    let o = levelkit(&["info", p(&file)]);
    assert_eq!(code(&o), 0);
    assert!(String::from_utf8_lossy(&o.stdout).contains("rooms: 6"));
}

#[test]
fn check_json_gives_each_finding_its_byte_offset() {
    let dir = tempfile::tempdir().unwrap();
    let mut level = sample();
    level.portals[0].corners[1].flags = 0x1234; // no room 0x1234
    let bytes = level.to_bytes().unwrap();
    let bad = write(dir.path(), "bad.bin", &bytes);
    let o = levelkit(&["check", "--json", p(&bad)]);
    assert_eq!(code(&o), 1);
    let v = stdout_json(&o);
    let finding = &v["findings"][0];
    assert_eq!(finding["path"], "portals[0].corners[1].flags", "{v}");
    // The offset is that u16's own (little-endian): the bytes there are the value written.
    let at = usize::try_from(finding["offset"].as_u64().unwrap_or_else(|| panic!("{finding}"))).unwrap();
    assert_eq!(bytes[at..at + 2], [0x34, 0x12], "{finding}");
    assert!(finding["message"].as_str().unwrap().ends_with(&format!("(byte 0x{at:x})")), "{finding}");
    let o = levelkit(&["check", p(&bad)]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.lines().any(|l| l.starts_with("error: portals[0].corners[1].flags: ")
            && l.ends_with(&format!("(byte 0x{at:x})"))),
        "{text}"
    );
}

#[test]
fn check_passes_valid_files_and_fails_broken_ones() {
    let dir = tempfile::tempdir().unwrap();
    let good = write(dir.path(), "good.bin", &sample().to_bytes().unwrap());
    let o = levelkit(&["check", "--json", p(&good)]);
    assert_eq!(code(&o), 0, "{}", String::from_utf8_lossy(&o.stdout));
    let v = stdout_json(&o);
    assert_eq!(
        (v["ok"].as_bool(), v["errors"].as_u64(), v["format"].as_str()),
        (Some(true), Some(0), Some("reptar-level"))
    );

    let mut level = sample();
    level.portals[0].corners[1].flags = 200;
    let bad = write(dir.path(), "bad.bin", &level.to_bytes().unwrap());
    let o = levelkit(&["check", "--json", p(&bad)]);
    assert_eq!(code(&o), 1);
    let v = stdout_json(&o);
    assert_eq!(v["ok"], false);
    assert_eq!(v["findings"][0]["path"], "portals[0].corners[1].flags");
    assert_eq!(v["findings"][0]["severity"], "error");
    assert_eq!(v["findings"][0]["rule"], "reptar-portal-destination");
    let mut keys: Vec<&str> = v["findings"][0].as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["message", "offset", "path", "rule", "severity"]);
    let o = levelkit(&["check", p(&bad)]);
    assert_eq!(code(&o), 1);
    assert!(String::from_utf8_lossy(&o.stdout).contains("destination room 200 does not exist"));

    // Warnings fail only --strict.
    let mut level = sample();
    level.unused.push(levelkit::reptar::UnusedRecord { raw: [1; 56] });
    let odd = write(dir.path(), "odd.bin", &level.to_bytes().unwrap());
    assert_eq!(code(&levelkit(&["check", "--format", "reptar-level", p(&odd)])), 0);
    assert_eq!(code(&levelkit(&["check", "--strict", "--format", "reptar-level", p(&odd)])), 1);
}

#[test]
fn dump_then_pack_gives_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    for (k, level) in
        [sample(), generate(&Options { oddities: true, rooms: 5, ..Options::small(3) })].iter().enumerate()
    {
        let bytes = level.to_bytes().unwrap();
        let file = write(dir.path(), &format!("l{k}.bin"), &bytes);
        let json = dir.path().join(format!("l{k}.json"));
        let o = levelkit(&["dump", "--format", "reptar-level", p(&file), "-o", p(&json)]);
        assert_eq!(code(&o), 0, "{}", String::from_utf8_lossy(&o.stderr));
        let out = dir.path().join(format!("l{k}.out"));
        let o = levelkit(&["pack", p(&json), "-o", p(&out)]);
        assert_eq!(code(&o), 0, "{}", String::from_utf8_lossy(&o.stderr));
        assert_eq!(std::fs::read(&out).unwrap(), bytes);
    }
    // Dump to standard output is the same JSON.
    let file = dir.path().join("l0.bin");
    let o = levelkit(&["dump", p(&file)]);
    assert_eq!(code(&o), 0);
    assert_eq!(stdout_json(&o)["format"], "reptar-level");
}

#[test]
fn rooms_lists_rooms_and_portals() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "LEVEL02.BIN", &sample().to_bytes().unwrap());
    let o = levelkit(&["rooms", p(&file)]);
    assert_eq!(code(&o), 0, "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(text.lines().count(), 6, "{text}");
    assert!(text.contains("room   0:"));
    let o = levelkit(&["rooms", "--json", p(&file)]);
    assert_eq!(code(&o), 0);
    let v = stdout_json(&o);
    assert_eq!(v["rooms"].as_array().unwrap().len(), 6);
    for key in ["index", "min", "max", "triangles", "quads", "portals", "leads_to"] {
        assert!(!v["rooms"][0][key].is_null(), "{key}: {v}");
    }
    assert!(v["links"].as_array().unwrap().len() >= 5);
    let o = levelkit(&["rooms", "--dot", p(&file)]);
    assert_eq!(code(&o), 0);
    let dot = String::from_utf8_lossy(&o.stdout);
    assert!(dot.starts_with("digraph rooms {") && dot.trim_end().ends_with('}'), "{dot}");
    assert_eq!(code(&levelkit(&["rooms", "--dot", "--json", p(&file)])), 2, "usage error");

    // Not a LEVEL file: exit 1 with a message.
    let junk = write(dir.path(), "junk.bin", &[0xAB; 100]);
    let o = levelkit(&["rooms", p(&junk)]);
    assert_eq!(code(&o), 1);
    assert!(!o.stderr.is_empty());
    let mut cl = vec![0u8; 256];
    cl[..4].copy_from_slice(&256u32.to_be_bytes());
    let cl = write(dir.path(), "s01_cl.cl", &cl);
    assert_eq!(code(&levelkit(&["rooms", p(&cl)])), 1);
}

/// A file shaped like the seed's LEVEL08 whose first portal does not look like 32-bit values to the LEVEL08
/// heuristic: it is still far more a LEVEL file than a `.cl` (its first u32 is 0, its counts chain past the
/// portals), so it is reported as a broken LEVEL file with the offset and section, exit 1.
#[test]
fn a_level_that_fits_no_format_is_reported_as_a_broken_level() {
    let dir = tempfile::tempdir().unwrap();
    let mut data = Vec::new();
    data.extend_from_slice(&0u32.to_le_bytes()); // never-used records
    data.extend_from_slice(&2u32.to_le_bytes()); // "portals"
    for v in [0x0003_1000u32, 0xffff_fe80, 0x0004_1200, 0, 0x0003_6000, 0xffff_fe80, 0x0004_1400, 1] {
        data.extend_from_slice(&v.to_le_bytes());
    }
    data.extend_from_slice(&[0; 16 + 48]);
    data.extend_from_slice(&0x7fff_ff00u32.to_le_bytes()); // the third count
    data.extend_from_slice(&[0; 64]);
    let file = write(dir.path(), "LEVEL08.BIN", &data);
    for command in ["check", "info"] {
        let o = levelkit(&[command, p(&file)]);
        assert_eq!(code(&o), 1);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("a broken Rugrats LEVELnn.BIN file"), "{err}");
        assert!(err.contains("at byte 104 (0x68), reading 24-byte record count: count 2147483392"), "{err}");
        assert!(err.contains("64 are left"), "{err}");
    }

    // Bytes that fit neither: why not, for each format.
    let noise: Vec<u8> = (0..200u32).map(|i| (i * 37 % 251) as u8 | 1).collect();
    let file = write(dir.path(), "noise.bin", &noise);
    let o = levelkit(&["check", p(&file)]);
    assert_eq!(code(&o), 1);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("not a Sonic Heroes .cl file (at byte "), "{err}");
    assert!(err.contains("not a Rugrats LEVELnn.BIN file (at byte 0 (0x0), reading never-used"), "{err}");
}

#[test]
fn bad_inputs_exit_1_with_offset_and_section() {
    let dir = tempfile::tempdir().unwrap();
    // LEVEL08's shape: the first quad holds 32-bit values and the third count is not a count.
    let mut data = Vec::new();
    data.extend_from_slice(&0u32.to_le_bytes()); // never-used records
    data.extend_from_slice(&1u32.to_le_bytes()); // "portals"
    for v in [0xfffe_5c00u32, 0xffff_fe80, 0x0000_1200, 0, 0xfffe_6000, 0xffff_fe80, 0x0000_1400, 1] {
        data.extend_from_slice(&v.to_le_bytes());
    }
    data.extend_from_slice(&[0; 16]);
    data.extend_from_slice(&0xffff_fe80u32.to_le_bytes()); // the third count
    data.extend_from_slice(&[0; 32]);
    let level08 = write(dir.path(), "LEVEL08.BIN", &data);
    let o = levelkit(&["info", p(&level08)]);
    assert_eq!(code(&o), 1);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("at byte 56 (0x38)") && err.contains("24-byte record count"), "{err}");
    assert!(err.contains("LEVEL08"), "{err}");

    // An unknown face kind.
    let level = sample();
    let mut bytes = level.to_bytes().unwrap();
    let layout = level.layout().unwrap();
    let room = &level.rooms[0];
    let faces_at = layout.geometry[0] + 4 + 4 * room.blobs.len() + room.blobs[0].faces_at();
    bytes[faces_at] = 0x62;
    let bad = write(dir.path(), "kind.bin", &bytes);
    let o = levelkit(&["check", "--format", "reptar-level", p(&bad)]);
    assert_eq!(code(&o), 1);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains(&format!("at byte {faces_at}")) && err.contains("face kind 0x0062"), "{err}");
    assert!(err.contains("room 0 geometry blob 0 face section 0"), "{err}");

    // Truncated.
    let good = sample().to_bytes().unwrap();
    let cut = write(dir.path(), "cut.bin", &good[..good.len() / 2]);
    assert_eq!(code(&levelkit(&["info", "--format", "reptar-level", p(&cut)])), 1);
    assert_eq!(code(&levelkit(&["dump", "--format", "reptar-level", p(&cut)])), 1);
    // A dump that is not a level.
    let json = write(dir.path(), "bad.json", br#"{"format": "reptar-level", "rooms": 3}"#);
    let out = dir.path().join("never.bin");
    assert_eq!(code(&levelkit(&["pack", p(&json), "-o", p(&out)])), 1);
    assert!(!out.exists());
    assert_eq!(code(&levelkit(&["rooms"])), 2, "usage error");
}
