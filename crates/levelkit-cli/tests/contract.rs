//! The contract every command keeps (docs/guide/commands.md, "What every command promises"): nothing invalid is
//! written quietly, every written file is named on one `wrote` line (side files too) that `--quiet`
//! silences, usage errors exit 2, and every positional argument is described in `--help`.

use levelkit::heroes::generate::game_correct;
use levelkit::reptar::generate::{generate, Options};
use std::path::Path;
use std::process::{Command, Output};

fn levelkit(args: &[&str], cwd: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_levelkit")).args(args).current_dir(cwd).output().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A folder with a generated collision file (`s01.cl`), its dump (`s01.json`) and a level (`LEVEL01.BIN`).
fn inputs() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let collision = game_correct(1, 400, 6);
    std::fs::write(dir.path().join("s01.cl"), collision.to_bytes().unwrap()).unwrap();
    let dump = serde_json::to_string(&collision.to_dump()).unwrap();
    std::fs::write(dir.path().join("s01.json"), dump).unwrap();
    let level = generate(&Options::small(2));
    std::fs::write(dir.path().join("LEVEL01.BIN"), level.to_bytes().unwrap()).unwrap();
    dir
}

/// `s01.json` with triangle 0's third corner pointing five vertices past the last.
fn dump_with_missing_vertex(dir: &Path) -> usize {
    let mut dump: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("s01.json")).unwrap()).unwrap();
    let vertices = dump["vertices"].as_array().unwrap().len();
    dump["triangles"][0]["vertexIndexNo"][2] = serde_json::json!(vertices + 5);
    std::fs::write(dir.join("bad.json"), serde_json::to_string(&dump).unwrap()).unwrap();
    vertices + 5
}

#[test]
fn pack_writes_nothing_that_fails_check() {
    let dir = inputs();
    let d = dir.path();
    let missing = dump_with_missing_vertex(d);
    let o = levelkit(&["pack", "bad.json", "-o", "x.cl"], d);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let text = stderr(&o);
    assert!(text.contains(&format!("vertex {missing} does not exist")), "{text}");
    assert!(
        text.contains("would fail check with 1 error(s); nothing written (--allow-errors writes it anyway)"),
        "{text}"
    );
    assert!(!d.join("x.cl").exists(), "pack wrote a file its own check fails");
}

#[test]
fn pack_allow_errors_writes_says_so_and_still_fails() {
    let dir = inputs();
    let d = dir.path();
    dump_with_missing_vertex(d);
    let o = levelkit(&["pack", "bad.json", "-o", "x.cl", "--allow-errors"], d);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let text = stderr(&o);
    assert!(text.contains("wrote x.cl: 400 triangles, "), "{text}");
    assert!(text.contains("written anyway because of --allow-errors (exit status 1)"), "{text}");
    assert!(d.join("x.cl").exists());
}

#[test]
fn pack_of_an_unedited_dump_names_what_it_wrote() {
    let dir = inputs();
    let d = dir.path();
    let o = levelkit(&["pack", "s01.json", "-o", "back.cl"], d);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let size = std::fs::metadata(d.join("s01.cl")).unwrap().len();
    assert_eq!(std::fs::read(d.join("back.cl")).unwrap(), std::fs::read(d.join("s01.cl")).unwrap());
    let text = stderr(&o);
    let nodes = game_correct(1, 400, 6).nodes.len();
    assert_eq!(
        text,
        format!("wrote back.cl: 400 triangles, {nodes} nodes, {} bytes\n", levelkit::num::thousands(size)),
        "the one status line, and nothing else"
    );
}

/// Each command that writes files, and the files its `wrote` lines must name.
const WRITERS: &[(&[&str], &[&str])] = &[
    (&["render", "s01.cl", "-o", "r.png"], &["r.png"]),
    (&["render", "LEVEL01.BIN", "-o", "room.png", "--room", "0"], &["room.png"]),
    (&["export", "s01.cl", "-o", "e.glb"], &["e.glb"]),
    (&["export", "LEVEL01.BIN", "-o", "level.obj"], &["level.obj", "level.mtl"]),
    (&["sample", "cl", "-o", "sample.cl", "--size", "100"], &["sample.cl"]),
    (&["sample", "vram", "-o", "vram.bin"], &["vram.bin"]),
    (&["dump", "s01.cl", "-o", "d.json"], &["d.json"]),
    (&["pack", "s01.json", "-o", "p.cl"], &["p.cl"]),
    (&["view", "s01.cl", "-o", "v.html"], &["v.html"]),
    (&["convert", "s01.cl", "-o", "out", "--to", "json"], &["out/s01.json"]),
];

#[test]
fn every_written_file_is_named_on_one_line_and_quiet_silences_it() {
    let dir = inputs();
    let d = dir.path();
    for (args, files) in WRITERS {
        let o = levelkit(args, d);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        let text = stderr(&o);
        for file in *files {
            let line = format!("wrote {}: ", Path::new(file).display());
            assert_eq!(text.matches(&line).count(), 1, "{args:?} must name {file} once:\n{text}");
            assert!(d.join(file).is_file(), "{args:?}: {file} is not there");
            std::fs::remove_file(d.join(file)).unwrap();
        }
        let quiet: Vec<&str> = args.iter().copied().chain(["--quiet"]).collect();
        let o = levelkit(&quiet, d);
        assert_eq!(o.status.code(), Some(0), "{quiet:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("wrote "), "{quiet:?} still says what it wrote:\n{}", stderr(&o));
        for file in *files {
            assert!(d.join(file).is_file(), "{quiet:?}: {file} is not there");
        }
    }
}

/// Values clap takes but that make no sense: exit 2, the phrase that says why, nothing written.
const USAGE_ERRORS: &[(&[&str], &str)] = &[
    (&["render", "LEVEL01.BIN", "-o", "x.jpg"], "render writes PNG; name the output with .png"),
    (&["render", "s01.cl", "-o", "x.png", "--size", "2x2"], "is outside 8..=1024 on a side"),
    (&["render", "s01.cl", "-o", "x.png", "--room", "1"], "--room applies to Rugrats LEVELnn.BIN files only"),
    (&["render", "LEVEL01.BIN", "-o", "x.png", "--room", "99"], "room 99 does not exist"),
    (&["export", "s01.cl", "-o", "x.txt"], "the output must end in .glb, .gltf, .obj or .json"),
    (&["export", "s01.cl", "-o", "x.glb", "--room", "0"], "--room applies to Rugrats LEVELnn.BIN files only"),
    (&["export", "LEVEL01.BIN", "-o", "x.glb", "--tree"], "--tree applies to Sonic Heroes .cl files only"),
    (&["export", "s01.cl", "-o", "x.glb", "--scale=-1"], "the scale must be a positive, finite number"),
    (&["export", "s01.cl", "-o", "x.glb", "--scale", "NaN"], "the scale must be a positive, finite number"),
    (&["sample", "cl", "-o", "x.cl", "--size", "1"], "size is triangles from 2 to 65534, not 1"),
    (&["sample", "level", "-o", "x.bin", "--size", "81"], "size is rooms from 1 to 80, not 81"),
    (&["sample", "vram", "-o", "x.bin", "--size", "5"], "a vram sample has no size"),
    (&["convert", "s01.cl", "-o", "out", "--to", "json", "--jobs", "0"], "--jobs must be at least 1"),
];

#[test]
fn usage_errors_exit_2_and_write_nothing() {
    let dir = inputs();
    let d = dir.path();
    let before: Vec<_> = std::fs::read_dir(d).unwrap().map(|e| e.unwrap().file_name()).collect();
    for (args, phrase) in USAGE_ERRORS {
        let o = levelkit(args, d);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(phrase), "{args:?} must say {phrase:?}:\n{}", stderr(&o));
        let after: Vec<_> = std::fs::read_dir(d).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(before.len(), after.len(), "{args:?} wrote {after:?}");
    }
}

/// The subcommands `levelkit --help` lists.
fn commands() -> Vec<String> {
    let o = levelkit(&["--help"], Path::new("."));
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    let list = text.split("Commands:").nth(1).expect("levelkit --help lists its commands");
    list.lines()
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn every_positional_argument_is_described_in_help() {
    let commands = commands();
    assert!(commands.len() >= 20, "{commands:?}");
    let mut bare = Vec::new();
    for command in &commands {
        let o = levelkit(&[command, "--help"], Path::new("."));
        let text = String::from_utf8_lossy(&o.stdout).into_owned();
        let Some(arguments) = text.split("Arguments:").nth(1) else { continue };
        let arguments: Vec<&str> = arguments.lines().skip(1).take_while(|l| !l.trim().is_empty()).collect();
        for (i, line) in arguments.iter().enumerate() {
            let words: Vec<&str> = line.split_whitespace().collect();
            let name_only = words.len() == 1 && words[0].starts_with(['<', '[']);
            // clap puts a long description on the next line, indented further.
            let described_below = arguments.get(i + 1).is_some_and(|next| {
                let next = next.trim_start();
                !next.is_empty() && !next.starts_with(['<', '['])
            });
            if name_only && !described_below {
                bare.push(format!("{command} {}", words[0]));
            }
        }
    }
    assert!(bare.is_empty(), "positional arguments with no description in --help: {bare:?}");
}

/// A Rugrats level drawn or exported with no VRAM dump is untextured: a default the user is told of, with
/// the flag that changes it; with `--vram`, or to JSON (no textures), nothing is said.
#[test]
fn a_level_without_a_vram_dump_is_said_to_be_untextured() {
    let dir = inputs();
    let d = dir.path();
    std::fs::write(d.join("vram.bin"), levelkit::reptar::generate::vram().to_dump()).unwrap();
    let said = "no --vram given, so the rooms are in their vertex colours, untextured";
    for args in [
        &["export", "LEVEL01.BIN", "-o", "l.glb"][..],
        &["render", "LEVEL01.BIN", "-o", "l.png"],
        &["view", "LEVEL01.BIN", "-o", "l.html"],
    ] {
        let o = levelkit(args, d);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(said), "{args:?}:\n{}", stderr(&o));
        let with: Vec<&str> = args.iter().copied().chain(["--vram", "vram.bin"]).collect();
        let o = levelkit(&with, d);
        assert_eq!(o.status.code(), Some(0), "{with:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("untextured"), "{with:?}:\n{}", stderr(&o));
    }
    let o = levelkit(&["export", "LEVEL01.BIN", "-o", "l.json"], d);
    assert!(!stderr(&o).contains("untextured"), "{}", stderr(&o));
    let o = levelkit(&["convert", "LEVEL01.BIN", "-o", "out", "--to", "glb"], d);
    assert!(
        stderr(&o).contains("1 Rugrats level(s) exported in their vertex colours, untextured"),
        "{}",
        stderr(&o)
    );
}
