//! levelkit's exact sphere tests, in `f64`: the reference the game's `f32` sphere tests
//! ([`crate::heroes::query::sphere_game`]) are compared with.
//!
//! Same contracts as the game's tests — one-sided (a centre behind the winding's plane never touches),
//! the game's slack on r² for the static test, an overlap at the start is an intersection — but computed
//! robustly: the nearest point by Voronoi regions, and the moving test sweeps the face, the three edge
//! cylinders **and the three corner spheres** (the game's GameCube test never reports a corner), with no
//! absolute tolerances. Used by [`super::Exact`].

use crate::heroes::query::{Vec3, SPHERE_SLACK};
use crate::num::round_f32;
use crate::vecmath::{add as dadd, cross as dcross, dot as ddot, scale as dscale, sub as dsub, widen as d3};

type D3 = [f64; 3];

/// The smaller root of qa·t² + 2·qb·t + qc = 0: `None` unless qa > 0 and the roots are real.
fn smaller_root(qa: f64, qb: f64, qc: f64) -> Option<f64> {
    if qa <= 0.0 {
        return None;
    }
    let disc = qb * qb - qa * qc;
    (disc >= 0.0).then(|| (-qb - disc.sqrt()) / qa)
}

fn f3(a: D3) -> Vec3 {
    a.map(round_f32)
}

/// The point of triangle `v` nearest `p` (Voronoi regions of the corners, edges and face), in f64.
fn closest_on_triangle(p: D3, v: &[D3; 3]) -> D3 {
    let (a, b, c) = (v[0], v[1], v[2]);
    let (ab, ac, ap) = (dsub(b, a), dsub(c, a), dsub(p, a));
    let (d1, d2) = (ddot(ab, ap), ddot(ac, ap));
    if d1 <= 0.0 && d2 <= 0.0 {
        return a;
    }
    let bp = dsub(p, b);
    let (d3_, d4) = (ddot(ab, bp), ddot(ac, bp));
    if d3_ >= 0.0 && d4 <= d3_ {
        return b;
    }
    let vc = d1 * d4 - d3_ * d2;
    if vc <= 0.0 && d1 >= 0.0 && d3_ <= 0.0 {
        return dadd(a, dscale(ab, d1 / (d1 - d3_)));
    }
    let cp = dsub(p, c);
    let (d5, d6) = (ddot(ab, cp), ddot(ac, cp));
    if d6 >= 0.0 && d5 <= d6 {
        return c;
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 {
        return dadd(a, dscale(ac, d2 / (d2 - d6)));
    }
    let va = d3_ * d6 - d5 * d4;
    if va <= 0.0 && (d4 - d3_) >= 0.0 && (d5 - d6) >= 0.0 {
        return dadd(b, dscale(dsub(c, b), (d4 - d3_) / ((d4 - d3_) + (d5 - d6))));
    }
    let denom = va + vb + vc;
    if denom == 0.0 || !denom.is_finite() {
        return a;
    }
    dadd(a, dadd(dscale(ab, vb / denom), dscale(ac, vc / denom)))
}

/// The unit normal of the winding in f64, or `None` for a degenerate or non-finite triangle.
fn unit_normal(v: &[D3; 3]) -> Option<D3> {
    let n = dcross(dsub(v[1], v[0]), dsub(v[2], v[0]));
    let len = ddot(n, n).sqrt();
    (len.is_finite() && len > 0.0).then(|| dscale(n, 1.0 / len))
}

/// One-sided static sphere test (the game's `clDetectS2T` contract): the centre must be on the front of
/// the winding's plane (or on it), and the triangle within `radius` of it (with the game's slack
/// [`SPHERE_SLACK`] on r²). Returns the nearest point of the triangle.
pub fn sphere_touches(center: Vec3, radius: f32, v: &[Vec3; 3]) -> Option<Vec3> {
    let tri = [d3(v[0]), d3(v[1]), d3(v[2])];
    let p = d3(center);
    let n = unit_normal(&tri)?;
    if ddot(dsub(p, tri[0]), n) < 0.0 {
        return None;
    }
    let q = closest_on_triangle(p, &tri);
    let d = dsub(p, q);
    let r = f64::from(radius);
    (ddot(d, d) <= r * r + f64::from(SPHERE_SLACK)).then(|| f3(q))
}

/// What [`sweep_sphere`] finds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Sweep {
    /// The sphere never touches the triangle.
    Miss,
    /// The sphere overlaps the triangle where it starts; the triangle's nearest point.
    Overlap(Vec3),
    /// First contact at fraction `t` of the movement, touching the triangle at `point`.
    Contact {
        /// The fraction of the movement, 0..=1.
        t: f32,
        /// Where the sphere touches the triangle.
        point: Vec3,
    },
}

/// How far (squared, relative to 1 + |p|²) the point where the offset plane meets the centre's path may lie
/// from the triangle and still be a face contact: it absorbs the rounding of that point.
const FACE_TOLERANCE: f64 = 1e-9;

/// How far outside a moving sphere's swept box a triangle the face test meets may lie, for a box whose
/// coordinates are at most `scale` in size: the face contact's point lies in the box, so its |p|² is at most
/// 3·scale², and sqrt(FACE_TOLERANCE · (1 + 3·scale²)) ≤ 3.17·10⁻⁵ + 5.48·10⁻⁵ · scale, under
/// 6·10⁻⁵ · (1 + scale) by 9 % (f32's rounding of the box is 10⁻⁷ of it).
pub(super) fn face_slack(scale: f32) -> f32 {
    const _: () = assert!(FACE_TOLERANCE <= 1e-9);
    6e-5 * (1.0 + scale)
}

/// A sphere of `radius` at `center` moving by `dir` against triangle `v`, one-sided (levelkit's robust
/// version of the game's `clDetectMS2T` contract, in f64): a centre more than `radius` behind the
/// winding's plane never touches; a sphere already within `radius` overlaps; otherwise the earliest
/// fraction t ∈ [0, 1] at which it touches the face, an edge or a corner.
pub fn sweep_sphere(center: Vec3, radius: f32, dir: Vec3, v: &[Vec3; 3]) -> Sweep {
    sweep(center, radius, dir, v, true)
}

/// [`sweep_sphere`], with or without its shortcut for a centre that stays far in front of the plane (the
/// tests compare the two).
fn sweep(center: Vec3, radius: f32, dir: Vec3, v: &[Vec3; 3], plane_shortcut: bool) -> Sweep {
    let tri = [d3(v[0]), d3(v[1]), d3(v[2])];
    let (c, d, r) = (d3(center), d3(dir), f64::from(radius));
    let Some(n) = unit_normal(&tri) else { return Sweep::Miss };
    if !(c.iter().chain(&d).all(|x| x.is_finite()) && r.is_finite()) {
        return Sweep::Miss;
    }
    let d0 = ddot(dsub(c, tri[0]), n);
    if d0 <= -r {
        return Sweep::Miss;
    }
    let dn = ddot(d, n);
    // The centre stays farther than r in front of the plane for the whole movement, so it never comes
    // within r of the triangle. The margin (far beyond f64 rounding, even the root's near a graze) keeps
    // this a shortcut: whatever it skips, the tests below would miss.
    let scale = [c, d, tri[0], tri[1], tri[2]].iter().flatten().fold(r, |m, x| m.max(x.abs()));
    if plane_shortcut && d0.min(d0 + dn) > r + 1e-6 * scale {
        return Sweep::Miss;
    }
    let q = closest_on_triangle(c, &tri);
    let off = dsub(c, q);
    if ddot(off, off) < r * r {
        return Sweep::Overlap(f3(q));
    }
    let mut best = f64::INFINITY;
    // The face: the plane offset by r towards the centre.
    if dn < 0.0 && d0 >= r {
        let t = (d0 - r) / -dn;
        if t <= 1.0 {
            let p = dsub(dadd(c, dscale(d, t)), dscale(n, r));
            let on = closest_on_triangle(p, &tri);
            let e = dsub(p, on);
            if ddot(e, e) <= FACE_TOLERANCE * (1.0 + ddot(p, p)) {
                best = t;
            }
        }
    }
    // The edges: a cylinder of radius r around each, limited to the edge's length.
    for k in 0..3 {
        let (a, b) = (tri[k], tri[(k + 1) % 3]);
        let e = dsub(b, a);
        let ee = ddot(e, e);
        if ee == 0.0 {
            continue;
        }
        let m = dsub(c, a);
        let (md, nd, mn) = (ddot(m, e), ddot(d, e), ddot(m, m));
        let qa = ee * ddot(d, d) - nd * nd;
        let qb = ee * ddot(m, d) - md * nd;
        let qc = ee * (mn - r * r) - md * md;
        let Some(t) = smaller_root(qa, qb, qc) else { continue };
        if (0.0..=1.0).contains(&t) && t < best {
            let s = (md + t * nd) / ee;
            if (0.0..=1.0).contains(&s) {
                best = t;
            }
        }
    }
    // The corners: a sphere of radius r around each.
    for a in tri {
        let m = dsub(c, a);
        let (qa, qb, qc) = (ddot(d, d), ddot(m, d), ddot(m, m) - r * r);
        let Some(t) = smaller_root(qa, qb, qc) else { continue };
        if (0.0..=1.0).contains(&t) && t < best {
            best = t;
        }
    }
    if best.is_finite() {
        let at = dadd(c, dscale(d, best));
        Sweep::Contact { t: round_f32(best), point: f3(closest_on_triangle(at, &tri)) }
    } else {
        Sweep::Miss
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// The plane shortcut only ever skips misses: a million sweeps, half of them grazing (the centre's
    /// path ends or starts within a hair of r in front of the plane), at scales up to 10⁴, give the same
    /// answer with and without it.
    #[test]
    fn the_plane_shortcut_changes_no_answer() {
        let mut rng = Rng::new(2026);
        let (mut misses, mut touches) = (0, 0);
        for i in 0..1_000_000 {
            let scale = [1.0, 100.0, 10_000.0][i % 3];
            let mut point = || [0; 3].map(|_| rng.range_f32(-scale, scale));
            let v = [point(), point(), point()];
            let radius = rng.range_f32(0.1, 0.1 * scale);
            let n = unit_normal(&[d3(v[0]), d3(v[1]), d3(v[2])]).map_or([0.0; 3], f3);
            // From up to 4r in front of a point near the triangle, towards it: many touch it.
            let near =
                [0, 1, 2].map(|k| (v[0][k] + v[1][k] + v[2][k]) / 3.0 + rng.range_f32(-0.3, 0.3) * scale);
            let away = rng.range_f32(0.0, 4.0) * radius;
            let mut center = [0, 1, 2].map(|k| near[k] + away * n[k]);
            let speed = rng.range_f32(0.0, 8.0) * radius;
            let dir = [0, 1, 2].map(|k| -speed * n[k] + rng.range_f32(-radius, radius));
            if i % 2 == 0 {
                // Put the start (or the end) a hair more than r in front of the plane.
                let hair = rng.range_f32(-1e-3, 1e-3) * radius;
                let along = ddot(dsub(d3(center), d3(v[0])), d3(n));
                let shift = f64::from(radius + hair) - along;
                center = [0, 1, 2].map(|k| center[k] + round_f32(shift) * n[k]);
                if i % 4 == 0 {
                    center = [0, 1, 2].map(|k| center[k] - dir[k]);
                }
            }
            let fast = sweep(center, radius, dir, &v, true);
            assert_eq!(fast, sweep(center, radius, dir, &v, false), "case {i}");
            misses += usize::from(fast == Sweep::Miss);
            touches += usize::from(matches!(fast, Sweep::Contact { .. }));
        }
        // Both answers are well represented, so the comparison covers what the shortcut skips and what
        // it must not.
        assert!(misses > 100_000 && touches > 100_000, "{misses} misses, {touches} contacts");
    }
}
