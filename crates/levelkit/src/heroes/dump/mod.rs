//! JSON forms of a `.cl` file: the summary (`info`) and the lossless dump (`dump` / `pack`).
//!
//! The dump has every stored field under the game's names (`nodeNo`, `polyIndex`, `vertexIndexNo`, …),
//! keys and forms taken from the record tables ([`super::raw`], through `fields`),
//! floats bit-exact ([`ExactF32`]), attributes as 8 hex digits in file byte order with their surface name
//! beside them, each node's decoded triangle list, and every byte outside the arrays (`raw`: the list area,
//! pads, gaps, trailing bytes) as hex at its offset.
//!
//! No key is ignored when reading back ([`Collision::from_dump`]); each that explains another is checked
//! against it or takes effect:
//! - a triangle's `surface` names its `attribute`: when both are given they must agree (levelkit cannot
//!   tell which of the two was edited), else an error names both; a `surface` without an `attribute` sets
//!   it. `attribute` itself takes 8 hex digits, a number or a surface id (`"wall"`);
//! - a node's `list` takes effect (below); its `listError` must still describe the list its
//!   `numPoly`/`polyIndex` give, else an error; a raw block's `what` must be what levelkit calls those
//!   bytes, else an error;
//! - the header's counts (`numNodes`, `numPolygons`, `numVertices`) are the arrays' lengths: another number
//!   is an error naming the field, the dump's value and the array's; `"auto"` takes the array's;
//! - when the arrays no longer fit the dump's layout (one changed length), the file is laid out anew and
//!   `dataSize`, `nodeData`, `polygonData` and `vertexData` must each be `"auto"` or the value of the new
//!   layout, else an error names each with both values. Otherwise they are stored as given (`"auto"`:
//!   the file's length for `dataSize`, a new layout for an offset).
//!
//! Reading a dump back:
//! - unedited, it gives the same bytes;
//! - a node whose `list` differs from what its `numPoly`/`polyIndex` decode to gets the new list: empty →
//!   numPoly 0; 1–2 entries ≤ 0x7FFF → inline; the same length as a stored list no other node shares →
//!   rewritten in place; otherwise appended after the last byte of the file (4-byte aligned), with
//!   `dataSize` following the length if it matched it before;
//! - if the arrays no longer fit the dump's layout (pieces overlap or leave a gap), or an offset is
//!   `"auto"`, the file is laid out anew with [`Collision::from_parts`] (counts, offsets and dataSize
//!   computed; node numbers become positions; bytes outside the arrays other than lists are dropped).
#![deny(clippy::indexing_slicing)]

use super::{
    flags, Collision, Header, Node, RawBytes, Triangle, HEADER_SIZE, NODE_SIZE, TRIANGLE_SIZE, VERTEX_SIZE,
};
use crate::dump::DumpError;
use crate::json::ExactF32;
use crate::record::Record;
use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize, Serializer};
use serde_json::{json, Value};
use std::collections::BTreeMap;

mod fields;
mod keys;
mod read;

use fields::{hex, unhex, Extra, RecordView};
use keys::*;

const FORMAT: &str = "heroes-cl";
const HEX_LINE: usize = 32;

/// A raw block as a dump reads it (written by [`SortedRaw`], in a tree's key order).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawDump {
    pub(super) offset: u32,
    #[serde(default)]
    pub(super) what: Option<String>,
    /// Hex, 32 bytes a line.
    pub(super) hex: Vec<String>,
}

/// The header key beside a `dataSize` that is not the file's length: the length, so that a dump says the
/// odd `dataSize` is the file's own (packed as given), while one edited away from the length is an error.
pub(super) const FILE_LENGTH: &str = "fileLength";

fn exact3(v: [f32; 3]) -> [ExactF32; 3] {
    v.map(ExactF32)
}

/// What a raw block holds, for the reader of a dump.
fn describe_raw(c: &Collision, r: &RawBytes) -> String {
    let start = u64::from(r.offset);
    let lists = c.nodes.iter().filter(|n| n.num_poly >= 3).any(|n| {
        let at = u64::from(n.poly_index);
        at >= start && at < r.end()
    });
    let after_all = r.end() == c.file_len() && start >= section_end(c);
    match (lists, after_all) {
        (true, _) => "triangle-index lists (and any pad)".into(),
        (false, true) => "trailing bytes".into(),
        (false, false) if r.bytes.iter().all(|&b| b == 0) && r.bytes.len() < 4 => "alignment pad".into(),
        _ => "bytes no section covers".into(),
    }
}

fn section_end(c: &Collision) -> u64 {
    let h = &c.header;
    let mut end = super::HEADER_SIZE as u64;
    for (offset, len) in [
        (h.node_offset, c.nodes.len() * super::NODE_SIZE),
        (h.polygon_offset, c.triangles.len() * super::TRIANGLE_SIZE),
        (h.vertex_offset, c.vertices.len() * super::VERTEX_SIZE),
    ] {
        if len > 0 {
            end = end.max(u64::from(offset) + len as u64);
        }
    }
    end
}

impl Collision {
    /// The summary `info --json` prints.
    pub fn summary(&self) -> Value {
        let h = &self.header;
        let mut histogram: BTreeMap<u32, usize> = BTreeMap::new();
        for t in &self.triangles {
            *histogram.entry(t.attribute).or_default() += 1;
        }
        let attributes: Vec<Value> = histogram
            .iter()
            .map(|(&a, &count)| {
                json!({
                    "attribute": flags::hex(a),
                    "surface": flags::surface_id(a),
                    "label": flags::surface(a).map_or("(unnamed)", |s| s.label),
                    "count": count,
                })
            })
            .collect();
        let inline = self.nodes.iter().filter(|n| matches!(n.num_poly, 1 | 2)).count();
        let stored = self.nodes.iter().filter(|n| n.num_poly >= 3).count();
        json!({
            "format": FORMAT,
            "file_size": self.file_len(),
            "data_size": h.data_size,
            "triangles": self.triangles.len(),
            "vertices": self.vertices.len(),
            "nodes": self.nodes.len(),
            "leaves": self.leaf_count(),
            "max_depth": h.max_depth,
            "tree_depth": self.tree_depth(),
            "root_center": exact3(h.root_center),
            "root_length": ExactF32(h.root_length),
            "game_root_length": ExactF32(super::geom::game_root_length(h.root_length)),
            "list_entries": self.nodes.iter().map(|n| u64::from(n.num_poly)).sum::<u64>(),
            "inline_lists": inline,
            "stored_lists": stored,
            "raw_bytes": self.raw.iter().map(|r| r.bytes.len()).sum::<usize>(),
            "attributes": attributes,
        })
    }

    /// The summary for a person to read.
    pub fn summary_text(&self) -> String {
        use std::fmt::Write;
        let h = &self.header;
        let mut s = String::new();
        let _ =
            writeln!(s, "Sonic Heroes collision (.cl), {} bytes (dataSize {})", self.file_len(), h.data_size);
        let _ = writeln!(
            s,
            "  {} triangles, {} vertices, {} nodes ({} leaves)",
            self.triangles.len(),
            self.vertices.len(),
            self.nodes.len(),
            self.leaf_count()
        );
        let _ = writeln!(
            s,
            "  root: centre ({}, {}, {}), side {} (the game uses {})",
            h.root_center[0],
            h.root_center[1],
            h.root_center[2],
            h.root_length,
            super::geom::game_root_length(h.root_length)
        );
        let _ = writeln!(
            s,
            "  depth: maxDepth {} in the header, deepest node {}",
            h.max_depth,
            self.tree_depth()
        );
        let inline = self.nodes.iter().filter(|n| matches!(n.num_poly, 1 | 2)).count();
        let stored = self.nodes.iter().filter(|n| n.num_poly >= 3).count();
        let entries: u64 = self.nodes.iter().map(|n| u64::from(n.num_poly)).sum();
        let _ = writeln!(s, "  lists: {entries} entries; {stored} stored, {inline} inline (1-2 entries)");
        let _ = writeln!(
            s,
            "  sections: nodes at 0x{:x}, triangles at 0x{:x}, vertices at 0x{:x}; {} other byte(s)",
            h.node_offset,
            h.polygon_offset,
            h.vertex_offset,
            self.raw.iter().map(|r| r.bytes.len()).sum::<usize>()
        );
        let mut histogram: BTreeMap<u32, usize> = BTreeMap::new();
        for t in &self.triangles {
            *histogram.entry(t.attribute).or_default() += 1;
        }
        if !histogram.is_empty() {
            let _ = writeln!(s, "  attributes:");
            for (a, count) in histogram {
                let label = flags::surface(a).map_or("(unnamed)", |x| x.label);
                let _ = writeln!(s, "    {} {:<20} {count:>6}  {label}", flags::hex(a), flags::surface_id(a));
            }
        }
        s
    }

    /// Every field as JSON, lossless.
    pub fn to_dump(&self) -> Value {
        // Only maps with keys other than strings fail to become a tree; the view has none.
        serde_json::to_value(DumpView(self)).unwrap_or_default()
    }

    /// The dump's JSON text, indented as `levelkit dump` writes it: [`Collision::to_dump`]'s tree printed,
    /// written straight from the records.
    pub fn to_dump_text(&self) -> Vec<u8> {
        // Writing to memory fails only as `to_dump` would.
        serde_json::to_vec_pretty(&DumpView(self)).unwrap_or_default()
    }

    /// Reads a dump made by [`Collision::to_dump`], possibly edited (see the module docs).
    pub fn from_dump(value: &Value) -> Result<Collision, DumpError> {
        Collision::from_read(read::read(value)?)
    }

    /// Reads a dump's JSON text, as [`Collision::from_dump`] reads its tree (the same rules, the same
    /// errors, the text's line and column added to serde's), without making the tree.
    pub fn from_dump_text(text: &[u8]) -> Result<Collision, DumpError> {
        let mut json = serde_json::Deserializer::from_slice(text);
        let d = read::read(&mut json)?;
        json.end().map_err(DumpError::NotJson)?;
        Collision::from_read(d)
    }

    fn from_read(d: read::DumpIn) -> Result<Collision, DumpError> {
        if d.format != FORMAT {
            return Err(DumpError::Invalid(format!("format is {:?}, not {FORMAT:?}", d.format)));
        }
        let read::HeaderIn { mut header, auto, file_length } = d.header;
        let nodes: Vec<Node> = d.nodes.iter().map(|n| n.node).collect();
        check_counts(&mut header, &auto, [nodes.len(), d.triangles.len(), d.vertices.len()])?;
        if auto.data_size {
            header.data_size = 0;
        }
        check_dump_extent(
            &d.raw,
            [nodes.len(), d.triangles.len(), d.vertices.len()],
            &header,
            auto.data_size,
        )?;
        let mut raw = Vec::with_capacity(d.raw.len());
        for (i, r) in d.raw.iter().enumerate() {
            raw.push(RawBytes { offset: r.offset, bytes: unhex(&r.hex.concat(), &format!("raw[{i}].hex"))? });
        }
        raw.sort_by_key(|r| r.offset);
        let (lists, list_errors): (Vec<_>, Vec<_>) =
            d.nodes.into_iter().map(|n| (n.list, n.list_error)).unzip();
        let mut c = Collision { header, nodes, triangles: d.triangles, vertices: d.vertices, raw };

        // An array too long for its count goes to the new layout too, whose writer names it.
        let h = &c.header;
        let too_long = usize::from(h.num_nodes) != c.nodes.len()
            || usize::from(h.num_polygons) != c.triangles.len()
            || usize::from(h.num_vertices) != c.vertices.len();
        if too_long || auto.any_offset() || !tiles(&c) {
            let new = relayout(&c, &lists)?;
            check_new_layout(&c.header, &new.header, &auto)?;
            return Ok(new);
        }
        check_explanations(&c, &lists, &list_errors, &d.raw)?;
        let len = c.file_len();
        if auto.data_size {
            c.header.data_size = u32::try_from(len).unwrap_or(u32::MAX);
        }
        check_data_size(&c.header, file_length, len)?;
        let shared = shared_lists(&c);
        for (i, list) in lists.iter().enumerate() {
            if let Some(list) = list {
                if c.node_list(i).as_ref() != Ok(list) {
                    set_list(&mut c, i, list, shared.get(i) == Some(&true))?;
                }
            }
        }
        Ok(c)
    }
}

/// The dump as serde writes it: [`Collision::to_dump`]'s tree and [`Collision::to_dump_text`]'s text.
struct DumpView<'a>(&'a Collision);

impl Serialize for DumpView<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let c = self.0;
        let header = || {
            // A dataSize that is not the file's length is kept, and said to be meant: the length beside it.
            let odd_size = u64::from(c.header.data_size) != c.file_len();
            let extra = odd_size.then(|| (FILE_LENGTH, Extra::Number(c.file_len()))).into_iter().collect();
            RecordView::new(Header::FIELDS, c.header.encode(), extra)
        };
        let nodes = || {
            c.nodes.iter().enumerate().map(|(i, n)| {
                let list = match c.node_list(i) {
                    Ok(l) => ("list", Extra::List(l)),
                    Err(e) => ("listError", Extra::Text(e.message)),
                };
                RecordView::new(Node::FIELDS, n.encode(), vec![list])
            })
        };
        let raw = || {
            c.raw.iter().map(|r| {
                SortedRaw(RawDump {
                    offset: r.offset,
                    what: Some(describe_raw(c, r)),
                    hex: r.bytes.chunks(HEX_LINE).map(hex).collect(),
                })
            })
        };
        let triangles = || {
            c.triangles.iter().map(|t| {
                let surface = Extra::Text(flags::surface_id(t.attribute).into());
                RecordView::new(Triangle::FIELDS, t.encode(), vec![("surface", surface)])
            })
        };
        // The keys in a `serde_json::Map`'s order (sorted), so that the text and the tree print alike.
        let mut map = s.serialize_map(Some(6))?;
        map.serialize_entry("format", FORMAT)?;
        map.serialize_entry("header", &header())?;
        map.serialize_entry("nodes", &Each(nodes))?;
        map.serialize_entry("raw", &Each(raw))?;
        map.serialize_entry("triangles", &Each(triangles))?;
        map.serialize_entry("vertices", &Each(|| c.vertices.iter().map(|&v| exact3(v))))?;
        map.end()
    }
}

/// A sequence serialised from the items its function gives.
struct Each<F>(F);

impl<F: Fn() -> I, I: IntoIterator<Item: Serialize>> Serialize for Each<F> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq((self.0)())
    }
}

/// A raw block with its keys in a `serde_json::Map`'s order.
struct SortedRaw(RawDump);

impl Serialize for SortedRaw {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let r = &self.0;
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("hex", &r.hex)?;
        map.serialize_entry("offset", &r.offset)?;
        if let Some(what) = &r.what {
            map.serialize_entry("what", what)?;
        }
        map.end()
    }
}

/// A new canonical layout of an edited model whose array lengths changed.
fn relayout(c: &Collision, lists: &[Option<Vec<u16>>]) -> Result<Collision, DumpError> {
    let mut parts = Vec::with_capacity(c.nodes.len());
    for (i, n) in c.nodes.iter().enumerate() {
        let list = match lists.get(i).cloned().flatten() {
            Some(l) => l,
            None => {
                c.node_list(i).map_err(|e| DumpError::Invalid(format!("{e}; give the node a \"list\"")))?
            }
        };
        parts.push(n.parts(n.neighbors, list));
    }
    c.with_node_parts(&parts).map_err(|e| DumpError::Invalid(e.to_string()))
}

/// Node `i` of an edited model (its index comes from the dump).
fn node_mut(c: &mut Collision, i: usize) -> Result<&mut Node, DumpError> {
    c.nodes.get_mut(i).ok_or_else(|| DumpError::Invalid(format!("nodes[{i}]: no such node")))
}

/// Gives node `i` a new list, keeping every other byte where it is.
fn set_list(c: &mut Collision, i: usize, list: &[u16], shared: bool) -> Result<(), DumpError> {
    let len = list.len();
    if len > super::MAX_COUNT {
        return Err(DumpError::Invalid(format!("nodes[{i}].list: {len} entries; at most 65534")));
    }
    let count = u16::try_from(len).map_err(|_| DumpError::Invalid(format!("nodes[{i}].list is too long")))?;
    let inline = list.iter().all(|&t| u32::from(t) <= super::INLINE_MASK_0);
    let node = *node_mut(c, i)?;
    match list {
        [] => {
            let n = node_mut(c, i)?;
            (n.num_poly, n.poly_index) = (0, 0);
        }
        [a] if inline => {
            let n = node_mut(c, i)?;
            (n.num_poly, n.poly_index) = (1, u32::from(*a));
        }
        [a, b] if inline => {
            let n = node_mut(c, i)?;
            (n.num_poly, n.poly_index) = (2, u32::from(*a) | u32::from(*b) << 16);
        }
        _ => {
            let mut entries = list.to_vec();
            if entries.len() < 3 {
                let last = *entries.last().unwrap_or(&0);
                entries.resize(3, last);
            }
            let bytes: Vec<u8> = entries.iter().flat_map(|x| x.to_be_bytes()).collect();
            let same_place = node.num_poly >= 3
                && usize::from(node.num_poly) == entries.len()
                && c.node_list(i).is_ok()
                && !shared;
            if same_place {
                let (bi, start) =
                    c.raw_at(node.poly_index).ok_or_else(|| DumpError::Invalid("list vanished".into()))?;
                let vanished = || DumpError::Invalid("list vanished".into());
                let slot = c.raw.get_mut(bi).and_then(|r| r.bytes.get_mut(start..start + bytes.len()));
                slot.ok_or_else(vanished)?.copy_from_slice(&bytes);
            } else {
                let old_len = c.file_len();
                let at = old_len.next_multiple_of(4);
                let offset = u32::try_from(at).map_err(|_| {
                    DumpError::Invalid(format!("nodes[{i}].list: the file outgrows u32 offsets"))
                })?;
                let mut block = vec![0u8; usize::try_from(at - old_len).unwrap_or(0)];
                block.extend_from_slice(&bytes);
                c.raw.push(RawBytes { offset: u32::try_from(old_len).unwrap_or(offset), bytes: block });
                node_mut(c, i)?.poly_index = offset;
                if u64::from(c.header.data_size) == old_len {
                    c.header.data_size = u32::try_from(c.file_len()).unwrap_or(u32::MAX);
                }
            }
            node_mut(c, i)?.num_poly = u16::try_from(entries.len()).unwrap_or(count);
        }
    }
    Ok(())
}

/// For each node, whether another node's stored list overlaps its own (so rewriting in place would change
/// both).
fn shared_lists(c: &Collision) -> Vec<bool> {
    let mut ranges: Vec<(u64, u64, usize)> = c
        .nodes
        .iter()
        .enumerate()
        .filter(|(_, n)| n.num_poly >= 3)
        .map(|(i, n)| (u64::from(n.poly_index), u64::from(n.poly_index) + 2 * u64::from(n.num_poly), i))
        .collect();
    ranges.sort_unstable();
    let mut out = vec![false; c.nodes.len()];
    // Sweep: a range overlaps an earlier one exactly when it starts before the furthest end seen so far.
    let mut furthest: Option<(u64, usize)> = None;
    for &(start, end, i) in &ranges {
        if let Some((far_end, j)) = furthest {
            if start < far_end {
                for k in [i, j] {
                    if let Some(o) = out.get_mut(k) {
                        *o = true;
                    }
                }
            }
        }
        if furthest.is_none_or(|(e, _)| end > e) {
            furthest = Some((end, i));
        }
    }
    out
}
