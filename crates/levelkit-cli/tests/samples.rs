//! The files in samples/ are what `levelkit sample` generates today (scripts/make-samples), byte for byte,
//! and they show what the README says they show.

use std::process::Command;

fn levelkit(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_levelkit")).args(args).output().unwrap()
}

fn sample_path(name: &str) -> String {
    format!("{}/../../samples/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn shipped_samples_are_regenerated_exactly() {
    let dir = tempfile::tempdir().unwrap();
    for (kind, name) in [("cl", "stage.cl"), ("cl-community", "stage-community.cl"), ("level", "LEVEL00.BIN")]
    {
        let out = dir.path().join(name);
        let o = levelkit(&["sample", kind, "-o", out.to_str().unwrap()]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert!(
            std::fs::read(&out).unwrap() == std::fs::read(sample_path(name)).unwrap(),
            "samples/{name} is stale: run scripts/make-samples"
        );
    }
}

#[test]
fn the_built_sample_has_no_holes_and_the_community_one_has() {
    let good = levelkit(&["audit", &sample_path("stage.cl"), "--json"]);
    assert!(good.status.success(), "{}", String::from_utf8_lossy(&good.stdout));
    let v: serde_json::Value = serde_json::from_slice(&good.stdout).unwrap();
    assert_eq!(v["holes"], 0);
    assert_eq!(v["moving"]["holes"], 0);
    assert!(v["moving"]["complete_hits"].as_u64().unwrap() > 5000, "{}", v["moving"]);
    let bad = levelkit(&["audit", &sample_path("stage-community.cl"), "--json"]);
    assert_eq!(bad.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&bad.stdout).unwrap();
    assert!(v["holes"].as_u64().unwrap() > 1000, "{}", v["holes"]);
    // The player's movement too: moving spheres stopped at the wrong triangle.
    assert!(v["moving"]["holes"].as_u64().unwrap() > 0, "{}", v["moving"]);
    let strict = levelkit(&["check", &sample_path("stage.cl"), "--strict"]);
    assert!(strict.status.success());
    let level = levelkit(&["check", &sample_path("LEVEL00.BIN"), "--strict"]);
    assert!(level.status.success());
}
