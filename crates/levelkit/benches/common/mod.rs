//! What the benches share: [`compare`], which runs a group of routines under criterion and then times
//! each against a named peer in alternation (the same load on both), printing the ratio.

use criterion::{Criterion, Throughput};
use std::cell::{Cell, RefCell};
use std::time::{Duration, Instant};

/// One run of a routine's work.
pub type Work<'a> = Box<dyn FnMut() + 'a>;
/// One routine of a group: a name and its work.
pub type Routine<'a> = (&'static str, Work<'a>);

/// Runs a group: each routine under criterion, then each one criterion ran (a filter may skip some) against
/// the peer (the first routine), alternately for `rounds` rounds, printing the ratio of medians.
pub fn compare(c: &mut Criterion, group: &str, elements: Option<u64>, rounds: usize, routines: Vec<Routine>) {
    let ran: Vec<Cell<bool>> = routines.iter().map(|_| Cell::new(false)).collect();
    let routines: Vec<(&str, RefCell<Work>)> =
        routines.into_iter().map(|(n, f)| (n, RefCell::new(f))).collect();
    let mut g = c.benchmark_group(group);
    if let Some(n) = elements {
        g.throughput(Throughput::Elements(n));
    }
    if rounds < 10 {
        g.sample_size(10);
    }
    for (i, (name, f)) in routines.iter().enumerate() {
        g.bench_function(*name, |b| {
            ran[i].set(true);
            b.iter(|| (f.borrow_mut())())
        });
    }
    g.finish();
    let Some(((peer, peer_f), peer_ran)) = routines.first().zip(ran.first()) else { return };
    if !peer_ran.get() {
        return;
    }
    for ((name, f), _) in routines.iter().zip(&ran).skip(1).filter(|(_, r)| r.get()) {
        let (mut mine, mut theirs) = (Vec::new(), Vec::new());
        let time = |f: &RefCell<Work>| {
            let t = Instant::now();
            (f.borrow_mut())();
            t.elapsed()
        };
        for _ in 0..rounds {
            mine.push(time(f));
            theirs.push(time(peer_f));
        }
        let median = |v: &mut Vec<Duration>| {
            v.sort_unstable();
            v[v.len() / 2].as_secs_f64()
        };
        let (a, b) = (median(&mut mine), median(&mut theirs));
        println!(
            "ratio {group}/{name} : {group}/{peer} = {:.2} ({:.3} ms against {:.3} ms, medians of {rounds} \
             alternate runs)",
            b / a,
            a * 1e3,
            b * 1e3
        );
    }
}
