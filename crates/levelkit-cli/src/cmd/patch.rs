//! `patch`: put files back into a disc image (PS1 BIN/CUE or ISO, GameCube ISO/GCM or RVZ …), each in the
//! sectors its old version occupies, and prove the result by reading it back (the library's
//! `disc::patch`).

use crate::common::{announce, status, warn};
use anyhow::{Context, Result};
use clap::Args;
use levelkit::disc::patch::{patch as patch_image, Options, Output, PatchError, Replacement};
use levelkit::num::thousands;
use std::path::PathBuf;
use std::process::ExitCode;

/// Replace files inside a disc image with new ones (each checked first), e.g.
/// `levelkit patch rugrats.cue DATA/DB05/LEVEL05.BIN=LEVEL05.BIN -o modded.cue`.
#[derive(Args)]
pub struct PatchArgs {
    /// A PS1 .cue, .bin or .iso, or a GameCube image (ISO/GCM, RVZ, WIA, CISO, GCZ …).
    image: PathBuf,
    /// PATH=FILE: the file at PATH inside the image (as `levelkit ls` shows it) replaced by FILE.
    #[arg(required = true, value_name = "PATH=FILE")]
    files: Vec<String>,
    /// The patched image to write (for a CUE sheet, the new sheet; its BIN is written beside it).
    /// (A `.cue` for raw sectors writes the sheet and its `.bin`; an `.iso` holds 2,048-byte sectors: a
    /// name that says another kind of image than IMAGE's is refused.)
    #[arg(short, long = "output", value_name = "OUT", conflicts_with = "in_place")]
    output: Option<PathBuf>,
    /// Change IMAGE itself (only the changed sectors are written; see docs/guide/discs.md for what a crash
    /// leaves).
    #[arg(long)]
    in_place: bool,
    /// Move a file that needs more sectors than it has to the image's end (the game may still look for
    /// it at its old sector).
    #[arg(long)]
    relocate: bool,
}

pub fn patch(a: PatchArgs) -> Result<ExitCode> {
    let mut replacements = Vec::new();
    for spec in &a.files {
        let Some((path, file)) = spec.split_once('=').filter(|(p, f)| !p.is_empty() && !f.is_empty()) else {
            usage!("{spec:?}: give each replacement as PATH=FILE (PATH inside the image, FILE on disk)");
        };
        let bytes = std::fs::read(file).with_context(|| format!("cannot read {file}"))?;
        replacements.push(Replacement { path: path.to_string(), bytes });
    }
    let output = match (&a.output, a.in_place) {
        (Some(out), _) => Output::Copy(out.clone()),
        (None, true) => Output::InPlace,
        (None, false) => usage!(
            "give -o OUT for a patched copy of {}, or --in-place to change it itself",
            a.image.display()
        ),
    };
    let report = patch_image(&a.image, &replacements, &Options { output, relocate: a.relocate })
        .map_err(|e| match hint(&e, &a) {
            Some(text) => anyhow::anyhow!(text),
            None => anyhow::Error::new(e),
        })
        .with_context(|| format!("{}", a.image.display()))?;
    for w in &report.warnings {
        warn(w);
    }
    // The library's line for each file, the one the web page shows.
    for f in &report.files {
        status(f);
    }
    // Every written file with its size, as every command names what it wrote.
    for (path, what) in &report.written {
        match std::fs::metadata(path) {
            Ok(m) => announce(path, &format!("{what}, {} bytes", thousands(m.len()))),
            Err(_) => announce(path, what),
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The library's refusal with the flag or command that fixes it, when there is one: its words say what
/// to do ("relocating it moves it to the image's end"), this program's flag does it.
fn hint(e: &PatchError, a: &PatchArgs) -> Option<String> {
    match e {
        PatchError::NotFound(path) => Some(format!(
            "no file {path:?} in the image (`levelkit ls {}` lists the level files)",
            a.image.display()
        )),
        e => crate::hints::patch_error(e),
    }
}
