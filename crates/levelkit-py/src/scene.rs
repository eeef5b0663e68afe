//! A scene given as a dict of arrays (what `levelkit.mesh` returns, or what an editor such as the Blender
//! add-on gathers) as the library's neutral [`Mesh`], every index and length checked by the library.

use crate::args::{finite_rows, whole_rows};
use crate::arrays;
use levelkit::mesh::{Face, Group, Line, Mesh, Object, VertexData};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

fn item<'py>(d: &Bound<'py, PyDict>, key: &str) -> PyResult<Option<Bound<'py, PyAny>>> {
    Ok(d.get_item(key)?.filter(|v| !v.is_none()))
}

fn required<'py>(d: &Bound<'py, PyDict>, key: &str, path: &str) -> PyResult<Bound<'py, PyAny>> {
    item(d, key)?.ok_or_else(|| PyValueError::new_err(format!("{path}: the key {key:?} is missing")))
}

fn dict<'py>(value: &Bound<'py, PyAny>, path: &str) -> PyResult<Bound<'py, PyDict>> {
    value.cast::<PyDict>().cloned().map_err(|_| PyTypeError::new_err(format!("{path} must be a dict")))
}

fn list<'py>(value: &Bound<'py, PyAny>, path: &str) -> PyResult<Bound<'py, PyList>> {
    value.cast::<PyList>().cloned().map_err(|_| PyTypeError::new_err(format!("{path} must be a list")))
}

fn extras(d: &Bound<'_, PyDict>) -> PyResult<Option<serde_json::Value>> {
    item(d, "extras")?.map(|e| arrays::from_python(&e)).transpose()
}

/// `{"objects": [...], "groups": [...], "extras": {...}}` as a [`Mesh`] (no images: a scene from a dict
/// names its textures by its groups' names). Objects hold `name`, `positions` (N×3), optional `colours`
/// (N×4), `uvs` (N×2), `face_sizes` and `face_corners` (as `levelkit.mesh` gives them), `face_groups`,
/// `face_flags`, `lines` (L×2), `extras` and `data` (name → N×4 whole numbers 0 to 65,535).
pub fn mesh_from_dict(scene: &Bound<'_, PyAny>) -> PyResult<Mesh> {
    let scene = dict(scene, "scene")?;
    let mut mesh = Mesh { extras: extras(&scene)?, ..Mesh::default() };
    for (gi, g) in list(&required(&scene, "groups", "scene")?, "scene['groups']")?.iter().enumerate() {
        let path = format!("scene['groups'][{gi}]");
        let g = dict(&g, &path)?;
        let mut group = Group::named(required(&g, "name", &path)?.extract::<String>()?);
        group.double_sided = item(&g, "double_sided")?.map(|v| v.is_truthy()).transpose()?.unwrap_or(false);
        group.extras = extras(&g)?;
        mesh.groups.push(group);
    }
    for (oi, o) in list(&required(&scene, "objects", "scene")?, "scene['objects']")?.iter().enumerate() {
        mesh.objects.push(object(&dict(&o, &format!("scene['objects'][{oi}]"))?, oi)?);
    }
    mesh.check().map_err(|e| PyValueError::new_err(format!("scene: {e}")))?;
    Ok(mesh)
}

fn object(o: &Bound<'_, PyDict>, oi: usize) -> PyResult<Object> {
    let path = format!("scene['objects'][{oi}]");
    let at = |key: &str| format!("{path}['{key}']");
    let name: String = required(o, "name", &path)?.extract()?;
    let positions = finite_rows::<3>(&required(o, "positions", &path)?, &at("positions"))?;
    let n = positions.len();
    let per_vertex = |key: &str, len: usize| -> PyResult<()> {
        if len == n {
            Ok(())
        } else {
            Err(PyValueError::new_err(format!("{}: {len} rows for {n} positions", at(key))))
        }
    };
    let colours = item(o, "colours")?.map(|c| finite_rows::<4>(&c, &at("colours"))).transpose()?;
    if let Some(c) = &colours {
        per_vertex("colours", c.len())?;
    }
    let uvs = item(o, "uvs")?.map(|c| finite_rows::<2>(&c, &at("uvs"))).transpose()?;
    if let Some(u) = &uvs {
        per_vertex("uvs", u.len())?;
    }
    let ints = |key: &str| -> PyResult<Vec<u32>> {
        Ok(match item(o, key)? {
            Some(v) => whole_rows::<1>(&v, &at(key), 0, u32::MAX)?.into_iter().map(|[x]| x).collect(),
            None => Vec::new(),
        })
    };
    let sizes = ints("face_sizes")?;
    let corners = ints("face_corners")?;
    let groups = ints("face_groups")?;
    let flags = ints("face_flags")?;
    let total = sizes.iter().try_fold(0usize, |sum, &s| sum.checked_add(usize::try_from(s).ok()?));
    if total != Some(corners.len()) {
        return Err(PyValueError::new_err(format!(
            "{}: the faces' sizes add up to more or less than the {} corners given",
            at("face_sizes"),
            corners.len()
        )));
    }
    for (key, len) in [("face_groups", groups.len()), ("face_flags", flags.len())] {
        if len != 0 && len != sizes.len() {
            return Err(PyValueError::new_err(format!(
                "{}: {len} values for {} faces",
                at(key),
                sizes.len()
            )));
        }
    }
    let mut faces = Vec::with_capacity(sizes.len());
    let mut rest = corners.as_slice();
    for (fi, &size) in sizes.iter().enumerate() {
        // The sizes add up to the corners' length (checked above): each split is in range.
        let (ring, after) = rest.split_at(usize::try_from(size).unwrap_or(0));
        rest = after;
        faces.push(Face {
            corners: ring.to_vec(),
            group: groups.get(fi).copied().unwrap_or(0),
            attribute: None,
            flags: flags.get(fi).copied().unwrap_or(0),
        });
    }
    let lines = match item(o, "lines")? {
        Some(l) => whole_rows::<2>(&l, &at("lines"), 0, u32::MAX)?
            .into_iter()
            .map(|ends| Line { ends, group: 0 })
            .collect(),
        None => Vec::new(),
    };
    let mut data = Vec::new();
    if let Some(d) = item(o, "data")? {
        for (key, values) in dict(&d, &at("data"))?.iter() {
            let key: String = key.extract()?;
            let rows = whole_rows::<4>(&values, &format!("{}['{key}']", at("data")), 0, u32::from(u16::MAX))?;
            per_vertex(&format!("data']['{key}"), rows.len())?;
            // Each value was checked to be at most 65,535.
            let values = rows.into_iter().map(|r| r.map(|v| u16::try_from(v).unwrap_or(u16::MAX))).collect();
            data.push(VertexData { name: key, values });
        }
    }
    Ok(Object { name, positions, colours, uvs, normals: None, faces, lines, extras: extras(o)?, data })
}
