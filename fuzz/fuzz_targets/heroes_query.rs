//! Any bytes that parse: the game-faithful queries, the exact reference, the audit and the map must
//! neither panic nor hang.
#![no_main]
use levelkit::heroes::audit::{self, AuditOptions, Query};
use levelkit::heroes::map::{self, MapOptions};
use levelkit::heroes::Collision;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(c) = Collision::parse(data) else { return };
    let (lo, hi) = audit::area(&c);
    let mid = [(lo[0] + hi[0]) / 2.0, hi[1] + 1.0, (lo[2] + hi[2]) / 2.0];
    let span = [hi[0] - lo[0], -(hi[1] - lo[1] + 2.0), hi[2] - lo[2]];
    for q in [
        Query::Down { start: mid, distance: -span[1] },
        Query::Line { start: mid, dir: span },
        Query::Sphere { center: mid, radius: span[0].abs() / 3.0 },
        Query::Move { start: mid, dir: span, radius: 1.0 },
    ] {
        let _ = audit::probe(&c, &q);
    }
    let report = audit::audit(&c, AuditOptions { probes: 16, seed: 1 });
    let _ = map::render(&c, Some(&report), MapOptions { size: 32, leaves: true });
});
