//! Drops the game's vertical probe onto a Sonic Heroes stage: `cargo run --example probe -- FILE.cl X Z`
//! prints the triangle the game lands on below (X, Z), as the game's own walk of the file's quadtree finds
//! it, and what the exact geometry has there.

use levelkit::heroes::exact::Exact;
use levelkit::heroes::query::{GameTree, Scratch};
use levelkit::Collision;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let (Some(path), Some(Ok(x)), Some(Ok(z))) =
        (args.get(1), args.get(2).map(|a| a.parse::<f32>()), args.get(3).map(|a| a.parse::<f32>()))
    else {
        eprintln!("usage: probe FILE.cl X Z");
        return ExitCode::from(2);
    };
    let stage = match std::fs::read(path)
        .map_err(|e| e.to_string())
        .and_then(|b| Collision::parse(&b).map_err(|e| e.to_string()))
    {
        Ok(stage) => stage,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    // From above the whole stage, down (negative Y, as the game passes it) past its bottom.
    let top = stage.vertices.iter().map(|v| v[1]).fold(f32::MIN, f32::max) + 10.0;
    let depth = top - stage.vertices.iter().map(|v| v[1]).fold(f32::MAX, f32::min) + 10.0;
    let tree = GameTree::new(&stage);
    let mut scratch = Scratch::new(&tree);
    let walk = tree.axis_y(&mut scratch, [x, top, z], -depth);
    match walk.hit {
        Some(hit) => println!("the game lands on triangle {} at y = {}", hit.triangle, hit.point[1]),
        None => println!("the game finds nothing below ({x}, {z})"),
    }
    match Exact::new(&stage).axis_y([x, top, z], -depth) {
        Some(hit) => println!("the geometry has triangle {} at y = {}", hit.triangle, hit.point[1]),
        None => println!("the geometry has nothing below ({x}, {z})"),
    }
    ExitCode::SUCCESS
}
