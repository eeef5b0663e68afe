//! Sonic Heroes stage collision (`.cl`): big-endian, a quadtree over X/Z whose nodes list triangles.
//!
//! The layout, as levelkit reads and writes it ([`raw`] declares every record once;
//! `docs/reference/formats/heroes-cl.md` has the full tables):
//! a 0x28-byte [`Header`], then — at offsets the header gives — the [`Node`] array (0x20 each), the
//! [`Triangle`] array (0x20 each) and the vertex array (3 × f32 each). Every other byte of the file (the
//! nodes' triangle-index lists, the alignment pad, gaps, trailing bytes) is kept as [`RawBytes`] at its
//! offset, so [`Collision::parse`] → [`Collision::to_bytes`] is byte-identical for every file that parses.
//!
//! A node's triangle list is *not* always in the list area: with 1 or 2 entries the game takes the indices
//! from `polyIndex` itself ([`Collision::node_list`] decodes exactly as the game does).
//!
//! - [`raw`]: the on-disk records, each declared once; [`read`]: parsing; [`write`](mod@write): reserve, then write,
//!   and [`Collision::from_parts`] (a canonical, game-correct file);
//! - [`validate`]: findings (errors where the game misbehaves, warnings where it works worse), each at
//!   a place [`locate`] names from the record tables;
//! - [`geom`]: normals, node squares and the exact triangle/square overlap test the tree relies on;
//! - [`tree`]: the complete reference tree (complete lists, canonical links) every file is measured against;
//! - [`dump`]: the lossless JSON form; [`generate`]: deterministic sample files; [`flags`]: surface names;
//! - [`query`]: the game's collision queries walked as the game walks the tree, with the game's own sphere
//!   tests ([`query::sphere_game`]); [`exact`]: the same queries over every triangle, with exact sphere tests
//!   ([`exact::sphere`]); [`audit`]: where the two differ (holes); [`render::map`](crate::render::map): a
//!   top-down picture.

pub mod audit;
pub mod builder;
pub mod dump;
pub mod exact;
pub mod flags;
pub mod generate;
pub mod geom;
#[cfg(feature = "live")]
pub mod live;
pub mod locate;
pub mod query;
pub mod raw;
pub mod read;
pub mod tree;
pub mod validate;
pub mod write;

pub use raw::{Header, Node, Triangle};
pub use write::NodeParts;

use crate::record::Value;

/// Size of the header.
pub const HEADER_SIZE: usize = <Header as Value>::SIZE;
/// Size of one node record.
pub const NODE_SIZE: usize = <Node as Value>::SIZE;
/// Size of one triangle record.
pub const TRIANGLE_SIZE: usize = <Triangle as Value>::SIZE;
/// Size of one vertex (3 × f32).
pub const VERTEX_SIZE: usize = <raw::Vertex as Value>::SIZE;
/// Counts are u16 and the game reserves 0xFFFF (visited-bitsets and "none" links), so this is the most of
/// anything a file can hold.
pub const MAX_COUNT: usize = 0xFFFE;
/// The deepest tree the game's arrays allow (`half[16]`).
pub const MAX_DEPTH: u16 = 15;
/// A triangle adjacency slot with no neighbour.
pub const NO_TRIANGLE: u16 = 0xFFFF;
/// `polyIndex` bits the game reads as the first inline entry (numPoly 1 or 2).
pub const INLINE_MASK_0: u32 = 0x7FFF;
/// `polyIndex` bits the game reads as the second inline entry (numPoly 2), before the shift by 16.
pub const INLINE_MASK_1: u32 = 0x7FFF_0000;

/// Which neighbour slot is which side.
pub const NEIGHBOR_SIDES: [&str; 4] = ["+X", "-X", "+Z", "-Z"];

impl Node {
    /// Whether the node has children.
    pub fn is_leaf(&self) -> bool {
        self.child == 0
    }
}

/// File bytes outside the header and the node, triangle and vertex arrays, at their offset: the list area,
/// the alignment pad, gaps between sections and trailing bytes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RawBytes {
    /// Absolute file offset of the first byte.
    pub offset: u32,
    /// The bytes, as read.
    pub bytes: Vec<u8>,
}

impl RawBytes {
    /// One past the last byte.
    pub fn end(&self) -> u64 {
        u64::from(self.offset) + self.bytes.len() as u64
    }
}

/// A whole `.cl` file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Collision {
    /// The 0x28-byte header.
    pub header: Header,
    /// The node array; `nodes.len()` must equal `header.num_nodes` to write.
    pub nodes: Vec<Node>,
    /// The triangle array; `triangles.len()` must equal `header.num_polygons`.
    pub triangles: Vec<Triangle>,
    /// The vertex array; `vertices.len()` must equal `header.num_vertices`.
    pub vertices: Vec<[f32; 3]>,
    /// Every other byte of the file, sorted by offset, not overlapping each other or the sections.
    pub raw: Vec<RawBytes>,
}

/// Why a node's triangle list cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListError {
    /// The node.
    pub node: usize,
    /// Where the list claims to start.
    pub offset: u32,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for ListError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "nodes[{}] list at 0x{:x}: {}", self.node, self.offset, self.message)
    }
}

/// Every node's triangle list, decoded once: `get(node)` is a slice. Lists that share bytes share storage,
/// so memory stays proportional to the file whatever the nodes claim.
#[derive(Clone, Debug, Default)]
pub struct NodeLists {
    /// Decoded entries; node `n`'s list is `words[spans[n].0 .. spans[n].0 + spans[n].1]`.
    pub words: Vec<u16>,
    /// (start, length) into `words` per node; (0, 0) for an empty or unreadable list.
    pub spans: Vec<(u32, u32)>,
    /// Lists the game would read outside the file (or from inside a section), one per node at most.
    pub errors: Vec<ListError>,
}

impl NodeLists {
    /// Node `node`'s triangle indices (empty for an unknown node or an unreadable list).
    pub fn get(&self, node: usize) -> &[u16] {
        match self.spans.get(node) {
            Some(&(start, len)) => {
                let start = start as usize;
                self.words.get(start..start + len as usize).unwrap_or(&[])
            }
            None => &[],
        }
    }

    /// Sum of all list lengths (shared lists counted each time).
    pub fn total_entries(&self) -> u64 {
        self.spans.iter().map(|s| u64::from(s.1)).sum()
    }
}

/// Whether `data` looks like a `.cl` file: the header's offsets and counts describe sections that fit the
/// data and do not overlap the header. Never panics.
pub fn looks_like(data: &[u8]) -> bool {
    let Ok(h) = read::read_header(data) else { return false };
    // A header of zeros is no evidence; an empty collision file has at least one node.
    if h.num_nodes == 0 || h.max_depth > 64 {
        return false;
    }
    read::section_ranges(&h, data.len()).is_ok()
}

impl Collision {
    /// Reads a file. See [`read`].
    pub fn parse(data: &[u8]) -> Result<Self, crate::bytes::ParseError> {
        read::parse(data)
    }

    /// Writes the file back; byte-identical to what [`Collision::parse`] read. See [`mod@write`].
    pub fn to_bytes(&self) -> Result<Vec<u8>, crate::bytes::WriteError> {
        write::to_bytes(self)
    }

    /// Every finding. See [`validate`].
    pub fn validate(&self) -> crate::findings::Findings {
        validate::validate(self)
    }

    /// Node `node`'s triangle indices exactly as the game reads them: numPoly 0 → none; 1 →
    /// `polyIndex & 0x7FFF`; 2 → `polyIndex & 0x7FFF` and `(polyIndex & 0x7FFF0000) >> 16`; ≥ 3 → numPoly
    /// big-endian u16s at absolute offset polyIndex, which must lie in the bytes outside the sections.
    pub fn node_list(&self, node: usize) -> Result<Vec<u16>, ListError> {
        let n = self.nodes.get(node).ok_or_else(|| ListError {
            node,
            offset: 0,
            message: format!("there are only {} nodes", self.nodes.len()),
        })?;
        match n.num_poly {
            0 => Ok(Vec::new()),
            1 | 2 => Ok(inline_entries(n.poly_index)[..usize::from(n.num_poly)].to_vec()),
            count => {
                let bytes = self.stored_list_bytes(node, n.poly_index, count)?;
                Ok(bytes.chunks_exact(2).map(|p| u16::from_be_bytes([p[0], p[1]])).collect())
            }
        }
    }

    /// Where a stored (≥ 3 entry) list lies: the [`RawBytes`] block holding all of it and the position
    /// inside that block.
    fn stored_list_at(&self, node: usize, offset: u32, count: u16) -> Result<(usize, usize), ListError> {
        let len = usize::from(count) * 2;
        let err = |message: String| ListError { node, offset, message };
        let (bi, start) = self.raw_at(offset).ok_or_else(|| {
            err(format!(
                "{count} entries at 0x{offset:x}: the offset is not in the list area (past the end of the file, \
                 in the header or inside the node, triangle or vertex array)"
            ))
        })?;
        let block = &self.raw[bi];
        if block.bytes.len() - start < len {
            return Err(err(format!(
                "{count} entries ({len} bytes) at 0x{offset:x} run past the end of the bytes there (0x{:x})",
                block.end()
            )));
        }
        Ok((bi, start))
    }

    /// The raw bytes of a stored list.
    fn stored_list_bytes(&self, node: usize, offset: u32, count: u16) -> Result<&[u8], ListError> {
        let (bi, start) = self.stored_list_at(node, offset, count)?;
        Ok(&self.raw[bi].bytes[start..start + usize::from(count) * 2])
    }

    /// The index of the raw block holding `offset` and the position inside it.
    fn raw_at(&self, offset: u32) -> Option<(usize, usize)> {
        let i = self.raw.partition_point(|r| r.offset <= offset).checked_sub(1)?;
        let block = self.raw.get(i)?;
        let start = usize::try_from(offset - block.offset).ok()?;
        (start < block.bytes.len()).then_some((i, start))
    }

    /// Every node's list, decoded once (see [`NodeLists`]). Unreadable lists are reported in `errors`.
    pub fn lists(&self) -> NodeLists {
        let mut out = NodeLists { spans: Vec::with_capacity(self.nodes.len()), ..NodeLists::default() };
        // Decoded u16 runs per (raw block, byte parity), made on first use: shared lists share storage.
        let mut decoded: Vec<[Option<u32>; 2]> = vec![[None, None]; self.raw.len()];
        for (i, n) in self.nodes.iter().enumerate() {
            let span = match n.num_poly {
                0 => (0, 0),
                1 | 2 => {
                    let start = word_index(out.words.len());
                    out.words.extend_from_slice(&inline_entries(n.poly_index)[..usize::from(n.num_poly)]);
                    (start, u32::from(n.num_poly))
                }
                count => match self.stored_list_at(i, n.poly_index, count) {
                    Ok((bi, start)) => {
                        let parity = start % 2;
                        let base = *decoded[bi][parity].get_or_insert_with(|| {
                            let base = word_index(out.words.len());
                            let run = self.raw[bi].bytes.get(parity..).unwrap_or(&[]);
                            out.words.extend(run.chunks_exact(2).map(|p| u16::from_be_bytes([p[0], p[1]])));
                            base
                        });
                        (base.saturating_add(word_index(start / 2)), u32::from(count))
                    }
                    Err(e) => {
                        out.errors.push(e);
                        (0, 0)
                    }
                },
            };
            out.spans.push(span);
        }
        out
    }

    /// The game's grid for this header (`None` if maxDepth is above 15).
    pub fn grid(&self) -> Option<geom::Grid> {
        geom::Grid::new(&self.header)
    }

    /// The leaf the game's point descent reaches for (x, z): from node 0, while the node has children, take
    /// child bit 0 if x ≥ centre x and bit 1 if z ≥ centre z, the centre summed in the game's order
    /// ([`geom::Grid::center`], shared with [`query::GameTree::leaf_of`]). Like the game, it does
    /// not check that the point is inside the root. `None` if the walk meets a child index out of range, a
    /// depth above 15, or goes deeper than 16 levels (a cycle).
    pub fn leaf_at(&self, x: f32, z: f32) -> Option<usize> {
        let grid = self.grid()?;
        let mut i = 0usize;
        for _ in 0..=usize::from(MAX_DEPTH) + 1 {
            let node = self.nodes.get(i)?;
            if node.child == 0 {
                return Some(i);
            }
            let (center, _) = grid.center(node.nx, node.nz, node.depth)?;
            let bit_x = usize::from(x >= center[0]);
            let bit_z = usize::from(z >= center[1]);
            i = usize::from(node.child) + bit_x + 2 * bit_z;
        }
        None
    }

    /// The deepest node's depth field (0 for no nodes).
    pub fn tree_depth(&self) -> u8 {
        self.nodes.iter().map(|n| n.depth).max().unwrap_or(0)
    }

    /// Number of nodes without children.
    pub fn leaf_count(&self) -> usize {
        self.nodes.iter().filter(|n| n.is_leaf()).count()
    }

    /// The file length [`Collision::to_bytes`] produces: the end of the furthest section or raw block.
    pub fn file_len(&self) -> u64 {
        let h = &self.header;
        let mut end = HEADER_SIZE as u64;
        let mut section = |offset: u32, count: usize, size: usize| {
            if count > 0 {
                end = end.max(u64::from(offset) + (count * size) as u64);
            }
        };
        section(h.node_offset, self.nodes.len(), NODE_SIZE);
        section(h.polygon_offset, self.triangles.len(), TRIANGLE_SIZE);
        section(h.vertex_offset, self.vertices.len(), VERTEX_SIZE);
        self.raw.iter().map(RawBytes::end).fold(end, u64::max)
    }
}

/// The two inline entries the game reads from `polyIndex` (numPoly 1 uses the first).
pub fn inline_entries(poly_index: u32) -> [u16; 2] {
    let low = u16::try_from(poly_index & INLINE_MASK_0).unwrap_or(0);
    let high = u16::try_from((poly_index & INLINE_MASK_1) >> 16).unwrap_or(0);
    [low, high]
}

/// A position in [`NodeLists::words`]; the words never outnumber the file's bytes plus two per node.
fn word_index(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests;
