//! `levelkit` for Python: the library's models and operations, with arrays as numpy arrays.
//!
//! A thin layer: every format fact, check and algorithm is the Rust library's; this crate converts
//! arguments, results and errors. Arrays are built once per call from the model (one copy, owned by the
//! numpy array without a second one); editing an array never changes the model it came from.

mod arrays;
mod collision;
mod errors;
mod findings;
mod level;
mod mesh;
mod push;

use levelkit::Document;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes};

/// A parsed document as the Python object of its kind.
fn document_object(py: Python<'_>, doc: Document) -> PyResult<Bound<'_, PyAny>> {
    match doc {
        Document::Heroes(c) => Ok(Bound::new(py, collision::Collision::new(c, None))?.into_any()),
        Document::Reptar(l) => Ok(Bound::new(py, level::Level { inner: l })?.into_any()),
    }
}

/// The bytes of `source`: `bytes` or `bytearray` as they are, anything else as a path to read.
fn source_bytes(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(b) = source.cast::<PyBytes>() {
        return Ok(b.as_bytes().to_vec());
    }
    if let Ok(b) = source.cast::<PyByteArray>() {
        return Ok(b.to_vec());
    }
    let path: std::path::PathBuf = source.extract()?;
    std::fs::read(&path).map_err(|e| {
        let err = PyErr::from(e);
        // OSError's own attribute for the file it is about.
        match err.value(py).setattr("filename", path.display().to_string()) {
            Ok(()) => err,
            Err(failed) => failed,
        }
    })
}

fn parse_format(format: Option<&str>) -> PyResult<Option<levelkit::Format>> {
    format
        .map(|name| {
            levelkit::Format::from_name(name).ok_or_else(|| {
                pyo3::exceptions::PyValueError::new_err(format!(
                    "format {name:?} is not one levelkit knows (heroes-cl, reptar-level)"
                ))
            })
        })
        .transpose()
}

/// Reads a level file (a path, `bytes` or `bytearray`): a `Collision` or a `Level`, recognised by content
/// (`format="heroes-cl"` or `"reptar-level"` forces one).
#[pyfunction]
#[pyo3(signature = (source, format=None))]
fn read<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    format: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let format = parse_format(format)?;
    let data = source_bytes(py, source)?;
    let doc = py.detach(|| Document::parse(&data, format)).map_err(|e| errors::open_error(py, e))?;
    document_object(py, doc)
}

/// A document from its lossless JSON dump (as `to_dump()` gives it; a dict).
#[pyfunction]
fn from_dump<'py>(py: Python<'py>, dump: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let value: serde_json::Value = arrays::from_python(dump)?;
    let doc = Document::from_dump(&value).map_err(|e| errors::ParseError::new_err(e.to_string()))?;
    document_object(py, doc)
}

/// A sample file levelkit generates (no game data): `kind` is "cl", "cl-community", "level" or "vram";
/// `size` is triangles or rooms. The same arguments always give the same bytes.
#[pyfunction]
#[pyo3(signature = (kind, seed=1, size=None))]
fn sample<'py>(py: Python<'py>, kind: &str, seed: u64, size: Option<usize>) -> PyResult<Bound<'py, PyBytes>> {
    use levelkit::samples::SampleKind;
    let kind = match kind {
        "cl" => SampleKind::Cl,
        "cl-community" => SampleKind::ClCommunity,
        "level" => SampleKind::Level,
        "vram" => SampleKind::Vram,
        other => {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "sample kind {other:?} is not one of cl, cl-community, level, vram"
            )))
        }
    };
    let bytes = py.detach(|| levelkit::samples::sample_bytes(kind, seed, size)).map_err(|e| match e {
        levelkit::samples::SampleError::Write(e) => errors::write_error(e),
        // Nothing is clamped: a size out of range is the caller's value.
        e => pyo3::exceptions::PyValueError::new_err(format!("size: {e}")),
    })?;
    Ok(PyBytes::new(py, &bytes))
}

#[pymodule]
fn _levelkit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    errors::add(m)?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(from_dump, m)?)?;
    m.add_function(wrap_pyfunction!(sample, m)?)?;
    m.add_function(wrap_pyfunction!(push::push, m)?)?;
    collision::add(m)?;
    level::add(m)?;
    mesh::add(m)?;
    Ok(())
}
