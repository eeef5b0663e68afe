//! The game's collision queries on a 65,000-triangle file: game-faithful vertical probes, line casts and
//! moving spheres, side by side with the exact reference (a BVH over every triangle) and, for rays,
//! parry3d's BVH ray casts.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use levelkit::heroes::audit::{area, make_probe, ProbeKind};
use levelkit::heroes::audit_move::{self, PLAYER_RADIUS};
use levelkit::heroes::exact::Exact;
use levelkit::heroes::generate;
use levelkit::heroes::query::{GameTree, Scratch};
use parry3d::math::Vector;
use parry3d::query::{Ray, RayCast};
use parry3d::shape::TriMesh;
use std::hint::black_box;

const PROBES: usize = 4096;

fn queries(c: &mut Criterion) {
    let file = generate::game_correct(42, 65_000, 12);
    let tree = GameTree::new(&file);
    let exact = Exact::new(&file);
    let mut scratch = Scratch::new(&tree);
    let (lo, hi) = area(&file);
    let vertical: Vec<_> = (0..PROBES).map(|i| make_probe(ProbeKind::Vertical, 1, i, lo, hi)).collect();
    let lines: Vec<_> = (0..PROBES).map(|i| make_probe(ProbeKind::Line, 1, i, lo, hi)).collect();
    let moves: Vec<_> = (0..PROBES).map(|i| audit_move::make_probe(1, i, (lo, hi), &exact)).collect();
    let mesh = TriMesh::new(
        file.vertices.iter().map(|v| Vector::new(v[0], v[1], v[2])).collect(),
        file.triangles.iter().map(|t| t.vertices.map(u32::from)).collect(),
    )
    .expect("a valid mesh");
    let ray = |(s, d): &([f32; 3], [f32; 3])| {
        Ray::new(Vector::new(s[0], s[1], s[2]), Vector::new(d[0], d[1], d[2]))
    };

    let mut g = c.benchmark_group("vertical");
    g.throughput(Throughput::Elements(PROBES as u64));
    g.bench_function("game", |b| {
        b.iter(|| {
            for (s, d) in &vertical {
                black_box(tree.axis_y(&mut scratch, *s, d[1]).hit);
            }
        })
    });
    g.bench_function("exact_bvh", |b| {
        b.iter(|| {
            for (s, d) in &vertical {
                black_box(exact.axis_y(*s, d[1]));
            }
        })
    });
    g.bench_function("parry3d", |b| {
        b.iter(|| {
            for p in &vertical {
                black_box(mesh.cast_local_ray(&ray(p), 1.0, false));
            }
        })
    });
    g.finish();

    let mut g = c.benchmark_group("line");
    g.throughput(Throughput::Elements(PROBES as u64));
    g.bench_function("game", |b| {
        b.iter(|| {
            for (s, d) in &lines {
                black_box(tree.line(&mut scratch, *s, *d).hit);
            }
        })
    });
    g.bench_function("exact_bvh", |b| {
        b.iter(|| {
            for (s, d) in &lines {
                black_box(exact.line(*s, *d));
            }
        })
    });
    g.bench_function("parry3d", |b| {
        b.iter(|| {
            for p in &lines {
                black_box(mesh.cast_local_ray(&ray(p), 1.0, false));
            }
        })
    });
    g.finish();

    // The audit's player-sized spheres, half falling, half running, just above the surface.
    let mut g = c.benchmark_group("moving_sphere");
    g.throughput(Throughput::Elements(PROBES as u64));
    g.bench_function("game", |b| {
        b.iter(|| {
            for (s, d) in &moves {
                black_box(tree.moving_sphere(&mut scratch, *s, PLAYER_RADIUS, *d).answer);
            }
        })
    });
    g.bench_function("exact_bvh", |b| {
        b.iter(|| {
            for (s, d) in &moves {
                black_box(exact.moving_sphere(*s, PLAYER_RADIUS, *d));
            }
        })
    });
    g.finish();

    let mut g = c.benchmark_group("prepare");
    g.sample_size(10);
    g.bench_function("game_tree", |b| b.iter(|| black_box(GameTree::new(&file))));
    g.bench_function("exact_bvh", |b| b.iter(|| black_box(Exact::new(&file))));
    g.finish();
}

criterion_group!(benches, queries);
criterion_main!(benches);
