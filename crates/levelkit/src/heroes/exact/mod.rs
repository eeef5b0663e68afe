//! The exact reference for the game's queries: every triangle is considered, through a bounding-volume
//! hierarchy instead of the file's quadtree, so the answer does not depend on the file's lists or links.
//!
//! "Exact" means *no tree, no filter, no stop rule*: the nearest hit over all triangles, with the very
//! same one-sided triangle tests the game-faithful walks use ([`super::query::segment_triangle`] and
//! friends). A difference between [`super::query::GameTree`] and this reference is therefore always the
//! walk's doing — lists, links, the reach filter or the first-leaf rule — never arithmetic.

use super::query::{self, dot, segment_triangle, segment_y_triangle, Hit, Vec3, FACING_CULL, MIN_DET};
use super::Collision;
use crate::vecmath::{cross, sub};
use sphere::{sphere_touches, sweep_sphere, Sweep};

mod bvh;
mod bvh_builder;
mod node;
pub mod sphere;

use bvh::{Bvh, Segment, Vertical};
use node::WIDTH;

/// A triangle as the queries read it, in leaf order: its corners, its attribute for a hit (read here,
/// where the test just was, rather than from the file's triangle table: a cache miss on every cast) and
/// its index (for ties, without a look-up in [`Bvh::order`]). The tests compute the edges from the
/// corners as they go: keeping them too was more memory to write than the subtractions cost.
#[derive(Clone, Copy, Debug)]
struct Tri {
    v: [Vec3; 3],
    attribute: u32,
    triangle: u16,
}

impl bvh::Entry for Tri {
    #[inline(always)]
    fn triangle(&self) -> u16 {
        self.triangle
    }
}

/// Every triangle of a file in a BVH, for exhaustive queries.
#[derive(Clone, Debug, Default)]
pub struct Exact {
    bvh: Bvh,
    /// `bvh.order`'s triangles.
    tris: Vec<Tri>,
    /// Their stored normals (only the moving sphere's facing cull reads them).
    normals: Vec<Vec3>,
    /// Each triangle's position in leaf order; [`NOT_IN_HIERARCHY`] for one that can never be hit.
    position: Vec<u32>,
}

/// [`Exact::position`] of a triangle left out of the hierarchy.
const NOT_IN_HIERARCHY: u32 = u32::MAX;

/// What the exact moving-sphere test finds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MoveHit {
    /// The sphere already overlaps this triangle.
    Overlap {
        /// Index of the triangle.
        triangle: u16,
    },
    /// First contact at fraction `t` of the movement.
    Contact {
        /// Index of the triangle.
        triangle: u16,
        /// The fraction of the movement, 0..=1.
        t: f32,
        /// Where the sphere touches the triangle.
        point: Vec3,
    },
}

impl Exact {
    /// Builds the hierarchy over every triangle whose vertex indices are in range and whose corners are
    /// finite (the others can never be hit). The corners are looked up where they are needed rather than
    /// kept per triangle: a table of every triangle was a quarter of the memory the build wrote.
    pub fn new(c: &Collision) -> Exact {
        let points = |t: usize| {
            let tri = &c.triangles[t];
            super::geom::triangle_points(&c.vertices, &tri.vertices)
                .filter(|v| v.iter().flatten().all(|x| x.is_finite()))
        };
        let mut finite = Vec::with_capacity(c.triangles.len());
        finite.extend(
            (0..c.triangles.len()).filter(|&t| points(t).is_some()).filter_map(|t| u16::try_from(t).ok()),
        );
        let bvh = bvh_builder::build(&finite, |t| points(usize::from(t)).unwrap_or([[f32::NAN; 3]; 3]));
        let (mut tris, mut normals) = (Vec::with_capacity(finite.len()), Vec::with_capacity(finite.len()));
        let mut position = vec![NOT_IN_HIERARCHY; c.triangles.len()];
        for (at, &t) in (0u32..).zip(&bvh.order) {
            let v = points(usize::from(t)).unwrap_or([[f32::NAN; 3]; 3]);
            let tri = &c.triangles[usize::from(t)];
            tris.push(Tri { v, attribute: tri.attribute, triangle: t });
            normals.push(tri.normal);
            position[usize::from(t)] = at;
        }
        Exact { bvh, tris, normals, position }
    }

    /// Triangle `t`'s corners, if it is in the hierarchy (its vertex indices in range and its corners
    /// finite): every triangle a query here can answer with.
    pub fn corners(&self, t: u16) -> Option<[Vec3; 3]> {
        let at = *self.position.get(usize::from(t))?;
        self.tris.get(usize::try_from(at).ok()?).map(|x| x.v)
    }

    /// The hit on the triangle at `position` in leaf order.
    fn hit(&self, position: usize, start: Vec3, point: Vec3) -> Hit {
        Hit {
            triangle: self.tris[position].triangle,
            point,
            distance: query::distance(start, point),
            attribute: self.tris[position].attribute,
        }
    }

    /// The nearest triangle a vertical segment from `start` by `distance` along Y hits (one-sided).
    /// Ties go to the lower triangle index.
    pub fn axis_y(&self, start: Vec3, distance: f32) -> Option<Hit> {
        let seg = Vertical::new(start, distance);
        let best = self.bvh.nearest(
            &seg,
            &self.tris,
            #[inline(always)]
            |x| segment_y_triangle(start, distance, &x.v),
        );
        best.map(|(u, at)| self.hit(at, start, [start[0], start[1] + distance * u, start[2]]))
    }

    /// The nearest triangle the segment `start → start + dir` hits (one-sided). Ties go to the lower index.
    pub fn line(&self, start: Vec3, dir: Vec3) -> Option<Hit> {
        self.nearest_on_segment(
            start,
            dir,
            #[inline(always)]
            |x| segment_triangle(start, dir, &x.v),
        )
    }

    /// [`Exact::line`] with two-sided triangles ([`segment_triangle_two_sided`]): a segment from behind
    /// hits too, as in general-purpose ray casts.
    ///
    /// The tests and their closures are inlined by force: left to the compiler, this test was a call on
    /// every triangle, and every value the traversal keeps in vector registers was spilled around it and
    /// read back on every node (a native two-sided cast 8 % slower).
    pub fn line_two_sided(&self, start: Vec3, dir: Vec3) -> Option<Hit> {
        self.nearest_on_segment(
            start,
            dir,
            #[inline(always)]
            |x| segment_triangle_two_sided(start, dir, &x.v),
        )
    }

    fn nearest_on_segment(
        &self,
        start: Vec3,
        dir: Vec3,
        test: impl FnMut(&Tri) -> Option<f32>,
    ) -> Option<Hit> {
        self.bvh.nearest(&Segment::new(start, dir), &self.tris, test).map(|(u, at)| {
            self.hit(at, start, [start[0] + dir[0] * u, start[1] + dir[1] * u, start[2] + dir[2] * u])
        })
    }

    /// Every triangle within `radius` of `center` (one-sided), sorted by index.
    pub fn sphere(&self, center: Vec3, radius: f32, out: &mut Vec<u16>) {
        out.clear();
        let reach = radius * radius + query::SPHERE_SLACK;
        self.bvh.each(
            |min, max| {
                let mut d2 = [0f32; WIDTH];
                for k in 0..3 {
                    for i in 0..WIDTH {
                        let d = (min[k][i] - center[k]).max(0.0).max(center[k] - max[k][i]);
                        d2[i] = if k == 0 { d * d } else { d2[i] + d * d };
                    }
                }
                bvh::at_most(d2, [reach; WIDTH])
            },
            |i| {
                if sphere_touches(center, radius, &self.tris[i].v).is_some() {
                    out.push(self.tris[i].triangle);
                }
            },
        );
        out.sort_unstable();
    }

    /// The moving sphere's first contact over all triangles whose stored normal faces the movement (the
    /// game's facing cull): an overlap at the start if any (lowest index), else the earliest contact.
    pub fn moving_sphere(&self, point: Vec3, radius: f32, dir: Vec3) -> Option<MoveHit> {
        let mut first = None;
        self.each_moving_contact(point, radius, dir, |hit| {
            let better = match (first, hit) {
                (None, _) => true,
                (Some(MoveHit::Overlap { triangle: a }), MoveHit::Overlap { triangle: b }) => b < a,
                (Some(MoveHit::Contact { .. }), MoveHit::Overlap { .. }) => true,
                (
                    Some(MoveHit::Contact { triangle: a, t: ta, .. }),
                    MoveHit::Contact { triangle: b, t: tb, .. },
                ) => tb < ta || (tb == ta && b < a),
                (Some(MoveHit::Overlap { .. }), MoveHit::Contact { .. }) => false,
            };
            if better {
                first = Some(hit);
            }
        });
        first
    }

    /// Every triangle the moving sphere touches over the whole movement (not shortened), facing cull
    /// applied: overlaps first (by index), then contacts by time (ties by index).
    pub fn moving_contacts(&self, point: Vec3, radius: f32, dir: Vec3, out: &mut Vec<MoveHit>) {
        out.clear();
        self.each_moving_contact(point, radius, dir, |hit| out.push(hit));
        let key = |h: &MoveHit| match *h {
            MoveHit::Overlap { triangle } => (0, 0.0, triangle),
            MoveHit::Contact { triangle, t, .. } => (1, t, triangle),
        };
        out.sort_by(|a, b| {
            let (ka, kb) = (key(a), key(b));
            ka.0.cmp(&kb.0).then(ka.1.total_cmp(&kb.1)).then(ka.2.cmp(&kb.2))
        });
    }

    /// Each facing triangle the sphere touches during the movement, in BVH order.
    fn each_moving_contact(&self, point: Vec3, radius: f32, dir: Vec3, mut found: impl FnMut(MoveHit)) {
        let len = (dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]).sqrt();
        let unit = if len > 0.0 { dir.map(|d| d / len) } else { [0.0; 3] };
        let lo = [0, 1, 2].map(|k| point[k].min(point[k] + dir[k]) - radius);
        let hi = [0, 1, 2].map(|k| point[k].max(point[k] + dir[k]) + radius);
        // The sweep's face test meets a triangle a little outside the swept box (its tolerance grows with the
        // distance from the origin): the box grows by as much, or the hierarchy would skip a triangle that
        // brute force meets.
        let slack = sphere::face_slack(lo.iter().chain(&hi).fold(0.0f32, |m, x| m.max(x.abs())));
        let (lo, hi) = (lo.map(|x| x - slack), hi.map(|x| x + slack));
        self.bvh.each(
            |min, max| {
                (0..3).fold(u32::MAX, |keep, k| {
                    keep & bvh::at_most(min[k], [hi[k]; WIDTH]) & bvh::at_most([lo[k]; WIDTH], max[k])
                })
            },
            |i| {
                let (tri, n) = (&self.tris[i], self.normals[i]);
                let t = tri.triangle;
                let facing = n[2] * unit[2] + (n[0] * unit[0] + n[1] * unit[1]) < FACING_CULL;
                if facing {
                    match sweep_sphere(point, radius, dir, &tri.v) {
                        Sweep::Miss => {}
                        Sweep::Overlap(_) => found(MoveHit::Overlap { triangle: t }),
                        Sweep::Contact { t: u, point: p } => {
                            found(MoveHit::Contact { triangle: t, t: u, point: p })
                        }
                    }
                }
            },
        );
    }
}

/// The two-sided form of [`query::segment_triangle`]: a segment from behind (det ≤ −[`MIN_DET`]) hits as well,
/// with det, u and v negated so the same bounds apply. From the front it is [`query::segment_triangle`] exactly.
#[inline(always)]
pub fn segment_triangle_two_sided(start: Vec3, dir: Vec3, v: &[Vec3; 3]) -> Option<f32> {
    let (v0, ab, ac) = (v[0], sub(v[1], v[0]), sub(v[2], v[0]));
    let p = cross(dir, ac);
    let det = dot(ab, p);
    if !det.is_finite() || det.abs() < MIN_DET {
        return None;
    }
    let sign = if det < 0.0 { -1.0 } else { 1.0 };
    let ao = sub(start, v0);
    let u = dot(ao, p) * sign;
    if u.is_nan() || u < 0.0 || u > det * sign {
        return None;
    }
    let q = cross(ao, ab);
    let w = dot(dir, q) * sign;
    if w.is_nan() || w < 0.0 || u + w > det * sign {
        return None;
    }
    let t = dot(ac, q) / det;
    (0.0..=1.0).contains(&t).then_some(t)
}

#[cfg(test)]
pub(in crate::heroes) mod tests;
