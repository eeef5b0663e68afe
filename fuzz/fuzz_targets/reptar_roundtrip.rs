//! parse -> write -> parse: a file that parses writes back to the same bytes, and its dump packs to them too.
#![no_main]
use levelkit::{Document, Format};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(doc) = Document::parse(data, Some(Format::ReptarLevel)) else { return };
    let bytes = doc.to_bytes().expect("a parsed file must write");
    assert_eq!(bytes, data, "read -> write is not byte-identical");
    let dump = doc.to_dump();
    let text = serde_json::to_string(&dump).expect("dump serialises");
    let value: serde_json::Value = serde_json::from_str(&text).expect("dump reads back");
    let packed = Document::from_dump(&value).expect("an unedited dump packs").to_bytes().expect("and writes");
    assert_eq!(packed, data, "dump -> pack is not byte-identical");
});
