//! Parse, validate and write the large generated level (80 rooms, about 20,000 faces).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use levelkit::reptar::{generate, Level};
use std::hint::black_box;

fn reptar(c: &mut Criterion) {
    let level = generate::large();
    let bytes = level.to_bytes().expect("the large level writes");
    let mut g = c.benchmark_group("reptar_large");
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.bench_function("parse", |b| b.iter(|| Level::parse(black_box(&bytes)).expect("parses")));
    g.bench_function("validate", |b| b.iter(|| black_box(&level).validate()));
    g.bench_function("to_bytes", |b| b.iter(|| black_box(&level).to_bytes().expect("writes")));
    g.bench_function("world_faces", |b| b.iter(|| black_box(&level).world_faces().count()));
    g.bench_function("looks_like", |b| b.iter(|| levelkit::reptar::looks_like(black_box(&bytes))));
    g.finish();
}

criterion_group!(benches, reptar);
criterion_main!(benches);
