//! The format adapters end to end: generated levels exported to glTF, GLB and OBJ pass the Khronos
//! validator, import back to the same faces, face the way the game draws them, and carry the right texels.

mod common;

use levelkit::convert::{self, document_mesh, gltf, obj, ExportError, ExportFormat, ExportOptions};
use levelkit::mesh::Mesh;
use levelkit::num::SaturatingFrom;
use levelkit::psx::vram::{Clut, TextureDepth, Tpage, Vram};
use levelkit::psx::{room_packets, Camera, RoomOptions};
use levelkit::render::reptar::render_face;
use levelkit::reptar::generate::{generate, Options};
use levelkit::reptar::{FaceSection, Level, SelectError, TextureEntry};
use levelkit::Document;
use levelkit_demo as demo;
use levelkit_demo::demo_texture_table;
use std::collections::HashMap;
use std::path::PathBuf;

fn level(seed: u64) -> Level {
    let mut level = generate(&Options { ceilings: true, ..Options::small(seed) });
    level.textures = demo_texture_table();
    level
}

fn odd_level() -> Level {
    generate(&Options { oddities: true, ceilings: true, rooms: 5, empty_rooms: 0.2, ..Options::small(11) })
}

fn vram_dump() -> Vec<u8> {
    demo::demo_vram().to_dump()
}

fn options(format: ExportFormat, vram: bool) -> ExportOptions {
    ExportOptions { vram: vram.then(vram_dump), ..ExportOptions::new(format) }
}

fn mesh_of(level: &Level, options: &ExportOptions) -> Mesh {
    document_mesh(&Document::Reptar(level.clone()), options).unwrap()
}

#[test]
fn generated_levels_pass_the_khronos_validator() {
    let dir = tempfile::tempdir().unwrap();
    let mut paths: Vec<PathBuf> = Vec::new();
    let samples = [("small", level(1)), ("odd", odd_level()), ("large", levelkit::reptar::generate::large())];
    for (name, level) in &samples {
        let doc = Document::Reptar(level.clone());
        for format in [ExportFormat::Gltf, ExportFormat::Glb] {
            for (tag, vram, rooms) in
                [("plain", false, None), ("vram", true, None), ("room1", true, Some(vec![1]))]
            {
                if *name == "large" && tag != "vram" {
                    continue;
                }
                let opts = ExportOptions { rooms, ..options(format, vram) };
                for file in convert::export_document(&doc, &format!("{name}_{tag}"), &opts).unwrap() {
                    let path = dir.path().join(&file.file_name);
                    std::fs::write(&path, &file.bytes).unwrap();
                    paths.push(path);
                }
            }
        }
    }
    common::assert_valid_gltf(&paths);
}

/// Faces as (object, group name, flags, corner positions), sorted; the ring is kept as written.
type FaceKey = (String, String, u32, Vec<[f32; 3]>);

fn face_keys(mesh: &Mesh, flags: bool) -> Vec<FaceKey> {
    let mut out: Vec<FaceKey> = mesh
        .objects
        .iter()
        .flat_map(|o| {
            o.faces.iter().map(|f| {
                (
                    o.name.clone(),
                    mesh.groups[f.group as usize].name.clone(),
                    if flags { f.flags } else { 0 },
                    f.corners.iter().map(|&c| o.positions[c as usize]).collect(),
                )
            })
        })
        .collect();
    out.sort_by(|a, b| a.partial_cmp(b).unwrap());
    out
}

fn assert_same(expected: &[FaceKey], got: &[FaceKey]) {
    assert_eq!(expected.len(), got.len(), "face count");
    for (a, b) in expected.iter().zip(got) {
        assert_eq!((&a.0, &a.1, a.2), (&b.0, &b.1, b.2));
        assert_eq!(a.3.len(), b.3.len());
        for (p, q) in a.3.iter().zip(&b.3) {
            assert!((0..3).all(|k| (p[k] - q[k]).abs() <= 1e-4), "{p:?} vs {q:?} in {a:?}");
        }
    }
}

#[test]
fn the_mesh_is_the_levels_faces_rotated_with_the_winding_reversed() {
    let level = odd_level();
    let mesh = mesh_of(&level, &ExportOptions::new(ExportFormat::Glb));
    let faces: Vec<_> = level.world_faces().collect();
    let exported: usize = mesh.objects.iter().map(|o| o.faces.len()).sum();
    assert_eq!(exported, faces.len());
    for room in 0..level.rooms.len() {
        let object = mesh.objects.iter().find(|o| o.name == format!("room_{room:02}")).unwrap();
        for (f, world) in object.faces.iter().zip(level.room_world_faces(room)) {
            let c = world.corners();
            // triangle (0, 2, 1), quad ring (0, 2, 3, 1); (x, y, z) → (x, −y, −z)
            let order: &[usize] = if c.len() == 3 { &[0, 2, 1] } else { &[0, 2, 3, 1] };
            let want: Vec<[f32; 3]> = order
                .iter()
                .map(|&i| {
                    let [x, y, z] = c[i].position;
                    [x as f32, -y as f32, -z as f32]
                })
                .collect();
            let got: Vec<[f32; 3]> = f.corners.iter().map(|&i| object.positions[i as usize]).collect();
            assert_eq!(got, want);
            assert_eq!(f.flags, u32::from(world.texture) << 16 | u32::from(world.flags));
            let group = &mesh.groups[f.group as usize];
            assert_eq!(group.double_sided, world.flags & 0x200 != 0, "{}", group.name);
        }
    }
    // Every portal is an object with its destination in the extras.
    for p in level.world_portals() {
        let o = mesh.objects.iter().find(|o| o.name == format!("portal_{:02}", p.index)).unwrap();
        assert_eq!(o.lines.len(), 4);
        assert_eq!(o.extras.as_ref().unwrap()["destination_room"], u64::from(p.destination));
    }
}

#[test]
fn exported_faces_are_front_facing_where_the_game_draws_them() {
    // Every generated face faces into its room: seen from the room's centre the game's renderer keeps it
    // (NCLIP positive), and the exported face's normal must point to the exported room centre.
    let level = level(5);
    let mesh = mesh_of(&level, &ExportOptions::new(ExportFormat::Glb));
    let mut checked = 0;
    for (room, r) in level.rooms.iter().enumerate() {
        let centre = r.record.centre;
        let object = mesh.objects.iter().find(|o| o.name == format!("room_{room:02}")).unwrap();
        for (f, world) in object.faces.iter().zip(level.room_world_faces(room)) {
            // the game: a camera at the centre, looking at the face
            let n = i32::try_from(world.corners().len()).unwrap();
            let target = [0, 1, 2].map(|k| world.corners().iter().map(|c| c.position[k]).sum::<i32>() / n);
            let camera = Camera::look_at(centre, target, 160, 320, 240);
            let (_, stats) = room_packets(&[render_face(&level, &world)], &camera, &RoomOptions::default());
            assert_eq!((stats.rejected_backface, stats.rejected_outcode), (0, 0), "{world:?}");
            assert!(stats.packets > 0);
            // the export: Newell normal of the ring, towards the centre (x, −y, −z)
            let p: Vec<[f64; 3]> =
                f.corners.iter().map(|&i| object.positions[i as usize].map(f64::from)).collect();
            let mut normal = [0.0f64; 3];
            for i in 0..p.len() {
                let (a, b) = (p[i], p[(i + 1) % p.len()]);
                normal[0] += (a[1] - b[1]) * (a[2] + b[2]);
                normal[1] += (a[2] - b[2]) * (a[0] + b[0]);
                normal[2] += (a[0] - b[0]) * (a[1] + b[1]);
            }
            let eye = [centre[0] as f64, -centre[1] as f64, -centre[2] as f64];
            let to_eye = [0, 1, 2].map(|k| eye[k] - p[0][k]);
            let facing: f64 = (0..3).map(|k| normal[k] * to_eye[k]).sum();
            assert!(facing > 0.0, "{world:?} exported back-facing");
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn gltf_glb_and_obj_round_trip_the_faces() {
    for (level, vram) in [(level(2), true), (level(2), false), (odd_level(), false)] {
        let mesh = mesh_of(&level, &options(ExportFormat::Glb, vram));
        let tris = face_keys(&mesh.triangulated(), true);
        for format in [ExportFormat::Glb, ExportFormat::Gltf] {
            let files = convert::export_mesh(&mesh, "l", &options(format, vram)).unwrap();
            let back = gltf::read(&files[0].bytes, None).unwrap();
            assert_same(&tris, &face_keys(&back, true));
        }
        // OBJ keeps the quads as quads (no flags in OBJ).
        let files = obj::write(&mesh, "l").unwrap();
        let back = obj::read(&files[0].bytes).unwrap();
        assert_same(&face_keys(&mesh, false), &face_keys(&back, false));
        let text = String::from_utf8(files[0].bytes.clone()).unwrap();
        assert!(text.contains("\no room_00\n") && text.contains("\no portal_00\n"), "object names");
        let mtl = String::from_utf8(files[1].bytes.clone()).unwrap();
        for g in &mesh.groups {
            assert!(mtl.contains(&format!("newmtl {}\n", g.name)), "{}", g.name);
        }
        assert_eq!(files.len(), 2 + mesh.images.len());
        assert_eq!(mtl.matches("map_Kd").count(), mesh.groups.iter().filter(|g| g.texture.is_some()).count());
    }
}

#[test]
fn groups_are_pages_and_palettes_with_decoded_images() {
    let level = level(3);
    let mesh = mesh_of(&level, &options(ExportFormat::Glb, true));
    let names: Vec<&str> = mesh.groups.iter().map(|g| g.name.as_str()).collect();
    // demo pages: 4-bit bricks (tpage 0x0000, CLUT (0, 480)), 8-bit (0x0082, CLUT (0, 481)), 15-bit 0x0144
    let brick = format!("page_{:04x}_clut_{:04x}", demo::brick_page().0 .0, demo::brick_page().1 .0);
    let pattern = format!("page_{:04x}_clut_{:04x}", demo::pattern_page().0 .0, demo::pattern_page().1 .0);
    let colour = format!("page_{:04x}", demo::colour_page().0);
    for want in [&brick, &pattern, &colour] {
        assert!(names.contains(&want.as_str()), "{want} in {names:?}");
    }
    assert_eq!(mesh.images.len(), 3);
    // the brick page has transparent texels (the grille tile), so it is cut out
    let brick_group = mesh.groups.iter().find(|g| g.name == brick).unwrap();
    assert!(brick_group.alpha_mask);
    let image = &mesh.images[brick_group.texture.unwrap() as usize];
    let vram = demo::demo_vram();
    let (tpage, clut) = demo::brick_page();
    assert_eq!(image.rgba, vram.decode_page(tpage, clut).pixels);
    // without VRAM: the same groups, untextured
    let plain = mesh_of(&level, &options(ExportFormat::Glb, false));
    assert!(plain.images.is_empty() && plain.groups.iter().all(|g| g.texture.is_none()));
    assert_eq!(
        plain.groups.iter().map(|g| &g.name).collect::<Vec<_>>(),
        mesh.groups.iter().map(|g| &g.name).collect::<Vec<_>>()
    );
}

#[test]
fn rooms_filter_scale_and_bad_options() {
    let level = level(4);
    let opts = ExportOptions { rooms: Some(vec![2, 0, 2]), ..ExportOptions::new(ExportFormat::Glb) };
    let mesh = mesh_of(&level, &opts);
    let rooms: Vec<&str> =
        mesh.objects.iter().map(|o| o.name.as_str()).filter(|n| n.starts_with("room")).collect();
    assert_eq!(rooms, ["room_02", "room_00"]);
    // only the chosen rooms' portals
    let portals = level.world_portals();
    for o in mesh.objects.iter().filter(|o| o.name.starts_with("portal")) {
        let room = o.extras.as_ref().unwrap()["room"].as_u64().unwrap();
        assert!(room == 0 || room == 2, "{}", o.name);
    }
    let expected = portals.iter().filter(|p| matches!(p.room, Some(0 | 2))).count();
    assert_eq!(mesh.objects.iter().filter(|o| o.name.starts_with("portal")).count(), expected);

    let doc = Document::Reptar(level.clone());
    let bad = ExportOptions { rooms: Some(vec![9]), ..ExportOptions::new(ExportFormat::Glb) };
    let err = convert::export_document(&doc, "x", &bad).unwrap_err();
    assert!(matches!(err, ExportError::Select(SelectError::NoSuchRoom { room: 9, rooms: 4 })), "{err}");
    let bad = ExportOptions { vram: Some(vec![0; 100]), ..ExportOptions::new(ExportFormat::Glb) };
    assert!(matches!(
        convert::export_document(&doc, "x", &bad),
        Err(ExportError::Select(SelectError::BadVram(_)))
    ));

    let scaled = ExportOptions { scale: 0.5, ..ExportOptions::new(ExportFormat::Glb) };
    let glb = convert::export_document(&doc, "x", &scaled).unwrap();
    let back = gltf::read(&glb[0].bytes, None).unwrap();
    let mut expected = mesh_of(&level, &ExportOptions::new(ExportFormat::Glb)).triangulated();
    for o in &mut expected.objects {
        o.positions.iter_mut().for_each(|p| p.iter_mut().for_each(|c| *c *= 0.5));
    }
    assert_same(&face_keys(&expected, true), &face_keys(&back, true));
}

#[test]
fn exports_are_deterministic() {
    let doc = Document::Reptar(level(6));
    for format in [ExportFormat::Glb, ExportFormat::Obj] {
        let a = convert::export_document(&doc, "x", &options(format, true)).unwrap();
        let b = convert::export_document(&doc, "x", &options(format, true)).unwrap();
        assert_eq!(a, b);
    }
}

// ----- texels reach the right faces

/// A texel value that names a face and which of its texels it is (corner 0..4, 4 the inside); never 0.
fn code(face: usize, k: usize) -> u16 {
    u16::try_from(face * 5 + k + 1).unwrap()
}

/// A level whose every face has its own texture entry: a 4×4 texel region of a 4-bit, 8-bit or 15-bit
/// page (by face number mod 3), its own CLUT, and texels whose colour is [`code`] of the face and corner.
fn texel_level() -> (Level, Vram) {
    let mut level = generate(&Options { ceilings: true, triangles: 0.3, ..Options::small(9) });
    let mut next = 0u16;
    for room in &mut level.rooms {
        for blob in &mut room.blobs {
            for section in &mut blob.sections {
                match section {
                    FaceSection::Triangles(t) => t.iter_mut().for_each(|t| {
                        t.texture = next;
                        next += 1;
                    }),
                    FaceSection::Quads(q) => q.iter_mut().for_each(|q| {
                        q.texture = next;
                        next += 1;
                    }),
                }
            }
        }
    }
    let faces = usize::from(next);
    assert!(faces > 150 && faces < 3 * 1024, "{faces}");
    let mut vram = Vram::new();
    let mut textures = Vec::new();
    for id in 0..faces {
        let depth = [TextureDepth::Bits4, TextureDepth::Bits8, TextureDepth::Bits15][id % 3];
        let region = u32::try_from(id / 3).unwrap();
        let (u, v) = ((region % 64) * 4, (region / 64) * 4);
        let x_base = [0u16, 2, 4][id % 3];
        let tpage = Tpage::from_parts(x_base, 0, levelkit::psx::BlendMode::Average, depth);
        let clut = match depth {
            TextureDepth::Bits4 => Clut::at(512 + (region % 32) * 16, 256 + region / 32),
            _ => Clut::at((region % 2) * 256, 256 + region / 2),
        };
        for dv in 0..4u32 {
            for du in 0..4u32 {
                let k = match (du, dv) {
                    (0, 0) => 0,
                    (3, 0) => 1,
                    (0, 3) => 2,
                    (3, 3) => 3,
                    _ => 4,
                };
                let (tu, tv) = (u + du, v + dv);
                let value = code(id, k);
                match depth {
                    TextureDepth::Bits15 => vram.set(tpage.x_base() + tu, tv, value),
                    TextureDepth::Bits8 => {
                        let index = u16::try_from(k).unwrap() + 1;
                        let (x, shift) = (tpage.x_base() + tu / 2, (tu % 2) * 8);
                        vram.set(x, tv, vram.get(x, tv) | index << shift);
                        vram.set(clut.x() + u32::from(index), clut.y(), value);
                    }
                    TextureDepth::Bits4 => {
                        let index = u16::try_from(k).unwrap() + 1;
                        let (x, shift) = (tpage.x_base() + tu / 4, (tu % 4) * 4);
                        vram.set(x, tv, vram.get(x, tv) | index << shift);
                        vram.set(clut.x() + u32::from(index), clut.y(), value);
                    }
                }
            }
        }
        let (u, v) = (u8::try_from(u).unwrap(), u8::try_from(v).unwrap());
        textures.push(TextureEntry {
            u0: u,
            v0: v,
            clut: clut.0,
            u1: u + 3,
            v1: v,
            tpage: tpage.0,
            u2: u,
            v2: v + 3,
            u3: u + 3,
            v3: v + 3,
        });
        assert_eq!(vram.texel(tpage, clut, u + 1, v + 2), code(id, 4), "face {id}");
    }
    level.textures = textures;
    (level, vram)
}

/// Decodes a PNG to RGBA8.
fn decode_png(data: &[u8]) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::Cursor::new(data));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgba);
    (info.width, info.height, buf)
}

/// The face and corner a texel of the exported image names.
fn decode_code(rgba: &[u8]) -> Option<(usize, usize)> {
    if rgba[3] == 0 {
        return None;
    }
    let value = usize::from(rgba[0] >> 3) | usize::from(rgba[1] >> 3) << 5 | usize::from(rgba[2] >> 3) << 10;
    let n = value.checked_sub(1)?;
    Some((n / 5, n % 5))
}

#[test]
fn the_right_texel_reaches_the_right_face_for_every_depth() {
    let (level, vram) = texel_level();
    // the exported corners of each face (Z order), by face number
    let mut corners: HashMap<usize, Vec<[f32; 3]>> = HashMap::new();
    for f in level.world_faces() {
        let ps = f.corners().iter().map(|c| c.position).map(|[x, y, z]| [x as f32, -y as f32, -z as f32]);
        corners.insert(usize::from(f.texture), ps.collect());
    }
    let opts = ExportOptions { vram: Some(vram.to_dump()), ..ExportOptions::new(ExportFormat::Glb) };
    let glb = convert::export_document(&Document::Reptar(level.clone()), "t", &opts).unwrap().remove(0).bytes;
    let parsed = ::gltf::Gltf::from_slice(&glb).unwrap();
    let blob = parsed.blob.as_deref().unwrap();
    let view_bytes = |view: ::gltf::buffer::View| &blob[view.offset()..view.offset() + view.length()];
    let mut images = HashMap::new();
    for image in parsed.images() {
        let ::gltf::image::Source::View { view, .. } = image.source() else { panic!("embedded") };
        images.insert(image.index(), decode_png(view_bytes(view)));
    }
    let mut seen = HashMap::new();
    let mut depths = [0usize; 3];
    for node in parsed.nodes().filter(|n| n.name().is_some_and(|n| n.starts_with("room_"))) {
        let Some(mesh) = node.mesh() else { continue };
        for prim in mesh.primitives() {
            let texture = prim.material().pbr_metallic_roughness().base_color_texture().unwrap().texture();
            let (w, h, rgba) = &images[&texture.source().index()];
            assert_eq!((*w, *h), (256, 256));
            let reader = prim.reader(|_| Some(blob));
            let positions: Vec<[f32; 3]> = reader.read_positions().unwrap().collect();
            let uvs: Vec<[f32; 2]> = reader.read_tex_coords(0).unwrap().into_f32().collect();
            let indices: Vec<u32> = reader.read_indices().unwrap().into_u32().collect();
            let texel = |uv: [f32; 2]| {
                let (x, y) = (
                    usize::saturating_from((uv[0] * 256.0).floor()),
                    usize::saturating_from((uv[1] * 256.0).floor()),
                );
                let i = (y * 256 + x) * 4;
                decode_code(&rgba[i..i + 4])
            };
            for tri in indices.chunks(3) {
                let centroid = [0, 1].map(|k| tri.iter().map(|&i| uvs[i as usize][k]).sum::<f32>() / 3.0);
                let (face, k) = texel(centroid).expect("an opaque texel at the uv centroid");
                assert_eq!(k, 4, "the centroid is inside the face's region");
                let want = &corners[&face];
                for &i in tri {
                    let (corner_face, corner) = texel(uvs[i as usize]).unwrap();
                    assert_eq!(corner_face, face);
                    // the texel of corner k sits at the position of corner k
                    assert_eq!(positions[i as usize], want[corner], "face {face} corner {corner}");
                }
                *seen.entry(face).or_insert(0) += 1;
                depths[face % 3] += 1;
            }
        }
    }
    assert_eq!(seen.len(), corners.len(), "every face was seen");
    assert!(depths.iter().all(|&d| d > 50), "{depths:?}");
}

// ----- Sonic Heroes collision

use levelkit::heroes::flags::{attribute_from_name, colour, group_name};
use levelkit::heroes::generate::{game_correct, odd, Style};
use levelkit::heroes::Collision;

fn collision() -> Collision {
    game_correct(3, 1500, 8)
}

fn heroes_mesh(c: &Collision, tree: bool) -> Mesh {
    document_mesh(
        &Document::Heroes(c.clone()),
        &ExportOptions { tree, ..ExportOptions::new(ExportFormat::Glb) },
    )
    .unwrap()
}

#[test]
fn generated_collision_passes_the_khronos_validator() {
    let dir = tempfile::tempdir().unwrap();
    let mut paths = Vec::new();
    let samples = [("stage", collision()), ("community", odd(4, 800, 6, &Style::community()))];
    for (name, c) in &samples {
        let doc = Document::Heroes(c.clone());
        for format in [ExportFormat::Gltf, ExportFormat::Glb] {
            for tree in [false, true] {
                let opts = ExportOptions { tree, ..ExportOptions::new(format) };
                for file in convert::export_document(&doc, &format!("{name}_{tree}"), &opts).unwrap() {
                    let path = dir.path().join(&file.file_name);
                    std::fs::write(&path, &file.bytes).unwrap();
                    paths.push(path);
                }
            }
        }
    }
    common::assert_valid_gltf(&paths);
}

#[test]
fn collision_faces_are_the_triangles_grouped_by_attribute() {
    let c = collision();
    let mesh = heroes_mesh(&c, false);
    let object = &mesh.objects[0];
    assert_eq!(object.name, "collision");
    assert_eq!(object.faces.len(), c.triangles.len());
    let mut attributes: Vec<u32> = c.triangles.iter().map(|t| t.attribute).collect();
    attributes.sort_unstable();
    attributes.dedup();
    assert!(attributes.len() > 2, "{attributes:?}");
    assert_eq!(mesh.groups.len(), attributes.len());
    for (f, t) in object.faces.iter().zip(&c.triangles) {
        // the stored winding, whose normal is the solid side
        let want: Vec<[f32; 3]> = t.vertices.iter().map(|&v| c.vertices[usize::from(v)]).collect();
        let got: Vec<[f32; 3]> = f.corners.iter().map(|&i| object.positions[i as usize]).collect();
        assert_eq!(got, want);
        assert_eq!((f.attribute, f.flags), (Some(t.attribute), u32::from(t.group)));
        let g = &mesh.groups[f.group as usize];
        assert_eq!(g.name, group_name(t.attribute));
        assert_eq!(g.colour, levelkit::mesh::colour_from_srgb8(colour(t.attribute)));
        // the front side (counter-clockwise) is the side the stored normal points to
        let [a, b, cc] = [0, 1, 2].map(|k| want[k]);
        let (u, v) = ([0, 1, 2].map(|k| b[k] - a[k]), [0, 1, 2].map(|k| cc[k] - a[k]));
        let n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
        assert!((0..3).map(|k| n[k] * t.normal[k]).sum::<f32>() > 0.0);
    }
}

#[test]
fn collision_round_trips_through_gltf_glb_and_obj() {
    let c = odd(6, 600, 6, &Style::community());
    let mesh = heroes_mesh(&c, false);
    let attrs = |m: &Mesh| {
        let mut v: Vec<(String, Option<u32>, u32)> = m
            .objects
            .iter()
            .flat_map(|o| {
                o.faces.iter().map(|f| (m.groups[f.group as usize].name.clone(), f.attribute, f.flags))
            })
            .collect();
        v.sort();
        v
    };
    for format in [ExportFormat::Glb, ExportFormat::Gltf] {
        let files = convert::export_mesh(&mesh, "c", &ExportOptions::new(format)).unwrap();
        let back = gltf::read(&files[0].bytes, None).unwrap();
        assert_same(&face_keys(&mesh, true), &face_keys(&back, true));
        assert_eq!(attrs(&mesh), attrs(&back));
    }
    let files = obj::write(&mesh, "c").unwrap();
    let back = obj::read(&files[0].bytes).unwrap();
    assert_same(&face_keys(&mesh, false), &face_keys(&back, false));
    let no_flags = |m: &Mesh| attrs(m).into_iter().map(|(n, a, _)| (n, a)).collect::<Vec<_>>();
    assert_eq!(no_flags(&mesh), no_flags(&back));
    // OBJ groups are NAME_XXXXXXXX, which the community's editor reads back as the attribute
    let text = String::from_utf8(files[0].bytes.clone()).unwrap();
    let groups: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("g ")).collect();
    assert!(!groups.is_empty());
    for g in groups {
        let a = attribute_from_name(g).unwrap_or_else(|| panic!("{g}"));
        assert_eq!(g, group_name(a));
    }
}

#[test]
fn the_tree_is_every_leaf_square_at_the_lowest_vertex() {
    let c = collision();
    let mesh = heroes_mesh(&c, true);
    let tree = mesh.objects.iter().find(|o| o.name == "tree").unwrap();
    let leaves: Vec<_> = c.nodes.iter().filter(|n| n.is_leaf()).collect();
    assert!(leaves.len() > 10);
    assert_eq!(tree.lines.len(), 4 * leaves.len());
    let low = c.vertices.iter().map(|v| v[1]).fold(f32::INFINITY, f32::min);
    assert!(tree.positions.iter().all(|p| p[1] == low));
    let grid = c.grid().unwrap();
    // each leaf's square: its 4 lines run (min), (max.x, min.z), (max), (min.x, max.z)
    for (leaf, lines) in leaves.iter().zip(tree.lines.chunks(4)) {
        let sq = grid.square(leaf.nx, leaf.nz, leaf.depth).unwrap();
        let at = |i: u32| [tree.positions[i as usize][0], tree.positions[i as usize][2]];
        assert_eq!(at(lines[0].ends[0]), sq.min);
        assert_eq!(at(lines[2].ends[0]), sq.max());
        assert!((0..4).all(|k| lines[k].ends[1] == lines[(k + 1) % 4].ends[0]), "a closed ring");
    }
    // corners shared by neighbouring leaves are one vertex
    assert!(tree.positions.len() < 2 * leaves.len(), "{} vertices", tree.positions.len());
    // every point of the collision's X/Z lies in some leaf square
    let root = grid.root();
    let area: f32 = leaves.iter().map(|l| grid.square(l.nx, l.nz, l.depth).unwrap().size.powi(2)).sum();
    assert!((area - root.size * root.size).abs() <= 1e-3 * root.size * root.size, "{area}");
    assert!(heroes_mesh(&c, false).objects.iter().all(|o| o.name != "tree"));
}

#[test]
fn hostile_collision_values_export_without_panicking() {
    let mut c = game_correct(8, 200, 5);
    c.vertices[0] = [f32::NAN, 0.0, f32::INFINITY];
    c.triangles[1].vertices[2] = 60000;
    c.header.max_depth = 40;
    let mesh = heroes_mesh(&c, true);
    mesh.check().unwrap();
    let skipped = mesh.extras.as_ref().unwrap()["skipped_triangles"].as_u64().unwrap();
    let touching =
        c.triangles.iter().filter(|t| t.vertices.contains(&0) || t.vertices.contains(&60000)).count();
    assert_eq!(usize::try_from(skipped).unwrap(), touching);
    assert!(mesh.objects.iter().find(|o| o.name == "tree").unwrap().lines.is_empty());
    convert::export_mesh(&mesh, "h", &ExportOptions::new(ExportFormat::Glb)).unwrap();
}
