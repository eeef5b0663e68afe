//! A self-contained HTML viewer: one file that opens from `file://` with no network, holding three.js
//! (vendored, see `crates/levelkit/assets/viewer/`), the scene as an embedded GLB and a small JSON
//! description of what the UI offers.
//!
//! The page is: the template (`assets/viewer/viewer.html`) with its CSS, a `<script type="application/json"
//! id="levelkit-info">` block (the [`ViewerInfo`] plus the face map below), a `<script
//! type="application/octet-stream" id="levelkit-glb">` block (the GLB in base64), the three.js bundle and
//! `viewer.js`. A Content-Security-Policy allows no network at all: only inline scripts and styles, and
//! `data:`/`blob:` images (the GLB's textures).
//!
//! Conventions the UI keys off (the format adapters produce meshes that follow them):
//! - **Rooms** are objects named `room_NN` (`NN` the room number, any width). [`ViewerInfo::from_mesh`]
//!   lists them; an object's extras key `"label"`, when a string, is shown beside the number.
//! - **Portals** are objects whose name starts with `portal_`; all of them are toggled together. Extras
//!   `{"room": N, "to": M}` (both optional) hide a portal with its room and are shown on hover.
//! - **Collision surfaces**: faces carry [`Face::attribute`](crate::mesh::Face::attribute); the legend has
//!   one entry per attribute value with the community's name and colour
//!   ([`crate::heroes::flags`]), and toggling it hides every primitive with that attribute (the glTF
//!   writer makes one primitive per group, attribute and flags, with those in its extras).
//! - **Quadtree leaves** are the line object named `tree`, toggled on its own.
//! - **Holes** (what an audit found missing) are points in [`ViewerInfo::holes`], drawn as markers and
//!   listed; clicking a list entry moves the camera to it.
//! - **Hover**: each triangle primitive's triangles map back to the faces of the mesh (the `faces` map in
//!   the embedded JSON: object (= glTF node) index, then primitive index, then the face index of each
//!   triangle). Hovering shows the object (room), the face index (for a `.cl` collision object, the
//!   triangle index in the file), the flags, the attribute and the face's texture entry from
//!   [`ViewerInfo::face_textures`], or the group's extras when the adapter gives none.
//!
//! Everything in the embedded JSON is derived from the mesh and the info deterministically, so the same
//! input gives the same HTML bytes.

use super::{base64_encode, gltf, ExportError};
use crate::heroes::flags;
use crate::mesh::{Mesh, Object};
use serde::Serialize;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};

/// three.js with GLTFLoader and OrbitControls as one classic script (built by `tools/build-viewer.sh`).
pub const THREE_BUNDLE: &str = include_str!("../../assets/viewer/three-bundle.js");
/// The three.js version bundled.
pub const THREE_VERSION: &str = include_str!("../../assets/viewer/three-VERSION");
const TEMPLATE: &str = include_str!("../../assets/viewer/viewer.html");
const STYLE: &str = include_str!("../../assets/viewer/viewer.css");
const SCRIPT: &str = include_str!("../../assets/viewer/viewer.js");

/// What kind of scene the page shows; decides which panels it offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum ViewerKind {
    /// A Rugrats level: rooms, portals, textures.
    #[serde(rename = "reptar-level")]
    ReptarLevel,
    /// A Sonic Heroes collision: surface types, the quadtree, holes.
    #[serde(rename = "heroes-cl")]
    HeroesCl,
    /// Any other mesh (an imported glTF or OBJ file): shows whatever of the above it has.
    #[serde(rename = "mesh")]
    Mesh,
}

/// One room in the room list.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoomInfo {
    /// The room number.
    pub index: u32,
    /// What the list shows.
    pub name: String,
    /// The object (glTF node) name, `room_NN`.
    pub node: String,
}

/// One entry of the surface legend.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SurfaceInfo {
    /// The surface attribute, as [`Face::attribute`](crate::mesh::Face::attribute) holds it.
    pub attribute: u32,
    /// `wall`, or `unknown` for values nobody has named.
    pub id: String,
    /// What the legend shows: the community's name, or `Unnamed (0xXXXXXXXX)`.
    pub label: String,
    /// sRGB, `#rrggbb`.
    pub colour: String,
    /// How many faces carry it.
    pub count: usize,
}

/// A place the audit found a hole, in the mesh's coordinates.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hole {
    /// X of the marker, in the mesh's coordinates.
    pub x: f32,
    /// Y of the marker.
    pub y: f32,
    /// Z of the marker.
    pub z: f32,
    /// What kind of hole (`"open edge"`, `"uncovered cell"`, …), shown in the list.
    pub kind: String,
}

/// What the viewer page offers besides the scene.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ViewerInfo {
    /// Which panels the page offers.
    pub kind: ViewerKind,
    /// The page title (usually the file name).
    pub title: String,
    /// Lines shown under the title: counts, warnings.
    pub notes: Vec<String>,
    /// The room list, by room number (empty for collision).
    pub rooms: Vec<RoomInfo>,
    /// The surface legend, by attribute value.
    pub surfaces: Vec<SurfaceInfo>,
    /// Where the audit found holes ([`add_audit`]); drawn as markers and listed.
    pub holes: Vec<Hole>,
    /// Per object name, the texture entry of each face (in face order), shown on hover.
    pub face_textures: BTreeMap<String, Vec<Option<u32>>>,
}

impl ViewerInfo {
    /// The rooms (objects named `room_NN`, by number) and the surface legend (every attribute the faces
    /// carry, by value) of a mesh, and a note with its counts; no holes or texture entries.
    pub fn from_mesh(mesh: &Mesh, kind: ViewerKind, title: impl Into<String>) -> ViewerInfo {
        let mut rooms: Vec<RoomInfo> = mesh
            .objects
            .iter()
            .filter_map(|o| {
                let index = room_number(&o.name)?;
                let label = o.extras.as_ref().and_then(|e| e.get("label")).and_then(Value::as_str);
                let name = match label {
                    Some(label) => format!("Room {index}: {label}"),
                    None => format!("Room {index}"),
                };
                Some(RoomInfo { index, name, node: o.name.clone() })
            })
            .collect();
        rooms.sort_by_key(|r| r.index);

        let mut counts: BTreeMap<u32, usize> = BTreeMap::new();
        for f in mesh.objects.iter().flat_map(|o| &o.faces) {
            if let Some(a) = f.attribute {
                *counts.entry(a).or_default() += 1;
            }
        }
        let surfaces = counts
            .into_iter()
            .map(|(attribute, count)| {
                let named = flags::surface(attribute);
                let [r, g, b] = flags::colour(attribute);
                SurfaceInfo {
                    attribute,
                    id: flags::surface_id(attribute).to_owned(),
                    label: named.map_or_else(
                        || format!("Unnamed (0x{})", flags::hex(attribute)),
                        |s| s.label.to_owned(),
                    ),
                    colour: format!("#{r:02x}{g:02x}{b:02x}"),
                    count,
                }
            })
            .collect();
        ViewerInfo {
            kind,
            title: title.into(),
            notes: vec![mesh.to_string()],
            rooms,
            surfaces,
            holes: Vec::new(),
            face_textures: BTreeMap::new(),
        }
    }
}

/// The room number of an object named `room_NN`.
fn room_number(name: &str) -> Option<u32> {
    let digits = name.strip_prefix("room_")?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// For each triangle primitive the glTF writer makes of `o`, in its order, the face index of each
/// triangle. Mirrors [`gltf::write_glb`]: faces batched by (group, attribute, flags) in order of first
/// use, each face a fan of `corners - 2` triangles. A test checks the two against each other.
pub fn triangle_faces(o: &Object) -> Vec<Vec<u32>> {
    let mut order: Vec<(u32, Option<u32>, u32)> = Vec::new();
    let mut batches: HashMap<(u32, Option<u32>, u32), Vec<u32>> = HashMap::new();
    for (fi, f) in o.faces.iter().enumerate() {
        let key = (f.group, f.attribute, f.flags);
        let batch = batches.entry(key).or_insert_with(|| {
            order.push(key);
            Vec::new()
        });
        let face = crate::mesh::index_u32(fi);
        batch.extend(std::iter::repeat_n(face, f.corners.len().saturating_sub(2)));
    }
    order.iter().map(|k| batches.remove(k).unwrap_or_default()).collect()
}

/// The viewer page of a level file: its mesh ([`super::document_mesh`], with the quadtree's leaves) and
/// what the page offers for its format. This is where the format adapters add what only they know: the
/// holes a collision audit finds, the texture entry of each Rugrats face.
pub fn document_viewer_html(
    doc: &crate::document::Document,
    options: &super::ExportOptions,
    title: &str,
) -> Result<Vec<u8>, ExportError> {
    let (mesh, info) = document_viewer(doc, options, title)?;
    viewer_html(&mesh, &info)
}

/// The scene and the page's info for a level file, as [`document_viewer_html`] embeds them.
pub fn document_viewer(
    doc: &crate::document::Document,
    options: &super::ExportOptions,
    title: &str,
) -> Result<(Mesh, ViewerInfo), ExportError> {
    let (mesh, mut info) = document_scene(doc, options, title)?;
    if let crate::document::Document::Heroes(c) = doc {
        match crate::heroes::audit::audit(c, Default::default()) {
            Ok(report) => add_audit(&mut info, &report),
            Err(e) => info.notes.push(format!("no audit, so no holes marked: {e}")),
        }
    }
    Ok((mesh, info))
}

/// [`document_viewer`] without the audit: no holes marked (the web page runs the audit when asked).
pub fn document_scene(
    doc: &crate::document::Document,
    options: &super::ExportOptions,
    title: &str,
) -> Result<(Mesh, ViewerInfo), ExportError> {
    let options = super::ExportOptions { tree: true, ..options.clone() };
    let mesh = super::document_mesh(doc, &options)?;
    let kind = match doc.format() {
        crate::format::Format::HeroesCl => ViewerKind::HeroesCl,
        crate::format::Format::ReptarLevel => ViewerKind::ReptarLevel,
    };
    let mut info = ViewerInfo::from_mesh(&mesh, kind, title);
    if let crate::document::Document::Reptar(_) = doc {
        // The Rugrats adapter keeps each face's texture index in the top half of its flags.
        for o in mesh.objects.iter().filter(|o| room_number(&o.name).is_some()) {
            let entries = o.faces.iter().map(|f| Some(f.flags >> 16)).collect();
            info.face_textures.insert(o.name.clone(), entries);
        }
    }
    Ok((mesh, info))
}

/// Marks each hole of an audit (`levelkit audit`'s report) where the player should have landed: the hit the
/// complete tree finds (for a moving sphere, where its centre stops), which this file's walk misses or
/// answers otherwise.
pub fn add_audit(info: &mut ViewerInfo, report: &crate::heroes::audit::Audit) {
    for d in &report.hole_list {
        let Some((_, t)) = d.complete else { continue };
        // Distances are along the segment in world units.
        let len = crate::vecmath::length(d.dir);
        if len.is_nan() || len <= 0.0 {
            continue;
        }
        let at = |i: usize| d.start[i] + d.dir[i] / len * t;
        info.holes.push(Hole { x: at(0), y: at(1), z: at(2), kind: d.hole_label() });
    }
    for h in &report.hanging_triangles {
        info.holes.push(Hole {
            x: h.at[0],
            y: h.at[1],
            z: h.at[2],
            kind: format!("triangle {} freezes the game when a sphere comes near", h.triangle),
        });
    }
    if !report.hanging_triangles.is_empty() {
        info.notes.push(format!(
            "{} triangle(s) freeze the game when a sphere comes near (marked; checking the file names them, \
             repairing it rotates their corners)",
            report.hanging_triangles.len()
        ));
    }
    info.notes.push(format!(
        "audit (seed {}): {} hole(s) in {} vertical probes, {} line casts and {} moving spheres ({} of them \
         moving-sphere holes){}",
        report.seed,
        report.holes,
        report.vertical.probes,
        report.line.probes,
        report.moving.probes,
        report.moving.holes,
        if report.holes > report.hole_list.len() {
            format!("; the first {} are marked", report.hole_list.len())
        } else {
            String::new()
        }
    ));
}

/// The embedded JSON: the info, and the face map by node.
#[derive(Serialize)]
struct Payload<'a> {
    info: &'a ViewerInfo,
    generator: String,
    /// Per object (glTF node, same order), per triangle primitive, the face index of each triangle.
    faces: Vec<Vec<Vec<u32>>>,
}

/// The viewer page for a mesh: one HTML file, UTF-8.
pub fn viewer_html(mesh: &Mesh, info: &ViewerInfo) -> Result<Vec<u8>, ExportError> {
    mesh.check()?;
    let glb = gltf::write_glb(mesh)?;
    let payload = Payload {
        info,
        generator: format!("levelkit {} with three.js {}", env!("CARGO_PKG_VERSION"), THREE_VERSION.trim()),
        faces: mesh.objects.iter().map(triangle_faces).collect(),
    };
    let json = script_safe(&serde_json::to_string(&payload)?);
    let glb64 = base64_encode(&glb);
    let mut out =
        String::with_capacity(TEMPLATE.len() + THREE_BUNDLE.len() + glb64.len() + json.len() + 4096);
    // The template's markers are replaced in one pass, so nothing inserted is ever scanned for markers.
    let mut rest = TEMPLATE;
    while let Some(start) = rest.find("{{") {
        let Some(len) = rest[start..].find("}}") else { break };
        out.push_str(&rest[..start]);
        match &rest[start + 2..start + len] {
            "TITLE" => out.push_str(&html_escape(&info.title)),
            "STYLE" => out.push_str(STYLE),
            "INFO" => out.push_str(&json),
            "GLB" => out.push_str(&glb64),
            "THREE" => out.push_str(THREE_BUNDLE),
            "SCRIPT" => out.push_str(SCRIPT),
            other => {
                out.push_str("{{");
                out.push_str(other);
                out.push_str("}}");
            }
        }
        rest = &rest[start + len + 2..];
    }
    out.push_str(rest);
    Ok(out.into_bytes())
}

/// JSON that cannot end its `<script>` element or open a comment inside it.
fn script_safe(json: &str) -> String {
    json.replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}

fn html_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::{Face, Group};

    fn face(corners: &[u32], group: u32, attribute: Option<u32>, flags: u32) -> Face {
        Face { corners: corners.to_vec(), group, attribute, flags }
    }

    fn scene() -> Mesh {
        let square = vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 0.0, -1.0], [0.0, 0.0, -1.0]];
        Mesh {
            objects: vec![
                Object {
                    name: "room_02".into(),
                    positions: square.clone(),
                    faces: vec![
                        face(&[0, 1, 2, 3], 0, None, 0), // 2 triangles
                        face(&[0, 1, 2], 1, None, 0x200),
                        face(&[0, 2, 3], 0, None, 0),
                    ],
                    extras: Some(serde_json::json!({ "label": "</script> kitchen" })),
                    ..Object::default()
                },
                Object { name: "room_10".into(), positions: square.clone(), ..Object::default() },
                Object {
                    name: "collision".into(),
                    positions: square,
                    faces: vec![
                        face(&[0, 1, 2], 2, Some(0x100), 0),
                        face(&[0, 2, 3], 2, Some(0x1234_5678), 0),
                        face(&[2, 1, 0], 2, Some(0x100), 0),
                    ],
                    ..Object::default()
                },
            ],
            groups: vec![Group::named("a"), Group::named("b"), Group::named("c")],
            ..Mesh::default()
        }
    }

    #[test]
    fn faces_map_per_primitive_in_first_use_order() {
        let m = scene();
        assert_eq!(triangle_faces(&m.objects[0]), vec![vec![0, 0, 2], vec![1]]);
        assert_eq!(triangle_faces(&m.objects[1]), Vec::<Vec<u32>>::new());
        assert_eq!(triangle_faces(&m.objects[2]), vec![vec![0, 2], vec![1]]);
    }

    #[test]
    fn info_lists_rooms_by_number_and_surfaces_by_value() {
        let info = ViewerInfo::from_mesh(&scene(), ViewerKind::Mesh, "t");
        let rooms: Vec<(u32, &str)> = info.rooms.iter().map(|r| (r.index, r.name.as_str())).collect();
        assert_eq!(rooms, [(2, "Room 2: </script> kitchen"), (10, "Room 10")]);
        let surfaces: Vec<(u32, &str, usize)> =
            info.surfaces.iter().map(|s| (s.attribute, s.id.as_str(), s.count)).collect();
        assert_eq!(surfaces, [(0x100, "wall", 2), (0x1234_5678, "unknown", 1)]);
        assert_eq!(info.surfaces[0].colour, "#c85a3c");
        assert_eq!(info.surfaces[1].label, "Unnamed (0x12345678)");
        assert_eq!(room_number("room_"), None);
        assert_eq!(room_number("room_1a"), None);
        assert_eq!(room_number("room_007"), Some(7));
    }

    #[test]
    fn an_inconsistent_mesh_is_refused() {
        let mut m = scene();
        m.objects[0].faces[1].corners[2] = 99;
        let info = ViewerInfo::from_mesh(&m, ViewerKind::Mesh, "t");
        let err = viewer_html(&m, &info).unwrap_err();
        assert!(matches!(&err, ExportError::Mesh(e) if e.path == "objects[0].faces[1].corners[2]"), "{err}");
    }

    #[test]
    fn levels_get_pages_through_their_adapters() {
        let options = super::super::ExportOptions::new(super::super::ExportFormat::Glb);
        let heroes = crate::document::Document::Heroes(crate::heroes::generate::game_correct(1, 200, 6));
        let page = String::from_utf8(document_viewer_html(&heroes, &options, "s01.cl").unwrap()).unwrap();
        assert!(page.contains("<title>s01.cl</title>"));
        let level = crate::document::Document::Reptar(crate::reptar::generate::generate(&Default::default()));
        assert!(document_viewer_html(&level, &options, "LEVEL01.BIN").is_ok());
    }

    #[test]
    fn a_collision_page_without_its_audit_says_why() {
        let options = super::super::ExportOptions::new(super::super::ExportFormat::Glb);
        let oversized = crate::document::Document::Heroes(crate::heroes::generate::oversized(7, 20_000, 12));
        let (_, info) = document_viewer(&oversized, &options, "oversized.cl").unwrap();
        assert!(info.holes.is_empty());
        let said =
            "no audit, so no holes marked: the complete tree's lists would hold more than 16777216 entries";
        assert!(info.notes.iter().any(|n| n.starts_with(said)), "{:?}", info.notes);
    }

    #[test]
    fn collision_pages_mark_the_audits_holes_and_rooms_their_texture_entries() {
        use crate::heroes::generate;
        let options = super::super::ExportOptions::new(super::super::ExportFormat::Glb);
        let good = crate::document::Document::Heroes(generate::game_correct(3, 1500, 8));
        let (_, info) = document_viewer(&good, &options, "good.cl").unwrap();
        assert!(info.holes.is_empty(), "{:?}", info.holes.first());
        assert!(info.notes.iter().any(|n| n.contains("audit (seed 1): 0 hole(s)")), "{:?}", info.notes);

        let community = generate::odd(3, 1500, 8, &generate::Style::community());
        let (min, max) = community.vertices.iter().fold(([f32::MAX; 3], [f32::MIN; 3]), |(lo, hi), v| {
            (std::array::from_fn(|i| lo[i].min(v[i])), std::array::from_fn(|i| hi[i].max(v[i])))
        });
        let (_, info) =
            document_viewer(&crate::document::Document::Heroes(community), &options, "bad.cl").unwrap();
        assert!(!info.holes.is_empty());
        assert!(
            info.holes.iter().any(|h| h.kind.starts_with("Moving sphere #")),
            "no moving-sphere hole marked"
        );
        for h in &info.holes {
            // Each mark sits on the stage, where the complete tree's walk lands; for a moving sphere where
            // its centre stops, at most a radius off the stage.
            let moving = h.kind.starts_with("Moving sphere #");
            let margin = if moving { crate::heroes::audit::moving::PLAYER_RADIUS } else { 1e-3 };
            for (v, i) in [(h.x, 0), (h.y, 1), (h.z, 2)] {
                assert!(v >= min[i] - margin && v <= max[i] + margin, "{h:?} outside {min:?}..{max:?}");
            }
            let kinds: &[&str] = if moving {
                &["moves through", "stops elsewhere"]
            } else {
                &["falls through", "another triangle"]
            };
            assert!(kinds.iter().any(|k| h.kind.contains(k)), "{}", h.kind);
        }

        let level = crate::reptar::generate::generate(&Default::default());
        let expected: Vec<u32> =
            level.room_world_faces(0).flat_map(|f| vec![u32::from(f.texture); 1]).collect();
        let (_, info) = document_viewer(&crate::document::Document::Reptar(level), &options, "L").unwrap();
        let got: Vec<u32> = info.face_textures["room_00"].iter().map(|t| t.unwrap()).collect();
        assert_eq!(got, expected);
    }

    #[test]
    fn page_embeds_everything_and_nothing_escapes_its_script() {
        let m = scene();
        let info = ViewerInfo::from_mesh(&m, ViewerKind::ReptarLevel, "<LEVEL02>");
        let page = String::from_utf8(viewer_html(&m, &info).unwrap()).unwrap();
        assert!(page.starts_with("<!DOCTYPE html>"));
        assert!(page.contains("<title>&lt;LEVEL02&gt;</title>"));
        assert!(!page.contains("{{"), "a template marker was left");
        // The only `</script` are the page's own closing tags: the label's was escaped.
        assert_eq!(page.matches("</script").count(), page.matches("<script").count());
        assert!(page.contains("\\u003c/script\\u003e kitchen"));
        let glb = base64_encode(&gltf::write_glb(&m).unwrap());
        assert!(page.contains(&glb));
        assert!(page.contains("Content-Security-Policy\" content=\"default-src 'none'"));
        // Deterministic.
        assert_eq!(viewer_html(&m, &info).unwrap(), page.into_bytes());
    }
}

#[cfg(test)]
mod glb_agreement {
    use super::*;
    use crate::mesh::{Face, Group};

    /// The face map must name, for every triangle the GLB holds, the face whose fan gives that triangle.
    #[test]
    fn face_map_matches_the_written_glb() {
        let mut faces = Vec::new();
        for i in 0..40u32 {
            let n = 3 + i % 4; // triangles, quads, pentagons, hexagons
            let corners = (0..n).map(|k| (i + k) % 12).collect();
            faces.push(Face {
                corners,
                group: i % 3,
                attribute: (i % 5 == 0).then_some(i % 2),
                flags: i % 7 / 3,
            });
        }
        let positions = (0..12).map(|k| [k as f32, (k * k) as f32, 0.5]).collect();
        let mesh = Mesh {
            objects: vec![Object { name: "room_01".into(), positions, faces, ..Object::default() }],
            groups: vec![Group::named("a"), Group::named("b"), Group::named("c")],
            ..Mesh::default()
        };
        let glb = gltf::write_glb(&mesh).unwrap();
        let doc = ::gltf::Gltf::from_slice(&glb).unwrap();
        let blob = doc.blob.clone().unwrap();
        let map = triangle_faces(&mesh.objects[0]);
        let gmesh = doc.meshes().next().unwrap();
        let prims: Vec<_> = gmesh.primitives().collect();
        assert_eq!(prims.len(), map.len());
        let mut seen = 0;
        for (prim, faces_of) in prims.iter().zip(&map) {
            let reader = prim.reader(|_| Some(&blob[..]));
            let indices: Vec<u32> = reader.read_indices().unwrap().into_u32().collect();
            assert_eq!(indices.len(), faces_of.len() * 3);
            // Which triangle of its face this is: count the face's earlier triangles in this primitive.
            let mut nth: HashMap<u32, usize> = HashMap::new();
            for (t, &fi) in faces_of.iter().enumerate() {
                let f = &mesh.objects[0].faces[fi as usize];
                let k = nth.entry(fi).or_default();
                let fan = [f.corners[0], f.corners[*k + 1], f.corners[*k + 2]];
                *k += 1;
                assert_eq!(indices[t * 3..t * 3 + 3], fan, "triangle {t} of a primitive");
                seen += 1;
            }
        }
        assert_eq!(seen, mesh.counts().1);
    }
}
