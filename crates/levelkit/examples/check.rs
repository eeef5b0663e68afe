//! Reads a `.cl` or `LEVELnn.BIN` and prints what `levelkit check` finds:
//! `cargo run --example check -- FILE`. Exits 1 when the file fails (an error), 2 on a usage error.

use levelkit::{Document, Severity};
use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: check FILE");
        return ExitCode::from(2);
    };
    let checked = std::fs::read(&path)
        .map_err(|e| e.to_string())
        .and_then(|bytes| Document::parse(&bytes, None).map_err(|e| e.to_string()));
    let document = match checked {
        Ok(document) => document,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let findings = document.validate();
    print!("{}", findings.grouped());
    println!(
        "{path}: {} errors, {} warnings, {} notes",
        findings.count(Severity::Error),
        findings.count(Severity::Warning),
        findings.count(Severity::Note)
    );
    if findings.has_errors() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
