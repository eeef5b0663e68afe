//! What every format's JSON dump shares: the error reading one fails with, and the typed read that names
//! the JSON path of the first key or value that does not fit.

use crate::format::Format;

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
