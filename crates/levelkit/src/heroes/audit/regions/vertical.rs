//! Vertical probes' hole regions, exact: in each leaf's cell, the parts where the topmost triangle of this
//! file's list differs from the complete list's.
//!
//! A vertical probe tests only the list of the leaf its point lies in, and answers with the highest
//! triangle there whose shadow holds the point and whose winding faces up (the game's segment test is
//! one-sided). The two answers differ exactly where the complete list's top is a triangle this file's
//! list lacks, or this file's top is one the complete list lacks (if both tops are in both lists, each is
//! at least as high as the other: the same height, the same answer). So the region of a missing triangle
//! T is where T is the complete list's top: its shadow over the cell, less, for every other triangle S of
//! the list, the part of S's shadow where S is at least as high (a half-plane: the two planes' heights
//! differ linearly). Each is a convex polygon, so the region is a set of convex pieces.

use super::plane::{self, HalfPlane, P2};
use super::{distinct, missing, region, Cell, HoleRegion};
use crate::heroes::audit::{AuditInput, Cause, ProbeKind};
use crate::heroes::exact::Exact;
use crate::heroes::query::Vec3;

/// Pieces smaller than this (square units) are left out: slivers of rounding along shared edges.
const LEAST_AREA: f64 = 1e-6;

/// A triangle a downward probe can hit: its shadow and its plane's height as a function of (x, z).
struct Top {
    shadow: [HalfPlane; 3],
    /// y = a·x + b·z + c.
    height: [f64; 3],
    lo: P2,
    hi: P2,
}

impl Top {
    /// Triangle `t` as a downward probe of length `length` meets it, or `None` when the game's one-sided
    /// test never hits it from above (its winding faces down, or it stands too steep for the test's
    /// `det ≥ 0.0001`).
    fn new(exact: &Exact, t: u16, length: f64) -> Option<Top> {
        let v = exact.corners(t)?.map(|p| p.map(f64::from));
        let (e1, e2) = (
            [v[1][0] - v[0][0], v[1][1] - v[0][1], v[1][2] - v[0][2]],
            [v[2][0] - v[0][0], v[2][1] - v[0][1], v[2][2] - v[0][2]],
        );
        let n = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
        // The game's determinant for a downward segment of this length, `det ≥ 0.0001` (NaN fails).
        let hit_from_above = n[1] * length >= 1e-4;
        if !hit_from_above || !n.iter().all(|x| x.is_finite()) {
            return None;
        }
        let shadow = plane::triangle(v.map(|p| [p[0], p[2]]))?;
        let (a, b) = (-n[0] / n[1], -n[2] / n[1]);
        let height = [a, b, v[0][1] - a * v[0][0] - b * v[0][2]];
        let lo = [v[0][0].min(v[1][0]).min(v[2][0]), v[0][2].min(v[1][2]).min(v[2][2])];
        let hi = [v[0][0].max(v[1][0]).max(v[2][0]), v[0][2].max(v[1][2]).max(v[2][2])];
        Some(Top { shadow, height, lo, hi })
    }

    fn apart(&self, other: &Top) -> bool {
        self.hi[0] < other.lo[0]
            || other.hi[0] < self.lo[0]
            || self.hi[1] < other.lo[1]
            || other.hi[1] < self.lo[1]
    }
}

/// Most convex pieces one region is cut into, and most (piece, other triangle) comparisons the whole pass
/// makes: a hostile leaf of thousands of stacked triangles would otherwise take hours. Past either, a
/// region keeps the pieces it had before the cut (a superset of the exact region: still complete, no
/// longer exact).
const MAX_PIECES: usize = 256;
const MAX_PAIRS: u64 = 50_000_000;

/// Where, in `cell`, triangle `t` is the top of `list` (which holds it or not), as convex pieces; `tops`
/// holds each of the leaf's triangles as a downward probe meets it. `pairs` counts down the pass's budget of comparisons.
fn where_on_top(t: u16, list: &[u16], tops: &Tops, cell: &Cell, pairs: &mut u64) -> Vec<Vec<P2>> {
    let Some(me) = tops.get(&t) else { return Vec::new() };
    let first = plane::clip_all(&plane::rect(cell.lo, cell.hi), &me.shadow);
    if plane::area(&first) <= LEAST_AREA {
        return Vec::new();
    }
    let mut pieces = vec![first];
    for other in list.iter().filter(|&&s| s != t).filter_map(|s| tops.get(s)) {
        // Each piece the other is cut from costs one unit.
        let cost = u64::try_from(pieces.len()).unwrap_or(u64::MAX);
        if *pairs < cost {
            break;
        }
        *pairs -= cost;
        if me.apart(other) {
            continue;
        }
        // Where the other is at least as high: (a_s − a_t)·x + (b_s − b_t)·z + (c_s − c_t) ≥ 0.
        let d: [f64; 3] = std::array::from_fn(|k| other.height[k] - me.height[k]);
        let above = HalfPlane::new(d[0], d[1], d[2]);
        let mut cut: Vec<HalfPlane> = other.shadow.to_vec();
        match above.constant() {
            Some(false) => continue,
            Some(true) => {}
            None => cut.push(above),
        }
        let next: Vec<Vec<P2>> =
            pieces.iter().flat_map(|p| plane::subtract(p.clone(), &cut, LEAST_AREA)).collect();
        if next.len() > MAX_PIECES {
            break;
        }
        pieces = next;
        if pieces.is_empty() {
            break;
        }
    }
    pieces
}

/// A leaf's triangles a downward probe can hit, by number, made once per leaf.
type Tops = std::collections::BTreeMap<u16, Top>;

/// Every leaf's vertical-probe hole regions: one per triangle the file's list lacks (or holds besides
/// the complete list) where it would be the top; it stops once it has more than `room`.
pub(super) fn regions(input: &AuditInput<'_>, cells: &[Cell], room: usize) -> Vec<HoleRegion> {
    let AuditInput { file, complete, exact, area: (lo, hi), .. } = *input;
    let length = f64::from(hi[1] - lo[1] + 2.0);
    let mut pairs = MAX_PAIRS;
    let mut out = Vec::new();
    for cell in cells.iter().filter(|c| c.leaf && c.lo[0] < c.hi[0] && c.lo[1] < c.hi[1]) {
        if out.len() > room {
            break;
        }
        let n = cell.node;
        let (f, c) = (distinct(file.list(n)), distinct(complete.list(n)));
        if f == c {
            continue;
        }
        let tops: Tops = f.iter().chain(&c).filter_map(|&t| Some((t, Top::new(exact, t, length)?))).collect();
        for (t, list, cause) in missing(&c, &f)
            .into_iter()
            .map(|t| (t, &c, Cause::Unlisted { node: n, triangle: t }))
            .chain(missing(&f, &c).into_iter().map(|t| (t, &f, Cause::OffSquare { node: n, triangle: t })))
        {
            let pieces = where_on_top(t, list, &tops, cell, &mut pairs);
            if !pieces.is_empty() {
                out.push(region(ProbeKind::Vertical, cause, pieces, 0.0));
            }
        }
    }
    out
}

/// Probes straight down from above everything over a region: the middle of each piece, largest first,
/// then points between each piece's middle and its corners.
pub(super) fn candidates(input: &AuditInput<'_>, place: &HoleRegion) -> Vec<(Vec3, Vec3)> {
    let (lo, hi) = input.area;
    let down = [0.0, -(hi[1] - lo[1] + 2.0), 0.0];
    let mut pieces: Vec<Vec<P2>> =
        place.pieces.iter().map(|p| p.iter().map(|q| q.map(f64::from)).collect()).collect();
    pieces.sort_by(|a, b| plane::area(b).total_cmp(&plane::area(a)));
    let mut points: Vec<P2> = pieces.iter().map(|p| plane::middle(p)).collect();
    for p in &pieces {
        let m = plane::middle(p);
        points.extend(p.iter().map(|q| [(m[0] + q[0]) / 2.0, (m[1] + q[1]) / 2.0]));
    }
    points
        .into_iter()
        .take(24)
        .map(|p| ([crate::num::round_f32(p[0]), hi[1] + 1.0, crate::num::round_f32(p[1])], down))
        .collect()
}
