//! How [`super::build`] and [`super::repair`] shape the tree, and how the mesh is readied
//! ([`BuildOptions`]), with the check that every option is in range.

use super::error::BuildError;
use crate::heroes::MAX_DEPTH;

/// [`TreeOptions::leaf_triangles`] by default.
pub const DEFAULT_LEAF_TRIANGLES: usize = 8;

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

/// How the tree is shaped (shared by [`super::build`] and [`super::repair`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeOptions {
    /// How deep the tree grows.
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

/// The weld distance by default ([`BuildOptions::weld`]): corners this close are one corner. It is the
/// distance at which `check` calls two open edges a crack
/// ([`CRACK_TOLERANCE`](crate::heroes::validate::cracks::CRACK_TOLERANCE)), so a default build leaves none:
/// one hundredth of a unit closes the float noise of an export (1 to 3 steps of f32 at stage coordinates up
/// to 65,536) and merges no detail a sphere the game moves could tell apart (docs/guide/building-collision.md).
pub const DEFAULT_WELD: f32 = crate::heroes::validate::cracks::CRACK_TOLERANCE;

/// Reads a weld distance as `levelkit build-cl --weld` and the web page's weld field take it: a number from
/// 0 to the largest 32-bit float (3.4028235e38), in world units. The refusal says that range.
pub fn parse_weld(text: &str) -> Result<f32, String> {
    let t = text.trim();
    let w = t.parse::<f32>().map_err(|e| e.to_string())?;
    if w.is_nan() {
        Err(format!(
            "{t} is not a number: a weld is a distance from 0 to {:e} (0 merges exact duplicates only)",
            f32::MAX
        ))
    } else if w < 0.0 {
        Err(format!(
            "{t} is below 0: a weld is a distance from 0 to {:e} (0 merges exact duplicates only)",
            f32::MAX
        ))
    } else if w.is_infinite() {
        Err(format!("{t} is more than a 32-bit float holds: a weld is a distance from 0 to {:e}", f32::MAX))
    } else {
        Ok(w)
    }
}

/// Options for [`super::build`]; by default an automatic tree, the winding as given, a weld of
/// [`DEFAULT_WELD`] and each triangle's own attribute.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BuildOptions {
    /// How the tree is shaped.
    pub tree: TreeOptions,
    /// Reverse every triangle's winding (v0, v2, v1): for meshes whose normals point into the solid.
    pub flip: bool,
    /// Merge vertices closer than this (Euclidean distance ≤ weld); 0 merges exact duplicates only.
    pub weld: f32,
    /// Give every triangle this attribute instead of its own.
    pub attribute: Option<u32>,
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions { tree: TreeOptions::default(), flip: false, weld: DEFAULT_WELD, attribute: None }
    }
}

impl TreeOptions {
    /// Whether a build or repair takes these options: the depths at most 15, `--max-depth` not below
    /// `--depth`, `--leaf-triangles` at least 1 (the error [`super::build`] and [`super::repair`] return).
    pub fn check(&self) -> Result<(), BuildError> {
        check_tree_options(self)
    }
}

pub(super) fn check_tree_options(o: &TreeOptions) -> Result<(), BuildError> {
    if let Some(m) = o.max_depth {
        if m > MAX_DEPTH {
            return Err(BuildError::BadOption {
                option: "max_depth",
                value: m.to_string(),
                needs: "15 at most, the game's limit".into(),
            });
        }
    }
    if let Depth::Fixed(d) = o.depth {
        if d > MAX_DEPTH {
            return Err(BuildError::BadOption {
                option: "depth",
                value: d.to_string(),
                needs: "15 at most, the game's limit".into(),
            });
        }
        if let Some(m) = o.max_depth.filter(|&m| m < d) {
            return Err(BuildError::BadOption {
                option: "max_depth",
                value: m.to_string(),
                needs: format!("at least the depth ({d}): nodes cannot be deeper than maxDepth"),
            });
        }
    }
    if o.leaf_triangles == 0 {
        return Err(BuildError::BadOption {
            option: "leaf_triangles",
            value: "0".into(),
            needs: "at least 1".into(),
        });
    }
    Ok(())
}
