//! Validation results shared by every format: a list of findings, each with a path and a severity.

use serde::Serialize;
use std::fmt;

/// How bad a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth knowing; nothing wrong for the game (leftover run-time pointers on disc, …).
    Note,
    /// The game works, but worse than it could (missing links, stale normals, …).
    Warning,
    /// The game's reader would misbehave on this.
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// One problem, at a path into the model (`nodes[12].childNo`, `rooms[3].portals[1]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub severity: Severity,
    pub path: String,
    pub message: String,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}: {}", self.severity, self.path, self.message)
    }
}

/// Findings collected by a validation pass, in the order they were found.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Findings(pub Vec<Finding>);

impl Findings {
    pub fn push(&mut self, severity: Severity, path: impl Into<String>, message: impl Into<String>) {
        self.0.push(Finding { severity, path: path.into(), message: message.into() });
    }
    pub fn error(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.push(Severity::Error, path, message);
    }
    pub fn warning(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.push(Severity::Warning, path, message);
    }
    pub fn note(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.push(Severity::Note, path, message);
    }
    pub fn count(&self, severity: Severity) -> usize {
        self.0.iter().filter(|f| f.severity == severity).count()
    }
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(|f| f.severity == Severity::Error)
    }
    pub fn iter(&self) -> impl Iterator<Item = &Finding> {
        self.0.iter()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}
