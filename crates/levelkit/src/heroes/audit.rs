//! Where players fall through: many vertical probes and line casts over a file's whole area, each run
//! three ways — the game's walk over *this file*, the same walk over the *complete* tree of the same
//! triangles (same nodes; every node listing every triangle that overlaps its square; canonical links),
//! and the [`Exact`] reference over every triangle.
//!
//! - a **hole** is a probe where the walk over this file answers differently from the walk over the
//!   complete tree: the file's lists or links lose (or change) a hit. Holes are the file's fault;
//! - a **game-inherent** difference is a probe where the complete walk answers differently from the exact
//!   reference: the line cast's reach filter or its first-leaf-with-a-hit rule. No file can fix those, so
//!   they are reported separately and never counted as holes.
//!
//! Answers are compared with [`same_answer`]. Probes come from a seeded generator, one per index, and run
//! in parallel; results are gathered in index order, so the same seed always gives the same report.
//!
//! [`probe`] answers one query the way `levelkit probe` prints it.

use super::audit_move::ContactReport;
use super::exact::Exact;
use super::query::{in_reach, same_answer, GameTree, Hit, Scratch, Vec3, Walk};
use super::Collision;
use crate::par::prelude::*;
use crate::rng::Rng;
use serde::Serialize;

/// How many holes and game-inherent differences a report lists in full (all are counted).
pub const LISTED: usize = 1000;

/// Audit settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AuditOptions {
    /// Vertical probes, and as many line casts and as many moving spheres.
    pub probes: usize,
    pub seed: u64,
}

impl Default for AuditOptions {
    fn default() -> Self {
        AuditOptions { probes: 10_000, seed: 1 }
    }
}

/// Which query a probe is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ProbeKind {
    Vertical,
    Line,
    /// A moving sphere ([`super::audit_move`]).
    Move,
}

/// Counts for one kind of probe.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    pub probes: usize,
    /// Probes the walk over this file answers with a hit.
    pub file_hits: usize,
    /// Probes the walk over the complete tree answers with a hit.
    pub complete_hits: usize,
    /// Probes the exact reference answers with a hit.
    pub exact_hits: usize,
    /// File walk ≠ complete walk.
    pub holes: usize,
    /// Of the holes, those where the file's walk misses entirely (the player falls through).
    pub fall_through: usize,
    /// Complete walk ≠ exact reference.
    pub inherent: usize,
    /// Of those, the ones where the exact answer's triangle fails the game's reach filter.
    pub inherent_reach: usize,
    /// Line casts: the others, a nearer triangle listed only in a later leaf (the first-leaf-with-a-hit
    /// rule).
    pub inherent_first_leaf: usize,
    /// Moving spheres: the others, the game's own triangle tests (no corner contacts, `f32` tolerances).
    pub inherent_tests: usize,
    /// Walks over this file cut short by a broken index or a cycle (or, for moving spheres, a triangle
    /// on which the game's test would loop forever).
    pub aborted: usize,
}

/// One probe where two answers differ.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Difference {
    pub kind: ProbeKind,
    /// The probe's index (with the seed, it reproduces the probe).
    pub index: usize,
    pub start: Vec3,
    /// The segment: (0, distance, 0) for vertical probes.
    pub dir: Vec3,
    /// The leaf the game starts in (this file's tree), if it finds one.
    pub leaf: Option<u16>,
    /// The triangle each way answers with, and at what distance.
    pub file: Option<(u16, f32)>,
    pub complete: Option<(u16, f32)>,
    pub exact: Option<(u16, f32)>,
}

/// An audit's findings.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Audit {
    pub seed: u64,
    pub vertical: Tally,
    pub line: Tally,
    /// Moving spheres of a player's size and speeds ([`super::audit_move`]).
    pub moving: Tally,
    /// Total holes over all kinds.
    pub holes: usize,
    /// The first [`LISTED`] ray holes, in probe order (vertical probes first), then the first [`LISTED`]
    /// moving-sphere holes.
    pub hole_list: Vec<Difference>,
    /// The same for game-inherent differences.
    pub inherent_list: Vec<Difference>,
}

/// The complete tree of a file's triangles over its nodes (lists and canonical links from
/// [`super::tree`]).
pub fn complete_tree(c: &Collision) -> GameTree {
    let lists = super::tree::complete_lists(c);
    let links = super::tree::canonical_links(&c.nodes, c.header.max_depth);
    GameTree::with_lists(c, &lists, &links)
}

/// The X/Z/Y box of the finite vertices: (min, max); a unit box at the root centre if there are none.
pub fn area(c: &Collision) -> (Vec3, Vec3) {
    let mut lo = [f32::INFINITY; 3];
    let mut hi = [f32::NEG_INFINITY; 3];
    for v in c.vertices.iter().filter(|v| v.iter().all(|x| x.is_finite())) {
        for k in 0..3 {
            lo[k] = lo[k].min(v[k]);
            hi[k] = hi[k].max(v[k]);
        }
    }
    if lo[0] > hi[0] {
        let r = c.header.root_center;
        return ([r[0] - 0.5, r[1] - 0.5, r[2] - 0.5], [r[0] + 0.5, r[1] + 0.5, r[2] + 0.5]);
    }
    (lo, hi)
}

/// Probe `index` of kind `kind` for a seed over an area: a vertical probe from above the highest vertex
/// down past the lowest; a line cast from a point in the area's box, up to a quarter of the area across
/// and mostly downwards. (Moving-sphere probes come from [`super::audit_move::make_probe`]; `Move` here
/// gives a line cast.)
pub fn make_probe(kind: ProbeKind, seed: u64, index: usize, lo: Vec3, hi: Vec3) -> (Vec3, Vec3) {
    let stream = match kind {
        ProbeKind::Vertical => 0x5645_5254u64,
        ProbeKind::Line | ProbeKind::Move => 0x4c49_4e45u64,
    };
    let mut rng = Rng::new(
        seed ^ stream.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (index as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93),
    );
    rng.next_u64();
    let height = hi[1] - lo[1] + 2.0;
    let x = rng.range_f32(lo[0], hi[0]);
    let z = rng.range_f32(lo[2], hi[2]);
    match kind {
        ProbeKind::Vertical => ([x, hi[1] + 1.0, z], [0.0, -height, 0.0]),
        ProbeKind::Line | ProbeKind::Move => {
            let y = rng.range_f32(lo[1], hi[1] + 1.0);
            let reach = (hi[0] - lo[0]).max(hi[2] - lo[2]) * 0.25;
            let r = rng.range_f32(0.0, reach);
            let angle = rng.range_f32(0.0, std::f32::consts::TAU);
            let dy = rng.range_f32(-height, height * 0.25);
            ([x, y, z], [r * angle.cos(), dy, r * angle.sin()])
        }
    }
}

struct Outcome {
    file: Option<Hit>,
    complete: Option<Hit>,
    exact: Option<Hit>,
    leaf: Option<u16>,
    aborted: bool,
}

/// Runs the audit of a file (builds its complete tree and exact reference, then [`run`]).
pub fn audit(c: &Collision, opts: AuditOptions) -> Audit {
    let file = GameTree::new(c);
    let complete = complete_tree(c);
    let exact = Exact::new(c);
    run(&file, &complete, &exact, area(c), opts)
}

/// The audit over prepared trees: `file` (the file as the game reads it), `complete` (the same triangles
/// in the complete tree) and `exact`.
pub fn run(
    file: &GameTree,
    complete: &GameTree,
    exact: &Exact,
    area: (Vec3, Vec3),
    opts: AuditOptions,
) -> Audit {
    let (lo, hi) = area;
    let mut report = Audit { seed: opts.seed, ..Audit::default() };
    for kind in [ProbeKind::Vertical, ProbeKind::Line] {
        let outcomes: Vec<((Vec3, Vec3), Outcome)> = (0..opts.probes)
            .into_par_iter()
            .map_init(
                || (Scratch::new(file), Scratch::new(complete)),
                |(sf, sc), i| {
                    let (start, dir) = make_probe(kind, opts.seed, i, lo, hi);
                    let (f, c, e) = if kind == ProbeKind::Vertical {
                        (
                            file.axis_y(sf, start, dir[1]),
                            complete.axis_y(sc, start, dir[1]),
                            exact.axis_y(start, dir[1]),
                        )
                    } else {
                        (file.line(sf, start, dir), complete.line(sc, start, dir), exact.line(start, dir))
                    };
                    let leaf = file.leaf_of(start[0], start[2]);
                    (
                        (start, dir),
                        Outcome { file: f.hit, complete: c.hit, exact: e, leaf, aborted: f.aborted },
                    )
                },
            )
            .collect();
        let mut tally = Tally { probes: opts.probes, ..Tally::default() };
        for (index, ((start, dir), o)) in outcomes.into_iter().enumerate() {
            tally.file_hits += usize::from(o.file.is_some());
            tally.complete_hits += usize::from(o.complete.is_some());
            tally.exact_hits += usize::from(o.exact.is_some());
            tally.aborted += usize::from(o.aborted);
            let pick = |h: Option<Hit>| h.map(|h| (h.triangle, h.distance));
            let diff = Difference {
                kind,
                index,
                start,
                dir,
                leaf: o.leaf,
                file: pick(o.file),
                complete: pick(o.complete),
                exact: pick(o.exact),
            };
            if !same_answer(o.file, o.complete) {
                tally.holes += 1;
                tally.fall_through += usize::from(o.file.is_none());
                if report.hole_list.len() < LISTED {
                    report.hole_list.push(diff);
                }
            }
            if !same_answer(o.complete, o.exact) {
                tally.inherent += 1;
                let reach = |h: Hit| {
                    let len2 = dir[2] * dir[2] + (dir[0] * dir[0] + dir[1] * dir[1]);
                    exact.corners(h.triangle).is_some_and(|v| in_reach(&v, start, len2))
                };
                if kind == ProbeKind::Line && o.exact.is_some_and(|h| !reach(h)) {
                    tally.inherent_reach += 1;
                } else {
                    tally.inherent_first_leaf += 1;
                }
                if report.inherent_list.len() < LISTED {
                    report.inherent_list.push(diff);
                }
            }
        }
        if kind == ProbeKind::Vertical {
            report.vertical = tally;
        } else {
            report.line = tally;
        }
    }
    let moving = super::audit_move::run(file, complete, exact, area, opts);
    report.moving = moving.tally;
    report.hole_list.extend(moving.holes);
    report.inherent_list.extend(moving.inherent);
    report.holes = report.vertical.holes + report.line.holes + report.moving.holes;
    report
}

impl Audit {
    /// A short human-readable report.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for (name, t) in [
            ("vertical probes", &self.vertical),
            ("line casts", &self.line),
            ("moving spheres", &self.moving),
        ] {
            let rule = if std::ptr::eq(t, &self.moving) {
                format!("{} triangle tests", t.inherent_tests)
            } else {
                format!("{} first-leaf rule", t.inherent_first_leaf)
            };
            out += &format!(
                "{name}: {} probes, {} hits in this file, {} in the complete tree, {} exact; {} holes ({} fall \
                 through), {} game-inherent ({} reach filter, {rule}), {} aborted walks\n",
                t.probes,
                t.file_hits,
                t.complete_hits,
                t.exact_hits,
                t.holes,
                t.fall_through,
                t.inherent,
                t.inherent_reach,
                t.aborted
            );
        }
        out += &format!("holes: {} (seed {})\n", self.holes, self.seed);
        for d in self.hole_list.iter().take(20) {
            out += &format!(
                "  hole: {:?} #{} at ({}, {}, {}) leaf {}: file {}, complete {}\n",
                d.kind,
                d.index,
                d.start[0],
                d.start[1],
                d.start[2],
                d.leaf.map_or("-".to_string(), |l| l.to_string()),
                answer_text(d.file),
                answer_text(d.complete)
            );
        }
        if self.holes > 20 {
            out += &format!("  ... {} more\n", self.holes - 20);
        }
        out
    }
}

fn answer_text(a: Option<(u16, f32)>) -> String {
    a.map_or("miss".into(), |(t, d)| format!("triangle {t} at {d}"))
}

/// A query for [`probe`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Query {
    /// Vertical probe down from `start` by `distance` (positive).
    Down { start: Vec3, distance: f32 },
    /// Line cast from `start` along `dir`.
    Line { start: Vec3, dir: Vec3 },
    /// Static sphere.
    Sphere { center: Vec3, radius: f32 },
    /// Moving sphere.
    Move { start: Vec3, dir: Vec3, radius: f32 },
}

/// A hit as reported.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HitReport {
    pub triangle: u16,
    pub point: Vec3,
    pub distance: f32,
    pub attribute: String,
    pub surface: &'static str,
}

impl From<Hit> for HitReport {
    fn from(h: Hit) -> Self {
        HitReport {
            triangle: h.triangle,
            point: h.point,
            distance: h.distance,
            attribute: super::flags::hex(h.attribute),
            surface: super::flags::surface_id(h.attribute),
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
    pub exact_triangles: Vec<u16>,
    /// Whether the two agree ([`same_answer`]; for static spheres, the same triangle sets; for moving
    /// spheres, the same answer, [`super::audit_move::same_move`]).
    pub agrees: bool,
    /// For moving spheres: the game's `ENUM_CL_MOVING` (`none`, `collision`, `intersection`), and the
    /// exact reference's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answer: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact_answer: Option<&'static str>,
    /// For moving spheres: the game's contacts in the order it inserts them, and the exact reference's
    /// over the whole movement (overlaps, then by time).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub contacts: Vec<ContactReport>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub exact_contacts: Vec<ContactReport>,
    /// Leaves (ray queries) or nodes (sphere queries) the game's walk used.
    pub nodes: u32,
    /// Triangles the game tested.
    pub tested: u32,
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
            super::audit_move::probe(c, start, dir, radius, base("move", start))
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
            out += &super::audit_move::contacts_text(self);
        }
        out += if self.agrees {
            "agrees with the exact reference\n"
        } else {
            "DIFFERS from the exact reference\n"
        };
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heroes::generate::{self, Style};

    /// The community layout of a generated file, audited against the game-correct layout of the same
    /// triangles and nodes (which is its complete tree).
    fn community_audit(seed: u64, triangles: usize, depth: u16, probes: usize) -> Audit {
        let complete = generate::game_correct(seed, triangles, depth);
        let community = generate::odd(seed, triangles, depth, &Style::community());
        assert_eq!(complete.triangles, community.triangles);
        let opts = AuditOptions { probes, seed: 5 };
        run(
            &GameTree::new(&community),
            &GameTree::new(&complete),
            &Exact::new(&complete),
            area(&complete),
            opts,
        )
    }

    #[test]
    fn a_complete_file_has_no_holes_and_vertical_probes_are_exact() {
        let c = generate::game_correct(11, 4000, 9);
        let g = GameTree::new(&c);
        let a = run(&g, &g, &Exact::new(&c), area(&c), AuditOptions { probes: 3000, seed: 2 });
        assert_eq!(a.holes, 0);
        assert_eq!(a.vertical.inherent, 0);
        assert!(a.vertical.exact_hits > 2500, "{:?}", a.vertical);
        assert!(a.line.complete_hits > 0);
    }

    #[test]
    fn community_files_have_holes() {
        let a = community_audit(3, 4000, 9, 3000);
        assert!(a.line.holes > 0);
        assert_eq!(a.holes, a.vertical.holes + a.line.holes + a.moving.holes);
        // Leaf lists padded with triangle 0 still list every overlapping triangle: vertical probes keep
        // working; line casts lose every hit beyond the first leaf.
        assert_eq!(a.vertical.holes, 0);
        // Links all 0: a cast that needs a second leaf falls through. Exact for this seed and generator.
        assert_eq!((a.line.holes, a.line.fall_through), (782, 782), "{}", a.to_text());
        let rays: Vec<&Difference> = a.hole_list.iter().filter(|d| d.kind != ProbeKind::Move).collect();
        assert_eq!(rays.len(), 782);
        assert!(rays.iter().all(|d| d.kind == ProbeKind::Line && d.file.is_none()));
        assert_eq!(a.hole_list.len() - rays.len(), a.moving.holes);
    }

    #[test]
    fn small_lists_stored_at_an_offset_are_holes_for_vertical_probes() {
        // Older generators stored 1–2 entry lists at an offset; the game reads the offset as the entries.
        let seed = 6;
        let complete = generate::game_correct(seed, 3000, 9);
        let style = Style { small_lists_stored: true, ..Style::default() };
        let old = generate::odd(seed, 3000, 9, &style);
        let opts = AuditOptions { probes: 3000, seed: 1 };
        let a = run(
            &GameTree::new(&old),
            &GameTree::new(&complete),
            &Exact::new(&complete),
            area(&complete),
            opts,
        );
        assert!(a.vertical.holes > 0, "{}", a.to_text());
        assert_eq!(a.vertical.inherent, 0);
    }

    #[test]
    fn audit_builds_the_complete_tree_itself() {
        let community = generate::odd(3, 4000, 9, &Style::community());
        let a = audit(&community, AuditOptions { probes: 3000, seed: 5 });
        // The same count as against the generator's own complete layout: the complete tree is the same.
        assert_eq!((a.vertical.holes, a.line.holes), (0, 782), "{}", a.to_text());
        assert_eq!((a.vertical.inherent, a.line.inherent), (0, 9), "{}", a.to_text());
        assert_eq!((a.line.inherent_reach, a.line.inherent_first_leaf), (9, 0), "{}", a.to_text());
        assert!(a.holes > 0);
        // The file completed by the tree module audits clean, and its game-inherent count is unchanged.
        let fixed = crate::heroes::tree::complete(&community).unwrap();
        let b = audit(&fixed, AuditOptions { probes: 3000, seed: 5 });
        assert_eq!(b.holes, 0, "{}", b.to_text());
        assert_eq!((b.vertical.inherent, b.line.inherent), (a.vertical.inherent, a.line.inherent));
        assert_eq!(b.vertical.inherent, 0);
    }

    #[test]
    fn hostile_files_audit_without_hanging() {
        let mut c = generate::game_correct(8, 500, 6);
        let n = c.nodes.len() as u16;
        for (i, node) in c.nodes.iter_mut().enumerate() {
            let i = i as u16;
            node.neighbors = [i, (i + 7) % n, (i + 1) % n, 0xFFF0];
            node.number = 3;
        }
        c.nodes[1].child = 1;
        let a = audit(&c, AuditOptions { probes: 400, seed: 1 });
        assert_eq!(a.vertical.probes, 400);
        assert!(a.vertical.aborted + a.line.aborted > 0, "{}", a.to_text());
    }

    #[test]
    fn corrupted_files_never_panic_or_hang() {
        // A small fuzz pass: flip bytes in the node and triangle arrays and the lists of a generated
        // file; whatever still parses goes through every query, the audit and the map.
        let base = generate::odd(2, 300, 6, &Style::community()).to_bytes().unwrap();
        let mut rng = Rng::new(77);
        let mut parsed = 0;
        for _ in 0..200 {
            let mut bytes = base.clone();
            for _ in 0..1 + rng.below(12) {
                let at = 0x28 + rng.below((bytes.len() - 0x28) as u64) as usize;
                bytes[at] = rng.next_u32() as u8;
            }
            let Ok(c) = Collision::parse(&bytes) else { continue };
            parsed += 1;
            let (lo, hi) = area(&c);
            let mid = [(lo[0] + hi[0]) / 2.0, hi[1] + 1.0, (lo[2] + hi[2]) / 2.0];
            let dir = [hi[0] - lo[0], lo[1] - hi[1] - 2.0, hi[2] - lo[2]];
            for q in [
                Query::Down { start: mid, distance: 100.0 },
                Query::Line { start: mid, dir },
                Query::Sphere { center: mid, radius: 40.0 },
                Query::Move { start: mid, dir, radius: 3.0 },
            ] {
                probe(&c, &q);
            }
            let a = audit(&c, AuditOptions { probes: 40, seed: 3 });
            crate::heroes::map::render(
                &c,
                Some(&a),
                crate::heroes::map::MapOptions { size: 48, leaves: true },
            )
            .unwrap();
        }
        assert!(parsed > 100, "{parsed}");
    }

    #[test]
    fn the_builder_leaves_no_holes_and_the_community_builder_does() {
        use crate::heroes::build::{build, build_community, BuildInput, BuildOptions};
        let mesh = BuildInput::from_collision(&generate::game_correct(21, 5000, 9));
        let opts = AuditOptions { probes: 3000, seed: 4 };
        let built = build(&mesh, &BuildOptions::default()).unwrap().collision;
        let a = audit(&built, opts);
        assert_eq!(a.holes, 0, "{}", a.to_text());
        assert_eq!(a.vertical.inherent, 0);
        let community = build_community(&mesh, 0, 0, false).unwrap();
        let b = audit(&community, opts);
        assert!(b.line.holes > 0);
        assert_eq!((b.vertical.holes, b.line.holes), (0, 44), "{}", b.to_text());
    }

    #[test]
    fn the_same_seed_gives_the_same_report() {
        let a = community_audit(4, 2000, 8, 1500);
        let b = community_audit(4, 2000, 8, 1500);
        assert_eq!(a, b);
    }
}
