//! Checking Python arguments before they reach the library: every out-of-range, non-whole or non-finite
//! value is refused with a `ValueError` (or `TypeError`) that names the argument, the range and the value
//! the caller passed (`depth must be 0 to 15, got -1`), never truncated, wrapped or clamped.

use levelkit::num::SaturatingFrom;
use numpy::{PyArrayDyn, PyArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyString};

/// `value` as the caller wrote it (`repr`), for messages.
fn shown(value: &Bound<'_, PyAny>) -> String {
    value.repr().map_or_else(|_| "?".into(), |r| r.to_string())
}

/// An integer argument within `lo..=hi`: a Python `int` or anything with `__index__` (numpy integers), not
/// a `bool`, `float` or `str` (`2.0` is refused too: an index or count is written as an integer).
pub fn int_in<T>(value: &Bound<'_, PyAny>, name: &str, lo: T, hi: T) -> PyResult<T>
where
    T: TryFrom<i128> + TryInto<i128> + std::fmt::Display + Copy,
{
    let range = || format!("{name} must be {lo} to {hi}");
    let not_whole = || PyTypeError::new_err(format!("{}, a whole number; got {}", range(), shown(value)));
    if value.is_instance_of::<PyBool>()
        || value.is_instance_of::<PyFloat>()
        || value.is_instance_of::<PyString>()
    {
        return Err(not_whole());
    }
    let index = value.py().import("operator")?.call_method1("index", (value,)).map_err(|_| not_whole())?;
    // Beyond i128 is beyond every range here.
    let wide = index.extract::<i128>().ok();
    // Every bound here fits i128 (the largest is u64::MAX).
    let (low, high) = (lo.try_into().unwrap_or(i128::MIN), hi.try_into().unwrap_or(i128::MAX));
    wide.filter(|v| (low..=high).contains(v))
        .and_then(|v| T::try_from(v).ok())
        .ok_or_else(|| PyValueError::new_err(format!("{}, got {}", range(), shown(value))))
}

/// An optional integer argument within `lo..=hi` (`None` when not given or `None`).
pub fn opt_int_in<T>(value: Option<&Bound<'_, PyAny>>, name: &str, lo: T, hi: T) -> PyResult<Option<T>>
where
    T: TryFrom<i128> + TryInto<i128> + std::fmt::Display + Copy,
{
    given(value).map(|v| int_in(v, name, lo, hi)).transpose()
}

/// An optional argument that was given and is not `None`.
pub fn given<'a, 'py>(value: Option<&'a Bound<'py, PyAny>>) -> Option<&'a Bound<'py, PyAny>> {
    value.filter(|v| !v.is_none())
}

/// A float argument that must be finite and at least `lo` (or above it, when `strictly`).
pub fn finite_at_least(value: f64, name: &str, lo: f64, strictly: bool) -> PyResult<f64> {
    let ok = value.is_finite() && if strictly { value > lo } else { value >= lo };
    if ok {
        return Ok(value);
    }
    let bound = if strictly { format!("above {lo}") } else { format!("at least {lo}") };
    Err(PyValueError::new_err(format!("{name} must be a finite number {bound}, got {value}")))
}

/// A list of integers, each within `lo..=hi` (`rooms=[0, 3]`), named `name[i]` in messages.
pub fn int_list_in(value: &Bound<'_, PyAny>, name: &str, lo: u32, hi: u32) -> PyResult<Vec<u32>> {
    if value.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!(
            "{name} must be a list of whole numbers, got {}",
            shown(value)
        )));
    }
    let mut out = Vec::new();
    for (i, item) in value.try_iter()?.enumerate() {
        out.push(int_in(&item?, &format!("{name}[{i}]"), lo, hi)?);
    }
    Ok(out)
}

/// `name[i]` or `name[i][j]`: where in an N or N×K argument flat index `at` lies.
fn element(name: &str, k: usize, at: usize) -> String {
    if k == 1 {
        format!("{name}[{at}]")
    } else {
        format!("{name}[{}][{}]", at / k, at % k)
    }
}

/// `obj` as a numpy array (numpy's own conversion, so lists and every numeric dtype work), checked to be
/// 1-D when `K == 1`, else N×K.
fn shaped<'py, const K: usize>(obj: &Bound<'py, PyAny>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    let numpy = obj.py().import("numpy")?;
    let array = numpy.call_method1("asarray", (obj,))?;
    let shape: Vec<usize> = array.getattr("shape")?.extract()?;
    let fits = match shape.as_slice() {
        [_] => K == 1,
        [_, k] => *k == K,
        // An empty list has shape (0,): no rows, whatever K.
        _ => false,
    } || shape == [0];
    if !fits {
        let want = if K == 1 { "a 1-D array".to_string() } else { format!("an N×{K} array") };
        return Err(PyValueError::new_err(format!("{name} must be {want}, not of shape {shape:?}")));
    }
    Ok(array)
}

/// The dtype kind of a numpy array (`"i"`, `"u"`, `"f"`, `"b"`, `"O"`, `"U"`, …).
fn kind(array: &Bound<'_, PyAny>) -> PyResult<String> {
    array.getattr("dtype")?.getattr("kind")?.extract()
}

/// `array` converted to a C-contiguous array of `T`, flattened.
fn flat<T: numpy::Element + Copy>(array: &Bound<'_, PyAny>) -> PyResult<Vec<T>> {
    let py = array.py();
    let converted = py.import("numpy")?.call_method1("ascontiguousarray", (array, numpy::dtype::<T>(py)))?;
    let converted = converted.cast::<PyArrayDyn<T>>()?.readonly();
    Ok(converted.as_slice()?.to_vec())
}

/// Whole numbers in `lo..=hi` as N rows of K `u32`s (K = 1: a 1-D array): integer dtypes as they are,
/// float dtypes only when every value is whole (`2.4` is refused, never truncated), anything else a
/// `TypeError`. The first bad value is named with its place and as the caller passed it.
pub fn whole_rows<const K: usize>(
    obj: &Bound<'_, PyAny>,
    name: &str,
    lo: u32,
    hi: u32,
) -> PyResult<Vec<[u32; K]>> {
    let array = shaped::<K>(obj, name)?;
    let range = |at: usize, got: String| {
        PyValueError::new_err(format!("{} must be {lo} to {hi}, got {got}", element(name, K, at)))
    };
    let values: Vec<u32> = match kind(&array)?.as_str() {
        "i" => within(flat::<i64>(&array)?, lo, hi, range)?,
        "u" => within(flat::<u64>(&array)?, lo, hi, range)?,
        "f" => flat::<f64>(&array)?
            .into_iter()
            .enumerate()
            .map(|(at, v)| {
                if !v.is_finite() || v.fract() != 0.0 {
                    return Err(PyValueError::new_err(format!(
                        "{} must be a whole number, got {v:?} (levelkit does not round or truncate it)",
                        element(name, K, at)
                    )));
                }
                // Whole and in range: the conversion is exact.
                let fits = (f64::from(lo)..=f64::from(hi)).contains(&v);
                fits.then(|| u32::saturating_from(v)).ok_or_else(|| range(at, format!("{v:?}")))
            })
            .collect::<PyResult<_>>()?,
        "b" => return Err(PyTypeError::new_err(format!("{name} must hold whole numbers, not booleans"))),
        other => {
            return Err(PyTypeError::new_err(format!(
                "{name} must hold whole numbers, not numpy dtype kind {other:?}"
            )))
        }
    };
    Ok(values.chunks_exact(K).map(|c| std::array::from_fn(|i| c[i])).collect())
}

/// Finite points as N×3 `f32` rows: any numeric dtype, every coordinate finite and within `f32`'s range
/// (NaN, infinities and values float32 cannot hold are refused, naming the first such point).
pub fn finite_points(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<[f32; 3]>> {
    finite_rows::<3>(obj, name)
}

/// Finite numbers as N×K `f32` rows (points, colours, texture coordinates), refused as [`finite_points`]
/// refuses them.
pub fn finite_rows<const K: usize>(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<[f32; K]>> {
    let array = shaped::<K>(obj, name)?;
    match kind(&array)?.as_str() {
        "i" | "u" | "f" => {}
        other => {
            return Err(PyTypeError::new_err(format!(
                "{name} must hold numbers, not numpy dtype kind {other:?}"
            )))
        }
    }
    let values = flat::<f64>(&array)?;
    let fits = |v: f64| v.is_finite() && v.abs() <= f64::from(f32::MAX);
    if let Some(at) = values.iter().position(|&v| !fits(v)) {
        let row = at / K;
        let shown: Vec<String> = values[row * K..row * K + K].iter().map(|v| format!("{v:?}")).collect();
        return Err(PyValueError::new_err(format!(
            "{name}[{row}] is ({}): every coordinate must be a finite number float32 holds",
            shown.join(", ")
        )));
    }
    Ok(flat::<f32>(&array)?.chunks_exact(K).map(|c| std::array::from_fn(|i| c[i])).collect())
}

/// A point of three finite numbers (`camera=`, `look=`), named in messages.
pub fn finite_point(value: &Bound<'_, PyAny>, name: &str) -> PyResult<[f64; 3]> {
    let values: Vec<f64> = value
        .extract()
        .map_err(|_| PyTypeError::new_err(format!("{name} must be 3 numbers, got {}", shown(value))))?;
    let point = <[f64; 3]>::try_from(values.as_slice())
        .map_err(|_| PyValueError::new_err(format!("{name} must be 3 numbers, not {}", values.len())))?;
    if point.iter().any(|v| !v.is_finite()) {
        return Err(PyValueError::new_err(format!("{name} must be 3 finite numbers, got {}", shown(value))));
    }
    Ok(point)
}

/// Each whole number of `values` as a `u32` in `lo..=hi`, or `range`'s error for the first that is not.
fn within<T: Copy + ToString>(
    values: Vec<T>,
    lo: u32,
    hi: u32,
    range: impl Fn(usize, String) -> PyErr,
) -> PyResult<Vec<u32>>
where
    u32: TryFrom<T>,
{
    values
        .into_iter()
        .enumerate()
        .map(|(at, v)| {
            u32::try_from(v).ok().filter(|v| (lo..=hi).contains(v)).ok_or_else(|| range(at, v.to_string()))
        })
        .collect()
}
