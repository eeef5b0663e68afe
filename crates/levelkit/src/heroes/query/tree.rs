//! The file prepared for the game's walks: nodes with their squares and decoded lists, triangles with
//! their corners, and the two steps every walk is made of — the point descent and `GetNextNeighborNode`.

use super::leaves::Leaves;
use super::{distance, Hit, Vec3};
use crate::heroes::geom::Grid;
use crate::heroes::Collision;

/// A node prepared for queries.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct QNode {
    pub(super) number: u16,
    pub(super) child: u16,
    pub(super) neighbors: [u16; 4],
    pub(super) num_poly: u16,
    /// (start, length) into [`GameTree::words`].
    pub(super) list: (u32, u32),
    /// The centre as the game computes it: rootMin + (half[depth] + n·unit).
    pub(super) center: [f32; 2],
    pub(super) half: f32,
    /// Depth ≤ 15: the game's half-length table has an entry for it.
    pub(super) ok: bool,
}

/// What a point descent and `GetNextNeighborNode` read of a node, packed (24 bytes): the descent at the
/// end of a step reads the line the next step reads.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Square {
    pub(super) center: [f32; 2],
    pub(super) half: f32,
    pub(super) neighbors: [u16; 4],
    pub(super) child: u16,
    pub(super) ok: bool,
}

/// A triangle prepared for queries.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct QTri {
    pub(super) v: [Vec3; 3],
    pub(super) normal: Vec3,
    pub(super) attribute: u32,
    /// Every vertex index is in range.
    pub(super) ok: bool,
}

/// A `.cl` file prepared for the game's queries. Build it once per file; query from many threads, each
/// with its own [`Scratch`](super::Scratch).
#[derive(Clone, Debug, Default)]
pub struct GameTree {
    pub(super) nodes: Vec<QNode>,
    pub(super) words: Vec<u16>,
    pub(super) tris: Vec<QTri>,
    /// Every triangle's corners on their own, for the ray walks' hot loop; NaN for a triangle with a vertex
    /// index out of range (NaN never hits).
    pub(super) corners: Vec<[Vec3; 3]>,
    /// What descents and steps to the next leaf read of each node.
    pub(super) squares: Vec<Square>,
    pub(super) root_center: [f32; 2],
    /// rootLength after the game's mask.
    pub(super) root_length: f32,
    /// The header describes a grid the game can use (maxDepth ≤ 15).
    pub(super) usable: bool,
    /// Every node's nodeNo is its index: the node lists of the sphere queries (which hold nodeNo) name
    /// nodes by index.
    pub(super) numbered_in_order: bool,
    /// The leaves' lists as the line cast reads them.
    pub(super) leaves: Leaves,
}

/// Where [`GameTree::next_neighbor`] leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// The segment ends inside the node, or the link on its way out is 0.
    End,
    /// The leaf the segment enters next.
    Leaf(u16),
    /// A link or child index outside the node array, or a child cycle.
    Broken,
}

/// The most nodes any descent can pass: depth is at most 15, so more steps mean a child cycle.
pub(super) const DESCENT_LIMIT: usize = 64;

impl GameTree {
    /// Prepares a file: node squares and centres as the game computes them (rootLength masked), every
    /// node's list decoded as the game reads it (inline small lists honoured), triangle corners resolved.
    pub fn new(c: &Collision) -> GameTree {
        let lists = c.lists();
        let h = &c.header;
        let grid = Grid::new(h);
        let usable = grid.is_some() && !c.nodes.is_empty();
        let nodes: Vec<QNode> = c
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let (center, half, ok) = match &grid {
                    Some(g) => match g.center(n.nx, n.nz, n.depth) {
                        Some((center, half)) => (center, half, true),
                        None => ([0.0; 2], 0.0, false),
                    },
                    None => ([0.0; 2], 0.0, false),
                };
                QNode {
                    number: n.number,
                    child: n.child,
                    neighbors: n.neighbors,
                    num_poly: n.num_poly,
                    list: lists.spans.get(i).copied().unwrap_or((0, 0)),
                    center,
                    half,
                    ok,
                }
            })
            .collect();
        let tris: Vec<QTri> = c
            .triangles
            .iter()
            .map(|t| {
                let p = crate::heroes::geom::triangle_points(&c.vertices, &t.vertices);
                QTri { v: p.unwrap_or_default(), normal: t.normal, attribute: t.attribute, ok: p.is_some() }
            })
            .collect();
        let mut g = GameTree {
            nodes,
            words: lists.words,
            corners: tris.iter().map(|q| if q.ok { q.v } else { [[f32::NAN; 3]; 3] }).collect(),
            tris,
            root_center: [h.root_center[0], h.root_center[2]],
            root_length: crate::heroes::geom::game_root_length(h.root_length),
            usable,
            numbered_in_order: c.nodes.iter().enumerate().all(|(i, n)| usize::from(n.number) == i),
            leaves: Leaves::default(),
            squares: Vec::new(),
        };
        g.prepare_walks();
        g
    }

    /// Lays out what the ray walks read: the nodes' squares and links ([`Square`]) and the leaves' lists
    /// ([`Leaves`]).
    fn prepare_walks(&mut self) {
        self.squares = self
            .nodes
            .iter()
            .map(|q| Square {
                center: q.center,
                half: q.half,
                neighbors: q.neighbors,
                child: q.child,
                ok: q.ok,
            })
            .collect();
        let lists = (0..self.nodes.len()).map(|n| {
            let n = u16::try_from(n).unwrap_or(u16::MAX);
            (self.list(n), self.is_leaf(n))
        });
        self.leaves = Leaves::new(lists, &self.corners);
    }

    /// The same file with other lists and links: node `i` lists `lists[i]` (none past the end) and links
    /// `links[i]` (all 0 past the end). The audit builds the *complete* tree this way.
    pub fn with_lists(c: &Collision, lists: &[Vec<u16>], links: &[[u16; 4]]) -> GameTree {
        let mut g = GameTree::new(c);
        g.words.clear();
        for (i, node) in g.nodes.iter_mut().enumerate() {
            let list = lists.get(i).map_or(&[][..], Vec::as_slice);
            let start = u32::try_from(g.words.len()).unwrap_or(u32::MAX);
            g.words.extend_from_slice(list);
            let len = u32::try_from(list.len()).unwrap_or(0);
            node.list = (start, len);
            node.num_poly = u16::try_from(list.len()).unwrap_or(u16::MAX);
            node.neighbors = links.get(i).copied().unwrap_or([0; 4]);
        }
        g.prepare_walks();
        g
    }

    /// Number of nodes.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// Number of triangles.
    pub fn triangle_count(&self) -> usize {
        self.tris.len()
    }

    /// Node `n`'s triangle list as the game reads it.
    pub fn list(&self, n: u16) -> &[u16] {
        match self.nodes.get(usize::from(n)) {
            Some(node) => {
                let start = node.list.0 as usize;
                self.words.get(start..start + node.list.1 as usize).unwrap_or(&[])
            }
            None => &[],
        }
    }

    /// Node `n`'s centre (x, z) and half side as the game computes them.
    pub fn node_square(&self, n: u16) -> Option<([f32; 2], f32)> {
        self.nodes.get(usize::from(n)).filter(|q| q.ok).map(|q| (q.center, q.half))
    }

    /// Node `n`'s first child (its children are the four from it), as the descent follows it; `None` for a
    /// leaf or a node the game cannot use.
    pub(in crate::heroes) fn first_child(&self, n: u16) -> Option<u16> {
        self.squares.get(usize::from(n)).filter(|q| q.ok && q.child != 0).map(|q| q.child)
    }

    /// Node `n`'s neighbour links (+X, −X, +Z, −Z), as the walk follows them.
    pub(in crate::heroes) fn links(&self, n: u16) -> Option<[u16; 4]> {
        self.squares.get(usize::from(n)).map(|q| q.neighbors)
    }

    /// Whether the game can walk this tree at all (a known maxDepth and a node).
    pub(in crate::heroes) fn usable(&self) -> bool {
        self.usable
    }

    /// Whether node `n` has no children.
    pub fn is_leaf(&self, n: u16) -> bool {
        self.nodes.get(usize::from(n)).is_some_and(|q| q.child == 0)
    }

    /// The leaf the game finds for a point: from node 0, while the node has children, child bit 0 if
    /// x ≥ centre x, bit 1 if z ≥ centre z. No bounds check, as in the game. `None` when the descent meets
    /// a broken child index or a cycle.
    pub fn leaf_of(&self, x: f32, z: f32) -> Option<u16> {
        if !self.usable {
            return None;
        }
        self.descend(0, x, z)
    }

    /// Down from node `n` to a leaf by the point (x, z).
    pub(super) fn descend(&self, mut n: u16, x: f32, z: f32) -> Option<u16> {
        for _ in 0..DESCENT_LIMIT {
            let step = self.squares.get(usize::from(n))?;
            if step.child == 0 {
                // A leaf too deep for the game's tables is as broken as a bad index.
                return step.ok.then_some(n);
            }
            if !step.ok {
                return None;
            }
            let k = u16::from(x >= step.center[0]) | u16::from(z >= step.center[1]) << 1;
            n = step.child.checked_add(k)?;
        }
        None
    }

    /// The game's `GetNextNeighborNode`: the leaf the segment `start → end` enters when it leaves node `n`.
    /// The exit side is the one whose far edge the segment crosses first (measured from `start`, whatever
    /// node the walk is in); an exit exactly on the far edge does not count. The neighbour link of that
    /// side is followed and its children descended at the crossing point.
    pub fn next_neighbor(&self, n: u16, start: Vec3, end: Vec3) -> Next {
        let Some(node) = self.squares.get(usize::from(n)).filter(|q| q.ok) else { return Next::Broken };
        let Some((side, ratio)) = exit(node, start, end) else { return Next::End };
        let link = node.neighbors[side];
        if link == 0 {
            return Next::End;
        }
        let fraction = 1.0 / ratio;
        let bx = start[0] + fraction * (end[0] - start[0]);
        let bz = start[2] + fraction * (end[2] - start[2]);
        match self.descend(link, bx, bz) {
            Some(leaf) => Next::Leaf(leaf),
            None => Next::Broken,
        }
    }

    /// The side (0 +X, 1 −X, 2 +Z, 3 −Z, as `neighborNo`) by which [`GameTree::next_neighbor`] leaves node
    /// `n`, and the link stored there; `None` when the segment ends inside the node (or the node is
    /// broken). The audit names the link a cast stopped at with it.
    pub fn exit_link(&self, n: u16, start: Vec3, end: Vec3) -> Option<(usize, u16)> {
        let node = self.squares.get(usize::from(n)).filter(|q| q.ok)?;
        exit(node, start, end).map(|(side, _)| (side, node.neighbors[side]))
    }

    pub(super) fn hit(&self, t: u16, start: Vec3, point: Vec3) -> Hit {
        Hit {
            triangle: t,
            point,
            distance: distance(start, point),
            attribute: self.tris.get(usize::from(t)).map_or(0, |q| q.attribute),
        }
    }
}

/// `GetNextNeighborNode`'s choice of side: the one whose far edge the segment `start → end` crosses
/// first (measured from `start`), with the ratio of the segment's extent to the distance to that edge;
/// `None` when it crosses none (an exit exactly on the far edge does not count).
#[inline]
fn exit(node: &Square, start: Vec3, end: Vec3) -> Option<(usize, f32)> {
    let half = node.half;
    let (mut dx, mut dz) = (end[0] - start[0], end[2] - start[2]);
    let (mut ox, mut oz) = (start[0] - node.center[0], start[2] - node.center[1]);
    let mut ratio = 0.0f32;
    let mut side = 0usize;
    if dx != 0.0 {
        let negative = dx < 0.0;
        if negative {
            dx = -dx;
            ox = -ox;
        }
        if ox < half && ox + dx > half {
            ratio = dx / (half - ox);
            side = if negative { 1 } else { 0 };
        }
    }
    if dz != 0.0 {
        let negative = dz < 0.0;
        if negative {
            dz = -dz;
            oz = -oz;
        }
        if oz < half && oz + dz > half {
            let candidate = dz / (half - oz);
            if ratio < candidate {
                ratio = candidate;
                side = if negative { 3 } else { 2 };
            }
        }
    }
    (ratio != 0.0).then_some((side, ratio))
}

/// The children a box excludes, as the game's selection mask: bit k set = skip child k. A box wholly on
/// the −X side of the centre skips the +X children (1, 3), and so on.
pub(super) fn selection(c: [f32; 2], upper: &[f32; 2], lower: &[f32; 2]) -> u8 {
    let mut sel = 0u8;
    if upper[0] < c[0] {
        sel = 0xA;
    } else if c[0] < lower[0] {
        sel = 0x5;
    }
    if upper[1] < c[1] {
        sel |= 0xC;
    } else if c[1] < lower[1] {
        sel |= 0x3;
    }
    sel
}
