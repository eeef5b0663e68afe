//! The module's commands, run natively through the same envelope the page sends: they answer as the
//! library does, and bad input gets an error, never a panic. (The page itself is tested in Chromium by
//! `tools/web-test.mjs`, against the CLI.)

use levelkit::heroes::generate;
use levelkit_wasm::commands::run_request;
use levelkit_wasm::envelope::Envelope;
use serde_json::{json, Value};

fn call(command: &str, files: &[(&str, &str, &[u8])], options: Value) -> Envelope {
    let request = Envelope {
        header: json!({
            "command": command,
            "inputs": files.iter().map(|f| f.0).collect::<Vec<_>>(),
            "names": files.iter().map(|f| f.1).collect::<Vec<_>>(),
            "options": options,
        }),
        files: files.iter().map(|f| f.2.to_vec()).collect(),
    };
    Envelope::decode(&run_request(&request.encode())).expect("the reply is an envelope")
}

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
    let want: Vec<Value> = c.validate().iter().map(|f| json!(f.offset)).collect();
    assert_eq!(got.iter().map(|f| f["offset"].clone()).collect::<Vec<_>>(), want);
    assert!(want.iter().any(Value::is_u64), "{got:?}");
}

#[test]
fn outputs_are_the_library_bytes() {
    let c = generate::game_correct(2, 400, 8);
    let bytes = c.to_bytes().unwrap();
    let reply = call("dump", &[("file", "s02.cl", &bytes)], json!({}));
    assert_eq!(reply.header["outputs"], json!(["s02.json"]));
    let text = String::from_utf8(reply.files[0].clone()).unwrap();
    assert_eq!(text, serde_json::to_string_pretty(&c.to_dump()).unwrap() + "\n");
    let packed = call("pack", &[("file", "s02.json", &reply.files[0])], json!({}));
    assert_eq!(packed.header["outputs"], json!(["s02.cl"]));
    assert_eq!(packed.files[0], bytes);

    let audit = call("audit", &[("file", "s02.cl", &bytes)], json!({ "probes": 200, "view": true }));
    assert_eq!(audit.header["result"]["report"]["holes"], 0, "{}", audit.header);
    assert_eq!(audit.header["outputs"], json!(["s02.html"]));
    let exported = call("export", &[("file", "s02.cl", &bytes)], json!({ "to": "obj" }));
    assert!(
        exported.header["outputs"].as_array().unwrap().contains(&json!("s02.obj")),
        "{}",
        exported.header
    );
    let built = call("build-cl", &[("file", "s02.obj", &exported.files[0])], json!({ "depth": "auto" }));
    assert_eq!(built.header["ok"], true, "{}", built.header);
}

#[test]
fn a_truncated_file_names_the_file_and_the_offset() {
    let bytes = generate::game_correct(3, 300, 8).to_bytes().unwrap();
    let cut = &bytes[..bytes.len() / 3];
    let reply = call("open", &[("file", "cut.cl", cut)], json!({}));
    assert_eq!(reply.header["ok"], false);
    let error = reply.header["error"].as_str().unwrap();
    let direct = levelkit::Document::parse(cut, None).unwrap_err();
    assert_eq!(error, format!("cut.cl: {direct}"));
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
