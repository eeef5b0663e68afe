//! Validation results shared by every format: a list of findings, each with a severity, the [`Rule`] that
//! made it, a typed path into the model and, where the file holds what it is about, a byte offset; and the
//! check every builder makes with them before it writes ([`checked_bytes`]).

mod rule;

pub use rule::Rule;

use crate::bytes::{ParseError, WriteError};
use serde::{Serialize, Serializer};
use std::borrow::Cow;
use std::cmp::Reverse;
use std::collections::HashMap;
use std::fmt::{self, Write};

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

/// One step of a [`Path`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Segment {
    /// A field, or a top-level list: `rooms`, `.childNo`.
    Field(Cow<'static, str>),
    /// One element of a list: `[3]`.
    Index(usize),
    /// One element named by a key rather than a number: `neighborNo[-Z]`.
    Key(Cow<'static, str>),
    /// Every element of a list (a finding about a sum over it): `rooms[*]`.
    All,
}

/// Where in the model a finding is, in one vocabulary for every format: fields joined by dots, list
/// elements in brackets (`nodes[12].childNo`, `rooms[3].portals[1]`, `rooms[*].portal_count`).
///
/// Built step by step; each step returns a new path, so a prefix can be kept and extended:
///
/// ```
/// use levelkit::Path;
/// let blob = Path::new().field("rooms").index(3).field("blobs").index(0);
/// assert_eq!(blob.field("link").to_string(), "rooms[3].blobs[0].link");
/// assert_eq!(Path::new().field("rooms").all().field("box_count").to_string(), "rooms[*].box_count");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Path(Vec<Segment>);

impl Path {
    /// The empty path (the whole model).
    pub fn new() -> Path {
        Path(Vec::new())
    }

    /// The path of these steps, outermost first (one allocation for a chain of arrays: `collect` reserves
    /// what their exact size hint says).
    pub fn from_segments(steps: impl IntoIterator<Item = Segment>) -> Path {
        Path(steps.into_iter().collect())
    }

    fn then(&self, segment: Segment) -> Path {
        let mut segments = Vec::with_capacity(self.0.len() + 1);
        segments.extend_from_slice(&self.0);
        segments.push(segment);
        Path(segments)
    }

    /// This path's field `name`.
    pub fn field(&self, name: impl Into<Cow<'static, str>>) -> Path {
        self.then(Segment::Field(name.into()))
    }

    /// This path's element `index`.
    pub fn index(&self, index: usize) -> Path {
        self.then(Segment::Index(index))
    }

    /// This path's element named `key`.
    pub fn key(&self, key: impl Into<Cow<'static, str>>) -> Path {
        self.then(Segment::Key(key.into()))
    }

    /// Every element of this path's list.
    pub fn all(&self) -> Path {
        self.then(Segment::All)
    }

    /// The steps, outermost first.
    pub fn segments(&self) -> &[Segment] {
        &self.0
    }

    /// The same place in every element of its lists: `nodes[12].childNo` → `nodes[*].childNo`. What one
    /// rule finds across many records shares it.
    pub fn shape(&self) -> Path {
        Path(
            self.0.iter().map(|s| if let Segment::Index(_) = s { Segment::All } else { s.clone() }).collect(),
        )
    }

    /// Whether the path prints as `text` (compared as it is printed, without building the string).
    fn prints_as(&self, text: &str) -> bool {
        struct Rest<'a>(&'a str);
        impl fmt::Write for Rest<'_> {
            fn write_str(&mut self, s: &str) -> fmt::Result {
                self.0 = self.0.strip_prefix(s).ok_or(fmt::Error)?;
                Ok(())
            }
        }
        let mut rest = Rest(text);
        fmt::write(&mut rest, format_args!("{self}")).is_ok() && rest.0.is_empty()
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, segment) in self.0.iter().enumerate() {
            match segment {
                Segment::Field(name) if i == 0 => f.write_str(name)?,
                Segment::Field(name) => write!(f, ".{name}")?,
                Segment::Index(index) => write!(f, "[{index}]")?,
                Segment::Key(key) => write!(f, "[{key}]")?,
                Segment::All => f.write_str("[*]")?,
            }
        }
        Ok(())
    }
}

impl From<&Path> for Path {
    fn from(path: &Path) -> Path {
        path.clone()
    }
}

impl PartialEq<str> for Path {
    fn eq(&self, text: &str) -> bool {
        self.prints_as(text)
    }
}

impl PartialEq<&str> for Path {
    fn eq(&self, text: &&str) -> bool {
        self.prints_as(text)
    }
}

impl PartialEq<String> for Path {
    fn eq(&self, text: &String) -> bool {
        self.prints_as(text)
    }
}

impl Serialize for Path {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// One problem, at a path into the model (`nodes[12].childNo`, `rooms[3].portals[1]`), and at the byte
/// offset in the file of the record or field it is about where the file holds one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// How bad it is.
    pub severity: Severity,
    /// Which check made it (JSON: its id, `"heroes-node-child-index"`).
    pub rule: Rule,
    /// Where in the model it is.
    pub path: Path,
    /// The byte offset the finding is about; `None` (JSON `null`) for findings about no single place
    /// (`nodes`).
    pub offset: Option<u64>,
    /// What is wrong, as printed: it ends with ` (byte 0x…)` when `offset` is set ([`Finding::at`]).
    pub message: String,
}

impl Finding {
    /// Sets the byte offset the finding is about and names it at the end of the message. A finding has
    /// one offset: the first one given stays.
    pub fn at(&mut self, offset: impl TryInto<u64>) -> &mut Finding {
        if let (None, Ok(offset)) = (self.offset, offset.try_into()) {
            self.offset = Some(offset);
            // Written in place: findings are made by the thousand on hostile files.
            name_offset(&mut self.message, offset);
        }
        self
    }
}

/// How a message names its finding's byte offset, at its end: ` (byte 0x1f)`.
fn name_offset(message: &mut String, offset: u64) {
    let _ = write!(message, " (byte 0x{offset:x})");
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
    /// Adds a finding of `rule`; `.at(offset)` on the result gives it its byte offset.
    pub fn push(
        &mut self,
        severity: Severity,
        rule: Rule,
        path: impl Into<Path>,
        message: impl Into<String>,
    ) -> &mut Finding {
        let last = self.0.len();
        self.0.push(Finding { severity, rule, path: path.into(), offset: None, message: message.into() });
        &mut self.0[last]
    }
    /// Adds a finding whose message (and its offset, if any) is formatted into `scratch` first and then
    /// copied once, at its length: a message formatted straight into a new string grows through several
    /// allocations, and hostile files have findings by the thousand.
    pub(crate) fn push_formatted(
        &mut self,
        severity: Severity,
        rule: Rule,
        path: Path,
        offset: Option<u64>,
        message: impl fmt::Display,
        scratch: &mut String,
    ) {
        scratch.clear();
        let _ = write!(scratch, "{message}");
        if let Some(offset) = offset {
            name_offset(scratch, offset);
        }
        self.0.push(Finding { severity, rule, path, offset, message: scratch.as_str().into() });
    }
    /// Adds an [`Severity::Error`] finding of `rule`.
    pub fn error(&mut self, rule: Rule, path: impl Into<Path>, message: impl Into<String>) -> &mut Finding {
        self.push(Severity::Error, rule, path, message)
    }
    /// Adds a [`Severity::Warning`] finding of `rule`.
    pub fn warning(&mut self, rule: Rule, path: impl Into<Path>, message: impl Into<String>) -> &mut Finding {
        self.push(Severity::Warning, rule, path, message)
    }
    /// Adds a [`Severity::Note`] finding of `rule`.
    pub fn note(&mut self, rule: Rule, path: impl Into<Path>, message: impl Into<String>) -> &mut Finding {
        self.push(Severity::Note, rule, path, message)
    }
    /// How many findings have `severity`.
    pub fn count(&self, severity: Severity) -> usize {
        self.0.iter().filter(|f| f.severity == severity).count()
    }
    /// Whether any finding is an error.
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(|f| f.severity == Severity::Error)
    }
    /// The findings in the order they were found.
    pub fn iter(&self) -> impl Iterator<Item = &Finding> {
        self.0.iter()
    }
    /// How many findings there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// Whether a check fails on these findings: an error, or with `strict` (`check --strict`) a warning.
    pub fn fails(&self, strict: bool) -> bool {
        self.has_errors() || (strict && self.count(Severity::Warning) > 0)
    }

    /// `levelkit check --json`'s object (the web page's too) for the file named `file`, of the format named
    /// `format` (`heroes-cl`): whether it passes ([`Findings::fails`]), the count of each severity, and
    /// every finding.
    pub fn check_report(&self, file: &str, format: &str, strict: bool) -> serde_json::Value {
        serde_json::json!({
            "file": file,
            "format": format,
            "ok": !self.fails(strict),
            "errors": self.count(Severity::Error),
            "warnings": self.count(Severity::Warning),
            "notes": self.count(Severity::Note),
            "findings": self,
        })
    }

    /// The findings grouped by place (the same severity at the same [`Path::shape`], whatever their
    /// [`Rule`]): errors first, then warnings, then notes, each in the order its first finding was found.
    pub fn groups(&self) -> Vec<Group<'_>> {
        let mut groups: Vec<Group<'_>> = Vec::new();
        let mut by_place: HashMap<(Severity, Path), usize> = HashMap::new();
        for finding in &self.0 {
            let (severity, at) = (finding.severity, finding.path.shape());
            let index = *by_place.entry((severity, at.clone())).or_insert_with(|| {
                groups.push(Group { severity, at, findings: Vec::new() });
                groups.len() - 1
            });
            groups[index].findings.push(finding);
        }
        // Stable: within a severity the order of first appearance stays.
        groups.sort_by_key(|g| Reverse(g.severity));
        groups
    }

    /// The findings as a person reads them: a group of more than [`Grouped::EXAMPLES`] `+ 1` findings as
    /// one line with its count and its first few findings, each in full (what it means for the game,
    /// where); smaller groups finding by finding.
    pub fn grouped(&self) -> Grouped<'_> {
        Grouped(self.groups())
    }
}

/// The findings of one place: the same severity at the same place in many records (`nodes[*].neighborNo`).
#[derive(Clone, Debug)]
pub struct Group<'a> {
    /// How bad each is.
    pub severity: Severity,
    /// Where, with every list index starred.
    pub at: Path,
    /// Every finding there, in the order found.
    pub findings: Vec<&'a Finding>,
}

impl fmt::Display for Group<'_> {
    /// `6 warnings at nodes[*].neighborNo`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}s at {}", self.findings.len(), self.severity, self.at)
    }
}

/// [`Findings::grouped`]'s text.
pub struct Grouped<'a>(Vec<Group<'a>>);

impl Grouped<'_> {
    /// How many findings of a large group are printed in full.
    pub const EXAMPLES: usize = 3;

    /// Whether the text leaves findings out (a group of more than [`Grouped::EXAMPLES`] `+ 1`), for a front
    /// end to say how to see every one (the CLI's `--all`).
    pub fn shortened(&self) -> bool {
        self.0.iter().any(|group| group.findings.len() > Grouped::EXAMPLES + 1)
    }
}

impl fmt::Display for Grouped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for group in &self.0 {
            let count = group.findings.len();
            if count <= Grouped::EXAMPLES + 1 {
                for finding in &group.findings {
                    writeln!(f, "{finding}")?;
                }
                continue;
            }
            writeln!(f, "{group}, the first {}:", Grouped::EXAMPLES)?;
            for finding in &group.findings[..Grouped::EXAMPLES] {
                writeln!(f, "  {finding}")?;
            }
            writeln!(f, "  … and {} more like these", count - Grouped::EXAMPLES)?;
        }
        Ok(())
    }
}

impl<'a> IntoIterator for &'a Findings {
    type Item = &'a Finding;
    type IntoIter = std::slice::Iter<'a, Finding>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl IntoIterator for Findings {
    type Item = Finding;
    type IntoIter = std::vec::IntoIter<Finding>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

/// Every finding, one a line, in the order found; [`Findings::grouped`] prints
/// large groups shortened.
impl fmt::Display for Findings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for finding in &self.0 {
            writeln!(f, "{finding}")?;
        }
        Ok(())
    }
}

/// A model with a byte form both ways: what [`checked_bytes`] proves of a built file.
pub trait RoundTrip: PartialEq + Sized {
    /// Every finding.
    fn validate(&self) -> Findings;
    /// The file's bytes.
    fn to_bytes(&self) -> Result<Vec<u8>, WriteError>;
    /// The model of a file's bytes.
    fn parse(data: &[u8]) -> Result<Self, ParseError>;
}

/// Why [`checked_bytes`] refuses a model.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Unchecked {
    /// The first five findings the builder counts as serious.
    #[error("{}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    Findings(Vec<Finding>),
    /// The bytes written do not read back as the model: why they do not parse, or (`None`) they parse as
    /// another model.
    #[error("{}", match .0 { Some(e) => format!("the bytes do not parse: {e}"), None => "the bytes read back differently".into() })]
    ReadBack(Option<ParseError>),
    /// The model cannot be written as bytes.
    #[error(transparent)]
    Write(WriteError),
}

/// A built model's bytes, when they are what should be written: no finding is `serious`, and the bytes
/// read back to the same model. Builders call this before writing, so a file their own check rejects is
/// never written.
pub fn checked_bytes<M: RoundTrip>(
    model: &M,
    serious: impl FnMut(&Finding) -> bool,
) -> Result<Vec<u8>, Unchecked> {
    checked_bytes_of(model, &model.validate(), serious)
}

/// [`checked_bytes`] of a model whose findings (its `validate()`) were made already, by a builder that
/// reports their counts too: one validation for both.
pub(crate) fn checked_bytes_of<M: RoundTrip>(
    model: &M,
    findings: &Findings,
    mut serious: impl FnMut(&Finding) -> bool,
) -> Result<Vec<u8>, Unchecked> {
    let shown: Vec<Finding> = findings.iter().filter(|f| serious(f)).take(5).cloned().collect();
    if !shown.is_empty() {
        return Err(Unchecked::Findings(shown));
    }
    let bytes = model.to_bytes().map_err(Unchecked::Write)?;
    match M::parse(&bytes) {
        Ok(back) if back == *model => Ok(bytes),
        Ok(_) => Err(Unchecked::ReadBack(None)),
        Err(e) => Err(Unchecked::ReadBack(Some(e))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_print_as_before() {
        let nodes = Path::new().field("nodes");
        assert_eq!(nodes.index(12).field("childNo").to_string(), "nodes[12].childNo");
        assert_eq!(nodes.index(1).field("neighborNo").key("-Z").to_string(), "nodes[1].neighborNo[-Z]");
        let room = Path::new().field("rooms").index(3);
        assert_eq!(room.field("portals").index(1).to_string(), "rooms[3].portals[1]");
        assert_eq!(
            Path::new().field("rooms").all().field("portal_count").to_string(),
            "rooms[*].portal_count"
        );
        assert_eq!(Path::new().to_string(), "");
    }

    #[test]
    fn the_offset_is_given_once_and_printed_at_the_end() {
        let mut f = Findings::default();
        f.error(Rule::HeroesNodeChildIndex, Path::new().field("nodes").index(0).field("childNo"), "is 2")
            .at(0x34usize)
            .at(0x99u64);
        f.note(Rule::HeroesTreeChecksSkipped, Path::new().field("nodes"), "no place");
        let [a, b] = &f.0[..] else { panic!("{f:?}") };
        assert_eq!(a.offset, Some(0x34));
        assert_eq!(a.to_string(), "error: nodes[0].childNo: is 2 (byte 0x34)");
        assert_eq!(b.offset, None);
        assert_eq!(b.to_string(), "note: nodes: no place");
        let json = serde_json::to_string(&f).unwrap();
        assert_eq!(
            json,
            r#"[{"severity":"error","rule":"heroes-node-child-index","path":"nodes[0].childNo","offset":52,"message":"is 2 (byte 0x34)"},{"severity":"note","rule":"heroes-tree-checks-skipped","path":"nodes","offset":null,"message":"no place"}]"#
        );
    }

    #[test]
    fn findings_of_one_place_are_grouped_errors_first() {
        let nodes = Path::new().field("nodes");
        let mut f = Findings::default();
        f.note(Rule::HeroesTreeChecksSkipped, nodes.clone(), "no place");
        for i in 0..6 {
            f.warning(
                Rule::HeroesLinkMissing,
                nodes.index(i).field("neighborNo"),
                format!("no link from {i}"),
            )
            .at(0x10 * i);
        }
        f.error(Rule::HeroesNodeChildIndex, nodes.index(2).field("childNo"), "past the array");
        f.warning(Rule::HeroesReachEmptyInner, nodes.index(9).field("numPoly"), "empty");
        let groups = f.groups();
        let shapes: Vec<String> =
            groups.iter().map(|g| format!("{} {} {}", g.severity, g.at, g.findings.len())).collect();
        assert_eq!(
            shapes,
            [
                "error nodes[*].childNo 1",
                "warning nodes[*].neighborNo 6",
                "warning nodes[*].numPoly 1",
                "note nodes 1"
            ]
        );
        assert_eq!(groups.iter().map(|g| g.findings.len()).sum::<usize>(), f.len());
        assert_eq!(
            f.grouped().to_string(),
            "error: nodes[2].childNo: past the array\n\
             6 warnings at nodes[*].neighborNo, the first 3:\n\
             \x20 warning: nodes[0].neighborNo: no link from 0 (byte 0x0)\n\
             \x20 warning: nodes[1].neighborNo: no link from 1 (byte 0x10)\n\
             \x20 warning: nodes[2].neighborNo: no link from 2 (byte 0x20)\n\
             \x20 … and 3 more like these\n\
             warning: nodes[9].numPoly: empty\n\
             note: nodes: no place\n"
        );
        assert!(f.grouped().shortened());
        f.0.truncate(4);
        assert!(!f.grouped().shortened(), "a group of 4 is printed whole");
    }

    #[test]
    fn findings_iterate_and_print_one_a_line() {
        let mut f = Findings::default();
        f.error(Rule::HeroesNodeChildIndex, Path::new().field("nodes").index(0).field("childNo"), "is 2")
            .at(0x34usize);
        f.note(Rule::HeroesTreeChecksSkipped, Path::new().field("nodes"), "no place");
        let mut seen = Vec::new();
        for finding in &f {
            seen.push(finding.severity);
        }
        assert_eq!(seen, [Severity::Error, Severity::Note]);
        assert_eq!(f.to_string(), "error: nodes[0].childNo: is 2 (byte 0x34)\nnote: nodes: no place\n");
        assert_eq!(f.into_iter().map(|x| x.message).collect::<Vec<_>>(), ["is 2 (byte 0x34)", "no place"]);
    }

    /// A model whose check, bytes and reading back are set by the test.
    #[derive(PartialEq)]
    struct Model(Findings, Vec<u8>);

    impl RoundTrip for Model {
        fn validate(&self) -> Findings {
            self.0.clone()
        }
        fn to_bytes(&self) -> Result<Vec<u8>, WriteError> {
            Ok(self.1.clone())
        }
        fn parse(data: &[u8]) -> Result<Self, ParseError> {
            match data {
                [] => Err(ParseError {
                    offset: 0,
                    what: "the model".into(),
                    problem: crate::bytes::Problem::Truncated { needed: 1, left: 0 },
                }),
                _ => Ok(Model(Findings::default(), data.to_vec())),
            }
        }
    }

    #[test]
    fn a_refused_model_keeps_its_findings_and_its_parse_error() {
        let mut bad = Findings::default();
        bad.error(Rule::HeroesTreeChecksSkipped, Path::new().field("nodes"), "broken");
        let refused = checked_bytes(&Model(bad.clone(), vec![1]), |f| f.severity == Severity::Error);
        assert_eq!(refused, Err(Unchecked::Findings(bad.0.clone())));
        let unread = checked_bytes(&Model(Findings::default(), vec![]), |_| true).unwrap_err();
        assert!(matches!(&unread, Unchecked::ReadBack(Some(e)) if e.what == "the model"), "{unread:?}");
        assert!(unread.to_string().starts_with("the bytes do not parse: "), "{unread}");
        assert_eq!(checked_bytes(&Model(Findings::default(), vec![7]), |_| true), Ok(vec![7]));
    }
}
