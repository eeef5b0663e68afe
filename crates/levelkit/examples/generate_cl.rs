//! Writes a generated `.cl` file: `cargo run --example generate_cl -- OUT.cl TRIANGLES DEPTH SEED [community]`.
//! `community` lays it out the way the community editor does (links 0, leaf-only lists padded to 3).

use levelkit::heroes::generate::{self, Style};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 5 {
        eprintln!("usage: generate_cl OUT.cl TRIANGLES DEPTH SEED [community]");
        std::process::exit(2);
    }
    let num = |i: usize| args[i].parse::<u64>().expect("a number");
    let (tris, depth, seed) =
        (usize::try_from(num(2)).expect("a count"), u16::try_from(num(3)).expect("a depth"), num(4));
    let c = if args.get(5).is_some_and(|s| s == "community") {
        generate::odd(seed, tris, depth, &Style::community())
    } else {
        generate::game_correct(seed, tris, depth)
    };
    let bytes = c.to_bytes().expect("generated files lay out");
    levelkit::io::write_atomic(std::path::Path::new(&args[1]), &bytes).expect("write");
}
