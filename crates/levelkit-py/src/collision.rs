//! `Collision` (a Sonic Heroes `.cl` file), its queries and audit, and the builder (`build_cl`,
//! `repair_cl`) and surface flags.

use crate::arrays::{self, array1, array2};
use crate::errors;
use crate::findings::{findings, groups, PyFinding, PyFindingGroup};
use levelkit::heroes::audit::{self, AuditOptions, Query};
use levelkit::heroes::build::{self, BuildInput, BuildOptions, BuildTriangle, Depth, TreeOptions};
use levelkit::heroes::{self, flags};
use levelkit::Document;
use numpy::{PyArray1, PyArray2};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

/// A Sonic Heroes stage collision file: header, quadtree nodes, triangles, vertices, kept as read.
#[pyclass(module = "levelkit", frozen)]
pub struct Collision {
    pub inner: heroes::Collision,
    /// What `build_cl` or `repair_cl` did, as their JSON report; `None` for a file that was read.
    report: Option<serde_json::Value>,
}

impl Collision {
    pub fn new(inner: heroes::Collision, report: Option<serde_json::Value>) -> Collision {
        Collision { inner, report }
    }
}

#[pymethods]
impl Collision {
    /// Vertex positions, N×3 float32 (Y up).
    #[getter]
    fn vertices<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        array2(py, self.inner.vertices.clone())
    }

    /// Each triangle's three vertex indices, M×3 uint16.
    #[getter]
    fn triangles<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<u16>>> {
        array2(py, self.inner.triangles.iter().map(|t| t.vertices).collect())
    }

    /// Each triangle's surface flags, M uint32.
    #[getter]
    fn attributes<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u32>> {
        array1(py, self.inner.triangles.iter().map(|t| t.attribute).collect())
    }

    /// Each triangle's group number, M uint16.
    #[getter]
    fn groups<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u16>> {
        array1(py, self.inner.triangles.iter().map(|t| t.group).collect())
    }

    /// Each triangle's stored normal, M×3 float32.
    #[getter]
    fn normals<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        array2(py, self.inner.triangles.iter().map(|t| t.normal).collect())
    }

    /// Each triangle's neighbour across its three edges, M×3 uint16 (0xFFFF: none).
    #[getter]
    fn adjacency<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<u16>>> {
        array2(py, self.inner.triangles.iter().map(|t| t.neighbors).collect())
    }

    /// The quadtree nodes as a dict of arrays, one entry per node: `number`, `parent`, `child`,
    /// `neighbors` (N×4: +X, −X, +Z, −Z), `num_poly`, `poly_index`, `nx`, `nz`, `depth`.
    #[getter]
    fn nodes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let n = &self.inner.nodes;
        let d = PyDict::new(py);
        d.set_item("number", array1(py, n.iter().map(|n| n.number).collect()))?;
        d.set_item("parent", array1(py, n.iter().map(|n| n.parent).collect()))?;
        d.set_item("child", array1(py, n.iter().map(|n| n.child).collect()))?;
        d.set_item("neighbors", array2(py, n.iter().map(|n| n.neighbors).collect())?)?;
        d.set_item("num_poly", array1(py, n.iter().map(|n| n.num_poly).collect()))?;
        d.set_item("poly_index", array1(py, n.iter().map(|n| n.poly_index).collect()))?;
        d.set_item("nx", array1(py, n.iter().map(|n| n.nx).collect()))?;
        d.set_item("nz", array1(py, n.iter().map(|n| n.nz).collect()))?;
        d.set_item("depth", array1(py, n.iter().map(|n| n.depth).collect()))?;
        Ok(d)
    }

    /// What `build_cl` or `repair_cl` did (a dict), or `None` for a file that was read.
    #[getter]
    fn report<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.report.as_ref().map(|r| arrays::to_python(py, r)).transpose()
    }

    /// The file's bytes: a file that was read gives back the same bytes.
    fn to_bytes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let bytes = self.inner.to_bytes().map_err(errors::write_error)?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// Every finding (`levelkit check`), errors first.
    fn check(&self, py: Python<'_>) -> Vec<PyFinding> {
        findings(&py.detach(|| self.inner.validate()))
    }

    /// The findings grouped by rule as `levelkit check` prints them: errors first.
    fn check_groups(&self, py: Python<'_>) -> PyResult<Vec<PyFindingGroup>> {
        groups(py, &py.detach(|| self.inner.validate()))
    }

    /// The summary `levelkit info --json` prints, as a dict.
    fn summary<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        arrays::to_python(py, &self.inner.summary())
    }

    /// Every field as a JSON-shaped dict, lossless (`levelkit dump`); `levelkit.from_dump` reads it back.
    fn to_dump<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        arrays::to_python(py, &self.inner.to_dump())
    }

    /// `levelkit audit`: vertical probes, line casts and moving spheres over the whole area, the game's walk
    /// against the complete tree's. A dict: `holes`, per kind tallies, `hole_list` (each with `kind`,
    /// `start`, `dir`, `point`, the answers), `inherent_list`, and `text` (as the CLI prints it). `ValueError`
    /// when the complete tree the audit compares with would pass levelkit's bound on list entries.
    #[pyo3(signature = (probes=10_000, seed=1))]
    fn audit<'py>(&self, py: Python<'py>, probes: usize, seed: u64) -> PyResult<Bound<'py, PyAny>> {
        let report = py
            .detach(|| audit::audit(&self.inner, AuditOptions { probes, seed }))
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let mut value = serde_json::to_value(&report).map_err(|e| PyValueError::new_err(e.to_string()))?;
        for (list, differences) in
            [("hole_list", &report.hole_list), ("inherent_list", &report.inherent_list)]
        {
            if let Some(items) = value.get_mut(list).and_then(|l| l.as_array_mut()) {
                for (item, d) in items.iter_mut().zip(differences) {
                    item["point"] = serde_json::json!(d.point());
                }
            }
        }
        value["text"] = report.to_text().into();
        arrays::to_python(py, &value)
    }

    /// The game's vertical probe from `start` down by `distance`, beside the exact answer (a dict, as
    /// `levelkit probe --json`).
    #[pyo3(signature = (start, distance=1000.0))]
    fn probe_down<'py>(
        &self,
        py: Python<'py>,
        start: &Bound<'py, PyAny>,
        distance: f32,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.probe(py, Query::Down { start: arrays::vec3(start, "start")?, distance })
    }

    /// The game's line cast from `start` along `dir` (the segment's length is the vector's).
    fn probe_line<'py>(
        &self,
        py: Python<'py>,
        start: &Bound<'py, PyAny>,
        dir: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.probe(py, Query::Line { start: arrays::vec3(start, "start")?, dir: arrays::vec3(dir, "dir")? })
    }

    /// The game's static sphere test at `center`.
    fn probe_sphere<'py>(
        &self,
        py: Python<'py>,
        center: &Bound<'py, PyAny>,
        radius: f32,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.probe(py, Query::Sphere { center: arrays::vec3(center, "center")?, radius })
    }

    /// The game's moving sphere of `radius` from `start` by `dir`.
    fn probe_move<'py>(
        &self,
        py: Python<'py>,
        start: &Bound<'py, PyAny>,
        dir: &Bound<'py, PyAny>,
        radius: f32,
    ) -> PyResult<Bound<'py, PyAny>> {
        let query =
            Query::Move { start: arrays::vec3(start, "start")?, dir: arrays::vec3(dir, "dir")?, radius };
        self.probe(py, query)
    }

    fn __repr__(&self) -> String {
        format!(
            "<levelkit.Collision: {} triangles, {} vertices, {} nodes>",
            self.inner.triangles.len(),
            self.inner.vertices.len(),
            self.inner.nodes.len()
        )
    }
}

impl Collision {
    fn probe<'py>(&self, py: Python<'py>, query: Query) -> PyResult<Bound<'py, PyAny>> {
        let report = py.detach(|| audit::probe(&self.inner, &query));
        arrays::to_python(py, &report)
    }

    pub fn document(&self) -> Document {
        Document::Heroes(self.inner.clone())
    }
}

/// `depth="auto"` or a fixed depth 0–15.
fn parse_depth(depth: &Bound<'_, PyAny>) -> PyResult<Depth> {
    if let Ok(text) = depth.extract::<String>() {
        return match text.as_str() {
            "auto" => Ok(Depth::Auto),
            other => Err(PyValueError::new_err(format!("depth {other:?}: give \"auto\" or a number 0-15"))),
        };
    }
    Ok(Depth::Fixed(depth.extract::<u16>()?))
}

/// Builds a game-correct `.cl` file (`levelkit build-cl`) from N×3 `vertices` and M×3 `triangles` (vertex
/// indices, counter-clockwise from the solid side), with per-triangle `attributes` (surface flags, default
/// 0) and `groups`. `report` on the result says what was welded, dropped and built.
#[pyfunction]
#[pyo3(signature = (vertices, triangles, attributes=None, groups=None, depth=None, max_depth=None, weld=0.0, flip=false, attribute=None))]
#[allow(clippy::too_many_arguments)] // Python keyword arguments, each the CLI option of the same name.
fn build_cl(
    py: Python<'_>,
    vertices: &Bound<'_, PyAny>,
    triangles: &Bound<'_, PyAny>,
    attributes: Option<&Bound<'_, PyAny>>,
    groups: Option<&Bound<'_, PyAny>>,
    depth: Option<&Bound<'_, PyAny>>,
    max_depth: Option<u16>,
    weld: f32,
    flip: bool,
    attribute: Option<u32>,
) -> PyResult<Collision> {
    let positions: Vec<[f32; 3]> = arrays::rows(vertices, "vertices")?;
    let corners: Vec<[u32; 3]> = arrays::rows(triangles, "triangles")?;
    let per_triangle = |values: Option<&Bound<'_, PyAny>>, name: &str| -> PyResult<Option<Vec<[u32; 1]>>> {
        let Some(values) = values else { return Ok(None) };
        let values: Vec<[u32; 1]> = arrays::rows(values, name)?;
        if values.len() != corners.len() {
            let message = format!("{name} has {} entries for {} triangles", values.len(), corners.len());
            return Err(PyValueError::new_err(message));
        }
        Ok(Some(values))
    };
    let attributes = per_triangle(attributes, "attributes")?;
    let groups = per_triangle(groups, "groups")?;
    let mut input = BuildInput { positions, triangles: Vec::with_capacity(corners.len()) };
    for (i, vertices) in corners.into_iter().enumerate() {
        let attribute = attributes.as_ref().map_or(0, |a| a[i][0]);
        let group = match groups.as_ref() {
            Some(g) => u16::try_from(g[i][0])
                .map_err(|_| PyValueError::new_err(format!("groups[{i}] = {} is over 65535", g[i][0])))?,
            None => 0,
        };
        input.triangles.push(BuildTriangle { vertices, attribute, group });
    }
    let depth = depth.map(parse_depth).transpose()?.unwrap_or_default();
    let options = BuildOptions {
        tree: TreeOptions { depth, max_depth, ..TreeOptions::default() },
        flip,
        weld,
        attribute,
    };
    let built = py.detach(|| build::build(&input, &options)).map_err(errors::build_error)?;
    let report = serde_json::to_value(&built.report).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(Collision::new(built.collision, Some(report)))
}

/// Keeps a file's triangles and rebuilds everything the game walks (`levelkit repair-cl`); `report` on
/// the result says what changed.
#[pyfunction]
#[pyo3(signature = (collision, depth=None, max_depth=None))]
fn repair_cl(
    py: Python<'_>,
    collision: &Collision,
    depth: Option<&Bound<'_, PyAny>>,
    max_depth: Option<u16>,
) -> PyResult<Collision> {
    let depth = depth.map(parse_depth).transpose()?.unwrap_or_default();
    let options = TreeOptions { depth, max_depth, ..TreeOptions::default() };
    let (repaired, report) =
        py.detach(|| build::repair(&collision.inner, &options)).map_err(errors::build_error)?;
    let report = serde_json::to_value(&report).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(Collision::new(repaired, Some(report)))
}

/// The known surface types: dicts of `attribute`, `id`, `label` and `colour` (sRGB, as `levelkit map`
/// draws them).
#[pyfunction]
fn surfaces<'py>(py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
    flags::SURFACES
        .iter()
        .map(|s| {
            let d = PyDict::new(py);
            d.set_item("attribute", s.attribute)?;
            d.set_item("id", s.id)?;
            d.set_item("label", s.label)?;
            let [r, g, b] = s.colour;
            d.set_item("colour", (r, g, b))?;
            Ok(d)
        })
        .collect()
}

/// The colour `levelkit map` draws an attribute in (sRGB, 0-255).
#[pyfunction]
fn surface_colour(attribute: u32) -> (u8, u8, u8) {
    let [r, g, b] = flags::colour(attribute);
    (r, g, b)
}

/// The group or material name the exporters give an attribute (`NAME_XXXXXXXX`).
#[pyfunction]
fn surface_name(attribute: u32) -> String {
    flags::group_name(attribute)
}

/// The attribute a group or material name carries (`_XXXXXXXX`, a HeroesPowerPlant letter code, or a
/// readable name such as `wall`), or `None`.
#[pyfunction]
fn attribute_from_name(name: &str) -> Option<u32> {
    flags::attribute_from_name(name)
}

pub fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Collision>()?;
    m.add_class::<PyFinding>()?;
    m.add_class::<PyFindingGroup>()?;
    m.add_function(wrap_pyfunction!(build_cl, m)?)?;
    m.add_function(wrap_pyfunction!(repair_cl, m)?)?;
    m.add_function(wrap_pyfunction!(surfaces, m)?)?;
    m.add_function(wrap_pyfunction!(surface_colour, m)?)?;
    m.add_function(wrap_pyfunction!(surface_name, m)?)?;
    m.add_function(wrap_pyfunction!(attribute_from_name, m)?)?;
    Ok(())
}
