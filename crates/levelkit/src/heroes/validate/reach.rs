//! Inner-node lists for the moving-sphere query, and the reach rule for leaves.

use super::pairs::unlisted_pairs;
use super::structure::Tree;
use super::{quote, Report};
use crate::heroes::geom::Grid;
use crate::heroes::locate::Element;
use crate::heroes::raw::NODE_FIELDS;
use crate::heroes::tree;
use crate::heroes::{Collision, NodeLists};

/// Inner-node lists for the moving-sphere query, and the reach rule for leaves (see the module docs).
pub(super) fn reach(c: &Collision, tree: &Tree, grid: &Grid, lists: &NodeLists, f: &mut Report) {
    let nt = c.triangles.len();
    let nodes = &c.nodes;
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

    let sorted: Vec<bool> = (0..nodes.len()).map(|i| ascending(lists.get(i))).collect();
    let pairs = unlisted_pairs(c, tree, grid, lists, &sorted);

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
    // an ancestor's list exactly when the stamp at that depth is that ancestor. A stamp is the node's
    // number + 1 (node numbers end at 0xFFFE), so 0 is "none" and the table starts as zeroed memory.
    // Without pairs to sort out and with every list ascending (a clean file), a merge of the two lists
    // finds a node's entries missing from its parent's, and no stamps are needed.
    let stamped = !by_leaf.is_empty() || !sorted.iter().all(|&s| s);
    let depth_levels = usize::from(c.tree_depth()) + 1;
    let mut stamp = if stamped { vec![0u16; depth_levels * nt] } else { Vec::new() };
    let mark = |i: u16| i.saturating_add(1);
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
        if stamped {
            for &t in list {
                if let Some(s) = stamp.get_mut(d * nt + usize::from(t)) {
                    *s = mark(i);
                }
            }
        }
        if d > 0 {
            let p = tree.parent[iu];
            let parent_taken_whole =
                nodes.get(usize::from(p)).is_some_and(|parent| tree::capsule_can_take_whole(parent.depth));
            if parent_taken_whole && !lists.get(usize::from(p)).is_empty() {
                let missing: Vec<u16> = if stamped {
                    list.iter()
                        .copied()
                        .filter(|&t| stamp[(d - 1) * nt + usize::from(t)] != mark(p))
                        .collect()
                } else {
                    not_in_sorted(list, lists.get(usize::from(p)))
                };
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
            if stamp[d * nt + tu] == mark(i) {
                continue;
            }
            if (0..d).any(|a| stamp[a * nt + tu] == mark(path[a])) {
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

/// The entries of `list` that `other` does not hold, in `list`'s order; both ascending.
fn not_in_sorted(list: &[u16], other: &[u16]) -> Vec<u16> {
    let mut j = 0;
    list.iter()
        .copied()
        .filter(|&t| {
            while other.get(j).is_some_and(|&o| o < t) {
                j += 1;
            }
            other.get(j) != Some(&t)
        })
        .collect()
}

/// Whether `list` is ascending (equal neighbours allowed); without a branch per entry.
fn ascending(list: &[u16]) -> bool {
    list.iter().zip(list.iter().skip(1)).fold(true, |up, (a, b)| up & (a <= b))
}
