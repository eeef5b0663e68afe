//! Tests of the repair and the community-style builder.

use super::super::*;
use super::{assert_game_correct, fans, listing, terrain};
use crate::findings::Severity;
use crate::heroes::{generate, geom, Triangle, MAX_COUNT, NO_TRIANGLE};
use crate::rng::Rng;

#[test]
fn building_from_a_cl_file_keeps_its_triangles_and_vertices() {
    let g = generate::game_correct(3, 800, 9);
    let built = build(&BuildInput::from_collision(&g), &BuildOptions::default()).unwrap();
    let c = &built.collision;
    assert_eq!(c.triangles.len(), g.triangles.len());
    for (a, b) in c.triangles.iter().zip(&g.triangles) {
        let corners = |c: &Collision, t: &Triangle| geom::triangle_points(&c.vertices, &t.vertices).unwrap();
        assert_eq!(
            (corners(c, a), a.attribute, a.group, a.normal),
            (corners(&g, b), b.attribute, b.group, b.normal)
        );
    }
    assert_game_correct(c, "from .cl");
}

#[test]
fn repair_makes_community_files_clean() {
    for (label, c) in [
        ("community layout", generate::odd(3, 2000, 7, &generate::Style::community())),
        ("community builder", build_community(&terrain(4, 3000), 0, 0, false).unwrap()),
        ("community builder, deep", build_community(&terrain(5, 1500), 6, 13, false).unwrap()),
        ("generated community", generate::community(9, 1000, 5)),
        (
            "old small lists",
            generate::odd(
                6,
                500,
                8,
                &generate::Style { small_lists_stored: true, no_pad: true, ..Default::default() },
            ),
        ),
    ] {
        let before = c.validate();
        assert!(
            before.count(Severity::Warning) + before.count(Severity::Error) > 0,
            "{label}: should have findings"
        );
        let (fixed, report) = repair(&c, &TreeOptions::default()).unwrap();
        assert_game_correct(&fixed, label);
        assert_eq!(fixed.triangles.len(), c.triangles.len());
        assert_eq!(fixed.vertices, c.vertices);
        for (a, b) in fixed.triangles.iter().zip(&c.triangles) {
            assert_eq!((a.vertices, a.attribute, a.group), (b.vertices, b.attribute, b.group));
        }
        assert_eq!((report.errors_after, report.warnings_after), (0, 0));
        assert!(
            report.lists_incomplete_before
                + report.links_missing_before
                + report.small_lists_misstored_before
                > 0,
            "{label}: {report}"
        );
        assert_eq!(report.nodes_after, fixed.nodes.len());
    }
    let (_, r) =
        repair(&build_community(&terrain(4, 3000), 0, 0, false).unwrap(), &TreeOptions::default()).unwrap();
    assert!(r.links_missing_before > 0 && r.lists_padded_or_extra_before > 0 && r.adjacency_fixed > 0, "{r}");
    assert_eq!(r.links_before, 0);
}

#[test]
fn repair_of_a_built_file_changes_nothing() {
    let c = build(&terrain(12, 1200), &BuildOptions::default()).unwrap().collision;
    let (again, r) = repair(&c, &TreeOptions::default()).unwrap();
    assert_eq!(again, c);
    assert_eq!(
        (r.adjacency_fixed, r.normals_fixed, r.links_missing_before, r.lists_incomplete_before),
        (0, 0, 0, 0)
    );
}

#[test]
fn repair_drops_what_the_game_cannot_use() {
    let mut c = generate::game_correct(4, 100, 5);
    c.triangles[10].vertices[2] = c.triangles[10].vertices[0]; // zero area
    c.triangles[20].normal = [0.0, -1.0, 0.0];
    c.triangles[30].neighbors = [7, 7, 7];
    c.vertices.push([f32::NAN, 0.0, 0.0]); // unused, not finite
    c.header.num_vertices += 1;
    let (fixed, r) = repair(&c, &TreeOptions::default()).unwrap();
    assert_eq!((r.degenerate_triangles, r.invalid_triangles), (1, 0));
    assert_eq!(fixed.triangles.len(), 99);
    // The NaN vertex and any other no triangle uses any more.
    assert!(r.vertices_dropped >= 1 && r.vertices_dropped == c.vertices.len() - fixed.vertices.len());
    assert!(fixed.vertices.iter().flatten().all(|x| x.is_finite()));
    assert!(r.normals_fixed >= 1 && r.adjacency_fixed >= 3, "{r}");
    assert!(r.errors_before > 0);
    assert_game_correct(&fixed, "dropped");
    let mut bad = c.clone();
    bad.triangles[0].vertices[0] = 60_000;
    let (_, r) = repair(&bad, &TreeOptions::default()).unwrap();
    assert_eq!(r.invalid_triangles, 1);
}

#[test]
fn the_community_builder_behaves_like_the_editor() {
    let input = terrain(7, 600);
    let c = build_community(&input, 4, 10, false).unwrap();
    assert_eq!(c.header.max_depth, 10);
    assert_eq!(c.header.root_length % 16.0, 0.0);
    let lists = c.lists();
    for (i, n) in c.nodes.iter().enumerate() {
        assert_eq!(n.neighbors, [0; 4]);
        let list = lists.get(i);
        if n.child != 0 {
            assert!(list.is_empty(), "inner nodes list nothing");
        } else if !list.is_empty() {
            assert_eq!(n.depth, 4, "only leaves at the tree depth list triangles");
            assert!(list.len() >= 3);
        }
        if n.depth > 0 {
            let p = &c.nodes[usize::from(n.parent)];
            let q = i - usize::from(p.child);
            let step = 1u16 << (10 - n.depth);
            assert_eq!(
                (n.nx, n.nz),
                (
                    p.nx + (u16::try_from(q).unwrap() & 1) * step,
                    p.nz + (u16::try_from(q).unwrap() >> 1) * step
                )
            );
        }
    }
    assert!(
        c.nodes.iter().enumerate().any(|(i, _)| lists.get(i).len() == 3 && lists.get(i)[2] == 0),
        "padding with 0"
    );
    assert!(c.triangles.iter().all(|t| t.neighbors == [NO_TRIANGLE; 3]));
    assert_eq!(c.validate().count(Severity::Error), 0, "{}", listing(&c));
    // Its automatic depth: log2(side / 50), at most 10.
    let auto = build_community(&input, 0, 0, false).unwrap();
    let want: u8 = crate::num::SaturatingFrom::saturating_from(
        libm::log2f(auto.header.root_length / 50.0).floor().clamp(0.0, 10.0),
    );
    assert_eq!(auto.tree_depth(), want);
}

#[test]
fn repair_and_build_take_any_parsed_file() {
    // Files that parse but are damaged anywhere: repair and build never panic; what they return checks clean.
    let mut rng = Rng::new(77);
    let base = generate::odd(5, 300, 6, &generate::Style::community()).to_bytes().unwrap();
    let mut tried = 0;
    for _ in 0..300 {
        let mut data = base.clone();
        for _ in 0..1 + rng.below(8) {
            let at = rng.index(data.len());
            data[at] = crate::num::low_u8(rng.next_u32());
        }
        let Ok(c) = Collision::parse(&data) else { continue };
        tried += 1;
        if let Ok((fixed, _)) = repair(&c, &TreeOptions::default()) {
            assert!(checked_bytes(&fixed).is_ok(), "{}", listing(&fixed));
        }
        if let Ok(built) = build(&BuildInput::from_collision(&c), &BuildOptions::default()) {
            assert!(checked_bytes(&built.collision).is_ok(), "{}", listing(&built.collision));
        }
    }
    assert!(tried > 100);
}

#[test]
fn the_audit_finds_no_holes_in_built_files_and_repair_removes_the_community_files_holes() {
    use crate::heroes::audit::{audit, AuditOptions};
    let opts = AuditOptions { probes: 3000, seed: 3 };
    let built = build(&terrain(21, 4000), &BuildOptions::default()).unwrap().collision;
    let a = audit(&built, opts).unwrap();
    assert_eq!(a.holes, 0, "{}", a.to_text());
    assert!(a.vertical.file_hits > 1000 && a.line.file_hits > 0, "{}", a.to_text());
    let thin = build(&fans(4, 600, 5, 0.0), &BuildOptions::default()).unwrap().collision;
    assert_eq!(audit(&thin, opts).unwrap().holes, 0);

    let community = generate::community(21, 4000, 0);
    let before = audit(&community, opts).unwrap();
    assert!(before.holes > 0, "{}", before.to_text());
    let (fixed, _) = repair(&community, &TreeOptions::default()).unwrap();
    let after = audit(&fixed, opts).unwrap();
    assert_eq!(after.holes, 0, "{}", after.to_text());
    assert!(after.line.file_hits > before.line.file_hits, "{} / {}", before.to_text(), after.to_text());
}

#[test]
fn the_community_builder_refuses_depths_past_the_node_limit() {
    let err = build_community(&terrain(4, 20_000), 12, 13, false).unwrap_err();
    let BuildError::TooManyNodes { reached, nodes, adding, .. } = err else { panic!("{err}") };
    assert!(nodes + adding > MAX_COUNT && reached < 12, "{err}");
    assert!(build_community(&terrain(4, 20_000), u8::try_from(reached).unwrap(), 13, false).is_ok());
}

#[test]
fn repair_says_when_the_old_lists_were_too_large_to_compare() {
    // 20,000 triangles over 20,000 nodes, each triangle over nearly every node: the complete lists would
    // pass their bound, so the old lists are not compared; the repair itself builds a small tree.
    let (fixed, r) = repair(&generate::oversized(7, 20_000, 12), &TreeOptions::default()).unwrap();
    assert!(r.lists_not_compared_before, "{r}");
    assert_eq!((r.lists_incomplete_before, r.lists_padded_or_extra_before), (0, 0));
    assert!(
        r.to_string().contains("(before: not compared with complete lists, which would be too large,"),
        "{r}"
    );
    assert_game_correct(&fixed, "oversized repaired");
}

#[test]
fn repair_checked_gives_the_repair_and_its_checked_bytes() {
    // One validation of the repaired file for the report and the check: the same file, report and bytes as
    // `repair` then `checked_bytes`, on a community file, a clean one and corrupted ones.
    let mut rng = Rng::new(5);
    let community = generate::odd(4, 600, 7, &generate::Style::community());
    let mut files = vec![community.clone(), generate::game_correct(2, 500, 8)];
    let base = community.to_bytes().unwrap();
    while files.len() < 40 {
        let mut data = base.clone();
        for _ in 0..1 + rng.below(6) {
            let at = rng.index(data.len());
            data[at] = crate::num::low_u8(rng.next_u32());
        }
        files.extend(Collision::parse(&data).ok());
    }
    for (i, c) in files.iter().enumerate() {
        let separate = repair(c, &TreeOptions::default())
            .map(|(fixed, report)| (checked_bytes(&fixed).unwrap(), fixed, report));
        assert_eq!(repair_checked(c, &TreeOptions::default()), separate, "file {i}");
    }
}
