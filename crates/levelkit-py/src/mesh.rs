//! What works on either kind of document: the neutral mesh the exporters make (the Blender add-on's
//! import path), export to glTF/OBJ and the renderer.

use crate::arrays::{self, array1, array2};
use crate::collision::Collision;
use crate::level::Level;
use crate::vram::vram_bytes;
use crate::{args, errors};
use levelkit::convert::{self, ExportFormat, ExportOptions};
use levelkit::render::{RenderOptions, ViewPoint, MAX_SIDE, MIN_SIDE};
use levelkit::Document;
use numpy::PyArray3;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

/// The document a `Collision` or `Level` holds, borrowed: `mesh()` converts it as it is (a copy of a
/// 65,000-triangle `.cl` file, every stored list a vector of its own, was most of `mesh()`'s time).
#[derive(Clone, Copy)]
enum DocumentRef<'a> {
    Heroes(&'a levelkit::heroes::Collision),
    Reptar(&'a levelkit::reptar::Level),
}

impl DocumentRef<'_> {
    /// A copy, for the library's functions that take a `Document`.
    fn to_owned(self) -> Document {
        match self {
            DocumentRef::Heroes(c) => Document::Heroes(c.clone()),
            DocumentRef::Reptar(l) => Document::Reptar(l.clone()),
        }
    }
}

fn document<'a>(doc: &'a Bound<'_, PyAny>) -> PyResult<DocumentRef<'a>> {
    if let Ok(c) = doc.cast::<Collision>() {
        return Ok(DocumentRef::Heroes(&c.get().inner));
    }
    if let Ok(l) = doc.cast::<Level>() {
        return Ok(DocumentRef::Reptar(&l.get().inner));
    }
    Err(PyTypeError::new_err("expected a levelkit.Collision or levelkit.Level"))
}

/// Refuses the options that do not apply to `document` (a `TypeError` naming each and why): `rooms`,
/// `vram` and `portals` are a Rugrats level's, `tree` a `.cl` file's.
fn refuse_inapplicable(document: DocumentRef<'_>, given: &[(&str, bool)]) -> PyResult<()> {
    let (kind, applies_to) = match document {
        DocumentRef::Heroes(_) => ("a Collision (.cl)", ["rooms", "vram", "portals"].as_slice()),
        DocumentRef::Reptar(_) => ("a Level (LEVELnn.BIN)", ["tree"].as_slice()),
    };
    let refused: Vec<&str> =
        given.iter().filter(|(name, set)| *set && applies_to.contains(name)).map(|(n, _)| *n).collect();
    if refused.is_empty() {
        return Ok(());
    }
    let which = match document {
        DocumentRef::Heroes(_) => "a Rugrats Level's",
        DocumentRef::Reptar(_) => "a Collision's",
    };
    Err(PyTypeError::new_err(format!(
        "{} do{} not apply to {kind}: {} {which} option{}",
        refused.iter().map(|n| format!("{n}=")).collect::<Vec<_>>().join(", "),
        if refused.len() == 1 { "es" } else { "" },
        if refused.len() == 1 { "it is" } else { "they are" },
        if refused.len() == 1 { "" } else { "s" },
    )))
}

/// `rooms=`: room numbers of `document` (a level), each checked to exist.
fn room_list(document: DocumentRef<'_>, rooms: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Vec<u32>>> {
    let Some(rooms) = rooms.filter(|r| !r.is_none()) else { return Ok(None) };
    let count = match document {
        DocumentRef::Reptar(l) => l.rooms.len(),
        DocumentRef::Heroes(_) => 0,
    };
    let Some(last) = count.checked_sub(1) else {
        return Err(PyValueError::new_err("rooms= names rooms, but the level has none"));
    };
    let last = u32::try_from(last).unwrap_or(u32::MAX);
    arrays_rooms(rooms, last).map(Some)
}

fn arrays_rooms(rooms: &Bound<'_, PyAny>, last: u32) -> PyResult<Vec<u32>> {
    args::int_list_in(rooms, "rooms", 0, last)
}

/// `scale=`: a finite number above 0 (a negative scale would mirror the geometry and turn every face
/// inside out; 0 would collapse it).
fn scale_arg(scale: f64) -> PyResult<f32> {
    let scale = args::finite_at_least(scale, "scale", 0.0, true)?;
    let narrow = levelkit::num::round_f32(scale);
    if !(narrow.is_finite() && narrow > 0.0) {
        return Err(PyValueError::new_err(format!(
            "scale must be a finite number float32 holds above 0, got {scale}"
        )));
    }
    Ok(narrow)
}

fn export_options(
    document: DocumentRef<'_>,
    format: ExportFormat,
    vram: Option<&Bound<'_, PyAny>>,
    scale: f64,
    rooms: Option<&Bound<'_, PyAny>>,
    tree: bool,
) -> PyResult<ExportOptions> {
    let given = [
        ("rooms", rooms.is_some_and(|r| !r.is_none())),
        ("vram", vram.is_some_and(|v| !v.is_none())),
        ("tree", tree),
    ];
    refuse_inapplicable(document, &given)?;
    Ok(ExportOptions {
        format,
        scale: scale_arg(scale)?,
        rooms: room_list(document, rooms)?,
        vram: vram_bytes(vram)?,
        tree,
    })
}

/// One mesh object as a dict: `name`, `positions` (N×3 float32, Y up), `colours` (N×4 float32, linear) or
/// `None`, `uvs` (N×2) or `None`, `face_sizes` (F uint32) and `face_corners` (the faces' vertex indices one
/// after another), `face_groups` (F uint32, into the mesh's groups), `face_attributes` (F int64, −1: none),
/// `face_flags` (F uint32: a `.cl` triangle's group number; a Rugrats face's texture index << 16 | flags),
/// `lines` (L×2 uint32), `extras` (a dict or `None`), `data` (name → N×4 uint16: the per vertex numbers a
/// format needs to come back exactly, such as a Rugrats level's `REPTAR_VERTEX`; `levelkit.build_level`
/// takes them back).
fn object_dict<'py>(py: Python<'py>, o: &levelkit::mesh::Object) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("name", &o.name)?;
    d.set_item("positions", array2(py, o.positions.clone())?)?;
    d.set_item("colours", o.colours.clone().map(|c| array2(py, c)).transpose()?)?;
    d.set_item("uvs", o.uvs.clone().map(|c| array2(py, c)).transpose()?)?;
    let sizes = o.faces.iter().map(|f| u32::try_from(f.corners.len()).unwrap_or(u32::MAX)).collect();
    d.set_item("face_sizes", array1(py, sizes))?;
    d.set_item("face_corners", array1(py, o.faces.iter().flat_map(|f| f.corners.iter().copied()).collect()))?;
    d.set_item("face_groups", array1(py, o.faces.iter().map(|f| f.group).collect()))?;
    let attributes = o.faces.iter().map(|f| f.attribute.map_or(-1, i64::from)).collect();
    d.set_item("face_attributes", array1(py, attributes))?;
    d.set_item("face_flags", array1(py, o.faces.iter().map(|f| f.flags).collect()))?;
    d.set_item("lines", array2(py, o.lines.iter().map(|l| l.ends).collect())?)?;
    d.set_item("extras", o.extras.as_ref().map(|e| arrays::json_to_python(py, e)).transpose()?)?;
    let data = PyDict::new(py);
    for v in &o.data {
        data.set_item(&v.name, array2(py, v.values.clone())?)?;
    }
    d.set_item("data", data)?;
    Ok(d)
}

/// The neutral mesh levelkit's exporters write (`levelkit export`'s objects, groups and images, Y up):
/// a dict of `objects` (see the stubs), `groups` (dicts of `name`, `colour` (linear RGBA), `texture` (an
/// image index or `None`), `double_sided`, `alpha_mask`, `extras`), `images` (dicts of `name` and `rgba`,
/// H×W×4 uint8) and `extras`. A Rugrats level gives one object per room (`room_NN`) and per portal
/// (`portal_NN`); with `vram`, its texture pages as images. A `.cl` file gives one object, its groups the
/// surface types, and with `tree=True` the quadtree's leaves as lines.
#[pyfunction]
#[pyo3(signature = (doc, vram=None, scale=1.0, rooms=None, tree=false))]
fn mesh<'py>(
    py: Python<'py>,
    doc: &Bound<'py, PyAny>,
    vram: Option<&Bound<'py, PyAny>>,
    scale: f64,
    rooms: Option<&Bound<'py, PyAny>>,
    tree: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let document = document(doc)?;
    let options = export_options(document, ExportFormat::Glb, vram, scale, rooms, tree)?;
    let m = py
        .detach(|| match document {
            DocumentRef::Heroes(c) => convert::heroes::collision_mesh(c, &options),
            DocumentRef::Reptar(l) => convert::reptar::level_mesh(l, &options),
        })
        .map_err(errors::export_error)?;
    let d = PyDict::new(py);
    let objects: PyResult<Vec<_>> = m.objects.iter().map(|o| object_dict(py, o)).collect();
    d.set_item("objects", objects?)?;
    let groups: PyResult<Vec<_>> = m
        .groups
        .iter()
        .map(|g| {
            let gd = PyDict::new(py);
            gd.set_item("name", &g.name)?;
            gd.set_item("colour", g.colour)?;
            gd.set_item("texture", g.texture)?;
            gd.set_item("double_sided", g.double_sided)?;
            gd.set_item("alpha_mask", g.alpha_mask)?;
            gd.set_item("extras", g.extras.as_ref().map(|e| arrays::json_to_python(py, e)).transpose()?)?;
            Ok(gd)
        })
        .collect();
    d.set_item("groups", groups?)?;
    let images: PyResult<Vec<_>> = m
        .images
        .into_iter()
        .map(|image| {
            let id = PyDict::new(py);
            id.set_item("name", &image.name)?;
            id.set_item("rgba", arrays::image::<4>(py, image.width, image.height, image.rgba)?)?;
            Ok(id)
        })
        .collect();
    d.set_item("images", images?)?;
    d.set_item("extras", m.extras.as_ref().map(|e| arrays::json_to_python(py, e)).transpose()?)?;
    Ok(d)
}

/// `levelkit export`: the files a `"glb"`, `"gltf"`, `"obj"` or `"json"` export makes, as a dict of file
/// name → bytes (an OBJ comes with its MTL and PNG textures), named from `stem`.
#[pyfunction]
#[pyo3(signature = (doc, format, stem="level", vram=None, scale=1.0, rooms=None, tree=false))]
#[allow(clippy::too_many_arguments)] // Python keyword arguments, each the CLI option of the same name.
fn export<'py>(
    py: Python<'py>,
    doc: &Bound<'py, PyAny>,
    format: &str,
    stem: &str,
    vram: Option<&Bound<'py, PyAny>>,
    scale: f64,
    rooms: Option<&Bound<'py, PyAny>>,
    tree: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let format = match format {
        "glb" => ExportFormat::Glb,
        "gltf" => ExportFormat::Gltf,
        "obj" => ExportFormat::Obj,
        "json" => ExportFormat::Json,
        other => {
            return Err(PyValueError::new_err(format!("format {other:?} is not glb, gltf, obj or json")))
        }
    };
    let document = document(doc)?;
    let options = export_options(document, format, vram, scale, rooms, tree)?;
    let document = document.to_owned();
    let files =
        py.detach(|| convert::export_document(&document, stem, &options)).map_err(errors::export_error)?;
    let d = PyDict::new(py);
    for file in files {
        d.set_item(file.file_name, PyBytes::new(py, &file.bytes))?;
    }
    Ok(d)
}

/// `levelkit render`: an H×W×3 uint8 picture. Rugrats rooms through the model of the PS1 room renderer
/// (textured with `vram`), collision shaded by surface type. `camera` and `look` are points in the file's
/// coordinates (Rugrats: Y down); without them the view frames what is drawn.
#[pyfunction]
#[pyo3(signature = (doc, width=None, height=None, camera=None, look=None, rooms=None, vram=None, portals=false))]
#[allow(clippy::too_many_arguments)] // Python keyword arguments, each the CLI option of the same name.
fn render<'py>(
    py: Python<'py>,
    doc: &Bound<'py, PyAny>,
    width: Option<&Bound<'py, PyAny>>,
    height: Option<&Bound<'py, PyAny>>,
    camera: Option<&Bound<'py, PyAny>>,
    look: Option<&Bound<'py, PyAny>>,
    rooms: Option<&Bound<'py, PyAny>>,
    vram: Option<&Bound<'py, PyAny>>,
    portals: bool,
) -> PyResult<Bound<'py, PyArray3<u8>>> {
    let width = args::opt_int_in(width, "width", MIN_SIDE, MAX_SIDE)?.unwrap_or(640);
    let height = args::opt_int_in(height, "height", MIN_SIDE, MAX_SIDE)?.unwrap_or(480);
    let point = |p: Option<&Bound<'py, PyAny>>, name: &str| -> PyResult<Option<[f64; 3]>> {
        p.filter(|p| !p.is_none()).map(|p| args::finite_point(p, name)).transpose()
    };
    let camera = match (point(camera, "camera")?, point(look, "look")?) {
        (Some(position), Some(look)) => Some(ViewPoint { position, look }),
        (None, None) => None,
        _ => return Err(PyValueError::new_err("give both camera and look, or neither")),
    };
    let document = document(doc)?;
    let given = [
        ("rooms", rooms.is_some_and(|r| !r.is_none())),
        ("vram", vram.is_some_and(|v| !v.is_none())),
        ("portals", portals),
    ];
    refuse_inapplicable(document, &given)?;
    let rooms = room_list(document, rooms)?;
    let options = RenderOptions { width, height, camera, rooms, vram: vram_bytes(vram)?, portals };
    let document = document.to_owned();
    let image =
        py.detach(|| levelkit::render::render_document(&document, &options)).map_err(errors::export_error)?;
    arrays::image::<3>(py, image.width, image.height, image.pixels)
}

pub fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(mesh, m)?)?;
    m.add_function(wrap_pyfunction!(export, m)?)?;
    m.add_function(wrap_pyfunction!(render, m)?)?;
    Ok(())
}
