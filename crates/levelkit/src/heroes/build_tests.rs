//! Tests of the builder, the repair and the community-style builder.

use super::*;
use crate::heroes::generate;
use crate::rng::Rng;

/// A mesh from `generate::terrain` (heightfield plus walls) as builder input.
fn terrain(seed: u64, count: usize) -> BuildInput {
    let (tris, verts) = generate::terrain(&mut Rng::new(seed), count);
    BuildInput::from_triangles(&tris, verts)
}

/// Triangles from corner triples, attribute 0, group 0, no shared vertices.
fn soup(corners: &[[[f32; 3]; 3]]) -> BuildInput {
    let mut input = BuildInput::default();
    for c in corners {
        let base = input.positions.len() as u32;
        input.positions.extend_from_slice(c);
        input
            .triangles
            .push(BuildTriangle { vertices: [base, base + 1, base + 2], ..BuildTriangle::default() });
    }
    input
}

/// `sites` fans of `per_site` triangles around a centre (radius 0.5), scattered about 10 units apart,
/// starting at x = `x0`.
fn fans(seed: u64, sites: usize, per_site: usize, x0: f32) -> BuildInput {
    let mut rng = Rng::new(seed);
    let side = (sites as f32).sqrt() * 10.0;
    let mut input = BuildInput::default();
    for _ in 0..sites {
        let (x, y, z) = (x0 + rng.range_f32(0.0, side), rng.range_f32(-1.0, 1.0), rng.range_f32(0.0, side));
        let center = input.positions.len() as u32;
        input.positions.push([x, y, z]);
        // A closed ring from 3 triangles on; fewer are an open fan.
        let ring = if per_site < 3 { per_site + 1 } else { per_site };
        for k in 0..ring {
            let a = std::f32::consts::TAU * k as f32 / ring as f32;
            input.positions.push([x + 0.5 * a.cos(), y, z - 0.5 * a.sin()]);
        }
        for k in 0..per_site as u32 {
            let next = (k + 1) % ring as u32;
            input.triangles.push(BuildTriangle {
                vertices: [center, center + 1 + k, center + 1 + next],
                ..BuildTriangle::default()
            });
        }
    }
    input
}

/// Every finding, one per line.
fn listing(c: &Collision) -> String {
    c.validate().0.iter().map(|f| format!("{f}\n")).collect()
}

/// The builder's promises for one built file.
fn assert_game_correct(c: &Collision, label: &str) {
    let findings = c.validate();
    assert!(findings.0.iter().all(|f| f.severity == Severity::Note), "{label}: findings:\n{}", listing(c));
    // The tree is its own complete tree: complete lists everywhere, canonical links.
    assert_eq!(tree::complete(c).as_ref(), Ok(c), "{label}: not complete");
    let lists = c.lists();
    for (i, n) in c.nodes.iter().enumerate() {
        let mut list = lists.get(i).to_vec();
        // A 1- or 2-entry list holding an index the game's 0x7FFF mask would break is stored as 3 entries,
        // the last repeated (from_parts); never padded with another triangle.
        if list.len() == 3 && list[1] == list[2] && list.iter().any(|&t| t > 0x7FFF) {
            list.dedup();
        }
        assert!(list.windows(2).all(|w| w[0] < w[1]), "{label}: nodes[{i}] list not strictly ascending");
        if matches!(n.num_poly, 1 | 2) {
            assert!(n.poly_index & !0x7FFF_7FFF == 0, "{label}: nodes[{i}] small list not inline");
            assert!(list.iter().all(|&t| t <= 0x7FFF));
        }
    }
    for (t, tri) in c.triangles.iter().enumerate() {
        let points = geom::triangle_points(&c.vertices, &tri.vertices).unwrap();
        assert_eq!(Some(tri.normal), geom::normal_from_winding(&points), "{label}: triangles[{t}] normal");
    }
    let h = &c.header;
    assert_eq!(geom::game_root_length(h.root_length), h.root_length, "{label}: root length masked");
    let root = c.grid().unwrap().root();
    for v in &c.vertices {
        assert!(v[0] >= root.min[0] && v[0] <= root.max()[0] && v[2] >= root.min[1] && v[2] <= root.max()[1]);
    }
    let bytes = checked_bytes(c).unwrap();
    assert_eq!(Collision::parse(&bytes).unwrap(), *c, "{label}: round trip");
    assert_eq!(Collision::parse(&bytes).unwrap().to_bytes().unwrap(), bytes, "{label}: bytes round trip");
}

#[test]
fn terrain_with_walls_builds_clean_at_every_size() {
    for (seed, count) in [(1, 0), (2, 1), (3, 2), (4, 3), (5, 40), (6, 500), (7, 4000)] {
        let built = build(&terrain(seed, count), &BuildOptions::default()).unwrap();
        let c = &built.collision;
        assert_eq!(c.triangles.len(), count);
        assert_game_correct(c, &format!("terrain {count}"));
        assert_eq!(built.report.degenerate_triangles, 0);
    }
}

#[test]
fn a_65000_triangle_stage_builds_clean_and_within_the_counts() {
    let built = build(&terrain(2026, 65_000), &BuildOptions::default()).unwrap();
    let c = &built.collision;
    assert_eq!(c.triangles.len(), 65_000);
    assert!(c.nodes.len() <= MAX_COUNT);
    assert!(c.tree_depth() >= 6, "depth {}", c.tree_depth());
    assert_game_correct(c, "65,000 triangles");
    let r = &built.report.tree;
    assert_eq!((r.nodes, r.triangles, r.max_depth), (c.nodes.len(), 65_000, u16::from(c.tree_depth())));
    assert_eq!(r.bytes, c.file_len());
}

#[test]
fn thin_tiny_and_huge_triangles_build_clean() {
    let mut rng = Rng::new(11);
    let mut corners = Vec::new();
    for _ in 0..300 {
        // Tiny triangles clustered in one corner.
        let (x, z) = (rng.range_f32(0.0, 2.0), rng.range_f32(0.0, 2.0));
        corners.push([[x, 0.0, z], [x, 0.0, z + 0.001], [x + 0.001, 0.0, z]]);
    }
    for k in 0..100 {
        // Slivers: long and a hair wide, at odd angles.
        let (x, z) = (rng.range_f32(-500.0, 500.0), rng.range_f32(-500.0, 500.0));
        let (dx, dz) = (rng.range_f32(-300.0, 300.0), rng.range_f32(-300.0, 300.0));
        corners.push([[x, 1.0, z], [x + dx, 1.0, z + dz + 0.01], [x + dx + 0.01, 1.0 + k as f32, z + dz]]);
    }
    // Walls (footprints are segments), one lying exactly on a likely node border (x = 0).
    corners.push([[0.0, 0.0, -100.0], [0.0, 50.0, -100.0], [0.0, 0.0, 100.0]]);
    corners.push([[-250.0, 0.0, 3.0], [-250.0, 50.0, 3.0], [250.0, 0.0, 3.0]]);
    // One triangle larger than everything else.
    corners.push([[-2000.0, -5.0, -2000.0], [-2000.0, -5.0, 2000.0], [2000.0, -5.0, -2000.0]]);
    let built = build(&soup(&corners), &BuildOptions::default()).unwrap();
    assert_game_correct(&built.collision, "thin and tiny");
    assert!(built.collision.tree_depth() >= 8, "the tiny cluster should drive the depth");
    // The same at every fixed depth the node count allows.
    for depth in [0, 1, 4, 7] {
        let opts = BuildOptions {
            tree: TreeOptions { depth: Depth::Fixed(depth), ..TreeOptions::default() },
            ..BuildOptions::default()
        };
        let c = build(&soup(&corners), &opts).unwrap().collision;
        assert_eq!(u16::from(c.tree_depth()), depth);
        assert_game_correct(&c, &format!("thin and tiny at depth {depth}"));
    }
}

#[test]
fn the_same_input_gives_the_same_bytes() {
    let input = terrain(9, 3000);
    let opts = BuildOptions { weld: 0.25, ..BuildOptions::default() };
    let a = checked_bytes(&build(&input, &opts).unwrap().collision).unwrap();
    let b = checked_bytes(&build(&input.clone(), &opts).unwrap().collision).unwrap();
    assert_eq!(a, b);
}

#[test]
fn too_many_triangles_is_an_error_saying_how_many_and_what_to_do() {
    // Two triangles per grid cell, corners shared once welded.
    let corners: Vec<[[f32; 3]; 3]> = (0..70_000)
        .map(|i| {
            let (x, z) = (((i / 2) % 188) as f32, ((i / 2) / 188) as f32);
            if i % 2 == 0 {
                [[x, 0.0, z], [x, 0.0, z + 1.0], [x + 1.0, 0.0, z]]
            } else {
                [[x + 1.0, 0.0, z], [x, 0.0, z + 1.0], [x + 1.0, 0.0, z + 1.0]]
            }
        })
        .collect();
    let err = build(&soup(&corners), &BuildOptions::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the mesh has 70,000 triangles after welding and dropping degenerate triangles; a .cl file holds at most \
         65,534 (4,466 too many): split the mesh into several files (e.g. by area) or simplify it"
    );
    // Exactly the limit builds.
    let c = build(&soup(&corners[..MAX_COUNT]), &BuildOptions::default()).unwrap().collision;
    assert_eq!(c.triangles.len(), MAX_COUNT);
    // Vertices: 30,000 triangles that share no corner have 90,000.
    let apart: Vec<[[f32; 3]; 3]> = (0..30_000)
        .map(|i| [[i as f32, 0.0, 0.0], [i as f32, 0.0, 0.5], [i as f32 + 0.5, 0.0, 0.0]])
        .collect();
    let err = build(&soup(&apart), &BuildOptions::default()).unwrap_err();
    assert!(err.to_string().starts_with("the mesh has 90,000 vertices"), "{err}");
    assert!(err.to_string().contains("(24,466 too many): weld nearby vertices (--weld)"), "{err}");
}

#[test]
fn a_fixed_depth_that_needs_too_many_nodes_names_one_that_fits() {
    let input = terrain(4, 20_000);
    let opts = BuildOptions {
        tree: TreeOptions { depth: Depth::Fixed(12), ..TreeOptions::default() },
        ..BuildOptions::default()
    };
    let err = build(&input, &opts).unwrap_err();
    let BuildError::TooManyNodes { reached, .. } = err else { panic!("{err}") };
    let text = err.to_string();
    assert!(text.starts_with("depth 12 needs more than 65,534 nodes: the tree has "), "{text}");
    assert!(
        text.contains(&format!("use --depth {reached} or lower, --depth auto, or split the mesh")),
        "{text}"
    );
    let opts =
        BuildOptions { tree: TreeOptions { depth: Depth::Fixed(reached), ..TreeOptions::default() }, ..opts };
    assert_game_correct(&build(&input, &opts).unwrap().collision, "the depth that fits");
}

#[test]
fn auto_depth_stops_at_the_node_limit() {
    // One triangle per leaf wanted, for 8,000 fans of 6 triangles: more nodes than fit.
    let input = fans(5, 8000, 6, 0.0);
    let opts = BuildOptions {
        tree: TreeOptions { leaf_triangles: 1, ..TreeOptions::default() },
        ..BuildOptions::default()
    };
    let built = build(&input, &opts).unwrap();
    assert!(built.report.tree.node_limit_reached);
    assert!(built.collision.nodes.len() <= MAX_COUNT && built.collision.nodes.len() > MAX_COUNT - 4);
    assert_game_correct(&built.collision, "node limit");
}

#[test]
fn options_are_checked() {
    let input = terrain(1, 10);
    let with = |tree: TreeOptions| build(&input, &BuildOptions { tree, ..BuildOptions::default() });
    assert!(matches!(
        with(TreeOptions { depth: Depth::Fixed(16), ..TreeOptions::default() }),
        Err(BuildError::Option(_))
    ));
    assert!(matches!(
        with(TreeOptions { max_depth: Some(16), ..TreeOptions::default() }),
        Err(BuildError::Option(_))
    ));
    let err = with(TreeOptions { depth: Depth::Fixed(6), max_depth: Some(4), ..TreeOptions::default() })
        .unwrap_err();
    assert_eq!(err.to_string(), "--max-depth 4 is below --depth 6; nodes cannot be deeper than maxDepth");
    assert!(matches!(
        build(&input, &BuildOptions { weld: -1.0, ..BuildOptions::default() }),
        Err(BuildError::Option(_))
    ));
    let mut bad = input.clone();
    bad.triangles[3].vertices[1] = 999;
    let err = build(&bad, &BuildOptions::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("triangle 3 uses vertex 999, but there are only {} vertices", bad.positions.len())
    );
}

#[test]
fn max_depth_sets_the_grid_and_caps_auto() {
    let input = terrain(3, 2000);
    let auto = build(&input, &BuildOptions::default()).unwrap().collision;
    let deeper = BuildOptions {
        tree: TreeOptions { max_depth: Some(13), ..TreeOptions::default() },
        ..BuildOptions::default()
    };
    let c = build(&input, &deeper).unwrap().collision;
    assert_eq!(c.header.max_depth, 13);
    // The same squares in finer units: the same lists.
    assert_eq!(c.nodes.len(), auto.nodes.len());
    assert_eq!(c.lists().words, auto.lists().words);
    assert_game_correct(&c, "maxDepth 13");
    let capped = BuildOptions {
        tree: TreeOptions { max_depth: Some(3), ..TreeOptions::default() },
        ..BuildOptions::default()
    };
    let c = build(&input, &capped).unwrap().collision;
    assert_eq!((c.header.max_depth, c.tree_depth()), (3, 3));
    assert_game_correct(&c, "maxDepth 3");
}

#[test]
fn welding_degenerates_flip_and_attribute() {
    // A quad as two triangles with their own copies of the shared corners, a near-duplicate corner,
    // a zero-area triangle, a triangle repeating a vertex, and an unused vertex.
    let input = BuildInput {
        positions: vec![
            [0.0, 0.0, 0.0],   // 0
            [0.0, 0.0, 1.0],   // 1
            [1.0, 0.0, 0.0],   // 2
            [1.0, 0.0, 0.0],   // 3 = 2
            [0.0, 0.0, 1.0],   // 4 = 1
            [1.0, 0.0, 1.001], // 5: within 0.01 of (1, 0, 1)
            [1.0, 0.0, 1.0],   // 6
            [2.0, 0.0, 2.0],   // 7: in a line with 0 and 6
            [9.0, 9.0, 9.0],   // 8: unused
        ],
        triangles: vec![
            BuildTriangle { vertices: [0, 1, 2], attribute: 1, group: 0 },
            BuildTriangle { vertices: [3, 4, 6], attribute: 2, group: 1 },
            BuildTriangle { vertices: [0, 6, 7], attribute: 3, group: 2 },
            BuildTriangle { vertices: [2, 2, 1], attribute: 4, group: 3 },
            BuildTriangle { vertices: [4, 6, 5], attribute: 5, group: 4 },
        ],
    };
    let exact = build(&input, &BuildOptions::default()).unwrap();
    let r = &exact.report;
    assert_eq!(
        (r.welded_vertices, r.degenerate_triangles, r.degenerate_examples.clone()),
        (2, 2, vec![2, 3])
    );
    let c = &exact.collision;
    // Kept: 0, 1, 4 (a sliver between (0,0,1), (1,0,1) and (1,0,1.001)); vertices 0, 1, 2, 5, 6 in order.
    assert_eq!(
        c.vertices,
        vec![[0.0, 0.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [1.0, 0.0, 1.001], [1.0, 0.0, 1.0]]
    );
    assert_eq!(r.unused_vertices, 2);
    assert_eq!(
        c.triangles.iter().map(|t| t.vertices).collect::<Vec<_>>(),
        vec![[0, 1, 2], [2, 1, 4], [1, 4, 3]]
    );
    assert_eq!(
        c.triangles.iter().map(|t| t.neighbors).collect::<Vec<_>>(),
        vec![[NO_TRIANGLE, 1, NO_TRIANGLE], [0, 2, NO_TRIANGLE], [1, NO_TRIANGLE, NO_TRIANGLE],]
    );
    assert_eq!(c.triangles[0].normal, [0.0, 1.0, 0.0]);
    assert_game_correct(c, "exact weld");

    // Welding within 0.01 merges 6 into 5 (the first): triangle 4 becomes degenerate, triangle 2 a sliver.
    let opts = BuildOptions { weld: 0.01, flip: true, attribute: Some(0x100), ..BuildOptions::default() };
    let welded = build(&input, &opts).unwrap();
    let r = &welded.report;
    assert_eq!(
        (r.welded_vertices, r.degenerate_triangles, r.degenerate_examples.clone()),
        (3, 2, vec![3, 4])
    );
    let c = &welded.collision;
    assert_eq!(c.vertices[3], [1.0, 0.0, 1.001]);
    assert_eq!(
        c.triangles.iter().map(|t| t.vertices).collect::<Vec<_>>(),
        vec![[0, 2, 1], [2, 3, 1], [0, 4, 3]]
    );
    assert!(c.triangles.iter().all(|t| t.attribute == 0x100 && t.normal == [0.0, -1.0, 0.0]));
    assert_eq!(c.triangles.iter().map(|t| t.group).collect::<Vec<_>>(), vec![0, 1, 2]);
    assert_game_correct(c, "welded, flipped");
}

#[test]
fn edges_shared_by_more_than_two_triangles_link_to_their_manifold_partner() {
    // A floor of two triangles sharing edge (1)-(2), and two walls standing on that edge.
    let positions = vec![
        [0.0, 0.0, 0.0], // 0
        [1.0, 0.0, 0.0], // 1
        [0.0, 0.0, 1.0], // 2
        [1.0, 0.0, 1.0], // 3
        [0.5, 1.0, 0.5], // 4: wall tops
        [0.6, 1.0, 0.4],
    ];
    let tris = [
        [4, 1, 2], // 0: wall, runs 1 → 2
        [0, 2, 1], // 1: floor, runs 2 → 1
        [1, 3, 2], // 2: floor, edge (v2, v0) runs 2 → 1
        [5, 2, 1], // 3: wall, runs 2 → 1
    ];
    let (adj, stats) = adjacency(&tris, &positions);
    assert_eq!(stats, EdgeStats { shared: 1, non_manifold: 1 });
    // Edge 1-2 is slot 1 of triangle 0 (v1→v2), slot 1 of 1 (2→1), slot 2 of 2 (2→1), slot 1 of 3 (2→1).
    assert_eq!(adj[0][1], 1, "wall 0 runs 1→2: the lowest running 2→1");
    assert_eq!(adj[1][1], 0, "floor 1 runs 2→1: the only one running 1→2 is wall 0");
    assert_eq!(adj[2][2], 0);
    assert_eq!(adj[3][1], 0);
    // Two triangles only: each other.
    let (adj, stats) = adjacency(&tris[1..3], &positions);
    assert_eq!(stats, EdgeStats { shared: 1, non_manifold: 0 });
    assert_eq!((adj[0][1], adj[1][2]), (1, 0));
    // Same direction only (a flipped neighbour): still linked.
    let (adj, _) = adjacency(&[[0, 1, 2], [3, 1, 2]], &positions);
    assert_eq!((adj[0][1], adj[1][1]), (1, 0));
}

#[test]
fn small_lists_are_inline_never_padded() {
    let opts = BuildOptions {
        tree: TreeOptions { leaf_triangles: 1, ..TreeOptions::default() },
        ..BuildOptions::default()
    };
    let c = build(&fans(8, 150, 2, 0.0), &opts).unwrap().collision;
    assert!(c.nodes.iter().any(|n| n.num_poly == 1));
    assert!(c.nodes.iter().any(|n| n.num_poly == 2));
    assert_game_correct(&c, "scattered");
    // Above 0x7FFF the mask would break an inline entry: from_parts stores those, repeating the last.
    let mut input = terrain(8, 33_000);
    let far = input.positions.iter().map(|p| p[0]).fold(f32::MIN, f32::max) + 10.0;
    let extra = fans(9, 1000, 2, far);
    let base = input.positions.len() as u32;
    input.positions.extend(extra.positions);
    input.triangles.extend(
        extra.triangles.iter().map(|t| BuildTriangle { vertices: t.vertices.map(|v| v + base), ..*t }),
    );
    let big = build(&input, &opts).unwrap().collision;
    let high_small = big
        .nodes
        .iter()
        .enumerate()
        .filter(|(i, n)| n.num_poly == 3 && big.node_list(*i).unwrap().iter().any(|&t| t > 0x7FFF))
        .count();
    assert!(high_small > 0);
    assert_game_correct(&big, "indices above 0x7FFF");
}

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
            assert_eq!((n.nx, n.nz), (p.nx + (q as u16 & 1) * step, p.nz + (q as u16 >> 1) * step));
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
    let want = (auto.header.root_length / 50.0).log2().floor().clamp(0.0, 10.0) as u8;
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
            let at = rng.below(data.len() as u64) as usize;
            data[at] = rng.next_u32() as u8;
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
    let a = audit(&built, opts);
    assert_eq!(a.holes, 0, "{}", a.to_text());
    assert!(a.vertical.file_hits > 1000 && a.line.file_hits > 0, "{}", a.to_text());
    let thin = build(&fans(4, 600, 5, 0.0), &BuildOptions::default()).unwrap().collision;
    assert_eq!(audit(&thin, opts).holes, 0);

    let community = generate::community(21, 4000, 0);
    let before = audit(&community, opts);
    assert!(before.holes > 0, "{}", before.to_text());
    let (fixed, _) = repair(&community, &TreeOptions::default()).unwrap();
    let after = audit(&fixed, opts);
    assert_eq!(after.holes, 0, "{}", after.to_text());
    assert!(after.line.file_hits > before.line.file_hits, "{} / {}", before.to_text(), after.to_text());
}

#[test]
fn the_community_builder_refuses_depths_past_the_node_limit() {
    let err = build_community(&terrain(4, 20_000), 12, 13, false).unwrap_err();
    let BuildError::TooManyNodes { reached, nodes, adding, .. } = err else { panic!("{err}") };
    assert!(nodes + adding > MAX_COUNT && reached < 12, "{err}");
    assert!(build_community(&terrain(4, 20_000), reached as u8, 13, false).is_ok());
}
