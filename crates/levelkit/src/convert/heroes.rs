//! The Sonic Heroes `.cl` adapters both ways: a [`Collision`] as a neutral [`Mesh`] (export), and a mesh
//! or a parsed level of either format as the builder's input ([`BuildInput::from_mesh`],
//! [`BuildInput::from_document`] and their `_named` forms, which list the names that said no surface;
//! import).
//!
//! - **Object** `collision`: every vertex as stored (the format is Y up, as the mesh model), every triangle
//!   as a face with its stored winding (the solid side is the one its normal (v1−v0)×(v2−v0) points to,
//!   which is the mesh model's front side). A triangle with a vertex index past the vertex array or a
//!   vertex that is not finite is left out (validation reports both), and such a vertex is written as
//!   (0, 0, 0); the scene extras count the triangles left out (`skipped_triangles`).
//! - **Groups**: one per surface attribute, in ascending attribute order, named
//!   [`group_name`] (`NAME_XXXXXXXX`, so an OBJ's groups read back by the community's editor keep the
//!   attribute) and coloured with [`colour`]. Each face carries its attribute ([`Face::attribute`], in
//!   glTF primitive extras), and its `groupIndexNo` as [`Face::flags`] (the `flags` of glTF primitive
//!   extras; the community's editor fills it with the source mesh's number).
//! - **Tree** (`options.tree`): an object `tree` holding each quadtree leaf's square as 4 lines in the group
//!   `tree`, at the height of the lowest vertex (the root centre's y when there are no vertices), so the
//!   grid lies under the geometry. Squares are the game's ([`Collision::grid`]): min corner
//!   rootMin + (nx, nz)·unit, side 2·half\[depth\]. A file whose maxDepth is above 15 has no grid and
//!   gets no tree (its extras say so).

use super::{ExportError, ExportOptions};
use crate::heroes::builder::{BuildError, BuildInput, FromMesh};
use crate::heroes::flags::{colour, group_name};
use crate::heroes::Collision;
use crate::mesh::{colour_from_srgb8, index_u32, Face, Group, Line, Mesh, Object};
use serde_json::json;
use std::collections::{BTreeMap, HashMap};

/// The mesh of a collision file (see the module docs). `options.tree` adds the leaves; `rooms` and
/// `vram` do not apply.
pub fn collision_mesh(collision: &Collision, options: &ExportOptions) -> Result<Mesh, ExportError> {
    let mut mesh = Mesh::default();
    let attributes: BTreeMap<u32, u32> = {
        let mut set: Vec<u32> = collision.triangles.iter().map(|t| t.attribute).collect();
        set.sort_unstable();
        set.dedup();
        set.into_iter().enumerate().map(|(i, a)| (a, index_u32(i))).collect()
    };
    for &a in attributes.keys() {
        let mut g = Group::named(group_name(a));
        g.colour = colour_from_srgb8(colour(a));
        g.extras = Some(json!({ "attribute": a }));
        mesh.groups.push(g);
    }
    // Hostile files may hold NaN or infinite coordinates, which no model format takes.
    let finite: Vec<bool> = collision.vertices.iter().map(|v| v.iter().all(|c| c.is_finite())).collect();
    let positions: Vec<[f32; 3]> =
        collision.vertices.iter().zip(&finite).map(|(&v, &ok)| if ok { v } else { [0.0; 3] }).collect();
    let mut faces = Vec::with_capacity(collision.triangles.len());
    let mut skipped = 0usize;
    for t in &collision.triangles {
        if !t.vertices.iter().all(|&v| finite.get(usize::from(v)).copied().unwrap_or(false)) {
            skipped += 1;
            continue;
        }
        faces.push(Face {
            corners: t.vertices.map(u32::from).to_vec(),
            group: attributes.get(&t.attribute).copied().unwrap_or(0),
            attribute: Some(t.attribute),
            flags: u32::from(t.group),
        });
    }
    mesh.objects.push(Object { name: "collision".into(), positions, faces, ..Object::default() });
    if options.tree {
        let tree = tree_object(collision, &mut mesh);
        mesh.objects.push(tree);
    }
    mesh.extras = Some(json!({
        "format": "heroes-cl",
        "triangles": collision.triangles.len(),
        "skipped_triangles": skipped,
        "face_flags": "the triangle's groupIndexNo",
    }));
    Ok(mesh)
}

/// The height the tree's squares are drawn at: the lowest vertex, or the root centre's y.
pub fn tree_height(collision: &Collision) -> f32 {
    let lowest = collision.vertices.iter().map(|v| v[1]).filter(|y| y.is_finite()).reduce(f32::min);
    lowest.unwrap_or(collision.header.root_center[1])
}

fn tree_object(collision: &Collision, mesh: &mut Mesh) -> Object {
    let group = mesh.group_index("tree");
    mesh.groups[group as usize].colour = colour_from_srgb8([200, 200, 200]);
    let y = tree_height(collision);
    let mut object = Object { name: "tree".into(), ..Object::default() };
    let Some(grid) = collision.grid() else {
        object.extras = Some(json!({ "note": "maxDepth is above 15: the game has no grid for it" }));
        return object;
    };
    let mut leaves = 0usize;
    let mut corners: HashMap<(u32, u32), u32> = HashMap::new();
    for node in collision.nodes.iter().filter(|n| n.is_leaf()) {
        let Some(sq) = grid.square(node.nx, node.nz, node.depth) else { continue };
        let [x0, z0] = sq.min;
        let [x1, z1] = sq.max();
        if ![x0, z0, x1, z1].iter().all(|c| c.is_finite()) {
            continue;
        }
        // Neighbouring leaves share corners: one vertex per distinct corner.
        let ring = [[x0, z0], [x1, z0], [x1, z1], [x0, z1]].map(|[x, z]| {
            *corners.entry((x.to_bits(), z.to_bits())).or_insert_with(|| {
                object.positions.push([x, y, z]);
                index_u32(object.positions.len() - 1)
            })
        });
        for k in 0..4 {
            object.lines.push(Line { ends: [ring[k], ring[(k + 1) % 4]], group });
        }
        leaves += 1;
    }
    object.extras = Some(json!({ "leaves": leaves, "height": y }));
    object
}

impl BuildInput {
    /// The geometry of a parsed level file of either format: a `.cl` file's own triangles, vertices,
    /// attributes and groups, or a Rugrats level's world geometry through the export adapter (Y up, the
    /// faces the game draws kept front-facing).
    pub fn from_document(doc: &crate::document::Document) -> Result<BuildInput, BuildError> {
        Ok(BuildInput::from_document_named(doc)?.input)
    }

    /// [`BuildInput::from_document`], with the names that said no surface (a Rugrats level's texture
    /// groups: [`FromMesh::unknown_names`]).
    pub fn from_document_named(doc: &crate::document::Document) -> Result<FromMesh, BuildError> {
        match doc {
            crate::document::Document::Heroes(c) => {
                Ok(FromMesh { input: BuildInput::from_collision(c), ..FromMesh::default() })
            }
            crate::document::Document::Reptar(_) => {
                let options = ExportOptions::new(super::ExportFormat::Glb);
                let mesh = super::document_mesh(doc, &options).map_err(|e| {
                    BuildError::Mesh(crate::mesh::MeshError::new(
                        "the level",
                        format!("its geometry cannot be read: {e}"),
                    ))
                })?;
                BuildInput::from_mesh_named(&mesh)
            }
        }
    }

    /// The faces of a neutral mesh (OBJ, glTF, a converted Rugrats level), as
    /// [`BuildInput::from_mesh_named`] makes them, without the list of names that said nothing (a face they
    /// name gets attribute 0, floor): callers that speak to a person use `from_mesh_named` and say it.
    pub fn from_mesh(mesh: &Mesh) -> Result<BuildInput, BuildError> {
        Ok(BuildInput::from_mesh_named(mesh)?.input)
    }
}
