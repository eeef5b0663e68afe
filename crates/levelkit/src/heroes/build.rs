//! Building `.cl` collision the game walks without holes ([`build`]), rebuilding the tree of a file made
//! elsewhere ([`repair`]), and building one the community editor's way ([`build_community`]).
//!
//! What [`build`] writes (`docs/building-collision.md` explains each choice):
//! - **Vertices** welded (exact duplicates by default, or within [`BuildOptions::weld`]), unused ones
//!   dropped, the rest kept in input order; **triangles** in input order, degenerate ones (zero area,
//!   non-finite corners, after welding) dropped and counted.
//! - **Root**: a power-of-two side (the game's rootLength mask leaves it unchanged) centred on a multiple
//!   of rootLength/2^15, so every node corner the game computes is an exact f32 and the four children
//!   tile their parent exactly; it covers every vertex.
//! - **Tree**: grown level by level, breadth-first (children contiguous). [`Depth::Auto`] splits a node
//!   while it lists more than [`TreeOptions::leaf_triangles`] triangles and more than half that many
//!   are small enough (X/Z extent ≤ half the node's side) for a split to separate them; [`Depth::Fixed`]
//!   splits every non-empty node down to the given depth. Never more than 65,534 nodes: auto stops
//!   splitting (largest lists first) when the next level would not fit; a fixed depth that does not fit
//!   is an error naming the depth that does.
//! - **Lists**: every node, inner nodes too, lists every triangle whose X/Z footprint overlaps its closed
//!   square (exact test, [`geom::triangle_overlaps_square`]), ascending: the tree equals its own
//!   [`tree::complete`] tree, so no walk misses a triangle, and the moving-sphere query (which takes a
//!   node it swallows whole by its own list, without descending) finds everything. Lists of 1 or 2 go
//!   inline in `polyIndex`, never padded ([`Collision::from_parts`]).
//! - **Links** canonical on all four sides ([`tree::canonical_links`]); **adjacency** for every shared
//!   edge ([`adjacency`]); **normals** normalize((v1−v0)×(v2−v0)).
//!
//! Everything is deterministic: the same input and options give the same bytes.

use super::generate::{self, Style};
use super::geom::{self, Grid, Xz};
use super::{tree, Collision, Header, NodeParts, Triangle, MAX_COUNT, MAX_DEPTH, NO_TRIANGLE};
use crate::bytes::WriteError;
use crate::Severity;
use serde::Serialize;
use std::collections::HashMap;

/// [`TreeOptions::leaf_triangles`] by default.
pub const DEFAULT_LEAF_TRIANGLES: usize = 8;

/// One input triangle: three indices into [`BuildInput::positions`], the surface flags and the group.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BuildTriangle {
    pub vertices: [u32; 3],
    /// The triangle's `attribute` (collision flags).
    pub attribute: u32,
    /// The triangle's `groupIndexNo` (tools store the source mesh's number).
    pub group: u16,
}

/// A plain triangle mesh to build from (OBJ, glTF, a Rugrats level or another `.cl` file end up here).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BuildInput {
    pub positions: Vec<[f32; 3]>,
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

    /// The geometry of a parsed level file of either format: a `.cl` file's own triangles, vertices,
    /// attributes and groups, or a Rugrats level's world geometry through the export adapter (Y up, the
    /// faces the game draws kept front-facing).
    pub fn from_document(doc: &crate::Document) -> Result<BuildInput, BuildError> {
        match doc {
            crate::Document::Heroes(c) => Ok(BuildInput::from_collision(c)),
            crate::Document::Reptar(_) => {
                let options = crate::convert::ExportOptions::new(crate::convert::ExportFormat::Glb);
                let mesh = crate::convert::document_mesh(doc, &options)
                    .map_err(|e| BuildError::Option(format!("the level's geometry cannot be read: {e}")))?;
                BuildInput::from_mesh(&mesh)
            }
        }
    }

    /// The faces of a neutral mesh (OBJ, glTF, a converted Rugrats level), fan-triangulated with their
    /// winding kept (the mesh's counter-clockwise front is the `.cl` solid side: both take the normal as
    /// (v1−v0)×(v2−v0) in a right-handed, Y-up frame). A face's attribute is its own, else the one its group
    /// name carries ([`super::flags::attribute_from_name`]), else 0 (floor); its group number is the mesh
    /// group's index. Lines are ignored.
    pub fn from_mesh(mesh: &crate::mesh::Mesh) -> Result<BuildInput, BuildError> {
        mesh.check().map_err(|e| BuildError::Option(format!("the mesh is not usable: {e}")))?;
        let mut input = BuildInput::default();
        for object in &mesh.objects {
            let base = u32::try_from(input.positions.len())
                .map_err(|_| BuildError::Option("the mesh has more than 2^32 vertices".into()))?;
            input.positions.extend_from_slice(&object.positions);
            for face in &object.faces {
                let group = mesh.groups.get(usize::try_from(face.group).unwrap_or(usize::MAX));
                let attribute = face
                    .attribute
                    .or_else(|| group.and_then(|g| super::flags::attribute_from_name(&g.name)))
                    .unwrap_or(0);
                let group = u16::try_from(face.group).unwrap_or(u16::MAX);
                for t in face.triangles() {
                    let [a, b, c] =
                        [t.corners[0], t.corners[1], t.corners[2]].map(|i| i.saturating_add(base));
                    input.triangles.push(BuildTriangle { vertices: [a, b, c], attribute, group });
                }
            }
        }
        Ok(input)
    }
}

/// How deep the tree goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Depth {
    /// Chosen from the geometry: split while a node lists more than `leaf_triangles` triangles small
    /// enough to be separated by a split (at most [`MAX_DEPTH`], or the requested maxDepth).
    #[default]
    Auto,
    /// Split every node that lists a triangle, down to this depth (≤ 15).
    Fixed(u16),
}

/// How the tree is shaped (shared by [`build`] and [`repair`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeOptions {
    pub depth: Depth,
    /// The header's maxDepth (the grid nx/nz count in); default: the tree's depth. Must be ≥ the tree's
    /// depth and ≤ 15; with [`Depth::Auto`] it also caps the tree's depth.
    pub max_depth: Option<u16>,
    /// The auto rule's target for triangles per leaf.
    pub leaf_triangles: usize,
}

impl Default for TreeOptions {
    fn default() -> Self {
        TreeOptions { depth: Depth::Auto, max_depth: None, leaf_triangles: DEFAULT_LEAF_TRIANGLES }
    }
}

/// Options for [`build`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BuildOptions {
    pub tree: TreeOptions,
    /// Reverse every triangle's winding (v0, v2, v1): for meshes whose normals point into the solid.
    pub flip: bool,
    /// Merge vertices closer than this (Euclidean distance ≤ weld); 0 merges exact duplicates only.
    pub weld: f32,
    /// Give every triangle this attribute instead of its own.
    pub attribute: Option<u32>,
}

/// Why a mesh cannot be built.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum BuildError {
    /// More triangles or vertices than a u16 count holds.
    #[error(
        "the mesh has {} {what} after welding and dropping degenerate triangles; a .cl file holds at most \
         65,534 ({} too many): {advice}",
        thousands(*count as u64),
        thousands((*count - MAX_COUNT) as u64)
    )]
    TooMany { what: &'static str, count: usize, advice: &'static str },
    /// A fixed depth needs more nodes than a u16 count holds.
    #[error(
        "depth {depth} needs more than 65,534 nodes: the tree has {} nodes at depth {reached} and depth {} would \
         add {} ({} too many); use --depth {reached} or lower, --depth auto, or split the mesh",
        thousands(*nodes as u64),
        reached + 1,
        thousands(*adding as u64),
        thousands((*nodes + *adding - MAX_COUNT) as u64)
    )]
    TooManyNodes { depth: u16, reached: u16, nodes: usize, adding: usize },
    /// A triangle names a vertex that does not exist.
    #[error("triangle {triangle} uses vertex {vertex}, but there are only {vertices} vertices")]
    VertexIndex { triangle: usize, vertex: u32, vertices: usize },
    /// An option is out of range.
    #[error("{0}")]
    Option(String),
    /// The geometry is too far apart for an f32 root square.
    #[error("the geometry spans {extent} units, too large for the root square's f32 length")]
    TooLarge { extent: f64 },
    /// The result failed its own check (a bug in levelkit): nothing was written.
    #[error("internal error, nothing written: the built file does not check clean: {0}")]
    NotClean(String),
    #[error(transparent)]
    Write(#[from] WriteError),
}

/// What [`build`] did.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct BuildReport {
    pub input_triangles: usize,
    pub input_vertices: usize,
    /// Vertices merged into an earlier one by welding.
    pub welded_vertices: usize,
    /// Vertices no kept triangle uses (after welding), dropped.
    pub unused_vertices: usize,
    /// Triangles dropped for zero area or non-finite corners.
    pub degenerate_triangles: usize,
    /// The first few dropped triangles' input indices.
    pub degenerate_examples: Vec<usize>,
    pub tree: TreeReport,
}

/// The tree [`build`] or [`repair`] made.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct TreeReport {
    pub triangles: usize,
    pub vertices: usize,
    pub nodes: usize,
    pub leaves: usize,
    /// The deepest node's depth.
    pub tree_depth: u8,
    /// The header's maxDepth.
    pub max_depth: u16,
    pub root_center: [f32; 3],
    pub root_length: f32,
    /// Entries over all lists (inline ones included).
    pub list_entries: u64,
    /// Nodes whose list is inline (1 or 2 entries).
    pub inline_lists: usize,
    /// Edges shared by two or more triangles.
    pub shared_edges: usize,
    /// Edges shared by more than two triangles (see [`adjacency`] for how they are linked).
    pub non_manifold_edges: usize,
    /// Auto depth stopped splitting because the next level would pass 65,534 nodes.
    pub node_limit_reached: bool,
    /// The file's size in bytes.
    pub bytes: u64,
}

/// A built file and what was done.
#[derive(Clone, Debug, PartialEq)]
pub struct Built {
    pub collision: Collision,
    pub report: BuildReport,
}

/// `n` with thousands separators (65,534).
fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

fn check_tree_options(o: &TreeOptions) -> Result<(), BuildError> {
    if let Some(m) = o.max_depth {
        if m > MAX_DEPTH {
            return Err(BuildError::Option(format!("--max-depth {m} is above 15, the game's limit")));
        }
    }
    if let Depth::Fixed(d) = o.depth {
        if d > MAX_DEPTH {
            return Err(BuildError::Option(format!("--depth {d} is above 15, the game's limit")));
        }
        if let Some(m) = o.max_depth.filter(|&m| m < d) {
            return Err(BuildError::Option(format!(
                "--max-depth {m} is below --depth {d}; nodes cannot be deeper than maxDepth"
            )));
        }
    }
    if o.leaf_triangles == 0 {
        return Err(BuildError::Option("--leaf-triangles must be at least 1".into()));
    }
    Ok(())
}

/// Builds a game-correct file from a mesh (see the module docs). Fails on a vertex index out of range,
/// more than 65,534 triangles or vertices, a fixed depth needing more than 65,534 nodes, or bad options.
/// The result passes [`Collision::validate`] with no findings; [`checked_bytes`] proves it before writing.
pub fn build(input: &BuildInput, opts: &BuildOptions) -> Result<Built, BuildError> {
    check_tree_options(&opts.tree)?;
    if !(opts.weld.is_finite() && opts.weld >= 0.0) {
        return Err(BuildError::Option(format!("--weld {} must be a finite distance ≥ 0", opts.weld)));
    }
    let n = input.positions.len();
    for (i, t) in input.triangles.iter().enumerate() {
        if let Some(&v) = t.vertices.iter().find(|&&v| v as usize >= n) {
            return Err(BuildError::VertexIndex { triangle: i, vertex: v, vertices: n });
        }
    }
    let rep = weld(&input.positions, &input.triangles, opts.weld);
    let welded_vertices = rep.iter().enumerate().filter(|&(i, &r)| r as usize != i).count();

    // Triangles through the weld, flipped if asked, degenerate ones dropped.
    let mut kept: Vec<([u32; 3], u32, u16)> = Vec::with_capacity(input.triangles.len());
    let mut degenerate = Vec::new();
    for (i, t) in input.triangles.iter().enumerate() {
        let mut v = t.vertices.map(|x| rep[x as usize]);
        if opts.flip {
            v.swap(1, 2);
        }
        let points = v.map(|x| input.positions[x as usize]);
        if v[0] == v[1] || v[1] == v[2] || v[0] == v[2] || geom::normal_from_winding(&points).is_none() {
            degenerate.push(i);
            continue;
        }
        kept.push((v, opts.attribute.unwrap_or(t.attribute), t.group));
    }
    // Used vertices, in input order.
    let mut new_index = vec![u32::MAX; n];
    for (v, _, _) in &kept {
        for &x in v {
            new_index[x as usize] = 0;
        }
    }
    let mut vertices = Vec::new();
    for (i, slot) in new_index.iter_mut().enumerate() {
        if *slot == 0 {
            *slot = vertices.len() as u32;
            vertices.push(input.positions[i]);
        }
    }
    let unused_vertices = n - welded_vertices - vertices.len();
    check_counts(kept.len(), vertices.len())?;
    let triangles: Vec<Triangle> = kept
        .iter()
        .map(|(v, attribute, group)| Triangle {
            // Both counts were checked to fit.
            vertices: v.map(|x| new_index[x as usize] as u16),
            attribute: *attribute,
            group: *group,
            ..Triangle::default()
        })
        .collect();
    let (collision, tree) = build_tree(triangles, vertices, true, &opts.tree)?;
    let report = BuildReport {
        input_triangles: input.triangles.len(),
        input_vertices: n,
        welded_vertices,
        unused_vertices,
        degenerate_triangles: degenerate.len(),
        degenerate_examples: degenerate.iter().copied().take(8).collect(),
        tree,
    };
    Ok(Built { collision, report })
}

fn check_counts(triangles: usize, vertices: usize) -> Result<(), BuildError> {
    if triangles > MAX_COUNT {
        return Err(BuildError::TooMany {
            what: "triangles",
            count: triangles,
            advice: "split the mesh into several files (e.g. by area) or simplify it",
        });
    }
    if vertices > MAX_COUNT {
        return Err(BuildError::TooMany {
            what: "vertices",
            count: vertices,
            advice: "weld nearby vertices (--weld), simplify the mesh, or split it into several files",
        });
    }
    Ok(())
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
    let mut rep: Vec<u32> = (0..positions.len() as u32).collect();
    let finite = |p: &[f32; 3]| p.iter().all(|x| x.is_finite());
    if eps == 0.0 {
        let mut first: HashMap<[u32; 3], u32> = HashMap::new();
        for (i, p) in positions.iter().enumerate() {
            if used[i] && finite(p) {
                // Adding 0.0 turns −0 into +0.
                let key = p.map(|x| (x + 0.0).to_bits());
                rep[i] = *first.entry(key).or_insert(i as u32);
            }
        }
        return rep;
    }
    let cell = f64::from(eps);
    let key = |x: f32| (f64::from(x) / cell).floor().clamp(-9.0e15, 9.0e15) as i64;
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
            None => grid.entry(k).or_default().push(i as u32),
        }
    }
    rep
}

/// Adjacency and normals for `triangles` (in place), then the tree. Every triangle must be
/// non-degenerate with its vertices in range, and the counts must fit.
fn build_tree(
    mut triangles: Vec<Triangle>,
    vertices: Vec<[f32; 3]>,
    unique_positions: bool,
    opts: &TreeOptions,
) -> Result<(Collision, TreeReport), BuildError> {
    let tris: Vec<[u16; 3]> = triangles.iter().map(|t| t.vertices).collect();
    let (adj, stats) = if unique_positions {
        // Welded vertices: the index is the position's id.
        adjacency_by_ids(&tris, &(0..vertices.len() as u32).collect::<Vec<_>>())
    } else {
        adjacency(&tris, &vertices)
    };
    for (t, neighbors) in triangles.iter_mut().zip(adj) {
        t.neighbors = neighbors;
        t.normal = geom::triangle_points(&vertices, &t.vertices)
            .and_then(|p| geom::normal_from_winding(&p))
            .unwrap_or([0.0; 3]);
    }
    let root = choose_root(&vertices)?;
    let footprints: Vec<[Xz; 3]> =
        tris.iter().map(|t| geom::triangle_xz(&vertices, t).unwrap_or([[f32::NAN; 2]; 3])).collect();
    let extents: Vec<f32> = footprints
        .iter()
        .map(|f| {
            let (lo, hi) = bounds(f);
            (hi[0] - lo[0]).max(hi[1] - lo[1])
        })
        .collect();
    let leaf = opts.leaf_triangles;
    let (limit, strict) = match opts.depth {
        Depth::Auto => (opts.max_depth.unwrap_or(MAX_DEPTH), None),
        Depth::Fixed(d) => (d, Some(d)),
    };
    let mut policy = |_depth: u8, list: &[u16], side: f32| match opts.depth {
        Depth::Fixed(_) => !list.is_empty(),
        Depth::Auto => {
            list.len() > leaf
                && list.iter().filter(|&&t| extents[usize::from(t)] <= side / 2.0).count() > leaf / 2
        }
    };
    let grown = grow(&root, &footprints, limit, strict, &mut policy)?;
    let max_depth = opts.max_depth.unwrap_or(u16::from(grown.tree_depth));
    let collision = assemble(&root, grown.nodes, max_depth, triangles, vertices)?;
    let lists = collision.lists();
    let report = TreeReport {
        triangles: collision.triangles.len(),
        vertices: collision.vertices.len(),
        nodes: collision.nodes.len(),
        leaves: collision.leaf_count(),
        tree_depth: collision.tree_depth(),
        max_depth,
        root_center: collision.header.root_center,
        root_length: collision.header.root_length,
        list_entries: lists.total_entries(),
        inline_lists: collision.nodes.iter().filter(|n| n.num_poly == 1 || n.num_poly == 2).count(),
        shared_edges: stats.shared,
        non_manifold_edges: stats.non_manifold,
        node_limit_reached: grown.limited,
        bytes: collision.file_len(),
    };
    Ok((collision, report))
}

/// The X/Z bounding box of a footprint.
fn bounds(f: &[Xz; 3]) -> (Xz, Xz) {
    (
        [f[0][0].min(f[1][0]).min(f[2][0]), f[0][1].min(f[1][1]).min(f[2][1])],
        [f[0][0].max(f[1][0]).max(f[2][0]), f[0][1].max(f[1][1]).max(f[2][1])],
    )
}

/// The root square: centre, side, and whether every corner the game computes is exact (see
/// [`choose_root`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Root {
    pub center: [f32; 3],
    pub length: f32,
    /// Every node corner and centre down to depth 15 is an exact f32, so children tile their parent
    /// exactly and a triangle overlapping a child overlaps the parent.
    pub exact: bool,
    /// The grid at maxDepth 15, in which the builder places nodes before the real maxDepth is known.
    grid: Grid,
}

/// Chooses the root square for these vertices: the smallest power-of-two side (so the game's mask of
/// rootLength's low 12 bits changes nothing) that, centred on a multiple of side/2^15 near the middle of
/// the vertices' X/Z bounds, covers all of them. Corners are then multiples of side/2^15, exact in f32
/// while the root is within 2^22 such steps of the origin (`exact`). No vertices: side 1 at the origin.
pub fn choose_root(vertices: &[[f32; 3]]) -> Result<Root, BuildError> {
    let (mut lo, mut hi) = ([f64::INFINITY; 3], [f64::NEG_INFINITY; 3]);
    for v in vertices {
        for a in 0..3 {
            lo[a] = lo[a].min(f64::from(v[a]));
            hi[a] = hi[a].max(f64::from(v[a]));
        }
    }
    if vertices.is_empty() {
        (lo, hi) = ([0.0; 3], [0.0; 3]);
    }
    let extent = (hi[0] - lo[0]).max(hi[2] - lo[2]);
    if !extent.is_finite() {
        return Err(BuildError::TooLarge { extent });
    }
    let mut len = 1.0f64;
    while len < extent {
        len *= 2.0;
    }
    while len / 2.0 >= extent && extent > 0.0 {
        len /= 2.0;
    }
    let mid = [(lo[0] + hi[0]) / 2.0, (lo[1] + hi[1]) / 2.0, (lo[2] + hi[2]) / 2.0];
    for _ in 0..64 {
        if len > f64::from(f32::MAX) / 4.0 {
            return Err(BuildError::TooLarge { extent });
        }
        let step = len / 32768.0;
        let cx = (mid[0] / step).round() * step;
        let cz = (mid[2] / step).round() * step;
        let center = [cx as f32, mid[1] as f32, cz as f32];
        let length = len as f32;
        let header =
            Header { root_center: center, root_length: length, max_depth: MAX_DEPTH, ..Header::default() };
        let Some(grid) = Grid::new(&header) else { break };
        let sq = grid.root();
        let covers = sq.min[0] as f64 <= lo[0]
            && sq.min[1] as f64 <= lo[2]
            && f64::from(sq.max()[0]) >= hi[0]
            && f64::from(sq.max()[1]) >= hi[2];
        if covers {
            let limit = f64::from(1u32 << 22);
            let exact = f64::from(center[0]) == cx
                && f64::from(center[2]) == cz
                && [cx - len / 2.0, cx + len / 2.0, cz - len / 2.0, cz + len / 2.0]
                    .iter()
                    .all(|c| (c / step).abs() < limit);
            return Ok(Root { center, length, exact, grid });
        }
        len *= 2.0;
    }
    Err(BuildError::TooLarge { extent })
}

/// A grown tree: nodes in breadth-first order with nx/nz in depth-15 units and complete lists (when the
/// root is exact).
struct Grown {
    nodes: Vec<NodeParts>,
    tree_depth: u8,
    limited: bool,
}

/// Grows the tree level by level from a root listing every triangle. `split(depth, list, side)` says
/// whether a node wants children; nodes at `limit` never split. When a level's splits would pass 65,534
/// nodes: with `strict` (a fixed depth) that is an error; otherwise the nodes with the longest lists split
/// (ties by index) and growth stops.
fn grow(
    root: &Root,
    footprints: &[[Xz; 3]],
    limit: u16,
    strict: Option<u16>,
    split: &mut dyn FnMut(u8, &[u16], f32) -> bool,
) -> Result<Grown, BuildError> {
    let grid = &root.grid;
    let root_sq = grid.root();
    let all: Vec<u16> = (0..footprints.len())
        .filter(|&t| geom::triangle_overlaps_square(&footprints[t], root_sq.min, root_sq.max()))
        .map(|t| t as u16)
        .collect();
    let mut nodes = vec![NodeParts { list: all, ..NodeParts::default() }];
    let mut level = 0..1;
    let mut depth = 0u8;
    let mut limited = false;
    while u16::from(depth) < limit {
        let side = grid.half[usize::from(depth)] * 2.0;
        let mut wanting: Vec<usize> = level.clone().filter(|&i| split(depth, &nodes[i].list, side)).collect();
        if wanting.is_empty() {
            break;
        }
        let room = (MAX_COUNT - nodes.len()) / 4;
        if wanting.len() > room {
            if let Some(d) = strict {
                return Err(BuildError::TooManyNodes {
                    depth: d,
                    reached: u16::from(depth),
                    nodes: nodes.len(),
                    adding: wanting.len() * 4,
                });
            }
            wanting.sort_by_key(|&i| (std::cmp::Reverse(nodes[i].list.len()), i));
            wanting.truncate(room);
            wanting.sort_unstable();
            limited = true;
        }
        let next = nodes.len();
        let step = grid.steps(depth + 1).unwrap_or(1) as u16;
        for p in wanting {
            let (nx, nz) = (nodes[p].nx, nodes[p].nz);
            nodes[p].child = nodes.len() as u16;
            let mut children: [NodeParts; 4] = Default::default();
            let mut squares = [(Xz::default(), Xz::default()); 4];
            for (k, ch) in children.iter_mut().enumerate() {
                let k = k as u16;
                *ch = NodeParts {
                    parent: p as u16,
                    nx: nx + (k & 1) * step,
                    nz: nz + (k >> 1) * step,
                    depth: depth + 1,
                    ..NodeParts::default()
                };
                let sq = grid.square(ch.nx, ch.nz, depth + 1).unwrap_or(root_sq);
                squares[usize::from(k)] = (sq.min, sq.max());
            }
            for &t in &nodes[p].list {
                let f = &footprints[usize::from(t)];
                let (lo, hi) = bounds(f);
                for (ch, (min, max)) in children.iter_mut().zip(&squares) {
                    if hi[0] < min[0] || lo[0] > max[0] || hi[1] < min[1] || lo[1] > max[1] {
                        continue;
                    }
                    let inside = lo[0] >= min[0] && hi[0] <= max[0] && lo[1] >= min[1] && hi[1] <= max[1];
                    if inside || geom::triangle_overlaps_square(f, *min, *max) {
                        ch.list.push(t);
                    }
                }
            }
            nodes.extend(children);
        }
        depth += 1;
        level = next..nodes.len();
        if limited {
            break;
        }
    }
    let tree_depth = nodes.iter().map(|n| n.depth).max().unwrap_or(0);
    Ok(Grown { nodes, tree_depth, limited })
}

/// A tree over prepared triangles (vertices in range), grown where `split(depth, list, side)` says, no
/// deeper than `max_depth` (≤ 15), with the builder's root, complete lists and canonical links: the
/// header (root and maxDepth; counts and offsets left 0) and the nodes. For generators that want trees of
/// other shapes than [`build`]'s; [`Collision::from_parts`] lays them out.
pub fn tree_with_policy(
    triangles: &[Triangle],
    vertices: &[[f32; 3]],
    max_depth: u16,
    split: &mut dyn FnMut(u8, &[u16], f32) -> bool,
) -> Result<(Header, Vec<NodeParts>), BuildError> {
    let max_depth = max_depth.min(MAX_DEPTH);
    let root = choose_root(vertices)?;
    let footprints: Vec<[Xz; 3]> = triangles
        .iter()
        .map(|t| geom::triangle_xz(vertices, &t.vertices).unwrap_or([[f32::NAN; 2]; 3]))
        .collect();
    let mut nodes = grow(&root, &footprints, max_depth, None, split)?.nodes;
    for n in &mut nodes {
        n.nx >>= MAX_DEPTH - max_depth;
        n.nz >>= MAX_DEPTH - max_depth;
    }
    let c = Collision::from_parts(
        root.center,
        root.length,
        max_depth,
        &nodes,
        triangles.to_vec(),
        vertices.to_vec(),
    )?;
    if !root.exact {
        for (n, list) in nodes.iter_mut().zip(tree::complete_lists(&c)) {
            n.list = list;
        }
    }
    for (n, links) in nodes.iter_mut().zip(tree::canonical_links(&c.nodes, max_depth)) {
        n.neighbors = links;
    }
    let header =
        Header { root_center: root.center, root_length: root.length, max_depth, ..Header::default() };
    Ok((header, nodes))
}

/// Lays the grown tree out at header depth `max_depth`, with canonical links (and, if the root is not
/// exact, lists recomputed by [`tree::complete_lists`] over the game's own squares).
fn assemble(
    root: &Root,
    mut nodes: Vec<NodeParts>,
    max_depth: u16,
    triangles: Vec<Triangle>,
    vertices: Vec<[f32; 3]>,
) -> Result<Collision, BuildError> {
    let shift = MAX_DEPTH - max_depth;
    for n in &mut nodes {
        n.nx >>= shift;
        n.nz >>= shift;
    }
    let mut c = Collision::from_parts(root.center, root.length, max_depth, &nodes, triangles, vertices)?;
    if !root.exact {
        c = tree::complete(&c)?;
    }
    let links = tree::canonical_links(&c.nodes, max_depth);
    for (n, l) in c.nodes.iter_mut().zip(links) {
        n.neighbors = l;
    }
    Ok(c)
}

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
fn adjacency_by_ids(tris: &[[u16; 3]], ids: &[u32]) -> (Vec<[u16; 3]>, EdgeStats) {
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
    edges.sort_unstable();
    let tri = |e: u64| ((e >> 3) & 0xFFFF) as u32;
    let forward = |e: u64| e & 1 == 1;
    let mut out = vec![[NO_TRIANGLE; 3]; tris.len()];
    let mut stats = EdgeStats::default();
    for group in edges.chunk_by(|x, y| x >> 19 == y >> 19) {
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
                let slot = ((e >> 1) & 3) as usize;
                out[t as usize][slot] = u16::try_from(o).unwrap_or(NO_TRIANGLE);
            }
        }
    }
    (out, stats)
}

/// The file's bytes, after proving the file is what the game should get: [`Collision::validate`] finds
/// nothing at all, and parsing the bytes gives the same model back. Builders call this before writing,
/// so a corrupt file is never written.
pub fn checked_bytes(c: &Collision) -> Result<Vec<u8>, BuildError> {
    let findings = c.validate();
    let serious: Vec<String> = findings
        .0
        .iter()
        .filter(|f| f.severity >= Severity::Warning)
        .take(5)
        .map(|f| f.to_string())
        .collect();
    if !serious.is_empty() {
        return Err(BuildError::NotClean(serious.join("; ")));
    }
    let bytes = c.to_bytes()?;
    match Collision::parse(&bytes) {
        Ok(back) if back == *c => Ok(bytes),
        Ok(_) => Err(BuildError::NotClean("the bytes read back differently".into())),
        Err(e) => Err(BuildError::NotClean(format!("the bytes do not parse: {e}"))),
    }
}

/// What [`repair`] changed.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct RepairReport {
    pub triangles_before: usize,
    pub triangles_after: usize,
    pub vertices_before: usize,
    pub vertices_after: usize,
    /// Triangles dropped for a vertex index out of range.
    pub invalid_triangles: usize,
    /// Triangles dropped for zero area or non-finite corners (the game cannot collide with them).
    pub degenerate_triangles: usize,
    /// Vertices dropped (only when some vertex was not finite: then every unused vertex goes).
    pub vertices_dropped: usize,
    pub nodes_before: usize,
    pub nodes_after: usize,
    pub tree_depth_before: u8,
    pub tree_depth_after: u8,
    pub max_depth_before: u16,
    pub max_depth_after: u16,
    /// rootLength was one the game's mask changes.
    pub root_length_masked_before: bool,
    /// Non-zero neighbour links, before and after.
    pub links_before: usize,
    pub links_after: usize,
    /// Old node sides with no link where the old tree's canonical link exists.
    pub links_missing_before: usize,
    /// Old node sides linking somewhere other than the canonical node.
    pub links_wrong_before: usize,
    /// Old nodes (in the tree) whose list lacked triangles overlapping their square.
    pub lists_incomplete_before: usize,
    /// Old lists with entries that do not overlap the node's square or repeat (padding with 0 shows here).
    pub lists_padded_or_extra_before: usize,
    /// Old 1- or 2-entry lists whose polyIndex has bits the game ignores: an offset an old tool wrote, which
    /// the game reads as triangle numbers. (Offsets below 0x8000 look like valid entries; the wrong
    /// triangles they name show up as incomplete lists.)
    pub small_lists_misstored_before: usize,
    /// Old lists the game cannot read (outside the list area).
    pub lists_unreadable_before: usize,
    pub list_entries_before: u64,
    pub list_entries_after: u64,
    /// Triangle edge slots whose adjacency changed.
    pub adjacency_fixed: usize,
    /// Triangles whose stored normal disagreed with the winding (more than validation's tolerance).
    pub normals_fixed: usize,
    /// Validation of the old and the new file.
    pub errors_before: usize,
    pub warnings_before: usize,
    pub errors_after: usize,
    pub warnings_after: usize,
    pub tree: TreeReport,
}

impl std::fmt::Display for RepairReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let r = self;
        writeln!(
            f,
            "triangles      {} -> {} ({} degenerate, {} with bad vertex indices dropped)",
            r.triangles_before, r.triangles_after, r.degenerate_triangles, r.invalid_triangles
        )?;
        writeln!(
            f,
            "vertices       {} -> {} ({} dropped)",
            r.vertices_before, r.vertices_after, r.vertices_dropped
        )?;
        writeln!(
            f,
            "nodes          {} -> {}, depth {} -> {}, maxDepth {} -> {}",
            r.nodes_before,
            r.nodes_after,
            r.tree_depth_before,
            r.tree_depth_after,
            r.max_depth_before,
            r.max_depth_after
        )?;
        writeln!(
            f,
            "links          {} -> {} (before: {} missing, {} wrong)",
            r.links_before, r.links_after, r.links_missing_before, r.links_wrong_before
        )?;
        writeln!(
            f,
            "lists          {} -> {} entries (before: {} incomplete, {} padded or with extra entries, {} small lists stored at an offset, {} unreadable)",
            r.list_entries_before, r.list_entries_after, r.lists_incomplete_before, r.lists_padded_or_extra_before, r.small_lists_misstored_before, r.lists_unreadable_before
        )?;
        writeln!(f, "adjacency      {} edge slots fixed", r.adjacency_fixed)?;
        writeln!(f, "normals        {} fixed", r.normals_fixed)?;
        if r.root_length_masked_before {
            writeln!(f, "root length    the old one was changed by the game's mask; the new one is not")?;
        }
        writeln!(
            f,
            "findings       {} errors, {} warnings -> {} errors, {} warnings",
            r.errors_before, r.warnings_before, r.errors_after, r.warnings_after
        )
    }
}

/// Rebuilds a file made elsewhere: keeps its triangles (in order), vertices, attributes and groups;
/// rebuilds the tree, lists, links, adjacency and normals as [`build`] does. Triangles the game cannot use
/// (a vertex index out of range, zero area, non-finite corners) are dropped, so later triangle numbers
/// shift down; the vertex array is kept as is unless a vertex is not finite, in which case every vertex no
/// kept triangle uses is dropped. Returns the repaired file and what changed.
pub fn repair(c: &Collision, opts: &TreeOptions) -> Result<(Collision, RepairReport), BuildError> {
    check_tree_options(opts)?;
    let nv = c.vertices.len();
    let mut r = RepairReport {
        triangles_before: c.triangles.len(),
        vertices_before: nv,
        nodes_before: c.nodes.len(),
        tree_depth_before: c.tree_depth(),
        max_depth_before: c.header.max_depth,
        root_length_masked_before: geom::game_root_length(c.header.root_length) != c.header.root_length,
        ..RepairReport::default()
    };
    let before = c.validate();
    r.errors_before = before.count(Severity::Error);
    r.warnings_before = before.count(Severity::Warning);
    old_tree_report(c, &mut r);

    // Kept triangles and where each old one went.
    let mut new_of_old = vec![NO_TRIANGLE; c.triangles.len()];
    let mut kept: Vec<Triangle> = Vec::with_capacity(c.triangles.len());
    for (i, t) in c.triangles.iter().enumerate() {
        match geom::triangle_points(&c.vertices, &t.vertices) {
            None => r.invalid_triangles += 1,
            Some(p) if geom::normal_from_winding(&p).is_none() => r.degenerate_triangles += 1,
            Some(_) => {
                new_of_old[i] = u16::try_from(kept.len()).unwrap_or(NO_TRIANGLE);
                kept.push(*t);
            }
        }
    }
    let mut vertices = c.vertices.clone();
    if vertices.iter().any(|v| !v.iter().all(|x| x.is_finite())) {
        let mut new_index = vec![u16::MAX; nv];
        for t in &kept {
            for &v in &t.vertices {
                new_index[usize::from(v)] = 0;
            }
        }
        vertices.clear();
        for (i, slot) in new_index.iter_mut().enumerate() {
            if *slot == 0 {
                *slot = vertices.len() as u16;
                vertices.push(c.vertices[i]);
            }
        }
        for t in &mut kept {
            t.vertices = t.vertices.map(|v| new_index[usize::from(v)]);
        }
        r.vertices_dropped = nv - vertices.len();
    }
    check_counts(kept.len(), vertices.len())?;
    let old: Vec<Triangle> = kept.clone();
    for t in &mut kept {
        t.neighbors = [NO_TRIANGLE; 3];
        t.tail = [0; 2];
    }
    let (out, tree) = build_tree(kept, vertices, false, opts)?;
    for (o, n) in old.iter().zip(&out.triangles) {
        for k in 0..3 {
            let was = match o.neighbors[k] {
                NO_TRIANGLE => NO_TRIANGLE,
                x => new_of_old.get(usize::from(x)).copied().unwrap_or(NO_TRIANGLE),
            };
            if was != n.neighbors[k] {
                r.adjacency_fixed += 1;
            }
        }
        let (a, b) = (o.normal, n.normal);
        let len = (a[0] * a[0] + a[1] * a[1] + a[2] * a[2]).sqrt();
        let dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
        if !(len.is_finite() && (len - 1.0).abs() <= 1e-3 && dot >= 0.999) {
            r.normals_fixed += 1;
        }
    }
    let after = out.validate();
    r.errors_after = after.count(Severity::Error);
    r.warnings_after = after.count(Severity::Warning);
    r.triangles_after = out.triangles.len();
    r.vertices_after = out.vertices.len();
    r.nodes_after = out.nodes.len();
    r.tree_depth_after = out.tree_depth();
    r.max_depth_after = out.header.max_depth;
    r.links_after = out.nodes.iter().flat_map(|n| n.neighbors).filter(|&l| l != 0).count();
    r.list_entries_after = tree.list_entries;
    r.tree = tree;
    Ok((out, r))
}

/// The old file's links and lists against its own complete tree.
fn old_tree_report(c: &Collision, r: &mut RepairReport) {
    let lists = c.lists();
    r.lists_unreadable_before = lists.errors.len();
    r.list_entries_before = lists.total_entries();
    r.links_before = c.nodes.iter().flat_map(|n| n.neighbors).filter(|&l| l != 0).count();
    r.small_lists_misstored_before = c
        .nodes
        .iter()
        .filter(|n| match n.num_poly {
            1 => n.poly_index & !super::INLINE_MASK_0 != 0,
            2 => n.poly_index & !(super::INLINE_MASK_0 | super::INLINE_MASK_1) != 0,
            _ => false,
        })
        .count();
    let links = tree::canonical_links(&c.nodes, c.header.max_depth);
    for (i, (n, want)) in c.nodes.iter().zip(&links).enumerate() {
        if i == 0 {
            continue;
        }
        for (&have, &want) in n.neighbors.iter().zip(want) {
            if have == 0 && want != 0 {
                r.links_missing_before += 1;
            } else if have != want {
                r.links_wrong_before += 1;
            }
        }
    }
    let complete = tree::complete_lists(c);
    for (i, want) in complete.iter().enumerate() {
        let mut have: Vec<u16> = lists.get(i).to_vec();
        let len = have.len();
        have.sort_unstable();
        have.dedup();
        let extra = have.len() < len || have.iter().any(|t| want.binary_search(t).is_err());
        if extra {
            r.lists_padded_or_extra_before += 1;
        }
        if want.iter().any(|t| have.binary_search(t).is_err()) {
            r.lists_incomplete_before += 1;
        }
    }
}

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
    let vertices = input.positions.clone();
    let triangles: Vec<Triangle> = input
        .triangles
        .iter()
        .map(|t| {
            let mut v = t.vertices.map(|x| x as u16);
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
    let depth =
        if depth == 0 { ((length / 50.0).log2().floor().clamp(0.0, 10.0)) as u8 } else { depth.min(15) };
    let base_power = base_power.clamp(u16::from(depth), MAX_DEPTH);

    // The editor's squares, in f32 as it computes them (min corner and side).
    let rects: Vec<Option<(Xz, Xz)>> =
        triangles.iter().map(|t| geom::triangle_xz(&vertices, &t.vertices).map(|f| bounds(&f))).collect();
    struct Quad {
        parts: NodeParts,
        min: Xz,
        size: f32,
    }
    let root_list: Vec<u16> = (0..triangles.len() as u16).collect();
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
            let first = quads.len() as u16;
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
                    parent: i as u16,
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
    let header =
        Header { root_center: center, root_length: length, max_depth: base_power, ..Header::default() };
    Ok(generate::assemble(header, &parts, triangles, vertices, &Style::community()))
}

#[cfg(test)]
#[path = "build_tests.rs"]
mod tests;
