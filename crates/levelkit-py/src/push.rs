//! `levelkit.push`: the library's live reload (check, install, find the port, reload) for Python.

use crate::errors;
use levelkit::heroes::live::{self, CollisionName};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict};
use std::path::PathBuf;
use std::time::Duration;

/// The longest timeout taken, in seconds (as the CLI's `--timeout`).
const MAX_TIMEOUT_SECONDS: f64 = 3600.0;

/// Puts a `.cl` file (a path, `bytes` or `bytearray`) into the game's `collisions` folder and makes the
/// running game reload it. Returns `path`, `backup`, `kept_backup`, `reloaded`, `port`, `warnings`;
/// raises `PushError` with the same message as `levelkit push`.
#[pyfunction]
#[pyo3(signature = (source, game, name=None, port=None, timeout=5.0, force=false))]
pub fn push<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    game: PathBuf,
    name: Option<&str>,
    port: Option<&Bound<'py, PyAny>>,
    timeout: f64,
    force: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let name = match name {
        Some(name) => CollisionName::new(name),
        None if source.is_instance_of::<PyBytes>() || source.is_instance_of::<PyByteArray>() => {
            return Err(errors::push_error("name= is needed when the file is given as bytes"));
        }
        None => CollisionName::of_file(&source.extract::<PathBuf>()?),
    }
    .map_err(|e| errors::push_error(e.to_string()))?;
    if !(timeout > 0.0 && timeout <= MAX_TIMEOUT_SECONDS) {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "timeout must be above 0 and at most {MAX_TIMEOUT_SECONDS} seconds, got {timeout}"
        )));
    }
    let port = crate::args::opt_int_in(port, "port", 1, u16::MAX)?;
    let bytes = crate::source_bytes(py, source)?;
    let request =
        live::Push { collision: &bytes, game: &game, name, timeout: Duration::from_secs_f64(timeout), force };
    let find_port = || port.map_or_else(levelkit_discover::find_port, Ok);
    let pushed = py
        .detach(|| live::push(&request, levelkit::io::write_atomic, find_port))
        .map_err(|e| errors::push_error(e.to_string()))?;
    let result = PyDict::new(py);
    result.set_item("path", pushed.installed.path.display().to_string())?;
    result.set_item("backup", pushed.installed.backup.map(|p| p.display().to_string()))?;
    result.set_item("kept_backup", pushed.installed.kept_backup.map(|p| p.display().to_string()))?;
    result.set_item("reloaded", pushed.reloaded.as_str())?;
    result.set_item("port", pushed.port)?;
    result.set_item("warnings", pushed.warnings)?;
    Ok(result)
}
