//! The game's sphere-against-triangle tests, in `f32` and in the game's order of operations.
//!
//! Source: the GameCube decompilation `Jovinull/sonicheroes` — `src/game/calc_colli.cpp` (`clDetectS2T`,
//! `clIsCrossLS2VonPlane`, `clGetTriangleVectorCoef_CrsP`) and `src/game/calc_movcolli.cpp`
//! (`clDetectMS2T`, `clDetectMS2LS_`, `clDetectMS2P_`). levelkit follows that code's steps, branches and
//! thresholds; it does not copy it. What the tests do, in short:
//!
//! - [`static_sphere`] (`clDetectS2T`): one-sided; the centre's foot on the plane is classified by its
//!   triangle coordinates into the face, an edge or a corner region, and the sphere touches if that part
//!   lies within r (with the game's slack, [`SPHERE_SLACK`](super::SPHERE_SLACK), on r²). Corners count here.
//! - [`moving_sphere`] (`clDetectMS2T`): a quick rejection when all three corners lie above or all below
//!   the swept Y band; a nearly still sphere gets the static test; otherwise the plane: an overlap at the
//!   start whose foot is inside the triangle is an *intersection* (a *collision* if it just touches), an
//!   approach that reaches the plane within the movement at a point inside is a *collision* with the
//!   movement allowed before it. Outside, the one or two edges facing the point are swept
//!   ([`moving_sphere_edge`], `clDetectMS2LS_`); where two edges compete the shorter allowed movement wins.
//!   **Corners are never reported**: the GameCube corner test (`clDetectMS2P_`) returns "none".
//! - The edge sweep decides whether the circle's leading point crosses the edge with
//!   [`crosses_edge`] (`clIsCrossLS2VonPlane`), whose side tests compare cross products with an absolute
//!   1e-4: far from the origin their rounding noise reaches that size, so whether an edge is hit can flip
//!   with the movement's length. levelkit keeps that.
//!
//! Not determined from the decompilation, and modelled: the RenderWare helpers the tests call — the
//! vector length (`fn_801991B4`) and the inverse square root (`fn_80199248`) — are taken as correctly
//! rounded; the inline `frsqrte` + three Newton steps square root as an `f64` square root rounded to
//! `f32`; and each product and sum is rounded on its own (if the retail build fuses multiply-adds, the
//! last bit can differ). `clGetTriangleVectorCoef_CrsP` loops forever on some corner orders (an edge from
//! v0 with |x| and |z| ≤ 0.000123 while the normal's Y is not, and the like on the other planes): the game
//! freezes; levelkit answers [`Freeze`]. The rule, under every arithmetic the retail build may use, is
//! [`crate::heroes::geom::freeze`]'s.

use super::{dot, ContactKind, Vec3, SPHERE_SLACK as SLACK};
use crate::heroes::geom::freeze::{above, Plane};
use crate::num::round_f32;
use crate::vecmath::{add, cross, neg, scale, sub};

/// The smallest approach towards the plane the moving test accepts (`0.0001f`).
pub const APPROACH: f32 = 0.0001;
/// The absolute tolerance of the edge-crossing side tests (a `double` literal compared with `f32` values).
pub const EDGE_TOLERANCE: f64 = 0.0001;

/// `clGetTriangleVectorCoef_CrsP` would loop forever: the game freezes on this triangle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Freeze;

/// What [`moving_sphere`] answers besides `CL_MOVING_NONE`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Touch {
    /// A collision during the movement, or an intersection at its start.
    pub kind: ContactKind,
    /// The test's `ans_vec`: for a collision the part of the movement allowed before the contact; for an
    /// intersection the push that moves the sphere out.
    pub ans: Vec3,
    /// The test's `coli_pos`: where the sphere touches (the origin for the few cases the game leaves so).
    pub point: Vec3,
    /// The test's `pOn_Edge` bits: 0x10 edge v0–v1, 0x20 edge v1–v2, 0x40 edge v2–v0.
    pub edge: u16,
}

/// What [`static_sphere`] answers when the sphere touches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Overlap {
    /// From the centre to the nearest point of the triangle (`coli_vec`).
    pub to_surface: Vec3,
    /// The push that moves the sphere out (`push_vec`).
    pub push: Vec3,
}

/// The vector length the game calls (RenderWare's, modelled as correctly rounded).
fn length(a: Vec3) -> f32 {
    round_f32(f64::from(dot(a, a)).sqrt())
}

/// The inverse square root the game calls (modelled as correctly rounded).
fn inv_sqrt(x: f32) -> f32 {
    round_f32(1.0 / f64::from(x).sqrt())
}

/// The inline square root: `frsqrte` refined three times in `f64`, times x, rounded to `f32`.
fn refined_sqrt(x: f32) -> f32 {
    let x = f64::from(x);
    round_f32(x * (1.0 / x.sqrt()))
}

/// `clGetTriangleVectorCoef_CrsP`: s and t with ap = s·ab + t·ac, solved on the axis plane the normal `n`
/// picks ([`Plane::of`]: its first component above the slack, Y, then Z, then X); (−1, −1) when none is.
/// [`Freeze`] where the game finds no divisor in `ab` on that plane and loops forever
/// ([`freeze`](crate::heroes::geom::freeze)).
pub fn triangle_coefficients(ab: Vec3, ac: Vec3, ap: Vec3, n: Vec3) -> Result<(f32, f32), Freeze> {
    let Some(plane) = Plane::of(n) else { return Ok((-1.0, -1.0)) };
    // t, solved over the plane's two components.
    let t = match plane {
        Plane::Y => (ab[2] * ap[0] - ab[0] * ap[2]) / n[1],
        Plane::Z => (ab[1] * ap[0] - ab[0] * ap[1]) / -n[2],
        Plane::X => (ab[2] * ap[1] - ab[1] * ap[2]) / -n[0],
    };
    for k in plane.divisors() {
        if above(ab[k]) {
            return Ok(((ap[k] - ac[k] * t) / ab[k], t));
        }
    }
    Err(Freeze)
}

/// `clDistanceP2V2`: squared distance from `p` to the segment from the origin along `v`.
fn segment_distance_sq(p: Vec3, v: Vec3) -> f32 {
    let along = dot(p, v);
    if along > 0.0 {
        let len_sq = dot(v, v);
        if len_sq < SLACK {
            return dot(p, p);
        }
        let off = if along >= len_sq {
            sub(p, v)
        } else {
            let t = along / len_sq;
            [p[0] - t * v[0], p[1] - t * v[1], p[2] - t * v[2]]
        };
        return dot(off, off);
    }
    dot(p, p)
}

/// `clDistanceP2V2_ans`'s point: the nearest point to `p` of the segment from the origin along `v`.
fn segment_nearest(p: Vec3, v: Vec3) -> Vec3 {
    let along = dot(p, v);
    if along > 0.0 {
        let len_sq = dot(v, v);
        if len_sq < SLACK {
            return [0.0; 3];
        }
        if along >= len_sq {
            return v;
        }
        return scale(v, along / len_sq);
    }
    [0.0; 3]
}

/// Where the centre's foot lies for [`static_sphere`]: `clDetectS2T`'s `across` value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Region {
    Face,
    EdgeAb,
    EdgeAc,
    EdgeBc,
    CornerA,
    CornerB,
    CornerC,
}

/// `clDetectS2T`: a sphere of `radius` at `center` against triangle `v`, one-sided (the centre must not be
/// behind the winding's plane). `None` when it does not touch.
pub fn static_sphere(center: Vec3, radius: f32, v: &[Vec3; 3]) -> Result<Option<Overlap>, Freeze> {
    let ab = sub(v[1], v[0]);
    let ac = sub(v[2], v[0]);
    let ao = sub(center, v[0]);
    let n = cross(ab, ac);
    let height = dot(ao, n);
    if height < 0.0 {
        return Ok(None);
    }
    let n_sq = dot(n, n);
    // po: from the foot on the plane to the centre; foot: the foot, from v0.
    let (po, po_sq, foot) = if n_sq > SLACK {
        let po = scale(n, height / n_sq);
        (po, dot(po, po), sub(ao, po))
    } else {
        ([0.0; 3], 0.0, ao)
    };
    let reach = SLACK + radius * radius;
    if reach < po_sq {
        return Ok(None);
    }
    let (s, t) = triangle_coefficients(ab, ac, foot, n)?;
    let region = if s < 0.0 {
        if t < 0.0 {
            if dot(ab, ac) < 0.0 {
                if dot(ab, ao) > 0.0 {
                    Region::EdgeAb
                } else if dot(ac, ao) > 0.0 {
                    Region::EdgeAc
                } else {
                    Region::CornerA
                }
            } else {
                Region::CornerA
            }
        } else if s + t > 1.0 {
            let cb = sub(ab, ac);
            if dot(ac, cb) > 0.0 {
                let co = sub(ao, ac);
                if dot(ac, co) < 0.0 {
                    Region::EdgeAc
                } else if dot(cb, co) > 0.0 {
                    Region::EdgeBc
                } else {
                    Region::CornerC
                }
            } else {
                Region::CornerC
            }
        } else {
            Region::EdgeAc
        }
    } else if t < 0.0 {
        if s + t > 1.0 {
            let bc = sub(ac, ab);
            if dot(ab, bc) > 0.0 {
                let bo = sub(ao, ab);
                if dot(ab, bo) < 0.0 {
                    Region::EdgeAb
                } else if dot(bc, bo) > 0.0 {
                    Region::EdgeBc
                } else {
                    Region::CornerB
                }
            } else {
                Region::CornerB
            }
        } else {
            Region::EdgeAb
        }
    } else if s + t > 1.0 {
        Region::EdgeBc
    } else {
        Region::Face
    };
    // The game rejects only a distance beyond reach: a NaN one passes.
    let within = |d_sq: f32| d_sq.is_nan() || d_sq <= reach;
    // A corner: the centre relative to it must lie within reach.
    let corner = |o: Vec3| within(dot(o, o)).then(|| neg(o));
    // An edge from a corner along e, the centre at o from that corner.
    let edge =
        |o: Vec3, e: Vec3| within(segment_distance_sq(o, e)).then(|| sub(segment_nearest(sub(o, po), e), o));
    let to_surface = match region {
        Region::Face => Some(neg(po)),
        Region::CornerA => corner(ao),
        Region::CornerB => corner(sub(ao, ab)),
        Region::CornerC => corner(sub(ao, ac)),
        Region::EdgeAb => edge(ao, ab),
        Region::EdgeAc => edge(ao, ac),
        Region::EdgeBc => edge(sub(ao, ab), sub(ac, ab)),
    };
    Ok(to_surface
        .map(|to_surface| Overlap { to_surface, push: scale(to_surface, length(to_surface) / radius - 1.0) }))
}

/// `clIsCrossLS2VonPlane`: does the segment from `start` along `dir` cross the segment from the origin
/// along `edge` (all in one plane)? The side tests compare cross-product components with an absolute
/// [`EDGE_TOLERANCE`]. Returns the crossing point on the edge.
pub fn crosses_edge(start: Vec3, dir: Vec3, edge: Vec3) -> Option<Vec3> {
    let firm = |x: f32| f64::from(x.abs()) > EDGE_TOLERANCE;
    // The start and the end must lie on opposite sides of the edge's line (or on it).
    let before = cross(edge, start);
    let to_tip =
        [(edge[0] - start[0]) - dir[0], (edge[1] - start[1]) - dir[1], (edge[2] - start[2]) - dir[2]];
    let after = cross(edge, to_tip);
    if (0..3).any(|k| before[k] * after[k] < 0.0 && (firm(before[k]) || firm(after[k]))) {
        return None;
    }
    // The edge's two ends must lie on opposite sides of the movement's line.
    let side = |p: Vec3| {
        [dir[2] * p[1] - dir[1] * p[2], dir[0] * p[2] - dir[2] * p[0], dir[1] * p[0] - dir[0] * p[1]]
    };
    let (near, far) = (side(start), side(to_tip));
    let small = |x: f32| f64::from(x.abs()) < EDGE_TOLERANCE;
    if !(0..3).all(|k| near[k] * far[k] >= 0.0 || (small(near[k]) && small(far[k]))) {
        return None;
    }
    let solid = |x: f32| f64::from(x.abs()) >= EDGE_TOLERANCE;
    for k in [1, 2, 0] {
        if solid(near[k]) && solid(far[k]) {
            return Some(scale(edge, near[k] / (near[k] + far[k])));
        }
    }
    let along = dot(start, edge);
    let len_sq = dot(edge, edge);
    Some(if along > 0.0 {
        if along >= len_sq {
            edge
        } else {
            scale(edge, along / len_sq)
        }
    } else {
        [0.0; 3]
    })
}

/// The push out of a sphere overlapping a point at `-off` from its centre (`clDetectMS2LS_`'s three
/// copies): along `off`, or against the movement when the centre is on the point, or along the
/// triangle's normal when the sphere does not move either.
fn push_out(off: Vec3, radius: f32, dir: Vec3, normal: Vec3) -> Vec3 {
    let off_sq = dot(off, off);
    if off_sq < SLACK {
        let dir_sq = dot(dir, dir);
        if dir_sq < SLACK {
            return along_normal(normal, radius);
        }
        let len = if dir_sq > 0.0 { refined_sqrt(dir_sq) } else { dir_sq };
        return scale(dir, -radius / len);
    }
    let len = if off_sq > 0.0 { refined_sqrt(off_sq) } else { off_sq };
    scale(off, (radius - len) / len)
}

fn along_normal(normal: Vec3, radius: f32) -> Vec3 {
    let len = length(normal);
    if len > SLACK {
        scale(normal, radius / len)
    } else {
        [0.0; 3]
    }
}

/// `clDetectMS2LS_`: a sphere at `center` (relative to the edge's start) moving by `dir` against the edge
/// from the origin along `edge`; `normal` is the triangle's (unnormalised) normal. Returns the kind, the
/// `ans_vec` and the `coli_pos` (relative to the edge's start). The edge's ends are never reported: the
/// GameCube corner test (`clDetectMS2P_`) answers "none".
pub fn moving_sphere_edge(
    center: Vec3,
    radius: f32,
    dir: Vec3,
    edge: Vec3,
    normal: Vec3,
) -> Option<(ContactKind, Vec3, Vec3)> {
    let edge_sq = dot(edge, edge);
    if edge_sq < SLACK {
        return None;
    }
    let c = cross(edge, dir);
    let pc = dot(c, center);
    let c_sq = dot(c, c);
    let r_sq = radius * radius;
    if c_sq < SLACK {
        // Moving along the edge (or barely moving): only an overlap at the start counts.
        let s = dot(edge, center) / edge_sq;
        let foot = scale(edge, s);
        let off = sub(center, foot);
        let off_sq = dot(off, off);
        if off_sq > r_sq {
            return None;
        }
        if (0.0..=1.0).contains(&s) {
            let push = if off_sq < SLACK {
                along_normal(normal, radius)
            } else {
                let mut k = off_sq / r_sq;
                if k > 0.0 {
                    k = refined_sqrt(k);
                }
                scale(off, 1.0 - k)
            };
            return Some((ContactKind::Intersection, push, foot));
        }
        // Beyond either end: the corner test, which answers none. A NaN s falls through the game's
        // branches to the general case.
        if !s.is_nan() {
            return None;
        }
    }
    // The plane through the edge along the movement; the sphere cuts it in a circle.
    let k = pc / c_sq;
    let h = pc * k;
    if h > r_sq {
        return None;
    }
    let circle = [center[0] - c[0] * k, center[1] - c[1] * k, center[2] - c[2] * k];
    if h == r_sq {
        return crosses_edge(circle, dir, edge).map(|q| (ContactKind::Collision, sub(q, circle), q));
    }
    let rest = r_sq - h;
    let along = dot(edge, circle);
    let s = along / edge_sq;
    let foot = scale(edge, s);
    let to_line = sub(foot, circle);
    let to_line_sq = dot(to_line, to_line);
    // Overlapping at the start: the nearest point of the edge (its start, its end, or the foot).
    let overlap = |near: Vec3, dist_sq: f32| {
        if (dist_sq - rest).abs() <= SLACK {
            (ContactKind::Collision, [0.0; 3], near)
        } else {
            (ContactKind::Intersection, push_out(sub(center, near), radius, dir, normal), near)
        }
    };
    if along <= 0.0 {
        let d_sq = dot(circle, circle);
        if d_sq <= SLACK + rest {
            return Some(overlap([0.0; 3], d_sq));
        }
        if dot(circle, dir) > 0.0 {
            return None;
        }
    } else if s >= 1.0 {
        let to_end = sub(edge, circle);
        let d_sq = dot(to_end, to_end);
        if d_sq <= SLACK + rest {
            return Some(overlap(edge, d_sq));
        }
        if dot(to_end, dir) < 0.0 {
            return None;
        }
    } else {
        if SLACK + rest >= to_line_sq {
            return Some(if SLACK >= (rest - to_line_sq).abs() {
                (ContactKind::Collision, [0.0; 3], foot)
            } else {
                (ContactKind::Intersection, push_out(sub(center, foot), radius, dir, normal), foot)
            });
        }
        if dot(to_line, dir) < 0.0 {
            return None;
        }
    }
    // The circle's point nearest the edge's line, moved along the movement: where it crosses the edge.
    let ignore = rest >= to_line_sq;
    let mut q = rest / to_line_sq;
    if q > 0.0 {
        q = refined_sqrt(q);
    }
    let leading = add(circle, scale(to_line, q));
    if !ignore {
        if let Some(at) = crosses_edge(leading, dir, edge) {
            return Some((ContactKind::Collision, sub(at, leading), at));
        }
    }
    None
}

/// True when all three corners' Y lie below `lo`, or all above `hi`, tested in the game's branch order
/// (which treats a first corner that is not ≤ `hi` as above).
fn outside_band(y: [f32; 3], lo: f32, hi: f32) -> bool {
    let below = y[0] < lo;
    if !below && y[0] <= hi {
        return false;
    }
    if y[1] < lo {
        if !below {
            return false;
        }
    } else if below || y[1].partial_cmp(&hi) != Some(std::cmp::Ordering::Greater) {
        return false;
    }
    if y[2] < lo {
        return below;
    }
    y[2] > hi && !below
}

/// One edge's answer in [`moving_sphere`], made absolute.
type EdgeHit = Option<(ContactKind, Vec3, Vec3)>;

fn edge_touch(hit: EdgeHit, corner: Vec3, edge: u16) -> Option<Touch> {
    hit.map(|(kind, ans, at)| Touch { kind, ans, point: add(at, corner), edge })
}

/// Two edges from one corner: an intersection on the first wins, then one on the second (or its
/// collision when the first has none), then the collision with the shorter allowed movement.
fn two_edges(first: (EdgeHit, u16), second: impl FnOnce() -> (EdgeHit, u16), corner: Vec3) -> Option<Touch> {
    if let (Some((ContactKind::Intersection, ..)), flag) = first {
        return edge_touch(first.0, corner, flag);
    }
    let second = second();
    match (first.0, second.0) {
        (_, Some((ContactKind::Intersection, ..))) | (None, Some(_)) => {
            edge_touch(second.0, corner, second.1)
        }
        (None, None) => None,
        (Some(_), None) => edge_touch(first.0, corner, first.1),
        (Some((_, a, _)), Some((_, b, _))) => {
            if dot(a, a) <= dot(b, b) {
                edge_touch(first.0, corner, first.1)
            } else {
                edge_touch(second.0, corner, second.1)
            }
        }
    }
}

/// `clDetectMS2T`: a sphere of `radius` at `center` moving by `dir` against triangle `v`. `Ok(None)` is
/// `CL_MOVING_NONE`.
pub fn moving_sphere(center: Vec3, radius: f32, dir: Vec3, v: &[Vec3; 3]) -> Result<Option<Touch>, Freeze> {
    let reach = SLACK + radius;
    let (mut lo, mut hi) = (center[1] - reach, center[1] + reach);
    if dir[1] < 0.0 {
        lo += dir[1];
    } else {
        hi += dir[1];
    }
    if outside_band([v[0][1], v[1][1], v[2][1]], lo, hi) {
        return Ok(None);
    }
    if dot(dir, dir) < SLACK {
        // Barely moving: the static test; touching within the slack is a collision with no movement.
        let Some(o) = static_sphere(center, radius, v)? else { return Ok(None) };
        let point = add(center, o.to_surface);
        let touch = if (length(o.to_surface) - radius).abs() <= SLACK {
            Touch { kind: ContactKind::Collision, ans: [0.0; 3], point, edge: 0 }
        } else {
            Touch { kind: ContactKind::Intersection, ans: o.push, point, edge: 0 }
        };
        return Ok(Some(touch));
    }
    let ab = sub(v[1], v[0]);
    let ac = sub(v[2], v[0]);
    let n = cross(ab, ac);
    let ao = sub(center, v[0]);
    let inv = inv_sqrt(dot(n, n));
    let height = dot(ao, n) * inv;
    if height <= -radius {
        return Ok(None);
    }
    // From the centre to its foot on the plane.
    let to_plane = scale(n, -(inv * height));
    let gap = height.abs();
    let inside = |s: f32, t: f32| s >= 0.0 && t >= 0.0 && s + t <= 1.0;
    let (s, t) = if gap <= reach {
        // The sphere reaches the plane where it starts.
        let foot = add(ao, to_plane);
        let (s, t) = triangle_coefficients(ab, ac, foot, n)?;
        if inside(s, t) {
            let point = add(v[0], foot);
            if (gap - radius).abs() <= SLACK {
                return Ok(Some(Touch { kind: ContactKind::Collision, ans: [0.0; 3], point, edge: 0 }));
            }
            let push =
                if gap < SLACK { scale(n, radius * inv) } else { scale(to_plane, -(radius - gap) / gap) };
            return Ok(Some(Touch { kind: ContactKind::Intersection, ans: push, point, edge: 0 }));
        }
        (s, t)
    } else {
        if gap < SLACK {
            return Ok(None);
        }
        // The part of `to_plane` the sphere must cover before it touches, and how far along the movement.
        let to_touch = scale(to_plane, (gap - radius) / gap);
        let approach = dot(to_touch, dir);
        let needed = dot(to_touch, to_touch);
        if approach <= APPROACH || needed >= SLACK + approach {
            return Ok(None);
        }
        let allowed = scale(dir, needed / approach);
        let at = add(add(ao, allowed), sub(to_plane, to_touch));
        let (s, t) = triangle_coefficients(ab, ac, at, n)?;
        if inside(s, t) {
            let point = add(v[0], at);
            return Ok(Some(Touch { kind: ContactKind::Collision, ans: allowed, point, edge: 0 }));
        }
        (s, t)
    };
    // Outside the face: the edges facing (s, t).
    let sweep = |o: Vec3, e: Vec3| moving_sphere_edge(o, radius, dir, e, n);
    Ok(if s < 0.0 {
        if t < 0.0 {
            two_edges((sweep(ao, ab), 0x10), || (sweep(ao, ac), 0x40), v[0])
        } else if s + t > 1.0 {
            let co = sub(ao, ac);
            two_edges((sweep(co, sub(ab, ac)), 0x20), || (sweep(co, neg(ac)), 0x40), v[2])
        } else {
            edge_touch(sweep(ao, ac), v[0], 0x40)
        }
    } else if t < 0.0 {
        if s + t > 1.0 {
            let bo = sub(ao, ab);
            two_edges((sweep(bo, sub(ac, ab)), 0x20), || (sweep(bo, neg(ab)), 0x10), v[1])
        } else {
            edge_touch(sweep(ao, ab), v[0], 0x10)
        }
    } else if s + t > 1.0 {
        edge_touch(sweep(sub(ao, ab), sub(ac, ab)), v[1], 0x20)
    } else {
        None
    })
}

#[cfg(test)]
mod tests;
