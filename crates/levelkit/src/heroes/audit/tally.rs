//! The bookkeeping every kind of probe shares: its [`Tally`], its first [`LISTED`] holes and game-inherent
//! differences, and every hole's cause, counted probe by probe in probe order.

use super::{Cause, Difference, Tally, LISTED};
use crate::heroes::query::Vec3;
use std::collections::BTreeMap;

/// Why the walk over the complete tree and the exact reference answer a probe differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Inherent {
    /// The exact answer's triangle fails the game's reach filter.
    Reach,
    /// A nearer triangle listed only in a later leaf (the line cast's first-leaf-with-a-hit rule; vertical
    /// probes count every difference here).
    FirstLeaf,
    /// The game's own triangle tests (moving spheres: no corner contacts, `f32` tolerances).
    Tests,
}

/// What one kind of probe finds.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct KindFindings {
    /// Its counts.
    pub tally: Tally,
    /// The first [`LISTED`] holes, in probe order.
    pub holes: Vec<Difference>,
    /// The first [`LISTED`] game-inherent differences, in probe order.
    pub inherent: Vec<Difference>,
    /// Every hole's cause, and whether the probe falls through, in probe order.
    pub causes: Vec<(Cause, bool)>,
    /// The first hole of each cause: its probe index, segment (start, movement) and the two answers
    /// (this file's, the complete tree's): a witness of its region ([`super::regions`]).
    pub first_of_cause: BTreeMap<Cause, SampledHole>,
}

/// One probe's answers in `diff` (with its cause when it is a hole), whether the walk over this file was cut
/// short and whether it froze, and why the complete walk and the exact reference differ, when they do.
pub(super) struct Probed {
    pub diff: Difference,
    pub aborted: bool,
    pub freezes: bool,
    pub inherent: Option<Inherent>,
}

impl Probed {
    /// Whether the probe is a hole.
    pub(super) fn is_hole(&self) -> bool {
        self.diff.cause.is_some()
    }
}

impl Tally {
    /// Counts one probe (not in `probes`, which is set when the counting starts).
    pub(super) fn count(&mut self, p: &Probed) {
        let diff = &p.diff;
        self.file_hits += usize::from(diff.file.is_some());
        self.complete_hits += usize::from(diff.complete.is_some());
        self.exact_hits += usize::from(diff.exact.is_some());
        self.aborted += usize::from(p.aborted);
        self.freezes += usize::from(p.freezes);
        if p.is_hole() {
            self.holes += 1;
            self.fall_through += usize::from(diff.file.is_none());
        }
        if let Some(why) = p.inherent {
            self.inherent += 1;
            match why {
                Inherent::Reach => self.inherent_reach += 1,
                Inherent::FirstLeaf => self.inherent_first_leaf += 1,
                Inherent::Tests => self.inherent_tests += 1,
            }
        }
    }

    /// The sum of two tallies.
    pub(super) fn plus(mut self, mut o: Tally) -> Tally {
        for (a, b) in self.counts_mut().into_iter().zip(o.counts_mut()) {
            *a += *b;
        }
        self
    }

    /// Every count, `probes` first: what adding and checking tallies go through, so that neither lists the
    /// fields again.
    pub(super) fn counts_mut(&mut self) -> [&mut usize; 12] {
        let Tally {
            probes,
            file_hits,
            complete_hits,
            exact_hits,
            holes,
            fall_through,
            inherent,
            inherent_reach,
            inherent_first_leaf,
            inherent_tests,
            aborted,
            freezes,
        } = self;
        [
            probes,
            file_hits,
            complete_hits,
            exact_hits,
            holes,
            fall_through,
            inherent,
            inherent_reach,
            inherent_first_leaf,
            inherent_tests,
            aborted,
            freezes,
        ]
    }
}

/// A sampled hole, as a region's witness takes it: probe index, (start, movement), and the answers of this
/// file's walk and the complete tree's (triangle, distance or travel).
pub type SampledHole = (usize, (Vec3, Vec3), [Option<(u16, f32)>; 2]);

impl KindFindings {
    /// Nothing counted yet, of `probes` probes.
    pub(super) fn new(probes: usize) -> KindFindings {
        KindFindings { tally: Tally { probes, ..Tally::default() }, ..KindFindings::default() }
    }

    /// Counts one probe and keeps what the report lists of it ([`Tally::count`], then [`Self::keep`]).
    pub(super) fn add(&mut self, probed: Probed) {
        self.tally.count(&probed);
        self.keep(probed);
    }

    /// Keeps what the report lists of a probe already counted: a hole's cause (and the hole, while fewer
    /// than [`LISTED`] are), a game-inherent difference while fewer than [`LISTED`] are. Probes come in
    /// probe order.
    pub(super) fn keep(&mut self, probed: Probed) {
        let Probed { mut diff, inherent, .. } = probed;
        if let Some(cause) = diff.cause.take() {
            let falls = diff.file.is_none();
            self.causes.push((cause, falls));
            self.first_of_cause.entry(cause).or_insert((
                diff.index,
                (diff.start, diff.dir),
                [diff.file, diff.complete],
            ));
            if self.holes.len() < LISTED {
                self.holes.push(Difference { cause: Some(cause), ..diff.clone() });
            }
        }
        // Listed without a cause: no file can fix it.
        if inherent.is_some() && self.inherent.len() < LISTED {
            self.inherent.push(diff);
        }
    }
}
