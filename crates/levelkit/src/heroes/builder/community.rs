//! Building a file the community editor's way ([`build_community`]), for comparisons and tests.

use super::error::{check_counts, BuildError};
use super::grow::bounds;
use super::input::BuildInput;
use crate::heroes::geom::{self, Xz};
use crate::heroes::{Collision, NodeParts, Triangle, MAX_COUNT, MAX_DEPTH, NO_TRIANGLE};
use crate::num::{saturate, SaturatingFrom};

/// Builds a file **the community editor's way** (HeroesPowerPlant's OBJ import, as its
/// `CollisionSystem.cs` behaves), for comparisons and tests; never for use:
/// - root centre: the middle of all vertices' bounds (x, y, z); side: the larger X/Z extent, rounded up
///   to a whole number, then to a multiple of 16;
/// - tree depth `depth` (0 = its automatic choice, log2(side / 50) rounded down, at most 10); the header's
///   maxDepth is `base_power` (its separate "base power" setting; at least `depth`);
/// - every node that lists anything and is above the tree depth splits, so leaves with triangles all sit
///   at the tree depth; a child lists the entries of its parent's list whose X/Z **bounding rectangle**
///   strictly intersects the child's square (touching does not count; the parent's padding entries are
///   filtered like any other);
/// - every non-empty list is padded to 3 entries with triangle 0, inner nodes list nothing, all
///   neighbour links are 0, all adjacency is 0xFFFF; normals from the winding (`flip` reverses it);
///   vertices and triangles as given (no welding, degenerate ones kept).
///
/// One deliberate difference: a root that does not split gets childNo 0 (the editor leaves 1 there).
pub fn build_community(
    input: &BuildInput,
    depth: u8,
    base_power: u16,
    flip: bool,
) -> Result<Collision, BuildError> {
    let n = input.positions.len();
    for (i, t) in input.triangles.iter().enumerate() {
        if let Some(&v) = t.vertices.iter().find(|&&v| v as usize >= n) {
            return Err(BuildError::VertexIndex { triangle: i, vertex: v, vertices: n });
        }
    }
    check_counts(input.triangles.len(), n)?;
    if input.triangles.is_empty() {
        return Err(BuildError::Empty(super::Nothing::NoFaces { vertices: n }));
    }
    let vertices = input.positions.clone();
    let triangles: Vec<Triangle> = input
        .triangles
        .iter()
        .map(|t| {
            let mut v = t.vertices.map(saturate::<u16, u32>);
            if flip {
                v.swap(1, 2);
            }
            let normal = geom::triangle_points(&vertices, &v)
                .and_then(|p| geom::normal_from_winding(&p))
                .unwrap_or([0.0; 3]);
            Triangle {
                vertices: v,
                neighbors: [NO_TRIANGLE; 3],
                normal,
                attribute: t.attribute,
                group: t.group,
                tail: [0; 2],
            }
        })
        .collect();
    let (mut lo, mut hi) = ([f32::INFINITY; 3], [f32::NEG_INFINITY; 3]);
    for v in &vertices {
        for a in 0..3 {
            lo[a] = lo[a].min(v[a]);
            hi[a] = hi[a].max(v[a]);
        }
    }
    if vertices.is_empty() {
        (lo, hi) = ([0.0; 3], [0.0; 3]);
    }
    let center = [(hi[0] + lo[0]) / 2.0, (hi[1] + lo[1]) / 2.0, (hi[2] + lo[2]) / 2.0];
    let mut length = (hi[0] - lo[0]).max(hi[2] - lo[2]).ceil();
    if !(length.is_finite() && length < 1.0e9) {
        return Err(BuildError::TooLarge { extent: f64::from(length) });
    }
    if length % 16.0 != 0.0 || length == 0.0 {
        length = ((length / 16.0).floor() + 1.0) * 16.0;
    }
    let depth = if depth == 0 {
        u8::saturating_from(libm::log2f(length / 50.0).floor().clamp(0.0, 10.0))
    } else {
        depth.min(15)
    };
    let base_power = base_power.clamp(u16::from(depth), MAX_DEPTH);

    // The editor's squares, in f32 as it computes them (min corner and side).
    let rects: Vec<Option<(Xz, Xz)>> =
        triangles.iter().map(|t| geom::triangle_xz(&vertices, &t.vertices).map(|f| bounds(&f))).collect();
    struct Quad {
        parts: NodeParts,
        min: Xz,
        size: f32,
    }
    let root_list: Vec<u16> = (0..saturate(triangles.len())).collect();
    let mut quads = vec![Quad {
        parts: NodeParts { list: root_list, ..NodeParts::default() },
        min: [center[0] - length / 2.0, center[2] - length / 2.0],
        size: length,
    }];
    let mut i = 0;
    while i < quads.len() {
        if quads[i].parts.depth != depth && !quads[i].parts.list.is_empty() {
            if quads.len() + 4 > MAX_COUNT {
                // The nodes of this depth still to split (this one included) would each add 4.
                let level = quads[i].parts.depth;
                let pending =
                    quads[i..].iter().filter(|q| q.parts.depth == level && !q.parts.list.is_empty()).count();
                return Err(BuildError::TooManyNodes {
                    depth: u16::from(depth),
                    reached: u16::from(level),
                    nodes: quads.len(),
                    adding: pending * 4,
                });
            }
            let first: u16 = saturate(quads.len());
            quads[i].parts.child = first;
            let child_depth = quads[i].parts.depth + 1;
            let offset = 1u16 << (base_power - u16::from(child_depth));
            for k in 0..4u16 {
                let (p, size) = (&quads[i], quads[i].size / 2.0);
                let (dx, dz) = (k & 1, k >> 1);
                let min = [p.min[0] + f32::from(dx) * size, p.min[1] + f32::from(dz) * size];
                let mut list: Vec<u16> = p
                    .parts
                    .list
                    .iter()
                    .copied()
                    .filter(|&t| {
                        rects[usize::from(t)].is_some_and(|(lo, hi)| {
                            min[0] < hi[0] && lo[0] < min[0] + size && min[1] < hi[1] && lo[1] < min[1] + size
                        })
                    })
                    .collect();
                if !list.is_empty() && list.len() < 3 {
                    list.resize(3, 0);
                }
                let parts = NodeParts {
                    parent: saturate(i),
                    nx: p.parts.nx + dx * offset,
                    nz: p.parts.nz + dz * offset,
                    depth: child_depth,
                    list,
                    ..NodeParts::default()
                };
                quads.push(Quad { parts, min, size });
            }
            quads[i].parts.list.clear();
        }
        i += 1;
    }
    let parts: Vec<NodeParts> = quads.into_iter().map(|q| q.parts).collect();
    // The lists are already the editor's (leaf-only, padded to 3, so always stored) and the links all 0:
    // the canonical layout writes exactly the editor's bytes.
    Ok(Collision::from_parts(center, length, base_power, &parts, triangles, vertices)?)
}
