//! A neutral mesh model both game formats convert to and from, and every exporter and importer reads.
//!
//! Conventions (the exporters write them as they are, the importers return them):
//! - **Axes**: right-handed, Y up, as glTF. The format adapters rotate their own axes into this frame.
//! - **Winding**: a face's corners form a ring; the front side sees them counter-clockwise (glTF's rule).
//!   Faces are rings, never strips: a 4-corner face is the polygon `c0 c1 c2 c3`. An adapter whose format
//!   stores quads in "Z" order (the PS1's 0,1,2 + 1,2,3) gives the ring (0,1,3,2), or (0,2,3,1) after an
//!   axis flip that reverses winding. Exporters triangulate rings as fans from the first corner, which is
//!   exact for convex polygons and keeps the winding.
//! - **Colours** are linear RGBA in 0..=1 (glTF `COLOR_0` and `baseColorFactor` are linear); use
//!   [`srgb_to_linear`] for colours a game stores in display (sRGB-like) values. OBJ files carry the same
//!   linear numbers.
//! - **Vertex attributes are per vertex**: a format with per-corner texture coordinates or colours gives
//!   each distinct corner its own vertex.
//! - **Groups** are the unit of naming and material: every face and line belongs to one [`Group`], which
//!   becomes an OBJ `g`/`usemtl` pair and a glTF material. Heroes collision groups are named
//!   `NAME_XXXXXXXX` ([`crate::heroes::flags::group_name`]) so the surface attribute survives any tool.

use crate::num::round_f32;
use serde_json::Value;
use std::fmt;

/// A scene: named objects sharing groups (materials) and images.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Mesh {
    /// The scene's parts, in export order.
    pub objects: Vec<Object>,
    /// The looks faces and lines refer to by index ([`Face::group`], [`Line::group`]).
    pub groups: Vec<Group>,
    /// The textures groups refer to by index ([`Group::texture`]).
    pub images: Vec<Image>,
    /// Free-form data for the whole scene (glTF scene extras).
    pub extras: Option<Value>,
}

/// A named part of a scene: a room, a portal, the collision, the tree's lines. Exported as one glTF node
/// and one OBJ `o`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Object {
    /// The node's name (`room_03`, `collision`).
    pub name: String,
    /// The vertices, Y up, in the format's own units.
    pub positions: Vec<[f32; 3]>,
    /// Per vertex, linear RGBA; when present, as long as `positions`.
    pub colours: Option<Vec<[f32; 4]>>,
    /// Per vertex, glTF orientation (v = 0 at the image's top row); when present, as long as `positions`.
    pub uvs: Option<Vec<[f32; 2]>>,
    /// Per vertex unit normals; when present, as long as `positions`.
    pub normals: Option<Vec<[f32; 3]>>,
    /// The polygons over `positions`.
    pub faces: Vec<Face>,
    /// The line segments over `positions`.
    pub lines: Vec<Line>,
    /// Free-form data (glTF node extras), e.g. a portal's destination room.
    pub extras: Option<Value>,
    /// Named per vertex numbers a format needs to come back exactly (glTF attributes `_NAME`).
    pub data: Vec<VertexData>,
}

/// A named per vertex attribute of four unsigned 16-bit numbers: a glTF application-specific attribute
/// `_NAME` (`UNSIGNED_SHORT`, `VEC4`). A vertex without a value holds [`NO_DATA`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VertexData {
    /// Without the leading underscore glTF adds.
    pub name: String,
    /// As long as the object's `positions`.
    pub values: Vec<[u16; 4]>,
}

/// The value of a vertex that has no data: an importer fills vertices whose primitive lacks the
/// attribute (or whose value is not a whole number from 0 to 65,534) with it.
pub const NO_DATA: [u16; 4] = [u16::MAX; 4];

impl Object {
    /// The values of the data attribute `name`, when the object has it.
    pub fn data(&self, name: &str) -> Option<&[[u16; 4]]> {
        self.data.iter().find(|d| d.name == name).map(|d| d.values.as_slice())
    }
}

/// A polygon: 3 or more corners, indices into its object's vertices, as a ring (see the module docs).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Face {
    /// Indices into the object's `positions`, in ring order (front face counter-clockwise).
    pub corners: Vec<u32>,
    /// Index into [`Mesh::groups`].
    pub group: u32,
    /// The surface attribute (Sonic Heroes collision), when the face has one.
    pub attribute: Option<u32>,
    /// The format's own face flags (Rugrats face flags), 0 when none.
    pub flags: u32,
}

/// A line segment between two vertices of its object (quadtree leaves, portal outlines).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// Indices into the object's `positions`.
    pub ends: [u32; 2],
    /// Index into [`Mesh::groups`].
    pub group: u32,
}

/// A named set of faces and lines sharing a look: an OBJ group with its material, a glTF material.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// The material name (a Heroes group name carries the surface attribute, `NAME_XXXXXXXX`).
    pub name: String,
    /// Linear RGBA, multiplied with the texture and vertex colours.
    pub colour: [f32; 4],
    /// Index into [`Mesh::images`].
    pub texture: Option<u32>,
    /// Both sides are drawn (glTF `doubleSided`).
    pub double_sided: bool,
    /// Texels with alpha below one half are cut out (glTF alpha mode `MASK`).
    pub alpha_mask: bool,
    /// Free-form data (glTF material extras), e.g. a texture record.
    pub extras: Option<Value>,
}

impl Group {
    /// A plain opaque white group.
    pub fn named(name: impl Into<String>) -> Group {
        Group {
            name: name.into(),
            colour: [1.0; 4],
            texture: None,
            double_sided: false,
            alpha_mask: false,
            extras: None,
        }
    }
}

/// An RGBA8 image, exported as an embedded PNG.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    /// The image's name (the PNG file's stem on OBJ export).
    pub name: String,
    /// Pixels across.
    pub width: u32,
    /// Pixels down.
    pub height: u32,
    /// Row-major, top row first, 4 bytes per pixel (sRGB, straight alpha, as PNG).
    pub rgba: Vec<u8>,
}

/// A mesh that breaks its own invariants; the path names the element.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{path}: {problem}")]
#[non_exhaustive]
pub struct MeshError {
    /// `objects[2].faces[7].corners[1]`
    pub path: String,
    /// What is wrong there.
    pub problem: String,
}

impl MeshError {
    pub(crate) fn new(path: impl Into<String>, problem: impl Into<String>) -> MeshError {
        MeshError { path: path.into(), problem: problem.into() }
    }
}

impl Mesh {
    /// Checks every index and length the exporters rely on; returns the first problem.
    pub fn check(&self) -> Result<(), MeshError> {
        let groups = self.groups.len();
        for (gi, g) in self.groups.iter().enumerate() {
            if let Some(t) = g.texture {
                if usize::try_from(t).map_or(true, |t| t >= self.images.len()) {
                    return Err(MeshError::new(
                        format!("groups[{gi}].texture"),
                        format!("image {t} does not exist ({} images)", self.images.len()),
                    ));
                }
            }
            if g.colour.iter().any(|c| !c.is_finite()) {
                return Err(MeshError::new(format!("groups[{gi}].colour"), "not finite"));
            }
        }
        for (ii, im) in self.images.iter().enumerate() {
            let want = u64::from(im.width) * u64::from(im.height) * 4;
            if im.width == 0 || im.height == 0 || u64::try_from(im.rgba.len()).ok() != Some(want) {
                return Err(MeshError::new(
                    format!("images[{ii}]"),
                    format!("{}×{} needs {want} bytes of RGBA, has {}", im.width, im.height, im.rgba.len()),
                ));
            }
        }
        for (oi, o) in self.objects.iter().enumerate() {
            let n = o.positions.len();
            if u32::try_from(n).is_err() {
                return Err(MeshError::new(format!("objects[{oi}].positions"), "more than 2^32 vertices"));
            }
            for d in &o.data {
                if d.values.len() != n || d.name.is_empty() {
                    return Err(MeshError::new(
                        format!("objects[{oi}].data.{}", d.name),
                        format!("{} values for {n} vertices (and a name is needed)", d.values.len()),
                    ));
                }
            }
            let lens = [
                ("colours", o.colours.as_ref().map(Vec::len)),
                ("uvs", o.uvs.as_ref().map(Vec::len)),
                ("normals", o.normals.as_ref().map(Vec::len)),
            ];
            for (what, len) in lens {
                if let Some(len) = len {
                    if len != n {
                        return Err(MeshError::new(
                            format!("objects[{oi}].{what}"),
                            format!("{len} values for {n} vertices"),
                        ));
                    }
                }
            }
            if let Some(vi) = o.positions.iter().position(|p| p.iter().any(|c| !c.is_finite())) {
                return Err(MeshError::new(format!("objects[{oi}].positions[{vi}]"), "not finite"));
            }
            let finite = [
                ("colours", o.colours.as_deref().and_then(|v| v.iter().position(|c| !all_finite(c)))),
                ("uvs", o.uvs.as_deref().and_then(|v| v.iter().position(|c| !all_finite(c)))),
                ("normals", o.normals.as_deref().and_then(|v| v.iter().position(|c| !all_finite(c)))),
            ];
            for (what, bad) in finite {
                if let Some(vi) = bad {
                    return Err(MeshError::new(format!("objects[{oi}].{what}[{vi}]"), "not finite"));
                }
            }
            let vertex = |i: u32| usize::try_from(i).is_ok_and(|i| i < n);
            let group = |g: u32| usize::try_from(g).is_ok_and(|g| g < groups);
            for (fi, f) in o.faces.iter().enumerate() {
                if f.corners.len() < 3 {
                    return Err(MeshError::new(
                        format!("objects[{oi}].faces[{fi}]"),
                        format!("{} corners; a face needs at least 3", f.corners.len()),
                    ));
                }
                if let Some((ci, c)) = f.corners.iter().enumerate().find(|(_, c)| !vertex(**c)) {
                    return Err(MeshError::new(
                        format!("objects[{oi}].faces[{fi}].corners[{ci}]"),
                        format!("vertex {c} does not exist ({n} vertices)"),
                    ));
                }
                if !group(f.group) {
                    return Err(MeshError::new(
                        format!("objects[{oi}].faces[{fi}].group"),
                        format!("group {} does not exist ({groups} groups)", f.group),
                    ));
                }
                let textured = usize::try_from(f.group)
                    .ok()
                    .and_then(|g| self.groups.get(g))
                    .is_some_and(|g| g.texture.is_some());
                if textured && o.uvs.is_none() {
                    return Err(MeshError::new(
                        format!("objects[{oi}].faces[{fi}]"),
                        format!("group {} has a texture but the object has no texture coordinates", f.group),
                    ));
                }
            }
            for (li, l) in o.lines.iter().enumerate() {
                if !l.ends.iter().all(|e| vertex(*e)) {
                    return Err(MeshError::new(
                        format!("objects[{oi}].lines[{li}]"),
                        format!("ends {:?}: a vertex does not exist ({n} vertices)", l.ends),
                    ));
                }
                if !group(l.group) {
                    return Err(MeshError::new(
                        format!("objects[{oi}].lines[{li}].group"),
                        format!("group {} does not exist ({groups} groups)", l.group),
                    ));
                }
            }
        }
        Ok(())
    }

    /// The index of the group named `name`, adding a plain one if there is none.
    pub fn group_index(&mut self, name: &str) -> u32 {
        match self.groups.iter().position(|g| g.name == name) {
            Some(i) => index_u32(i),
            None => {
                self.groups.push(Group::named(name));
                index_u32(self.groups.len() - 1)
            }
        }
    }

    /// Every face split into triangles (fans from the first corner), for consumers that only take
    /// triangles, such as the collision builder.
    pub fn triangulated(&self) -> Mesh {
        let mut out = self.clone();
        for o in &mut out.objects {
            o.faces = o.faces.iter().flat_map(Face::triangles).collect();
        }
        out
    }

    /// How many faces, triangles and lines the scene has.
    pub fn counts(&self) -> (usize, usize, usize) {
        self.objects.iter().fold((0, 0, 0), |(f, t, l), o| {
            (
                f + o.faces.len(),
                t + o.faces.iter().map(|f| f.corners.len().saturating_sub(2)).sum::<usize>(),
                l + o.lines.len(),
            )
        })
    }
}

impl Face {
    /// The fan triangles of this face, each a face with the same group, attribute and flags.
    pub fn triangles(&self) -> impl Iterator<Item = Face> + '_ {
        let first = self.corners.first().copied().unwrap_or(0);
        self.corners.windows(2).skip(1).map(move |w| Face {
            corners: vec![first, w[0], w[1]],
            group: self.group,
            attribute: self.attribute,
            flags: self.flags,
        })
    }
}

fn all_finite(v: &[f32]) -> bool {
    v.iter().all(|c| c.is_finite())
}

/// A count or position that fits the u32 indices the mesh model uses (callers have checked it).
pub(crate) fn index_u32(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

/// One sRGB channel (0..=1) to linear light.
pub fn srgb_to_linear(c: f32) -> f32 {
    if c <= 0.040_45 {
        c / 12.92
    } else {
        portable_pow((c + 0.055) / 1.055, 2.4)
    }
}

/// One linear channel (0..=1) to sRGB.
pub fn linear_to_srgb(c: f32) -> f32 {
    if c <= 0.003_130_8 {
        c * 12.92
    } else {
        1.055 * portable_pow(c, 1.0 / 2.4) - 0.055
    }
}

/// `x^y`, computed in `f64` and rounded to `f32`, with `libm` (clippy.toml, `disallowed-methods`).
fn portable_pow(x: f32, y: f64) -> f32 {
    round_f32(libm::pow(f64::from(x), y))
}

/// An opaque linear RGBA colour from 8-bit sRGB, e.g. [`crate::heroes::flags::colour`] for a group.
pub fn colour_from_srgb8(rgb: [u8; 3]) -> [f32; 4] {
    let [r, g, b] = rgb.map(|c| srgb_to_linear(f32::from(c) / 255.0));
    [r, g, b, 1.0]
}

impl fmt::Display for Mesh {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (faces, tris, lines) = self.counts();
        write!(
            f,
            "{} objects, {faces} faces ({tris} triangles), {lines} lines, {} groups, {} images",
            self.objects.len(),
            self.groups.len(),
            self.images.len()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quad() -> Mesh {
        Mesh {
            objects: vec![Object {
                name: "room_00".into(),
                positions: vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 0.0, -1.0], [0.0, 0.0, -1.0]],
                faces: vec![Face { corners: vec![0, 1, 2, 3], group: 0, attribute: Some(0x100), flags: 2 }],
                ..Object::default()
            }],
            groups: vec![Group::named("wall_00000100")],
            ..Mesh::default()
        }
    }

    #[test]
    fn fans_keep_winding_and_face_data() {
        let t = quad().triangulated();
        let faces = &t.objects[0].faces;
        assert_eq!(faces.len(), 2);
        assert_eq!(faces[0].corners, [0, 1, 2]);
        assert_eq!(faces[1].corners, [0, 2, 3]);
        assert!(faces.iter().all(|f| f.attribute == Some(0x100) && f.flags == 2 && f.group == 0));
        assert_eq!(quad().counts(), (1, 2, 0));
    }

    #[test]
    fn check_names_the_broken_element() {
        assert_eq!(quad().check(), Ok(()));
        let mut m = quad();
        m.objects[0].faces[0].corners[2] = 9;
        assert_eq!(m.check().unwrap_err().path, "objects[0].faces[0].corners[2]");
        let mut m = quad();
        m.objects[0].faces[0].corners.truncate(2);
        assert_eq!(m.check().unwrap_err().path, "objects[0].faces[0]");
        let mut m = quad();
        m.objects[0].faces[0].group = 1;
        assert_eq!(m.check().unwrap_err().path, "objects[0].faces[0].group");
        let mut m = quad();
        m.objects[0].colours = Some(vec![[1.0; 4]; 3]);
        assert_eq!(m.check().unwrap_err().path, "objects[0].colours");
        let mut m = quad();
        m.objects[0].lines.push(Line { ends: [0, 4], group: 0 });
        assert_eq!(m.check().unwrap_err().path, "objects[0].lines[0]");
        let mut m = quad();
        m.groups[0].texture = Some(0);
        assert_eq!(m.check().unwrap_err().path, "groups[0].texture");
        let mut m = quad();
        m.images.push(Image { name: "t".into(), width: 2, height: 2, rgba: vec![0; 15] });
        assert_eq!(m.check().unwrap_err().path, "images[0]");
        let mut m = quad();
        m.objects[0].positions[1][0] = f32::NAN;
        assert_eq!(m.check().unwrap_err().path, "objects[0].positions[1]");
    }

    #[test]
    fn srgb_conversions_are_inverse() {
        for i in 0..=255u8 {
            let c = f32::from(i) / 255.0;
            assert!((linear_to_srgb(srgb_to_linear(c)) - c).abs() < 1e-5, "{i}");
        }
        assert_eq!(srgb_to_linear(0.0), 0.0);
        assert!((srgb_to_linear(1.0) - 1.0).abs() < 1e-6);
        assert_eq!(colour_from_srgb8([0, 0, 0]), [0.0, 0.0, 0.0, 1.0]);
        let grey = colour_from_srgb8([188, 188, 188]);
        assert!((grey[0] - 0.5029).abs() < 1e-3, "{grey:?}");
    }

    #[test]
    fn group_index_reuses_names() {
        let mut m = quad();
        assert_eq!(m.group_index("wall_00000100"), 0);
        assert_eq!(m.group_index("floor"), 1);
        assert_eq!(m.group_index("floor"), 1);
    }
}
