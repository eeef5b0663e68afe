//! Tests of `.cl` validation: one test per class of finding, on the shared fixtures, with the paths and
//! byte offsets findings name.

use super::super::generate::{self, Style};
use super::super::*;
use super::{fixture, fixture_model, B};

// Validation: generated game-correct files are clean; each class of problem gives its finding.

fn has(f: &crate::findings::Findings, severity: crate::findings::Severity, path: &str, text: &str) -> bool {
    f.iter().any(|x| x.severity == severity && x.path == path && x.message.contains(text))
}

fn assert_finding(c: &Collision, severity: crate::findings::Severity, path: &str, text: &str) {
    let f = c.validate();
    assert!(
        has(&f, severity, path, text),
        "no {severity} at {path} containing {text:?}; got:\n{}",
        listing(&f)
    );
}

fn listing(f: &crate::findings::Findings) -> String {
    f.iter().map(|x| format!("  {x}\n")).collect()
}

#[test]
fn game_correct_files_validate_clean() {
    for depth in 0..=13u16 {
        for count in [1usize, 7, 250] {
            let c = generate::game_correct(u64::from(depth) + 17 * count as u64, count, depth);
            let f = c.validate();
            assert!(
                f.iter().all(|x| x.severity == crate::findings::Severity::Note),
                "depth {depth}, {count}:\n{}",
                listing(&f)
            );
        }
    }
    assert!(Collision::parse(&fixture())
        .unwrap()
        .validate()
        .iter()
        .all(|x| x.severity != crate::findings::Severity::Error));
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
    assert!(f.iter().all(|x| x.severity == crate::findings::Severity::Note), "{}", listing(&f));
}

#[test]
fn community_files_warn_but_do_not_fail() {
    let c = generate::odd(8, 300, 6, &Style::community());
    let f = c.validate();
    assert!(!f.has_errors(), "{}", listing(&f));
    assert!(f.iter().any(|x| x.path.to_string().ends_with("neighborNo") && x.message.contains("no link")));
    // Inner nodes below the root list nothing: the moving-sphere query misses what they hold.
    assert!(f.iter().any(|x| x.path != "nodes[0].numPoly"
        && x.path.to_string().ends_with("].numPoly")
        && x.message.contains("moving-sphere")));
    assert!(!f.iter().any(|x| x.path.to_string().starts_with("nodes[0].")), "{}", listing(&f));
}

#[test]
fn old_tool_small_lists_are_flagged() {
    let style = Style { small_lists_stored: true, ..Style::default() };
    let c = generate::odd(4, 300, 8, &style);
    let f = c.validate();
    // Offsets below 0x8000 read as a wrong triangle number: the leaf's real triangle goes missing.
    let i = c.nodes.iter().position(|n| n.num_poly == 1 && n.child == 0).expect("a stored 1-entry list");
    let path = format!("nodes[{i}].list");
    assert!(
        f.iter().any(|x| x.path == path && x.severity >= crate::findings::Severity::Warning),
        "{}",
        listing(&f)
    );
    // Offsets from 0x8000 on also set bits the game masks away.
    let mut c = c;
    c.nodes[i].poly_index |= 0x8000;
    assert_finding(
        &c,
        crate::findings::Severity::Warning,
        &format!("nodes[{i}].polyIndex"),
        "bits the game ignores",
    );
}

#[test]
fn header_errors() {
    use crate::findings::Severity::*;
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
    use crate::findings::Severity::*;
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
    use crate::findings::Severity::*;
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
    use crate::findings::Severity::*;
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
    use crate::findings::Severity::*;
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

#[test]
fn absurd_depths_and_links_are_errors_not_hangs() {
    use crate::findings::Severity::*;
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
        n.child = if i + 4 < 5 { u16::try_from(i).unwrap() + 1 } else { 1 };
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
    use crate::findings::Path;
    use locate::{At, Element};
    let located = |at: At| (at.path, at.offset);
    let (nodes, triangles) = (Path::new().field("nodes"), Path::new().field("triangles"));
    assert_eq!(
        located(At::header(Header::FIELD.max_depth)),
        (Path::new().field("header").field("maxDepth"), Some(0x20))
    );
    assert_eq!(
        located(Element::node(&c, 3).field(Node::FIELD.child)),
        (nodes.index(3).field("childNo"), Some(0x30 + 3 * 0x20 + 4))
    );
    assert_eq!(
        located(Element::node(&c, 1).side(3)),
        (nodes.index(1).field("neighborNo").key("-Z"), Some(0x30 + 0x20 + 0x0C))
    );
    assert_eq!(
        located(Element::triangle(&c, 1).item(Triangle::FIELD.neighbors, 2)),
        (triangles.index(1).field("neighbor").index(2), Some(0xD0 + 0x20 + 0x0A))
    );
    assert_eq!(
        located(Element::vertex(&c, 2).whole()),
        (Path::new().field("vertices").index(2), Some(0x110 + 24))
    );
    assert_eq!(located(At::nodes()), (nodes, None));
    let mut c = c;
    c.nodes[0].child = 2;
    assert_finding(&c, crate::findings::Severity::Error, "nodes[0].childNo", "(byte 0x34)");
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

// What the game does with each broken file (docs/reference/game-failures.md): one cause a test, each asserting the
// consequence its finding names.

#[test]
fn a_corner_order_the_game_hangs_on_is_an_error_naming_the_triangle() {
    // Triangle 0 is [0, 2, 1]: lean its first edge (vertex 0 → vertex 2) up to within 0.0001 of vertical
    // over a base of 1,000 in z, so its normal's Y is large.
    let mut c = fixture_model();
    c.vertices[2] = [1.0e-4, 5.0, 0.0];
    c.vertices[1] = [10.0, 0.0, 1000.0];
    assert_finding(
        &c,
        crate::findings::Severity::Error,
        "triangles[0].vertexIndexNo",
        "the game hangs when a sphere comes near triangle 0",
    );
    assert_finding(
        &c,
        crate::findings::Severity::Error,
        "triangles[0].vertexIndexNo",
        "within 0.000123 of vertical",
    );
}

#[test]
fn depths_past_what_the_loader_fills_say_what_the_game_reads_and_writes() {
    use crate::findings::Severity::*;
    let mut c = fixture_model();
    c.header.max_depth = 16;
    assert_finding(&c, Error, "header.maxDepth", "writes past its end");
    let mut c = fixture_model();
    c.nodes[2].depth = 2;
    assert_finding(
        &c,
        Error,
        "nodes[2].depth",
        "which the loader fills for depths 1 to 1 only (a stale value)",
    );
    let mut c = fixture_model();
    c.nodes[2].depth = 16;
    assert_finding(&c, Error, "nodes[2].depth", "past 15 it reads beyond that 16-entry array");
}

#[test]
fn children_past_the_array_cycles_and_shared_children_say_what_the_game_does() {
    use crate::findings::Severity::*;
    let mut c = fixture_model();
    c.nodes[0].child = 40;
    assert_finding(&c, Error, "nodes[0].childNo", "the game reads node 43 past its 5 (garbage) and sets its visited flag past the end of the 32-bit flag buffer");
    let mut c = fixture_model();
    c.header.max_depth = 2;
    c.nodes[4].child = 1; // node 4's children are nodes 1..=4: itself among them
    assert_finding(&c, Error, "nodes[4].childNo", "a cycle: the game's point descent loops forever");
    assert_finding(&c, Error, "nodes[4].childNo", "recurses until its stack overflows");
    // Two nodes sharing children is no cycle: the game visits them twice and ends.
    let mut data = generate::game_correct(3, 300, 3);
    let inner: Vec<usize> = (1..data.nodes.len()).filter(|&i| data.nodes[i].child != 0).take(2).collect();
    assert_eq!(inner.len(), 2, "two inner nodes below the root");
    data.nodes[inner[1]].child = data.nodes[inner[0]].child;
    let f = data.validate();
    assert!(
        has(&f, Error, &format!("nodes[{}].childNo", inner[1]), "a child shared with another branch"),
        "{}",
        listing(&f)
    );
    assert!(!f.iter().any(|x| x.message.contains("a cycle")), "{}", listing(&f));
}

#[test]
fn links_past_the_array_and_to_the_node_itself_say_what_the_game_does() {
    use crate::findings::Severity::*;
    let mut c = fixture_model();
    c.nodes[1].neighbors[0] = 9;
    assert_finding(&c, Error, "nodes[1].neighborNo[+X]", "the game reads node 9 past its 5 (garbage)");
    let mut c = fixture_model();
    c.nodes[1].neighbors[0] = 300;
    assert_finding(
        &c,
        Error,
        "nodes[1].neighborNo[+X]",
        "past the end of the 32-bit flag buffer: it writes over other memory",
    );
    let mut c = fixture_model();
    c.nodes[1].neighbors[0] = 1;
    assert_finding(&c, Error, "nodes[1].neighborNo[+X]", "links to itself");
    assert_finding(&c, Error, "nodes[1].neighborNo[+X]", "the game loops forever");
}

#[test]
fn list_entries_and_adjacency_past_the_triangles_say_what_the_game_writes() {
    use crate::findings::Severity::*;
    let mut c = fixture_model();
    c.nodes[1].poly_index = 5;
    assert_finding(&c, Error, "nodes[1].list", "the game reads triangle 5 past its 2 (garbage)");
    let mut c = fixture_model();
    c.nodes[1].poly_index = 70;
    assert_finding(
        &c,
        Error,
        "nodes[1].list",
        "sets its visited flag past the end of the 32-bit flag buffer",
    );
    let mut c = fixture_model();
    c.triangles[0].neighbors[0] = 2;
    assert_finding(&c, Error, "triangles[0].neighbor[0]", "triangle 2 does not exist (there are 2)");
    let mut c = fixture_model();
    c.triangles[0].neighbors[0] = 40;
    assert_finding(
        &c,
        Error,
        "triangles[0].neighbor[0]",
        "when a query ends on this edge the game sets its visited flag past the end",
    );
}

#[test]
fn a_small_list_stored_at_an_offset_is_explained_as_the_game_reads_it() {
    // The fixture's leaf 1 lists 1 triangle inline; an old tool wrote an offset there instead.
    let mut c = fixture_model();
    c.nodes[1].num_poly = 2;
    c.nodes[1].poly_index = 0x28; // the list area's start
    assert_finding(
        &c,
        crate::findings::Severity::Error,
        "nodes[1].list",
        "node 1 lists 2 triangle(s) but its list is an offset (0x28, into the list area): the game reads it inline as triangle(s) 40, 0, and 40 is past the 2 triangles: the game reads triangle 40 past its 2 (garbage) and sets its visited flag past the end of the 32-bit flag buffer",
    );
}

#[test]
fn deep_community_trees_crash_for_their_offsets_not_their_depth() {
    // The 2018 generators' layout (small lists at an offset), written by levelkit's own writer: with the
    // list area past triangle numbers the file has, the game writes past its flags.
    let style = Style { small_lists_stored: true, ..Style::default() };
    let c = generate::odd(4, 3_000, 8, &style);
    let f = c.validate();
    let crash = f
        .iter()
        .find(|x| {
            x.message.contains("but its list is an offset") && x.message.contains("writes over other memory")
        })
        .unwrap_or_else(|| panic!("{}", listing(&f)));
    assert_eq!(crash.severity, crate::findings::Severity::Error);
    assert!(crash.message.contains("past the 3000 triangles"), "{}", crash.message);
}
