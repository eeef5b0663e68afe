//! Game safety of what the builders write: walls with float noise build with no triangle the game hangs
//! on, the same faces and no holes; `check` names every hanging triangle of a file another tool wrote, and
//! `repair` rotates them all.

use super::super::*;
use crate::findings::Severity;
use crate::heroes::audit::{audit, AuditOptions};
use crate::heroes::generate::noisy_walls;
use crate::heroes::geom;
use crate::heroes::geom::freeze::{self, Plane};

/// The input's triangles as corner positions, in order.
fn input_corners(input: &BuildInput) -> Vec<[[f32; 3]; 3]> {
    input.triangles.iter().map(|t| t.vertices.map(|v| input.positions[v as usize])).collect()
}

/// How many of `corners` hang the game, per plane (Y, Z, X).
fn hangs_by_plane(corners: &[[[f32; 3]; 3]]) -> [usize; 3] {
    let mut count = [0; 3];
    for h in corners.iter().filter_map(freeze::hang) {
        count[Plane::ORDER.iter().position(|&p| p == h.plane).unwrap()] += 1;
    }
    count
}

#[test]
fn walls_with_float_noise_build_with_no_hanging_triangle_the_same_faces_and_no_holes() {
    let mut hanging_inputs = [0; 3];
    for (seed, spread) in [(1, 2_000.0), (2, 2_000.0), (3, 30_000.0), (4, 1_000.0), (5, 8_000.0)] {
        let input = noisy_walls(seed, 900, spread);
        let corners = input_corners(&input);
        let hangs = hangs_by_plane(&corners);
        for (total, n) in hanging_inputs.iter_mut().zip(hangs) {
            *total += n;
        }
        // The noise is what this test is about: the default weld would merge it, so weld exact duplicates only.
        let built = build(&input, &BuildOptions { weld: 0.0, ..BuildOptions::default() }).unwrap();
        let r = &built.report;
        let c = &built.collision;
        let label = format!("seed {seed}, spread {spread}");
        assert_eq!((r.degenerate_triangles, r.hanging_triangles), (0, 0), "{label}");
        assert_eq!(r.rotated_triangles, hangs.iter().sum::<usize>(), "{label}");
        assert_eq!(c.triangles.len(), corners.len(), "{label}");
        for (i, (t, want)) in c.triangles.iter().zip(&corners).enumerate() {
            let got = geom::triangle_points(&c.vertices, &t.vertices).unwrap();
            // No arithmetic the retail build may use hangs on it (`hang` tries all three)...
            assert_eq!(freeze::hang(&got), None, "{label}: triangle {i} {got:?}");
            // ...and it is the input's triangle, its corners rotated at most (the winding kept).
            assert!(
                (0..3).any(|k| freeze::rotated(*want, k) == got),
                "{label}: triangle {i} {got:?} is not {want:?}"
            );
        }
        let a = audit(c, AuditOptions { probes: 3_000, seed }).unwrap();
        assert_eq!(a.holes, 0, "{label}: {:?}", a.hole_list.first());
    }
    // The inputs held hangs on every plane (else this test could not fail).
    assert!(hanging_inputs.iter().all(|&n| n > 0), "hanging input triangles per plane: {hanging_inputs:?}");
}

#[test]
fn check_names_every_hanging_triangle_of_a_file_another_tool_wrote_and_repair_rotates_them_all() {
    // The community editor's way keeps the corners as given: the file hangs the game.
    let input = noisy_walls(11, 600, 2_000.0);
    let c = build_community(&input, 0, 0, false).unwrap();
    let hanging: Vec<usize> = (0..c.triangles.len())
        .filter(|&i| {
            freeze::hang(&geom::triangle_points(&c.vertices, &c.triangles[i].vertices).unwrap()).is_some()
        })
        .collect();
    assert!(hanging.len() > 10, "{} hanging triangles", hanging.len());
    let findings = c.validate();
    let named: Vec<&crate::findings::Finding> = findings
        .0
        .iter()
        .filter(|f| f.message.contains("the game hangs when a sphere comes near triangle"))
        .collect();
    assert_eq!(named.len(), hanging.len());
    for (f, &i) in named.iter().zip(&hanging) {
        assert_eq!(f.severity, Severity::Error);
        assert!(f.message.contains(&format!("near triangle {i}:")), "{}", f.message);
        assert_eq!(f.path.to_string(), format!("triangles[{i}].vertexIndexNo"));
        let triangles_at = u64::from(c.header.polygon_offset);
        assert_eq!(f.offset, Some(triangles_at + 0x20 * u64::try_from(i).unwrap()));
        assert!(
            f.message.contains("loops forever") && f.message.contains("repairing the file rotates it"),
            "{}",
            f.message
        );
    }
    let (fixed, report) = repair(&c, &TreeOptions::default()).unwrap();
    assert_eq!((report.rotated_triangles, report.hanging_triangles), (hanging.len(), 0));
    assert!(fixed.validate().0.iter().all(|f| !f.message.contains("the game hangs")));
    assert_eq!(report.errors_after, 0);
    for t in &fixed.triangles {
        assert_eq!(freeze::hang(&geom::triangle_points(&fixed.vertices, &t.vertices).unwrap()), None);
    }
}
