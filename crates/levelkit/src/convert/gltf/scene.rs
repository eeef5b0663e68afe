//! glTF import, the scene walk: every node reachable from the default scene (transforms applied, depth
//! limited, each node read once) becomes an [`Object`]; its primitives become faces and lines, their
//! materials groups, their base-colour textures images.
#![deny(clippy::indexing_slicing)]

use super::transform::{determinant3, mul, node_matrix, transform_normal, transform_point, Mat4, IDENTITY};
use super::uri::read_uri;
use super::{gltf_err, MAX_IMAGE_PIXELS, MAX_IMPORT_ELEMENTS, MAX_NODE_DEPTH};
use crate::bytes::arrays;
use crate::convert::ImportError;
use crate::heroes::flags::attribute_from_name;
use crate::mesh::{index_u32, Face, Group, Image, Line, Mesh, Object, VertexData, NO_DATA};
use gltf_json as json;
use json::validation::Checked::Valid;
use serde_json::Value;

pub(super) struct Importer<'r, 'b> {
    pub(super) root: &'r json::Root,
    pub(super) buffers: Vec<std::borrow::Cow<'b, [u8]>>,
    pub(super) mesh: Mesh,
    pub(super) budget: usize,
    /// `Some(folder for external files)` when texture images are decoded ([`read_textured`]).
    pub(super) images: Option<Option<std::path::PathBuf>>,
    /// glTF image index → mesh image index.
    pub(super) decoded: Vec<(usize, u32)>,
}

impl Importer<'_, '_> {
    pub(super) fn run(mut self) -> Result<Mesh, ImportError> {
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
            let leaf = node.children.as_ref().is_none_or(Vec::is_empty);
            match node.mesh {
                Some(mesh) => self.node_mesh(index, node, mesh.value(), &world)?,
                // A leaf without a mesh is an object without geometry (a room with no faces); a node that
                // only groups others is not.
                None if leaf => self.mesh.objects.push(Object {
                    name: node.name.clone().unwrap_or_else(|| format!("node_{index}")),
                    extras: node.extras.as_ref().and_then(|r| serde_json::from_str(r.get()).ok()),
                    ..Object::default()
                }),
                None => {}
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
            // The first name that carries an attribute: the material's, the node's, the mesh's.
            let material_name =
                prim.material.and_then(|m| root.materials.get(m.value())).and_then(|m| m.name.as_deref());
            let attribute = match extra.as_ref().and_then(|e| e.get("attribute")) {
                Some(Value::Null) => None,
                Some(_) => number("attribute"),
                None => [material_name, node.name.as_deref(), gmesh.name.as_deref()]
                    .into_iter()
                    .flatten()
                    .find_map(attribute_from_name),
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
                    object.faces.extend(arrays(indices.chunks_exact(3)).map(|[a, b, c]| face(a, b, c)));
                }
                Mode::TriangleStrip => {
                    for (i, [a, b, c]) in arrays(indices.windows(3)).enumerate() {
                        // Every other strip triangle is reversed to keep one winding.
                        object.faces.push(if i % 2 == 0 { face(a, b, c) } else { face(b, a, c) });
                    }
                }
                Mode::TriangleFan => {
                    if let Some((&first, rest)) = indices.split_first() {
                        object.faces.extend(arrays(rest.windows(2)).map(|[b, c]| face(first, b, c)));
                    }
                }
                Mode::Lines => {
                    object.lines.extend(
                        arrays(indices.chunks_exact(2)).map(|[a, b]| Line { ends: [at(a), at(b)], group }),
                    );
                }
                Mode::LineStrip | Mode::LineLoop => {
                    object.lines.extend(
                        arrays(indices.windows(2)).map(|[a, b]| Line { ends: [at(a), at(b)], group }),
                    );
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
        let decoded = crate::png::decode_rgba(&bytes, MAX_IMAGE_PIXELS).map_err(|e| gltf_err(&path, e))?;
        let decoded = Image { name, width: decoded.width, height: decoded.height, rgba: decoded.pixels };
        self.mesh.images.push(decoded);
        let i = index_u32(self.mesh.images.len() - 1);
        self.decoded.push((index, i));
        Ok(i)
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
