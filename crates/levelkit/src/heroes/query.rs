//! The game's collision queries over a `.cl` file, walked the way the game walks its quadtree.
//!
//! The game never tests every triangle: each query starts from the tree and only tests the triangles the
//! nodes it reaches list. This module follows the decompiled traversal (`Jovinull/sonicheroes`,
//! `src/game/octreeColli.cpp`, `src/game/octree.cpp`) step for step, in `f32` and in the game's order of
//! operations, so a file that is valid but badly linked or listed gives the answers the game gives:
//!
//! - [`GameTree::leaf_of`]: the point's leaf, descending from node 0 by comparing with each node's centre,
//!   no bounds check (a point outside the root lands in an edge leaf);
//! - [`GameTree::axis_y`]: the vertical probe (`DetectAxisYCollisionWithPolygons`): tests the start leaf's
//!   list and moves leaf to leaf through neighbour links, which for a segment without X/Z extent never
//!   happens;
//! - [`GameTree::line`]: the line cast (`DetectLineCollisionWithPolygons`): leaf to leaf through
//!   `neighborNo` ([`GameTree::next_neighbor`], the game's `GetNextNeighborNode`: the side the segment
//!   leaves by, then down the neighbour's children at the crossing point), a cheap reach filter before each
//!   triangle, and a stop at the first leaf that yields any hit;
//! - [`GameTree::sphere`]: the static sphere (`DetectSphereCollisionWithPolygons`): a node list spread from
//!   the centre's leaf to children and neighbours, never to the parent;
//! - [`GameTree::moving_sphere`]: the moving sphere (`DetectMovingSphereCollisionWithPolygons`): a node list
//!   from the root down over the swept box, where a node wholly inside the box is taken only if its own
//!   numPoly is non-zero, and not descended.
//!
//! Every query keeps the game's visited-triangle set (a triangle listed by several nodes is tested once).
//! The triangle tests are one-sided: a hit needs the query to come from the side the winding's normal
//! points to. The segment tests ([`segment_triangle`], [`segment_y_triangle`]) use the game's formulation
//! (the triple products of `clIntersectTriangle`/`clIntersectTriangleY` in `src/game/calc_colli.cpp`, same
//! thresholds), rejecting non-finite values where the game would carry on with NaN. The game's triangle
//! adjacency marking (`SetNeighborPolygonFlags`) never fires for these tests — they only report "hit" (1)
//! or "miss" (0x80), and the masks only look at other bits — so adjacency does not change these answers.
//! The sphere queries use the game's own `f32` sphere tests ([`super::sphere_game`]: `clDetectS2T`,
//! `clDetectMS2T`), whose answers differ from levelkit's exact `f64` tests ([`super::sphere_exact`]) — no
//! corner contacts while moving, absolute tolerances — the way the game's do (see `docs/queries.md`).
//!
//! Hostile files never panic or hang: an out-of-range child, neighbour, triangle or vertex index ends that
//! branch (the game would read past its arrays), and every walk has a step budget; a walk that runs out
//! reports [`Walk::aborted`].
//!
//! [`GameTree::new`] prepares the file once (squares, decoded lists, masked root); a [`Scratch`] per thread
//! holds the visited sets, cleared in O(1) per query by an epoch counter, so queries do not allocate.

use super::geom::Grid;
use super::sphere_game;
use super::Collision;

/// A point or vector (x, y, z); Y is up.
pub type Vec3 = [f32; 3];

/// The game's slack in its sphere tests (`0.000123` in `calc_colli.cpp`).
pub const SPHERE_SLACK: f32 = 0.000_123;
/// The game's smallest accepted determinant in its segment tests.
pub const MIN_DET: f32 = 0.0001;
/// The game's facing cull for the moving sphere: triangles whose stored normal has
/// `dot(normalize(movement), normal) ≥ 0.001` are skipped.
pub const FACING_CULL: f32 = 0.001;

/// A triangle a query hit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hit {
    /// Index of the triangle.
    pub triangle: u16,
    /// Where the query meets it.
    pub point: Vec3,
    /// Distance from the query's start to `point`.
    pub distance: f32,
    /// The triangle's attribute (surface flags).
    pub attribute: u32,
}

/// What a ray-like walk (vertical probe, line cast) returns.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Walk {
    /// The triangle the game answers with, if any.
    pub hit: Option<Hit>,
    /// Leaves the walk tested.
    pub leaves: u32,
    /// Triangles the walk tested (after the visited set and filters).
    pub tested: u32,
    /// The walk met a broken index, a child or link cycle, or ran out of steps: the game would read
    /// garbage or loop here.
    pub aborted: bool,
}

/// How a moving-sphere contact arose (the game's `ENUM_CL_MOVING`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContactKind {
    /// The sphere reaches the triangle during the movement.
    Collision,
    /// The sphere already overlaps the triangle.
    Intersection,
}

/// One triangle a sphere query touches, as the game records it in its contact list.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contact {
    pub triangle: u16,
    /// How the contact arose (the game's list keeps only the vectors; the query's answer is the kind of
    /// the last contact).
    pub kind: ContactKind,
    /// Where the sphere touches the triangle (`coliPos`; for a moving sphere's collision, at the contact).
    pub point: Vec3,
    /// For collisions, the part of the movement before the contact (`ansVec`); zero otherwise.
    pub allowed: Vec3,
    /// For intersections, the push that moves the sphere out (`pushVec`); zero for collisions.
    pub push: Vec3,
    /// The moving test's `on_edge` bits (0x10 edge v0–v1, 0x20 v1–v2, 0x40 v2–v0); 0 on the face.
    pub edge: u16,
    pub attribute: u32,
}

/// What a sphere query returns besides its contacts (which are in [`Scratch::contacts`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SphereWalk {
    /// Nodes in the query's node list.
    pub nodes: u32,
    /// Triangles tested.
    pub tested: u32,
    /// For the moving sphere: the movement left once every collision has shortened it.
    pub remaining: Vec3,
    /// For the moving sphere: the last collision, the one that shortened the movement most.
    pub first: Option<Contact>,
    /// For the moving sphere: the game's answer (`ENUM_CL_MOVING`; `None` is `CL_MOVING_NONE`).
    pub answer: Option<ContactKind>,
    /// See [`Walk::aborted`].
    pub aborted: bool,
    /// The game's triangle test would loop forever on a triangle of this query (a sliver, see
    /// [`super::sphere_game::Freeze`]): the game freezes. The query stops there.
    pub freezes: bool,
}

/// A node prepared for queries.
#[derive(Clone, Copy, Debug, Default)]
struct QNode {
    number: u16,
    child: u16,
    neighbors: [u16; 4],
    num_poly: u16,
    /// (start, length) into [`GameTree::words`].
    list: (u32, u32),
    /// The centre as the game computes it: rootMin + (half[depth] + n·unit).
    center: [f32; 2],
    half: f32,
    /// Depth ≤ 15: the game's half-length table has an entry for it.
    ok: bool,
}

/// The part of a node a point descent reads.
#[derive(Clone, Copy, Debug, Default)]
struct Step {
    child: u16,
    ok: bool,
    center: [f32; 2],
}

/// A triangle prepared for queries.
#[derive(Clone, Copy, Debug, Default)]
struct QTri {
    v: [Vec3; 3],
    normal: Vec3,
    attribute: u32,
    /// Every vertex index is in range.
    ok: bool,
}

/// A `.cl` file prepared for the game's queries. Build it once per file; query from many threads, each
/// with its own [`Scratch`].
#[derive(Clone, Debug, Default)]
pub struct GameTree {
    nodes: Vec<QNode>,
    words: Vec<u16>,
    tris: Vec<QTri>,
    /// Every triangle's corners on their own, for the ray walks' hot loop; NaN for a triangle with a vertex
    /// index out of range (NaN never hits).
    corners: Vec<[Vec3; 3]>,
    /// What a point descent reads of each node, packed (12 bytes a node) so descents stay in cache.
    descent: Vec<Step>,
    root_center: [f32; 2],
    /// rootLength after the game's mask.
    root_length: f32,
    /// The header describes a grid the game can use (maxDepth ≤ 15).
    usable: bool,
}

/// Per-thread working memory for queries: visited sets and the sphere queries' node and contact lists.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    poly: Vec<u32>,
    node: Vec<u32>,
    epoch: u32,
    nodes: Vec<u16>,
    stack: Vec<(u16, u8)>,
    contacts: Vec<Contact>,
}

impl Scratch {
    /// Working memory sized for `tree`.
    pub fn new(tree: &GameTree) -> Scratch {
        Scratch {
            poly: vec![0; tree.tris.len()],
            node: vec![0; tree.nodes.len()],
            epoch: 0,
            nodes: Vec::new(),
            stack: Vec::new(),
            contacts: Vec::new(),
        }
    }

    /// The contacts of the last sphere query, in the order the game inserts them.
    pub fn contacts(&self) -> &[Contact] {
        &self.contacts
    }

    /// The node list of the last sphere query, in the order the game walks it.
    pub fn node_list(&self) -> &[u16] {
        &self.nodes
    }

    /// Starts a query: every visited flag reads clear.
    fn begin(&mut self, tree: &GameTree) {
        if self.poly.len() != tree.tris.len() || self.node.len() != tree.nodes.len() {
            *self = Scratch::new(tree);
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.poly.fill(0);
            self.node.fill(0);
            self.epoch = 1;
        }
        self.nodes.clear();
        self.stack.clear();
        self.contacts.clear();
    }

    fn poly_seen(&self, t: u16) -> bool {
        self.poly.get(usize::from(t)).is_some_and(|&e| e == self.epoch)
    }

    fn mark_poly(&mut self, t: u16) {
        if let Some(e) = self.poly.get_mut(usize::from(t)) {
            *e = self.epoch;
        }
    }

    fn node_seen(&self, n: u16) -> bool {
        self.node.get(usize::from(n)).is_some_and(|&e| e == self.epoch)
    }

    fn mark_node(&mut self, n: u16) {
        if let Some(e) = self.node.get_mut(usize::from(n)) {
            *e = self.epoch;
        }
    }
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
const DESCENT_LIMIT: usize = 64;

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
                let p = super::geom::triangle_points(&c.vertices, &t.vertices);
                QTri { v: p.unwrap_or_default(), normal: t.normal, attribute: t.attribute, ok: p.is_some() }
            })
            .collect();
        GameTree {
            descent: nodes
                .iter()
                .map(|q: &QNode| Step { child: q.child, ok: q.ok, center: q.center })
                .collect(),
            nodes,
            words: lists.words,
            corners: tris.iter().map(|q| if q.ok { q.v } else { [[f32::NAN; 3]; 3] }).collect(),
            tris,
            root_center: [h.root_center[0], h.root_center[2]],
            root_length: super::geom::game_root_length(h.root_length),
            usable,
        }
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
    fn descend(&self, mut n: u16, x: f32, z: f32) -> Option<u16> {
        for _ in 0..DESCENT_LIMIT {
            let step = self.descent.get(usize::from(n))?;
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
        let Some(node) = self.nodes.get(usize::from(n)).filter(|q| q.ok) else { return Next::Broken };
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
        if ratio == 0.0 {
            return Next::End;
        }
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

    /// The game's vertical probe from `start` along Y by `distance` (negative = down). The game walks leaf
    /// to leaf like the line cast, but a vertical segment never leaves its first leaf. Before the exact
    /// test it skips a triangle whose three corners all lie beyond the segment's end.
    pub fn axis_y(&self, s: &mut Scratch, start: Vec3, distance: f32) -> Walk {
        s.begin(self);
        let mut walk = Walk::default();
        let Some(mut n) = self.leaf_of(start[0], start[2]) else {
            walk.aborted = self.usable;
            return walk;
        };
        let mut dy = distance;
        let mut found: Option<(u16, f32)> = None;
        for _ in 0..=self.nodes.len() {
            let end = [start[0], start[1] + dy, start[2]];
            let next = self.next_neighbor(n, start, end);
            walk.leaves += 1;
            for &t in self.list(n) {
                if s.poly_seen(t) {
                    continue;
                }
                if let Some(v) = self.corners.get(usize::from(t)) {
                    let beyond = v.iter().all(|p| {
                        let delta = p[1] - start[1];
                        (distance < 0.0 && delta < distance) || (distance > 0.0 && delta > distance)
                    });
                    if !beyond {
                        walk.tested += 1;
                        if let Some(u) = segment_y_triangle(start, dy, v) {
                            let y = start[1] + dy * u;
                            dy = y - start[1];
                            found = Some((t, y));
                        }
                    }
                }
                s.mark_poly(t);
            }
            if found.is_some() {
                break;
            }
            match next {
                Next::Leaf(m) => n = m,
                Next::End => break,
                Next::Broken => {
                    walk.aborted = true;
                    break;
                }
            }
        }
        walk.hit = found.map(|(t, y)| self.hit(t, start, [start[0], y, start[2]]));
        walk
    }

    /// The game's line cast from `start` along `dir` (the segment `start → start + dir`). It walks from the
    /// start's leaf through neighbour links; in each leaf it tests the listed triangles not yet tested,
    /// each only if the cheap reach filter `max(|v1−v0|², |v0−v2|²) + |dir|² > |v0−start|²` lets it
    /// through; each hit shortens the segment; the first leaf with any hit ends the walk.
    pub fn line(&self, s: &mut Scratch, start: Vec3, dir: Vec3) -> Walk {
        s.begin(self);
        let mut walk = Walk::default();
        let Some(mut n) = self.leaf_of(start[0], start[2]) else {
            walk.aborted = self.usable;
            return walk;
        };
        let mut d = dir;
        let length_sq = dir[2] * dir[2] + (dir[0] * dir[0] + dir[1] * dir[1]);
        let mut found: Option<(u16, Vec3)> = None;
        let mut steps = 0usize;
        loop {
            let end = [start[0] + d[0], start[1] + d[1], start[2] + d[2]];
            let next = self.next_neighbor(n, start, end);
            walk.leaves += 1;
            for &t in self.list(n) {
                if s.poly_seen(t) {
                    continue;
                }
                if let Some(v) = self.corners.get(usize::from(t)) {
                    if in_reach(v, start, length_sq) {
                        walk.tested += 1;
                        if let Some(u) = segment_triangle(start, d, v) {
                            let p = [start[0] + d[0] * u, start[1] + d[1] * u, start[2] + d[2] * u];
                            d = [p[0] - start[0], p[1] - start[1], p[2] - start[2]];
                            found = Some((t, p));
                        }
                    }
                }
                s.mark_poly(t);
            }
            if found.is_some() {
                break;
            }
            steps += 1;
            match next {
                // A link cycle can bring the walk back forever; a real walk visits each leaf once.
                Next::Leaf(m) if steps <= self.nodes.len() => n = m,
                Next::End => break,
                Next::Leaf(_) | Next::Broken => {
                    walk.aborted = true;
                    break;
                }
            }
        }
        walk.hit = found.map(|(t, p)| self.hit(t, start, p));
        walk
    }

    fn hit(&self, t: u16, start: Vec3, point: Vec3) -> Hit {
        Hit {
            triangle: t,
            point,
            distance: distance(start, point),
            attribute: self.tris.get(usize::from(t)).map_or(0, |q| q.attribute),
        }
    }

    /// The game's static-sphere query: every triangle within `radius` of `center` (one-sided), among those
    /// listed by the nodes the small-sphere node list reaches. Contacts go to [`Scratch::contacts`].
    pub fn sphere(&self, s: &mut Scratch, center: Vec3, radius: f32) -> SphereWalk {
        s.begin(self);
        let mut out = SphereWalk::default();
        let Some(leaf) = self.leaf_of(center[0], center[2]) else {
            out.aborted = self.usable;
            return out;
        };
        out.aborted = !self.small_sphere_nodes(s, leaf, center, radius);
        out.nodes = s.nodes.len() as u32;
        let r2 = radius * radius;
        self.each_listed(s, |s, t, tri| {
            if out.freezes || !in_reach(&tri.v, center, r2) {
                return;
            }
            out.tested += 1;
            match sphere_game::static_sphere(center, radius, &tri.v) {
                Ok(Some(o)) => s.contacts.push(Contact {
                    triangle: t,
                    kind: ContactKind::Intersection,
                    point: add(center, o.to_surface),
                    allowed: [0.0; 3],
                    push: o.push,
                    edge: 0,
                    attribute: tri.attribute,
                }),
                Ok(None) => {}
                Err(sphere_game::Freeze) => out.freezes = true,
            }
        });
        out
    }

    /// Each usable triangle the nodes in `s.nodes` list, in list order, once (the game's polygon marks),
    /// with its number: what both sphere queries test.
    fn each_listed(&self, s: &mut Scratch, mut f: impl FnMut(&mut Scratch, u16, &QTri)) {
        let mut k = 0;
        while let Some(&n) = s.nodes.get(k) {
            k += 1;
            let (start, len) = self.nodes.get(usize::from(n)).map_or((0, 0), |q| q.list);
            for i in start..start + len {
                let Some(&t) = self.words.get(i as usize) else { break };
                if s.poly_seen(t) {
                    continue;
                }
                if let Some(tri) = self.tris.get(usize::from(t)).filter(|q| q.ok) {
                    f(s, t, tri);
                }
                s.mark_poly(t);
            }
        }
    }

    /// The small-sphere node list into `s.nodes`, in the order the game's list holds it. Returns false if
    /// the walk ran out of steps.
    fn small_sphere_nodes(&self, s: &mut Scratch, leaf: u16, center: Vec3, radius: f32) -> bool {
        let upper = [center[0] + radius, center[2] + radius];
        let lower = [center[0] - radius, center[2] - radius];
        let Some(q) = self.nodes.get(usize::from(leaf)) else { return false };
        let e = q.half;
        if upper[0] < q.center[0] + e
            && q.center[0] - e < lower[0]
            && upper[1] < q.center[1] + e
            && q.center[1] - e < lower[1]
        {
            s.nodes.push(q.number);
            return true;
        }
        // The game recurses: a frame is (node, next step), steps 0–3 the children, 4–7 the neighbours.
        // Each visit marks the node's nodeNo; a file whose nodeNo fields lie can make the game loop, so the
        // number of visits is bounded.
        let budget = 4 * self.nodes.len() + 64;
        let mut visits = 0usize;
        let mut added: Vec<u16> = std::mem::take(&mut s.nodes);
        let enter = |s: &mut Scratch, added: &mut Vec<u16>, n: u16| -> bool {
            let Some(q) = self.nodes.get(usize::from(n)).filter(|q| q.ok) else { return false };
            s.mark_node(q.number);
            if q.child == 0 && q.num_poly != 0 && circle_meets_square(center, radius, q.center, q.half) {
                added.push(q.number);
            }
            s.stack.push((n, 0));
            true
        };
        let ok = 'walk: {
            if !enter(s, &mut added, leaf) {
                break 'walk false;
            }
            visits += 1;
            while let Some(&mut (n, ref mut step)) = s.stack.last_mut() {
                let q = self.nodes[usize::from(n)];
                let k = *step;
                *step += 1;
                let target = match k {
                    0..=3 if q.child != 0 => {
                        let bit = 1u8 << k;
                        let skip = selection(q.center, &upper, &lower) & bit != 0;
                        let child = q.child.checked_add(u16::from(k));
                        match child {
                            Some(c) if !skip && !s.node_seen(c) => Some(c),
                            _ => None,
                        }
                    }
                    0..=3 => None,
                    4..=7 => {
                        let side = usize::from(k - 4);
                        let m = q.neighbors[side];
                        let (c, e) = (q.center, q.half);
                        // The game skips a side the box does not reach past.
                        let short = match side {
                            0 => upper[0] < c[0] + e,
                            1 => lower[0] > c[0] - e,
                            2 => upper[1] < c[1] + e,
                            _ => lower[1] > c[1] - e,
                        };
                        (m != 0 && !s.node_seen(m) && !short).then_some(m)
                    }
                    _ => {
                        s.stack.pop();
                        continue;
                    }
                };
                if let Some(m) = target {
                    visits += 1;
                    if visits > budget {
                        break 'walk false;
                    }
                    // An index past the array ends that branch (the game would read garbage).
                    enter(s, &mut added, m);
                }
            }
            true
        };
        // The game prepends each node to its list.
        added.reverse();
        s.nodes = added;
        ok
    }

    /// The capsule node list (`MakeIntersectionNodeListWithCapsule`) into `s.nodes`: nodes whose square
    /// meets the box around the swept sphere, descending from the root's children; a node wholly inside the
    /// box is taken if its own numPoly ≠ 0 and never descended. Returns false if the walk was cut short.
    fn capsule_nodes(&self, s: &mut Scratch, point: Vec3, dir: Vec3, radius: f32) -> bool {
        let (mut upper, mut lower) = ([0f32; 2], [0f32; 2]);
        for (k, axis) in [0usize, 2].into_iter().enumerate() {
            if dir[axis] >= 0.0 {
                upper[k] = point[axis] + dir[axis] + radius;
                lower[k] = point[axis] - radius;
            } else {
                upper[k] = point[axis] + radius;
                lower[k] = point[axis] + dir[axis] - radius;
            }
        }
        let half = 0.5 * self.root_length;
        let rc = self.root_center;
        if upper[0] < rc[0] - half
            || rc[0] + half < lower[0]
            || upper[1] < rc[1] - half
            || rc[1] + half < lower[1]
        {
            return true;
        }
        let Some(root) = self.nodes.first() else { return true };
        let mut added: Vec<u16> = std::mem::take(&mut s.nodes);
        s.stack.clear();
        let sel = selection(rc, &upper, &lower);
        // The game takes the root's children at childNo + k even when the root is a leaf (childNo 0).
        for k in (0..4u16).rev() {
            if sel & (1 << k) == 0 {
                s.stack.push((root.child.wrapping_add(k), 0));
            }
        }
        let budget = 4 * self.nodes.len() + 64;
        let mut visits = 0usize;
        let mut ok = true;
        while let Some((n, depth)) = s.stack.pop() {
            visits += 1;
            if visits > budget || usize::from(depth) > DESCENT_LIMIT {
                ok = false;
                break;
            }
            let Some(q) = self.nodes.get(usize::from(n)).filter(|q| q.ok) else { continue };
            let (c, e) = (q.center, q.half);
            let (min, max) = ([c[0] - e, c[1] - e], [c[0] + e, c[1] + e]);
            if lower[0] <= min[0] && max[0] <= upper[0] && lower[1] <= min[1] && max[1] <= upper[1] {
                if q.num_poly != 0 {
                    added.push(q.number);
                }
                continue;
            }
            if q.child != 0 {
                let sel = selection(c, &upper, &lower);
                for k in (0..4u16).rev() {
                    if sel & (1 << k) == 0 {
                        if let Some(child) = q.child.checked_add(k) {
                            s.stack.push((child, depth + 1));
                        }
                    }
                }
            } else if q.num_poly != 0 {
                let meets = |a: usize| {
                    (lower[a] <= min[a] && min[a] <= upper[a]) || (min[a] <= lower[a] && lower[a] <= max[a])
                };
                if meets(0) && meets(1) {
                    added.push(q.number);
                }
            }
        }
        added.reverse();
        s.nodes = added;
        ok
    }

    /// The game's moving-sphere query: a sphere of `radius` at `point` moving by `dir`. Triangles come from
    /// the capsule node list; a triangle is tested only if its stored normal faces the movement
    /// (`dot(normalize(dir), normal) < 0.001`) and the reach filter (`r² + |dir|²`) lets it through. Until
    /// an intersection, each triangle gets the game's moving test (`clDetectMS2T`) with the movement left:
    /// a collision shortens it and makes the answer a collision; an intersection makes the answer an
    /// intersection, and every later triangle gets the static test (`clDetectS2T`) instead. Contacts go to
    /// [`Scratch::contacts`] in the order the game inserts them (its list holds them newest first).
    pub fn moving_sphere(&self, s: &mut Scratch, point: Vec3, radius: f32, dir: Vec3) -> SphereWalk {
        s.begin(self);
        let mut out = SphereWalk { remaining: dir, ..SphereWalk::default() };
        if !self.usable {
            return out;
        }
        out.aborted = !self.capsule_nodes(s, point, dir, radius);
        out.nodes = s.nodes.len() as u32;
        let unit = normalize(dir);
        let reach = radius * radius + dot(dir, dir);
        self.each_listed(s, |s, t, tri| {
            let facing = dot(unit, tri.normal) < FACING_CULL;
            if out.freezes || !facing || !in_reach(&tri.v, point, reach) {
                return;
            }
            out.tested += 1;
            let contact = |kind, at, allowed, push, edge| Contact {
                triangle: t,
                kind,
                point: at,
                allowed,
                push,
                edge,
                attribute: tri.attribute,
            };
            if out.answer == Some(ContactKind::Intersection) {
                match sphere_game::static_sphere(point, radius, &tri.v) {
                    Ok(Some(o)) => s.contacts.push(contact(
                        ContactKind::Intersection,
                        add(point, o.to_surface),
                        [0.0; 3],
                        o.push,
                        0,
                    )),
                    Ok(None) => {}
                    Err(sphere_game::Freeze) => out.freezes = true,
                }
                return;
            }
            match sphere_game::moving_sphere(point, radius, out.remaining, &tri.v) {
                Ok(Some(touch)) => {
                    let c = match touch.kind {
                        ContactKind::Intersection => {
                            contact(touch.kind, touch.point, [0.0; 3], touch.ans, touch.edge)
                        }
                        ContactKind::Collision => {
                            out.remaining = touch.ans;
                            let c = contact(touch.kind, touch.point, touch.ans, [0.0; 3], touch.edge);
                            out.first = Some(c);
                            c
                        }
                    };
                    out.answer = Some(touch.kind);
                    s.contacts.push(c);
                }
                Ok(None) => {}
                Err(sphere_game::Freeze) => out.freezes = true,
            }
        });
        out
    }
}

/// The children a box excludes, as the game's selection mask: bit k set = skip child k. A box wholly on
/// the −X side of the centre skips the +X children (1, 3), and so on.
fn selection(c: [f32; 2], upper: &[f32; 2], lower: &[f32; 2]) -> u8 {
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

/// The small-sphere list's leaf test: does the circle of `radius` around the centre's (x, z) meet the
/// square? Its nine regions as the game splits them.
fn circle_meets_square(p: Vec3, radius: f32, c: [f32; 2], e: f32) -> bool {
    let (dx, dz) = (p[0] - c[0], p[2] - c[1]);
    let rx = if e < dx {
        1
    } else if dx < -e {
        2
    } else {
        0
    };
    let rz = if e < dz {
        3
    } else if dz < -e {
        6
    } else {
        0
    };
    match rx + rz {
        0 => true,
        1 | 2 => dx.abs() <= e + radius,
        3 | 6 => dz.abs() <= e + radius,
        _ => {
            let (cx, cz) = (dx.abs() - e, dz.abs() - e);
            cx * cx + cz * cz <= radius * radius
        }
    }
}

/// The game's reach filter before a triangle test: the triangle's longer edge from v0, squared, plus
/// `extra` (|dir|² for line casts, r² for spheres, r² + |dir|² for moving spheres) must exceed
/// |v0 − p|². Cheap, and lossy near the end of the reach.
pub fn in_reach(v: &[Vec3; 3], p: Vec3, extra: f32) -> bool {
    let sq = |x: f32| x * x;
    let mut reach = sq(v[1][0] - v[0][0]);
    let mut other = sq(v[0][0] - v[2][0]);
    reach += sq(v[1][1] - v[0][1]);
    other += sq(v[0][1] - v[2][1]);
    reach += sq(v[1][2] - v[0][2]);
    other += sq(v[0][2] - v[2][2]);
    if reach < other {
        reach = other;
    }
    reach += extra;
    reach -= sq(v[0][0] - p[0]);
    if reach.is_nan() || reach <= 0.0 {
        return false;
    }
    reach -= sq(v[0][1] - p[1]);
    if reach.is_nan() || reach <= 0.0 {
        return false;
    }
    reach -= sq(v[0][2] - p[2]);
    reach > 0.0
}

pub(super) fn sub(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn add(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

pub(super) fn cross(a: Vec3, b: Vec3) -> Vec3 {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

/// The game's dot product order: z first, then x and y.
pub(super) fn dot(a: Vec3, b: Vec3) -> f32 {
    a[2] * b[2] + (a[0] * b[0] + a[1] * b[1])
}

fn normalize(a: Vec3) -> Vec3 {
    let len = dot(a, a).sqrt();
    if len > 0.0 {
        [a[0] / len, a[1] / len, a[2] / len]
    } else {
        [0.0; 3]
    }
}

/// Whether two answers to the same probe agree: both miss, or they hit the same triangle, or two
/// triangles at the same distance (within 1e-4 relative: a probe through an edge two triangles share, or
/// the same point reached by a differently shortened segment).
pub fn same_answer(a: Option<Hit>, b: Option<Hit>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => {
            a.triangle == b.triangle || (a.distance - b.distance).abs() <= 1e-4 * (1.0 + a.distance.abs())
        }
        _ => false,
    }
}

/// Distance between two points, in f64.
pub fn distance(a: Vec3, b: Vec3) -> f32 {
    let d = |k: usize| f64::from(a[k]) - f64::from(b[k]);
    (d(0) * d(0) + d(1) * d(1) + d(2) * d(2)).sqrt() as f32
}

/// One-sided segment/triangle test, the game's formulation: with ab = v1−v0, ac = v2−v0, p = dir × ac,
/// det = ab·p must be at least [`MIN_DET`] (the segment runs against the normal (v1−v0)×(v2−v0): it
/// comes from the solid side's front; this also drops degenerate triangles); the barycentric
/// coordinates u = (start−v0)·p and v = dir·((start−v0)×ab) must satisfy 0 ≤ u, 0 ≤ v, u + v ≤ det
/// (edges included); the segment parameter t = ac·((start−v0)×ab) / det must lie in [0, 1]. Returns t.
/// Non-finite values miss (the game would carry NaN on).
pub fn segment_triangle(start: Vec3, dir: Vec3, v: &[Vec3; 3]) -> Option<f32> {
    let ab = sub(v[1], v[0]);
    let ac = sub(v[2], v[0]);
    let p = cross(dir, ac);
    let det = dot(ab, p);
    if !det.is_finite() || det < MIN_DET {
        return None;
    }
    let ao = sub(start, v[0]);
    let u = dot(ao, p);
    if u.is_nan() || u < 0.0 || u > det {
        return None;
    }
    let q = cross(ao, ab);
    let w = dot(dir, q);
    if w.is_nan() || w < 0.0 || u + w > det {
        return None;
    }
    let t = dot(ac, q) / det;
    (0.0..=1.0).contains(&t).then_some(t)
}

/// [`segment_triangle`] for a vertical segment (dir = (0, dy, 0)), the game's cheaper form of the same
/// test (`clIntersectTriangleY`): p = (dy·ac.z, 0, −dy·ac.x).
pub fn segment_y_triangle(start: Vec3, dy: f32, v: &[Vec3; 3]) -> Option<f32> {
    let ab = sub(v[1], v[0]);
    let ac = sub(v[2], v[0]);
    let px = dy * ac[2];
    let pz = -dy * ac[0];
    let det = ab[0] * px + ab[2] * pz;
    if !det.is_finite() || det < MIN_DET {
        return None;
    }
    let ao = sub(start, v[0]);
    let u = ao[0] * px + ao[2] * pz;
    if u.is_nan() || u < 0.0 || u > det {
        return None;
    }
    let q = cross(ao, ab);
    let w = dy * q[1];
    if w.is_nan() || w < 0.0 || u + w > det {
        return None;
    }
    let t = dot(ac, q) / det;
    (0.0..=1.0).contains(&t).then_some(t)
}

#[cfg(test)]
#[path = "query_tests.rs"]
mod tests;
