//! `levelkit probe`, `audit` and `map`: exit codes and JSON keys, on generated files.

use levelkit::heroes::generate::{self, Style};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn levelkit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_levelkit")).args(args).output().expect("levelkit runs")
}

fn write(dir: &Path, name: &str, c: &levelkit::heroes::Collision) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, c.to_bytes().unwrap()).unwrap();
    path
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)))
}

/// A point above the middle of a generated file's terrain.
fn middle(c: &levelkit::heroes::Collision) -> [f32; 3] {
    let (lo, hi) = levelkit::heroes::audit::area(c);
    [(lo[0] + hi[0]) / 2.0, hi[1] + 1.0, (lo[2] + hi[2]) / 2.0]
}

#[test]
fn probe_reports_the_game_and_the_exact_answer() {
    let dir = tempfile::tempdir().unwrap();
    let c = generate::game_correct(3, 2000, 8);
    let file = write(dir.path(), "good.cl", &c);
    let f = file.to_str().unwrap();
    let p = middle(&c);
    let at = format!("{},{},{}", p[0], p[1], p[2]);
    let out = levelkit(&["probe", f, "--down", &at, "--distance", "500", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let v = json(&out);
    for key in ["query", "leaf", "game", "exact", "agrees", "nodes", "tested", "aborted"] {
        assert!(v.get(key).is_some(), "missing {key}: {v}");
    }
    assert_eq!(v["query"], "down");
    assert_eq!(v["agrees"], true);
    for key in ["triangle", "point", "distance", "attribute", "surface"] {
        assert!(v["game"].get(key).is_some(), "missing game.{key}: {v}");
    }
    // Several queries at once give a list.
    let out = levelkit(&[
        "probe", f, "--line", &at, "5,-50,3", "--sphere", &at, "4", "--move", &at, "0,-50,0", "1", "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let v = json(&out);
    let names: Vec<&str> = v.as_array().unwrap().iter().map(|r| r["query"].as_str().unwrap()).collect();
    assert_eq!(names, ["line", "sphere", "move"]);
    // The moving sphere carries both answers and both contact lists.
    let mv = &v[2];
    for key in ["answer", "exact_answer", "contacts", "exact_contacts"] {
        assert!(mv.get(key).is_some(), "missing move.{key}: {mv}");
    }
    assert_eq!(mv["answer"], "collision", "{mv}");
    for key in ["triangle", "kind", "point", "allowed", "push", "edge"] {
        assert!(mv["contacts"][0].get(key).is_some(), "missing contacts[0].{key}: {mv}");
    }
    let out = levelkit(&["probe", f, "--move", &at, "0,-50,0", "1"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("game answer: collision; contacts in order:") && text.contains("exact answer:"),
        "{text}"
    );
    // Text output names both answers.
    let out = levelkit(&["probe", f, "--down", &at]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("game:") && text.contains("exact:"), "{text}");
}

#[test]
fn probe_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "good.cl", &generate::game_correct(1, 200, 5));
    let f = file.to_str().unwrap();
    // No query, a point of two numbers, a word for a number, a radius of 0, an unknown flag: usage errors
    // (2), each saying what was wrong (issue 46: they exited 1).
    for (args, says) in [
        (&[][..], "levelkit: error: give a query: --down X,Y,Z"),
        (
            &["--down", "5,10"][..],
            "levelkit: error: --down takes X,Y,Z (three numbers separated by commas), got \"5,10\"",
        ),
        (&["--down", "1,x,3"][..], "levelkit: error: --down: \"x\" is not a number"),
        (
            &["--down", "1,2,3", "--distance", "-4"][..],
            "levelkit: error: --distance must be a finite number above 0",
        ),
        (&["--line", "1,2,3", "1,nan,0"][..], "levelkit: error: --line: \"nan\" is not a finite number"),
        (&["--sphere", "1,2,3", "0"][..], "levelkit: error: --sphere: \"0\" must be above 0"),
        (&["--move", "1,2,3", "0,-1,0", "-2"][..], "levelkit: error: --move: \"-2\" must be above 0"),
    ] {
        let out = levelkit(&[&["probe", f][..], args].concat());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    assert_eq!(levelkit(&["probe", f, "--bogus"]).status.code(), Some(2));
    // Not a .cl file.
    let junk = dir.path().join("junk.cl");
    std::fs::write(&junk, b"not a collision file").unwrap();
    assert_eq!(levelkit(&["probe", junk.to_str().unwrap(), "--down", "0,0,0"]).status.code(), Some(1));
}

#[test]
fn audit_passes_complete_files_and_fails_community_files() {
    let dir = tempfile::tempdir().unwrap();
    let good = write(dir.path(), "good.cl", &generate::game_correct(3, 3000, 9));
    let community = write(dir.path(), "community.cl", &generate::odd(3, 3000, 9, &Style::community()));
    let out = levelkit(&["audit", good.to_str().unwrap(), "--probes", "500", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
    let v = json(&out);
    for key in ["seed", "vertical", "line", "moving", "holes", "hole_list", "inherent_list"] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    for key in
        ["probes", "file_hits", "complete_hits", "exact_hits", "holes", "fall_through", "inherent", "aborted"]
    {
        assert!(v["line"].get(key).is_some(), "missing line.{key}");
    }
    assert_eq!(v["holes"], 0);
    let png = dir.path().join("holes.png");
    let out = levelkit(&[
        "audit",
        community.to_str().unwrap(),
        "--probes",
        "500",
        "--seed",
        "7",
        "--json",
        "--map",
        png.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert!(v["holes"].as_u64().unwrap() > 0);
    assert_eq!(v["seed"], 7);
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG\r\n\x1a\n"));
    // Same seed, same report.
    let again = levelkit(&["audit", community.to_str().unwrap(), "--probes", "500", "--seed", "7", "--json"]);
    assert_eq!(json(&again), v);
}

#[test]
fn map_writes_a_png() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "good.cl", &generate::game_correct(2, 1000, 7));
    let png = dir.path().join("map.png");
    let out = levelkit(&["map", file.to_str().unwrap(), "-o", png.to_str().unwrap(), "--size", "256"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let bytes = std::fs::read(&png).unwrap();
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    // Missing output: usage error.
    assert_eq!(levelkit(&["map", file.to_str().unwrap()]).status.code(), Some(2));
}

/// `audit --probes 0` (and more probes than it keeps) and `map --size` out of range are usage errors (exit
/// 2), not an audit that reports "holes: 0" (issue 46); `--show-game-inherent` needs `--map`.
#[test]
fn audit_and_map_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "good.cl", &generate::game_correct(1, 200, 5));
    let f = file.to_str().unwrap();
    for (probes, says) in [("0", "got 0"), ("10000001", "got 10,000,001")] {
        let out = levelkit(&["audit", f, "--probes", probes]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.starts_with("levelkit: error: --probes must be 1 to 10,000,000, ")
                && stderr.contains(says),
            "{stderr}"
        );
        assert!(out.stdout.is_empty(), "nothing is reported");
    }
    assert_eq!(levelkit(&["audit", f, "--show-game-inherent"]).status.code(), Some(2));
    let png = dir.path().join("m.png");
    for size in ["0", "15", "8193"] {
        let out = levelkit(&["map", f, "-o", png.to_str().unwrap(), "--size", size]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("--size must be 16 to 8192 pixels"), "{stderr}");
        assert!(!png.exists());
    }
}

/// The audit's text groups holes by cause with the fix, says `check` reports every cause, and explains its
/// words; the JSON carries each hole's cause and finding and the groups; the map's line says the
/// game-inherent differences are not drawn unless asked for.
#[test]
fn audit_names_each_holes_cause_and_the_fix() {
    let dir = tempfile::tempdir().unwrap();
    let community = write(dir.path(), "community.cl", &generate::odd(3, 3000, 9, &Style::community()));
    let f = community.to_str().unwrap();
    let png = dir.path().join("holes.png");
    let out = levelkit(&["audit", f, "--probes", "1000", "--map", png.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    let group =
        text.lines().find(|l| l.contains(" line casts fall through: ")).unwrap_or_else(|| panic!("{text}"));
    assert!(
        group.ends_with("have no neighbour link on the side the walk left by (nodes[*].neighborNo); repairing the file rebuilds the links"),
        "{group}"
    );
    assert!(text.contains("\n  the file's check reports the cause of every hole"), "{text}");
    // The library says what fixes it; the CLI adds the commands.
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("levelkit: help: `levelkit repair-cl FILE -o OUT` keeps the triangles"), "{said}");
    assert!(
        said.contains("levelkit: help: `levelkit check FILE --all` lists the finding behind each hole"),
        "{said}"
    );
    assert!(text.contains("(check: nodes["), "each listed hole names its finding: {text}");
    assert!(text.contains("\nwhat the words mean:\n"), "{text}");
    for word in [
        "hole",
        "fall through",
        "complete tree",
        "game-inherent",
        "reach filter",
        "first-leaf rule",
        "triangle tests",
    ] {
        assert!(text.contains(&format!("\n  {word}: ")), "{word} is not explained: {text}");
    }
    assert!(!text.contains("complete triangle"), "the old wording: {text}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("game-inherent differences not drawn: --show-game-inherent draws them"),
        "{stderr}"
    );
    let out = levelkit(&["audit", f, "--probes", "1000", "--json"]);
    let v = json(&out);
    assert_eq!(v["unexplained"], 0);
    let groups = v["causes"].as_array().unwrap();
    assert!(!groups.is_empty());
    for key in ["probe", "cause", "holes", "fall_through", "nodes", "explained", "check", "text"] {
        assert!(groups[0].get(key).is_some(), "missing causes[0].{key}: {}", groups[0]);
    }
    let sum: u64 = groups.iter().map(|g| g["holes"].as_u64().unwrap()).sum();
    assert_eq!(sum, v["holes"].as_u64().unwrap());
    let hole = &v["hole_list"][0];
    assert!(hole["cause"]["kind"].is_string() && hole["cause"]["node"].is_u64(), "{hole}");
    assert!(hole["finding"].as_str().unwrap().starts_with("nodes["), "{hole}");
}

/// `audit`, `probe` and `map` describe their FILE argument in `--help`.
#[test]
fn help_describes_the_file() {
    for command in ["audit", "probe", "map"] {
        let out = levelkit(&[command, "--help"]);
        let help = String::from_utf8_lossy(&out.stdout);
        // clap puts a description beside its argument or, when the options' are long, on the next line.
        let words = help.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(words.contains("<FILE> The Sonic Heroes .cl collision file"), "{command}: {help}");
    }
}

/// A hole has one place: the text gives the JSON's `point` (where the complete tree's answer lies), not
/// the probe's start, so the text, the page's list and the markers agree.
#[test]
fn a_hole_is_at_the_same_point_in_the_text_and_the_json() {
    let dir = tempfile::tempdir().unwrap();
    let c = generate::odd(3, 600, 7, &Style::community());
    let path = write(dir.path(), "community.cl", &c);
    let file = path.to_str().unwrap();
    let report = json(&levelkit(&["audit", file, "--probes", "2000", "--json"]));
    let text = String::from_utf8_lossy(&levelkit(&["audit", file, "--probes", "2000"]).stdout).into_owned();
    let holes = report["hole_list"].as_array().unwrap();
    assert!(!holes.is_empty(), "the community layout has holes");
    for hole in holes.iter().take(10) {
        let at: Vec<String> = hole["point"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| format!("{}", levelkit::num::round_f32(x.as_f64().unwrap())))
            .collect();
        let line = format!(" #{} at ({}): ", hole["index"], at.join(", "));
        assert!(
            text.contains(&line),
            "the text does not put hole {} at its JSON point: {line}\n{text}",
            hole["index"]
        );
        assert_ne!(hole["point"], hole["start"], "{hole}");
    }
}

/// The certified hole regions: none, said as a guarantee, for a complete file; for a file whose small lists
/// the game misreads, vertical-probe regions with their area, each with a witness, in the text and the
/// JSON, and every sampled vertical hole inside one of them.
#[test]
fn audit_reports_certified_hole_regions() {
    let dir = tempfile::tempdir().unwrap();
    let good = write(dir.path(), "good.cl", &generate::game_correct(3, 3000, 9));
    let out = levelkit(&["audit", good.to_str().unwrap(), "--probes", "500"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("\nhole regions: none: every list and link is the complete tree's"), "{text}");
    let style = Style { small_lists_stored: true, ..Style::default() };
    let offset = write(dir.path(), "offset.cl", &generate::odd(6, 3000, 9, &style));
    let out = levelkit(&["audit", offset.to_str().unwrap(), "--probes", "3000"]);
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text
        .lines()
        .find(|l| l.starts_with("  621 for vertical probes ("))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        line.ends_with("of the ground): 621 triangles missing from the list of a node they lie over"),
        "{line}"
    );
    let out = levelkit(&["audit", offset.to_str().unwrap(), "--probes", "3000", "--json"]);
    let v = json(&out);
    let r = &v["regions"];
    assert_eq!(r["certified"], true);
    assert_eq!(r["counts"][0], 621);
    let regions = r["confirmed"].as_array().unwrap();
    let vertical: Vec<_> = regions.iter().filter(|x| x["probe"] == "vertical").collect();
    assert_eq!(vertical.len(), 621);
    assert!(vertical.iter().all(|x| x["witness"]["start"].is_array() && x["area"].as_f64().unwrap() > 0.0));
    // Every listed vertical hole lies in the extent of a region of its leaf.
    for hole in v["hole_list"].as_array().unwrap().iter().filter(|h| h["kind"] == "vertical") {
        let (x, z) = (hole["start"][0].as_f64().unwrap(), hole["start"][2].as_f64().unwrap());
        let node = &hole["cause"]["node"];
        let held = vertical.iter().any(|r| {
            let e = &r["extent"];
            let within = |k: usize, p: f64| {
                e[0][k].as_f64().unwrap() - 1e-3 <= p && p <= e[1][k].as_f64().unwrap() + 1e-3
            };
            r["cause"]["node"] == *node && within(0, x) && within(1, z)
        });
        assert!(held, "{hole}");
    }
}
