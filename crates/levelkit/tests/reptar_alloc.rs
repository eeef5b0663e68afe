//! Hostile counts must not drive allocation: parsing small files that claim huge counts allocates little.
//! One test in this binary, so no other thread allocates while it measures.

#[path = "common/counting_alloc.rs"]
mod counting_alloc;

use levelkit::reptar::Level;

/// Peak bytes allocated while parsing `data`, above what was live before.
fn peak_while_parsing(data: &[u8]) -> usize {
    let (result, peak) = counting_alloc::peak_while(|| Level::parse(data));
    assert!(result.is_err(), "{} hostile bytes parsed", data.len());
    drop(result);
    peak
}

fn words(ws: &[u32]) -> Vec<u8> {
    ws.iter().flat_map(|w| w.to_le_bytes()).collect()
}

#[test]
fn huge_counts_allocate_nothing_big() {
    let huge = 0xffff_fff0u32;
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("never-used records", words(&[huge, 0, 0, 0])),
        ("portals", words(&[0, huge, 0, 0])),
        ("24-byte records", words(&[0, 0, huge, 0])),
        ("rooms", words(&[0, 0, 0, huge, 0, 0])),
        ("rooms that fit, byte lists that do not", {
            let mut d = words(&[0, 0, 0, 200]);
            d.extend(vec![0u8; 200 * 112]);
            d.push(255);
            d
        }),
        ("blobs", {
            let mut d = words(&[0, 0, 0, 1]);
            d.extend(vec![0u8; 112]);
            d.extend([0, 0, 0, 0]); // byte list of 0 bytes + 3-byte pad
            d.extend(words(&[8, huge]));
            d
        }),
        ("blob length", {
            let mut d = words(&[0, 0, 0, 1]);
            d.extend(vec![0u8; 112]);
            d.extend([0, 0, 0, 0]);
            d.extend(words(&[8, 1, huge]));
            d
        }),
        ("vertices", {
            let mut d = words(&[0, 0, 0, 1]);
            d.extend(vec![0u8; 112]);
            d.extend([0, 0, 0, 0]);
            d.extend(words(&[40, 1, 32, 0, 0, 0, 0, 0, huge, 28, 0xff]));
            d
        }),
    ];
    for (what, data) in cases {
        let peak = peak_while_parsing(&data);
        assert!(peak < 64 * 1024, "{what}: {peak} bytes allocated for a {}-byte file", data.len());
    }
}
