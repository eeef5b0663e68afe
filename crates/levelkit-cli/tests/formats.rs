//! Issue 46 through the binary: the right format, named; reads within a cap; no dump key ignored; a cause
//! said once. Each test asserts an exit code and the phrase only its own case prints.

use levelkit::heroes::generate;
use levelkit::reptar::generate::{generate as generate_level, Options};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn levelkit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_levelkit")).args(args).output().expect("the binary runs")
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("exited normally")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn level_bytes() -> Vec<u8> {
    generate_level(&Options { rooms: 3, ..Options::small(4) }).to_bytes().unwrap()
}

fn cl_bytes() -> Vec<u8> {
    generate::game_correct(3, 200, 6).to_bytes().unwrap()
}

/// A LEVEL file given to a command that reads only `.cl` files is named as one, with what the command
/// reads (today: `at byte 15925503 … past the end of the 64608-byte file`), and the other way round.
#[test]
fn a_file_of_the_other_format_is_named_with_what_the_command_reads() {
    let dir = tempfile::tempdir().unwrap();
    let level = write(dir.path(), "LEVEL00.BIN", &level_bytes());
    let out = dir.path().join("out.png");
    for args in [
        vec!["audit", s(&level)],
        vec!["map", s(&level), "-o", s(&out)],
        vec!["probe", s(&level), "--down", "0,0,0"],
        vec!["repair-cl", s(&level), "-o", s(&out)],
    ] {
        let o = levelkit(&args);
        assert_eq!(code(&o), 1, "{args:?}: {}", stderr(&o));
        let want = format!(
            "levelkit: error: {} is a Rugrats LEVELnn.BIN file; {} reads Sonic Heroes .cl files\n",
            s(&level),
            args[0]
        );
        assert_eq!(stderr(&o), want, "{args:?}");
        assert!(!out.exists());
    }
    let cl = write(dir.path(), "s01.cl", &cl_bytes());
    let o = levelkit(&["rooms", s(&cl)]);
    assert_eq!(code(&o), 1);
    assert_eq!(
        stderr(&o),
        format!(
            "levelkit: error: {} is a Sonic Heroes .cl file; rooms reads Rugrats LEVELnn.BIN files\n",
            s(&cl)
        )
    );
}

/// A `.cl` file cut short is named as a `.cl` file that ends early, by every command, not as "not a file
/// levelkit recognises" with a Rugrats count of billions.
#[test]
fn a_cl_file_cut_short_is_named_as_one() {
    let dir = tempfile::tempdir().unwrap();
    let whole = cl_bytes();
    let cut = write(dir.path(), "cut.cl", &whole[..whole.len() / 2]);
    for command in ["info", "check", "audit"] {
        let o = levelkit(&[command, s(&cut)]);
        assert_eq!(code(&o), 1, "{command}");
        let err = stderr(&o);
        assert!(
            err.starts_with(&format!("levelkit: error: {}: a Sonic Heroes .cl file, cut short (its header's dataSize says {} bytes", s(&cut), thousands(whole.len()))),
            "{command}: {err}"
        );
        assert!(!err.contains("LEVELnn.BIN"), "{command}: {err}");
    }
    // A LEVEL file cut short, the same.
    let level = level_bytes();
    let cut = write(dir.path(), "LEVEL01.BIN", &level[..level.len() - 100]);
    let o = levelkit(&["info", s(&cut)]);
    assert_eq!(code(&o), 1);
    assert!(stderr(&o).contains(": a Rugrats LEVELnn.BIN file, cut short ("), "{}", stderr(&o));
}

use levelkit::num::thousands;

/// A JSON dump where a binary file is read says to pack it.
#[test]
fn a_dump_given_for_a_binary_says_to_pack_it() {
    let dir = tempfile::tempdir().unwrap();
    let cl = write(dir.path(), "s01.cl", &cl_bytes());
    let json = dir.path().join("s01.json");
    assert_eq!(code(&levelkit(&["dump", s(&cl), "-o", s(&json)])), 0);
    for args in [vec!["info", s(&json)], vec!["audit", s(&json)], vec!["info", "--format", "cl", s(&json)]] {
        let o = levelkit(&args);
        assert_eq!(code(&o), 1, "{args:?}");
        assert_eq!(
            stderr(&o),
            format!(
                "levelkit: error: {}: a levelkit JSON dump of a Sonic Heroes .cl file, not the binary file; pack \
                 it into one first with `levelkit pack DUMP -o FILE`\n",
                s(&json)
            ),
            "{args:?}"
        );
    }
}

/// Every command that reads a level file takes `--format`; a command that reads one format takes only it.
#[test]
fn every_reader_takes_format() {
    let dir = tempfile::tempdir().unwrap();
    let cl = write(dir.path(), "s01.cl", &cl_bytes());
    let level = write(dir.path(), "LEVEL01.BIN", &level_bytes());
    let out = dir.path().join("out.png");
    let fixed = dir.path().join("fixed.cl");
    for args in [
        vec!["audit", "--format", "heroes-cl", "--probes", "50", s(&cl)],
        vec!["map", "--format", "cl", s(&cl), "-o", s(&out)],
        vec!["probe", "--format", "cl", s(&cl), "--down", "0,100,0"],
        vec!["repair-cl", "--format", "cl", s(&cl), "-o", s(&fixed)],
        vec!["rooms", "--format", "reptar-level", s(&level)],
    ] {
        let o = levelkit(&args);
        assert!(
            code(&o) == 0 || code(&o) == 1 && !stderr(&o).contains("unexpected argument"),
            "{args:?}: {}",
            stderr(&o)
        );
        assert!(!stderr(&o).contains("error:"), "{args:?}: {}", stderr(&o));
    }
    // The other format is a usage error: exit 2, naming the one value.
    let o = levelkit(&["audit", "--format", "reptar-level", s(&cl)]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("[possible values: heroes-cl]"), "{}", stderr(&o));
}

/// A loose file larger than its format can be is refused, naming the cap, without being read.
#[test]
fn reads_have_a_cap() {
    let dir = tempfile::tempdir().unwrap();
    // Sparse: 300 MiB on paper, nothing on the disk.
    let big = dir.path().join("big.cl");
    std::fs::File::create(&big).unwrap().set_len(300 << 20).unwrap();
    let o = levelkit(&["info", s(&big)]);
    assert_eq!(code(&o), 1);
    assert_eq!(
        stderr(&o),
        format!(
            "levelkit: error: {} is larger than a level file (Sonic Heroes .cl or Rugrats LEVELnn.BIN) can be: \
             314,572,800 bytes, more than 256 MiB (the longest .cl file levelkit writes; a LEVELnn.BIN file is \
             at most 16 MiB); nothing was read\n",
            s(&big)
        )
    );
    let o = levelkit(&["rooms", s(&big)]);
    assert_eq!(code(&o), 1);
    assert!(
        stderr(&o).contains(
            "is larger than a Rugrats LEVELnn.BIN file can be: 314,572,800 bytes, more than 16 MiB"
        ),
        "{}",
        stderr(&o)
    );
    // A VRAM dump is exactly 1 MiB; up to twice that is read so that its own check says how far off it is.
    let level = write(dir.path(), "LEVEL01.BIN", &level_bytes());
    let vram = dir.path().join("vram.bin");
    std::fs::File::create(&vram).unwrap().set_len((2 << 20) + 1).unwrap();
    let o = levelkit(&["view", s(&level), "--vram", s(&vram), "-o", s(&dir.path().join("v.html"))]);
    assert_eq!(code(&o), 1);
    assert!(
        stderr(&o).contains("is larger than a PS1 VRAM dump can be: 2,097,153 bytes, more than 2 MiB"),
        "{}",
        stderr(&o)
    );
    // A dump: 1 GiB.
    let dump = dir.path().join("big.json");
    std::fs::File::create(&dump).unwrap().set_len((1 << 30) + 1).unwrap();
    let o = levelkit(&["pack", s(&dump), "-o", s(&dir.path().join("x.cl"))]);
    assert_eq!(code(&o), 1);
    assert!(
        stderr(&o)
            .contains("is larger than a levelkit JSON dump can be: 1,073,741,825 bytes, more than 1 GiB"),
        "{}",
        stderr(&o)
    );
}

/// `/dev/zero` never ends: the read stops one byte past the cap (today it runs until memory runs out; the
/// address space is limited here so that a regression fails instead of taking the machine).
#[cfg(target_os = "linux")]
#[test]
fn an_endless_file_is_refused_at_the_cap() {
    let bin = env!("CARGO_BIN_EXE_levelkit");
    let o = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v 4000000; exec '{bin}' info /dev/zero"))
        .output()
        .unwrap();
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "levelkit: error: /dev/zero is larger than a level file (Sonic Heroes .cl or Rugrats LEVELnn.BIN) can be: \
         more than 256 MiB (the longest .cl file levelkit writes; a LEVELnn.BIN file is at most 16 MiB); reading \
         stopped there\n"
    );
}

/// A dump's explaining keys: an edited `surface` that disagrees with its attribute, or a count that is not
/// its array's length, is an error naming both, and nothing is written.
#[test]
fn pack_refuses_dump_keys_that_disagree() {
    let dir = tempfile::tempdir().unwrap();
    let cl = write(dir.path(), "s01.cl", &cl_bytes());
    let json = dir.path().join("s01.json");
    assert_eq!(code(&levelkit(&["dump", s(&cl), "-o", s(&json)])), 0);
    let dump: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let out = dir.path().join("out.cl");
    let pack = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut d = dump.clone();
        edit(&mut d);
        let edited = write(dir.path(), "edited.json", &serde_json::to_vec(&d).unwrap());
        levelkit(&["pack", s(&edited), "-o", s(&out)])
    };
    // Unedited: the same bytes.
    let o = pack(&|_| {});
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(&cl).unwrap());
    std::fs::remove_file(&out).unwrap();

    let surface = dump["triangles"][0]["surface"].as_str().unwrap().to_string();
    let other = if surface == "wall" { "death" } else { "wall" };
    let o = pack(&|d| d["triangles"][0]["surface"] = other.into());
    assert_eq!(code(&o), 1);
    assert!(
        stderr(&o).contains(&format!("triangles[0]: \"surface\" is \"{other}\""))
            && stderr(&o).contains("the two disagree"),
        "{}",
        stderr(&o)
    );
    assert!(!out.exists());
    // The surface as the attribute: takes effect.
    let o = pack(&|d| {
        d["triangles"][0]["attribute"] = other.into();
        d["triangles"][0]["surface"] = other.into();
    });
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let packed = levelkit::heroes::Collision::parse(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(levelkit::heroes::flags::surface_id(packed.triangles[0].attribute), other);
    std::fs::remove_file(&out).unwrap();

    let o = pack(&|d| d["header"]["numPolygons"] = 7.into());
    assert_eq!(code(&o), 1);
    assert!(
        stderr(&o).contains("header.numPolygons: the dump says 7, but \"triangles\" has 200"),
        "{}",
        stderr(&o)
    );
    assert!(!out.exists());
}

/// A push with no game running says why once (today: `…: cannot find the game's port here: … pass
/// --port: cannot find the game's port here: … pass --port`).
#[cfg(not(windows))]
#[test]
fn a_failed_push_names_its_reason_once() {
    let dir = tempfile::tempdir().unwrap();
    let collisions = dir.path().join("game/dvdroot/collisions");
    std::fs::create_dir_all(&collisions).unwrap();
    let cl = write(dir.path(), "s03.cl", &cl_bytes());
    let o = levelkit(&["push", s(&cl), "--game", s(&dir.path().join("game")), "--timeout", "1"]);
    assert_eq!(code(&o), 1);
    let err = stderr(&o);
    assert_eq!(err.matches("cannot find the game's port here").count(), 1, "{err}");
    assert!(err.contains("but the game did not reload it: cannot find the game's port here"), "{err}");
}
