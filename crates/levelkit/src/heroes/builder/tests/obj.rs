//! The builder fed from OBJ text as the exporters write it (float noise, unused `v` lines, names that say
//! no surface): needs the OBJ reader, feature `convert`.

use super::*;

/// A Blender-style OBJ: two quads meant to share the edge x = 1, whose shared corners differ by 1e-6
/// (a six-decimal export of a transformed mesh), a corner written twice, a zero-area face, and `v` lines
/// no face uses (a deleted face's leftovers and a stray point).
const NOISY_OBJ: &str = "# Blender 4.1\no Floor\nv 0 0 0\nv 0 0 1\nv 1 0 1\nv 1 0 0\nv 7 7 7\n\
    v 1.000001 0 0\nv 1.000001 0 1.000001\nv 2 0 1\nv 2 0 0\nv 2 0 0\nv 3 0 0\nv 9 9 9\n\
    usemtl Material.001\nf 1 2 3 4\nf 6 7 8 9\nf 9 10 11\n";

fn noisy_obj() -> BuildInput {
    let mesh = crate::convert::obj::read(NOISY_OBJ.as_bytes()).unwrap();
    BuildInput::from_mesh_named(&mesh).unwrap().input
}

#[test]
fn read_vertices_are_used_welded_or_unused_and_every_v_line_is_counted() {
    let input = noisy_obj();
    // 12 `v` lines: 10 used by faces, 5 and 12 by none; all reach the builder.
    assert_eq!(input.positions.len(), 12);
    let r = build(&input, &BuildOptions::default()).unwrap().report;
    assert_eq!(r.weld, DEFAULT_WELD);
    assert_eq!(r.input_vertices, 12);
    // 6 and 7 weld into 4 and 3 (1e-6 apart), 10 into 9 (the same point); 11 is left by the dropped face.
    assert_eq!((r.used_vertices, r.welded_vertices, r.unused_vertices), (6, 3, 3));
    assert_eq!(r.input_vertices, r.used_vertices + r.welded_vertices + r.unused_vertices);
    assert_eq!((r.input_triangles, r.tree.triangles, r.degenerate_triangles), (5, 4, 1));
    assert_eq!(r.cracks, 0);
    let text = r.to_string();
    assert!(
        text.contains(
            "vertices: 12 read = 6 used + 3 welded (within 0.01; the weld distance changes it) + 3 unused"
        ),
        "{text}"
    );
    assert!(text.contains("triangles: 5 read = 4 kept + 1 degenerate dropped"), "{text}");
    assert!(text.contains("cracks: none"), "{text}");
}

#[test]
fn a_weld_below_the_noise_leaves_a_crack_the_report_and_check_locate() {
    let built = build(&noisy_obj(), &BuildOptions { weld: 0.0, ..BuildOptions::default() }).unwrap();
    let r = &built.report;
    assert_eq!((r.used_vertices, r.welded_vertices, r.unused_vertices), (8, 1, 3));
    assert_eq!(r.cracks, 1);
    let crack = r.crack_examples[0];
    assert_eq!((crack.triangle, crack.other), (1, 2));
    assert_eq!(crack.at[0], 1.0);
    // The corners 1e-6 apart in X and Z: 1.35e-6 apart.
    assert!(r.crack_weld >= crack.gap && r.crack_weld < 2e-6, "{r:?}");
    assert!(r.to_string().contains("cracks: 1 open edge pair(s) nearly meet"), "{r}");
    // `check` says the same of the file, as a warning at the lower triangle's open edge...
    let findings = built.collision.validate();
    let cracks: Vec<_> = findings.0.iter().filter(|f| f.message.starts_with("open edge")).collect();
    assert_eq!(cracks.len(), 1, "{findings:?}");
    assert_eq!(cracks[0].severity, Severity::Warning);
    assert_eq!(cracks[0].path.to_string(), "triangles[1].neighbor[1]");
    assert!(cracks[0].message.contains("nearly meets triangle 2's edge v0-v1"), "{}", cracks[0].message);
    // ...which is the mesh's: the file is still written.
    checked_bytes(&built.collision).unwrap();
    // Welding at what the report names closes it.
    let closed =
        build(&noisy_obj(), &BuildOptions { weld: r.crack_weld, ..BuildOptions::default() }).unwrap();
    assert_eq!(closed.report.cracks, 0);
}

#[test]
fn nothing_left_to_build_is_an_error_naming_why() {
    let none = crate::convert::obj::read(b"o Empty\nv 0 0 0\nv 1 0 0\nv 0 0 1\n").unwrap();
    let input = BuildInput::from_mesh_named(&none).unwrap().input;
    assert_eq!(input.positions.len(), 3);
    let e = build(&input, &BuildOptions::default()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "nothing to build, nothing written: the mesh has no faces (3 vertices, 0 triangles); a .cl file needs at \
         least one triangle"
    );
    // Only degenerate faces: a line, and a triangle whose corners the weld merges.
    let flat =
        crate::convert::obj::read(b"v 0 0 0\nv 1 0 0\nv 2 0 0\nv 0 0 0.001\nf 1 2 3\nf 1 2 4\n").unwrap();
    let e = build(&BuildInput::from_mesh(&flat).unwrap(), &BuildOptions::default()).unwrap_err();
    assert!(matches!(e, BuildError::Empty(_)));
    assert!(
        e.to_string().contains(
            "all 2 triangles were dropped: 2 degenerate (zero area, or corners merged by the weld of 0.01: input \
             triangle 0, 1)"
        ),
        "{e}"
    );
    assert!(matches!(build_community(&input, 0, 0, false), Err(BuildError::Empty(_))));
}
