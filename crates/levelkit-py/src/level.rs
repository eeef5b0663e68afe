//! `Level` (a Rugrats: Search for Reptar `LEVELnn.BIN` file): rooms, blobs, portals, the texture table and
//! the faces in world coordinates.

use crate::arrays::{self, array1, array2};
use crate::document::document_methods;
use crate::vram::Vram;
use crate::{args, errors};
use levelkit::reptar::builder;
use levelkit::reptar::{self, Blob, FaceKind, FaceSection};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use std::path::PathBuf;

/// A Rugrats level: rooms of geometry blobs, portals between rooms, a texture table; every byte kept.
#[pyclass(module = "levelkit", frozen)]
pub struct Level {
    pub inner: reptar::Level,
    /// What `build_level` did, as its JSON report; `None` for a file that was read.
    report: Option<serde_json::Value>,
    /// The VRAM dump holding the new textures `build_level` placed, when it placed any.
    vram: Option<Py<Vram>>,
}

impl Level {
    /// A level that was read (no build report, no VRAM).
    pub fn new(inner: reptar::Level) -> Level {
        Level { inner, report: None, vram: None }
    }
}

/// A blob as a dict of arrays: `vertices` (N×3 int16, relative to the room's centre, Y down), `colours`
/// (N×4 uint8: r, g, b, flash), `triangles` (T×3 uint8 vertex indices) with `triangle_textures` and
/// `triangle_flags` (uint16), `quads` (Q×4, PlayStation Z order) with `quad_textures` and `quad_flags`,
/// `min` and `max` (the stored bounds).
fn blob_dict<'py>(py: Python<'py>, blob: &Blob) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("vertices", array2(py, blob.vertices.iter().map(|v| [v.x, v.y, v.z]).collect())?)?;
    d.set_item("colours", array2(py, blob.vertices.iter().map(|v| [v.r, v.g, v.b, v.flash]).collect())?)?;
    let triangles: Vec<&reptar::Triangle> = blob
        .sections
        .iter()
        .flat_map(|s| match s {
            FaceSection::Triangles(t) => t.as_slice(),
            FaceSection::Quads(_) => &[],
        })
        .collect();
    let quads: Vec<&reptar::Quad> = blob
        .sections
        .iter()
        .flat_map(|s| match s {
            FaceSection::Quads(q) => q.as_slice(),
            FaceSection::Triangles(_) => &[],
        })
        .collect();
    d.set_item("triangles", array2(py, triangles.iter().map(|t| t.v).collect())?)?;
    d.set_item("triangle_textures", array1(py, triangles.iter().map(|t| t.texture).collect()))?;
    d.set_item("triangle_flags", array1(py, triangles.iter().map(|t| t.flags).collect()))?;
    d.set_item("quads", array2(py, quads.iter().map(|q| q.v).collect())?)?;
    d.set_item("quad_textures", array1(py, quads.iter().map(|q| q.texture).collect()))?;
    d.set_item("quad_flags", array1(py, quads.iter().map(|q| q.flags).collect()))?;
    d.set_item("min", blob.min)?;
    d.set_item("max", blob.max)?;
    Ok(d)
}

// The class's one `#[pymethods]` block, with the methods every document has (`crate::document`); not
// indented, so that it keeps rustfmt's layout (rustfmt leaves a macro's body as it is).
document_methods! {
impl Level {
    /// The rooms, each a dict: `index`, `centre`, `min`, `max` (game coordinates, Y down), `portal_count`,
    /// `blobs` (see the blob dicts in the stubs).
    #[getter]
    fn rooms<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.inner
            .rooms
            .iter()
            .enumerate()
            .map(|(index, room)| {
                let d = PyDict::new(py);
                d.set_item("index", index)?;
                d.set_item("centre", room.record.centre)?;
                d.set_item("min", room.record.min)?;
                d.set_item("max", room.record.max)?;
                d.set_item("portal_count", room.record.portal_count)?;
                let blobs: PyResult<Vec<_>> = room.blobs.iter().map(|b| blob_dict(py, b)).collect();
                d.set_item("blobs", blobs?)?;
                Ok(d)
            })
            .collect()
    }

    /// The portals in world coordinates: dicts of `index`, `room` (the room that takes it, or `None`),
    /// `corners` (4 points, Z order), `flags`, `destination`, `destination_exists`.
    #[getter]
    fn portals<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        arrays::to_python(py, &self.inner.world_portals())
    }

    /// The texture table: dicts of the entry's fields (`u0`, `v0`, `clut`, `u1`, `v1`, `tpage`, …).
    #[getter]
    fn textures<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        arrays::to_python(py, &self.inner.textures)
    }

    /// Every face of every room in world coordinates (Y down), in file order, as a dict of arrays with one
    /// entry per face: `room`, `blob`, `face` (uint32), `corners` (uint8: 3 or 4), `positions` (F×4×3
    /// int32; quads in Z order, ring 0, 1, 3, 2; a triangle's 4th row is 0), `colours` (F×4×4 uint8),
    /// `texture`, `flags` (uint16).
    fn world_faces<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let faces: Vec<_> = self.inner.world_faces().collect();
        let index = |f: fn(&reptar::WorldFace<'_>) -> usize| -> Bound<'py, PyArray1<u32>> {
            array1(py, faces.iter().map(|w| u32::try_from(f(w)).unwrap_or(u32::MAX)).collect())
        };
        let d = PyDict::new(py);
        d.set_item("room", index(|w| w.room))?;
        d.set_item("blob", index(|w| w.blob))?;
        d.set_item("face", index(|w| w.face))?;
        let corners = faces.iter().map(|w| if w.kind == FaceKind::Quad { 4u8 } else { 3 }).collect();
        d.set_item("corners", array1(py, corners))?;
        // Four rows a face (a triangle's last is zeros), then shaped F×4×3 and F×4×4.
        let rows = |corner: fn(&reptar::WorldCorner) -> [i32; 3]| -> Vec<[i32; 3]> {
            faces
                .iter()
                .flat_map(|w| (0..4).map(move |i| w.corners().get(i).map_or([0; 3], corner)))
                .collect()
        };
        d.set_item("positions", array2(py, rows(|c| c.position))?.reshape([faces.len(), 4, 3])?)?;
        let colours: Vec<[u8; 4]> = faces
            .iter()
            .flat_map(|w| (0..4).map(move |i| w.corners().get(i).map_or([0; 4], |c| c.colour)))
            .collect();
        d.set_item("colours", array2(py, colours)?.reshape([faces.len(), 4, 4])?)?;
        d.set_item("texture", array1(py, faces.iter().map(|w| w.texture).collect()))?;
        d.set_item("flags", array1(py, faces.iter().map(|w| w.flags).collect()))?;
        Ok(d)
    }

    /// What `build_level` did (a dict, as `levelkit build-level --json` prints it), or `None` for a file
    /// that was read.
    #[getter]
    fn report<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.report.as_ref().map(|r| arrays::json_to_python(py, r)).transpose()
    }

    /// The VRAM dump the scene's new textures were placed in by `build_level` (save it beside the level,
    /// as `levelkit build-level --vram-out` does), or `None` when the build placed none or the level was
    /// read.
    #[getter]
    fn vram(&self, py: Python<'_>) -> Option<Py<Vram>> {
        self.vram.as_ref().map(|v| v.clone_ref(py))
    }

    fn __repr__(&self) -> String {
        format!(
            "<levelkit.Level: {} rooms, {} portals, {} textures>",
            self.inner.rooms.len(),
            self.inner.portals.len(),
            self.inner.textures.len()
        )
    }
}
}

/// A base level argument: a `Level`, or a path or bytes read as a Rugrats level.
fn base_level(py: Python<'_>, base: &Bound<'_, PyAny>) -> PyResult<reptar::Level> {
    if let Ok(level) = base.cast::<Level>() {
        return Ok(level.get().inner.clone());
    }
    if base.cast::<crate::collision::Collision>().is_ok() {
        return Err(PyTypeError::new_err(
            "base must be a Rugrats Level (or its path or bytes), not a Collision",
        ));
    }
    let level: Bound<'_, Level> = crate::read_level(py, base)?.into_pyobject(py)?;
    let inner = level.get().inner.clone();
    Ok(inner)
}

/// Builds a Rugrats `LEVELnn.BIN` from a scene (`levelkit build-level`): `scene` is the path of a
/// `.gltf`, `.glb` or `.obj` file (rooms from objects named `room_NN`, else one room per object; portals
/// from `portal_NN`) or of a levelkit JSON dump of a level, or a dict of arrays shaped as `levelkit.mesh`
/// returns (`objects` with `data`, `groups`, `extras`; what the Blender add-on gathers). `base` (a `Level`,
/// or its path or bytes) is the level the scene came from: its texture table and every byte levelkit does
/// not understand are kept for the rooms and portals that match by number, and a scene that lacks any of
/// its portals or rooms with faces is refused unless `drop_missing=True`. `vram` (a `Vram` or a 1 MiB
/// dump) is where the level's textures are: new textures go where it is free. `scale` multiplies every
/// position first (100 undoes an export's `scale=0.01`). The result checks clean (else `BuildError`,
/// nothing returned); its `report` says what was built (`report["lines"]`: the report in words, the CLI's)
/// and `vram` holds the new textures, if any.
#[pyfunction]
#[pyo3(signature = (scene, base=None, vram=None, scale=1.0, drop_missing=false))]
pub fn build_level(
    py: Python<'_>,
    scene: &Bound<'_, PyAny>,
    base: Option<&Bound<'_, PyAny>>,
    vram: Option<&Bound<'_, PyAny>>,
    scale: f64,
    drop_missing: bool,
) -> PyResult<Level> {
    let scale = args::finite_at_least(scale, "scale", 0.0, true)?;
    let base = base.filter(|b| !b.is_none()).map(|b| base_level(py, b)).transpose()?;
    let vram = crate::vram::vram_arg(vram)?;
    let options = builder::BuildOptions { base: base.as_ref(), vram: vram.as_ref(), scale, drop_missing };
    let build = |input: &builder::SceneInput| {
        let built = builder::build(input, &options)?;
        builder::checked_bytes(&built.level, base.as_ref())?;
        Ok::<_, builder::BuildError>(built)
    };
    let built = if scene.is_instance_of::<PyDict>() {
        let mesh = crate::scene::mesh_from_dict(scene)?;
        let input = builder::SceneInput::Mesh { mesh, from_triangles: false };
        py.detach(|| build(&input))
            .map_err(|e| errors::build_error(format!("the scene: {}", build_words(&e))))?
    } else {
        let path = scene_path(scene)?;
        let at = |e: &dyn std::fmt::Display| errors::build_error(format!("{}: {e}", path.display()));
        // Read once, as every input is; the scene is made from these bytes (a glTF's buffers beside it).
        let data = crate::read_path_within(py, &path, levelkit::io::ReadLimit::MESH, |e| at(&e))?;
        let folder = path.parent().map(std::path::Path::to_path_buf).unwrap_or_default();
        py.detach(|| {
            let input = levelkit::convert::reptar::read_scene(&data, &path, Some(&folder))?;
            build(&input)
        })
        .map_err(|e| at(&build_words(&e)))?
    };
    let mut report = serde_json::to_value(&built.report).map_err(|e| PyValueError::new_err(e.to_string()))?;
    if let Some(map) = report.as_object_mut() {
        map.insert("lines".into(), built.report.lines().into());
        map.insert("grew".into(), built.report.grew().into());
    }
    let vram = built.vram.map(|inner| Py::new(py, Vram { inner })).transpose()?;
    Ok(Level { inner: built.level, report: Some(report), vram })
}

/// A build error in a Python user's words: the library's, with the argument that changes it.
fn build_words(e: &builder::BuildError) -> String {
    match e {
        builder::BuildError::Missing { .. } => {
            format!("{e}: put them back, or drop_missing=True builds it without them")
        }
        // The library says to scale the scene down; `scale=` does.
        builder::BuildError::OutOfRange { .. } => format!("{e} (a smaller scale=)"),
        builder::BuildError::Portal { problem, .. } if problem.ends_with("scale the scene down") => {
            format!("{e} (a smaller scale=)")
        }
        _ => e.to_string(),
    }
}

/// The path a scene argument names: a str or os.PathLike, never bytes (a glTF's buffers are found beside
/// its file).
fn scene_path(scene: &Bound<'_, PyAny>) -> PyResult<PathBuf> {
    let wrong = || {
        PyTypeError::new_err(
            "scene must be the path of a .gltf, .glb, .obj or JSON dump file (a str or os.PathLike: a glTF \
             file's buffers and textures are found beside it), or a dict of arrays as levelkit.mesh returns",
        )
    };
    if scene.is_instance_of::<PyBytes>() || scene.is_instance_of::<pyo3::types::PyByteArray>() {
        return Err(wrong());
    }
    scene.extract().map_err(|_| wrong())
}

pub fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Level>()?;
    m.add_function(wrap_pyfunction!(build_level, m)?)?;
    Ok(())
}
