//! Rebuilding the tree of a file made elsewhere ([`repair`]), and what changed ([`RepairReport`]).

use super::error::{check_counts, BuildError};
use super::layout::{build_tree, TreeReport};
use super::options::{check_tree_options, TreeOptions};
use crate::findings::{Findings, Severity};
use crate::heroes::geom::freeze;
use crate::heroes::{geom, tree, Collision, Triangle, INLINE_MASK_0, INLINE_MASK_1, NO_TRIANGLE};
use crate::num::saturate;
use serde::Serialize;

/// What [`repair`] changed.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[non_exhaustive]
pub struct RepairReport {
    /// numPolygons of the old file.
    pub triangles_before: usize,
    /// numPolygons of the new file.
    pub triangles_after: usize,
    /// numVertices of the old file.
    pub vertices_before: usize,
    /// numVertices of the new file.
    pub vertices_after: usize,
    /// Triangles dropped for a vertex index out of range.
    pub invalid_triangles: usize,
    /// Triangles dropped for zero area or non-finite corners (the game cannot collide with them).
    pub degenerate_triangles: usize,
    /// Triangles whose corners were rotated (same winding, same face) because the game would hang on the
    /// old order ([`crate::heroes::geom::freeze`]); their adjacency and normals follow the new order.
    pub rotated_triangles: usize,
    /// Triangles dropped because the game would hang on every rotation of their corners.
    pub hanging_triangles: usize,
    /// Vertices dropped (only when some vertex was not finite: then every unused vertex goes).
    pub vertices_dropped: usize,
    /// numNodes of the old file.
    pub nodes_before: usize,
    /// numNodes of the new file.
    pub nodes_after: usize,
    /// The old tree's deepest node's depth.
    pub tree_depth_before: u8,
    /// The new tree's deepest node's depth.
    pub tree_depth_after: u8,
    /// The old header's maxDepth.
    pub max_depth_before: u16,
    /// The new header's maxDepth.
    pub max_depth_after: u16,
    /// rootLength was one the game's mask changes.
    pub root_length_masked_before: bool,
    /// Non-zero neighbour links, before and after.
    pub links_before: usize,
    /// Non-zero neighbour links in the new file.
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
    /// The old lists were not compared with the complete ones, which would pass
    /// [`tree::MAX_COMPLETE_ENTRIES`](crate::heroes::tree::MAX_COMPLETE_ENTRIES): `lists_incomplete_before` and
    /// `lists_padded_or_extra_before` are then 0.
    pub lists_not_compared_before: bool,
    /// Old lists the game cannot read (outside the list area).
    pub lists_unreadable_before: usize,
    /// Entries over all the old lists (inline ones included).
    pub list_entries_before: u64,
    /// Entries over all the new lists.
    pub list_entries_after: u64,
    /// Triangle edge slots whose adjacency changed.
    pub adjacency_fixed: usize,
    /// Triangles whose stored normal disagreed with the winding (more than validation's tolerance).
    pub normals_fixed: usize,
    /// Validation of the old and the new file.
    pub errors_before: usize,
    /// Warnings validating the old file.
    pub warnings_before: usize,
    /// Errors validating the new file.
    pub errors_after: usize,
    /// Warnings validating the new file.
    pub warnings_after: usize,
    /// The new tree.
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
            "game safety    {} triangles rotated so the game cannot hang on them, {} dropped (it hangs on every order)",
            r.rotated_triangles, r.hanging_triangles
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
        let compared = if r.lists_not_compared_before {
            "not compared with complete lists, which would be too large".to_string()
        } else {
            format!(
                "{} incomplete, {} padded or with extra entries",
                r.lists_incomplete_before, r.lists_padded_or_extra_before
            )
        };
        writeln!(
            f,
            "lists          {} -> {} entries (before: {compared}, {} small lists stored at an offset, {} unreadable)",
            r.list_entries_before, r.list_entries_after, r.small_lists_misstored_before, r.lists_unreadable_before
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
/// rebuilds the tree, lists, links, adjacency and normals as [`super::build`] does, and rotates the corners of
/// triangles the game would hang on. Triangles the game cannot use (a vertex index out of range, zero
/// area, non-finite corners, a hang on every rotation) are dropped, so later triangle numbers
/// shift down; the vertex array is kept as is unless a vertex is not finite, in which case every vertex no
/// kept triangle uses is dropped. Returns the repaired file and what changed.
pub fn repair(c: &Collision, opts: &TreeOptions) -> Result<(Collision, RepairReport), BuildError> {
    repair_validated(c, opts).map(|(out, report, _)| (out, report))
}

/// [`repair`], and the repaired file's bytes as [`super::checked_bytes`] gives them (what a front end
/// writes), the repaired file validated once for both the report's counts and the check.
pub fn repair_checked(
    c: &Collision,
    opts: &TreeOptions,
) -> Result<(Vec<u8>, Collision, RepairReport), BuildError> {
    let (out, report, findings) = repair_validated(c, opts)?;
    let bytes = super::checked_bytes_of(&out, &findings)?;
    Ok((bytes, out, report))
}

/// [`repair`] with the repaired file's findings.
fn repair_validated(
    c: &Collision,
    opts: &TreeOptions,
) -> Result<(Collision, RepairReport, Findings), BuildError> {
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
    // Only the counts are kept: a hostile file's findings can be many megabytes, and formatting their
    // messages is time the report does not need.
    let before = crate::heroes::validate::severity_counts(c);
    r.errors_before = before.get(Severity::Error);
    r.warnings_before = before.get(Severity::Warning);
    old_tree_report(c, &mut r);

    // Kept triangles and where each old one went.
    let mut new_of_old = vec![NO_TRIANGLE; c.triangles.len()];
    let mut kept: Vec<Triangle> = Vec::with_capacity(c.triangles.len());
    let mut normals: Vec<[f32; 3]> = Vec::with_capacity(c.triangles.len());
    for (i, t) in c.triangles.iter().enumerate() {
        match geom::triangle_points(&c.vertices, &t.vertices) {
            None => r.invalid_triangles += 1,
            Some(p) => match (geom::normal_from_winding(&p), freeze::safest_rotation(&p)) {
                (None, _) => r.degenerate_triangles += 1,
                (Some(_), None) => r.hanging_triangles += 1,
                (Some(normal), Some(k)) => {
                    new_of_old[i] = u16::try_from(kept.len()).unwrap_or(NO_TRIANGLE);
                    let mut t = *t;
                    let mut normal = normal;
                    if k != 0 {
                        // The corners, and the old adjacency with them, start at corner k.
                        t.vertices = freeze::rotated(t.vertices, k);
                        t.neighbors = freeze::rotated(t.neighbors, k);
                        normal = geom::normal_from_winding(&freeze::rotated(p, k)).unwrap_or(normal);
                        r.rotated_triangles += 1;
                    }
                    kept.push(t);
                    normals.push(normal);
                }
            },
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
                *slot = saturate(vertices.len());
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
    for (t, normal) in kept.iter_mut().zip(normals) {
        t.neighbors = [NO_TRIANGLE; 3];
        t.normal = normal;
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
    Ok((out, r, after))
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
            1 => n.poly_index & !INLINE_MASK_0 != 0,
            2 => n.poly_index & !(INLINE_MASK_0 | INLINE_MASK_1) != 0,
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
    let Ok(complete) = tree::complete_lists(c) else {
        r.lists_not_compared_before = true;
        return;
    };
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
