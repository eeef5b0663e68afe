//! The geometry the `.cl` tree relies on, computed the way the game computes it.
//!
//! The tree is 2-D over X and Z (Y is up). A node's square comes from the header and the node's (nx, nz,
//! depth) exactly as the game's loader derives it ([`Grid`]), including its quirk of clearing the low 12
//! bits of rootLength. [`triangle_overlaps_square`] is the exact test a complete tree lists triangles by.
//! The builder, the validator and the queries share these functions so they agree on every square, and the
//! property of a triangle the game hangs on ([`freeze`]: its corner orders), which the builder, repair,
//! the validator and the audit all ask.

#[cfg(test)]
use super::NO_TRIANGLE;
use super::{Header, MAX_DEPTH};
use crate::num::{round_f32, saturate};
use crate::vecmath::{cross, normalise, sub, widen};

pub mod freeze;

/// A point or vector (x, y, z); Y is up.
pub type Vec3 = [f32; 3];

/// The game's slack in its sphere tests (`0.000123` in `calc_colli.cpp`).
pub const SPHERE_SLACK: f32 = 0.000_123;

/// A 2-D point on the X/Z plane.
pub type Xz = [f32; 2];

/// The unnormalised face normal (v1−v0)×(v2−v0), in f64: its direction is the solid side's outward normal.
pub fn cross_from_winding(v: &[[f32; 3]; 3]) -> [f64; 3] {
    let [v0, v1, v2] = v.map(widen);
    cross(sub(v1, v0), sub(v2, v0))
}

/// The unit normal normalize((v1−v0)×(v2−v0)) the game expects in a triangle, or `None` when the triangle
/// is degenerate (zero area, or coordinates that are not finite).
pub fn normal_from_winding(v: &[[f32; 3]; 3]) -> Option<[f32; 3]> {
    // Rounded to f32 only once the f64 unit vector is known.
    normalise(cross_from_winding(v), 0.0).map(|n| n.map(round_f32))
}

/// rootLength as the game uses it: its loader clears the low 12 bits of the IEEE-754 pattern.
pub fn game_root_length(root_length: f32) -> f32 {
    f32::from_bits(root_length.to_bits() & !0xFFF)
}

/// The smallest length ≥ `len` that the game's mask leaves unchanged (for writers choosing a root).
pub fn mask_safe_root_length(len: f32) -> f32 {
    let bits = len.to_bits();
    if bits & 0xFFF == 0 {
        len
    } else {
        f32::from_bits((bits | 0xFFF).wrapping_add(1))
    }
}

/// An axis-aligned square on X/Z.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Square {
    /// Min corner (x, z).
    pub min: Xz,
    /// Side length.
    pub size: f32,
}

impl Square {
    /// Max corner (x, z).
    pub fn max(&self) -> Xz {
        [self.min[0] + self.size, self.min[1] + self.size]
    }
}

/// The game's grid: half-sizes per depth, the root's min corner and the unit of nx/nz.
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    /// `half[0]` = rootLength/2 (masked), `half[d]` = `half[d−1]`/2, for d in 0..=15.
    pub half: [f32; 16],
    /// rootCenter.xz − `half[0]`.
    pub root_min: Xz,
    /// rootLength / 2^maxDepth: the size of one nx/nz step.
    pub unit: f32,
    /// The header's maxDepth.
    pub max_depth: u16,
}

impl Grid {
    /// The grid a header describes. `None` if maxDepth is above 15 (the game's arrays end there).
    pub fn new(h: &Header) -> Option<Grid> {
        if h.max_depth > MAX_DEPTH {
            return None;
        }
        let len = game_root_length(h.root_length);
        let mut half = [0f32; 16];
        half[0] = len / 2.0;
        for d in 1..16 {
            half[d] = half[d - 1] / 2.0;
        }
        let unit = len / (1u32 << h.max_depth) as f32;
        Some(Grid {
            half,
            root_min: [h.root_center[0] - half[0], h.root_center[2] - half[0]],
            unit,
            max_depth: h.max_depth,
        })
    }

    /// A node's square: min corner rootMin + (nx, nz)·unit, side 2·`half[depth]`. `None` for depth > 15.
    pub fn square(&self, nx: u16, nz: u16, depth: u8) -> Option<Square> {
        let half = *self.half.get(usize::from(depth))?;
        Some(Square {
            min: [self.root_min[0] + f32::from(nx) * self.unit, self.root_min[1] + f32::from(nz) * self.unit],
            size: half * 2.0,
        })
    }

    /// A node's centre and half side as the game computes them: rootMin + (n·unit + `half[depth]`), summed in
    /// that order (rounding differs by an ulp from (rootMin + n·unit) + half). Every point descent uses this,
    /// so it splits where the game splits. `None` for depth > 15.
    pub fn center(&self, nx: u16, nz: u16, depth: u8) -> Option<(Xz, f32)> {
        let half = *self.half.get(usize::from(depth))?;
        let along = |min: f32, n: u16| min + (f32::from(n) * self.unit + half);
        Some(([along(self.root_min[0], nx), along(self.root_min[1], nz)], half))
    }

    /// The root square.
    pub fn root(&self) -> Square {
        Square { min: self.root_min, size: self.half[0] * 2.0 }
    }

    /// nx/nz steps a node of `depth` spans: 2^(maxDepth − depth); `None` if depth > maxDepth.
    pub fn steps(&self, depth: u8) -> Option<u32> {
        let shift = self.max_depth.checked_sub(u16::from(depth))?;
        1u32.checked_shl(u32::from(shift))
    }
}

/// The X/Z bounding box of a triangle: (min, max).
pub fn xz_bounds(v: &[[f32; 3]; 3]) -> (Xz, Xz) {
    let mut min = [v[0][0], v[0][2]];
    let mut max = min;
    for p in &v[1..] {
        min[0] = min[0].min(p[0]);
        min[1] = min[1].min(p[2]);
        max[0] = max[0].max(p[0]);
        max[1] = max[1].max(p[2]);
    }
    (min, max)
}

/// Whether a triangle's X/Z footprint and the closed square `[min, max]` share at least one point
/// (touching counts). Exact separating-axis test: the two box axes, then each non-degenerate edge's
/// normal, with projections in f64 (differences and products of f32 values are exact there for the
/// coordinates levels use). Degenerate triangles (segments, points) work: a zero-length edge gives no axis,
/// and a segment's only other axis is its own normal. Non-finite coordinates never overlap.
pub fn triangle_overlaps_square(tri: &[Xz; 3], min: Xz, max: Xz) -> bool {
    let finite = tri.iter().all(|p| p[0].is_finite() && p[1].is_finite());
    if !finite {
        return false;
    }
    // A corner inside the square settles it (the common case for a tree's leaves).
    if tri.iter().any(|p| p[0] >= min[0] && p[0] <= max[0] && p[1] >= min[1] && p[1] <= max[1]) {
        return true;
    }
    for axis in 0..2 {
        let (a, b, c) = (tri[0][axis], tri[1][axis], tri[2][axis]);
        if (a < min[axis] && b < min[axis] && c < min[axis])
            || (a > max[axis] && b > max[axis] && c > max[axis])
        {
            return false;
        }
    }
    let p = |i: usize| [f64::from(tri[i][0]), f64::from(tri[i][1])];
    let (lo, hi) = ([f64::from(min[0]), f64::from(min[1])], [f64::from(max[0]), f64::from(max[1])]);
    for i in 0..3 {
        let a = p(i);
        let b = p((i + 1) % 3);
        let n = [a[1] - b[1], b[0] - a[0]];
        if n[0] == 0.0 && n[1] == 0.0 {
            continue;
        }
        let dot = |q: [f64; 2]| n[0] * (q[0] - a[0]) + n[1] * (q[1] - a[1]);
        // The edge's own endpoints project to 0; only the third corner widens the range.
        let third = dot(p((i + 2) % 3));
        let (tlo, thi) = if third < 0.0 { (third, 0.0) } else { (0.0, third) };
        // The square's extreme corners along n.
        let far = [if n[0] >= 0.0 { hi[0] } else { lo[0] }, if n[1] >= 0.0 { hi[1] } else { lo[1] }];
        let near = [if n[0] >= 0.0 { lo[0] } else { hi[0] }, if n[1] >= 0.0 { lo[1] } else { hi[1] }];
        if thi < dot(near) || tlo > dot(far) {
            return false;
        }
    }
    true
}

/// A triangle's X/Z footprint from the vertex array, or `None` if a vertex index is out of range.
pub fn triangle_xz(vertices: &[[f32; 3]], tri: &[u16; 3]) -> Option<[Xz; 3]> {
    let v = |i: u16| vertices.get(usize::from(i)).map(|p| [p[0], p[2]]);
    Some([v(tri[0])?, v(tri[1])?, v(tri[2])?])
}

/// A triangle's three vertices, or `None` if an index is out of range.
pub fn triangle_points(vertices: &[[f32; 3]], tri: &[u16; 3]) -> Option<[[f32; 3]; 3]> {
    let v = |i: u16| vertices.get(usize::from(i)).copied();
    Some([v(tri[0])?, v(tri[1])?, v(tri[2])?])
}

/// An id per vertex such that two vertices get the same id exactly when their positions have the same bits:
/// adjacency is about shared positions, and files may duplicate vertices.
pub fn position_ids(vertices: &[[f32; 3]]) -> Vec<u32> {
    // Position bits above the index in one integer: sorting those puts equal positions side by side, in
    // index order, without a comparison reaching back into the vertex array.
    let mut keyed: Vec<u128> = (0u32..)
        .zip(vertices)
        .map(|(i, v)| {
            let [x, y, z] = v.map(|c| u128::from(c.to_bits()));
            x << 96 | y << 64 | z << 32 | u128::from(i)
        })
        .collect();
    keyed.sort_unstable();
    let mut ids = vec![0u32; vertices.len()];
    let mut id = 0;
    for (k, &key) in keyed.iter().enumerate() {
        if k > 0 && keyed[k - 1] >> 32 != key >> 32 {
            id += 1;
        }
        let index = u32::try_from(key & u128::from(u32::MAX)).unwrap_or(u32::MAX);
        if let Some(slot) = ids.get_mut(index as usize) {
            *slot = id;
        }
    }
    ids
}

/// The position ids of a triangle's corners, or `None` if an index is out of range.
pub fn corner_ids(ids: &[u32], tri: &[u16; 3]) -> Option<[u32; 3]> {
    Some([*ids.get(usize::from(tri[0]))?, *ids.get(usize::from(tri[1]))?, *ids.get(usize::from(tri[2]))?])
}

/// Whether triangle corners `c` have an edge between positions `a` and `b`.
pub fn has_edge(c: &[u32; 3], a: u32, b: u32) -> bool {
    (0..3).any(|k| {
        let (p, q) = (c[k], c[(k + 1) % 3]);
        (p == a && q == b) || (p == b && q == a)
    })
}

/// Which triangles touch each vertex position: a compressed table, `triangles[start[id]..start[id + 1]]`
/// for position id `id`, each run in increasing triangle order.
#[derive(Clone, Debug, Default)]
pub struct Incidence {
    /// Position id of every vertex ([`position_ids`]).
    pub ids: Vec<u32>,
    /// Corner position ids per triangle; `None` when a vertex index is out of range.
    pub corners: Vec<Option<[u32; 3]>>,
    /// Per position id, where its triangles start in `triangles` (one more entry than ids: the end).
    pub start: Vec<u32>,
    /// The triangles around each position, position by position, each list ascending.
    pub triangles: Vec<u32>,
}

impl Incidence {
    /// The incidence of `tris` over `vertices`; vertices with the same position bits are one position.
    pub fn new(tris: &[[u16; 3]], vertices: &[[f32; 3]]) -> Incidence {
        let ids = position_ids(vertices);
        let corners: Vec<Option<[u32; 3]>> = tris.iter().map(|t| corner_ids(&ids, t)).collect();
        let positions = ids.iter().max().map_or(0, |&m| m as usize + 1);
        let mut start = vec![0u32; positions + 1];
        for c in corners.iter().flatten() {
            for k in 0..3 {
                // A corner repeated in one triangle is counted once.
                if !c[..k].contains(&c[k]) {
                    start[c[k] as usize + 1] += 1;
                }
            }
        }
        for i in 0..positions {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut triangles = vec![0u32; start[positions] as usize];
        for (t, c) in corners.iter().enumerate() {
            let Some(c) = c else { continue };
            for k in 0..3 {
                if !c[..k].contains(&c[k]) {
                    let slot = &mut fill[c[k] as usize];
                    triangles[*slot as usize] = saturate(t);
                    *slot += 1;
                }
            }
        }
        Incidence { ids, corners, start, triangles }
    }

    /// The triangles touching position `id`.
    pub fn around(&self, id: u32) -> &[u32] {
        let i = id as usize;
        match (self.start.get(i), self.start.get(i + 1)) {
            (Some(&a), Some(&b)) => self.triangles.get(a as usize..b as usize).unwrap_or(&[]),
            _ => &[],
        }
    }

    /// The lowest-numbered triangle other than `t` with an edge between positions `a` and `b`.
    pub fn across(&self, t: usize, a: u32, b: u32) -> Option<u32> {
        if a == b {
            return None;
        }
        self.around(a).iter().copied().find(|&o| {
            o as usize != t
                && self.corners.get(o as usize).copied().flatten().is_some_and(|c| has_edge(&c, a, b))
        })
    }
}

/// Canonical adjacency (the triangle record's `neighbor`): for edge k (v_k → v_{k+1}, v2 → v0 last) of each
/// triangle, the lowest-numbered other triangle with an edge between the same two positions, or 0xFFFF.
/// Vertices are compared by position ([`position_ids`]); zero-length edges and triangles with out-of-range
/// vertex indices get no links.
pub fn adjacency(tris: &[[u16; 3]], vertices: &[[f32; 3]]) -> Vec<[u16; 3]> {
    let inc = Incidence::new(tris, vertices);
    inc.corners
        .iter()
        .enumerate()
        .map(|(t, c)| {
            let mut out = [super::NO_TRIANGLE; 3];
            if let Some(c) = c {
                for k in 0..3 {
                    if let Some(o) = inc.across(t, c[k], c[(k + 1) % 3]) {
                        out[k] = u16::try_from(o).unwrap_or(super::NO_TRIANGLE);
                    }
                }
            }
            out
        })
        .collect()
}

#[cfg(test)]
mod tests;
