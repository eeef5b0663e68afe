//! Any bytes as a Sonic Heroes .cl file: the game's queries and the exact reference's on a file that
//! parses, never a panic.
#![no_main]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::query(data));
