//! Export speed: a 65,000-triangle synthetic collision-like mesh to GLB, glTF and OBJ, and back; and the
//! format adapters end to end (`export_document`: adapter, mesh check, writer): the large generated
//! Rugrats level (about 20,000 faces) with and without VRAM, and a generated 65,000-triangle `.cl` file.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use levelkit::convert::{document_mesh, export_document, gltf, obj, ExportFormat, ExportOptions};
use levelkit::heroes::flags::{group_name, SURFACES};
use levelkit::mesh::{Face, Group, Mesh, Object};
use levelkit::rng::Rng;
use levelkit::Document;
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
            let group = u32::try_from(usize::try_from(x / 25 + z / 13).unwrap() % SURFACES.len()).unwrap();
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

fn documents(c: &mut Criterion) {
    let mut level = levelkit::reptar::generate::large();
    level.textures = levelkit_demo::demo_texture_table();
    let faces = level.world_faces().count() as u64;
    let level = Document::Reptar(level);
    let vram = levelkit_demo::demo_vram().to_dump();
    let mut g = c.benchmark_group("export_large_level");
    g.throughput(Throughput::Elements(faces));
    g.sample_size(20);
    for (name, format, with_vram) in [
        ("mesh only", None, false),
        ("glb", Some(ExportFormat::Glb), false),
        ("glb with vram", Some(ExportFormat::Glb), true),
        ("obj", Some(ExportFormat::Obj), false),
    ] {
        let options = ExportOptions {
            vram: with_vram.then(|| vram.clone()),
            ..ExportOptions::new(format.unwrap_or(ExportFormat::Glb))
        };
        g.bench_function(name, |b| match format {
            None => b.iter(|| document_mesh(black_box(&level), &options).unwrap()),
            Some(_) => b.iter(|| export_document(black_box(&level), "bench", &options).unwrap()),
        });
    }
    g.finish();

    let collision = Document::Heroes(levelkit::heroes::generate::game_correct(65, 65_000, 12));
    let mut g = c.benchmark_group("export_65k_triangle_cl");
    g.throughput(Throughput::Elements(65_000));
    g.sample_size(20);
    for (name, format, tree) in [
        ("mesh only", None, false),
        ("glb", Some(ExportFormat::Glb), false),
        ("glb with tree", Some(ExportFormat::Glb), true),
        ("obj", Some(ExportFormat::Obj), false),
    ] {
        let options = ExportOptions { tree, ..ExportOptions::new(format.unwrap_or(ExportFormat::Glb)) };
        g.bench_function(name, |b| match format {
            None => b.iter(|| document_mesh(black_box(&collision), &options).unwrap()),
            Some(_) => b.iter(|| export_document(black_box(&collision), "bench", &options).unwrap()),
        });
    }
    g.finish();
}

criterion_group!(benches, bench, documents);
criterion_main!(benches);
