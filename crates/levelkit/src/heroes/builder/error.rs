//! Why a mesh cannot be built ([`BuildError`]), and the count check every builder makes.

use crate::bytes::WriteError;
use crate::heroes::MAX_COUNT;

/// Why a mesh cannot be built.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum BuildError {
    /// More triangles or vertices than a u16 count holds.
    #[error(
        "the mesh has {} {what} after welding and dropping degenerate triangles; a .cl file holds at most \
         65,534 ({} too many): {advice}",
        thousands(*count as u64),
        thousands((*count - MAX_COUNT) as u64)
    )]
    TooMany {
        /// `"triangles"` or `"vertices"`.
        what: &'static str,
        /// How many the mesh has.
        count: usize,
        /// What to do about it.
        advice: &'static str,
    },
    /// A fixed depth needs more nodes than a u16 count holds.
    #[error(
        "depth {depth} needs more than 65,534 nodes: the tree has {} nodes at depth {reached} and depth {} would \
         add {} ({} too many); use --depth {reached} or lower, --depth auto, or split the mesh",
        thousands(*nodes as u64),
        reached + 1,
        thousands(*adding as u64),
        thousands((*nodes + *adding - MAX_COUNT) as u64)
    )]
    TooManyNodes {
        /// The depth asked for.
        depth: u16,
        /// The depth the tree reached within the limit.
        reached: u16,
        /// Nodes at that depth.
        nodes: usize,
        /// Nodes the next depth would add.
        adding: usize,
    },
    /// A level's splits could pass levelkit's bound on list entries
    /// ([`MAX_COMPLETE_ENTRIES`](crate::heroes::tree::MAX_COMPLETE_ENTRIES)).
    #[error(
        "splitting depth {reached} could give the tree's lists more than {} entries (they hold {} down to depth \
         {reached}): triangles much larger than the nodes there; use --depth {reached} or lower",
        thousands(crate::heroes::tree::MAX_COMPLETE_ENTRIES),
        thousands(*entries)
    )]
    TooManyEntries {
        /// The depth whose nodes would split.
        reached: u16,
        /// Entries over all lists down to that depth.
        entries: u64,
    },
    /// A triangle names a vertex that does not exist.
    #[error("triangle {triangle} uses vertex {vertex}, but there are only {vertices} vertices")]
    VertexIndex {
        /// The triangle's index in the input.
        triangle: usize,
        /// The vertex index it uses.
        vertex: u32,
        /// How many vertices there are.
        vertices: usize,
    },
    /// An option is out of range.
    #[error("{0}")]
    Option(String),
    /// Nothing is left to build: the mesh has no faces, or every triangle was dropped. The text says which
    /// and why.
    #[error("nothing to build, nothing written: {0}")]
    Empty(String),
    /// A triangle uses a vertex whose position is NaN or infinite.
    #[error(
        "vertex {vertex} is ({}, {}, {}), not a finite position, and triangle {triangle} uses it{}: fix or \
         remove it in the modelling program",
        position[0], position[1], position[2],
        if *count > 1 { format!(" ({count} used vertices in all are not finite)") } else { String::new() }
    )]
    NonFinite {
        /// The first such vertex, by index in the input.
        vertex: usize,
        /// Its position.
        position: [f32; 3],
        /// The first triangle using it.
        triangle: usize,
        /// How many vertices used by triangles are not finite.
        count: usize,
    },
    /// A group or material name says no surface and strict naming was asked for.
    #[error("{0}")]
    UnknownNames(String),
    /// The geometry is too far apart for an f32 root square.
    #[error("the geometry spans {extent} units, too large for the root square's f32 length")]
    TooLarge {
        /// The geometry's larger X/Z extent, in world units.
        extent: f64,
    },
    /// The result failed its own check (a bug in levelkit): nothing was written.
    #[error("internal error, nothing written: the built file does not check clean: {0}")]
    NotClean(String),
    /// The file cannot be written as bytes.
    #[error(transparent)]
    Write(#[from] WriteError),
    /// The tree's complete lists would pass levelkit's bound.
    #[error(transparent)]
    Lists(#[from] crate::heroes::tree::TooManyEntries),
}

pub(super) use crate::num::thousands;

pub(super) fn check_counts(triangles: usize, vertices: usize) -> Result<(), BuildError> {
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

impl From<crate::findings::Unchecked> for BuildError {
    fn from(e: crate::findings::Unchecked) -> Self {
        match e {
            crate::findings::Unchecked::NotClean(why) => BuildError::NotClean(why),
            crate::findings::Unchecked::Write(e) => BuildError::Write(e),
        }
    }
}
