//! Conversions between the library's values and Python's: numpy arrays (owning the Rust `Vec` they are
//! made from, no second copy) and JSON-shaped values (dicts, lists) for the library's serialisable reports.

use numpy::ndarray::{Array1, Array2, Array3};
use numpy::{Element, PyArray1, PyArray2, PyArray3};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString};

/// A 1-D array owning `values`.
pub fn array1<T: Element>(py: Python<'_>, values: Vec<T>) -> Bound<'_, PyArray1<T>> {
    PyArray1::from_owned_array(py, Array1::from_vec(values))
}

/// An N×K array owning `rows` (flattened in place, not copied).
pub fn array2<T: Element, const K: usize>(
    py: Python<'_>,
    rows: Vec<[T; K]>,
) -> PyResult<Bound<'_, PyArray2<T>>> {
    let n = rows.len();
    let flat = rows.into_flattened();
    let array = Array2::from_shape_vec((n, K), flat).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(PyArray2::from_owned_array(py, array))
}

/// An H×W×C image array owning `pixels` (row after row, C channels a pixel).
pub fn image<const C: usize>(
    py: Python<'_>,
    width: u32,
    height: u32,
    pixels: Vec<u8>,
) -> PyResult<Bound<'_, PyArray3<u8>>> {
    let shape = (usize::try_from(height)?, usize::try_from(width)?, C);
    let array = Array3::from_shape_vec(shape, pixels).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(PyArray3::from_owned_array(py, array))
}

/// A serialisable library value as Python dicts, lists, numbers and strings.
pub fn to_python<'py>(py: Python<'py>, value: &impl serde::Serialize) -> PyResult<Bound<'py, PyAny>> {
    let value = serde_json::to_value(value).map_err(|e| PyValueError::new_err(e.to_string()))?;
    json_to_python(py, &value)
}

/// A JSON value as Python objects, built directly (a 65,000-triangle dump is 3 million objects: through
/// a JSON string and `json.loads` that took 1.5 s, mostly parsing text back). Dict keys repeat in every
/// record, so each distinct key is made once and shared; numbers keep their kind (an integer stays an
/// `int`, a float is the same `f64` the text would give, `float_roundtrip`).
///
/// Python's cyclic garbage collector is paused meanwhile: it would otherwise run a collection every few
/// hundred new dicts and lists and walk the growing, cycle-free result again and again (two thirds of the
/// time for a large dump). It is resumed as it was, whatever happens.
pub fn json_to_python<'py>(py: Python<'py>, value: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    let _paused = GcPause::new(py)?;
    let mut keys = std::collections::HashMap::new();
    convert(py, value, &mut keys)
}

/// A large JSON value (a dump) as Python objects ([`json_to_python`]); the value is freed on another
/// thread, which takes a tenth of a second for a 65,000-triangle dump that the caller need not wait for.
pub fn dump_to_python(py: Python<'_>, value: serde_json::Value) -> PyResult<Bound<'_, PyAny>> {
    let result = json_to_python(py, &value);
    // Detached; when no thread can be made, the closure and the value in it are freed here instead.
    let _detached = std::thread::Builder::new().name("levelkit-drop".into()).spawn(move || drop(value));
    result
}

/// Python's `gc` disabled while this lives, when it was enabled.
struct GcPause<'py>(Option<Bound<'py, PyModule>>);

impl<'py> GcPause<'py> {
    fn new(py: Python<'py>) -> PyResult<GcPause<'py>> {
        let gc = py.import("gc")?;
        if !gc.call_method0("isenabled")?.is_truthy()? {
            return Ok(GcPause(None));
        }
        gc.call_method0("disable")?;
        Ok(GcPause(Some(gc)))
    }
}

impl Drop for GcPause<'_> {
    fn drop(&mut self) {
        if let Some(gc) = &self.0 {
            // `gc.enable()` does not fail; were it to, a destructor has no caller to tell.
            let _ignored = gc.call_method0("enable");
        }
    }
}

fn convert<'py, 'v>(
    py: Python<'py>,
    value: &'v serde_json::Value,
    keys: &mut std::collections::HashMap<&'v str, Bound<'py, PyString>>,
) -> PyResult<Bound<'py, PyAny>> {
    use serde_json::Value;
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any()
            } else if let Some(u) = n.as_u64() {
                u.into_pyobject(py)?.into_any()
            } else {
                n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any()
            }
        }
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(convert(py, item, keys)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (key, item) in map {
                let key = keys.entry(key.as_str()).or_insert_with(|| PyString::new(py, key)).clone();
                dict.set_item(key, convert(py, item, keys)?)?;
            }
            dict.into_any()
        }
    })
}

/// A JSON-shaped Python value (dicts, lists, numbers, strings) as a `serde_json::Value`.
pub fn from_python(obj: &Bound<'_, PyAny>) -> PyResult<serde_json::Value> {
    let text: String = obj.py().import("json")?.call_method1("dumps", (obj,))?.extract()?;
    serde_json::from_str(&text).map_err(|e| PyValueError::new_err(format!("not JSON-shaped: {e}")))
}

/// A point from any sequence of three numbers.
pub fn vec3(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<[f32; 3]> {
    let values: Vec<f32> = obj.extract()?;
    <[f32; 3]>::try_from(values.as_slice())
        .map_err(|_| PyValueError::new_err(format!("{name} must be 3 numbers, not {}", values.len())))
}
