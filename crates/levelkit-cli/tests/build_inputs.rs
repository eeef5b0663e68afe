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

// ---------------------------------------------------------------------------------------------------
// No silent surprises (issue 46): empty results, names that say nothing, cracks, counts that add up.
// ---------------------------------------------------------------------------------------------------

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Writes `text` as `name` in `dir` and runs `build-cl` on it with `args`, to `out.cl`.
fn build_obj(
    dir: &Path,
    name: &str,
    text: &str,
    args: &[&str],
) -> (std::process::Output, std::path::PathBuf) {
    let input = dir.join(name);
    std::fs::write(&input, text).unwrap();
    let out = dir.join("out.cl");
    let _ = std::fs::remove_file(&out);
    let mut all = vec!["build-cl", input.to_str().unwrap(), "-o", out.to_str().unwrap()];
    all.extend_from_slice(args);
    (levelkit(&all), out)
}

/// Two quads meant to share the edge x = 1, whose shared corners differ by 1e-6 (a six-decimal export of a
/// transformed mesh), a corner written twice, a zero-area face, `v` lines no face uses, Blender's names.
const NOISY_OBJ: &str = "# Blender 4.1\nmtllib floor.mtl\no Plane\nv 0 0 0\nv 0 0 1\nv 1 0 1\nv 1 0 0\nv 7 7 7\n\
    v 1.000001 0 0\nv 1.000001 0 1.000001\nv 2 0 1\nv 2 0 0\nv 2 0 0\nv 3 0 0\nv 9 9 9\nvn 0 1 0\ns 0\n\
    usemtl Material.001\nf 1//1 2//1 3//1 4//1\nusemtl lava_surface\nf 6//1 7//1 8//1 9//1\nf 9//1 10//1 11//1\n";

#[test]
fn an_obj_with_no_faces_or_only_degenerate_faces_writes_nothing_and_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "points.obj",
            "o Points\nv 0 0 0\nv 1 0 0\nv 0 0 1\n",
            "the mesh has no faces (3 vertices, 0 triangles)",
        ),
        (
            "lines.obj",
            "v 0 0 0\nv 1 0 0\nv 0 0 1\nl 1 2 3\n",
            "the mesh has no faces (3 vertices, 0 triangles)",
        ),
        (
            "flat.obj",
            "g floor\nv 0 0 0\nv 1 0 0\nv 2 0 0\nv 0 0 0.000001\nf 1 2 3\nf 1 2 4\n",
            "all 2 triangles were dropped: 2 degenerate (zero area, or corners merged by the weld of 0.01",
        ),
    ];
    for (name, text, why) in cases {
        let (o, out) = build_obj(dir.path(), name, text, &[]);
        assert_eq!(o.status.code(), Some(1), "{name}: {}", stderr(&o));
        assert!(stderr(&o).contains("levelkit: error: "), "{name}: {}", stderr(&o));
        assert!(
            stderr(&o).contains(&format!("nothing to build, nothing written: {why}")),
            "{name}: {}",
            stderr(&o)
        );
        assert!(!out.exists(), "{name}: a file was written");
        // The community editor keeps degenerate triangles, but no faces is nothing to build its way too.
        if name != "flat.obj" {
            let (o, out) = build_obj(dir.path(), name, text, &["--community"]);
            assert_eq!(o.status.code(), Some(1), "{name} --community: {}", stderr(&o));
            assert!(!out.exists(), "{name} --community: a file was written");
        }
    }
}

#[test]
fn names_that_say_no_surface_are_a_warning_with_their_faces_and_the_vocabulary_and_strict_refuses() {
    let dir = tempfile::tempdir().unwrap();
    let (o, out) = build_obj(dir.path(), "floor.obj", NOISY_OBJ, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(out.exists());
    let warning = stderr(&o);
    assert!(
        warning.contains(
            "levelkit: warning: ",
        ) && warning.contains(
            "2 group or material names say no surface: \"Material.001\" (1 face), \"lava_surface\" (2 faces) became \
             floor (attribute 0x00000000). A name may be a surface name (floor, grass_offroad,"
        ),
        "{warning}"
    );
    for word in ["hex flags (0x100", "_XXXXXXXX", "HeroesPowerPlant letter code", "--attribute", "--strict"] {
        assert!(warning.contains(word), "no {word}: {warning}");
    }
    let (o, out) = build_obj(dir.path(), "floor.obj", NOISY_OBJ, &["--strict"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("levelkit: error: ") && stderr(&o).contains("nothing written (--strict)"),
        "{}",
        stderr(&o)
    );
    assert!(!out.exists());
    // Named the community's ways: no warning, and the faces get what the names say.
    let named = NOISY_OBJ
        .replace("usemtl Material.001", "g Floor_w")
        .replace("usemtl lava_surface", "g lava_0x10000");
    let (o, out) = build_obj(dir.path(), "named.obj", &named, &["--strict"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!stderr(&o).contains("warning"), "{}", stderr(&o));
    let c = Collision::parse(&std::fs::read(&out).unwrap()).unwrap();
    let attributes: Vec<u32> = c.triangles.iter().map(|t| t.attribute).collect();
    assert_eq!(attributes, vec![0x100, 0x100, 0x0001_0000, 0x0001_0000]);
    // Blender's `o Cube_w` with `usemtl Material.001`: the object's name says it (HeroesPowerPlant reads it).
    let blender = "o Cube_w\nv 0 0 0\nv 0 1 0\nv 1 0 0\nusemtl Material.001\nf 1 2 3\n";
    let (o, out) = build_obj(dir.path(), "cube.obj", blender, &["--strict"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(Collision::parse(&std::fs::read(&out).unwrap()).unwrap().triangles[0].attribute, 0x100);
    // --attribute gives every triangle one: the names do not matter, nothing to say.
    let (o, _) = build_obj(dir.path(), "floor.obj", NOISY_OBJ, &["--attribute", "wall", "--strict"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!stderr(&o).contains("say no surface"), "{}", stderr(&o));
}

#[test]
fn float_noise_is_welded_by_default_counts_add_up_and_a_smaller_weld_reports_the_crack() {
    let dir = tempfile::tempdir().unwrap();
    let (o, out) = build_obj(dir.path(), "floor.obj", NOISY_OBJ, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let report = stdout(&o);
    // 12 `v` lines: 6 used, 3 welded (two noisy corners and a repeated one), 3 unused (two no face uses,
    // one left by the zero-area face).
    assert!(
        report
            .contains("  vertices: 12 read = 6 used + 3 welded (within 0.01; --weld changes it) + 3 unused"),
        "{report}"
    );
    assert!(report.contains("  triangles: 5 read = 4 kept + 1 degenerate dropped"), "{report}");
    assert!(report.contains("  cracks: none"), "{report}");
    assert!(
        stderr(&o).contains(&format!("wrote {}: 4 triangles, 1 nodes, 280 bytes", out.display())),
        "{}",
        stderr(&o)
    );
    check_built(&out, 4);

    // Exact welding keeps the noise: the crack is counted, located and named with the weld that closes it.
    let (o, out) = build_obj(dir.path(), "floor.obj", NOISY_OBJ, &["--weld", "0"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let report = stdout(&o);
    assert!(
        report.contains("  vertices: 12 read = 8 used + 1 welded (within 0; --weld changes it) + 3 unused"),
        "{report}"
    );
    assert!(report.contains("  cracks: 1 open edge pair(s) nearly meet"), "{report}");
    assert!(
        report.contains("the first at triangle 1 edge v1-v2 near (1, 0, 0.5); --weld 0.0000014 closes them"),
        "{report}"
    );
    assert!(
        stderr(&o).contains("levelkit: warning: ") && stderr(&o).contains("1 crack(s) left"),
        "{}",
        stderr(&o)
    );
    // `check` finds it in the file: a warning at the open edge (exit 0), a failure with --strict.
    let path = out.to_str().unwrap();
    let check = levelkit(&["check", path]);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
    let said = format!("{}{}", stdout(&check), stderr(&check));
    assert!(
        said.contains(
            "warning: triangles[1].neighbor[1]: open edge v1-v2 nearly meets triangle 2's edge v0-v1"
        ),
        "{said}"
    );
    assert!(said.contains("with a weld of 0.0000014 (or more) merges the corners"), "{said}");
    // The library's words name the weld; the CLI names the command and flag that weld.
    assert!(said.contains("`levelkit build-cl MESH --weld D` (D at least a crack's gap)"), "{said}");
    assert_eq!(levelkit(&["check", "--strict", path]).status.code(), Some(1));
    // The audit counts and locates it too, in its text and its JSON.
    let audit = levelkit(&["audit", path, "--probes", "200"]);
    let said = stdout(&audit);
    assert!(said.contains("cracks: 1 where two open edges' corners nearly meet (widest gap "), "{said}");
    assert!(said.contains("check names each, a weld of 0.0000014 closes them"), "{said}");
    let help = String::from_utf8_lossy(&audit.stderr);
    assert!(
        help.contains("levelkit: help: `levelkit build-cl MESH --weld 0.0000014` merges the corners"),
        "{help}"
    );
    assert!(said.contains("  triangle 1 edge v1-v2 and triangle 2 edge v0-v1 at (1, 0, 0.5)"), "{said}");
    let json: serde_json::Value =
        serde_json::from_slice(&levelkit(&["audit", path, "--json"]).stdout).unwrap();
    assert_eq!(json["cracks"]["cracks"].as_array().map(Vec::len), Some(1), "{json}");
}

#[test]
fn attribute_takes_surface_names_and_hex_and_anything_else_is_a_usage_error_listing_them() {
    let dir = tempfile::tempdir().unwrap();
    let quad = "v 0 0 0\nv 0 0 1\nv 1 0 1\nv 1 0 0\nf 1 2 3 4\n";
    for (given, want) in [
        ("0x8000", 0x8000),
        ("256", 0x100),
        ("death", 0x0001_0000),
        ("Death boundary", 0x0001_0000),
        ("rock_wall", 0x180),
        ("wall_00000180", 0x180),
        ("lava_0x10000", 0x0001_0000),
        ("Cube_k", 0x8000),
    ] {
        let (o, out) = build_obj(dir.path(), "quad.obj", quad, &["--attribute", given]);
        assert_eq!(o.status.code(), Some(0), "{given}: {}", stderr(&o));
        let c = Collision::parse(&std::fs::read(&out).unwrap()).unwrap();
        assert!(c.triangles.iter().all(|t| t.attribute == want), "{given}");
    }
    for bad in ["lava", "Material.001", "0xZZ", "4294967296", ""] {
        let (o, out) = build_obj(dir.path(), "quad.obj", quad, &["--attribute", bad]);
        assert_eq!(o.status.code(), Some(2), "{bad:?}: {}", stderr(&o));
        let e = stderr(&o);
        assert!(e.contains(&format!("'{bad}' is not an attribute: give a surface name (floor,")), "{e}");
        assert!(e.contains("HeroesPowerPlant letter code") && e.contains("hex flags (0x100"), "{e}");
        assert!(!out.exists(), "{bad:?}");
    }
}

#[test]
fn a_mesh_inside_a_disc_image_builds_as_the_loose_file_does() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mesh = terrain();
    let obj = levelkit::convert::obj::write(&mesh, "stage").unwrap();
    let glb = levelkit::convert::gltf::write_glb(&mesh).unwrap();
    std::fs::write(d.join("stage.obj"), &obj[0].bytes).unwrap();
    std::fs::write(d.join("stage.glb"), &glb).unwrap();
    // levelkit's own ISO 9660 writer: the mesh is read through IMAGE:PATH, as every input.
    let image = d.join("meshes.iso");
    let files: [(&str, &[u8]); 2] = [("MESHES/STAGE.OBJ", &obj[0].bytes), ("MESHES/STAGE.GLB", &glb)];
    std::fs::write(&image, levelkit::disc::test_images::iso9660(&files)).unwrap();
    for (inner, loose) in [("MESHES/STAGE.OBJ", "stage.obj"), ("MESHES/STAGE.GLB", "stage.glb")] {
        let inside = format!("{}:{inner}", image.to_str().unwrap());
        let (from_image, from_file) = (d.join("image.cl"), d.join("file.cl"));
        for (input, out) in [(inside.as_str(), &from_image), (d.join(loose).to_str().unwrap(), &from_file)] {
            let o = levelkit(&["build-cl", input, "-o", out.to_str().unwrap()]);
            assert!(o.status.success(), "{input}: {}", String::from_utf8_lossy(&o.stderr));
        }
        assert_eq!(std::fs::read(&from_image).unwrap(), std::fs::read(&from_file).unwrap(), "{inner}");
        check_built(&from_image, 2 * (144 + 12));
    }
}
