//! The exact reference's bounding-volume hierarchy: a binned surface-area-heuristic build over the
//! triangles' boxes, 32-byte nodes whose two children sit side by side, and an ordered segment traversal
//! that opens the nearer child first and skips every box that starts beyond the nearest hit so far.

use crate::heroes::query::Vec3;
use crate::num::SaturatingFrom;

/// Most triangles in a leaf.
const MAX_LEAF: usize = 2;
/// Bins per axis for the surface-area heuristic.
const BINS: usize = 16;
/// Splits follow the surface-area heuristic down to this depth and halve their range below it, so no
/// input makes the tree deeper than `SAH_DEPTH + 17` (16 halvings take 65,535 triangles to one).
const SAH_DEPTH: usize = 32;
/// The traversal stack holds at most one entry per level.
const STACK: usize = 64;

/// A node: 32 bytes.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Node {
    pub min: Vec3,
    /// Leaf: first index into the leaf-ordered triangles; inner: its children's [`Pair`].
    pub index: u32,
    pub max: Vec3,
    /// Leaf: triangle count (> 0); inner: 0.
    pub count: u32,
}

/// An inner node's two children, side by side in one cache line: a traversal step reads one line.
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(64))]
pub(super) struct Pair(pub [Node; 2]);

/// A triangle being sorted into the tree: its box, the box's centre and its index.
#[derive(Clone, Copy)]
struct Prim {
    min: Vec3,
    max: Vec3,
    centre: Vec3,
    triangle: u16,
}

/// A range's box and its centres' box.
#[derive(Clone, Copy)]
struct Bounds {
    min: Vec3,
    max: Vec3,
    cmin: Vec3,
    cmax: Vec3,
}

impl Bounds {
    const EMPTY: Bounds = Bounds {
        min: [f32::INFINITY; 3],
        max: [f32::NEG_INFINITY; 3],
        cmin: [f32::INFINITY; 3],
        cmax: [f32::NEG_INFINITY; 3],
    };

    #[inline]
    fn grow(&mut self, p: &Prim) {
        for k in 0..3 {
            self.min[k] = self.min[k].min(p.min[k]);
            self.max[k] = self.max[k].max(p.max[k]);
            self.cmin[k] = self.cmin[k].min(p.centre[k]);
            self.cmax[k] = self.cmax[k].max(p.centre[k]);
        }
    }

    fn of(prims: &[Prim]) -> Bounds {
        let mut b = Bounds::EMPTY;
        prims.iter().for_each(|p| b.grow(p));
        b
    }
}

/// The hierarchy: `root`, inner nodes' children in `pairs`; leaves list ranges of `order` (triangle
/// indices).
#[derive(Clone, Debug, Default)]
pub(super) struct Bvh {
    pub root: Option<Node>,
    pub pairs: Vec<Pair>,
    pub order: Vec<u16>,
}

/// Builds the hierarchy over the triangles `triangles` lists, `corners(t)` giving each one's finite corners.
pub(super) fn build(triangles: &[u16], corners: impl Fn(u16) -> [Vec3; 3]) -> Bvh {
    let mut prims: Vec<Prim> = triangles
        .iter()
        .map(|&t| {
            let v = corners(t);
            let min = [0, 1, 2].map(|k| v[0][k].min(v[1][k]).min(v[2][k]));
            let max = [0, 1, 2].map(|k| v[0][k].max(v[1][k]).max(v[2][k]));
            let centre = [0, 1, 2].map(|k| (min[k] + max[k]) * 0.5);
            Prim { min, max, centre, triangle: t }
        })
        .collect();
    let mut pairs = Vec::with_capacity(prims.len() / 2);
    let root = (!prims.is_empty()).then(|| {
        let bounds = Bounds::of(&prims);
        split(&mut prims, bounds, 0, 0, &mut pairs)
    });
    Bvh { root, pairs, order: prims.iter().map(|p| p.triangle).collect() }
}

/// The subtree over `prims` (which start at `first` in leaf order, and have the bounds `b`).
fn split(prims: &mut [Prim], b: Bounds, first: usize, depth: usize, pairs: &mut Vec<Pair>) -> Node {
    let Some((mid, left, right)) = choose_split(prims, depth, &b) else {
        return Node { min: b.min, max: b.max, index: index_u32(first), count: index_u32(prims.len()) };
    };
    let pair = pairs.len();
    pairs.push(Pair::default());
    let (l, r) = prims.split_at_mut(mid);
    let l = split(l, left, first, depth + 1, pairs);
    let r = split(r, right, first + mid, depth + 1, pairs);
    pairs[pair] = Pair([l, r]);
    Node { min: b.min, max: b.max, index: index_u32(pair), count: 0 }
}

/// Counts here never exceed 65,535 (triangle indices are u16).
fn index_u32(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

/// Half the surface area of a box (what the heuristic weighs by).
fn area(min: Vec3, max: Vec3) -> f32 {
    let d = [max[0] - min[0], max[1] - min[1], max[2] - min[2]];
    d[0] * d[1] + d[1] * d[2] + d[2] * d[0]
}

/// Orders `prims` into two non-empty halves and returns where the second starts and both halves'
/// bounds, or `None` to keep them in one leaf. The surface-area heuristic picks the plane, among the bin
/// boundaries along the axis where the centres spread most.
fn choose_split(prims: &mut [Prim], depth: usize, b: &Bounds) -> Option<(usize, Bounds, Bounds)> {
    let n = prims.len();
    if n <= 1 {
        return None;
    }
    let (cmin, cmax) = (b.cmin, b.cmax);
    let k = (0..3).max_by(|&a, &c| (cmax[a] - cmin[a]).total_cmp(&(cmax[c] - cmin[c]))).unwrap_or(0);
    if depth >= SAH_DEPTH || cmax[k] <= cmin[k] {
        if n <= MAX_LEAF {
            return None;
        }
        // Deep, or every centre in one point: halve, which bounds the depth.
        let key = |p: &Prim| (p.centre[k], p.triangle);
        prims.select_nth_unstable_by(n / 2, |a, c| {
            key(a).0.total_cmp(&key(c).0).then(key(a).1.cmp(&key(c).1))
        });
        let (l, r) = prims.split_at(n / 2);
        return Some((n / 2, Bounds::of(l), Bounds::of(r)));
    }
    let scale = BINS as f32 / (cmax[k] - cmin[k]);
    let mut counts = [0usize; BINS];
    let mut boxes = [Bounds::EMPTY; BINS];
    for p in prims.iter() {
        let i = bin(p.centre[k], cmin[k], scale);
        counts[i] += 1;
        boxes[i].grow(p);
    }
    // Right to left: the cost (area × count) of bins i.. .
    let mut right_cost = [0f32; BINS];
    let (mut right, mut rn) = (Bounds::EMPTY, 0usize);
    for i in (1..BINS).rev() {
        right = merge(&right, &boxes[i]);
        rn += counts[i];
        right_cost[i] = if rn > 0 { area(right.min, right.max) * rn as f32 } else { 0.0 };
    }
    let mut best: Option<(f32, usize)> = None;
    let (mut left, mut ln) = (Bounds::EMPTY, 0usize);
    for i in 1..BINS {
        left = merge(&left, &boxes[i - 1]);
        ln += counts[i - 1];
        if ln == 0 || ln == n {
            continue;
        }
        let cost = area(left.min, left.max) * ln as f32 + right_cost[i];
        if best.is_none_or(|(c, _)| cost < c) {
            best = Some((cost, i));
        }
    }
    let (cost, plane) = best?;
    // A leaf costs one test per triangle; a split one box test more plus its children's expected tests.
    let parent = area(b.min, b.max);
    if n <= MAX_LEAF && n as f32 * parent <= parent + cost {
        return None;
    }
    let (mut left, mut right) = (Bounds::EMPTY, Bounds::EMPTY);
    let mut mid = 0;
    for i in 0..n {
        if bin(prims[i].centre[k], cmin[k], scale) < plane {
            left.grow(&prims[i]);
            prims.swap(i, mid);
            mid += 1;
        } else {
            right.grow(&prims[i]);
        }
    }
    Some((mid, left, right))
}

fn merge(a: &Bounds, b: &Bounds) -> Bounds {
    let mut m = *a;
    for k in 0..3 {
        m.min[k] = m.min[k].min(b.min[k]);
        m.max[k] = m.max[k].max(b.max[k]);
        m.cmin[k] = m.cmin[k].min(b.cmin[k]);
        m.cmax[k] = m.cmax[k].max(b.cmax[k]);
    }
    m
}

/// The bin of a centre coordinate (the same function sorts and counts, so the two always agree).
fn bin(c: f32, cmin: f32, scale: f32) -> usize {
    let b = ((c - cmin) * scale).clamp(0.0, (BINS - 1) as f32);
    // Saturating; NaN (an extent too small for `scale`) gives bin 0.
    usize::saturating_from(b)
}

/// A segment `start → start + dir` prepared for box tests.
pub(super) struct Segment {
    start: Vec3,
    dir: Vec3,
    inv: Vec3,
}

impl Segment {
    pub fn new(start: Vec3, dir: Vec3) -> Segment {
        Segment { start, dir, inv: dir.map(|d| 1.0 / d) }
    }

    /// Where the part `[0, limit]` of the segment enters the closed box, if it meets it (slab test,
    /// widened by a hair so rounding never drops a triangle the exact test would hit; a zero direction
    /// component needs the start inside that slab). The entry only grows as `limit` shrinks, so an entry
    /// above a later limit means the box is out of reach.
    #[inline]
    pub fn entry(&self, n: &Node, limit: f32) -> Option<f32> {
        let (mut t0, mut t1) = (0.0f32, limit);
        for k in 0..3 {
            if self.dir[k] == 0.0 {
                if self.start[k] < n.min[k] || self.start[k] > n.max[k] {
                    return None;
                }
                continue;
            }
            let a = (n.min[k] - self.start[k]) * self.inv[k];
            let b = (n.max[k] - self.start[k]) * self.inv[k];
            let (a, b) = if a <= b { (a, b) } else { (b, a) };
            t0 = t0.max(a - 1e-6 * a.abs() - 1e-12);
            t1 = t1.min(b + 1e-6 * b.abs() + 1e-12);
            if t0 > t1 {
                return None;
            }
        }
        Some(t0)
    }
}

impl Bvh {
    /// The smallest `(t, triangle)` over the leaves the segment reaches, `test(position)` giving a leaf
    /// triangle's hit parameter (`position` indexes [`Bvh::order`]); ties go to the lower triangle index.
    /// Children are opened nearer first, and a box entered beyond the best hit so far is skipped.
    pub fn nearest(&self, seg: &Segment, mut test: impl FnMut(usize) -> Option<f32>) -> Option<(f32, u16)> {
        let mut node = self.root?;
        seg.entry(&node, 1.0)?;
        let mut best: Option<(f32, u16)> = None;
        let mut limit = 1.0f32;
        // Deferred children as (pair index × 2 + side, entry).
        let mut stack = [(0u32, 0f32); STACK];
        let mut top = 0usize;
        loop {
            let first = node.index as usize;
            if node.count == 0 {
                let [a, b] = self.pairs[first].0;
                match (seg.entry(&a, limit), seg.entry(&b, limit)) {
                    (Some(ta), Some(tb)) => {
                        let (next, later, at) = if tb < ta { (b, 0, ta) } else { (a, 1, tb) };
                        stack[top] = (node.index * 2 + later, at);
                        top += 1;
                        node = next;
                        continue;
                    }
                    (Some(_), None) => {
                        node = a;
                        continue;
                    }
                    (None, Some(_)) => {
                        node = b;
                        continue;
                    }
                    (None, None) => {}
                }
            } else {
                for i in first..first + node.count as usize {
                    if let Some(u) = test(i) {
                        let t = self.order[i];
                        if best.is_none_or(|(bu, bt)| u < bu || (u == bu && t < bt)) {
                            best = Some((u, t));
                            limit = u;
                        }
                    }
                }
            }
            loop {
                if top == 0 {
                    return best;
                }
                top -= 1;
                let (code, at) = stack[top];
                if at <= limit {
                    node = self.pairs[(code / 2) as usize].0[(code % 2) as usize];
                    break;
                }
            }
        }
    }

    /// Visits the triangles in leaves whose boxes `keep` accepts, in tree order.
    pub fn each(&self, mut keep: impl FnMut(&Vec3, &Vec3) -> bool, mut visit: impl FnMut(u16)) {
        let Some(root) = self.root else { return };
        let mut stack = [Node::default(); STACK];
        stack[0] = root;
        let mut top = 1usize;
        while top > 0 {
            top -= 1;
            let n = stack[top];
            if !keep(&n.min, &n.max) {
                continue;
            }
            let first = n.index as usize;
            if n.count > 0 {
                self.order[first..first + n.count as usize].iter().for_each(|&t| visit(t));
            } else {
                let [a, b] = self.pairs[first].0;
                stack[top] = b;
                stack[top + 1] = a;
                top += 2;
            }
        }
    }
}
