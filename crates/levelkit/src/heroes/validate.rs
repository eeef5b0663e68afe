//! Validation (being written).
use super::Collision;
use crate::Findings;

pub fn validate(_c: &Collision) -> Findings {
    Findings::default()
}
