use super::*;
use crate::convert::document_mesh;
use crate::mesh::NO_DATA;
use crate::reptar::extras::DATA_FACE;

/// The level's mesh as an editor keeping faces whole has it: quads as 4-corner rings, with the export's data.
fn whole_faces(level: &Level) -> Mesh {
    document_mesh(&Document::Reptar(level.clone()), &ExportOptions::new(ExportFormat::Glb)).unwrap()
}

fn build_mesh(mesh: Mesh, base: &Level, drop_missing: bool) -> Result<Built, BuildError> {
    let options = BuildOptions { base: Some(base), drop_missing, ..BuildOptions::default() };
    build(&SceneInput::Mesh { mesh, from_triangles: false }, &options)
}

fn room_object(mesh: &mut Mesh, room: usize) -> &mut crate::mesh::Object {
    let name = format!("room_{room:02}");
    mesh.objects.iter_mut().find(|o| o.name == name).unwrap()
}

#[test]
fn whole_quads_with_their_data_come_back_byte_for_byte() {
    for seed in [1, 3, 7] {
        let level = generate(&Options { oddities: seed > 1, ..Options::small(seed) });
        let mesh = whole_faces(&level);
        assert!(
            mesh.objects.iter().any(|o| o.faces.iter().any(|f| f.corners.len() == 4)),
            "seed {seed}: quads"
        );
        let built = build_mesh(mesh, &level, false).unwrap();
        assert_eq!(built.report.new_faces, 0, "seed {seed}");
        assert_eq!(
            checked_bytes(&built.level, Some(&level)).unwrap(),
            level.to_bytes().unwrap(),
            "seed {seed}"
        );
        assert!(built.report.size_line().ends_with("the base's size"), "{}", built.report.size_line());
    }
}

#[test]
fn a_flipped_quad_is_built_again_with_its_new_winding() {
    let level = generate(&Options::small(1));
    let mut mesh = whole_faces(&level);
    let room = room_object(&mut mesh, 0);
    let face = room.faces.iter_mut().find(|f| f.corners.len() == 4).unwrap();
    face.corners.reverse();
    let built = build_mesh(mesh, &level, false).unwrap();
    assert_eq!(built.report.new_faces, 1, "the flipped quad is no longer the exported one");
}

#[test]
fn a_scene_without_the_bases_portals_or_rooms_is_refused_unless_dropping_is_asked() {
    let level = generate(&Options::small(2));
    assert!(level.portals.len() > 2);
    let mut mesh = whole_faces(&level);
    mesh.objects.retain(|o| {
        !o.name.starts_with("portal_00") && !o.name.starts_with("portal_01") && o.name != "room_01"
    });
    let e = build_mesh(mesh.clone(), &level, false).unwrap_err();
    assert!(
        matches!(&e, BuildError::Missing { rooms, portals } if rooms == &[1] && portals == &[0, 1]),
        "{e}"
    );
    assert!(
        e.to_string().contains("lacks 2 portals (portal_00, portal_01) and 1 room with faces (room_01)"),
        "{e}"
    );
    let built = build_mesh(mesh, &level, true).unwrap();
    assert_eq!(built.level.portals.len(), level.portals.len() - 2);
    assert_eq!(
        (built.report.dropped_rooms.as_slice(), built.report.dropped_portals.as_slice()),
        (&[1][..], &[0, 1][..])
    );
    assert!(
        built.report.lines().iter().any(|l| l.starts_with("dropped: 2 portals")),
        "{:?}",
        built.report.lines()
    );
}

#[test]
fn data_clamped_to_0_and_65535_by_blenders_gltf_trip_is_refused_naming_the_add_on() {
    let level = generate(&Options::small(1));
    let mut mesh = whole_faces(&level);
    for o in &mut mesh.objects {
        for d in &mut o.data {
            for v in &mut d.values {
                *v = v.map(|x| if x == 0 { 0 } else { u16::MAX });
            }
        }
    }
    let e = build_mesh(mesh, &level, false).unwrap_err();
    assert!(matches!(e, BuildError::Clamped { .. }), "{e}");
    assert!(e.to_string().contains("File › Export › Rugrats level"), "{e}");
}

#[test]
fn faces_without_their_data_and_colours_without_their_bytes_are_counted_and_the_growth_said() {
    let level = generate(&Options::small(1));
    let mut mesh = whole_faces(&level);
    // Without the attributes (an OBJ, or a tool that drops them): every face from geometry.
    for o in &mut mesh.objects {
        o.data.clear();
    }
    let built = build_mesh(mesh.clone(), &level, false).unwrap();
    let r = &built.report;
    assert_eq!(r.exact_faces, 0);
    assert_eq!(r.new_faces, level.quad_count() + level.triangle_count());
    assert!(r.colours_unstored > 0);
    let lines = r.lines().join("\n");
    assert!(lines.contains("without their stored bytes took the shown colour"), "{lines}");
    if r.grew() {
        assert!(r.size_line().contains("more than the base's"), "{}", r.size_line());
    }
    // With the attributes there but holding no value at all (what the glTF reader makes of clamped data).
    for o in &mut mesh.objects {
        o.data = vec![crate::mesh::VertexData {
            name: DATA_FACE.into(),
            values: vec![NO_DATA; o.positions.len()],
        }];
    }
    let e = build_mesh(mesh, &level, false).unwrap_err();
    assert!(matches!(e, BuildError::Clamped { .. }), "{e}");
}

#[test]
fn a_repainted_corner_is_counted_and_a_colour_at_8_bits_is_not_a_repaint() {
    let level = generate(&Options::small(1));
    let mut mesh = whole_faces(&level);
    let room = room_object(&mut mesh, 0);
    let colours = room.colours.as_mut().unwrap();
    // Every colour quantised to 8-bit sRGB, as Blender's glTF trip stores it: still the stored bytes.
    for c in colours.iter_mut() {
        for x in c.iter_mut().take(3) {
            let q = (crate::mesh::linear_to_srgb(*x) * 255.0).round() / 255.0;
            *x = crate::mesh::srgb_to_linear(q);
        }
    }
    let first_used = usize::try_from(room.faces[0].corners[0]).unwrap();
    colours[first_used] = [1.0, 0.0, 0.0, 1.0];
    let built = build_mesh(mesh, &level, false).unwrap();
    assert_eq!(built.report.colours_repainted, 1);
}
