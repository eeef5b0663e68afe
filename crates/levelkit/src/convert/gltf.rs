//! glTF 2.0 export (`.gltf` with an embedded buffer, `.glb`) and import (both, plus external `.bin`).
//!
//! Export layout, deterministic for a given mesh:
//! - one material per [`Group`] (same order, same name; `doubleSided`, `MASK` cut-out, base colour and
//!   texture), one texture and embedded PNG per [`Image`] (nearest filtering: these are PS1-era texels);
//! - one node per [`Object`] (its name and extras); objects with faces or lines get a mesh whose
//!   primitives share the object's vertex accessors: one triangle primitive per (group, attribute, flags)
//!   in order of first use, with `{"group", "attribute", "flags"}` extras, then one `LINES` primitive per
//!   group of lines;
//! - `.gltf` carries its buffer as a base64 data URI, so a single file is the whole model.
//!
//! Import reads every primitive (triangles, strips, fans, lines) of every node reachable from the default
//! scene with node transforms applied (depth limit [`MAX_NODE_DEPTH`]), naming groups by material, else
//! node, else mesh name. Texture images are not decoded back (groups keep name and colour).

use super::{base64_decode, base64_encode, ExportError, ImportError};
use crate::bytes::{Cursor, Le};
use crate::heroes::flags::attribute_from_name;
use crate::mesh::{index_u32, Face, Group, Image, Line, Mesh, Object, VertexData, NO_DATA};
use gltf_json as json;
use json::validation::{Checked::Valid, USize64};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::path::{Component, Path};

/// How deep a node hierarchy may nest before import refuses it.
pub const MAX_NODE_DEPTH: usize = 64;

/// The most vertices plus corners an import may produce, against files whose nodes instance one large
/// mesh many times.
pub const MAX_IMPORT_ELEMENTS: usize = 1 << 27;

const GLB_MAGIC: &[u8; 4] = b"glTF";
const CHUNK_JSON: u32 = 0x4E4F_534A;
const CHUNK_BIN: u32 = 0x004E_4942;

/// Writes a binary glTF file.
pub fn write_glb(mesh: &Mesh) -> Result<Vec<u8>, ExportError> {
    let (root, bin) = build(mesh, false)?;
    let mut json_bytes = json::serialize::to_vec(&root)?;
    // Chunks are 4-byte aligned: JSON pads with spaces, BIN with zeros.
    while json_bytes.len() % 4 != 0 {
        json_bytes.push(b' ');
    }
    let bin_chunk = if bin.is_empty() { 0 } else { 8 + bin.len() };
    let total = 12 + 8 + json_bytes.len() + bin_chunk;
    let too_large = || ExportError::TooLarge(format!("a GLB of {total} bytes"));
    let total32 = u32::try_from(total).map_err(|_| too_large())?;
    let mut out = Vec::with_capacity(total);
    out.extend_from_slice(GLB_MAGIC);
    out.extend_from_slice(&2u32.to_le_bytes());
    out.extend_from_slice(&total32.to_le_bytes());
    out.extend_from_slice(&u32::try_from(json_bytes.len()).map_err(|_| too_large())?.to_le_bytes());
    out.extend_from_slice(&CHUNK_JSON.to_le_bytes());
    out.extend_from_slice(&json_bytes);
    if !bin.is_empty() {
        out.extend_from_slice(&u32::try_from(bin.len()).map_err(|_| too_large())?.to_le_bytes());
        out.extend_from_slice(&CHUNK_BIN.to_le_bytes());
        out.extend_from_slice(&bin);
    }
    Ok(out)
}

/// Writes a glTF JSON file whose buffer is embedded as a base64 data URI.
pub fn write_gltf(mesh: &Mesh) -> Result<Vec<u8>, ExportError> {
    let (root, _) = build(mesh, true)?;
    let mut text = json::serialize::to_vec_pretty(&root)?;
    text.push(b'\n');
    Ok(text)
}

/// The buffer being laid out: every view starts 4-byte aligned.
struct Builder {
    root: json::Root,
    bin: Vec<u8>,
    buffer: json::Index<json::Buffer>,
}

impl Builder {
    fn view(
        &mut self,
        bytes: &[u8],
        target: Option<json::buffer::Target>,
    ) -> json::Index<json::buffer::View> {
        while self.bin.len() % 4 != 0 {
            self.bin.push(0);
        }
        let offset = self.bin.len();
        self.bin.extend_from_slice(bytes);
        self.root.push(json::buffer::View {
            buffer: self.buffer,
            byte_length: USize64::from(bytes.len()),
            byte_offset: Some(USize64::from(offset)),
            byte_stride: None,
            extensions: None,
            extras: None,
            name: None,
            target: target.map(Valid),
        })
    }

    fn accessor(
        &mut self,
        bytes: &[u8],
        count: usize,
        component: json::accessor::ComponentType,
        type_: json::accessor::Type,
        bounds: Option<(Value, Value)>,
        target: json::buffer::Target,
    ) -> json::Index<json::Accessor> {
        let view = self.view(bytes, Some(target));
        let (min, max) = bounds.unzip();
        self.root.push(json::Accessor {
            buffer_view: Some(view),
            byte_offset: None,
            count: USize64::from(count),
            component_type: Valid(json::accessor::GenericComponentType(component)),
            extensions: None,
            extras: None,
            type_: Valid(type_),
            min,
            max,
            name: None,
            normalized: false,
            sparse: None,
        })
    }

    fn floats<const N: usize>(&mut self, values: &[[f32; N]], bounds: bool) -> json::Index<json::Accessor> {
        let mut bytes = Vec::with_capacity(values.len() * N * 4);
        for v in values {
            for c in v {
                bytes.extend_from_slice(&c.to_le_bytes());
            }
        }
        let bounds = bounds.then(|| {
            let mut min = [f32::INFINITY; N];
            let mut max = [f32::NEG_INFINITY; N];
            for v in values {
                for i in 0..N {
                    min[i] = min[i].min(v[i]);
                    max[i] = max[i].max(v[i]);
                }
            }
            (Value::from(min.to_vec()), Value::from(max.to_vec()))
        });
        let type_ = match N {
            2 => json::accessor::Type::Vec2,
            3 => json::accessor::Type::Vec3,
            _ => json::accessor::Type::Vec4,
        };
        self.accessor(
            &bytes,
            values.len(),
            json::accessor::ComponentType::F32,
            type_,
            bounds,
            json::buffer::Target::ArrayBuffer,
        )
    }

    /// Indices as u16 when every vertex number fits below the u16 restart value, else u32.
    fn indices(&mut self, indices: &[u32], vertex_count: usize) -> json::Index<json::Accessor> {
        let (bytes, component) = if vertex_count <= usize::from(u16::MAX) {
            let bytes = indices
                .iter()
                .flat_map(|&i| u16::try_from(i).unwrap_or(u16::MAX).to_le_bytes())
                .collect::<Vec<u8>>();
            (bytes, json::accessor::ComponentType::U16)
        } else {
            let bytes = indices.iter().flat_map(|i| i.to_le_bytes()).collect::<Vec<u8>>();
            (bytes, json::accessor::ComponentType::U32)
        };
        self.accessor(
            &bytes,
            indices.len(),
            component,
            json::accessor::Type::Scalar,
            None,
            json::buffer::Target::ElementArrayBuffer,
        )
    }
}

fn raw(value: &Value) -> Result<Box<serde_json::value::RawValue>, ExportError> {
    Ok(serde_json::value::to_raw_value(value)?)
}

fn extras(value: &Option<Value>) -> Result<json::Extras, ExportError> {
    value.as_ref().map(raw).transpose()
}

fn png(image: &Image) -> Result<Vec<u8>, ExportError> {
    let fail = |e: png::EncodingError| ExportError::Png { name: image.name.clone(), message: e.to_string() };
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, image.width, image.height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(fail)?;
    writer.write_image_data(&image.rgba).map_err(fail)?;
    writer.finish().map_err(fail)?;
    Ok(out)
}

/// PNG bytes of an image (also used by the OBJ writer).
pub(crate) fn encode_png(image: &Image) -> Result<Vec<u8>, ExportError> {
    png(image)
}

/// Normals made unit length, or `None` when one cannot be (the validator rejects non-unit normals).
fn unit_normals(normals: &[[f32; 3]]) -> Option<Vec<[f32; 3]>> {
    normals
        .iter()
        .map(|n| {
            let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
            (len.is_finite() && len > 1e-12).then(|| [n[0] / len, n[1] / len, n[2] / len])
        })
        .collect()
}

fn build(mesh: &Mesh, embed: bool) -> Result<(json::Root, Vec<u8>), ExportError> {
    let mut root = json::Root::default();
    root.asset.generator = Some(format!("levelkit {}", env!("CARGO_PKG_VERSION")));
    let buffer = json::Index::new(0);
    let mut b = Builder { root, bin: Vec::new(), buffer };

    let sampler = (!mesh.images.is_empty()).then(|| {
        b.root.push(json::texture::Sampler {
            mag_filter: Some(Valid(json::texture::MagFilter::Nearest)),
            min_filter: Some(Valid(json::texture::MinFilter::Nearest)),
            name: None,
            wrap_s: Valid(json::texture::WrappingMode::Repeat),
            wrap_t: Valid(json::texture::WrappingMode::Repeat),
            extensions: None,
            extras: None,
        })
    });
    let mut textures = Vec::with_capacity(mesh.images.len());
    for image in &mesh.images {
        let bytes = png(image)?;
        let view = b.view(&bytes, None);
        let source = b.root.push(json::Image {
            buffer_view: Some(view),
            mime_type: Some(json::image::MimeType("image/png".into())),
            name: Some(image.name.clone()),
            uri: None,
            extensions: None,
            extras: None,
        });
        textures.push(b.root.push(json::Texture {
            name: Some(image.name.clone()),
            sampler,
            source,
            extensions: None,
            extras: None,
        }));
    }

    let mut materials = Vec::with_capacity(mesh.groups.len());
    for g in &mesh.groups {
        materials.push(b.root.push(material(g, &textures)?));
    }

    let mut nodes = Vec::with_capacity(mesh.objects.len());
    for o in &mesh.objects {
        let mesh_index = object_mesh(&mut b, o, &materials)?;
        nodes.push(b.root.push(json::Node {
            mesh: mesh_index,
            name: Some(o.name.clone()),
            extras: extras(&o.extras)?,
            ..Default::default()
        }));
    }
    let scene =
        b.root.push(json::Scene { extensions: None, extras: extras(&mesh.extras)?, name: None, nodes });
    b.root.scene = Some(scene);

    let Builder { mut root, mut bin, .. } = b;
    while bin.len() % 4 != 0 {
        bin.push(0);
    }
    if !bin.is_empty() {
        root.push(json::Buffer {
            byte_length: USize64::from(bin.len()),
            name: None,
            uri: embed.then(|| format!("data:application/octet-stream;base64,{}", base64_encode(&bin))),
            extensions: None,
            extras: None,
        });
    }
    Ok((root, bin))
}

fn material(g: &Group, textures: &[json::Index<json::Texture>]) -> Result<json::Material, ExportError> {
    let texture = g
        .texture
        .and_then(|t| usize::try_from(t).ok())
        .and_then(|t| textures.get(t))
        .map(|&index| json::texture::Info { index, tex_coord: 0, extensions: None, extras: None });
    let alpha_mode = if g.alpha_mask {
        json::material::AlphaMode::Mask
    } else if g.colour[3] < 1.0 {
        json::material::AlphaMode::Blend
    } else {
        json::material::AlphaMode::Opaque
    };
    Ok(json::Material {
        alpha_cutoff: g.alpha_mask.then_some(json::material::AlphaCutoff(0.5)),
        alpha_mode: Valid(alpha_mode),
        double_sided: g.double_sided,
        name: Some(g.name.clone()),
        pbr_metallic_roughness: json::material::PbrMetallicRoughness {
            base_color_factor: json::material::PbrBaseColorFactor(g.colour.map(|c| c.clamp(0.0, 1.0))),
            base_color_texture: texture,
            // Level geometry is not metal: the default factor 1 renders it black without an environment.
            metallic_factor: json::material::StrengthFactor(0.0),
            roughness_factor: json::material::StrengthFactor(1.0),
            metallic_roughness_texture: None,
            extensions: None,
            extras: None,
        },
        extras: extras(&g.extras)?,
        ..Default::default()
    })
}

fn object_mesh(
    b: &mut Builder,
    o: &Object,
    materials: &[json::Index<json::Material>],
) -> Result<Option<json::Index<json::Mesh>>, ExportError> {
    if o.faces.is_empty() && o.lines.is_empty() {
        return Ok(None);
    }
    let n = o.positions.len();
    let too_large = || ExportError::TooLarge(format!("object {:?} ({n} vertices)", o.name));
    if u32::try_from(n).ok().and_then(|n| n.checked_add(1)).is_none() {
        return Err(too_large());
    }
    let mut attributes = BTreeMap::new();
    let positions = b.floats(&o.positions, true);
    attributes.insert(Valid(json::mesh::Semantic::Positions), positions);
    if let Some(normals) = o.normals.as_deref().and_then(unit_normals) {
        attributes.insert(Valid(json::mesh::Semantic::Normals), b.floats(&normals, false));
    }
    if let Some(colours) = &o.colours {
        let clamped: Vec<[f32; 4]> = colours.iter().map(|c| c.map(|v| v.clamp(0.0, 1.0))).collect();
        attributes.insert(Valid(json::mesh::Semantic::Colors(0)), b.floats(&clamped, false));
    }
    if let Some(uvs) = &o.uvs {
        attributes.insert(Valid(json::mesh::Semantic::TexCoords(0)), b.floats(uvs, false));
    }
    for d in &o.data {
        let bytes: Vec<u8> = d.values.iter().flatten().flat_map(|v| v.to_le_bytes()).collect();
        let accessor = b.accessor(
            &bytes,
            d.values.len(),
            json::accessor::ComponentType::U16,
            json::accessor::Type::Vec4,
            None,
            json::buffer::Target::ArrayBuffer,
        );
        attributes.insert(Valid(json::mesh::Semantic::Extras(d.name.clone())), accessor);
    }

    // Triangles by (group, attribute, flags) in order of first use.
    let mut order: Vec<(u32, Option<u32>, u32)> = Vec::new();
    let mut batches: HashMap<(u32, Option<u32>, u32), Vec<u32>> = HashMap::new();
    for f in &o.faces {
        let key = (f.group, f.attribute, f.flags);
        let batch = batches.entry(key).or_insert_with(|| {
            order.push(key);
            Vec::new()
        });
        for t in f.corners.windows(2).skip(1) {
            batch.extend_from_slice(&[f.corners[0], t[0], t[1]]);
        }
    }
    let mut primitives = Vec::new();
    for key in order {
        let (group, attribute, flags) = key;
        let indices = batches.remove(&key).unwrap_or_default();
        let mut extra = serde_json::Map::new();
        if let Some(name) = usize::try_from(group).ok().and_then(|g| b.root.materials.get(g)?.name.clone()) {
            extra.insert("group".into(), Value::from(name));
        }
        // An explicit null keeps an importer from reading an attribute into the group's name.
        extra.insert("attribute".into(), attribute.map_or(Value::Null, Value::from));
        if let Some(a) = attribute {
            extra.insert("attribute_hex".into(), Value::from(crate::heroes::flags::hex(a)));
        }
        if flags != 0 {
            extra.insert("flags".into(), Value::from(flags));
        }
        primitives.push(json::mesh::Primitive {
            attributes: attributes.clone(),
            extensions: None,
            extras: Some(raw(&Value::Object(extra))?),
            indices: Some(b.indices(&indices, n)),
            material: usize::try_from(group).ok().and_then(|g| materials.get(g)).copied(),
            mode: Valid(json::mesh::Mode::Triangles),
            targets: None,
        });
    }
    let mut line_order: Vec<u32> = Vec::new();
    let mut line_batches: HashMap<u32, Vec<u32>> = HashMap::new();
    for l in &o.lines {
        line_batches
            .entry(l.group)
            .or_insert_with(|| {
                line_order.push(l.group);
                Vec::new()
            })
            .extend_from_slice(&l.ends);
    }
    for group in line_order {
        let indices = line_batches.remove(&group).unwrap_or_default();
        // Lines take only positions and colours: texture coordinates on lines mean nothing here.
        let mut line_attributes = attributes.clone();
        line_attributes.remove(&Valid(json::mesh::Semantic::TexCoords(0)));
        line_attributes.remove(&Valid(json::mesh::Semantic::Normals));
        line_attributes.retain(|k, _| !matches!(k, Valid(json::mesh::Semantic::Extras(_))));
        primitives.push(json::mesh::Primitive {
            attributes: line_attributes,
            extensions: None,
            extras: None,
            indices: Some(b.indices(&indices, n)),
            material: usize::try_from(group).ok().and_then(|g| materials.get(g)).copied(),
            mode: Valid(json::mesh::Mode::Lines),
            targets: None,
        });
    }
    Ok(Some(b.root.push(json::Mesh {
        extensions: None,
        extras: None,
        name: Some(o.name.clone()),
        primitives,
        weights: None,
    })))
}

// ---------------------------------------------------------------------------------------------------
// Import

fn gltf_err(path: impl Into<String>, problem: impl Into<String>) -> ImportError {
    ImportError::Gltf { path: path.into(), problem: problem.into() }
}

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
    let (json_bytes, bin) = if data.starts_with(GLB_MAGIC) { split_glb(data)? } else { (data, None) };
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

/// The JSON chunk and the optional BIN chunk of a GLB file.
fn split_glb(data: &[u8]) -> Result<(&[u8], Option<&[u8]>), ImportError> {
    let mut c = Cursor::<Le>::new(data);
    c.bytes(4, "magic")?;
    let version = c.u32("version")?;
    if version != 2 {
        return Err(
            crate::ParseError::invalid(4, "version", format!("version {version}; only 2 is read")).into()
        );
    }
    let length = c.u32("length")?;
    let length = usize::try_from(length).unwrap_or(usize::MAX);
    if length > data.len() {
        return Err(crate::ParseError::truncated(
            8,
            "length",
            u64::try_from(length).unwrap_or(u64::MAX),
            u64::try_from(data.len()).unwrap_or(u64::MAX),
        )
        .into());
    }
    let data = data.get(..length).unwrap_or(data);
    let mut c = Cursor::<Le>::at(data, 12, "first chunk")?;
    let json_len = c.u32("JSON chunk length")?;
    let json_type = c.u32("JSON chunk type")?;
    if json_type != CHUNK_JSON {
        return Err(crate::ParseError::invalid(
            16,
            "JSON chunk type",
            format!("0x{json_type:08X}, not JSON"),
        )
        .into());
    }
    let json = c.bytes(usize::try_from(json_len).unwrap_or(usize::MAX), "JSON chunk")?;
    let mut bin = None;
    if c.remaining() >= 8 {
        let bin_len = c.u32("BIN chunk length")?;
        let bin_type = c.u32("BIN chunk type")?;
        // Chunks of other types are extensions' business; only BIN is read.
        if bin_type == CHUNK_BIN {
            bin = Some(c.bytes(usize::try_from(bin_len).unwrap_or(usize::MAX), "BIN chunk")?);
        }
    }
    Ok((json, bin))
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
            Some(uri) if uri.starts_with("data:") => {
                let (_, payload) =
                    uri.split_once(";base64,").ok_or_else(|| gltf_err(&path, "data URI is not base64"))?;
                base64_decode(payload).ok_or_else(|| gltf_err(&path, "data URI has bad base64"))?.into()
            }
            Some(uri) => {
                let base = base_dir
                    .ok_or_else(|| gltf_err(&path, format!("refers to {uri:?} but no folder was given")))?;
                let rel = percent_decode(uri)
                    .ok_or_else(|| gltf_err(&path, format!("uri {uri:?} is malformed")))?;
                let rel = Path::new(&rel);
                if !rel.components().all(|c| matches!(c, Component::Normal(_))) {
                    return Err(gltf_err(&path, format!("uri {uri:?} leaves the file's folder")));
                }
                let full = base.join(rel);
                std::fs::read(&full).map_err(|source| ImportError::Io { path: full, source })?.into()
            }
        };
        let want = usize::try_from(buffer.byte_length.0).unwrap_or(usize::MAX);
        if data.len() < want {
            return Err(gltf_err(path, format!("byteLength {want} but only {} bytes", data.len())));
        }
        out.push(data);
    }
    Ok(out)
}

/// The bytes a uri names: a base64 data URI, or a plain relative path inside `base_dir`.
fn read_uri(uri: &str, base_dir: Option<&Path>, path: &str) -> Result<Vec<u8>, ImportError> {
    if uri.starts_with("data:") {
        let (_, payload) =
            uri.split_once(";base64,").ok_or_else(|| gltf_err(path, "data URI is not base64"))?;
        return base64_decode(payload).ok_or_else(|| gltf_err(path, "data URI has bad base64"));
    }
    let base =
        base_dir.ok_or_else(|| gltf_err(path, format!("refers to {uri:?} but no folder was given")))?;
    let rel = percent_decode(uri).ok_or_else(|| gltf_err(path, format!("uri {uri:?} is malformed")))?;
    let rel = Path::new(&rel);
    if !rel.components().all(|c| matches!(c, Component::Normal(_))) {
        return Err(gltf_err(path, format!("uri {uri:?} leaves the file's folder")));
    }
    let full = base.join(rel);
    std::fs::read(&full).map_err(|source| ImportError::Io { path: full, source })
}

/// The most pixels an imported texture may have (a PS1 page holds 256×256; this only bounds memory).
pub const MAX_IMAGE_PIXELS: u64 = 1 << 24;

/// Decodes a PNG into RGBA8 (grey, palette and 16-bit images converted), refusing images of more than
/// [`MAX_IMAGE_PIXELS`] before any pixel memory is taken.
pub(crate) fn decode_png(data: &[u8], name: &str) -> Result<Image, String> {
    let fail = |e: png::DecodingError| format!("not a PNG image levelkit reads: {e}");
    let mut decoder = png::Decoder::new(std::io::Cursor::new(data));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let header = decoder.read_header_info().map_err(fail)?;
    let (width, height) = (header.width, header.height);
    if u64::from(width) * u64::from(height) > MAX_IMAGE_PIXELS {
        return Err(format!("{width}×{height} pixels is more than the {MAX_IMAGE_PIXELS} levelkit reads"));
    }
    let mut reader = decoder.read_info().map_err(fail)?;
    let size = reader.output_buffer_size().ok_or_else(|| "the image is too large".to_string())?;
    let mut buf = vec![0; size];
    let info = reader.next_frame(&mut buf).map_err(fail)?;
    let step = info.color_type.samples();
    let mut rgba = Vec::with_capacity(size / step.max(1) * 4);
    for row in buf.chunks(info.line_size).take(usize::try_from(height).unwrap_or(0)) {
        for px in row.chunks_exact(step).take(usize::try_from(width).unwrap_or(0)) {
            rgba.extend_from_slice(&match px {
                [g] => [*g, *g, *g, 255],
                [g, a] => [*g, *g, *g, *a],
                [r, g, b] => [*r, *g, *b, 255],
                [r, g, b, a] => [*r, *g, *b, *a],
                _ => [0, 0, 0, 0],
            });
        }
    }
    Ok(Image { name: name.to_string(), width, height, rgba })
}

fn percent_decode(uri: &str) -> Option<String> {
    let bytes = uri.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(b);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

type Mat4 = [[f32; 4]; 4];

const IDENTITY: Mat4 =
    [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];

/// `a × b` for column-major matrices (`m[column][row]`).
fn mul(a: &Mat4, b: &Mat4) -> Mat4 {
    let mut out = [[0.0; 4]; 4];
    for (c, col) in out.iter_mut().enumerate() {
        for (r, v) in col.iter_mut().enumerate() {
            *v = (0..4).map(|k| a[k][r] * b[c][k]).sum();
        }
    }
    out
}

fn node_matrix(node: &json::Node) -> Mat4 {
    if let Some(m) = node.matrix {
        let mut out = [[0.0; 4]; 4];
        for (i, v) in m.iter().enumerate() {
            out[i / 4][i % 4] = *v;
        }
        return out;
    }
    let t = node.translation.unwrap_or([0.0; 3]);
    let [x, y, z, w] = node.rotation.map_or([0.0, 0.0, 0.0, 1.0], |q| q.0);
    let s = node.scale.unwrap_or([1.0; 3]);
    let r = [
        [1.0 - 2.0 * (y * y + z * z), 2.0 * (x * y + z * w), 2.0 * (x * z - y * w)],
        [2.0 * (x * y - z * w), 1.0 - 2.0 * (x * x + z * z), 2.0 * (y * z + x * w)],
        [2.0 * (x * z + y * w), 2.0 * (y * z - x * w), 1.0 - 2.0 * (x * x + y * y)],
    ];
    [
        [r[0][0] * s[0], r[0][1] * s[0], r[0][2] * s[0], 0.0],
        [r[1][0] * s[1], r[1][1] * s[1], r[1][2] * s[1], 0.0],
        [r[2][0] * s[2], r[2][1] * s[2], r[2][2] * s[2], 0.0],
        [t[0], t[1], t[2], 1.0],
    ]
}

fn transform_point(m: &Mat4, p: [f32; 3]) -> [f32; 3] {
    let mut out = [0.0; 3];
    for (r, v) in out.iter_mut().enumerate() {
        *v = m[0][r] * p[0] + m[1][r] * p[1] + m[2][r] * p[2] + m[3][r];
    }
    out
}

fn transform_normal(m: &Mat4, n: [f32; 3]) -> [f32; 3] {
    let mut out = [0.0; 3];
    for (r, v) in out.iter_mut().enumerate() {
        *v = m[0][r] * n[0] + m[1][r] * n[1] + m[2][r] * n[2];
    }
    let len = (out[0] * out[0] + out[1] * out[1] + out[2] * out[2]).sqrt();
    if len > 1e-20 && len.is_finite() {
        out.map(|c| c / len)
    } else {
        n
    }
}

fn determinant3(m: &Mat4) -> f32 {
    m[0][0] * (m[1][1] * m[2][2] - m[2][1] * m[1][2]) - m[1][0] * (m[0][1] * m[2][2] - m[2][1] * m[0][2])
        + m[2][0] * (m[0][1] * m[1][2] - m[1][1] * m[0][2])
}

struct Importer<'r, 'b> {
    root: &'r json::Root,
    buffers: Vec<std::borrow::Cow<'b, [u8]>>,
    mesh: Mesh,
    budget: usize,
    /// `Some(folder for external files)` when texture images are decoded ([`read_textured`]).
    images: Option<Option<std::path::PathBuf>>,
    /// glTF image index → mesh image index.
    decoded: Vec<(usize, u32)>,
}

impl Importer<'_, '_> {
    fn run(mut self) -> Result<Mesh, ImportError> {
        let root = self.root;
        let scene = root.scene.map(|s| s.value()).or((!root.scenes.is_empty()).then_some(0));
        let roots: Vec<usize> = match scene.and_then(|s| root.scenes.get(s)) {
            Some(scene) => {
                self.mesh.extras = scene.extras.as_ref().and_then(|r| serde_json::from_str(r.get()).ok());
                scene.nodes.iter().map(|n| n.value()).collect()
            }
            None => {
                // No scene: every node that is nobody's child is a root.
                let mut child = vec![false; root.nodes.len()];
                for n in &root.nodes {
                    for c in n.children.iter().flatten() {
                        if let Some(flag) = child.get_mut(c.value()) {
                            *flag = true;
                        }
                    }
                }
                (0..root.nodes.len()).filter(|&i| !child.get(i).copied().unwrap_or(true)).collect()
            }
        };
        let mut visited = vec![false; root.nodes.len()];
        let mut stack: Vec<(usize, Mat4, usize)> =
            roots.into_iter().rev().map(|n| (n, IDENTITY, 0)).collect();
        while let Some((index, parent, depth)) = stack.pop() {
            let path = format!("nodes[{index}]");
            let node = root.nodes.get(index).ok_or_else(|| gltf_err(&path, "does not exist"))?;
            if depth >= MAX_NODE_DEPTH {
                return Err(gltf_err(path, format!("nested deeper than {MAX_NODE_DEPTH} levels")));
            }
            // A node reached twice is a cycle or a shared child (both invalid glTF): read it once.
            match visited.get_mut(index) {
                Some(seen) if !*seen => *seen = true,
                _ => continue,
            }
            let world = mul(&parent, &node_matrix(node));
            if let Some(mesh) = node.mesh {
                self.node_mesh(index, node, mesh.value(), &world)?;
            }
            for child in node.children.iter().flatten().rev() {
                stack.push((child.value(), world, depth + 1));
            }
        }
        Ok(self.mesh)
    }

    fn spend(&mut self, n: usize, path: &str) -> Result<(), ImportError> {
        self.budget = self.budget.checked_sub(n).ok_or_else(|| {
            gltf_err(path, format!("more than {MAX_IMPORT_ELEMENTS} vertices and corners in all"))
        })?;
        Ok(())
    }

    fn node_mesh(
        &mut self,
        node_index: usize,
        node: &json::Node,
        mesh_index: usize,
        world: &Mat4,
    ) -> Result<(), ImportError> {
        let root = self.root;
        let mpath = format!("meshes[{mesh_index}]");
        let gmesh = root.meshes.get(mesh_index).ok_or_else(|| gltf_err(&mpath, "does not exist"))?;
        let name =
            node.name.clone().or_else(|| gmesh.name.clone()).unwrap_or_else(|| format!("node_{node_index}"));
        let mirror = determinant3(world) < 0.0;
        let mut object = Object {
            name: name.clone(),
            extras: node.extras.as_ref().and_then(|r| serde_json::from_str(r.get()).ok()),
            ..Object::default()
        };
        let mut has_normals = true;
        let mut normals: Vec<[f32; 3]> = Vec::new();
        for (pi, prim) in gmesh.primitives.iter().enumerate() {
            let ppath = format!("{mpath}.primitives[{pi}]");
            let attr = |s: json::mesh::Semantic| prim.attributes.get(&Valid(s)).map(|a| a.value());
            let Some(pos_acc) = attr(json::mesh::Semantic::Positions) else {
                continue; // Nothing to place without positions.
            };
            let positions = self.read_floats::<3>(pos_acc, &format!("{ppath}.attributes.POSITION"))?;
            let count = positions.len();
            self.spend(count, &ppath)?;
            let base = object.positions.len();
            object.positions.extend(positions.iter().map(|p| transform_point(world, *p)));

            let colours = match attr(json::mesh::Semantic::Colors(0)) {
                Some(a) => Some(self.read_colours(a, count, &format!("{ppath}.attributes.COLOR_0"))?),
                None => None,
            };
            fill(&mut object.colours, base, colours, count, [1.0; 4]);
            let uvs = match attr(json::mesh::Semantic::TexCoords(0)) {
                Some(a) => {
                    Some(self.read_same_count::<2>(a, count, &format!("{ppath}.attributes.TEXCOORD_0"))?)
                }
                None => None,
            };
            fill(&mut object.uvs, base, uvs, count, [0.0; 2]);
            for (semantic, accessor) in &prim.attributes {
                if let Valid(json::mesh::Semantic::Extras(name)) = semantic {
                    let path = format!("{ppath}.attributes._{name}");
                    // Every value held costs the import budget, a new attribute's padding of earlier vertices
                    // too: many attributes over one accessor must not multiply memory unchecked.
                    let known = object.data.iter().any(|d| &d.name == name);
                    self.spend(if known { count } else { base + count }, &path)?;
                    let values = self.read_data(accessor.value(), count, &path)?;
                    match object.data.iter_mut().find(|d| &d.name == name) {
                        Some(d) => d.values.extend(values),
                        None => {
                            let mut all = vec![NO_DATA; base];
                            all.extend(values);
                            object.data.push(VertexData { name: name.clone(), values: all });
                        }
                    }
                }
            }
            // A primitive without an attribute others have leaves its vertices without values.
            let total = object.positions.len();
            let padding = object.data.iter().map(|d| total.saturating_sub(d.values.len())).sum();
            self.spend(padding, &format!("{ppath}.attributes"))?;
            object.data.iter_mut().for_each(|d| d.values.resize(total, NO_DATA));
            match attr(json::mesh::Semantic::Normals) {
                Some(a) if has_normals => {
                    let n = self.read_same_count::<3>(a, count, &format!("{ppath}.attributes.NORMAL"))?;
                    normals.extend(n.iter().map(|n| transform_normal(world, *n)));
                }
                _ => has_normals = false,
            }

            let indices: Vec<u32> = match prim.indices {
                Some(a) => self.read_indices(a.value(), count, &format!("{ppath}.indices"))?,
                None => (0..index_u32(count)).collect(),
            };
            self.spend(indices.len(), &ppath)?;
            let offset = index_u32(base);
            let group_name = prim
                .material
                .and_then(|m| root.materials.get(m.value()))
                .and_then(|m| m.name.clone())
                .or_else(|| node.name.clone())
                .or_else(|| gmesh.name.clone())
                .unwrap_or_else(|| "default".into());
            let group = self.group(&group_name, prim.material.and_then(|m| root.materials.get(m.value())))?;
            let extra: Option<Value> = prim.extras.as_ref().and_then(|r| serde_json::from_str(r.get()).ok());
            let number = |key: &str| {
                extra
                    .as_ref()
                    .and_then(|e| e.get(key))
                    .and_then(Value::as_u64)
                    .and_then(|v| u32::try_from(v).ok())
            };
            let attribute = match extra.as_ref().and_then(|e| e.get("attribute")) {
                Some(Value::Null) => None,
                Some(_) => number("attribute"),
                None => attribute_from_name(&group_name),
            };
            let flags = number("flags").unwrap_or(0);
            let at = |i: u32| i + offset;
            let face = |a: u32, b: u32, c: u32| {
                let corners = if mirror { vec![at(a), at(c), at(b)] } else { vec![at(a), at(b), at(c)] };
                Face { corners, group, attribute, flags }
            };
            let mode = match prim.mode {
                Valid(m) => m,
                _ => json::mesh::Mode::Triangles,
            };
            use json::mesh::Mode;
            match mode {
                Mode::Triangles => {
                    object.faces.extend(indices.chunks_exact(3).map(|t| face(t[0], t[1], t[2])));
                }
                Mode::TriangleStrip => {
                    for (i, t) in indices.windows(3).enumerate() {
                        // Every other strip triangle is reversed to keep one winding.
                        object.faces.push(if i % 2 == 0 {
                            face(t[0], t[1], t[2])
                        } else {
                            face(t[1], t[0], t[2])
                        });
                    }
                }
                Mode::TriangleFan => {
                    if let Some((&first, rest)) = indices.split_first() {
                        object.faces.extend(rest.windows(2).map(|w| face(first, w[0], w[1])));
                    }
                }
                Mode::Lines => {
                    object
                        .lines
                        .extend(indices.chunks_exact(2).map(|l| Line { ends: [at(l[0]), at(l[1])], group }));
                }
                Mode::LineStrip | Mode::LineLoop => {
                    object
                        .lines
                        .extend(indices.windows(2).map(|l| Line { ends: [at(l[0]), at(l[1])], group }));
                    if mode == Mode::LineLoop && indices.len() > 2 {
                        if let (Some(&a), Some(&b)) = (indices.last(), indices.first()) {
                            object.lines.push(Line { ends: [at(a), at(b)], group });
                        }
                    }
                }
                Mode::Points => {}
            }
        }
        if has_normals && normals.len() == object.positions.len() && !normals.is_empty() {
            object.normals = Some(normals);
        }
        self.mesh.objects.push(object);
        Ok(())
    }

    fn group(&mut self, name: &str, material: Option<&json::Material>) -> Result<u32, ImportError> {
        if let Some(i) = self.mesh.groups.iter().position(|g| g.name == name) {
            return Ok(index_u32(i));
        }
        let mut g = Group::named(name);
        if let Some(m) = material {
            g.colour = m.pbr_metallic_roughness.base_color_factor.0;
            g.double_sided = m.double_sided;
            g.alpha_mask = m.alpha_mode == Valid(json::material::AlphaMode::Mask);
            g.extras = m.extras.as_ref().and_then(|r| serde_json::from_str(r.get()).ok());
            if let (Some(images), Some(info)) = (&self.images, &m.pbr_metallic_roughness.base_color_texture) {
                let texture = self.root.textures.get(info.index.value());
                let source = texture.map(|t| t.source.value());
                g.texture = match source {
                    Some(i) => Some(self.image(i, images.clone())?),
                    None => None,
                };
            }
        }
        self.mesh.groups.push(g);
        Ok(index_u32(self.mesh.groups.len() - 1))
    }

    /// The mesh image of glTF image `index`, decoded once (PNG only).
    fn image(&mut self, index: usize, base_dir: Option<std::path::PathBuf>) -> Result<u32, ImportError> {
        if let Some(&(_, i)) = self.decoded.iter().find(|(k, _)| *k == index) {
            return Ok(i);
        }
        let path = format!("images[{index}]");
        let image = self.root.images.get(index).ok_or_else(|| gltf_err(&path, "does not exist"))?;
        let bytes: Vec<u8> = match (&image.uri, image.buffer_view) {
            (_, Some(view)) => {
                let view = self
                    .root
                    .buffer_views
                    .get(view.value())
                    .ok_or_else(|| gltf_err(&path, "bufferView does not exist"))?;
                let buffer = self
                    .buffers
                    .get(view.buffer.value())
                    .ok_or_else(|| gltf_err(&path, "buffer does not exist"))?;
                let start = usize::try_from(view.byte_offset.map_or(0, |o| o.0)).unwrap_or(usize::MAX);
                let len = usize::try_from(view.byte_length.0).unwrap_or(usize::MAX);
                start
                    .checked_add(len)
                    .and_then(|end| buffer.get(start..end))
                    .ok_or_else(|| gltf_err(&path, "bufferView lies outside its buffer"))?
                    .to_vec()
            }
            (Some(uri), None) => read_uri(uri, base_dir.as_deref(), &path)?,
            (None, None) => return Err(gltf_err(&path, "has neither a uri nor a bufferView")),
        };
        let name = image.name.clone().unwrap_or_else(|| format!("image_{index}"));
        let decoded = decode_png(&bytes, &name).map_err(|e| gltf_err(&path, e))?;
        self.mesh.images.push(decoded);
        let i = index_u32(self.mesh.images.len() - 1);
        self.decoded.push((index, i));
        Ok(i)
    }

    /// A data attribute's values: whole numbers from 0 to 65,534 in any component type (an editor may
    /// turn them into floats); anything else, and components past the fourth, give the vertex [`NO_DATA`].
    fn read_data(&self, index: usize, count: usize, path: &str) -> Result<Vec<[u16; 4]>, ImportError> {
        use json::accessor::ComponentType as C;
        let (component, width, _) = self.accessor_kind(index, path)?;
        let size = component.size();
        let (data, stride, n) = self.elements(index, size * width, path)?;
        if n != count {
            return Err(gltf_err(path, format!("{n} values for {count} vertices")));
        }
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let el = data.get(i * stride..).ok_or_else(|| gltf_err(path, "element outside its view"))?;
            let mut v = [0u16; 4];
            let mut whole = width <= 4;
            for (k, slot) in v.iter_mut().enumerate().take(width) {
                let b = el
                    .get(k * size..(k + 1) * size)
                    .ok_or_else(|| gltf_err(path, "element outside its view"))?;
                let value: Option<u16> = match (component, b) {
                    (C::U8, &[a]) => Some(u16::from(a)),
                    (C::I8, &[a]) => u16::try_from(i8::from_le_bytes([a])).ok(),
                    (C::U16, &[a, b]) => Some(u16::from_le_bytes([a, b])),
                    (C::I16, &[a, b]) => u16::try_from(i16::from_le_bytes([a, b])).ok(),
                    (C::U32, &[a, b, c, d]) => u16::try_from(u32::from_le_bytes([a, b, c, d])).ok(),
                    (C::F32, &[a, b, c, d]) => {
                        let f = f32::from_le_bytes([a, b, c, d]);
                        // Whole and in range: the cast is exact.
                        (f.fract() == 0.0 && (0.0..65535.0).contains(&f)).then_some(f as u16)
                    }
                    _ => None,
                };
                match value.filter(|&v| v != u16::MAX) {
                    Some(x) => *slot = x,
                    None => whole = false,
                }
            }
            out.push(if whole { v } else { NO_DATA });
        }
        Ok(out)
    }

    /// The bytes of each element of an accessor: (data, stride, count), every range checked.
    fn elements(
        &self,
        index: usize,
        element_size: usize,
        path: &str,
    ) -> Result<(&[u8], usize, usize), ImportError> {
        let root = self.root;
        let acc = root
            .accessors
            .get(index)
            .ok_or_else(|| gltf_err(path, format!("accessor {index} does not exist")))?;
        let apath = format!("accessors[{index}]");
        if acc.sparse.is_some() {
            return Err(gltf_err(apath, "sparse accessors are not supported"));
        }
        let count = usize::try_from(acc.count.0).map_err(|_| gltf_err(&apath, "count too large"))?;
        let view_index = acc
            .buffer_view
            .ok_or_else(|| gltf_err(&apath, "has no bufferView (all zeros); not supported"))?;
        let view = root
            .buffer_views
            .get(view_index.value())
            .ok_or_else(|| gltf_err(&apath, "bufferView does not exist"))?;
        let buffer =
            self.buffers.get(view.buffer.value()).ok_or_else(|| gltf_err(&apath, "buffer does not exist"))?;
        let view_start = usize::try_from(view.byte_offset.map_or(0, |o| o.0)).unwrap_or(usize::MAX);
        let view_len = usize::try_from(view.byte_length.0).unwrap_or(usize::MAX);
        let view_bytes =
            view_start.checked_add(view_len).and_then(|end| buffer.get(view_start..end)).ok_or_else(
                || gltf_err(&apath, format!("bufferView {} lies outside its buffer", view_index.value())),
            )?;
        let stride = view.byte_stride.map_or(element_size, |s| s.0);
        if stride < element_size {
            return Err(gltf_err(
                apath,
                format!("stride {stride} is shorter than an element ({element_size} bytes)"),
            ));
        }
        let start = usize::try_from(acc.byte_offset.map_or(0, |o| o.0)).unwrap_or(usize::MAX);
        if count == 0 {
            return Ok((&[], stride, 0));
        }
        let end = (count - 1)
            .checked_mul(stride)
            .and_then(|n| n.checked_add(element_size))
            .and_then(|n| n.checked_add(start))
            .filter(|&end| end <= view_bytes.len())
            .ok_or_else(|| {
                gltf_err(&apath, format!("{count} elements do not fit in bufferView {}", view_index.value()))
            })?;
        let data = view_bytes.get(start..end).ok_or_else(|| gltf_err(&apath, "outside its bufferView"))?;
        Ok((data, stride, count))
    }

    fn accessor_kind(
        &self,
        index: usize,
        path: &str,
    ) -> Result<(json::accessor::ComponentType, usize, bool), ImportError> {
        let acc = self
            .root
            .accessors
            .get(index)
            .ok_or_else(|| gltf_err(path, format!("accessor {index} does not exist")))?;
        let component = match acc.component_type {
            Valid(c) => c.0,
            _ => return Err(gltf_err(path, "invalid component type")),
        };
        let width = match acc.type_ {
            Valid(t) => t.multiplicity(),
            _ => return Err(gltf_err(path, "invalid type")),
        };
        Ok((component, width, acc.normalized))
    }

    /// Float vectors of width `N` (f32, or normalised integers as glTF allows for colours and uvs).
    fn read_floats<const N: usize>(&self, index: usize, path: &str) -> Result<Vec<[f32; N]>, ImportError> {
        let (component, width, normalized) = self.accessor_kind(index, path)?;
        if width != N {
            return Err(gltf_err(path, format!("has {width} components, expected {N}")));
        }
        self.read_components::<N>(index, component, normalized, path)
    }

    fn read_components<const N: usize>(
        &self,
        index: usize,
        component: json::accessor::ComponentType,
        normalized: bool,
        path: &str,
    ) -> Result<Vec<[f32; N]>, ImportError> {
        use json::accessor::ComponentType as C;
        let size = component.size();
        let (data, stride, count) = self.elements(index, size * N, path)?;
        let mut out = Vec::with_capacity(count);
        for i in 0..count {
            let el = data.get(i * stride..).ok_or_else(|| gltf_err(path, "element outside its view"))?;
            let mut v = [0.0f32; N];
            for (k, slot) in v.iter_mut().enumerate() {
                let b = el
                    .get(k * size..(k + 1) * size)
                    .ok_or_else(|| gltf_err(path, "element outside its view"))?;
                *slot = match (component, b) {
                    (C::F32, &[a, b, c, d]) => {
                        let v = f32::from_le_bytes([a, b, c, d]);
                        if !v.is_finite() {
                            return Err(gltf_err(
                                path,
                                format!("element {i} has a value that is not finite"),
                            ));
                        }
                        v
                    }
                    (C::U8, &[a]) if normalized => f32::from(a) / 255.0,
                    (C::U16, &[a, b]) if normalized => f32::from(u16::from_le_bytes([a, b])) / 65535.0,
                    (C::I8, &[a]) if normalized => (f32::from(i8::from_le_bytes([a])) / 127.0).max(-1.0),
                    (C::I16, &[a, b]) if normalized => {
                        (f32::from(i16::from_le_bytes([a, b])) / 32767.0).max(-1.0)
                    }
                    _ => {
                        return Err(gltf_err(
                            path,
                            format!(
                                "component type {component:?} (normalized: {normalized}) is not read here"
                            ),
                        ))
                    }
                };
            }
            out.push(v);
        }
        Ok(out)
    }

    fn read_same_count<const N: usize>(
        &self,
        index: usize,
        count: usize,
        path: &str,
    ) -> Result<Vec<[f32; N]>, ImportError> {
        let v = self.read_floats::<N>(index, path)?;
        if v.len() != count {
            return Err(gltf_err(path, format!("{} values for {count} vertices", v.len())));
        }
        Ok(v)
    }

    fn read_colours(&self, index: usize, count: usize, path: &str) -> Result<Vec<[f32; 4]>, ImportError> {
        let (component, width, normalized) = self.accessor_kind(index, path)?;
        let v: Vec<[f32; 4]> = match width {
            3 => self
                .read_components::<3>(index, component, normalized, path)?
                .into_iter()
                .map(|[r, g, b]| [r, g, b, 1.0])
                .collect(),
            4 => self.read_components::<4>(index, component, normalized, path)?,
            _ => return Err(gltf_err(path, format!("has {width} components, expected 3 or 4"))),
        };
        if v.len() != count {
            return Err(gltf_err(path, format!("{} values for {count} vertices", v.len())));
        }
        Ok(v)
    }

    fn read_indices(&self, index: usize, vertex_count: usize, path: &str) -> Result<Vec<u32>, ImportError> {
        use json::accessor::ComponentType as C;
        let (component, width, _) = self.accessor_kind(index, path)?;
        if width != 1 {
            return Err(gltf_err(path, format!("has {width} components, expected 1")));
        }
        let size = component.size();
        let (data, stride, count) = self.elements(index, size, path)?;
        let mut out = Vec::with_capacity(count);
        for i in 0..count {
            let b = data
                .get(i * stride..i * stride + size)
                .ok_or_else(|| gltf_err(path, "element outside its view"))?;
            let v = match (component, b) {
                (C::U8, &[a]) => u32::from(a),
                (C::U16, &[a, b]) => u32::from(u16::from_le_bytes([a, b])),
                (C::U32, &[a, b, c, d]) => u32::from_le_bytes([a, b, c, d]),
                _ => {
                    return Err(gltf_err(path, format!("component type {component:?} is not an index type")))
                }
            };
            if usize::try_from(v).map_or(true, |v| v >= vertex_count) {
                return Err(gltf_err(
                    path,
                    format!("index {i} is {v}, but the primitive has {vertex_count} vertices"),
                ));
            }
            out.push(v);
        }
        Ok(out)
    }
}

/// Appends a primitive's optional per-vertex values, back-filling earlier vertices with `default` when
/// this is the first primitive to have them, and filling this one's when it lacks them.
fn fill<T: Copy>(slot: &mut Option<Vec<T>>, base: usize, values: Option<Vec<T>>, count: usize, default: T) {
    match (slot.as_mut(), values) {
        (Some(all), Some(v)) => all.extend(v),
        (Some(all), None) => all.extend(std::iter::repeat_n(default, count)),
        (None, Some(v)) => {
            let mut all = vec![default; base];
            all.extend(v);
            *slot = Some(all);
        }
        (None, None) => {}
    }
}
