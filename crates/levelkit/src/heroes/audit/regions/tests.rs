//! Hole regions: none where the trees agree; complete over large samples of community-style files; sound,
//! every witness a hole the game's walks confirm, with its cause.

use super::super::{audit, complete_tree, make_probe, moving, rays, AuditInput, AuditOptions, Cause};
use super::*;
use crate::heroes::exact::Exact;
use crate::heroes::generate::{self, Style};
use crate::heroes::Collision;
use std::collections::{BTreeMap, BTreeSet};

/// Whether (x, z) lies in convex `poly`, or within `tolerance` of it.
fn inside(poly: &[[f32; 2]], p: [f64; 2], tolerance: f64) -> bool {
    let poly: Vec<[f64; 2]> = poly.iter().map(|q| q.map(f64::from)).collect();
    let turn: f64 = (0..poly.len())
        .map(|i| {
            let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
            a[0] * b[1] - b[0] * a[1]
        })
        .sum();
    let s = turn.signum();
    (0..poly.len()).all(|i| {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        let (ex, ez) = (b[0] - a[0], b[1] - a[1]);
        let len = (ex * ex + ez * ez).sqrt();
        len == 0.0 || s * (ex * (p[1] - a[1]) - ez * (p[0] - a[0])) / len >= -tolerance
    })
}

/// Files that hole every way: HeroesPowerPlant's layout at several seeds, depths and sizes, the community
/// editor's links and lists, small lists stored at an offset, dropped list entries, and noisy walls.
fn holed_files() -> Vec<(&'static str, Collision)> {
    let mut files = vec![
        ("HeroesPowerPlant's layout, automatic depth", generate::community(1, 3000, 0)),
        ("HeroesPowerPlant's layout, depth 6", generate::community(2, 6000, 6)),
        ("HeroesPowerPlant's layout, depth 5", generate::community(5, 2000, 5)),
        ("community editor", generate::odd(3, 4000, 9, &Style::community())),
        ("offset lists", generate::odd(6, 3000, 9, &Style { small_lists_stored: true, ..Style::default() })),
    ];
    let full = generate::game_correct(9, 3000, 9);
    let lists = full.lists();
    let parts: Vec<_> = (0..full.nodes.len())
        .map(|i| {
            let list = lists.get(i).iter().enumerate().filter(|(k, _)| k % 7 != 3).map(|(_, &t)| t).collect();
            full.nodes[i].parts(full.nodes[i].neighbors, list)
        })
        .collect();
    files.push(("dropped entries", full.with_node_parts(&parts).unwrap()));
    let walls =
        crate::heroes::builder::build_community(&generate::noisy_walls(23, 2000, 2000.0), 6, 0, false);
    files.push(("noisy walls, HeroesPowerPlant's layout", walls.unwrap()));
    files
}

#[test]
fn a_file_whose_tree_is_complete_has_no_hole_region_anywhere() {
    use crate::heroes::builder::{build, BuildOptions};
    let walls = build(&generate::noisy_walls(24, 1500, 1500.0), &BuildOptions::default()).unwrap().collision;
    // The builder's output, and a community-layout file repaired.
    let community = generate::odd(3, 3000, 9, &Style::community());
    let (repaired, _) = crate::heroes::builder::repair(&community, &Default::default()).unwrap();
    for c in [generate::game_correct(11, 4000, 9), walls, repaired] {
        let a = audit(&c, AuditOptions { probes: 2000, seed: 1 }).unwrap();
        let r = &a.regions;
        assert!(r.certified);
        assert_eq!((r.counts, r.unconfirmed_count), ([0; 3], 0), "{}", a.to_text());
        assert!(a.to_text().contains("hole regions: none: every list and link is the complete tree's"));
    }
    // A tree the game cannot walk is not certified.
    let mut broken = generate::game_correct(11, 500, 6);
    broken.nodes[0].child = 0xFFF0;
    let a = audit(&broken, AuditOptions { probes: 100, seed: 1 }).unwrap();
    assert!(!a.regions.certified);
    assert!(a.to_text().contains("hole regions: not certified"), "{}", a.to_text());
}

/// Complete: over a million probes of each kind (and more over smaller samples), every vertical hole lies
/// inside a vertical region of its leaf, and every line-cast and moving-sphere hole's cause is a place the
/// regions name, found with no sample to go by; with the sample, every such place is confirmed.
#[test]
fn every_sampled_hole_lies_in_a_region_of_its_kind() {
    let none = BTreeMap::new();
    let mut total = [0usize; 3];
    for (k, (label, c)) in holed_files().into_iter().enumerate() {
        let probes = if k < 2 { 1_000_000 } else { 150_000 };
        let (file, complete, exact) = (GameTree::new(&c), complete_tree(&c).unwrap(), Exact::new(&c));
        let area = super::super::area(&c);
        let opts = AuditOptions { probes, seed: 17 };
        let input = AuditInput { file: &file, complete: &complete, exact: &exact, area, opts };
        let (confirmed, unconfirmed) = prove(&input, [&none, &none, &none]).unwrap();
        let places: BTreeSet<(usize, Cause)> =
            confirmed.iter().chain(&unconfirmed).map(|r| (kind_index(r.probe), r.cause)).collect();
        // Vertical probes: each hole's point in a polygon of a region of its leaf.
        let mut by_leaf: BTreeMap<u16, Vec<&HoleRegion>> = BTreeMap::new();
        for r in confirmed.iter().chain(&unconfirmed).filter(|r| r.probe == ProbeKind::Vertical) {
            by_leaf.entry(r.cause.node().unwrap()).or_default().push(r);
        }
        let (mut sf, mut sc) = (Scratch::new(&file), Scratch::new(&complete));
        let (lo, hi) = area;
        for i in 0..probes {
            let (start, dir) = make_probe(ProbeKind::Vertical, opts.seed, i, lo, hi);
            let (f, cw) =
                (file.axis_y(&mut sf, start, dir[1]).hit, complete.axis_y(&mut sc, start, dir[1]).hit);
            if same_answer(f, cw) {
                continue;
            }
            total[0] += 1;
            let leaf = file.leaf_of(start[0], start[2]).unwrap();
            let p = [f64::from(start[0]), f64::from(start[2])];
            let held = by_leaf
                .get(&leaf)
                .is_some_and(|rs| rs.iter().any(|r| r.pieces.iter().any(|poly| inside(poly, p, 1e-3))));
            assert!(
                held,
                "{label}: vertical probe #{i} at {start:?} holes in leaf {leaf} outside every region"
            );
        }
        // Line casts and moving spheres: each hole's cause a place.
        let sampled = [rays(ProbeKind::Line, &input), moving::run(&input)];
        for (found, kind) in sampled.iter().zip([ProbeKind::Line, ProbeKind::Move]) {
            total[kind_index(kind)] += found.causes.len();
            for (cause, _) in &found.causes {
                assert!(places.contains(&(kind_index(kind), *cause)), "{label}: {kind:?} hole of {cause:?}");
            }
        }
        // With the sample as witnesses, every place a hole was seen at is confirmed.
        let vertical = rays(ProbeKind::Vertical, &input);
        let (confirmed, _) =
            prove(&input, [&vertical.first_of_cause, &sampled[0].first_of_cause, &sampled[1].first_of_cause])
                .unwrap();
        let confirmed: BTreeSet<(usize, Cause)> =
            confirmed.iter().map(|r| (kind_index(r.probe), r.cause)).collect();
        for (found, kind) in
            [(&vertical, ProbeKind::Vertical), (&sampled[0], ProbeKind::Line), (&sampled[1], ProbeKind::Move)]
        {
            for (cause, _) in &found.causes {
                assert!(confirmed.contains(&(kind_index(kind), *cause)), "{label}: {kind:?} {cause:?}");
            }
        }
    }
    println!("holes checked: {total:?}");
    assert!(total.iter().all(|&n| n > 1000), "{total:?}");
}

/// Sound: every region confirmed without a sample has a witness the game's walks, replayed afresh,
/// answer differently, with the region's cause; and the regions' witnesses find holes the sample missed.
#[test]
fn every_witness_is_a_hole_the_walks_confirm() {
    let none = BTreeMap::new();
    let mut constructed = [0usize; 3];
    for (label, c) in holed_files() {
        let (file, complete, exact) = (GameTree::new(&c), complete_tree(&c).unwrap(), Exact::new(&c));
        let opts = AuditOptions { probes: 1, seed: 1 };
        let input = AuditInput {
            file: &file,
            complete: &complete,
            exact: &exact,
            area: super::super::area(&c),
            opts,
        };
        let (confirmed, _) = prove(&input, [&none, &none, &none]).unwrap();
        let (mut sf, mut sc) = (Scratch::new(&file), Scratch::new(&complete));
        for r in &confirmed {
            let w = r.witness.unwrap();
            assert_eq!(w.sampled, None);
            constructed[kind_index(r.probe)] += 1;
            let differ = match r.probe {
                ProbeKind::Vertical => !same_answer(
                    file.axis_y(&mut sf, w.start, w.dir[1]).hit,
                    complete.axis_y(&mut sc, w.start, w.dir[1]).hit,
                ),
                ProbeKind::Line => !same_answer(
                    file.line_answer(&mut sf, w.start, w.dir).hit,
                    complete.line_answer(&mut sc, w.start, w.dir).hit,
                ),
                ProbeKind::Move => {
                    let f = file.moving_sphere(&mut sf, w.start, PLAYER_RADIUS, w.dir);
                    let cw = complete.moving_sphere(&mut sc, w.start, PLAYER_RADIUS, w.dir);
                    !same_move(game_answer(&f, sf.contacts()), game_answer(&cw, sc.contacts()))
                }
            };
            assert!(differ, "{label}: {r:?}");
            if r.probe != ProbeKind::Move {
                assert_eq!(
                    cause::ray(&file, &complete, &exact, r.probe, (w.start, w.dir)),
                    r.cause,
                    "{label}"
                );
            }
        }
    }
    println!("constructed witnesses: {constructed:?}");
    assert!(constructed.iter().all(|&n| n > 10), "{constructed:?}");
}

/// The spheres the witness search leaves out are no witnesses: every moving-sphere place's spheres whose box
/// cannot take the node its cause names ([`Prover::move_node`]) replay to no witness of that place, on files
/// where the search finds many; and the filter leaves some out.
#[test]
fn a_sphere_whose_box_cannot_take_the_cause_node_is_no_witness() {
    let none = BTreeMap::new();
    let (mut left_out, mut witnesses) = (0usize, 0usize);
    for (label, c) in holed_files() {
        let (file, complete, exact) = (GameTree::new(&c), complete_tree(&c).unwrap(), Exact::new(&c));
        let opts = AuditOptions { probes: 1, seed: 1 };
        let area = super::super::area(&c);
        let input = AuditInput { file: &file, complete: &complete, exact: &exact, area, opts };
        let (confirmed, unconfirmed) = prove(&input, [&none, &none, &none]).unwrap();
        let mut prover = Prover::new(&input);
        for place in confirmed.iter().chain(&unconfirmed).filter(|r| r.probe == ProbeKind::Move) {
            witnesses += usize::from(place.witness.is_some());
            let (tree, node) = prover.move_node(place).unwrap();
            for (start, dir) in prover.move_candidates(place) {
                if !tree.capsule_may_list(node, start, PLAYER_RADIUS, dir) {
                    left_out += 1;
                    let replayed = prover.replay(place, start, dir);
                    assert_eq!(replayed, None, "{label}: {place:?}");
                }
            }
        }
    }
    println!("moving-sphere witnesses {witnesses}, spheres left out {left_out}");
    assert!(witnesses > 10 && left_out > 100, "{witnesses} {left_out}");
}

/// A tree that differs from the complete tree at more places than the bound is not searched, and says why:
/// every leaf of a 20,000-triangle stage also listing the first 400 triangles, off its square.
#[test]
fn a_tree_far_from_complete_is_not_certified_and_says_why() {
    let full = generate::game_correct(42, 20_000, 10);
    let lists = full.lists();
    let parts: Vec<_> = (0..full.nodes.len())
        .map(|i| {
            let n = &full.nodes[i];
            let mut list = lists.get(i).to_vec();
            if n.child == 0 && !list.is_empty() {
                list.extend((0..400).filter(|t| !lists.get(i).contains(t)));
            }
            n.parts(n.neighbors, list)
        })
        .collect();
    let crowded = full.with_node_parts(&parts).unwrap();
    let a = audit(&crowded, AuditOptions { probes: 100, seed: 1 }).unwrap();
    assert!(!a.regions.certified && a.regions.too_many_places, "{:?}", a.regions.counts);
    let text = a.to_text();
    assert!(text.contains("hole regions: not certified: the tree differs from the complete tree at more than 1,000,000 places"), "{text}");
}

/// A hostile leaf: 3,000 triangles crossing each other over one square, none of them listed. The vertical
/// regions stay bounded in pieces and work (a superset where the bound cuts in), the audit ends, and every
/// sampled vertical hole still lies in a region.
#[test]
fn a_leaf_of_thousands_of_crossing_triangles_ends_and_stays_complete() {
    use crate::heroes::builder::{build, BuildInput, BuildOptions, BuildTriangle};
    let mut rng = crate::rng::Rng::new(9);
    let (mut positions, mut triangles) = (Vec::new(), Vec::new());
    for i in 0..3000u32 {
        for _ in 0..3 {
            positions.push([rng.range_f32(0.0, 10.0), rng.range_f32(0.0, 10.0), rng.range_f32(0.0, 10.0)]);
        }
        triangles.push(BuildTriangle { vertices: [3 * i, 3 * i + 2, 3 * i + 1], attribute: 0, group: 0 });
    }
    let tree = crate::heroes::builder::TreeOptions {
        depth: crate::heroes::builder::Depth::Fixed(0),
        ..Default::default()
    };
    let opts = BuildOptions { tree, ..Default::default() };
    let built = build(&BuildInput { positions, triangles }, &opts).unwrap().collision;
    let parts: Vec<_> = built.nodes.iter().map(|n| n.parts(n.neighbors, Vec::new())).collect();
    let bare = built.with_node_parts(&parts).unwrap();
    let a = audit(&bare, AuditOptions { probes: 2000, seed: 1 }).unwrap();
    assert!(a.regions.certified, "{}", a.to_text());
    assert!(a.vertical.holes > 0 && a.regions.counts[0] > 0, "{}", a.to_text());
    assert!(a.regions.confirmed.iter().all(|r| r.pieces.len() <= 256));
}
