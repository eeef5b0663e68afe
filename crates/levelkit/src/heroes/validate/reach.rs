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

    // Walk the tree depth-first keeping, per depth, the list of the path's node there as one bit per
    // triangle: a triangle is in an ancestor's list exactly when its bit is set at that depth. A node's bits
    // are cleared when the next node at its depth takes the row, so each entry costs two bit writes, and
    // the rows (a tenth of a megabyte for 65,000 triangles) stay in cache.
    let depth_levels = usize::from(c.tree_depth()) + 1;
    let mut held = Held::new(depth_levels, nt);
    let mut dfs: Vec<u16> = vec![0];
    while let Some(i) = dfs.pop() {
        let iu = usize::from(i);
        let node = &nodes[iu];
        let d = usize::from(node.depth);
        if d >= depth_levels {
            continue;
        }
        let list = lists.get(iu);
        held.take_row(d, list);
        if d > 0 {
            let p = tree.parent[iu];
            let parent_taken_whole =
                nodes.get(usize::from(p)).is_some_and(|parent| tree::capsule_can_take_whole(parent.depth));
            if parent_taken_whole && !lists.get(usize::from(p)).is_empty() {
                // The parent is the path's node one depth up (a sound tree's children are one deeper).
                let missing: Vec<u16> = list.iter().copied().filter(|&t| !held.holds(d - 1, t)).collect();
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
            if held.holds(d, t) {
                continue;
            }
            if (0..d).any(|a| held.holds(a, t)) {
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

/// Per depth, the list of the node the walk is in at that depth, as one bit per triangle.
struct Held<'a> {
    /// 64-bit words per row: one bit for each triangle.
    words: usize,
    /// The rows, depth 0 first.
    bits: Vec<u64>,
    /// The list each row holds now, to clear its bits when the next node at that depth comes.
    rows: Vec<&'a [u16]>,
}

impl<'a> Held<'a> {
    fn new(depths: usize, triangles: usize) -> Held<'a> {
        let words = triangles.div_ceil(64).max(1);
        Held { words, bits: vec![0; depths * words], rows: vec![&[]; depths] }
    }

    /// Row `d` holds `list` from now on (numbers past the row's end are left out).
    fn take_row(&mut self, d: usize, list: &'a [u16]) {
        let row = self.bits.get_mut(d * self.words..(d + 1) * self.words);
        let (Some(row), Some(held)) = (row, self.rows.get_mut(d)) else {
            return;
        };
        for_each_word(held, |w, bits| {
            if let Some(word) = row.get_mut(w) {
                *word &= !bits;
            }
        });
        for_each_word(list, |w, bits| {
            if let Some(word) = row.get_mut(w) {
                *word |= bits;
            }
        });
        *held = list;
    }

    /// Whether row `d`'s list holds triangle `t`.
    fn holds(&self, d: usize, t: u16) -> bool {
        self.bits.get(d * self.words + usize::from(t) / 64).is_some_and(|w| w >> (t % 64) & 1 == 1)
    }
}

/// Calls `f(word, bits)` with the bits `list`'s entries make in each 64-bit word, once per run of entries
/// in the same word: lists are mostly ascending, and one store per run saves a chain of loads and stores.
fn for_each_word(list: &[u16], mut f: impl FnMut(usize, u64)) {
    let mut run = None;
    for &t in list {
        let (w, bit) = (usize::from(t / 64), 1u64 << (t % 64));
        run = match run {
            Some((rw, bits)) if rw == w => Some((w, bits | bit)),
            Some((rw, bits)) => {
                f(rw, bits);
                Some((w, bit))
            }
            None => Some((w, bit)),
        };
    }
    if let Some((w, bits)) = run {
        f(w, bits);
    }
}

/// Whether `list` is ascending (equal neighbours allowed); without a branch per entry.
fn ascending(list: &[u16]) -> bool {
    list.iter().zip(list.iter().skip(1)).fold(true, |up, (a, b)| up & (a <= b))
}
