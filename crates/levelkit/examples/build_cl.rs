//! Builds Sonic Heroes collision from triangles made in code — a ramp between two floors, walled on one
//! side — and writes it: `cargo run --example build_cl -- OUT.cl`. The builder welds, drops what the game
//! cannot use, rotates corners the game would hang on, grows the quadtree and checks the file; its report
//! says each.

use levelkit::heroes::builder::{build, BuildInput, BuildOptions, BuildTriangle};
use levelkit::heroes::flags::surface;
use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(out) = std::env::args().nth(1) else {
        eprintln!("usage: build_cl OUT.cl");
        return ExitCode::from(2);
    };
    let mut input = BuildInput { positions: Vec::new(), triangles: Vec::new() };
    // A quad from four corners, as two triangles of one surface.
    let mut quad = |corners: [[f32; 3]; 4], attribute: u32| {
        let first = u32::try_from(input.positions.len()).expect("a few vertices");
        input.positions.extend(corners);
        for [a, b, c] in [[0, 1, 2], [0, 2, 3]] {
            input.triangles.push(BuildTriangle {
                vertices: [first + a, first + b, first + c],
                attribute,
                group: 0,
            });
        }
    };
    quad([[0.0, 0.0, 0.0], [0.0, 0.0, 400.0], [400.0, 0.0, 400.0], [400.0, 0.0, 0.0]], surface::FLOOR);
    quad(
        [[400.0, 0.0, 0.0], [400.0, 0.0, 400.0], [800.0, 200.0, 400.0], [800.0, 200.0, 0.0]],
        surface::GRASS_ROAD,
    );
    quad(
        [[800.0, 200.0, 0.0], [800.0, 200.0, 400.0], [1200.0, 200.0, 400.0], [1200.0, 200.0, 0.0]],
        surface::FLOOR,
    );
    quad([[0.0, 0.0, 0.0], [0.0, 300.0, 0.0], [1200.0, 500.0, 0.0], [1200.0, 200.0, 0.0]], surface::WALL);
    let built = match build(&input, &BuildOptions::default()) {
        Ok(built) => built,
        Err(e) => {
            eprintln!("nothing written: {e}");
            return ExitCode::FAILURE;
        }
    };
    print!("{}", built.report);
    let written = built.collision.to_bytes().map_err(|e| e.to_string()).and_then(|bytes| {
        levelkit::io::write_atomic(std::path::Path::new(&out), &bytes)
            .map_err(|e| e.to_string())
            .map(|()| bytes.len())
    });
    match written {
        Ok(len) => {
            println!("wrote {out}: {}, {len} bytes", built.report.written());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{out}: {e}");
            ExitCode::FAILURE
        }
    }
}
