//! The Rugrats `LEVELnn.BIN` export adapter: a [`Level`] as a neutral [`Mesh`].
//!
//! - **Objects**: one per room, `room_NN` (NN the room index, zero-padded to 2), holding its faces (a room
//!   without faces is an object without geometry: a glTF node without a mesh, an OBJ `o` line); one per
//!   portal, `portal_NN` (NN the portal index), holding its outline as 4 lines in the group `portals`.
//!   Room extras: `room`, `centre`, `min`, `max` (game coordinates). Portal extras: `portal`, `room` (the
//!   room that takes it), `destination_room`, `destination_exists`, `corner_flags`, `tail` (hex).
//! - **Axes**: the game's Y-down frame is turned into the mesh's Y-up one by the rotation
//!   (x, y, z) → (x, −y, −z) (a rotation, so handedness is kept), in the file's units.
//! - **Winding**: the game draws a face when it runs clockwise on screen; after the rotation that is
//!   clockwise from the viewer, so rings are reversed: a triangle is (0, 2, 1), a quad (stored in Z order)
//!   the ring (0, 2, 3, 1). The mesh's front side is then the side the game draws.
//! - **Vertices**: one per face corner (texture coordinates belong to the face's texture entry, not to
//!   the blob vertex).
//! - **Colours** (`COLOR_0`): the game multiplies a texel by `colour / 128` per channel in display values
//!   (0x80 leaves the texel as it is). The vertex colour (plus its flash byte, as the renderer adds it) is
//!   exported as that factor, `min(c / 128, 1)`, taken from display values to linear with the sRGB curve,
//!   so a viewer multiplying it with the sRGB-decoded texture shows what the console shows. Without a
//!   texture a factor of 1 (0x80) is white. Brightening above 0x80 does not survive (glTF colours stop
//!   at 1).
//! - **Texture coordinates** (`TEXCOORD_0`): the corner's (u, v) in its 256×256 texture page, at the
//!   texel's centre: `((u + 0.5) / 256, (v + 0.5) / 256)`, v = 0 the page's top row (the image's first).
//!   Faces whose texture index is past the table get (0, 0).
//! - **Groups**: one per (tpage, CLUT, double-sided): `page_TTTT_clut_CCCC` (hex), `page_TTTT` for
//!   15-bit pages (no CLUT), with `_double` when the faces have flag 0x200 (glTF `doubleSided`), and
//!   `no_texture` for faces whose texture index is past the table. Group extras hold `tpage`, `clut`,
//!   `depth`, `blend` and the `texture_entries` that use it. With a VRAM dump each page + CLUT is decoded
//!   ([`Vram::decode_page`](crate::psx::vram::Vram::decode_page)) into one 256×256 image shared by its
//!   groups; transparent texels (0x0000) have alpha 0 and such groups are alpha-masked. Without one the
//!   groups are untextured and the vertex colours are the look.
//! - **Face data**: a face's [`Face::flags`] holds `texture_index << 16 | flags` (the stored u16 flags,
//!   0x200 double-sided, and the stored u16 texture index), so glTF primitives (split by flags) carry
//!   both in their extras and a glTF round trip keeps them.
//! - **The way back** (`levelkit build-level`): three per vertex attributes ([`VertexData`], glTF
//!   `_REPTAR_COLOUR`, `_REPTAR_VERTEX`, `_REPTAR_FACE`) hold what the mesh cannot say exactly: the raw
//!   colour and flash bytes, the blob, vertex index, pad and Z-order corner of each corner, and the face's
//!   index in its blob, texture index, flags, corner count and triangle fill byte. The scene extras hold
//!   the texture table (`texture_table`, 12-byte entries as hex). See docs/guide/building-levels.md.
//!
//! [`read_scene`] is the way in: a scene file's bytes as what the builder takes ([`SceneInput`]).

use super::{ExportError, ExportOptions};
use crate::mesh::{
    colour_from_srgb8, index_u32, Face, Group, Image, Line, Mesh, Object, VertexData, NO_DATA,
};
use crate::psx::vram::{Clut, TextureDepth, Tpage};
use crate::reptar::builder::{BuildError, SceneInput};
use crate::reptar::{Blob, FaceSection, Level, Selection, WorldFace};
use serde_json::{json, Value};

// The words the export shares with the builder are the level format's ([`crate::reptar::extras`]); they
// stay reachable here, where they were first published.
pub use crate::reptar::extras::{colour_factor, texture_hex, DATA_COLOUR, DATA_FACE, DATA_VERTEX};
use std::collections::BTreeMap;
use std::path::Path;

/// The rotation from the game's frame (Y down) to the mesh's (Y up): (x, y, z) → (x, −y, −z).
pub fn to_y_up(p: [i32; 3]) -> [f32; 3] {
    // i32 → f32 rounds beyond 2^24; room coordinates are s32 centre + s16 offset.
    [p[0] as f32, -(p[1] as f32), -(p[2] as f32)]
}

/// A texture coordinate in a 256-texel page, at the texel's centre.
pub fn texel_coordinate(t: u8) -> f32 {
    (f32::from(t) + 0.5) / 256.0
}

/// What decides a face's group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct GroupKey {
    /// `(tpage, clut)`; the CLUT is 0 for 15-bit pages. `None`: no texture entry.
    page: Option<(u16, u16)>,
    double_sided: bool,
}

/// The page image a key needs: tpage with only its address and depth bits, CLUT 0 for 15-bit.
fn image_key(tpage: u16, clut: u16) -> (u16, u16) {
    (tpage & 0x019F, clut)
}

fn page_key(tpage: u16, clut: u16) -> (u16, u16) {
    let clut = if Tpage(tpage).depth() == TextureDepth::Bits15 { 0 } else { clut };
    (tpage, clut)
}

fn group_name(key: &GroupKey) -> String {
    let base = match key.page {
        None => "no_texture".to_string(),
        Some((tpage, clut)) if Tpage(tpage).depth() == TextureDepth::Bits15 && clut == 0 => {
            format!("page_{tpage:04x}")
        }
        Some((tpage, clut)) => format!("page_{tpage:04x}_clut_{clut:04x}"),
    };
    if key.double_sided {
        format!("{base}_double")
    } else {
        base
    }
}

fn depth_name(d: TextureDepth) -> &'static str {
    match d {
        TextureDepth::Bits4 => "4-bit",
        TextureDepth::Bits8 => "8-bit",
        TextureDepth::Bits15 => "15-bit",
    }
}

/// The mesh of a level (see the module docs). `options.rooms` picks rooms, `options.vram` textures them;
/// `options.scale` is applied by the exporter, not here.
pub fn level_mesh(level: &Level, options: &ExportOptions) -> Result<Mesh, ExportError> {
    let Selection { rooms, vram } = level.select(options.rooms.as_deref(), options.vram.as_deref())?;
    let mut mesh = Mesh::default();
    let mut groups: BTreeMap<GroupKey, usize> = BTreeMap::new();
    let mut entries_of: BTreeMap<GroupKey, Vec<u16>> = BTreeMap::new();
    let mut images: BTreeMap<(u16, u16), usize> = BTreeMap::new();
    // Every channel value (with its flash added) has one factor: compute the 256 once.
    let factors: [f32; 256] = std::array::from_fn(|c| colour_factor(u8::try_from(c).unwrap_or(u8::MAX), 0));

    for &r in &rooms {
        let room = &level.rooms[r];
        let mut object = Object {
            name: format!("room_{r:02}"),
            extras: Some(json!({
                "room": r,
                "centre": room.record.centre,
                "min": room.record.min,
                "max": room.record.max,
            })),
            ..Object::default()
        };
        let mut colours = Vec::new();
        let mut uvs = Vec::new();
        let mut data = [DATA_COLOUR, DATA_VERTEX, DATA_FACE]
            .map(|name| VertexData { name: name.to_string(), values: Vec::new() });
        for face in level.room_world_faces(r) {
            let key = GroupKey {
                page: face.texture_entry.map(|e| page_key(e.tpage, e.clut)),
                double_sided: face.double_sided(),
            };
            let group = *groups.entry(key).or_insert_with(|| {
                mesh.groups.push(Group::named(group_name(&key)));
                mesh.groups.len() - 1
            });
            let used = entries_of.entry(key).or_default();
            if face.texture_entry.is_some() && !used.contains(&face.texture) {
                used.push(face.texture);
            }
            add_face(&mut object, &mut colours, &mut uvs, &face, index_u32(group), &factors);
            add_face_data(level, &face, &mut data);
        }
        if !object.faces.is_empty() {
            object.colours = Some(colours);
            object.uvs = Some(uvs);
            object.data = data.to_vec();
        }
        mesh.objects.push(object);
    }

    for (key, &g) in &groups {
        let group = &mut mesh.groups[g];
        group.double_sided = key.double_sided;
        let mut extras = serde_json::Map::new();
        if let Some((tpage, clut)) = key.page {
            let t = Tpage(tpage);
            extras.insert("tpage".into(), Value::from(tpage));
            if t.depth() != TextureDepth::Bits15 {
                extras.insert("clut".into(), Value::from(clut));
            }
            extras.insert("depth".into(), Value::from(depth_name(t.depth())));
            extras.insert("blend".into(), Value::from(format!("{:?}", t.blend())));
            let mut used = entries_of.remove(key).unwrap_or_default();
            used.sort_unstable();
            extras.insert("texture_entries".into(), Value::from(used));
            if let Some(vram) = &vram {
                let ik = image_key(tpage, clut);
                let image = *images.entry(ik).or_insert_with(|| {
                    let decoded = vram.decode_page(t, Clut(clut));
                    mesh.images.push(Image {
                        name: group_name(&GroupKey { page: Some(ik), double_sided: false }),
                        width: decoded.width,
                        height: decoded.height,
                        rgba: decoded.pixels,
                    });
                    mesh.images.len() - 1
                });
                group.texture = Some(index_u32(image));
                // Transparent texels (0x0000) are cut out.
                group.alpha_mask = mesh.images[image].rgba.chunks_exact(4).any(|p| p[3] == 0);
            }
        } else if vram.is_some() {
            // Faces without a texture entry stand out against textured ones.
            group.colour = colour_from_srgb8([255, 0, 255]);
        }
        group.extras = Some(Value::Object(extras));
    }

    add_portals(level, options.rooms.is_some().then_some(rooms.as_slice()), &mut mesh);
    mesh.extras = Some(json!({
        "format": "reptar-level",
        "rooms": rooms,
        "axes": "x, -y, -z of the game's (Y down) coordinates",
        "face_flags": "texture_index << 16 | face flags",
        "textured": vram.is_some(),
        "texture_table": level.textures.iter().map(texture_hex).collect::<Vec<_>>(),
    }));
    Ok(mesh)
}

fn add_face(
    object: &mut Object,
    colours: &mut Vec<[f32; 4]>,
    uvs: &mut Vec<[f32; 2]>,
    face: &WorldFace<'_>,
    group: u32,
    factors: &[f32; 256],
) {
    let corners = face.corners();
    let texture_uvs = face.texture_entry.map(|e| e.uvs());
    let first = index_u32(object.positions.len());
    let mut ring = Vec::with_capacity(4);
    for (k, &i) in face.kind.mesh_ring().iter().enumerate() {
        let c = &corners[i];
        object.positions.push(to_y_up(c.position));
        let [r, g, b, flash] = c.colour;
        let f = |v: u8| factors[usize::from(v.saturating_add(flash))];
        colours.push([f(r), f(g), f(b), 1.0]);
        let uv = texture_uvs.map_or([0.0, 0.0], |t| [texel_coordinate(t[i][0]), texel_coordinate(t[i][1])]);
        uvs.push(uv);
        ring.push(first + index_u32(k));
    }
    object.faces.push(Face {
        corners: ring,
        group,
        attribute: None,
        flags: u32::from(face.texture) << 16 | u32::from(face.flags),
    });
}

/// Appends the `_REPTAR_*` values of a face's corners, in the order [`add_face`] wrote them. A number
/// past 65,534 (a blob or face index no real file reaches) leaves the corner without data.
fn add_face_data(level: &Level, face: &WorldFace<'_>, data: &mut [VertexData; 3]) {
    let blob = level.rooms.get(face.room).and_then(|r| r.blobs.get(face.blob));
    let fill = blob.and_then(|b| triangle_fill(b, face.section, face.face)).unwrap_or(0);
    let small = |n: usize| u16::try_from(n).ok().filter(|&n| n != u16::MAX);
    let corners = face.corners();
    let count = u16::try_from(corners.len()).unwrap_or(0);
    for &i in face.kind.mesh_ring() {
        let c = &corners[i];
        let [r, g, b, flash] = c.colour;
        data[0].values.push([r, g, b, flash].map(u16::from));
        let pad = blob.and_then(|b| b.vertices.get(usize::from(c.vertex))).map_or(0, |v| v.pad);
        let slot = u16::try_from(i).unwrap_or(0);
        let ids = small(face.blob).zip(small(face.face));
        data[1].values.push(ids.map_or(NO_DATA, |(b, _)| [b, u16::from(c.vertex), pad, slot]));
        data[2]
            .values
            .push(ids.map_or(NO_DATA, |(_, f)| [f, face.texture, face.flags, count << 8 | u16::from(fill)]));
    }
}

/// The fourth byte of the triangle that is face `face` of its blob (`None` for a quad).
fn triangle_fill(blob: &Blob, section: usize, face: usize) -> Option<u8> {
    let before: usize = blob.sections.iter().take(section).map(FaceSection::len).sum();
    match blob.sections.get(section)? {
        FaceSection::Triangles(t) => t.get(face.checked_sub(before)?).map(|t| t.fill),
        FaceSection::Quads(_) => None,
    }
}

/// Adds the portals of `rooms` (every portal, even one no room takes, when `None`).
fn add_portals(level: &Level, rooms: Option<&[usize]>, mesh: &mut Mesh) {
    let wanted = |room: Option<usize>| match rooms {
        None => true,
        Some(rooms) => room.is_some_and(|r| rooms.contains(&r)),
    };
    let portals: Vec<_> = level.world_portals().into_iter().filter(|p| wanted(p.room)).collect();
    if portals.is_empty() {
        return;
    }
    let group = mesh.group_index("portals");
    mesh.groups[group as usize].colour = colour_from_srgb8([255, 220, 0]);
    for p in portals {
        // The outline runs round the ring 0, 1, 3, 2 of the Z-order corners.
        let lines = [[0, 1], [1, 3], [3, 2], [2, 0]].map(|ends| Line { ends, group });
        let tail = level.portals.get(p.index).map(|q| crate::hex::encode(&q.tail)).unwrap_or_default();
        mesh.objects.push(Object {
            name: format!("portal_{:02}", p.index),
            positions: p.corners.iter().map(|&c| to_y_up(c)).collect(),
            lines: lines.to_vec(),
            extras: Some(json!({
                "portal": p.index,
                "room": p.room,
                "destination_room": p.destination,
                "destination_exists": p.destination_exists,
                "corner_flags": p.flags,
                "tail": tail,
            })),
            ..Object::default()
        });
    }
}

/// A build's scene from a file's bytes, read once by the caller from wherever the file is: a levelkit
/// JSON dump of a level (by content), else glTF/GLB with its PNG textures decoded, or OBJ. `name`, the
/// file's name, decides by its extension where the content does not; `folder` is where a glTF file's
/// external buffers and images are read from (`None` refuses them: a file inside a disc image).
pub fn read_scene(data: &[u8], name: &Path, folder: Option<&Path>) -> Result<SceneInput, BuildError> {
    if data.first() == Some(&b'{') {
        if let Ok(value) = serde_json::from_slice::<Value>(data) {
            if value.get("format").and_then(|f| f.as_str()) == Some(crate::format::Format::ReptarLevel.name())
            {
                let level = Level::from_dump(&value).map_err(|e| BuildError::Scene(e.to_string()))?;
                return Ok(SceneInput::Dump(Box::new(level)));
            }
        }
    }
    // glTF stores only triangles: the builder joins pairs back into quads.
    let from_triangles = data.starts_with(b"glTF") || data.first() == Some(&b'{');
    let mesh = super::import_data(data, name, folder, true).map_err(|e| BuildError::Scene(e.to_string()))?;
    Ok(SceneInput::Mesh { mesh, from_triangles })
}
