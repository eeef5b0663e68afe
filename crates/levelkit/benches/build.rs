//! `.cl` building speed: [`build`] from an in-memory mesh (terrain with walls from
//! `heroes::generate::terrain`) at 1,000, 10,000 and 65,000 triangles, reported per triangle.
//! Goal: 65,000 triangles in under 100 ms on one core, growing no faster than triangles × depth.
//! Also the full path a CLI run takes after loading: build, validate, write and read back (`checked_bytes`).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use levelkit::heroes::build::{build, checked_bytes, BuildInput, BuildOptions};
use levelkit::heroes::generate;
use levelkit::rng::Rng;
use std::hint::black_box;

fn mesh(triangles: usize) -> BuildInput {
    let (tris, verts) = generate::terrain(&mut Rng::new(2026), triangles);
    BuildInput::from_triangles(&tris, verts)
}

fn bench_build(c: &mut Criterion) {
    let opts = BuildOptions::default();
    let mut g = c.benchmark_group("build");
    for n in [1_000usize, 10_000, 65_000] {
        let input = mesh(n);
        let built = build(&input, &opts).expect("terrain builds");
        let r = &built.report.tree;
        eprintln!(
            "{n} triangles: {} nodes, {} leaves, depth {}, {} list entries, {} bytes",
            r.nodes, r.leaves, r.tree_depth, r.list_entries, r.bytes
        );
        g.throughput(Throughput::Elements(n as u64));
        g.bench_with_input(BenchmarkId::new("build", n), &input, |b, input| {
            b.iter(|| build(black_box(input), &opts).unwrap())
        });
        if n == 65_000 {
            g.sample_size(10);
            g.bench_with_input(BenchmarkId::new("build_check_write", n), &input, |b, input| {
                b.iter(|| checked_bytes(&build(black_box(input), &opts).unwrap().collision).unwrap())
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench_build);
criterion_main!(benches);
