//! Dumps and models that ask for huge `.cl` files must be refused before anything that size is allocated:
//! `Collision::from_dump` and `Collision::to_bytes` on small inputs that place bytes far away. One test in
//! this binary, so no other thread allocates while it measures.

#[path = "common/counting_alloc.rs"]
mod counting_alloc;

use levelkit::heroes::{generate, Collision, RawBytes};

/// Peak bytes allocated while `f` runs, above what was live before, and its error message.
fn peak_while<T>(f: impl FnOnce() -> Result<T, String>) -> (usize, String) {
    let (result, peak) = counting_alloc::peak_while(f);
    match result {
        Ok(_) => panic!("a huge file was accepted"),
        Err(e) => (peak, e),
    }
}

const BOUND: usize = 1 << 20;

#[test]
fn far_away_bytes_are_refused_before_allocating() {
    let c = generate::game_correct(1, 60, 3);
    let dump = c.to_dump();
    let raw_count = dump["raw"].as_array().unwrap().len();
    let far_raw = |offset: u64, data_size: Option<u64>| {
        let mut d = dump.clone();
        d["raw"].as_array_mut().unwrap().push(serde_json::json!({"offset": offset, "hex": ["00"]}));
        if let Some(size) = data_size {
            d["header"]["dataSize"] = size.into();
        }
        d
    };
    let cases = [
        (far_raw(200_000_000, None), format!("raw[{raw_count}].offset: 200000000 is past the declared size")),
        (
            far_raw(4_000_000_000, None),
            format!("raw[{raw_count}].offset: 4000000000 is past the declared size"),
        ),
        (far_raw(4_000_000_000, Some(4_100_000_000)), "ends past 268435456".to_string()),
        (
            {
                let mut d = dump.clone();
                d["header"]["nodeData"] = 200_000_000.into();
                d
            },
            "header.nodeData: 200000000 is past the declared size".to_string(),
        ),
    ];
    for (d, phrase) in cases {
        let (peak, e) = peak_while(|| Collision::from_dump(&d).map_err(|e| e.to_string()));
        assert!(e.contains(&phrase), "{e}");
        assert!(peak < BOUND, "{phrase}: {peak} bytes allocated");
    }

    // The same model built in Rust: the writer refuses it too.
    let mut far = c.clone();
    far.raw.push(RawBytes { offset: 200_000_000, bytes: vec![0] });
    let (peak, e) = peak_while(|| far.to_bytes().map_err(|e| e.to_string()));
    assert!(e.contains("raw bytes at 0xbebc200: offset 200000000 is past the declared size"), "{e}");
    assert!(peak < BOUND, "to_bytes: {peak} bytes allocated");
    let mut far = c.clone();
    far.header.data_size = u32::MAX;
    far.raw.push(RawBytes { offset: 4_000_000_000, bytes: vec![0] });
    let (peak, e) = peak_while(|| far.to_bytes().map_err(|e| e.to_string()));
    assert!(e.contains("ends past 268435456"), "{e}");
    assert!(peak < BOUND, "to_bytes: {peak} bytes allocated");
}
