//! Placeholder: the heroes format model is being written.

pub mod flags;

use crate::bytes::{ParseError, WriteError};
use crate::{DumpError, Findings};

/// Placeholder model.
#[derive(Clone, Debug, Default)]
pub struct Collision {
    raw: Vec<u8>,
}

/// Whether `data` looks like this format.
pub fn looks_like(_data: &[u8]) -> bool {
    false
}

impl Collision {
    pub fn parse(data: &[u8]) -> Result<Self, ParseError> {
        Err(ParseError::invalid(
            0,
            "file",
            format!("{} bytes: the heroes reader is not written yet", data.len()),
        ))
    }
    pub fn to_bytes(&self) -> Result<Vec<u8>, WriteError> {
        Ok(self.raw.clone())
    }
    pub fn validate(&self) -> Findings {
        Findings::default()
    }
    pub fn summary(&self) -> serde_json::Value {
        serde_json::json!({ "format": crate::Format::HeroesCl.name() })
    }
    pub fn summary_text(&self) -> String {
        String::new()
    }
    pub fn to_dump(&self) -> serde_json::Value {
        self.summary()
    }
    pub fn from_dump(_value: &serde_json::Value) -> Result<Self, DumpError> {
        Err(DumpError::Invalid("the heroes dump reader is not written yet".into()))
    }
}
