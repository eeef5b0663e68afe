//! From prepared triangles to a finished file: adjacency and normals, the grown tree laid out by
//! [`Collision::from_parts`] (the one layout every `.cl` writer uses) at the header's depth, canonical
//! neighbour links, and what was made ([`TreeReport`]).

use super::adjacency::{adjacency, adjacency_by_ids};
use super::error::BuildError;
use super::grow::{bounds, choose_root, grow, Grown, Root};
use super::options::{Depth, TreeOptions};
use crate::heroes::geom::{self, Xz};
use crate::heroes::{tree, Collision, NodeParts, Triangle, MAX_DEPTH};
use crate::num::saturate;
use serde::Serialize;

/// The tree [`super::build`] or [`super::repair`] made.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[non_exhaustive]
pub struct TreeReport {
    /// numPolygons.
    pub triangles: usize,
    /// numVertices.
    pub vertices: usize,
    /// numNodes.
    pub nodes: usize,
    /// Nodes with no children.
    pub leaves: usize,
    /// The deepest node's depth.
    pub tree_depth: u8,
    /// The header's maxDepth.
    pub max_depth: u16,
    /// The header's rootCenter.
    pub root_center: [f32; 3],
    /// The header's rootLength.
    pub root_length: f32,
    /// Entries over all lists (inline ones included).
    pub list_entries: u64,
    /// Nodes whose list is inline (1 or 2 entries).
    pub inline_lists: usize,
    /// Edges shared by two or more triangles.
    pub shared_edges: usize,
    /// Edges shared by more than two triangles (see [`adjacency`] for how they are linked).
    pub non_manifold_edges: usize,
    /// Auto depth stopped splitting because the next level would pass 65,534 nodes.
    pub node_limit_reached: bool,
    /// The file's size in bytes.
    pub bytes: u64,
}

/// Adjacency for `triangles` (in place), then the tree. Every triangle must be non-degenerate with its
/// vertices in range and carry its normal from the winding (the degenerate test computed it), and the
/// counts must fit.
pub(super) fn build_tree(
    mut triangles: Vec<Triangle>,
    vertices: Vec<[f32; 3]>,
    unique_positions: bool,
    opts: &TreeOptions,
) -> Result<(Collision, TreeReport), BuildError> {
    let tris: Vec<[u16; 3]> = triangles.iter().map(|t| t.vertices).collect();
    // Adjacency and the tree do not depend on each other: one per core (a small mesh: one after the other).
    let ((adj, stats), grown) = crate::par::join_if(
        tris.len() >= crate::par::MIN_PARALLEL,
        || {
            if unique_positions {
                // Welded vertices: the index is the position's id.
                adjacency_by_ids(&tris, &(0..saturate::<u32, _>(vertices.len())).collect::<Vec<_>>())
            } else {
                adjacency(&tris, &vertices)
            }
        },
        || grow_tree(&tris, &vertices, opts),
    );
    let (root, grown) = grown?;
    for (t, neighbors) in triangles.iter_mut().zip(adj) {
        t.neighbors = neighbors;
    }
    let max_depth = opts.max_depth.unwrap_or(u16::from(grown.tree_depth));
    let collision = assemble(&root, grown.nodes, max_depth, triangles, vertices)?;
    let report = TreeReport {
        triangles: collision.triangles.len(),
        vertices: collision.vertices.len(),
        nodes: collision.nodes.len(),
        leaves: collision.leaf_count(),
        tree_depth: collision.tree_depth(),
        max_depth,
        root_center: collision.header.root_center,
        root_length: collision.header.root_length,
        // Every list of a laid-out tree is readable: numPoly is its length.
        list_entries: collision.nodes.iter().map(|n| u64::from(n.num_poly)).sum(),
        inline_lists: collision.nodes.iter().filter(|n| n.num_poly == 1 || n.num_poly == 2).count(),
        shared_edges: stats.shared,
        non_manifold_edges: stats.non_manifold,
        node_limit_reached: grown.limited,
        bytes: collision.file_len(),
    };
    Ok((collision, report))
}

/// Lays the grown tree out at header depth `max_depth`, with canonical links (and, if the root is not
/// exact, lists recomputed by [`tree::complete_lists`] over the game's own squares).
fn assemble(
    root: &Root,
    mut nodes: Vec<NodeParts>,
    max_depth: u16,
    triangles: Vec<Triangle>,
    vertices: Vec<[f32; 3]>,
) -> Result<Collision, BuildError> {
    let shift = MAX_DEPTH - max_depth;
    for n in &mut nodes {
        n.nx >>= shift;
        n.nz >>= shift;
    }
    let mut c = Collision::from_parts(root.center, root.length, max_depth, &nodes, triangles, vertices)?;
    if !root.exact {
        c = tree::complete(&c)?;
    }
    let links = tree::canonical_links(&c.nodes, max_depth);
    for (n, l) in c.nodes.iter_mut().zip(links) {
        n.neighbors = l;
    }
    Ok(c)
}

/// The root and the grown tree over the triangles' footprints, shaped by `opts`.
fn grow_tree(
    tris: &[[u16; 3]],
    vertices: &[[f32; 3]],
    opts: &TreeOptions,
) -> Result<(Root, Grown), BuildError> {
    let root = choose_root(vertices)?;
    let footprints: Vec<[Xz; 3]> =
        tris.iter().map(|t| geom::triangle_xz(vertices, t).unwrap_or([[f32::NAN; 2]; 3])).collect();
    let extents: Vec<f32> = footprints
        .iter()
        .map(|f| {
            let (lo, hi) = bounds(f);
            (hi[0] - lo[0]).max(hi[1] - lo[1])
        })
        .collect();
    let leaf = opts.leaf_triangles;
    let (limit, strict) = match opts.depth {
        Depth::Auto => (opts.max_depth.unwrap_or(MAX_DEPTH), None),
        Depth::Fixed(d) => (d, Some(d)),
    };
    let mut policy = |_depth: u8, list: &[u16], side: f32| match opts.depth {
        Depth::Fixed(_) => !list.is_empty(),
        Depth::Auto => {
            // More than leaf / 2 small ones: the count stops at the first one past that.
            list.len() > leaf
                && list.iter().filter(|&&t| extents[usize::from(t)] <= side / 2.0).nth(leaf / 2).is_some()
        }
    };
    let grown = grow(&root, &footprints, limit, strict, &mut policy)?;
    Ok((root, grown))
}

impl TreeReport {
    /// The lines about the tree written and its root, as every front end prints them.
    pub fn text(&self) -> String {
        format!(
            "  wrote: {} triangles, {} vertices, {} nodes ({} leaves), depth {} (maxDepth {}), {} list entries \
             ({} inline), {} shared edges ({} shared by more than two), {} bytes{}\n  root: centre ({}, {}, {}), \
             side {}\n",
            self.triangles,
            self.vertices,
            self.nodes,
            self.leaves,
            self.tree_depth,
            self.max_depth,
            self.list_entries,
            self.inline_lists,
            self.shared_edges,
            self.non_manifold_edges,
            self.bytes,
            if self.node_limit_reached { "; splitting stopped at the 65,534-node limit" } else { "" },
            self.root_center[0],
            self.root_center[1],
            self.root_center[2],
            self.root_length
        )
    }
}
