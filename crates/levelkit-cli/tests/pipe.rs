//! A reader that stops early (`levelkit dump f | head`) must not make levelkit panic (exit 101).

use std::io::Read;
use std::process::{Command, Stdio};

#[test]
fn closed_stdout_is_not_a_panic() {
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/../../samples/stage.cl");
    let mut child = Command::new(env!("CARGO_BIN_EXE_levelkit"))
        .args(["dump", sample])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child.stdout.as_mut().unwrap().read_exact(&mut first).unwrap();
    drop(child.stdout.take());
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    let status = child.wait().unwrap();
    assert_ne!(status.code(), Some(101), "panicked: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}
