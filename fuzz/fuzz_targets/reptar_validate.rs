//! Any bytes as a Rugrats LEVELnn.BIN file: a file that parses validates, never a panic.
#![no_main]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::validate(data, levelkit::Format::ReptarLevel));
