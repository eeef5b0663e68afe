//! Building `.cl` collision the game walks without holes ([`build`]), rebuilding the tree of a file made
//! elsewhere ([`repair`]), and building one the community editor's way ([`build_community`]).
//!
//! What [`build`] writes (`docs/guide/building-collision.md` explains each choice):
//! - **Vertices** welded (within [`BuildOptions::weld`], [`DEFAULT_WELD`] by default: float noise, not
//!   detail), unused ones dropped, the rest kept in input order, every one counted (read = used + welded +
//!   unused); a used vertex that is not finite is an error naming it. **Triangles** in input order,
//!   degenerate ones (zero area, after welding) dropped and counted; a triangle whose corner order would
//!   hang the game ([`super::geom::freeze`]) gets the safe rotation of its corners (same winding), counted.
//!   Nothing left (no faces, or every triangle dropped) is an error ([`BuildError::Empty`]), never an
//!   empty file. Cracks the weld left (open edges nearly meeting, as `check` finds them) are counted.
//! - **Names**: a mesh's group and material names become attributes ([`FromMesh`]); a name that says no
//!   surface is listed with its faces and what they became, for the caller to warn or refuse.
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
mod names;
mod options;
mod repair;
mod sort;
mod unnamed;

pub use adjacency::{adjacency, EdgeStats};
pub use community::build_community;
pub use error::{BuildError, Nothing};
pub use grow::{choose_root, tree_with_policy, Root};
pub use input::{BuildInput, BuildTriangle};
pub use layout::TreeReport;
pub use names::FromMesh;
pub use options::{parse_weld, BuildOptions, Depth, TreeOptions, DEFAULT_LEAF_TRIANGLES, DEFAULT_WELD};
pub use repair::{repair, repair_checked, RepairReport};
pub use unnamed::{NameUse, UnknownNames};

use super::validate::cracks::{self, Crack, CRACK_TOLERANCE};
use super::Collision;
use crate::bytes::{ParseError, WriteError};
use crate::findings::{Finding, Findings, RoundTrip, Rule, Severity};
use error::thousands;
use options::check_tree_options;
use serde::Serialize;
use std::fmt;

/// What [`build`] did. The vertex counts add up: `input_vertices = used_vertices + welded_vertices +
/// unused_vertices`; so do the triangles: `input_triangles = tree.triangles + degenerate_triangles +
/// hanging_triangles`.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[non_exhaustive]
pub struct BuildReport {
    /// Triangles in the input.
    pub input_triangles: usize,
    /// Vertices in the input.
    pub input_vertices: usize,
    /// The weld distance used ([`BuildOptions::weld`]).
    pub weld: f32,
    /// Vertices written: those the kept triangles use.
    pub used_vertices: usize,
    /// Vertices merged into an earlier one by welding.
    pub welded_vertices: usize,
    /// Vertices no kept triangle uses (after welding), dropped.
    pub unused_vertices: usize,
    /// Triangles dropped for zero area or non-finite corners.
    pub degenerate_triangles: usize,
    /// The first few dropped triangles' input indices.
    pub degenerate_examples: Vec<usize>,
    /// Triangles whose corners were rotated (same winding, same face): the game would hang on the order
    /// given ([`crate::heroes::geom::freeze`]).
    pub rotated_triangles: usize,
    /// Triangles dropped because the game would hang on every rotation of their corners.
    pub hanging_triangles: usize,
    /// The first few of those, by input index.
    pub hanging_examples: Vec<usize>,
    /// Cracks left in the file: open edges whose corners nearly meet another open edge's (within
    /// [`CRACK_TOLERANCE`], as `check` finds them), which a weld of [`BuildReport::crack_weld`] closes.
    pub cracks: usize,
    /// The first few of them.
    pub crack_examples: Vec<Crack>,
    /// The weld distance that merges the corners of every crack left (0 when there is none).
    pub crack_weld: f32,
    /// Written vertices with a coordinate at or beyond [`FAR`] in magnitude.
    pub far_vertices: usize,
    /// The largest coordinate magnitude written.
    pub farthest: f32,
    /// The tree made.
    pub tree: TreeReport,
}

/// 2^24: from here on 32-bit floats are 2 units apart or more, so the game's positions and its queries'
/// arithmetic cannot tell apart corners (or a player) closer than that; further out its queries' products
/// of long edges overflow (measured: a floor reaching ±1e18 is missed by a 100-unit vertical probe).
pub const FAR: f32 = 16_777_216.0;

impl BuildReport {
    /// What the written file holds, for the `wrote PATH: …` line before its size: `28 triangles, 21 nodes`.
    pub fn written(&self) -> String {
        format!(
            "{} triangles, {} nodes",
            thousands(self.tree.triangles as u64),
            thousands(self.tree.nodes as u64)
        )
    }

    /// The line about the triangles the game would hang on, as every front end prints it.
    pub fn game_safety_line(&self) -> String {
        let mut line = format!(
            "  game safety: {} triangle(s) had their corners rotated (same face) because the game would hang on \
             the order given",
            self.rotated_triangles
        );
        if self.hanging_triangles > 0 {
            line += &format!("; {} dropped because it hangs on every order", self.hanging_triangles);
        }
        line
    }

    /// The warning about geometry beyond [`FAR`], if any (the caller puts the file's name before it).
    pub fn far_warning(&self) -> Option<String> {
        (self.far_vertices > 0).then(|| {
            format!(
                "{} vertices lie beyond ±16,777,216 (the farthest coordinate {}): there 32-bit floats are 2 units \
                 apart or more, so the game cannot tell corners or a player closer than that apart, and far enough \
                 out its queries overflow and find nothing (a floor reaching ±1e18 is missed by a 100-unit probe); \
                 scale the stage down or move it nearer the origin",
                thousands(self.far_vertices as u64),
                self.farthest
            )
        })
    }

    /// The warning about the cracks the weld left, if any (the caller puts the file's name before it), its
    /// hint in neutral words: `a weld of 0.02 closes them`. [`BuildReport::crack_warning_worded`] names the
    /// front end's own option.
    pub fn crack_warning(&self) -> Option<String> {
        self.crack_warning_worded(&neutral_weld)
    }

    /// [`BuildReport::crack_warning`] with the weld named by `weld` (see [`BuildReport::text`]).
    pub fn crack_warning_worded(&self, weld: &dyn Fn(Option<f32>) -> String) -> Option<String> {
        let c = self.crack_examples.first()?;
        Some(format!(
            "{} crack(s) left: open edges whose corners nearly meet another's (the first at triangle {} near \
             ({}, {}, {})), which a moving sphere can catch on; {} closes them",
            self.cracks,
            c.triangle,
            c.at[0],
            c.at[1],
            c.at[2],
            weld(Some(self.crack_weld))
        ))
    }

    /// The report's lines about the input ([`Display`](fmt::Display)), the weld's hints worded by `weld`: given
    /// no distance, the words for the weld option (`the weld distance`, the CLI's `--weld`); given one, the
    /// words for welding within it (`a weld of 0.02`, the CLI's `--weld 0.02`). Each front end names its own
    /// option this way; the library's [`Display`](fmt::Display) uses [`neutral_weld`].
    pub fn text(&self, weld: &dyn Fn(Option<f32>) -> String) -> String {
        let mut text = String::new();
        // Writing to a String cannot fail.
        let _ = self.write(&mut text, weld);
        text
    }

    fn write(&self, f: &mut dyn fmt::Write, weld: &dyn Fn(Option<f32>) -> String) -> fmt::Result {
        let n = |x: usize| thousands(x as u64);
        writeln!(
            f,
            "  vertices: {} read = {} used + {} welded (within {}; {} changes it) + {} unused",
            n(self.input_vertices),
            n(self.used_vertices),
            n(self.welded_vertices),
            self.weld,
            weld(None),
            n(self.unused_vertices)
        )?;
        write!(
            f,
            "  triangles: {} read = {} kept + {} degenerate dropped",
            n(self.input_triangles),
            n(self.tree.triangles),
            n(self.degenerate_triangles)
        )?;
        if !self.degenerate_examples.is_empty() {
            write!(
                f,
                " (zero area or corners merged: input triangle {})",
                list(&self.degenerate_examples, self.degenerate_triangles)
            )?;
        }
        if self.hanging_triangles > 0 {
            write!(
                f,
                " + {} dropped because the game hangs on every order of their corners (input triangle {})",
                n(self.hanging_triangles),
                list(&self.hanging_examples, self.hanging_triangles)
            )?;
        }
        writeln!(f)?;
        match self.crack_examples.first() {
            None => writeln!(f, "  cracks: none (no open edge has corners within {CRACK_TOLERANCE} of another's)"),
            Some(c) => writeln!(
                f,
                "  cracks: {} open edge pair(s) nearly meet, gaps up to {}; the first at triangle {} edge {} near ({}, {}, {}); \
                 {} closes them",
                n(self.cracks),
                self.crack_examples.iter().map(|c| c.gap).fold(0.0, f32::max),
                c.triangle,
                cracks::EDGE_NAMES[c.edge],
                c.at[0],
                c.at[1],
                c.at[2],
                weld(Some(self.crack_weld))
            ),
        }
    }
}

impl fmt::Display for BuildReport {
    /// The report's lines about the input, each starting with two spaces (the tree's are the caller's), the
    /// weld's hints in neutral words ([`BuildReport::text`] names a front end's option).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, &neutral_weld)
    }
}

/// The weld named in neutral words, for [`BuildReport::text`]: `the weld distance`, `a weld of 0.02`.
pub fn neutral_weld(distance: Option<f32>) -> String {
    match distance {
        None => "the weld distance".to_string(),
        Some(d) => format!("a weld of {d}"),
    }
}

/// Up to eight numbers, then how many more.
pub(super) fn list(examples: &[usize], total: usize) -> String {
    let mut text = examples.iter().take(8).map(ToString::to_string).collect::<Vec<_>>().join(", ");
    if total > examples.len().min(8) {
        text += &format!(" and {} more", total - examples.len().min(8));
    }
    text
}

/// A built file and what was done.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
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
        return Err(BuildError::BadOption {
            option: "weld",
            value: opts.weld.to_string(),
            needs: "a finite distance ≥ 0".into(),
        });
    }
    let prepared = input::prepare(input, opts)?;
    if prepared.triangles.is_empty() {
        return Err(BuildError::Empty(empty_reason(input, &prepared, opts.weld)));
    }
    let used_vertices = prepared.vertices.len();
    let (collision, tree) = layout::build_tree(prepared.triangles, prepared.vertices, true, &opts.tree)?;
    let tris: Vec<[u16; 3]> = collision.triangles.iter().map(|t| t.vertices).collect();
    let found = cracks::cracks(&collision.vertices, &tris, CRACK_TOLERANCE);
    let report = BuildReport {
        input_triangles: input.triangles.len(),
        input_vertices: input.positions.len(),
        weld: opts.weld,
        used_vertices,
        welded_vertices: prepared.welded_vertices,
        unused_vertices: prepared.unused_vertices,
        degenerate_triangles: prepared.degenerate.len(),
        degenerate_examples: prepared.degenerate.iter().copied().take(8).collect(),
        rotated_triangles: prepared.rotated,
        hanging_triangles: prepared.hanging.len(),
        hanging_examples: prepared.hanging.iter().copied().take(8).collect(),
        cracks: found.cracks.len(),
        crack_examples: found.cracks.iter().copied().take(8).collect(),
        crack_weld: found.weld_that_closes(),
        far_vertices: collision.vertices.iter().filter(|v| v.iter().any(|c| c.abs() >= FAR)).count(),
        farthest: collision.vertices.iter().flatten().fold(0.0, |m: f32, c| m.max(c.abs())),
        tree,
    };
    Ok(Built { collision, report })
}

/// Why nothing is left: no faces at all, or what dropped every triangle.
fn empty_reason(input: &BuildInput, prepared: &input::Prepared, weld: f32) -> Nothing {
    if input.triangles.is_empty() {
        return Nothing::NoFaces { vertices: input.positions.len() };
    }
    Nothing::AllDropped {
        triangles: input.triangles.len(),
        weld,
        degenerate: prepared.degenerate.len(),
        degenerate_examples: prepared.degenerate.iter().copied().take(8).collect(),
        hanging: prepared.hanging.len(),
        hanging_examples: prepared.hanging.iter().copied().take(8).collect(),
    }
}

impl RoundTrip for Collision {
    fn validate(&self) -> Findings {
        Collision::validate(self)
    }

    fn to_bytes(&self) -> Result<Vec<u8>, WriteError> {
        Collision::to_bytes(self)
    }

    fn parse(data: &[u8]) -> Result<Self, ParseError> {
        Collision::parse(data)
    }
}

/// The file's bytes, after proving the file is what the game should get: [`Collision::validate`] finds
/// no error and no warning but cracks (the mesh's own, which [`BuildReport`] counts), and parsing the bytes
/// gives the same model back ([`crate::findings::checked_bytes`]). Builders call this before writing, so a
/// corrupt file is never written.
pub fn checked_bytes(c: &Collision) -> Result<Vec<u8>, BuildError> {
    Ok(crate::findings::checked_bytes(c, serious)?)
}

/// [`checked_bytes`] of a file whose findings were made already.
fn checked_bytes_of(c: &Collision, findings: &Findings) -> Result<Vec<u8>, BuildError> {
    Ok(crate::findings::checked_bytes_of(c, findings, serious)?)
}

/// What keeps a built file from being written: an error or a warning, but a crack. A crack is the mesh's
/// (two corners the weld left apart), which the build report names: not a fault of what levelkit laid out.
fn serious(f: &Finding) -> bool {
    f.severity >= Severity::Warning && f.rule != Rule::HeroesCrack
}

#[cfg(test)]
mod tests;
