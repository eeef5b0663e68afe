//! The (leaf, triangle) pairs the reach rule checks: every leaf a descent from the root, pruned by the
//! triangle's X/Z bounding box, reaches, whose own square the footprint overlaps (exact test,
//! [`geom::triangle_overlaps_square`]).
//!
//! The descent does not start at the root: a table of the nodes at [`CELL_DEPTH`] (and the shallower
//! leaves) gives, for the cells a bounding box covers, the nodes it would reach there. A box reaches a node
//! exactly when it meets every square on the way down, and per axis meeting each of several intervals is
//! meeting their intersection (as comparisons), so one test against the node's [`Squares::reached`] box
//! replaces the walk from the root.

use super::structure::Tree;
use super::MAX_REACH_VISITS;
use crate::heroes::geom::{self, Grid};
use crate::heroes::{Collision, NodeLists, Triangle};
use crate::num::{saturate, SaturatingFrom};
use std::sync::atomic::{AtomicU64, Ordering};

/// A square or box on X/Z as (min x, min z, max x, max z).
type Rect = [f32; 4];

/// The depth of the cell table the descent starts from: 256 × 256 cells of 2 bytes, which skips most of
/// a deep tree's levels and stays in cache.
const CELL_DEPTH: u8 = 8;

/// Each node's square, and what a bounding box must meet to reach it.
struct Squares {
    /// The node's own square (NaN where it has none).
    own: Vec<Rect>,
    /// The intersection of the squares from the root down to the node: a box reaches the node exactly
    /// when it meets this.
    reached: Vec<Rect>,
}

impl Squares {
    fn new(c: &Collision, tree: &Tree, grid: &Grid) -> Squares {
        let own: Vec<Rect> = c
            .nodes
            .iter()
            .map(|n| {
                grid.square(n.nx, n.nz, n.depth).map_or([f32::NAN; 4], |sq| {
                    let max = sq.max();
                    [sq.min[0], sq.min[1], max[0], max[1]]
                })
            })
            .collect();
        let mut reached = own.clone();
        // Parents come before children in the tree's order.
        for &i in tree.order.iter().skip(1) {
            let (i, p) = (usize::from(i), usize::from(tree.parent[usize::from(i)]));
            let (mine, above) = (own[i], reached[p]);
            reached[i] =
                [mine[0].max(above[0]), mine[1].max(above[1]), mine[2].min(above[2]), mine[3].min(above[3])];
        }
        Squares { own, reached }
    }
}

/// The nodes the descent starts from: per cell of the 2^depth × 2^depth grid over the root, the node at
/// `depth` there, or the leaf above it. A sound tree covers every cell once.
struct Cells {
    /// Cells per row.
    side: usize,
    /// Node per cell, row by row (z major); [`NO_NODE`] where none.
    nodes: Vec<u16>,
    /// The root's min corner, and cells per unit of length, in f64.
    origin: [f64; 2],
    per_length: f64,
    /// How far a node's square, as the game computes it in f32, may lie outside its cells.
    slack: f64,
}

const NO_NODE: u16 = u16::MAX;

impl Cells {
    fn new(c: &Collision, tree: &Tree, grid: &Grid) -> Cells {
        let origin = grid.root_min.map(f64::from);
        let root_side = f64::from(grid.half[0]) * 2.0;
        // Node corners are rootMin + nx·unit and min + side, each rounded once in f32: a few ulps of the
        // largest coordinate. 2^-20 of it is eight times that.
        let slack = (origin[0].abs() + origin[1].abs() + 2.0 * root_side) / f64::from(1u32 << 20);
        let usable = root_side > 0.0 && root_side.is_finite() && origin.iter().all(|x| x.is_finite());
        // The table's depth is at most the tree's, and the tree is no deeper than maxDepth (checked).
        let depth = if usable { CELL_DEPTH.min(c.tree_depth()) } else { 0 };
        let shift = grid.max_depth.saturating_sub(u16::from(depth));
        let side = 1usize << depth;
        let mut nodes = vec![NO_NODE; side * side];
        for &i in &tree.order {
            let n = &c.nodes[usize::from(i)];
            if n.depth > depth || (n.depth < depth && n.child != 0) {
                continue;
            }
            let span = 1usize << (depth - n.depth);
            let (x0, z0) = (usize::from(n.nx >> shift), usize::from(n.nz >> shift));
            for z in z0..z0 + span {
                if let Some(row) = nodes.get_mut(z * side + x0..z * side + x0 + span) {
                    row.fill(i);
                }
            }
        }
        Cells { side, nodes, origin, per_length: side as f64 / root_side, slack }
    }

    /// The cells (x range, z range) a node whose square meets the box `lo`..`hi` may cover.
    fn range(&self, lo: [f32; 2], hi: [f32; 2]) -> [[usize; 2]; 2] {
        let last = self.side - 1;
        // Truncation is floor here: what it rounds up (below 0) is clamped to cell 0 anyway.
        let to_cell =
            |v: f64, axis: usize| usize::saturating_from((v - self.origin[axis]) * self.per_length).min(last);
        [0, 1].map(|a| [to_cell(f64::from(lo[a]) - self.slack, a), to_cell(f64::from(hi[a]) + self.slack, a)])
    }
}

/// Every (leaf, triangle) pair the rule checks (see the module docs), in runs in triangle order, except
/// those whose leaf's list is seen to hold the triangle ([`holds`]): the rule has nothing to say about them.
/// `None` when the descents would visit more than
/// [`MAX_REACH_VISITS`] nodes in all.
pub(super) fn unlisted_pairs(
    c: &Collision,
    tree: &Tree,
    grid: &Grid,
    lists: &NodeLists,
) -> Option<Vec<Vec<(u16, u16)>>> {
    let squares = Squares::new(c, tree, grid);
    let cells = Cells::new(c, tree, grid);
    // The descent reads only this of each node: 2 bytes where the node is 32.
    let children: Vec<u16> = c.nodes.iter().map(|n| n.child).collect();
    let searchable: Vec<bool> = (0..c.nodes.len())
        .map(|i| {
            let list = lists.get(i);
            children[i] == 0 && list.len() > SCANNED && ascending(list)
        })
        .collect();
    // Visits so far, over every run: a run stops once they pass the bound, so the outcome is whether the
    // whole work passes it, whatever the order the runs take.
    let visits = AtomicU64::new(0);
    let listed = |leaf: usize, t: u16| holds(lists.get(leaf), t, searchable[leaf]);
    let pairs_of = |offset: usize, chunk: &[Triangle]| -> Option<Vec<(u16, u16)>> {
        let mut pairs = Vec::new();
        let mut stack: Vec<u16> = Vec::with_capacity(64);
        for (t, tri) in (offset..).zip(chunk) {
            if visits.load(Ordering::Relaxed) > MAX_REACH_VISITS {
                return None;
            }
            let Some(points) = geom::triangle_points(&c.vertices, &tri.vertices) else { continue };
            if !points.iter().flatten().all(|x| x.is_finite()) {
                continue;
            }
            let xz = points.map(|p| [p[0], p[2]]);
            let t: u16 = saturate(t);
            let (lo, hi) = geom::xz_bounds(&points);
            // A sound tree is a tree: each node is tested at most once per triangle.
            let mut visited = 0u64;
            let mut push_if_reached = |stack: &mut Vec<u16>, i: u16| {
                visited += 1;
                let sq = &squares.reached[usize::from(i)];
                if hi[0] >= sq[0] && lo[0] <= sq[2] && hi[1] >= sq[1] && lo[1] <= sq[3] {
                    stack.push(i);
                }
            };
            let [[x0, x1], [z0, z1]] = cells.range(lo, hi);
            // Each node once: from the first of its cells inside the range. A node's cells are a square
            // block, so that is the one whose left and upper neighbours in the range are another node's.
            for z in z0..=z1 {
                for x in x0..=x1 {
                    let at = |x: usize, z: usize| cells.nodes.get(z * cells.side + x).copied();
                    let Some(i) = at(x, z).filter(|&i| i != NO_NODE) else { continue };
                    if (x > x0 && at(x - 1, z) == Some(i)) || (z > z0 && at(x, z - 1) == Some(i)) {
                        continue;
                    }
                    push_if_reached(&mut stack, i);
                }
            }
            while let Some(i) = stack.pop() {
                let iu = usize::from(i);
                match children[iu] {
                    0 => {
                        let sq = &squares.own[iu];
                        if !listed(iu, t)
                            && geom::triangle_overlaps_square(&xz, [sq[0], sq[1]], [sq[2], sq[3]])
                        {
                            pairs.push((i, t));
                        }
                    }
                    first => (first..first.saturating_add(4)).for_each(|q| push_if_reached(&mut stack, q)),
                }
            }
            visits.fetch_add(visited, Ordering::Relaxed);
        }
        Some(pairs)
    };
    // In chunks, in parallel, kept in triangle order.
    const CHUNK: usize = 4096;
    let runs: Option<Vec<_>> = crate::par::map_chunks(&c.triangles, CHUNK, pairs_of).into_iter().collect();
    runs.filter(|_| visits.into_inner() <= MAX_REACH_VISITS)
}

/// Lists up to this long are scanned; longer ones are searched if ascending.
const SCANNED: usize = 16;

/// Whether `list` holds `t`, as far as it is cheap to know: a short list (most leaves') by a scan without
/// branches to mispredict, a longer one by a binary search if it is `searchable` (ascending), else not
/// known (false).
fn holds(list: &[u16], t: u16, searchable: bool) -> bool {
    if list.len() <= SCANNED {
        list.iter().fold(false, |found, &x| found | (x == t))
    } else {
        searchable && list.binary_search(&t).is_ok()
    }
}

/// Whether `list` is ascending (equal neighbours allowed); without a branch per entry.
fn ascending(list: &[u16]) -> bool {
    list.iter().zip(list.iter().skip(1)).fold(true, |up, (a, b)| up & (a <= b))
}
