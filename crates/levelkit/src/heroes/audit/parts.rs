//! An audit's probes, whole or in parts. A program with several workers and no shared memory (the web
//! page, whose WebAssembly module has no threads) runs the probes as parts: each worker probes a range of
//! probe indices over its own [`Prepared`](super::Prepared) copy and sends back an [`AuditPart`] — its
//! counts and the indices of its holes and first listed game-inherent differences, a few numbers — and
//! one worker runs those few probes again to make the report ([`merge`]). Every probe is a function of its
//! index, so the report is the one the whole audit gives, byte for byte.

use super::tally::{KindFindings, Probed};
use super::{AuditInput, Tally, LISTED};
use crate::heroes::query::{GameTree, Scratch};
use serde::{Deserialize, Serialize};
use std::ops::Range;

/// One kind of probe: where probe `i` starts on the ground (x, z), and the probe itself.
pub(super) trait KindProbes: Sync {
    fn ground(&self, i: usize) -> [f32; 2];
    fn probe(&self, scratch: &mut Scratches, i: usize) -> Probed;
}

/// A walk's scratch over this file's tree and one over the complete tree.
pub(super) type Scratches = (Scratch, Scratch);

/// Probes `indices` (in space order, on the thread pool), their results in the order of `indices`.
fn probed(probes: &impl KindProbes, input: &AuditInput<'_>, indices: Vec<usize>) -> Vec<Probed> {
    let scratches = |file: &GameTree, complete: &GameTree| (Scratch::new(file), Scratch::new(complete));
    super::order::in_space_order(
        indices,
        super::ground_box(input.area),
        |i| probes.ground(i),
        || scratches(input.file, input.complete),
        |s, i| probes.probe(s, i),
    )
}

/// Every probe of one kind, counted and kept.
pub(super) fn whole(probes: &impl KindProbes, input: &AuditInput<'_>) -> KindFindings {
    let mut found = KindFindings::new(input.opts.probes);
    for p in probed(probes, input, (0..input.opts.probes).collect()) {
        found.add(p);
    }
    found
}

/// The probes of one kind with indices in `range`, counted: what [`merge`] needs of them.
pub(super) fn part(probes: &impl KindProbes, input: &AuditInput<'_>, range: Range<usize>) -> PartFindings {
    let mut found =
        PartFindings { tally: Tally { probes: range.len(), ..Tally::default() }, ..Default::default() };
    for p in probed(probes, input, range.collect()) {
        found.tally.count(&p);
        if p.is_hole() {
            found.holes.push(p.diff.index);
        }
        if p.inherent.is_some() && found.inherent.len() < LISTED {
            found.inherent.push(p.diff.index);
        }
    }
    found
}

/// The findings of one kind from its parts (checked by [`check_parts`], in probe order): their counts
/// summed, and the probes the report lists run again and kept, each checked to be what its part said.
/// Every game-inherent difference before the report's [`LISTED`]th is within its part's first [`LISTED`],
/// so kept in probe order they are the whole audit's list.
pub(super) fn merge(
    probes: &impl KindProbes,
    input: &AuditInput<'_>,
    parts: &[&PartFindings],
) -> Result<KindFindings, PartsError> {
    let mut found = KindFindings::new(0);
    for p in parts {
        found.tally = found.tally.plus(p.tally);
    }
    let holes: Vec<usize> = parts.iter().flat_map(|p| p.holes.iter().copied()).collect();
    let inherent: Vec<usize> = parts.iter().flat_map(|p| p.inherent.iter().copied()).collect();
    let mut listed: Vec<usize> = holes.iter().chain(&inherent).copied().collect();
    listed.sort_unstable();
    listed.dedup();
    for p in probed(probes, input, listed) {
        let i = p.diff.index;
        // (A hole past its part's listed inherent differences may be one too, unlisted.)
        if p.is_hole() != holes.binary_search(&i).is_ok()
            || p.inherent.is_none() && inherent.binary_search(&i).is_ok()
        {
            return Err(PartsError(format!(
                "probe {i} is not what its part says it is: the part was made from another file or other options"
            )));
        }
        found.keep(p);
    }
    Ok(found)
}

/// One part of an audit: the probes with indices `first..end` of each kind, as [`super::Prepared::probe_part`]
/// counts them, for [`super::Prepared::audit_parts`]. Plain numbers: a worker sends it as JSON.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct AuditPart {
    /// The audit's seed.
    pub seed: u64,
    /// The audit's probes of each kind ([`super::AuditOptions::probes`]).
    pub probes: usize,
    /// The first probe index of this part.
    pub first: usize,
    /// One past its last.
    pub end: usize,
    /// Vertical probes, line casts and moving spheres, in that order.
    pub kinds: [PartFindings; 3],
}

/// What one part found of one kind of probe.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct PartFindings {
    /// Its counts (`probes` is the part's length).
    pub tally: Tally,
    /// The index of every hole, in probe order.
    pub holes: Vec<usize>,
    /// The indices of its first [`LISTED`] game-inherent differences, in probe order.
    pub inherent: Vec<usize>,
}

/// Why parts cannot make an audit: they do not tile the probes, or do not fit this file and options.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot make the audit from its parts: {0}")]
pub struct PartsError(String);

/// The parts in probe order, after checking that they are `opts`' and tile its probes `0..probes`, that
/// their counts fit their lengths and that their indices are theirs, increasing.
pub(super) fn check_parts(
    parts: &[AuditPart],
    opts: super::AuditOptions,
) -> Result<Vec<&AuditPart>, PartsError> {
    let fail = |why: String| Err(PartsError(why));
    let mut sorted: Vec<&AuditPart> = parts.iter().collect();
    sorted.sort_by_key(|p| (p.first, p.end));
    let mut next = 0;
    for p in &sorted {
        if p.seed != opts.seed || p.probes != opts.probes {
            return fail(format!(
                "a part is of {} probes from seed {}, the audit of {} from seed {}",
                p.probes, p.seed, opts.probes, opts.seed
            ));
        }
        if p.first != next || p.end < p.first {
            return fail(format!(
                "a part covers probes {}..{} where probe {next} comes next",
                p.first, p.end
            ));
        }
        next = p.end;
        for k in &p.kinds {
            let mut t = k.tally;
            let len = p.end - p.first;
            let within = t.counts_mut().iter().all(|n| **n <= len);
            let increasing = |v: &[usize]| {
                v.windows(2).all(|w| w[0] < w[1]) && v.iter().all(|i| (p.first..p.end).contains(i))
            };
            if t.probes != len
                || !within
                || k.holes.len() != t.holes
                || k.inherent.len() != t.inherent.min(LISTED)
                || !increasing(&k.holes)
                || !increasing(&k.inherent)
            {
                return fail(format!("the part of probes {}..{} does not add up", p.first, p.end));
            }
        }
    }
    if next != opts.probes {
        return fail(format!("the parts end at probe {next}, the audit has {}", opts.probes));
    }
    Ok(sorted)
}
