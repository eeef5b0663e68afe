//! Any bytes as a Rugrats LEVELnn.BIN file: Ok or a ParseError, never a panic; the summaries and room graph read the model (validation: reptar_validate).
#![no_main]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::parse(data, levelkit::Format::ReptarLevel));
