//! Tests of the `.cl` reader and writer: fixtures written like the format's tables (shared with
//! `validate_tests` and `dump_tests`), round trips over generated files of every layout, and one test per
//! class of bad input.

mod dump;
mod validate;

use super::generate::{self, Style};
use super::*;
use crate::bytes::Problem;
use crate::record::Record;
use crate::rng::Rng;

/// The shared byte DSL ([`crate::test_support::B`]), big-endian like the file.
pub(super) type B = crate::test_support::B<crate::bytes::Be>;

/// `.cl` records for the byte DSL.
impl B {
    /// A node record.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn node(
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
    pub(super) fn triangle(self, v: [u16; 3], n: [u16; 3]) -> Self {
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
    pub(super) fn fixture_header(self, list_area: u32) -> Self {
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
    pub(super) fn unit_square(self) -> Self {
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
pub(super) fn fixture() -> Vec<u8> {
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
    assert_eq!(bytes.len(), c.header.data_size as usize);
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
        let count = rng.index(500);
        let depth = rng.below_u16(14);
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
fn parse_errors_say_their_kind() {
    let kind = |at: usize, value: &[u8]| Collision::parse(&patched(at, value)).unwrap_err().problem;
    // nodeData in the header, nodeData past the end, the triangle array on the node array.
    assert!(matches!(kind(0x04, &0x10u32.to_be_bytes()), Problem::OutOfRange(_)));
    assert!(matches!(kind(0x04, &0x1_0000u32.to_be_bytes()), Problem::OutOfRange(_)));
    assert!(matches!(kind(0x08, &0x50u32.to_be_bytes()), Problem::OutOfRange(_)));
    assert!(matches!(kind(0x26, &0xFFFFu16.to_be_bytes()), Problem::Truncated { .. }));
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
fn looks_like_rejects_other_data() {
    assert!(!looks_like(&[]));
    assert!(!looks_like(&[0u8; 0x28]));
    assert!(!looks_like(&[0xFFu8; 0x100]));
    assert!(!looks_like(b"not a collision file at all, just some text that is long enough"));
}

/// The fixture, parsed.
pub(super) fn fixture_model() -> Collision {
    Collision::parse(&fixture()).unwrap()
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
            let at = rng.index(data.len());
            // Mostly small values (counts, links, depths), sometimes anything.
            data[at] = if rng.chance(0.5) { rng.below_u8(8) } else { crate::num::low_u8(rng.next_u32()) };
        }
        if rng.chance(0.1) {
            data.truncate(rng.index(data.len()));
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
        assert!(lists.get(leaf).contains(&u16::try_from(t).unwrap()), "triangle {t} not in leaf {leaf}");
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
