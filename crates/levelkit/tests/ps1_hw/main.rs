//! Conformance against a real PlayStation: the captures in `captures/` beside this file (see its
//! SOURCES.md and LICENSE: JaCzekanski's ps1-tests, MIT) — the
//! 1,150 GTE register dumps of JaCzekanski's `gte/test-all` and the VRAM a console left after the
//! `gpu/*` tests, each test's drawing transcribed into `scene.json`.

use levelkit::psx::gte::{reg, rtpt_flag, Registers};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

mod gpu_scene;

/// The captures, kept in the repository beside this test (`captures/`, with their licence and sources).
fn data_folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ps1_hw/captures")
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn words(v: &Value) -> Vec<u32> {
    v.as_array()
        .expect("register list")
        .iter()
        .map(|w| u32::try_from(w.as_u64().expect("register value")).expect("a 32-bit register value"))
        .collect()
}

const COMMAND_NAMES: [(u32, &str); 22] = [
    (0x01, "RTPS"),
    (0x06, "NCLIP"),
    (0x0C, "OP"),
    (0x10, "DPCS"),
    (0x11, "INTPL"),
    (0x12, "MVMVA"),
    (0x13, "NCDS"),
    (0x14, "CDP"),
    (0x16, "NCDT"),
    (0x1B, "NCCS"),
    (0x1C, "CC"),
    (0x1E, "NCS"),
    (0x20, "NCT"),
    (0x28, "SQR"),
    (0x29, "DCPL"),
    (0x2A, "DPCT"),
    (0x2D, "AVSZ3"),
    (0x2E, "AVSZ4"),
    (0x30, "RTPT"),
    (0x3D, "GPF"),
    (0x3E, "GPL"),
    (0x3F, "NCCT"),
];

fn command_name(op: u32) -> String {
    if op == u32::MAX {
        return "register read/write".into();
    }
    COMMAND_NAMES
        .iter()
        .find(|(n, _)| *n == op & 0x3F)
        .map_or(format!("{:#04x}", op & 0x3F), |(_, s)| s.to_string())
}

/// Runs every vector: clear the 64 registers, write the inputs in order, run the command, read all 64.
fn check_gte(folder: &Path) {
    let data = read_json(&folder.join("gte_tests.json"));
    let names: Vec<String> = data["register_names"]
        .as_array()
        .expect("register_names")
        .iter()
        .map(|n| n.as_str().unwrap_or("?").to_string())
        .collect();
    let tests = data["tests"].as_array().expect("tests");
    let mut by_command: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    for test in tests {
        let (input, expect) = (words(&test["in"]), words(&test["out"]));
        let op = u32::try_from(test["op"].as_u64().expect("op")).expect("a 32-bit command word");
        let mut regs = Registers::default();
        for i in 0..64 {
            regs.write(i, 0);
        }
        for (i, &w) in input.iter().enumerate() {
            regs.write(i, w);
        }
        if op != u32::MAX {
            regs.execute(op);
        }
        let wrong: Vec<String> = (0..64)
            .filter(|&i| regs.read(i) != expect[i])
            .map(|i| format!("{} {:08x} (console {:08x})", names[i], regs.read(i), expect[i]))
            .collect();
        let entry = by_command.entry(command_name(op)).or_default();
        entry.1 += 1;
        if wrong.is_empty() {
            entry.0 += 1;
        } else {
            failures.push(format!(
                "{} op {op:#x}: {}",
                test["name"].as_str().unwrap_or("?"),
                wrong.join(", ")
            ));
        }
    }
    let exact: usize = by_command.values().map(|c| c.0).sum();
    println!("GTE: {exact}/{} vectors exact", tests.len());
    for (name, (ok, n)) in &by_command {
        println!("  {name:<20} {ok}/{n}");
    }
    for f in failures.iter().take(20) {
        println!("  differs: {f}");
    }
    assert_eq!(tests.len(), 1150, "gte_tests.json should hold the 1,150 vectors of gte/test-all");
    assert!(failures.is_empty(), "{} of {} GTE vectors differ from the console", failures.len(), tests.len());
}

/// The registers after writing a vector's inputs (all 64 cleared first), before its command.
fn loaded(test: &Value) -> Registers {
    let mut regs = Registers::default();
    for i in 0..64 {
        regs.write(i, 0);
    }
    for (i, &w) in words(&test["in"]).iter().enumerate() {
        regs.write(i, w);
    }
    regs
}

/// The high-level [`Gte::rtpt`](levelkit::psx::gte::Gte::rtpt) against every RTPT vector it models
/// (sf = 1, lm = 0): the three screen points and depths, IR0 of the third vertex, and the FLAG the
/// three leave ([`rtpt_flag`]). The names of the vectors that differ, for the test below.
fn rtpt_differences(folder: &Path) -> (usize, Vec<String>) {
    let data = read_json(&folder.join("gte_tests.json"));
    let mut checked = 0;
    let mut differ = Vec::new();
    for test in data["tests"].as_array().expect("tests") {
        let op = u32::try_from(test["op"].as_u64().expect("op")).expect("a 32-bit command word");
        let (sf, lm) = (op >> 19 & 1, op >> 10 & 1);
        if op == u32::MAX || op & 0x3F != 0x30 || sf != 1 || lm != 0 {
            continue;
        }
        checked += 1;
        let regs = loaded(test);
        let p = regs.projection.rtpt(regs.v);
        let mut console = regs;
        console.execute(op);
        let ours = (p.map(|v| [v.sx, v.sy]), p.map(|v| v.sz), p.map(|v| v.ir0), rtpt_flag(&p));
        let depth_cue = [None, None, Some(console.ir[0])];
        let theirs =
            (console.sxy, [console.sz[1], console.sz[2], console.sz[3]], depth_cue, console.read(reg::FLAG));
        if ours != theirs {
            differ.push(format!(
                "{}: ours {ours:x?}, console {theirs:x?}",
                test["name"].as_str().unwrap_or("?")
            ));
        }
    }
    (checked, differ)
}

#[test]
fn rtpt_computes_the_depth_cue_for_the_third_vertex_only() {
    let folder = data_folder();
    let (checked, differ) = rtpt_differences(&folder);
    println!("Gte::rtpt: {checked} RTPT vectors (sf=1, lm=0), {} differ", differ.len());
    assert!(checked > 0, "no RTPT vector with sf=1, lm=0 in gte_tests.json");
    assert!(differ.is_empty(), "Gte::rtpt differs from the console:\n{}", differ.join("\n"));
    // The vector that shows it: RTPS alone on V0 saturates IR0 (FLAG bit 12), the console's RTPT
    // leaves bit 12 clear, and so does Gte::rtpt.
    const IR0_SATURATED: u32 = 1 << 12;
    let data = read_json(&folder.join("gte_tests.json"));
    let test = data["tests"]
        .as_array()
        .and_then(|t| t.iter().find(|t| t["name"].as_str().is_some_and(|n| n.starts_with("test 970 "))))
        .expect("test 970 in gte_tests.json");
    let regs = loaded(test);
    let mut console = loaded(test);
    console.execute(u32::try_from(test["op"].as_u64().expect("op")).expect("a command word"));
    assert_ne!(regs.projection.rtps(regs.v[0]).flag & IR0_SATURATED, 0, "test 970: RTPS on V0 saturates IR0");
    assert_eq!(
        console.read(reg::FLAG) & IR0_SATURATED,
        0,
        "test 970: the console's RTPT leaves bit 12 clear"
    );
    assert_eq!(
        rtpt_flag(&regs.projection.rtpt(regs.v)) & IR0_SATURATED,
        0,
        "test 970: Gte::rtpt raised bit 12"
    );
}

#[test]
fn exact_against_the_console_captures() {
    let folder = data_folder();
    check_gte(&folder);
    gpu_scene::check_all(&folder.join("gpu"));
}
