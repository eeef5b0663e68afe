//! `.cl` building speed: [`build`] from an in-memory mesh (terrain with walls from
//! `heroes::generate::terrain`) at 1,000, 10,000 and 65,000 triangles, reported per triangle.
//! Goal: 65,000 triangles in under 10 ms on this project's 2-core machine, growing no faster than
//! triangles × depth. Also the full path a CLI run takes after loading: build, validate, write and read
//! back (`checked_bytes`).
//!
//! The peer (see `common::compare`) is parry3d's `TriMesh::new` over the same positions and triangles: a
//! real library building a spatial index (its BVH) over the same mesh, as [`build`] builds the file's
//! quadtree with its lists. parry3d works on one thread; `build_one_thread/65000` (a one-thread pool)
//! compares the work itself, which is what counts on a loaded machine.

mod common;

use common::compare;
use criterion::{criterion_group, criterion_main, Criterion};
use levelkit::heroes::builder::{build, checked_bytes, BuildInput, BuildOptions};
use levelkit::heroes::generate;
use levelkit::rng::Rng;
use parry3d::math::Vector;
use parry3d::shape::TriMesh;
use std::hint::black_box;

fn mesh(triangles: usize) -> BuildInput {
    let (tris, verts) = generate::terrain(&mut Rng::new(2026), triangles);
    BuildInput::from_triangles(&tris, verts)
}

fn bench_build(c: &mut Criterion) {
    let opts = &BuildOptions::default();
    let one = &rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a one-thread pool");
    for n in [1_000usize, 10_000, 65_000] {
        let input = &mesh(n);
        let built = build(input, opts).expect("terrain builds");
        let r = &built.report.tree;
        eprintln!(
            "{n} triangles: {} nodes, {} leaves, depth {}, {} list entries, {} bytes",
            r.nodes, r.leaves, r.tree_depth, r.list_entries, r.bytes
        );
        let points = || input.positions.iter().map(|v| Vector::new(v[0], v[1], v[2])).collect::<Vec<_>>();
        let indices = || input.triangles.iter().map(|t| t.vertices).collect::<Vec<_>>();
        let build_it = move || drop(black_box(build(black_box(input), opts).unwrap()));
        // Benchmark ids stay `build/<routine>/<triangles>`.
        let name = |routine: &str| -> &'static str { format!("{routine}/{n}").leak() };
        let mut routines: Vec<common::Routine> = vec![
            (name("parry3d_trimesh"), Box::new(move || drop(black_box(TriMesh::new(points(), indices()))))),
            (name("build"), Box::new(build_it)),
        ];
        if n == 65_000 {
            routines.push((name("build_one_thread"), Box::new(move || one.install(build_it))));
            routines.push((
                name("build_check_write"),
                Box::new(move || {
                    drop(black_box(checked_bytes(&build(black_box(input), opts).unwrap().collision).unwrap()))
                }),
            ));
        }
        compare(c, "build", Some(n as u64), 21, routines);
    }
}

criterion_group!(benches, bench_build);
criterion_main!(benches);
