//! levelkit's errors as Python exceptions. Every message is the library's own (its `Display`); a parse error
//! also carries the byte offset and what was being read as attributes, so a script can point at the byte.

use pyo3::exceptions::PyException;
use pyo3::prelude::*;

pyo3::create_exception!(levelkit, Error, PyException, "Every error levelkit raises.");
pyo3::create_exception!(
    levelkit,
    ParseError,
    Error,
    "A file that does not read: `offset` (the byte where the failing read started), `context` (what was \
     being read), `problem` (what was wrong)."
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

/// The exception for a parse error: `message` (the library's), with the error's offset, context and
/// problem as attributes.
pub fn parse_error(py: Python<'_>, message: String, e: &levelkit::ParseError) -> PyErr {
    let err = ParseError::new_err(message);
    let value = err.value(py);
    let attributes = [
        value.setattr("offset", e.offset),
        value.setattr("context", e.what.as_str()),
        value.setattr("problem", e.problem.to_string()),
    ];
    match attributes.into_iter().find_map(Result::err) {
        Some(failed) => failed,
        None => err,
    }
}

/// The exception for a failure to open data: a parse error with its offset when one format's reader
/// failed (a broken file of the format it fits far better says so first), else one saying why the data
/// is neither format (no single offset).
pub fn open_error(py: Python<'_>, e: levelkit::OpenError) -> PyErr {
    match &e {
        levelkit::OpenError::Parse(parse) | levelkit::OpenError::Broken { error: parse, .. } => {
            parse_error(py, e.to_string(), parse)
        }
        levelkit::OpenError::Unrecognised { .. } => {
            let err = ParseError::new_err(e.to_string());
            match err.value(py).setattr("offset", py.None()) {
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
