//! levelkit's errors as Python exceptions. Every message is the library's own (its `Display`); a parse error
//! also carries the byte offset and what was being read as attributes, so a script can point at the byte.

use pyo3::exceptions::{PyException, PyOSError};
use pyo3::prelude::*;

pyo3::create_exception!(levelkit, Error, PyException, "Every error levelkit raises.");
pyo3::create_exception!(
    levelkit,
    ParseError,
    Error,
    "A file or dump that does not read: `offset` (the byte where the failing read started, or None when the \
     error is about no one byte), `context` (what was being read), `problem` (what was wrong), `path` (a \
     dump's JSON path the error is about, or None)."
);
pyo3::create_exception!(levelkit, WriteError, Error, "A model that cannot be written back to bytes.");
pyo3::create_exception!(levelkit, BuildError, Error, "A mesh that cannot become a .cl file, or bad options.");
pyo3::create_exception!(levelkit, ExportError, Error, "A document that cannot be exported or rendered.");
pyo3::create_exception!(
    levelkit,
    PushError,
    Error,
    "A push that failed: the file fails check, the game folder has no collisions folder, no game or mod \
     is running, or the game did not acknowledge the reload."
);

/// A `ParseError` with every documented attribute set: `offset` (or `None`), `context`, `problem`, `path`
/// (a dump's JSON path, or `None`).
fn parse_error_with(
    py: Python<'_>,
    message: String,
    offset: Option<u64>,
    context: &str,
    problem: String,
    path: Option<String>,
) -> PyErr {
    let err = ParseError::new_err(message);
    let value = err.value(py);
    let attributes = [
        value.setattr("offset", offset),
        value.setattr("context", context),
        value.setattr("problem", problem),
        value.setattr("path", path),
    ];
    match attributes.into_iter().find_map(Result::err) {
        Some(failed) => failed,
        None => err,
    }
}

/// The exception for a parse error: `message` (the library's), with the error's offset, context and
/// problem as attributes.
pub fn parse_error(py: Python<'_>, message: String, e: &levelkit::ParseError) -> PyErr {
    parse_error_with(py, message, Some(e.offset), e.what.as_str(), e.problem.to_string(), None)
}

/// The exception for a failure to open data: a parse error with its offset when one format's reader
/// failed (a broken file of the format it fits far better says so first), else one saying why the data
/// is neither format (`offset` `None`, `context` "recognising the format", `problem` why not, for each).
pub fn open_error(py: Python<'_>, e: levelkit::OpenError) -> PyErr {
    match &e {
        levelkit::OpenError::Unrecognised { heroes, reptar } => {
            let problem =
                format!("not a Sonic Heroes .cl file ({heroes}); not a Rugrats LEVELnn.BIN file ({reptar})");
            parse_error_with(py, e.to_string(), None, "recognising the format", problem, None)
        }
        // A broken or cut-short file of one format, or one read as a format: its reader's offset.
        _ => match e.parse_error() {
            Some(parse) => parse_error(py, e.to_string(), parse),
            // A file of the other format, or a JSON dump: about the whole file.
            None => parse_error_with(py, e.to_string(), None, "recognising the format", e.to_string(), None),
        },
    }
}

/// A parse error about a whole file rather than a byte of it (`offset` `None`): `context` what was being
/// read, `problem` what was wrong; the message is the two.
pub fn file_error(py: Python<'_>, context: &str, problem: String) -> PyErr {
    parse_error_with(py, format!("{context}: {problem}"), None, context, problem, None)
}

/// The exception for a dump that does not read back: `offset` `None` (a dump has no bytes), `context`
/// "the JSON dump", `problem` the library's message, `path` the dump's JSON path it is about (the path the
/// library's message starts with, `format` for a missing or unknown format), or `None`.
pub fn dump_error(py: Python<'_>, e: &levelkit::DumpError) -> PyErr {
    let message = e.to_string();
    let path = match e {
        levelkit::DumpError::NoFormat | levelkit::DumpError::UnknownFormat(_) => Some("format".to_string()),
        levelkit::DumpError::Shape { path, .. } => Some(path.clone()),
        // The library's messages start with the path they are about (`nodes[3].list: …`); one that names
        // none starts with words.
        _ => message
            .split_once(": ")
            .map(|(head, _)| head)
            .filter(|head| !head.is_empty() && !head.contains(' '))
            .map(str::to_string),
    };
    parse_error_with(py, message.clone(), None, "the JSON dump", message, path)
}

/// An `OSError` as Python raises it for a failed `open`: `errno`, `strerror` and `filename` set, so
/// `FileNotFoundError`, `IsADirectoryError`, `PermissionError` … by the error number.
pub fn os_error(py: Python<'_>, e: &std::io::Error, path: &std::path::Path) -> PyErr {
    let filename = path.display().to_string();
    match e.raw_os_error() {
        Some(errno) => {
            let strerror = py
                .import("os")
                .and_then(|os| os.call_method1("strerror", (errno,)))
                .and_then(|s| s.extract::<String>())
                .unwrap_or_else(|_| e.to_string());
            PyOSError::new_err((errno, strerror, filename))
        }
        None => {
            let err = PyOSError::new_err(format!("{filename}: {e}"));
            match err.value(py).setattr("filename", filename) {
                Ok(()) => err,
                Err(failed) => failed,
            }
        }
    }
}

pub fn write_error(e: levelkit::WriteError) -> PyErr {
    WriteError::new_err(e.to_string())
}

pub fn push_error(message: impl Into<String>) -> PyErr {
    PushError::new_err(message.into())
}

pub fn build_error(e: impl std::fmt::Display) -> PyErr {
    BuildError::new_err(e.to_string())
}

pub fn export_error(e: impl std::fmt::Display) -> PyErr {
    ExportError::new_err(e.to_string())
}

/// Registers the exception classes on the module.
pub fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<Error>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("WriteError", py.get_type::<WriteError>())?;
    m.add("BuildError", py.get_type::<BuildError>())?;
    m.add("ExportError", py.get_type::<ExportError>())?;
    m.add("PushError", py.get_type::<PushError>())?;
    Ok(())
}
