//! The sample files levelkit generates itself (`levelkit sample`, `levelkit.sample` in Python): no game data.
//! The same kind, seed and size always give the same bytes.

use crate::{heroes, reptar, WriteError};

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SampleKind {
    /// A Sonic Heroes stage collision file (terrain with walls), game-correct.
    Cl,
    /// The same stage laid out the way the community's editor writes files (leaf-only lists padded with
    /// triangle 0, no neighbour links): valid, but with holes the audit finds.
    ClCommunity,
    /// A Rugrats LEVELnn.BIN file: rooms of tiles with walls, doors (portals) and a texture table.
    Level,
    /// A raw 1 MiB PS1 VRAM dump holding the textures the generated levels' texture table names.
    Vram,
}

/// The maxDepth of the generated `.cl` samples.
const CL_MAX_DEPTH: u16 = 13;

/// The bytes of a sample; `size` is triangles (`Cl`, `ClCommunity`; 4,000 by default) or rooms (`Level`; 12).
pub fn sample_bytes(kind: SampleKind, seed: u64, size: Option<usize>) -> Result<Vec<u8>, WriteError> {
    match kind {
        SampleKind::Cl => heroes::generate::game_correct(seed, size.unwrap_or(4000), CL_MAX_DEPTH).to_bytes(),
        SampleKind::ClCommunity => {
            let style = heroes::generate::Style::community();
            heroes::generate::odd(seed, size.unwrap_or(4000), CL_MAX_DEPTH, &style).to_bytes()
        }
        SampleKind::Level => {
            let options = reptar::generate::Options {
                rooms: size.unwrap_or(12),
                tiles: 8,
                ceilings: false,
                seed,
                ..reptar::generate::Options::default()
            };
            reptar::generate::generate(&options).to_bytes()
        }
        SampleKind::Vram => Ok(reptar::generate::vram().to_dump()),
    }
}
