//! Lists the level files inside a disc image and reads each: `cargo run --example disc_ls --features disc
//! -- IMAGE` (a PS1 `.bin` with its `.cue`, an `.iso`; GameCube images with feature `gamecube`).

use levelkit::disc::Disc;
use levelkit::Document;
use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: disc_ls IMAGE");
        return ExitCode::from(2);
    };
    let listed = Disc::open(std::path::Path::new(&path)).and_then(|disc| disc.levels().map(|l| (disc, l)));
    let (disc, listing) = match listed {
        Ok(listed) => listed,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    for level in &listing.levels {
        let read = disc.read_path(&level.path).map_err(|e| e.to_string());
        match read.and_then(|bytes| Document::parse(&bytes, Some(level.format)).map_err(|e| e.to_string())) {
            Ok(document) => println!("{}: {} bytes, {}", level.path, level.size, document.summary_text()),
            Err(e) => println!("{}: {e}", level.path),
        }
    }
    println!("{} level files, {} other files", listing.levels.len(), listing.skipped);
    ExitCode::SUCCESS
}
