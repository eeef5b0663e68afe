//! `build-cl` from every input kind: OBJ, glTF/GLB and a Rugrats level, not only `.cl` files.

use levelkit::heroes::Collision;
use levelkit::mesh::{Face, Group, Mesh, Object};
use std::path::Path;
use std::process::Command;

fn levelkit(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_levelkit")).args(args).output().unwrap()
}

/// A 12×12 grid of quads (Y up, counter-clockwise from above) with a wall strip along one edge, its groups
/// named the way modders name them.
fn terrain() -> Mesh {
    let mut mesh = Mesh::default();
    let floor = mesh.group_index("Grass_00000001");
    let wall = mesh.group_index("cliff wall");
    mesh.groups.push(Group::named("unused"));
    let n = 12u32;
    let mut o = Object { name: "stage".into(), ..Object::default() };
    for z in 0..=n {
        for x in 0..=n {
            let h = ((x * 7 + z * 3) % 5) as f32 * 4.0;
            o.positions.push([x as f32 * 100.0, h, z as f32 * 100.0]);
        }
    }
    let at = |x: u32, z: u32| z * (n + 1) + x;
    for z in 0..n {
        for x in 0..n {
            // Counter-clockwise seen from +Y: (x,z) → (x,z+1) → (x+1,z+1) → (x+1,z).
            let corners = vec![at(x, z), at(x, z + 1), at(x + 1, z + 1), at(x + 1, z)];
            o.faces.push(Face { corners, group: floor, attribute: None, flags: 0 });
        }
    }
    let base = u32::try_from(o.positions.len()).unwrap();
    for x in 0..=n {
        o.positions.push([x as f32 * 100.0, 0.0, 0.0]);
        o.positions.push([x as f32 * 100.0, 300.0, 0.0]);
    }
    for x in 0..n {
        let (b0, t0, b1, t1) = (base + 2 * x, base + 2 * x + 1, base + 2 * x + 2, base + 2 * x + 3);
        o.faces.push(Face { corners: vec![b0, b1, t1, t0], group: wall, attribute: None, flags: 0 });
    }
    mesh.objects.push(o);
    mesh
}

fn check_built(path: &Path, expect_triangles: usize) -> Collision {
    let c = Collision::parse(&std::fs::read(path).unwrap()).unwrap();
    assert_eq!(c.triangles.len(), expect_triangles);
    let out = levelkit(&["check", path.to_str().unwrap(), "--strict"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
    c
}

#[test]
fn builds_from_obj_gltf_and_glb_with_surface_names() {
    let dir = tempfile::tempdir().unwrap();
    let mesh = terrain();
    let obj = levelkit::convert::obj::write(&mesh, "stage").unwrap();
    for f in &obj {
        std::fs::write(dir.path().join(&f.file_name), &f.bytes).unwrap();
    }
    std::fs::write(dir.path().join("stage.glb"), levelkit::convert::gltf::write_glb(&mesh).unwrap()).unwrap();
    std::fs::write(dir.path().join("stage.gltf"), levelkit::convert::gltf::write_gltf(&mesh).unwrap())
        .unwrap();
    for input in ["stage.obj", "stage.glb", "stage.gltf"] {
        let out_path = dir.path().join(format!("{input}.cl"));
        let out = levelkit(&[
            "build-cl",
            dir.path().join(input).to_str().unwrap(),
            "-o",
            out_path.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{input}: {}", String::from_utf8_lossy(&out.stderr));
        // 144 quads and 12 wall quads, two triangles each.
        let c = check_built(&out_path, 2 * (144 + 12));
        let walls = c.triangles.iter().filter(|t| t.attribute == 0x100).count();
        let grass = c.triangles.iter().filter(|t| t.attribute == 0x1).count();
        assert_eq!((grass, walls), (288, 24), "{input}");
        // Floors face up: the solid side of a floor is above it.
        let up = c.triangles.iter().filter(|t| t.attribute == 1 && t.normal[1] > 0.5).count();
        assert_eq!(up, 288, "{input}");
    }
}

#[test]
fn builds_from_a_rugrats_level() {
    let dir = tempfile::tempdir().unwrap();
    let level = dir.path().join("LEVEL01.BIN");
    let out = levelkit(&["sample", "level", "-o", level.to_str().unwrap(), "--size", "3"]);
    assert!(out.status.success());
    let doc = levelkit::reptar::Level::parse(&std::fs::read(&level).unwrap()).unwrap();
    let faces: usize = doc.world_faces().map(|f| if f.corners().len() == 4 { 2 } else { 1 }).sum();
    let cl = dir.path().join("level01.cl");
    let out = levelkit(&["build-cl", level.to_str().unwrap(), "-o", cl.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let c = Collision::parse(&std::fs::read(&cl).unwrap()).unwrap();
    // Every face of the level, less any the builder drops as degenerate (it says how many).
    assert!(
        c.triangles.len() <= faces && c.triangles.len() * 10 >= faces * 9,
        "{} of {faces}",
        c.triangles.len()
    );
    let out = levelkit(&["check", cl.to_str().unwrap(), "--strict"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
}

#[test]
fn unknown_input_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let junk = dir.path().join("junk.txt");
    std::fs::write(&junk, b"hello").unwrap();
    let out =
        levelkit(&["build-cl", junk.to_str().unwrap(), "-o", dir.path().join("x.cl").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not a mesh levelkit can build from"), "{err}");
    assert!(!dir.path().join("x.cl").exists());
}
