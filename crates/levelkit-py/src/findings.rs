//! `Finding` and `FindingGroup`: what `check()` and `check_groups()` return.

use levelkit::{Finding, Findings, Grouped};
use pyo3::prelude::*;

/// One finding of `check()`.
#[pyclass(name = "Finding", module = "levelkit", frozen, get_all)]
pub struct PyFinding {
    /// `"error"`, `"warning"` or `"note"`.
    severity: String,
    /// The id of the check that made it (`"heroes-node-child-index"`).
    rule: &'static str,
    /// Where in the model (`nodes[12].childNo`, `rooms[3].portals[1]`).
    path: String,
    /// The byte offset in the file the finding is about, when it has one.
    offset: Option<u64>,
    message: String,
    /// The finding as the CLI prints it.
    text: String,
}

#[pymethods]
impl PyFinding {
    fn __str__(&self) -> &str {
        &self.text
    }
    fn __repr__(&self) -> String {
        format!("<levelkit finding {}>", self.text)
    }
}

/// Findings as Python objects (severity, rule, path, offset and message through the library's accessors and
/// `Display`, nothing re-derived).
pub fn findings(findings: &Findings) -> Vec<PyFinding> {
    findings.iter().map(finding).collect()
}

fn finding(f: &Finding) -> PyFinding {
    PyFinding {
        severity: f.severity.to_string(),
        rule: f.rule.id(),
        path: f.path.to_string(),
        offset: f.offset,
        message: f.message.to_string(),
        text: f.to_string(),
    }
}

/// The findings of one rule (`levelkit check` folds a group of more than `examples + 1` into one line).
#[pyclass(name = "FindingGroup", module = "levelkit", frozen, get_all)]
pub struct PyFindingGroup {
    /// `"error"`, `"warning"` or `"note"`.
    severity: String,
    /// The rule's place in every record it was found in (`nodes[*].neighborNo`).
    at: String,
    /// `6 warnings at nodes[*].neighborNo`.
    title: String,
    /// How many of a folded group's findings `levelkit check` prints in full.
    examples: usize,
    /// Every finding of the rule, in the order found.
    findings: Vec<Py<PyFinding>>,
}

#[pymethods]
impl PyFindingGroup {
    fn __len__(&self) -> usize {
        self.findings.len()
    }
    fn __str__(&self) -> &str {
        &self.title
    }
    fn __repr__(&self) -> String {
        format!("<levelkit finding group {}>", self.title)
    }
}

/// [`Findings::groups`] as Python objects.
pub fn groups(py: Python<'_>, findings: &Findings) -> PyResult<Vec<PyFindingGroup>> {
    findings
        .groups()
        .iter()
        .map(|g| {
            Ok(PyFindingGroup {
                severity: g.severity.to_string(),
                at: g.at.to_string(),
                title: g.to_string(),
                examples: Grouped::EXAMPLES,
                findings: g.findings.iter().map(|f| Py::new(py, finding(f))).collect::<PyResult<_>>()?,
            })
        })
        .collect()
}
