//! The player's movement in the hole audit: moving spheres of a player's size at a player's speeds, run
//! three ways like the ray probes ([`super`]) — the game's moving-sphere query over this file,
//! over the complete tree, and the exact reference — and `levelkit probe --move`'s report.
//!
//! A moving sphere's **answer** is what the game's caller gets: `ENUM_CL_MOVING` and the movement left
//! ([`MoveAnswer`]). Two answers agree when they are the same kind and stop the sphere at the same place
//! (the same triangle, or the same travel within 1e-4 relative). Contact *sets* are not compared for holes:
//! the game shortens the movement contact by contact in list order, so the same correct lists in another
//! order can report fewer contacts with the same final answer.
//!
//! Probe sizes are **assumptions** (the decompilation shows no caller of the moving-sphere query with its
//! arguments): a sphere of radius [`PLAYER_RADIUS`], falling at [`FALL_SPEED`] units per frame or running
//! at [`RUN_SPEED`] units per frame, placed just above the surface the exact reference finds under it, so
//! that most probes land or run into something within the frame.

use super::cause::{self, MoveWalk};
use super::parts::{KindProbes, Scratches};
use super::report::{ContactReport, HitReport, ProbeReport};
use super::tally::{Inherent, KindFindings, Probed};
use super::{AuditInput, Difference, ProbeKind};
use crate::heroes::exact::{Exact, MoveHit};
use crate::heroes::query::{dot, in_reach, Contact, ContactKind, GameTree, Hit, Scratch, SphereWalk, Vec3};
use crate::heroes::Collision;
use crate::num::round_f32;
use crate::rng::Rng;

/// The player's collision radius the audit assumes, in world units.
pub const PLAYER_RADIUS: f32 = 5.0;
/// The range of falling speeds the audit assumes, in units per frame.
pub const FALL_SPEED: (f32, f32) = (2.0, 20.0);
/// The range of running speeds the audit assumes, in units per frame.
pub const RUN_SPEED: (f32, f32) = (2.0, 20.0);

/// A moving sphere's answer: how it ended, on which triangle, and how far it got.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveAnswer {
    /// Whether it stopped against a triangle or started inside one.
    pub kind: ContactKind,
    /// The collision that stopped it (the last one), or the first triangle it overlaps.
    pub triangle: u16,
    /// The length of the movement allowed (0 for an intersection).
    pub travel: f32,
}

/// The game's answer from a moving-sphere walk and its contacts.
pub fn game_answer(w: &SphereWalk, contacts: &[Contact]) -> Option<MoveAnswer> {
    match w.answer? {
        ContactKind::Collision => w.first.map(|c| MoveAnswer {
            kind: ContactKind::Collision,
            triangle: c.triangle,
            travel: length(w.remaining),
        }),
        ContactKind::Intersection => contacts
            .iter()
            .find(|c| c.kind == ContactKind::Intersection)
            .map(|c| MoveAnswer { kind: ContactKind::Intersection, triangle: c.triangle, travel: 0.0 }),
    }
}

/// The exact reference's answer.
pub fn exact_answer(hit: Option<MoveHit>, dir: Vec3) -> Option<MoveAnswer> {
    Some(match hit? {
        MoveHit::Overlap { triangle } => {
            MoveAnswer { kind: ContactKind::Intersection, triangle, travel: 0.0 }
        }
        MoveHit::Contact { triangle, t, .. } => {
            MoveAnswer { kind: ContactKind::Collision, triangle, travel: length(dir) * t }
        }
    })
}

/// Whether two answers stop the sphere the same way.
pub fn same_move(a: Option<MoveAnswer>, b: Option<MoveAnswer>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => {
            a.kind == b.kind
                && (a.triangle == b.triangle || (a.travel - b.travel).abs() <= 1e-4 * (1.0 + a.travel.abs()))
        }
        _ => false,
    }
}

fn length(v: Vec3) -> f32 {
    round_f32(f64::from(dot(v, v)).sqrt())
}

/// Moving-sphere probe `index` for a seed over an area: even indices fall, odd ones run, from just above
/// the surface the exact reference finds under a uniform X/Z (or the area's top where there is none).
/// Returns (start, movement).
pub fn make_probe(seed: u64, index: usize, area: (Vec3, Vec3), exact: &Exact) -> (Vec3, Vec3) {
    let (lo, hi) = area;
    let (mut rng, [x, z]) = probe_ground(seed, index, area);
    let top = hi[1] + 1.0;
    let floor = exact.axis_y([x, top, z], -(hi[1] - lo[1] + 2.0)).map_or(hi[1], |h| h.point[1]);
    if index % 2 == 0 {
        let speed = rng.range_f32(FALL_SPEED.0, FALL_SPEED.1);
        let above = rng.range_f32(0.0, speed);
        let drift = [rng.range_f32(-0.25, 0.25) * speed, rng.range_f32(-0.25, 0.25) * speed];
        ([x, floor + PLAYER_RADIUS + above, z], [drift[0], -speed, drift[1]])
    } else {
        let speed = rng.range_f32(RUN_SPEED.0, RUN_SPEED.1);
        let angle = rng.range_f32(0.0, std::f32::consts::TAU);
        let above = rng.range_f32(0.0, 2.0);
        let gravity = rng.range_f32(0.0, 2.0);
        (
            [x, floor + PLAYER_RADIUS + above, z],
            [speed * libm::cosf(angle), -gravity, speed * libm::sinf(angle)],
        )
    }
}

/// Probe `index`'s generator and its ground position (x, z), what [`make_probe`] draws first.
fn probe_ground(seed: u64, index: usize, (lo, hi): (Vec3, Vec3)) -> (Rng, [f32; 2]) {
    let mut rng = Rng::new(
        seed ^ 0x4d4f_5645u64.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (index as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93),
    );
    rng.next_u64();
    let x = rng.range_f32(lo[0], hi[0]);
    let z = rng.range_f32(lo[2], hi[2]);
    (rng, [x, z])
}

/// Runs `opts.probes` moving-sphere probes over the prepared trees (see [`super::run`]).
pub fn run(input: &AuditInput<'_>) -> KindFindings {
    super::parts::whole(&Spheres { input }, input)
}

/// The moving-sphere probes of an audit, one by one.
pub(in crate::heroes::audit) struct Spheres<'a> {
    pub input: &'a AuditInput<'a>,
}

impl KindProbes for Spheres<'_> {
    fn ground(&self, i: usize) -> [f32; 2] {
        probe_ground(self.input.opts.seed, i, self.input.area).1
    }

    fn probe(&self, (sf, sc): &mut Scratches, i: usize) -> Probed {
        let AuditInput { file, complete, exact, area, opts } = *self.input;
        let (start, dir) = make_probe(opts.seed, i, area, exact);
        let f = file.moving_sphere(sf, start, PLAYER_RADIUS, dir);
        let c = complete.moving_sphere(sc, start, PLAYER_RADIUS, dir);
        let (fa, ca) = (game_answer(&f, sf.contacts()), game_answer(&c, sc.contacts()));
        let aborted = f.aborted || f.freezes;
        let cause = (!same_move(fa, ca)).then(|| {
            let contacts = |s: &Scratch| s.contacts().iter().map(|c| c.triangle).collect::<Vec<u16>>();
            let (fc, cc) = (contacts(sf), contacts(sc));
            cause::moving(
                &MoveWalk { tree: file, nodes: sf.node_list(), contacts: &fc },
                &MoveWalk { tree: complete, nodes: sc.node_list(), contacts: &cc },
                aborted,
            )
        });
        let ea = exact_answer(exact.moving_sphere(start, PLAYER_RADIUS, dir), dir);
        let inherent = (!same_move(ca, ea)).then(|| {
            let reach = PLAYER_RADIUS * PLAYER_RADIUS + dot(dir, dir);
            let filtered =
                ea.is_some_and(|a| exact.corners(a.triangle).is_some_and(|v| !in_reach(&v, start, reach)));
            if filtered {
                Inherent::Reach
            } else {
                Inherent::Tests
            }
        });
        let answers = [fa, ca, ea].map(|a| a.map(|a| (a.triangle, a.travel)));
        let leaf = file.leaf_of(start[0], start[2]);
        Probed {
            diff: Difference::new(ProbeKind::Move, i, (start, dir), leaf, answers, cause),
            aborted,
            freezes: f.freezes,
            inherent,
        }
    }
}

fn kind_name(k: ContactKind) -> &'static str {
    match k {
        ContactKind::Collision => "collision",
        ContactKind::Intersection => "intersection",
    }
}

/// `levelkit probe --move`: the game's contacts in insertion order, its answer, the exact reference's
/// contacts over the whole movement and its answer. `base` carries the fields every probe report has.
pub fn probe(
    c: &Collision,
    (g, e): (&GameTree, &Exact),
    start: Vec3,
    dir: Vec3,
    radius: f32,
    base: ProbeReport,
) -> ProbeReport {
    let mut s = Scratch::new(g);
    let w = g.moving_sphere(&mut s, start, radius, dir);
    let game = game_answer(&w, s.contacts());
    let exact_hit = e.moving_sphere(start, radius, dir);
    let exact = exact_answer(exact_hit, dir);
    let contacts = s
        .contacts()
        .iter()
        .map(|c| ContactReport {
            triangle: c.triangle,
            kind: kind_name(c.kind),
            point: c.point,
            allowed: c.allowed,
            push: c.push,
            edge: c.edge,
        })
        .collect();
    let mut hits = Vec::new();
    e.moving_contacts(start, radius, dir, &mut hits);
    let exact_contacts = hits
        .iter()
        .map(|h| match *h {
            MoveHit::Overlap { triangle } => ContactReport {
                triangle,
                kind: "intersection",
                point: start,
                allowed: [0.0; 3],
                push: [0.0; 3],
                edge: 0,
            },
            MoveHit::Contact { triangle, t, point } => ContactReport {
                triangle,
                kind: "collision",
                point,
                allowed: dir.map(|d| d * t),
                push: [0.0; 3],
                edge: 0,
            },
        })
        .collect();
    let as_hit = |a: MoveAnswer, point: Vec3| Hit {
        triangle: a.triangle,
        point,
        distance: a.travel,
        attribute: c.triangles.get(usize::from(a.triangle)).map_or(0, |t| t.attribute),
    };
    let game_point = |a: MoveAnswer| {
        s.contacts().iter().rev().find(|c| c.triangle == a.triangle).map_or(start, |c| c.point)
    };
    let exact_point = match exact_hit {
        Some(MoveHit::Contact { point, .. }) => point,
        _ => start,
    };
    let mut game_triangles: Vec<u16> = s.contacts().iter().map(|c| c.triangle).collect();
    game_triangles.sort_unstable();
    game_triangles.dedup();
    let mut exact_triangles: Vec<u16> = hits
        .iter()
        .map(|h| match *h {
            MoveHit::Overlap { triangle } | MoveHit::Contact { triangle, .. } => triangle,
        })
        .collect();
    exact_triangles.sort_unstable();
    exact_triangles.dedup();
    ProbeReport {
        game: game.map(|a| HitReport::from(as_hit(a, game_point(a)))),
        exact: exact.map(|a| HitReport::from(as_hit(a, exact_point))),
        agrees: same_move(game, exact),
        game_triangles,
        exact_triangles,
        answer: Some(game.map_or("none", |a| kind_name(a.kind))),
        exact_answer: Some(exact.map_or("none", |a| kind_name(a.kind))),
        contacts,
        exact_contacts,
        nodes: w.nodes,
        tested: w.tested,
        aborted: w.aborted,
        freezes: w.freezes,
        ..base
    }
}

#[cfg(test)]
mod tests;
