//! `sample`: write files levelkit generates itself, for trying the tool and for tests. No game data.

use crate::common;
use anyhow::Result;
use clap::{Args, ValueEnum};
use levelkit::samples;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Clone, Copy, Debug, ValueEnum)]
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

/// Write a generated sample file.
#[derive(Args)]
pub struct SampleArgs {
    /// What to generate.
    #[arg(value_enum)]
    kind: SampleKind,
    /// The file to write.
    #[arg(short, long)]
    output: PathBuf,
    /// Seed: the same seed always gives the same bytes.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Triangles (cl, cl-community: 2 to 65,534; 4,000 by default) or rooms (level: 1 to 80; 12 by
    /// default). A vram dump has no size.
    #[arg(long)]
    size: Option<usize>,
}

pub fn sample(a: SampleArgs) -> Result<ExitCode> {
    let kind = match a.kind {
        SampleKind::Cl => samples::SampleKind::Cl,
        SampleKind::ClCommunity => samples::SampleKind::ClCommunity,
        SampleKind::Level => samples::SampleKind::Level,
        SampleKind::Vram => samples::SampleKind::Vram,
    };
    let bytes = match samples::sample_bytes(kind, a.seed, a.size) {
        Err(e @ (samples::SampleError::SizeOutOfRange { .. } | samples::SampleError::NoSize { .. })) => {
            usage!("--size: {e}")
        }
        result => result?,
    };
    let what = match a.kind {
        SampleKind::Cl | SampleKind::ClCommunity => "Sonic Heroes .cl sample",
        SampleKind::Level => "Rugrats LEVELnn.BIN sample",
        SampleKind::Vram => "PS1 VRAM dump",
    };
    common::write_described(&a.output, &bytes, what)?;
    Ok(ExitCode::SUCCESS)
}
