//! Any bytes as a disc image to patch: its first file replaced by its own bytes (`disc::patch`).
#![no_main]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::disc_patch(data));
