//! `levelkit probe`: one query the game's way over a file and over the exact reference, reported.

use super::report::ProbeReport;
use crate::heroes::exact::Exact;
use crate::heroes::query::{same_answer, GameTree, Hit, Scratch, Vec3, Walk};
use crate::heroes::Collision;

/// A query for [`probe`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Query {
    /// Vertical probe from `start` along Y by `dy`: negative is down, as the game passes it and as
    /// [`GameTree::axis_y`] and [`Exact::axis_y`] take it (one sign everywhere in the library).
    Vertical {
        /// Where the probe starts.
        start: Vec3,
        /// How far along Y it reaches: negative down, positive up.
        dy: f32,
    },
    /// Line cast from `start` along `dir`.
    Line {
        /// Where the cast starts.
        start: Vec3,
        /// The segment: it ends at `start + dir`.
        dir: Vec3,
    },
    /// Static sphere.
    Sphere {
        /// The sphere's centre.
        center: Vec3,
        /// Its radius.
        radius: f32,
    },
    /// Moving sphere.
    Move {
        /// The sphere's centre at the start.
        start: Vec3,
        /// The movement: the centre would end at `start + dir`.
        dir: Vec3,
        /// Its radius.
        radius: f32,
    },
}

/// A ray query's report: the game's walk against the exact answer.
fn ray_report(base: ProbeReport, w: Walk, x: Option<Hit>) -> ProbeReport {
    ProbeReport {
        game: w.hit.map(Into::into),
        exact: x.map(Into::into),
        agrees: same_answer(w.hit, x),
        nodes: w.leaves,
        tested: w.tested,
        aborted: w.aborted,
        ..base
    }
}

/// Runs one query the game's way over the file and over the exact reference.
pub fn probe(c: &Collision, q: &Query) -> ProbeReport {
    Prober::new(c).probe(q)
}

/// The game's tree and the exact reference of one file, built once for many [`probe`]s.
pub struct Prober<'c> {
    file: &'c Collision,
    game: GameTree,
    exact: Exact,
}

impl<'c> Prober<'c> {
    /// Builds both structures over `c`.
    pub fn new(c: &'c Collision) -> Prober<'c> {
        Prober { file: c, game: GameTree::new(c), exact: Exact::new(c) }
    }

    /// Runs one query the game's way and over the exact reference.
    pub fn probe(&self, q: &Query) -> ProbeReport {
        let (g, e) = (&self.game, &self.exact);
        let mut s = Scratch::new(g);
        let base = |query, start: Vec3| ProbeReport {
            query,
            leaf: g.leaf_of(start[0], start[2]),
            game: None,
            exact: None,
            game_triangles: Vec::new(),
            exact_triangles: Vec::new(),
            agrees: true,
            answer: None,
            exact_answer: None,
            contacts: Vec::new(),
            exact_contacts: Vec::new(),
            nodes: 0,
            tested: 0,
            aborted: false,
            freezes: false,
        };
        match *q {
            Query::Vertical { start, dy } => {
                let w = g.axis_y(&mut s, start, dy);
                ray_report(base(if dy > 0.0 { "up" } else { "down" }, start), w, e.axis_y(start, dy))
            }
            Query::Line { start, dir } => {
                let w = g.line(&mut s, start, dir);
                ray_report(base("line", start), w, e.line(start, dir))
            }
            Query::Sphere { center, radius } => {
                let w = g.sphere(&mut s, center, radius);
                let mut game: Vec<u16> = s.contacts().iter().map(|c| c.triangle).collect();
                game.sort_unstable();
                let mut exact = Vec::new();
                e.sphere(center, radius, &mut exact);
                ProbeReport {
                    agrees: game == exact,
                    game_triangles: game,
                    exact_triangles: exact,
                    nodes: w.nodes,
                    tested: w.tested,
                    aborted: w.aborted,
                    freezes: w.freezes,
                    ..base("sphere", center)
                }
            }
            Query::Move { start, dir, radius } => crate::heroes::audit::moving::probe(
                self.file,
                (g, e),
                start,
                dir,
                radius,
                base("move", start),
            ),
        }
    }
}
