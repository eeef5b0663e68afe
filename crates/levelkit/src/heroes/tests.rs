//! Tests of the `.cl` reader and writer: fixtures written like the format's tables, round trips over
//! generated files of every layout, and one test per class of bad input.

use super::generate::{self, Style};
use super::*;
use crate::bytes::Problem;
use crate::rng::Rng;

/// The shared byte DSL ([`crate::test_support::B`]), big-endian like the file.
type B = crate::test_support::B<crate::bytes::Be>;

/// `.cl` records for the byte DSL.
impl B {
    /// A node record.
    #[allow(clippy::too_many_arguments)]
    fn node(
        self,
        number: u16,
        parent: u16,
        child: u16,
        links: [u16; 4],
        num_poly: u16,
        poly_index: u32,
        nx: u16,
        nz: u16,
        depth: u8,
    ) -> Self {
        self.u16(number) // 0x00 nodeNo
            .u16(parent) // 0x02 parentNo
            .u16(child) // 0x04 childNo
            .u16(links[0]) // 0x06 neighbour +X
            .u16(links[1]) // 0x08 neighbour -X
            .u16(links[2]) // 0x0A neighbour +Z
            .u16(links[3]) // 0x0C neighbour -Z
            .u16(num_poly) // 0x0E numPoly
            .u32(poly_index) // 0x10 polyIndex
            .u16(nx) // 0x14 nx
            .u16(nz) // 0x16 nz
            .u8(depth) // 0x18 depth
            .zeros(7) // 0x19 zero
    }

    /// A triangle record: vertex indices, the triangles across its edges, normal +Y, a wall, group 7.
    fn triangle(self, v: [u16; 3], n: [u16; 3]) -> Self {
        self.u16(v[0]) // 0x00 vertex 0
            .u16(v[1]) // 0x02 vertex 1
            .u16(v[2]) // 0x04 vertex 2
            .u16(n[0]) // 0x06 across v0v1
            .u16(n[1]) // 0x08 across v1v2
            .u16(n[2]) // 0x0A across v2v0
            .f32(0.0) // 0x0C normal.x
            .f32(1.0) // 0x10 normal.y
            .f32(0.0) // 0x14 normal.z
            .u32(0x100) // 0x18 attribute
            .u16(7) // 0x1C group
            .zeros(2) // 0x1E zero
    }

    /// The fixtures' header: the unit root square at depth 1 with 5 nodes, 2 triangles and 4 vertices,
    /// the arrays right after `list_area` bytes of lists.
    fn fixture_header(self, list_area: u32) -> Self {
        let nodes = 0x28 + list_area;
        self.u32(nodes + 5 * 0x20 + 2 * 0x20 + 4 * 12) // 0x00 dataSize
            .u32(nodes) // 0x04 nodeData
            .u32(nodes + 5 * 0x20) // 0x08 polygonData
            .u32(nodes + 5 * 0x20 + 2 * 0x20) // 0x0C vertexData
            .f32(0.5) // 0x10 rootCenter.x
            .f32(0.0) // 0x14 rootCenter.y
            .f32(0.5) // 0x18 rootCenter.z
            .f32(1.0) // 0x1C rootLength
            .u16(1) // 0x20 maxDepth
            .u16(2) // 0x22 numPolygons
            .u16(4) // 0x24 numVertices
            .u16(5) // 0x26 numNodes
    }

    /// The fixtures' geometry: two triangles over the unit square, sharing edge v1v2, and its corners.
    fn unit_square(self) -> Self {
        let vertex = |b: B, x: f32, z: f32| b.f32(x).f32(0.0).f32(z);
        let b = self
            .triangle([0, 2, 1], [NO_TRIANGLE, 1, NO_TRIANGLE])
            .triangle([1, 2, 3], [0, NO_TRIANGLE, NO_TRIANGLE]);
        let b = vertex(b, 0.0, 0.0);
        let b = vertex(b, 1.0, 0.0);
        let b = vertex(b, 0.0, 1.0);
        vertex(b, 1.0, 1.0)
    }
}

/// One square root node listing 3 triangles (a stored list), a 1-entry inline node... as a real file:
/// header, list area (3 entries + pad), 5 nodes, 2 triangles, 4 vertices.
fn fixture() -> Vec<u8> {
    let b = B::default()
        .fixture_header(8) // nodes at 0x30, triangles at 0xD0, vertices at 0x110
        // List area at 0x28: the root's list, then one u16 pad to 0x30.
        .u16(0)
        .u16(1)
        .u16(1)
        .u16(0) // pad
        // Nodes at 0x30: root (3 entries at 0x28), four children.
        .node(0, 0, 1, [0, 0, 0, 0], 3, 0x28, 0, 0, 0)
        .node(1, 0, 0, [2, 0, 3, 0], 1, 0, 0, 0, 1) // inline: triangle 0
        .node(2, 0, 0, [0, 1, 4, 0], 2, 0x0001_0000, 1, 0, 1) // inline: triangles 0, 1
        .node(3, 0, 0, [4, 0, 0, 1], 2, 0x0001_0000, 0, 1, 1)
        .node(4, 0, 0, [0, 3, 0, 2], 1, 1, 1, 1, 1)
        .unit_square();
    b.0
}

#[test]
fn record_sizes() {
    let one = Collision::from_parts(
        [0.0; 3],
        1.0,
        0,
        &[NodeParts::default()],
        vec![Triangle::default()],
        vec![[0.0; 3]],
    )
    .unwrap();
    let bytes = one.to_bytes().unwrap();
    assert_eq!(bytes.len(), HEADER_SIZE + NODE_SIZE + TRIANGLE_SIZE + VERTEX_SIZE);
    assert_eq!((HEADER_SIZE, NODE_SIZE, TRIANGLE_SIZE, VERTEX_SIZE), (0x28, 0x20, 0x20, 12));
    assert_eq!(Node::default().encode().len(), NODE_SIZE);
    assert_eq!(Triangle::default().encode().len(), TRIANGLE_SIZE);
}

#[test]
fn fixture_reads_field_by_field_and_writes_back() {
    let data = fixture();
    let c = Collision::parse(&data).unwrap();
    assert_eq!(c.header.data_size as usize, data.len());
    assert_eq!((c.header.node_offset, c.header.polygon_offset, c.header.vertex_offset), (0x30, 0xD0, 0x110));
    assert_eq!(
        (c.header.num_nodes, c.header.num_polygons, c.header.num_vertices, c.header.max_depth),
        (5, 2, 4, 1)
    );
    assert_eq!(c.raw, vec![RawBytes { offset: 0x28, bytes: vec![0, 0, 0, 1, 0, 1, 0, 0] }]);
    assert_eq!(
        c.nodes[2],
        Node {
            number: 2,
            neighbors: [0, 1, 4, 0],
            num_poly: 2,
            poly_index: 0x0001_0000,
            nx: 1,
            depth: 1,
            ..Node::default()
        }
    );
    assert_eq!(c.triangles[1].vertices, [1, 2, 3]);
    assert_eq!((c.triangles[1].attribute, c.triangles[1].group), (0x100, 7));
    assert_eq!(c.vertices[3], [1.0, 0.0, 1.0]);
    assert_eq!(c.node_list(0).unwrap(), vec![0, 1, 1]);
    assert_eq!(c.node_list(1).unwrap(), vec![0]);
    assert_eq!(c.node_list(2).unwrap(), vec![0, 1]);
    assert_eq!(c.node_list(4).unwrap(), vec![1]);
    assert!(c.node_list(5).is_err());
    let lists = c.lists();
    for n in 0..5 {
        assert_eq!(lists.get(n), c.node_list(n).unwrap().as_slice(), "node {n}");
    }
    assert!(lists.errors.is_empty());
    assert_eq!(c.to_bytes().unwrap(), data);
    assert!(looks_like(&data));
}

#[test]
fn inline_lists_decode_as_the_game_masks_them() {
    assert_eq!(inline_entries(0x0001_0000), [0, 1]);
    // Bits 15 and 31 are not part of either entry: an offset like 0x8028 reads as triangle 0x28.
    assert_eq!(inline_entries(0x8000_8028), [0x28, 0]);
    assert_eq!(inline_entries(0xFFFF_FFFF), [0x7FFF, 0x7FFF]);
}

#[test]
fn from_parts_lays_out_the_canonical_file() {
    let part = |list: Vec<u16>| NodeParts { list, ..NodeParts::default() };
    let nodes = [part(vec![0, 1, 2]), part(vec![2]), part(vec![1, 2]), part(vec![]), part(vec![3, 2, 1, 0])];
    let tris = vec![Triangle::default(); 4];
    let c = Collision::from_parts([1.0, 2.0, 3.0], 64.0, 2, &nodes, tris, vec![[0.0; 3]; 3]).unwrap();
    // 7 stored entries (14 bytes) after the header end at 0x36: one pad to 0x38.
    assert_eq!(c.header.node_offset, 0x38);
    assert_eq!(c.header.polygon_offset, 0x38 + 5 * 0x20);
    assert_eq!(c.header.vertex_offset, 0x38 + 5 * 0x20 + 4 * 0x20);
    assert_eq!(c.header.data_size, 0x38 + 5 * 0x20 + 4 * 0x20 + 3 * 12);
    assert_eq!((c.nodes[0].num_poly, c.nodes[0].poly_index), (3, 0x28));
    assert_eq!((c.nodes[1].num_poly, c.nodes[1].poly_index), (1, 2));
    assert_eq!((c.nodes[2].num_poly, c.nodes[2].poly_index), (2, 0x0002_0001));
    assert_eq!((c.nodes[3].num_poly, c.nodes[3].poly_index), (0, 0));
    assert_eq!((c.nodes[4].num_poly, c.nodes[4].poly_index), (4, 0x2E));
    assert_eq!(c.nodes.iter().map(|n| n.number).collect::<Vec<_>>(), [0, 1, 2, 3, 4]);
    for (i, p) in nodes.iter().enumerate() {
        assert_eq!(c.node_list(i).unwrap(), p.list);
    }
    let bytes = c.to_bytes().unwrap();
    assert_eq!(bytes.len() as u32, c.header.data_size);
    assert_eq!(Collision::parse(&bytes).unwrap(), c);

    // Without a pad: 6 stored entries end at 0x34, already aligned.
    let c = Collision::from_parts(
        [0.0; 3],
        1.0,
        0,
        &[part(vec![0, 0, 0]), part(vec![0, 0, 0])],
        vec![Triangle::default()],
        vec![],
    )
    .unwrap();
    assert_eq!(c.header.node_offset, 0x34);
}

#[test]
fn from_parts_stores_small_lists_the_mask_would_break() {
    let tris = vec![Triangle::default(); 0x8001];
    let nodes = [
        NodeParts { list: vec![0x8000], ..NodeParts::default() },
        NodeParts { list: vec![1, 0x8000], ..NodeParts::default() },
    ];
    let c = Collision::from_parts([0.0; 3], 1.0, 0, &nodes, tris, vec![]).unwrap();
    assert_eq!(c.node_list(0).unwrap(), vec![0x8000, 0x8000, 0x8000]);
    assert_eq!(c.node_list(1).unwrap(), vec![1, 0x8000, 0x8000]);
}

#[test]
fn from_parts_refuses_reserved_counts() {
    let err =
        Collision::from_parts([0.0; 3], 1.0, 0, &[], vec![Triangle::default(); 0xFFFF], vec![]).unwrap_err();
    assert!(err.to_string().contains("triangles"), "{err}");
    let nodes = vec![NodeParts::default(); 0xFFFF];
    assert!(Collision::from_parts([0.0; 3], 1.0, 0, &nodes, vec![], vec![]).is_err());
    let big = [NodeParts { list: vec![0; 0xFFFF], ..NodeParts::default() }];
    assert!(Collision::from_parts([0.0; 3], 1.0, 0, &big, vec![], vec![]).is_err());
    let ok = [NodeParts { list: vec![0; 0xFFFE], ..NodeParts::default() }];
    assert!(Collision::from_parts([0.0; 3], 1.0, 0, &ok, vec![], vec![]).is_ok());
}

fn assert_round_trip(c: &Collision, label: &str) {
    let bytes = c.to_bytes().unwrap_or_else(|e| panic!("{label}: {e}"));
    let back = Collision::parse(&bytes).unwrap_or_else(|e| panic!("{label}: {e}"));
    assert_eq!(&back, c, "{label}: parse of the written bytes differs from the model");
    assert_eq!(back.to_bytes().unwrap(), bytes, "{label}: read -> write is not byte-identical");
    assert!(looks_like(&bytes), "{label}: not recognised");
}

#[test]
fn generated_game_correct_files_round_trip_at_every_depth() {
    for depth in 0..=13u16 {
        for (k, count) in [0usize, 1, 2, 3, 40, 300].into_iter().enumerate() {
            let seed = u64::from(depth) * 100 + k as u64;
            let c = generate::game_correct(seed, count, depth);
            assert_eq!(c.triangles.len(), count);
            assert!(c.tree_depth() as u16 <= depth);
            assert_round_trip(&c, &format!("depth {depth}, {count} triangles, seed {seed}"));
        }
    }
}

#[test]
fn generated_files_have_inline_lists_and_reach_their_depth() {
    let c = generate::game_correct(5, 400, 8);
    assert_eq!(c.tree_depth(), 8);
    assert!(c.nodes.iter().any(|n| n.num_poly == 1));
    assert!(c.nodes.iter().any(|n| n.num_poly == 2));
    assert!(c.nodes.iter().any(|n| n.num_poly >= 3));
}

#[test]
fn odd_layouts_round_trip() {
    let community = Style::community();
    let styles = [
        ("community", community.clone()),
        ("no pad", Style { no_pad: true, ..Style::default() }),
        ("small lists stored", Style { small_lists_stored: true, no_pad: true, ..Style::default() }),
        ("leaf lists unpadded", Style { leaf_lists_only: true, ..Style::default() }),
        ("reversed", Style { reversed_sections: true, ..Style::default() }),
        ("trailing", Style { trailing: vec![1, 2, 3], ..community.clone() }),
        (
            "trailing counted",
            Style { trailing: vec![0xAA; 5], data_size_counts_trailing: true, ..Style::default() },
        ),
    ];
    for (name, style) in &styles {
        for depth in [0u16, 1, 3, 7, 13] {
            let c = generate::odd(depth.into(), 120, depth, style);
            assert_round_trip(&c, &format!("{name}, depth {depth}"));
        }
    }
    let mut rng = Rng::new(99);
    for seed in 0..60u64 {
        let style = Style::random(&mut rng);
        let count = rng.below(500) as usize;
        let depth = rng.below(14) as u16;
        let c = generate::odd(seed, count, depth, &style);
        assert_round_trip(&c, &format!("random style {style:?}, seed {seed}"));
    }
}

#[test]
fn community_style_pads_lists_with_zero() {
    let c = generate::odd(3, 200, 5, &Style::community());
    for (i, n) in c.nodes.iter().enumerate() {
        assert!(n.num_poly == 0 || n.num_poly >= 3, "nodes[{i}]");
        assert!(n.child == 0 || n.num_poly == 0, "inner nodes list nothing");
        assert_eq!(n.neighbors, [0; 4]);
    }
}

// Bad input: every class gives a ParseError naming an offset, never a panic.

#[test]
fn every_truncation_is_an_error_with_an_offset() {
    for data in [fixture(), generate::game_correct(1, 60, 4).to_bytes().unwrap()] {
        for len in 0..data.len() {
            let err = Collision::parse(&data[..len]).unwrap_err();
            assert!(err.offset <= data.len() as u64, "{len}: {err}");
            assert!(!looks_like(&data[..len]));
        }
    }
    let err = Collision::parse(&fixture()[..0x27]).unwrap_err();
    assert_eq!(err.offset, 0);
    assert_eq!(err.problem, Problem::Truncated { needed: 0x28, left: 0x27 });
}

fn patched(at: usize, value: &[u8]) -> Vec<u8> {
    let mut data = fixture();
    data[at..at + value.len()].copy_from_slice(value);
    data
}

#[test]
fn offsets_past_the_end_are_refused() {
    let err = Collision::parse(&patched(0x08, &0xFFFF_FFF0u32.to_be_bytes())).unwrap_err();
    assert_eq!(err.offset, 0xFFFF_FFF0);
    assert!(err.what.contains("triangle array"), "{err}");
    assert!(err.to_string().contains("past the end"), "{err}");
    // A vertex array starting inside the file but running past its end.
    let err = Collision::parse(&patched(0x0C, &0x120u32.to_be_bytes())).unwrap_err();
    assert_eq!(err.offset, 0x120);
    assert_eq!(err.problem, Problem::Truncated { needed: 48, left: 0x140 - 0x120 });
}

#[test]
fn offsets_into_the_header_are_refused() {
    let err = Collision::parse(&patched(0x04, &0x10u32.to_be_bytes())).unwrap_err();
    assert_eq!(err.offset, 0x04);
    assert!(err.to_string().contains("inside the 0x28-byte header"), "{err}");
    // Even offset 0 is refused while the count is non-zero.
    let err = Collision::parse(&patched(0x0C, &0u32.to_be_bytes())).unwrap_err();
    assert_eq!(err.offset, 0x0C);
}

#[test]
fn counts_larger_than_the_file_are_refused_before_allocating() {
    let err = Collision::parse(&patched(0x26, &0xFFFFu16.to_be_bytes())).unwrap_err();
    assert_eq!(err.offset, 0x30);
    assert_eq!(err.problem, Problem::Truncated { needed: 0xFFFF * 0x20, left: 0x140 - 0x30 });
    let err = Collision::parse(&patched(0x22, &0x1234u16.to_be_bytes())).unwrap_err();
    assert!(err.what.contains("triangle array (4660 × 32 bytes"), "{err}");
}

#[test]
fn overlapping_sections_are_refused() {
    // The triangle array moved onto the node array.
    let err = Collision::parse(&patched(0x08, &0x50u32.to_be_bytes())).unwrap_err();
    assert!(err.to_string().contains("overlap the node array"), "{err}");
}

#[test]
fn lists_outside_the_file_are_findings_not_failures() {
    // Root list: 3 entries at 0x13E run past the end of the 0x140-byte file; a later node at 0x1000.
    let mut data = patched(0x30 + 0x10, &0x13Eu32.to_be_bytes());
    let c = Collision::parse(&data).unwrap();
    let err = c.node_list(0).unwrap_err();
    assert_eq!(err.offset, 0x13E);
    data[0x30 + 0x10..0x30 + 0x14].copy_from_slice(&0x1000u32.to_be_bytes());
    let c = Collision::parse(&data).unwrap();
    assert!(c.node_list(0).is_err());
    // A list pointing into the header or into a section is not a list the area holds.
    data[0x30 + 0x10..0x30 + 0x14].copy_from_slice(&0x10u32.to_be_bytes());
    let c = Collision::parse(&data).unwrap();
    assert!(c.node_list(0).is_err());
    let lists = c.lists();
    assert_eq!(lists.errors.len(), 1);
    assert_eq!(lists.get(0), &[] as &[u16]);
    assert_eq!(lists.get(4), &[1]);
    assert_eq!(c.to_bytes().unwrap(), data);
}

#[test]
fn shared_lists_cost_no_extra_memory() {
    // Every node claims the same 0xFFFE-entry list: decoding all of them must not copy it per node.
    let list = vec![0u16; 0xFFFE];
    let nodes: Vec<NodeParts> = vec![NodeParts { list: list.clone(), ..NodeParts::default() }];
    let mut c = Collision::from_parts([0.0; 3], 1.0, 0, &nodes, vec![Triangle::default()], vec![]).unwrap();
    let root = c.nodes[0];
    c.nodes = vec![root; 1000];
    c.header.num_nodes = 1000;
    let lists = c.lists();
    assert!(lists.words.len() < 0x10000 + 4, "{}", lists.words.len());
    assert_eq!(lists.total_entries(), 1000 * 0xFFFE);
    assert_eq!(lists.get(999).len(), 0xFFFE);
}

#[test]
fn writing_refuses_a_model_whose_counts_disagree() {
    let mut c = Collision::parse(&fixture()).unwrap();
    c.triangles.pop();
    let err = c.to_bytes().unwrap_err();
    assert!(err.to_string().contains("numPolygons"), "{err}");
}

#[test]
fn writing_invents_no_bytes() {
    // Without its pad, the list area ends two bytes before the node array: nothing holds those bytes.
    let mut c = Collision::parse(&fixture()).unwrap();
    c.raw[0].bytes.truncate(6);
    let err = c.to_bytes().unwrap_err().to_string();
    assert!(
        err.contains("node array: starts at 0x30, but the previous piece ends at 0x2e: nothing in the model holds the 2 byte(s)"),
        "{err}"
    );
    // Overlapping pieces are refused as before.
    let mut c = Collision::parse(&fixture()).unwrap();
    c.raw[0].bytes.push(0);
    let err = c.to_bytes().unwrap_err().to_string();
    assert!(
        err.contains("node array: starts at 0x30, inside the previous piece, which ends at 0x31"),
        "{err}"
    );
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

#[test]
fn looks_like_rejects_other_data() {
    assert!(!looks_like(&[]));
    assert!(!looks_like(&[0u8; 0x28]));
    assert!(!looks_like(&[0xFFu8; 0x100]));
    assert!(!looks_like(b"not a collision file at all, just some text that is long enough"));
}

// Validation: generated game-correct files are clean; each class of problem gives its finding.

fn has(f: &crate::Findings, severity: crate::Severity, path: &str, text: &str) -> bool {
    f.iter().any(|x| x.severity == severity && x.path == path && x.message.contains(text))
}

fn assert_finding(c: &Collision, severity: crate::Severity, path: &str, text: &str) {
    let f = c.validate();
    assert!(
        has(&f, severity, path, text),
        "no {severity} at {path} containing {text:?}; got:\n{}",
        listing(&f)
    );
}

fn listing(f: &crate::Findings) -> String {
    f.iter().map(|x| format!("  {x}\n")).collect()
}

#[test]
fn game_correct_files_validate_clean() {
    for depth in 0..=13u16 {
        for count in [1usize, 7, 250] {
            let c = generate::game_correct(u64::from(depth) + 17 * count as u64, count, depth);
            let f = c.validate();
            assert!(
                f.iter().all(|x| x.severity == crate::Severity::Note),
                "depth {depth}, {count}:\n{}",
                listing(&f)
            );
        }
    }
    assert!(Collision::parse(&fixture())
        .unwrap()
        .validate()
        .iter()
        .all(|x| x.severity != crate::Severity::Error));
}

/// A correct file as another builder might write it: the root lists nothing, every leaf lists both
/// triangles inline, links canonical. Header, 5 nodes, 2 triangles, 4 vertices; no list area.
fn empty_root_fixture() -> Vec<u8> {
    let b = B::default()
        .fixture_header(0) // nodes at 0x28
        // Nodes at 0x28: the root lists nothing; each leaf's closed square meets both triangles.
        .node(0, 0, 1, [0, 0, 0, 0], 0, 0, 0, 0, 0)
        .node(1, 0, 0, [2, 0, 3, 0], 2, 0x0001_0000, 0, 0, 1) // inline: triangles 0, 1
        .node(2, 0, 0, [0, 1, 4, 0], 2, 0x0001_0000, 1, 0, 1)
        .node(3, 0, 0, [4, 0, 0, 1], 2, 0x0001_0000, 0, 1, 1)
        .node(4, 0, 0, [0, 3, 0, 2], 2, 0x0001_0000, 1, 1, 1)
        .unit_square();
    b.0
}

#[test]
fn an_empty_root_list_is_no_finding() {
    // The moving-sphere query never takes the root whole (it starts from the root's children), so the
    // root's list does not matter to it; nothing else reads the root's list either.
    assert!(!tree::capsule_can_take_whole(0) && tree::capsule_can_take_whole(1));
    let data = empty_root_fixture();
    let c = Collision::parse(&data).unwrap();
    assert_eq!(c.to_bytes().unwrap(), data);
    let f = c.validate();
    assert!(f.iter().all(|x| x.severity == crate::Severity::Note), "{}", listing(&f));
}

#[test]
fn community_files_warn_but_do_not_fail() {
    let c = generate::odd(8, 300, 6, &Style::community());
    let f = c.validate();
    assert!(!f.has_errors(), "{}", listing(&f));
    assert!(f.iter().any(|x| x.path.ends_with("neighborNo") && x.message.contains("no link")));
    // Inner nodes below the root list nothing: the moving-sphere query misses what they hold.
    assert!(f.iter().any(|x| x.path != "nodes[0].numPoly"
        && x.path.ends_with("].numPoly")
        && x.message.contains("moving-sphere")));
    assert!(!f.iter().any(|x| x.path.starts_with("nodes[0].")), "{}", listing(&f));
}

#[test]
fn old_tool_small_lists_are_flagged() {
    let style = Style { small_lists_stored: true, ..Style::default() };
    let c = generate::odd(4, 300, 8, &style);
    let f = c.validate();
    // Offsets below 0x8000 read as a wrong triangle number: the leaf's real triangle goes missing.
    let i = c.nodes.iter().position(|n| n.num_poly == 1 && n.child == 0).expect("a stored 1-entry list");
    let path = format!("nodes[{i}].list");
    assert!(f.iter().any(|x| x.path == path && x.severity >= crate::Severity::Warning), "{}", listing(&f));
    // Offsets from 0x8000 on also set bits the game masks away.
    let mut c = c;
    c.nodes[i].poly_index |= 0x8000;
    assert_finding(&c, crate::Severity::Warning, &format!("nodes[{i}].polyIndex"), "bits the game ignores");
}

fn fixture_model() -> Collision {
    Collision::parse(&fixture()).unwrap()
}

#[test]
fn header_errors() {
    use crate::Severity::*;
    let mut c = fixture_model();
    c.header.data_size += 1;
    assert_finding(&c, Error, "header.dataSize", "the file has 320");
    let mut c = fixture_model();
    c.header.max_depth = 16;
    assert_finding(&c, Error, "header.maxDepth", "above 15");
    let mut c = fixture_model();
    c.header.root_length = f32::from_bits(1.0f32.to_bits() | 1);
    assert_finding(&c, Warning, "header.rootLength", "low 12 bits");
    let mut c = fixture_model();
    c.header.root_length = f32::NAN;
    assert_finding(&c, Error, "header.rootLength", "not a positive finite");
    // A count of 0xFFFF: the model cannot be that large here, so only the header says so.
    let mut c = fixture_model();
    c.header.num_vertices = 0xFFFF;
    assert_finding(&c, Error, "header.numVertices", "reserved");
}

#[test]
fn node_errors() {
    use crate::Severity::*;
    let mut c = fixture_model();
    c.nodes[3].number = 7;
    assert_finding(&c, Error, "nodes[3].nodeNo", "expects the node's position, 3");
    let mut c = fixture_model();
    c.nodes[0].child = 2;
    assert_finding(&c, Error, "nodes[0].childNo", "not 4 nodes inside the 5-node array");
    let mut c = fixture_model();
    c.header.max_depth = 2;
    c.nodes[4].child = 1; // a cycle: node 4's children include itself and the root's other children
    let f = c.validate();
    assert!(has(&f, Error, "nodes[4].childNo", "already in the tree"), "{}", listing(&f));
    let mut c = fixture_model();
    c.nodes[2].depth = 2;
    assert_finding(&c, Error, "nodes[2].depth", "deeper than maxDepth 1");
    let mut c = fixture_model();
    c.nodes[2].nx = 0;
    assert_finding(&c, Error, "nodes[2]", "its square starts at (1, 0)");
    let mut c = fixture_model();
    c.nodes[1].neighbors[0] = 9;
    assert_finding(&c, Error, "nodes[1].neighborNo[+X]", "does not exist");
    let mut c = fixture_model();
    c.nodes[1].neighbors[0] = 0;
    assert_finding(&c, Warning, "nodes[1].neighborNo", "no link on +X (node 2)");
    let mut c = fixture_model();
    c.nodes[1].neighbors[2] = 4;
    assert_finding(&c, Warning, "nodes[1].neighborNo[+Z]", "the node across that side is 3");
}

#[test]
fn list_errors() {
    use crate::Severity::*;
    let mut c = fixture_model();
    c.nodes[0].poly_index = 0x1000;
    assert_finding(&c, Error, "nodes[0].polyIndex", "outside the list area");
    let mut c = fixture_model();
    c.nodes[1].poly_index = 5;
    assert_finding(&c, Error, "nodes[1].list", "out of range (there are 2): 5");
    let mut c = fixture_model();
    c.nodes[2].num_poly = 0xFFFF;
    assert_finding(&c, Error, "nodes[2].numPoly", "reserved");
}

#[test]
fn triangle_findings() {
    use crate::Severity::*;
    let mut c = fixture_model();
    c.triangles[0].vertices[2] = 4;
    assert_finding(&c, Error, "triangles[0].vertexIndexNo[2]", "vertex 4 does not exist");
    let mut c = fixture_model();
    c.triangles[0].neighbors[0] = 2;
    assert_finding(&c, Error, "triangles[0].neighbor[0]", "triangle 2 does not exist");
    let mut c = fixture_model();
    c.triangles[0].neighbors[1] = NO_TRIANGLE;
    assert_finding(&c, Warning, "triangles[0].neighbor[1]", "triangle 1 shares edge v1-v2");
    let mut c = fixture_model();
    c.triangles[1].neighbors[1] = 0;
    assert_finding(&c, Warning, "triangles[1].neighbor[1]", "does not share edge v1-v2");
    let mut c = fixture_model();
    c.triangles[1].normal = [0.0, -1.0, 0.0];
    assert_finding(&c, Warning, "triangles[1].norm", "disagrees with the winding");
    let mut c = fixture_model();
    c.vertices[3] = [f32::INFINITY, 0.0, 1.0];
    assert_finding(&c, Error, "vertices[3]", "not finite");
}

#[test]
fn reach_findings() {
    use crate::Severity::*;
    // Node 1 (the -X,-Z quarter) overlaps triangle 0 only; give it triangle 1 instead, which overlaps it
    // only at the shared corner... no: triangle 1 (1,0)-(0,1)-(1,1) touches node 1's square (0..0.5) not at
    // all, so listing it there is harmless and triangle 0 becomes reachable only through the root.
    let mut c = fixture_model();
    c.nodes[1].poly_index = 1;
    assert_finding(
        &c,
        Warning,
        "nodes[1].list",
        "triangle(s) 0 overlap this leaf's square but only an ancestor",
    );
    // Without the root listing it either, no query can find it.
    let mut c = fixture_model();
    c.nodes[1].num_poly = 0;
    c.nodes[0].num_poly = 0;
    c.nodes[2].num_poly = 1;
    c.nodes[2].poly_index = 1;
    c.nodes[3].num_poly = 1;
    c.nodes[3].poly_index = 1;
    let f = c.validate();
    assert!(has(&f, Warning, "nodes[1].list", "neither it nor an ancestor lists them"), "{}", listing(&f));
    // The root's list is no concern of the moving-sphere query, which starts below the root...
    let mut c = fixture_model();
    c.raw[0].bytes[2..6].copy_from_slice(&[0, 0, 0, 0]); // root list [0, 0, 0]
    let f = c.validate();
    assert!(!f.iter().any(|x| x.message.contains("not in the parent's")), "{}", listing(&f));
    // ...but an inner node below the root must list what its children list.
    let c = generate::game_correct(5, 400, 4);
    let inner = (1..c.nodes.len())
        .find(|&i| c.nodes[i].child != 0 && c.node_list(i).unwrap().len() >= 2)
        .expect("an inner node below the root listing two or more triangles");
    let list = c.node_list(inner).unwrap();
    let dropped = list[0];
    let first_child = usize::from(c.nodes[inner].child);
    let child = (first_child..first_child + 4)
        .find(|&k| c.node_list(k).unwrap().contains(&dropped))
        .expect("a child listing the dropped triangle");
    let mut dump = c.to_dump();
    dump["nodes"][inner]["list"] = serde_json::json!(list[1..]);
    let c = Collision::from_dump(&dump).unwrap();
    assert_finding(
        &c,
        Warning,
        &format!("nodes[{child}].list"),
        &format!("not in the parent's (node {inner}) list"),
    );
}

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
        cases.push((
            format!("styled {seed}"),
            generate::odd(seed, rng.below(300) as usize, rng.below(12) as u16, &style),
        ));
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
    assert_eq!(bytes.len() as u32, e.header.data_size);
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

// Hostile input: mutated files must parse or fail cleanly, and everything downstream must not panic.

#[test]
fn mutated_files_never_panic() {
    let mut rng = Rng::new(0xC011);
    let bases: Vec<Vec<u8>> = vec![
        fixture(),
        generate::game_correct(1, 30, 3).to_bytes().unwrap(),
        generate::odd(2, 40, 5, &Style::community()).to_bytes().unwrap(),
        generate::odd(3, 25, 13, &Style { small_lists_stored: true, no_pad: true, ..Style::default() })
            .to_bytes()
            .unwrap(),
    ];
    let mut parsed = 0;
    for round in 0..2000 {
        let mut data = bases[round % bases.len()].clone();
        for _ in 0..1 + rng.below(6) {
            let at = rng.below(data.len() as u64) as usize;
            // Mostly small values (counts, links, depths), sometimes anything.
            data[at] = if rng.chance(0.5) { rng.below(8) as u8 } else { rng.next_u32() as u8 };
        }
        if rng.chance(0.1) {
            data.truncate(rng.below(data.len() as u64) as usize);
        }
        let Ok(c) = Collision::parse(&data) else { continue };
        parsed += 1;
        assert_eq!(c.to_bytes().unwrap(), data, "round {round}");
        let _ = c.validate();
        let _ = c.summary();
        let _ = c.summary_text();
        let back = Collision::from_dump(&c.to_dump()).unwrap();
        assert_eq!(back.to_bytes().unwrap(), data, "round {round}: dump");
    }
    assert!(parsed > 700, "only {parsed} mutated files parsed: the test is not reaching validation");
}

#[test]
fn absurd_depths_and_links_are_errors_not_hangs() {
    use crate::Severity::*;
    let mut c = fixture_model();
    c.header.max_depth = 0xFFFF;
    c.nodes[1].depth = 200;
    c.nodes[0].child = 0xFFFF;
    let f = c.validate();
    assert!(has(&f, Error, "header.maxDepth", "above 15"), "{}", listing(&f));
    assert!(has(&f, Error, "nodes[1].depth", "200"), "{}", listing(&f));
    assert!(has(&f, Error, "nodes[0].childNo", "not 4 nodes"), "{}", listing(&f));
    // Every node its own child's parent, all at once: a cycle through the whole array.
    let mut c = fixture_model();
    c.header.max_depth = 15;
    for (i, n) in c.nodes.iter_mut().enumerate() {
        n.child = if i + 4 < 5 { i as u16 + 1 } else { 1 };
    }
    let f = c.validate();
    assert!(
        f.iter().any(|x| x.severity == Error && x.message.contains("already in the tree")),
        "{}",
        listing(&f)
    );
}

#[test]
fn findings_name_their_byte_offset() {
    let c = fixture_model();
    use locate::{At, Element};
    use raw::{HEADER_FIELDS, NODE_FIELDS, TRIANGLE_FIELDS};
    let located = |at: At| (at.path, at.offset);
    assert_eq!(located(At::header(HEADER_FIELDS.max_depth)), ("header.maxDepth".into(), Some(0x20)));
    assert_eq!(
        located(Element::node(&c, 3).field(NODE_FIELDS.child)),
        ("nodes[3].childNo".into(), Some(0x30 + 3 * 0x20 + 4))
    );
    assert_eq!(
        located(Element::node(&c, 1).element(NODE_FIELDS.neighbors, 3, NEIGHBOR_SIDES[3])),
        ("nodes[1].neighborNo[-Z]".into(), Some(0x30 + 0x20 + 0x0C))
    );
    assert_eq!(
        located(Element::triangle(&c, 1).element(TRIANGLE_FIELDS.neighbors, 2, 2)),
        ("triangles[1].neighbor[2]".into(), Some(0xD0 + 0x20 + 0x0A))
    );
    assert_eq!(located(Element::vertex(&c, 2).whole()), ("vertices[2]".into(), Some(0x110 + 24)));
    assert_eq!(located(At::nodes()), ("nodes".into(), None));
    let mut c = c;
    c.nodes[0].child = 2;
    assert_finding(&c, crate::Severity::Error, "nodes[0].childNo", "(byte 0x34)");
}

#[test]
fn leaf_at_descends_like_the_game() {
    let c = fixture_model();
    // Root square 0..1 on both axes, children split at 0.5; the split line belongs to the + side.
    assert_eq!(c.leaf_at(0.1, 0.1), Some(1));
    assert_eq!(c.leaf_at(0.5, 0.1), Some(2));
    assert_eq!(c.leaf_at(0.1, 0.9), Some(3));
    assert_eq!(c.leaf_at(0.9, 0.9), Some(4));
    // No bounds check, as in the game: outside points land in an edge leaf.
    assert_eq!(c.leaf_at(-50.0, 50.0), Some(3));
    let mut cyclic = c.clone();
    cyclic.nodes[4].child = 1;
    assert_eq!(cyclic.leaf_at(0.9, 0.9), None);
    // Every triangle's centroid lands in a leaf that lists it, in a generated file.
    let g = generate::game_correct(9, 300, 7);
    let lists = g.lists();
    for (t, tri) in g.triangles.iter().enumerate() {
        let p = geom::triangle_points(&g.vertices, &tri.vertices).unwrap();
        let (x, z) = ((p[0][0] + p[1][0] + p[2][0]) / 3.0, (p[0][2] + p[1][2] + p[2][2]) / 3.0);
        let leaf = g.leaf_at(x, z).unwrap();
        assert!(lists.get(leaf).contains(&(t as u16)), "triangle {t} not in leaf {leaf}");
    }
}

#[test]
fn leaf_at_splits_where_the_game_sums_the_centre() {
    // rootLength 3, maxDepth 3 (unit 0.375), root centre x 1048575.3125: rootMin x = 1048573.8125.
    // Node 6 (depth 2, nx 6): the game's centre rootMin + (6·0.375 + 0.375) = 1048576.4375 rounds to
    // 1048576.5; (rootMin + 6·0.375) + 0.375 rounds 1048576.0625 to 1048576.0 first and gives 1048576.375.
    let node = |child: u16, nx: u16, depth: u8| NodeParts { child, nx, depth, ..NodeParts::default() };
    let nodes = [
        node(1, 0, 0), // 0: root
        node(0, 0, 1), // 1..4: depth 1 (nx steps of 4)
        node(5, 4, 1), // 2: +X half, split
        node(0, 0, 1),
        node(0, 4, 1),
        node(0, 4, 2), // 5..8: under node 2 (nx steps of 2)
        node(9, 6, 2), // 6: split at the rounding boundary
        node(0, 4, 2),
        node(0, 6, 2),
        node(0, 6, 3), // 9..12: under node 6
        node(0, 7, 3),
        node(0, 6, 3),
        node(0, 7, 3),
    ];
    let mut nodes = nodes.to_vec();
    for k in [7, 8, 11, 12] {
        nodes[k].nz = 1 << (3 - nodes[k].depth); // the +Z row of each split
    }
    nodes[3].nz = 4;
    nodes[4].nz = 4;
    const MEG: f32 = 1_048_576.0; // 2^20: the f32 step grows from 1/16 to 1/8 here
    let c = Collision::from_parts([MEG - 0.6875, 0.0, 0.0], 3.0, 3, &nodes, vec![], vec![]).unwrap();
    let grid = c.grid().unwrap();
    let (center, _) = grid.center(6, 0, 2).unwrap();
    assert_eq!(center[0], MEG + 0.5);
    let square = grid.square(6, 0, 2).unwrap();
    let other_order = square.min[0] + square.size / 2.0;
    assert_eq!(other_order, MEG + 0.375, "the two orders must differ here for this test to mean anything");
    // A point between the two: the game takes the −X child.
    let (x, z) = (MEG + 0.375, -1.4);
    assert_eq!(c.leaf_at(x, z), Some(9));
    assert_eq!(query::GameTree::new(&c).leaf_of(x, z), Some(9));
    assert_eq!(c.leaf_at(MEG + 0.5, z), Some(10));
}

#[test]
fn canonical_neighbors_match_the_generator() {
    for seed in 0..5 {
        let c = generate::game_correct(seed, 200, 6);
        let links = validate::canonical_neighbors(&c).unwrap();
        for (i, n) in c.nodes.iter().enumerate() {
            assert_eq!(n.neighbors, links[i], "seed {seed} node {i}");
        }
    }
    let mut c = fixture_model();
    c.nodes[0].child = 3;
    assert!(validate::canonical_neighbors(&c).is_none());
}
