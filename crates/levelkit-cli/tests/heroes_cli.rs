//! The `levelkit` binary on `.cl` files: exit codes (0 ok, 1 bad input or failed check, 2 usage) and the
//! JSON keys scripts rely on.

use levelkit::heroes::generate::{self, Style};
use levelkit::heroes::Collision;
use levelkit::Rule;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn levelkit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_levelkit")).args(args).output().expect("the binary runs")
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("exited normally")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {}", stdout(o)))
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn info_prints_text_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "s01.cl", &generate::game_correct(1, 200, 6).to_bytes().unwrap());
    let o = levelkit(&["info", s(&file)]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("200 triangles"), "{}", stdout(&o));
    let o = levelkit(&["info", s(&file), "--json"]);
    assert_eq!(code(&o), 0);
    let v = json(&o);
    // The CLI prints the library's summary (whose keys the library's own tests list), whole.
    let c = levelkit::heroes::Collision::parse(&std::fs::read(&file).unwrap()).unwrap();
    assert_eq!(v, c.summary());
    assert_eq!(v["format"], "heroes-cl");
    assert_eq!(v["triangles"], 200);
    assert_eq!(v["max_depth"], 6);
    assert!(v["attributes"][0].get("surface").is_some());
}

/// A correct file from a builder that does not list the whole level at the root: the moving-sphere query
/// starts from the root's children, so an empty root list costs the game nothing and `--strict` passes.
#[test]
fn strict_check_passes_an_empty_root_list_and_fails_community_files() {
    let dir = tempfile::tempdir().unwrap();
    let mut dump = generate::game_correct(3, 300, 5).to_dump();
    dump["nodes"][0]["list"] = serde_json::json!([]);
    let empty_root = Collision::from_dump(&dump).unwrap();
    assert_eq!(empty_root.nodes[0].num_poly, 0);
    let file = write(dir.path(), "empty_root.cl", &empty_root.to_bytes().unwrap());
    let o = levelkit(&["check", s(&file), "--strict"]);
    assert_eq!(code(&o), 0, "{}", stdout(&o));

    // The community layout still fails: inner nodes below the root list nothing, links are missing.
    let community = write(dir.path(), "hpp.cl", &generate::community(3, 300, 5).to_bytes().unwrap());
    let o = levelkit(&["check", s(&community), "--strict"]);
    assert_eq!(code(&o), 1, "{}", stdout(&o));
    assert!(stdout(&o).contains("moving-sphere query takes such a node whole"), "{}", stdout(&o));
}

#[test]
fn check_exit_codes_follow_the_findings() {
    let dir = tempfile::tempdir().unwrap();
    let good = write(dir.path(), "good.cl", &generate::game_correct(2, 150, 5).to_bytes().unwrap());
    let o = levelkit(&["check", s(&good)]);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    let o = levelkit(&["check", s(&good), "--strict", "--json"]);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    let v = json(&o);
    for key in ["file", "format", "ok", "errors", "warnings", "notes", "findings"] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    assert_eq!(v["ok"], true);

    // Community style: warnings only. Fine, unless --strict.
    let community =
        write(dir.path(), "hpp.cl", &generate::odd(2, 150, 5, &Style::community()).to_bytes().unwrap());
    assert_eq!(code(&levelkit(&["check", s(&community)])), 0);
    let o = levelkit(&["check", s(&community), "--strict", "--json"]);
    assert_eq!(code(&o), 1);
    let v = json(&o);
    assert_eq!(v["ok"], false);
    assert!(v["warnings"].as_u64().unwrap() > 0);
    assert_eq!(v["findings"][0]["severity"], "warning");
    assert!(v["findings"][0]["path"].is_string());
    for finding in v["findings"].as_array().unwrap() {
        let mut keys: Vec<&str> = finding.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(keys, ["message", "offset", "path", "rule", "severity"], "{finding}");
        assert!(finding["offset"].is_u64() || finding["offset"].is_null(), "{finding}");
        let rule = finding["rule"].as_str().unwrap();
        assert!(Rule::ALL.iter().any(|r| r.id() == rule), "{finding}");
    }

    // A triangle index out of range is an error.
    let mut c = generate::game_correct(2, 150, 5);
    c.triangles[0].vertices[0] = 0xFFF0;
    let bad = write(dir.path(), "bad.cl", &c.to_bytes().unwrap());
    let o = levelkit(&["check", s(&bad)]);
    assert_eq!(code(&o), 1);
    assert!(stdout(&o).contains("error: triangles[0].vertexIndexNo[0]"), "{}", stdout(&o));
}

#[test]
fn check_json_gives_each_finding_its_byte_offset() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = generate::game_correct(2, 150, 5);
    c.triangles[0].vertices[0] = 0xFFF0;
    let bytes = c.to_bytes().unwrap();
    let bad = write(dir.path(), "bad.cl", &bytes);
    let o = levelkit(&["check", "--json", s(&bad)]);
    assert_eq!(code(&o), 1);
    let v = json(&o);
    let finding = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["path"] == "triangles[0].vertexIndexNo[0]")
        .unwrap_or_else(|| panic!("no finding at the bad index: {v}"));
    // Triangle 0's first vertex index is the first u16 of the triangle section (big-endian).
    let polygons = Collision::parse(&bytes).unwrap().header.polygon_offset;
    assert_eq!(finding["offset"], u64::from(polygons), "{finding}");
    let at = usize::try_from(polygons).unwrap();
    assert_eq!(bytes[at..at + 2], [0xFF, 0xF0]);
    // The text names the same byte.
    let o = levelkit(&["check", s(&bad)]);
    let text = stdout(&o);
    let printed = text
        .lines()
        .find(|l| l.starts_with("error: triangles[0].vertexIndexNo[0]: "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(printed.ends_with(&format!("(byte 0x{polygons:x})")), "{printed}");
}

#[test]
fn unreadable_files_exit_1_with_the_offset() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = generate::game_correct(3, 50, 3).to_bytes().unwrap();
    let cut = write(dir.path(), "cut.cl", &bytes[..bytes.len() - 5]);
    let o = levelkit(&["info", s(&cut), "--format", "heroes-cl"]);
    assert_eq!(code(&o), 1);
    assert!(stderr(&o).contains("at byte"), "{}", stderr(&o));
    // Without --format a truncated file is not recognised at all.
    assert_eq!(code(&levelkit(&["check", s(&cut)])), 1);
    let o = levelkit(&["info", s(&dir.path().join("missing.cl"))]);
    assert_eq!(code(&o), 1);
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(code(&levelkit(&[])), 2);
    assert_eq!(code(&levelkit(&["info"])), 2);
    assert_eq!(code(&levelkit(&["check", "x.cl", "--no-such-flag"])), 2);
    assert_eq!(code(&levelkit(&["info", "x.cl", "--format", "nope"])), 2);
}

#[test]
fn dump_then_pack_gives_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let style = Style { trailing: vec![9, 8, 7], no_pad: true, ..Style::community() };
    let bytes = generate::odd(4, 120, 7, &style).to_bytes().unwrap();
    let file = write(dir.path(), "odd.cl", &bytes);
    let dump = dir.path().join("odd.json");
    let o = levelkit(&["dump", s(&file), "-o", s(&dump)]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = dir.path().join("packed.cl");
    // The file has no alignment pad, so its dataSize is wrong: check fails, and pack writes it back only
    // when told to, exiting 1 all the same.
    let o = levelkit(&["pack", s(&dump), "-o", s(&out)]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert!(stderr(&o).contains("nothing written (--allow-errors writes it anyway)"), "{}", stderr(&o));
    assert!(!out.exists());
    let o = levelkit(&["pack", s(&dump), "-o", s(&out), "--allow-errors"]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert_eq!(std::fs::read(&out).unwrap(), bytes);
    // dump to standard output is the same JSON.
    let o = levelkit(&["dump", s(&file)]);
    assert_eq!(code(&o), 0);
    assert_eq!(
        json(&o),
        serde_json::from_slice::<serde_json::Value>(&std::fs::read(&dump).unwrap()).unwrap()
    );
}

#[test]
fn pack_writes_edits_and_prints_their_findings() {
    let dir = tempfile::tempdir().unwrap();
    let c = generate::game_correct(6, 80, 4);
    let file = write(dir.path(), "s.cl", &c.to_bytes().unwrap());
    let o = levelkit(&["dump", s(&file)]);
    let mut d = json(&o);
    d["triangles"][3]["attribute"] = "00010000".into();
    // Its explanation made to agree (issue 46: a "surface" that disagrees is an error).
    d["triangles"][3]["surface"] = "death".into();
    d["nodes"][0]["list"] = serde_json::json!([0, 1, 2]);
    let edited = write(dir.path(), "edited.json", serde_json::to_string(&d).unwrap().as_bytes());
    let out = dir.path().join("edited.cl");
    let o = levelkit(&["pack", s(&edited), "-o", s(&out)]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let back = Collision::parse(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(back.triangles[3].attribute, 0x0001_0000);
    assert_eq!(back.node_list(0).unwrap(), vec![0, 1, 2]);
    // The root's list is no concern of the moving-sphere query: no warning for it.
    assert!(!stderr(&o).contains("warning: nodes["), "{}", stderr(&o));
    // A node below the root that no longer holds its children's triangles: pack says so.
    assert_ne!(c.nodes[1].child, 0, "node 1 has children");
    d["nodes"][1]["list"] = serde_json::json!([0, 1, 2]);
    let edited = write(dir.path(), "edited1.json", serde_json::to_string(&d).unwrap().as_bytes());
    let o = levelkit(&["pack", s(&edited), "-o", s(&out)]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stderr(&o).contains("warning: nodes["), "{}", stderr(&o));

    let not_json = write(dir.path(), "bad.json", b"{ nope");
    assert_eq!(code(&levelkit(&["pack", s(&not_json), "-o", s(&out)])), 1);
}

#[test]
fn check_groups_the_findings_of_one_rule_and_all_prints_each() {
    let dir = tempfile::tempdir().unwrap();
    let community = write(dir.path(), "hpp.cl", &generate::community(3, 3000, 6).to_bytes().unwrap());
    let v = json(&levelkit(&["check", "--json", s(&community)]));
    let total = v["findings"].as_array().unwrap().len();
    let text = stdout(&levelkit(&["check", s(&community)]));
    let lines: Vec<&str> = text.lines().collect();
    let (summary, findings) = lines.split_last().unwrap();
    // Each folded rule: "N warnings at nodes[*].neighborNo, the first 3:", three findings in full, "… and
    // N − 3 more"; each other finding on its own line.
    let mut counted = [0usize; 3];
    let mut folded = 0;
    for line in findings.iter().filter(|l| !l.starts_with("  ")) {
        let (severity, count) = match line.split_once(' ') {
            Some((n, rest)) if line.ends_with(", the first 3:") => {
                folded += 1;
                (rest.split('s').next().unwrap(), n.parse::<usize>().unwrap())
            }
            _ => (line.split(':').next().unwrap(), 1),
        };
        counted[["error", "warning", "note"].iter().position(|s| *s == severity).unwrap()] += count;
    }
    assert!(folded >= 2 && lines.len() < 30, "{text}");
    assert_eq!(counted.iter().sum::<usize>(), total, "{text}");
    assert_eq!(
        counted,
        [v["errors"].as_u64(), v["warnings"].as_u64(), v["notes"].as_u64()]
            .map(|n| usize::try_from(n.unwrap()).unwrap())
    );
    assert!(
        summary.ends_with(&format!("{} warning(s), {} note(s): ok", counted[1], counted[2])),
        "{summary}"
    );
    let more = findings.iter().filter(|l| l.starts_with("  … and ")).count();
    assert_eq!(more, folded, "{text}");
    // The library's text names no flag; the CLI says how to see every finding, on standard error.
    assert!(!text.contains("--all"), "{text}");
    let help = stderr(&levelkit(&["check", s(&community)]));
    assert!(help.contains("levelkit: help: --all prints every finding"), "{help}");
    // --all: every finding on its own line, in the JSON's order.
    let all = stdout(&levelkit(&["check", "--all", s(&community)]));
    let each: Vec<&str> = all.lines().collect();
    assert_eq!(each.len(), total + 1);
    for (line, f) in each.iter().zip(v["findings"].as_array().unwrap()) {
        assert_eq!(
            *line,
            format!(
                "{}: {}: {}",
                f["severity"].as_str().unwrap(),
                f["path"].as_str().unwrap(),
                f["message"].as_str().unwrap()
            )
        );
    }
}

#[test]
fn an_empty_file_is_called_empty_by_every_command_that_opens_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "empty.cl", b"");
    for command in ["check", "info", "audit"] {
        let o = levelkit(&[command, s(&file)]);
        assert_eq!(code(&o), 1, "{command}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("empty.cl: the file is empty (0 bytes): no .cl file or LEVELnn.BIN is"),
            "{command}: {}",
            stderr(&o)
        );
        assert!(!stderr(&o).contains("never-used"), "{command}: {}", stderr(&o));
    }
}
