//! The builder's input ([`BuildInput`]: positions and triangles with their flags and groups) and how
//! [`super::build`] readies it for the tree: indices checked, vertices welded, triangles flipped if asked,
//! degenerate triangles and unused vertices dropped. Meshes, glTF, OBJ and Rugrats levels become a
//! [`BuildInput`] in `convert::heroes`, next to the way back.

use super::error::{check_counts, BuildError};
use super::options::BuildOptions;
use super::sort::sort_by_bits;
use crate::heroes::geom::freeze;
use crate::heroes::{geom, Collision, Triangle};
use crate::num::{saturate, SaturatingFrom};
use crate::par::prelude::*;
use std::collections::HashMap;

/// One input triangle: three indices into [`BuildInput::positions`], the surface flags and the group.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BuildTriangle {
    /// Indices into [`BuildInput::positions`], in winding order (the normal is (v1−v0)×(v2−v0)).
    pub vertices: [u32; 3],
    /// The triangle's `attribute` (collision flags).
    pub attribute: u32,
    /// The triangle's `groupIndexNo` (tools store the source mesh's number).
    pub group: u16,
}

/// A plain triangle mesh to build from (OBJ, glTF, a Rugrats level or another `.cl` file end up here).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BuildInput {
    /// Vertex positions (Y up).
    pub positions: Vec<[f32; 3]>,
    /// The triangles.
    pub triangles: Vec<BuildTriangle>,
}

impl BuildInput {
    /// The triangles, vertices, attributes and groups of a `.cl` file.
    pub fn from_collision(c: &Collision) -> BuildInput {
        BuildInput::from_triangles(&c.triangles, c.vertices.clone())
    }

    /// `.cl` triangles (their corners, attributes and groups) over `positions`.
    pub fn from_triangles(triangles: &[Triangle], positions: Vec<[f32; 3]>) -> BuildInput {
        let triangles = triangles
            .iter()
            .map(|t| BuildTriangle {
                vertices: t.vertices.map(u32::from),
                attribute: t.attribute,
                group: t.group,
            })
            .collect();
        BuildInput { positions, triangles }
    }
}

/// What [`prepare`] does with one input triangle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fate {
    /// Kept as given.
    Kept,
    /// Kept with its corners rotated: the game would hang on the order given.
    Rotated,
    /// Dropped: zero area, repeated or non-finite corners.
    Degenerate,
    /// Dropped: the game would hang on every rotation of its corners.
    Hangs,
}

/// [`BuildInput`] readied for the tree ([`prepare`]).
pub(super) struct Prepared {
    /// Kept triangles in input order, over `vertices`, with their normals; adjacency not yet filled in.
    pub triangles: Vec<Triangle>,
    /// Used vertices (after welding), in input order.
    pub vertices: Vec<[f32; 3]>,
    pub welded_vertices: usize,
    pub unused_vertices: usize,
    /// Input indices of the triangles dropped as degenerate.
    pub degenerate: Vec<usize>,
    /// Triangles whose corners were rotated so that the game cannot hang on them.
    pub rotated: usize,
    /// Input indices of the triangles dropped because every rotation of their corners hangs the game.
    pub hanging: Vec<usize>,
}

/// Checks every vertex index, welds (`opts.weld`), flips and re-attributes triangles, rotates the corners
/// of those the game would hang on ([`freeze::safest_rotation`]), drops degenerate ones (repeated corners
/// after welding, zero area), those no rotation saves, and unused vertices, and checks the counts fit the
/// format. A used vertex that is not finite is an error ([`BuildError::NonFinite`]).
pub(super) fn prepare(input: &BuildInput, opts: &BuildOptions) -> Result<Prepared, BuildError> {
    let n = input.positions.len();
    for (i, t) in input.triangles.iter().enumerate() {
        if let Some(&v) = t.vertices.iter().find(|&&v| v as usize >= n) {
            return Err(BuildError::VertexIndex { triangle: i, vertex: v, vertices: n });
        }
    }
    check_finite(input)?;
    let rep = weld(&input.positions, &input.triangles, opts.weld);
    let welded_vertices = rep.iter().enumerate().filter(|&(i, &r)| r as usize != i).count();

    // Triangles through the weld, flipped if asked, with their normals (the degenerate test), their
    // corners rotated where the game would hang on the order given ([`freeze`]), on every core in input
    // order (a small mesh: on this thread); each triangle's corners (input indices until the used vertices
    // are numbered) and its fate beside it.
    type Made = ((Vec<Triangle>, Vec<[u32; 3]>), Vec<Fate>);
    let each = |t: &BuildTriangle| {
        let mut v = t.vertices.map(|x| rep[x as usize]);
        if opts.flip {
            v.swap(1, 2);
        }
        let distinct = v[0] != v[1] && v[1] != v[2] && v[0] != v[2];
        let points = v.map(|x| input.positions[x as usize]);
        let (fate, normal) = match geom::normal_from_winding(&points).filter(|_| distinct) {
            None => (Fate::Degenerate, None),
            Some(normal) => match freeze::safest_rotation(&points) {
                Some(0) => (Fate::Kept, Some(normal)),
                Some(k) => {
                    v = freeze::rotated(v, k);
                    (Fate::Rotated, geom::normal_from_winding(&freeze::rotated(points, k)))
                }
                None => (Fate::Hangs, None),
            },
        };
        let triangle = Triangle {
            // A dropped triangle gets a NaN normal (no kept one has any) until it is dropped below.
            normal: normal.unwrap_or([f32::NAN; 3]),
            attribute: opts.attribute.unwrap_or(t.attribute),
            group: t.group,
            ..Triangle::default()
        };
        ((triangle, v), fate)
    };
    let ((mut triangles, mut corners), fates): Made = if input.triangles.len() >= crate::par::MIN_PARALLEL {
        input.triangles.par_iter().map(each).unzip()
    } else {
        input.triangles.iter().map(each).unzip()
    };
    let of_fate = |want: Fate| -> Vec<usize> { (0..fates.len()).filter(|&i| fates[i] == want).collect() };
    let degenerate = of_fate(Fate::Degenerate);
    let hanging = of_fate(Fate::Hangs);
    let rotated = fates.iter().filter(|&&f| f == Fate::Rotated).count();
    if !degenerate.is_empty() || !hanging.is_empty() {
        let mut kept = fates.iter().map(|f| matches!(f, Fate::Kept | Fate::Rotated));
        corners.retain(|_| kept.next().unwrap_or(false));
        triangles.retain(|t| !t.normal[0].is_nan());
    }
    // Used vertices, in input order.
    let mut new_index = vec![u32::MAX; n];
    for v in &corners {
        for &x in v {
            new_index[x as usize] = 0;
        }
    }
    let mut vertices = Vec::with_capacity(n - welded_vertices);
    for (i, slot) in new_index.iter_mut().enumerate() {
        if *slot == 0 {
            *slot = saturate(vertices.len());
            vertices.push(input.positions[i]);
        }
    }
    let unused_vertices = n - welded_vertices - vertices.len();
    check_counts(triangles.len(), vertices.len())?;
    for (t, v) in triangles.iter_mut().zip(&corners) {
        // Both counts were checked to fit.
        t.vertices = v.map(|x| saturate(new_index[x as usize]));
    }
    Ok(Prepared { triangles, vertices, welded_vertices, unused_vertices, degenerate, rotated, hanging })
}

/// Fails naming the first vertex a triangle uses whose position is NaN or infinite: no game position can
/// stand for it, and dropping its triangles would leave a hole nobody asked for. (Indices are checked.)
fn check_finite(input: &BuildInput) -> Result<(), BuildError> {
    let finite = |v: u32| input.positions[v as usize].iter().all(|x| x.is_finite());
    let Some((triangle, vertex)) = input
        .triangles
        .iter()
        .enumerate()
        .find_map(|(i, t)| t.vertices.iter().find(|&&v| !finite(v)).map(|&v| (i, v)))
    else {
        return Ok(());
    };
    let mut bad: Vec<u32> = input.triangles.iter().flat_map(|t| t.vertices).filter(|&v| !finite(v)).collect();
    bad.sort_unstable();
    bad.dedup();
    Err(BuildError::NonFinite {
        vertex: vertex as usize,
        position: input.positions[vertex as usize],
        triangle,
        count: bad.len(),
    })
}

/// [`weld`] at distance 0: each vertex that `welds` is represented by the lowest-numbered one that welds
/// whose position has the same bits (adding 0.0 turns −0 into +0). Vertices are grouped by a
/// 32-bit hash of the bits (a stable two-pass radix sort keeps index order), and only a group of several
/// is sorted by the bits themselves: a hash collision costs time, never a wrong weld.
fn weld_equal(positions: &[[f32; 3]], welds: impl Fn(usize) -> bool, mut rep: Vec<u32>) -> Vec<u32> {
    let bits = |i: u32| positions[i as usize].map(|c| (c + 0.0).to_bits());
    let hash = |[x, y, z]: [u32; 3]| {
        let h = (u64::from(x) | u64::from(y) << 32).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ u64::from(z).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        h ^ h >> 29
    };
    let keyed: Vec<u64> = (0..saturate::<u32, _>(positions.len()))
        .filter(|&i| welds(i as usize))
        .map(|i| hash(bits(i)) << 32 | u64::from(i))
        .collect();
    let index = |k: u64| (k & 0xFFFF_FFFF) as u32;
    let mut group = Vec::new();
    for run in sort_by_bits(keyed, 32..64).chunk_by(|a, b| a >> 32 == b >> 32) {
        if let [_] = run {
            continue;
        }
        group.clear();
        group.extend(run.iter().map(|&k| (bits(index(k)), index(k))));
        group.sort_unstable();
        for same in group.chunk_by(|a, b| a.0 == b.0) {
            for &(_, i) in same {
                rep[i as usize] = same[0].1;
            }
        }
    }
    rep
}

/// The representative of every vertex: the first vertex (by index) used by a triangle within `eps` of
/// it (bit-equal positions, with −0 = +0, when `eps` is 0). Unused and non-finite vertices represent
/// themselves. Deterministic: representatives are taken in index order and never chain.
fn weld(positions: &[[f32; 3]], triangles: &[BuildTriangle], eps: f32) -> Vec<u32> {
    let mut used = vec![false; positions.len()];
    for t in triangles {
        for &v in &t.vertices {
            used[v as usize] = true;
        }
    }
    let mut rep: Vec<u32> = (0..saturate(positions.len())).collect();
    // Only used, finite vertices weld; the others represent themselves.
    let welds = |i: usize| used[i] && positions[i].iter().all(|x| x.is_finite());
    if eps == 0.0 {
        return weld_equal(positions, welds, rep);
    }
    let cell = f64::from(eps);
    let key = |x: f32| i64::saturating_from((f64::from(x) / cell).floor().clamp(-9.0e15, 9.0e15));
    let mut grid: HashMap<[i64; 3], Vec<u32>> = HashMap::new();
    let eps2 = f64::from(eps) * f64::from(eps);
    for (i, p) in positions.iter().enumerate() {
        if !welds(i) {
            continue;
        }
        let k = p.map(key);
        let mut best: Option<u32> = None;
        for dx in -1..=1i64 {
            for dy in -1..=1i64 {
                for dz in -1..=1i64 {
                    let Some(reps) = grid.get(&[k[0] + dx, k[1] + dy, k[2] + dz]) else { continue };
                    for &r in reps {
                        let q = positions[r as usize];
                        let d2: f64 = (0..3).map(|a| (f64::from(p[a]) - f64::from(q[a])).powi(2)).sum();
                        if d2 <= eps2 && best.is_none_or(|b| r < b) {
                            best = Some(r);
                        }
                    }
                }
            }
        }
        match best {
            Some(r) => rep[i] = r,
            None => grid.entry(k).or_default().push(saturate(i)),
        }
    }
    rep
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// The weld at distance 0 by its definition: the first used finite vertex with the same bits (−0 = +0).
    fn first_with_same_bits(positions: &[[f32; 3]], triangles: &[BuildTriangle]) -> Vec<u32> {
        let used: std::collections::HashSet<u32> = triangles.iter().flat_map(|t| t.vertices).collect();
        let mut first: HashMap<[u32; 3], u32> = HashMap::new();
        (0u32..)
            .zip(positions)
            .map(|(i, p)| {
                if !used.contains(&i) || !p.iter().all(|x| x.is_finite()) {
                    return i;
                }
                *first.entry(p.map(|c| (c + 0.0).to_bits())).or_insert(i)
            })
            .collect()
    }

    #[test]
    fn welds_at_distance_zero_to_the_first_vertex_with_the_same_position() {
        let mut rng = Rng::new(77);
        let pool = [0.0f32, -0.0, 1.0, -1.5, 1e-30, f32::NAN, f32::INFINITY, 3.25e7];
        for (n, kinds) in [(10, 3), (2_000, 4), (30_000, 8), (30_000, 2), (20_000, 1)] {
            let positions: Vec<[f32; 3]> =
                (0..n).map(|_| std::array::from_fn(|_| pool[rng.next_u32() as usize % kinds])).collect();
            let corner = |rng: &mut Rng| rng.next_u32() % u32::try_from(n).unwrap();
            let triangles: Vec<BuildTriangle> = (0..n / 2)
                .map(|_| BuildTriangle {
                    vertices: std::array::from_fn(|_| corner(&mut rng)),
                    ..Default::default()
                })
                .collect();
            assert_eq!(
                weld(&positions, &triangles, 0.0),
                first_with_same_bits(&positions, &triangles),
                "{n} vertices from {kinds} coordinates"
            );
        }
    }
}
