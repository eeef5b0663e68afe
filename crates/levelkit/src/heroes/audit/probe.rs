//! `levelkit probe`: one query the game's way over a file and over the exact reference, reported.

use crate::heroes::audit::moving::ContactReport;
use crate::heroes::exact::Exact;
use crate::heroes::query::{same_answer, GameTree, Hit, Scratch, Vec3, Walk};
use crate::heroes::Collision;
use serde::Serialize;

/// A query for [`probe`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Query {
    /// Vertical probe down from `start` by `distance` (positive).
    Down {
        /// Where the probe starts.
        start: Vec3,
        /// How far down it reaches.
        distance: f32,
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

/// A hit as reported.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HitReport {
    /// Index of the triangle.
    pub triangle: u16,
    /// Where the query meets it.
    pub point: Vec3,
    /// Distance from the query's start to `point`.
    pub distance: f32,
    /// The triangle's attribute as eight hex digits ([`crate::heroes::flags::hex`]).
    pub attribute: String,
    /// The surface's id (`wall`, `unknown`, …; [`crate::heroes::flags::surface_id`]).
    pub surface: &'static str,
}

impl From<Hit> for HitReport {
    fn from(h: Hit) -> Self {
        HitReport {
            triangle: h.triangle,
            point: h.point,
            distance: h.distance,
            attribute: crate::heroes::flags::hex(h.attribute),
            surface: crate::heroes::flags::surface_id(h.attribute),
        }
    }
}

/// What [`probe`] finds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ProbeReport {
    /// `down`, `line`, `sphere` or `move`.
    pub query: &'static str,
    /// The leaf the game starts in.
    pub leaf: Option<u16>,
    /// The game's answer: the hit of a ray query, the first contact of a moving sphere.
    pub game: Option<HitReport>,
    /// The exact reference's answer.
    pub exact: Option<HitReport>,
    /// For sphere queries: every triangle the game reports, and the exact reference's, sorted.
    pub game_triangles: Vec<u16>,
    /// The exact reference's triangles, sorted.
    pub exact_triangles: Vec<u16>,
    /// Whether the two agree ([`same_answer`]; for static spheres, the same triangle sets; for moving
    /// spheres, the same answer, [`crate::heroes::audit::moving::same_move`]).
    pub agrees: bool,
    /// For moving spheres: the game's `ENUM_CL_MOVING` (`none`, `collision`, `intersection`), and the
    /// exact reference's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answer: Option<&'static str>,
    /// The exact reference's `ENUM_CL_MOVING` answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact_answer: Option<&'static str>,
    /// For moving spheres: the game's contacts in the order it inserts them, and the exact reference's
    /// over the whole movement (overlaps, then by time).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub contacts: Vec<ContactReport>,
    /// The exact reference's contacts.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub exact_contacts: Vec<ContactReport>,
    /// Leaves (ray queries) or nodes (sphere queries) the game's walk used.
    pub nodes: u32,
    /// Triangles the game tested.
    pub tested: u32,
    /// The game's walk met a broken index or a cycle ([`Walk::aborted`]).
    pub aborted: bool,
    /// For sphere queries: the game's test would loop forever on one of the triangles (it freezes).
    pub freezes: bool,
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
    let g = GameTree::new(c);
    let e = Exact::new(c);
    let mut s = Scratch::new(&g);
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
        Query::Down { start, distance } => {
            let w = g.axis_y(&mut s, start, -distance);
            ray_report(base("down", start), w, e.axis_y(start, -distance))
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
        Query::Move { start, dir, radius } => {
            crate::heroes::audit::moving::probe(c, start, dir, radius, base("move", start))
        }
    }
}

impl ProbeReport {
    /// A short human-readable report.
    pub fn to_text(&self) -> String {
        let hit = |h: &Option<HitReport>| match h {
            Some(h) => format!(
                "triangle {} at ({}, {}, {}), distance {}, attribute {} ({})",
                h.triangle, h.point[0], h.point[1], h.point[2], h.distance, h.attribute, h.surface
            ),
            None => "nothing".into(),
        };
        let mut out = format!(
            "{}: start leaf {}, {} nodes, {} triangles tested{}\n",
            self.query,
            self.leaf.map_or("-".into(), |l| l.to_string()),
            self.nodes,
            self.tested,
            if self.aborted { ", walk aborted (broken index or cycle)" } else { "" }
        );
        if self.freezes {
            out += "the game's triangle test would loop forever on a triangle here (the game freezes)\n";
        }
        if self.query == "sphere" {
            out += &format!("game:  {:?}\nexact: {:?}\n", self.game_triangles, self.exact_triangles);
        } else {
            out += &format!("game:  {}\nexact: {}\n", hit(&self.game), hit(&self.exact));
        }
        if self.query == "move" {
            out += &crate::heroes::audit::moving::contacts_text(self);
        }
        out += if self.agrees {
            "agrees with the exact reference\n"
        } else {
            "DIFFERS from the exact reference\n"
        };
        out
    }
}
