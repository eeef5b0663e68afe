//! The room renderer at 640×480 on synthetic textured scenes: projection, rejection, subdivision,
//! ordering table and rasterisation, one core, no PNG encoding.
//!
//! - hall: 5,184 floor quads seen from above, about 4,700 of them on screen (none subdivided);
//! - corridor: 4,928 quads seen from inside, near ones subdivided into 4 or 16, about 4,700 packets;
//! - generated level: the large generated Rugrats level (80 rooms, about 20,000 faces) textured from the
//!   demo VRAM, seen by `levelkit render`'s default overview of its last 27 rooms, drawn as `levelkit render` draws it
//!   (rooms culled by their boxes, then the face pass), with the level → `RenderFace` mapping measured
//!   apart.
use criterion::{criterion_group, criterion_main, Criterion};
use levelkit::psx::{render_room_faces, room_packets, Camera, Frame, RenderFace, RoomOptions, Vram};
use levelkit::render::reptar;
use levelkit_demo as demo;
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

    let mut level = levelkit::reptar::generate::large();
    level.textures = levelkit_demo::demo_texture_table();
    let rooms: Vec<usize> = (0..level.rooms.len()).collect();
    let prepared = reptar::PreparedRooms::new(&level, &rooms);
    // The default overview of the far third of the rooms, drawing them all: the rooms behind the camera
    // are culled by their boxes, the rest go through the face pass.
    let far: Vec<usize> = (level.rooms.len() * 2 / 3..level.rooms.len()).collect();
    let view = reptar::framing_view(&level, &far, &reptar::PreparedRooms::new(&level, &far).faces, 640, 480);
    let camera = reptar::camera_for(&view, 640, 480).unwrap();
    let mut frame = Frame::new(640, 480);
    eprintln!("generated level: {:?}", prepared.draw(&camera, Some(&vram), &mut frame));
    c.bench_function("generated level: 640x480 frame, textured", |b| {
        b.iter(|| {
            frame.clear(0);
            black_box(prepared.draw(&camera, Some(&vram), &mut frame))
        })
    });
    c.bench_function("generated level: level to render faces", |b| {
        b.iter(|| black_box(reptar::PreparedRooms::new(black_box(&level), &rooms)))
    });
}

criterion_group!(benches, render);
criterion_main!(benches);
