//! Export speed: a 65,000-triangle synthetic collision-like mesh to GLB, glTF and OBJ, and back.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use levelkit::convert::{gltf, obj};
use levelkit::heroes::flags::{group_name, SURFACES};
use levelkit::mesh::{Face, Group, Mesh, Object};
use levelkit::rng::Rng;
use std::hint::black_box;

/// A bumpy grid of 65,000 triangles with shared vertices, the attribute varying by region, as a
/// Heroes stage's collision would be.
fn synthetic() -> Mesh {
    let (w, h) = (251u32, 131u32); // 250 × 130 cells × 2 = 65,000 triangles
    let mut rng = Rng::new(7);
    let mut positions = Vec::new();
    for z in 0..h {
        for x in 0..w {
            positions.push([x as f32 * 40.0, rng.range_f32(-5.0, 5.0), -(z as f32) * 40.0]);
        }
    }
    let mut faces = Vec::new();
    for z in 0..h - 1 {
        for x in 0..w - 1 {
            let i = z * w + x;
            let s = &SURFACES[((x / 25 + z / 13) as usize) % SURFACES.len()];
            let group = ((x / 25 + z / 13) as usize % SURFACES.len()) as u32;
            faces.push(Face {
                corners: vec![i, i + 1, i + w + 1],
                group,
                attribute: Some(s.attribute),
                flags: 0,
            });
            faces.push(Face {
                corners: vec![i, i + w + 1, i + w],
                group,
                attribute: Some(s.attribute),
                flags: 0,
            });
        }
    }
    Mesh {
        objects: vec![Object { name: "collision".into(), positions, faces, ..Object::default() }],
        groups: SURFACES.iter().map(|s| Group::named(group_name(s.attribute))).collect(),
        ..Mesh::default()
    }
}

fn bench(c: &mut Criterion) {
    let mesh = synthetic();
    assert_eq!(mesh.counts().1, 65_000);
    let mut g = c.benchmark_group("export_65k_triangles");
    g.throughput(Throughput::Elements(65_000));
    g.bench_function("glb", |b| b.iter(|| gltf::write_glb(black_box(&mesh)).unwrap()));
    g.bench_function("gltf", |b| b.iter(|| gltf::write_gltf(black_box(&mesh)).unwrap()));
    g.bench_function("obj", |b| b.iter(|| obj::write(black_box(&mesh), "bench").unwrap()));
    g.finish();

    let glb = gltf::write_glb(&mesh).unwrap();
    let obj_text = obj::write(&mesh, "bench").unwrap().remove(0).bytes;
    let mut g = c.benchmark_group("import_65k_triangles");
    g.throughput(Throughput::Elements(65_000));
    g.bench_function("glb", |b| b.iter(|| gltf::read(black_box(&glb), None).unwrap()));
    g.bench_function("obj", |b| b.iter(|| obj::read(black_box(&obj_text)).unwrap()));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
