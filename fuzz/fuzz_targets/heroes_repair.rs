//! parse -> repair / build: never a panic, and whatever they return checks clean (no error, no warning)
//! and reads back as the same model.
#![no_main]
use levelkit::heroes::build::{build, checked_bytes, repair, BuildInput, BuildOptions, TreeOptions};
use levelkit::heroes::Collision;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(c) = Collision::parse(data) else { return };
    if let Ok((fixed, _report)) = repair(&c, &TreeOptions::default()) {
        checked_bytes(&fixed).expect("a repaired file checks clean");
    }
    if let Ok(built) = build(&BuildInput::from_collision(&c), &BuildOptions::default()) {
        checked_bytes(&built.collision).expect("a built file checks clean");
    }
});
