//! Why a mesh cannot be built ([`BuildError`]), and the count check every builder makes.

use crate::bytes::WriteError;
use crate::heroes::MAX_COUNT;

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
