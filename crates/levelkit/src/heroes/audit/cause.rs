//! Why each hole happens: the place in the file where the game's walk over this file parts from its walk
//! over the complete tree, and the `levelkit check` finding that names that place.
//!
//! A hole is a probe this file answers differently from the complete tree of the same triangles (same
//! nodes, every node listing every triangle over its square, every neighbour link canonical). The two
//! walks are replayed side by side, and the first step where they part is the cause:
//!
//! - **ray probes** (vertical probes, line casts) go leaf by leaf. In a leaf both test their lists: if the
//!   nearest hit differs, the leaf's list is the cause — it lacks the triangle the complete tree hits
//!   there ([`Cause::Unlisted`]), or lists one off its square that the cast hits first
//!   ([`Cause::OffSquare`]). If neither hits, both leave by the same side: if the links there differ, the
//!   link is the cause — none where the complete tree has one ([`Cause::MissingLink`]: the walk stops) or
//!   another node ([`Cause::WrongLink`]);
//! - **moving spheres** take a list of nodes over the swept box and test their lists in order, each contact
//!   shortening the movement the next test is given: the walks part at their first different contact, and
//!   the node where one of the two triangles is first tested differs between the trees — this file skips
//!   an inner node that lists nothing ([`Cause::EmptyInner`]), a node's list lacks the triangle
//!   ([`Cause::Unlisted`]), or lists it off its square ([`Cause::OffSquare`]);
//! - a walk over this file that aborts (a broken index or a cycle) is [`Cause::Broken`].
//!
//! Each cause names one place, and [`Cause::finding_paths`] the paths and kind of the `check` finding about it;
//! [`super::Audit::attribute`] looks each up in the file's findings. A cause `check` does not report is a
//! defect of `check` (the two must share their rules), and the audit says so.

use super::{HoleGroup, ProbeKind};
use crate::heroes::exact::Exact;
use crate::heroes::query::{
    in_reach, same_answer, segment_triangle, segment_y_triangle, GameTree, Next, Vec3,
};
use crate::heroes::NEIGHBOR_SIDES;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// What made one hole: the first place where the walk over this file parts from the walk over the complete
/// tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Cause {
    /// The walk reached node `node`'s edge on `side` (`+X`, `-X`, `+Z`, `-Z`) and stopped: the file has no
    /// neighbour link there, where the node across is `across`.
    MissingLink {
        /// The leaf the walk stopped in.
        node: u16,
        /// The side it left by.
        side: &'static str,
        /// The node across that side (the link the complete tree has).
        across: u16,
    },
    /// The walk left node `node` by `side` through a link to `stored`, where the node across is `across`.
    WrongLink {
        /// The leaf the walk left.
        node: u16,
        /// The side it left by.
        side: &'static str,
        /// The link the file stores.
        stored: u16,
        /// The node across that side.
        across: u16,
    },
    /// Node `node`'s list lacks triangle `triangle`, which overlaps its square: a leaf the walk tested, or
    /// (moving spheres) a node taken whole.
    Unlisted {
        /// The node whose list lacks it.
        node: u16,
        /// The triangle the complete tree finds there.
        triangle: u16,
    },
    /// Node `node` lists triangle `triangle`, which does not overlap its square, and the walk hits it there
    /// before the triangle the complete tree finds.
    OffSquare {
        /// The node that lists it.
        node: u16,
        /// The triangle listed off its square.
        triangle: u16,
    },
    /// (Moving spheres) inner node `node` lists nothing, so the query skips it and everything below it.
    EmptyInner {
        /// The inner node.
        node: u16,
    },
    /// The walk over this file met a broken index or a cycle (an error `check` reports).
    Broken,
    /// The walks part nowhere the replay can name (ties, list order).
    Unknown,
}

/// The kinds of [`Cause`], what holes are grouped by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CauseKind {
    /// [`Cause::MissingLink`].
    MissingLink,
    /// [`Cause::WrongLink`].
    WrongLink,
    /// [`Cause::Unlisted`].
    Unlisted,
    /// [`Cause::OffSquare`].
    OffSquare,
    /// [`Cause::EmptyInner`].
    EmptyInner,
    /// [`Cause::Broken`].
    Broken,
    /// [`Cause::Unknown`].
    Unknown,
}

impl Cause {
    /// The cause's kind.
    pub fn kind(&self) -> CauseKind {
        match self {
            Cause::MissingLink { .. } => CauseKind::MissingLink,
            Cause::WrongLink { .. } => CauseKind::WrongLink,
            Cause::Unlisted { .. } => CauseKind::Unlisted,
            Cause::OffSquare { .. } => CauseKind::OffSquare,
            Cause::EmptyInner { .. } => CauseKind::EmptyInner,
            Cause::Broken => CauseKind::Broken,
            Cause::Unknown => CauseKind::Unknown,
        }
    }

    /// The node the cause lies at, if one.
    pub fn node(&self) -> Option<u16> {
        match *self {
            Cause::MissingLink { node, .. }
            | Cause::WrongLink { node, .. }
            | Cause::Unlisted { node, .. }
            | Cause::OffSquare { node, .. }
            | Cause::EmptyInner { node } => Some(node),
            Cause::Broken | Cause::Unknown => None,
        }
    }

    /// The paths where a `check` finding reports this cause, the most telling first: a missing or wrong
    /// link at the node's `neighborNo` (the side's, for a wrong one); a list that lacks a triangle, or holds
    /// one off its square, at the node's `list` (the reach rule's warnings, or the errors of a list the
    /// game misreads) or its `polyIndex`; an empty inner node at its `numPoly`. Empty for
    /// [`Cause::Broken`] (any error explains it) and [`Cause::Unknown`].
    pub fn finding_paths(&self) -> Vec<String> {
        match *self {
            Cause::MissingLink { node, .. } => vec![format!("nodes[{node}].neighborNo")],
            Cause::WrongLink { node, side, .. } => {
                vec![format!("nodes[{node}].neighborNo[{side}]"), format!("nodes[{node}].neighborNo")]
            }
            Cause::Unlisted { node, .. } | Cause::OffSquare { node, .. } => {
                vec![format!("nodes[{node}].list"), format!("nodes[{node}].polyIndex")]
            }
            Cause::EmptyInner { node } => vec![format!("nodes[{node}].numPoly")],
            Cause::Broken | Cause::Unknown => Vec::new(),
        }
    }

    /// The place, in plain words, without what a walk did there: a region's cause.
    pub fn describe_place(&self) -> String {
        match *self {
            Cause::MissingLink { node, side, across } => {
                format!("node {node} has no neighbour link on its {side} side (node {across} is across)")
            }
            Cause::WrongLink { node, side, stored, across } => {
                format!("node {node}'s {side} link goes to node {stored}, where node {across} is across")
            }
            Cause::Unlisted { node, triangle } => {
                format!("node {node}'s list lacks triangle {triangle}, which lies over its square")
            }
            Cause::OffSquare { node, triangle } => {
                format!("node {node} lists triangle {triangle}, which lies off its square")
            }
            Cause::EmptyInner { node } => format!("inner node {node} lists nothing"),
            Cause::Broken | Cause::Unknown => self.describe(),
        }
    }

    /// One line: where the walk went wrong, in plain words.
    pub fn describe(&self) -> String {
        match *self {
            Cause::MissingLink { node, side, across } => {
                format!("it stopped at the {side} edge of node {node}: no neighbour link there (node {across} is across)")
            }
            Cause::WrongLink { node, side, stored, across } => format!(
                "it left node {node} by {side} through a link to node {stored}, where node {across} is across"
            ),
            Cause::Unlisted { node, triangle } => {
                format!("node {node}'s list lacks triangle {triangle}, which lies over its square")
            }
            Cause::OffSquare { node, triangle } => format!(
                "node {node} lists triangle {triangle}, which lies off its square, and the game met it there first"
            ),
            Cause::EmptyInner { node } => {
                format!("inner node {node} lists nothing, so the query skipped it and everything below it")
            }
            Cause::Broken => "the walk met a broken index or a loop in the tree".into(),
            Cause::Unknown => "the walks part nowhere the audit can name".into(),
        }
    }
}

impl CauseKind {
    /// The places of this kind, after their count (`leaf sides with no neighbour link`).
    pub fn places(self, one: bool) -> &'static str {
        match (self, one) {
            (CauseKind::MissingLink, true) => "leaf side with no neighbour link",
            (CauseKind::MissingLink, false) => "leaf sides with no neighbour link",
            (CauseKind::WrongLink, true) => "leaf side whose link goes to the wrong node",
            (CauseKind::WrongLink, false) => "leaf sides whose link goes to the wrong node",
            (CauseKind::Unlisted, true) => "triangle missing from the list of a node it lies over",
            (CauseKind::Unlisted, false) => "triangles missing from the list of a node they lie over",
            (CauseKind::OffSquare, true) => "triangle listed off its square",
            (CauseKind::OffSquare, false) => "triangles listed off their square",
            (CauseKind::EmptyInner, true) => "inner node that lists nothing",
            (CauseKind::EmptyInner, false) => "inner nodes that list nothing",
            (CauseKind::Broken, _) => "broken places",
            (CauseKind::Unknown, _) => "places the audit cannot name",
        }
    }

    /// The group's line after its count of holes: what the holes have in common, with `places` distinct
    /// nodes, the `check` path, and the fix.
    pub fn explain(self, places: usize) -> String {
        let nodes = |one: &str, many: &str| {
            if places == 1 {
                format!("1 {one}")
            } else {
                format!("{} {many}", thousands(places))
            }
        };
        match self {
            CauseKind::MissingLink => format!(
                "{} no neighbour link on the side the walk left by (nodes[*].neighborNo); repairing the file \
                 rebuilds the links",
                nodes("node has", "nodes have")
            ),
            CauseKind::WrongLink => format!(
                "{} a neighbour link to the wrong node on the side the walk left by (nodes[*].neighborNo); \
                 repairing the file rebuilds the links",
                nodes("node has", "nodes have")
            ),
            CauseKind::Unlisted => format!(
                "{} not list a triangle that lies over their square (nodes[*].list); repairing the file relists them",
                nodes("node does", "nodes do")
            ),
            CauseKind::OffSquare => format!(
                "{} a triangle that lies off their square, which the game tests there before the triangles it \
                 should meet first (nodes[*].list); repairing the file relists them",
                nodes("node lists", "nodes list")
            ),
            CauseKind::EmptyInner => format!(
                "{} nothing, so the moving-sphere query skips them and all below (nodes[*].numPoly); \
                 repairing the file relists them",
                nodes("inner node lists", "inner nodes list")
            ),
            CauseKind::Broken => {
                "the walk met a broken index or a loop in the tree (check lists the errors); repairing the \
                 file rebuilds the tree"
                    .into()
            }
            CauseKind::Unknown => "the walks part nowhere the audit can name".into(),
        }
    }
}

pub(in crate::heroes) use crate::num::thousands;

/// The nearest hit of a ray probe among `list` (the game's per-leaf answer: each hit shortens the segment,
/// so the last one is the nearest), as (triangle, segment parameter).
fn nearest(list: &[u16], exact: &Exact, kind: ProbeKind, start: Vec3, dir: Vec3) -> Option<(u16, f32)> {
    let length_sq = dir[2] * dir[2] + (dir[0] * dir[0] + dir[1] * dir[1]);
    let mut best: Option<(u16, f32)> = None;
    for &t in list {
        let Some(v) = exact.corners(t) else { continue };
        let u = if kind == ProbeKind::Vertical {
            segment_y_triangle(start, dir[1], &v)
        } else if in_reach(&v, start, length_sq) {
            segment_triangle(start, dir, &v)
        } else {
            None
        };
        if let Some(u) = u {
            if best.is_none_or(|(_, b)| u < b) {
                best = Some((t, u));
            }
        }
    }
    best
}

/// Why the ray probe `start → start + dir` answers differently over `file` and `complete` (see the module
/// docs). A walk over this file that aborted is replayed too: links to the wrong nodes can close a loop
/// the walk goes round, and the first wrong link is its cause.
pub(super) fn ray(
    file: &GameTree,
    complete: &GameTree,
    exact: &Exact,
    kind: ProbeKind,
    (start, dir): (Vec3, Vec3),
) -> Cause {
    let Some(mut n) = file.leaf_of(start[0], start[2]) else { return Cause::Broken };
    let end = [start[0] + dir[0], start[1] + dir[1], start[2] + dir[2]];
    let hit = |h: Option<(u16, f32)>| {
        h.map(|(t, u)| crate::heroes::query::Hit {
            triangle: t,
            point: start,
            distance: u * crate::vecmath::length(dir),
            attribute: 0,
        })
    };
    for _ in 0..=file.node_count() {
        let (fl, cl) = (file.list(n), complete.list(n));
        let (fh, ch) = (nearest(fl, exact, kind, start, dir), nearest(cl, exact, kind, start, dir));
        if !same_answer(hit(fh), hit(ch)) {
            if let Some((t, _)) = ch.filter(|(t, _)| !fl.contains(t)) {
                return Cause::Unlisted { node: n, triangle: t };
            }
            if let Some((t, _)) = fh.filter(|(t, _)| !cl.contains(t)) {
                return Cause::OffSquare { node: n, triangle: t };
            }
            return Cause::Unknown;
        }
        if fh.is_some() {
            return Cause::Unknown;
        }
        let (fnext, cnext) = (file.next_neighbor(n, start, end), complete.next_neighbor(n, start, end));
        if fnext != cnext {
            let side_of = |tree: &GameTree| tree.exit_link(n, start, end);
            let (Some((side, stored)), Some((_, across))) = (side_of(file), side_of(complete)) else {
                return Cause::Broken;
            };
            let side = NEIGHBOR_SIDES.get(side).copied().unwrap_or("?");
            return match (stored, fnext) {
                (_, Next::Broken) => Cause::Broken,
                (0, _) => Cause::MissingLink { node: n, side, across },
                _ => Cause::WrongLink { node: n, side, stored, across },
            };
        }
        match fnext {
            Next::Leaf(m) => n = m,
            Next::End => return Cause::Unknown,
            Next::Broken => return Cause::Broken,
        }
    }
    Cause::Broken
}

/// One moving-sphere walk, as the cause replay reads it: the tree, the nodes the query took in order, and
/// the contacts it recorded in order.
pub(super) struct MoveWalk<'a> {
    pub(super) tree: &'a GameTree,
    pub(super) nodes: &'a [u16],
    pub(super) contacts: &'a [u16],
}

impl MoveWalk<'_> {
    /// The first node the walk tests triangle `t` in (a triangle is tested once, however many nodes list it).
    fn first_test(&self, t: u16) -> Option<u16> {
        self.nodes.iter().copied().find(|&n| self.tree.list(n).contains(&t))
    }

    /// Whether the walk takes node `n` and its list holds `t`.
    fn lists_at(&self, n: u16, t: u16) -> bool {
        self.nodes.contains(&n) && self.tree.list(n).contains(&t)
    }
}

/// Why a moving sphere answers differently over `file` and `complete` (see the module docs).
///
/// The game's state (the movement left, collision or intersection) changes only at a contact, and every
/// test is a function of the state and the triangle: two walks whose contacts are the same triangles in the
/// same order answer alike. So the walks part at their first different contact: this file's `x` against
/// the complete tree's `y`. Since the complete tree lists each node's triangles in the file's order, one of
/// them is tested first in a node whose lists differ: the file tests `x` first in a node that lists it off
/// its square ([`Cause::OffSquare`]), or the complete tree tests one of them first in a node whose list in
/// this file lacks it ([`Cause::Unlisted`]), or which this file's walk skips because it lists nothing
/// ([`Cause::EmptyInner`] for an inner node).
pub(super) fn moving(file: &MoveWalk<'_>, complete: &MoveWalk<'_>, aborted: bool) -> Cause {
    if aborted {
        return Cause::Broken;
    }
    let k = file.contacts.iter().zip(complete.contacts).take_while(|(a, b)| a == b).count();
    let (x, y) = (file.contacts.get(k).copied(), complete.contacts.get(k).copied());
    let off_square = |t: u16| {
        let n = file.first_test(t)?;
        (!complete.lists_at(n, t)).then_some(Cause::OffSquare { node: n, triangle: t })
    };
    let unlisted = |t: u16| {
        let n = complete.first_test(t)?;
        if file.lists_at(n, t) {
            return None;
        }
        let skipped = !file.nodes.contains(&n) && !file.tree.is_leaf(n);
        Some(if skipped { Cause::EmptyInner { node: n } } else { Cause::Unlisted { node: n, triangle: t } })
    };
    [y.and_then(unlisted), x.and_then(off_square), x.and_then(unlisted), y.and_then(off_square)]
        .into_iter()
        .flatten()
        .next()
        .unwrap_or(Cause::Unknown)
}

/// Holes' causes as they are counted, grouped by probe kind and cause kind ([`super::Audit::causes`]).
#[derive(Default)]
pub(super) struct Causes {
    groups: BTreeMap<(ProbeKind, CauseKind), BTreeMap<Cause, (usize, usize)>>,
}

impl Causes {
    /// One more hole of a `kind` probe caused by `cause`; `fell`: it finds nothing in this file.
    pub(super) fn add(&mut self, kind: ProbeKind, cause: Cause, fell: bool) {
        let place = self.groups.entry((kind, cause.kind())).or_default().entry(cause).or_default();
        place.0 += 1;
        place.1 += usize::from(fell);
    }

    /// The groups, probe kind then cause kind in their order, each with its line.
    pub(super) fn groups(self) -> Vec<HoleGroup> {
        self.groups
            .into_iter()
            .map(|((probe, kind), places)| {
                let holes = places.values().map(|p| p.0).sum();
                let fall_through = places.values().map(|p| p.1).sum();
                let nodes: BTreeSet<u16> = places.keys().filter_map(Cause::node).collect();
                let mut group = HoleGroup {
                    probe: Some(probe),
                    cause: Some(kind),
                    holes,
                    fall_through,
                    nodes: nodes.len(),
                    explained: 0,
                    check: kind.check_path(),
                    text: String::new(),
                    places: places.into_iter().map(|(c, (n, _))| (c, n, false)).collect(),
                };
                group.text = group.line();
                group
            })
            .collect()
    }
}

impl CauseKind {
    /// The path pattern of the `check` findings that report this kind (`nodes[*].neighborNo`).
    pub fn check_path(self) -> Option<&'static str> {
        match self {
            CauseKind::MissingLink | CauseKind::WrongLink => Some("nodes[*].neighborNo"),
            CauseKind::Unlisted | CauseKind::OffSquare => Some("nodes[*].list"),
            CauseKind::EmptyInner => Some("nodes[*].numPoly"),
            CauseKind::Broken | CauseKind::Unknown => None,
        }
    }
}

impl CauseKind {
    /// The cause and fix in a few words, for the map's legend (which draws the places in white).
    pub fn short(self) -> &'static str {
        match self {
            CauseKind::MissingLink => {
                "no neighbour link where they leave a leaf (white edges); repairing the file rebuilds the links"
            }
            CauseKind::WrongLink => {
                "a link to the wrong node where they leave a leaf (white edges); repairing the file rebuilds the links"
            }
            CauseKind::Unlisted => {
                "a node's list lacks a triangle over its square (white squares); repairing the file relists them"
            }
            CauseKind::OffSquare => {
                "a node lists a triangle off its square (white squares); repairing the file relists them"
            }
            CauseKind::EmptyInner => "an inner node lists nothing (white squares); repairing the file relists them",
            CauseKind::Broken => "a broken index or a loop in the tree; repairing the file rebuilds the tree",
            CauseKind::Unknown => "a cause the audit cannot name",
        }
    }
}

impl HoleGroup {
    /// The group in a few words, for the map's legend: `491 line casts fall through: no neighbour link
    /// where they leave a leaf (white edges); repairing the file rebuilds the links`.
    pub fn short_text(&self) -> String {
        let Some(kind) = self.cause else { return String::new() };
        let head = self.line();
        let head = head.split_once(": ").map_or(head.as_str(), |(h, _)| h);
        format!("{head}: {}", kind.short())
    }

    /// `491 line casts fall through: 412 nodes have no neighbour link on the side the walk left by
    /// (nodes[*].neighborNo); repairing the file rebuilds the links`.
    fn line(&self) -> String {
        let (Some(probe), Some(kind)) = (self.probe, self.cause) else { return String::new() };
        let what = match (probe, self.holes == 1) {
            (ProbeKind::Vertical, true) => "vertical probe",
            (ProbeKind::Vertical, false) => "vertical probes",
            (ProbeKind::Line, true) => "line cast",
            (ProbeKind::Line, false) => "line casts",
            (ProbeKind::Move, true) => "moving sphere",
            (ProbeKind::Move, false) => "moving spheres",
        };
        let verb = match (self.fall_through, self.holes == 1) {
            (f, true) if f == self.holes => "falls through".to_string(),
            (f, false) if f == self.holes => "fall through".to_string(),
            (0, true) => "stops on another triangle".to_string(),
            (0, false) => "stop on another triangle".to_string(),
            (f, _) => format!("go wrong ({} fall through)", thousands(f)),
        };
        format!("{} {what} {verb}: {}", thousands(self.holes), kind.explain(self.nodes))
    }
}

impl super::Audit {
    /// Looks every hole's cause up in the file's `check` findings (`findings`, from
    /// [`crate::heroes::Collision::validate`]): counts per group the holes a finding explains, sets each
    /// listed hole's [`super::Difference::finding`], and counts in [`super::Audit::unexplained`] the holes
    /// no finding explains — each a defect of `check`, which must report every cause of a hole.
    pub fn attribute(&mut self, findings: &crate::findings::Findings) {
        let paths: std::collections::HashSet<String> =
            findings.0.iter().map(|f| f.path.to_string()).collect();
        let any_error = findings.0.iter().any(|f| f.severity == crate::findings::Severity::Error);
        // When the tree or its lists have errors, check skips the link and reach rules and says so in a
        // note on `nodes`: the errors are what it reports.
        let skipped = any_error && paths.contains("nodes");
        let reported = |cause: &Cause| -> Option<String> {
            match cause {
                Cause::Broken => any_error.then(|| "an error of the tree".to_string()),
                Cause::Unknown => None,
                _ => cause
                    .finding_paths()
                    .into_iter()
                    .find(|p| paths.contains(p))
                    .or_else(|| skipped.then(|| "nodes".to_string())),
            }
        };
        self.unexplained = 0;
        for group in &mut self.causes {
            group.explained = 0;
            for (cause, holes, explained) in &mut group.places {
                *explained = reported(cause).is_some();
                if *explained {
                    group.explained += *holes;
                }
            }
            self.unexplained += group.holes - group.explained;
        }
        for d in &mut self.hole_list {
            d.finding = d.cause.as_ref().and_then(reported);
        }
        self.attributed = true;
    }
}
