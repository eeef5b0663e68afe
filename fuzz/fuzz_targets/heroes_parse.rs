//! Any bytes: parse must return Ok or a ParseError, never panic; everything that reads the model must too.
#![no_main]
use levelkit::{Document, Format};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = Format::detect(data);
    if let Ok(doc) = Document::parse(data, Some(Format::HeroesCl)) {
        let _ = doc.validate();
        let _ = doc.summary();
        let _ = doc.summary_text();
        let dump = doc.to_dump();
        let _ = Document::from_dump(&dump);
    }
});
