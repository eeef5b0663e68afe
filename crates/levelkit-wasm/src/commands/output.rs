//! The commands that turn a file into another: `export`, `render`, `view` (the CLI's `cmd/export.rs`,
//! `cmd/render.rs`, `cmd/view.rs`).

use super::{fields, Fail, Input, Reply, Request};
use levelkit::convert::html::{self, ViewerInfo, ViewerKind};
use levelkit::convert::{export_document, ExportFormat, ExportOptions};
use levelkit::heroes::audit::Audit;
use levelkit::render::{render_with_notes, RenderOptions, ViewPoint};
use levelkit::Document;
use serde_json::{json, Value};

/// A name the CLI's `view` takes for a mesh file.
pub fn is_mesh(f: &Input) -> bool {
    let ext = f.name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
    f.data.starts_with(b"glTF") || matches!(ext.as_deref(), Some("glb" | "gltf" | "obj"))
}

/// The mesh of a file, as kept ([`crate::kept::mesh`]): opening, drawing and building from one import.
pub fn import_mesh(f: &Input) -> Result<std::rc::Rc<levelkit::mesh::Mesh>, String> {
    crate::kept::mesh(f.name, f.data, || levelkit::convert::import_bytes(f.data, f.name))
        .map_err(|e| f.fail(&e))
}

/// `levelkit export` (option `to`: `glb`, `gltf`, `obj` or `json`, the CLI's output extension; `rooms`,
/// `scale`, `tree`; the `vram` input): the files it writes, named after the input.
pub fn export(r: &Request) -> Result<Reply, Fail> {
    let to = r.options["to"].as_str().unwrap_or("glb");
    let format = match to {
        "glb" => ExportFormat::Glb,
        "gltf" => ExportFormat::Gltf,
        "obj" => ExportFormat::Obj,
        "json" => ExportFormat::Json,
        _ => return Err(format!("{to}: the output must end in .glb, .gltf, .obj or .json").into()),
    };
    let rooms = fields::rooms(r, "rooms")?;
    let f = r.file()?;
    let doc = f.open(None)?;
    let mut options = ExportOptions::new(format);
    #[allow(clippy::cast_possible_truncation)] // the CLI's flag is an f32
    let scale = r.float("scale", 1.0)? as f32;
    options.scale = scale;
    options.rooms = rooms;
    options.tree = r.flag("tree");
    // The CLI reads this dump as it is (`export` does not check its size first).
    options.vram = r.vram.map(|v| v.data.to_vec());
    let files = export_document(&doc, f.stem(), &options).map_err(|e| f.fail(&e))?;
    // Named for what it holds: `stage-with-tree.glb` is not `stage.glb`.
    let tree = if options.tree { "-with-tree" } else { "" };
    let members: Vec<Value> =
        files.iter().map(|f| json!({ "name": f.file_name, "bytes": f.bytes.len() })).collect();
    let mut files: Vec<(String, Vec<u8>)> = files.into_iter().map(|f| (f.file_name, f.bytes)).collect();
    let single = files.len() == 1;
    let reply = Reply::json(json!({ "files": members }));
    if single {
        let (name, bytes) = files.remove(0);
        let ext = name.rsplit_once('.').map_or("", |(_, e)| e);
        return Ok(reply.with(format!("{}{tree}.{ext}", f.stem()), bytes));
    }
    // Several files (an OBJ with its .mtl and textures, a glTF with its buffer and images): one zip of
    // them under the CLI's names, which refer to each other, so the page makes one download.
    let zip = crate::zip::archive(&files)?;
    Ok(reply.with(format!("{}{tree}-{to}.zip", f.stem()), zip))
}

fn xyz(v: &Value) -> Result<Option<[f64; 3]>, String> {
    match v {
        Value::Null => Ok(None),
        Value::Array(a) if a.len() == 3 && a.iter().all(Value::is_number) => {
            Ok(Some([0, 1, 2].map(|i| a[i].as_f64().unwrap_or(0.0))))
        }
        v => Err(format!("{v}: expected X,Y,Z")),
    }
}

/// `levelkit render` (options `rooms`, `camera` and `look` as `[x, y, z]`, `width`, `height`, `portals`;
/// the `vram` input): the PNG and the notes the CLI prints.
pub fn render(r: &Request) -> Result<Reply, Fail> {
    let (width, height) = match (&r.options["width"], &r.options["height"]) {
        (Value::Null, Value::Null) => fields::size(r)?,
        _ => (r.number("width", 640)?, r.number("height", 480)?),
    };
    let rooms = fields::rooms(r, "rooms")?;
    let f = r.file()?;
    let doc = f.open(None)?;
    let mut options =
        RenderOptions { width, height, rooms, portals: r.flag("portals"), ..RenderOptions::default() };
    match (xyz(&r.options["camera"])?, xyz(&r.options["look"])?) {
        (Some(position), Some(look)) => options.camera = Some(ViewPoint { position, look }),
        (None, None) => {}
        _ => return Err("--camera and --look go together".into()),
    }
    options.vram = r.vram.map(|v| v.data.to_vec());
    let rendering = render_with_notes(&doc, &options).map_err(|e| match e {
        // The CLI's words, the size field marked.
        levelkit::render::RenderError::BadSize { .. } => fields::usage("size", f.fail(&e)),
        e => Fail::from(f.fail(&e)),
    })?;
    let notes = super::hints::render_notes(f.name, &rendering);
    let png = rendering.image.to_png().map_err(|e| format!("cannot encode the PNG: {e}"))?;
    // `-render`: not the map's (`-map.png`) nor a VRAM picture's name.
    Ok(Reply::json(json!({ "notes": notes })).with(format!("{}-render.png", f.stem()), png))
}

/// The viewer page (`levelkit view`'s page) of a level file; with an audit, its holes marked.
pub fn view_page(
    f: &Input,
    doc: &Document,
    vram: Option<Vec<u8>>,
    audit: Option<&Audit>,
) -> Result<Vec<u8>, String> {
    let mut options = ExportOptions::new(ExportFormat::Glb);
    options.vram = vram;
    let (mesh, mut info) = html::document_scene(doc, &options, f.name).map_err(|e| f.fail(&e))?;
    if let Some(report) = audit {
        html::add_audit(&mut info, report);
    }
    html::viewer_html(&mesh, &info).map_err(|e| f.fail(&e))
}

/// The viewer page of a level file (without the audit: `audit` with `view` marks its holes) or of a mesh
/// (OBJ, glTF, GLB), with the `vram` input's textures.
pub fn view(r: &Request) -> Result<Reply, Fail> {
    let f = r.file()?;
    let name = format!("{}.html", f.stem());
    if levelkit::Format::detect(f.data).is_none() && is_mesh(&f) {
        let mesh = import_mesh(&f)?;
        let info = ViewerInfo::from_mesh(&mesh, ViewerKind::Mesh, f.name);
        let page = html::viewer_html(&mesh, &info).map_err(|e| f.fail(&e))?;
        return Ok(Reply::default().with(name, page));
    }
    let doc = f.open_kept()?;
    let page = view_page(&f, &doc, r.vram()?, None)?;
    Ok(Reply::default().with(name, page))
}
