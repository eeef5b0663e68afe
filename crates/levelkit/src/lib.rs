//! levelkit: read, check, convert, build and render two families of game level files.
//!
//! - [`heroes`]: Sonic Heroes stage collision (`.cl`): big-endian, a quadtree over X/Z, triangles with
//!   adjacency, normals and surface flags.
//! - [`reptar`]: Rugrats: Search for Reptar (PS1) `LEVELnn.BIN` room files.
//! - [`disc`] (feature `disc`, on by default): the level files inside PS1 BIN/CUE and ISO 9660 images and
//!   GameCube images.
//! - [`psx`]: a software model of the PS1 parts the Rugrats room renderer uses (VRAM, GTE projection,
//!   GPU rasteriser, ordering table, the room renderer) and a shaded view for collision meshes.
//!
//! Every parser takes untrusted bytes: it never panics, never sizes an allocation by a count it has not
//! checked against the input, and reports errors with the byte offset, what was being read and what was
//! wrong ([`bytes::ParseError`]). Every model writes back the exact bytes it was read from.
#![forbid(unsafe_code)]

pub mod bytes;
pub mod convert;
#[cfg(feature = "disc")]
pub mod disc;
pub mod findings;
pub mod heroes;
pub mod io;
pub mod json;
pub mod mesh;
pub mod psx;
pub mod render;
pub mod reptar;
pub mod rng;
#[cfg(test)]
mod test_support;

pub use bytes::{ParseError, WriteError};
pub use findings::{Finding, Findings, Severity};

use serde::Serialize;

/// The file formats levelkit reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Format {
    /// Sonic Heroes stage collision, `.cl`.
    #[serde(rename = "heroes-cl")]
    HeroesCl,
    /// Rugrats: Search for Reptar `LEVELnn.BIN`.
    #[serde(rename = "reptar-level")]
    ReptarLevel,
}

impl Format {
    /// The name used in `--format`, JSON output and dumps.
    pub fn name(self) -> &'static str {
        match self {
            Format::HeroesCl => "heroes-cl",
            Format::ReptarLevel => "reptar-level",
        }
    }

    pub fn from_name(name: &str) -> Option<Format> {
        match name {
            "heroes-cl" | "cl" | "heroes" => Some(Format::HeroesCl),
            "reptar-level" | "level" | "reptar" => Some(Format::ReptarLevel),
            _ => None,
        }
    }

    /// Recognises a format by content, never by file name.
    pub fn detect(data: &[u8]) -> Option<Format> {
        if heroes::looks_like(data) {
            Some(Format::HeroesCl)
        } else if reptar::looks_like(data) {
            Some(Format::ReptarLevel)
        } else {
            None
        }
    }
}

/// A parsed file of either format.
#[derive(Clone, Debug)]
pub enum Document {
    Heroes(heroes::Collision),
    Reptar(reptar::Level),
}

/// Failure to open a file.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error("not a file levelkit recognises (neither a Sonic Heroes .cl file nor a Rugrats LEVELnn.BIN file); use --format to force one")]
    Unrecognised,
    #[error(transparent)]
    Parse(#[from] ParseError),
}

impl Document {
    /// Parses `data` as `format`, or as the format its content shows.
    pub fn parse(data: &[u8], format: Option<Format>) -> Result<Document, OpenError> {
        match format.or_else(|| Format::detect(data)) {
            Some(Format::HeroesCl) => Ok(Document::Heroes(heroes::Collision::parse(data)?)),
            Some(Format::ReptarLevel) => Ok(Document::Reptar(reptar::Level::parse(data)?)),
            None => Err(OpenError::Unrecognised),
        }
    }

    pub fn format(&self) -> Format {
        match self {
            Document::Heroes(_) => Format::HeroesCl,
            Document::Reptar(_) => Format::ReptarLevel,
        }
    }

    pub fn to_bytes(&self) -> Result<Vec<u8>, WriteError> {
        match self {
            Document::Heroes(c) => c.to_bytes(),
            Document::Reptar(l) => l.to_bytes(),
        }
    }

    /// Every finding, errors first within the order they were found.
    pub fn validate(&self) -> Findings {
        match self {
            Document::Heroes(c) => c.validate(),
            Document::Reptar(l) => l.validate(),
        }
    }

    /// The summary `levelkit info --json` prints; always has a `format` key.
    pub fn summary(&self) -> serde_json::Value {
        match self {
            Document::Heroes(c) => c.summary(),
            Document::Reptar(l) => l.summary(),
        }
    }

    /// The summary for a person to read.
    pub fn summary_text(&self) -> String {
        match self {
            Document::Heroes(c) => c.summary_text(),
            Document::Reptar(l) => l.summary_text(),
        }
    }

    /// Every field as JSON, lossless: [`Document::from_dump`] of it gives the same bytes back.
    pub fn to_dump(&self) -> serde_json::Value {
        match self {
            Document::Heroes(c) => c.to_dump(),
            Document::Reptar(l) => l.to_dump(),
        }
    }

    /// Reads a dump made by [`Document::to_dump`] (its `format` key says which).
    pub fn from_dump(value: &serde_json::Value) -> Result<Document, DumpError> {
        let format = value.get("format").and_then(|f| f.as_str()).ok_or(DumpError::NoFormat)?;
        match Format::from_name(format) {
            Some(Format::HeroesCl) => Ok(Document::Heroes(heroes::Collision::from_dump(value)?)),
            Some(Format::ReptarLevel) => Ok(Document::Reptar(reptar::Level::from_dump(value)?)),
            None => Err(DumpError::UnknownFormat(format.to_owned())),
        }
    }
}

/// Failure to read a JSON dump.
#[derive(Debug, thiserror::Error)]
pub enum DumpError {
    #[error("the dump has no \"format\" key naming its format")]
    NoFormat,
    #[error("the dump's format {0:?} is not one levelkit knows (heroes-cl, reptar-level)")]
    UnknownFormat(String),
    #[error("the dump does not match the {format} layout: {source}")]
    Shape { format: &'static str, source: serde_json::Error },
    #[error("{0}")]
    Invalid(String),
}
