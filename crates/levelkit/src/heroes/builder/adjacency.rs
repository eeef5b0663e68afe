//! Triangle adjacency (the triangle record's `neighbor`) by shared edge positions, manifold partners first.

use super::sort::sort_by_bits;
use crate::heroes::{geom, NO_TRIANGLE};

/// Counts from [`adjacency`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EdgeStats {
    /// Edges (pairs of positions) used by two or more triangles.
    pub shared: usize,
    /// Edges used by more than two triangles.
    pub non_manifold: usize,
}

/// Adjacency (the triangle record's `neighbor`, edges in the seed's order (v0,v1), (v1,v2), (v2,v0)):
/// vertices are compared by position, and an edge links to another triangle with an edge between the
/// same two positions, or 0xFFFF. Where more than two triangles share an edge (a wall standing on a
/// floor's edge, a fin), each links to the lowest-numbered other triangle that runs the edge the
/// **opposite way** (its manifold partner: the two sides of one surface), else to the lowest-numbered
/// other triangle. With two triangles this is simply the other one.
pub fn adjacency(tris: &[[u16; 3]], vertices: &[[f32; 3]]) -> (Vec<[u16; 3]>, EdgeStats) {
    adjacency_by_ids(tris, &geom::position_ids(vertices))
}

/// [`adjacency`] with each vertex's position id given (equal ids = same position).
pub(super) fn adjacency_by_ids(tris: &[[u16; 3]], ids: &[u32]) -> (Vec<[u16; 3]>, EdgeStats) {
    // Every edge packed into one sortable u64: low id (16 bits), high id, triangle, slot (2 bits), and
    // whether it runs low → high (1 bit). Ids and triangles are below 2^16: counts are u16.
    let mut edges: Vec<u64> = Vec::with_capacity(tris.len() * 3);
    for (t, tri) in tris.iter().enumerate() {
        let Some(c) = geom::corner_ids(ids, tri) else { continue };
        for k in 0..3 {
            let (a, b) = (c[k], c[(k + 1) % 3]);
            if a != b && a.max(b) <= 0xFFFF && t <= 0xFFFF {
                let key =
                    u64::from(a.min(b)) << 35 | u64::from(a.max(b)) << 19 | (t as u64) << 3 | (k as u64) << 1;
                edges.push(key | u64::from(a < b));
            }
        }
    }
    // Keys are made in (triangle, slot) order, which is already the order of their low 19 bits: a stable
    // sort by the two ids puts them in numeric order.
    let edges = sort_by_bits(edges, 19..51);
    let tri = |e: u64| ((e >> 3) & 0xFFFF) as u32;
    let forward = |e: u64| e & 1 == 1;
    let mut out = vec![[NO_TRIANGLE; 3]; tris.len()];
    let mut stats = EdgeStats::default();
    let slot = |e: u64| ((e >> 1) & 3) as usize;
    for group in edges.chunk_by(|x, y| x >> 19 == y >> 19) {
        // Most edges of a mesh join exactly two triangles, each other's only partner.
        if let &[a, b] = group {
            if tri(a) != tri(b) {
                stats.shared += 1;
                out[tri(a) as usize][slot(a)] = u16::try_from(tri(b)).unwrap_or(NO_TRIANGLE);
                out[tri(b) as usize][slot(b)] = u16::try_from(tri(a)).unwrap_or(NO_TRIANGLE);
            }
            continue;
        }
        // The two lowest distinct triangles, overall and per direction (the group is sorted by triangle).
        let lowest_two = |pick: &dyn Fn(u64) -> bool| {
            let mut it = group.iter().copied().filter(|&e| pick(e)).map(tri);
            let first = it.next();
            let second = it.find(|&t| Some(t) != first);
            [first, second]
        };
        let any = lowest_two(&|_| true);
        if any[1].is_none() {
            continue;
        }
        stats.shared += 1;
        if group.chunk_by(|&x, &y| tri(x) == tri(y)).count() > 2 {
            stats.non_manifold += 1;
        }
        let fwd = lowest_two(&|e| forward(e));
        let bwd = lowest_two(&|e| !forward(e));
        let other = |pair: [Option<u32>; 2], t: u32| pair.into_iter().flatten().find(|&o| o != t);
        for &e in group {
            let t = tri(e);
            let opposite = if forward(e) { bwd } else { fwd };
            if let Some(o) = other(opposite, t).or_else(|| other(any, t)) {
                out[t as usize][slot(e)] = u16::try_from(o).unwrap_or(NO_TRIANGLE);
            }
        }
    }
    (out, stats)
}
