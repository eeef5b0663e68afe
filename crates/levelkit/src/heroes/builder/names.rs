//! A neutral mesh as the builder's input, with what its names said ([`FromMesh`]): every group or material
//! name that says no surface ([`flags::attribute_from_name`]) is listed with the faces it covered and the
//! attribute they got (floor), so that no front end turns `Material.001` into floor without a word.

use super::unnamed::{NameUse, UnknownNames};
use super::{BuildError, BuildInput, BuildTriangle};
use crate::heroes::flags;
use crate::mesh::Mesh;

/// The attribute a face whose names say nothing gets: 0, floor.
pub const UNNAMED_ATTRIBUTE: u32 = 0;

/// A mesh as the builder's input ([`BuildInput::from_mesh_named`]), with the names that said nothing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FromMesh {
    /// The triangles, vertices, attributes and groups.
    pub input: BuildInput,
    /// Each group name that says no surface, in the mesh's group order.
    pub unknown_names: Vec<NameUse>,
}

impl FromMesh {
    /// The warning a front end prints for [`FromMesh::unknown_names`] (`None` when every name was
    /// understood): each name, its faces and what they became, and what a name may say. One line, without
    /// the `warning:` prefix.
    pub fn warning(&self) -> Option<String> {
        (!self.unknown_names.is_empty()).then(|| UnknownNames(self.unknown_names.clone()).to_string())
    }

    /// Strict naming: an error when a name said nothing ([`BuildError::UnknownNames`], the warning's text).
    pub fn strict(&self) -> Result<(), BuildError> {
        match self.warning() {
            Some(_) => Err(BuildError::UnknownNames(UnknownNames(self.unknown_names.clone()))),
            None => Ok(()),
        }
    }
}

impl BuildInput {
    /// [`BuildInput::from_mesh`], and the names that said nothing: the faces of a neutral mesh (OBJ,
    /// glTF, a converted Rugrats level), fan-triangulated with their winding kept (the mesh's
    /// counter-clockwise front is the `.cl` solid side: both take the normal as (v1−v0)×(v2−v0) in a
    /// right-handed, Y-up frame). Every object's vertices are kept, used or not (the builder counts them).
    /// A face's attribute is its own (the importer read it from a name or the glTF extras), else the one its
    /// group name carries, else `UNNAMED_ATTRIBUTE` (floor), listed in [`FromMesh::unknown_names`]; its group
    /// number is the mesh group's index. Lines are ignored.
    pub fn from_mesh_named(mesh: &Mesh) -> Result<FromMesh, BuildError> {
        mesh.check().map_err(BuildError::Mesh)?;
        let mut input = BuildInput::default();
        // Per mesh group: faces and triangles that got no attribute from any name.
        let mut unnamed: Vec<(usize, usize)> = vec![(0, 0); mesh.groups.len()];
        let mut no_group = (0usize, 0usize);
        for object in &mesh.objects {
            let base = u32::try_from(input.positions.len()).map_err(|_| BuildError::TooMany {
                what: "vertices",
                count: input.positions.len(),
                advice: "split the mesh into several files",
            })?;
            input.positions.extend_from_slice(&object.positions);
            for face in &object.faces {
                let index = usize::try_from(face.group).unwrap_or(usize::MAX);
                let group = mesh.groups.get(index);
                let attribute =
                    face.attribute.or_else(|| group.and_then(|g| flags::attribute_from_name(&g.name)));
                let before = input.triangles.len();
                let group_no = u16::try_from(face.group).unwrap_or(u16::MAX);
                for t in face.triangles() {
                    let [a, b, c] =
                        [t.corners[0], t.corners[1], t.corners[2]].map(|i| i.saturating_add(base));
                    input.triangles.push(BuildTriangle {
                        vertices: [a, b, c],
                        attribute: attribute.unwrap_or(UNNAMED_ATTRIBUTE),
                        group: group_no,
                    });
                }
                if attribute.is_none() {
                    let made = input.triangles.len() - before;
                    let slot = unnamed.get_mut(index).unwrap_or(&mut no_group);
                    slot.0 += 1;
                    slot.1 += made;
                }
            }
        }
        let mut unknown_names: Vec<NameUse> = mesh
            .groups
            .iter()
            .zip(&unnamed)
            .filter(|(_, &(faces, _))| faces > 0)
            .map(|(g, &(faces, triangles))| NameUse {
                name: g.name.clone(),
                faces,
                triangles,
                attribute: UNNAMED_ATTRIBUTE,
            })
            .collect();
        if no_group.0 > 0 {
            unknown_names.push(NameUse {
                name: String::new(),
                faces: no_group.0,
                triangles: no_group.1,
                attribute: UNNAMED_ATTRIBUTE,
            });
        }
        Ok(FromMesh { input, unknown_names })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::{Face, Group, Object};

    /// A Blender-style scene: a quad with `Material.001`, a triangle with `lava_surface`, a quad named wall.
    fn scene() -> Mesh {
        let positions =
            vec![[0.0, 0.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
        let face = |corners: Vec<u32>, group: u32| Face { corners, group, attribute: None, flags: 0 };
        Mesh {
            objects: vec![Object {
                name: "Cube".into(),
                positions,
                faces: vec![
                    face(vec![0, 1, 2, 3], 0),
                    face(vec![0, 1, 4], 1),
                    face(vec![0, 3, 4], 2),
                    face(vec![3, 2, 4], 1),
                ],
                ..Object::default()
            }],
            groups: vec![Group::named("Material.001"), Group::named("lava_surface"), Group::named("wall")],
            ..Mesh::default()
        }
    }

    #[test]
    fn names_that_say_nothing_are_listed_with_their_faces_and_what_they_became() {
        let got = BuildInput::from_mesh_named(&scene()).unwrap();
        assert_eq!(got.input.triangles.len(), 5);
        assert_eq!(
            got.unknown_names,
            vec![
                NameUse { name: "Material.001".into(), faces: 1, triangles: 2, attribute: 0 },
                NameUse { name: "lava_surface".into(), faces: 2, triangles: 2, attribute: 0 },
            ]
        );
        assert_eq!(got.input.triangles[3].attribute, 0x100);
        let w = got.warning().unwrap();
        assert!(
            w.starts_with(
                "2 group or material names say no surface: \"Material.001\" (1 face), \"lava_surface\" (2 faces) \
                 became floor (attribute 0x00000000). A name may be a surface name (floor,"
            ),
            "{w}"
        );
        assert!(w.contains("HeroesPowerPlant") && w.ends_with("or give every triangle one attribute"), "{w}");
        assert!(matches!(got.strict(), Err(BuildError::UnknownNames(t)) if t.to_string() == w));
        // Named well: nothing to say.
        let mut named = scene();
        named.groups[0].name = "floor".into();
        named.groups[1].name = "lava_0x10000".into();
        let got = BuildInput::from_mesh_named(&named).unwrap();
        assert!(got.unknown_names.is_empty() && got.warning().is_none() && got.strict().is_ok());
        assert_eq!(got.input.triangles[2].attribute, 0x0001_0000);
    }
}
