//! The library's messages name what to do, not a front end's flag: Rust, Python, Blender and the web page
//! all show them, and each front end words its own hint (the CLI's `--weld 0.02`, Python's `weld=0.02`).
//! A sample of the messages that once named the CLI's flags or commands, rendered and searched for them.
#![cfg(all(feature = "convert", feature = "disc", feature = "live"))]

use levelkit::disc::patch::PatchError;
use levelkit::heroes::builder::{self, BuildError, BuildInput, BuildOptions};
use levelkit::heroes::live::LiveError;
use levelkit::{Findings, Path, Rule};

/// Words only a command line knows: a flag, a command, the program run by name.
const FLAG_WORDS: &[&str] =
    &["--", "`levelkit", "levelkit ls", "levelkit check", "levelkit patch", "repair-cl", "build-cl"];

fn assert_neutral(text: &str) {
    for word in FLAG_WORDS {
        assert!(!text.contains(word), "{word:?} in a library message: {text}");
    }
}

/// Two quads meant to share the edge x = 1 whose shared corners differ by 1e-6 (a six-decimal export).
const NOISY_OBJ: &[u8] = b"o Floor\nv 0 0 0\nv 0 0 1\nv 1 0 1\nv 1 0 0\n\
    v 1.000001 0 0\nv 1.000001 0 1.000001\nv 2 0 1\nv 2 0 0\nusemtl floor\nf 1 2 3 4\nf 5 6 7 8\n";

fn noisy() -> BuildInput {
    let mesh = levelkit::convert::obj::read(NOISY_OBJ).unwrap();
    BuildInput::from_mesh_named(&mesh).unwrap().input
}

#[test]
fn the_builders_report_and_warnings_name_the_weld_not_a_flag() {
    let built = builder::build(&noisy(), &BuildOptions { weld: 0.0, ..BuildOptions::default() }).unwrap();
    let r = &built.report;
    assert!(r.cracks > 0, "{r:?}");
    let report = r.to_string();
    assert!(report.contains("(within 0; the weld distance changes it)"), "{report}");
    assert!(report.contains(&format!("; a weld of {} closes them", r.crack_weld)), "{report}");
    let warning = r.crack_warning().unwrap();
    assert!(warning.ends_with(&format!("a weld of {} closes them", r.crack_weld)), "{warning}");
    for text in [report, warning] {
        assert_neutral(&text);
    }
    // A front end names its own option through `text` and `crack_warning_worded`.
    let python = |d: Option<f32>| d.map_or("weld=".to_string(), |d| format!("weld={d}"));
    assert!(r.text(&python).contains("(within 0; weld= changes it)"));
    assert!(r
        .crack_warning_worded(&python)
        .unwrap()
        .ends_with(&format!("weld={} closes them", r.crack_weld)));
    // `check` of the file says the same of each crack.
    let findings = built.collision.validate();
    let crack = findings.iter().find(|f| f.rule == Rule::HeroesCrack).expect("a crack finding");
    assert!(crack.message.contains("with a weld of"), "{}", crack.message);
    assert_neutral(&findings.to_string());
}

#[test]
fn errors_that_once_named_a_flag_say_what_to_do() {
    let errors: Vec<String> = vec![
        BuildError::TooMany { what: "vertices", count: 70_000, advice: "x" }.to_string(),
        BuildError::TooManyNodes { depth: 12, reached: 8, nodes: 60_000, adding: 10_000 }.to_string(),
        BuildError::TooManyEntries { reached: 4, entries: 1_000 }.to_string(),
        LiveError::SeveralGames { count: 2 }.to_string(),
        LiveError::PortUnknown.to_string(),
        PatchError::NotFound("LEVEL01.BIN".into()).to_string(),
        PatchError::DoesNotFit {
            path: "LEVEL01.BIN".into(),
            new_bytes: 4096,
            needed: 2,
            old_bytes: 2048,
            has: 1,
            slack: String::new(),
        }
        .to_string(),
        PatchError::OutOfMemory { bytes: 1 << 40 }.to_string(),
    ];
    for e in &errors {
        assert_neutral(e);
    }
    assert!(errors[1]
        .ends_with("build it at depth 8 or lower, let the depth be chosen automatically, or split the mesh"));
    assert!(errors[6].ends_with("relocating it moves it to the image's end"), "{}", errors[6]);
}

#[test]
fn the_too_many_vertices_advice_and_the_unknown_names_warning_name_no_flag() {
    // 30,000 triangles that share no corner: 90,000 vertices, too many.
    let mut obj = String::new();
    for i in 0..30_000 {
        obj += &format!("v {i} 0 0\nv {i} 0 0.5\nv {i}.5 0 0\n");
    }
    obj += "usemtl Material.001\n";
    for i in 0..30_000 {
        obj += &format!("f {} {} {}\n", 3 * i + 1, 3 * i + 2, 3 * i + 3);
    }
    let mesh = levelkit::convert::obj::read(obj.as_bytes()).unwrap();
    let named = BuildInput::from_mesh_named(&mesh).unwrap();
    let warning = named.warning().expect("faces with no material say no surface").to_string();
    assert_neutral(&warning);
    let e = builder::build(&named.input, &BuildOptions::default()).unwrap_err();
    assert!(matches!(e, BuildError::TooMany { what: "vertices", .. }), "{e}");
    assert_neutral(&e.to_string());
}

#[test]
fn a_shortened_group_leaves_seeing_every_finding_to_the_front_end() {
    let mut f = Findings::default();
    for i in 0..6 {
        f.warning(
            Rule::HeroesLinkMissing,
            Path::new().field("nodes").index(i).field("neighborNo"),
            "no link",
        );
    }
    let grouped = f.grouped();
    assert!(grouped.shortened());
    let text = grouped.to_string();
    assert!(text.ends_with("  … and 3 more like these\n"), "{text}");
    assert_neutral(&text);
}

/// The audit's report and its map's legend words: holes by cause with the fix, the regions, the freezes
/// and cracks, all without a command (the CLI prints `levelkit repair-cl …` after them).
#[test]
fn the_audit_says_what_fixes_each_hole_not_which_command() {
    use levelkit::heroes::audit::{audit, AuditOptions};
    use levelkit::heroes::generate::{self, Style};
    let community = generate::odd(3, 3000, 9, &Style::community());
    let a = audit(&community, AuditOptions { probes: 2000, seed: 1 }).unwrap();
    let text = a.to_text();
    assert!(text.contains("; repairing the file rebuilds the links"), "{text}");
    assert!(text.contains("hole regions: "), "{text}");
    assert_neutral(&text);
    for group in &a.causes {
        assert_neutral(&group.short_text());
    }
    let noisy = builder::build(&noisy(), &BuildOptions { weld: 0.0, ..BuildOptions::default() }).unwrap();
    let cracked = audit(&noisy.collision, AuditOptions { probes: 100, seed: 1 }).unwrap().to_text();
    assert!(cracked.contains("check names each, a weld of "), "{cracked}");
    assert_neutral(&cracked);
}
