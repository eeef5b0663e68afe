//! Any bytes as four faces drawn through the room renderer from a VRAM the same bytes are written over.
#![no_main]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::vram_render(data));
