//! A parsed file of either format ([`Document`]), what opening one can fail with ([`OpenError`]), and the
//! calls every front end makes on a file whatever its format.

use crate::bytes::{ParseError, WriteError};
use crate::detect::{diagnose, diagnosis, dump_format, Diagnosis};
use crate::dump::DumpError;
use crate::findings::Findings;
use crate::format::Format;
use crate::{heroes, reptar};

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
