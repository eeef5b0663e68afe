//! levelkit: read, check, convert, build and render two families of game level files.
//!
//! - [`heroes`]: Sonic Heroes stage collision (`.cl`): big-endian, a quadtree over X/Z, triangles with
//!   adjacency, normals and surface flags.
//! - [`reptar`]: Rugrats: Search for Reptar (PS1) `LEVELnn.BIN` room files.
//! - [`disc`] (feature `disc`, on by default): the level files inside PS1 BIN/CUE and ISO 9660 images,
//!   and with feature `gamecube` (on by default; it adds `nod`, whose codecs are C) GameCube images.
//! - [`psx`]: a software model of the PS1 parts the Rugrats room renderer uses (VRAM, GTE projection,
//!   GPU rasteriser, ordering table, the room renderer) and a shaded view for collision meshes.
//!
//! Feature `parallel` (on by default) runs validation and the audit on rayon's threads; without it (the
//! WebAssembly build, `crates/levelkit-wasm`) the same work runs in order, with the same results.
//!
//! Every parser takes untrusted bytes: it never panics, never sizes an allocation by a count it has not
//! checked against the input, and reports errors with the byte offset, what was being read and what was
//! wrong ([`bytes::ParseError`]). Every model writes back the exact bytes it was read from.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod bytes;
pub mod convert;
#[cfg(feature = "disc")]
pub mod disc;
pub mod findings;
mod font;
pub mod heroes;
pub mod hex;
pub mod io;
pub mod json;
pub mod live;
pub mod mesh;
pub mod num;
mod par;
pub(crate) mod png;
pub mod psx;
pub mod render;
pub mod reptar;
pub mod rng;
pub mod samples;
#[cfg(test)]
mod test_support;
pub mod vecmath;

pub use bytes::{ParseError, WriteError};
pub use findings::{Finding, Findings, Group, Grouped, Path, Segment, Severity};

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

    /// The format a name or its short alias (`cl`, `heroes`, `level`, `reptar`) names.
    pub fn from_name(name: &str) -> Option<Format> {
        match name {
            "heroes-cl" | "cl" | "heroes" => Some(Format::HeroesCl),
            "reptar-level" | "level" | "reptar" => Some(Format::ReptarLevel),
            _ => None,
        }
    }

    /// The name people know the format by, for messages.
    pub fn long_name(self) -> &'static str {
        match self {
            Format::HeroesCl => "Sonic Heroes .cl",
            Format::ReptarLevel => "Rugrats LEVELnn.BIN",
        }
    }

    /// For data neither format's detection accepts, given both parse results: the format the data fits far
    /// better, with the evidence and whether the file ends early, if exactly one shows it. A LEVEL file's
    /// first u32 (the never-used record count) is 0 in every known file, and its counts chain: reading got
    /// past at least one portal. A `.cl` file's first u32 (big-endian `dataSize`) is its own length, or, in
    /// a file cut short, a longer length whose header places every section inside it. Random bytes show
    /// neither.
    fn fits_better(
        data: &[u8],
        heroes: &Result<(), ParseError>,
        reptar: &Result<(), ParseError>,
    ) -> Option<(Format, String, bool)> {
        let first = |word: fn([u8; 4]) -> u32| data.get(..4).map(|b| word([b[0], b[1], b[2], b[3]]));
        let past_first_portal = 8 + reptar::PORTAL_SIZE as u64;
        let level =
            first(u32::from_le_bytes) == Some(0) && matches!(reptar, Err(e) if e.offset >= past_first_portal);
        let len = data.len() as u64;
        let cl = match first(u32::from_be_bytes) {
            Some(size) if heroes.is_err() && data.len() >= heroes::HEADER_SIZE && u64::from(size) == len => {
                Some(("its first big-endian u32, dataSize, is its own length".to_string(), false))
            }
            Some(size)
                if heroes.is_err() && u64::from(size) > len && heroes::read::header_fits(data, size) =>
            {
                Some((
                    format!(
                        "its header's dataSize says {} bytes and places every section inside them; the file \
                         has {}",
                        num::thousands(u64::from(size)),
                        num::thousands(len)
                    ),
                    true,
                ))
            }
            _ => None,
        };
        match (level, cl) {
            (true, None) => {
                let cut_short =
                    matches!(reptar, Err(e) if matches!(e.problem, bytes::Problem::Truncated { .. }));
                Some((
                    Format::ReptarLevel,
                    "its first count is 0 and its counts chain past the first portal, as in every LEVEL file"
                        .to_string(),
                    cut_short,
                ))
            }
            (false, Some((evidence, cut_short))) => Some((Format::HeroesCl, evidence, cut_short)),
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
    /// A Sonic Heroes `.cl` file.
    Heroes(heroes::Collision),
    /// A Rugrats `LEVELnn.BIN` file.
    Reptar(reptar::Level),
}

/// Failure to open a file.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// Neither format fits; why not, for each, with the byte offset and section where reading it failed.
    /// (A caller that lets its user name the format says so after this message.)
    #[error(
        "not a file levelkit recognises: not a Sonic Heroes .cl file ({heroes}); not a Rugrats LEVELnn.BIN \
         file ({reptar})"
    )]
    Unrecognised {
        /// Why it is not a `.cl` file.
        heroes: String,
        /// Why it is not a `LEVELnn.BIN` file.
        reptar: String,
    },
    /// One format fits far better than the other (see `Format::fits_better`): a broken file of it, or one
    /// that ends early.
    #[error(
        "{} {} file{} ({evidence}): {error}",
        if *cut_short { "a" } else { "a broken" },
        format.long_name(),
        if *cut_short { ", cut short" } else { "" }
    )]
    Broken {
        /// The format the data fits.
        format: Format,
        /// What shows it.
        evidence: String,
        /// Whether the file ends before its own layout does (a download or copy cut short).
        cut_short: bool,
        /// Where reading it as that format failed.
        error: ParseError,
    },
    /// A file of the other format, given to something that reads only one ([`Document::parse_as_only`]).
    #[error("a {} file; {purpose} reads {} files", found.long_name(), wanted.long_name())]
    WrongFormat {
        /// The format the data is.
        found: Format,
        /// The one format the reader takes.
        wanted: Format,
        /// What reads it (a command's name: `audit`).
        purpose: String,
    },
    /// A levelkit JSON dump where a binary file was expected. (The CLI adds the command that packs it.)
    #[error(
        "a levelkit JSON dump{}, not the binary file; pack it into one first",
        format.map_or(String::new(), |f| format!(" of a {} file", f.long_name()))
    )]
    Dump {
        /// The format its `format` key names, if levelkit knows it.
        format: Option<Format>,
    },
    /// Neither format's detection accepts the data and it does not read as the one format the reader
    /// takes ([`Document::parse_as_only`]): where reading it as that format failed.
    #[error("not a {} file ({error})", format.long_name())]
    NotFormat {
        /// The format the reader takes.
        format: Format,
        /// Where reading it as that format failed.
        error: ParseError,
    },
    /// The data does not read as the format it was given or detected as.
    #[error(transparent)]
    Parse(#[from] ParseError),
}

impl OpenError {
    /// The parse error inside, with its byte offset, when one format's reader failed.
    pub fn parse_error(&self) -> Option<&ParseError> {
        match self {
            OpenError::Broken { error, .. }
            | OpenError::NotFormat { error, .. }
            | OpenError::Parse(error) => Some(error),
            OpenError::Unrecognised { .. } | OpenError::WrongFormat { .. } | OpenError::Dump { .. } => None,
        }
    }
}

/// The format a levelkit JSON dump names, when `data` is one: JSON text (after an optional byte-order mark
/// and white space) whose top-level object has a `format` key. `Some(None)`: a dump of a format levelkit
/// does not know.
fn dump_format(data: &[u8]) -> Option<Option<Format>> {
    let text = data.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(data);
    if text.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
        return None;
    }
    #[derive(serde::Deserialize)]
    struct Probe {
        format: String,
    }
    let probe: Probe = serde_json::from_slice(text).ok()?;
    Some(Format::from_name(&probe.format))
}

/// What data that [`Format::detect`] does not recognise is.
enum Diagnosis {
    /// One format fits far better: a broken (or cut-short) file of it.
    Broken { format: Format, evidence: String, cut_short: bool, error: ParseError },
    /// A levelkit JSON dump.
    Dump(Option<Format>),
    /// Neither: each format's reason.
    Neither { heroes: Result<(), ParseError>, reptar: Result<(), ParseError> },
}

fn diagnosis(data: &[u8]) -> Diagnosis {
    if let Some(format) = dump_format(data) {
        return Diagnosis::Dump(format);
    }
    let heroes = heroes::Collision::parse(data).map(|_| ());
    let reptar = reptar::Level::parse(data).map(|_| ());
    match Format::fits_better(data, &heroes, &reptar) {
        Some((format, evidence, cut_short)) => {
            let result = if format == Format::HeroesCl { &heroes } else { &reptar };
            match result {
                Err(error) => Diagnosis::Broken { format, evidence, cut_short, error: error.clone() },
                Ok(()) => Diagnosis::Neither { heroes, reptar },
            }
        }
        None => Diagnosis::Neither { heroes, reptar },
    }
}

/// Why `data`, which [`Format::detect`] does not recognise, is neither format — or, when one format fits
/// far better than the other, that format's parse error; or that it is a JSON dump.
fn diagnose(data: &[u8]) -> OpenError {
    let why_not = |result: Result<(), ParseError>| match result {
        Err(e) => e.to_string(),
        Ok(()) => "it reads, but its counts are unlike any real file's".to_string(),
    };
    match diagnosis(data) {
        Diagnosis::Broken { format, evidence, cut_short, error } => {
            OpenError::Broken { format, evidence, cut_short, error }
        }
        Diagnosis::Dump(format) => OpenError::Dump { format },
        Diagnosis::Neither { heroes, reptar } => {
            OpenError::Unrecognised { heroes: why_not(heroes), reptar: why_not(reptar) }
        }
    }
}

impl Document {
    /// Parses `data` as `format`, or as the format its content shows.
    pub fn parse(data: &[u8], format: Option<Format>) -> Result<Document, OpenError> {
        match format.or_else(|| Format::detect(data)) {
            Some(format) => Document::parse_exactly(data, format).map_err(|e| match dump_format(data) {
                // A dump given with the format named: say it is one, not where the binary reader stopped.
                Some(format) => OpenError::Dump { format },
                None => OpenError::Parse(e),
            }),
            None => Err(diagnose(data)),
        }
    }

    fn parse_exactly(data: &[u8], format: Format) -> Result<Document, ParseError> {
        Ok(match format {
            Format::HeroesCl => Document::Heroes(heroes::Collision::parse(data)?),
            Format::ReptarLevel => Document::Reptar(reptar::Level::parse(data)?),
        })
    }

    /// Parses `data` for a reader that takes only `wanted` (`purpose` names it: `"audit"`). A file of the
    /// other format is [`OpenError::WrongFormat`] (`a Rugrats LEVELnn.BIN file; audit reads Sonic Heroes
    /// .cl files`), never the error of reading it as `wanted`; a broken or cut-short file of either format
    /// is named as that format; a JSON dump is [`OpenError::Dump`]; anything else is
    /// [`OpenError::NotFormat`] with where reading it as `wanted` failed.
    pub fn parse_as_only(data: &[u8], wanted: Format, purpose: &str) -> Result<Document, OpenError> {
        let wrong = |found: Format| OpenError::WrongFormat { found, wanted, purpose: purpose.to_string() };
        match Format::detect(data) {
            Some(found) if found == wanted => Document::parse(data, Some(wanted)),
            Some(found) => Err(wrong(found)),
            None => Err(match diagnosis(data) {
                Diagnosis::Broken { format, .. } if format != wanted => wrong(format),
                Diagnosis::Broken { format, evidence, cut_short, error } => {
                    OpenError::Broken { format, evidence, cut_short, error }
                }
                Diagnosis::Dump(format) => OpenError::Dump { format },
                Diagnosis::Neither { heroes, reptar } => {
                    match if wanted == Format::HeroesCl { heroes } else { reptar } {
                        Err(error) => OpenError::NotFormat { format: wanted, error },
                        // Reads, but detection doubts it (counts unlike a real file's): read it as asked.
                        Ok(()) => return Document::parse(data, Some(wanted)),
                    }
                }
            }),
        }
    }

    /// Which format the document is.
    pub fn format(&self) -> Format {
        match self {
            Document::Heroes(_) => Format::HeroesCl,
            Document::Reptar(_) => Format::ReptarLevel,
        }
    }

    /// The file's bytes: those it was read from, when it has not been changed.
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

impl DumpError {
    /// Reads `value` as `T`, failing with the JSON path of the first key or value that does not fit
    /// (`rooms[2].geometry_sise: … unknown field`).
    pub(crate) fn read<'de, T: serde::Deserialize<'de>>(
        format: Format,
        value: &'de serde_json::Value,
    ) -> Result<T, DumpError> {
        serde_path_to_error::deserialize(value).map_err(|e| DumpError::Shape {
            format: format.name(),
            path: e.path().to_string(),
            error: e.into_inner(),
        })
    }
}

/// Failure to read a JSON dump.
#[derive(Debug, thiserror::Error)]
pub enum DumpError {
    /// The dump has no `format` key.
    #[error("the dump has no \"format\" key naming its format")]
    NoFormat,
    #[error("the dump's format {0:?} is not one levelkit knows (heroes-cl, reptar-level)")]
    /// The `format` key names no format levelkit knows.
    UnknownFormat(String),
    // `error`, not `source`: the message already holds it, and a source would be printed twice.
    /// A key or value does not fit the format's dump layout.
    #[error("{path}: the dump does not match the {format} layout: {error}")]
    Shape {
        /// The format's name.
        format: &'static str,
        /// The JSON path of the first key or value that does not fit.
        path: String,
        /// What serde says is wrong there.
        error: serde_json::Error,
    },
    /// The dump has the right shape but values the format cannot hold (message names the path).
    #[error("{0}")]
    Invalid(String),
}
