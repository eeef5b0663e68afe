//! Any bytes as a JSON dump (`levelkit pack`): an error or bytes that parse and pack again identically.
#![no_main]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::pack(data));
