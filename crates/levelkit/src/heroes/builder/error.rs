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
        /// What to do about it, in neutral words (a front end adds its own option's name: for vertices,
        /// welding is the builder's `weld`).
        advice: &'static str,
    },
    /// A fixed depth needs more nodes than a u16 count holds.
    #[error(
        "depth {depth} needs more than 65,534 nodes: the tree has {} nodes at depth {reached} and depth {} would \
         add {} ({} too many); build it at depth {reached} or lower, let the depth be chosen automatically, or \
         split the mesh",
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
         {reached}): triangles much larger than the nodes there; build it at depth {reached} or lower",
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
    /// An option is out of range, named as [`BuildOptions`](super::BuildOptions) and
    /// [`TreeOptions`](super::TreeOptions) name it (a front end words it as its own flag or field).
    #[error("{option} = {value}: it must be {needs}")]
    BadOption {
        /// The option's field name (`weld`, `depth`, `max_depth`, `leaf_triangles`).
        option: &'static str,
        /// The value given.
        value: String,
        /// What it must be.
        needs: String,
    },
    /// The mesh is not usable (an index out of range, a face of fewer than 3 corners …).
    #[error("the mesh is not usable: {0}")]
    Mesh(crate::mesh::MeshError),
    /// Nothing is left to build: the mesh has no faces, or every triangle was dropped.
    #[error("nothing to build, nothing written: {0}")]
    Empty(Nothing),
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
    UnknownNames(super::UnknownNames),
    /// The geometry is too far apart for an f32 root square.
    #[error("the geometry spans {extent} units, too large for the root square's f32 length")]
    TooLarge {
        /// The geometry's larger X/Z extent, in world units.
        extent: f64,
    },
    /// The result failed its own check (a bug in levelkit): nothing was written.
    #[error("internal error, nothing written: the built file does not check clean: {0}")]
    NotClean(crate::findings::Unchecked),
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
            advice: "weld nearby vertices (a larger weld distance), simplify the mesh, or split it into several files",
        });
    }
    Ok(())
}

impl From<crate::findings::Unchecked> for BuildError {
    fn from(e: crate::findings::Unchecked) -> Self {
        match e {
            crate::findings::Unchecked::Write(e) => BuildError::Write(e),
            e => BuildError::NotClean(e),
        }
    }
}

/// Why nothing is left to build ([`BuildError::Empty`]).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Nothing {
    /// The mesh has no faces.
    NoFaces {
        /// Its vertices.
        vertices: usize,
    },
    /// Every triangle was dropped.
    AllDropped {
        /// Triangles in the input.
        triangles: usize,
        /// The weld used.
        weld: f32,
        /// Dropped as degenerate (zero area, or corners merged by the weld).
        degenerate: usize,
        /// The first few of them, by input index.
        degenerate_examples: Vec<usize>,
        /// Dropped because the game hangs on every order of their corners.
        hanging: usize,
        /// The first few of them.
        hanging_examples: Vec<usize>,
    },
}

impl std::fmt::Display for Nothing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Nothing::NoFaces { vertices } => write!(
                f,
                "the mesh has no faces ({} vertices, 0 triangles); a .cl file needs at least one triangle",
                thousands(*vertices as u64)
            ),
            Nothing::AllDropped {
                triangles,
                weld,
                degenerate,
                degenerate_examples,
                hanging,
                hanging_examples,
            } => {
                let mut why = Vec::new();
                if *degenerate > 0 {
                    why.push(format!(
                        "{} degenerate (zero area, or corners merged by the weld of {weld}: input triangle {})",
                        thousands(*degenerate as u64),
                        super::list(degenerate_examples, *degenerate)
                    ));
                }
                if *hanging > 0 {
                    why.push(format!(
                        "{} the game hangs on in every corner order (input triangle {})",
                        thousands(*hanging as u64),
                        super::list(hanging_examples, *hanging)
                    ));
                }
                write!(f, "all {} triangles were dropped: {}", thousands(*triangles as u64), why.join("; "))
            }
        }
    }
}
