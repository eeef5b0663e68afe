//! The builder's input ([`BuildInput`]: positions and triangles with their flags and groups) and how
//! [`super::build`] readies it for the tree: indices checked, vertices welded, triangles flipped if asked,
//! degenerate triangles and unused vertices dropped. Meshes, glTF, OBJ and Rugrats levels become a
//! [`BuildInput`] in `convert::heroes`, next to the way back.

use super::error::{check_counts, BuildError};
use super::options::BuildOptions;
use super::sort::sort_by_bits;
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
}

/// Checks every vertex index, welds (`opts.weld`), flips and re-attributes triangles, drops degenerate
/// ones (repeated corners after welding, zero area, non-finite corners) and unused vertices, and checks
/// the counts fit the format.
pub(super) fn prepare(input: &BuildInput, opts: &BuildOptions) -> Result<Prepared, BuildError> {
    let n = input.positions.len();
    for (i, t) in input.triangles.iter().enumerate() {
        if let Some(&v) = t.vertices.iter().find(|&&v| v as usize >= n) {
            return Err(BuildError::VertexIndex { triangle: i, vertex: v, vertices: n });
        }
    }
    let rep = weld(&input.positions, &input.triangles, opts.weld);
    let welded_vertices = rep.iter().enumerate().filter(|&(i, &r)| r as usize != i).count();

    // Triangles through the weld, flipped if asked, degenerate ones dropped. Each kept triangle's corners
    // (input indices until the used vertices are numbered) sit beside it in `corners`. The normals (the
    // degenerate test) on every core, gathered in input order.
    let welded: Vec<Option<([u32; 3], [f32; 3])>> = input
        .triangles
        .par_iter()
        .map(|t| {
            let mut v = t.vertices.map(|x| rep[x as usize]);
            if opts.flip {
                v.swap(1, 2);
            }
            let distinct = v[0] != v[1] && v[1] != v[2] && v[0] != v[2];
            let normal = geom::normal_from_winding(&v.map(|x| input.positions[x as usize]));
            normal.filter(|_| distinct).map(|normal| (v, normal))
        })
        .collect();
    let mut triangles: Vec<Triangle> = Vec::with_capacity(input.triangles.len());
    let mut corners: Vec<[u32; 3]> = Vec::with_capacity(input.triangles.len());
    let mut degenerate = Vec::new();
    for (i, (t, kept)) in input.triangles.iter().zip(welded).enumerate() {
        match kept {
            Some((v, normal)) => {
                corners.push(v);
                triangles.push(Triangle {
                    normal,
                    attribute: opts.attribute.unwrap_or(t.attribute),
                    group: t.group,
                    ..Triangle::default()
                });
            }
            None => degenerate.push(i),
        }
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
    Ok(Prepared { triangles, vertices, welded_vertices, unused_vertices, degenerate })
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
    let finite = |p: &[f32; 3]| p.iter().all(|x| x.is_finite());
    if eps == 0.0 {
        // Position bits (adding 0.0 turns −0 into +0) above the index, sorted by position keeping index
        // order: each run's first vertex is the lowest-numbered one at that position.
        let keyed: Vec<u128> = (0..saturate::<u32, _>(positions.len()))
            .filter(|&i| used[i as usize] && finite(&positions[i as usize]))
            .map(|i| {
                let [x, y, z] = positions[i as usize].map(|c| u128::from((c + 0.0).to_bits()));
                x << 96 | y << 64 | z << 32 | u128::from(i)
            })
            .collect();
        let sorted = sort_by_bits(keyed, 32..128);
        for run in sorted.chunk_by(|a, b| a >> 32 == b >> 32) {
            let first = (run[0] & 0xFFFF_FFFF) as u32;
            for &k in run {
                rep[(k & 0xFFFF_FFFF) as usize] = first;
            }
        }
        return rep;
    }
    let cell = f64::from(eps);
    let key = |x: f32| i64::saturating_from((f64::from(x) / cell).floor().clamp(-9.0e15, 9.0e15));
    let mut grid: HashMap<[i64; 3], Vec<u32>> = HashMap::new();
    let eps2 = f64::from(eps) * f64::from(eps);
    for (i, p) in positions.iter().enumerate() {
        if !(used[i] && finite(p)) {
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
