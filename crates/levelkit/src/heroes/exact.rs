//! The exact reference for the game's queries: every triangle is considered, through a bounding-volume
//! hierarchy instead of the file's quadtree, so the answer does not depend on the file's lists or links.
//!
//! "Exact" means *no tree, no filter, no stop rule*: the nearest hit over all triangles, with the very
//! same one-sided triangle tests the game-faithful walks use ([`super::query::segment_triangle`] and
//! friends). A difference between [`super::query::GameTree`] and this reference is therefore always the
//! walk's doing — lists, links, the reach filter or the first-leaf rule — never arithmetic.

use super::query::{self, segment_triangle, segment_y_triangle, Hit, Vec3, FACING_CULL};
use super::sphere_exact::{sphere_touches, sweep_sphere, Sweep};
use super::Collision;

/// Triangles per BVH leaf.
const LEAF_SIZE: usize = 4;

#[derive(Clone, Copy, Debug)]
struct BNode {
    min: Vec3,
    max: Vec3,
    /// Leaf: first index into `order`; inner: index of the left child.
    first: u32,
    /// Inner: index of the right child.
    right: u32,
    /// Leaf: triangle count (> 0); inner: 0.
    count: u32,
}

#[derive(Clone, Copy, Debug)]
struct ETri {
    v: [Vec3; 3],
    normal: Vec3,
    attribute: u32,
}

/// Every triangle of a file in a BVH, for exhaustive queries.
#[derive(Clone, Debug, Default)]
pub struct Exact {
    nodes: Vec<BNode>,
    /// Triangle indices in leaf order.
    order: Vec<u16>,
    tris: Vec<ETri>,
}

/// What the exact moving-sphere test finds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MoveHit {
    /// The sphere already overlaps this triangle.
    Overlap { triangle: u16 },
    /// First contact at fraction `t` of the movement.
    Contact { triangle: u16, t: f32, point: Vec3 },
}

impl Exact {
    /// Builds the hierarchy over every triangle whose vertex indices are in range and whose corners are
    /// finite (the others can never be hit).
    pub fn new(c: &Collision) -> Exact {
        let tris: Vec<ETri> = c
            .triangles
            .iter()
            .map(|t| {
                let v = super::geom::triangle_points(&c.vertices, &t.vertices).unwrap_or([[f32::NAN; 3]; 3]);
                ETri { v, normal: t.normal, attribute: t.attribute }
            })
            .collect();
        let mut order: Vec<u16> = (0..tris.len())
            .filter(|&i| tris[i].v.iter().flatten().all(|x| x.is_finite()))
            .filter_map(|i| u16::try_from(i).ok())
            .collect();
        let mut nodes = Vec::new();
        if !order.is_empty() {
            let len = order.len();
            build(&tris, &mut order, 0, len, &mut nodes);
        }
        Exact { nodes, order, tris }
    }

    /// Triangle `t`'s corners, if its vertex indices are in range.
    pub fn corners(&self, t: u16) -> Option<[Vec3; 3]> {
        self.tris.get(usize::from(t)).map(|x| x.v).filter(|v| v.iter().flatten().all(|x| !x.is_nan()))
    }

    /// Visits the triangles in leaves whose boxes `keep` accepts; `visit` returns false to stop.
    fn walk(&self, mut keep: impl FnMut(&Vec3, &Vec3) -> bool, mut visit: impl FnMut(u16) -> bool) {
        let mut stack = [0u32; 64];
        let mut top = 0usize;
        if self.nodes.is_empty() {
            return;
        }
        stack[0] = 0;
        top += 1;
        while top > 0 {
            top -= 1;
            let n = self.nodes[stack[top] as usize];
            if !keep(&n.min, &n.max) {
                continue;
            }
            if n.count > 0 {
                for &t in &self.order[n.first as usize..(n.first + n.count) as usize] {
                    if !visit(t) {
                        return;
                    }
                }
            } else if top + 2 <= stack.len() {
                stack[top] = n.right;
                stack[top + 1] = n.first;
                top += 2;
            }
        }
    }

    fn hit(&self, t: u16, start: Vec3, point: Vec3) -> Hit {
        Hit {
            triangle: t,
            point,
            distance: query::distance(start, point),
            attribute: self.tris[usize::from(t)].attribute,
        }
    }

    /// The nearest triangle a vertical segment from `start` by `distance` along Y hits (one-sided).
    /// Ties go to the lower triangle index.
    pub fn axis_y(&self, start: Vec3, distance: f32) -> Option<Hit> {
        let (lo, hi) =
            if distance < 0.0 { (start[1] + distance, start[1]) } else { (start[1], start[1] + distance) };
        let mut best: Option<(f32, u16)> = None;
        self.walk(
            |min, max| {
                min[0] <= start[0]
                    && start[0] <= max[0]
                    && min[2] <= start[2]
                    && start[2] <= max[2]
                    && min[1] <= hi
                    && lo <= max[1]
            },
            |t| {
                if let Some(u) = segment_y_triangle(start, distance, &self.tris[usize::from(t)].v) {
                    if best.is_none_or(|(bu, bt)| u < bu || (u == bu && t < bt)) {
                        best = Some((u, t));
                    }
                }
                true
            },
        );
        best.map(|(u, t)| self.hit(t, start, [start[0], start[1] + distance * u, start[2]]))
    }

    /// The nearest triangle the segment `start → start + dir` hits (one-sided). Ties go to the lower index.
    pub fn line(&self, start: Vec3, dir: Vec3) -> Option<Hit> {
        let inv = dir.map(|d| 1.0 / d);
        // The nearest hit so far limits which boxes are still worth opening.
        let best: std::cell::Cell<Option<(f32, u16)>> = std::cell::Cell::new(None);
        self.walk(
            |min, max| segment_meets_box(start, dir, inv, best.get().map_or(1.0, |b| b.0), min, max),
            |t| {
                if let Some(u) = segment_triangle(start, dir, &self.tris[usize::from(t)].v) {
                    if best.get().is_none_or(|(bu, bt)| u < bu || (u == bu && t < bt)) {
                        best.set(Some((u, t)));
                    }
                }
                true
            },
        );
        best.get().map(|(u, t)| {
            self.hit(t, start, [start[0] + dir[0] * u, start[1] + dir[1] * u, start[2] + dir[2] * u])
        })
    }

    /// Every triangle within `radius` of `center` (one-sided), sorted by index.
    pub fn sphere(&self, center: Vec3, radius: f32, out: &mut Vec<u16>) {
        out.clear();
        self.walk(
            |min, max| box_distance_sq(center, min, max) <= radius * radius + query::SPHERE_SLACK,
            |t| {
                if sphere_touches(center, radius, &self.tris[usize::from(t)].v).is_some() {
                    out.push(t);
                }
                true
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
        self.walk(
            |min, max| (0..3).all(|k| min[k] <= hi[k] && lo[k] <= max[k]),
            |t| {
                let tri = &self.tris[usize::from(t)];
                let facing = tri.normal[2] * unit[2] + (tri.normal[0] * unit[0] + tri.normal[1] * unit[1])
                    < FACING_CULL;
                if facing {
                    match sweep_sphere(point, radius, dir, &tri.v) {
                        Sweep::Miss => {}
                        Sweep::Overlap(_) => found(MoveHit::Overlap { triangle: t }),
                        Sweep::Contact { t: u, point: p } => {
                            found(MoveHit::Contact { triangle: t, t: u, point: p })
                        }
                    }
                }
                true
            },
        );
    }
}

/// Whether the part `[0, limit]` of the segment meets the closed box (slab test; a zero direction
/// component needs the start inside that slab).
fn segment_meets_box(start: Vec3, dir: Vec3, inv: Vec3, limit: f32, min: &Vec3, max: &Vec3) -> bool {
    let (mut t0, mut t1) = (0.0f32, limit);
    for k in 0..3 {
        if dir[k] == 0.0 {
            if start[k] < min[k] || start[k] > max[k] {
                return false;
            }
            continue;
        }
        let a = (min[k] - start[k]) * inv[k];
        let b = (max[k] - start[k]) * inv[k];
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        // Widen by a hair so rounding in the slab test never drops a triangle the exact test would hit.
        t0 = t0.max(a - 1e-6 * a.abs() - 1e-12);
        t1 = t1.min(b + 1e-6 * b.abs() + 1e-12);
        if t0 > t1 {
            return false;
        }
    }
    true
}

fn box_distance_sq(p: Vec3, min: &Vec3, max: &Vec3) -> f32 {
    (0..3)
        .map(|k| {
            let d = (min[k] - p[k]).max(0.0).max(p[k] - max[k]);
            d * d
        })
        .sum()
}

/// Builds the subtree over `order[start..end]` (non-empty) and returns its index.
fn build(tris: &[ETri], order: &mut [u16], start: usize, end: usize, nodes: &mut Vec<BNode>) -> u32 {
    let mut min = [f32::INFINITY; 3];
    let mut max = [f32::NEG_INFINITY; 3];
    let mut cmin = [f32::INFINITY; 3];
    let mut cmax = [f32::NEG_INFINITY; 3];
    for &t in &order[start..end] {
        let v = &tris[usize::from(t)].v;
        for k in 0..3 {
            let lo = v[0][k].min(v[1][k]).min(v[2][k]);
            let hi = v[0][k].max(v[1][k]).max(v[2][k]);
            min[k] = min[k].min(lo);
            max[k] = max[k].max(hi);
            let c = (lo + hi) * 0.5;
            cmin[k] = cmin[k].min(c);
            cmax[k] = cmax[k].max(c);
        }
    }
    let index = nodes.len() as u32;
    nodes.push(BNode { min, max, first: start as u32, right: 0, count: (end - start) as u32 });
    if end - start <= LEAF_SIZE {
        return index;
    }
    let axis = (0..3).max_by(|&a, &b| (cmax[a] - cmin[a]).total_cmp(&(cmax[b] - cmin[b]))).unwrap_or(0);
    let mid = start + (end - start) / 2;
    let key = |t: &u16| {
        let v = &tris[usize::from(*t)].v;
        v[0][axis].min(v[1][axis]).min(v[2][axis]) + v[0][axis].max(v[1][axis]).max(v[2][axis])
    };
    order[start..end].select_nth_unstable_by(mid - start, |a, b| key(a).total_cmp(&key(b)).then(a.cmp(b)));
    let left = build(tris, order, start, mid, nodes);
    let right = build(tris, order, mid, end, nodes);
    nodes[index as usize] = BNode { min, max, first: left, right, count: 0 };
    index
}
