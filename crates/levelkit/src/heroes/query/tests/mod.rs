//! Tests of the game-faithful queries against the exact reference and hand-made trees.

mod line;

use super::*;
use crate::heroes::exact::Exact;
use crate::heroes::generate::{self, Style};
use crate::heroes::{Collision, NodeParts};
use crate::rng::Rng;

/// One upward-facing floor quad over x, z ∈ [0, 8] at y = 0, in a depth-1 tree (root + 4 leaves), the
/// lists and links given.
fn quad_file(lists: [Vec<u16>; 4], links: bool) -> Collision {
    let verts = vec![[0.0, 0.0, 0.0], [8.0, 0.0, 0.0], [0.0, 0.0, 8.0], [8.0, 0.0, 8.0]];
    // Winding (x,z)→(x,z+1)→(x+1,z) faces up.
    let tris = vec![
        crate::heroes::Triangle { vertices: [0, 2, 1], normal: [0.0, 1.0, 0.0], ..Default::default() },
        crate::heroes::Triangle {
            vertices: [1, 2, 3],
            normal: [0.0, 1.0, 0.0],
            attribute: 0x100,
            ..Default::default()
        },
    ];
    let mut nodes = vec![NodeParts { child: 1, list: vec![0, 1], ..NodeParts::default() }];
    // Children: k bit 0 = +X, bit 1 = +Z; in units of 8/2 = 4.
    let link = |k: u16| -> [u16; 4] {
        if !links {
            return [0; 4];
        }
        let (x, z) = (k & 1, k >> 1);
        let at = |x: u16, z: u16| 1 + x + 2 * z;
        [
            if x == 0 { at(1, z) } else { 0 },
            if x == 1 { at(0, z) } else { 0 },
            if z == 0 { at(x, 1) } else { 0 },
            if z == 1 { at(x, 0) } else { 0 },
        ]
    };
    for (k, list) in lists.into_iter().enumerate() {
        let k = u16::try_from(k).unwrap();
        nodes.push(NodeParts {
            parent: 0,
            depth: 1,
            nx: k & 1,
            nz: k >> 1,
            neighbors: link(k),
            list,
            ..NodeParts::default()
        });
    }
    Collision::from_parts([4.0, 0.0, 4.0], 8.0, 1, &nodes, tris, verts).unwrap()
}

#[test]
fn leaf_of_follows_the_centres_without_bounds() {
    let c = quad_file([vec![0], vec![0, 1], vec![0, 1], vec![1]], true);
    let g = GameTree::new(&c);
    assert_eq!(g.leaf_of(1.0, 1.0), Some(1));
    assert_eq!(g.leaf_of(5.0, 1.0), Some(2));
    assert_eq!(g.leaf_of(1.0, 5.0), Some(3));
    // On the centre line the ≥ comparison picks the + side.
    assert_eq!(g.leaf_of(4.0, 4.0), Some(4));
    // Far outside: no bounds check, the nearest edge leaf.
    assert_eq!(g.leaf_of(-100.0, 100.0), Some(3));
}

#[test]
fn vertical_probe_hits_the_floor_from_above_only() {
    let c = quad_file([vec![0], vec![0, 1], vec![0, 1], vec![1]], true);
    let g = GameTree::new(&c);
    let mut s = Scratch::new(&g);
    let w = g.axis_y(&mut s, [1.0, 5.0, 1.0], -10.0);
    let hit = w.hit.unwrap();
    assert_eq!(hit.triangle, 0);
    assert_eq!(hit.point, [1.0, 0.0, 1.0]);
    assert_eq!(hit.distance, 5.0);
    assert_eq!(w.leaves, 1);
    // From below, the one-sided test lets the probe through.
    assert_eq!(g.axis_y(&mut s, [1.0, -5.0, 1.0], 10.0).hit, None);
    // Too short to reach.
    assert_eq!(g.axis_y(&mut s, [1.0, 5.0, 1.0], -4.0).hit, None);
    // The +X,+Z corner is triangle 1 with its attribute.
    assert_eq!(g.axis_y(&mut s, [7.0, 5.0, 7.0], -10.0).hit.unwrap().attribute, 0x100);
}

#[test]
fn a_leaf_missing_a_triangle_is_a_hole_for_vertical_probes() {
    // Leaf 1 (−X,−Z) lists nothing although triangle 0 covers it.
    let c = quad_file([vec![], vec![0, 1], vec![0, 1], vec![1]], true);
    let g = GameTree::new(&c);
    let mut s = Scratch::new(&g);
    assert_eq!(g.axis_y(&mut s, [1.0, 5.0, 1.0], -10.0).hit, None);
    let e = Exact::new(&c);
    assert_eq!(e.axis_y([1.0, 5.0, 1.0], -10.0).unwrap().triangle, 0);
}

#[test]
fn line_cast_walks_through_links_and_stops_at_zero_links() {
    // Leaf 1 is empty; a cast starting there must walk to leaf 2 (+X) to find the floor.
    let start = [1.0, 1.0, 1.0];
    let dir = [6.0, -2.0, 0.0];
    let linked = quad_file([vec![], vec![0, 1], vec![0, 1], vec![1]], true);
    let g = GameTree::new(&linked);
    let mut s = Scratch::new(&g);
    let w = g.line(&mut s, start, dir);
    assert_eq!(w.leaves, 2);
    let hit = w.hit.unwrap();
    assert_eq!(hit.point[1], 0.0);
    assert!((hit.point[0] - 4.0).abs() < 1e-5);
    // Links all 0 (the community editor): the walk never leaves the first leaf.
    let unlinked = quad_file([vec![], vec![0, 1], vec![0, 1], vec![1]], false);
    let g = GameTree::new(&unlinked);
    let mut s = Scratch::new(&g);
    let w = g.line(&mut s, start, dir);
    assert_eq!((w.hit, w.leaves), (None, 1));
    assert!(Exact::new(&unlinked).line(start, dir).is_some());
}

#[test]
fn next_neighbor_descends_at_the_crossing_point() {
    let c = quad_file([vec![0], vec![0, 1], vec![0, 1], vec![1]], true);
    let g = GameTree::new(&c);
    assert_eq!(g.next_neighbor(1, [1.0, 0.0, 1.0], [6.0, 0.0, 2.0]), Next::Leaf(2));
    assert_eq!(g.next_neighbor(1, [1.0, 0.0, 1.0], [2.0, 0.0, 7.0]), Next::Leaf(3));
    // Ends inside, or exactly on the far edge: no crossing.
    assert_eq!(g.next_neighbor(1, [1.0, 0.0, 1.0], [3.0, 0.0, 3.0]), Next::End);
    assert_eq!(g.next_neighbor(1, [1.0, 0.0, 1.0], [4.0, 0.0, 1.0]), Next::End);
    // Leaving by the −X edge: no link there.
    assert_eq!(g.next_neighbor(1, [1.0, 0.0, 1.0], [-3.0, 0.0, 1.0]), Next::End);
}

#[test]
fn sphere_spreads_through_neighbours_and_is_one_sided() {
    let c = quad_file([vec![0], vec![0, 1], vec![0, 1], vec![1]], true);
    let g = GameTree::new(&c);
    let mut s = Scratch::new(&g);
    // Centred near the middle: the box covers all four leaves.
    let w = g.sphere(&mut s, [4.0, 0.5, 4.0], 1.0);
    assert!(!w.aborted);
    let mut got: Vec<u16> = s.contacts().iter().map(|c| c.triangle).collect();
    got.sort_unstable();
    assert_eq!(got, vec![0, 1]);
    assert_eq!(w.nodes, 4);
    // Below the floor: nothing (one-sided).
    g.sphere(&mut s, [4.0, -0.5, 4.0], 1.0);
    assert!(s.contacts().is_empty());
    // Inside one leaf: that leaf alone.
    let w = g.sphere(&mut s, [1.0, 0.5, 1.0], 0.5);
    assert_eq!((w.nodes, s.contacts().len()), (1, 1));
}

#[test]
fn moving_sphere_takes_inner_nodes_inside_the_box_only_by_their_own_list() {
    // A sweep whose box covers the whole root: the game takes the root's children wholly inside it by
    // their own lists; leaf-only lists work, but a node with children inside the box is not descended.
    let c = quad_file([vec![0], vec![0, 1], vec![0, 1], vec![1]], true);
    let g = GameTree::new(&c);
    let mut s = Scratch::new(&g);
    let w = g.moving_sphere(&mut s, [-1.0, 3.0, -1.0], 1.0, [10.0, -6.0, 10.0]);
    let first = w.first.unwrap();
    assert_eq!(first.kind, ContactKind::Collision);
    assert!(first.allowed[1] < 0.0 && first.allowed[1] > -6.0);
    let e = Exact::new(&c);
    match e.moving_sphere([-1.0, 3.0, -1.0], 1.0, [10.0, -6.0, 10.0]) {
        Some(crate::heroes::exact::MoveHit::Contact { t, .. }) => {
            assert!((t * 10.0 - first.allowed[0]).abs() < 1e-3)
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn moving_sphere_takes_whole_only_the_nodes_the_shared_rule_names() {
    // A sweep whose box covers the whole root, over a file whose root lists everything: the walk takes
    // the root's children whole and never the root (tree::capsule_can_take_whole, which the validator uses).
    let c = quad_file([vec![0], vec![0, 1], vec![0, 1], vec![1]], true);
    let g = GameTree::new(&c);
    let mut s = Scratch::new(&g);
    g.moving_sphere(&mut s, [-1.0, 3.0, -1.0], 1.0, [10.0, -6.0, 10.0]);
    let taken = s.node_list().to_vec();
    assert_eq!(taken.len(), 4, "{taken:?}");
    for n in taken {
        let depth = c.nodes[usize::from(n)].depth;
        assert!(crate::heroes::tree::capsule_can_take_whole(depth), "node {n} at depth {depth}");
    }
}

#[test]
fn segment_tests_are_one_sided_and_agree() {
    let v = [[0.0, 0.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]];
    assert_eq!(segment_triangle([0.2, 1.0, 0.2], [0.0, -2.0, 0.0], &v), Some(0.5));
    assert_eq!(segment_y_triangle([0.2, 1.0, 0.2], -2.0, &v), Some(0.5));
    assert_eq!(segment_triangle([0.2, -1.0, 0.2], [0.0, 2.0, 0.0], &v), None);
    assert_eq!(segment_y_triangle([0.2, -1.0, 0.2], 2.0, &v), None);
    // Edges count; outside does not.
    assert!(segment_y_triangle([0.5, 1.0, 0.5], -2.0, &v).is_some());
    assert!(segment_y_triangle([0.6, 1.0, 0.6], -2.0, &v).is_none());
    // NaN never hits.
    assert_eq!(segment_triangle([f32::NAN, 1.0, 0.2], [0.0, -2.0, 0.0], &v), None);
}

#[test]
fn complete_files_agree_with_the_exact_reference_on_every_vertical_probe() {
    for seed in 0..4u64 {
        let c = generate::game_correct(seed, 3000, 8);
        let g = GameTree::new(&c);
        let e = Exact::new(&c);
        let mut s = Scratch::new(&g);
        let mut rng = Rng::new(seed);
        let (lo, hi) = bounds(&c);
        let mut hits = 0;
        for _ in 0..2000 {
            let p = [rng.range_f32(lo[0], hi[0]), hi[1] + 1.0, rng.range_f32(lo[2], hi[2])];
            let d = -(hi[1] - lo[1] + 2.0);
            let a = g.axis_y(&mut s, p, d).hit;
            let b = e.axis_y(p, d);
            assert!(same_answer(a, b), "seed {seed} probe {p:?}: game {a:?} exact {b:?}");
            hits += usize::from(a.is_some());
        }
        assert!(hits > 1000, "{hits}");
    }
}

#[test]
fn hostile_links_and_children_terminate() {
    let mut c = generate::game_correct(7, 400, 6);
    let n = u16::try_from(c.nodes.len()).unwrap();
    for (i, node) in c.nodes.iter_mut().enumerate() {
        let i = u16::try_from(i).unwrap();
        // Self links, links back and forth, children pointing at the root, nodeNo that lies.
        node.neighbors = [i, (i + 1) % n, 0, i.saturating_sub(1)];
        if node.child != 0 && i % 3 == 0 {
            node.child = 0xFFFE;
        } else if node.child != 0 && i % 3 == 1 {
            node.child = 0;
        }
        node.number = 0;
    }
    for node in &mut c.nodes[..5] {
        node.child = 1;
    }
    let g = GameTree::new(&c);
    let mut s = Scratch::new(&g);
    let mut rng = Rng::new(1);
    let (lo, hi) = bounds(&c);
    for _ in 0..300 {
        let p = [rng.range_f32(lo[0], hi[0]), hi[1], rng.range_f32(lo[2], hi[2])];
        let d = [rng.range_f32(-300.0, 300.0), -5.0, rng.range_f32(-300.0, 300.0)];
        g.axis_y(&mut s, p, -100.0);
        g.line(&mut s, p, d);
        g.sphere(&mut s, p, 50.0);
        g.moving_sphere(&mut s, p, 5.0, d);
    }
    // Nodes 1–4 all have children 1–4: every descent from the root is a cycle.
    assert!(g.axis_y(&mut s, [0.0; 3], -1.0).aborted);
}

#[test]
fn community_files_lose_line_casts_the_complete_file_keeps() {
    let complete = generate::game_correct(3, 3000, 8);
    let community = generate::odd(3, 3000, 8, &Style::community());
    let (gc, gm) = (GameTree::new(&complete), GameTree::new(&community));
    let (mut sc, mut sm) = (Scratch::new(&gc), Scratch::new(&gm));
    let mut rng = Rng::new(9);
    let (lo, hi) = bounds(&complete);
    let mut lost = 0;
    for _ in 0..2000 {
        let p = [rng.range_f32(lo[0], hi[0]), hi[1] + 1.0, rng.range_f32(lo[2], hi[2])];
        let d = [rng.range_f32(-200.0, 200.0), -(hi[1] - lo[1] + 2.0), rng.range_f32(-200.0, 200.0)];
        let a = gc.line(&mut sc, p, d).hit;
        let b = gm.line(&mut sm, p, d).hit;
        lost += usize::from(a.is_some() && b.is_none());
    }
    assert!(lost > 0);
}

fn bounds(c: &Collision) -> (Vec3, Vec3) {
    let mut lo = [f32::INFINITY; 3];
    let mut hi = [f32::NEG_INFINITY; 3];
    for v in &c.vertices {
        for k in 0..3 {
            lo[k] = lo[k].min(v[k]);
            hi[k] = hi[k].max(v[k]);
        }
    }
    (lo, hi)
}

#[test]
fn sphere_contacts_on_complete_files_are_exact_ones() {
    // On a complete file the node list covers the sphere: the game reports exactly the exact contacts its
    // reach filter lets through (the filter's losses are game-inherent).
    let c = generate::game_correct(5, 3000, 8);
    let (g, e) = (GameTree::new(&c), Exact::new(&c));
    let mut s = Scratch::new(&g);
    let mut rng = Rng::new(4);
    let (lo, hi) = bounds(&c);
    let mut filtered_total = 0;
    let mut exact = Vec::new();
    for _ in 0..500 {
        let p = [rng.range_f32(lo[0], hi[0]), rng.range_f32(lo[1], hi[1] + 2.0), rng.range_f32(lo[2], hi[2])];
        let r = rng.range_f32(0.5, 30.0);
        let w = g.sphere(&mut s, p, r);
        assert!(!w.aborted);
        let mut got: Vec<u16> = s.contacts().iter().map(|c| c.triangle).collect();
        got.sort_unstable();
        e.sphere(p, r, &mut exact);
        let points =
            |t: u16| crate::heroes::geom::triangle_points(&c.vertices, &c.triangles[usize::from(t)].vertices);
        exact.retain(|&t| in_reach(&points(t).unwrap(), p, r * r));
        assert_eq!(got, exact, "{p:?} {r}");
        filtered_total += exact.len();
    }
    assert!(filtered_total > 500, "{filtered_total}");
}

#[test]
fn the_line_cast_answers_from_the_first_leaf_with_a_hit() {
    // The floor quad at y = 0 (triangles 0, 1) and a small ledge at y = 2 (triangle 2) over x ∈ [5, 7],
    // z ∈ [0, 2], which only the +X,−Z leaf lists. A cast from above the −X,−Z leaf towards +X meets the
    // ledge first, but the first leaf lists the floor and hits it, so the game answers the floor: the
    // first-leaf rule, game-inherent (the complete tree does the same).
    let mut c = quad_file([vec![0], vec![0, 1, 2], vec![0, 1], vec![1]], true);
    c.vertices.extend([[5.0, 2.0, 0.0], [5.0, 2.0, 2.0], [7.0, 2.0, 0.0]]);
    c.triangles.push(crate::heroes::Triangle {
        vertices: [4, 5, 6],
        normal: [0.0, 1.0, 0.0],
        ..Default::default()
    });
    c.header.num_vertices += 3;
    c.header.num_polygons += 1;
    let parts: Vec<NodeParts> =
        c.nodes.iter().enumerate().map(|(i, n)| n.parts(n.neighbors, c.node_list(i).unwrap())).collect();
    let c = Collision::from_parts([4.0, 0.0, 4.0], 8.0, 1, &parts, c.triangles, c.vertices).unwrap();
    let (start, dir) = ([1.0, 10.0, 0.5], [6.0, -10.0, 0.0]);
    let g = GameTree::new(&c);
    let mut s = Scratch::new(&g);
    let w = g.line(&mut s, start, dir);
    assert_eq!((w.hit.unwrap().triangle, w.leaves), (0, 1));
    let exact = Exact::new(&c).line(start, dir).unwrap();
    assert_eq!(exact.triangle, 2);
    assert!((exact.point[1] - 2.0).abs() < 1e-5);
}

#[test]
fn the_reach_filter_can_drop_a_real_hit() {
    // A shallow cast that meets a small floor triangle near the end of the segment, the triangle's v0
    // lying beyond the hit: |v0 − start|² (105.13) exceeds longest edge² (1) + |dir|² (102.1).
    let v = [[10.9, 0.0, -0.5], [9.9, 0.0, -0.5], [10.9, 0.0, 0.5]];
    let (start, dir) = ([0.7, 1.0, -0.2], [10.05, -1.05, 0.0]);
    assert!(segment_triangle(start, dir, &v).is_some());
    assert!(!in_reach(&v, start, dot(dir, dir)));
    // A vertical probe onto a floor always passes: the offsets are perpendicular.
    assert!(in_reach(&v, [10.5, 1.0, -0.4], 1.0));
}

#[test]
fn moving_sphere_on_complete_files_finds_the_exact_first_contact_or_a_later_one() {
    // Falling spheres onto a complete file: the game's first contact is the exact one unless the reach
    // filter dropped the exact triangle, or the exact contact is one the game's tests do not report (a
    // corner, or an edge its tolerances miss) — then the game stops the sphere later, never earlier.
    let c = generate::game_correct(12, 3000, 8);
    let (g, e) = (GameTree::new(&c), Exact::new(&c));
    let mut s = Scratch::new(&g);
    let mut rng = Rng::new(8);
    let (lo, hi) = bounds(&c);
    let (mut contacts, mut filtered, mut later) = (0, 0, 0);
    for _ in 0..400 {
        let p = [rng.range_f32(lo[0], hi[0]), hi[1] + 3.0, rng.range_f32(lo[2], hi[2])];
        let r = rng.range_f32(0.5, 2.0);
        let d = [rng.range_f32(-5.0, 5.0), -(hi[1] - lo[1] + 6.0), rng.range_f32(-5.0, 5.0)];
        let w = g.moving_sphere(&mut s, p, r, d);
        assert!(!w.aborted && !w.freezes);
        let Some(crate::heroes::exact::MoveHit::Contact { triangle, t, .. }) = e.moving_sphere(p, r, d)
        else {
            continue;
        };
        contacts += 1;
        let corners = e.corners(triangle).unwrap();
        if !in_reach(&corners, p, r * r + dot(d, d)) {
            filtered += 1;
            continue;
        }
        let moved = w.first.map_or(1.0, |f| f.allowed[1] / d[1]);
        if w.first.is_some_and(|f| f.triangle == triangle) || (moved - t).abs() < 1e-4 {
            continue;
        }
        assert!(moved > t, "{p:?}: game stops at {moved}, before the exact {t} on {triangle}");
        later += 1;
    }
    assert!(
        contacts > 300 && filtered < contacts / 10 && later < contacts / 10,
        "{contacts} {filtered} {later}"
    );
}

#[test]
fn fast_spheres_lose_triangles_under_inner_nodes_without_lists() {
    // Leaf-only lists (the community layout): an inner node wholly inside the swept box has numPoly 0, so
    // the game neither takes nor descends it, and a fast sphere passes through what it holds.
    let complete = generate::game_correct(3, 3000, 8);
    let community = generate::odd(3, 3000, 8, &Style::community());
    let (gc, gm) = (GameTree::new(&complete), GameTree::new(&community));
    let (mut sc, mut sm) = (Scratch::new(&gc), Scratch::new(&gm));
    let mut rng = Rng::new(2);
    let (lo, hi) = bounds(&complete);
    let mut lost = 0;
    for _ in 0..300 {
        let p = [rng.range_f32(lo[0], hi[0]), hi[1] + 3.0, rng.range_f32(lo[2], hi[2])];
        let d = [rng.range_f32(-80.0, 80.0), -(hi[1] - lo[1] + 6.0), rng.range_f32(-80.0, 80.0)];
        let a = gc.moving_sphere(&mut sc, p, 2.0, d).first;
        let b = gm.moving_sphere(&mut sm, p, 2.0, d).first;
        lost += usize::from(a.is_some() && b.is_none());
    }
    assert!(lost > 0);
}

/// `capsule_may_list` never rules out a node the moving-sphere query lists: random spheres over a complete
/// stage, a community-layout one and one whose nodeNo values are shuffled (the list holds numbers, which
/// then name other nodes' squares).
#[test]
fn capsule_may_list_allows_every_node_the_query_lists() {
    let mut shuffled = generate::odd(4, 1500, 8, &Style::community());
    let count = shuffled.nodes.len();
    for (i, node) in shuffled.nodes.iter_mut().enumerate() {
        node.number = u16::try_from((i * 7 + 3) % count).unwrap();
    }
    let files =
        [generate::game_correct(3, 1500, 8), generate::odd(4, 1500, 8, &Style::community()), shuffled];
    let mut rng = Rng::new(5);
    for c in &files {
        let g = GameTree::new(c);
        let mut s = Scratch::new(&g);
        let (lo, hi) = bounds(c);
        let mut listed = 0;
        for _ in 0..2000 {
            let p = [rng.range_f32(lo[0], hi[0]), rng.range_f32(lo[1], hi[1]), rng.range_f32(lo[2], hi[2])];
            let speed = rng.range_f32(0.0, 60.0);
            let d =
                [rng.range_f32(-speed, speed), rng.range_f32(-speed, speed), rng.range_f32(-speed, speed)];
            let radius = rng.range_f32(0.5, 12.0);
            g.moving_sphere(&mut s, p, radius, d);
            for &n in s.node_list() {
                listed += 1;
                assert!(g.capsule_may_list(n, p, radius, d), "node {n} listed for {p:?} moving {d:?}");
            }
        }
        assert!(listed > 2000, "{listed}");
    }
}
