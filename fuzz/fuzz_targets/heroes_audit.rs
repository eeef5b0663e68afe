//! Any bytes as a Sonic Heroes .cl file: a file that parses audits and maps, never a panic.
#![no_main]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::audit(data));
