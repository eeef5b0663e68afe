//! JSON dumps (`pack`).

use super::cl::stage;
use super::{generate, hostile, leak, write, Expect, Options};
use levelkit::Document;

#[test]
fn absurd_json_dumps() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let heroes_dump = Document::Heroes(stage()).to_dump();
    let level_dump = Document::Reptar(generate(&Options { rooms: 1, ..Options::small(2) })).to_dump();
    let pack = |case: &str, text: &[u8], expect: Expect| {
        let input = write(d, "dump.json", text);
        hostile(d, case, &input, &["pack", "dump.json", "-o", "out.bin"], expect);
    };
    let json = |v: &serde_json::Value| serde_json::to_vec(v).unwrap();

    pack("dump: not JSON", b"{\"format\": \"heroes-cl\", ", Expect::Fails("not JSON"));
    pack("dump: no format", b"{}", Expect::Fails("format"));
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    pack("dump: 100000 nested arrays", deep.as_bytes(), Expect::Fails("not JSON"));

    let mut v = heroes_dump.clone();
    v["vertices"] = serde_json::Value::Array(vec![serde_json::json!([1.0, 2.0, 3.0]); 70_000]);
    pack(
        "dump: 70000 .cl vertices (over u16)",
        &json(&v),
        Expect::Fails("vertices: 70000 does not fit in a u16 count"),
    );
    let mut v = heroes_dump.clone();
    v["header"]["numPolygons"] = serde_json::json!(1e300);
    pack("dump: a count of 1e300", &json(&v), Expect::Fails("header.numPolygons: "));
    let mut v = heroes_dump.clone();
    v["header"]["nodeData"] = serde_json::json!(-1);
    pack("dump: a negative offset", &json(&v), Expect::Fails("header.nodeData: "));
    let mut v = heroes_dump.clone();
    v["raw"] = serde_json::json!([{ "offset": 4_000_000_000u32, "hex": ["00"] }]);
    pack(
        "dump: raw bytes at 4 GB",
        &json(&v),
        Expect::Fails("raw[0].offset: 4000000000 is past the declared size"),
    );
    let mut v = heroes_dump.clone();
    let far = leak(format!(
        "raw[{}].offset: 200000000 is past the declared size",
        v["raw"].as_array().unwrap().len()
    ));
    v["raw"].as_array_mut().unwrap().push(serde_json::json!({ "offset": 200_000_000u32, "hex": ["00"] }));
    pack("dump: raw bytes at 200 MB", &json(&v), Expect::Fails(far));

    let mut v = level_dump.clone();
    v["rooms"] = serde_json::Value::Array(vec![v["rooms"][0].clone(); 5_000]);
    pack("dump: 5000 rooms", &json(&v), Expect::OkOrClean);
    let mut v = level_dump.clone();
    v["trailing"] = serde_json::json!("zz");
    pack(
        "dump: bad hex",
        &json(&v),
        Expect::Fails("trailing: the dump does not match the reptar-level layout: 'z' is not a hex digit"),
    );
    let mut v = level_dump.clone();
    v["trailing"] = serde_json::json!("00".repeat(4 << 20));
    // The layout explains the old file; it goes with the edit (issue 46: a stale one is an error).
    v["layout"] = serde_json::Value::Null;
    pack("dump: 4 MiB of trailing hex", &json(&v), Expect::Ok);
    let mut v = level_dump.clone();
    v["rooms"][0]["geometry_size"] = serde_json::json!(u64::MAX);
    pack("dump: geometry_size 2^64-1", &json(&v), Expect::Fails("rooms[0].geometry_size: "));
    let mut v = level_dump.clone();
    let room = v["rooms"][0].as_object_mut().unwrap();
    let size = room.remove("geometry_size").unwrap();
    room.insert("geometry_sise".into(), size);
    pack("dump: a mistyped key", &json(&v), Expect::Fails("rooms[0].geometry_sise: "));
}
