//! Probes a Sonic Heroes stage the game's way and says where a player falls through:
//! `cargo run --release --example audit -- FILE.cl [PROBES]` (10,000 of each kind unless given).

use levelkit::heroes::audit::{audit, AuditOptions};
use levelkit::Collision;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: audit FILE.cl [PROBES]");
        return ExitCode::from(2);
    };
    let probes = match args.get(2).map(|p| p.parse::<usize>()) {
        None => AuditOptions::default().probes,
        Some(Ok(p)) if p > 0 => p,
        Some(_) => {
            eprintln!("PROBES must be a whole number above 0, got {}", args[2]);
            return ExitCode::from(2);
        }
    };
    let result = std::fs::read(path)
        .map_err(|e| e.to_string())
        .and_then(|b| Collision::parse(&b).map_err(|e| e.to_string()))
        .and_then(|stage| audit(&stage, AuditOptions { probes, seed: 1 }).map_err(|e| e.to_string()));
    let report = match result {
        Ok(report) => report,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "{path}: {} holes, {} triangles the game hangs on",
        report.holes,
        report.hanging_triangles.len()
    );
    for group in &report.causes {
        println!("  {}", group.text);
    }
    ExitCode::SUCCESS
}
