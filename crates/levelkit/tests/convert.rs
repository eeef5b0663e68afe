//! Export and import through files: round trips, the Khronos glTF-Validator, and bad input.

use levelkit::convert::{self, gltf, obj, ExportFormat, ExportOptions, ImportError};
use levelkit::heroes::flags::group_name;
use levelkit::mesh::{Face, Group, Image, Line, Mesh, Object};

mod common;

use std::path::Path;

fn face(corners: &[u32], group: u32, attribute: Option<u32>) -> Face {
    Face { corners: corners.to_vec(), group, attribute, flags: 0 }
}

/// A Heroes-like collision: triangles grouped by attribute, groups named `NAME_XXXXXXXX`.
fn collision() -> Mesh {
    let (floor, wall, death) = (0x0000_0000, 0x0000_0100, 0x0001_0000);
    Mesh {
        objects: vec![Object {
            name: "collision".into(),
            positions: vec![
                [0.0, 0.0, 0.0],
                [10.5, 0.0, 0.0],
                [10.5, 0.0, -10.25],
                [0.0, 0.0, -10.25],
                [0.0, 5.0, 0.0],
                [10.5, 5.0, 0.0],
                [-3.0, -100.0, 7.125],
            ],
            faces: vec![
                face(&[0, 1, 2], 0, Some(floor)),
                face(&[0, 2, 3], 0, Some(floor)),
                face(&[0, 4, 5], 1, Some(wall)),
                face(&[0, 5, 1], 1, Some(wall)),
                face(&[6, 1, 0], 2, Some(death)),
            ],
            ..Object::default()
        }],
        groups: [floor, wall, death].iter().map(|&a| Group::named(group_name(a))).collect(),
        ..Mesh::default()
    }
}

/// A Rugrats-like room scene: coloured, textured quads and n-gons, a double-sided cut-out group, a portal
/// with extras, tree lines, and a group nothing uses.
fn rooms() -> Mesh {
    let rgba: Vec<u8> = (0..4 * 4)
        .flat_map(|i: u32| {
            [
                u8::try_from(i * 16).unwrap(),
                255 - u8::try_from(i * 16).unwrap(),
                128,
                if i % 5 == 0 { 0 } else { 255 },
            ]
        })
        .collect();
    let mut textured = Group::named("room_00_tex0");
    textured.texture = Some(0);
    textured.alpha_mask = true;
    textured.extras = Some(serde_json::json!({ "tpage": 0x1f, "clut": 0x7fc0 }));
    let mut double = Group::named("room_00_flat_double");
    double.double_sided = true;
    double.colour = [0.5, 0.25, 1.0, 1.0];
    let mut half = Group::named("room_01_blend");
    half.colour = [1.0, 1.0, 1.0, 0.5];
    Mesh {
        objects: vec![
            Object {
                name: "room_00".into(),
                positions: vec![
                    [0.0, 0.0, 0.0],
                    [1.0, 0.0, 0.0],
                    [1.0, 0.0, -1.0],
                    [0.0, 0.0, -1.0],
                    [2.0, 0.5, -0.5],
                    [1.5, 1.0, 0.0],
                ],
                colours: Some(vec![
                    [1.0, 0.0, 0.0, 1.0],
                    [0.0, 1.0, 0.0, 1.0],
                    [0.0, 0.0, 1.0, 1.0],
                    [0.5, 0.5, 0.5, 1.0],
                    [0.25, 0.75, 0.125, 1.0],
                    [1.0, 1.0, 1.0, 1.0],
                ]),
                uvs: Some(vec![[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0], [0.5, 0.5], [0.25, 0.75]]),
                normals: Some(vec![[0.0, 1.0, 0.0]; 6]),
                faces: vec![
                    Face { corners: vec![0, 1, 2, 3], group: 0, attribute: None, flags: 0x60 },
                    Face { corners: vec![1, 4, 5], group: 1, attribute: None, flags: 0x200 },
                    Face { corners: vec![0, 3, 2, 4, 5], group: 1, attribute: None, flags: 0x200 },
                ],
                extras: Some(serde_json::json!({ "room": 0, "centre": [100, -20, 3] })),
                ..Object::default()
            },
            Object {
                name: "room_01".into(),
                positions: vec![[5.0, 0.0, 0.0], [6.0, 0.0, 0.0], [6.0, 1.0, 0.0]],
                faces: vec![face(&[0, 1, 2], 3, None)],
                ..Object::default()
            },
            Object {
                name: "portal_00_01".into(),
                positions: vec![[1.0, 0.0, 0.0], [1.0, 2.0, 0.0], [1.0, 2.0, -1.0], [1.0, 0.0, -1.0]],
                lines: (0..4).map(|i| Line { ends: [i, (i + 1) % 4], group: 2 }).collect(),
                extras: Some(serde_json::json!({ "destination_room": 1 })),
                ..Object::default()
            },
            Object {
                name: "marker_only".into(),
                extras: Some(serde_json::json!({ "note": "no geometry" })),
                ..Object::default()
            },
        ],
        groups: vec![textured, double, Group::named("portals"), half, Group::named("unused")],
        images: vec![Image { name: "tpage_1f".into(), width: 4, height: 4, rgba }],
        extras: Some(serde_json::json!({ "level": 1 })),
    }
}

/// Big enough to need u32 indices.
fn large() -> Mesh {
    let side = 300u32;
    let mut positions = Vec::new();
    for z in 0..side {
        for x in 0..side {
            positions.push([x as f32, ((x * z) % 7) as f32 * 0.5, -(z as f32)]);
        }
    }
    let mut faces = Vec::new();
    for z in 0..side - 1 {
        for x in 0..side - 1 {
            let i = z * side + x;
            faces.push(face(&[i, i + 1, i + side + 1, i + side], 0, Some(0)));
        }
    }
    Mesh {
        objects: vec![Object { name: "grid".into(), positions, faces, ..Object::default() }],
        groups: vec![Group::named(group_name(0))],
        ..Mesh::default()
    }
}

/// Faces as (group name, attribute, corner positions), in a canonical order, for comparing meshes whose
/// vertex numbering and face order may differ. The ring is kept as written (winding and start corner).
fn faces(mesh: &Mesh) -> Vec<(String, Option<u32>, Vec<[f32; 3]>)> {
    let mut out: Vec<_> = mesh
        .objects
        .iter()
        .flat_map(|o| {
            o.faces.iter().map(|f| {
                let name = mesh.groups[f.group as usize].name.clone();
                (name, f.attribute, f.corners.iter().map(|&c| o.positions[c as usize]).collect::<Vec<_>>())
            })
        })
        .collect();
    out.sort_by(|a, b| a.partial_cmp(b).unwrap());
    out
}

fn assert_same_faces(before: &Mesh, after: &Mesh) {
    let (a, b) = (faces(before), faces(after));
    assert_eq!(a.len(), b.len(), "face count");
    for (x, y) in a.iter().zip(&b) {
        assert_eq!((&x.0, x.1), (&y.0, y.1), "group and attribute");
        assert_eq!(x.2.len(), y.2.len(), "corner count of {:?}", x.0);
        for (p, q) in x.2.iter().zip(&y.2) {
            for k in 0..3 {
                assert!((p[k] - q[k]).abs() <= 1e-4, "{:?} vs {:?} in {:?}", p, q, x.0);
            }
        }
    }
}

/// What survives glTF: every face as fan triangles.
fn as_triangles(mesh: &Mesh) -> Mesh {
    mesh.triangulated()
}

#[test]
fn obj_round_trip_keeps_polygons_groups_and_attributes() {
    for mesh in [collision(), rooms(), large()] {
        let files = obj::write(&mesh, "m").unwrap();
        assert_eq!(files[0].file_name, "m.obj");
        let back = obj::read(&files[0].bytes).unwrap();
        assert_same_faces(&mesh, &back);
    }
}

#[test]
fn obj_carries_colours_uvs_and_object_names() {
    let mesh = rooms();
    let back = obj::read(&obj::write(&mesh, "m").unwrap()[0].bytes).unwrap();
    let room = back.objects.iter().find(|o| o.name == "room_00").unwrap();
    assert_eq!(room.colours.as_ref().unwrap()[4], [0.25, 0.75, 0.125, 1.0]);
    let uvs = room.uvs.as_ref().unwrap();
    assert!(uvs.contains(&[0.25, 0.75]), "{uvs:?}");
    assert_eq!(back.objects.iter().find(|o| o.name == "portal_00_01").unwrap().lines.len(), 4);
}

#[test]
fn gltf_and_glb_round_trip_faces_groups_attributes_and_flags() {
    for mesh in [collision(), rooms(), large()] {
        for bytes in [gltf::write_gltf(&mesh).unwrap(), gltf::write_glb(&mesh).unwrap()] {
            let back = gltf::read(&bytes, None).unwrap();
            assert_same_faces(&as_triangles(&mesh), &back);
            let flags = |m: &Mesh| {
                let mut f: Vec<u32> =
                    m.objects.iter().flat_map(|o| o.faces.iter().map(|f| f.flags)).collect();
                f.sort();
                f
            };
            assert_eq!(flags(&as_triangles(&mesh)), flags(&back));
        }
    }
}

#[test]
fn gltf_keeps_extras_materials_and_lines() {
    let back = gltf::read(&gltf::write_glb(&rooms()).unwrap(), None).unwrap();
    assert_eq!(back.extras, Some(serde_json::json!({ "level": 1 })));
    let room = back.objects.iter().find(|o| o.name == "room_00").unwrap();
    assert_eq!(room.extras, Some(serde_json::json!({ "room": 0, "centre": [100, -20, 3] })));
    assert_eq!(room.colours.as_ref().unwrap().len(), room.positions.len());
    let portal = back.objects.iter().find(|o| o.name == "portal_00_01").unwrap();
    assert_eq!(portal.lines.len(), 4);
    assert_eq!(portal.extras, Some(serde_json::json!({ "destination_room": 1 })));
    let double = back.groups.iter().find(|g| g.name == "room_00_flat_double").unwrap();
    assert!(double.double_sided);
    assert_eq!(double.colour, [0.5, 0.25, 1.0, 1.0]);
    // A face without an attribute stays without one, even in a group whose name reads as a surface.
    let mut walls = rooms();
    walls.groups[3].name = "room_01_wall".into();
    let back_walls = gltf::read(&gltf::write_glb(&walls).unwrap(), None).unwrap();
    assert!(back_walls.objects.iter().flat_map(|o| &o.faces).all(|f| f.attribute.is_none()));
    let tex = back.groups.iter().find(|g| g.name == "room_00_tex0").unwrap();
    assert!(tex.alpha_mask);
    assert_eq!(tex.extras, Some(serde_json::json!({ "tpage": 0x1f, "clut": 0x7fc0 })));
}

#[test]
fn exports_are_deterministic() {
    let opts = ExportOptions::new(ExportFormat::Glb);
    let a = convert::export_mesh(&rooms(), "r", &opts).unwrap();
    let b = convert::export_mesh(&rooms(), "r", &opts).unwrap();
    assert_eq!(a, b);
    let a = convert::export_mesh(&rooms(), "r", &ExportOptions::new(ExportFormat::Obj)).unwrap();
    let names: Vec<&str> = a.iter().map(|f| f.file_name.as_str()).collect();
    assert_eq!(names, ["r.obj", "r.mtl", "r_0.png"]);
}

#[test]
fn scale_multiplies_positions_and_mirrors_keep_winding() {
    let mesh = collision();
    for scale in [0.01f32, -2.0] {
        let opts = ExportOptions { scale, ..ExportOptions::new(ExportFormat::Glb) };
        let back = gltf::read(&convert::export_mesh(&mesh, "c", &opts).unwrap()[0].bytes, None).unwrap();
        let mut expected = mesh.clone();
        for o in &mut expected.objects {
            o.positions.iter_mut().for_each(|p| p.iter_mut().for_each(|c| *c *= scale));
            if scale < 0.0 {
                o.faces.iter_mut().for_each(|f| f.corners.reverse());
            }
        }
        assert_same_faces(&expected, &back);
    }
}

// ----- glTF-Validator

#[test]
fn every_export_passes_the_khronos_gltf_validator() {
    let dir = tempfile::tempdir().unwrap();
    let mut paths = Vec::new();
    let empty_groups = Mesh { groups: vec![Group::named("nothing")], ..Mesh::default() };
    let samples = [
        ("collision", collision()),
        ("rooms", rooms()),
        ("large", large()),
        ("empty", empty_groups),
        ("bare", Mesh::default()),
    ];
    for (name, mesh) in &samples {
        for format in [ExportFormat::Gltf, ExportFormat::Glb] {
            for file in convert::export_mesh(mesh, name, &ExportOptions::new(format)).unwrap() {
                let path = dir.path().join(&file.file_name);
                std::fs::write(&path, &file.bytes).unwrap();
                paths.push(path);
            }
        }
    }
    common::assert_valid_gltf(&paths);
}

#[test]
fn the_validator_check_can_fail() {
    // The test above is only worth something if a broken file makes the script fail.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.gltf");
    std::fs::write(&path, br#"{"asset":{"version":"2.0"},"nodes":[{"mesh":3}]}"#).unwrap();
    assert!(common::validator_fails_on(&path));
}

// ----- bad input

fn obj_error(text: &str) -> (usize, String) {
    match obj::read(text.as_bytes()) {
        Err(ImportError::Obj { line, problem }) => (line, problem),
        other => panic!("expected an OBJ error, got {other:?}"),
    }
}

#[test]
fn obj_errors_name_the_line() {
    let (line, problem) = obj_error("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 4\n");
    assert_eq!(line, 4);
    assert!(problem.contains("vertex index 4"), "{problem}");
    assert_eq!(obj_error("v 0 0 0\nv 1 0 0\nf 1 2 -3\n").0, 3);
    assert_eq!(obj_error("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 0 1 2\n").0, 4);
    assert_eq!(obj_error("v 0 zero 0\n").0, 1);
    assert_eq!(obj_error("v 0 0 nan\n").0, 1);
    assert_eq!(obj_error("v 0 0\n").0, 1);
    assert_eq!(obj_error("v 0 0 0\nv 1 0 0\nf 1 2\n").0, 3);
    assert_eq!(obj_error("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1/1 2 3\n").0, 4);
    assert_eq!(obj_error("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1/x 2 3\n").0, 4);
    assert_eq!(obj_error("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 99999999999999999999999\n").0, 4);
    match obj::read(b"v 0 0 0\nv 1 \xff 0\n") {
        Err(ImportError::Obj { line, problem }) => {
            assert_eq!((line, problem.as_str()), (2, "not UTF-8 text"))
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn obj_reads_negative_indices_ngons_and_group_statements() {
    let text = "\
# a quad with relative indices, then a pentagon
o level
v 0 0 0
v 1 0 0
v 1 0 1
v 0 0 1
v 2 0 2
vt 0 0
vn 0 1 0
g floor_00000000
f -5/1/1 -4/1/1 -3/1/1 -2/1/1
usemtl death
g
f 1 2 3 4 5
o other
usemtl wall_x
f 1 3 5
";
    let m = obj::read(text.as_bytes()).unwrap();
    assert_eq!(m.objects.len(), 2);
    let level = &m.objects[0];
    assert_eq!(level.name, "level");
    assert_eq!(level.faces[0].corners.len(), 4);
    assert_eq!(level.faces[1].corners.len(), 5);
    assert_eq!(m.groups[level.faces[0].group as usize].name, "floor_00000000");
    assert_eq!(level.faces[0].attribute, Some(0));
    assert_eq!(m.groups[level.faces[1].group as usize].name, "death");
    assert_eq!(level.faces[1].attribute, Some(0x0001_0000));
    // 4 corners with uv and normal, then 5 plain ones: a vertex per distinct (v, vt, vn).
    assert_eq!(level.positions.len(), 9);
    let other = &m.objects[1];
    assert_eq!(other.positions, [[0.0, 0.0, 0.0], [1.0, 0.0, 1.0], [2.0, 0.0, 2.0]]);
    assert_eq!(other.faces[0].attribute, Some(0x0001_0000), "HeroesPowerPlant letter code x: death");
    assert_eq!(m.triangulated().counts(), (2 + 3 + 1, 6, 0));
}

#[test]
fn obj_face_with_a_million_corners_is_linear_work() {
    let mut text = String::from("v 0 0 0\nv 1 0 0\nv 0 1 0\nf");
    for i in 0..1_000_000 {
        text.push_str(if i % 2 == 0 { " 1" } else { " -1" });
    }
    text.push('\n');
    let m = obj::read(text.as_bytes()).unwrap();
    assert_eq!(m.objects[0].faces[0].corners.len(), 1_000_000);
    // The two vertices the face uses (1 and -1, the last), then the second `v`, which no face uses, kept
    // so that it is counted.
    assert_eq!(m.objects[0].positions.len(), 3);
    assert_eq!(m.objects[0].positions[2], [1.0, 0.0, 0.0]);
}

fn gltf_error(json: &str) -> String {
    match gltf::read(json.as_bytes(), None) {
        Err(e) => e.to_string(),
        Ok(m) => panic!("expected an error, got {m:?}"),
    }
}

const TRIANGLE_BUFFER: &str = "AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAA";

#[test]
fn gltf_hostile_input_is_refused_with_a_path() {
    let doc = |accessor: &str, indices: &str, buffer_len: usize| {
        format!(
            r#"{{"asset":{{"version":"2.0"}},"scene":0,"scenes":[{{"nodes":[0]}}],"nodes":[{{"mesh":0}}],
            "meshes":[{{"primitives":[{{"attributes":{{"POSITION":0}}{indices}}}]}}],
            "accessors":[{accessor}],
            "bufferViews":[{{"buffer":0,"byteLength":36}}],
            "buffers":[{{"byteLength":{buffer_len},"uri":"data:application/octet-stream;base64,{TRIANGLE_BUFFER}"}}]}}"#
        )
    };
    let good = r#"{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3","min":[0,0,0],"max":[1,1,0]}"#;
    let m = gltf::read(doc(good, "", 36).as_bytes(), None).unwrap();
    assert_eq!(m.objects[0].faces[0].corners, [0, 1, 2]);
    let e = gltf_error(&doc(&good.replace("\"count\":3", "\"count\":4000000000"), "", 36));
    assert!(e.contains("accessors[0]") && e.contains("do not fit"), "{e}");
    let e = gltf_error(&doc(good, "", 64));
    assert!(e.contains("buffers[0]"), "{e}");
    let e = gltf_error(&doc(&good.replace("VEC3", "VEC2"), "", 36));
    assert!(e.contains("POSITION"), "{e}");
    let e = gltf_error(&doc(good, r#","indices":1"#, 36).replace(
        "\"type\":\"VEC3\",\"min\":[0,0,0],\"max\":[1,1,0]}",
        "\"type\":\"VEC3\",\"min\":[0,0,0],\"max\":[1,1,0]},{\"bufferView\":0,\"byteOffset\":12,\"componentType\":5125,\"count\":3,\"type\":\"SCALAR\"}",
    ));
    assert!(e.contains("indices") && e.contains("vertices"), "{e}");
    assert!(gltf_error("{not json").contains("not glTF JSON"));
    // Used to panic inside gltf-json's validation (an unchecked index).
    let e = gltf_error(&doc(good, "", 36).replace(r#""POSITION":0"#, r#""POSITION":63"#));
    assert!(e.contains("meshes[0].primitives[0].attributes.POSITION"), "{e}");
    let external = doc(good, "", 36)
        .replace(&format!("data:application/octet-stream;base64,{TRIANGLE_BUFFER}"), "../../etc/passwd");
    assert!(gltf::read(external.as_bytes(), Some(Path::new("/tmp")))
        .unwrap_err()
        .to_string()
        .contains("leaves"));
}

/// Buffers and images name their bytes by uri through one reader: each way it refuses, at the buffer's
/// path, and a percent-encoded file name beside the document read.
#[test]
fn gltf_buffer_uris_are_read_or_refused_naming_the_buffer() {
    let good = r#"{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3","min":[0,0,0],"max":[1,1,0]}"#;
    let with_uri = |uri: &str| {
        format!(
            r#"{{"asset":{{"version":"2.0"}},"scene":0,"scenes":[{{"nodes":[0]}}],"nodes":[{{"mesh":0}}],
            "meshes":[{{"primitives":[{{"attributes":{{"POSITION":0}}}}]}}],"accessors":[{good}],
            "bufferViews":[{{"buffer":0,"byteLength":36}}],"buffers":[{{"byteLength":36,"uri":"{uri}"}}]}}"#
        )
    };
    let dir = tempfile::tempdir().unwrap();
    // TRIANGLE_BUFFER's bytes: (0,0,0), (1,0,0), (0,1,0) as little-endian f32.
    let bytes: Vec<u8> =
        [0f32, 0., 0., 1., 0., 0., 0., 1., 0.].iter().flat_map(|f| f.to_le_bytes()).collect();
    std::fs::write(dir.path().join("tri angle.bin"), &bytes).unwrap();
    let m = gltf::read(with_uri("tri%20angle.bin").as_bytes(), Some(dir.path())).unwrap();
    assert_eq!(m.objects[0].faces[0].corners, [0, 1, 2]);
    for (uri, folder, expected) in [
        ("data:application/octet-stream;base64,@@@@", None, "data URI has bad base64"),
        ("data:application/octet-stream,abc", None, "data URI is not base64"),
        ("tri%20angle.bin", None, "refers to \"tri%20angle.bin\" but no folder was given"),
        ("tri%2", Some(dir.path()), "uri \"tri%2\" is malformed"),
        ("sub/../../x.bin", Some(dir.path()), "leaves the file's folder"),
    ] {
        let e = gltf::read(with_uri(uri).as_bytes(), folder).unwrap_err().to_string();
        assert!(e.contains("buffers[0]") && e.contains(expected), "{uri}: {e}");
    }
}

#[test]
fn gltf_node_transforms_apply_and_deep_nesting_is_refused() {
    let chain = |depth: usize, translate: &str| {
        let nodes: Vec<String> = (0..depth)
            .map(|i| {
                if i + 1 < depth {
                    format!(r#"{{"children":[{}],{translate}}}"#, i + 1)
                } else {
                    format!(r#"{{"mesh":0,{translate}}}"#)
                }
            })
            .collect();
        format!(
            r#"{{"asset":{{"version":"2.0"}},"scenes":[{{"nodes":[0]}}],"nodes":[{}],
            "meshes":[{{"primitives":[{{"attributes":{{"POSITION":0}}}}]}}],
            "accessors":[{{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3","min":[0,0,0],"max":[1,1,0]}}],
            "bufferViews":[{{"buffer":0,"byteLength":36}}],
            "buffers":[{{"byteLength":36,"uri":"data:application/octet-stream;base64,{TRIANGLE_BUFFER}"}}]}}"#,
            nodes.join(",")
        )
    };
    let m = gltf::read(chain(3, r#""translation":[1,0,0]"#).as_bytes(), None).unwrap();
    assert_eq!(m.objects[0].positions[0], [3.0, 0.0, 0.0]);
    // A mirroring scale reverses the ring so the face still faces the same way.
    let m = gltf::read(chain(1, r#""scale":[-1,1,1]"#).as_bytes(), None).unwrap();
    assert_eq!(m.objects[0].faces[0].corners, [0, 2, 1]);
    let m =
        gltf::read(chain(2, r#""matrix":[2,0,0,0, 0,2,0,0, 0,0,2,0, 0,0,5,1]"#).as_bytes(), None).unwrap();
    assert_eq!(m.objects[0].positions[1], [4.0, 0.0, 15.0]);
    let e = gltf::read(chain(200, r#""translation":[1,0,0]"#).as_bytes(), None).unwrap_err().to_string();
    assert!(e.contains("deeper"), "{e}");
}

#[test]
fn glb_container_errors_name_the_offset() {
    let glb = gltf::write_glb(&collision()).unwrap();
    for cut in [3, 11, 15, 20, glb.len() - 1] {
        let mut bad = glb[..cut].to_vec();
        if cut >= 12 {
            bad[8..12].copy_from_slice(&u32::try_from(cut).unwrap().to_le_bytes());
        }
        assert!(gltf::read(&bad, None).is_err(), "cut at {cut}");
    }
    let mut bad = glb.clone();
    bad[4] = 1;
    assert!(gltf::read(&bad, None).unwrap_err().to_string().contains("version"));
}

#[test]
fn empty_meshes_export_and_import() {
    for mesh in [Mesh::default(), Mesh { groups: vec![Group::named("nothing")], ..Mesh::default() }] {
        assert_eq!(gltf::read(&gltf::write_glb(&mesh).unwrap(), None).unwrap().objects, []);
        assert_eq!(gltf::read(&gltf::write_gltf(&mesh).unwrap(), None).unwrap().objects, []);
        assert_eq!(obj::read(&obj::write(&mesh, "e").unwrap()[0].bytes).unwrap().objects, []);
    }
}

#[test]
fn import_file_reads_by_content_and_extension() {
    let dir = tempfile::tempdir().unwrap();
    for format in [ExportFormat::Obj, ExportFormat::Gltf, ExportFormat::Glb] {
        let files = convert::export_mesh(&collision(), "c", &ExportOptions::new(format)).unwrap();
        for f in &files {
            levelkit::io::write_atomic(&dir.path().join(&f.file_name), &f.bytes).unwrap();
        }
        let m = convert::import_file(&dir.path().join(&files[0].file_name)).unwrap();
        assert_same_faces(&collision(), &m);
    }
    std::fs::write(dir.path().join("x.txt"), "hello").unwrap();
    assert!(matches!(convert::import_file(&dir.path().join("x.txt")), Err(ImportError::UnknownKind(_))));
}

/// Deterministic mutations of real exports: import must answer with a mesh or an error, never panic, and
/// whatever it accepts must export again.
#[test]
fn mutated_files_never_panic() {
    let mut rng = levelkit::rng::Rng::new(0x5eed);
    let seeds = [
        gltf::write_glb(&rooms()).unwrap(),
        gltf::write_gltf(&rooms()).unwrap(),
        gltf::write_glb(&collision()).unwrap(),
        obj::write(&rooms(), "r").unwrap().remove(0).bytes,
    ];
    // LEVELKIT_MUTATIONS raises the count for a longer hunt.
    let rounds: usize = std::env::var("LEVELKIT_MUTATIONS").ok().and_then(|v| v.parse().ok()).unwrap_or(300);
    for seed in &seeds {
        for _ in 0..rounds {
            let mut data = seed.clone();
            for _ in 0..=rng.below(4) {
                let at = rng.index(data.len());
                match rng.below(3) {
                    0 => data[at] = rng.below_u8(256),
                    1 => data[at] = b"0123456789-.e,[]{}\"/ \n"[rng.index(20)],
                    _ => data.truncate(at),
                }
                if data.is_empty() {
                    break;
                }
            }
            for mesh in [gltf::read(&data, None).ok(), obj::read(&data).ok()].into_iter().flatten() {
                if let Ok(files) = convert::export_mesh(&mesh, "m", &ExportOptions::new(ExportFormat::Glb)) {
                    gltf::read(&files[0].bytes, None).expect("an exported mesh imports");
                }
            }
        }
    }
}

/// Replaces one number, chosen by `pick`, anywhere in a JSON tree; returns how many numbers it saw.
fn replace_number(v: &mut serde_json::Value, pick: &mut i64, with: &serde_json::Value) {
    match v {
        serde_json::Value::Number(_) => {
            if *pick == 0 {
                *v = with.clone();
            }
            *pick -= 1;
        }
        serde_json::Value::Array(a) => a.iter_mut().for_each(|x| replace_number(x, pick, with)),
        serde_json::Value::Object(o) => o.values_mut().for_each(|x| replace_number(x, pick, with)),
        _ => {}
    }
}

/// Structural mutations: any number of a valid glTF (indices, counts, offsets, strides, modes, component
/// types) set to a hostile value. Import must not panic.
#[test]
fn hostile_numbers_in_gltf_never_panic() {
    let seed: serde_json::Value = serde_json::from_slice(&gltf::write_gltf(&rooms()).unwrap()).unwrap();
    let mut count = i64::MAX;
    replace_number(&mut seed.clone(), &mut count, &serde_json::Value::Null);
    let numbers = i64::MAX - count;
    let hostile = [
        0i64,
        1,
        2,
        3,
        4,
        5,
        7,
        63,
        255,
        5120,
        5121,
        5122,
        5123,
        5125,
        5126,
        65535,
        65536,
        -1,
        4294967295,
        4294967296,
        9007199254740991,
    ];
    let mut rng = levelkit::rng::Rng::new(0xbad);
    for round in 0..numbers * 3 {
        let mut doc = seed.clone();
        // First every number once with each of a few values, then random pairs.
        let mut pick = round % numbers;
        let with = serde_json::Value::from(hostile[rng.index(hostile.len())]);
        replace_number(&mut doc, &mut pick, &with);
        if round >= numbers {
            let mut pick = rng.below(numbers as u64) as i64;
            replace_number(&mut doc, &mut pick, &serde_json::Value::from(hostile[rng.index(hostile.len())]));
        }
        let _ = gltf::read(&serde_json::to_vec(&doc).unwrap(), None);
    }
}

/// A GLB of `json` and `bin`, each chunk padded to four bytes as the container asks.
fn glb(json: &str, bin: &[u8]) -> Vec<u8> {
    let mut json = json.as_bytes().to_vec();
    json.resize(json.len().next_multiple_of(4), b' ');
    let mut bin = bin.to_vec();
    bin.resize(bin.len().next_multiple_of(4), 0);
    let total = 12 + 8 + json.len() + 8 + bin.len();
    let mut out = b"glTF".to_vec();
    for word in [2, total] {
        out.extend_from_slice(&u32::try_from(word).unwrap().to_le_bytes());
    }
    for (kind, chunk) in [(b"JSON", &json), (b"BIN\0", &bin)] {
        out.extend_from_slice(&u32::try_from(chunk.len()).unwrap().to_le_bytes());
        out.extend_from_slice(kind);
        out.extend_from_slice(chunk);
    }
    out
}

#[test]
fn many_custom_attributes_over_one_accessor_stay_in_the_import_budget() {
    // 1,025 custom attributes naming one 131,072-vertex accessor: 2^27 + 2^17 values from a 2.5 MB file.
    // Each used to be copied in full, a gigabyte without a check.
    let vertices = 1usize << 17;
    let mut bin = vec![0u8; vertices * 12];
    bin.resize(vertices * 20, 1);
    let attributes: Vec<String> = (0..1025).map(|i| format!(r#","_A{i}":1"#)).collect();
    let json = format!(
        r#"{{"asset":{{"version":"2.0"}},"scene":0,"scenes":[{{"nodes":[0]}}],"nodes":[{{"mesh":0}}],
        "meshes":[{{"primitives":[{{"mode":0,"attributes":{{"POSITION":0{}}}}}]}}],
        "accessors":[{{"bufferView":0,"componentType":5126,"count":{vertices},"type":"VEC3","min":[0,0,0],"max":[0,0,0]}},
                     {{"bufferView":1,"componentType":5123,"count":{vertices},"type":"VEC4"}}],
        "bufferViews":[{{"buffer":0,"byteLength":{}}},{{"buffer":0,"byteOffset":{},"byteLength":{}}}],
        "buffers":[{{"byteLength":{}}}]}}"#,
        attributes.concat(),
        vertices * 12,
        vertices * 12,
        vertices * 8,
        vertices * 20
    );
    let e = gltf::read(&glb(&json, &bin), None).unwrap_err().to_string();
    assert!(e.contains("vertices and corners in all") && e.contains("attributes._A"), "{e}");
}
