//! `.cl` reading speed: parse, and parse + full validation, of a generated 65,000-triangle stage.
//! Goals: parse ≥ 1 GiB/s; parse + validation < 10 ms.
//!
//! The peer (see `common::compare`) is parry3d's `TriMesh::with_flags(…, HALF_EDGE_TOPOLOGY)` over the
//! same vertices and triangles: a real library making the same mesh ready and checked for queries — a
//! spatial index over every triangle (our file's tree, which validation checks against every triangle's
//! footprint) and the edge topology (our adjacency check), failing on a bad mesh. It starts from the
//! arrays in memory; ours starts from the file's bytes. parry3d works on one thread, and validation
//! splits its rules over every core: `parse_validate_65k_one_thread` (a one-thread pool) compares the work
//! itself, which is what counts on a loaded machine.
//!
//! The dump's text (`levelkit dump` and `pack`, 50 MB of JSON for this stage): its peer is serde_json's own
//! step of the way through a `serde_json::Value` tree, printing the tree (`dump`) and making it from the
//! text (`pack`), which levelkit did before and which its text reader and writer do without.

mod common;

use common::compare;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use levelkit::heroes::{generate, Collision};
use parry3d::math::Vector;
use parry3d::shape::{TriMesh, TriMeshFlags};
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
    let points = || parsed.vertices.iter().map(|v| Vector::new(v[0], v[1], v[2])).collect::<Vec<_>>();
    let indices = || parsed.triangles.iter().map(|t| t.vertices.map(u32::from)).collect::<Vec<_>>();
    let parry = || TriMesh::with_flags(points(), indices(), TriMeshFlags::HALF_EDGE_TOPOLOGY);
    parry().expect("the sample's topology is sound");
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a one-thread pool");
    let parse_validate = || drop(black_box(Collision::parse(black_box(&file)).unwrap().validate()));
    compare(
        c,
        "heroes",
        Some(parsed.triangles.len() as u64),
        21,
        vec![
            ("parry3d_trimesh_topology", Box::new(|| drop(black_box(parry())))),
            ("parse_65k", Box::new(|| drop(black_box(Collision::parse(black_box(&file)).unwrap())))),
            ("parse_validate_65k", Box::new(parse_validate)),
            ("parse_validate_65k_one_thread", Box::new(|| one.install(parse_validate))),
        ],
    );
    let text = parsed.to_dump_text();
    let tree = parsed.to_dump();
    compare(
        c,
        "heroes_dump",
        Some(parsed.triangles.len() as u64),
        5,
        vec![
            (
                "serde_json_print_tree",
                Box::new(|| drop(black_box(serde_json::to_vec_pretty(&tree).unwrap()))),
            ),
            ("dump_text_65k", Box::new(|| drop(black_box(parsed.to_dump_text())))),
        ],
    );
    compare(
        c,
        "heroes_pack",
        Some(parsed.triangles.len() as u64),
        5,
        vec![
            (
                "serde_json_text_to_tree",
                Box::new(|| drop(black_box(serde_json::from_slice::<serde_json::Value>(&text).unwrap()))),
            ),
            ("pack_text_65k", Box::new(|| drop(black_box(Collision::from_dump_text(&text).unwrap())))),
        ],
    );
    let mut g = c.benchmark_group("heroes");
    g.throughput(Throughput::Bytes(file.len() as u64));
    g.bench_function("lists_65k", |b| b.iter(|| black_box(&parsed).lists()));
    g.bench_function("to_bytes_65k", |b| b.iter(|| black_box(&parsed).to_bytes().unwrap()));
    g.finish();
}

criterion_group!(benches, heroes);
criterion_main!(benches);
