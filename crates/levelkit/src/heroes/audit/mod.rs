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

use super::exact::Exact;
use super::query::{in_reach, same_answer, GameTree, Hit, LineAnswer, Vec3, Walk};
use super::tree::TooManyEntries;
use super::Collision;
use crate::par::join_if;
use crate::rng::Rng;
use cause::Causes;
use parts::{KindProbes, Scratches};
use serde::Serialize;
use std::ops::Range;
use tally::{Inherent, Probed};

/// How many holes and game-inherent differences a report lists in full (all are counted).
pub const LISTED: usize = 1000;

/// The most probes of each kind an audit runs: every probe's answers are kept until the report is made.
/// `levelkit audit --probes` and the web page's probes field both refuse more, with [`probes_error`]'s words.
pub const MAX_PROBES: usize = 10_000_000;

/// Why `probes` cannot be an audit's probe count (`probes must be 1 to 10,000,000, got 0`), or `None`
/// when it can; a front end names the option its own way (the CLI and the page as `--probes`).
pub fn probes_error(probes: usize) -> Option<String> {
    (!(1..=MAX_PROBES).contains(&probes)).then(|| {
        format!(
            "probes must be 1 to {}, got {}",
            crate::num::thousands(MAX_PROBES),
            crate::num::thousands(probes)
        )
    })
}

/// Audit settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AuditOptions {
    /// Vertical probes, and as many line casts and as many moving spheres.
    pub probes: usize,
    /// Seeds the probe positions: the same seed gives the same probes.
    pub seed: u64,
}

impl Default for AuditOptions {
    fn default() -> Self {
        AuditOptions { probes: 10_000, seed: 1 }
    }
}

/// Which query a probe is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ProbeKind {
    /// A vertical probe: straight down from a point.
    Vertical,
    /// A line cast.
    Line,
    /// A moving sphere ([`moving`]).
    Move,
}

impl ProbeKind {
    /// Its name, one and many (`line cast`, `line casts`): the words of the audit's report, the viewer's
    /// hole list and the web page's.
    pub fn words(self) -> (&'static str, &'static str) {
        match self {
            ProbeKind::Vertical => ("vertical probe", "vertical probes"),
            ProbeKind::Line => ("line cast", "line casts"),
            ProbeKind::Move => ("moving sphere", "moving spheres"),
        }
    }
}

/// Counts for one kind of probe.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
#[non_exhaustive]
pub struct Tally {
    /// Probes run.
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
    /// Probes on which the game's triangle test loops forever: the game freezes (counted in `aborted`
    /// too). Only sphere queries call that test, so ray probes never freeze.
    pub freezes: usize,
}

/// One probe where two answers differ.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Difference {
    /// Which query.
    pub kind: ProbeKind,
    /// The probe's index (with the seed, it reproduces the probe).
    pub index: usize,
    /// Where the probe starts.
    pub start: Vec3,
    /// The segment: (0, distance, 0) for vertical probes.
    pub dir: Vec3,
    /// The leaf the game starts in (this file's tree), if it finds one.
    pub leaf: Option<u16>,
    /// The triangle each way answers with, and at what distance.
    pub file: Option<(u16, f32)>,
    /// The complete tree's walk's answer.
    pub complete: Option<(u16, f32)>,
    /// The exact reference's answer.
    pub exact: Option<(u16, f32)>,
    /// For a hole: where the walk over this file parts from the walk over the complete tree
    /// ([`cause`]); `None` for game-inherent differences.
    pub cause: Option<Cause>,
    /// For a hole: the path of the `levelkit check` finding that reports its cause
    /// (`nodes[395].neighborNo`), set by [`Audit::attribute`]; `None` when no finding does (a defect of
    /// `check`) or before attribution.
    pub finding: Option<String>,
}

impl Difference {
    /// A hole's name in the viewer's list and the web page's (`Line cast #12 falls through`): its kind,
    /// its index and what the walk over this file does instead.
    pub fn hole_label(&self) -> String {
        let what = match (self.kind, self.file.is_none()) {
            (ProbeKind::Move, true) => "moves through",
            (ProbeKind::Move, false) => "stops elsewhere",
            (_, true) => "falls through",
            (_, false) => "stops at another triangle",
        };
        let one = self.kind.words().0;
        let mut title = one[..1].to_ascii_uppercase();
        title.push_str(&one[1..]);
        format!("{title} #{} {what}", self.index)
    }

    /// Probe `index` of `kind` over the segment (`start`, `dir`), the leaf it starts in, the three answers
    /// (this file's walk, the complete tree's, the exact reference's) and, for a hole, its cause.
    pub(crate) fn new(
        kind: ProbeKind,
        index: usize,
        (start, dir): (Vec3, Vec3),
        leaf: Option<u16>,
        [file, complete, exact]: [Option<(u16, f32)>; 3],
        cause: Option<Cause>,
    ) -> Difference {
        Difference { kind, index, start, dir, leaf, file, complete, exact, cause, finding: None }
    }
}

/// Holes of one kind of probe with one kind of cause ([`Audit::causes`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct HoleGroup {
    /// The probes' kind.
    pub probe: Option<ProbeKind>,
    /// The cause's kind.
    pub cause: Option<CauseKind>,
    /// Holes.
    pub holes: usize,
    /// Of those, probes that find nothing in this file.
    pub fall_through: usize,
    /// Distinct places (nodes) the holes' causes lie at.
    pub nodes: usize,
    /// Holes whose cause `levelkit check` reports (set by [`Audit::attribute`]).
    pub explained: usize,
    /// The finding kind's path pattern (`nodes[*].neighborNo`).
    pub check: Option<&'static str>,
    /// The line the text report prints: count, cause and fix.
    pub text: String,
    /// Each distinct cause with its number of holes, and whether `check` reports it.
    #[serde(skip)]
    pub places: Vec<(Cause, usize, bool)>,
}

/// An audit's findings.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Audit {
    /// The seed the probes came from ([`AuditOptions::seed`]).
    pub seed: u64,
    /// Vertical probes.
    pub vertical: Tally,
    /// Line casts.
    pub line: Tally,
    /// Moving spheres of a player's size and speeds ([`moving`]).
    pub moving: Tally,
    /// Total holes over all kinds.
    pub holes: usize,
    /// The first [`LISTED`] ray holes, in probe order (vertical probes first), then the first [`LISTED`]
    /// moving-sphere holes.
    pub hole_list: Vec<Difference>,
    /// The same for game-inherent differences.
    pub inherent_list: Vec<Difference>,
    /// Holes grouped by probe kind and cause kind, each with its fix, in that order.
    pub causes: Vec<HoleGroup>,
    /// Holes whose cause no `levelkit check` finding reports: each is a defect of `check` (set by
    /// [`Audit::attribute`]).
    pub unexplained: usize,
    /// Whether [`Audit::attribute`] has looked the causes up in the file's findings.
    pub attributed: bool,
    /// Open edges whose corners nearly meet another open edge's: cracks a sphere can catch on, which no
    /// probe is sure to meet ([`crate::heroes::validate::cracks`], the rule `check` reports them by).
    pub cracks: crate::heroes::validate::cracks::Cracks,
    /// Where this file can hole, certified: every place its lists or links differ from the complete
    /// tree's, each confirmed by a witness probe or listed apart ([`regions`]).
    pub regions: Regions,
    /// Every triangle the game hangs on when a sphere comes near it, under any arithmetic the retail
    /// build may use ([`crate::heroes::geom::freeze`]), with the middle of its corners: random probes
    /// rarely meet one, so the audit looks at each.
    pub hanging_triangles: Vec<HangingTriangle>,
}

/// A triangle the game hangs on ([`Audit::hanging_triangles`]).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct HangingTriangle {
    /// Its index.
    pub triangle: u16,
    /// The middle of its corners.
    pub at: Vec3,
}

/// The cracks among `c`'s triangles at `check`'s tolerance ([`Audit::cracks`]).
pub fn file_cracks(c: &Collision) -> crate::heroes::validate::cracks::Cracks {
    use crate::heroes::validate::cracks::{cracks, CRACK_TOLERANCE};
    let triangles: Vec<[u16; 3]> = c.triangles.iter().map(|t| t.vertices).collect();
    cracks(&c.vertices, &triangles, CRACK_TOLERANCE)
}

/// Every triangle of `c` the game hangs on ([`Audit::hanging_triangles`]).
pub fn hanging_triangles(c: &Collision) -> Vec<HangingTriangle> {
    (0u16..)
        .zip(&c.triangles)
        .filter_map(|(i, t)| {
            let v = super::geom::triangle_points(&c.vertices, &t.vertices)?;
            super::geom::freeze::hang(&v)?;
            let at = std::array::from_fn(|k| (v[0][k] + v[1][k] + v[2][k]) / 3.0);
            Some(HangingTriangle { triangle: i, at })
        })
        .collect()
}

/// The complete tree of a file's triangles over its nodes (lists and canonical links from
/// [`super::tree`], each list in the file's order: [`in_file_order`]); fails when its lists would pass
/// [`MAX_COMPLETE_ENTRIES`](super::tree::MAX_COMPLETE_ENTRIES).
pub fn complete_tree(c: &Collision) -> Result<GameTree, TooManyEntries> {
    let lists = in_file_order(c, super::tree::complete_lists(c)?);
    let links = super::tree::canonical_links(&c.nodes, c.header.max_depth);
    Ok(GameTree::with_lists(c, &lists, &links))
}

/// The complete lists (each in increasing order) with every node's triangles in the order the file lists
/// them, those the file lacks after them in increasing order. The game's moving-sphere answer depends on
/// the order it tests triangles in (each contact shortens the movement the next test is given, and its
/// tolerances depend on that length), so a file whose lists hold the right triangles in another order
/// must answer exactly as its complete tree does: only a triangle missing or extra can make a hole.
pub fn in_file_order(c: &Collision, mut complete: Vec<Vec<u16>>) -> Vec<Vec<u16>> {
    let file = c.lists();
    for (i, list) in complete.iter_mut().enumerate() {
        let theirs = file.get(i);
        if theirs == list.as_slice() {
            continue;
        }
        let mut taken = vec![false; list.len()];
        let mut ordered = Vec::with_capacity(list.len());
        for &t in theirs {
            if let Ok(k) = list.binary_search(&t) {
                if !std::mem::replace(&mut taken[k], true) {
                    ordered.push(t);
                }
            }
        }
        ordered.extend(list.iter().zip(&taken).filter(|(_, &done)| !done).map(|(&t, _)| t));
        *list = ordered;
    }
    complete
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

/// A point's ground position (x, z), what probes are ordered by.
pub(super) fn ground(p: Vec3) -> [f32; 2] {
    [p[0], p[2]]
}

/// The area's ground box (x, z).
pub(in crate::heroes) fn ground_box((lo, hi): (Vec3, Vec3)) -> ([f32; 2], [f32; 2]) {
    (ground(lo), ground(hi))
}

/// Probe `index` of kind `kind` for a seed over an area: a vertical probe from above the highest vertex
/// down past the lowest; a line cast from a point in the area's box, up to a quarter of the area across
/// and mostly downwards. (Moving-sphere probes come from [`moving::make_probe`]; `Move` here
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
            ([x, y, z], [r * libm::cosf(angle), dy, r * libm::sinf(angle)])
        }
    }
}

/// Runs the audit of a file (builds its complete tree and exact reference, side by side, then [`run`]).
/// Fails, without probing, when the complete tree cannot be made ([`complete_tree`]): there is nothing to
/// tell holes from the game's own misses by.
pub fn audit(c: &Collision, opts: AuditOptions) -> Result<Audit, TooManyEntries> {
    let (file, complete, exact) = structures(c);
    let mut found = run(&file, &complete?, &exact, area(c), opts);
    // The trees are freed before `check` runs, and it runs only when there are holes to explain: its
    // findings never add to the probing's peak memory.
    drop((file, exact));
    found.hanging_triangles = hanging_triangles(c);
    found.cracks = file_cracks(c);
    found.attribute(&holes_findings(c, &found));
    Ok(found)
}

/// The file's game tree, its complete tree and its exact reference, built side by side (on the calling
/// thread for a small file: waking the pool would cost more than the building).
pub(in crate::heroes::audit) fn structures(
    c: &Collision,
) -> (GameTree, Result<GameTree, TooManyEntries>, Exact) {
    let parallel = c.triangles.len() >= crate::par::MIN_PARALLEL;
    let ((file, complete), exact) =
        join_if(parallel, || join_if(parallel, || GameTree::new(c), || complete_tree(c)), || Exact::new(c));
    (file, complete, exact)
}

/// The findings an audit's causes are looked up in: `check`'s, when there are holes to explain.
fn holes_findings(c: &Collision, found: &Audit) -> crate::findings::Findings {
    if found.holes > 0 {
        c.validate()
    } else {
        crate::findings::Findings::default()
    }
}

/// Everything an audit of one file needs before its first probe, made once: the game's tree of the file,
/// its complete tree, the exact reference, the probes' box, and the per-file parts of the report (the
/// triangles the game hangs on, the cracks). A program that audits the same file more than once (the web
/// page, on each click) keeps this and starts probing at once; [`Prepared::audit`] gives what [`audit`]
/// gives for the same file and options.
pub struct Prepared {
    file: GameTree,
    complete: GameTree,
    exact: Exact,
    area: (Vec3, Vec3),
    hanging_triangles: Vec<HangingTriangle>,
    cracks: crate::heroes::validate::cracks::Cracks,
}

impl Prepared {
    /// Prepares the audit of `c`; fails as [`audit`] does when the complete tree cannot be made.
    pub fn new(c: &Collision) -> Result<Prepared, TooManyEntries> {
        let (file, complete, exact) = structures(c);
        Ok(Prepared {
            file,
            complete: complete?,
            exact,
            area: area(c),
            hanging_triangles: hanging_triangles(c),
            cracks: file_cracks(c),
        })
    }

    /// The audit of `c` (the file this was prepared from) with `opts`: [`audit`]'s report.
    pub fn audit(&self, c: &Collision, opts: AuditOptions) -> Audit {
        self.finish(c, run(&self.file, &self.complete, &self.exact, self.area, opts))
    }

    /// The probes of each kind with indices in `probes` (within `0..opts.probes`) of the audit with `opts`,
    /// counted: one worker's share of the audit, for [`Prepared::audit_parts`].
    pub fn probe_part(&self, opts: AuditOptions, probes: Range<usize>) -> AuditPart {
        let end = probes.end.min(opts.probes);
        let range = probes.start.min(end)..end;
        let input = &self.input(opts);
        let part = |kind: ProbeKind| parts::part(&Rays { kind, input }, input, range.clone());
        AuditPart {
            seed: opts.seed,
            probes: opts.probes,
            first: range.start,
            end: range.end,
            kinds: [
                part(ProbeKind::Vertical),
                part(ProbeKind::Line),
                parts::part(&moving::Spheres { input }, input, range.clone()),
            ],
        }
    }

    /// The audit of `c` (the file this was prepared from) with `opts` from [`Prepared::probe_part`]'s parts
    /// covering its probes: [`Prepared::audit`]'s report. Fails when the parts do not tile the probes or are
    /// not of this file and options.
    pub fn audit_parts(
        &self,
        c: &Collision,
        opts: AuditOptions,
        parts: &[AuditPart],
    ) -> Result<Audit, PartsError> {
        let sorted = parts::check_parts(parts, opts)?;
        let input = &self.input(opts);
        let kind = |k: usize| sorted.iter().filter_map(|p| p.kinds.get(k)).collect::<Vec<_>>();
        let rays = |k: ProbeKind, i: usize| parts::merge(&Rays { kind: k, input }, input, &kind(i));
        let found = [
            rays(ProbeKind::Vertical, 0)?,
            rays(ProbeKind::Line, 1)?,
            parts::merge(&moving::Spheres { input }, input, &kind(2))?,
        ];
        Ok(self.finish(c, report(input, found)))
    }

    fn input(&self, opts: AuditOptions) -> AuditInput<'_> {
        AuditInput { file: &self.file, complete: &self.complete, exact: &self.exact, area: self.area, opts }
    }

    /// The report with the file's own parts, its causes looked up in `check`'s findings.
    fn finish(&self, c: &Collision, mut found: Audit) -> Audit {
        found.hanging_triangles = self.hanging_triangles.clone();
        found.cracks = self.cracks.clone();
        found.attribute(&holes_findings(c, &found));
        found
    }
}

/// What an audit probes: [`run`]'s arguments, as each kind of probe takes them.
#[derive(Clone, Copy)]
pub struct AuditInput<'a> {
    /// The file as the game reads it.
    pub file: &'a GameTree,
    /// The same triangles in the complete tree ([`complete_tree`]).
    pub complete: &'a GameTree,
    /// The exact reference.
    pub exact: &'a Exact,
    /// The box probes start in ([`area`]).
    pub area: (Vec3, Vec3),
    /// How many probes, from which seed.
    pub opts: AuditOptions,
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
    let input = &AuditInput { file, complete, exact, area, opts };
    let [vertical, line] = [ProbeKind::Vertical, ProbeKind::Line].map(|kind| rays(kind, input));
    report(input, [vertical, line, moving::run(input)])
}

/// The report of an audit from what each kind of probe found (vertical probes, line casts, moving spheres):
/// the holes' regions certified, their causes grouped.
fn report(input: &AuditInput<'_>, [vertical, line, moving]: [KindFindings; 3]) -> Audit {
    let regions =
        regions::find(input, [&vertical.first_of_cause, &line.first_of_cause, &moving.first_of_cause]);
    let mut causes = Causes::default();
    for (kind, found) in
        [(ProbeKind::Vertical, &vertical), (ProbeKind::Line, &line), (ProbeKind::Move, &moving)]
    {
        for &(cause, falls) in &found.causes {
            causes.add(kind, cause, falls);
        }
    }
    // The ray probes share one list (vertical first); moving spheres have their own.
    let listed = |vertical: Vec<Difference>, line: Vec<Difference>, moving: Vec<Difference>| {
        vertical.into_iter().chain(line).take(LISTED).chain(moving).collect()
    };
    Audit {
        seed: input.opts.seed,
        holes: vertical.tally.holes + line.tally.holes + moving.tally.holes,
        vertical: vertical.tally,
        line: line.tally,
        moving: moving.tally,
        hole_list: listed(vertical.holes, line.holes, moving.holes),
        inherent_list: listed(vertical.inherent, line.inherent, moving.inherent),
        causes: causes.groups(),
        regions,
        ..Audit::default()
    }
}

/// The vertical probes or the line casts of an audit (see [`run`]).
fn rays(kind: ProbeKind, input: &AuditInput<'_>) -> KindFindings {
    parts::whole(&Rays { kind, input }, input)
}

/// The vertical probes or the line casts of an audit, one by one.
struct Rays<'a> {
    kind: ProbeKind,
    input: &'a AuditInput<'a>,
}

impl KindProbes for Rays<'_> {
    fn ground(&self, i: usize) -> [f32; 2] {
        let (lo, hi) = self.input.area;
        ground(make_probe(self.kind, self.input.opts.seed, i, lo, hi).0)
    }

    fn probe(&self, (sf, sc): &mut Scratches, i: usize) -> Probed {
        let AuditInput { file, complete, exact, area: (lo, hi), opts } = *self.input;
        let kind = self.kind;
        let (start, dir) = make_probe(kind, opts.seed, i, lo, hi);
        // (hit, aborted) of each walk: the line casts' answers without their counts.
        let (f, c, e) = if kind == ProbeKind::Vertical {
            let walk = |w: Walk| (w.hit, w.aborted);
            (
                walk(file.axis_y(sf, start, dir[1])),
                walk(complete.axis_y(sc, start, dir[1])),
                exact.axis_y(start, dir[1]),
            )
        } else {
            let answer = |a: LineAnswer| (a.hit, a.aborted);
            (
                answer(file.line_answer(sf, start, dir)),
                answer(complete.line_answer(sc, start, dir)),
                exact.line(start, dir),
            )
        };
        let leaf = file.leaf_of(start[0], start[2]);
        let cause = (!same_answer(f.0, c.0)).then(|| cause::ray(file, complete, exact, kind, (start, dir)));
        let answers = [f.0, c.0, e].map(|h| h.map(|h| (h.triangle, h.distance)));
        let inherent = (!same_answer(c.0, e)).then(|| {
            let reach = |h: Hit| {
                let len2 = dir[2] * dir[2] + (dir[0] * dir[0] + dir[1] * dir[1]);
                exact.corners(h.triangle).is_some_and(|v| in_reach(&v, start, len2))
            };
            if kind == ProbeKind::Line && e.is_some_and(|h| !reach(h)) {
                Inherent::Reach
            } else {
                Inherent::FirstLeaf
            }
        });
        // Ray probes never freeze: only sphere queries call the triangle test that can.
        Probed {
            diff: Difference::new(kind, i, (start, dir), leaf, answers, cause),
            aborted: f.1,
            freezes: false,
            inherent,
        }
    }
}

impl Audit {
    /// Whether the game freezes on this file: a probe froze, or a triangle hangs it.
    pub fn freezes(&self) -> bool {
        self.moving.freezes > 0 || !self.hanging_triangles.is_empty()
    }
}

pub mod cause;
pub mod moving;
mod order;
mod parts;
mod point;
mod probe;
pub mod regions;
mod report;
mod tally;
mod text;

pub use cause::{Cause, CauseKind};
pub use order::space_order;
pub use parts::{AuditPart, PartFindings, PartsError};
pub use probe::{probe, Prober, Query};
pub use regions::{HoleRegion, Regions, Witness};
pub use report::{ContactReport, HitReport, ProbeReport};
pub use tally::KindFindings;
pub use text::GLOSSARY;

#[cfg(test)]
mod tests;
