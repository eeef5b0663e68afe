//! `levelkit` for Python: the library's models and operations, with arrays as numpy arrays.
//!
//! A thin layer: every format fact, check and algorithm is the Rust library's; this crate converts
//! arguments, results and errors. Arrays are built once per call from the model (one copy, owned by the
//! numpy array without a second one); editing an array never changes the model it came from.

mod args;
mod arrays;
mod collision;
mod disc;
mod document;
mod errors;
mod findings;
mod level;
mod mesh;
mod push;
mod scene;
mod vram;

use levelkit::Document;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes};

/// A parsed document as the Python object of its kind.
fn document_object(py: Python<'_>, doc: Document) -> PyResult<Bound<'_, PyAny>> {
    match doc {
        Document::Heroes(c) => Ok(Bound::new(py, collision::Collision::new(c, None))?.into_any()),
        Document::Reptar(l) => Ok(Bound::new(py, level::Level::new(l))?.into_any()),
    }
}

/// The most bytes a read takes: the longest `.cl` file levelkit writes (a LEVELnn.BIN file is far
/// smaller). A longer file, `/dev/zero` or a FIFO that never ends stops here instead of filling memory.
pub const MAX_READ: u64 = levelkit::heroes::write::MAX_FILE_LEN;

/// The longest `bytes` that `read` checks for being a path by mistake (a path is short; a level file is not).
const PATH_LIKE_MAX: usize = 4096;

/// Whether `data` may be a path given as bytes: short, no NUL byte (every `.cl` and LEVELnn.BIN file has
/// zero bytes in its header's counts and offsets, so file content never passes this), and it names an
/// existing file.
fn names_a_file(data: &[u8]) -> Option<String> {
    if data.is_empty() || data.len() > PATH_LIKE_MAX || data.contains(&0) {
        return None;
    }
    let text = std::str::from_utf8(data).ok()?;
    std::path::Path::new(text).is_file().then(|| text.to_string())
}

/// Reads the file at `path`, at most [`MAX_READ`] bytes: an `OSError` with `errno` and `filename` when it
/// cannot be read, a `ParseError` when it is longer.
pub fn read_path(py: Python<'_>, path: &std::path::Path) -> PyResult<Vec<u8>> {
    let limit = levelkit::io::ReadLimit { bytes: MAX_READ, ..levelkit::io::ReadLimit::LEVEL_FILE };
    read_path_within(py, path, limit, |_| {
        errors::file_error(
            py,
            &format!("reading {}", path.display()),
            format!(
                "it holds more than {} MiB; no .cl or LEVELnn.BIN file is that large (levelkit stops reading there)",
                MAX_READ >> 20
            ),
        )
    })
}

/// Reads the file at `path` within `limit`, once: an `OSError` with `errno` and `filename` when it cannot be
/// read; a longer file is the exception `too_large` makes of the library's message.
pub fn read_path_within(
    py: Python<'_>,
    path: &std::path::Path,
    limit: levelkit::io::ReadLimit,
    too_large: impl FnOnce(levelkit::io::ReadError) -> PyErr,
) -> PyResult<Vec<u8>> {
    // The library's capped read (`levelkit::io`, the CLI's too), with Python's exceptions.
    levelkit::io::read_limited(path, limit).map_err(|e| match e {
        levelkit::io::ReadError::Io { error, .. } => errors::os_error(py, &error, path),
        e @ levelkit::io::ReadError::TooLarge { .. } => too_large(e),
        e => pyo3::exceptions::PyOSError::new_err(e.to_string()),
    })
}

/// The bytes of `source`: `bytes` or `bytearray` as they are (the file's content), anything else
/// (`str`, `os.PathLike`) as a path to read. `bytes` that look like a path (short, no NUL byte, naming an
/// existing file) are refused with a `ValueError` that says how to pass a path: file content never looks
/// like that, so nothing that reads is refused.
fn source_bytes(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    let given = if let Ok(b) = source.cast::<PyBytes>() {
        Some(b.as_bytes().to_vec())
    } else if let Ok(b) = source.cast::<PyByteArray>() {
        Some(b.to_vec())
    } else {
        None
    };
    if let Some(data) = given {
        if let Some(path) = names_a_file(&data) {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "the bytes given are the name of a file ({path:?}), not its content: bytes are read as the \
                 file's content; pass the path as a str or pathlib.Path (os.fsdecode(b) turns bytes into one)"
            )));
        }
        return Ok(data);
    }
    let path: std::path::PathBuf = source.extract().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(format!(
            "source must be a path (str or os.PathLike) or the file's content (bytes or bytearray), not {}",
            source.get_type().name().map_or_else(|_| "?".into(), |n| n.to_string())
        ))
    })?;
    read_path(py, &path)
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

/// What `read_collision` and `read_level` are called in messages, by the format they read.
fn reader_name(format: levelkit::Format) -> &'static str {
    match format {
        levelkit::Format::HeroesCl => "read_collision",
        levelkit::Format::ReptarLevel => "read_level",
    }
}

/// Parses `data` as `format` (or as its content shows). Data of the other format, recognised by content,
/// is named as such rather than read as `format` (which would report a nonsense offset deep in it).
fn parse(py: Python<'_>, data: &[u8], format: Option<levelkit::Format>) -> PyResult<Document> {
    if let (Some(wanted), Some(found)) = (format, levelkit::Format::detect(data)) {
        if wanted != found {
            return Err(errors::file_error(
                py,
                &format!("reading a {} file", wanted.long_name()),
                format!(
                    "this is a {} file, not a {} file: read it with format={:?} or {}()",
                    found.long_name(),
                    wanted.long_name(),
                    found.name(),
                    reader_name(found)
                ),
            ));
        }
    }
    py.detach(|| Document::parse(data, format)).map_err(|e| errors::open_error(py, e))
}

/// Reads a level file (a path, or the file's content as `bytes` or `bytearray`): a `Collision` or a
/// `Level`, recognised by content (`format="heroes-cl"` or `"reptar-level"` forces one; a file of the other
/// format is then a `ParseError` naming it). A path given as `bytes` is refused with a `ValueError`: bytes
/// are content (see `read_collision` and `read_level` for typed reads).
#[pyfunction]
#[pyo3(signature = (source, format=None))]
fn read<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    format: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let format = parse_format(format)?;
    let data = source_bytes(py, source)?;
    document_object(py, parse(py, &data, format)?)
}

/// Reads a Sonic Heroes `.cl` file (a path or its content): a `Collision`. A Rugrats level is a
/// `ParseError` naming it.
#[pyfunction]
fn read_collision(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<collision::Collision> {
    let data = source_bytes(py, source)?;
    match parse(py, &data, Some(levelkit::Format::HeroesCl))? {
        Document::Heroes(c) => Ok(collision::Collision::new(c, None)),
        Document::Reptar(_) => Err(errors::file_error(py, "reading a .cl file", "not a .cl file".into())),
    }
}

/// Reads a Rugrats `LEVELnn.BIN` file (a path or its content): a `Level`. A `.cl` file is a `ParseError`
/// naming it.
#[pyfunction]
fn read_level(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<level::Level> {
    let data = source_bytes(py, source)?;
    match parse(py, &data, Some(levelkit::Format::ReptarLevel))? {
        Document::Reptar(l) => Ok(level::Level::new(l)),
        Document::Heroes(_) => {
            Err(errors::file_error(py, "reading a level", "not a LEVELnn.BIN file".into()))
        }
    }
}

/// A document from its lossless JSON dump (as `to_dump()` gives it; a dict).
#[pyfunction]
fn from_dump<'py>(py: Python<'py>, dump: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let value: serde_json::Value = arrays::from_python(dump)?;
    let doc = Document::from_dump(&value).map_err(|e| errors::dump_error(py, &e))?;
    document_object(py, doc)
}

/// A sample file levelkit generates (no game data): `kind` is "cl", "cl-community", "level" or "vram";
/// `size` is triangles (cl, cl-community: 2 to 65534; 4000 by default) or rooms (level: 1 to 80; 12 by
/// default); `seed` (default 1) picks the variation. The VRAM dump has one size and no seed: `size` or
/// `seed` with it is a `ValueError`. The same arguments always give the same bytes.
#[pyfunction]
#[pyo3(signature = (kind, seed=None, size=None))]
fn sample<'py>(
    py: Python<'py>,
    kind: &str,
    seed: Option<&Bound<'py, PyAny>>,
    size: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyBytes>> {
    use levelkit::samples::SampleKind;
    let kind_value = match kind {
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
    let (size, seed) = match kind_value.size_range() {
        Some((what, range)) => (
            args::opt_int_in(
                size,
                &format!("size ({what} of a {kind:?} sample)"),
                *range.start(),
                *range.end(),
            )?,
            args::opt_int_in(seed, "seed", 0, u64::MAX)?.unwrap_or(1),
        ),
        None => {
            for (name, value) in [("size", size), ("seed", seed)] {
                if value.is_some_and(|v| !v.is_none()) {
                    return Err(pyo3::exceptions::PyValueError::new_err(format!(
                        "{name} does not apply to a \"vram\" sample: it is always the same 1 MiB dump"
                    )));
                }
            }
            (None, 1)
        }
    };
    let bytes =
        py.detach(|| levelkit::samples::sample_bytes(kind_value, seed, size)).map_err(|e| match e {
            levelkit::samples::SampleError::Write(e) => errors::write_error(e),
            // Checked above; the library's own refusal, should its ranges change.
            e => pyo3::exceptions::PyValueError::new_err(format!("size: {e}")),
        })?;
    Ok(PyBytes::new(py, &bytes))
}

#[pymodule]
fn _levelkit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // build_cl's and `levelkit build-cl`'s weld when none is given (the Blender export's too).
    m.add("DEFAULT_WELD", f64::from(levelkit::heroes::builder::DEFAULT_WELD))?;
    errors::add(m)?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(read_collision, m)?)?;
    m.add_function(wrap_pyfunction!(read_level, m)?)?;
    m.add_function(wrap_pyfunction!(from_dump, m)?)?;
    m.add_function(wrap_pyfunction!(sample, m)?)?;
    m.add_function(wrap_pyfunction!(push::push, m)?)?;
    disc::add(m)?;
    collision::add(m)?;
    level::add(m)?;
    mesh::add(m)?;
    vram::add(m)?;
    Ok(())
}
