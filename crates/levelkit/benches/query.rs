//! The game's collision queries on a 65,000-triangle file: game-faithful vertical probes, line casts and
//! moving spheres, side by side with the exact reference (a BVH over every triangle) and, for rays,
//! parry3d's BVH ray casts and obvhs's CWBVH (an eight-wide compressed BVH, built with its slowest,
//! best preset); the hole audit in parallel and on one thread.
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
use obvhs::cwbvh::builder::build_cwbvh_from_tris;
use obvhs::cwbvh::CwBvh;
use obvhs::ray::RayHit;
use obvhs::BvhBuildParams;
use parry3d::math::Vector;
use parry3d::query::{Ray, RayCast};
use parry3d::shape::TriMesh;
use std::cell::RefCell;
use std::hint::black_box;
use std::time::Duration;

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

/// The stage's triangles as obvhs's.
fn obvhs_triangles(file: &levelkit::heroes::Collision) -> Vec<obvhs::triangle::Triangle> {
    let corner = |i: u16| glam::Vec3A::from(file.vertices[usize::from(i)]);
    let tri = |t: &levelkit::heroes::Triangle| t.vertices.map(corner);
    file.triangles
        .iter()
        .map(|t| {
            let [v0, v1, v2] = tri(t);
            obvhs::triangle::Triangle { v0, v1, v2 }
        })
        .collect()
}

/// obvhs's CWBVH built with its `very_slow_build` preset.
fn obvhs_bvh(tris: &[obvhs::triangle::Triangle]) -> CwBvh {
    build_cwbvh_from_tris(tris, BvhBuildParams::very_slow_build(), &mut Duration::default())
}

/// obvhs's closest hit on a segment (a ray from `s` along `d`, t in 0..=1), with its own two-sided
/// triangle test: the input triangle's index.
fn obvhs_cast(bvh: &CwBvh, tris: &[obvhs::triangle::Triangle], (s, d): &([f32; 3], [f32; 3])) -> Option<u32> {
    let ray = obvhs::ray::Ray::new(glam::Vec3A::from(*s), glam::Vec3A::from(*d), 0.0, 1.0);
    let mut hit = RayHit::none();
    bvh.ray_traverse(ray, &mut hit, |ray, id| tris[bvh.primitive_indices[id] as usize].intersect(ray))
        .then(|| bvh.primitive_indices[hit.primitive_id as usize])
}

/// obvhs's casts over the segments, as a peer.
fn obvhs<'a>(
    bvh: &'a CwBvh,
    tris: &'a [obvhs::triangle::Triangle],
    segments: &'a [([f32; 3], [f32; 3])],
) -> Routine<'a> {
    (
        "obvhs_cwbvh",
        Box::new(move || {
            for p in segments {
                black_box(obvhs_cast(bvh, tris, p));
            }
        }),
    )
}

/// The exact reference's vertical probes over the segments.
fn exact_vertical<'a>(exact: &'a Exact, segments: &'a [([f32; 3], [f32; 3])]) -> Routine<'a> {
    (
        "exact_bvh",
        Box::new(move || {
            for (p, d) in segments {
                black_box(exact.axis_y(*p, d[1]));
            }
        }),
    )
}

/// The exact reference's line casts over the segments, one-sided as the game's and two-sided as the peers'.
fn exact_lines<'a>(exact: &'a Exact, segments: &'a [([f32; 3], [f32; 3])]) -> [Routine<'a>; 2] {
    [
        (
            "exact_bvh",
            Box::new(move || {
                for (p, d) in segments {
                    black_box(exact.line(*p, *d));
                }
            }),
        ),
        (
            "exact_bvh_two_sided",
            Box::new(move || {
                for (p, d) in segments {
                    black_box(exact.line_two_sided(*p, *d));
                }
            }),
        ),
    ]
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
    let tris = obvhs_triangles(&file);
    let cwbvh = obvhs_bvh(&tris);
    let n = Some(PROBES as u64);
    for (name, segments) in [("vertical", &vertical), ("line", &lines)] {
        let same = segments
            .iter()
            .filter(|(p, d)| {
                obvhs_cast(&cwbvh, &tris, &(*p, *d))
                    == exact.line_two_sided(*p, *d).map(|h| u32::from(h.triangle))
            })
            .count();
        eprintln!("{name}: obvhs's CWBVH and the exact reference (two-sided) hit the same triangle on {same} of {} casts", segments.len());
    }

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
            exact_vertical(&exact, &vertical),
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
        ]
        .into_iter()
        .chain(exact_lines(&exact, &lines))
        .collect(),
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

    // The fastest Rust BVH as the peer: its test is two-sided, the exact reference's line casts are
    // measured both ways; a vertical probe is the exact reference's axis_y.
    compare(
        c,
        "vertical_obvhs",
        n,
        31,
        vec![obvhs(&cwbvh, &tris, &vertical), exact_vertical(&exact, &vertical)],
    );
    compare(
        c,
        "line_obvhs",
        n,
        31,
        vec![obvhs(&cwbvh, &tris, &lines)].into_iter().chain(exact_lines(&exact, &lines)).collect(),
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
            ("obvhs_cwbvh", Box::new(|| drop(black_box(obvhs_bvh(&tris))))),
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

/// The certified hole regions of the audit bench's stage (every place its lists and links differ from
/// the complete tree's, each witness searched for) beside the audit that samples 100,000 probes of each
/// kind and finds the regions too, both on every core.
fn certify(c: &mut Criterion) {
    let stage = generate::odd(42, 65_000, 12, &Style::community());
    let opts = AuditOptions { probes: 100_000, seed: 1 };
    compare(
        c,
        "certify",
        None,
        3,
        vec![
            ("audit_100k", Box::new(|| drop(black_box(audit::audit(&stage, opts).unwrap())))),
            ("certify", Box::new(|| drop(black_box(audit::regions::certify(&stage).unwrap())))),
        ],
    );
}

/// Each query's share of the audit's probing time, on the audit bench's stage and probes, on one thread:
/// the file's and the complete tree's game walks and the exact reference, per probe kind, the probes in
/// the Z-order of their starts as the audit runs them (median of five runs each). Printed, not asserted.
fn audit_shares(_: &mut Criterion) {
    let stage = generate::odd(42, 65_000, 12, &Style::community());
    let file = GameTree::new(&stage);
    let complete = audit::complete_tree(&stage).expect("the stage's complete tree");
    let exact = Exact::new(&stage);
    let (lo, hi) = area(&stage);
    let n = 100_000;
    let ground = ([lo[0], lo[2]], [hi[0], hi[2]]);
    let in_z_order = |probes: Vec<([f32; 3], [f32; 3])>| {
        let order = audit::space_order(probes.len(), ground, |i| [probes[i].0[0], probes[i].0[2]]);
        order.into_iter().map(|i| probes[i]).collect::<Vec<_>>()
    };
    let vertical = in_z_order((0..n).map(|i| make_probe(ProbeKind::Vertical, 1, i, lo, hi)).collect());
    let lines = in_z_order((0..n).map(|i| make_probe(ProbeKind::Line, 1, i, lo, hi)).collect());
    let moves = in_z_order((0..n).map(|i| audit_move::make_probe(1, i, (lo, hi), &exact)).collect());
    let (mut sf, mut sc) = (Scratch::new(&file), Scratch::new(&complete));
    let time = |run: &mut dyn FnMut()| {
        let mut runs: Vec<Duration> = (0..5)
            .map(|_| {
                let at = std::time::Instant::now();
                run();
                at.elapsed()
            })
            .collect();
        runs.sort();
        runs[2]
    };
    let vertical_game = time(&mut || {
        for (p, d) in &vertical {
            black_box(file.axis_y(&mut sf, *p, d[1]).hit);
            black_box(complete.axis_y(&mut sc, *p, d[1]).hit);
        }
    });
    let vertical_exact = time(&mut || {
        vertical.iter().for_each(|(p, d)| {
            black_box(exact.axis_y(*p, d[1]));
        })
    });
    let line_game = time(&mut || {
        for (p, d) in &lines {
            black_box(file.line_answer(&mut sf, *p, *d).hit);
            black_box(complete.line_answer(&mut sc, *p, *d).hit);
        }
    });
    let line_exact = time(&mut || {
        lines.iter().for_each(|(p, d)| {
            black_box(exact.line(*p, *d));
        })
    });
    let moving_game = time(&mut || {
        for (p, d) in &moves {
            black_box(file.moving_sphere(&mut sf, *p, PLAYER_RADIUS, *d).answer);
            black_box(complete.moving_sphere(&mut sc, *p, PLAYER_RADIUS, *d).answer);
        }
    });
    let moving_exact = time(&mut || {
        moves.iter().for_each(|(p, d)| {
            black_box(exact.moving_sphere(*p, PLAYER_RADIUS, *d));
        })
    });
    let shares = [
        ("vertical, game walks", vertical_game),
        ("vertical, exact", vertical_exact),
        ("line, game answers", line_game),
        ("line, exact", line_exact),
        ("moving sphere, game walks", moving_game),
        ("moving sphere, exact", moving_exact),
    ];
    let total: Duration = shares.iter().map(|(_, t)| *t).sum();
    eprintln!(
        "audit shares, one thread, {n} probes of each kind, {:.1} ms of queries in all:",
        total.as_secs_f64() * 1e3
    );
    for (name, t) in shares {
        eprintln!(
            "  {name}: {:.1} ms, {:.1} %",
            t.as_secs_f64() * 1e3,
            100.0 * t.as_secs_f64() / total.as_secs_f64()
        );
    }
}

criterion_group!(benches, queries, audits, certify, audit_shares);
criterion_main!(benches);
