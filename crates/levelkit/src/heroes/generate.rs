//! Deterministic sample files for tests, benchmarks and the fuzz corpus: the same seed gives the same
//! bytes. No retail `.cl` file is public, so everything levelkit is tested on comes from here.
//!
//! - [`game_correct`]: a terrain heightfield with walls, a tree where every node (inner nodes too) lists
//!   every triangle overlapping its square, complete canonical neighbour links, adjacency and normals from
//!   the winding, small lists inline — laid out by [`Collision::from_parts`].
//! - [`odd`]: the same content laid out the other ways files exist ([`Style`]): the community editor's
//!   (leaf-only lists padded to 3 with index 0, links all zero), old generators' (1–2 entry lists stored at
//!   an offset), no alignment pad, sections in another order, trailing bytes. [`Style`] is layout only:
//!   the lists are still the complete tree's, restricted or padded.
//! - [`community`]: a file made the way the community editor makes it, bounding-box coverage included
//!   ([`builder::build_community`]).
//! - [`noisy_walls`]: a builder input shaped like a modelling program's export: walls whose edges carry
//!   a few ulps of float noise, and slivers between near-duplicate vertices — the corner orders the game
//!   hangs on ([`super::geom::freeze`]).
//!
//! Trees come from the builder ([`builder::tree_with_policy`]); this module only chooses their shape.

use super::builder;
use super::geom;
use super::{
    Collision, Header, NodeParts, RawBytes, Triangle, HEADER_SIZE, MAX_COUNT, NODE_SIZE, TRIANGLE_SIZE,
    VERTEX_SIZE,
};
use crate::num::{low_u8, saturate, SaturatingFrom};
use crate::rng::Rng;

/// A terrain mesh of exactly `triangles` triangles (at most [`MAX_COUNT`]): a heightfield grid (normals up)
/// with a row of wall quads along its −X edge, attributes from the community's surface list, walls 0x100.
/// Normals and adjacency are filled in.
pub fn terrain(rng: &mut Rng, triangles: usize) -> (Vec<Triangle>, Vec<[f32; 3]>) {
    let n = triangles.min(MAX_COUNT);
    let walls = (n / 20) & !1;
    let floor = n - walls;
    let cells = floor.div_ceil(2).max(1);
    let w = usize::saturating_from((cells as f64).sqrt().ceil());
    let h = cells.div_ceil(w);
    let step = rng.range_f32(2.0, 12.0);
    let origin =
        [rng.range_f32(-5000.0, 5000.0), rng.range_f32(-200.0, 200.0), rng.range_f32(-5000.0, 5000.0)];
    let mut vertices = Vec::new();
    for z in 0..=h {
        for x in 0..=w {
            let y = origin[1]
                + libm::sinf(x as f32 * 0.3) * 4.0
                + libm::cosf(z as f32 * 0.2) * 3.0
                + rng.range_f32(0.0, 0.5);
            vertices.push([origin[0] + x as f32 * step, y, origin[2] + z as f32 * step]);
        }
    }
    // At most MAX_COUNT triangles: every vertex id fits a u16.
    let vid = |x: usize, z: usize| -> u16 { saturate(z * (w + 1) + x) };
    let surfaces = super::flags::SURFACES;
    let mut faces: Vec<([u16; 3], u32, u16)> = Vec::with_capacity(n);
    'grid: for z in 0..h {
        for x in 0..w {
            let attribute = surfaces[rng.index(6)].attribute;
            let group: u16 = saturate(z / 16);
            // Winding (x,z) → (x,z+1) → (x+1,z) gives an upward normal.
            for f in
                [[vid(x, z), vid(x, z + 1), vid(x + 1, z)], [vid(x + 1, z), vid(x, z + 1), vid(x + 1, z + 1)]]
            {
                if faces.len() == floor {
                    break 'grid;
                }
                faces.push((f, attribute, group));
            }
        }
    }
    // Wall quads standing on the −X edge, facing +X.
    for k in 0..walls / 2 {
        let z = k % h;
        let (a, b) = (vid(0, z), vid(0, z + 1));
        let top = |v: u16| {
            let p = vertices[usize::from(v)];
            [p[0], p[1] + 8.0 + (k / h) as f32 * 8.0, p[2]]
        };
        let (ta, tb) = (top(a), top(b));
        let ia: u16 = saturate(vertices.len());
        vertices.push(ta);
        vertices.push(tb);
        let (a, b, ta, tb) = if k < h {
            (a, b, ia, ia + 1)
        } else {
            (ia - 2 * saturate::<u16, _>(h), ia + 1 - 2 * saturate::<u16, _>(h), ia, ia + 1)
        };
        faces.push(([a, ta, b], 0x100, 0xFFF));
        faces.push(([b, ta, tb], 0x100, 0xFFF));
    }
    let tris: Vec<[u16; 3]> = faces.iter().map(|f| f.0).collect();
    let adjacency = geom::adjacency(&tris, &vertices);
    let triangles = faces
        .iter()
        .zip(adjacency)
        .map(|(&(v, attribute, group), neighbors)| Triangle {
            vertices: v,
            neighbors,
            normal: geom::triangle_points(&vertices, &v)
                .and_then(|p| geom::normal_from_winding(&p))
                .unwrap_or([0.0; 3]),
            attribute,
            group,
            tail: [0; 2],
        })
        .collect();
    (triangles, vertices)
}

/// `x` moved by 1 to 3 steps of `f32` (the noise a rotated or transformed export leaves on a coordinate
/// that should equal another), up or down.
fn jitter(rng: &mut Rng, x: f32) -> f32 {
    let steps = 1 + rng.below_u32(3);
    let mut y = x;
    let up = rng.chance(0.5);
    for _ in 0..steps {
        let bits = y.to_bits();
        // Away from or toward zero by one representable step; the sign bit decides which way is up.
        y = f32::from_bits(if (y >= 0.0) == up {
            bits + 1
        } else if bits & 0x7FFF_FFFF == 0 {
            bits
        } else {
            bits - 1
        });
    }
    y
}

/// A builder input of `walls` wall pieces at X/Z within ±`spread` (up to ±30,000 in the tests), shaped
/// like an export from a modelling program, in three kinds (a third each):
/// - **leaning walls**: quads whose vertical edges carry 1–3 ulps of noise in X and Z (or up to 0.0001
///   absolute), split so that the first edge of one triangle is a vertical edge: near X/Z of 1,024–2,048
///   and below, where one ulp is at most 0.000123, the game hangs on that corner order;
/// - **slivers on walls facing Z**: a triangle from a vertex to its near-duplicate (noise in X and Y, the
///   same Z) and a far corner of the wall;
/// - **slivers on walls facing X**: the same with noise in Y and Z, the same X.
///
/// No triangle has zero area; every vertex is used; nothing is welded.
pub fn noisy_walls(seed: u64, walls: usize, spread: f32) -> builder::BuildInput {
    let mut rng = Rng::new(seed);
    let mut input = builder::BuildInput::default();
    let add = |input: &mut builder::BuildInput, corners: &[[f32; 3]], faces: &[[u32; 3]], attribute: u32| {
        let base = u32::try_from(input.positions.len()).unwrap_or(u32::MAX);
        input.positions.extend_from_slice(corners);
        for f in faces {
            input.triangles.push(builder::BuildTriangle {
                vertices: f.map(|k| base + k),
                attribute,
                group: 0,
            });
        }
    };
    for k in 0..walls {
        let (x, z) = (rng.range_f32(-spread, spread), rng.range_f32(-spread, spread));
        let y = rng.range_f32(-100.0, 100.0);
        let (height, width) = (rng.range_f32(5.0, 60.0), rng.range_f32(4.0, 200.0));
        // Noise either by ulps or by an absolute amount under the game's threshold (by ulps where that
        // amount is lost in rounding): never none.
        let noisy = |rng: &mut Rng, c: f32| {
            let moved = c + rng.range_f32(-1.0e-4, 1.0e-4);
            if moved == c || rng.chance(0.5) {
                jitter(rng, c)
            } else {
                moved
            }
        };
        match k % 3 {
            0 => {
                // A wall along X or Z; the top corners lean by the noise.
                let along_x = rng.chance(0.5);
                let far = if along_x { [x + width, y, z] } else { [x, y, z + width] };
                let lean = |rng: &mut Rng, p: [f32; 3]| [noisy(rng, p[0]), p[1] + height, noisy(rng, p[2])];
                let (top0, top1) = (lean(&mut rng, [x, y, z]), lean(&mut rng, far));
                add(&mut input, &[[x, y, z], top0, far, top1], &[[0, 1, 2], [2, 1, 3]], 0x100);
            }
            1 => {
                // Facing Z: the wall's plane is z = const; q2 is q's near-duplicate.
                let q = [x, y, z];
                let q2 = [noisy(&mut rng, x), noisy(&mut rng, y), z];
                add(&mut input, &[q, q2, [x + width, y + height, z]], &[[0, 1, 2]], 0x100);
            }
            _ => {
                // Facing X: the plane is x = const.
                let q = [x, y, z];
                let q2 = [x, noisy(&mut rng, y), noisy(&mut rng, z)];
                add(&mut input, &[q, q2, [x, y + height, z + width]], &[[0, 1, 2]], 0x100);
            }
        }
    }
    input
}

/// A complete tree over the triangles, from the builder ([`builder::tree_with_policy`]: its root, complete
/// lists, canonical links), in a shape for tests: a node splits while its depth is below `max_depth` and it
/// lists more than `leaf_max` triangles, or a coin with probability `extra_split` says so and it lists
/// any. The header's maxDepth is `max_depth` (≤ 15) whatever depth the tree reaches.
pub fn build_tree(
    rng: &mut Rng,
    triangles: &[Triangle],
    vertices: &[[f32; 3]],
    max_depth: u16,
    leaf_max: usize,
    extra_split: f64,
) -> (Header, Vec<NodeParts>) {
    let mut split = |_depth: u8, list: &[u16], _side: f32| {
        !list.is_empty() && (list.len() > leaf_max || rng.chance(extra_split))
    };
    builder::tree_with_policy(triangles, vertices, max_depth, &mut split)
        .expect("generated meshes fit the format")
}

/// A random, game-correct file: `triangles` terrain triangles, a tree of header depth `max_depth` (≤ 15).
pub fn game_correct(seed: u64, triangles: usize, max_depth: u16) -> Collision {
    let mut rng = Rng::new(seed);
    let (tris, verts) = terrain(&mut rng, triangles);
    let (h, nodes) = build_tree(&mut rng, &tris, &verts, max_depth.min(super::MAX_DEPTH), 12, 0.1);
    Collision::from_parts(h.root_center, h.root_length, h.max_depth, &nodes, tris, verts)
        .expect("generated counts fit the format")
}

/// The ways files in the wild are laid out, for round-trip tests. Every file is laid out by
/// [`Collision::from_parts`] first; a style restyles its lists and links before, and moves sections after.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Lists only in leaves (inner nodes numPoly 0), as the community editor writes.
    pub leaf_lists_only: bool,
    /// Pad every non-empty list to 3 entries with index 0 (the community editor's fix for small lists).
    pub pad_lists_to_3: bool,
    /// Store 1–2 entry lists at an offset anyway (older generators; the game misreads these).
    pub small_lists_stored: bool,
    /// All neighbour links 0.
    pub zero_links: bool,
    /// Omit the u16 pad that aligns the node array to 4 bytes.
    pub no_pad: bool,
    /// Put the arrays in the order vertices, triangles, nodes.
    pub reversed_sections: bool,
    /// Bytes after the last section.
    pub trailing: Vec<u8>,
    /// Whether `dataSize` counts the trailing bytes.
    pub data_size_counts_trailing: bool,
}

impl Style {
    /// The community editor's layout.
    pub fn community() -> Style {
        Style { leaf_lists_only: true, pad_lists_to_3: true, zero_links: true, ..Style::default() }
    }

    /// A random mix of every option.
    pub fn random(rng: &mut Rng) -> Style {
        let trailing = if rng.chance(0.3) {
            (0..rng.below(9)).map(|_| low_u8(rng.next_u32())).collect()
        } else {
            Vec::new()
        };
        Style {
            leaf_lists_only: rng.chance(0.4),
            pad_lists_to_3: rng.chance(0.3),
            small_lists_stored: rng.chance(0.2),
            zero_links: rng.chance(0.3),
            no_pad: rng.chance(0.3),
            reversed_sections: rng.chance(0.2),
            trailing,
            data_size_counts_trailing: rng.chance(0.5),
        }
    }
}

/// A node's parts as `style` lists and links them: lists only in leaves, padded to 3 entries with index 0,
/// links zeroed. [`Collision::from_parts`] then lays them out like any other file.
fn restyle(p: &NodeParts, style: &Style) -> NodeParts {
    let mut list = if style.leaf_lists_only && p.child != 0 { Vec::new() } else { p.list.clone() };
    if style.pad_lists_to_3 && !list.is_empty() && list.len() < 3 {
        list.resize(3, 0);
    }
    let neighbors = if style.zero_links { [0; 4] } else { p.neighbors };
    NodeParts { neighbors, list, ..p.clone() }
}

/// The canonical file `c` with its sections placed the way `style` says, where that differs from
/// [`Collision::from_parts`]: 1–2 entry lists stored too, no alignment pad, the arrays in reverse order,
/// trailing bytes. Lists stay in node order right after the header; nodes, triangles and vertices keep
/// their records. Without such a quirk, `c` is returned unchanged.
fn place(mut c: Collision, style: &Style) -> Collision {
    if !(style.small_lists_stored || style.no_pad || style.reversed_sections || !style.trailing.is_empty()) {
        return c;
    }
    let lists = c.lists();
    let mut stored: Vec<u16> = Vec::new();
    for (i, n) in c.nodes.iter_mut().enumerate() {
        if n.num_poly >= 3 || (n.num_poly > 0 && style.small_lists_stored) {
            n.poly_index = saturate(HEADER_SIZE + stored.len() * 2);
            stored.extend_from_slice(lists.get(i));
        }
    }
    let mut area: Vec<u8> = stored.iter().flat_map(|x| x.to_be_bytes()).collect();
    if !style.no_pad && area.len() % 4 != 0 {
        area.extend_from_slice(&[0, 0]);
    }
    let sizes =
        [c.nodes.len() * NODE_SIZE, c.triangles.len() * TRIANGLE_SIZE, c.vertices.len() * VERTEX_SIZE];
    let order: [usize; 3] = if style.reversed_sections { [2, 1, 0] } else { [0, 1, 2] };
    let mut offsets = [0usize; 3];
    let mut pos = HEADER_SIZE + area.len();
    for k in order {
        offsets[k] = pos;
        pos += sizes[k];
    }
    c.raw.clear();
    if !area.is_empty() {
        c.raw.push(RawBytes { offset: saturate(HEADER_SIZE), bytes: area });
    }
    if !style.trailing.is_empty() {
        c.raw.push(RawBytes { offset: saturate(pos), bytes: style.trailing.clone() });
    }
    let h = &mut c.header;
    h.data_size = saturate(pos + if style.data_size_counts_trailing { style.trailing.len() } else { 0 });
    [h.node_offset, h.polygon_offset, h.vertex_offset] = offsets.map(saturate);
    c
}

/// A file made the community editor's way ([`builder::build_community`]) from the same terrain as
/// [`game_correct`]: tree depth `depth` (0 = the editor's automatic choice), header maxDepth `depth`.
pub fn community(seed: u64, triangles: usize, depth: u8) -> Collision {
    let mut rng = Rng::new(seed);
    let (tris, verts) = terrain(&mut rng, triangles);
    let input = builder::BuildInput {
        positions: verts,
        triangles: tris
            .iter()
            .map(|t| builder::BuildTriangle {
                vertices: t.vertices.map(u32::from),
                attribute: t.attribute,
                group: t.group,
            })
            .collect(),
    };
    builder::build_community(&input, depth, u16::from(depth), false).expect("generated meshes fit the format")
}

/// A hostile file: [`game_correct`]'s tree and lists, with every triangle made one of three that each cover
/// three quarters of the root square (a vertex's X and Z moved to a corner chosen by its index). Every
/// triangle overlaps nearly every node, so anything that pairs triangles with nodes has the product of the
/// two counts to do: what levelkit's bounds on that work are tested on.
pub fn oversized(seed: u64, triangles: usize, max_depth: u16) -> Collision {
    let mut c = game_correct(seed, triangles, max_depth);
    let (center, side) = (c.header.root_center, c.header.root_length);
    let corners = [[-side, -side], [side, -side], [0.0, side]];
    for (v, [dx, dz]) in c.vertices.iter_mut().zip(corners.iter().cycle()) {
        *v = [center[0] + dx, v[1], center[2] + dz];
    }
    // Whole triples of vertices: one triangle's corners are three in a row from a multiple of 3.
    let last = u16::try_from(c.vertices.len() / 3 * 3).unwrap_or(u16::MAX).saturating_sub(3);
    for t in &mut c.triangles {
        let first = (t.vertices[0] - t.vertices[0] % 3).min(last);
        t.vertices = [first, first + 1, first + 2];
    }
    c
}

/// A file of the given size and depth laid out in `style`: the same tree as [`game_correct`], its lists
/// and links restyled, laid out by [`Collision::from_parts`], then placed as the style says.
pub fn odd(seed: u64, triangles: usize, max_depth: u16, style: &Style) -> Collision {
    let mut rng = Rng::new(seed);
    let (tris, verts) = terrain(&mut rng, triangles);
    let (h, nodes) = build_tree(&mut rng, &tris, &verts, max_depth.min(super::MAX_DEPTH), 12, 0.1);
    let nodes: Vec<NodeParts> = nodes.iter().map(|p| restyle(p, style)).collect();
    let c = Collision::from_parts(h.root_center, h.root_length, h.max_depth, &nodes, tris, verts)
        .expect("generated counts fit the format");
    place(c, style)
}
