//! Helpers every command shares: reading inputs, choosing the format, writing outputs atomically.

use anyhow::{Context, Result};
use levelkit::{Document, Format};
use std::path::Path;

/// Bad input or a failed check.
pub const EXIT_FAILURE: u8 = 1;

/// `--format` values.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum FormatArg {
    /// Sonic Heroes collision (.cl)
    #[value(name = "heroes-cl", alias = "cl")]
    HeroesCl,
    /// Rugrats: Search for Reptar LEVELnn.BIN
    #[value(name = "reptar-level", alias = "level")]
    ReptarLevel,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::HeroesCl => Format::HeroesCl,
            FormatArg::ReptarLevel => Format::ReptarLevel,
        }
    }
}

pub fn read_file(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))
}

/// Reads and parses a level file of either format.
pub fn open(path: &Path, format: Option<FormatArg>) -> Result<Document> {
    let data = read_file(path)?;
    Document::parse(&data, format.map(Format::from)).with_context(|| format!("{}", path.display()))
}

/// Writes `bytes` to `path` through a temporary file and a rename.
pub fn write_output(path: &Path, bytes: &[u8]) -> Result<()> {
    levelkit::io::write_atomic(path, bytes).with_context(|| format!("cannot write {}", path.display()))
}

/// Prints JSON to standard output, pretty.
pub fn print_json(value: &impl serde::Serialize) -> Result<()> {
    println!("{}", serde_json::to_string_pretty(value)?);
    Ok(())
}
