//! Any bytes as a disc image, a CUE sheet and a GameCube FST.
#![no_main]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::disc_image(data));
