//! Where the game freezes: the corner orders on which `clGetTriangleVectorCoef_CrsP` loops forever.
//!
//! Source: the decompilation `Jovinull/sonicheroes`, `src/game/calc_colli.cpp` (marked matching). The
//! function solves ap = s·ab + t·ac on one axis plane: the first component of the normal
//! `crsP = ab × ac` whose magnitude is above 0.000123 picks it (Y, then Z, then X); it then divides by a
//! component of `ab = v1 − v0`, trying two in a fixed order, and when neither is above 0.000123 either it
//! runs `for (;;) {}`. The static and the moving sphere tests (`clDetectS2T`, `clDetectMS2T`) call it for
//! every triangle a sphere comes near, so such a triangle hangs the game the first time the player (or
//! any object) nears it. Only the order of the corners matters: `ab` is the edge from v0 to v1, so the
//! same triangle with its corners rotated (the same winding and normal) is usually safe.
//!
//! **The arithmetic is not known exactly.** The decompilation compiles game code with `-fp_contract on`:
//! the retail build may compute a normal component `a·b − c·d` with either product fused into the
//! subtraction (one rounding instead of two), and near the threshold that changes which plane is picked.
//! A triangle is safe ([`hang`] answers `None`) only when no way of computing each component — both products
//! rounded ([`Arithmetic::Rounded`]) or either one fused — reaches a plane whose divisors are both small.
//! The fused results are computed here exactly, without the platform's `fma` (whose C-runtime versions
//! differ), so the answer is the same on every machine.
//!
//! This is the one place the rule lives: the game's sphere tests
//! ([`sphere_game`](crate::heroes::query::sphere_game)) pick the plane with [`Plane::of`] and its divisors
//! with [`Plane::divisors`]; the validator, the builders and `repair` ask [`hang`] and [`safest_rotation`].

use super::{Vec3, SPHERE_SLACK};
use crate::heroes::geom;
use crate::num::round_f32;
use crate::vecmath::sub;

/// The axis plane `clGetTriangleVectorCoef_CrsP` solves on, named by the normal component that picked it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Plane {
    /// The normal's Y is above the threshold: the X/Z plane (floors, slopes).
    Y,
    /// Y is not, Z is: the X/Y plane (walls facing ±Z).
    Z,
    /// Neither Y nor Z is, X is: the Y/Z plane (walls facing ±X).
    X,
}

impl Plane {
    /// The planes in the order the game tries them.
    pub const ORDER: [Plane; 3] = [Plane::Y, Plane::Z, Plane::X];

    /// The normal component that picks this plane.
    pub const fn axis(self) -> usize {
        match self {
            Plane::Y => 1,
            Plane::Z => 2,
            Plane::X => 0,
        }
    }

    /// The components of `ab` the game divides by, in the order it tries them.
    pub const fn divisors(self) -> [usize; 2] {
        match self {
            Plane::Y => [0, 2],
            Plane::Z => [1, 0],
            Plane::X => [2, 1],
        }
    }

    /// The plane the game picks for normal `n` (`None`: no component is above the threshold, and the game
    /// answers s = t = −1 without dividing).
    pub fn of(n: Vec3) -> Option<Plane> {
        Plane::ORDER.into_iter().find(|p| above(n[p.axis()]))
    }

    /// The game finds no divisor in `ab` on this plane: it loops forever.
    pub fn hangs(self, ab: Vec3) -> bool {
        !self.divisors().iter().any(|&k| above(ab[k]))
    }
}

/// `|x| > 0.000123` as the game compares (a NaN is not above).
pub fn above(x: f32) -> bool {
    x.abs() > SPHERE_SLACK
}

/// How the retail build may evaluate one normal component `a·b − c·d`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Arithmetic {
    /// Both products rounded to `f32`, then the difference (levelkit's query model).
    Rounded,
    /// `a·b` fused into the subtraction (`fmsubs`): one rounding at the end.
    FusedFirst,
    /// `c·d` fused into the subtraction (`fnmsubs`).
    FusedSecond,
}

impl Arithmetic {
    /// Every way the component may be computed.
    pub const ALL: [Arithmetic; 3] = [Arithmetic::Rounded, Arithmetic::FusedFirst, Arithmetic::FusedSecond];

    /// `a·b − c·d` in `f32` under this arithmetic.
    pub fn difference(self, a: f32, b: f32, c: f32, d: f32) -> f32 {
        match self {
            Arithmetic::Rounded => a * b - c * d,
            Arithmetic::FusedFirst => fused(a, b, c * d),
            Arithmetic::FusedSecond => -fused(c, d, a * b),
        }
    }

    /// How a report names it.
    pub fn describe(self) -> &'static str {
        match self {
            Arithmetic::Rounded => "with both products rounded",
            Arithmetic::FusedFirst => "with its first product fused (a multiply-subtract)",
            Arithmetic::FusedSecond => "with its second product fused (a multiply-subtract)",
        }
    }
}

/// `a·b − c` rounded once to `f32`, exactly, with no platform `fma`: the product of two `f32` is exact
/// in `f64`, the difference is exact as a two-term sum, and the one case where rounding that sum's head
/// to `f32` could differ from rounding the exact value — a head exactly halfway between two `f32` — is
/// settled by the tail's sign.
fn fused(a: f32, b: f32, c: f32) -> f32 {
    let p = f64::from(a) * f64::from(b);
    let q = -f64::from(c);
    let s = p + q;
    // Knuth's two-sum: s + e is exactly p + q.
    let bb = s - p;
    let e = (p - (s - bb)) + (q - bb);
    let r = round_f32(s);
    if e == 0.0 || !r.is_finite() || f64::from(r) == s {
        return r;
    }
    let other = if f64::from(r) > s { next_down(r) } else { next_up(r) };
    if (f64::from(r) - s).abs() != (f64::from(other) - s).abs() {
        return r;
    }
    // A tie broken by the tail: the exact value lies on the tail's side of `s`.
    let (lo, hi) = if r < other { (r, other) } else { (other, r) };
    if e > 0.0 {
        hi
    } else {
        lo
    }
}

/// The next `f32` above `x` (finite `x`).
fn next_up(x: f32) -> f32 {
    let bits = x.to_bits();
    if x == 0.0 {
        f32::from_bits(1)
    } else if x > 0.0 {
        f32::from_bits(bits + 1)
    } else {
        f32::from_bits(bits - 1)
    }
}

/// The next `f32` below `x` (finite `x`).
fn next_down(x: f32) -> f32 {
    -next_up(-x)
}

/// The three values a normal component may take: `[Rounded, FusedFirst, FusedSecond]`.
type Ways = [f32; 3];

/// `ab × ac` component by component (the game's `Cross`), each under every [`Arithmetic`].
pub fn normal_ways(ab: Vec3, ac: Vec3) -> [Ways; 3] {
    [0, 1, 2].map(|axis| component_ways(ab, ac, axis))
}

/// Component `axis` of `ab × ac` in every [`Arithmetic`].
fn component_ways(ab: Vec3, ac: Vec3, axis: usize) -> Ways {
    let (a, b) = ((axis + 1) % 3, (axis + 2) % 3);
    Arithmetic::ALL.map(|w| w.difference(ab[a], ac[b], ab[b], ac[a]))
}

/// A plane on which the game hangs, and how it gets there.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Hang {
    /// The plane whose two divisors in `ab` are both within the threshold.
    pub plane: Plane,
    /// `v1 − v0`.
    pub ab: Vec3,
    /// The normal with both products rounded (what levelkit's query model computes).
    pub normal: Vec3,
    /// The ways of computing the picking component under which it is above the threshold; for planes
    /// after the first, the earlier components can also fall within it (independently).
    pub arithmetics: Vec<Arithmetic>,
}

impl Hang {
    /// Whether the game hangs with both products rounded in every component (levelkit's query model).
    pub fn when_rounded(&self) -> bool {
        Plane::of(self.normal) == Some(self.plane)
    }

    /// The plain-words cause: "its first edge v0→v1 is within 0.000123 of vertical (…) while …".
    pub fn cause(&self) -> String {
        let [ax, ay, az] = self.ab;
        let [nx, ny, nz] = self.normal;
        let edge = match self.plane {
            Plane::Y => {
                format!("its first edge v0→v1 is within 0.000123 of vertical (Δx = {ax:e}, Δz = {az:e})")
            }
            Plane::Z => format!(
                "its first edge v0→v1 is within 0.000123 of running along Z (Δx = {ax:e}, Δy = {ay:e})"
            ),
            Plane::X => format!(
                "its first edge v0→v1 is within 0.000123 of running along X (Δy = {ay:e}, Δz = {az:e})"
            ),
        };
        let normal = match self.plane {
            Plane::Y => format!("its normal's Y is above 0.000123 (n.y = {ny:e})"),
            Plane::Z => format!("its normal's Y is within 0.000123 and its Z is not (n.y = {ny:e}, n.z = {nz:e})"),
            Plane::X => format!(
                "its normal's Y and Z are within 0.000123 and its X is not (n.y = {ny:e}, n.z = {nz:e}, n.x = {nx:e})"
            ),
        };
        let how = if self.when_rounded() {
            "with the products rounded as written".to_string()
        } else {
            let ways: Vec<&str> = self.arithmetics.iter().map(|a| a.describe()).collect();
            format!(
                "only if the retail build computes the normal's {} {}",
                axis_name(self.plane),
                ways.join(" or ")
            )
        };
        format!(
            "{edge} while {normal}, so clGetTriangleVectorCoef_CrsP finds nothing to divide by and loops forever \
             ({how})"
        )
    }
}

fn axis_name(p: Plane) -> &'static str {
    match p {
        Plane::Y => "Y",
        Plane::Z => "Z",
        Plane::X => "X",
    }
}

/// Where the game hangs on corners `v` in this order: the first plane some [`Arithmetic`] of each normal
/// component reaches (taken independently: the retail build may contract each expression its own way)
/// whose two divisors in `ab` are both within the threshold; `None` when the game cannot hang there.
pub fn hang(v: &[Vec3; 3]) -> Option<Hang> {
    // Each plane divides by two of ab's three components, and any two planes share one: with two of them
    // above the threshold every plane has a divisor. Nearly every triangle is settled here.
    let ab = sub(v[1], v[0]);
    if ab.iter().filter(|&&x| above(x)).count() >= 2 {
        return None;
    }
    // The rest of the floors: the normal's y clear of the threshold by more than any arithmetic can move
    // it (each product and the difference round by at most 2⁻²⁴ of their size; 2⁻²⁰ is ample), so every
    // arithmetic picks the Y plane, which then divides by ab's x or z.
    let ac = sub(v[2], v[0]);
    let (p, q) = (ab[2] * ac[0], ab[0] * ac[2]);
    let y = p - q;
    let slack = (p.abs() + q.abs() + y.abs()) * (f32::EPSILON * 8.0);
    if y.abs() - slack > SPHERE_SLACK && !Plane::Y.hangs(ab) {
        return None;
    }
    verdict(v).err()
}

/// [`hang`]'s answer in full: `Ok(margin)` when the game cannot hang — the smallest, over the planes some
/// arithmetic reaches, of the larger divisor's magnitude (infinite when it reaches none and never divides).
fn verdict(v: &[Vec3; 3]) -> Result<f32, Hang> {
    let ab = sub(v[1], v[0]);
    let ac = sub(v[2], v[0]);
    let mut margin = f32::INFINITY;
    for plane in Plane::ORDER {
        // Each plane's component only once the game can get this far (built writers check every triangle).
        let component = component_ways(ab, ac, plane.axis());
        if component.iter().any(|&x| above(x)) {
            if plane.hangs(ab) {
                let arithmetics = Arithmetic::ALL
                    .into_iter()
                    .zip(component)
                    .filter(|&(_, x)| above(x))
                    .map(|(a, _)| a)
                    .collect();
                let normal = normal_ways(ab, ac).map(|w| w[0]);
                return Err(Hang { plane, ab, normal, arithmetics });
            }
            let [d0, d1] = plane.divisors();
            margin = margin.min(ab[d0].abs().max(ab[d1].abs()));
        }
        // The game gets past this plane only if some way of computing its component is within the
        // threshold.
        if component.iter().all(|&x| above(x)) {
            break;
        }
    }
    Ok(margin)
}

/// `v` with its corners rotated `k` places: corner `i` of the result is corner `(i + k) % 3` of `v`
/// (the winding, and so the normal, unchanged).
pub fn rotated<T: Copy>(v: [T; 3], k: usize) -> [T; 3] {
    std::array::from_fn(|i| v[(i + k) % 3])
}

/// The corner rotation the writers use: 0 (the order as given) when it is safe, otherwise the safe
/// rotation with the most margin (the earlier one on a tie); `None` when every rotation hangs. A rotation
/// whose winding normal works out to zero in `f32` (a sliver can have an area in one corner order and
/// none in another) is not one a writer can use: the validator would call the triangle degenerate.
pub fn safest_rotation(v: &[Vec3; 3]) -> Option<usize> {
    if hang(v).is_none() {
        return Some(0);
    }
    let mut best: Option<(usize, f32)> = None;
    for k in 1..3 {
        let corners = rotated(*v, k);
        if geom::normal_from_winding(&corners).is_none() {
            continue;
        }
        if let Ok(margin) = verdict(&corners) {
            if best.is_none_or(|(_, m)| margin > m) {
                best = Some((k, margin));
            }
        }
    }
    best.map(|(k, _)| k)
}

#[cfg(test)]
mod tests;
