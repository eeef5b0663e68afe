//! The module's commands, run natively through the same envelope the page sends: they answer as the
//! library does, and bad input gets an error, never a panic. (The page itself is tested in Chromium by
//! `tools/web-test.mjs`, against the CLI.)

use levelkit::heroes::generate;
use levelkit_wasm::commands::run_request;
use levelkit_wasm::envelope::Envelope;
use serde_json::{json, Value};

mod common;
use common::call;

#[test]
fn open_and_check_answer_as_the_library() {
    let c = generate::game_correct(1, 300, 8);
    let bytes = c.to_bytes().unwrap();
    let reply = call("open", &[("file", "s01.cl", &bytes)], json!({}));
    let r = &reply.header["result"];
    assert_eq!(reply.header["ok"], true, "{}", reply.header);
    assert_eq!(r["kind"], "level");
    assert_eq!(r["format"], "heroes-cl");
    assert_eq!(r["text"], c.summary_text());
    let findings = c.validate();
    assert_eq!(r["check"]["findings"].as_array().unwrap().len(), findings.len());
    assert_eq!(r["lines"][0].as_str(), findings.iter().next().map(ToString::to_string).as_deref());
}

#[test]
fn check_findings_carry_the_library_offsets() {
    let mut c = generate::game_correct(1, 300, 8);
    c.triangles[0].vertices[0] = 0xFFF0;
    let reply = call("check", &[("file", "bad.cl", &c.to_bytes().unwrap())], json!({}));
    let got = reply.header["result"]["check"]["findings"].as_array().unwrap().clone();
    let want: Vec<Value> = c.validate().iter().map(|f| json!([f.offset, f.rule])).collect();
    assert_eq!(got.iter().map(|f| json!([f["offset"], f["rule"]])).collect::<Vec<_>>(), want);
    assert!(want.iter().any(|w| w[0].is_u64()), "{got:?}");
    assert!(want.iter().any(|w| w[1] == "heroes-triangle-vertex-index"), "{got:?}");
}

#[test]
fn outputs_are_the_library_bytes() {
    let c = generate::game_correct(2, 400, 8);
    let bytes = c.to_bytes().unwrap();
    let reply = call("dump", &[("file", "s02.cl", &bytes)], json!({}));
    assert_eq!(reply.header["outputs"], json!(["s02-dump.json"]));
    let text = String::from_utf8(reply.files[0].clone()).unwrap();
    assert_eq!(text, serde_json::to_string_pretty(&c.to_dump()).unwrap() + "\n");
    let packed = call("pack", &[("file", "s02-dump.json", &reply.files[0])], json!({}));
    assert_eq!(packed.header["outputs"], json!(["s02-packed.cl"]));
    assert_eq!(packed.files[0], bytes);

    let audit = call("audit", &[("file", "s02.cl", &bytes)], json!({ "probes": 200, "view": true }));
    assert_eq!(audit.header["result"]["report"]["holes"], 0, "{}", audit.header);
    assert_eq!(audit.header["outputs"], json!(["s02.html"]));
    let exported = call("export", &[("file", "s02.cl", &bytes)], json!({ "to": "glb" }));
    assert_eq!(exported.header["outputs"], json!(["s02.glb"]), "{}", exported.header);
    let built = call("build-cl", &[("file", "s02.glb", &exported.files[0])], json!({ "depth": "auto" }));
    assert_eq!(built.header["ok"], true, "{}", built.header);
    assert_eq!(built.header["outputs"], json!(["s02-built.cl"]));
    let text = built.header["result"]["text"].as_str().unwrap();
    assert!(text.starts_with("s02.glb -> s02-built.cl\n  vertices: "), "{text}");
    assert!(text.contains("\n  wrote: 400 triangles, ") && text.contains("\n  root: centre ("), "{text}");
}

#[test]
fn each_result_is_one_file_named_for_what_it_holds() {
    let bytes = generate::game_correct(2, 400, 8).to_bytes().unwrap();
    let file = [("file", "stage.cl", bytes.as_slice())];
    let names = |command: &str, options: Value| {
        let reply = call(command, &file, options);
        assert_eq!(reply.header["ok"], true, "{}", reply.header);
        assert_eq!(reply.files.len(), 1, "{}", reply.header);
        reply.header["outputs"][0].as_str().unwrap().to_string()
    };
    assert_eq!(names("export", json!({ "to": "glb" })), "stage.glb");
    assert_eq!(names("export", json!({ "to": "glb", "tree": true })), "stage-with-tree.glb");
    assert_eq!(names("build-cl", json!({})), "stage-built.cl");
    assert_eq!(names("repair-cl", json!({})), "stage-repaired.cl");
    assert_eq!(names("dump", json!({})), "stage-dump.json");
    assert_eq!(names("render", json!({})), "stage-render.png");
    assert_eq!(names("map", json!({})), "stage-map.png");
    // Several files: one zip of the CLI's files under the CLI's names, and the line that says so.
    let obj = call("export", &file, json!({ "to": "obj" }));
    assert_eq!(obj.header["outputs"], json!(["stage-obj.zip"]), "{}", obj.header);
    let inside = levelkit_wasm::zip::names(&obj.files[0]).unwrap();
    assert_eq!(inside, ["stage.obj", "stage.mtl"]);
    let wrote = obj.header["result"]["wrote"][0].as_str().unwrap();
    assert!(wrote.starts_with("wrote stage-obj.zip: 2 files (stage.obj, stage.mtl), "), "{wrote}");
}

#[test]
fn fields_are_read_as_the_cli_reads_them_before_anything_runs() {
    // No file at all: a bad value is refused before the command looks for one.
    let refused = |command: &str, options: Value| {
        let reply = call(command, &[], options);
        assert_eq!(reply.header["usage"], true, "{}", reply.header);
        (
            reply.header["field"].as_str().unwrap().to_string(),
            reply.header["error"].as_str().unwrap().to_string(),
        )
    };
    let (field, error) = refused("render", json!({ "size": "big" }));
    assert_eq!(
        (field.as_str(), error.as_str()),
        ("size", r#"invalid value 'big' for '--size <WxH>': "big": expected WxH, e.g. 640x480"#)
    );
    let (field, error) = refused("build-cl", json!({ "depth": "deep" }));
    assert_eq!(
        (field.as_str(), error.as_str()),
        ("depth", "invalid value 'deep' for '--depth <DEPTH>': 'deep' is neither 'auto' nor a depth (0–15)")
    );
    let (_, error) = refused("build-cl", json!({ "weld": "abc" }));
    assert_eq!(error, "invalid value 'abc' for '--weld <WELD>': invalid float literal");
    let (_, error) = refused("build-cl", json!({ "attribute": "banana" }));
    let why = levelkit::heroes::flags::parse_attribute("banana").unwrap_err();
    assert_eq!(error, format!("invalid value 'banana' for '--attribute <ATTRIBUTE>': {why}"));
    let (_, error) = refused("audit", json!({ "probes": "0" }));
    assert_eq!(error, "--probes must be 1 to 10,000,000, got 0");
    // The CLI's limit, from the library: refused at once, not run out of memory.
    let (field, error) = refused("audit", json!({ "probes": "100000000" }));
    assert_eq!(
        (field.as_str(), error.as_str()),
        ("probes", "--probes must be 1 to 10,000,000, got 100,000,000")
    );
    let (field, error) = refused("build-cl", json!({ "weld": "1e308" }));
    assert_eq!(field, "weld");
    assert!(error.contains("from 0 to 3.4028235e38"), "{error}");
    let (_, error) = refused("audit", json!({ "probes": "x" }));
    assert_eq!(error, "invalid value 'x' for '--probes <PROBES>': invalid digit found in string");
    let (field, error) = refused("export", json!({ "rooms": "0,a" }));
    assert_eq!(
        (field.as_str(), error.as_str()),
        ("rooms", "invalid value 'a' for '--room <N>...': invalid digit found in string")
    );
    // Good values pass on to the missing file.
    let reply = call("render", &[], json!({ "size": "320x240", "rooms": "0 3" }));
    assert_eq!(reply.header["error"], "`render` needs a file");
}

#[test]
fn a_truncated_file_names_the_file_and_the_offset() {
    let bytes = generate::game_correct(3, 300, 8).to_bytes().unwrap();
    let cut = &bytes[..bytes.len() / 3];
    let reply = call("open", &[("file", "cut.bin", cut)], json!({}));
    assert_eq!(reply.header["ok"], false);
    let error = reply.header["error"].as_str().unwrap();
    let direct = levelkit::Document::parse(cut, None).unwrap_err();
    assert_eq!(error, format!("cut.bin: {direct}"));
    // Named .cl: the library names a .cl cut short by its content, one format's error.
    let reply = call("open", &[("file", "cut.cl", cut)], json!({}));
    let error = reply.header["error"].as_str().unwrap();
    assert!(
        error.starts_with("cut.cl: a Sonic Heroes .cl file, cut short") && !error.contains("Rugrats"),
        "{error}"
    );
}

#[test]
fn a_file_of_neither_format_named_cl_is_said_to_be_neither_as_the_cli_says() {
    // A PNG renamed .cl: `levelkit check` says "not a file levelkit recognises: not a Sonic Heroes .cl
    // file …"; the page said "read as a Sonic Heroes .cl file (by its name)" and never "not a .cl".
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10\0\0\0\x10\x08\x02\0\0\0\x90\x91h6";
    let reply = call("open", &[("file", "picture.cl", png)], json!({}));
    let error = reply.header["error"].as_str().unwrap();
    let direct = levelkit::Document::parse(png, None).unwrap_err();
    assert_eq!(error, format!("picture.cl: {direct}"));
    assert!(error.contains("not a Sonic Heroes .cl file"), "{error}");
}

#[test]
fn depth_size_and_disc_path_refusals_name_their_field() {
    let cl = generate::game_correct(3, 300, 8).to_bytes().unwrap();
    let reply = call("build-cl", &[("file", "s.cl", &cl)], json!({ "depth": "99" }));
    assert_eq!(reply.header["field"], "depth");
    assert_eq!(reply.header["error"], "s.cl: --depth 99: it must be 15 at most, the game's limit");
    assert_eq!(reply.header["prefix"], "levelkit: error: ");
    let level = levelkit::samples::sample_bytes(levelkit::samples::SampleKind::Level, 1, Some(2)).unwrap();
    let reply = call("render", &[("file", "L.BIN", &level)], json!({ "size": "0x0" }));
    assert_eq!(reply.header["field"], "size");
    assert_eq!(reply.header["error"], "L.BIN: the frame size 0×0 is outside 8..=1024 on a side");
}

#[test]
fn the_samples_are_the_clis() {
    use levelkit::samples::{sample_bytes, SampleKind};
    for kind in SampleKind::ALL {
        let reply = call("sample", &[], json!({ "kind": kind.name() }));
        assert_eq!(reply.header["outputs"][0], kind.file_name());
        assert_eq!(reply.files[0], sample_bytes(kind, 1, None).unwrap(), "{}", kind.name());
    }
}

#[test]
fn bad_requests_are_errors() {
    let reply = call("frobnicate", &[], json!({}));
    assert_eq!(reply.header["error"], "unknown command \"frobnicate\"");
    let reply = call("info", &[], json!({}));
    assert_eq!(reply.header["error"], "`info` needs a file");
    let reply = call("build-cl", &[("file", "x.txt", b"hello")], json!({}));
    let error = reply.header["error"].as_str().unwrap();
    assert!(error.starts_with("x.txt: not a mesh levelkit can build from"), "{error}");
    let garbage = Envelope::decode(&run_request(&[9, 9, 9])).unwrap();
    assert!(garbage.header["error"].as_str().unwrap().contains("cut short"), "{}", garbage.header);
}

#[test]
fn a_kept_file_audits_as_a_fresh_one() {
    // The module keeps the last file parsed and its audit prepared (src/kept.rs): the same bytes again,
    // another file between, or a built file opened from the build's bytes answer as the library does.
    use levelkit::heroes::audit::{audit, AuditOptions};
    use levelkit::heroes::generate::Style;
    let community = generate::odd(3, 2000, 8, &Style::community()).to_bytes().unwrap();
    let clean = generate::game_correct(4, 1500, 8).to_bytes().unwrap();
    let want = |bytes: &[u8], probes: usize| {
        let c = levelkit::Collision::parse(bytes).unwrap();
        audit(&c, AuditOptions { probes, seed: 1 }).unwrap().to_text()
    };
    let audited = |name: &str, bytes: &[u8], probes: usize| {
        let reply = call("audit", &[("file", name, bytes)], json!({ "probes": probes.to_string() }));
        assert_eq!(reply.header["ok"], true, "{}", reply.header);
        reply.header["result"]["text"].as_str().unwrap().to_string()
    };
    assert_eq!(call("prepare", &[("file", "a.cl", &community)], json!({})).header["ok"], true);
    for (name, bytes, probes) in [
        ("a.cl", &community, 1000),
        ("a.cl", &community, 400),
        ("b.cl", &clean, 1000),
        ("a.cl", &community, 1000),
    ] {
        assert_eq!(audited(name, bytes, probes), want(bytes, probes), "{name}, {probes} probes");
    }
    // A changed file of the same name is read anew.
    let other = generate::odd(9, 2000, 8, &Style::community()).to_bytes().unwrap();
    assert_eq!(audited("a.cl", &other, 500), want(&other, 500));
    // A built file, kept as read back from the build's bytes.
    let obj = b"v 0 0 0\nv 100 0 0\nv 0 0 100\nv 100 0 100\nf 1 2 3\nf 2 4 3\n";
    let built = call("build-cl", &[("file", "floor.obj", obj)], json!({}));
    assert_eq!(built.header["ok"], true, "{}", built.header);
    let bytes = &built.files[0];
    let parsed = |reply: &Envelope| reply.header["result"]["kept"]["parsed"].as_u64().unwrap();
    assert_eq!(call("open", &[("file", "floor-built.cl", bytes)], json!({})).header["ok"], true);
    assert_eq!(audited("floor-built.cl", bytes, 300), want(bytes, 300));
    // Another built file is read once, by the build: not again to open or audit it.
    let before = call("audit", &[("file", "floor-built.cl", bytes)], json!({ "probes": "300" }));
    let ramp = b"v 0 0 0\nv 100 20 0\nv 0 0 100\nv 100 20 100\nf 1 2 3\nf 2 4 3\n";
    let built = call("build-cl", &[("file", "ramp.obj", ramp)], json!({}));
    let bytes = &built.files[0];
    assert_eq!(call("open", &[("file", "ramp-built.cl", bytes)], json!({})).header["ok"], true);
    let after = call("audit", &[("file", "ramp-built.cl", bytes)], json!({ "probes": "300" }));
    assert_eq!(after.header["result"]["text"].as_str(), Some(want(bytes, 300).as_str()));
    let kept = |r: &Envelope| r.header["result"]["kept"].clone();
    assert_eq!(parsed(&after), parsed(&before) + 1, "{} then {}", kept(&before), kept(&after));
}

#[test]
fn an_audit_from_workers_parts_is_the_audit() {
    // The page's workers each probe a range (`audit-part`), one makes the report from their parts: the
    // report, its text and the marked holes are the one-worker audit's; parts that do not tile are refused.
    use levelkit::heroes::generate::Style;
    let bytes = generate::odd(3, 2000, 8, &Style::community()).to_bytes().unwrap();
    let file = [("file", "a.cl", bytes.as_slice())];
    let whole = call("audit", &file, json!({ "probes": "3000", "seed": "4" }));
    assert!(whole.header["result"]["report"]["holes"].as_u64().unwrap() > 0, "{}", whole.header);
    let part = |part: u64, of: u64| {
        let reply =
            call("audit-part", &file, json!({ "probes": "3000", "seed": "4", "part": part, "of": of }));
        assert_eq!(reply.header["ok"], true, "{}", reply.header);
        reply.header["result"]["part"].clone()
    };
    let parts = json!([part(2, 3), part(0, 3), part(1, 3)]);
    let merged = call("audit", &file, json!({ "probes": "3000", "seed": "4", "parts": parts }));
    for key in ["report", "text", "marked"] {
        assert_eq!(merged.header["result"][key], whole.header["result"][key], "{key}");
    }
    let short = call("audit", &file, json!({ "probes": "3000", "seed": "4", "parts": [part(0, 2)] }));
    let error = short.header["error"].as_str().unwrap();
    assert!(error.contains("the parts end at probe 1500, the audit has 3000"), "{error}");
    let beyond = call("audit-part", &file, json!({ "probes": "3000", "part": 3, "of": 3 }));
    let error = beyond.header["error"].as_str().unwrap();
    assert!(error.contains("part 3 of 3: there are 1 to 64 parts"), "{error}");
    let garbage = call("audit", &file, json!({ "probes": "3000", "seed": "4", "parts": [{ "first": "x" }] }));
    let error = garbage.header["error"].as_str().unwrap();
    assert!(error.starts_with("cannot read the audit's parts"), "{error}");
}

#[test]
fn the_audit_view_marks_the_audit_just_run_or_runs_it() {
    // The page shows the report first, then asks for the 3D view with its holes marked: the same page as
    // `audit` with `view` gives, whether the audit is the one kept or not.
    use levelkit::heroes::generate::Style;
    let bytes = generate::odd(3, 2000, 8, &Style::community()).to_bytes().unwrap();
    let file = [("file", "a.cl", bytes.as_slice())];
    let with_view = call("audit", &file, json!({ "probes": "800", "view": true }));
    let page = &with_view.files[0];
    assert_eq!(call("audit", &file, json!({ "probes": "800" })).header["ok"], true);
    let after = call("audit-view", &file, json!({ "probes": "800" }));
    assert_eq!(after.header["outputs"], json!(["a.html"]), "{}", after.header);
    assert_eq!(&after.files[0], page);
    // Another audit kept: the view of this one is run again, not taken from it.
    assert_eq!(call("audit", &file, json!({ "probes": "300" })).header["ok"], true);
    assert_eq!(&call("audit-view", &file, json!({ "probes": "800" })).files[0], page);
}
