//! The exact reference against the implementation it replaced (kept here, in `old`, verbatim but for
//! names): the same answers, bit for bit, on 100,000 probes of each segment query.

use super::*;
use crate::heroes::exact::sphere::sphere_touches;
use crate::heroes::generate;
use crate::heroes::query::{segment_triangle, segment_y_triangle, SPHERE_SLACK};
use crate::rng::Rng;

/// The exact reference before the surface-area-heuristic tree: a median-split BVH with a depth-first walk.
mod old {
    use super::*;

    pub type Test = fn(Vec3, Vec3, &[Vec3; 3]) -> Option<f32>;

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

    /// A triangle's corners (NaN when its vertex indices are out of range), as the old reference kept them.
    #[derive(Clone, Copy, Debug)]
    struct ETri {
        v: [Vec3; 3],
        attribute: u32,
    }

    pub struct Old {
        nodes: Vec<BNode>,
        order: Vec<u16>,
        tris: Vec<ETri>,
    }

    fn hit(tris: &[ETri], t: u16, start: Vec3, point: Vec3) -> Hit {
        Hit {
            triangle: t,
            point,
            distance: query::distance(start, point),
            attribute: tris[usize::from(t)].attribute,
        }
    }

    impl Old {
        pub fn new(c: &Collision) -> Old {
            let tris: Vec<ETri> = c
                .triangles
                .iter()
                .map(|t| {
                    let v = crate::heroes::geom::triangle_points(&c.vertices, &t.vertices)
                        .unwrap_or([[f32::NAN; 3]; 3]);
                    ETri { v, attribute: t.attribute }
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
            Old { nodes, order, tris }
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

        /// The nearest triangle a vertical segment from `start` by `distance` along Y hits (one-sided).
        /// Ties go to the lower triangle index.
        pub fn axis_y(&self, start: Vec3, distance: f32) -> Option<Hit> {
            let (lo, hi) = if distance < 0.0 {
                (start[1] + distance, start[1])
            } else {
                (start[1], start[1] + distance)
            };
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
            best.map(|(u, t)| hit(&self.tris, t, start, [start[0], start[1] + distance * u, start[2]]))
        }

        /// The nearest triangle the segment `start → start + dir` hits (one-sided). Ties go to the lower index.
        pub fn line(&self, start: Vec3, dir: Vec3, test: Test) -> Option<Hit> {
            let inv = dir.map(|d| 1.0 / d);
            // The nearest hit so far limits which boxes are still worth opening.
            let best: std::cell::Cell<Option<(f32, u16)>> = std::cell::Cell::new(None);
            self.walk(
                |min, max| segment_meets_box(start, dir, inv, best.get().map_or(1.0, |b| b.0), min, max),
                |t| {
                    if let Some(u) = test(start, dir, &self.tris[usize::from(t)].v) {
                        if best.get().is_none_or(|(bu, bt)| u < bu || (u == bu && t < bt)) {
                            best.set(Some((u, t)));
                        }
                    }
                    true
                },
            );
            best.get().map(|(u, t)| {
                hit(
                    &self.tris,
                    t,
                    start,
                    [start[0] + dir[0] * u, start[1] + dir[1] * u, start[2] + dir[2] * u],
                )
            })
        }

        /// Every triangle within `radius` of `center` (one-sided), sorted by index.
        pub fn sphere(&self, center: Vec3, radius: f32, out: &mut Vec<u16>) {
            out.clear();
            self.walk(
                |min, max| box_distance_sq(center, min, max) <= radius * radius + SPHERE_SLACK,
                |t| {
                    if sphere_touches(center, radius, &self.tris[usize::from(t)].v).is_some() {
                        out.push(t);
                    }
                    true
                },
            );
            out.sort_unstable();
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
        let index = u32::try_from(nodes.len()).unwrap();
        nodes.push(BNode {
            min,
            max,
            first: u32::try_from(start).unwrap(),
            right: 0,
            count: u32::try_from(end - start).unwrap(),
        });
        if end - start <= LEAF_SIZE {
            return index;
        }
        let axis = (0..3).max_by(|&a, &b| (cmax[a] - cmin[a]).total_cmp(&(cmax[b] - cmin[b]))).unwrap_or(0);
        let mid = start + (end - start) / 2;
        let key = |t: &u16| {
            let v = &tris[usize::from(*t)].v;
            v[0][axis].min(v[1][axis]).min(v[2][axis]) + v[0][axis].max(v[1][axis]).max(v[2][axis])
        };
        order[start..end]
            .select_nth_unstable_by(mid - start, |a, b| key(a).total_cmp(&key(b)).then(a.cmp(b)));
        let left = build(tris, order, start, mid, nodes);
        let right = build(tris, order, mid, end, nodes);
        nodes[index as usize] = BNode { min, max, first: left, right, count: 0 };
        index
    }
}

/// A segment over the area: from a point in its box, up to half the area across in any direction; every
/// third one parallel to an axis plane or axis (zero components take the slab test's other branch).
fn segment(rng: &mut Rng, lo: Vec3, hi: Vec3) -> (Vec3, Vec3) {
    let start = [0, 1, 2].map(|k| rng.range_f32(lo[k] - 1.0, hi[k] + 1.0));
    let reach = (0..3).map(|k| hi[k] - lo[k]).fold(1.0f32, f32::max) * 0.5;
    let mut dir = [0, 1, 2].map(|_| rng.range_f32(-reach, reach));
    if rng.below(3) == 0 {
        for d in dir.iter_mut() {
            if rng.below(2) == 0 {
                *d = 0.0;
            }
        }
    }
    (start, dir)
}

/// The new and the old reference give the same answers, bit for bit, on `probes` probes of each segment
/// query (one- and two-sided line casts, vertical probes) and a tenth as many static spheres.
fn same_as_before(c: &Collision, probes: usize, seed: u64) -> (usize, usize) {
    let new = Exact::new(c);
    let old = old::Old::new(c);
    let (lo, hi) = crate::heroes::audit::area(c);
    let mut rng = Rng::new(seed);
    let (mut hits, mut back_hits) = (0, 0);
    for i in 0..probes {
        let (s, d) = segment(&mut rng, lo, hi);
        let one = new.line(s, d);
        assert_eq!(one, old.line(s, d, segment_triangle), "line {i}: {s:?} + {d:?}");
        let two = new.line_two_sided(s, d);
        assert_eq!(two, old.line(s, d, segment_triangle_two_sided), "two-sided line {i}: {s:?} + {d:?}");
        hits += usize::from(one.is_some());
        back_hits += usize::from(two.is_some() && one.is_none());
        let (s, d) =
            crate::heroes::audit::make_probe(crate::heroes::audit::ProbeKind::Vertical, seed, i, lo, hi);
        assert_eq!(new.axis_y(s, d[1]), old.axis_y(s, d[1]), "vertical {i}: {s:?} + {d:?}");
    }
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for i in 0..probes / 10 {
        let centre = [0, 1, 2].map(|k| rng.range_f32(lo[k], hi[k]));
        let radius = rng.range_f32(0.0, 40.0);
        new.sphere(centre, radius, &mut a);
        old.sphere(centre, radius, &mut b);
        assert_eq!(a, b, "sphere {i}: {centre:?} r {radius}");
    }
    (hits, back_hits)
}

#[test]
fn the_surface_area_tree_answers_like_the_median_tree_on_100_000_probes() {
    let (hits, back_hits) = same_as_before(&generate::game_correct(42, 65_000, 12), 100_000, 1);
    // Both kinds of answer occur often, so the comparison compares something.
    assert!(hits > 5000 && back_hits > 1000, "{hits} hits, {back_hits} from behind only");
}

#[test]
fn coincident_triangles_split_by_halving_and_ties_go_to_the_lower_index() {
    // Every centre in one point: no plane separates them, the build halves instead.
    let mut c = generate::game_correct(5, 2000, 8);
    let first = c.triangles[0];
    let mut copies = vec![first; 3000];
    copies.extend_from_slice(&c.triangles);
    c.triangles = copies;
    same_as_before(&c, 3000, 2);
    let e = Exact::new(&c);
    let v = e.corners(0).unwrap();
    let centre = [0, 1, 2].map(|k| (v[0][k] + v[1][k] + v[2][k]) / 3.0);
    let n = cross(sub(v[1], v[0]), sub(v[2], v[0]));
    // From the front, against the normal: the lowest of the 3,000 copies answers.
    let scale = 0.01 / crate::heroes::query::dot(n, n).sqrt();
    let start = [0, 1, 2].map(|k| centre[k] + n[k] * scale);
    let hit = e.line(start, n.map(|x| -2.0 * scale * x)).unwrap();
    assert_eq!(hit.triangle, 0);
}

#[test]
fn two_sided_casts_hit_from_behind_and_match_one_sided_from_the_front() {
    let v = [[0.0, 0.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]];
    // (v1−v0)×(v2−v0) points up: from above it is a front hit.
    let down = segment_triangle([0.25, 1.0, 0.25], [0.0, -2.0, 0.0], &v);
    assert_eq!(down, Some(0.5));
    assert_eq!(segment_triangle_two_sided([0.25, 1.0, 0.25], [0.0, -2.0, 0.0], &v), down);
    assert_eq!(segment_triangle([0.25, -1.0, 0.25], [0.0, 2.0, 0.0], &v), None);
    assert_eq!(segment_triangle_two_sided([0.25, -1.0, 0.25], [0.0, 2.0, 0.0], &v), Some(0.5));
}

/// The nearest hit over every triangle, by brute force: the same test on each in index order, ties to the
/// lower index. Triangles whose vertex indices are out of range are never hit.
fn brute(c: &Collision, test: impl Fn(&[Vec3; 3]) -> Option<f32>) -> Option<(f32, u16)> {
    let mut best: Option<(f32, u16)> = None;
    for (i, tri) in c.triangles.iter().enumerate() {
        let Some(v) = crate::heroes::geom::triangle_points(&c.vertices, &tri.vertices) else { continue };
        if let Some(u) = test(&v) {
            if best.is_none_or(|(bu, _)| u < bu) {
                best = Some((u, u16::try_from(i).unwrap()));
            }
        }
    }
    best
}

/// A small stage with hostile triangles added: NaN and infinite corners, out-of-range vertex indices, zero
/// area (a repeated corner), exact copies, slivers one ulp wide, and giants reaching far beyond it; and the
/// stage's area before them (segments tens of orders of magnitude longer than the stage are beyond the
/// game's test: at 10²⁹ its rounding reports hits far from the triangle). Not three almost collinear
/// corners: a segment running inside their ill-defined plane can get a hit the rounding puts outside the
/// triangle's own box, which no bounding-box search finds (the old median tree did not either).
pub(in crate::heroes) fn hostile_stage() -> (Collision, Vec3, Vec3) {
    let mut c = generate::game_correct(7, 3000, 8);
    let (lo, hi) = crate::heroes::audit::area(&c);
    let mut rng = Rng::new(3);
    let n = c.triangles.len();
    let base = u16::try_from(c.vertices.len()).unwrap();
    c.vertices.extend([[f32::NAN, 0.0, 0.0], [f32::INFINITY, 1.0, 1.0], [0.0, f32::NEG_INFINITY, 2.0]]);
    c.vertices.extend([[1e30, 0.0, -1e30], [-1e30, 0.0, -1e30], [0.0, 0.0, 1e30]]);
    c.vertices.extend([[1e6, 50.0, -1e6], [-1e6, 50.0, -1e6], [0.0, 50.0, 1e6]]);
    for i in 0..600 {
        let mut t = c.triangles[rng.index(n)];
        match i % 5 {
            0 => t.vertices[rng.index(3)] = base + u16::try_from(rng.index(3)).unwrap(),
            1 => t.vertices[rng.index(3)] = u16::MAX,
            2 => t.vertices[1] = t.vertices[0],
            3 => {
                // A sliver: one corner nudged by one ulp off another.
                let a = c.vertices[usize::from(t.vertices[0])];
                t.vertices[2] = u16::try_from(c.vertices.len()).unwrap();
                c.vertices.push(a.map(|x| f32::from_bits(x.to_bits() + 1)));
            }
            _ => {}
        }
        c.triangles.push(t);
    }
    // Giants, both windings.
    for giant in [[base + 3, base + 4, base + 5], [base + 6, base + 7, base + 8]] {
        let mut t = c.triangles[0];
        t.vertices = giant;
        c.triangles.push(t);
        t.vertices = [giant[0], giant[2], giant[1]];
        c.triangles.push(t);
    }
    (c, lo, hi)
}

/// A probe that often starts exactly on a vertex's coordinates, so box planes pass through the start (or
/// at a NaN or an infinity, from the hostile corners; not out at the far giants' 10³⁰).
fn on_vertex(rng: &mut Rng, c: &Collision, lo: Vec3, hi: Vec3) -> (Vec3, Vec3) {
    let (mut s, mut d) = segment(rng, lo, hi);
    let v = loop {
        let v = c.vertices[rng.index(c.vertices.len())];
        if !v.iter().any(|x| x.is_finite() && x.abs() > 1e20) {
            break v;
        }
    };
    for k in 0..3 {
        if rng.below(2) == 0 {
            s[k] = v[k];
            if rng.below(2) == 0 {
                d[k] = 0.0;
            }
        }
    }
    (s, d)
}

#[test]
fn line_casts_and_vertical_probes_match_brute_force_on_100_000_probes_with_hostile_triangles() {
    let (c, lo, hi) = hostile_stage();
    let e = Exact::new(&c);
    let mut rng = Rng::new(11);
    let mut hits = [0usize; 3];
    for i in 0..100_000 {
        let (s, d) = if i % 2 == 0 { segment(&mut rng, lo, hi) } else { on_vertex(&mut rng, &c, lo, hi) };
        let at = |b: Option<(f32, u16)>| b.map(|(u, t)| (t, [0, 1, 2].map(|k| s[k] + d[k] * u)));
        let pick = |h: Option<Hit>| h.map(|h| (h.triangle, h.point));
        let one = brute(&c, |v| segment_triangle(s, d, v));
        assert_eq!(pick(e.line(s, d)), at(one), "line {i}: {s:?} + {d:?}");
        let two = brute(&c, |v| segment_triangle_two_sided(s, d, v));
        assert_eq!(pick(e.line_two_sided(s, d)), at(two), "two-sided line {i}: {s:?} + {d:?}");
        let dy = d[1];
        let y = brute(&c, |v| segment_y_triangle(s, dy, v));
        let vertical = y.map(|(u, t)| (t, [s[0], s[1] + dy * u, s[2]]));
        assert_eq!(pick(e.axis_y(s, dy)), vertical, "vertical {i}: {s:?} by {dy}");
        for (n, h) in hits.iter_mut().zip([one, two, y]) {
            *n += usize::from(h.is_some());
        }
    }
    assert!(hits.iter().all(|&n| n > 5000), "{hits:?} hits");
}

/// A stage whose tree is deeper than a traversal's stack frame holds: small triangles along X, each 1.4
/// times as far out as the one before, which the surface-area heuristic peels off one at a time.
fn deep_stage() -> Collision {
    let mut c = generate::game_correct(9, 500, 8);
    let template = c.triangles[0];
    for i in 0..200 {
        let x = 1.4f32.powi(i);
        let base = u16::try_from(c.vertices.len()).unwrap();
        c.vertices.extend([[x, 0.0, 0.0], [x, 0.0, 1.0], [x + 0.5, 0.0, 0.0]]);
        let mut t = template;
        t.vertices = [base, base + 1, base + 2];
        c.triangles.push(t);
    }
    c
}

#[test]
fn a_tree_deeper_than_the_stack_frame_defers_on_the_heap_and_answers_as_brute_force() {
    let c = deep_stage();
    let e = Exact::new(&c);
    assert!(e.bvh.stack_len() > bvh::SHORT, "a depth of {} fits the stack frame", e.bvh.depth);
    same_as_before(&c, 5_000, 4);
    // Down onto the chain's triangles (those small enough to have an area in f32), and along it.
    let mut rng = Rng::new(8);
    let mut hits = 0;
    for i in 0..20_000 {
        let x = 1.4f32.powi(i32::try_from(rng.index(40)).unwrap()) + rng.range_f32(0.0, 0.5);
        let (s, d) = if i % 2 == 0 {
            ([x, 1.0, rng.range_f32(0.0, 1.0)], [0.0, -2.0, 0.0])
        } else {
            ([0.0, 1.0, rng.range_f32(0.0, 1.0)], [2.0 * x, -2.0, 0.0])
        };
        let pick = |h: Option<Hit>| h.map(|h| h.triangle);
        let one = brute(&c, |v| segment_triangle(s, d, v)).map(|(_, t)| t);
        assert_eq!(pick(e.line(s, d)), one, "line {i}: {s:?} + {d:?}");
        let two = brute(&c, |v| segment_triangle_two_sided(s, d, v)).map(|(_, t)| t);
        assert_eq!(pick(e.line_two_sided(s, d)), two, "two-sided line {i}: {s:?} + {d:?}");
        let y = brute(&c, |v| segment_y_triangle(s, d[1], v)).map(|(_, t)| t);
        assert_eq!(pick(e.axis_y(s, d[1])), y, "vertical {i}: {s:?} by {}", d[1]);
        hits += usize::from(one.is_some());
    }
    assert!(hits > 5000, "{hits} hits");
}

/// The moving sphere's first contact by brute force: the facing cull and the sweep on every triangle in
/// index order, none skipped by a box; an overlap at the start wins (lowest index), else the earliest
/// contact (ties to the lower index).
fn brute_moving(c: &Collision, point: Vec3, radius: f32, dir: Vec3) -> Option<MoveHit> {
    let len = (dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]).sqrt();
    let unit = if len > 0.0 { dir.map(|d| d / len) } else { [0.0; 3] };
    let mut overlap: Option<u16> = None;
    let mut contact: Option<(f32, u16, Vec3)> = None;
    for (i, tri) in c.triangles.iter().enumerate() {
        let Some(v) = crate::heroes::geom::triangle_points(&c.vertices, &tri.vertices) else { continue };
        if !v.iter().flatten().all(|x| x.is_finite()) {
            continue;
        }
        let n = tri.normal;
        if n[2] * unit[2] + (n[0] * unit[0] + n[1] * unit[1]) >= FACING_CULL {
            continue;
        }
        let t = u16::try_from(i).unwrap();
        match sweep_sphere(point, radius, dir, &v) {
            Sweep::Miss => {}
            Sweep::Overlap(_) => overlap = overlap.or(Some(t)),
            Sweep::Contact { t: u, point: p } => {
                if contact.is_none_or(|(cu, _, _)| u < cu) {
                    contact = Some((u, t, p));
                }
            }
        }
    }
    match (overlap, contact) {
        (Some(triangle), _) => Some(MoveHit::Overlap { triangle }),
        (None, Some((t, triangle, point))) => Some(MoveHit::Contact { triangle, t, point }),
        (None, None) => None,
    }
}

#[test]
fn moving_spheres_match_brute_force_with_hostile_triangles() {
    let (c, lo, hi) = hostile_stage();
    let e = Exact::new(&c);
    let mut rng = Rng::new(13);
    let (mut overlaps, mut contacts) = (0, 0);
    for i in 0..20_000 {
        let (s, d) = if i % 2 == 0 { segment(&mut rng, lo, hi) } else { on_vertex(&mut rng, &c, lo, hi) };
        // Small to large spheres, and every tenth one a point (radius 0).
        let radius = if i % 10 == 0 { 0.0 } else { rng.range_f32(0.01, 8.0) };
        let d = d.map(|x| x * 0.2);
        let want = brute_moving(&c, s, radius, d);
        assert_eq!(e.moving_sphere(s, radius, d), want, "move {i}: {s:?} + {d:?}, radius {radius}");
        match want {
            Some(MoveHit::Overlap { .. }) => overlaps += 1,
            Some(MoveHit::Contact { .. }) => contacts += 1,
            None => {}
        }
    }
    assert!(overlaps > 2000 && contacts > 2000, "{overlaps} overlaps, {contacts} contacts");
}

/// Spheres moving down just beside a patch of small triangles far from the origin: the sweep's face test
/// meets a triangle up to about 0.16 outside its edge there, so the hierarchy must not skip such a triangle
/// by its box. Found by a 100,000-move comparison on the hostile stage (the hierarchy hit a later triangle).
#[test]
fn moving_spheres_meet_what_brute_force_meets_beside_triangles_far_out() {
    let mut c = generate::game_correct(5, 200, 4);
    let template = c.triangles[0];
    // An 8 × 8 patch of unit squares at x 5000..5008, z 0..8, two triangles each, facing up.
    for (x, z) in (0..8).flat_map(|x| (0..8).map(move |z| (x, z))) {
        let (x, z) = (5000.0 + x as f32, z as f32);
        let base = u16::try_from(c.vertices.len()).unwrap();
        c.vertices.extend([[x, 0.0, z], [x, 0.0, z + 1.0], [x + 1.0, 0.0, z], [x + 1.0, 0.0, z + 1.0]]);
        for corners in [[base, base + 1, base + 2], [base + 2, base + 1, base + 3]] {
            let mut t = template;
            (t.vertices, t.normal) = (corners, [0.0, 1.0, 0.0]);
            c.triangles.push(t);
        }
    }
    let e = Exact::new(&c);
    let mut rng = Rng::new(3);
    let mut beside = 0;
    for i in 0..4_000 {
        // Down past one of the patch's four sides, up to 0.15 outside it.
        let (along, out) = (rng.range_f32(0.0, 8.0), rng.range_f32(0.0, 0.15));
        let (x, z) = match i % 4 {
            0 => (5000.0 - out, along),
            1 => (5008.0 + out, along),
            2 => (5000.0 + along, -out),
            _ => (5000.0 + along, 8.0 + out),
        };
        let (start, radius, dir) = ([x, 5.0, z], rng.range_f32(0.0, 0.05), [0.0, -10.0, 0.0]);
        let want = brute_moving(&c, start, radius, dir);
        assert_eq!(e.moving_sphere(start, radius, dir), want, "move {i}: {start:?}, radius {radius}");
        beside += usize::from(out > radius && want.is_some());
    }
    // The face test's tolerance met spheres that pass beside the patch, so the comparison compares something.
    assert!(beside > 100, "{beside} contacts beside the patch");
}

/// `corners` answers for exactly the triangles in the hierarchy, with the file's own corners: none for an
/// index out of range or a NaN or infinite corner, and none past the last triangle.
#[test]
fn corners_are_the_files_for_every_triangle_in_the_hierarchy_and_none_for_the_rest() {
    let (c, _, _) = hostile_stage();
    let e = Exact::new(&c);
    let (mut kept, mut left_out) = (0, 0);
    for (i, tri) in c.triangles.iter().enumerate() {
        let t = u16::try_from(i).unwrap();
        let want = crate::heroes::geom::triangle_points(&c.vertices, &tri.vertices)
            .filter(|v| v.iter().flatten().all(|x| x.is_finite()));
        assert_eq!(
            e.corners(t).map(|v| v.map(|p| p.map(f32::to_bits))),
            want.map(|v| v.map(|p| p.map(f32::to_bits))),
            "triangle {t}"
        );
        if want.is_some() {
            kept += 1;
        } else {
            left_out += 1;
        }
    }
    assert!(kept > 3000 && left_out > 200, "{kept} kept, {left_out} left out");
    assert_eq!(e.corners(u16::try_from(c.triangles.len()).unwrap()), None);
}
