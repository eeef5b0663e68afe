//! The room renderer at 640×480 on synthetic textured scenes: projection, rejection, subdivision,
//! ordering table and rasterisation, one core, no PNG encoding.
//!
//! - hall: 5,184 floor quads seen from above, about 4,700 of them on screen (none subdivided);
//! - corridor: 4,928 quads seen from inside, near ones subdivided into 4 or 16, about 4,700 packets.
use criterion::{criterion_group, criterion_main, Criterion};
use levelkit::psx::{demo, render_room_faces, room_packets, Camera, Frame, RenderFace, RoomOptions, Vram};
use std::hint::black_box;

fn scene(c: &mut Criterion, name: &str, faces: &[RenderFace], camera: &Camera, vram: &Vram) {
    let options = RoomOptions::default();
    let mut frame = Frame::new(640, 480);
    let stats = render_room_faces(faces, camera, Some(vram), &options, &mut frame);
    eprintln!("{name}: {stats:?}");
    c.bench_function(&format!("{name}: 640x480 frame, textured"), |b| {
        b.iter(|| {
            frame.clear(0);
            black_box(render_room_faces(black_box(faces), camera, Some(vram), &options, &mut frame))
        })
    });
    c.bench_function(&format!("{name}: face pass only (no rasterising)"), |b| {
        b.iter(|| black_box(room_packets(black_box(faces), camera, &options).1))
    });
}

fn render(c: &mut Criterion) {
    let vram = demo::demo_vram();
    scene(c, "hall", &demo::demo_hall(72, 1), &demo::demo_hall_camera(72, 640, 480), &vram);
    scene(c, "corridor", &demo::demo_corridor(100, 1), &demo::demo_camera(640, 480), &vram);
}

criterion_group!(benches, render);
criterion_main!(benches);
