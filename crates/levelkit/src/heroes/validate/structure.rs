//! The tree's structure: node numbers, children, depths and positions.

use super::{past_the_array, Quote, Report, Reserved};
use crate::findings::{Rule, Severity};
use crate::heroes::locate::{At, Element};
use crate::heroes::{Collision, Node, MAX_DEPTH};
use crate::num::saturate;

/// The tree as reachable from node 0, when it is sound enough for geometric checks.
pub(super) struct Tree {
    /// Reachable nodes, breadth-first (parents before children).
    pub(super) order: Vec<u16>,
    /// The parent of each reachable node (root: itself).
    pub(super) parent: Vec<u16>,
}

/// Node numbers, children, depths and positions. Returns the tree if nothing here is an error.
pub(super) fn structure(c: &Collision, f: &mut Report) -> Option<Tree> {
    let n = c.nodes.len();
    let errors_before = f.count(Severity::Error);
    let max_depth = c.header.max_depth;
    for (i, node) in c.nodes.iter().enumerate() {
        if usize::from(node.number) != i {
            f.error(
                Rule::HeroesNodeNumber,
                Element::node(c, i).field(Node::FIELD.number),
                format_args!("is {}; the game expects the node's position, {i}", node.number),
            );
        }
        if u16::from(node.depth) > max_depth || u16::from(node.depth) > MAX_DEPTH {
            f.error(
                Rule::HeroesNodeDepth,
                Element::node(c, i).field(Node::FIELD.depth),
                format_args!(
                    "{} is deeper than maxDepth {max_depth}: the game takes its half side from \
                     nodeHalfLengthEachDepth[{}], which the loader fills for depths 1 to {max_depth} only{}",
                    node.depth,
                    node.depth,
                    if node.depth > 15 {
                        ", and past 15 it reads beyond that 16-entry array"
                    } else {
                        " (a stale value)"
                    }
                ),
            );
        }
        if node.tail != [0; 7] {
            f.note(
                Rule::HeroesNodeReserved,
                Element::node(c, i).whole(),
                format_args!("{} are not zero: {:02x?}", Reserved(Node::FIELD.tail), node.tail),
            );
        }
    }
    let root = c.nodes.first()?;
    if root.depth != 0 || root.nx != 0 || root.nz != 0 {
        f.error(
            Rule::HeroesNodeRootPlace,
            Element::node(c, 0).whole(),
            format_args!(
                "the root must have depth 0 at (0, 0); it has depth {} at ({}, {})",
                root.depth, root.nx, root.nz
            ),
        );
    }
    if root.parent != 0 {
        f.warning(
            Rule::HeroesNodeRootParent,
            Element::node(c, 0).field(Node::FIELD.parent),
            format_args!("is {}; the root's is 0", root.parent),
        );
    }
    let grid_steps = |depth: u8| -> Option<u32> {
        let shift = max_depth.checked_sub(u16::from(depth))?;
        1u32.checked_shl(u32::from(shift))
    };
    let mut visited = vec![false; n];
    let mut parent = vec![0u16; n];
    let mut order = Vec::with_capacity(n);
    visited[0] = true;
    order.push(0u16);
    let mut k = 0;
    while let Some(&i) = order.get(k) {
        k += 1;
        let i = usize::from(i);
        let node = c.nodes[i];
        if node.child == 0 {
            continue;
        }
        let first = usize::from(node.child);
        if first + 4 > n {
            f.error(
                Rule::HeroesNodeChildIndex,
                Element::node(c, i).field(Node::FIELD.child),
                format_args!(
                    "children {first}..{} are not 4 nodes inside the {n}-node array: {}",
                    first + 4,
                    past_the_array(saturate(first + 3), n, "node")
                ),
            );
            continue;
        }
        let Some(step) = grid_steps(node.depth.saturating_add(1)) else {
            f.error(
                Rule::HeroesNodeChildTooDeep,
                Element::node(c, i).field(Node::FIELD.child),
                format_args!("a node at depth {} has children, but maxDepth is {max_depth}", node.depth),
            );
            continue;
        };
        for q in 0..4u32 {
            let j = first + q as usize;
            let ch = c.nodes[j];
            if visited[j] {
                // Node j is i itself or one of its ancestors: a cycle; else another branch's child.
                let mut k = i;
                let cycle = loop {
                    if k == j {
                        break true;
                    }
                    if k == 0 {
                        break false;
                    }
                    k = usize::from(parent[k]);
                };
                let consequence = if cycle {
                    "a cycle: the game's point descent loops forever, and its moving-sphere query, which recurses \
                     into children with no visited flags, recurses until its stack overflows"
                } else {
                    "a child shared with another branch: the game visits it twice"
                };
                f.error(
                    Rule::HeroesNodeChildCycle,
                    Element::node(c, i).field(Node::FIELD.child),
                    format_args!("child {j} is already in the tree, {consequence}"),
                );
                continue;
            }
            visited[j] = true;
            parent[j] = saturate(i);
            order.push(saturate(j));
            if usize::from(ch.parent) != i {
                f.warning(
                    Rule::HeroesNodeChildParent,
                    Element::node(c, j).field(Node::FIELD.parent),
                    format_args!("is {}; its parent is node {i}", ch.parent),
                );
            }
            if ch.depth != node.depth.wrapping_add(1) {
                f.error(
                    Rule::HeroesNodeChildDepth,
                    Element::node(c, j).field(Node::FIELD.depth),
                    format_args!(
                        "is {}; a child of a depth-{} node is at depth {}",
                        ch.depth,
                        node.depth,
                        u16::from(node.depth) + 1
                    ),
                );
            }
            let want = (u32::from(node.nx) + (q & 1) * step, u32::from(node.nz) + (q >> 1) * step);
            if (u32::from(ch.nx), u32::from(ch.nz)) != want {
                f.error(
                    Rule::HeroesNodeChildPosition,
                    Element::node(c, j).whole(),
                    format_args!(
                        "child {q} of node {i} is at (nx, nz) = ({}, {}); its square starts at ({}, {})",
                        ch.nx, ch.nz, want.0, want.1
                    ),
                );
            }
        }
    }
    let unreachable: Vec<u16> = (0..n).filter(|&i| !visited[i]).map(saturate).collect();
    if !unreachable.is_empty() {
        f.note(
            Rule::HeroesNodeUnreachable,
            At::nodes(),
            format_args!(
                "{} node(s) are not in the tree from node 0, so the game never visits them: {}",
                unreachable.len(),
                Quote(&unreachable)
            ),
        );
    }
    (f.count(Severity::Error) == errors_before).then_some(Tree { order, parent })
}
