//! `.cl` reading speed: parse, and parse + full validation, of a generated 65,000-triangle stage.
//! Goals: parse ≥ 1 GiB/s; validation < 30 ms.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use levelkit::heroes::{generate, Collision};
use std::hint::black_box;

fn heroes(c: &mut Criterion) {
    let file = generate::game_correct(2026, 65_000, 12).to_bytes().expect("generated files write");
    let parsed = Collision::parse(&file).expect("generated files parse");
    eprintln!(
        "sample: {} bytes, {} triangles, {} vertices, {} nodes, tree depth {}, {} findings",
        file.len(),
        parsed.triangles.len(),
        parsed.vertices.len(),
        parsed.nodes.len(),
        parsed.tree_depth(),
        parsed.validate().len()
    );
    let mut g = c.benchmark_group("heroes");
    g.throughput(Throughput::Bytes(file.len() as u64));
    g.bench_function("parse_65k", |b| b.iter(|| Collision::parse(black_box(&file)).unwrap()));
    g.bench_function("parse_validate_65k", |b| {
        b.iter(|| Collision::parse(black_box(&file)).unwrap().validate())
    });
    g.bench_function("lists_65k", |b| b.iter(|| black_box(&parsed).lists()));
    g.bench_function("to_bytes_65k", |b| b.iter(|| black_box(&parsed).to_bytes().unwrap()));
    g.finish();
}

criterion_group!(benches, heroes);
criterion_main!(benches);
