//! Building `.cl` collision the game walks without holes ([`build`]), rebuilding the tree of a file made
//! elsewhere ([`repair`]), and building one the community editor's way ([`build_community`]).
//!
//! What [`build`] writes (`docs/building-collision.md` explains each choice):
//! - **Vertices** welded (exact duplicates by default, or within [`BuildOptions::weld`]), unused ones
//!   dropped, the rest kept in input order; **triangles** in input order, degenerate ones (zero area,
//!   non-finite corners, after welding) dropped and counted; a triangle whose corner order would hang
//!   the game ([`super::query::freeze`]) gets the safe rotation of its corners (same winding), counted.
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
//!   square (exact test, [`super::geom::triangle_overlaps_square`]), ascending: the tree equals its own
//!   [`super::tree::complete`] tree, so no walk misses a triangle, and the moving-sphere query (which takes a
//!   node it swallows whole by its own list, without descending) finds everything. Lists of 1 or 2 go
//!   inline in `polyIndex`, never padded ([`Collision::from_parts`]).
//! - **Links** canonical on all four sides ([`super::tree::canonical_links`]); **adjacency** for every shared
//!   edge ([`adjacency`]); **normals** normalize((v1−v0)×(v2−v0)).
//!
//! Everything is deterministic: the same input and options give the same bytes.

mod adjacency;
mod community;
mod error;
mod grow;
mod input;
mod layout;
mod options;
mod repair;
mod sort;

pub use adjacency::{adjacency, EdgeStats};
pub use community::build_community;
pub use error::BuildError;
pub use grow::{choose_root, tree_with_policy, Root};
pub use input::{BuildInput, BuildTriangle};
pub use layout::TreeReport;
pub use options::{BuildOptions, Depth, TreeOptions, DEFAULT_LEAF_TRIANGLES};
pub use repair::{repair, RepairReport};

use super::Collision;
use crate::Severity;
use options::check_tree_options;
use serde::Serialize;

/// What [`build`] did.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct BuildReport {
    /// Triangles in the input.
    pub input_triangles: usize,
    /// Vertices in the input.
    pub input_vertices: usize,
    /// Vertices merged into an earlier one by welding.
    pub welded_vertices: usize,
    /// Vertices no kept triangle uses (after welding), dropped.
    pub unused_vertices: usize,
    /// Triangles dropped for zero area or non-finite corners.
    pub degenerate_triangles: usize,
    /// The first few dropped triangles' input indices.
    pub degenerate_examples: Vec<usize>,
    /// Triangles whose corners were rotated (same winding, same face): the game would hang on the order
    /// given ([`crate::heroes::query::freeze`]).
    pub rotated_triangles: usize,
    /// Triangles dropped because the game would hang on every rotation of their corners.
    pub hanging_triangles: usize,
    /// The first few of those, by input index.
    pub hanging_examples: Vec<usize>,
    /// The tree made.
    pub tree: TreeReport,
}

/// A built file and what was done.
#[derive(Clone, Debug, PartialEq)]
pub struct Built {
    /// The file, checked clean.
    pub collision: Collision,
    /// What was done.
    pub report: BuildReport,
}

/// Builds a game-correct file from a mesh (see the module docs). Fails on a vertex index out of range,
/// more than 65,534 triangles or vertices, a fixed depth needing more than 65,534 nodes, or bad options.
/// The result passes [`Collision::validate`] with no findings; [`checked_bytes`] proves it before writing.
pub fn build(input: &BuildInput, opts: &BuildOptions) -> Result<Built, BuildError> {
    check_tree_options(&opts.tree)?;
    if !(opts.weld.is_finite() && opts.weld >= 0.0) {
        return Err(BuildError::Option(format!("--weld {} must be a finite distance ≥ 0", opts.weld)));
    }
    let prepared = input::prepare(input, opts)?;
    let (collision, tree) = layout::build_tree(prepared.triangles, prepared.vertices, true, &opts.tree)?;
    let report = BuildReport {
        input_triangles: input.triangles.len(),
        input_vertices: input.positions.len(),
        welded_vertices: prepared.welded_vertices,
        unused_vertices: prepared.unused_vertices,
        degenerate_triangles: prepared.degenerate.len(),
        degenerate_examples: prepared.degenerate.iter().copied().take(8).collect(),
        rotated_triangles: prepared.rotated,
        hanging_triangles: prepared.hanging.len(),
        hanging_examples: prepared.hanging.iter().copied().take(8).collect(),
        tree,
    };
    Ok(Built { collision, report })
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

#[cfg(test)]
mod freeze_tests;
#[cfg(test)]
mod pinned_tests;
#[cfg(test)]
mod repair_tests;
#[cfg(test)]
mod tests;
