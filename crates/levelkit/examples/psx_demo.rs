//! Renders a synthetic scene to a PNG: `cargo run --release --example psx_demo -- corridor|hall out.png`.
use levelkit::psx::{render_room_faces, Frame, RoomOptions};
use levelkit_demo as demo;

fn main() {
    let scene = std::env::args().nth(1).unwrap_or_else(|| "corridor".into());
    let path = std::env::args().nth(2).unwrap_or_else(|| format!("{scene}.png"));
    let vram = demo::demo_vram();
    let (faces, camera) = match scene.as_str() {
        "hall" => (demo::demo_hall(72, 1), demo::demo_hall_camera(72, 640, 480)),
        _ => (demo::demo_corridor(100, 1), demo::demo_camera(640, 480)),
    };
    let mut frame = Frame::new(640, 480);
    let repeat: u32 = std::env::var("REPEAT").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut stats = render_room_faces(&faces, &camera, Some(&vram), &RoomOptions::default(), &mut frame);
    for _ in 1..repeat {
        stats = render_room_faces(&faces, &camera, Some(&vram), &RoomOptions::default(), &mut frame);
    }
    eprintln!("{stats:?}");
    let png = frame.to_rgb_image().to_png().expect("encode");
    levelkit::io::write_atomic(std::path::Path::new(&path), &png).expect("write");
}
