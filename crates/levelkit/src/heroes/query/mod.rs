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
//! The sphere queries use the game's own `f32` sphere tests ([`sphere_game`]: `clDetectS2T`,
//! `clDetectMS2T`), whose answers differ from levelkit's exact `f64` tests ([`super::exact::sphere`]) — no
//! corner contacts while moving, absolute tolerances — the way the game's do (see `docs/reference/queries.md`).
//!
//! Hostile files never panic or hang: an out-of-range child, neighbour, triangle or vertex index ends that
//! branch (the game would read past its arrays), and every walk has a step budget; a walk that runs out
//! reports [`Walk::aborted`].
//!
//! [`GameTree::new`] prepares the file once (squares, decoded lists, masked root); a [`Scratch`] per thread
//! holds the visited sets, cleared in O(1) per query by an epoch counter, so queries do not allocate.

mod answer;
mod capsule;
mod entry;
mod leaves;
mod ray;
mod scratch;
mod skip;
mod sphere;
pub mod sphere_game;
mod tree;
mod vector;

pub use answer::LineAnswer;
pub use ray::{in_reach, segment_triangle, segment_y_triangle};
pub use scratch::Scratch;
pub use tree::{GameTree, Next};
pub use vector::distance;
pub(in crate::heroes) use vector::dot;

pub use super::geom::{Vec3, SPHERE_SLACK};
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
    /// Index of the triangle.
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
    /// The triangle's attribute (surface flags).
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
    /// [`sphere_game::Freeze`]): the game freezes. The query stops there.
    pub freezes: bool,
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

#[cfg(test)]
mod tests;
