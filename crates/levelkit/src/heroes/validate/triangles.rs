//! Triangles (indices, adjacency, normals, reserved bytes) and vertices.

use super::{flag_past_the_buffer, Report, Reserved};
use crate::findings::Rule;
use crate::heroes::geom;
use crate::heroes::geom::freeze::{self, Hang};
use crate::heroes::locate::Element;
use crate::heroes::{Collision, Triangle, NO_TRIANGLE};
use std::fmt;

/// Every triangle's checks, `inc` being the incidence of their corners.
pub(super) fn triangles(c: &Collision, inc: &geom::Incidence, f: &mut Report) {
    // Triangle by triangle, in runs on every core; the runs' findings are joined in order.
    const RUN: usize = 4096;
    let keep = f.keep;
    let runs = crate::par::map_chunks(&c.triangles, RUN, |first, run| {
        let mut f = Report::new(keep);
        for (i, t) in (first..).zip(run) {
            triangle(c, inc, i, t, &mut f);
        }
        f
    });
    for run in runs {
        f.append(run);
    }
}

/// How findings name edge k (a static table: one built per edge on the stack cost a stalled 16-byte load).
const EDGE_NAMES: [&str; 3] = ["v0-v1", "v1-v2", "v2-v0"];

/// Triangle `i`'s checks.
fn triangle(c: &Collision, inc: &geom::Incidence, i: usize, t: &Triangle, f: &mut Report) {
    let nv = c.vertices.len();
    let nt = c.triangles.len();
    // The path is made only for a finding: most triangles have none.
    let at = || Element::triangle(c, i);
    let mut indices_ok = true;
    for (k, &v) in t.vertices.iter().enumerate() {
        if usize::from(v) >= nv {
            f.error(
                Rule::HeroesTriangleVertexIndex,
                at().item(Triangle::FIELD.vertices, k),
                format_args!("vertex {v} does not exist (there are {nv})"),
            );
            indices_ok = false;
        }
    }
    for (k, &n) in t.neighbors.iter().enumerate() {
        if n != NO_TRIANGLE && usize::from(n) >= nt {
            let at = at().item(Triangle::FIELD.neighbors, k);
            let rule = Rule::HeroesTriangleNeighborIndex;
            match flag_past_the_buffer(n, nt) {
                Some(write) => f.error(
                    rule,
                    at,
                    format_args!(
                        "triangle {n} does not exist (there are {nt}): when a query ends on this edge the game \
                         {write}"
                    ),
                ),
                None => f.error(rule, at, format_args!("triangle {n} does not exist (there are {nt})")),
            }
        }
    }
    if t.tail != [0; 2] {
        f.note(
            Rule::HeroesTriangleReserved,
            at().field(Triangle::FIELD.tail),
            format_args!("{} are not zero: {:02x?}", Reserved(Triangle::FIELD.tail), t.tail),
        );
    }
    if !indices_ok {
        return;
    }
    let Some(corners) = inc.corners[i] else { return };
    for k in 0..3 {
        let stored = t.neighbors[k];
        let (a, b) = (corners[k], corners[(k + 1) % 3]);
        let edge = EDGE_NAMES[k];
        if stored == NO_TRIANGLE {
            if let Some(o) = inc.across(i, a, b) {
                f.warning(
                    Rule::HeroesTriangleNeighborMissing,
                    at().item(Triangle::FIELD.neighbors, k),
                    format_args!("none, but triangle {o} shares edge {edge}: probes may test the edge twice"),
                );
            }
        } else if usize::from(stored) < nt {
            let shares = usize::from(stored) != i
                && inc.corners[usize::from(stored)].is_some_and(|oc| geom::has_edge(&oc, a, b));
            if !shares {
                let want = Across(inc.across(i, a, b));
                f.warning(
                    Rule::HeroesTriangleNeighborWrong,
                    at().item(Triangle::FIELD.neighbors, k),
                    format_args!("triangle {stored} does not share edge {edge} (expected {want}): a probe may skip a triangle"),
                );
            }
        }
    }
    let Some(points) = geom::triangle_points(&c.vertices, &t.vertices) else { return };
    if let Some(hang) = freeze::hang(&points) {
        f.error(
            Rule::HeroesTriangleHang,
            at().field(Triangle::FIELD.vertices),
            hang_message(i, &hang, freeze::safest_rotation(&points)),
        );
    }
    let n = t.normal;
    let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
    let unit = len.is_finite() && (len - 1.0).abs() <= NORMAL_LENGTH_TOLERANCE;
    // Most files store the winding's own normal: settle those without the square root and divisions.
    if unit && surely_along(n, geom::cross_from_winding(&points)) {
        return;
    }
    match geom::normal_from_winding(&points) {
        None => f.warning(
            Rule::HeroesTriangleDegenerate,
            at().field(Triangle::FIELD.vertices),
            "degenerate (zero area): the game cannot collide with it",
        ),
        Some(want) => {
            let dot = n[0] * want[0] + n[1] * want[1] + n[2] * want[2];
            if !(unit && dot >= MIN_NORMAL_COSINE) {
                f.warning(
                    Rule::HeroesTriangleNormal,
                    at().field(Triangle::FIELD.normal),
                    format_args!("{n:?} disagrees with the winding's normal {want:?}: hits come from the wrong side or are culled"),
                );
            }
        }
    }
}

/// The triangle across an edge, as a finding names it: `triangle 7`, or `none`.
struct Across(Option<u32>);

impl fmt::Display for Across {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(n) => write!(f, "triangle {n}"),
            None => f.write_str("none"),
        }
    }
}

/// How far a stored normal's length may be from 1.
const NORMAL_LENGTH_TOLERANCE: f32 = 1e-3;

/// The least cosine between a stored normal and the winding's unit normal (their f32 dot product).
const MIN_NORMAL_COSINE: f32 = 0.999;

/// Whether `normal` is surely within [`MIN_NORMAL_COSINE`] of `cross`'s direction (`cross` being the
/// winding's unnormalised normal), judged without normalising: the cosine must clear the bound by 1e-5,
/// far more than rounding the unit normal to f32 and the f32 dot product can take away (under 1e-6 for a
/// normal of length below 1.001). False for a degenerate or non-finite `cross`.
fn surely_along(normal: [f32; 3], cross: [f64; 3]) -> bool {
    let square = cross[0] * cross[0] + cross[1] * cross[1] + cross[2] * cross[2];
    let dot = normal.iter().zip(cross).map(|(&n, c)| f64::from(n) * c).sum::<f64>();
    let bound = f64::from(MIN_NORMAL_COSINE) + 1e-5;
    square > 0.0 && square.is_finite() && dot > 0.0 && dot * dot >= bound * bound * square
}

pub(super) fn vertices(c: &Collision, f: &mut Report) {
    for (i, v) in c.vertices.iter().enumerate() {
        if !v.iter().all(|x| x.is_finite()) {
            f.error(
                Rule::HeroesVertexFinite,
                Element::vertex(c, i).whole(),
                format_args!("{v:?} is not finite"),
            );
        }
    }
}

/// The finding for a triangle the game hangs on: what the game does, why, and the way out.
fn hang_message(i: usize, hang: &Hang, rotation: Option<usize>) -> String {
    let fix = match rotation {
        Some(k) => format!(
            "the same triangle with its corners rotated to start at v{k} (same winding, same face) is safe: \
             repairing the file rotates it"
        ),
        None => "no rotation of its corners is safe: remove it".to_string(),
    };
    format!("the game hangs when a sphere comes near triangle {i}: {}; {fix}", hang.cause())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::num::round_f32;
    use crate::rng::Rng;

    /// The normal check without the shortcut: the winding's unit normal, then the f32 dot product.
    fn agrees(n: [f32; 3], points: &[[f32; 3]; 3]) -> bool {
        let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
        let Some(want) = geom::normal_from_winding(points) else { return false };
        let dot = n[0] * want[0] + n[1] * want[1] + n[2] * want[2];
        len.is_finite() && (len - 1.0).abs() <= NORMAL_LENGTH_TOLERANCE && dot >= MIN_NORMAL_COSINE
    }

    fn shortcut(n: [f32; 3], points: &[[f32; 3]; 3]) -> bool {
        let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
        let unit = len.is_finite() && (len - 1.0).abs() <= NORMAL_LENGTH_TOLERANCE;
        unit && surely_along(n, geom::cross_from_winding(points))
    }

    #[test]
    fn the_normal_shortcut_passes_only_what_the_full_check_passes() {
        let mut rng = Rng::new(7);
        let (mut exact, mut exact_taken) = (0, 0);
        for case in 0..200_000u32 {
            // Triangles at scales from 2^-60 to 2^60, some degenerate, some not finite.
            let scale = 2f32.powi(i32::from(rng.below_u8(121)) - 60);
            let mut p = [[0f32; 3]; 3].map(|_| [0; 3].map(|_| rng.range_f32(-1.0, 1.0) * scale));
            match case % 50 {
                0 => p[2] = p[0],
                1 => p[2] = [0, 1, 2].map(|k| (p[0][k] + p[1][k]) / 2.0),
                2 => p[1][rng.index(3)] = [f32::NAN, f32::INFINITY, f32::MAX][rng.index(3)],
                _ => {}
            }
            let Some(want) = geom::normal_from_winding(&p) else {
                let n = [0; 3].map(|_| rng.range_f32(-1.0, 1.0));
                assert!(!shortcut(n, &p), "{p:?}");
                continue;
            };
            let w = want.map(f64::from);
            // A unit vector across `w`, to tilt it by a chosen angle.
            let axis = if w[0].abs() < 0.5 { [1.0, 0.0, 0.0] } else { [0.0, 1.0, 0.0] };
            let across = crate::vecmath::normalise(crate::vecmath::cross(w, axis), 0.0).unwrap_or(axis);
            let cos = match case % 4 {
                0 => 1.0,
                1 => 0.999 + rng.unit_f64() * 4e-5 - 2e-5,
                2 => 0.99901 + rng.unit_f64() * 2e-6 - 1e-6,
                _ => rng.unit_f64() * 2.0 - 1.0,
            };
            let sin = (1.0 - cos * cos).sqrt();
            let length = match case % 3 {
                0 => 1.0,
                1 => 1.0 + (rng.unit_f64() * 2.0 - 1.0) * 1.1e-3,
                _ => 1.0 + [1e-3, -1e-3][rng.index(2)],
            };
            let n = [0, 1, 2].map(|k| round_f32((w[k] * cos + across[k] * sin) * length));
            let n = if case % 4 == 0 && case % 3 == 0 { want } else { n };
            let taken = shortcut(n, &p);
            assert!(!taken || agrees(n, &p), "{n:?} on {p:?}");
            if n == want {
                exact += 1;
                exact_taken += usize::from(taken);
            }
        }
        // The shortcut is taken for the normals files store.
        assert!(exact > 1000 && exact_taken == exact, "{exact_taken} of {exact}");
    }
}
