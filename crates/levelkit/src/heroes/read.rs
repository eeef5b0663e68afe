//! Parsing a `.cl` file.
//!
//! The header is read first; its offsets and counts are checked against the file length and against each
//! other (no section may overlap the header or another section) before any record is decoded or any vector
//! is allocated. The sections may lie in any order. Every byte outside the header and the three arrays is
//! kept as [`RawBytes`], which is where the nodes' triangle-index lists live; lists are decoded on demand
//! ([`Collision::node_list`], [`Collision::lists`]) because a bad list is something the game misreads, a
//! validation finding, not a reason to refuse the file.
//!
//! What the parser does not check (validation does): `dataSize` against the length, counts of 0xFFFF,
//! links, depths, lists, normals.
#![deny(clippy::indexing_slicing)]

use super::raw::Vertex;
use super::{
    Collision, Header, Node, RawBytes, Triangle, HEADER_SIZE, NODE_SIZE, TRIANGLE_SIZE, VERTEX_SIZE,
};
use crate::bytes::{Be, Cursor, ParseError, Problem};
use crate::record::Record;
use std::ops::Range;

type C<'a> = Cursor<'a, Be>;

/// Reads the 0x28-byte header.
pub fn read_header(data: &[u8]) -> Result<Header, ParseError> {
    let mut c = C::new(data);
    Ok(Header::decode(&c.array::<HEADER_SIZE>("header")?))
}

/// One of the three record arrays the header places.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Section {
    pub name: &'static str,
    /// Byte range in the file; empty when the count is 0 (the offset is then not used).
    pub range: Range<usize>,
}

/// The byte ranges of the node, triangle and vertex arrays (in that order), checked: each non-empty one
/// starts after the header, ends inside a file of `len` bytes and overlaps no other.
pub(crate) fn section_ranges(h: &Header, len: usize) -> Result<[Section; 3], ParseError> {
    let data_stub = Stub(len);
    let place = |name: &'static str, field: usize, offset: u32, count: u16, size: usize| {
        if count == 0 {
            return Ok(Section { name, range: 0..0 });
        }
        let what = || {
            format!("{name} array ({count} × {size} bytes at offset 0x{offset:x}, from header 0x{field:02x})")
        };
        let start = crate::bytes::to_usize(offset);
        if start < HEADER_SIZE {
            let msg = format!("offset 0x{offset:x} lies inside the 0x28-byte header");
            return Err(ParseError::new(field, what, Problem::OutOfRange(msg)));
        }
        let bytes = data_stub.check(start, u64::from(count), size as u64, what)?;
        Ok(Section { name, range: start..start + bytes })
    };
    let sections = [
        place("node", Header::FIELD.node_offset.offset, h.node_offset, h.num_nodes, NODE_SIZE)?,
        place(
            "triangle",
            Header::FIELD.polygon_offset.offset,
            h.polygon_offset,
            h.num_polygons,
            TRIANGLE_SIZE,
        )?,
        place("vertex", Header::FIELD.vertex_offset.offset, h.vertex_offset, h.num_vertices, VERTEX_SIZE)?,
    ];
    for (i, a) in sections.iter().enumerate() {
        for b in sections.iter().skip(i + 1) {
            if a.range.start < b.range.end && b.range.start < a.range.end {
                let msg = format!(
                    "bytes 0x{:x}..0x{:x} overlap the {} array at 0x{:x}..0x{:x}",
                    b.range.start, b.range.end, a.name, a.range.start, a.range.end
                );
                return Err(ParseError::new(
                    b.range.start,
                    || format!("{} array", b.name),
                    Problem::OutOfRange(msg),
                ));
            }
        }
    }
    Ok(sections)
}

/// Whether `data` reads as the start of a `.cl` file `declared` bytes long: its header is whole, names at
/// least one node and a sane depth, and places every section inside `declared` bytes without overlap (what
/// [`super::looks_like`] asks of a whole file). A file cut short shows this; random bytes do not.
pub(crate) fn header_fits(data: &[u8], declared: u32) -> bool {
    let Ok(h) = read_header(data) else { return false };
    h.num_nodes > 0 && h.max_depth <= 64 && section_ranges(&h, crate::bytes::to_usize(declared)).is_ok()
}

/// Range checks against a length only (so `looks_like` and `parse` share them without the data).
struct Stub(usize);

impl Stub {
    fn check(
        &self,
        start: usize,
        count: u64,
        size: u64,
        what: impl Fn() -> String,
    ) -> Result<usize, ParseError> {
        if start > self.0 {
            let msg = format!("offset 0x{start:x} is past the end of the {}-byte file", self.0);
            return Err(ParseError::new(start, what(), Problem::OutOfRange(msg)));
        }
        let left = (self.0 - start) as u64;
        match count.checked_mul(size) {
            Some(total) if total <= left => Ok(usize::try_from(total).unwrap_or(usize::MAX)),
            Some(total) => Err(ParseError::truncated(start, what(), total, left)),
            None => Err(ParseError::new(start, what(), Problem::Count("the size overflows".into()))),
        }
    }
}

/// Reads a whole file.
pub fn parse(data: &[u8]) -> Result<Collision, ParseError> {
    let header = read_header(data)?;
    let [nodes_at, triangles_at, vertices_at] = section_ranges(&header, data.len())?;

    let nodes = read_records::<Node, NODE_SIZE>(data, &nodes_at)?;
    let triangles = read_records::<Triangle, TRIANGLE_SIZE>(data, &triangles_at)?;
    let vertices =
        read_records::<Vertex, VERTEX_SIZE>(data, &vertices_at)?.into_iter().map(<[f32; 3]>::from).collect();

    // Everything not covered by the header or a section, in order.
    let mut covered: Vec<Range<usize>> =
        [0..HEADER_SIZE, nodes_at.range, triangles_at.range, vertices_at.range]
            .into_iter()
            .filter(|r| !r.is_empty())
            .collect();
    covered.sort_by_key(|r| r.start);
    let mut raw = Vec::new();
    let mut pos = 0;
    for r in covered.iter().cloned().chain(std::iter::once(data.len()..data.len())) {
        if let Some(gap) = data.get(pos..r.start).filter(|gap| !gap.is_empty()) {
            raw.push(RawBytes { offset: offset_u32(pos)?, bytes: gap.to_vec() });
        }
        pos = pos.max(r.end);
    }
    Ok(Collision { header, nodes, triangles, vertices, raw })
}

fn offset_u32(pos: usize) -> Result<u32, ParseError> {
    u32::try_from(pos).map_err(|_| {
        ParseError::new(pos, "file", Problem::Count("the file is larger than 4 GiB; offsets are u32".into()))
    })
}

// The record readers take the whole array with one checked read, then decode fixed-size records with
// [`Record::decode`], whose field positions are constants: no per-field bounds checks on the hot path.

fn read_records<R: Record<Bytes = [u8; N]>, const N: usize>(
    data: &[u8],
    at: &Section,
) -> Result<Vec<R>, ParseError> {
    let what = || format!("{} array", at.name);
    let mut c = C::at(data, at.range.start, what)?;
    let bytes = c.bytes(at.range.end - at.range.start, what)?;
    let mut out = Vec::with_capacity(bytes.len() / N);
    out.extend(bytes.chunks_exact(N).filter_map(|r| r.first_chunk::<N>()).map(R::decode));
    Ok(out)
}
