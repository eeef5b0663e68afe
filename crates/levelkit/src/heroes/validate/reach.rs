//! Inner-node lists for the moving-sphere query, and the reach rule for leaves.
//!
//! Three checks, each over what it needs: a child's list against its parent's (every inner node that lists
//! something, on every core), inner nodes that list nothing, and the leaves' (leaf, triangle) pairs. Their
//! findings are rare; they are made into warnings at the end, in the tree's depth-first order.

use super::pairs::unlisted_pairs;
use super::structure::Tree;
use super::{Quote, Report, MAX_REACH_VISITS};
use crate::findings::Rule;
use crate::heroes::geom::Grid;
use crate::heroes::locate::{At, Element};
use crate::heroes::tree;
use crate::heroes::{Collision, Node, NodeLists};

/// What the rule found at one node; the order of the variants is the order of a node's warnings.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum Found {
    /// Entries of the node's list its parent (taken whole by the moving-sphere query) does not list.
    NotInParent { parent: u16, missing: Vec<u16> },
    /// An inner node that lists nothing though its subtree does.
    EmptyInner,
    /// Triangles over a leaf that neither it nor an ancestor lists.
    Unreachable(Vec<u16>),
    /// Triangles over a leaf that only an ancestor lists.
    AncestorsOnly(Vec<u16>),
}

/// Inner-node lists for the moving-sphere query, and the reach rule for leaves (see the module docs).
pub(super) fn reach(c: &Collision, tree: &Tree, grid: &Grid, lists: &NodeLists, f: &mut Report) {
    let (pairs, mut found) = crate::par::join_if(
        c.triangles.len() >= crate::par::MIN_PARALLEL,
        || unlisted_pairs(c, tree, grid, lists),
        || {
            let mut found = not_in_parents(c, tree, lists);
            found.extend(empty_inner_nodes(c, tree, lists));
            found
        },
    );
    match pairs {
        Some(pairs) => found.extend(leaf_findings(c, tree, lists, &pairs)),
        None => f.note(
            Rule::HeroesReachNotChecked,
            At::nodes(),
            format_args!(
                "the reach rule was not checked: finding which leaves each triangle covers would visit more than \
                 {MAX_REACH_VISITS} nodes (triangles far larger than the leaves of a deep tree)"
            ),
        ),
    }
    if found.is_empty() {
        return;
    }
    let rank = preorder_rank(c);
    // A node has at most one finding of each kind: the variant's order settles ties.
    found.sort_by(|(a, x), (b, y)| (rank[usize::from(*a)], x).cmp(&(rank[usize::from(*b)], y)));
    for (node, what) in found {
        let node = usize::from(node);
        match what {
            Found::NotInParent { parent, missing } => f.warning(
                Rule::HeroesReachNotInParent,
                Element::node(c, node).list(),
                format_args!(
                    "triangle(s) {} are not in the parent's (node {parent}) list: the moving-sphere query, which takes \
                     a node whole without descending, misses them",
                    Quote(&missing)
                ),
            ),
            Found::EmptyInner => f.warning(
                Rule::HeroesReachEmptyInner,
                Element::node(c, node).field(Node::FIELD.num_poly),
                "0 on an inner node whose subtree lists triangles: the moving-sphere query takes such a node whole \
                 only if it lists something, so fast movement through its square misses them",
            ),
            Found::Unreachable(triangles) => f.warning(
                Rule::HeroesReachUnreachable,
                Element::node(c, node).list(),
                format_args!(
                    "triangle(s) {} overlap this leaf's square but neither it nor an ancestor lists them: no query \
                     finds them here",
                    Quote(&triangles)
                ),
            ),
            Found::AncestorsOnly(triangles) => f.warning(
                Rule::HeroesReachAncestorsOnly,
                Element::node(c, node).list(),
                format_args!(
                    "triangle(s) {} overlap this leaf's square but only an ancestor lists them: line casts and \
                     vertical probes, which test leaf lists, miss them",
                    Quote(&triangles)
                ),
            ),
        }
    }
}

/// Every node (but the root's children's parent, which the moving-sphere query never takes whole) whose
/// parent lists something and which lists a triangle the parent does not.
fn not_in_parents(c: &Collision, tree: &Tree, lists: &NodeLists) -> Vec<(u16, Found)> {
    let parents: Vec<u16> = tree
        .order
        .iter()
        .copied()
        .filter(|&p| {
            let node = &c.nodes[usize::from(p)];
            node.child != 0
                && tree::capsule_can_take_whole(node.depth)
                && !lists.get(usize::from(p)).is_empty()
        })
        .collect();
    // Per core, the node that last listed each triangle: a parent stamps its entries and its children look
    // theirs up. No stamp is cleared: the next parent's number differs from every earlier one.
    let nt = c.triangles.len();
    let per_parent: Vec<Vec<(u16, Found)>> = crate::par::map_init_if(
        nt >= crate::par::MIN_PARALLEL,
        &parents,
        || vec![NO_STAMP; nt],
        |stamp, &p| {
            for &t in lists.get(usize::from(p)) {
                if let Some(s) = stamp.get_mut(usize::from(t)) {
                    *s = p;
                }
            }
            let first = c.nodes[usize::from(p)].child;
            (first..first.saturating_add(4))
                .filter_map(|child| {
                    let list = lists.get(usize::from(child));
                    let stamped = |t: &u16| stamp.get(usize::from(*t)) == Some(&p);
                    if list.iter().all(stamped) {
                        return None;
                    }
                    let missing = list.iter().copied().filter(|t| !stamped(t)).collect();
                    Some((child, Found::NotInParent { parent: p, missing }))
                })
                .collect()
        },
    );
    per_parent.into_iter().flatten().collect()
}

/// No node is numbered this (node numbers are below the node count, a u16).
const NO_STAMP: u16 = u16::MAX;

/// Inner nodes the moving-sphere query could take whole that list nothing though their subtree does.
fn empty_inner_nodes(c: &Collision, tree: &Tree, lists: &NodeLists) -> Vec<(u16, Found)> {
    // Bottom-up: does anything below (or at) each node list a triangle?
    let mut subtree_listed = vec![false; c.nodes.len()];
    for &i in tree.order.iter().rev() {
        let i = usize::from(i);
        subtree_listed[i] |= !lists.get(i).is_empty();
        if i != 0 && subtree_listed[i] {
            subtree_listed[usize::from(tree.parent[i])] = true;
        }
    }
    tree.order
        .iter()
        .filter(|&&i| {
            let (iu, node) = (usize::from(i), &c.nodes[usize::from(i)]);
            node.child != 0
                && lists.get(iu).is_empty()
                && subtree_listed[iu]
                && tree::capsule_can_take_whole(node.depth)
        })
        .map(|&i| (i, Found::EmptyInner))
        .collect()
}

/// The leaves' findings from the unlisted pairs: each triangle listed by no node on the way down, or only
/// by one above the leaf. The walk goes only where a leaf has pairs, keeping, per depth, the list of the
/// path's node there as one bit per triangle.
fn leaf_findings(
    c: &Collision,
    tree: &Tree,
    lists: &NodeLists,
    runs: &[Vec<(u16, u16)>],
) -> Vec<(u16, Found)> {
    let nodes = &c.nodes;
    let pairs = || runs.iter().flatten();
    if pairs().next().is_none() {
        return Vec::new();
    }
    // Group the pairs by leaf (counting sort, stable: triangles stay in increasing order).
    let mut start = vec![0u32; nodes.len() + 1];
    for &(leaf, _) in pairs() {
        start[usize::from(leaf) + 1] += 1;
    }
    for i in 0..nodes.len() {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut by_leaf = vec![0u16; runs.iter().map(Vec::len).sum()];
    for &(leaf, t) in pairs() {
        let slot = &mut fill[usize::from(leaf)];
        by_leaf[*slot as usize] = t;
        *slot += 1;
    }
    let candidates = |i: usize| &by_leaf[start[i] as usize..start[i + 1] as usize];
    // Bottom-up: which subtrees hold a leaf with pairs.
    let mut wanted = vec![false; nodes.len()];
    for &i in tree.order.iter().rev() {
        let i = usize::from(i);
        wanted[i] |= !candidates(i).is_empty();
        if i != 0 && wanted[i] {
            wanted[usize::from(tree.parent[i])] = true;
        }
    }

    let mut found = Vec::new();
    let depth_levels = usize::from(c.tree_depth()) + 1;
    let mut held = Held::new(depth_levels, c.triangles.len());
    let mut dfs: Vec<u16> = vec![0];
    while let Some(i) = dfs.pop() {
        let iu = usize::from(i);
        let node = &nodes[iu];
        let d = usize::from(node.depth);
        if d >= depth_levels || !wanted[iu] {
            continue;
        }
        held.take_row(d, lists.get(iu));
        if node.child != 0 {
            dfs.extend((0..4).map(|k| node.child + k));
            continue;
        }
        let (mut unreachable, mut ancestors_only) = (Vec::new(), Vec::new());
        for &t in candidates(iu) {
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
            found.push((i, Found::Unreachable(unreachable)));
        }
        if !ancestors_only.is_empty() {
            found.push((i, Found::AncestorsOnly(ancestors_only)));
        }
    }
    found
}

/// Each reachable node's place in the depth-first walk that visits children in order.
fn preorder_rank(c: &Collision) -> Vec<u32> {
    let mut rank = vec![u32::MAX; c.nodes.len()];
    let mut next = 0u32;
    let mut dfs: Vec<u16> = vec![0];
    while let Some(i) = dfs.pop() {
        let Some(r) = rank.get_mut(usize::from(i)) else { continue };
        *r = next;
        next += 1;
        let child = c.nodes[usize::from(i)].child;
        if child != 0 {
            // Pushed in reverse so they are visited in order.
            dfs.extend((0..4).rev().map(|k| child + k));
        }
    }
    rank
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
        for &t in *held {
            if let Some(word) = row.get_mut(usize::from(t / 64)) {
                *word &= !(1 << (t % 64));
            }
        }
        for &t in list {
            if let Some(word) = row.get_mut(usize::from(t / 64)) {
                *word |= 1 << (t % 64);
            }
        }
        *held = list;
    }

    /// Whether row `d`'s list holds triangle `t`.
    fn holds(&self, d: usize, t: u16) -> bool {
        self.bits.get(d * self.words + usize::from(t) / 64).is_some_and(|w| w >> (t % 64) & 1 == 1)
    }
}
