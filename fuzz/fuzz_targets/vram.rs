//! Any bytes as a VRAM dump, then tiled to 1 MiB and drawn from by faces the same bytes describe.
#![no_main]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::vram(data));
