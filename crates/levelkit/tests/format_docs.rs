//! The record tables in docs/reference/formats/ say what the records' one declaration says (issue 49):
//! every table that lists offsets is one record's, row for row — the same offsets, and at each the same
//! type and count as the field declared there (`u16×4` and `[u16; 4]`, `s32[3]` and `[i32; 3]`). A field
//! added, moved or retyped in `raw.rs` fails here until the page says so too.

use levelkit::record::{Field, Record};
use levelkit::{heroes, reptar};
use std::path::Path;

/// A record's name and fields.
type Table = (&'static str, &'static [Field]);

fn table<R: Record>() -> Table {
    (R::NAME, R::FIELDS)
}

/// One documented row: offset, element type (lowercase, `s` for signed as `i`), count.
#[derive(Debug, PartialEq, Eq)]
struct Row {
    offset: usize,
    element: String,
    count: usize,
}

/// `u32`, `f32×3`, `u16×4`, `s32[3]`, `u8[16]`, `corner[4]` → element and count.
fn parse_type(text: &str) -> (String, usize) {
    let text = text.trim().trim_matches('`');
    let (element, count) = if let Some((e, n)) = text.split_once('×') {
        (e, n.parse().unwrap_or(0))
    } else if let Some((e, rest)) = text.split_once('[') {
        (e, rest.trim_end_matches(']').parse().unwrap_or(0))
    } else {
        (text, 1)
    };
    let element = element.trim().to_lowercase();
    let element = match element.strip_prefix('s') {
        Some(bits) if bits.chars().all(|c| c.is_ascii_digit()) => format!("i{bits}"),
        _ => element,
    };
    (element, count)
}

/// The declared type of a field as a row: `[i32; 3]` → (`i32`, 3); `Corner` → (`corner`, 1).
fn declared(field: &Field) -> Row {
    let ty = field.ty.replace(' ', "");
    let (element, count) = match ty.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
        Some(inner) => {
            let (e, n) = inner.split_once(';').unwrap_or((inner, "0"));
            (e.to_lowercase(), n.parse().unwrap_or(0))
        }
        None => (ty.to_lowercase(), 1),
    };
    Row { offset: field.offset, element, count }
}

/// Every table of the page whose first column is the offset: its rows, with the heading above it.
fn documented_tables(page: &str) -> Vec<(String, Vec<Row>)> {
    let mut tables = Vec::new();
    let mut heading = String::new();
    let mut current: Option<Vec<Row>> = None;
    for line in page.lines() {
        if line.starts_with('#') {
            heading = line.trim_start_matches('#').trim().to_string();
        }
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let is_row = line.starts_with('|') && cells.len() > 3;
        match (is_row, cells.get(1)) {
            (true, Some(&("off" | "offset"))) => current = Some(Vec::new()),
            (true, Some(first)) if first.starts_with("0x") => {
                if let Some(rows) = current.as_mut() {
                    let offset = usize::from_str_radix(first.trim_start_matches("0x"), 16).unwrap();
                    let (element, count) = parse_type(cells[2]);
                    rows.push(Row { offset, element, count });
                }
            }
            (true, _) => {}
            (false, _) => {
                if let Some(rows) = current.take() {
                    tables.push((heading.clone(), rows));
                }
            }
        }
    }
    tables.extend(current.map(|rows| (heading, rows)));
    tables
}

/// Each documented table checked against the one record whose offsets it lists; the records no table
/// documents.
fn check(page_path: &str, records: &[Table]) -> (Vec<String>, Vec<&'static str>) {
    let page = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(page_path))
        .unwrap_or_else(|e| panic!("{page_path}: {e}"));
    let mut problems = Vec::new();
    let mut documented = Vec::new();
    for (heading, rows) in documented_tables(&page) {
        let offsets: Vec<usize> = rows.iter().map(|r| r.offset).collect();
        let matching: Vec<&Table> = records
            .iter()
            .filter(|(_, fields)| fields.iter().map(|f| f.offset).collect::<Vec<_>>() == offsets)
            .collect();
        let Some((name, fields)) =
            matching.iter().find(|(name, _)| heading.contains(name)).or(matching.first())
        else {
            problems.push(format!("{page_path} \"{heading}\": offsets {offsets:x?} are no record's fields"));
            continue;
        };
        documented.push(*name);
        for (row, field) in rows.iter().zip(fields.iter()) {
            let want = declared(field);
            if *row != want {
                problems.push(format!(
                    "{page_path} \"{heading}\": {name}.{} at {:#x} is declared {} but documented {:?}",
                    field.name, field.offset, field.ty, row
                ));
            }
        }
    }
    let undocumented = records.iter().map(|(n, _)| *n).filter(|n| !documented.contains(n)).collect();
    (problems, undocumented)
}

#[test]
fn the_heroes_page_documents_every_record_as_declared() {
    use heroes::raw::{Header, Node, Triangle, Vertex};
    let records = [table::<Header>(), table::<Node>(), table::<Triangle>(), table::<Vertex>()];
    let (problems, undocumented) = check("docs/reference/formats/heroes-cl.md", &records);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(undocumented.is_empty(), "records with no table on the page: {undocumented:?}");
}

#[test]
fn the_reptar_page_agrees_with_every_record_it_documents() {
    use reptar::raw::*;
    let records = [
        table::<UnusedRecord>(),
        table::<Corner>(),
        table::<Portal>(),
        table::<BoxRecord>(),
        table::<RoomRecord>(),
        table::<BlobHeader>(),
        table::<Vertex>(),
        table::<FaceSectionHeader>(),
        table::<Quad>(),
        table::<Triangle>(),
        table::<TextureEntry>(),
    ];
    let (problems, undocumented) = check("docs/reference/formats/reptar-level.md", &records);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // Whole records of unknown bytes, the corner (a row of the portal's table) and the three face records
    // (one line each in the face-section table) have no table of their own.
    let expected = ["UnusedRecord", "Corner", "BoxRecord", "FaceSectionHeader", "Quad", "Triangle"];
    let missing: Vec<&&str> = undocumented.iter().filter(|n| !expected.contains(n)).collect();
    assert!(missing.is_empty(), "records with no table on the page: {missing:?}");
}

#[test]
fn a_documented_type_that_disagrees_is_found() {
    let fields = heroes::raw::Node::FIELDS;
    let depth = fields.iter().find(|f| f.offset == 0x18).expect("Node has a field at 0x18");
    assert_eq!(declared(depth), Row { offset: 0x18, element: "u8".into(), count: 1 });
    assert_ne!(declared(depth), Row { offset: 0x18, element: "u16".into(), count: 1 });
    assert_eq!(parse_type("u16×4"), ("u16".into(), 4));
    assert_eq!(parse_type("s32[3]"), ("i32".into(), 3));
    assert_eq!(parse_type("corner[4]"), ("corner".into(), 4));
}
