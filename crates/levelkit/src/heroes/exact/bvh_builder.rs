//! Builds the exact reference's hierarchy ([`super::bvh`]): a binned surface-area-heuristic split of the
//! triangles' boxes, its binary splits collapsed four ways (the largest part that still divides is opened
//! until a node has four children), the top levels in parallel.

use super::bvh::Bvh;
use super::node::{Boxes, Node, LEAF, WIDTH};
use crate::heroes::query::Vec3;
use crate::num::SaturatingFrom;
use crate::par;

/// Splits follow the surface-area heuristic down to this (binary) depth and halve their range below it.
const SAH_DEPTH: usize = 32;
/// Most triangles in a leaf.
const MAX_LEAF: usize = 4;
/// Bins for the surface-area heuristic (along the axis where the centres spread most).
const BINS: usize = 16;
/// Fewer bins for small ranges, where clearing and sweeping the bins costs more than binning.
const FEW_BINS: usize = 8;
/// Ranges up to this size use [`FEW_BINS`].
const SMALL: usize = 48;
/// Ranges at least this large build their children's subtrees in parallel.
const PAR_MIN: usize = 8192;

/// A triangle being sorted into the tree: its box, with the triangle index in the fourth lane of both
/// (exact in `f32`); `min + max` is twice its centre.
#[derive(Clone, Copy)]
struct Prim {
    min: [f32; 4],
    max: [f32; 4],
}

impl Prim {
    #[inline]
    fn centre2(&self, k: usize) -> f32 {
        self.min[k] + self.max[k]
    }

    fn triangle(&self) -> u16 {
        u16::saturating_from(self.min[3])
    }
}

/// Lane-wise minimum and maximum (the data has no NaN), for a primitive's four lanes and a range's eight
/// ([`Bounds`]): each lane a comparison, which compiles to one vector instruction per register.
#[inline(always)]
fn lane_min<const N: usize>(a: [f32; N], b: [f32; N]) -> [f32; N] {
    std::array::from_fn(|i| if a[i] < b[i] { a[i] } else { b[i] })
}

#[inline(always)]
fn lane_max<const N: usize>(a: [f32; N], b: [f32; N]) -> [f32; N] {
    std::array::from_fn(|i| if a[i] > b[i] { a[i] } else { b[i] })
}

#[inline(always)]
fn add4(a: [f32; 4], b: [f32; 4]) -> [f32; 4] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]]
}

/// A range's box and its doubled centres' box, side by side: each bound's lanes 0–2 are the box's, 4–6 the
/// centres' (3 and 7 are don't-care). Two eight-lane arrays, not four of four: from four, LLVM built
/// sixteen-lane operations for AVX-512 out of shuffles, and the native build took 15 % longer.
#[derive(Clone, Copy)]
struct Bounds {
    lo: [f32; 8],
    hi: [f32; 8],
}

/// `[a, b]` as one array: a box's and its centres' bounds side by side, one eight-lane operation each.
#[inline(always)]
fn cat(a: [f32; 4], b: [f32; 4]) -> [f32; 8] {
    [a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]]
}

impl Bounds {
    const EMPTY: Bounds = Bounds { lo: [f32::INFINITY; 8], hi: [f32::NEG_INFINITY; 8] };

    #[inline(always)]
    fn grow(&mut self, p: &Prim) {
        let c = add4(p.min, p.max);
        self.lo = lane_min(self.lo, cat(p.min, c));
        self.hi = lane_max(self.hi, cat(p.max, c));
    }

    #[inline(always)]
    fn merge(&self, b: &Bounds) -> Bounds {
        Bounds { lo: lane_min(self.lo, b.lo), hi: lane_max(self.hi, b.hi) }
    }

    fn of(prims: &[Prim]) -> Bounds {
        let mut b = Bounds::EMPTY;
        prims.iter().for_each(|p| b.grow(p));
        b
    }

    /// Half the surface area of the box (what the heuristic weighs by).
    fn area(&self) -> f32 {
        let d = [0, 1, 2].map(|k| self.hi[k] - self.lo[k]);
        d[0] * d[1] + d[1] * d[2] + d[2] * d[0]
    }
}

/// How a range divides: where its second part starts (the range already ordered so) and both parts'
/// bounds; `None`: it is a leaf.
type Split = Option<(usize, Bounds, Bounds)>;

/// A range of the triangles being sorted into a four-way node: where it starts, its length, bounds and
/// binary depth, and its split once chosen.
#[derive(Clone, Copy)]
struct Part {
    first: usize,
    len: usize,
    b: Bounds,
    depth: usize,
    split: Option<Split>,
}

/// Builds the hierarchy over the triangles `triangles` lists, `corners(t)` giving each one's finite corners.
pub(super) fn build(triangles: &[u16], corners: impl Fn(u16) -> [Vec3; 3]) -> Bvh {
    let mut b = Bounds::EMPTY;
    let mut prims: Vec<Prim> = triangles
        .iter()
        .map(|&t| {
            let [u, v, w] = corners(t).map(|c| [c[0], c[1], c[2], f32::from(t)]);
            let p = Prim { min: lane_min(lane_min(u, v), w), max: lane_max(lane_max(u, v), w) };
            b.grow(&p);
            p
        })
        .collect();
    if prims.is_empty() {
        return Bvh::default();
    }
    let mut nodes = Vec::with_capacity(prims.len() / 8 + 1);
    let mut part = Part { first: 0, len: prims.len(), b, depth: 0, split: None };
    let root = child(&mut prims, &mut part, &mut nodes);
    let depth = depth(&nodes);
    Bvh { nodes, order: prims.iter().map(Prim::triangle).collect(), root, depth }
}

/// The most inner nodes on a path down from the root (`nodes[0]`, if any): every node comes after its parent.
fn depth(nodes: &[Node]) -> usize {
    let mut depth = vec![1; nodes.len()];
    for (i, n) in nodes.iter().enumerate() {
        for &c in n.child.iter().filter(|&&c| c & LEAF == 0) {
            depth[c as usize] = depth[i] + 1;
        }
    }
    depth.into_iter().max().unwrap_or(0)
}

/// The subtree over `prims` (the range `part`, whose split may still be open): a leaf reference, or the
/// index of its four-way node, appended to `out` before its descendants.
fn child(prims: &mut [Prim], part: &mut Part, out: &mut Vec<Node>) -> u32 {
    let split = *part.split.get_or_insert_with(|| choose_split(prims, part.depth, &part.b));
    let Some((mid, l, r)) = split else {
        return LEAF | index_u32(part.len) << 24 | index_u32(part.first);
    };
    // Collapse the binary splits: open the largest part that still divides until there are four.
    let half = |first, len, b| Part { first, len, b, depth: part.depth + 1, split: None };
    let mut parts = [*part; WIDTH];
    parts[0] = half(part.first, mid, l);
    parts[1] = half(part.first + mid, part.len - mid, r);
    let mut n = 2;
    while n < WIDTH {
        let open = (0..n)
            .filter(|&i| !matches!(parts[i].split, Some(None)))
            .max_by(|&i, &j| parts[i].b.area().total_cmp(&parts[j].b.area()));
        let Some(i) = open else { break };
        let p = &mut parts[i];
        let at = p.first - part.first;
        let range = &mut prims[at..at + p.len];
        let split = *p.split.get_or_insert_with(|| choose_split(range, p.depth, &p.b));
        if let Some((mid, l, r)) = split {
            let (first, len, depth) = (p.first, p.len, p.depth + 1);
            parts.copy_within(i + 1..n, i + 2);
            parts[i] = Part { first, len: mid, b: l, depth, split: None };
            parts[i + 1] = Part { first: first + mid, len: len - mid, b: r, depth, split: None };
            n += 1;
        }
    }
    // A range that fits a leaf and divides only into leaves is one leaf: a node of two small leaves costs a
    // fetch more than the tests it saves (such nodes were over half of a 65,000-triangle stage's).
    if part.len <= MAX_LEAF && parts[..n].iter().all(|p| matches!(p.split, Some(None))) {
        return LEAF | index_u32(part.len) << 24 | index_u32(part.first);
    }
    let index = out.len();
    out.push(Node::EMPTY);
    let mut node = Boxes::EMPTY;
    if prims.len() >= PAR_MIN {
        // The parts' subtrees in parallel, each into its own array, then appended in order.
        let mut jobs = Vec::with_capacity(n);
        let mut rest = prims;
        for p in &parts[..n] {
            let (a, b) = std::mem::take(&mut rest).split_at_mut(p.len);
            jobs.push((a, *p));
            rest = b;
        }
        for (i, (v, code)) in subtrees(&mut jobs).into_iter().enumerate() {
            let offset = index_u32(out.len());
            let shift = |c: u32| if c & LEAF == 0 { c + offset } else { c };
            out.extend(v.into_iter().map(|mut m| {
                m.child = m.child.map(shift);
                m
            }));
            set(&mut node, i, &parts[i].b, shift(code));
        }
    } else {
        for (i, p) in parts.iter_mut().enumerate().take(n) {
            let at = p.first - part.first;
            let code = child(&mut prims[at..at + p.len], p, out);
            set(&mut node, i, &p.b, code);
        }
    }
    out[index] = Node::pack(&node);
    index_u32(index)
}

/// The subtrees of `jobs` (each a range and its part), each into its own array with its reference, in
/// order: halves of the list in parallel.
fn subtrees(jobs: &mut [(&mut [Prim], Part)]) -> Vec<(Vec<Node>, u32)> {
    if let [(prims, part)] = jobs {
        let mut v = Vec::new();
        let code = child(prims, part, &mut v);
        return vec![(v, code)];
    }
    let (a, b) = jobs.split_at_mut(jobs.len() / 2);
    let (mut a, b) = par::join(|| subtrees(a), || subtrees(b));
    a.extend(b);
    a
}

/// Puts child `i` (a reference, with the bounds `b`) into a node.
fn set(node: &mut Boxes, i: usize, b: &Bounds, child: u32) {
    for k in 0..3 {
        node.bounds[0][k][i] = b.lo[k];
        node.bounds[1][k][i] = b.hi[k];
    }
    node.child[i] = child;
}

/// Counts and indices here never exceed a few times 65,535 (triangle indices are u16).
fn index_u32(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

/// Orders `prims` (bounds `b`) into two non-empty parts and returns where the second starts and both
/// parts' bounds, or `None` to keep them in one leaf. The surface-area heuristic picks the plane among the
/// bin boundaries along the axis where the centres spread most; deep down, or when every centre is one
/// point, the range is halved instead (which bounds the depth), as it is when no plane separates anything.
fn choose_split(prims: &mut [Prim], depth: usize, b: &Bounds) -> Split {
    let n = prims.len();
    if n <= 1 {
        return None;
    }
    let ext = [0, 1, 2].map(|k| b.hi[4 + k] - b.lo[4 + k]);
    let k = (0..3).max_by(|&a, &c| ext[a].total_cmp(&ext[c])).unwrap_or(0);
    if depth >= SAH_DEPTH || ext[k] <= 0.0 {
        return halve(prims, k);
    }
    if n <= SMALL {
        binned::<FEW_BINS>(prims, k, b)
    } else {
        binned::<BINS>(prims, k, b)
    }
}

/// [`choose_split`] with `B` bins along `k`.
fn binned<const B: usize>(prims: &mut [Prim], k: usize, b: &Bounds) -> Split {
    let n = prims.len();
    let cmin = b.lo[4 + k];
    let scale = B as f32 / (b.hi[4 + k] - cmin);
    // In [0, B − 1] as a float first (NaN, from an extent too small for `scale`, is bin 0), so the
    // conversion is a plain truncation. The same function bins and partitions, so the two always agree.
    let top = (B - 1) as f32;
    let bin = |p: &Prim| {
        let x = (p.centre2(k) - cmin) * scale;
        let x = if x > 0.0 { x } else { 0.0 };
        usize::from(u8::saturating_from(if x < top { x } else { top }))
    };
    // Two sets of bins, even and odd triangles, so neighbours (often in one bin) do not wait on each other.
    let mut counts = [[0u32; B]; 2];
    let mut boxes = [[Bounds::EMPTY; B]; 2];
    let mut pairs = prims.chunks_exact(2);
    for pair in &mut pairs {
        let (i, j) = (bin(&pair[0]), bin(&pair[1]));
        counts[0][i] += 1;
        boxes[0][i].grow(&pair[0]);
        counts[1][j] += 1;
        boxes[1][j].grow(&pair[1]);
    }
    for p in pairs.remainder() {
        let i = bin(p);
        counts[0][i] += 1;
        boxes[0][i].grow(p);
    }
    let counts: [u32; B] = std::array::from_fn(|i| counts[0][i] + counts[1][i]);
    // Both sets' boxes are merged in the sweeps, not in a pass of their own: a loop over the bins alone
    // is one that compilers for AVX-512 turn into scatters, slower than the whole binning.
    let [even, odd] = &boxes;
    // Right to left: the cost (area × count) of bins i.. .
    let mut right_cost = [0f32; B];
    let (mut acc, mut rn) = (Bounds::EMPTY, 0u32);
    for i in (1..B).rev() {
        acc = acc.merge(&even[i]).merge(&odd[i]);
        rn += counts[i];
        right_cost[i] = if rn > 0 { acc.area() * rn as f32 } else { 0.0 };
    }
    let n32 = index_u32(n);
    let mut best: Option<(f32, usize, Bounds)> = None;
    let (mut left, mut ln) = (Bounds::EMPTY, 0u32);
    for i in 1..B {
        left = left.merge(&even[i - 1]).merge(&odd[i - 1]);
        ln += counts[i - 1];
        if ln == 0 || ln == n32 {
            continue;
        }
        let cost = left.area() * ln as f32 + right_cost[i];
        if best.is_none_or(|(c, _, _)| cost < c) {
            best = Some((cost, i, left));
        }
    }
    let Some((cost, plane, left)) = best else { return halve(prims, k) };
    // A leaf costs one test per triangle; a split one box test more plus its children's expected tests.
    let parent = b.area();
    if n <= MAX_LEAF && n as f32 * parent <= parent + cost {
        return None;
    }
    let right = (plane..B).fold(Bounds::EMPTY, |r, i| r.merge(&even[i]).merge(&odd[i]));
    // Partition in place: bins below the plane first.
    let (mut i, mut j) = (0, n);
    loop {
        while i < j && bin(&prims[i]) < plane {
            i += 1;
        }
        while i < j && bin(&prims[j - 1]) >= plane {
            j -= 1;
        }
        if i >= j {
            break;
        }
        prims.swap(i, j - 1);
        i += 1;
        j -= 1;
    }
    Some((i, left, right))
}

/// Halves `prims` at the median of the centres along `k` (ties by triangle index), or `None` if they fit
/// in a leaf.
fn halve(prims: &mut [Prim], k: usize) -> Split {
    let n = prims.len();
    if n <= MAX_LEAF {
        return None;
    }
    prims.select_nth_unstable_by(n / 2, |a, c| {
        a.centre2(k).total_cmp(&c.centre2(k)).then(a.min[3].total_cmp(&c.min[3]))
    });
    let (l, r) = prims.split_at(n / 2);
    Some((n / 2, Bounds::of(l), Bounds::of(r)))
}
