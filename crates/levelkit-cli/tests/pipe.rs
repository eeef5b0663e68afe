//! A reader that stops early (`levelkit check f --json | more`, `| head`) ends levelkit quietly with the
//! command's own exit status, on every platform: no panic (exit 101), no death by SIGPIPE, no message.
//! Each output here is far larger than a pipe's buffer, so the program is still writing when the reader
//! goes, whatever the timing.

use std::io::Read;
use std::process::{Command, Stdio};

fn sample(name: &str) -> String {
    format!("{}/../../samples/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Reads the first bytes of the command's output, closes the pipe, and returns the exit code and stderr.
fn run_closing_early(args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_levelkit"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child.stdout.as_mut().unwrap().read_exact(&mut first).unwrap();
    drop(child.stdout.take());
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    (child.wait().unwrap().code(), stderr)
}

fn exit_code_reading_all(args: &[&str]) -> (Option<i32>, usize) {
    let out = Command::new(env!("CARGO_BIN_EXE_levelkit")).args(args).output().unwrap();
    (out.status.code(), out.stdout.len())
}

#[test]
fn closed_stdout_ends_quietly_with_the_commands_own_status() {
    for args in [
        vec!["dump".to_string(), sample("stage.cl")],
        vec!["check".to_string(), sample("stage-community.cl"), "--json".to_string()],
    ] {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (expected, size) = exit_code_reading_all(&args);
        assert!(size > 1 << 20, "{args:?}: the output must outgrow the pipe's buffer, was {size} bytes");
        let (code, stderr) = run_closing_early(&args);
        assert_eq!(
            code, expected,
            "{args:?}: exit status changed by the reader closing early; stderr: {stderr}"
        );
        assert_eq!(stderr, "", "{args:?}");
    }
}
