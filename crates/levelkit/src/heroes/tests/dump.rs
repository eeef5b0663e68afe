//! Tests of the `.cl` dump: unedited dumps pack to the same bytes, edits are written as said, bad dumps
//! are errors that name their path, and the keys are the record tables' names.

use super::super::generate::{self, Style};
use super::super::*;
use super::fixture_model;
use crate::record::Record;
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
    // The attribute edited with its explanation ("surface") made to agree (issue 46: a disagreeing
    // "surface" is an error, see `surface_and_attribute_must_agree`).
    let after = edit(&c, |d| {
        d["triangles"][1]["attribute"] = "00010000".into();
        d["triangles"][1]["surface"] = "death".into();
    })
    .to_bytes()
    .unwrap();
    let changed: Vec<usize> = (0..before.len()).filter(|&i| before[i] != after[i]).collect();
    // Triangle 1 starts at 0xD0 + 0x20; its attribute is at +0x18: byte 0x109 goes from 00 to 01, 0x10A from 01 to 00.
    assert_eq!(changed, vec![0xF0 + 0x18 + 1, 0xF0 + 0x18 + 2]);
    // A number works as well as hex text.
    let n = edit(&c, |d| {
        d["triangles"][1]["attribute"] = 0x10000.into();
        d["triangles"][1]["surface"] = "death".into();
    });
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
    // The derived header fields say "auto" (issue 46: a stale number is an error, see
    // `derived_header_fields_must_be_what_the_file_will_have`).
    let e = edit(&c, |d| {
        let t = d["triangles"][1].clone();
        d["triangles"].as_array_mut().unwrap().push(t);
        d["nodes"][0]["list"] = serde_json::json!([0, 1, 2]);
        for key in ["numPolygons", "dataSize", "nodeData", "polygonData", "vertexData"] {
            d["header"][key] = "auto".into();
        }
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
    // A surface id is an attribute (issue 46); a word that is neither hex nor a surface id is not.
    let mut d = c.to_dump();
    d["triangles"][0]["attribute"] = "walll".into();
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
    for (key, names) in [("nodes", Node::NAMES), ("triangles", Triangle::NAMES)] {
        for name in names {
            assert!(d[key][0].get(name).is_some(), "{key}[0].{name}");
        }
    }
    for name in Header::NAMES {
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

// Issue 46: no key of a dump is ignored.

#[test]
fn attributes_take_surface_ids() {
    let c = fixture_model();
    let e = edit(&c, |d| {
        d["triangles"][0]["attribute"] = "death".into();
        d["triangles"][0]["surface"] = "death".into();
    });
    assert_eq!(e.triangles[0].attribute, 0x0001_0000);
    let e = edit(&c, |d| {
        d["triangles"][0]["attribute"] = "Rock_Wall".into();
        d["triangles"][0].as_object_mut().unwrap().remove("surface");
    });
    assert_eq!(e.triangles[0].attribute, 0x180);
}

#[test]
fn a_surface_without_an_attribute_sets_it() {
    let c = fixture_model();
    let e = edit(&c, |d| {
        d["triangles"][1].as_object_mut().unwrap().remove("attribute");
        d["triangles"][1]["surface"] = "water".into();
    });
    assert_eq!(e.triangles[1].attribute, 2);
    let mut d = c.to_dump();
    d["triangles"][1].as_object_mut().unwrap().remove("attribute");
    d["triangles"][1]["surface"] = "unknown".into();
    let err = Collision::from_dump(&d).unwrap_err().to_string();
    assert!(err.contains("triangles[1].surface: \"unknown\" names no attribute value"), "{err}");
}

#[test]
fn surface_and_attribute_must_agree() {
    let c = fixture_model();
    // The surface edited alone: it and the attribute disagree, and which was meant cannot be known.
    let mut d = c.to_dump();
    assert_eq!(d["triangles"][0]["surface"], "wall");
    d["triangles"][0]["surface"] = "death".into();
    let err = Collision::from_dump(&d).unwrap_err().to_string();
    assert_eq!(
        err,
        "triangles[0]: \"surface\" is \"death\" (00010000) but \"attribute\" 00000100 is \"wall\"; the two \
         disagree and levelkit cannot tell which was meant: make them agree, or remove \"surface\" (an \
         \"attribute\" may be a surface id: \"death\")"
    );
    // The attribute edited alone: the same error, naming both.
    let mut d = c.to_dump();
    d["triangles"][0]["attribute"] = "00000002".into();
    let err = Collision::from_dump(&d).unwrap_err().to_string();
    assert!(
        err.contains("\"surface\" is \"wall\" (00000100) but \"attribute\" 00000002 is \"water\""),
        "{err}"
    );
}

#[test]
fn derived_header_fields_must_be_what_the_file_will_have() {
    let c = fixture_model();
    let mut d = c.to_dump();
    d["header"]["numPolygons"] = 5.into();
    let err = Collision::from_dump(&d).unwrap_err().to_string();
    assert_eq!(
        err,
        "header.numPolygons: the dump says 5, but \"triangles\" has 2: a count is its array's length; set it \
         to 2 or to \"auto\""
    );
    // An array grown with its count left behind: the same rule.
    let mut d = c.to_dump();
    let t = d["triangles"][1].clone();
    d["triangles"].as_array_mut().unwrap().push(t);
    let err = Collision::from_dump(&d).unwrap_err().to_string();
    assert!(err.starts_with("header.numPolygons: the dump says 2, but \"triangles\" has 3"), "{err}");
    // The count right, but the offsets and dataSize of the old layout: each named with the new value.
    d["header"]["numPolygons"] = 3.into();
    let err = Collision::from_dump(&d).unwrap_err().to_string();
    assert!(
        err.starts_with(
            "header.dataSize: the arrays no longer fit the dump's layout, so the file is laid out anew"
        ),
        "{err}"
    );
    assert!(
        err.contains("dataSize is 320, the new layout's is 352; vertexData is 272, the new layout's is 304"),
        "{err}"
    );
    // "auto" everywhere it applies: packs.
    for key in ["dataSize", "nodeData", "polygonData", "vertexData"] {
        d["header"][key] = "auto".into();
    }
    let e = Collision::from_dump(&d).unwrap();
    assert_eq!(e.triangles.len(), 3);
    // "auto" without other edits: the same bytes (dataSize is the length in the fixture).
    let mut d = c.to_dump();
    for key in ["numNodes", "numPolygons", "numVertices", "dataSize"] {
        d["header"][key] = "auto".into();
    }
    assert_eq!(Collision::from_dump(&d).unwrap().to_bytes().unwrap(), c.to_bytes().unwrap());
}

#[test]
fn explanations_of_lists_and_raw_bytes_must_agree() {
    let c = fixture_model();
    let mut d = c.to_dump();
    d["raw"][0]["what"] = "trailing bytes".into();
    let err = Collision::from_dump(&d).unwrap_err().to_string();
    assert_eq!(
        err,
        "raw[0].what: the dump says \"trailing bytes\", but levelkit calls these bytes \"triangle-index lists \
         (and any pad)\"; remove \"what\" (it only explains)"
    );
    let mut d = c.to_dump();
    d["nodes"][0].as_object_mut().unwrap().remove("list");
    d["nodes"][0]["listError"] = "made up".into();
    let err = Collision::from_dump(&d).unwrap_err().to_string();
    assert!(err.starts_with("nodes[0].listError: the dump says \"made up\", but the node's numPoly and polyIndex give a list that reads"), "{err}");
}

/// Issue 46, point 4: a dump that reads but makes a file `check` rejects gives the findings, so `pack` can
/// refuse to write it.
#[test]
fn a_dump_that_packs_to_a_bad_file_has_its_findings() {
    let c = fixture_model();
    let mut d = c.to_dump();
    d["triangles"][0]["vertexIndexNo"][2] = 99.into();
    let doc = crate::document::Document::from_dump(&d).unwrap();
    let findings = doc.validate();
    assert!(findings.count(crate::findings::Severity::Error) > 0);
    let text: Vec<String> = findings.iter().map(|f| f.to_string()).collect();
    assert!(text.iter().any(|t| t.contains("triangles[0].vertexIndexNo[2]") && t.contains("99")), "{text:?}");
}

/// `dataSize` edited away from the file's length is an error naming both; a file whose `dataSize` is not
/// its length dumps `fileLength` beside it and packs to the same bytes.
#[test]
fn data_size_is_the_length_unless_the_dump_says_otherwise() {
    let c = fixture_model();
    let mut d = c.to_dump();
    assert!(d["header"].get("fileLength").is_none());
    d["header"]["dataSize"] = 321.into();
    let err = Collision::from_dump(&d).unwrap_err().to_string();
    assert_eq!(
        err,
        "header.dataSize: the dump says 321, the file will be 320 bytes; set it to 320 or to \"auto\" (a \
         dataSize meant to differ from the length is given with \"fileLength\": 320 beside it)"
    );
    d["header"]["fileLength"] = 320.into();
    let odd = Collision::from_dump(&d).unwrap();
    assert_eq!(odd.header.data_size, 321);
    let bytes = odd.to_bytes().unwrap();
    let back = Collision::parse(&bytes).unwrap();
    assert_eq!(back.to_dump()["header"]["fileLength"], 320);
    assert_eq!(through_json(&back).to_bytes().unwrap(), bytes);
    d["header"]["fileLength"] = 300.into();
    let err = Collision::from_dump(&d).unwrap_err().to_string();
    assert!(err.starts_with("header.fileLength: the dump says 300, the file will be 320 bytes"), "{err}");
}

// A dump's text is read without making its tree (`from_dump_text`): the same file or the same error.

/// Reads `v` both ways: the tree's result, and the text's with serde's line and column taken out.
fn both_ways(v: &serde_json::Value) -> (Result<Vec<u8>, String>, Result<Vec<u8>, String>) {
    let read = |r: Result<Collision, crate::dump::DumpError>| {
        r.map(|c| c.to_bytes().unwrap_or_default()).map_err(|e| e.to_string())
    };
    let text = serde_json::to_string_pretty(v).unwrap();
    let from_text = read(Collision::from_dump_text(text.as_bytes())).map_err(|e| without_position(&e));
    (read(Collision::from_dump(v)), from_text)
}

/// An error's message without the " at line 3 column 7" serde_json adds to errors it meets in text.
fn without_position(message: &str) -> String {
    let mut out = message.to_string();
    while let Some(at) = out.find(" at line ") {
        let rest = &out[at + " at line ".len()..];
        let digits = |s: &str| s.bytes().take_while(u8::is_ascii_digit).count();
        let line = digits(rest);
        let Some(after) = rest[line..].strip_prefix(" column ") else { break };
        let end = at + " at line ".len() + line + " column ".len() + digits(after);
        out.replace_range(at..end, "");
    }
    out
}

#[test]
fn a_dumps_text_reads_as_its_tree_does() {
    let mut odd = fixture_model();
    odd.nodes[2].tail = [1, 2, 3, 4, 5, 6, 7];
    odd.triangles[0].normal = [f32::NAN, -0.0, f32::from_bits(0x7FC0_1234)];
    let base = odd.to_dump();
    // Every key of every kind of object, taken out or given each kind of wrong value, and keys added.
    let values: Vec<serde_json::Value> = serde_json::from_str(
        r#"[null, "auto", "x", "wall", "0001", "zz", -1, 70000, 5000000000, 1e40, 1.5, 0, [], [1], [1, 2, 3, 4], {}, true]"#,
    )
    .unwrap();
    let mut places: Vec<Vec<String>> = vec![vec![]];
    for key in ["header", "nodes", "triangles", "raw"] {
        let object = match &base[key] {
            serde_json::Value::Array(_) => vec![key.to_string(), "0".into()],
            _ => vec![key.to_string()],
        };
        places.push(object);
    }
    let (mut cases, mut errors, mut same_errors) = (0, 0, 0);
    for place in &places {
        let pointer: String = place.iter().map(|p| format!("/{p}")).collect();
        let keys: Vec<String> =
            base.pointer(&pointer).unwrap().as_object().unwrap().keys().cloned().collect();
        for key in keys.iter().map(String::as_str).chain(["bogus"]) {
            let mut edits: Vec<serde_json::Value> = Vec::new();
            let mut removed = base.clone();
            if removed.pointer_mut(&pointer).unwrap().as_object_mut().unwrap().remove(key).is_some() {
                edits.push(removed);
            }
            for value in &values {
                let mut d = base.clone();
                d.pointer_mut(&pointer).unwrap()[key] = value.clone();
                edits.push(d);
            }
            for d in edits {
                let (tree, text) = both_ways(&d);
                assert_eq!(tree, text, "{pointer}/{key}");
                cases += 1;
                if let Err(e) = &tree {
                    errors += 1;
                    assert!(!e.contains("a value the format cannot hold"), "{pointer}/{key}: {e}");
                    same_errors += usize::from(text.as_ref().err() == Some(e));
                }
            }
        }
    }
    // A vertex and its coordinates, and a run inside a record (`neighborNo`), each given each value.
    for pointer in ["/vertices/0", "/vertices/0/1", "/nodes/0/neighborNo/2", "/header/rootCenter/0"] {
        for value in &values {
            let mut d = base.clone();
            *d.pointer_mut(pointer).unwrap() = value.clone();
            let (tree, text) = both_ways(&d);
            assert_eq!(tree, text, "{pointer}");
            cases += 1;
            if let Err(e) = &tree {
                errors += 1;
                same_errors += usize::from(text.as_ref().err() == Some(e));
            }
        }
    }
    // Most edits are errors, and each reads the same both ways (not only both errors).
    assert!(cases > 500 && errors * 2 > cases && same_errors == errors, "{cases} {errors} {same_errors}");
    // Unedited, and with every derived header field "auto", the same bytes.
    let mut auto = base.clone();
    for key in ["dataSize", "nodeData", "polygonData", "vertexData", "numNodes", "numPolygons", "numVertices"]
    {
        auto["header"][key] = "auto".into();
    }
    for d in [&base, &auto] {
        let (tree, text) = both_ways(d);
        assert!(tree.is_ok(), "{tree:?}");
        assert_eq!(tree, text);
    }
}

#[test]
fn a_dumps_text_names_the_line_of_a_wrong_value_and_refuses_a_key_given_twice() {
    let text = serde_json::to_string_pretty(&fixture_model().to_dump()).unwrap();
    let wrong = text.replacen("\"numPoly\": ", "\"numPoly\": -", 1);
    let err = Collision::from_dump_text(wrong.as_bytes()).unwrap_err().to_string();
    assert!(
        err.starts_with("nodes[0].numPoly: the dump does not match the heroes-cl layout: invalid value"),
        "{err}"
    );
    assert!(err.contains(" at line "), "{err}");
    let twice = text.replacen("\"numPoly\": ", "\"numPoly\": 1, \"numPoly\": ", 1);
    let err = Collision::from_dump_text(twice.as_bytes()).unwrap_err().to_string();
    assert!(
        err.contains("nodes[0]: the dump does not match the heroes-cl layout: duplicate field `numPoly`"),
        "{err}"
    );
    let err = Collision::from_dump_text(&text.as_bytes()[..text.len() - 2]).unwrap_err().to_string();
    assert!(err.contains("EOF while parsing"), "{err}");
}

#[test]
fn a_dumps_text_is_its_tree_printed() {
    let mut odd = fixture_model();
    odd.nodes[2].tail = [1, 2, 3, 4, 5, 6, 7];
    odd.nodes[3].num_poly = 9; // a list that cannot be read: `listError`
    odd.header.data_size += 4; // `fileLength` beside it
    odd.triangles[1].tail = [0xAB, 0];
    odd.triangles[0].normal = [f32::NAN, -0.0, 0.1];
    let mut rng = Rng::new(9);
    let mut cases = vec![fixture_model(), odd, generate::game_correct(3, 300, 9)];
    for seed in 0..6u64 {
        let style = Style::random(&mut rng);
        cases.push(generate::odd(seed, rng.index(300), rng.below_u16(12), &style));
    }
    for (i, c) in cases.iter().enumerate() {
        let tree = serde_json::to_string_pretty(&c.to_dump()).unwrap();
        assert_eq!(String::from_utf8(c.to_dump_text()).unwrap(), tree, "case {i}");
        for key in ["listError", "fileLength", "zero", "what"].iter().filter(|_| i == 1) {
            assert!(tree.contains(&format!("\"{key}\"")), "{key}");
        }
    }
}
