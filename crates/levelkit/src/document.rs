//! A parsed file of either format ([`Document`]), and the calls every front end makes on a file whatever
//! its format.

use crate::bytes::{ParseError, WriteError};
use crate::detect::{diagnose, diagnosis, dump_format, Diagnosis, OpenError};
use crate::dump::DumpError;
use crate::findings::Findings;
use crate::format::Format;
use crate::io::ReadLimit;
use crate::{heroes, reptar};

/// A parsed file of either format.
#[derive(Clone, Debug)]
pub enum Document {
    /// A Sonic Heroes `.cl` file.
    Heroes(heroes::Collision),
    /// A Rugrats `LEVELnn.BIN` file.
    Reptar(reptar::Level),
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
    /// is named as that format; a JSON dump is [`OpenError::Dump`], no bytes [`OpenError::Empty`]; anything else is
    /// [`OpenError::NotFormat`] with where reading it as `wanted` failed.
    pub fn parse_as_only(data: &[u8], wanted: Format, purpose: &str) -> Result<Document, OpenError> {
        let wrong = |found: Format| OpenError::WrongFormat { found, wanted, purpose: purpose.to_string() };
        if data.is_empty() {
            return Err(OpenError::Empty);
        }
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

    /// [`Document::to_dump`]'s tree as JSON text, indented as `levelkit dump` writes it (a Sonic Heroes
    /// dump written straight from the records, without making the tree).
    pub fn to_dump_text(&self) -> Vec<u8> {
        match self {
            Document::Heroes(c) => c.to_dump_text(),
            // Writing a tree to memory cannot fail.
            Document::Reptar(l) => serde_json::to_vec_pretty(&l.to_dump()).unwrap_or_default(),
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

    /// Reads a dump's JSON text: what [`Document::from_dump`] gives for the text's tree (serde's errors
    /// with the text's line and column), a Sonic Heroes dump without making the tree (it is many times the
    /// text's size, and making it was most of the time).
    pub fn from_dump_text(text: &[u8]) -> Result<Document, DumpError> {
        let format = crate::dump::text_format(text)?.ok_or(DumpError::NoFormat)?;
        match Format::from_name(&format) {
            Some(Format::HeroesCl) => Ok(Document::Heroes(heroes::Collision::from_dump_text(text)?)),
            Some(Format::ReptarLevel) => {
                let value = serde_json::from_slice(text).map_err(DumpError::NotJson)?;
                Ok(Document::Reptar(reptar::Level::from_dump(&value)?))
            }
            None => Err(DumpError::UnknownFormat(format)),
        }
    }
}

/// The caps of the level formats, which only a module above both formats can know.
impl ReadLimit {
    /// A Sonic Heroes `.cl` file: [`crate::heroes::write::MAX_FILE_LEN`], the longest levelkit writes (the
    /// arrays at their 65,535-record limits take 5 MB; the lists of a complete tree up to 32 MiB).
    pub const HEROES_CL: ReadLimit = ReadLimit {
        bytes: crate::heroes::write::MAX_FILE_LEN,
        holds: "a Sonic Heroes .cl file",
        why: "the longest levelkit writes: 65,535 nodes, triangles and vertices take 5 MB, the lists of a \
              complete tree 32 MiB",
    };

    /// A Rugrats `LEVELnn.BIN` file: 16 MiB, eight times the PlayStation's 2 MiB of main RAM (known files
    /// are under 1 MiB); the same bound a disc listing looks into.
    pub const REPTAR_LEVEL: ReadLimit = ReadLimit {
        bytes: crate::reptar::MAX_FILE_LEN,
        holds: "a Rugrats LEVELnn.BIN file",
        why: "eight times the PlayStation's 2 MiB of main RAM; known files are under 1 MiB",
    };

    /// A file of either format, recognised by content: the larger cap, [`ReadLimit::HEROES_CL`]'s.
    pub const LEVEL_FILE: ReadLimit = ReadLimit {
        bytes: crate::heroes::write::MAX_FILE_LEN,
        holds: "a level file (Sonic Heroes .cl or Rugrats LEVELnn.BIN)",
        why: "the longest .cl file levelkit writes; a LEVELnn.BIN file is at most 16 MiB",
    };

    /// The cap for a file of `format`, or of either when it is to be recognised by content.
    pub fn for_format(format: Option<Format>) -> ReadLimit {
        match format {
            Some(Format::HeroesCl) => ReadLimit::HEROES_CL,
            Some(Format::ReptarLevel) => ReadLimit::REPTAR_LEVEL,
            None => ReadLimit::LEVEL_FILE,
        }
    }
}
