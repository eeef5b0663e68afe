//! OBJ and glTF/GLB files.

use super::{hostile, write, Expect};

#[test]
fn huge_and_broken_obj_files() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let view = |case: &str, name: &str, text: &[u8], expect: Expect| {
        let input = write(d, name, text);
        hostile(d, case, &input, &["view", name, "-o", "out.html"], expect);
    };
    let mut million = String::from("v 0 0 0\nv 1 0 0\nv 1 0 1\nf");
    for i in 0..1_000_000 {
        million.push_str([" 1", " 2", " 3"][i % 3]);
    }
    million.push('\n');
    view("obj: a face with a million corners", "million.obj", million.as_bytes(), Expect::OkOrClean);
    view("obj: index past the end", "past.obj", b"v 0 0 0\nv 1 0 0\nf 1 2 4\n", Expect::Fails("line 3"));
    view("obj: index 2^63", "big.obj", b"v 0 0 0\nf 1 1 9223372036854775807\n", Expect::Fails("line 2"));
    view(
        "obj: negative index before the start",
        "neg.obj",
        b"v 0 0 0\nf -1 -2 -3\n",
        Expect::Fails("line 2"),
    );
    view(
        "obj: NaN coordinate",
        "nan.obj",
        b"v nan 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n",
        Expect::Fails("line 1"),
    );
    view(
        "obj: infinite coordinate",
        "inf.obj",
        b"v 1e39 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n",
        Expect::Fails("line 1"),
    );
    let mut lines = String::new();
    for _ in 0..200_000 {
        lines.push_str("v 1 2 3\n");
    }
    lines.push_str("l 1 200000\n");
    view("obj: 200000 vertices, one line", "verts.obj", lines.as_bytes(), Expect::OkOrClean);
}

fn glb(json: &serde_json::Value, bin: &[u8], claimed_length: Option<u32>) -> Vec<u8> {
    let mut j = serde_json::to_vec(json).unwrap();
    while j.len() % 4 != 0 {
        j.push(b' ');
    }
    let mut bin = bin.to_vec();
    while bin.len() % 4 != 0 {
        bin.push(0);
    }
    let total = 12 + 8 + j.len() + if bin.is_empty() { 0 } else { 8 + bin.len() };
    let mut out = b"glTF".to_vec();
    out.extend_from_slice(&2u32.to_le_bytes());
    out.extend_from_slice(&claimed_length.unwrap_or(u32::try_from(total).unwrap()).to_le_bytes());
    out.extend_from_slice(&u32::try_from(j.len()).unwrap().to_le_bytes());
    out.extend_from_slice(b"JSON");
    out.extend_from_slice(&j);
    if !bin.is_empty() {
        out.extend_from_slice(&u32::try_from(bin.len()).unwrap().to_le_bytes());
        out.extend_from_slice(b"BIN\0");
        out.extend_from_slice(&bin);
    }
    out
}

/// A one-triangle glTF whose scene is `nodes` (node 0 the root).
fn triangle_gltf(nodes: serde_json::Value, accessor_count: u64, byte_length: u64) -> serde_json::Value {
    serde_json::json!({
        "asset": { "version": "2.0" },
        "scene": 0,
        "scenes": [{ "nodes": [0] }],
        "nodes": nodes,
        "meshes": [{ "primitives": [{ "attributes": { "POSITION": 0 } }] }],
        "buffers": [{ "byteLength": byte_length }],
        "bufferViews": [{ "buffer": 0, "byteLength": 36 }],
        "accessors": [{
            "bufferView": 0, "componentType": 5126, "count": accessor_count, "type": "VEC3",
            "min": [0, 0, 0], "max": [1, 1, 0]
        }]
    })
}

fn triangle_bin() -> Vec<u8> {
    [0.0f32, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0].iter().flat_map(|f| f.to_le_bytes()).collect()
}

#[test]
fn deep_cyclic_and_oversized_gltf_files() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let view = |case: &str, name: &str, bytes: &[u8], expect: Expect| {
        let input = write(d, name, bytes);
        hostile(d, case, &input, &["view", name, "-o", "out.html"], expect);
    };
    let bin = triangle_bin();
    let one = serde_json::json!([{ "mesh": 0 }]);
    view("glb: a legal triangle", "ok.glb", &glb(&triangle_gltf(one.clone(), 3, 36), &bin, None), Expect::Ok);

    let deep: Vec<serde_json::Value> = (0..10_000)
        .map(|i| {
            if i + 1 < 10_000 {
                serde_json::json!({ "children": [i + 1] })
            } else {
                serde_json::json!({ "mesh": 0 })
            }
        })
        .collect();
    view(
        "glb: nodes nested 10000 deep",
        "deep.glb",
        &glb(&triangle_gltf(deep.into(), 3, 36), &bin, None),
        Expect::Fails("nested deeper than 64 levels"),
    );
    // Invalid glTF that the importer reads leniently: a node reached twice is read once.
    let cycle = serde_json::json!([{ "children": [1] }, { "children": [0], "mesh": 0 }]);
    view("glb: a node cycle", "cycle.glb", &glb(&triangle_gltf(cycle, 3, 36), &bin, None), Expect::Ok);
    let me = serde_json::json!([{ "children": [0], "mesh": 0 }]);
    view("glb: a node its own child", "self.glb", &glb(&triangle_gltf(me, 3, 36), &bin, None), Expect::Ok);
    view(
        "glb: 4 GiB claimed length",
        "len.glb",
        &glb(&triangle_gltf(one.clone(), 3, 36), &bin, Some(u32::MAX)),
        Expect::Fails("reading length: needed 4294967295 bytes"),
    );
    view(
        "glb: buffer of 4 GiB claimed",
        "buf.glb",
        &glb(&triangle_gltf(one.clone(), 3, 1 << 32), &bin, None),
        Expect::Fails("byteLength 4294967296 but only 36 bytes"),
    );
    view(
        "glb: accessor count 0xFFFFFFFF",
        "count.glb",
        &glb(&triangle_gltf(one.clone(), 0xFFFF_FFFF, 36), &bin, None),
        Expect::Fails("4294967295 elements do not fit in bufferView 0"),
    );
    let nested = format!("{{\"asset\":{}}}", "[".repeat(50_000) + &"]".repeat(50_000));
    view(
        "gltf: 50000 nested JSON arrays",
        "nested.gltf",
        nested.as_bytes(),
        Expect::Fails("not glTF JSON: recursion limit exceeded"),
    );
}
