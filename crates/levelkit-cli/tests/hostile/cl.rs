//! Sonic Heroes `.cl` files.

use super::{hostile, leak, level_commands, write, Expect};
use levelkit::heroes;

pub(super) fn stage() -> heroes::Collision {
    heroes::generate::game_correct(3, 40, 4)
}

fn cl_bytes(c: &heroes::Collision) -> Vec<u8> {
    c.to_bytes().unwrap()
}

fn put_be16(b: &mut [u8], at: usize, v: u16) {
    b[at..at + 2].copy_from_slice(&v.to_be_bytes());
}

fn put_be32(b: &mut [u8], at: usize, v: u32) {
    b[at..at + 4].copy_from_slice(&v.to_be_bytes());
}

#[test]
fn heroes_counts_offsets_and_sizes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let good = cl_bytes(&stage());
    // Header: 0x00 dataSize, 0x04/0x08/0x0C node/polygon/vertex offsets, 0x20 maxDepth, 0x22 numPolygons,
    // 0x24 numVertices, 0x26 numNodes.
    let array_at = |field: usize| u32::from_be_bytes(good[field..field + 4].try_into().unwrap());
    for (case, at, array, field, size) in [
        ("cl numPolygons 0xFFFF", 0x22, "triangle", 0x08, 32),
        ("cl numVertices 0xFFFF", 0x24, "vertex", 0x0C, 12),
        ("cl numNodes 0xFFFF", 0x26, "node", 0x04, 32),
    ] {
        let mut b = good.clone();
        put_be16(&mut b, at, 0xFFFF);
        let phrase =
            format!("{array} array (65535 × {size} bytes at offset 0x{:x}, from header", array_at(field));
        level_commands(d, case, "count.cl", &b, Some(leak(phrase)), "cl");
    }
    for (case, at, phrase) in [
        ("cl node offset in header", 0x04, "from header 0x04): offset 0x10 lies inside the 0x28-byte header"),
        (
            "cl polygon offset in header",
            0x08,
            "from header 0x08): offset 0x10 lies inside the 0x28-byte header",
        ),
    ] {
        let mut b = good.clone();
        put_be32(&mut b, at, 0x10);
        level_commands(d, case, "header.cl", &b, Some(phrase), "cl");
    }
    let past_end = u32::try_from(good.len()).unwrap() + 4;
    let vertex_past =
        leak(format!("at offset 0x{past_end:x}, from header 0x0c): offset 0x{past_end:x} is past the end"));
    for (case, at, offset, phrase) in [
        ("cl vertex offset past end", 0x0C, past_end, vertex_past),
        ("cl node offset 0xFFFFFFF0", 0x04, 0xFFFF_FFF0, "at offset 0xfffffff0, from header 0x04)"),
    ] {
        let mut b = good.clone();
        put_be32(&mut b, at, offset);
        level_commands(d, case, "past.cl", &b, Some(phrase), "cl");
    }
    // dataSize is not checked by the parser (the game ignores it): a 4 GiB claim is a finding.
    let mut b = good.clone();
    put_be32(&mut b, 0x00, 0xFFFF_FFFF);
    level_commands(d, "cl dataSize 4 GiB", "size.cl", &b, None, "cl");
    // Every count and offset 0xFF…: the header alone.
    let mut b = good[..0x28].to_vec();
    for at in [0x00, 0x04, 0x08, 0x0C] {
        put_be32(&mut b, at, 0xFFFF_FFFF);
    }
    for at in [0x20, 0x22, 0x24, 0x26] {
        put_be16(&mut b, at, 0xFFFF);
    }
    level_commands(
        d,
        "cl header all 0xFF",
        "ff.cl",
        &b,
        Some(
            "at offset 0xffffffff, from header 0x04): offset 0xffffffff is past the end of the 40-byte file",
        ),
        "cl",
    );
    level_commands(
        d,
        "cl truncated header",
        "short.cl",
        &good[..0x1F],
        Some("reading header: needed 40 bytes, 31 left"),
        "cl",
    );
}

#[test]
fn heroes_tree_cycles_self_links_and_non_finite_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let base = stage();
    assert!(base.nodes.len() > 5);

    let mut c = base.clone();
    c.nodes[1].child = 1; // node 1 is its own first child: a cycle
    let input = write(d, "cycle.cl", &cl_bytes(&c));
    level_commands(d, "cl node 1 is its own first child", "cycle.cl", &cl_bytes(&c), None, "cl");
    let already = Expect::CheckFails("already in the tree");
    hostile(d, "cl node 1 is its own first child", &input, &["check", "cycle.cl"], already);

    let mut c = base.clone();
    let n = c.nodes.len();
    for (i, node) in c.nodes.iter_mut().enumerate() {
        // Every node's children start at node 1: a cycle through every level.
        node.child = if i + 1 < n { 1 } else { 0 };
        node.parent = u16::try_from(i).unwrap();
    }
    let input = write(d, "cycles.cl", &cl_bytes(&c));
    level_commands(d, "cl every child link into a cycle", "cycles.cl", &cl_bytes(&c), None, "cl");
    hostile(d, "cl every child link into a cycle", &input, &["check", "cycles.cl"], already);

    let mut c = base.clone();
    for (i, node) in c.nodes.iter_mut().enumerate() {
        let me = u16::try_from(i).unwrap();
        node.neighbors = [me; 4];
        node.parent = me;
    }
    let input = write(d, "selfn.cl", &cl_bytes(&c));
    level_commands(d, "cl nodes neighbour themselves", "selfn.cl", &cl_bytes(&c), None, "cl");
    // Warnings, not errors: a strict check fails on them.
    let strict = ["check", "--strict", "selfn.cl"];
    hostile(d, "cl nodes neighbour themselves", &input, &strict, Expect::CheckFails("links to node"));

    let mut c = base.clone();
    for (i, t) in c.triangles.iter_mut().enumerate() {
        let me = u16::try_from(i).unwrap();
        t.neighbors = [me; 3];
    }
    level_commands(d, "cl triangles neighbour themselves", "selft.cl", &cl_bytes(&c), None, "cl");

    let mut c = base.clone();
    c.vertices[0] = [f32::NAN, f32::INFINITY, f32::NEG_INFINITY];
    c.triangles[0].normal = [f32::NAN; 3];
    level_commands(d, "cl NaN and infinite vertices", "nan.cl", &cl_bytes(&c), None, "cl");

    for (case, centre, length) in [
        ("cl root NaN", [f32::NAN; 3], f32::NAN),
        ("cl root infinite", [f32::INFINITY; 3], f32::INFINITY),
        ("cl root length 0", [0.0; 3], 0.0),
        ("cl root length -1e38", [0.0; 3], -1e38),
    ] {
        let mut c = base.clone();
        c.header.root_center = centre;
        c.header.root_length = length;
        level_commands(d, case, "root.cl", &cl_bytes(&c), None, "cl");
    }

    let mut c = base.clone();
    for node in &mut c.nodes {
        node.depth = 0xFF;
        node.nx = 0xFFFF;
        node.nz = 0xFFFF;
        node.num_poly = 0xFFFF;
        node.poly_index = 0xFFFF_FFFF;
    }
    c.header.max_depth = 0xFFFF;
    level_commands(d, "cl nodes with absurd depth, cells and lists", "nodes.cl", &cl_bytes(&c), None, "cl");
}

#[test]
fn heroes_triangles_far_larger_than_the_leaves_of_a_deep_tree() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // 20,000 triangles over 20,000 nodes: 400 million (node, triangle) pairs for anything that pairs them.
    let input = write(d, "oversized.cl", &cl_bytes(&heroes::generate::oversized(7, 20_000, 12)));
    let case = "cl triangles far larger than the leaves of a deep tree";
    hostile(
        d,
        case,
        &input,
        &["check", "oversized.cl"],
        Expect::OkSaying("note: nodes: the reach rule was not checked"),
    );
    let complete = "the complete tree's lists would hold more than 16777216 entries";
    hostile(d, case, &input, &["audit", "oversized.cl"], Expect::Fails(complete));
    let pixels = "the triangles' bounding boxes cover";
    hostile(d, case, &input, &["map", "oversized.cl", "-o", "map.png"], Expect::Fails(pixels));
    hostile(d, case, &input, &["repair-cl", "oversized.cl", "-o", "repaired.cl"], Expect::Ok);
    hostile(d, case, &input, &["view", "oversized.cl", "-o", "out.html"], Expect::Ok);
    hostile(d, case, &input, &["export", "oversized.cl", "-o", "out.glb"], Expect::Ok);
    // Its mesh built again with every node split to depth 8: 21,845 nodes each listing nearly every triangle.
    let glb = d.join("out.glb");
    let entries = "splitting depth 5 could give the tree's lists more than 16,777,216 entries";
    hostile(
        d,
        case,
        &glb,
        &["build-cl", "out.glb", "--depth", "8", "-o", "built.cl"],
        Expect::Fails(entries),
    );
}
