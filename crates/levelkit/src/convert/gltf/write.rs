//! glTF export: a [`Mesh`] as one glTF JSON document and one binary buffer (see the module docs for
//! the layout).

use super::glb;
use crate::convert::{base64_encode, encode_png, ExportError};
use crate::mesh::{Group, Mesh, Object};
use crate::vecmath;
use gltf_json as json;
use json::validation::{Checked::Valid, USize64};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};

/// Writes a binary glTF file.
pub fn write_glb(mesh: &Mesh) -> Result<Vec<u8>, ExportError> {
    let (root, bin) = build(mesh, false)?;
    glb::join(json::serialize::to_vec(&root)?, &bin)
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

/// Normals made unit length, or `None` when one cannot be (the validator rejects non-unit normals).
fn unit_normals(normals: &[[f32; 3]]) -> Option<Vec<[f32; 3]>> {
    normals.iter().map(|&n| vecmath::normalise(n, 1e-12)).collect()
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
        let bytes = encode_png(image)?;
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
