//! Cracks: an open edge (no other triangle shares its two corner positions) whose corners nearly coincide
//! with the corners of another open edge. The modeller meant one edge; the file has two, a hair apart. The
//! game pairs triangles across an edge only by the edge's stored neighbour (`neighborNo`), which only an
//! exactly shared edge gets, so along a crack each triangle ends in a free edge: a moving sphere collides
//! with that edge and catches on it, and a line cast along the seam can pass between the two.
//!
//! [`cracks`] finds them for `check` (a warning per crack), for `build-cl`'s report (the cracks its weld
//! left) and for the audit (`heroes::audit` may name the crack a hole lies on). Corners nearly coincide when
//! they are at most [`CRACK_TOLERANCE`] apart and not equal; an edge no longer than the tolerance is not
//! one (a sliver's edges are near everything). The search is bounded ([`MAX_CRACK_VISITS`]).

use super::Report;
use crate::findings::Rule;
use crate::heroes::geom::{self, Incidence};
use crate::heroes::locate::Element;
use crate::heroes::{Collision, Triangle};
use crate::num::SaturatingFrom;
use serde::Serialize;
use std::fmt;

/// How close two corners must be (Euclidean distance, world units) for an open edge between them to be a
/// crack: `check` uses it, and `build-cl` welds at this distance by default
/// ([`crate::heroes::builder::DEFAULT_WELD`]), so the files it writes have none. One hundredth of a unit is
/// 1 to 3 steps of f32 at the coordinates stages use (a step is 0.002 at 30,000, 0.0078 at 65,536), the
/// noise a transformed or rounded export leaves, and far below any detail a sphere the game moves can
/// tell apart (docs/guide/building-collision.md).
pub const CRACK_TOLERANCE: f32 = 0.01;

/// Candidate pairs of open edges examined before the search stops and says so: a real stage has a few
/// thousand open edges and examines about as many; a hostile file with every open edge at one spot would
/// otherwise cost the square of their number.
pub const MAX_CRACK_VISITS: u64 = 1 << 22;

/// One crack: an open edge of `triangle` whose corners lie within the tolerance of the corners of an open
/// edge of `other`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Crack {
    /// The lower-numbered triangle.
    pub triangle: usize,
    /// Its open edge: 0 is v0-v1, 1 is v1-v2, 2 is v2-v0.
    pub edge: usize,
    /// The triangle on the other side of the crack.
    pub other: usize,
    /// Its open edge.
    pub other_edge: usize,
    /// The larger of the two corner-to-corner distances.
    pub gap: f32,
    /// The midpoint of `triangle`'s edge: where to look.
    pub at: [f32; 3],
}

/// What [`cracks`] found.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Cracks {
    /// Every crack, by `triangle` then `edge`.
    pub cracks: Vec<Crack>,
    /// Edges no other triangle shares (a crack has two).
    pub open_edges: usize,
    /// The search stopped at [`MAX_CRACK_VISITS`]: more cracks may exist.
    pub incomplete: bool,
}

impl Cracks {
    /// The largest gap, 0 when there is no crack.
    pub fn widest(&self) -> f32 {
        self.cracks.iter().map(|c| c.gap).fold(0.0, f32::max)
    }

    /// The smallest weld distance that merges the corners of every crack found: the widest gap, rounded
    /// up to two significant digits.
    pub fn weld_that_closes(&self) -> f32 {
        round_up(self.widest())
    }
}

/// `x` rounded up to two significant digits (0.0000012 stays, 0.00123 → 0.0013).
fn round_up(x: f32) -> f32 {
    if x <= 0.0 || !x.is_finite() {
        return x;
    }
    let x = f64::from(x);
    let scale = libm::pow(10.0, libm::floor(libm::log10(x)) - 1.0);
    crate::num::round_f32((x / scale).ceil() * scale)
}

/// The edge name findings use.
pub const EDGE_NAMES: [&str; 3] = ["v0-v1", "v1-v2", "v2-v0"];

/// The cracks among `triangles` over `vertices` at `tolerance` (see the module docs). Triangles with a
/// corner index out of range, or a corner that is not finite, take no part.
pub fn cracks(vertices: &[[f32; 3]], triangles: &[[u16; 3]], tolerance: f32) -> Cracks {
    cracks_of(&Incidence::new(triangles, vertices), vertices, triangles, tolerance)
}

/// [`cracks`] with the triangles' incidence made already (validation makes it for the adjacency checks).
pub(super) fn cracks_of(
    inc: &Incidence,
    vertices: &[[f32; 3]],
    triangles: &[[u16; 3]],
    tolerance: f32,
) -> Cracks {
    let finite = |p: &[f32; 3]| p.iter().all(|x| x.is_finite());
    let dist2 = |p: [f32; 3], q: [f32; 3]| -> f64 {
        (0..3).map(|k| (f64::from(p[k]) - f64::from(q[k])).powi(2)).sum()
    };
    let tol2 = f64::from(tolerance) * f64::from(tolerance);
    // Open edges: (triangle, edge, from, to).
    let mut open: Vec<(usize, usize, [f32; 3], [f32; 3])> = Vec::new();
    for (t, tri) in triangles.iter().enumerate() {
        let (Some(corners), Some(points)) = (inc.corners[t], geom::triangle_points(vertices, tri)) else {
            continue;
        };
        if !points.iter().all(finite) {
            continue;
        }
        for k in 0..3 {
            let (a, b) = (corners[k], corners[(k + 1) % 3]);
            if a != b && inc.across(t, a, b).is_none() {
                open.push((t, k, points[k], points[(k + 1) % 3]));
            }
        }
    }
    let mut found = Cracks { open_edges: open.len(), ..Cracks::default() };
    if !(tolerance > 0.0 && tolerance.is_finite()) {
        return found;
    }
    // Each open edge's first corner in a grid of cells the tolerance wide; an edge looks for the edges
    // whose first corner lies near its own second corner (the other side runs the other way) or near its
    // own first corner (a face turned over).
    let cell = f64::from(tolerance);
    let key =
        |p: [f32; 3]| p.map(|x| i64::saturating_from((f64::from(x) / cell).floor().clamp(-9.0e15, 9.0e15)));
    // Sorted by cell, then by edge: each cell's edges side by side in the order they were found, found by
    // a binary search (no hashing: under the fuzzer, hashing was three quarters of the search).
    let mut grid: Vec<([i64; 3], u32)> =
        open.iter().enumerate().map(|(i, e)| (key(e.2), u32::try_from(i).unwrap_or(u32::MAX))).collect();
    grid.sort_unstable();
    let mut visits = 0u64;
    'edges: for (i, &(t, k, p, q)) in open.iter().enumerate() {
        if dist2(p, q) <= tol2 {
            continue;
        }
        let mut best: Option<(f64, usize)> = None;
        for (near, far) in [(q, p), (p, q)] {
            let c = key(near);
            // The 27 cells around `near`, three at a time: cells (x, y, z - 1), (x, y, z), (x, y, z + 1) lie
            // side by side in the sorted grid, so one search finds them. The order an edge's candidates are
            // met in does not change its result (the least gap, then the least edge number) nor the count
            // of visits at which the search stops.
            for d in 0..9i64 {
                let (x, y) = (c[0] + d % 3 - 1, c[1] + d / 3 - 1);
                let first = grid.partition_point(|(cell, _)| *cell < [x, y, c[2] - 1]);
                let list = grid[first..]
                    .iter()
                    .take_while(|(cell, _)| cell[0] == x && cell[1] == y && cell[2] <= c[2] + 1);
                for &(_, j) in list {
                    visits += 1;
                    if visits > MAX_CRACK_VISITS {
                        found.incomplete = true;
                        break 'edges;
                    }
                    let j = j as usize;
                    let Some(&(u, _, r, s)) = open.get(j) else { continue };
                    if u == t || j == i || dist2(r, s) <= tol2 {
                        continue;
                    }
                    let (g1, g2) = (dist2(near, r), dist2(far, s));
                    // Both corners equal would make the edge shared, not open; one may be.
                    if g1 <= tol2 && g2 <= tol2 && (g1 > 0.0 || g2 > 0.0) {
                        let gap = g1.max(g2);
                        if best.is_none_or(|(g, b)| (gap, j) < (g, b)) {
                            best = Some((gap, j));
                        }
                    }
                }
            }
        }
        // Each crack once, from its lower-numbered triangle (its lower edge when both are one triangle's).
        if let Some((gap, j)) = best {
            let (u, l, ..) = open[j];
            if (t, k) < (u, l) {
                let at = [0, 1, 2].map(|a| crate::num::round_f32((f64::from(p[a]) + f64::from(q[a])) / 2.0));
                let gap = crate::num::round_f32(gap.sqrt());
                found.cracks.push(Crack { triangle: t, edge: k, other: u, other_edge: l, gap, at });
            }
        }
    }
    found
}

/// The crack findings of a file: one warning per crack, at the lower triangle's edge, and a note when the
/// search stopped.
pub(super) fn crack_findings(c: &Collision, inc: &Incidence, tris: &[[u16; 3]], f: &mut Report) {
    let found = cracks_of(inc, &c.vertices, tris, CRACK_TOLERANCE);
    for crack in &found.cracks {
        f.warning(
            Rule::HeroesCrack,
            Element::triangle(c, crack.triangle).item(Triangle::FIELD.neighbors, crack.edge),
            CrackMessage(crack),
        );
    }
    if found.incomplete {
        f.note(
            Rule::HeroesCrackSearchStopped,
            crate::heroes::locate::At { path: crate::findings::Path::new().field("triangles"), offset: None },
            format_args!("the crack search stopped after {MAX_CRACK_VISITS} candidate edge pairs: more cracks may exist"),
        );
    }
}

/// How a finding says a crack.
pub struct CrackMessage<'a>(pub &'a Crack);

impl fmt::Display for CrackMessage<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.0;
        write!(
            f,
            "open edge {} nearly meets triangle {}'s edge {} (corners up to {} apart, near ({}, {}, {})): \
             a crack a moving sphere can catch on; building from the mesh with a weld of {} (or more) merges the \
             corners",
            EDGE_NAMES[c.edge],
            c.other,
            EDGE_NAMES[c.other_edge],
            c.gap,
            c.at[0],
            c.at[1],
            c.at[2],
            round_up(c.gap)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two unit quads side by side along x = 1, the second's shared corners moved by `dx` in X.
    fn two_quads(dx: f32) -> (Vec<[f32; 3]>, Vec<[u16; 3]>) {
        let v = vec![
            [0.0, 0.0, 0.0],
            [0.0, 0.0, 1.0],
            [1.0, 0.0, 0.0],
            [1.0, 0.0, 1.0],
            [1.0 + dx, 0.0, 0.0],
            [1.0 + dx, 0.0, 1.0],
            [2.0, 0.0, 0.0],
            [2.0, 0.0, 1.0],
        ];
        let t = vec![[0, 1, 2], [2, 1, 3], [4, 5, 6], [6, 5, 7]];
        (v, t)
    }

    #[test]
    fn a_crack_of_a_millionth_is_found_once_and_a_shared_edge_or_a_real_gap_is_not() {
        let (v, t) = two_quads(1e-6);
        let found = cracks(&v, &t, CRACK_TOLERANCE);
        assert_eq!(found.cracks.len(), 1, "{found:?}");
        let c = found.cracks[0];
        assert_eq!((c.triangle, c.edge, c.other, c.other_edge), (1, 2, 2, 0));
        assert!(c.gap > 0.0 && c.gap < 2e-6, "{c:?}");
        assert_eq!(c.at, [1.0, 0.0, 0.5]);
        assert_eq!(found.weld_that_closes(), round_up(c.gap));
        assert!(found.weld_that_closes() >= c.gap);
        // Exactly shared: no crack, two fewer open edges.
        let (v, t) = two_quads(0.0);
        let shared = cracks(&v, &t, CRACK_TOLERANCE);
        assert!(shared.cracks.is_empty());
        assert_eq!(shared.open_edges + 2, found.open_edges);
        // A gap of a tenth is the model's, not noise.
        let (v, t) = two_quads(0.1);
        assert!(cracks(&v, &t, CRACK_TOLERANCE).cracks.is_empty());
    }

    /// The crack rule by brute force over every pair of open edges, for meshes whose triangles share no
    /// vertex (so every edge is open).
    fn brute_force(v: &[[f32; 3]], t: &[[u16; 3]], tolerance: f32) -> Vec<Crack> {
        let d2 = |p: [f32; 3], q: [f32; 3]| -> f64 {
            (0..3).map(|k| (f64::from(p[k]) - f64::from(q[k])).powi(2)).sum()
        };
        let tol2 = f64::from(tolerance) * f64::from(tolerance);
        let edges: Vec<(usize, usize, [f32; 3], [f32; 3])> = t
            .iter()
            .enumerate()
            .flat_map(|(i, tri)| (0..3).map(move |k| (i, k, tri[k], tri[(k + 1) % 3])))
            .map(|(i, k, a, b)| (i, k, v[usize::from(a)], v[usize::from(b)]))
            .collect();
        let mut out = Vec::new();
        for (i, &(ti, k, p, q)) in edges.iter().enumerate() {
            if d2(p, q) <= tol2 {
                continue;
            }
            let mut best: Option<(f64, usize)> = None;
            for (j, &(u, _, r, s)) in edges.iter().enumerate() {
                if u == ti || j == i || d2(r, s) <= tol2 {
                    continue;
                }
                for (near, far) in [(q, p), (p, q)] {
                    let (g1, g2) = (d2(near, r), d2(far, s));
                    if g1 <= tol2
                        && g2 <= tol2
                        && (g1 > 0.0 || g2 > 0.0)
                        && best.is_none_or(|b| (g1.max(g2), j) < b)
                    {
                        best = Some((g1.max(g2), j));
                    }
                }
            }
            if let Some((gap, j)) = best {
                let (u, l, ..) = edges[j];
                if (ti, k) < (u, l) {
                    let at =
                        [0, 1, 2].map(|a| crate::num::round_f32((f64::from(p[a]) + f64::from(q[a])) / 2.0));
                    let gap = crate::num::round_f32(gap.sqrt());
                    out.push(Crack { triangle: ti, edge: k, other: u, other_edge: l, gap, at });
                }
            }
        }
        out
    }

    #[test]
    fn the_grid_search_finds_what_brute_force_finds() {
        // Every corner within 0.6 tolerances (each axis) of one of the 8 points (±1.5 tolerances on each
        // axis), so edges between the same two points nearly meet, across cell boundaries in every
        // direction and on both sides of the origin; three tolerances, the checks' own among them.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..20 {
            let tolerance = [CRACK_TOLERANCE, 0.25, 3.0][round % 3];
            let lattice = |n: u64| (n % 2) as f32 * 3.0 * tolerance - 1.5 * tolerance;
            let mut v: Vec<[f32; 3]> = Vec::new();
            let mut t = Vec::new();
            while t.len() < 150 {
                let mut tri = [0u16; 3];
                for corner in &mut tri {
                    let point = [0, 1, 2].map(|_| {
                        let jitter = (next() % 2001) as f32 / 1000.0 - 1.0;
                        lattice(next()) + jitter * 0.6 * tolerance
                    });
                    *corner = u16::try_from(v.len()).unwrap();
                    v.push(point);
                }
                t.push(tri);
            }
            let mut bits: Vec<[u32; 3]> = v.iter().map(|p| p.map(f32::to_bits)).collect();
            bits.sort_unstable();
            bits.dedup();
            assert_eq!(bits.len(), v.len(), "two corners fell on one point: no edge may be shared here");
            let found = cracks(&v, &t, tolerance);
            assert!(!found.incomplete);
            assert_eq!(found.open_edges, 3 * t.len());
            let expected = brute_force(&v, &t, tolerance);
            assert!(!expected.is_empty(), "round {round}: the layout should have cracks to find");
            assert_eq!(found.cracks, expected, "round {round}");
        }
    }

    #[test]
    fn hostile_pileups_are_bounded() {
        // 20,000 open edges (10,000 triangles) all at one spot, each a little longer than the tolerance.
        let mut v = Vec::new();
        let mut t = Vec::new();
        for i in 0..10_000u16 {
            let base = u16::try_from(v.len()).unwrap();
            let e = f32::from(i) * 1e-7;
            v.extend([[e, 0.0, 0.0], [0.02 + e, 0.0, 0.0], [0.0, 0.0, 5.0 + f32::from(i)]]);
            t.push([base, base + 1, base + 2]);
            if v.len() > 60_000 {
                break;
            }
        }
        let found = cracks(&v, &t, CRACK_TOLERANCE);
        assert!(found.incomplete);
    }

    #[test]
    fn round_up_keeps_two_digits() {
        assert_eq!(round_up(0.00123), 0.0013);
        assert_eq!(round_up(1e-6), 1e-6);
        assert_eq!(round_up(0.0), 0.0);
    }
}
