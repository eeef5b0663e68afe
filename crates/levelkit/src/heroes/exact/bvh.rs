//! The exact reference's bounding-volume hierarchy: four children per node, their boxes decoded axis by
//! axis from the packed node ([`super::node`]) so one segment/box test covers all four in vector lanes,
//! and an ordered segment traversal that opens the nearest child first and skips every box that starts
//! beyond the nearest hit so far. [`super::build`] builds it.

use super::node::{Lanes, Node, LEAF, WIDTH};
use crate::heroes::query::Vec3;
use wide::{f32x4, CmpLe};

/// The deferred children a traversal keeps on its stack frame when the tree is shallow enough (every real
/// stage's is: 65,000 triangles make paths of about ten nodes); deeper trees use a vector. Small, because
/// the frame is cleared on every call.
pub(super) const SHORT: usize = 32;

/// A traversal's stack frame on cache-line boundaries: cleared on every call with wide stores, which
/// are several times slower where they straddle two lines (a tenth of a line cast's time with AVX-512).
#[repr(C, align(64))]
struct Aligned<T>(T);

/// The hierarchy: the inner `nodes` (each after its parent), the `root` (a node or, for a few triangles, a
/// leaf) and the leaves' triangles in leaf order (`order`, triangle indices). No box is stored for the
/// root: a segment that misses it misses its children's boxes as well.
#[derive(Clone, Debug, Default)]
pub(super) struct Bvh {
    pub nodes: Vec<Node>,
    pub order: Vec<u16>,
    pub root: u32,
    /// The most inner nodes on a path from the root to a leaf.
    pub depth: usize,
}

/// How much wider than its rounded slab parameters a box test reaches: relative (folded into the
/// inverses, [`Segment::new`]) and absolute (on the interval, [`Segment::entries`]).
const WIDEN: f32 = 4e-6;
const SLACK: f32 = 4e-12;

/// A segment `start → start + dir` prepared for box tests: per axis the inverse direction made smaller
/// and larger by [`WIDEN`] (for the near and the far plane) and which side of a box it enters by.
pub(super) struct Segment {
    start: Vec3,
    /// `1/dir` times `1 − WIDEN` and `1 + WIDEN`; `+∞` for a zero component, NaN where `1/dir` overflows
    /// (no bound on that axis).
    inv: [Vec3; 2],
    /// 0 where the segment enters a slab by its minimum (`dir ≥ 0`), 1 by its maximum.
    near: [usize; 3],
}

impl Segment {
    pub fn new(start: Vec3, dir: Vec3) -> Segment {
        let inv = dir.map(|d| match 1.0 / d {
            _ if d == 0.0 => f32::INFINITY,
            i if i.is_infinite() => f32::NAN,
            i => i,
        });
        Segment {
            start,
            inv: [inv.map(|i| i * (1.0 - WIDEN)), inv.map(|i| i * (1.0 + WIDEN))],
            near: dir.map(|d| usize::from(d < 0.0)),
        }
    }

    /// Narrows the interval `[t0, t1]` of each of the node's four boxes by the slab along axis `k`.
    #[inline(always)]
    fn slab(&self, node: &Node, k: usize, t0: &mut [f32; WIDTH], t1: &mut [f32; WIDTH]) {
        let near = node.side(self.near[k], k);
        let far = node.side(1 - self.near[k], k);
        let (s, enter, leave) = (self.start[k], self.inv[0][k], self.inv[1][k]);
        for i in 0..WIDTH {
            let a = (near[i] - s) * enter;
            t0[i] = if a > t0[i] { a } else { t0[i] };
            let b = (far[i] - s) * leave;
            t1[i] = if b < t1[i] { b } else { t1[i] };
        }
    }
}

/// Where a segment reaches a node's children's boxes.
pub(super) trait Reach {
    /// Where the part `[0, limit]` of the segment enters each of the node's four boxes (less [`SLACK`]),
    /// and a mask of the boxes it meets.
    fn entries(&self, node: &Node, limit: f32) -> ([f32; WIDTH], u32);
}

/// The boxes an interval `[t0, t1]` meets, each end widened by [`SLACK`], and the entries.
#[inline(always)]
fn met(mut t0: [f32; WIDTH], t1: [f32; WIDTH]) -> ([f32; WIDTH], u32) {
    for t in &mut t0 {
        *t -= SLACK;
    }
    let reach = [t1[0] + SLACK, t1[1] + SLACK, t1[2] + SLACK, t1[3] + SLACK];
    (t0, at_most(t0, reach))
}

/// The lanes where `a ≤ b` (false where either is NaN), as the bits of a mask.
///
/// Through `wide`'s comparison and bitmask: one compare and one `movmskps` on every x86 target. Written
/// lane by lane, the same comparisons compile with AVX-512 (`-C target-cpu=native` here) to a compare
/// into a mask register and fifteen instructions assembling its bits one by one: on the path from one
/// node to the next, 7 % of a native cast.
#[inline(always)]
pub(super) fn at_most(a: [f32; WIDTH], b: [f32; WIDTH]) -> u32 {
    // Four bits: 0 to 15.
    f32x4::new(a).cmp_le(f32x4::new(b)).move_mask().unsigned_abs()
}

impl Reach for Segment {
    /// Per axis this is the slab test, wider than the rounded parameters `(plane − start)·inv` so rounding
    /// never drops a triangle the exact test would hit: the entry is scaled by `1 − WIDEN` and the exit
    /// by `1 + WIDEN` (in the inverses: a parameter's sign is exact, so this widens both; 4·10⁻⁶ is over
    /// 30 ulps, far beyond the three roundings of the product), and each end of the interval by `SLACK`.
    /// This accepts every box the original binary tree's test did (entry `a − 10⁻⁶·a − 10⁻¹²`, exit
    /// `b + 10⁻⁶·|b| + 10⁻¹²`). A NaN parameter leaves the interval as it is. For a zero component
    /// (`inv = +∞`) a start strictly outside the slab gives an entry of `+∞` or an exit of `−∞`: a miss;
    /// inside, `∓∞` or, on a plane, `0·∞ = NaN`: no bound, as the start-inside-the-slab rule says. An
    /// overflowing `1/dir` (a subnormal component) is NaN: no bound on that axis at all, which keeps every
    /// box the original accepted. An entry above a later limit means the box is out of reach.
    #[inline(always)]
    fn entries(&self, node: &Node, limit: f32) -> ([f32; WIDTH], u32) {
        let (mut t0, mut t1) = ([0.0f32; WIDTH], [limit; WIDTH]);
        for k in 0..3 {
            self.slab(node, k, &mut t0, &mut t1);
        }
        met(t0, t1)
    }
}

/// A vertical segment: [`Segment`] with zero X and Z components, whose rule for them — a start strictly
/// outside the slab misses, any other (inside, on a plane, NaN) is no bound — is compared here instead of
/// computed through infinite inverses: most of a vertical probe's box test.
pub(super) struct Vertical(Segment);

impl Vertical {
    pub fn new(start: Vec3, distance: f32) -> Vertical {
        Vertical(Segment::new(start, [0.0, distance, 0.0]))
    }
}

impl Reach for Vertical {
    #[inline(always)]
    fn entries(&self, node: &Node, limit: f32) -> ([f32; WIDTH], u32) {
        let (mut t0, mut t1) = ([0.0f32; WIDTH], [limit; WIDTH]);
        let s = self.0.start;
        let (x0, x1, z0, z1) = (node.side(0, 0), node.side(1, 0), node.side(0, 2), node.side(1, 2));
        for i in 0..WIDTH {
            let out = (x0[i] > s[0]) | (x1[i] < s[0]) | (z0[i] > s[2]) | (z1[i] < s[2]);
            t0[i] = if out { f32::INFINITY } else { t0[i] };
        }
        self.0.slab(node, 1, &mut t0, &mut t1);
        met(t0, t1)
    }
}

/// A leaf triangle's entry as a traversal reads it: it names its triangle (for ties) without a look-up in
/// [`Bvh::order`], a cache line more on every leaf.
pub(super) trait Entry {
    fn triangle(&self) -> u16;
}

/// A leaf reference's positions in leaf order.
#[inline]
fn leaf_range(code: u32) -> std::ops::Range<usize> {
    let first = (code & 0x00FF_FFFF) as usize;
    first..first + ((code >> 24) & 0x7F) as usize
}

impl Bvh {
    /// The smallest hit parameter over the leaves the segment reaches and the position in leaf order of
    /// its triangle, `test` giving a leaf triangle's hit parameter from its entry in `items` (the
    /// triangles in leaf order, as [`Bvh::order`]); ties go to the lower triangle index. Children are
    /// opened nearest first, and a box entered beyond the best hit so far is skipped. The entries are
    /// passed, not their positions: a closure that indexes stays a call on the hot path.
    pub fn nearest<T: Entry>(
        &self,
        seg: &impl Reach,
        items: &[T],
        test: impl FnMut(&T) -> Option<f32>,
    ) -> Option<(f32, usize)> {
        if self.order.is_empty() {
            None
        } else if self.stack_len() <= SHORT {
            self.nearest_with(&mut Aligned([(0, 0.0); SHORT]).0, seg, items, test)
        } else {
            self.nearest_with(&mut vec![(0, 0.0); self.stack_len()], seg, items, test)
        }
    }

    /// The most entries a traversal defers at once: each inner node on the path replaces itself by at
    /// most four children.
    pub(super) fn stack_len(&self) -> usize {
        (WIDTH - 1) * self.depth + 1
    }

    /// [`Bvh::nearest`] with `deferred` (at least [`Bvh::stack_len`] long) for the children it defers and
    /// where the segment enters them.
    #[inline(always)]
    fn nearest_with<T: Entry>(
        &self,
        deferred: &mut [(u32, f32)],
        seg: &impl Reach,
        items: &[T],
        mut test: impl FnMut(&T) -> Option<f32>,
    ) -> Option<(f32, usize)> {
        // The best hit: its parameter, triangle and position in leaf order.
        let mut best: Option<(f32, u16, usize)> = None;
        let mut limit = 1.0f32;
        let mut top = 0;
        let mut code = self.root;
        // What the touches read, used once at the end so that they stay.
        let mut touched = 0u32;
        loop {
            if code & LEAF == 0 {
                let n = &self.nodes[code as usize];
                touched ^= self.touch_children(n, items);
                let (t, mask) = seg.entries(n, limit);
                if mask != 0 {
                    let i = mask.trailing_zeros() as usize;
                    let rest = mask & (mask - 1);
                    if rest == 0 {
                        code = n.child[i];
                        continue;
                    }
                    if rest & (rest - 1) == 0 {
                        // Two: defer the farther.
                        let j = rest.trailing_zeros() as usize;
                        let (near, far) = if t[j] <= t[i] { (j, i) } else { (i, j) };
                        deferred[top] = (n.child[far], t[far]);
                        top += 1;
                        code = n.child[near];
                        continue;
                    }
                    // Nearest last: push the others farthest first.
                    let mut near = [(0f32, 0u32); WIDTH];
                    near[0] = (t[i], n.child[i]);
                    let mut count = 1;
                    let mut m = rest;
                    while m != 0 {
                        let j = m.trailing_zeros() as usize;
                        m &= m - 1;
                        let mut at = count;
                        while at > 0 && near[at - 1].0 < t[j] {
                            near[at] = near[at - 1];
                            at -= 1;
                        }
                        near[at] = (t[j], n.child[j]);
                        count += 1;
                    }
                    for &(t, c) in &near[..count - 1] {
                        deferred[top] = (c, t);
                        top += 1;
                    }
                    code = near[count - 1].1;
                    continue;
                }
            } else {
                let range = leaf_range(code);
                for (at, x) in (range.start..).zip(&items[range]) {
                    if let Some(u) = test(x) {
                        let t = x.triangle();
                        if best.is_none_or(|(bu, bt, _)| u < bu || (u == bu && t < bt)) {
                            best = Some((u, t, at));
                            limit = u;
                        }
                    }
                }
            }
            loop {
                if top == 0 {
                    std::hint::black_box(touched);
                    return best.map(|(u, _, at)| (u, at));
                }
                top -= 1;
                let (c, entry) = deferred[top];
                if entry <= limit {
                    code = c;
                    break;
                }
            }
        }
    }

    /// Reads a word of each of a node's children — an inner child's node, a leaf's first triangle — so that
    /// their cache lines are on their way while the box test decides which to open (safe Rust has no
    /// prefetch). The path down the tree is a chain of loads, each waiting for the one before; a cast after
    /// other work finds the lines in the last-level cache, and this overlaps its latency with the box test:
    /// a native cast 9 % faster after obvhs's casts, 3 % after levelkit's own (docs/dev/performance.md, seventh
    /// pass). Returns what it read, XORed.
    #[inline(always)]
    fn touch_children<T: Entry>(&self, n: &Node, items: &[T]) -> u32 {
        let mut read = 0;
        for &c in &n.child {
            if c & LEAF == 0 {
                read ^= self.nodes.get(c as usize).map_or(0, |m| m.child[0]);
            } else {
                read ^= items.get(leaf_range(c).start).map_or(0, |x| u32::from(x.triangle()));
            }
        }
        read
    }

    /// Visits the triangles in leaves whose boxes `keep` accepts (and whose ancestors' boxes it accepts),
    /// in tree order, by position in leaf order. `keep(min, max)` judges a node's four children's boxes at
    /// once (an unused slot has the empty box `+∞..−∞`): bit `i` of its mask keeps child `i`.
    #[inline]
    pub fn each(&self, keep: impl FnMut(&Lanes, &Lanes) -> u32, visit: impl FnMut(usize)) {
        if self.order.is_empty() {
            return;
        }
        if self.stack_len() <= SHORT {
            self.each_with(&mut Aligned([0; SHORT]).0, keep, visit);
        } else {
            self.each_with(&mut vec![0; self.stack_len()], keep, visit);
        }
    }

    /// [`Bvh::each`] with `stack` (at least [`Bvh::stack_len`] long) for the nodes still to open.
    #[inline(always)]
    fn each_with(
        &self,
        stack: &mut [u32],
        mut keep: impl FnMut(&Lanes, &Lanes) -> u32,
        mut visit: impl FnMut(usize),
    ) {
        stack[0] = self.root;
        let mut top = 1;
        while top > 0 {
            top -= 1;
            let code = stack[top];
            if code & LEAF != 0 {
                leaf_range(code).for_each(&mut visit);
                continue;
            }
            let n = &self.nodes[code as usize];
            let [min, max] = n.bounds();
            let kept = keep(&min, &max);
            // Pushed in reverse, so the first child is visited first.
            for i in (0..WIDTH).rev() {
                if kept >> i & 1 != 0 {
                    stack[top] = n.child[i];
                    top += 1;
                }
            }
        }
    }
}
