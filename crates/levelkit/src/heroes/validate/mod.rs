//! Validation: what the game would make of a parsed `.cl` file, as a list of findings with paths.
//!
//! - **error**: the game's reader or queries would misbehave: an index or link out of range, children not
//!   4 contiguous nodes in range, a node number that is not its position, a depth above maxDepth or 15, a
//!   child cycle, wrong child positions, a list outside the list area, a count of 0xFFFF, dataSize not the
//!   file length, non-finite vertices or root.
//! - **warning**: the game works, but worse: missing or wrong neighbour links, missing or wrong adjacency,
//!   normals that disagree with the winding, degenerate triangles, a rootLength the game's mask changes,
//!   inner nodes the moving-sphere query cannot use, triangles a leaf's queries cannot reach, cracks (open
//!   edges whose corners nearly meet another open edge's: [`cracks`]).
//! - **note**: harmless oddities (non-zero reserved bytes, unaligned arrays, nodes not in the tree).
//!
//! The reach rule (warnings on leaves), for every leaf L and every triangle T whose X/Z footprint overlaps
//! L's square ([`geom::triangle_overlaps_square`](super::geom::triangle_overlaps_square), touching counts):
//! - T must be listed by L or by an ancestor of L, or no query can find it there ("unreachable");
//! - T should be listed by L itself: line casts and vertical probes walk leaf to leaf and test only leaf
//!   lists, so a triangle listed only by an ancestor is found only by the moving-sphere query.
//!
//! The geometric checks (links, reach) need a sound tree; when the structure has errors they are skipped
//! with a note. Findings are ordered errors, warnings, notes, each in the order found. Every loop over
//! links is bounded by a visited set; nothing recurses.

pub mod cracks;
mod header;
mod links;
mod lists;
mod off_square;
mod pairs;
mod reach;
mod structure;
#[cfg(test)]
mod tests;
mod triangles;

use super::geom::Grid;
use super::locate::At;
use super::Collision;
use crate::findings::{Findings, Rule, Severity};
use crate::record::Field;
use header::header;
use links::links;
use lists::node_lists;
use off_square::off_square;
use reach::reach;
use std::fmt::{self, Write};
use structure::structure;
use triangles::{triangles, vertices};

/// More list entries than this (shared lists counted each time) and list contents are not checked: no real
/// file comes near it, and it bounds the work a hostile file can cause.
pub const MAX_CHECKED_LIST_ENTRIES: u64 = 1 << 26;

/// More node visits than this finding the (leaf, triangle) pairs of the reach rule and the rule is not
/// checked. Each triangle's descent visits the nodes its footprint's box reaches: about 655,000 in all for a
/// generated 65,000-triangle stage (10 a triangle; this allows 64 a triangle at the format's most).
/// Triangles much larger than the leaves of a deep tree make it the product of the two counts (billions),
/// and the unlisted pairs it finds must be kept: this bounds both the time and the memory (at most 4 bytes
/// a visit).
pub const MAX_REACH_VISITS: u64 = 1 << 22;

/// How many triangle numbers a finding quotes before saying "and N more".
const QUOTE: usize = 8;

pub(crate) fn validate(c: &Collision) -> Findings {
    report(c, Keep::Findings).into_findings()
}

/// How many findings of each severity [`validate`] would give, without making them: what a caller that
/// keeps only the counts needs (`repair-cl`'s report of the file before). No message is formatted: under
/// the fuzzer, 45 % of the validation of a file with a finding for most triangles.
pub(crate) fn severity_counts(c: &Collision) -> SeverityCounts {
    SeverityCounts(report(c, Keep::Counts).counts)
}

/// The number of findings of each severity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SeverityCounts([usize; 3]);

impl SeverityCounts {
    pub(crate) fn get(&self, severity: Severity) -> usize {
        self.0[Report::bucket(severity)]
    }
}

fn report(c: &Collision, keep: Keep) -> Report {
    // The triangle checks and the tree checks are independent: run them side by side. Each side collects
    // its own findings and they are joined in a fixed order, so the output does not depend on timing.
    // Small files stay on this thread: waking the pool costs more than their checks.
    let parallel = c.triangles.len() >= crate::par::MIN_PARALLEL;
    let (mut f, geometry) = crate::par::join_if(
        parallel,
        || {
            let mut f = Report::new(keep);
            header(c, &mut f);
            let tree = structure(c, &mut f);
            let lists = c.lists();
            let lists_ok = node_lists(c, &lists, &mut f);
            match (tree, Grid::new(&c.header)) {
                (Some(tree), Some(grid)) if lists_ok => {
                    // Independent too; their findings are joined in this order.
                    let (linked, reached) = crate::par::join_if(
                        parallel,
                        || {
                            let mut f = Report::new(keep);
                            links(c, &tree, &mut f);
                            f
                        },
                        || {
                            let mut f = Report::new(keep);
                            reach(c, &tree, &grid, &lists, &mut f);
                            off_square(c, &tree, &grid, &lists, &mut f);
                            f
                        },
                    );
                    f.append(linked);
                    f.append(reached);
                }
                _ => f.note(
                    Rule::HeroesTreeChecksSkipped,
                    At::nodes(),
                    "neighbour-link and reach checks skipped: the tree or its lists have errors",
                ),
            }
            f
        },
        || {
            let mut f = Report::new(keep);
            // The corners' incidence, which the adjacency checks and the crack search both read.
            let tris: Vec<[u16; 3]> = c.triangles.iter().map(|t| t.vertices).collect();
            let inc = super::geom::Incidence::new(&tris, &c.vertices);
            triangles(c, &inc, &mut f);
            vertices(c, &mut f);
            cracks::crack_findings(c, &inc, &tris, &mut f);
            f
        },
    );
    f.append(geometry);
    f
}

/// What a report keeps.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Keep {
    /// Every finding, its message formatted.
    #[default]
    Findings,
    /// Their number of each severity only.
    Counts,
}

/// Findings as they are made, each with its place, kept apart by severity: the result lists errors,
/// warnings, then notes, each in the order found, without sorting (a hostile file has thousands).
#[derive(Default)]
struct Report {
    /// Whether the findings are made or only counted.
    keep: Keep,
    /// Errors, warnings, notes (none when only counted).
    by_severity: [Findings; 3],
    /// How many of each severity were found.
    counts: [usize; 3],
    /// Where each message is formatted before it is copied into its finding ([`Findings::push_formatted`]).
    scratch: String,
}

impl Report {
    fn new(keep: Keep) -> Report {
        Report { keep, ..Report::default() }
    }

    fn bucket(severity: Severity) -> usize {
        match severity {
            Severity::Error => 0,
            Severity::Warning => 1,
            Severity::Note => 2,
        }
    }

    /// Adds a finding. Callers pass `format_args!(…)`, not a `String`: the message is formatted once, into
    /// the report's scratch string.
    fn push(&mut self, severity: Severity, rule: Rule, at: At, message: impl fmt::Display) {
        self.counts[Report::bucket(severity)] += 1;
        if self.keep == Keep::Counts {
            return;
        }
        self.by_severity[Report::bucket(severity)].push_formatted(
            severity,
            rule,
            at.path,
            at.offset,
            message,
            &mut self.scratch,
        );
    }
    fn error(&mut self, rule: Rule, at: At, message: impl fmt::Display) {
        self.push(Severity::Error, rule, at, message);
    }
    fn warning(&mut self, rule: Rule, at: At, message: impl fmt::Display) {
        self.push(Severity::Warning, rule, at, message);
    }
    fn note(&mut self, rule: Rule, at: At, message: impl fmt::Display) {
        self.push(Severity::Note, rule, at, message);
    }
    /// Another report's findings after these.
    fn append(&mut self, other: Report) {
        for (mine, theirs) in self.by_severity.iter_mut().zip(other.by_severity) {
            mine.0.extend(theirs.0);
        }
        for (mine, theirs) in self.counts.iter_mut().zip(other.counts) {
            *mine += theirs;
        }
    }
    fn count(&self, severity: Severity) -> usize {
        self.counts[Report::bucket(severity)]
    }
    /// The findings, errors first.
    fn into_findings(self) -> Findings {
        let mut all = Vec::with_capacity(self.by_severity.iter().map(|f| f.0.len()).sum());
        for findings in self.by_severity {
            all.extend(findings.0);
        }
        Findings(all)
    }
}

/// How a finding names a reserved run: `reserved bytes 0x19..0x20`. The message pieces here are values
/// shown into the finding's message, not strings of their own: hostile files have findings by the
/// thousand, and each allocation counts.
struct Reserved(Field);

impl fmt::Display for Reserved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "reserved bytes 0x{:X}..0x{:X}", self.0.offset, self.0.offset + self.0.size)
    }
}

/// What the game does with a triangle or node number `index` at or past `count` (its array's length): it
/// reads the record past the array, and sets its bit in the visited flags ([`flag_past_the_buffer`]).
fn past_the_array(index: u16, count: usize, what: &str) -> String {
    let mut text = format!("the game reads {what} {index} past its {count} (garbage)");
    if let Some(write) = flag_past_the_buffer(index, count) {
        let _ = write!(text, " and {write}");
    }
    text
}

/// Where setting the visited flag of number `index` writes, when that is past the flags: the game's
/// visited flags (`polygonFlagBuff` for triangles, `nodeFlagBuff` for nodes) are `count / 32 + 1` words
/// (octree.cpp's loader) and `SetPolygonFlag` never checks the number (octreeColli.cpp).
fn flag_past_the_buffer(index: u16, count: usize) -> Option<FlagOverrun> {
    let flag_bits = 32 * (count / 32 + 1);
    (usize::from(index) >= flag_bits).then_some(FlagOverrun { flag_bits })
}

/// A visited flag set past the end of its buffer, of this many bits.
struct FlagOverrun {
    flag_bits: usize,
}

impl fmt::Display for FlagOverrun {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "sets its visited flag past the end of the {}-bit flag buffer: it writes over other memory",
            self.flag_bits
        )
    }
}

/// Up to [`QUOTE`] numbers and how many more: `1, 2, 3, 4, 5, 6, 7, 8, and 2 more`.
struct Quote<'a>(&'a [u16]);

impl fmt::Display for Quote<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, item) in self.0.iter().take(QUOTE).enumerate() {
            if k > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{item}")?;
        }
        if self.0.len() > QUOTE {
            write!(f, ", and {} more", self.0.len() - QUOTE)?;
        }
        Ok(())
    }
}

/// The canonical neighbour links of every node ([`super::tree::canonical_links`]), or `None` if the tree
/// has structural errors (children out of range, cycles, wrong depths or positions).
pub fn canonical_neighbors(c: &Collision) -> Option<Vec<[u16; 4]>> {
    structure(c, &mut Report::new(Keep::Counts))?;
    Some(super::tree::canonical_links(&c.nodes, c.header.max_depth))
}
