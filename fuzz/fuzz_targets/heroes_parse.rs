//! Any bytes as a Sonic Heroes .cl file: Ok or a ParseError, never a panic; everything that reads the model too.
#![no_main]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::parse(data, levelkit::Format::HeroesCl));
