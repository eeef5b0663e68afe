use super::*;

// Scenes from a mesh editor that keeps faces whole (the Blender add-on), and what a build refuses or reports.
mod editor;
use crate::convert::{document_mesh, gltf, ExportFormat, ExportOptions};
use crate::document::Document;
use crate::reptar::generate::{generate, Options};

fn export_glb(level: &Level) -> Vec<u8> {
    let mesh =
        document_mesh(&Document::Reptar(level.clone()), &ExportOptions::new(ExportFormat::Glb)).unwrap();
    gltf::write_glb(&mesh).unwrap()
}

fn scene_of(glb: &[u8]) -> SceneInput {
    SceneInput::Mesh { mesh: gltf::read_textured(glb, None).unwrap(), from_triangles: true }
}

fn build_with(level: &Level, base: Option<&Level>) -> Built {
    let options = BuildOptions { base, ..BuildOptions::default() };
    build(&scene_of(&export_glb(level)), &options).unwrap()
}

#[test]
fn unedited_generated_levels_come_back_byte_for_byte() {
    for (seed, oddities) in [(1, false), (2, false), (3, true), (4, true), (7, true)] {
        let level = generate(&Options { oddities, ceilings: seed % 2 == 0, ..Options::small(seed) });
        let built = build_with(&level, Some(&level));
        assert_eq!(built.level, level, "seed {seed}");
        let bytes = checked_bytes(&built.level, Some(&level)).unwrap();
        assert_eq!(bytes, level.to_bytes().unwrap(), "seed {seed}");
        assert_eq!(built.report.rooms_unchanged, level.rooms.len());
        assert_eq!(built.report.new_faces, 0);
        // Without the base: the same world faces and portals.
        let alone = build_with(&level, None);
        checked_bytes(&alone.level, None).unwrap();
        for r in 0..level.rooms.len() {
            assert_eq!(world(&alone.level, r), world(&level, r), "seed {seed} room {r}");
        }
        assert_eq!(alone.level.portals, level.portals, "seed {seed}");
    }
}

type FaceSummary = (FaceKind, Vec<([i32; 3], [u8; 4])>, u16, u16);

/// A room's world faces (positions and colours in Z order, texture, flags), sorted.
fn world(level: &Level, room: usize) -> Vec<FaceSummary> {
    let mut v: Vec<FaceSummary> = level
        .room_world_faces(room)
        .map(|f| (f.kind, f.corners().iter().map(|c| (c.position, c.colour)).collect(), f.texture, f.flags))
        .collect();
    v.sort_by(|a, b| format!("{a:?}").cmp(&format!("{b:?}")));
    v
}

fn shifted(faces: Vec<FaceSummary>, dx: i32) -> Vec<FaceSummary> {
    let mut out: Vec<FaceSummary> = faces
        .into_iter()
        .map(|(k, c, t, f)| (k, c.into_iter().map(|(p, col)| ([p[0] + dx, p[1], p[2]], col)).collect(), t, f))
        .collect();
    out.sort_by(|a, b| format!("{a:?}").cmp(&format!("{b:?}")));
    out
}

#[test]
fn obj_scenes_keep_positions_rings_textures_and_flags() {
    let level = generate(&Options::small(5));
    let files = crate::convert::export_document(
        &Document::Reptar(level.clone()),
        "l",
        &ExportOptions::new(ExportFormat::Obj),
    )
    .unwrap();
    let mesh = crate::convert::obj::read(&files[0].bytes).unwrap();
    let input = SceneInput::Mesh { mesh, from_triangles: false };
    let built = build(&input, &BuildOptions { base: Some(&level), ..BuildOptions::default() }).unwrap();
    checked_bytes(&built.level, Some(&level)).unwrap();
    // OBJ has no place for colours above 0x80 or flash bytes: compare them clipped as the export does.
    let clip = |faces: Vec<FaceSummary>| -> Vec<FaceSummary> {
        let mut v: Vec<FaceSummary> = faces
            .into_iter()
            .map(|(k, c, t, f)| {
                (
                    k,
                    c.into_iter()
                        .map(|(p, col)| (p, [0, 1, 2].map(|j| col[j].saturating_add(col[3]).min(128))))
                        .map(|(p, c)| (p, [c[0], c[1], c[2], 0]))
                        .collect(),
                    t,
                    f,
                )
            })
            .collect();
        v.sort_by(|a, b| format!("{a:?}").cmp(&format!("{b:?}")));
        v
    };
    for r in 0..level.rooms.len() {
        assert_eq!(clip(world(&built.level, r)), clip(world(&level, r)), "room {r}");
    }
    assert_eq!(built.level.portals, level.portals);
}

/// A 16×16 checker of two colours.
fn checker() -> crate::mesh::Image {
    let mut rgba = Vec::new();
    for y in 0..16 {
        for x in 0..16 {
            rgba.extend_from_slice(if (x / 4 + y / 4) % 2 == 0 {
                &[248, 0, 248, 255]
            } else {
                &[0, 248, 0, 255]
            });
        }
    }
    crate::mesh::Image { name: "decal".into(), width: 16, height: 16, rgba }
}

#[test]
fn edited_scenes_build_with_their_changes() {
    use crate::mesh::{Face, Group};
    let level = generate(&Options::small(6));
    let vram = crate::reptar::generate::vram();
    let mut mesh = gltf::read_textured(&export_glb(&level), None).unwrap();
    let object = |mesh: &mut Mesh, name: &str| mesh.objects.iter().position(|o| o.name == name).unwrap();
    // Room 2 moves 1000 units along x.
    let r2 = object(&mut mesh, "room_02");
    mesh.objects[r2].positions.iter_mut().for_each(|p| p[0] += 1000.0);
    // Room 1's first face turns red.
    let r1 = object(&mut mesh, "room_01");
    // Every corner of the face the object's first triangle is part of (same blob, same face).
    let o1 = &mesh.objects[r1];
    let id = |c: u32| {
        let (v, f) = (o1.data("REPTAR_VERTEX").unwrap(), o1.data("REPTAR_FACE").unwrap());
        (v[c as usize][0], f[c as usize][0])
    };
    let target = id(o1.faces[0].corners[0]);
    let mut recoloured: Vec<u32> =
        o1.faces.iter().flat_map(|f| f.corners.clone()).filter(|&c| id(c) == target).collect();
    recoloured.sort_unstable();
    recoloured.dedup();
    for &c in &recoloured {
        mesh.objects[r1].colours.as_mut().unwrap()[c as usize] = [1.0, 0.0, 0.0, 1.0];
    }
    let red_corners: Vec<[i32; 3]> = recoloured
        .iter()
        .map(|&c| {
            let p = mesh.objects[r1].positions[c as usize];
            [p[0], -p[1], -p[2]].map(crate::num::SaturatingFrom::saturating_from)
        })
        .collect();
    // Room 0 gets a new double-sided quad with its own texture, above its floor.
    let r0 = object(&mut mesh, "room_00");
    let c = level.rooms[0].record.centre;
    mesh.images.push(checker());
    let mut decal = Group::named("decal");
    decal.texture = Some(u32::try_from(mesh.images.len() - 1).unwrap());
    decal.double_sided = true;
    mesh.groups.push(decal);
    let group = u32::try_from(mesh.groups.len() - 1).unwrap();
    let o = &mut mesh.objects[r0];
    let first = u32::try_from(o.positions.len()).unwrap();
    let (x, y, z) = (c[0] as f32, -(c[1] as f32) - 100.0, -(c[2] as f32));
    for (dx, dz, uv) in [
        (-200.0, -200.0, [0.0, 0.0]),
        (200.0, -200.0, [1.0, 0.0]),
        (200.0, 200.0, [1.0, 1.0]),
        (-200.0, 200.0, [0.0, 1.0]),
    ] {
        o.positions.push([x + dx, y, z + dz]);
        o.colours.as_mut().unwrap().push([1.0; 4]);
        o.uvs.as_mut().unwrap().push(uv);
        o.data.iter_mut().for_each(|d| d.values.push(crate::mesh::NO_DATA));
    }
    o.faces.push(Face {
        corners: vec![first, first + 1, first + 2, first + 3],
        group,
        attribute: None,
        flags: 0,
    });
    // Through a GLB and back, as an editor would hand it over.
    let input = scene_of(&gltf::write_glb(&mesh).unwrap());
    let built = build(
        &input,
        &BuildOptions { base: Some(&level), vram: Some(&vram), scale: 1.0, ..BuildOptions::default() },
    )
    .unwrap();
    checked_bytes(&built.level, Some(&level)).unwrap();
    let out = &built.level;
    assert_eq!(world(out, 2), shifted(world(&level, 2), 1000), "room 2 moved");
    for r in 3..level.rooms.len() {
        assert_eq!(out.rooms[r], level.rooms[r], "room {r} untouched");
    }
    let red: Vec<_> = out
        .room_world_faces(1)
        .filter(|f| f.corners().iter().all(|c| c.colour == [128, 0, 0, 0]))
        .map(|f| f.corners().iter().map(|c| c.position).collect::<Vec<_>>())
        .collect();
    assert_eq!(red.len(), 1, "one face recoloured");
    assert!(red_corners.iter().all(|p| red[0].contains(p)), "{red:?} {red_corners:?}");
    assert_eq!(world(out, 1).len(), world(&level, 1).len());
    // The new quad: a quad with a new entry whose texels are the checker in the VRAM written.
    let new_face = out.room_world_faces(0).find(|f| usize::from(f.texture) >= level.textures.len()).unwrap();
    assert_eq!((new_face.kind, new_face.flags), (FaceKind::Quad, crate::reptar::FLAG_DOUBLE_SIDED));
    let e = out.textures[usize::from(new_face.texture)];
    let dump = built.vram.clone().unwrap();
    let (_, p) = &built.report.new_textures[0];
    assert_eq!((p.tpage, p.clut, p.bits), (e.tpage, e.clut, 4));
    let image = checker();
    for v in 0..16u8 {
        for u in 0..16u8 {
            let i = (usize::from(v) * 16 + usize::from(u)) * 4;
            let want = crate::psx::vram::pack15(
                image.rgba[i] >> 3,
                image.rgba[i + 1] >> 3,
                image.rgba[i + 2] >> 3,
                false,
            );
            let got = dump.texel(
                crate::psx::vram::Tpage(e.tpage),
                crate::psx::vram::Clut(e.clut),
                p.u + u,
                p.v + v,
            );
            assert_eq!(got, want, "texel ({u}, {v})");
        }
    }
    let mut texels: Vec<[u8; 2]> = e.uvs().to_vec();
    texels.sort_unstable();
    assert_eq!(texels, [[p.u, p.v], [p.u, p.v + 15], [p.u + 15, p.v], [p.u + 15, p.v + 15]]);
    // The texture's VRAM did not overlap anything the level or the dump had.
    assert!(vram.words().iter().zip(dump.words()).all(|(a, b)| *a == 0 || a == b));
    // And it renders: the room with the quad shows the checker's magenta, the original does not.
    let render = |level: &Level| {
        let options = crate::render::RenderOptions {
            rooms: Some(vec![0]),
            vram: Some(dump.to_dump()),
            camera: Some(crate::render::ViewPoint {
                position: [f64::from(c[0]), f64::from(c[1]) - 200.0, f64::from(c[2]) - 400.0],
                look: [f64::from(c[0]), f64::from(c[1]) + 100.0, f64::from(c[2])],
            }),
            ..crate::render::RenderOptions::default()
        };
        crate::render::reptar::render_level(level, &options).unwrap().image
    };
    let magenta = |image: &crate::psx::image::RgbImage| {
        image.pixels.chunks_exact(3).filter(|p| p[0] > 200 && p[1] < 60 && p[2] > 200).count()
    };
    assert!(magenta(&render(out)) > 100, "the quad is drawn");
    assert_eq!(magenta(&render(&level)), 0);
}

/// The error a scene gives, built on a base whose table has one entry.
fn error_of(mesh: Mesh, from_triangles: bool) -> String {
    let input = SceneInput::Mesh { mesh, from_triangles };
    let base = Level { textures: vec![crate::reptar::TextureEntry::default()], ..Level::default() };
    build(&input, &BuildOptions { base: Some(&base), ..BuildOptions::default() }).unwrap_err().to_string()
}

/// An OBJ scene, read as the CLI reads one.
fn obj(text: &str) -> Mesh {
    crate::convert::obj::read(text.as_bytes()).unwrap()
}

#[test]
fn bad_scenes_say_what_is_wrong() {
    // No rooms: only a line object.
    let e = error_of(obj("v 0 0 0\nv 1 0 0\no wire\nl 1 2\n"), false);
    assert!(e.contains("the scene has no rooms"), "{e}");
    // A room 70,000 units wide.
    let e = error_of(obj("o room_00\nusemtl texture_0\nv 0 0 0\nv 70000 0 0\nv 0 0 -10\nf 1 2 3\n"), false);
    assert!(
        e.contains("beyond the s16 range") && e.contains("room_00") && e.contains("split the room"),
        "{e}"
    );
    assert!(!e.contains("--"), "the library names no flag: {e}");
    assert!(e.contains("lies 2232 units beyond"), "{e}");
    // A 300-corner fan.
    let mut text = String::from("o room_00\n");
    for k in 0..300 {
        let a = f64::from(k) / 300.0 * std::f64::consts::TAU;
        text.push_str(&format!("v {} 0 {}\n", 100.0 * libm::cos(a), 100.0 * libm::sin(a)));
    }
    text.push_str(&format!("f {}\n", (1..=300).map(|i| i.to_string()).collect::<Vec<_>>().join(" ")));
    let e = error_of(obj(&text), false);
    assert!(e.contains("face 0 has 300 corners"), "{e}");
    // A portal to a room that is not there.
    let rooms = "o room_00\nusemtl texture_0\nv 0 0 0\nv 100 0 0\nv 0 0 -100\nf 1 2 3\n";
    let portal = "o portal_00_to_7\nv 0 0 0\nv 0 100 0\nv 0 100 100\nv 0 0 100\nl 4 5 6 7 4\n";
    let e = error_of(obj(&format!("{rooms}{portal}")), false);
    assert!(e.contains("leads to room 7, which the scene does not have"), "{e}");
    // A texture larger than a page.
    let mut mesh =
        obj("o room_00\nusemtl big\nv 0 0 0\nv 100 0 0\nv 0 0 -100\nvt 0 0\nvt 1 0\nvt 0 1\nf 1/1 2/2 3/3\n");
    mesh.images.push(crate::mesh::Image {
        name: "big".into(),
        width: 300,
        height: 8,
        rgba: vec![255; 300 * 8 * 4],
    });
    mesh.groups[0].texture = Some(0);
    let e = error_of(mesh, false);
    assert!(e.contains("larger than a texture page"), "{e}");
    // A face with no texture at all.
    let e = error_of(obj("o room_00\nv 0 0 0\nv 100 0 0\nv 0 0 -100\nf 1 2 3\n"), false);
    assert!(e.contains("face 0 has no texture"), "{e}");
}

#[test]
fn quads_are_found_in_triangle_pairs_and_polygons() {
    use crate::reptar::TextureEntry;
    let base = Level { textures: vec![TextureEntry::default()], ..Level::default() };
    let scene = |text: &str, from_triangles: bool| {
        let input = SceneInput::Mesh { mesh: obj(text), from_triangles };
        build(&input, &BuildOptions { base: Some(&base), ..BuildOptions::default() }).unwrap().level
    };
    let square = "o room_00\nusemtl texture_0\nv 0 0 0\nv 256 0 0\nv 256 0 -256\nv 0 0 -256\n";
    // A planar convex 4-gon is a quad, in Z order: ring 0 1 3 2 of the game's winding.
    let level = scene(&format!("{square}f 1 2 3 4\n"), false);
    assert_eq!((level.quad_count(), level.triangle_count()), (1, 0));
    let f = level.world_faces().next().unwrap();
    let ring: Vec<[i32; 3]> = f.ring().map(|c| c.position).collect();
    // Mesh ring 1 2 3 4 is the game's 1 4 3 2; (x, -y, -z).
    assert_eq!(ring, [[0, 0, 0], [0, 0, 256], [256, 0, 256], [256, 0, 0]]);
    // Two triangles of it, from a format of triangles, join; from OBJ they stay triangles.
    let tris = format!("{square}f 1 2 3\nf 1 3 4\n");
    assert_eq!(scene(&tris, true).quad_count(), 1);
    assert_eq!(scene(&tris, false).triangle_count(), 2);
    // A bent or concave 4-gon is a quad too; two triangles joined into a concave one stay triangles, a bent
    // convex pair is a quad.
    let bent = "o room_00\nusemtl texture_0\nv 0 0 0\nv 256 0 0\nv 256 40 -256\nv 0 0 -256\n";
    assert_eq!(scene(&format!("{bent}f 1 2 3 4\n"), false).quad_count(), 1);
    assert_eq!(scene(&format!("{bent}f 1 2 3\nf 1 3 4\n"), true).quad_count(), 1);
    let dart = "o room_00\nusemtl texture_0\nv 0 0 0\nv 256 0 0\nv 60 0 -60\nv 0 0 -256\n";
    assert_eq!(scene(&format!("{dart}f 1 2 3 4\n"), false).quad_count(), 1);
    assert_eq!(scene(&format!("{dart}f 1 2 3\nf 1 3 4\n"), true).triangle_count(), 2);
    // A pentagon is three triangles; blobs split at 256 vertices.
    let penta = "o room_00\nusemtl texture_0\nv 0 0 0\nv 100 0 0\nv 130 0 -80\nv 50 0 -130\nv -30 0 -80\nf 1 2 3 4 5\n";
    assert_eq!(scene(penta, false).triangle_count(), 3);
    let mut many = String::from("o room_00\nusemtl texture_0\n");
    for k in 0..200 {
        many.push_str(&format!("v {} 0 0\nv {} 0 -10\nv {} 10 0\nf -3 -2 -1\n", k * 20, k * 20, k * 20 + 10));
    }
    let level = scene(&many, false);
    assert_eq!(level.rooms[0].blobs.len(), 3);
    assert!(level.rooms[0].blobs.iter().all(|b| b.vertices.len() <= 256));
    checked_bytes(&level, None).unwrap();
}

/// Seeds of the real-world generator the round trips run over.
const REAL_WORLD_SEEDS: std::ops::Range<u64> = 0..24;

fn real_world(seed: u64) -> Level {
    generate(&Options { ceilings: seed % 3 == 0, ..Options::real_world(seed) })
}

fn export_mesh(level: &Level) -> Mesh {
    document_mesh(&Document::Reptar(level.clone()), &ExportOptions::new(ExportFormat::Glb)).unwrap()
}

#[test]
fn real_world_levels_come_back_byte_for_byte_through_glb_and_gltf() {
    for seed in REAL_WORLD_SEEDS {
        let level = real_world(seed);
        let original = level.to_bytes().unwrap();
        let mesh = export_mesh(&level);
        let files = [("glb", gltf::write_glb(&mesh).unwrap()), ("gltf", gltf::write_gltf(&mesh).unwrap())];
        for (format, file) in files {
            let input =
                SceneInput::Mesh { mesh: gltf::read_textured(&file, None).unwrap(), from_triangles: true };
            let built =
                build(&input, &BuildOptions { base: Some(&level), ..BuildOptions::default() }).unwrap();
            let bytes = checked_bytes(&built.level, Some(&level)).unwrap();
            for r in 0..level.rooms.len() {
                assert_eq!(built.level.rooms[r], level.rooms[r], "{format} seed {seed} room {r}");
            }
            assert_eq!(bytes, original, "{format} seed {seed}");
            let report = &built.report;
            assert_eq!(report.rooms_unchanged, level.rooms.len(), "{format} seed {seed}");
            assert_eq!((report.new_faces, report.new_texture_entries), (0, 0), "{format} seed {seed}");
        }
        // Without the base: the same world faces and portals.
        let alone = build(&scene_of(&gltf::write_glb(&mesh).unwrap()), &BuildOptions::default()).unwrap();
        checked_bytes(&alone.level, None).unwrap();
        assert_eq!(alone.level.rooms.len(), level.rooms.len(), "seed {seed}");
        for r in 0..level.rooms.len() {
            assert_eq!(world(&alone.level, r), world(&level, r), "seed {seed} room {r}");
        }
        assert_eq!(alone.level.portals, level.portals, "seed {seed}");
    }
}

/// The `rooms` graph without what OBJ cannot keep (blob splits, vertices no face uses).
fn graph_through_obj(level: &Level) -> crate::reptar::RoomGraph {
    let mut graph = crate::reptar::RoomGraph::new(level);
    for room in &mut graph.rooms {
        (room.blobs, room.vertices) = (0, 0);
    }
    graph
}

/// World faces with colours as OBJ carries them: above 0x80 and flash bytes do not survive.
fn clipped(faces: Vec<FaceSummary>) -> Vec<FaceSummary> {
    let mut v: Vec<FaceSummary> = faces
        .into_iter()
        .map(|(k, c, t, f)| {
            let clip = |col: [u8; 4]| {
                let [r, g, b] = [0, 1, 2].map(|j| col[j].saturating_add(col[3]).min(128));
                [r, g, b, 0]
            };
            (k, c.into_iter().map(|(p, col)| (p, clip(col))).collect(), t, f)
        })
        .collect();
    v.sort_by(|a, b| format!("{a:?}").cmp(&format!("{b:?}")));
    v
}

fn obj_scene(level: &Level) -> SceneInput {
    let files = crate::convert::export_document(
        &Document::Reptar(level.clone()),
        "l",
        &ExportOptions::new(ExportFormat::Obj),
    )
    .unwrap();
    SceneInput::Mesh { mesh: crate::convert::obj::read(&files[0].bytes).unwrap(), from_triangles: false }
}

#[test]
fn real_world_levels_come_back_through_obj_with_the_same_world_faces_rooms_and_portals() {
    for seed in REAL_WORLD_SEEDS {
        let level = real_world(seed);
        let built =
            build(&obj_scene(&level), &BuildOptions { base: Some(&level), ..BuildOptions::default() })
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        checked_bytes(&built.level, Some(&level)).unwrap();
        let out = &built.level;
        assert_eq!(out.rooms.len(), level.rooms.len(), "seed {seed}");
        for r in 0..level.rooms.len() {
            assert_eq!(clipped(world(out, r)), clipped(world(&level, r)), "seed {seed} room {r}");
            assert_eq!(out.rooms[r].record, level.rooms[r].record, "seed {seed} room {r}");
        }
        assert_eq!(out.portals, level.portals, "seed {seed}");
        assert_eq!(out.textures, level.textures, "seed {seed}: no texture entry added");
        assert_eq!(graph_through_obj(out), graph_through_obj(&level), "seed {seed}");
    }
}

#[test]
fn empty_rooms_are_objects_both_ways() {
    let level = real_world(1);
    let last = level.rooms.len() - 1;
    let name = format!("room_{last:02}");
    let mesh = export_mesh(&level);
    // glTF: a node without a mesh, read back as an object without faces.
    let back = gltf::read_textured(&gltf::write_glb(&mesh).unwrap(), None).unwrap();
    let object = back.objects.iter().find(|o| o.name == name).expect("the empty room's node");
    assert!(object.faces.is_empty());
    assert_eq!(object.extras.as_ref().and_then(|e| e.get("room")), Some(&serde_json::json!(last)));
    // OBJ: `o room_NN` with no faces, read back as an object.
    let SceneInput::Mesh { mesh: obj_mesh, .. } = obj_scene(&level) else { unreachable!() };
    assert!(obj_mesh.objects.iter().any(|o| o.name == name && o.faces.is_empty()));
    // With the base, a scene without the room (deleted in the editor) still has it: the portals lead there.
    let mut without = mesh.clone();
    without.objects.retain(|o| o.name != name);
    without.extras = None;
    let input = SceneInput::Mesh { mesh: without.clone(), from_triangles: true };
    let built = build(&input, &BuildOptions { base: Some(&level), ..BuildOptions::default() }).unwrap();
    assert_eq!(built.level.rooms[last], level.rooms[last]);
    // Without it, that portal is still an error.
    let e = build(&SceneInput::Mesh { mesh: without, from_triangles: true }, &BuildOptions::default())
        .unwrap_err();
    assert!(e.to_string().contains(&format!("leads to room {last}, which the scene does not have")), "{e}");
}

/// Every leaf of a JSON value that differs between two values, by path.
fn changed_paths(a: &serde_json::Value, b: &serde_json::Value, path: String, out: &mut Vec<String>) {
    use serde_json::Value;
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for key in x.keys().chain(y.keys().filter(|k| !x.contains_key(*k))) {
                let (p, q) = (x.get(key).unwrap_or(&Value::Null), y.get(key).unwrap_or(&Value::Null));
                changed_paths(p, q, format!("{path}.{key}"), out);
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (p, q)) in x.iter().zip(y).enumerate() {
                changed_paths(p, q, format!("{path}[{i}]"), out);
            }
        }
        _ if a != b => out.push(path),
        _ => {}
    }
}

#[test]
fn an_edited_scene_changes_only_what_was_edited() {
    use crate::mesh::Group;
    let level = real_world(3);
    let mut mesh = export_mesh(&level);
    let object = |mesh: &Mesh, name: &str| mesh.objects.iter().position(|o| o.name == name).unwrap();
    // Room 1 moves 512 units along x, room 2's first face (both its triangles) takes texture entry 5.
    let r1 = object(&mesh, "room_01");
    mesh.objects[r1].positions.iter_mut().for_each(|p| p[0] += 512.0);
    let r2 = object(&mesh, "room_02");
    let o2 = &mesh.objects[r2];
    let (vdata, fdata) = (o2.data("REPTAR_VERTEX").unwrap(), o2.data("REPTAR_FACE").unwrap());
    let id = |c: u32| (vdata[c as usize][0], fdata[c as usize][0]);
    let target = id(o2.faces[0].corners[0]);
    let (blob, face) = (usize::from(target.0), usize::from(target.1));
    let old_texture = fdata[o2.faces[0].corners[0] as usize][1];
    let new_texture = if old_texture == 5 { 6 } else { 5 };
    mesh.groups.push(Group::named(format!("texture_{new_texture}")));
    let group = u32::try_from(mesh.groups.len() - 1).unwrap();
    let faces: Vec<usize> = (0..o2.faces.len()).filter(|&f| id(o2.faces[f].corners[0]) == target).collect();
    assert!(!faces.is_empty());
    for f in faces {
        mesh.objects[r2].faces[f].group = group;
    }
    let input = scene_of(&gltf::write_glb(&mesh).unwrap());
    let built = build(&input, &BuildOptions { base: Some(&level), ..BuildOptions::default() }).unwrap();
    checked_bytes(&built.level, Some(&level)).unwrap();
    let mut changed = Vec::new();
    let (before, after) =
        (serde_json::to_value(&level).unwrap(), serde_json::to_value(&built.level).unwrap());
    changed_paths(&before, &after, String::new(), &mut changed);
    // Where the face is: its section and its index there.
    let sections = &level.rooms[2].blobs[blob].sections;
    let (mut section, mut index) = (0, face);
    while index >= sections[section].len() {
        index -= sections[section].len();
        section += 1;
    }
    // In the order the dump's keys sort.
    let expected = [
        ".rooms[1].record.centre[0]".to_string(),
        ".rooms[1].record.max[0]".to_string(),
        ".rooms[1].record.min[0]".to_string(),
        format!(".rooms[2].blobs[{blob}].sections[{section}].faces[{index}].texture"),
    ];
    assert_eq!(changed, expected);
    let moved = &built.level.rooms[1].record;
    assert_eq!(moved.centre[0], level.rooms[1].record.centre[0] + 512);
    assert_eq!(moved.min[0], level.rooms[1].record.min[0] + 512);
}

#[test]
fn obj_four_gons_are_quads_whatever_their_planarity() {
    use crate::reptar::TextureEntry;
    let base = Level { textures: vec![TextureEntry::default()], ..Level::default() };
    let scene = |text: &str| {
        let input = SceneInput::Mesh { mesh: obj(text), from_triangles: false };
        build(&input, &BuildOptions { base: Some(&base), ..BuildOptions::default() }).unwrap().level
    };
    // Bent: the fourth corner 40 units off the plane of the others. Z order is the ring 0 1 3 2 of the game's
    // winding, mesh ring 1 2 3 4 being the game's 1 4 3 2.
    let bent =
        scene("o room_00\nusemtl texture_0\nv 0 0 0\nv 256 0 0\nv 256 40 -256\nv 0 0 -256\nf 1 2 3 4\n");
    assert_eq!((bent.quad_count(), bent.triangle_count()), (1, 0));
    let f = bent.world_faces().next().unwrap();
    let z: Vec<[i32; 3]> = f.corners().iter().map(|c| c.position).collect();
    assert_eq!(z, [[0, 0, 0], [0, 0, 256], [256, 0, 0], [256, -40, 256]]);
    // A quad naming one position twice (a triangle as the PS1 stores it) stays a quad.
    let degenerate = scene("o room_00\nusemtl texture_0\nv 0 0 0\nv 256 0 0\nv 0 0 -256\nf 1 2 3 3\n");
    assert_eq!((degenerate.quad_count(), degenerate.triangle_count()), (1, 0));
}
