//! `levelkit web`: copies the built page (scripts/build-web's web/dist, or --from) to a folder, and says
//! how to build it when it is missing. (The page itself is tested in Chromium by scripts/test-web.)

use std::process::Command;

const PAGE_FILES: &[&str] = &[
    "index.html",
    "page.css",
    "levelkit.js",
    "worker.js",
    "levelkit-wasm.js",
    "levelkit.wasm",
    "three-LICENSE",
];

fn levelkit(args: &[&std::ffi::OsStr]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_levelkit")).args(args).output().expect("the binary runs")
}

#[test]
fn copies_every_file_of_the_page() {
    let dir = tempfile::tempdir().unwrap();
    let from = dir.path().join("dist");
    std::fs::create_dir(&from).unwrap();
    for (i, name) in PAGE_FILES.iter().enumerate() {
        std::fs::write(from.join(name), format!("{name} {i}")).unwrap();
    }
    let out = dir.path().join("site/sub");
    let o = levelkit(&["web".as_ref(), "--from".as_ref(), from.as_os_str(), "-o".as_ref(), out.as_os_str()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for (i, name) in PAGE_FILES.iter().enumerate() {
        assert_eq!(std::fs::read_to_string(out.join(name)).unwrap(), format!("{name} {i}"));
    }
}

#[test]
fn a_page_not_built_says_how_to_build_it() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), "x").unwrap();
    let out = dir.path().join("site");
    let o = levelkit(&[
        "web".as_ref(),
        "--from".as_ref(),
        dir.path().as_os_str(),
        "-o".as_ref(),
        out.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("the web page is not built in"), "{err}");
    assert!(err.contains("missing page.css, levelkit.js"), "{err}");
    assert!(err.contains("run scripts/build-web"), "{err}");
    assert!(!out.exists(), "nothing is written");
}
