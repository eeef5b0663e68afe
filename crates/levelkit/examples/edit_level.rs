//! Edits a Rugrats level in code and writes it back: `cargo run --example edit_level -- LEVEL.BIN ROOM OUT.BIN`
//! raises every vertex of room ROOM by 16 units (Y points down in the game) and keeps every other byte.
//! The level keeps its size, so it fits its place on the disc (`levelkit patch` puts it there).

use levelkit::Level;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let (Some(path), Some(Ok(room)), Some(out)) =
        (args.get(1), args.get(2).map(|r| r.parse::<usize>()), args.get(3))
    else {
        eprintln!("usage: edit_level LEVEL.BIN ROOM OUT.BIN");
        return ExitCode::from(2);
    };
    let read = std::fs::read(path).map_err(|e| e.to_string());
    let mut level = match read.and_then(|bytes| Level::parse(&bytes).map_err(|e| e.to_string())) {
        Ok(level) => level,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let Some(edited) = level.rooms.get_mut(room) else {
        eprintln!(
            "{path} has {} rooms, 0 to {}: no room {room}",
            level.rooms.len(),
            level.rooms.len().saturating_sub(1)
        );
        return ExitCode::from(2);
    };
    let mut moved = 0;
    for vertex in edited.blobs.iter_mut().flat_map(|blob| &mut blob.vertices) {
        vertex.y = vertex.y.saturating_sub(16);
        moved += 1;
    }
    // A level levelkit's own check fails is not written.
    let findings = level.validate();
    if findings.has_errors() {
        eprint!("nothing written, the edited level fails check:\n{}", findings.grouped());
        return ExitCode::FAILURE;
    }
    let written = level.to_bytes().map_err(|e| e.to_string()).and_then(|bytes| {
        levelkit::io::write_atomic(std::path::Path::new(out), &bytes)
            .map_err(|e| e.to_string())
            .map(|()| bytes.len())
    });
    match written {
        Ok(len) => {
            println!("wrote {out}: room {room}'s {moved} vertices raised by 16, {len} bytes");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{out}: {e}");
            ExitCode::FAILURE
        }
    }
}
