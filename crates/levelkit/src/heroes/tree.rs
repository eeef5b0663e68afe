//! The reference ("complete") tree of a `.cl` file: what its lists and links should be, whatever they are.
//!
//! Given a node array (the squares the file defines), the complete tree keeps every node's square and
//! gives it
//! - the **complete list**: every triangle whose X/Z footprint overlaps the node's closed square, by the
//!   exact test [`geom::triangle_overlaps_square`], in ascending order — inner nodes included, so the
//!   moving-sphere query (which takes a node it swallows whole by its own list) loses nothing;
//! - **canonical links**: on each side, the same-depth node across it, else the smallest existing node
//!   containing the area across it; 0 only at the root square's edge.
//!
//! The audit compares a file's walk against the walk over this tree, and the builder produces exactly this
//! tree. Both functions take hostile node arrays: the tree is what node 0 reaches through `childNo`
//! (each node once, so cycles and shared children end the walk), squares come from each node's own
//! (nx, nz, depth) as the game computes them, and nothing recurses.

use super::geom::{self, Grid, Xz};
use super::{Collision, Node, NodeParts, MAX_DEPTH};
use crate::bytes::WriteError;
use crate::num::saturate;
use std::collections::HashMap;

/// The most list entries [`complete_lists`] makes (all nodes together). A sound tree lists each triangle a
/// few times per depth: a generated 65,000-triangle stage about a million entries. Triangles far larger
/// than the leaves of a deep tree make it the product of the two counts (billions), and the work stops
/// here instead of running for minutes and exhausting memory.
pub const MAX_COMPLETE_ENTRIES: u64 = 1 << 24;

/// The complete lists would pass [`MAX_COMPLETE_ENTRIES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the complete tree's lists would hold more than {MAX_COMPLETE_ENTRIES} entries (triangles far larger than the \
     leaves of a deep tree): levelkit stops there"
)]
pub struct TooManyEntries;

/// The depth at which the moving-sphere query's node walk (`MakeIntersectionNodeListWithCapsule`) starts:
/// it takes the root's children and descends from them, never the root itself.
pub const CAPSULE_WALK_FIRST_DEPTH: u8 = 1;

/// Whether the moving-sphere query can take a node at `depth` whole — by its own list, without descending —
/// when the node's square lies inside the swept box. The root never is (the walk starts below it), so
/// what the root lists, or that it lists nothing, never matters to that query. [`super::query`] walks
/// from this depth and the validator warns about inner-node lists only where this is true.
pub fn capsule_can_take_whole(depth: u8) -> bool {
    depth >= CAPSULE_WALK_FIRST_DEPTH
}

/// No child in a [`Reach::children`] slot.
const NONE: u32 = u32::MAX;

/// The nodes node 0 reaches through `childNo`, each taken once.
struct Reach {
    /// Reached nodes, breadth-first (parents before children).
    order: Vec<u32>,
    /// Per node, the children the walk took from it (a child already reached elsewhere is not retaken).
    children: Vec<[u32; 4]>,
}

impl Reach {
    fn new(nodes: &[Node]) -> Reach {
        let n = nodes.len();
        let mut children = vec![[NONE; 4]; n];
        let mut order = Vec::with_capacity(n.min(1 << 16));
        if n == 0 {
            return Reach { order, children };
        }
        let mut seen = vec![false; n];
        seen[0] = true;
        order.push(0u32);
        let mut k = 0;
        while let Some(&i) = order.get(k) {
            k += 1;
            let i = i as usize;
            let first = usize::from(nodes[i].child);
            if first == 0 {
                continue;
            }
            for (q, slot) in children[i].iter_mut().enumerate() {
                let j = first + q;
                if j < n && !seen[j] {
                    seen[j] = true;
                    order.push(saturate(j));
                    *slot = saturate(j);
                }
            }
        }
        Reach { order, children }
    }
}

/// Canonical neighbour links for a node array: per node, per side (+X, −X, +Z, −Z as [`Node::neighbors`]),
/// the same-depth node across that side, else the smallest existing node containing the area across it;
/// 0 only where the side is the root square's edge.
///
/// "Existing" means reached from node 0 through `childNo` (see the module docs); where two reached nodes
/// claim the same square, the first reached wins. Node 0, nodes deeper than `max_depth` and every node when
/// `max_depth` is above 15 get no links.
///
/// A sound tree (every node reached, each split into four children at their quadrants' positions) takes
/// the fast way, `links_from_parents`: each node's links follow from its parent's. Any other array
/// looks every target square up (`links_by_lookup`); both give the same links where both apply.
pub fn canonical_links(nodes: &[Node], max_depth: u16) -> Vec<[u16; 4]> {
    if max_depth > MAX_DEPTH || nodes.is_empty() {
        return vec![[0u16; 4]; nodes.len()];
    }
    let reach = Reach::new(nodes);
    match sound_parents(nodes, &reach, max_depth) {
        Some(parents) => links_from_parents(nodes, &reach, &parents),
        None => links_by_lookup(nodes, &reach, max_depth),
    }
}

/// Per node, its parent and its quadrant (bit 0: +X half, bit 1: +Z half), if the reached tree is sound:
/// every node reached, indices that fit a link, the root at depth 0 and (0, 0), every node with children
/// split into four reached children at `child + q`, each one depth deeper (at most `max_depth`) at its
/// quadrant's position. Then every square has one node and each node's position follows from its parent's.
fn sound_parents(nodes: &[Node], reach: &Reach, max_depth: u16) -> Option<Vec<(u32, u8)>> {
    let root = nodes.first()?;
    if reach.order.len() != nodes.len()
        || nodes.len() > 1 << 16
        || (root.depth, root.nx, root.nz) != (0, 0, 0)
    {
        return None;
    }
    let mut parents = vec![(0u32, 0u8); nodes.len()];
    for &i in &reach.order {
        let n = &nodes[i as usize];
        if n.child == 0 {
            continue;
        }
        let depth = n.depth.checked_add(1).filter(|&d| u16::from(d) <= max_depth)?;
        let step = 1u32 << (max_depth - u16::from(depth));
        for (q, &k) in (0u8..).zip(&reach.children[i as usize]) {
            if k as usize != usize::from(n.child) + usize::from(q) {
                return None;
            }
            let ch = &nodes[k as usize];
            let want =
                (u32::from(n.nx) + u32::from(q & 1) * step, u32::from(n.nz) + u32::from(q >> 1) * step);
            if ch.depth != depth || (u32::from(ch.nx), u32::from(ch.nz)) != want {
                return None;
            }
            parents[k as usize] = (i, q);
        }
    }
    Some(parents)
}

/// Canonical links of a sound tree ([`sound_parents`]), parents first: across a side inside the parent
/// lies a sibling; across the parent's own side lies the parent's neighbour's child facing it if that
/// neighbour is at the parent's depth and split, else the parent's neighbour itself (0 at the root's edge).
fn links_from_parents(nodes: &[Node], reach: &Reach, parents: &[(u32, u8)]) -> Vec<[u16; 4]> {
    let mut out = vec![[0u16; 4]; nodes.len()];
    // Indices fit u16: `sound_parents` checked the array's length.
    let child_at = |n: &Node, q: u8| n.child.wrapping_add(u16::from(q));
    for &i in reach.order.iter().skip(1) {
        let (p, q) = parents[i as usize];
        let parent = &nodes[p as usize];
        let parent_links = out[p as usize];
        let mut links = [0u16; 4];
        // Per side: the quadrant's axis bit and whether the side faces that bit's 1 half.
        for (slot, (bit, plus)) in [(1u8, true), (1, false), (2, true), (2, false)].into_iter().enumerate() {
            let leaves_parent = (q & bit != 0) == plus;
            links[slot] = if !leaves_parent {
                child_at(parent, q ^ bit)
            } else {
                match parent_links[slot] {
                    0 => 0,
                    pn => {
                        let across = &nodes[usize::from(pn)];
                        if across.child != 0 && across.depth == parent.depth {
                            child_at(across, q ^ bit)
                        } else {
                            pn
                        }
                    }
                }
            };
        }
        out[i as usize] = links;
    }
    out
}

/// Canonical links of any node array, each target square looked up by position: the deepest reached node
/// at or above the node's depth whose square holds it.
fn links_by_lookup(nodes: &[Node], reach: &Reach, max_depth: u16) -> Vec<[u16; 4]> {
    let mut out = vec![[0u16; 4]; nodes.len()];
    let mut at: HashMap<(u8, u16, u16), u16> = HashMap::with_capacity(reach.order.len());
    for &i in &reach.order {
        let n = &nodes[i as usize];
        // Indices past 0xFFFF cannot be linked to (links are u16); the format never has them.
        if let Ok(i) = u16::try_from(i) {
            at.entry((n.depth, n.nx, n.nz)).or_insert(i);
        }
    }
    let full = 1i64 << max_depth;
    let steps = |depth: u8| max_depth.checked_sub(u16::from(depth)).map(|s| 1i64 << s);
    for (node, links) in nodes.iter().zip(out.iter_mut()).skip(1) {
        let Some(step) = steps(node.depth) else { continue };
        let (x, z) = (i64::from(node.nx), i64::from(node.nz));
        let targets = [(x + step, z), (x - step, z), (x, z + step), (x, z - step)];
        for (slot, (tx, tz)) in targets.into_iter().enumerate() {
            if tx < 0 || tz < 0 || tx >= full || tz >= full {
                continue;
            }
            for d in (0..=node.depth).rev() {
                let Some(s) = steps(d) else { continue };
                let key = (d, u16::try_from(tx / s * s).unwrap_or(0), u16::try_from(tz / s * s).unwrap_or(0));
                if let Some(&j) = at.get(&key) {
                    links[slot] = j;
                    break;
                }
            }
        }
    }
    out
}

/// Every node's complete list: every triangle whose X/Z footprint overlaps the node's square (exact test,
/// [`geom::triangle_overlaps_square`]), sorted ascending.
///
/// Nodes node 0 does not reach through `childNo` get an empty list (the game never descends to them and
/// canonical links never point at them), as do nodes without a square (depth above 15, or a header whose
/// maxDepth is above 15). Triangles with a vertex index out of range or a non-finite coordinate overlap
/// nothing. Fails as soon as the lists pass [`MAX_COMPLETE_ENTRIES`] entries.
pub fn complete_lists(c: &Collision) -> Result<Vec<Vec<u16>>, TooManyEntries> {
    let nodes = &c.nodes;
    let mut lists: Vec<Vec<u16>> = vec![Vec::new(); nodes.len()];
    let Some(grid) = Grid::new(&c.header) else { return Ok(lists) };
    if nodes.is_empty() {
        return Ok(lists);
    }
    let reach = Reach::new(nodes);

    // Each reached node's closed square, and the box around its whole subtree's squares: a child need not
    // lie inside its parent in a hostile file (nor, by an ulp, in float arithmetic), so the descent prunes
    // by subtree boxes, never by the parent's square.
    let mut square: Vec<Option<(Xz, Xz)>> = vec![None; nodes.len()];
    for &i in &reach.order {
        let n = &nodes[i as usize];
        square[i as usize] = grid
            .square(n.nx, n.nz, n.depth)
            .map(|s| (s.min, s.max()))
            .filter(|(lo, hi)| lo.iter().chain(hi).all(|x| x.is_finite()));
    }
    let empty = ([f32::INFINITY; 2], [f32::NEG_INFINITY; 2]);
    let mut subtree: Vec<(Xz, Xz)> = vec![empty; nodes.len()];
    for &i in reach.order.iter().rev() {
        let i = i as usize;
        let mut b = square[i].unwrap_or(empty);
        for &k in &reach.children[i] {
            if k != NONE {
                let s = subtree[k as usize];
                b = ([b.0[0].min(s.0[0]), b.0[1].min(s.0[1])], [b.1[0].max(s.1[0]), b.1[1].max(s.1[1])]);
            }
        }
        subtree[i] = b;
    }
    let apart =
        |b: &(Xz, Xz), lo: Xz, hi: Xz| hi[0] < b.0[0] || lo[0] > b.1[0] || hi[1] < b.0[1] || lo[1] > b.1[1];

    let mut total = 0u64;
    let mut stack: Vec<u32> = Vec::with_capacity(64);
    for (t, tri) in c.triangles.iter().enumerate() {
        let Ok(t) = u16::try_from(t) else { break };
        let Some(xz) = geom::triangle_xz(&c.vertices, &tri.vertices) else { continue };
        if !xz.iter().flatten().all(|x| x.is_finite()) {
            continue;
        }
        let lo = [xz[0][0].min(xz[1][0]).min(xz[2][0]), xz[0][1].min(xz[1][1]).min(xz[2][1])];
        let hi = [xz[0][0].max(xz[1][0]).max(xz[2][0]), xz[0][1].max(xz[1][1]).max(xz[2][1])];
        stack.clear();
        stack.push(0);
        while let Some(i) = stack.pop() {
            let i = i as usize;
            if apart(&subtree[i], lo, hi) {
                continue;
            }
            if let Some((min, max)) = square[i] {
                if geom::triangle_overlaps_square(&xz, min, max) {
                    total += 1;
                    if total > MAX_COMPLETE_ENTRIES {
                        return Err(TooManyEntries);
                    }
                    lists[i].push(t);
                }
            }
            stack.extend(reach.children[i].iter().copied().filter(|&k| k != NONE));
        }
    }
    Ok(lists)
}

/// The same triangles, vertices and node squares as `c`, with complete lists and canonical links: the
/// reference tree the audit compares a file's walk against.
///
/// Header root, length and maxDepth, and every node's parent, child, position and depth are kept; node
/// numbers become indices and the layout is [`Collision::from_parts`]'s. Fails if the lists would pass
/// [`MAX_COMPLETE_ENTRIES`] or a count does not fit the format.
pub fn complete(c: &Collision) -> Result<Collision, WriteError> {
    let lists = complete_lists(c)
        .map_err(|e| WriteError::Inconsistent { what: "complete lists".into(), msg: e.to_string() })?;
    let links = canonical_links(&c.nodes, c.header.max_depth);
    let parts: Vec<NodeParts> =
        c.nodes.iter().zip(lists).zip(links).map(|((n, list), neighbors)| n.parts(neighbors, list)).collect();
    c.with_node_parts(&parts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heroes::generate::{self, Style};
    use crate::rng::Rng;

    /// Brute force: every triangle against every reached node's square.
    fn brute_lists(c: &Collision) -> Vec<Vec<u16>> {
        let grid = Grid::new(&c.header).unwrap();
        let reach = Reach::new(&c.nodes);
        let mut out = vec![Vec::new(); c.nodes.len()];
        for &i in &reach.order {
            let n = &c.nodes[i as usize];
            let Some(sq) = grid.square(n.nx, n.nz, n.depth) else { continue };
            for (t, tri) in c.triangles.iter().enumerate() {
                if geom::triangle_xz(&c.vertices, &tri.vertices)
                    .is_some_and(|xz| geom::triangle_overlaps_square(&xz, sq.min, sq.max()))
                {
                    out[i as usize].push(u16::try_from(t).unwrap());
                }
            }
        }
        out
    }

    #[test]
    fn generated_complete_files_are_their_own_complete_tree() {
        for (seed, tris, depth) in [(1, 40, 3), (2, 300, 6), (3, 2000, 9), (4, 5, 0), (5, 900, 15)] {
            let c = generate::game_correct(seed, tris, depth);
            assert_eq!(complete(&c).unwrap(), c, "seed {seed}");
            assert_eq!(complete_lists(&c), Ok(brute_lists(&c)), "seed {seed}");
        }
    }

    #[test]
    fn community_files_get_complete_lists_and_links_back() {
        let good = generate::game_correct(7, 1500, 8);
        let community = generate::odd(7, 1500, 8, &Style::community());
        assert_ne!(community, good);
        let fixed = complete(&community).unwrap();
        assert_eq!(fixed, good);
        assert_eq!(fixed.validate().0, Vec::new());
    }

    #[test]
    fn links_fall_back_to_the_smallest_containing_node() {
        // Root split once; its child 1 (+X, −Z quadrant... bit 0 = +X) split again.
        //   depth 1: 1 = (0,0), 2 = (2,0), 3 = (0,2), 4 = (2,2) in units of maxDepth 2.
        //   depth 2 under node 2: 5 = (2,0), 6 = (3,0), 7 = (2,1), 8 = (3,1).
        let node = |child: u16, nx: u16, nz: u16, depth: u8| Node { child, nx, nz, depth, ..Node::default() };
        let nodes = [
            node(1, 0, 0, 0),
            node(0, 0, 0, 1),
            node(5, 2, 0, 1),
            node(0, 0, 2, 1),
            node(0, 2, 2, 1),
            node(0, 2, 0, 2),
            node(0, 3, 0, 2),
            node(0, 2, 1, 2),
            node(0, 3, 1, 2),
        ];
        let links = canonical_links(&nodes, 2);
        assert_eq!(links[0], [0; 4]);
        // +X, −X, +Z, −Z
        assert_eq!(links[1], [2, 0, 3, 0]);
        assert_eq!(links[5], [6, 1, 7, 0]);
        assert_eq!(links[7], [8, 1, 4, 5]);
        assert_eq!(links[8], [0, 7, 4, 6]);
        assert_eq!(links[4], [0, 3, 0, 2]);
    }

    #[test]
    fn sound_trees_link_the_same_both_ways() {
        for (seed, tris, depth) in [(1, 40, 3), (2, 300, 6), (3, 2000, 9), (4, 5, 0), (5, 900, 15)] {
            let c = generate::game_correct(seed, tris, depth);
            let reach = Reach::new(&c.nodes);
            let parents = sound_parents(&c.nodes, &reach, depth).expect("a generated tree is sound");
            let fast = links_from_parents(&c.nodes, &reach, &parents);
            assert_eq!(fast, links_by_lookup(&c.nodes, &reach, depth), "seed {seed}");
            assert_eq!(fast, c.nodes.iter().map(|n| n.neighbors).collect::<Vec<_>>(), "seed {seed}");
        }
        // One node moved off its quadrant: no longer sound, and the lookup links it by its own square.
        let mut c = generate::game_correct(6, 300, 6);
        let reach = Reach::new(&c.nodes);
        c.nodes[2].nx ^= 1;
        assert!(sound_parents(&c.nodes, &reach, 6).is_none());
        assert_eq!(canonical_links(&c.nodes, 6), links_by_lookup(&c.nodes, &reach, 6));
    }

    #[test]
    fn hostile_node_arrays_end() {
        let mut c = generate::game_correct(9, 200, 5);
        // A child cycle back to the root, a child past the end, a depth past 15, a node unreached.
        c.nodes[1].child = 0;
        c.nodes[2].child = 1;
        c.nodes[3].child = u16::MAX;
        c.nodes[4].depth = 200;
        let lists = complete_lists(&c).unwrap();
        assert_eq!(lists.len(), c.nodes.len());
        assert!(lists[4].is_empty());
        let links = canonical_links(&c.nodes, c.header.max_depth);
        assert_eq!(links[4], [0; 4]);
        assert!(complete(&c).is_ok());
        assert_eq!(canonical_links(&c.nodes, 16), vec![[0; 4]; c.nodes.len()]);
        assert_eq!(complete_lists(&Collision::default()), Ok(Vec::new()));
        // Every node at the root's square: every node lists every triangle, and nothing hangs.
        let mut rng = Rng::new(3);
        for n in c.nodes.iter_mut() {
            n.child = rng.below_u16(c.header.num_nodes.into());
            n.nx = 0;
            n.nz = 0;
            n.depth = 0;
        }
        let lists = complete_lists(&c).unwrap();
        let reached = Reach::new(&c.nodes).order.len();
        assert_eq!(lists.iter().filter(|l| l.len() == c.triangles.len()).count(), reached);
    }
}
