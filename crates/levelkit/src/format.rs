//! The file formats levelkit reads, by name. Recognising one from bytes is [`crate::detect`]'s job.

use serde::Serialize;

/// The file formats levelkit reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Format {
    /// Sonic Heroes stage collision, `.cl`.
    #[serde(rename = "heroes-cl")]
    HeroesCl,
    /// Rugrats: Search for Reptar `LEVELnn.BIN`.
    #[serde(rename = "reptar-level")]
    ReptarLevel,
}

impl Format {
    /// The name used in `--format`, JSON output and dumps.
    pub fn name(self) -> &'static str {
        match self {
            Format::HeroesCl => "heroes-cl",
            Format::ReptarLevel => "reptar-level",
        }
    }

    /// The format a name or its short alias (`cl`, `heroes`, `level`, `reptar`) names.
    pub fn from_name(name: &str) -> Option<Format> {
        match name {
            "heroes-cl" | "cl" | "heroes" => Some(Format::HeroesCl),
            "reptar-level" | "level" | "reptar" => Some(Format::ReptarLevel),
            _ => None,
        }
    }

    /// The name people know the format by, for messages.
    pub fn long_name(self) -> &'static str {
        match self {
            Format::HeroesCl => "Sonic Heroes .cl",
            Format::ReptarLevel => "Rugrats LEVELnn.BIN",
        }
    }
}
