//! Convex polygons in the X/Z plane, in `f64`: what hole regions are made of.

/// A point (x, z).
pub type P2 = [f64; 2];

/// The points where `a·x + b·z + c ≥ 0`.
#[derive(Clone, Copy, Debug)]
pub(super) struct HalfPlane {
    a: f64,
    b: f64,
    c: f64,
}

impl HalfPlane {
    pub(super) fn new(a: f64, b: f64, c: f64) -> HalfPlane {
        HalfPlane { a, b, c }
    }

    fn at(&self, p: P2) -> f64 {
        self.a * p[0] + self.b * p[1] + self.c
    }

    fn other_side(self) -> HalfPlane {
        HalfPlane { a: -self.a, b: -self.b, c: -self.c }
    }

    /// Whether it is the whole plane (`c ≥ 0` with no slope) or nothing.
    pub(super) fn constant(&self) -> Option<bool> {
        (self.a == 0.0 && self.b == 0.0).then_some(self.c >= 0.0)
    }
}

/// The part of convex `poly` in `h` (Sutherland–Hodgman against one line).
pub(super) fn clip(poly: &[P2], h: HalfPlane) -> Vec<P2> {
    let mut out = Vec::with_capacity(poly.len() + 1);
    for (i, &p) in poly.iter().enumerate() {
        let q = poly[(i + 1) % poly.len()];
        let (dp, dq) = (h.at(p), h.at(q));
        if dp >= 0.0 {
            out.push(p);
        }
        if (dp >= 0.0) != (dq >= 0.0) {
            let t = dp / (dp - dq);
            out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
        }
    }
    out
}

/// The part of `poly` in every half-plane of `hs`.
pub(super) fn clip_all(poly: &[P2], hs: &[HalfPlane]) -> Vec<P2> {
    let mut out = poly.to_vec();
    for &h in hs {
        if out.is_empty() {
            break;
        }
        out = clip(&out, h);
    }
    out
}

/// `poly` without the convex set where every half-plane of `hs` holds, as convex pieces of more than
/// `least` area; `poly` itself when the two share no more than that.
pub(super) fn subtract(poly: Vec<P2>, hs: &[HalfPlane], least: f64) -> Vec<Vec<P2>> {
    if area(&clip_all(&poly, hs)) <= least {
        return vec![poly];
    }
    let mut pieces = Vec::new();
    let mut rest = poly;
    for &h in hs {
        let outside = clip(&rest, h.other_side());
        if area(&outside) > least {
            pieces.push(outside);
        }
        rest = clip(&rest, h);
        if rest.is_empty() {
            break;
        }
    }
    pieces
}

/// The polygon's area.
pub fn area(poly: &[P2]) -> f64 {
    let twice: f64 = (0..poly.len())
        .map(|i| {
            let (p, q) = (poly[i], poly[(i + 1) % poly.len()]);
            p[0] * q[1] - q[0] * p[1]
        })
        .sum();
    twice.abs() / 2.0
}

/// The mean of the polygon's corners: inside it, since it is convex.
pub fn middle(poly: &[P2]) -> P2 {
    let n = poly.len().max(1) as f64;
    let s = poly.iter().fold([0.0, 0.0], |s, p| [s[0] + p[0], s[1] + p[1]]);
    [s[0] / n, s[1] / n]
}

/// The rectangle `lo..hi`, counter-clockwise.
pub(super) fn rect(lo: P2, hi: P2) -> Vec<P2> {
    vec![lo, [hi[0], lo[1]], hi, [lo[0], hi[1]]]
}

/// The three half-planes whose common part is the triangle `t` (closed), or `None` when it has no area.
pub(super) fn triangle(t: [P2; 3]) -> Option<[HalfPlane; 3]> {
    let turn = (t[1][0] - t[0][0]) * (t[2][1] - t[0][1]) - (t[1][1] - t[0][1]) * (t[2][0] - t[0][0]);
    if turn == 0.0 || !turn.is_finite() {
        return None;
    }
    let s = turn.signum();
    Some(std::array::from_fn(|i| {
        let (p, q) = (t[i], t[(i + 1) % 3]);
        // Left of p → q (for a counter-clockwise triangle): −(q − p)⊥ · (x − p) ≥ 0.
        let (a, b) = (-(q[1] - p[1]) * s, (q[0] - p[0]) * s);
        HalfPlane::new(a, b, -(a * p[0] + b * p[1]))
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_less_a_triangle_keeps_the_rest() {
        let square = rect([0.0, 0.0], [2.0, 2.0]);
        let cut = triangle([[0.0, 0.0], [2.0, 0.0], [0.0, 2.0]]).unwrap();
        let pieces = subtract(square.clone(), &cut, 1e-12);
        let left: f64 = pieces.iter().map(|p| area(p)).sum();
        assert!((left - 2.0).abs() < 1e-12, "{pieces:?}");
        // A triangle that only touches the square leaves it whole.
        let touch = triangle([[2.0, 0.0], [3.0, 0.0], [2.0, 1.0]]).unwrap();
        assert_eq!(subtract(square.clone(), &touch, 1e-12), vec![square]);
    }

    #[test]
    fn clockwise_triangles_give_the_same_half_planes() {
        let a = triangle([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]).unwrap();
        let b = triangle([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0]]).unwrap();
        let square = rect([-1.0, -1.0], [2.0, 2.0]);
        assert!((area(&clip_all(&square, &a)) - 0.5).abs() < 1e-12);
        assert!((area(&clip_all(&square, &b)) - 0.5).abs() < 1e-12);
    }
}
