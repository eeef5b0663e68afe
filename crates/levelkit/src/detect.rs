//! Which format bytes are: [`Format::detect`] by content (never by file name), and for bytes neither format
//! accepts, why not — a broken or cut-short file of the one that fits far better, a JSON dump, or neither
//! with each format's reason ([`OpenError`]).

use crate::bytes::{self, ParseError};
use crate::format::Format;
use crate::{heroes, num, reptar};

impl Format {
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

/// Why data is not one format: its reader's error (with the byte offset, what was being read and what was
/// wrong), or, when it reads, that its counts are unlike any real file's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotTheFormat(pub Option<Box<ParseError>>);

impl std::fmt::Display for NotTheFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Some(e) => write!(f, "{e}"),
            None => f.write_str("it reads, but its counts are unlike any real file's"),
        }
    }
}

/// Failure to open a file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OpenError {
    /// Neither format fits; why not, for each, with the byte offset and section where reading it failed.
    /// (A caller that lets its user name the format says so after this message.)
    #[error(
        "not a file levelkit recognises: not a Sonic Heroes .cl file ({heroes}); not a Rugrats LEVELnn.BIN \
         file ({reptar})"
    )]
    Unrecognised {
        /// Why it is not a `.cl` file.
        heroes: NotTheFormat,
        /// Why it is not a `LEVELnn.BIN` file.
        reptar: NotTheFormat,
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
    ///
    /// [`Document::parse_as_only`]: crate::document::Document::parse_as_only
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
    /// The data is empty (0 bytes): neither format's file ever is.
    #[error("the file is empty (0 bytes): no .cl file or LEVELnn.BIN is")]
    Empty,
    /// Neither format's detection accepts the data and it does not read as the one format the reader
    /// takes ([`Document::parse_as_only`]): where reading it as that format failed.
    ///
    /// [`Document::parse_as_only`]: crate::document::Document::parse_as_only
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
            OpenError::Unrecognised { .. }
            | OpenError::WrongFormat { .. }
            | OpenError::Dump { .. }
            | OpenError::Empty => None,
        }
    }
}

/// The format a levelkit JSON dump names, when `data` is one: JSON text (after an optional byte-order mark
/// and white space) whose top-level object has a `format` key. `Some(None)`: a dump of a format levelkit
/// does not know.
pub(crate) fn dump_format(data: &[u8]) -> Option<Option<Format>> {
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
pub(crate) enum Diagnosis {
    /// One format fits far better: a broken (or cut-short) file of it.
    Broken { format: Format, evidence: String, cut_short: bool, error: ParseError },
    /// A levelkit JSON dump.
    Dump(Option<Format>),
    /// Neither: each format's reason.
    Neither { heroes: Result<(), ParseError>, reptar: Result<(), ParseError> },
}

pub(crate) fn diagnosis(data: &[u8]) -> Diagnosis {
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
pub(crate) fn diagnose(data: &[u8]) -> OpenError {
    if data.is_empty() {
        return OpenError::Empty;
    }
    let why_not = |result: Result<(), ParseError>| NotTheFormat(result.err().map(Box::new));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_file_is_called_empty() {
        let e = crate::document::Document::parse(&[], None).unwrap_err();
        assert!(matches!(e, OpenError::Empty), "{e}");
        assert_eq!(e.to_string(), "the file is empty (0 bytes): no .cl file or LEVELnn.BIN is");
    }

    #[test]
    fn an_unrecognised_file_keeps_each_formats_parse_error() {
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
        let Err(OpenError::Unrecognised { heroes, reptar }) = crate::document::Document::parse(png, None)
        else {
            panic!("a PNG header is neither format");
        };
        for why in [&heroes, &reptar] {
            let parse = why.0.as_deref().expect("the reader's own error, with its offset");
            assert!(why.to_string() == parse.to_string() && !parse.what.is_empty(), "{why}");
        }
    }
}
