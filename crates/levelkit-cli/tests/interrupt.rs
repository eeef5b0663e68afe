//! An interrupted `levelkit convert` leaves no partial output: every file under its final name is whole.
//! After SIGINT (Ctrl-C) it also leaves no temporary file; after SIGKILL, which no program can catch,
//! only hidden `.NAME.PID.N.tmp` files can remain (and `convert` skips hidden files when it reads a folder).
#![cfg(unix)]

use levelkit::reptar::generate::{generate, Options};
use levelkit::Document;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const INPUTS: usize = 400;

/// A folder of identical levels, and the JSON every one of them converts to.
fn big_folder(root: &Path) -> Vec<u8> {
    let level = generate(&Options { rooms: 12, ..Options::small(5) });
    let bytes = level.to_bytes().unwrap();
    let input = root.join("in");
    std::fs::create_dir_all(&input).unwrap();
    for i in 0..INPUTS {
        std::fs::write(input.join(format!("LEVEL{i:03}.BIN")), &bytes).unwrap();
    }
    let mut json = serde_json::to_string_pretty(&Document::Reptar(level).to_dump()).unwrap();
    json.push('\n');
    json.into_bytes()
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(entries) => entries.map(|e| e.unwrap().path()).collect(),
        Err(_) => Vec::new(),
    };
    out.sort();
    out
}

/// Starts `convert` on the folder, waits until some outputs are written (but not all), sends `signal`,
/// and returns the exit status.
fn interrupt_convert(root: &Path, signal: libc::c_int) -> std::process::ExitStatus {
    let out = root.join("out");
    let mut child = Command::new(env!("CARGO_BIN_EXE_levelkit"))
        .args(["convert", "in", "--to", "json", "-o", "out", "-j", "2"])
        .current_dir(root)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while files(&out).iter().filter(|p| p.extension().is_some_and(|e| e == "json")).count() < 3 {
        assert!(started.elapsed() < Duration::from_secs(300), "convert wrote nothing");
        std::thread::sleep(Duration::from_millis(2));
    }
    // SAFETY: the child has not been waited for, so the pid is still its.
    unsafe { libc::kill(libc::pid_t::try_from(child.id()).unwrap(), signal) };
    child.wait().unwrap()
}

/// Every output under its final name is whole; returns how many there are and the hidden temporary files.
fn check_outputs(root: &Path, expected: &[u8]) -> (usize, Vec<PathBuf>) {
    let mut whole = 0;
    let mut temporary = Vec::new();
    for path in files(&root.join("out")) {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with('.') && name.ends_with(".tmp") {
            temporary.push(path);
            continue;
        }
        assert!(name.starts_with("LEVEL") && name.ends_with(".json"), "unexpected output {name}");
        assert_eq!(std::fs::read(&path).unwrap(), expected, "{name} is not whole");
        whole += 1;
    }
    (whole, temporary)
}

#[test]
fn ctrl_c_leaves_whole_outputs_and_no_temporary_files() {
    let dir = tempfile::tempdir().unwrap();
    let expected = big_folder(dir.path());
    let status = interrupt_convert(dir.path(), libc::SIGINT);
    let (whole, temporary) = check_outputs(dir.path(), &expected);
    assert!(whole >= 3, "the outputs written before Ctrl-C are kept");
    assert!(whole < INPUTS, "the run finished before Ctrl-C: make the folder bigger");
    assert_eq!(status.code(), Some(128 + libc::SIGINT), "{status:?}");
    assert!(temporary.is_empty(), "temporary files left after Ctrl-C: {temporary:?}");
}

#[test]
fn sigkill_leaves_whole_outputs_and_at_most_hidden_temporary_files() {
    let dir = tempfile::tempdir().unwrap();
    let expected = big_folder(dir.path());
    let status = interrupt_convert(dir.path(), libc::SIGKILL);
    assert!(!status.success());
    let (whole, temporary) = check_outputs(dir.path(), &expected);
    assert!(whole >= 3);
    // At most one per worker thread; they are hidden, so converting the folder again skips them.
    assert!(temporary.len() <= 2, "{temporary:?}");
}
