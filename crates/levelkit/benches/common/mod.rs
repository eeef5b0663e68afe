//! What the benches share: [`compare`], which runs a group of routines under criterion and then times
//! each against a named peer in alternation (the same load on both), printing the ratio of wall times and,
//! where Linux's `/proc` tells it, of CPU times (every thread's), which a loaded machine disturbs less;
//! then in alternating blocks of runs (each routine's data warm in cache, as criterion times it).

use criterion::{Criterion, Throughput};
use std::cell::{Cell, RefCell};
use std::time::{Duration, Instant};

/// Timed runs per block in the warm comparison.
const WARM_BLOCK: usize = 3;

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
        let (mut mine_cpu, mut theirs_cpu) = (Vec::new(), Vec::new());
        let time = |f: &RefCell<Work>, cpu: &mut Vec<Duration>| {
            // Reading `/proc` takes tens of microseconds: outside the wall time.
            let before = cpu_time();
            let wall = wall_time(f);
            if let (Some(before), Some(after)) = (before, cpu_time()) {
                cpu.push(after.saturating_sub(before));
            }
            wall
        };
        for _ in 0..rounds {
            mine.push(time(f, &mut mine_cpu));
            theirs.push(time(peer_f, &mut theirs_cpu));
        }
        // Then in blocks, alternating, each block after one untimed run: each routine with its own data in
        // cache, as criterion times it alone. A routine with a big footprint evicts its peer's data, which
        // the alternate runs above charge to the peer.
        let (mut mine_warm, mut theirs_warm) = (Vec::new(), Vec::new());
        for _ in 0..rounds.div_ceil(WARM_BLOCK) {
            for (f, out) in [(f, &mut mine_warm), (peer_f, &mut theirs_warm)] {
                (f.borrow_mut())();
                for _ in 0..WARM_BLOCK {
                    out.push(wall_time(f));
                }
            }
        }
        let median = |v: &mut Vec<Duration>| {
            v.sort_unstable();
            v.get(v.len() / 2).map_or(f64::NAN, Duration::as_secs_f64)
        };
        let (a, b) = (median(&mut mine), median(&mut theirs));
        let (wa, wb) = (median(&mut mine_warm), median(&mut theirs_warm));
        // `schedstat` advances at scheduler ticks: a single run's CPU time is off by up to a tick either way,
        // the mean over the rounds is not.
        let mean = |v: &[Duration]| v.iter().sum::<Duration>().as_secs_f64() / v.len() as f64;
        let (ca, cb) = (mean(&mine_cpu), mean(&theirs_cpu));
        println!(
            "ratio {group}/{name} : {group}/{peer} = {:.2} ({:.3} ms against {:.3} ms, medians of {rounds} \
             alternate runs; mean CPU time {:.3} ms against {:.3} ms, ratio {:.2}; warm, in blocks of \
             {WARM_BLOCK}: {:.2}, {:.3} ms against {:.3} ms)",
            b / a,
            a * 1e3,
            b * 1e3,
            ca * 1e3,
            cb * 1e3,
            cb / ca,
            wb / wa,
            wa * 1e3,
            wb * 1e3
        );
    }
}

/// The wall time of one run of a routine.
fn wall_time(f: &RefCell<Work>) -> Duration {
    let t = Instant::now();
    (f.borrow_mut())();
    t.elapsed()
}

/// CPU time this process's threads have used so far (the sum of each thread's `schedstat`, in ns), or
/// `None` where there is no `/proc`: the work a routine did, whatever else the machine was running.
fn cpu_time() -> Option<Duration> {
    let mut ns = 0u64;
    for task in std::fs::read_dir("/proc/self/task").ok()? {
        let stat = std::fs::read_to_string(task.ok()?.path().join("schedstat")).ok()?;
        ns += stat.split_whitespace().next()?.parse::<u64>().ok()?;
    }
    Some(Duration::from_nanos(ns))
}
