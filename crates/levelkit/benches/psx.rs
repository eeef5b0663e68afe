//! The console model's hot paths: RTPT (three vertices projected per call) and rasterised pixels
//! per second for a gouraud triangle and a textured, modulated quad, each drawn into a 640×480 frame.
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use levelkit::psx::{draw_packet, Frame, Gte, Packet, Texture, Vertex};
use levelkit::psx::{BlendMode, Clut, TextureDepth, Tpage};
use levelkit_demo as demo;
use std::hint::black_box;

fn rtpt(c: &mut Criterion) {
    let gte = Gte {
        rotation: [[0xE00, 0x300, -0x200], [-0x280, 0xF00, 0x180], [0x200, -0x100, 0xF80]],
        translation: [120, -80, 3000],
        offset: [320 << 16, 240 << 16],
        h: 400,
        dqa: -200,
        dqb: 0x140_0000,
        ..Gte::default()
    };
    let vertices: Vec<[[i16; 3]; 3]> = (0..1024i32)
        .map(|i| {
            let v = |k: i32| {
                [
                    i16::try_from((i * 37 + k * 11) % 2000 - 1000).unwrap(),
                    i16::try_from((i * 53 + k) % 1600 - 800).unwrap(),
                    i16::try_from(k * 90).unwrap(),
                ]
            };
            [v(0), v(1), v(2)]
        })
        .collect();
    let mut group = c.benchmark_group("gte");
    group.throughput(Throughput::Elements(vertices.len() as u64));
    group.bench_function("RTPT, 1024 calls", |b| {
        b.iter(|| {
            let mut sum = 0i32;
            for v in &vertices {
                let p = gte.rtpt(black_box(*v));
                sum = sum.wrapping_add(i32::from(p[0].sx) + i32::from(p[2].sy));
            }
            sum
        })
    });
    group.finish();
}

fn pixels(c: &mut Criterion) {
    let vram = demo::demo_vram();
    let gouraud = Packet::triangle(
        [
            Vertex { x: 20, y: 10, colour: [255, 0, 0], uv: [0, 0] },
            Vertex { x: 620, y: 40, colour: [0, 255, 0], uv: [0, 0] },
            Vertex { x: 100, y: 470, colour: [0, 0, 255], uv: [0, 0] },
        ],
        None,
    );
    let texture = Texture {
        tpage: Tpage::from_parts(5, 0, BlendMode::Average, TextureDepth::Bits8),
        clut: Clut::at(0, 480),
    };
    let v = |x, y, u, w| Vertex { x, y, colour: [160, 128, 96], uv: [u, w] };
    let textured = Packet::quad(
        [v(0, 0, 0, 0), v(510, 0, 255, 0), v(0, 480, 0, 255), v(510, 480, 255, 255)],
        Some(texture),
    );
    let mut frame = Frame::new(640, 480);
    let mut group = c.benchmark_group("raster");
    for (name, packet, dither) in
        [("gouraud triangle", gouraud, false), ("textured quad, dithered", textured, true)]
    {
        frame.clear(0);
        draw_packet(&mut frame, Some(&vram), &packet);
        let drawn = frame.pixels.iter().filter(|&&p| p != 0).count() as u64;
        frame.dither = dither;
        group.throughput(Throughput::Elements(drawn));
        group.bench_function(name, |b| b.iter(|| draw_packet(&mut frame, Some(&vram), black_box(&packet))));
    }
    group.finish();
}

criterion_group!(benches, rtpt, pixels);
criterion_main!(benches);
