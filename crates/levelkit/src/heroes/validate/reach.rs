//! Inner-node lists for the moving-sphere query, and the reach rule for leaves.

use super::structure::Tree;
use super::{quote, Report};
use crate::heroes::geom::{self, Grid, Square};
use crate::heroes::locate::Element;
use crate::heroes::raw::NODE_FIELDS;
use crate::heroes::tree;
use crate::heroes::{Collision, NodeLists};
use crate::num::saturate;
use crate::par::prelude::*;

/// Inner-node lists for the moving-sphere query, and the reach rule for leaves (see the module docs).
pub(super) fn reach(c: &Collision, tree: &Tree, grid: &Grid, lists: &NodeLists, f: &mut Report) {
    let nt = c.triangles.len();
    let nodes = &c.nodes;
    // Each node's square as (min x, min z, max x, max z); a sound tree has every depth in range.
    let squares: Vec<[f32; 4]> = nodes
        .iter()
        .map(|n| {
            grid.square(n.nx, n.nz, n.depth).map_or([f32::NAN; 4], |sq: Square| {
                let max = sq.max();
                [sq.min[0], sq.min[1], max[0], max[1]]
            })
        })
        .collect();

    // Bottom-up: does anything below (or at) each node list a triangle?
    let mut subtree_listed = vec![false; nodes.len()];
    for &i in tree.order.iter().rev() {
        let i = usize::from(i);
        if !lists.get(i).is_empty() {
            subtree_listed[i] = true;
        }
        if i != 0 && subtree_listed[i] {
            subtree_listed[usize::from(tree.parent[i])] = true;
        }
    }

    let kids: Vec<u16> = nodes.iter().map(|n| n.child).collect();
    // Candidate (leaf, triangle) pairs: descend from the root with each triangle's bounding box, then the
    // exact overlap test at the leaves.
    let candidates_of = |offset: usize, chunk: &[crate::heroes::Triangle]| -> Vec<(u16, u16)> {
        let mut pairs = Vec::with_capacity(chunk.len() * 2);
        let mut stack: Vec<u16> = Vec::with_capacity(64);
        for (k, tri) in chunk.iter().enumerate() {
            let t = offset + k;
            let Some(points) = geom::triangle_points(&c.vertices, &tri.vertices) else { continue };
            let Some(xz) = geom::triangle_xz(&c.vertices, &tri.vertices) else { continue };
            if !points.iter().flatten().all(|x| x.is_finite()) {
                continue;
            }
            let (lo, hi) = geom::xz_bounds(&points);
            let overlaps =
                |sq: &[f32; 4]| hi[0] >= sq[0] && lo[0] <= sq[2] && hi[1] >= sq[1] && lo[1] <= sq[3];
            // The stack holds nodes whose square meets the bounding box; children are tested together, their
            // squares being contiguous.
            if !overlaps(&squares[0]) {
                continue;
            }
            stack.clear();
            stack.push(0);
            while let Some(i) = stack.pop() {
                let iu = usize::from(i);
                let sq = &squares[iu];
                match kids[iu] {
                    0 => {
                        if geom::triangle_overlaps_square(&xz, [sq[0], sq[1]], [sq[2], sq[3]]) {
                            pairs.push((i, saturate(t)));
                        }
                    }
                    first => {
                        for q in 0..4 {
                            let ch = first + q;
                            if overlaps(&squares[usize::from(ch)]) {
                                stack.push(ch);
                            }
                        }
                    }
                }
            }
        }
        pairs
    };
    // In chunks, in parallel; concatenated in triangle order.
    const CHUNK: usize = 4096;
    let pairs: Vec<(u16, u16)> = c
        .triangles
        .par_chunks(CHUNK)
        .enumerate()
        .map(|(k, chunk)| candidates_of(k * CHUNK, chunk))
        .collect::<Vec<_>>()
        .concat();

    // Group the pairs by leaf (counting sort, stable: triangles stay in increasing order).
    let mut start = vec![0u32; nodes.len() + 1];
    for &(leaf, _) in &pairs {
        start[usize::from(leaf) + 1] += 1;
    }
    for i in 0..nodes.len() {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut by_leaf = vec![0u16; pairs.len()];
    for &(leaf, t) in &pairs {
        let slot = &mut fill[usize::from(leaf)];
        by_leaf[*slot as usize] = t;
        *slot += 1;
    }
    drop(pairs);

    // Walk the tree depth-first keeping, per depth, which node last listed each triangle: a triangle is in
    // an ancestor's list exactly when the stamp at that depth is that ancestor.
    let depth_levels = usize::from(c.tree_depth()) + 1;
    let mut stamp = vec![u32::MAX; depth_levels * nt];
    let mut path = [0u16; 17];
    let mut dfs: Vec<u16> = vec![0];
    while let Some(i) = dfs.pop() {
        let iu = usize::from(i);
        let node = &nodes[iu];
        let d = usize::from(node.depth);
        if d >= depth_levels || d >= path.len() {
            continue;
        }
        path[d] = i;
        let list = lists.get(iu);
        for &t in list {
            if let Some(s) = stamp.get_mut(d * nt + usize::from(t)) {
                *s = u32::from(i);
            }
        }
        if d > 0 {
            let p = tree.parent[iu];
            let parent_taken_whole =
                nodes.get(usize::from(p)).is_some_and(|parent| tree::capsule_can_take_whole(parent.depth));
            if parent_taken_whole && !lists.get(usize::from(p)).is_empty() {
                let missing: Vec<u16> = list
                    .iter()
                    .copied()
                    .filter(|&t| stamp[(d - 1) * nt + usize::from(t)] != u32::from(p))
                    .collect();
                if !missing.is_empty() {
                    f.warning(
                        Element::node(c, usize::from(i)).list(),
                        format!(
                            "triangle(s) {} are not in the parent's (node {p}) list: the moving-sphere query, which takes \
                             a node whole without descending, misses them",
                            quote(&missing)
                        ),
                    );
                }
            }
        }
        if node.child != 0 {
            if list.is_empty() && subtree_listed[iu] && tree::capsule_can_take_whole(node.depth) {
                f.warning(
                    Element::node(c, iu).field(NODE_FIELDS.num_poly),
                    "0 on an inner node whose subtree lists triangles: the moving-sphere query takes such a node whole \
                     only if it lists something, so fast movement through its square misses them",
                );
            }
            // Children pushed in reverse so they are visited in order.
            dfs.extend((0..4).rev().map(|k| node.child + k));
            continue;
        }
        let candidates = &by_leaf[start[iu] as usize..start[iu + 1] as usize];
        let mut unreachable = Vec::new();
        let mut ancestors_only = Vec::new();
        for &t in candidates {
            let tu = usize::from(t);
            if stamp[d * nt + tu] == u32::from(i) {
                continue;
            }
            if (0..d).any(|a| stamp[a * nt + tu] == u32::from(path[a])) {
                ancestors_only.push(t);
            } else {
                unreachable.push(t);
            }
        }
        if !unreachable.is_empty() {
            f.warning(
                Element::node(c, usize::from(i)).list(),
                format!(
                    "triangle(s) {} overlap this leaf's square but neither it nor an ancestor lists them: no query \
                     finds them here",
                    quote(&unreachable)
                ),
            );
        }
        if !ancestors_only.is_empty() {
            f.warning(
                Element::node(c, usize::from(i)).list(),
                format!(
                    "triangle(s) {} overlap this leaf's square but only an ancestor lists them: line casts and \
                     vertical probes, which test leaf lists, miss them",
                    quote(&ancestors_only)
                ),
            );
        }
    }
}
