//! Validation: what the game would make of a parsed `.cl` file, as a list of findings with paths.
//!
//! - **error**: the game's reader or queries would misbehave: an index or link out of range, children not
//!   4 contiguous nodes in range, a node number that is not its position, a depth above maxDepth or 15, a
//!   child cycle, wrong child positions, a list outside the list area, a count of 0xFFFF, dataSize not the
//!   file length, non-finite vertices or root.
//! - **warning**: the game works, but worse: missing or wrong neighbour links, missing or wrong adjacency,
//!   normals that disagree with the winding, degenerate triangles, a rootLength the game's mask changes,
//!   inner nodes the moving-sphere query cannot use, triangles a leaf's queries cannot reach.
//! - **note**: harmless oddities (non-zero reserved bytes, unaligned arrays, nodes not in the tree).
//!
//! The reach rule (warnings on leaves), for every leaf L and every triangle T whose X/Z footprint overlaps
//! L's square ([`geom::triangle_overlaps_square`], touching counts):
//! - T must be listed by L or by an ancestor of L, or no query can find it there ("unreachable");
//! - T should be listed by L itself: line casts and vertical probes walk leaf to leaf and test only leaf
//!   lists, so a triangle listed only by an ancestor is found only by the moving-sphere query.
//!
//! The geometric checks (links, reach) need a sound tree; when the structure has errors they are skipped
//! with a note. Findings are ordered errors, warnings, notes, each in the order found. Every loop over
//! links is bounded by a visited set; nothing recurses.

use super::geom::{self, Grid, Square};
use super::locate::{At, Element};
use super::raw::{Field, HEADER_FIELDS, NODE_FIELDS, TRIANGLE_FIELDS};
use super::tree;
use super::{Collision, NodeLists, MAX_COUNT, MAX_DEPTH, NEIGHBOR_SIDES, NO_TRIANGLE};
use crate::num::saturate;
use crate::par::prelude::*;
use crate::{Findings, Severity};

/// More list entries than this (shared lists counted each time) and list contents are not checked: no real
/// file comes near it, and it bounds the work a hostile file can cause.
pub const MAX_CHECKED_LIST_ENTRIES: u64 = 1 << 26;

/// How many triangle numbers a finding quotes before saying "and N more".
const QUOTE: usize = 8;

pub(crate) fn validate(c: &Collision) -> Findings {
    // The triangle checks and the tree checks are independent: run them side by side. Each side collects
    // its own findings and they are joined in a fixed order, so the output does not depend on timing.
    let (f, geometry) = crate::par::join(
        || {
            let mut f = Report::default();
            header(c, &mut f);
            let tree = structure(c, &mut f);
            let lists = c.lists();
            let lists_ok = node_lists(c, &lists, &mut f);
            match (tree, Grid::new(&c.header)) {
                (Some(tree), Some(grid)) if lists_ok => {
                    links(c, &tree, &mut f);
                    reach(c, &tree, &grid, &lists, &mut f);
                }
                _ => f.note(
                    At::nodes(),
                    "neighbour-link and reach checks skipped: the tree or its lists have errors",
                ),
            }
            f
        },
        || {
            let mut f = Report::default();
            triangles(c, &mut f);
            vertices(c, &mut f);
            f
        },
    );
    let mut all = f.0 .0;
    all.extend(geometry.0 .0);
    all.sort_by_key(|x| std::cmp::Reverse(x.severity));
    Findings(all)
}

/// Findings as they are made, each with its place.
#[derive(Default)]
struct Report(Findings);

impl Report {
    fn push(&mut self, severity: Severity, at: At, message: impl Into<String>) {
        let finding = self.0.push(severity, at.path, message);
        if let Some(offset) = at.offset {
            finding.at(offset);
        }
    }
    fn error(&mut self, at: At, message: impl Into<String>) {
        self.push(Severity::Error, at, message);
    }
    fn warning(&mut self, at: At, message: impl Into<String>) {
        self.push(Severity::Warning, at, message);
    }
    fn note(&mut self, at: At, message: impl Into<String>) {
        self.push(Severity::Note, at, message);
    }
    fn count(&self, severity: Severity) -> usize {
        self.0.count(severity)
    }
}

/// How a finding names a reserved run: `reserved bytes 0x19..0x20`.
fn reserved(field: Field) -> String {
    format!("reserved bytes 0x{:X}..0x{:X}", field.offset, field.offset + field.size)
}

fn quote(items: &[u16]) -> String {
    let mut s: Vec<String> = items.iter().take(QUOTE).map(u16::to_string).collect();
    if items.len() > QUOTE {
        s.push(format!("and {} more", items.len() - QUOTE));
    }
    s.join(", ")
}

fn header(c: &Collision, f: &mut Report) {
    let h = &c.header;
    let len = c.file_len();
    if u64::from(h.data_size) != len {
        f.error(
            At::header(HEADER_FIELDS.data_size),
            format!("says {} bytes; the file has {len}", h.data_size),
        );
    }
    for (field, count) in [
        (HEADER_FIELDS.num_nodes, h.num_nodes),
        (HEADER_FIELDS.num_polygons, h.num_polygons),
        (HEADER_FIELDS.num_vertices, h.num_vertices),
    ] {
        if usize::from(count) > MAX_COUNT {
            f.error(
                At::header(field),
                "0xFFFF is reserved: the game's visited-bitsets and 'none' links use it",
            );
        }
    }
    if h.num_nodes == 0 {
        f.error(At::header(HEADER_FIELDS.num_nodes), "no nodes: the game reads node 0 for every query");
    }
    if h.max_depth > MAX_DEPTH {
        f.error(
            At::header(HEADER_FIELDS.max_depth),
            format!("{} is above 15, the end of the game's per-depth arrays", h.max_depth),
        );
    }
    if !(h.root_length.is_finite() && h.root_length > 0.0) {
        f.error(
            At::header(HEADER_FIELDS.root_length),
            format!("{} is not a positive finite length", h.root_length),
        );
    } else {
        let masked = geom::game_root_length(h.root_length);
        if masked != h.root_length {
            f.warning(
                At::header(HEADER_FIELDS.root_length),
                format!(
                    "{} (0x{:08x}) becomes {masked} when the game clears its low 12 bits: the game's squares are \
                     smaller than the ones the file's lists were made for",
                    h.root_length,
                    h.root_length.to_bits()
                ),
            );
        }
    }
    if !h.root_center.iter().all(|x| x.is_finite()) {
        f.error(At::header(HEADER_FIELDS.root_center), format!("{:?} is not finite", h.root_center));
    }
    for (field, offset, count) in [
        (HEADER_FIELDS.node_offset, h.node_offset, h.num_nodes),
        (HEADER_FIELDS.polygon_offset, h.polygon_offset, h.num_polygons),
        (HEADER_FIELDS.vertex_offset, h.vertex_offset, h.num_vertices),
    ] {
        if count > 0 && offset % 4 != 0 {
            f.note(At::header(field), format!("offset 0x{offset:x} is not 4-byte aligned"));
        }
    }
}

/// The tree as reachable from node 0, when it is sound enough for geometric checks.
struct Tree {
    /// Reachable nodes, breadth-first (parents before children).
    order: Vec<u16>,
    /// The parent of each reachable node (root: itself).
    parent: Vec<u16>,
}

/// Node numbers, children, depths and positions. Returns the tree if nothing here is an error.
fn structure(c: &Collision, f: &mut Report) -> Option<Tree> {
    let n = c.nodes.len();
    let errors_before = f.count(Severity::Error);
    let max_depth = c.header.max_depth;
    for (i, node) in c.nodes.iter().enumerate() {
        if usize::from(node.number) != i {
            f.error(
                Element::node(c, i).field(NODE_FIELDS.number),
                format!("is {}; the game expects the node's position, {i}", node.number),
            );
        }
        if u16::from(node.depth) > max_depth || u16::from(node.depth) > MAX_DEPTH {
            f.error(
                Element::node(c, i).field(NODE_FIELDS.depth),
                format!("{} is deeper than maxDepth {max_depth} (and the game's limit of 15)", node.depth),
            );
        }
        if node.tail != [0; 7] {
            f.note(
                Element::node(c, i).whole(),
                format!("{} are not zero: {:02x?}", reserved(NODE_FIELDS.tail), node.tail),
            );
        }
    }
    let root = c.nodes.first()?;
    if root.depth != 0 || root.nx != 0 || root.nz != 0 {
        f.error(
            Element::node(c, 0).whole(),
            format!(
                "the root must have depth 0 at (0, 0); it has depth {} at ({}, {})",
                root.depth, root.nx, root.nz
            ),
        );
    }
    if root.parent != 0 {
        f.warning(
            Element::node(c, 0).field(NODE_FIELDS.parent),
            format!("is {}; the root's is 0", root.parent),
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
                Element::node(c, i).field(NODE_FIELDS.child),
                format!("children {first}..{} are not 4 nodes inside the {n}-node array", first + 4),
            );
            continue;
        }
        let Some(step) = grid_steps(node.depth.saturating_add(1)) else {
            f.error(
                Element::node(c, i).field(NODE_FIELDS.child),
                format!("a node at depth {} has children, but maxDepth is {max_depth}", node.depth),
            );
            continue;
        };
        for q in 0..4u32 {
            let j = first + q as usize;
            let ch = c.nodes[j];
            if visited[j] {
                f.error(
                    Element::node(c, i).field(NODE_FIELDS.child),
                    format!("child {j} is already in the tree (a cycle or a shared child): the walk would not end"),
                );
                continue;
            }
            visited[j] = true;
            parent[j] = saturate(i);
            order.push(saturate(j));
            if usize::from(ch.parent) != i {
                f.warning(
                    Element::node(c, j).field(NODE_FIELDS.parent),
                    format!("is {}; its parent is node {i}", ch.parent),
                );
            }
            if ch.depth != node.depth.wrapping_add(1) {
                f.error(
                    Element::node(c, j).field(NODE_FIELDS.depth),
                    format!(
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
                    Element::node(c, j).whole(),
                    format!(
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
            At::nodes(),
            format!(
                "{} node(s) are not in the tree from node 0, so the game never visits them: {}",
                unreachable.len(),
                quote(&unreachable)
            ),
        );
    }
    (f.count(Severity::Error) == errors_before).then_some(Tree { order, parent })
}

/// numPoly, polyIndex and list contents. Returns whether the lists are fit for the reach check.
fn node_lists(c: &Collision, lists: &NodeLists, f: &mut Report) -> bool {
    let num_polygons = c.triangles.len();
    let mut ok = true;
    for e in &lists.errors {
        f.error(
            Element::node(c, e.node).field(NODE_FIELDS.poly_index),
            format!("the game would read its list from outside the list area: {}", e.message),
        );
        ok = false;
    }
    for (i, node) in c.nodes.iter().enumerate() {
        if usize::from(node.num_poly) > MAX_COUNT {
            f.error(Element::node(c, i).field(NODE_FIELDS.num_poly), "0xFFFF is reserved");
        }
        let ignored = match node.num_poly {
            1 => node.poly_index & !super::INLINE_MASK_0,
            2 => node.poly_index & !(super::INLINE_MASK_0 | super::INLINE_MASK_1),
            _ => 0,
        };
        if ignored != 0 {
            f.warning(
                Element::node(c, i).field(NODE_FIELDS.poly_index),
                format!(
                    "0x{:08x} has bits the game ignores for a {}-entry list (it takes the entries from polyIndex itself): \
                     it reads triangle(s) {}; an offset here is an old-tool bug",
                    node.poly_index,
                    node.num_poly,
                    quote(lists.get(i))
                ),
            );
        }
    }
    if lists.total_entries() > MAX_CHECKED_LIST_ENTRIES {
        f.error(
            At::nodes(),
            format!("the lists hold {} entries in all; contents not checked", lists.total_entries()),
        );
        return false;
    }
    for i in 0..c.nodes.len() {
        let bad: Vec<u16> =
            lists.get(i).iter().copied().filter(|&t| usize::from(t) >= num_polygons).collect();
        if !bad.is_empty() {
            f.error(
                Element::node(c, i).list(),
                format!("triangle index(es) out of range (there are {num_polygons}): {}", quote(&bad)),
            );
            ok = false;
        }
    }
    ok
}

fn triangles(c: &Collision, f: &mut Report) {
    let nv = c.vertices.len();
    let nt = c.triangles.len();
    let tris: Vec<[u16; 3]> = c.triangles.iter().map(|t| t.vertices).collect();
    let inc = geom::Incidence::new(&tris, &c.vertices);
    for (i, t) in c.triangles.iter().enumerate() {
        let at = Element::triangle(c, i);
        let mut indices_ok = true;
        for (k, &v) in t.vertices.iter().enumerate() {
            if usize::from(v) >= nv {
                f.error(
                    at.item(TRIANGLE_FIELDS.vertices, k),
                    format!("vertex {v} does not exist (there are {nv})"),
                );
                indices_ok = false;
            }
        }
        for (k, &n) in t.neighbors.iter().enumerate() {
            if n != NO_TRIANGLE && usize::from(n) >= nt {
                f.error(
                    at.item(TRIANGLE_FIELDS.neighbors, k),
                    format!("triangle {n} does not exist (there are {nt})"),
                );
            }
        }
        if t.tail != [0; 2] {
            f.note(
                at.field(TRIANGLE_FIELDS.tail),
                format!("{} are not zero: {:02x?}", reserved(TRIANGLE_FIELDS.tail), t.tail),
            );
        }
        if !indices_ok {
            continue;
        }
        let Some(corners) = inc.corners[i] else { continue };
        for k in 0..3 {
            let stored = t.neighbors[k];
            let (a, b) = (corners[k], corners[(k + 1) % 3]);
            let edge = ["v0-v1", "v1-v2", "v2-v0"][k];
            if stored == NO_TRIANGLE {
                if let Some(o) = inc.across(i, a, b) {
                    f.warning(
                        at.item(TRIANGLE_FIELDS.neighbors, k),
                        format!("none, but triangle {o} shares edge {edge}: probes may test the edge twice"),
                    );
                }
            } else if usize::from(stored) < nt {
                let shares = usize::from(stored) != i
                    && inc.corners[usize::from(stored)].is_some_and(|oc| geom::has_edge(&oc, a, b));
                if !shares {
                    let want = match inc.across(i, a, b) {
                        None => "none".to_string(),
                        Some(n) => format!("triangle {n}"),
                    };
                    f.warning(
                        at.item(TRIANGLE_FIELDS.neighbors, k),
                        format!("triangle {stored} does not share edge {edge} (expected {want}): a probe may skip a triangle"),
                    );
                }
            }
        }
        let Some(points) = geom::triangle_points(&c.vertices, &t.vertices) else { continue };
        match geom::normal_from_winding(&points) {
            None => f.warning(
                at.field(TRIANGLE_FIELDS.vertices),
                "degenerate (zero area): the game cannot collide with it",
            ),
            Some(want) => {
                let n = t.normal;
                let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
                let dot = n[0] * want[0] + n[1] * want[1] + n[2] * want[2];
                if !(len.is_finite() && (len - 1.0).abs() <= 1e-3 && dot >= 0.999) {
                    f.warning(
                        at.field(TRIANGLE_FIELDS.normal),
                        format!("{n:?} disagrees with the winding's normal {want:?}: hits come from the wrong side or are culled"),
                    );
                }
            }
        }
    }
}

fn vertices(c: &Collision, f: &mut Report) {
    for (i, v) in c.vertices.iter().enumerate() {
        if !v.iter().all(|x| x.is_finite()) {
            f.error(Element::vertex(c, i).whole(), format!("{v:?} is not finite"));
        }
    }
}

/// The canonical neighbour links of every node ([`super::tree::canonical_links`]), or `None` if the tree
/// has structural errors (children out of range, cycles, wrong depths or positions).
pub fn canonical_neighbors(c: &Collision) -> Option<Vec<[u16; 4]>> {
    structure(c, &mut Report::default())?;
    Some(super::tree::canonical_links(&c.nodes, c.header.max_depth))
}

/// Neighbour links against the canonical ones ([`super::tree::canonical_links`]).
fn links(c: &Collision, tree: &Tree, f: &mut Report) {
    let n = c.nodes.len();
    let canonical = super::tree::canonical_links(&c.nodes, c.header.max_depth);
    for &i in &tree.order {
        let node = &c.nodes[usize::from(i)];
        let mut missing = Vec::new();
        for (side, name) in NEIGHBOR_SIDES.iter().enumerate() {
            let stored = node.neighbors[side];
            let path = || Element::node(c, usize::from(i)).side(side);
            if usize::from(stored) >= n {
                f.error(path(), format!("node {stored} does not exist (there are {n})"));
                continue;
            }
            let want = canonical[usize::from(i)][side];
            if stored == want {
                continue;
            }
            if stored == 0 {
                missing.push(format!("{name} (node {want})"));
            } else if want == 0 {
                f.warning(
                    path(),
                    format!("links to node {stored} across the root's edge, where there is nothing"),
                );
            } else {
                f.warning(path(), format!("links to node {stored}; the node across that side is {want}"));
            }
        }
        if !missing.is_empty() {
            f.warning(
                Element::node(c, usize::from(i)).field(NODE_FIELDS.neighbors),
                format!(
                    "no link on {}: line casts and probes stop at this node's edge there",
                    missing.join(", ")
                ),
            );
        }
    }
}

/// Inner-node lists for the moving-sphere query, and the reach rule for leaves (see the module docs).
fn reach(c: &Collision, tree: &Tree, grid: &Grid, lists: &NodeLists, f: &mut Report) {
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
    let candidates_of = |offset: usize, chunk: &[super::Triangle]| -> Vec<(u16, u16)> {
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
