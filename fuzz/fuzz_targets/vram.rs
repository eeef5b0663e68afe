//! Any bytes as a VRAM dump, then written over part of a VRAM and read through a page the same bytes choose.
#![no_main]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::vram(data));
