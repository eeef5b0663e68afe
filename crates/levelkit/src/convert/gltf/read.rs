//! glTF import, the document level: GLB or JSON bytes to a checked [`json::Root`], its buffers loaded
//! (GLB chunk, data URI or a file beside it), then handed to the scene walk ([`super::scene`]).
#![deny(clippy::indexing_slicing)]

use super::scene::Importer;
use super::uri::read_uri;
use super::{glb, gltf_err, MAX_IMPORT_ELEMENTS};
use crate::convert::ImportError;
use crate::mesh::Mesh;
use gltf_json as json;
use json::validation::Checked::Valid;
use serde_json::Value;
use std::path::Path;

/// Reads glTF JSON or GLB bytes. External buffers are read from `base_dir` (refused when `None`); only
/// plain relative paths inside that folder are followed.
pub fn read(data: &[u8], base_dir: Option<&Path>) -> Result<Mesh, ImportError> {
    read_with(data, base_dir, false)
}

/// [`read`], and decodes the PNG base-colour textures of the materials into [`Mesh::images`] (each
/// group's `texture`). Other image types are refused with an error naming the image.
pub fn read_textured(data: &[u8], base_dir: Option<&Path>) -> Result<Mesh, ImportError> {
    read_with(data, base_dir, true)
}

fn read_with(data: &[u8], base_dir: Option<&Path>, images: bool) -> Result<Mesh, ImportError> {
    let (json_bytes, bin) = if data.starts_with(glb::GLB_MAGIC) { glb::split(data)? } else { (data, None) };
    let not_gltf = |e: serde_json::Error| gltf_err("(document)", format!("not glTF JSON: {e}"));
    let mut value: Value = serde_json::from_slice(json_bytes).map_err(not_gltf)?;
    // glTF lets a scene omit `nodes` (an empty scene); gltf-json insists on the key.
    if let Some(scenes) = value.get_mut("scenes").and_then(Value::as_array_mut) {
        for scene in scenes.iter_mut().filter_map(Value::as_object_mut) {
            scene.entry("nodes").or_insert_with(|| Value::Array(Vec::new()));
        }
    }
    let root: json::Root = serde_json::from_value(value).map_err(not_gltf)?;
    // gltf-json's validation indexes the accessor list with each POSITION index unchecked: check first.
    for (mi, m) in root.meshes.iter().enumerate() {
        for (pi, p) in m.primitives.iter().enumerate() {
            if let Some(a) = p.attributes.get(&Valid(json::mesh::Semantic::Positions)) {
                if a.value() >= root.accessors.len() {
                    return Err(gltf_err(
                        format!("meshes[{mi}].primitives[{pi}].attributes.POSITION"),
                        format!("accessor {} does not exist ({} accessors)", a.value(), root.accessors.len()),
                    ));
                }
            }
        }
    }
    let root = match gltf::Document::from_json(root) {
        Ok(doc) => doc.into_json(),
        Err(gltf::Error::Validation(problems)) => {
            let list: Vec<String> = problems.iter().take(5).map(|(p, e)| format!("{p}: {e}")).collect();
            return Err(gltf_err("(document)", format!("invalid glTF: {}", list.join("; "))));
        }
        Err(e) => return Err(gltf_err("(document)", e.to_string())),
    };
    let buffers = load_buffers(&root, bin, base_dir)?;
    let images = images.then(|| base_dir.map(Path::to_path_buf));
    let budget = MAX_IMPORT_ELEMENTS;
    Importer { root: &root, buffers, mesh: Mesh::default(), budget, images, decoded: Vec::new() }.run()
}

fn load_buffers<'a>(
    root: &json::Root,
    bin: Option<&'a [u8]>,
    base_dir: Option<&Path>,
) -> Result<Vec<std::borrow::Cow<'a, [u8]>>, ImportError> {
    let mut out = Vec::with_capacity(root.buffers.len());
    for (i, buffer) in root.buffers.iter().enumerate() {
        let path = format!("buffers[{i}]");
        let data: std::borrow::Cow<[u8]> = match &buffer.uri {
            None => match (i, bin) {
                (0, Some(bin)) => bin.into(),
                _ => return Err(gltf_err(path, "has no uri and there is no GLB binary chunk for it")),
            },
            Some(uri) => read_uri(uri, base_dir, &path)?.into(),
        };
        let want = usize::try_from(buffer.byte_length.0).unwrap_or(usize::MAX);
        if data.len() < want {
            return Err(gltf_err(path, format!("byteLength {want} but only {} bytes", data.len())));
        }
        out.push(data);
    }
    Ok(out)
}
