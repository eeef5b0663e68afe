//! The sample files levelkit generates itself (`levelkit sample`, `levelkit.sample` in Python): no game data.
//! The same kind, seed and size always give the same bytes.

use crate::bytes::WriteError;
use crate::{heroes, reptar};

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SampleKind {
    /// A Sonic Heroes stage collision file (terrain with walls), built by levelkit's builder.
    Cl,
    /// The same stage laid out the way the community's editor writes files (leaf-only lists padded with
    /// triangle 0, no neighbour links): valid, but with holes the audit finds.
    ClCommunity,
    /// A Rugrats LEVELnn.BIN file: rooms of tiles with walls, doors (portals) and a texture table.
    Level,
    /// A raw 1 MiB PS1 VRAM dump holding the textures the generated levels' texture table names.
    Vram,
}

/// The maxDepth of the community-style `.cl` sample (the built one's is its tree's depth).
const CL_MAX_DEPTH: u16 = 13;

impl SampleKind {
    /// Every kind, in the order `levelkit sample` lists them.
    pub const ALL: [SampleKind; 4] =
        [SampleKind::Cl, SampleKind::ClCommunity, SampleKind::Level, SampleKind::Vram];

    /// The name of the file of this kind in levelkit's `samples/` folder (`scripts/make-samples`), and of
    /// the one the web page makes.
    pub fn file_name(self) -> &'static str {
        match self {
            SampleKind::Cl => "stage.cl",
            SampleKind::ClCommunity => "stage-community.cl",
            SampleKind::Level => "LEVEL00.BIN",
            SampleKind::Vram => "vram.bin",
        }
    }

    /// What the sample is, in a sentence (the web page's words for it).
    pub fn about(self) -> &'static str {
        match self {
            SampleKind::Cl => "a Sonic Heroes stage collision file, built game-correct by levelkit",
            SampleKind::ClCommunity => {
                "the same stage laid out the way the community's editor writes files: valid, with holes the audit finds"
            }
            SampleKind::Level => "a Rugrats level (LEVELnn.BIN): rooms of tiles, walls, doors and a texture table",
            SampleKind::Vram => "a PS1 VRAM dump holding the textures the sample level names",
        }
    }

    /// What `size` counts for this kind, and the sizes it takes; `None` for a kind with no size.
    pub fn size_range(self) -> Option<(&'static str, std::ops::RangeInclusive<usize>)> {
        match self {
            // Two triangles make the smallest terrain cell; the format holds at most MAX_COUNT.
            SampleKind::Cl | SampleKind::ClCommunity => Some(("triangles", 2..=heroes::MAX_COUNT)),
            // 80 rooms of 24 tiles keep every portal corner within the s16 range.
            SampleKind::Level => Some(("rooms", 1..=80)),
            SampleKind::Vram => None,
        }
    }

    /// The kind's name as `levelkit sample` takes it.
    pub fn name(self) -> &'static str {
        match self {
            SampleKind::Cl => "cl",
            SampleKind::ClCommunity => "cl-community",
            SampleKind::Level => "level",
            SampleKind::Vram => "vram",
        }
    }
}

/// Why a sample cannot be made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SampleError {
    /// A size outside the kind's range (nothing is clamped).
    #[error("a {kind} sample's size is {what} from {min} to {max}, not {size}")]
    SizeOutOfRange {
        /// The kind's name.
        kind: &'static str,
        /// What the size counts.
        what: &'static str,
        /// The size asked for.
        size: usize,
        /// The smallest size.
        min: usize,
        /// The largest size.
        max: usize,
    },
    /// A size given for a kind that has none.
    #[error("a {kind} sample has no size (it is always the same 1 MiB dump)")]
    NoSize {
        /// The kind's name.
        kind: &'static str,
    },
    /// The generated file could not be laid out.
    #[error(transparent)]
    Write(#[from] WriteError),
}

/// The generated terrain ([`heroes::generate::terrain`]: duplicate and unused vertices as an export has
/// them) built by levelkit's builder with its defaults: what `build-cl` writes for that mesh, no vertex
/// unused or duplicated.
fn built_stage(seed: u64, triangles: usize) -> Result<Vec<u8>, WriteError> {
    use heroes::builder::{build, checked_bytes, BuildInput, BuildOptions};
    let (tris, vertices) = heroes::generate::terrain(&mut crate::rng::Rng::new(seed), triangles);
    let failed = |e: heroes::builder::BuildError| WriteError::Inconsistent {
        what: format!("sample cl of {triangles} triangles"),
        msg: e.to_string(),
    };
    let built =
        build(&BuildInput::from_triangles(&tris, vertices), &BuildOptions::default()).map_err(failed)?;
    checked_bytes(&built.collision).map_err(failed)
}

/// The bytes of a sample; `size` is triangles (`Cl`, `ClCommunity`; 4,000 by default) or rooms (`Level`; 12),
/// within [`SampleKind::size_range`]: a size outside it is an error, never clamped.
pub fn sample_bytes(kind: SampleKind, seed: u64, size: Option<usize>) -> Result<Vec<u8>, SampleError> {
    if let Some(size) = size {
        let Some((what, range)) = kind.size_range() else {
            return Err(SampleError::NoSize { kind: kind.name() });
        };
        if !range.contains(&size) {
            let (min, max) = (*range.start(), *range.end());
            return Err(SampleError::SizeOutOfRange { kind: kind.name(), what, size, min, max });
        }
    }
    Ok(match kind {
        SampleKind::Cl => built_stage(seed, size.unwrap_or(4000))?,
        SampleKind::ClCommunity => {
            let style = heroes::generate::Style::community();
            heroes::generate::odd(seed, size.unwrap_or(4000), CL_MAX_DEPTH, &style).to_bytes()?
        }
        SampleKind::Level => {
            let options = reptar::generate::Options {
                rooms: size.unwrap_or(12),
                tiles: 8,
                ceilings: false,
                seed,
                ..reptar::generate::Options::default()
            };
            reptar::generate::generate(&options).to_bytes()?
        }
        SampleKind::Vram => reptar::generate::vram().to_dump(),
    })
}
