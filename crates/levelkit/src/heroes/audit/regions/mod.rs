//! Hole regions, certified: every place where this file's walks *can* answer differently from the
//! complete tree's, found from the two trees and the triangles rather than by sampling, each with a
//! witness probe the game's walk confirms.
//!
//! The two trees have the same nodes; they differ only in lists and links. A walk over each reads the same
//! nodes in the same order until it reads one of those differences, so a probe can be a hole only through
//! one of them (the audit's causes, [`Cause`]):
//!
//! - a leaf's list lacks a triangle over its square or lists one off it. **Vertical probes** read only the
//!   leaf their point lies in: their region is exact, the parts of the leaf's cell (the points the game's
//!   descent takes to the leaf) where the topmost triangle of this file's list differs from the complete
//!   list's, as convex polygons with their area (module `vertical`). **Line casts** and **moving spheres** can
//!   meet the triangle from anywhere the segment or the sphere reaches: their region is the triangle's part
//!   over the square (a moving sphere's grown by its radius);
//! - a leaf's neighbour link differs from the node across: **line casts** that leave by that side (the
//!   side's segment);
//! - an inner node lists nothing, lacks a triangle over its square, or lists one off it: **moving
//!   spheres**, which take such a node whole (its square, grown by the radius).
//!
//! Where the trees do not differ, no probe of any kind can be a hole: "0 hole regions" is a guarantee.
//! Its assumptions: a probe exactly on a cell's edge (an area of zero) is not covered by the polygons;
//! moving-sphere regions are for the audit's radius ([`PLAYER_RADIUS`]); a file whose tree is broken is
//! not certified.
//!
//! A place is a **confirmed** region when a witness shows it: the first sampled hole of that cause, or a
//! probe made for it (straight down over a vertical region's polygon, a cast into the missing triangle's
//! face or across the side, a sphere dropped onto the triangle or run across the node's square) that the
//! game's walks answer differently, with this cause. Places no witness was found for are listed apart
//! (`unconfirmed`): the trees differ there, but maybe in no way a probe can see (a triangle that only
//! touches the square's edge, a link across to an empty leaf).

use super::cause::{self, Cause, CauseKind, MoveWalk};
use super::moving::{game_answer, same_move, MoveAnswer, PLAYER_RADIUS};
use super::tally::SampledHole;
use super::{AuditInput, ProbeKind, LISTED};
use crate::heroes::query::{same_answer, GameTree, Scratch, Vec3};
use crate::vecmath::{add, cross, normalise, scale, sub};
use serde::Serialize;
use std::collections::BTreeMap;

mod plane;
#[cfg(test)]
mod tests;
mod vertical;

use plane::P2;

/// One region where this file's walks answer differently from the complete tree's.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct HoleRegion {
    /// The kind of probe it holes.
    pub probe: ProbeKind,
    /// The difference between the trees it comes from (the `check` finding that reports it names the same
    /// place).
    pub cause: Cause,
    /// Where, in X/Z: convex polygons (a side's segment or a wall's trace has two corners, a point one).
    pub pieces: Vec<Vec<[f32; 2]>>,
    /// The polygons' area in square units (0 for a segment).
    pub area: f64,
    /// The box around the pieces, grown by `radius`: (min x, min z), (max x, max z).
    pub extent: ([f32; 2], [f32; 2]),
    /// How far around the pieces a probe holes: the moving sphere's radius, 0 for rays.
    pub radius: f32,
    /// A probe the game's walks confirm is a hole here, with this cause.
    pub witness: Option<Witness>,
}

/// A probe that shows a region is a hole.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Witness {
    /// Where it starts.
    pub start: Vec3,
    /// Its segment or movement.
    pub dir: Vec3,
    /// This file's walk's answer (triangle, and distance or travel), and the complete tree's.
    pub file: Option<(u16, f32)>,
    /// The complete tree's walk's answer.
    pub complete: Option<(u16, f32)>,
    /// The audit's probe it is, when a sampled hole is the witness.
    pub sampled: Option<usize>,
}

/// Every hole region of a file ([`super::Audit::regions`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Regions {
    /// Whether the regions are certified: `false` when the file's tree cannot be walked (errors `check`
    /// reports), and nothing is said about it.
    pub certified: bool,
    /// The regions a witness confirms: vertical probes, line casts, moving spheres, each in node order.
    /// All of them; the JSON lists the first [`LISTED`] of each kind.
    #[serde(serialize_with = "first_of_each_kind")]
    pub confirmed: Vec<HoleRegion>,
    /// Confirmed regions of each kind (vertical, line, moving), all of them.
    pub counts: [usize; 3],
    /// The confirmed vertical-probe regions' whole area, in square units.
    pub vertical_area: f64,
    /// Confirmed regions by probe kind and kind of cause, in that order.
    pub groups: Vec<RegionGroup>,
    /// Places where the trees differ and no witness was found: the first [`LISTED`].
    pub unconfirmed: Vec<HoleRegion>,
    /// How many places no witness was found for.
    pub unconfirmed_count: usize,
    /// The sphere radius the moving-sphere regions are for.
    pub radius: f32,
    /// Not certified because the trees differ at more than [`MAX_PLACES`] places (a tree far from
    /// complete: repairing it is the answer, not a list).
    pub too_many_places: bool,
    /// The ground box the regions are found in (the audit's area: the vertices' X/Z box), (min, max).
    pub ground: ([f32; 2], [f32; 2]),
}

/// The first [`LISTED`] regions of each kind, for the JSON (a stage can have hundreds of thousands).
fn first_of_each_kind<S: serde::Serializer>(regions: &[HoleRegion], s: S) -> Result<S::Ok, S::Error> {
    let mut seen = [0usize; 3];
    s.collect_seq(regions.iter().filter(|r| {
        let n = &mut seen[kind_index(r.probe)];
        *n += 1;
        *n <= LISTED
    }))
}

/// Confirmed regions of one probe kind with one kind of cause ([`Regions::groups`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct RegionGroup {
    /// The probes' kind.
    pub probe: ProbeKind,
    /// The kind of difference.
    pub cause: CauseKind,
    /// How many regions.
    pub regions: usize,
}

/// The first sampled hole of each (probe kind, cause): the audit's own witnesses.
pub(super) type Sampled<'a> = [&'a BTreeMap<Cause, SampledHole>; 3];

/// Every hole region of file `c`, with no sample: its trees and exact reference prepared side by side,
/// then each place's witness searched for (what [`super::audit`] does besides sampling). Fails when the
/// complete tree cannot be made ([`super::complete_tree`]).
///
/// ```
/// use levelkit::heroes::{audit::regions, generate};
///
/// let stage = generate::game_correct(7, 2_000, 8);
/// let found = regions::certify(&stage)?;
/// assert!(found.certified && found.counts == [0, 0, 0] && found.unconfirmed_count == 0);
/// # Ok::<(), levelkit::heroes::tree::TooManyEntries>(())
/// ```
pub fn certify(c: &crate::heroes::Collision) -> Result<Regions, crate::heroes::tree::TooManyEntries> {
    let (file, complete, exact) = super::structures(c);
    let complete = complete?;
    let opts = super::AuditOptions { probes: 0, seed: 0 };
    let input = AuditInput { file: &file, complete: &complete, exact: &exact, area: super::area(c), opts };
    let none = BTreeMap::new();
    Ok(find(&input, [&none, &none, &none]))
}

/// Every hole region of the file in `input` ([`super::run`]), with `sampled` holes as first witnesses.
pub(super) fn find(input: &AuditInput<'_>, sampled: Sampled<'_>) -> Regions {
    let (lo, hi) = input.area;
    let ground = ([lo[0], lo[2]], [hi[0], hi[2]]);
    let mut out = Regions { radius: PLAYER_RADIUS, ground, ..Regions::default() };
    let (confirmed, unconfirmed) = match prove(input, sampled) {
        Ok(found) => found,
        Err(why) => {
            out.too_many_places = why == Uncertified::TooManyPlaces;
            return out;
        }
    };
    out.certified = true;
    let mut groups = BTreeMap::new();
    for region in confirmed {
        let k = kind_index(region.probe);
        if region.probe == ProbeKind::Vertical {
            out.vertical_area += region.area;
        }
        out.counts[k] += 1;
        *groups.entry((region.probe, region.cause.kind())).or_insert(0) += 1;
        out.confirmed.push(region);
    }
    out.groups =
        groups.into_iter().map(|((probe, cause), regions)| RegionGroup { probe, cause, regions }).collect();
    out.unconfirmed_count = unconfirmed.len();
    out.unconfirmed = unconfirmed.into_iter().take(LISTED).collect();
    out
}

/// The most places where the trees may differ that are searched for witnesses: a stage of 65,000
/// triangles in the community layout has about 240,000; a hostile tree could have tens of millions.
pub const MAX_PLACES: usize = 1_000_000;

/// Why a file's regions are not certified.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Uncertified {
    /// The file's tree cannot be walked (a broken index or a cycle).
    Unwalkable,
    /// The trees differ at more than [`MAX_PLACES`] places.
    TooManyPlaces,
}

/// Every place where the trees differ, split into those a witness confirms and those without one.
pub(super) fn prove(
    input: &AuditInput<'_>,
    sampled: Sampled<'_>,
) -> Result<(Vec<HoleRegion>, Vec<HoleRegion>), Uncertified> {
    let AuditInput { file, complete, .. } = *input;
    if !file.usable() || !complete.usable() {
        return Err(Uncertified::Unwalkable);
    }
    let cells = cells(file, input.area).ok_or(Uncertified::Unwalkable)?;
    let mut places: Vec<HoleRegion> = Vec::new();
    // Each enumeration stops once the places pass the bound: a hostile tree can differ at millions.
    let room = |places: &Vec<HoleRegion>| MAX_PLACES.saturating_sub(places.len());
    places.extend(vertical::regions(input, &cells, room(&places)));
    places.extend(list_places(input, &cells, ProbeKind::Line, room(&places)));
    places.extend(link_places(input, &cells, room(&places)));
    places.extend(list_places(input, &cells, ProbeKind::Move, room(&places)));
    if places.len() > MAX_PLACES {
        return Err(Uncertified::TooManyPlaces);
    }
    // The witnesses: the sample's first hole of the cause, else a probe made for the place (on both cores).
    let witnesses = crate::par::map_init_if(
        places.len() >= 64,
        &places,
        || Prover::new(input),
        |prover, place| {
            let sampled =
                sampled[kind_index(place.probe)].get(&place.cause).map(|&(index, (start, dir), [f, c])| {
                    Witness { start, dir, file: f, complete: c, sampled: Some(index) }
                });
            sampled.or_else(|| prover.witness(place))
        },
    );
    let (mut confirmed, mut unconfirmed) = (Vec::new(), Vec::new());
    for (mut place, witness) in places.into_iter().zip(witnesses) {
        place.witness = witness;
        if place.witness.is_some() {
            confirmed.push(place);
        } else {
            unconfirmed.push(place);
        }
    }
    Ok((confirmed, unconfirmed))
}

fn kind_index(k: ProbeKind) -> usize {
    match k {
        ProbeKind::Vertical => 0,
        ProbeKind::Line => 1,
        ProbeKind::Move => 2,
    }
}

/// A node's cell: the points the game's descent takes to it, within the audit's ground box (outside it
/// there are no triangles, so no hits and no holes).
#[derive(Clone, Copy, Debug)]
pub(super) struct Cell {
    pub(super) node: u16,
    pub(super) lo: P2,
    pub(super) hi: P2,
    pub(super) leaf: bool,
}

/// Every node's cell, from the root down, splitting at each inner node's centre as the descent does
/// (`x ≥ centre` goes to the higher child); `None` when the descent meets a broken index or a cycle.
fn cells(tree: &GameTree, (lo, hi): (Vec3, Vec3)) -> Option<Vec<Cell>> {
    let mut out = Vec::new();
    let mut stack =
        vec![(0u16, [f64::from(lo[0]), f64::from(lo[2])], [f64::from(hi[0]), f64::from(hi[2])], 0)];
    let limit = tree.node_count();
    while let Some((n, lo, hi, depth)) = stack.pop() {
        if depth > 16 || out.len() > limit {
            return None;
        }
        tree.node_square(n)?;
        let Some(first) = tree.first_child(n) else {
            out.push(Cell { node: n, lo, hi, leaf: true });
            continue;
        };
        out.push(Cell { node: n, lo, hi, leaf: false });
        let (centre, _) = tree.node_square(n)?;
        let c = [f64::from(centre[0]), f64::from(centre[1])];
        for k in 0..4u16 {
            let child = first.checked_add(k)?;
            let (x, z) = (k & 1 == 1, k & 2 == 2);
            let clo = [if x { lo[0].max(c[0]) } else { lo[0] }, if z { lo[1].max(c[1]) } else { lo[1] }];
            let chi = [if x { hi[0] } else { hi[0].min(c[0]) }, if z { hi[1] } else { hi[1].min(c[1]) }];
            stack.push((child, clo, chi, depth + 1));
        }
    }
    out.sort_by_key(|c| c.node);
    Some(out)
}

/// The triangles of `list`, each once.
fn distinct(list: &[u16]) -> Vec<u16> {
    let mut v = list.to_vec();
    v.sort_unstable();
    v.dedup();
    v
}

/// Triangles in `a`'s list and not in `b`'s (both sorted).
fn missing(a: &[u16], b: &[u16]) -> Vec<u16> {
    a.iter().copied().filter(|t| b.binary_search(t).is_err()).collect()
}

/// Line casts and moving spheres: each triangle a node's list lacks or holds off its square (leaves for
/// line casts; every node the moving-sphere query can take for moving spheres), and for moving spheres each
/// inner node that lists nothing though the complete tree lists something there.
fn list_places(input: &AuditInput<'_>, cells: &[Cell], probe: ProbeKind, room: usize) -> Vec<HoleRegion> {
    let AuditInput { file, complete, exact, .. } = *input;
    let radius = if probe == ProbeKind::Move { PLAYER_RADIUS } else { 0.0 };
    let mut out = Vec::new();
    for cell in cells.iter().filter(|c| c.leaf || probe == ProbeKind::Move) {
        if out.len() > room {
            break;
        }
        let n = cell.node;
        let (f, c) = (distinct(file.list(n)), distinct(complete.list(n)));
        if f == c {
            continue;
        }
        if !cell.leaf && f.is_empty() {
            out.push(region(probe, Cause::EmptyInner { node: n }, vec![square_of(file, n)], radius));
            continue;
        }
        for t in missing(&c, &f) {
            let piece = exact.corners(t).map(|v| over_square(&v, file, n)).unwrap_or_default();
            out.push(region(probe, Cause::Unlisted { node: n, triangle: t }, vec![piece], radius));
        }
        for t in missing(&f, &c) {
            out.push(region(
                probe,
                Cause::OffSquare { node: n, triangle: t },
                vec![square_of(file, n)],
                radius,
            ));
        }
    }
    out
}

/// Line casts: each side of a leaf whose link differs from the complete tree's, where a node lies across.
fn link_places(input: &AuditInput<'_>, cells: &[Cell], room: usize) -> Vec<HoleRegion> {
    let AuditInput { file, complete, .. } = *input;
    let mut out = Vec::new();
    for cell in cells.iter().filter(|c| c.leaf) {
        if out.len() > room {
            break;
        }
        let n = cell.node;
        let (Some(stored), Some(across)) = (file.links(n), complete.links(n)) else { continue };
        for side in 0..4 {
            let (s, a) = (stored[side], across[side]);
            if s == a || a == 0 {
                continue;
            }
            let name = crate::heroes::NEIGHBOR_SIDES[side];
            let cause = if s == 0 {
                Cause::MissingLink { node: n, side: name, across: a }
            } else {
                Cause::WrongLink { node: n, side: name, stored: s, across: a }
            };
            out.push(region(ProbeKind::Line, cause, vec![side_segment(file, n, side)], 0.0));
        }
    }
    out
}

/// A region of `pieces` (in `f64`), its area and extent.
fn region(probe: ProbeKind, cause: Cause, pieces: Vec<Vec<P2>>, radius: f32) -> HoleRegion {
    let area = pieces.iter().map(|p| plane::area(p)).sum();
    let (mut lo, mut hi) = ([f32::INFINITY; 2], [f32::NEG_INFINITY; 2]);
    let pieces: Vec<Vec<[f32; 2]>> =
        pieces.iter().map(|p| p.iter().map(|q| q.map(crate::num::round_f32)).collect()).collect();
    for q in pieces.iter().flatten() {
        for k in 0..2 {
            lo[k] = lo[k].min(q[k] - radius);
            hi[k] = hi[k].max(q[k] + radius);
        }
    }
    if lo[0] > hi[0] {
        (lo, hi) = ([0.0; 2], [0.0; 2]);
    }
    HoleRegion { probe, cause, pieces, area, extent: (lo, hi), radius, witness: None }
}

/// Node `n`'s square as the game computes it, counter-clockwise.
fn square_of(tree: &GameTree, n: u16) -> Vec<P2> {
    let Some((c, h)) = tree.node_square(n) else { return Vec::new() };
    let (c, h) = ([f64::from(c[0]), f64::from(c[1])], f64::from(h));
    plane::rect([c[0] - h, c[1] - h], [c[0] + h, c[1] + h])
}

/// The segment of node `n`'s side (+X, −X, +Z, −Z).
fn side_segment(tree: &GameTree, n: u16, side: usize) -> Vec<P2> {
    let Some((c, h)) = tree.node_square(n) else { return Vec::new() };
    let (x, z, h) = (f64::from(c[0]), f64::from(c[1]), f64::from(h));
    match side {
        0 => vec![[x + h, z - h], [x + h, z + h]],
        1 => vec![[x - h, z - h], [x - h, z + h]],
        2 => vec![[x - h, z + h], [x + h, z + h]],
        _ => vec![[x - h, z - h], [x + h, z - h]],
    }
}

/// The part of triangle `v`'s X/Z shadow over node `n`'s square (a segment for a wall; empty when they
/// only touch at a corner).
fn over_square(v: &[Vec3; 3], tree: &GameTree, n: u16) -> Vec<P2> {
    let shadow = v.map(|p| [f64::from(p[0]), f64::from(p[2])]);
    let square = square_of(tree, n);
    match plane::triangle(shadow) {
        Some(hs) => plane::clip_all(&square, &hs),
        // A wall: its trace's longest edge, cut to the square.
        None => {
            let (mut a, mut b) = (shadow[0], shadow[1]);
            for (p, q) in [(shadow[1], shadow[2]), (shadow[2], shadow[0])] {
                if dist2(p, q) > dist2(a, b) {
                    (a, b) = (p, q);
                }
            }
            clip_segment(a, b, &square)
        }
    }
}

fn dist2(a: P2, b: P2) -> f64 {
    let (dx, dz) = (a[0] - b[0], a[1] - b[1]);
    dx * dx + dz * dz
}

/// The part of segment a–b inside the axis-aligned `square` (its corners in `rect`'s order).
fn clip_segment(a: P2, b: P2, square: &[P2]) -> Vec<P2> {
    let (Some(lo), Some(hi)) = (square.first(), square.get(2)) else { return Vec::new() };
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for k in 0..2 {
        let d = b[k] - a[k];
        if d == 0.0 {
            if a[k] < lo[k] || a[k] > hi[k] {
                return Vec::new();
            }
            continue;
        }
        let (u, w) = ((lo[k] - a[k]) / d, (hi[k] - a[k]) / d);
        t0 = t0.max(u.min(w));
        t1 = t1.min(u.max(w));
    }
    if t0 > t1 {
        return Vec::new();
    }
    let at = |t: f64| [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
    vec![at(t0), at(t1)]
}

/// Makes and replays witness probes: the game's walks over both trees.
struct Prover<'a> {
    input: &'a AuditInput<'a>,
    scratch: (Scratch, Scratch),
}

impl<'a> Prover<'a> {
    fn new(input: &'a AuditInput<'a>) -> Prover<'a> {
        Prover { input, scratch: (Scratch::new(input.file), Scratch::new(input.complete)) }
    }

    /// A witness for `place`: the first candidate probe the walks answer differently, with its cause.
    fn witness(&mut self, place: &HoleRegion) -> Option<Witness> {
        let candidates = match place.probe {
            ProbeKind::Vertical => vertical::candidates(self.input, place),
            ProbeKind::Line => self.line_candidates(place),
            ProbeKind::Move => self.move_candidates(place),
        };
        let taken = self.move_node(place);
        candidates
            .into_iter()
            .filter(|&(start, dir)| {
                taken.is_none_or(|(tree, n)| tree.capsule_may_list(n, start, PLAYER_RADIUS, dir))
            })
            .find_map(|(start, dir)| self.replay(place, start, dir))
    }

    /// For a moving-sphere place, the node a sphere's walk must take for its answer to have the place's
    /// cause, and the tree it walks: [`cause::moving`] names the node where one of the walks first tests
    /// the triangle that parts them, this file's for a triangle listed off its square, the complete tree's
    /// for one this file's list lacks or an inner node it skips. A sphere whose box cannot take that node
    /// is no witness, and is not replayed (about half the spheres tried on a stage in the community layout).
    fn move_node(&self, place: &HoleRegion) -> Option<(&'a GameTree, u16)> {
        let AuditInput { file, complete, .. } = *self.input;
        if place.probe != ProbeKind::Move {
            return None;
        }
        match place.cause {
            Cause::OffSquare { node, .. } => Some((file, node)),
            Cause::Unlisted { node, .. } | Cause::EmptyInner { node } => Some((complete, node)),
            _ => None,
        }
    }

    /// The probe replayed by both walks: a witness when they differ and the cause is the place's.
    fn replay(&mut self, place: &HoleRegion, start: Vec3, dir: Vec3) -> Option<Witness> {
        let AuditInput { file, complete, exact, .. } = *self.input;
        let (sf, sc) = &mut self.scratch;
        let (answers, cause) = match place.probe {
            ProbeKind::Vertical | ProbeKind::Line => {
                let (f, c) = if place.probe == ProbeKind::Vertical {
                    (file.axis_y(sf, start, dir[1]).hit, complete.axis_y(sc, start, dir[1]).hit)
                } else {
                    (file.line_answer(sf, start, dir).hit, complete.line_answer(sc, start, dir).hit)
                };
                if same_answer(f, c) {
                    return None;
                }
                let pair = |h: Option<crate::heroes::query::Hit>| h.map(|h| (h.triangle, h.distance));
                ([pair(f), pair(c)], cause::ray(file, complete, exact, place.probe, (start, dir)))
            }
            ProbeKind::Move => {
                let fw = file.moving_sphere(sf, start, PLAYER_RADIUS, dir);
                let cw = complete.moving_sphere(sc, start, PLAYER_RADIUS, dir);
                let (fa, ca) = (game_answer(&fw, sf.contacts()), game_answer(&cw, sc.contacts()));
                if same_move(fa, ca) {
                    return None;
                }
                let contacts = |s: &Scratch| s.contacts().iter().map(|c| c.triangle).collect::<Vec<u16>>();
                let (fc, cc) = (contacts(sf), contacts(sc));
                let cause = cause::moving(
                    &MoveWalk { tree: file, nodes: sf.node_list(), contacts: &fc },
                    &MoveWalk { tree: complete, nodes: sc.node_list(), contacts: &cc },
                    fw.aborted || fw.freezes,
                );
                let pair = |a: Option<MoveAnswer>| a.map(|a| (a.triangle, a.travel));
                ([pair(fa), pair(ca)], cause)
            }
        };
        (cause == place.cause).then_some(Witness {
            start,
            dir,
            file: answers[0],
            complete: answers[1],
            sampled: None,
        })
    }

    /// Casts for a line-cast place: into the missing triangle's face from in front of it, straight down
    /// onto it from above everything, or across the side from just inside it, down to the ground beyond.
    fn line_candidates(&self, place: &HoleRegion) -> Vec<(Vec3, Vec3)> {
        let AuditInput { file, exact, area: (lo, hi), .. } = *self.input;
        let top = hi[1] + 1.0;
        let height = hi[1] - lo[1] + 2.0;
        let mut out = Vec::new();
        match place.cause {
            Cause::Unlisted { node, triangle } | Cause::OffSquare { node, triangle } => {
                let Some(v) = exact.corners(triangle) else { return out };
                let Some((centre, half)) = file.node_square(node) else { return out };
                let normal = unit_normal(&v);
                for q in points_on(&v, place).into_iter().take(2) {
                    for h in [0.5f32, half * 0.5] {
                        out.push((add(q, scale(normal, h)), scale(normal, -2.0 * h)));
                    }
                    // From above the node's square onto the triangle.
                    let start = [centre[0], top, centre[1]];
                    out.push((start, sub(sub(q, scale(normal, 0.01)), start)));
                }
            }
            Cause::MissingLink { node, side, .. } | Cause::WrongLink { node, side, .. } => {
                let Some((centre, half)) = file.node_square(node) else { return out };
                let k = crate::heroes::NEIGHBOR_SIDES.iter().position(|&s| s == side).unwrap_or(0);
                let (axis, sign) = (if k < 2 { 0 } else { 1 }, if k % 2 == 0 { 1.0f32 } else { -1.0 });
                for along in [0.0f32, 0.5, -0.5] {
                    let mut edge = centre;
                    edge[axis] += sign * half;
                    edge[1 - axis] += along * half;
                    let at = |t: f32| {
                        let mut p = edge;
                        p[axis] += sign * half * t;
                        p
                    };
                    // Just above the ground at the edge, from a hair inside to beyond, down into the ground
                    // across; then, where there is no ground at the edge, from above everything.
                    let ground = exact.axis_y([edge[0], top, edge[1]], -height).map(|h| h.point[1]);
                    let (inside, mut casts) = (at(-0.001), Vec::new());
                    if let Some(y) = ground {
                        for (reach, rise) in [(0.5f32, 0.25f32), (1.0, 1.0)] {
                            let (lift, beyond) = (rise * half, at(reach));
                            casts.push((
                                [inside[0], y + lift, inside[1]],
                                [beyond[0], y - 2.0 * lift, beyond[1]],
                            ));
                        }
                    }
                    let beyond = at(4.0);
                    casts.push(([inside[0], top, inside[1]], [beyond[0], top - height, beyond[1]]));
                    out.extend(casts.into_iter().map(|(start, end)| (start, sub(end, start))));
                }
            }
            _ => {}
        }
        out
    }

    /// Spheres for a moving-sphere place: dropped onto the triangle or pushed into its face, or run across
    /// the node's square, at the audit's speeds.
    fn move_candidates(&self, place: &HoleRegion) -> Vec<(Vec3, Vec3)> {
        let AuditInput { file, exact, area: (lo, hi), .. } = *self.input;
        let r = PLAYER_RADIUS;
        let mut out = Vec::new();
        match place.cause {
            Cause::Unlisted { triangle, .. } | Cause::OffSquare { triangle, .. } => {
                let Some(v) = exact.corners(triangle) else { return out };
                let normal = unit_normal(&v);
                for q in points_on(&v, place).into_iter().take(2) {
                    for (gap, speed) in [(0.5f32, 3.0f32), (0.1, 20.0)] {
                        out.push((add(q, scale(normal, r + gap)), scale(normal, -speed)));
                        out.push(([q[0], q[1] + r + gap, q[2]], [0.0, -speed, 0.0]));
                    }
                }
            }
            Cause::EmptyInner { node } => {
                let Some((c, _)) = file.node_square(node) else { return out };
                let ground = exact
                    .axis_y([c[0], hi[1] + 1.0, c[1]], -(hi[1] - lo[1] + 2.0))
                    .map_or(hi[1], |h| h.point[1]);
                let y = ground + r + 0.5;
                for speed in [20.0f32, 8.0] {
                    out.push(([c[0], y, c[1]], [0.0, -speed, 0.0]));
                    for (dx, dz) in [(1.0f32, 0.0f32), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)] {
                        let d = [dx * speed, -1.0, dz * speed];
                        let start = [c[0] - d[0] / 2.0, y + 0.5, c[1] - d[2] / 2.0];
                        out.push((start, d));
                    }
                }
            }
            _ => {}
        }
        out
    }
}

/// Points of triangle `v` for witnesses: over the place's pieces first (lifted onto the triangle's
/// plane), then its centroid and its corners drawn a little inwards.
fn points_on(v: &[Vec3; 3], place: &HoleRegion) -> Vec<Vec3> {
    let mid = |a: Vec3, b: Vec3, t: f32| {
        [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
    };
    let centroid = [
        (v[0][0] + v[1][0] + v[2][0]) / 3.0,
        (v[0][1] + v[1][1] + v[2][1]) / 3.0,
        (v[0][2] + v[1][2] + v[2][2]) / 3.0,
    ];
    let mut out: Vec<Vec3> = place
        .pieces
        .iter()
        .filter(|p| !p.is_empty())
        .filter_map(|p| {
            let m = plane::middle(&p.iter().map(|q| q.map(f64::from)).collect::<Vec<_>>());
            lift(v, [crate::num::round_f32(m[0]), crate::num::round_f32(m[1])])
        })
        .collect();
    out.push(centroid);
    out.extend(v.iter().map(|&c| mid(centroid, c, 0.9)));
    out
}

/// The point of triangle `v`'s plane over (x, z), when the plane is not vertical; for a wall, the point of
/// the triangle nearest above its centroid.
fn lift(v: &[Vec3; 3], p: [f32; 2]) -> Option<Vec3> {
    let n = cross(sub(v[1], v[0]), sub(v[2], v[0]));
    if n[1].abs() < 1e-6 * (n[0].abs() + n[2].abs()).max(1e-30) {
        return None;
    }
    let y = v[0][1] - (n[0] * (p[0] - v[0][0]) + n[2] * (p[1] - v[0][2])) / n[1];
    y.is_finite().then_some([p[0], y, p[1]])
}

fn unit_normal(v: &[Vec3; 3]) -> Vec3 {
    normalise(cross(sub(v[1], v[0]), sub(v[2], v[0])), 1e-30).unwrap_or([0.0, 1.0, 0.0])
}
