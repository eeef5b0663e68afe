//! `rooms`: the rooms of a Rugrats LEVELnn.BIN file and the portals between them.

use crate::common::{self, EXIT_FAILURE};
use anyhow::Result;
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
    /// Read the file as a LEVELnn.BIN file without recognising it by content (the only format this command
    /// reads).
    #[arg(long, value_enum)]
    format: Option<common::LevelFormatArg>,
}

pub fn rooms(a: RoomsArgs) -> Result<ExitCode> {
    let doc = common::open_only(&a.file, a.format.is_some(), Format::ReptarLevel, "rooms")?;
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
