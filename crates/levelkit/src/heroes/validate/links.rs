//! Neighbour links against the canonical ones.

use super::structure::Tree;
use super::{past_the_array, Report};
use crate::findings::Rule;
use crate::heroes::locate::Element;
use crate::heroes::{Collision, Node, NEIGHBOR_SIDES};

/// Neighbour links against the canonical ones ([`crate::heroes::tree::canonical_links`]).
pub(super) fn links(c: &Collision, tree: &Tree, f: &mut Report) {
    let n = c.nodes.len();
    let canonical = crate::heroes::tree::canonical_links(&c.nodes, c.header.max_depth);
    for &i in &tree.order {
        let node = &c.nodes[usize::from(i)];
        let mut missing = Vec::new();
        for (side, name) in NEIGHBOR_SIDES.iter().enumerate() {
            let stored = node.neighbors[side];
            let path = || Element::node(c, usize::from(i)).side(side);
            if usize::from(stored) >= n {
                f.error(
                    Rule::HeroesLinkIndex,
                    path(),
                    format_args!(
                        "node {stored} does not exist (there are {n}): {}",
                        past_the_array(stored, n, "node")
                    ),
                );
                continue;
            }
            let want = canonical[usize::from(i)][side];
            if stored == want {
                continue;
            }
            if stored == i && node.child == 0 {
                // GetNextNeighborNode measures the exit from the segment's start: back in the same leaf it
                // finds the same side again, and the walk has no step limit.
                f.error(
                    Rule::HeroesLinkSelf,
                    path(),
                    format_args!(
                        "links to itself: a line cast or vertical probe that leaves this leaf across {name} comes \
                         back to it, finds the same exit, and the game loops forever"
                    ),
                );
                continue;
            }
            if stored == 0 {
                missing.push(format!("{name} (node {want})"));
            } else if want == 0 {
                f.warning(
                    Rule::HeroesLinkPastRoot,
                    path(),
                    format_args!("links to node {stored} across the root's edge, where there is nothing"),
                );
            } else {
                f.warning(
                    Rule::HeroesLinkWrong,
                    path(),
                    format_args!("links to node {stored}; the node across that side is {want}"),
                );
            }
        }
        if !missing.is_empty() {
            f.warning(
                Rule::HeroesLinkMissing,
                Element::node(c, usize::from(i)).field(Node::FIELD.neighbors),
                format_args!(
                    "no link on {}: line casts and probes stop at this node's edge there",
                    missing.join(", ")
                ),
            );
        }
    }
}
