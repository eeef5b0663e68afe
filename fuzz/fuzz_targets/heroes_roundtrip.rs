//! A .cl file that parses writes back to the same bytes; its JSON dump packs to them too.
#![no_main]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::roundtrip(data, levelkit::Format::HeroesCl));
