//! The game's collision queries on a 65,000-triangle file: game-faithful vertical probes, line casts and
//! moving spheres, side by side with the exact reference (a BVH over every triangle) and, for rays,
//! parry3d's BVH ray casts; the hole audit in parallel and on one thread.
//!
//! Every group names a peer. After criterion's own figures, each routine criterion ran is timed again in
//! alternation with its peer (the same load on both), then in alternating warm blocks, and both
//! throughput ratios printed: `ratio line/exact_bvh : line/parry3d = 1.23` means 1.23 times the peer's
//! probes per second.

mod common;

use common::{compare, Routine};
use criterion::{criterion_group, criterion_main, Criterion};
use levelkit::heroes::audit::moving::{self as audit_move, PLAYER_RADIUS};
use levelkit::heroes::audit::{self, area, make_probe, AuditOptions, ProbeKind};
use levelkit::heroes::exact::Exact;
use levelkit::heroes::generate::{self, Style};
use levelkit::heroes::query::{GameTree, Scratch};
use parry3d::math::Vector;
use parry3d::query::{Ray, RayCast};
use parry3d::shape::TriMesh;
use std::cell::RefCell;
use std::hint::black_box;

const PROBES: usize = 4096;

/// parry3d's ray cast over the same segments (rays of length 1 along the segment's vector).
fn parry<'a>(mesh: &'a TriMesh, segments: &'a [([f32; 3], [f32; 3])]) -> Routine<'a> {
    let ray = |(s, d): &([f32; 3], [f32; 3])| {
        Ray::new(Vector::new(s[0], s[1], s[2]), Vector::new(d[0], d[1], d[2]))
    };
    (
        "parry3d",
        Box::new(move || {
            for p in segments {
                black_box(mesh.cast_local_ray(&ray(p), 1.0, false));
            }
        }),
    )
}

fn queries(c: &mut Criterion) {
    let file = generate::game_correct(42, 65_000, 12);
    let tree = GameTree::new(&file);
    let exact = Exact::new(&file);
    let scratch = RefCell::new(Scratch::new(&tree));
    let (lo, hi) = area(&file);
    let vertical: Vec<_> = (0..PROBES).map(|i| make_probe(ProbeKind::Vertical, 1, i, lo, hi)).collect();
    let lines: Vec<_> = (0..PROBES).map(|i| make_probe(ProbeKind::Line, 1, i, lo, hi)).collect();
    let moves: Vec<_> = (0..PROBES).map(|i| audit_move::make_probe(1, i, (lo, hi), &exact)).collect();
    let points = || file.vertices.iter().map(|v| Vector::new(v[0], v[1], v[2])).collect::<Vec<_>>();
    let indices = || file.triangles.iter().map(|t| t.vertices.map(u32::from)).collect::<Vec<_>>();
    let mesh = TriMesh::new(points(), indices()).expect("a valid mesh");
    let n = Some(PROBES as u64);

    compare(
        c,
        "vertical",
        n,
        31,
        vec![
            parry(&mesh, &vertical),
            (
                "game",
                Box::new(|| {
                    let s = &mut scratch.borrow_mut();
                    for (p, d) in &vertical {
                        black_box(tree.axis_y(s, *p, d[1]).hit);
                    }
                }),
            ),
            (
                "exact_bvh",
                Box::new(|| {
                    for (p, d) in &vertical {
                        black_box(exact.axis_y(*p, d[1]));
                    }
                }),
            ),
        ],
    );

    // parry3d's triangles are two-sided; the exact reference is measured both ways.
    compare(
        c,
        "line",
        n,
        31,
        vec![
            parry(&mesh, &lines),
            (
                "game",
                Box::new(|| {
                    let s = &mut scratch.borrow_mut();
                    for (p, d) in &lines {
                        black_box(tree.line(s, *p, *d).hit);
                    }
                }),
            ),
            (
                "game_answer",
                Box::new(|| {
                    let s = &mut scratch.borrow_mut();
                    for (p, d) in &lines {
                        black_box(tree.line_answer(s, *p, *d).hit);
                    }
                }),
            ),
            (
                "game_walk_only",
                Box::new(|| {
                    for (p, d) in &lines {
                        black_box(tree.line_walk(*p, *d).leaves);
                    }
                }),
            ),
            (
                "exact_bvh",
                Box::new(|| {
                    for (p, d) in &lines {
                        black_box(exact.line(*p, *d));
                    }
                }),
            ),
            (
                "exact_bvh_two_sided",
                Box::new(|| {
                    for (p, d) in &lines {
                        black_box(exact.line_two_sided(*p, *d));
                    }
                }),
            ),
        ],
    );

    // The audit's player-sized spheres, half falling, half running, just above the surface.
    compare(
        c,
        "moving_sphere",
        n,
        31,
        vec![
            (
                "exact_bvh",
                Box::new(|| {
                    for (p, d) in &moves {
                        black_box(exact.moving_sphere(*p, PLAYER_RADIUS, *d));
                    }
                }),
            ),
            (
                "game",
                Box::new(|| {
                    let s = &mut scratch.borrow_mut();
                    for (p, d) in &moves {
                        black_box(tree.moving_sphere(s, *p, PLAYER_RADIUS, *d).answer);
                    }
                }),
            ),
        ],
    );

    compare(
        c,
        "prepare",
        None,
        9,
        vec![
            ("parry3d", Box::new(|| drop(black_box(TriMesh::new(points(), indices()))))),
            ("game_tree", Box::new(|| drop(black_box(GameTree::new(&file))))),
            ("exact_bvh", Box::new(|| drop(black_box(Exact::new(&file))))),
        ],
    );
}

/// The hole audit of a 65,000-triangle stage in the community layout (holes to find), 100,000 probes of
/// each kind: on every core against on one thread.
fn audits(c: &mut Criterion) {
    let stage = generate::odd(42, 65_000, 12, &Style::community());
    let opts = AuditOptions { probes: 100_000, seed: 1 };
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a one-thread pool");
    compare(
        c,
        "audit",
        Some(3 * opts.probes as u64),
        3,
        vec![
            ("sequential", Box::new(|| drop(black_box(one.install(|| audit::audit(&stage, opts).unwrap()))))),
            ("parallel", Box::new(|| drop(black_box(audit::audit(&stage, opts).unwrap())))),
        ],
    );
}

criterion_group!(benches, queries, audits);
criterion_main!(benches);
