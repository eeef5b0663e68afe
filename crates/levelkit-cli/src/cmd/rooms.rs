//! `rooms`: the rooms of a Rugrats LEVELnn.BIN file and the portals between them.

use crate::common::{self, EXIT_FAILURE};
use anyhow::{bail, Result};
use clap::Args;
use levelkit::{Document, Format};
use std::path::PathBuf;
use std::process::ExitCode;

/// List a LEVELnn.BIN file's rooms: bounds, faces and the rooms their portals lead to.
#[derive(Args)]
pub struct RoomsArgs {
    /// The Rugrats LEVELnn.BIN file (or IMAGE:PATH, a file inside a disc image).
    file: PathBuf,
    /// Print a Graphviz graph of rooms and portals.
    #[arg(long, conflicts_with = "json")]
    dot: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

pub fn rooms(a: RoomsArgs) -> Result<ExitCode> {
    let doc = common::open(&a.file, Some(common::FormatArg::ReptarLevel)).or_else(|e| {
        // Say "not a LEVEL file" for a file of the other format rather than a parse error at byte 0.
        let data = common::read_file(&a.file)?;
        if Format::detect(&data) == Some(Format::HeroesCl) {
            bail!("{} is a Sonic Heroes .cl file; `rooms` reads Rugrats LEVELnn.BIN files", a.file.display());
        }
        Err(e)
    })?;
    let Document::Reptar(level) = doc else {
        eprintln!("levelkit: error: {} is not a Rugrats LEVELnn.BIN file", a.file.display());
        return Ok(ExitCode::from(EXIT_FAILURE));
    };
    let graph = level.room_graph();
    if a.json {
        common::print_json(&graph)?;
    } else if a.dot {
        out!("{}", graph.to_dot())?;
    } else {
        out!("{}", graph.to_text())?;
    }
    Ok(ExitCode::SUCCESS)
}
