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
        println!(
            "ratio {group}/{name} : {group}/{peer} = {:.2} ({:.3} ms against {:.3} ms, medians of {rounds} \
             alternate runs; {}; warm, in blocks of {WARM_BLOCK}: {:.2}, {:.3} ms against {:.3} ms)",
            b / a,
            a * 1e3,
            b * 1e3,
            cpu_ratio(&mine_cpu, &theirs_cpu),
            wb / wa,
            wa * 1e3,
            wb * 1e3
        );
    }
}

/// Less CPU time than this on either side, summed over the rounds, and its ratio is not given.
const CPU_TIME_READABLE: Duration = Duration::from_millis(250);

/// The mean CPU times of the alternate runs and their ratio, where `schedstat` can tell them. It advances
/// at the scheduler's ticks (1 to 10 ms), so a run's CPU time is off by up to a tick either way: a sum
/// over the rounds of a few ticks is noise (sub-millisecond casts read "0.000 ms", a ratio of infinity),
/// one of hundreds of milliseconds is within a few per cent.
fn cpu_ratio(mine: &[Duration], theirs: &[Duration]) -> String {
    let (sa, sb) = (mine.iter().sum::<Duration>(), theirs.iter().sum::<Duration>());
    if mine.is_empty() || theirs.is_empty() {
        return "no CPU time (no /proc)".into();
    }
    if sa.min(sb) < CPU_TIME_READABLE {
        return format!(
            "CPU time not given: {:.0} and {:.0} ms in all, too few of the scheduler's ticks",
            sa.as_secs_f64() * 1e3,
            sb.as_secs_f64() * 1e3
        );
    }
    let (ca, cb) = (sa.as_secs_f64() / mine.len() as f64, sb.as_secs_f64() / theirs.len() as f64);
    format!("mean CPU time {:.3} ms against {:.3} ms, ratio {:.2}", ca * 1e3, cb * 1e3, cb / ca)
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
