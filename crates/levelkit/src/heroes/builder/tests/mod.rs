//! Tests of the builder: shapes, limits, options, welding, adjacency, small lists.

mod freeze;
#[cfg(feature = "convert")]
mod obj;
mod pinned;
mod repair;

use super::*;
use crate::findings::Severity;
use crate::heroes::{generate, geom, tree, MAX_COUNT, NO_TRIANGLE};
use crate::rng::Rng;

/// A mesh from `generate::terrain` (heightfield plus walls) as builder input.
pub(super) fn terrain(seed: u64, count: usize) -> BuildInput {
    let (tris, verts) = generate::terrain(&mut Rng::new(seed), count);
    BuildInput::from_triangles(&tris, verts)
}

/// Triangles from corner triples, attribute 0, group 0, no shared vertices.
fn soup(corners: &[[[f32; 3]; 3]]) -> BuildInput {
    let mut input = BuildInput::default();
    for c in corners {
        let base = u32::try_from(input.positions.len()).unwrap();
        input.positions.extend_from_slice(c);
        input
            .triangles
            .push(BuildTriangle { vertices: [base, base + 1, base + 2], ..BuildTriangle::default() });
    }
    input
}

/// `sites` fans of `per_site` triangles around a centre (radius 0.5), scattered about 10 units apart,
/// starting at x = `x0`.
pub(super) fn fans(seed: u64, sites: usize, per_site: usize, x0: f32) -> BuildInput {
    let mut rng = Rng::new(seed);
    let side = (sites as f32).sqrt() * 10.0;
    let mut input = BuildInput::default();
    for _ in 0..sites {
        let (x, y, z) = (x0 + rng.range_f32(0.0, side), rng.range_f32(-1.0, 1.0), rng.range_f32(0.0, side));
        let center = u32::try_from(input.positions.len()).unwrap();
        input.positions.push([x, y, z]);
        // A closed ring from 3 triangles on; fewer are an open fan.
        let ring = if per_site < 3 { per_site + 1 } else { per_site };
        for k in 0..ring {
            let a = std::f32::consts::TAU * k as f32 / ring as f32;
            input.positions.push([x + 0.5 * libm::cosf(a), y, z - 0.5 * libm::sinf(a)]);
        }
        for k in 0..u32::try_from(per_site).unwrap() {
            let next = (k + 1) % u32::try_from(ring).unwrap();
            input.triangles.push(BuildTriangle {
                vertices: [center, center + 1 + k, center + 1 + next],
                ..BuildTriangle::default()
            });
        }
    }
    input
}

/// Every finding, one per line.
pub(super) fn listing(c: &Collision) -> String {
    c.validate().0.iter().map(|f| format!("{f}\n")).collect()
}

/// The builder's promises for one built file.
pub(super) fn assert_game_correct(c: &Collision, label: &str) {
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
    // No triangles: an error, never an empty file.
    let empty = build(&terrain(1, 0), &BuildOptions::default()).unwrap_err();
    assert!(matches!(empty, BuildError::Empty(_)), "{empty}");
    for (seed, count) in [(2, 1), (3, 2), (4, 3), (5, 40), (6, 500), (7, 4000)] {
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
    // The tiny triangles are 0.001 across, below the default weld: weld exact duplicates only.
    let exact = BuildOptions { weld: 0.0, ..BuildOptions::default() };
    let built = build(&soup(&corners), &exact).unwrap();
    assert_game_correct(&built.collision, "thin and tiny");
    assert!(built.collision.tree_depth() >= 8, "the tiny cluster should drive the depth");
    // The same at every fixed depth the node count allows.
    for depth in [0, 1, 4, 7] {
        let opts = BuildOptions {
            tree: TreeOptions { depth: Depth::Fixed(depth), ..TreeOptions::default() },
            ..exact
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
    assert!(
        err.to_string().contains("(24,466 too many): weld nearby vertices (a larger weld distance)"),
        "{err}"
    );
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
        text.contains(&format!(
            "build it at depth {reached} or lower, let the depth be chosen automatically, or split the mesh"
        )),
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
        Err(BuildError::BadOption { option: "depth", .. })
    ));
    assert!(matches!(
        with(TreeOptions { max_depth: Some(16), ..TreeOptions::default() }),
        Err(BuildError::BadOption { option: "max_depth", .. })
    ));
    let err = with(TreeOptions { depth: Depth::Fixed(6), max_depth: Some(4), ..TreeOptions::default() })
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "max_depth = 4: it must be at least the depth (6): nodes cannot be deeper than maxDepth"
    );
    assert!(matches!(
        build(&input, &BuildOptions { weld: -1.0, ..BuildOptions::default() }),
        Err(BuildError::BadOption { option: "weld", .. })
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
    let exact = build(&input, &BuildOptions { weld: 0.0, ..BuildOptions::default() }).unwrap();
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
    let base = u32::try_from(input.positions.len()).unwrap();
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
fn a_vertex_that_is_not_finite_is_an_error_naming_it_not_a_degenerate_triangle() {
    let mut input = soup(&[
        [[0.0, 0.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]],
        [[5.0, 0.0, 5.0], [5.0, 0.0, 6.0], [6.0, 0.0, 5.0]],
    ]);
    input.positions[4] = [f32::NAN, 0.0, 6.0];
    input.positions[5] = [6.0, f32::INFINITY, 5.0];
    let e = build(&input, &BuildOptions::default()).unwrap_err();
    assert!(matches!(e, BuildError::NonFinite { vertex: 4, triangle: 1, count: 2, .. }), "{e:?}");
    assert!(
        e.to_string().starts_with("vertex 4 is (NaN, 0, 6), not a finite position, and triangle 1 uses it (2 used vertices in all are not finite)"),
        "{e}"
    );
    // All of them: still that error, never an empty file.
    let all = BuildInput {
        positions: vec![[f32::NAN; 3]; 3],
        triangles: vec![BuildTriangle { vertices: [0, 1, 2], ..Default::default() }],
    };
    assert!(matches!(
        build(&all, &BuildOptions::default()),
        Err(BuildError::NonFinite { vertex: 0, count: 3, .. })
    ));
    // An unused one is only unused.
    let mut spare = soup(&[[[0.0, 0.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]]]);
    spare.positions.push([f32::NAN; 3]);
    assert_eq!(build(&spare, &BuildOptions::default()).unwrap().report.unused_vertices, 1);
}

#[test]
fn geometry_beyond_what_the_game_can_resolve_is_warned_with_the_reason() {
    let near = soup(&[[[0.0, 0.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]]]);
    let built = build(&near, &BuildOptions::default()).unwrap();
    assert_eq!((built.report.far_vertices, built.report.far_warning()), (0, None));
    // A floor reaching ±1e18: written (the file is valid), said — the game's 100-unit probe misses it.
    let far = soup(&[
        [[-1e18, 0.0, -1e18], [-1e18, 0.0, 1e18], [1e18, 0.0, -1e18]],
        [[0.0, 5.0, 0.0], [0.0, 5.0, 1.0], [1.0, 5.0, 0.0]],
    ]);
    let built = build(&far, &BuildOptions::default()).unwrap();
    assert_eq!(built.report.far_vertices, 3);
    assert_eq!(built.report.farthest, 1e18);
    let warning = built.report.far_warning().unwrap();
    assert!(
        warning
            .starts_with("3 vertices lie beyond ±16,777,216 (the farthest coordinate 1000000000000000000)"),
        "{warning}"
    );
    let tree = crate::heroes::query::GameTree::new(&built.collision);
    let mut s = crate::heroes::query::Scratch::new(&tree);
    assert_eq!(tree.axis_y(&mut s, [-10.0, 10.0, -10.0], -100.0).hit, None, "the game finds the far floor");
}
