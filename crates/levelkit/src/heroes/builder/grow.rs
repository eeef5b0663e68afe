//! The tree's shape and which triangles each node lists: the root square ([`choose_root`]), growth level
//! by level with exact footprint-square overlap ([`grow`]), and trees of other shapes for the sample
//! generators ([`tree_with_policy`]).

use super::error::BuildError;
use crate::heroes::geom::{self, Grid, Xz};
use crate::heroes::{tree, Collision, Header, NodeParts, Triangle, MAX_COUNT, MAX_DEPTH};
use crate::num::{round_f32, saturate};

/// The X/Z bounding box of a footprint.
pub(super) fn bounds(f: &[Xz; 3]) -> (Xz, Xz) {
    (
        [f[0][0].min(f[1][0]).min(f[2][0]), f[0][1].min(f[1][1]).min(f[2][1])],
        [f[0][0].max(f[1][0]).max(f[2][0]), f[0][1].max(f[1][1]).max(f[2][1])],
    )
}

/// The root square: centre, side, and whether every corner the game computes is exact (see
/// [`choose_root`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Root {
    /// rootCenter: the square's centre (queries use x and z; y is the middle of the vertices' Y bounds).
    pub center: [f32; 3],
    /// rootLength: the square's side, a power of two.
    pub length: f32,
    /// Every node corner and centre down to depth 15 is an exact f32, so children tile their parent
    /// exactly and a triangle overlapping a child overlaps the parent.
    pub exact: bool,
    /// The grid at maxDepth 15, in which the builder places nodes before the real maxDepth is known.
    grid: Grid,
}

/// Chooses the root square for these vertices: the smallest power-of-two side (so the game's mask of
/// rootLength's low 12 bits changes nothing) that, centred on a multiple of side/2^15 near the middle of
/// the vertices' X/Z bounds, covers all of them. Corners are then multiples of side/2^15, exact in f32
/// while the root is within 2^22 such steps of the origin (`exact`). No vertices: side 1 at the origin.
pub fn choose_root(vertices: &[[f32; 3]]) -> Result<Root, BuildError> {
    let (mut lo, mut hi) = ([f64::INFINITY; 3], [f64::NEG_INFINITY; 3]);
    for v in vertices {
        for a in 0..3 {
            lo[a] = lo[a].min(f64::from(v[a]));
            hi[a] = hi[a].max(f64::from(v[a]));
        }
    }
    if vertices.is_empty() {
        (lo, hi) = ([0.0; 3], [0.0; 3]);
    }
    let extent = (hi[0] - lo[0]).max(hi[2] - lo[2]);
    if !extent.is_finite() {
        return Err(BuildError::TooLarge { extent });
    }
    let mut len = 1.0f64;
    while len < extent {
        len *= 2.0;
    }
    while len / 2.0 >= extent && extent > 0.0 {
        len /= 2.0;
    }
    let mid = [(lo[0] + hi[0]) / 2.0, (lo[1] + hi[1]) / 2.0, (lo[2] + hi[2]) / 2.0];
    for _ in 0..64 {
        if len > f64::from(f32::MAX) / 4.0 {
            return Err(BuildError::TooLarge { extent });
        }
        let step = len / 32768.0;
        let cx = (mid[0] / step).round() * step;
        let cz = (mid[2] / step).round() * step;
        let center = [round_f32(cx), round_f32(mid[1]), round_f32(cz)];
        let length = round_f32(len);
        let header =
            Header { root_center: center, root_length: length, max_depth: MAX_DEPTH, ..Header::default() };
        let Some(grid) = Grid::new(&header) else { break };
        let sq = grid.root();
        let covers = sq.min[0] as f64 <= lo[0]
            && sq.min[1] as f64 <= lo[2]
            && f64::from(sq.max()[0]) >= hi[0]
            && f64::from(sq.max()[1]) >= hi[2];
        if covers {
            let limit = f64::from(1u32 << 22);
            let exact = f64::from(center[0]) == cx
                && f64::from(center[2]) == cz
                && [cx - len / 2.0, cx + len / 2.0, cz - len / 2.0, cz + len / 2.0]
                    .iter()
                    .all(|c| (c / step).abs() < limit);
            return Ok(Root { center, length, exact, grid });
        }
        len *= 2.0;
    }
    Err(BuildError::TooLarge { extent })
}

/// A grown tree: nodes in breadth-first order with nx/nz in depth-15 units and complete lists (when the
/// root is exact).
pub(super) struct Grown {
    pub nodes: Vec<NodeParts>,
    pub tree_depth: u8,
    pub limited: bool,
}

/// Grows the tree level by level from a root listing every triangle. `split(depth, list, side)` says
/// whether a node wants children; nodes at `limit` never split. When a level's splits would pass 65,534
/// nodes: with `strict` (a fixed depth) that is an error; otherwise the nodes with the longest lists split
/// (ties by index) and growth stops. When they could pass [`tree::MAX_COMPLETE_ENTRIES`] list entries (each
/// splitting node's list four times over), that is an error either way.
pub(super) fn grow(
    root: &Root,
    footprints: &[[Xz; 3]],
    limit: u16,
    strict: Option<u16>,
    split: &mut dyn FnMut(u8, &[u16], f32) -> bool,
) -> Result<Grown, BuildError> {
    let grid = &root.grid;
    let root_sq = grid.root();
    let all: Vec<u16> = (0..footprints.len())
        .filter(|&t| geom::triangle_overlaps_square(&footprints[t], root_sq.min, root_sq.max()))
        .map(saturate::<u16, usize>)
        .collect();
    let mut entries = all.len() as u64;
    let mut nodes = vec![NodeParts { list: all, ..NodeParts::default() }];
    let boxes: Vec<(Xz, Xz)> = footprints.iter().map(bounds).collect();
    let mut level = 0..1;
    let mut depth = 0u8;
    let mut limited = false;
    while u16::from(depth) < limit {
        let side = grid.half[usize::from(depth)] * 2.0;
        let mut wanting: Vec<usize> = level.clone().filter(|&i| split(depth, &nodes[i].list, side)).collect();
        if wanting.is_empty() {
            break;
        }
        let room = (MAX_COUNT - nodes.len()) / 4;
        if wanting.len() > room {
            if let Some(d) = strict {
                return Err(BuildError::TooManyNodes {
                    depth: d,
                    reached: u16::from(depth),
                    nodes: nodes.len(),
                    adding: wanting.len() * 4,
                });
            }
            wanting.sort_by_key(|&i| (std::cmp::Reverse(nodes[i].list.len()), i));
            wanting.truncate(room);
            wanting.sort_unstable();
            limited = true;
        }
        // Checked before the lists are made: a child lists at most its parent's triangles.
        let most: u64 = wanting.iter().map(|&i| nodes[i].list.len() as u64 * 4).sum();
        if entries + most > tree::MAX_COMPLETE_ENTRIES {
            return Err(BuildError::TooManyEntries { reached: u16::from(depth), entries });
        }
        let next = nodes.len();
        let step: u16 = saturate(grid.steps(depth + 1).unwrap_or(1));
        // Each splitting node's children on every core (a small mesh: this one), gathered in node order
        // (the same bytes).
        let children_of = |gathered: &mut [Vec<u16>; 4], &p: &usize| {
            children_of(grid, &nodes[p], p, step, footprints, &boxes, gathered)
        };
        let children: Vec<[NodeParts; 4]> = crate::par::map_init_if(
            footprints.len() >= crate::par::MIN_PARALLEL,
            &wanting,
            <[Vec<u16>; 4]>::default,
            children_of,
        );
        for (&p, kids) in wanting.iter().zip(children) {
            nodes[p].child = saturate(nodes.len());
            entries += kids.iter().map(|k| k.list.len() as u64).sum::<u64>();
            nodes.extend(kids);
        }
        depth += 1;
        level = next..nodes.len();
        if limited {
            break;
        }
    }
    let tree_depth = nodes.iter().map(|n| n.depth).max().unwrap_or(0);
    Ok(Grown { nodes, tree_depth, limited })
}

/// The four children of node `p` (`parent`), each listing the triangles of the parent's list whose
/// footprint overlaps its closed square (`boxes`: the footprints' X/Z bounds). Lists are gathered in
/// `gathered`, then copied out at their final length (no regrowth).
fn children_of(
    grid: &Grid,
    parent: &NodeParts,
    p: usize,
    step: u16,
    footprints: &[[Xz; 3]],
    boxes: &[(Xz, Xz)],
    gathered: &mut [Vec<u16>; 4],
) -> [NodeParts; 4] {
    let depth = parent.depth + 1;
    let mut children: [NodeParts; 4] = Default::default();
    let mut squares = [(Xz::default(), Xz::default()); 4];
    for (k, ch) in children.iter_mut().enumerate() {
        let k: u16 = saturate(k);
        *ch = NodeParts {
            parent: saturate(p),
            nx: parent.nx + (k & 1) * step,
            nz: parent.nz + (k >> 1) * step,
            depth,
            ..NodeParts::default()
        };
        let sq = grid.square(ch.nx, ch.nz, depth).unwrap_or(grid.root());
        squares[usize::from(k)] = (sq.min, sq.max());
    }
    // Child k's X range depends only on its X half (k & 1), its Z range only on its Z half (k >> 1): the
    // box tests are made per half, as masks over the four children (bit k for child k).
    let ranges = |axis: usize, of: [usize; 2]| of.map(|k| (squares[k].0[axis], squares[k].1[axis]));
    let (xs, zs) = (ranges(0, [0, 1]), ranges(1, [0, 2]));
    // Per axis, the children whose range the box meets, and those whose range holds it.
    let masks = |r: [(f32, f32); 2], halves: [u8; 2], lo: f32, hi: f32| {
        let (mut meets, mut holds) = (0u8, 0u8);
        for ((min, max), half) in r.into_iter().zip(halves) {
            meets |= if hi < min || lo > max { 0 } else { half };
            holds |= if lo >= min && hi <= max { half } else { 0 };
        }
        (meets, holds)
    };
    for &t in &parent.list {
        let (lo, hi) = boxes[usize::from(t)];
        let (meets_x, holds_x) = masks(xs, [0b0101, 0b1010], lo[0], hi[0]);
        let (meets_z, holds_z) = masks(zs, [0b0011, 0b1100], lo[1], hi[1]);
        // A footprint is connected: it reaches every X (and Z) of its box. So when its box lies within
        // the square's range on one axis and meets it on the other, some point of it is in the square.
        let (meets, sure) = (meets_x & meets_z, holds_x | holds_z);
        for (k, (list, (min, max))) in gathered.iter_mut().zip(&squares).enumerate() {
            if meets >> k & 1 == 0 {
                continue;
            }
            if sure >> k & 1 == 1 || geom::triangle_overlaps_square(&footprints[usize::from(t)], *min, *max) {
                list.push(t);
            }
        }
    }
    for (ch, list) in children.iter_mut().zip(gathered) {
        ch.list = list.clone();
        list.clear();
    }
    children
}

/// A tree over prepared triangles (vertices in range), grown where `split(depth, list, side)` says, no
/// deeper than `max_depth` (≤ 15), with the builder's root, complete lists and canonical links: the
/// header (root and maxDepth; counts and offsets left 0) and the nodes. For generators that want trees of
/// other shapes than [`super::build`]'s; [`Collision::from_parts`] lays them out.
pub fn tree_with_policy(
    triangles: &[Triangle],
    vertices: &[[f32; 3]],
    max_depth: u16,
    split: &mut dyn FnMut(u8, &[u16], f32) -> bool,
) -> Result<(Header, Vec<NodeParts>), BuildError> {
    let max_depth = max_depth.min(MAX_DEPTH);
    let root = choose_root(vertices)?;
    let footprints: Vec<[Xz; 3]> = triangles
        .iter()
        .map(|t| geom::triangle_xz(vertices, &t.vertices).unwrap_or([[f32::NAN; 2]; 3]))
        .collect();
    let mut nodes = grow(&root, &footprints, max_depth, None, split)?.nodes;
    for n in &mut nodes {
        n.nx >>= MAX_DEPTH - max_depth;
        n.nz >>= MAX_DEPTH - max_depth;
    }
    let c = Collision::from_parts(
        root.center,
        root.length,
        max_depth,
        &nodes,
        triangles.to_vec(),
        vertices.to_vec(),
    )?;
    if !root.exact {
        for (n, list) in nodes.iter_mut().zip(tree::complete_lists(&c)?) {
            n.list = list;
        }
    }
    for (n, links) in nodes.iter_mut().zip(tree::canonical_links(&c.nodes, max_depth)) {
        n.neighbors = links;
    }
    let header =
        Header { root_center: root.center, root_length: root.length, max_depth, ..Header::default() };
    Ok((header, nodes))
}
