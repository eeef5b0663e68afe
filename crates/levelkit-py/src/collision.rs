//! `Collision` (a Sonic Heroes `.cl` file), its queries and audit, and the builder (`build_cl`,
//! `repair_cl`) and surface flags.

use crate::arrays::{self, array1, array2};
use crate::document::document_methods;
use crate::findings::{PyFinding, PyFindingGroup};
use crate::{args, errors};
use levelkit::heroes::audit::{self, AuditOptions, Query};
use levelkit::heroes::builder::{
    self, BuildInput, BuildOptions, BuildTriangle, Depth, TreeOptions, DEFAULT_LEAF_TRIANGLES,
};
use levelkit::heroes::{self, flags, MAX_COUNT, MAX_DEPTH};
use levelkit::Document;
use numpy::{PyArray1, PyArray2};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// `audit()`'s probes when not given (as `levelkit audit`).
const DEFAULT_PROBES: usize = 10_000;

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

// The class's one `#[pymethods]` block, with the methods every document has (`crate::document`); not
// indented, so that it keeps rustfmt's layout (rustfmt leaves a macro's body as it is).
document_methods! {
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
        self.report.as_ref().map(|r| arrays::json_to_python(py, r)).transpose()
    }

    /// `levelkit audit`: vertical probes, line casts and moving spheres over the whole area, the game's walk
    /// against the complete tree's. A dict: `holes`, per kind tallies, `hole_list` (each with `kind`,
    /// `start`, `dir`, `point`, the answers), `inherent_list`, `regions` (the certified hole regions, not
    /// sampled: `certified`, `confirmed` (each with `probe`, `cause`, `pieces`, `area`, `extent`, `radius`
    /// and the `witness` probe the game's walks confirm; the first 1,000 of each probe kind), `counts`
    /// (vertical, line, move: all of them), `vertical_area`, `groups`, `unconfirmed`, `unconfirmed_count`,
    /// `radius`), and `text` (as the CLI prints it). `ValueError` when the complete tree the audit compares
    /// with would pass levelkit's bound on list entries.
    #[pyo3(signature = (probes=None, seed=None))]
    fn audit<'py>(
        &self,
        py: Python<'py>,
        probes: Option<&Bound<'py, PyAny>>,
        seed: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let probes = args::opt_int_in(probes, "probes", 1, audit::MAX_PROBES)?.unwrap_or(DEFAULT_PROBES);
        let seed = args::opt_int_in(seed, "seed", 0, u64::MAX)?.unwrap_or(1);
        let report = py
            .detach(|| audit::audit(&self.inner, AuditOptions { probes, seed }))
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let mut value = report.to_json();
        value["text"] = report.to_text().into();
        arrays::json_to_python(py, &value)
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
        // `distance` reaches down; the library's Y is the game's, negative down.
        self.probe(py, Query::Vertical { start: arrays::vec3(start, "start")?, dy: -distance })
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
}

impl Collision {
    fn probe<'py>(&self, py: Python<'py>, query: Query) -> PyResult<Bound<'py, PyAny>> {
        let report = py.detach(|| audit::probe(&self.inner, &query));
        arrays::to_python(py, &report)
    }
}

/// `depth="auto"` or a fixed depth 0–15.
fn parse_depth(depth: Option<&Bound<'_, PyAny>>) -> PyResult<Depth> {
    let Some(depth) = args::given(depth) else { return Ok(Depth::Auto) };
    if let Ok(text) = depth.extract::<String>() {
        return match text.as_str() {
            "auto" => Ok(Depth::Auto),
            other => Err(PyValueError::new_err(format!("depth must be \"auto\" or 0 to 15, got {other:?}"))),
        };
    }
    Ok(Depth::Fixed(args::int_in(depth, "depth", 0, MAX_DEPTH)?))
}

/// The tree options, every one checked here with the Python argument's name (the library's own check
/// would name the CLI's flags).
fn tree_options(
    depth: Option<&Bound<'_, PyAny>>,
    max_depth: Option<&Bound<'_, PyAny>>,
    leaf_triangles: Option<&Bound<'_, PyAny>>,
) -> PyResult<TreeOptions> {
    let depth = parse_depth(depth)?;
    let max_depth = args::opt_int_in(max_depth, "max_depth", 0, MAX_DEPTH)?;
    if let (Depth::Fixed(d), Some(m)) = (depth, max_depth) {
        if m < d {
            return Err(PyValueError::new_err(format!(
                "max_depth {m} is below depth {d}: nodes cannot be deeper than maxDepth"
            )));
        }
    }
    let leaf_triangles =
        args::opt_int_in(leaf_triangles, "leaf_triangles", 1, MAX_COUNT)?.unwrap_or(DEFAULT_LEAF_TRIANGLES);
    Ok(TreeOptions { depth, max_depth, leaf_triangles })
}

use levelkit::num::thousands;

/// A builder error as a `BuildError` whose advice names `build_cl`'s and `repair_cl`'s arguments where the
/// library's message names the CLI's flags (`--depth 6` is `depth=6` here); every other message is the
/// library's own.
fn build_error(e: &builder::BuildError) -> PyErr {
    use builder::BuildError as E;
    let count = |n: usize| thousands(u64::try_from(n).unwrap_or(u64::MAX));
    let message = match e {
        E::TooMany { what, count: n, advice } => format!(
            "the mesh has {} {what} after welding and dropping degenerate triangles; a .cl file holds at most \
             65,534 ({} too many): {}",
            count(*n),
            count(n.saturating_sub(MAX_COUNT)),
            advice.replace("(a larger weld distance)", "(a larger weld=)")
        ),
        E::TooManyNodes { depth, reached, nodes, adding } => format!(
            "depth={depth} needs more than 65,534 nodes: the tree has {} nodes at depth {reached} and depth {} \
             would add {} ({} too many); pass depth={reached} or lower, depth=\"auto\", or split the mesh",
            count(*nodes),
            reached + 1,
            count(*adding),
            count((nodes + adding).saturating_sub(MAX_COUNT))
        ),
        E::TooManyEntries { reached, entries } => format!(
            "splitting depth {reached} could give the tree's lists more than {} entries (they hold {} down to \
             depth {reached}): triangles much larger than the nodes there; pass depth={reached} or lower",
            thousands(levelkit::heroes::tree::MAX_COMPLETE_ENTRIES),
            thousands(*entries)
        ),
        other => other.to_string(),
    };
    errors::BuildError::new_err(message)
}

/// A surface-name vocabulary for messages: the library's, the one every front end prints.
fn vocabulary() -> &'static str {
    flags::VOCABULARY
}

/// An attribute argument: a whole number 0 to 0xFFFFFFFF, a number as text (`"0x100"`, `"256"`), or a
/// surface name; an unknown name is a `ValueError` listing the vocabulary.
fn attribute_value(value: &Bound<'_, PyAny>, name: &str) -> PyResult<u32> {
    let Ok(text) = value.extract::<String>() else { return args::int_in(value, name, 0, u32::MAX) };
    let number = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => u32::from_str_radix(hex, 16).ok(),
        None => text.parse::<u32>().ok(),
    };
    number.or_else(|| flags::attribute_from_name(&text)).ok_or_else(|| {
        PyValueError::new_err(format!(
            "{name} {text:?} is not a number (0x100, 256) or a name levelkit knows; use {}",
            vocabulary()
        ))
    })
}

/// Per-triangle attributes: whole numbers, or surface names (strings), one per triangle.
fn attribute_values(values: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
    let array = values.py().import("numpy")?.call_method1("asarray", (values,))?;
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    if kind == "U" || kind == "O" {
        let mut out = Vec::new();
        for (i, item) in array.try_iter()?.enumerate() {
            out.push(attribute_value(&item?, &format!("attributes[{i}]"))?);
        }
        return Ok(out);
    }
    Ok(args::whole_rows::<1>(&array, "attributes", 0, u32::MAX)?.into_iter().map(|[a]| a).collect())
}

/// The builder's input from a mesh file, as `levelkit build-cl` reads it: a `.cl` file or Rugrats level
/// (recognised by content), else OBJ, glTF or GLB.
fn load_build_input(py: Python<'_>, path: &std::path::Path) -> PyResult<BuildInput> {
    let data = crate::read_path(py, path)?;
    let at = |e: &dyn std::fmt::Display| errors::BuildError::new_err(format!("{}: {e}", path.display()));
    if levelkit::Format::detect(&data).is_some() {
        let doc = py.detach(|| Document::parse(&data, None)).map_err(|e| errors::open_error(py, e))?;
        return BuildInput::from_document(&doc).map_err(|e| at(&e));
    }
    // The bytes read above: the file is read once (a glTF's buffers beside it).
    let folder = path.parent().map(std::path::Path::to_path_buf).unwrap_or_default();
    let mesh = py.detach(|| levelkit::convert::import_read(&data, path, Some(&folder))).map_err(|e| {
        errors::BuildError::new_err(format!(
            "{}: not a mesh levelkit can build from (.cl, LEVELnn.BIN, .obj, .gltf, .glb): {e}",
            path.display()
        ))
    })?;
    BuildInput::from_mesh(&mesh).map_err(|e| at(&e))
}

/// Builds a game-correct `.cl` file (`levelkit build-cl`), from arrays or from a mesh file.
///
/// From arrays: N×3 `vertices` (finite numbers) and M×3 `triangles` (whole vertex indices,
/// counter-clockwise from the solid side), with per-triangle `attributes` (surface flags as whole numbers
/// or surface names; default 0, floor) and `groups` (0 to 65535). `attribute` gives every triangle one
/// attribute instead; passing both `attributes` and `attribute` is a `ValueError`.
///
/// From a file: `vertices` is the path (str or os.PathLike) of an OBJ, glTF or GLB mesh (groups or
/// materials name the surfaces), a `.cl` file or a Rugrats level, read as `levelkit build-cl` reads it;
/// `triangles`, `attributes` and `groups` then do not apply (`ValueError`), and `attribute` overrides
/// every triangle's as `--attribute` does.
///
/// `depth` ("auto" or 0 to 15), `max_depth` (0 to 15, at least `depth`), `leaf_triangles` (≥ 1), `weld`
/// (a finite distance ≥ 0; by default 0.01, the CLI's, which closes float noise) and `flip` are the CLI's
/// options. Nothing out of range, non-whole or non-finite
/// is rounded, wrapped or dropped: it is a `ValueError` naming the argument. A mesh with no triangle left
/// to build is a `BuildError`. `report` on the result says what was welded, dropped and built.
#[pyfunction]
#[pyo3(signature = (vertices, triangles=None, attributes=None, groups=None, depth=None, max_depth=None, weld=None, flip=false, attribute=None, leaf_triangles=None))]
#[allow(clippy::too_many_arguments)] // Python keyword arguments, each the CLI option of the same name.
fn build_cl(
    py: Python<'_>,
    vertices: &Bound<'_, PyAny>,
    triangles: Option<&Bound<'_, PyAny>>,
    attributes: Option<&Bound<'_, PyAny>>,
    groups: Option<&Bound<'_, PyAny>>,
    depth: Option<&Bound<'_, PyAny>>,
    max_depth: Option<&Bound<'_, PyAny>>,
    weld: Option<f64>,
    flip: bool,
    attribute: Option<&Bound<'_, PyAny>>,
    leaf_triangles: Option<&Bound<'_, PyAny>>,
) -> PyResult<Collision> {
    use args::given;
    let (triangles, attributes, groups, attribute) =
        (given(triangles), given(attributes), given(groups), given(attribute));
    let tree = tree_options(depth, max_depth, leaf_triangles)?;
    // The CLI's default: float noise welded, no real detail merged (`DEFAULT_WELD`, docs/guide/building-collision.md).
    let weld = args::finite_at_least(
        weld.unwrap_or(f64::from(levelkit::heroes::builder::DEFAULT_WELD)),
        "weld",
        0.0,
        false,
    )?;
    let weld_f32 = levelkit::num::round_f32(weld);
    if !weld_f32.is_finite() {
        return Err(PyValueError::new_err(format!("weld must be a distance float32 holds, got {weld}")));
    }
    let attribute = attribute.map(|a| attribute_value(a, "attribute")).transpose()?;
    let path = is_path(vertices).then(|| vertices.extract::<std::path::PathBuf>()).transpose()?;
    let input = match path {
        Some(path) => {
            for (name, value) in [("triangles", triangles), ("attributes", attributes), ("groups", groups)] {
                if value.is_some() {
                    return Err(PyValueError::new_err(format!(
                        "{name}= does not apply when building from a mesh file ({}): the file holds them",
                        path.display()
                    )));
                }
            }
            load_build_input(py, &path)?
        }
        None => {
            let Some(triangles) = triangles else {
                return Err(PyTypeError::new_err(
                    "build_cl needs triangles (M×3 vertex indices) with vertices, or a mesh file's path alone",
                ));
            };
            if attributes.is_some() && attribute.is_some() {
                return Err(PyValueError::new_err(
                    "give attributes (one per triangle) or attribute (one for every triangle), not both",
                ));
            }
            array_input(vertices, triangles, attributes, groups)?
        }
    };
    if input.triangles.is_empty() {
        return Err(errors::BuildError::new_err("the mesh has no triangles: there is nothing to build"));
    }
    let options = BuildOptions { tree, flip, weld: weld_f32, attribute };
    let built = py.detach(|| builder::build(&input, &options)).map_err(|e| build_error(&e))?;
    if built.collision.triangles.is_empty() {
        let r = &built.report;
        return Err(errors::BuildError::new_err(format!(
            "no triangle is left to build: all {} are degenerate (zero area or non-finite corners) or would \
             hang the game ({} degenerate, {} hanging); nothing built",
            r.input_triangles, r.degenerate_triangles, r.hanging_triangles
        )));
    }
    let report = serde_json::to_value(&built.report).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(Collision::new(built.collision, Some(report)))
}

/// Whether a `build_cl` first argument is a path (str or os.PathLike) rather than an array.
fn is_path(value: &Bound<'_, PyAny>) -> bool {
    value.is_instance_of::<pyo3::types::PyString>() || value.hasattr("__fspath__").unwrap_or(false)
}

/// The builder's input from arrays, every value checked (see `build_cl`).
fn array_input(
    vertices: &Bound<'_, PyAny>,
    triangles: &Bound<'_, PyAny>,
    attributes: Option<&Bound<'_, PyAny>>,
    groups: Option<&Bound<'_, PyAny>>,
) -> PyResult<BuildInput> {
    let positions = args::finite_points(vertices, "vertices")?;
    // Every index is checked here, negative and non-whole ones included, and named with the value passed.
    let corners: Vec<[u32; 3]> = match positions.len().checked_sub(1) {
        Some(last) => args::whole_rows(triangles, "triangles", 0, u32::try_from(last).unwrap_or(u32::MAX))?,
        None => {
            let corners: Vec<[u32; 3]> = args::whole_rows(triangles, "triangles", 0, u32::MAX)?;
            if !corners.is_empty() {
                return Err(PyValueError::new_err(format!(
                    "vertices is empty, but triangles has {} rows of vertex indices",
                    corners.len()
                )));
            }
            corners
        }
    };
    let per_triangle = |values: Vec<u32>, name: &str| -> PyResult<Vec<u32>> {
        if values.len() != corners.len() {
            let message = format!("{name} has {} entries for {} triangles", values.len(), corners.len());
            return Err(PyValueError::new_err(message));
        }
        Ok(values)
    };
    let attributes = attributes.map(|a| per_triangle(attribute_values(a)?, "attributes")).transpose()?;
    let groups = groups
        .map(|g| {
            let values = args::whole_rows::<1>(g, "groups", 0, u32::from(u16::MAX))?;
            per_triangle(values.into_iter().map(|[v]| v).collect(), "groups")
        })
        .transpose()?;
    let mut input = BuildInput { positions, triangles: Vec::with_capacity(corners.len()) };
    for (i, vertices) in corners.into_iter().enumerate() {
        let attribute = attributes.as_ref().map_or(0, |a| a[i]);
        // Checked to be at most 65535 above.
        let group = groups.as_ref().map_or(0, |g| u16::try_from(g[i]).unwrap_or(u16::MAX));
        input.triangles.push(BuildTriangle { vertices, attribute, group });
    }
    Ok(input)
}

/// Keeps a file's triangles and rebuilds everything the game walks (`levelkit repair-cl`); `report` on
/// the result says what changed. `depth`, `max_depth` and `leaf_triangles` as for `build_cl`.
#[pyfunction]
#[pyo3(signature = (collision, depth=None, max_depth=None, leaf_triangles=None))]
fn repair_cl(
    py: Python<'_>,
    collision: &Collision,
    depth: Option<&Bound<'_, PyAny>>,
    max_depth: Option<&Bound<'_, PyAny>>,
    leaf_triangles: Option<&Bound<'_, PyAny>>,
) -> PyResult<Collision> {
    let options = tree_options(depth, max_depth, leaf_triangles)?;
    let (repaired, report) =
        py.detach(|| builder::repair(&collision.inner, &options)).map_err(|e| build_error(&e))?;
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

/// HeroesPowerPlant's one-letter group-name codes, in the order it tests them (the first found in a
/// suffix decides): dicts of `letter`, `attribute` and `name`.
#[pyfunction]
fn letter_codes<'py>(py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
    flags::LETTER_CODES
        .iter()
        .map(|(letter, attribute, name)| {
            let d = PyDict::new(py);
            d.set_item("letter", letter.to_string())?;
            d.set_item("attribute", attribute)?;
            d.set_item("name", name)?;
            Ok(d)
        })
        .collect()
}

/// The indices of N×3 `points` (x, y, z, the file's axes) in the order of the map: the Z-order of
/// their x and z over the points' own box, as the audit runs its probes (a list of ints; ties keep index
/// order). To step through places so that each is near the one before.
#[pyfunction]
fn space_order(points: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
    let array = points.py().import("numpy")?.call_method1("asarray", (points, "float32"))?;
    let shape: Vec<usize> = array.getattr("shape")?.extract()?;
    if shape.len() != 2 || shape[1] != 3 {
        return Err(PyValueError::new_err(format!("points must be N×3 (x, y, z); got the shape {shape:?}")));
    }
    let flat: Vec<f32> = array.call_method0("ravel")?.call_method0("tolist")?.extract()?;
    let xz: Vec<[f32; 2]> = flat.chunks_exact(3).map(|p| [p[0], p[2]]).collect();
    if xz.iter().flatten().any(|v| !v.is_finite()) {
        return Err(PyValueError::new_err("points must be finite numbers (a NaN or an infinity was given)"));
    }
    let mut lo = [f32::MAX; 2];
    let mut hi = [f32::MIN; 2];
    for p in &xz {
        for k in 0..2 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    Ok(levelkit::heroes::audit::space_order(xz.len(), (lo, hi), |i| xz[i]))
}

/// The colour `levelkit map` draws an attribute in (sRGB, 0-255).
#[pyfunction]
fn surface_colour(attribute: &Bound<'_, PyAny>) -> PyResult<(u8, u8, u8)> {
    let [r, g, b] = flags::colour(attribute_arg(attribute)?);
    Ok((r, g, b))
}

/// The group or material name the exporters give an attribute (`NAME_XXXXXXXX`).
#[pyfunction]
fn surface_name(attribute: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(flags::group_name(attribute_arg(attribute)?))
}

/// The attribute a group or material name carries (`_XXXXXXXX`, a HeroesPowerPlant letter code, or a
/// readable name such as `wall`). A name that carries none (`lava`, `Material.001`) is a `ValueError`
/// listing the names levelkit knows, unless `default` is given: then `default` is returned for it (the
/// caller's own choice, e.g. `default=0` for floor).
#[pyfunction]
#[pyo3(signature = (name, default=None))]
fn attribute_from_name(name: &str, default: Option<&Bound<'_, PyAny>>) -> PyResult<u32> {
    let default = args::opt_int_in(default, "default", 0, u32::MAX)?;
    flags::attribute_from_name(name).or(default).ok_or_else(|| {
        PyValueError::new_err(format!("{name:?} names no surface levelkit knows; use {}", vocabulary()))
    })
}

/// The colour and name functions take an attribute: a whole number 0 to 0xFFFFFFFF.
fn attribute_arg(attribute: &Bound<'_, PyAny>) -> PyResult<u32> {
    args::int_in(attribute, "attribute", 0, u32::MAX)
}

pub fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Collision>()?;
    m.add_class::<PyFinding>()?;
    m.add_class::<PyFindingGroup>()?;
    m.add_function(wrap_pyfunction!(build_cl, m)?)?;
    m.add_function(wrap_pyfunction!(repair_cl, m)?)?;
    m.add_function(wrap_pyfunction!(surfaces, m)?)?;
    m.add_function(wrap_pyfunction!(letter_codes, m)?)?;
    m.add_function(wrap_pyfunction!(space_order, m)?)?;
    m.add("VOCABULARY", flags::VOCABULARY)?;
    m.add_function(wrap_pyfunction!(surface_colour, m)?)?;
    m.add_function(wrap_pyfunction!(surface_name, m)?)?;
    m.add_function(wrap_pyfunction!(attribute_from_name, m)?)?;
    Ok(())
}
