//! Any bytes as Wavefront OBJ: a mesh or an error; a mesh exports and imports again.
#![no_main]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::obj_import(data));
