//! What `levelkit probe` reports: the game's answer and the exact reference's, for every kind of query.

use crate::heroes::query::{Hit, Vec3};
use serde::Serialize;

/// A hit as reported.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
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

/// What [`super::probe`] finds.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
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
    /// Whether the two agree ([`crate::heroes::query::same_answer`]; for static spheres, the same triangle sets; for moving
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
    /// The game's walk met a broken index or a cycle ([`crate::heroes::query::Walk::aborted`]).
    pub aborted: bool,
    /// For sphere queries: the game's test would loop forever on one of the triangles (it freezes).
    pub freezes: bool,
}

/// One contact as `levelkit probe --move` reports it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct ContactReport {
    /// Index of the triangle.
    pub triangle: u16,
    /// `collision` or `intersection`.
    pub kind: &'static str,
    /// Where the sphere touches.
    pub point: Vec3,
    /// For a collision, the movement allowed before it (the game's); the exact reference's from its
    /// contact time.
    pub allowed: Vec3,
    /// For an intersection, the game's push out (zero for the exact reference).
    pub push: Vec3,
    /// The game's edge bits (0x10 v0–v1, 0x20 v1–v2, 0x40 v2–v0).
    pub edge: u16,
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
            out += &contacts_text(self);
        }
        out += if self.agrees {
            "agrees with the exact reference\n"
        } else {
            "DIFFERS from the exact reference\n"
        };
        out
    }
}

/// The text lines `levelkit probe --move` adds: both contact lists.
fn contacts_text(r: &ProbeReport) -> String {
    let mut out = String::new();
    for (who, answer, list) in [("game", r.answer, &r.contacts), ("exact", r.exact_answer, &r.exact_contacts)]
    {
        out += &format!("{who} answer: {}; contacts in order:\n", answer.unwrap_or("none"));
        for c in list {
            let v = |p: Vec3| format!("({}, {}, {})", p[0], p[1], p[2]);
            out +=
                &format!("  triangle {} {} at {}, allowed {}", c.triangle, c.kind, v(c.point), v(c.allowed));
            if c.kind == "intersection" && c.push != [0.0; 3] {
                out += &format!(", push {}", v(c.push));
            }
            if c.edge != 0 {
                out += &format!(", edge bits {:#x}", c.edge);
            }
            out.push('\n');
        }
    }
    out
}
