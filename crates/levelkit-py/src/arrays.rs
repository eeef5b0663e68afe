//! Conversions between the library's values and Python's: numpy arrays (owning the Rust `Vec` they are
//! made from, no second copy) and JSON-shaped values (dicts, lists) for the library's serialisable reports.

use numpy::ndarray::{Array1, Array2, Array3};
use numpy::{Element, PyArray1, PyArray2, PyArray3, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

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

/// `obj` as a C-contiguous array of `T` (numpy's own conversion, so lists and other dtypes work), checked
/// to be `K` columns wide when `K > 1`; returns the values as rows.
pub fn rows<T: Element + Copy, const K: usize>(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<[T; K]>> {
    let py = obj.py();
    let numpy = py.import("numpy")?;
    let converted = numpy.call_method1("ascontiguousarray", (obj, numpy::dtype::<T>(py)))?;
    let array = converted.cast::<numpy::PyArrayDyn<T>>()?.readonly();
    let shape = array.shape().to_vec();
    let fits = match shape.as_slice() {
        [_] => K == 1,
        [_, k] => *k == K,
        _ => false,
    };
    if !fits {
        let want = if K == 1 { "a 1-D array".to_string() } else { format!("an N×{K} array") };
        return Err(PyValueError::new_err(format!("{name} must be {want}, not of shape {shape:?}")));
    }
    let flat = array.as_slice()?;
    Ok(flat.chunks_exact(K).map(|c| std::array::from_fn(|i| c[i])).collect())
}

/// A serialisable library value as Python dicts, lists, numbers and strings (through JSON).
pub fn to_python<'py>(py: Python<'py>, value: &impl serde::Serialize) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(value).map_err(|e| PyValueError::new_err(e.to_string()))?;
    py.import("json")?.call_method1("loads", (text,))
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
