//! `levelkit.patch_image`: the library's disc patcher (`levelkit::disc::patch`) for Python.

use levelkit::disc::patch::{patch, Options, Output, Replacement};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::path::PathBuf;

pyo3::create_exception!(
    levelkit,
    PatchError,
    crate::errors::Error,
    "A disc image that cannot be patched as asked (a path not in it, a file that does not fit or fails \
     check, an image whose EDC/ECC is already wrong …); nothing was written."
);

/// Replaces files inside a disc image (PS1 .cue/.bin/.iso, GameCube ISO/GCM or RVZ …): `files` maps each
/// path inside the image to the new file (`bytes`, `bytearray` or a path). Writes `output`, or changes
/// `image` itself when `output` is None. Returns `files` (what changed in each), `sectors_written`,
/// `bytes_written`, `sectors_unchanged`, `written` (paths) and `warnings`; raises `PatchError` with the
/// same message as `levelkit patch`.
#[pyfunction]
#[pyo3(signature = (image, files, output=None, relocate=false))]
pub fn patch_image<'py>(
    py: Python<'py>,
    image: PathBuf,
    files: &Bound<'py, PyDict>,
    output: Option<PathBuf>,
    relocate: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let mut replacements = Vec::new();
    for (path, source) in files.iter() {
        let path: String = path.extract()?;
        replacements.push(Replacement { path, bytes: crate::source_bytes(py, &source)? });
    }
    let output = match output {
        Some(out) => Output::Copy(out),
        None => Output::InPlace,
    };
    let report = py
        .detach(|| patch(&image, &replacements, &Options { output, relocate }))
        .map_err(|e| PatchError::new_err(format!("{}: {e}", image.display())))?;
    let result = PyDict::new(py);
    let changed = PyList::empty(py);
    for f in &report.files {
        let d = PyDict::new(py);
        d.set_item("path", &f.path)?;
        d.set_item("format", f.format.map(|f| f.name()))?;
        d.set_item("old_size", f.old_size)?;
        d.set_item("new_size", f.new_size)?;
        d.set_item("old_start", f.old_start)?;
        d.set_item("new_start", f.new_start)?;
        d.set_item("relocated", f.relocated)?;
        d.set_item("start_unit", f.start_unit)?;
        changed.append(d)?;
    }
    result.set_item("files", changed)?;
    result.set_item("sectors_written", report.sectors_written)?;
    result.set_item("bytes_written", report.bytes_written)?;
    result.set_item("sectors_unchanged", report.sectors_unchanged)?;
    let written: Vec<String> = report.written.iter().map(|(p, _)| p.display().to_string()).collect();
    result.set_item("written", written)?;
    result.set_item("warnings", report.warnings)?;
    Ok(result)
}

/// Adds `patch_image` and `PatchError` to the module.
pub fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("PatchError", m.py().get_type::<PatchError>())?;
    m.add_function(wrap_pyfunction!(patch_image, m)?)
}
