//! Writing a `.cl` file, and building a canonical one from parts.
//!
//! [`to_bytes`] is the twin of [`super::read::parse`]. It reserves first: the header, the three record
//! arrays (at the header's offsets) and every [`RawBytes`] block (at its offset), in offset order, must tile
//! the file without overlap or gap. Then it writes each piece with [`Record::encode`] and checks each
//! start against the reservation, so a parsed file writes back byte for byte. Header fields are written as
//! stored, never recomputed; no byte is invented.
//!
//! [`Collision::from_parts`] lays out a new file the way the game wants it: header, the ≥ 3-entry lists
//! concatenated, a u16 pad to a 4-byte boundary if needed, nodes, triangles, vertices.

use super::raw::Vertex;
use super::{
    Collision, Header, Node, RawBytes, Triangle, HEADER_SIZE, MAX_COUNT, NODE_SIZE, TRIANGLE_SIZE,
    VERTEX_SIZE,
};
use crate::bytes::{Be, WriteError, Writer};
use crate::num::saturate;
use crate::record::Record;
use std::fmt::Display;

type W = Writer<Be>;

enum Piece<'a> {
    Header,
    Nodes,
    Triangles,
    Vertices,
    Raw(&'a RawBytes),
}

/// The longest `.cl` file levelkit writes: 256 MiB, far above what the format's arrays can index (65,534
/// nodes, triangles and vertices: 5 MB) plus the lists of a complete tree
/// ([`super::tree::MAX_COMPLETE_ENTRIES`] entries: 32 MiB).
pub const MAX_FILE_LEN: u64 = 256 << 20;

/// The first check on pieces (`(offset, length)`, in any order), before anything is built from them: each
/// piece starts inside the declared size (`dataSize`) or exactly where another piece ends, and the file
/// stays within [`MAX_FILE_LEN`]. It names the far-away piece of a hostile dump or model by its own offset
/// (the writer's layout then also refuses any gap). On success: the file length; on failure: the offending
/// piece's index and what is wrong with it.
pub(super) fn check_extent(data_size: u32, pieces: &[(u64, u64)]) -> Result<u64, (usize, String)> {
    let declared = u64::from(data_size);
    // Ends of pieces that hold bytes (an empty piece cannot vouch for itself).
    let mut ends: Vec<u64> = pieces.iter().filter(|p| p.1 > 0).map(|&(o, l)| o.saturating_add(l)).collect();
    ends.sort_unstable();
    let mut end = 0u64;
    for (i, &(offset, len)) in pieces.iter().enumerate() {
        if offset > declared && ends.binary_search(&offset).is_err() {
            return Err((
                i,
                format!(
                    "{offset} is past the declared size (dataSize {declared}) and starts where no other piece \
                     ends: nothing in the file declares or holds the bytes before it"
                ),
            ));
        }
        let piece_end = offset.saturating_add(len);
        if piece_end > MAX_FILE_LEN {
            return Err((
                i,
                format!("{offset} with {len} bytes ends past {MAX_FILE_LEN}, the longest .cl file levelkit writes"),
            ));
        }
        end = end.max(piece_end);
    }
    Ok(end)
}

/// Where every piece of a file goes, computed before a byte is written (the reserve step).
struct Layout<'a> {
    /// The pieces in offset order; each starts where the previous one ends.
    pieces: Vec<Placed<'a>>,
    /// The file length.
    len: usize,
}

struct Placed<'a> {
    offset: usize,
    len: usize,
    piece: Piece<'a>,
}

/// Lays `c` out: the header at 0, the three arrays at the header's offsets, every raw block at its own.
/// Fails if the header's counts disagree with the arrays, if the layout breaks [`check_extent`], if pieces
/// overlap, or if bytes between two pieces belong to nothing in the model (the writer invents no bytes:
/// gaps, pads and lists are raw blocks).
fn layout(c: &Collision) -> Result<Layout<'_>, WriteError> {
    let h = &c.header;
    check_count("header numNodes", h.num_nodes, c.nodes.len())?;
    check_count("header numPolygons", h.num_polygons, c.triangles.len())?;
    check_count("header numVertices", h.num_vertices, c.vertices.len())?;

    let mut pieces: Vec<(u64, u64, Piece)> = vec![(0, HEADER_SIZE as u64, Piece::Header)];
    for (offset, count, size, piece) in [
        (h.node_offset, c.nodes.len(), NODE_SIZE, Piece::Nodes),
        (h.polygon_offset, c.triangles.len(), TRIANGLE_SIZE, Piece::Triangles),
        (h.vertex_offset, c.vertices.len(), VERTEX_SIZE, Piece::Vertices),
    ] {
        if count > 0 {
            pieces.push((u64::from(offset), (count * size) as u64, piece));
        }
    }
    pieces.extend(c.raw.iter().map(|r| (u64::from(r.offset), r.bytes.len() as u64, Piece::Raw(r))));
    pieces.sort_by_key(|p| p.0);

    let spans: Vec<(u64, u64)> = pieces.iter().map(|p| (p.0, p.1)).collect();
    let len = check_extent(h.data_size, &spans).map_err(|(i, msg)| WriteError::Inconsistent {
        what: piece_name(&pieces[i].2, pieces[i].0),
        msg: format!("offset {msg}"),
    })?;
    // check_extent bounds every end by MAX_FILE_LEN, so these fit a usize.
    let fit = |v: u64| usize::try_from(v).unwrap_or(usize::MAX);
    let mut placed = Vec::with_capacity(pieces.len());
    let mut end = 0u64;
    for (offset, size, piece) in pieces {
        let name = || piece_name(&piece, offset);
        if offset < end {
            return Err(WriteError::Inconsistent {
                what: name(),
                msg: format!("starts at 0x{offset:x}, inside the previous piece, which ends at 0x{end:x}"),
            });
        }
        if offset > end {
            return Err(WriteError::Inconsistent {
                what: name(),
                msg: format!(
                    "starts at 0x{offset:x}, but the previous piece ends at 0x{end:x}: nothing in the model holds \
                     the {} byte(s) between (give them a raw block)",
                    offset - end
                ),
            });
        }
        end = offset + size;
        placed.push(Placed { offset: fit(offset), len: fit(size), piece });
    }
    Ok(Layout { pieces: placed, len: fit(len) })
}

/// Writes `c` as bytes: the layout first, then each piece, its start and end checked against the layout.
pub fn to_bytes(c: &Collision) -> Result<Vec<u8>, WriteError> {
    let layout = layout(c)?;
    let mut w = W::with_capacity(layout.len);
    for Placed { offset, len, piece } in &layout.pieces {
        let name = || piece_name(piece, *offset as u64);
        w.expect_pos(*offset, name)?;
        match piece {
            Piece::Header => w.bytes(&c.header.encode()),
            Piece::Nodes => c.nodes.iter().for_each(|n| w.bytes(&n.encode())),
            Piece::Triangles => c.triangles.iter().for_each(|t| w.bytes(&t.encode())),
            Piece::Vertices => c.vertices.iter().for_each(|&v| w.bytes(&Vertex::from(v).encode())),
            Piece::Raw(r) => w.bytes(&r.bytes),
        }
        w.expect_pos(offset + len, || format!("end of {}", name()))?;
    }
    w.expect_pos(layout.len, "end of file")?;
    Ok(w.into_inner())
}

fn piece_name(piece: &Piece, offset: u64) -> String {
    match piece {
        Piece::Header => "header".into(),
        Piece::Nodes => "node array".into(),
        Piece::Triangles => "triangle array".into(),
        Piece::Vertices => "vertex array".into(),
        Piece::Raw(_) => format!("raw bytes at 0x{offset:x}"),
    }
}

fn check_count(what: &str, stored: u16, actual: usize) -> Result<(), WriteError> {
    if usize::from(stored) == actual {
        Ok(())
    } else {
        Err(WriteError::Inconsistent {
            what: what.into(),
            msg: format!("says {stored} but the model has {actual}; set it to match (or use from_parts)"),
        })
    }
}

/// A node for [`Collision::from_parts`]: everything but its number (its index) and where its list goes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NodeParts {
    /// parentNo (root: 0).
    pub parent: u16,
    /// childNo: the first of 4 contiguous children; 0 for a leaf.
    pub child: u16,
    /// +X, −X, +Z, −Z; 0 = none.
    pub neighbors: [u16; 4],
    /// nx: the min corner's X in units of rootLength / 2^maxDepth.
    pub nx: u16,
    /// nz: the min corner's Z, likewise.
    pub nz: u16,
    /// depth: root 0; a child is its parent + 1.
    pub depth: u8,
    /// The triangles the node lists, in the order the game should test them.
    pub list: Vec<u16>,
}

/// The largest triangle index a 1- or 2-entry list can hold inline (the game masks with 0x7FFF).
const INLINE_MAX: u16 = 0x7FFF;

// `what` is formatted only on failure: from_parts names every node's list, and a string per node costs
// more than laying the node out.
fn count_u16(what: impl Display, n: usize) -> Result<u16, WriteError> {
    if n > MAX_COUNT {
        return Err(WriteError::TooLarge {
            what: what.to_string(),
            value: n as u64,
            field: "a u16 count (0xFFFF is reserved)",
        });
    }
    u16::try_from(n).map_err(|_| WriteError::TooLarge {
        what: what.to_string(),
        value: n as u64,
        field: "u16",
    })
}

fn offset_u32(what: impl Display, n: usize) -> Result<u32, WriteError> {
    u32::try_from(n).map_err(|_| WriteError::TooLarge {
        what: what.to_string(),
        value: n as u64,
        field: "a u32 offset",
    })
}

/// Names node `0`'s list in an error, formatted only when one is raised.
#[derive(Clone, Copy)]
struct NodeList(usize);

impl Display for NodeList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "nodes[{}].list", self.0)
    }
}

/// Appends `list` to `out` as big-endian u16s.
fn push_be(out: &mut Vec<u8>, list: &[u16]) {
    let start = out.len();
    out.resize(start + list.len() * 2, 0);
    for (bytes, x) in out[start..].chunks_exact_mut(2).zip(list) {
        bytes.copy_from_slice(&x.to_be_bytes());
    }
}

impl Node {
    /// This node's tree fields (parent, child, position, depth) with the given links and list.
    pub fn parts(&self, neighbors: [u16; 4], list: Vec<u16>) -> NodeParts {
        NodeParts {
            parent: self.parent,
            child: self.child,
            neighbors,
            nx: self.nx,
            nz: self.nz,
            depth: self.depth,
            list,
        }
    }
}

impl Collision {
    /// [`Collision::from_parts`] with this file's header root, length and maxDepth, triangles and vertices:
    /// the same file laid out anew over `nodes`.
    pub fn with_node_parts(&self, nodes: &[NodeParts]) -> Result<Collision, WriteError> {
        let h = &self.header;
        Collision::from_parts(
            h.root_center,
            h.root_length,
            h.max_depth,
            nodes,
            self.triangles.clone(),
            self.vertices.clone(),
        )
    }

    /// Builds a canonical, game-correct file. Node `i` gets number `i`; header offsets, counts and
    /// `dataSize` are computed. Lists of 1 or 2 entries go inline in `polyIndex` (never padded); longer
    /// lists are stored after the header in node order. An inline entry must be ≤ 0x7FFF (the game's
    /// mask): a 1- or 2-entry list holding a larger index is stored as a 3-entry list instead, its last
    /// entry repeated (testing a triangle twice changes nothing).
    ///
    /// Fails if a count is 0xFFFF or more, a list has 0xFFFF or more entries, or the file outgrows u32
    /// offsets. Nothing else is checked: validate the result to see what the game would make of it.
    pub fn from_parts(
        root_center: [f32; 3],
        root_length: f32,
        max_depth: u16,
        nodes: &[NodeParts],
        triangles: Vec<Triangle>,
        vertices: Vec<[f32; 3]>,
    ) -> Result<Collision, WriteError> {
        let num_nodes = count_u16("nodes", nodes.len())?;
        let num_polygons = count_u16("triangles", triangles.len())?;
        let num_vertices = count_u16("vertices", vertices.len())?;

        // Reserve: where each stored list goes, and what every node's numPoly/polyIndex become. Stored lists
        // are encoded as they are placed, into a buffer that holds them all (every entry, plus at most two
        // repeats per node) and the pad.
        let entries: usize = nodes.iter().map(|p| p.list.len()).sum();
        let mut raw_bytes: Vec<u8> = Vec::with_capacity((entries + 2 * nodes.len()) * 2 + 2);
        let mut out_nodes = Vec::with_capacity(nodes.len());
        for (i, p) in nodes.iter().enumerate() {
            let what = NodeList(i);
            let num_poly = count_u16(what, p.list.len())?;
            let inline_ok = |list: &[u16]| list.iter().all(|&t| t <= INLINE_MAX);
            let (num_poly, poly_index) = match p.list.as_slice() {
                [] => (0, 0),
                [a] if inline_ok(&p.list) => (1, u32::from(*a)),
                [a, b] if inline_ok(&p.list) => (2, u32::from(*a) | (u32::from(*b) << 16)),
                list => {
                    let at = offset_u32(what, HEADER_SIZE + raw_bytes.len())?;
                    push_be(&mut raw_bytes, list);
                    let mut n = num_poly;
                    if list.len() < 3 {
                        let last = *list.last().unwrap_or(&0);
                        push_be(&mut raw_bytes, &[last; 2][..3 - list.len()]);
                        n = 3;
                    }
                    (n, at)
                }
            };
            out_nodes.push(Node {
                number: u16::try_from(i).unwrap_or(u16::MAX),
                parent: p.parent,
                child: p.child,
                neighbors: p.neighbors,
                num_poly,
                poly_index,
                nx: p.nx,
                nz: p.nz,
                depth: p.depth,
                tail: [0; 7],
            });
        }
        let lists_end = HEADER_SIZE + raw_bytes.len();
        let node_offset = lists_end.next_multiple_of(4);
        let polygon_offset = node_offset + nodes.len() * NODE_SIZE;
        let vertex_offset = polygon_offset + triangles.len() * TRIANGLE_SIZE;
        let end = vertex_offset + vertices.len() * VERTEX_SIZE;

        raw_bytes.resize(node_offset - HEADER_SIZE, 0);
        let raw = if raw_bytes.is_empty() {
            Vec::new()
        } else {
            vec![RawBytes { offset: saturate(HEADER_SIZE), bytes: raw_bytes }]
        };

        let c = Collision {
            header: Header {
                data_size: offset_u32("file length", end)?,
                node_offset: offset_u32("node offset", node_offset)?,
                polygon_offset: offset_u32("triangle offset", polygon_offset)?,
                vertex_offset: offset_u32("vertex offset", vertex_offset)?,
                root_center,
                root_length,
                max_depth,
                num_polygons,
                num_vertices,
                num_nodes,
            },
            nodes: out_nodes,
            triangles,
            vertices,
            raw,
        };
        // The reserved layout must be exactly what to_bytes will lay down (it re-checks every section).
        if c.file_len() != end as u64 {
            return Err(WriteError::Layout {
                what: "file end".into(),
                expected: end as u64,
                actual: c.file_len(),
            });
        }
        Ok(c)
    }
}
