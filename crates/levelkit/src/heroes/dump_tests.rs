//! Tests of the `.cl` dump: unedited dumps pack to the same bytes, edits are written as said, bad dumps
//! are errors that name their path, and the keys are the record tables' names.

use super::generate::{self, Style};
use super::tests::fixture_model;
use super::*;
use crate::rng::Rng;

// Dumps: lossless, readable, and edits land where the user put them.

fn through_json(c: &Collision) -> Collision {
    let text = serde_json::to_string_pretty(&c.to_dump()).unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    Collision::from_dump(&value).unwrap()
}

#[test]
fn dumps_pack_to_the_same_bytes() {
    let mut odd = fixture_model();
    odd.nodes[2].tail = [1, 2, 3, 4, 5, 6, 7];
    odd.triangles[1].tail = [0xAB, 0];
    odd.triangles[0].normal = [f32::NAN, -0.0, f32::from_bits(0x7FC0_1234)];
    odd.vertices[0] = [f32::INFINITY, f32::MIN_POSITIVE / 2.0, -1e-45];
    let mut cases = vec![("fixture".to_string(), fixture_model()), ("odd".to_string(), odd)];
    let mut rng = Rng::new(5);
    for seed in 0..12u64 {
        let style = Style::random(&mut rng);
        cases
            .push((format!("styled {seed}"), generate::odd(seed, rng.index(300), rng.below_u16(12), &style)));
    }
    cases.push(("game".into(), generate::game_correct(3, 500, 9)));
    for (name, c) in cases {
        let bytes = c.to_bytes().unwrap();
        let back = through_json(&c);
        assert_eq!(back.to_bytes().unwrap(), bytes, "{name}");
    }
}

#[test]
fn dump_reads_like_the_format() {
    let d = fixture_model().to_dump();
    assert_eq!(d["format"], "heroes-cl");
    assert_eq!(d["header"]["nodeData"], 0x30);
    assert_eq!(d["header"]["rootLength"], 1.0);
    assert_eq!(d["nodes"][2]["polyIndex"], 0x0001_0000);
    assert_eq!(d["nodes"][2]["list"], serde_json::json!([0, 1]));
    assert_eq!(d["nodes"][0]["neighborNo"], serde_json::json!([0, 0, 0, 0]));
    assert_eq!(d["triangles"][0]["attribute"], "00000100");
    assert_eq!(d["triangles"][0]["surface"], "wall");
    assert_eq!(d["triangles"][1]["neighbor"], serde_json::json!([0, 65535, 65535]));
    assert_eq!(d["raw"][0]["offset"], 0x28);
    assert_eq!(d["raw"][0]["hex"], serde_json::json!(["0000000100010000"]));
    assert_eq!(d["raw"][0]["what"], "triangle-index lists (and any pad)");
    assert!(d["nodes"][0].get("zero").is_none(), "zero reserved bytes are not shown");
}

fn edit(c: &Collision, f: impl FnOnce(&mut serde_json::Value)) -> Collision {
    let mut d = c.to_dump();
    f(&mut d);
    Collision::from_dump(&d).unwrap()
}

#[test]
fn edited_attribute_changes_only_those_bytes() {
    let c = fixture_model();
    let before = c.to_bytes().unwrap();
    let after = edit(&c, |d| d["triangles"][1]["attribute"] = "00010000".into()).to_bytes().unwrap();
    let changed: Vec<usize> = (0..before.len()).filter(|&i| before[i] != after[i]).collect();
    // Triangle 1 starts at 0xD0 + 0x20; its attribute is at +0x18: byte 0x109 goes from 00 to 01, 0x10A from 01 to 00.
    assert_eq!(changed, vec![0xF0 + 0x18 + 1, 0xF0 + 0x18 + 2]);
    // A number works as well as hex text.
    let n = edit(&c, |d| d["triangles"][1]["attribute"] = 0x10000.into());
    assert_eq!(n.triangles[1].attribute, 0x10000);
}

#[test]
fn edited_lists_are_written_as_given() {
    let c = fixture_model();
    // Same length, stored: rewritten in place.
    let e = edit(&c, |d| d["nodes"][0]["list"] = serde_json::json!([1, 0, 1]));
    assert_eq!((e.nodes[0].poly_index, e.node_list(0).unwrap()), (0x28, vec![1, 0, 1]));
    assert_eq!(e.file_len(), c.file_len());
    // Two entries: inline.
    let e = edit(&c, |d| d["nodes"][0]["list"] = serde_json::json!([1, 0]));
    assert_eq!((e.nodes[0].num_poly, e.nodes[0].poly_index), (2, 0x0000_0001));
    // Longer: appended at the end, 4-aligned; dataSize follows because it matched the length.
    let e = edit(&c, |d| d["nodes"][1]["list"] = serde_json::json!([0, 1, 0, 1]));
    assert_eq!((e.nodes[1].num_poly, e.nodes[1].poly_index), (4, 0x140));
    assert_eq!(e.header.data_size, 0x148);
    let bytes = e.to_bytes().unwrap();
    assert_eq!(bytes.len(), 0x148);
    assert_eq!(Collision::parse(&bytes).unwrap().node_list(1).unwrap(), vec![0, 1, 0, 1]);
    // An edit to polyIndex without touching the list is honoured when the list key is removed.
    let e = edit(&c, |d| {
        d["nodes"][4]["polyIndex"] = 0.into();
        d["nodes"][4].as_object_mut().unwrap().remove("list");
    });
    assert_eq!(e.node_list(4).unwrap(), vec![0]);
}

#[test]
fn changed_counts_lay_the_file_out_anew() {
    let c = fixture_model();
    let e = edit(&c, |d| {
        let t = d["triangles"][1].clone();
        d["triangles"].as_array_mut().unwrap().push(t);
        d["nodes"][0]["list"] = serde_json::json!([0, 1, 2]);
    });
    assert_eq!(e.header.num_polygons, 3);
    let bytes = e.to_bytes().unwrap();
    assert_eq!(bytes.len(), e.header.data_size as usize);
    let back = Collision::parse(&bytes).unwrap();
    assert_eq!(back.node_list(0).unwrap(), vec![0, 1, 2]);
    assert_eq!(back.node_list(2).unwrap(), vec![0, 1]);
}

#[test]
fn bad_dumps_are_errors() {
    let c = fixture_model();
    let mut d = c.to_dump();
    d["raw"][0]["hex"] = serde_json::json!(["00zz"]);
    assert!(Collision::from_dump(&d).unwrap_err().to_string().contains("raw[0].hex"));
    let mut d = c.to_dump();
    d["nodes"][0]["bogus"] = 1.into();
    assert!(Collision::from_dump(&d).is_err());
    let mut d = c.to_dump();
    d["triangles"][0]["attribute"] = "wall".into();
    assert!(Collision::from_dump(&d).unwrap_err().to_string().contains("triangles[0].attribute"));
    let mut d = c.to_dump();
    d["nodes"][0]["zero"] = "0102".into();
    assert!(Collision::from_dump(&d).unwrap_err().to_string().contains("7 bytes"));
    assert!(Collision::from_dump(&serde_json::json!({"format": "heroes-cl"})).is_err());
}

#[test]
fn summary_has_the_keys_info_promises() {
    let c = generate::game_correct(2, 100, 5);
    let s = c.summary();
    for key in [
        "format",
        "triangles",
        "vertices",
        "nodes",
        "leaves",
        "max_depth",
        "tree_depth",
        "root_center",
        "root_length",
        "attributes",
    ] {
        assert!(s.get(key).is_some(), "{key}");
    }
    assert_eq!(s["format"], "heroes-cl");
    assert_eq!(s["triangles"], 100);
    assert_eq!(s["max_depth"], 5);
    assert_eq!(s["leaves"], c.leaf_count());
    let total: u64 = s["attributes"].as_array().unwrap().iter().map(|a| a["count"].as_u64().unwrap()).sum();
    assert_eq!(total, 100);
    let text = c.summary_text();
    assert!(text.contains("100 triangles"), "{text}");
    assert!(text.contains("attributes:"), "{text}");
}

#[test]
fn dump_keys_are_the_record_tables_names() {
    let mut c = fixture_model();
    (c.nodes[0].tail, c.triangles[0].tail) = ([1; 7], [1; 2]);
    let d = c.to_dump();
    for (key, names) in [("nodes", Node::KEYS), ("triangles", Triangle::KEYS)] {
        for name in names {
            assert!(d[key][0].get(name).is_some(), "{key}[0].{name}");
        }
    }
    for name in Header::KEYS {
        assert!(d["header"].get(name).is_some(), "header.{name}");
    }
    let mut d = fixture_model().to_dump();
    d["nodes"][0]["bogus"] = 1.into();
    let err = Collision::from_dump(&d).unwrap_err().to_string();
    assert!(
        err.contains("nodes[0].bogus: the dump does not match the heroes-cl layout: unknown field"),
        "{err}"
    );
    let mut d = fixture_model().to_dump();
    d["header"].as_object_mut().unwrap().remove("maxDepth");
    let err = Collision::from_dump(&d).unwrap_err().to_string();
    assert!(
        err.contains("header: the dump does not match the heroes-cl layout: missing field `maxDepth`"),
        "{err}"
    );
}
