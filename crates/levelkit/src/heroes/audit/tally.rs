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

/// A sampled hole, as a region's witness takes it: probe index, (start, movement), and the answers of this
/// file's walk and the complete tree's (triangle, distance or travel).
pub type SampledHole = (usize, (Vec3, Vec3), [Option<(u16, f32)>; 2]);

impl KindFindings {
    /// Nothing counted yet, of `probes` probes.
    pub(super) fn new(probes: usize) -> KindFindings {
        KindFindings { tally: Tally { probes, ..Tally::default() }, ..KindFindings::default() }
    }

    /// Counts one probe: its answers in `diff` (with its cause when it is a hole), whether the walk over
    /// this file was cut short and whether it froze, and why the complete walk and the exact reference
    /// differ, when they do.
    pub(super) fn add(
        &mut self,
        mut diff: Difference,
        aborted: bool,
        freezes: bool,
        inherent: Option<Inherent>,
    ) {
        let t = &mut self.tally;
        t.file_hits += usize::from(diff.file.is_some());
        t.complete_hits += usize::from(diff.complete.is_some());
        t.exact_hits += usize::from(diff.exact.is_some());
        t.aborted += usize::from(aborted);
        t.freezes += usize::from(freezes);
        if let Some(cause) = diff.cause.take() {
            let falls = diff.file.is_none();
            t.holes += 1;
            t.fall_through += usize::from(falls);
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
        if let Some(why) = inherent {
            t.inherent += 1;
            match why {
                Inherent::Reach => t.inherent_reach += 1,
                Inherent::FirstLeaf => t.inherent_first_leaf += 1,
                Inherent::Tests => t.inherent_tests += 1,
            }
            // Listed without a cause: no file can fix it.
            if self.inherent.len() < LISTED {
                self.inherent.push(diff);
            }
        }
    }
}
