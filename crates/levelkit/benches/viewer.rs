//! Viewer page speed: a 20,000-face synthetic Rugrats-like level (40 rooms of quads, 6 textures, vertex
//! colours) to one HTML page, and the same page's size.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use levelkit::convert::html::{viewer_html, ViewerInfo, ViewerKind};
use levelkit::mesh::{Face, Group, Image, Mesh, Object};
use levelkit::rng::Rng;
use std::hint::black_box;

/// 40 rooms of 500 quads each (25 × 20 cells), vertex-coloured and textured from 6 64×64 images.
fn synthetic() -> Mesh {
    let mut rng = Rng::new(3);
    let mut mesh = Mesh::default();
    for t in 0..6u32 {
        let rgba = (0..64 * 64u32)
            .flat_map(|i| [(i * 7 + t * 40).to_le_bytes()[0], u8::try_from(i / 64 * 4).unwrap(), 128, 255])
            .collect();
        mesh.images.push(Image { name: format!("tpage_{t}"), width: 64, height: 64, rgba });
        let mut g = Group::named(format!("tex_{t}"));
        g.texture = Some(t);
        mesh.groups.push(g);
    }
    let (w, h) = (26u32, 21u32);
    for r in 0..40u32 {
        let mut o = Object { name: format!("room_{r:02}"), ..Object::default() };
        let (mut colours, mut uvs) = (Vec::new(), Vec::new());
        for z in 0..h {
            for x in 0..w {
                let ox = (r % 8) as f32 * 30.0;
                let oz = (r / 8) as f32 * 25.0;
                o.positions.push([ox + x as f32, rng.range_f32(0.0, 0.5), -(oz + z as f32)]);
                colours.push([
                    rng.range_f32(0.3, 1.0),
                    rng.range_f32(0.3, 1.0),
                    rng.range_f32(0.3, 1.0),
                    1.0,
                ]);
                uvs.push([x as f32 / w as f32, z as f32 / h as f32]);
            }
        }
        for z in 0..h - 1 {
            for x in 0..w - 1 {
                let i = z * w + x;
                let corners = vec![i, i + 1, i + w + 1, i + w];
                o.faces.push(Face {
                    corners,
                    group: (r + x / 5) % 6,
                    attribute: None,
                    flags: (x % 2) * 0x200,
                });
            }
        }
        o.colours = Some(colours);
        o.uvs = Some(uvs);
        mesh.objects.push(o);
    }
    mesh
}

fn bench(c: &mut Criterion) {
    let mesh = synthetic();
    assert_eq!(mesh.counts().0, 20_000);
    let info = ViewerInfo::from_mesh(&mesh, ViewerKind::ReptarLevel, "LEVEL_BENCH.BIN");
    let page = viewer_html(&mesh, &info).unwrap();
    println!("viewer page for 20,000 faces: {} bytes", page.len());
    let mut g = c.benchmark_group("viewer_20k_faces");
    g.throughput(Throughput::Elements(20_000));
    g.bench_function("html", |b| b.iter(|| viewer_html(black_box(&mesh), black_box(&info)).unwrap()));
    g.bench_function("info", |b| {
        b.iter(|| ViewerInfo::from_mesh(black_box(&mesh), ViewerKind::ReptarLevel, "LEVEL_BENCH.BIN"))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
