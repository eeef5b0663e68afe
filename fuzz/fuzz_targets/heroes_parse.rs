//! Any bytes as a Sonic Heroes .cl file: Ok or a ParseError, never a panic; the summaries read the model (validation: heroes_validate).
#![no_main]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::parse(data, levelkit::Format::HeroesCl));
