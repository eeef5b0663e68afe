//! The moving-sphere audit on generated files: community layouts show holes, levelkit's builds and
//! repairs none.

use super::*;
use crate::heroes::audit::{audit, AuditOptions};
use crate::heroes::builder::{build, build_community, BuildInput, BuildOptions};
use crate::heroes::generate::{self, Style};

#[test]
fn community_files_lose_moving_spheres_the_complete_file_keeps() {
    // The community layout lists only leaves: a node wholly inside the swept box lists nothing and is not
    // descended. Fixed for this seed and generator.
    let community = generate::odd(3, 4000, 9, &Style::community());
    let a = audit(&community, AuditOptions { probes: 3000, seed: 5 }).unwrap();
    assert!(a.moving.holes > 0, "{}", a.to_text());
    let m = &a.moving;
    assert_eq!((m.holes, m.fall_through), (471, 51), "{}", a.to_text());
    assert_eq!((m.inherent, m.inherent_reach, m.inherent_tests), (457, 391, 66), "{}", a.to_text());
    assert!(a.hole_list.iter().any(|d| d.kind == ProbeKind::Move));
    // Completed by the tree module: no hole left, the game-inherent differences unchanged.
    let fixed = crate::heroes::tree::complete(&community).unwrap();
    let b = audit(&fixed, AuditOptions { probes: 3000, seed: 5 }).unwrap();
    assert_eq!(b.moving.holes, 0, "{}", b.to_text());
    assert_eq!(b.moving.inherent, a.moving.inherent);
}

#[test]
fn levelkit_builds_and_repairs_leave_no_moving_sphere_holes() {
    for seed in [21u64, 22, 23, 24] {
        let mesh = BuildInput::from_collision(&generate::game_correct(seed, 4000, 9));
        let opts = AuditOptions { probes: 1500, seed };
        let built = build(&mesh, &BuildOptions::default()).unwrap().collision;
        let a = audit(&built, opts).unwrap();
        assert_eq!(a.moving.holes, 0, "seed {seed}: {}", a.to_text());
        assert!(a.moving.complete_hits > 1000, "seed {seed}: {}", a.to_text());
        // The community builder's file of the same mesh, and its repair.
        let community = build_community(&mesh, 0, 0, false).unwrap();
        let repaired = crate::heroes::tree::complete(&community).unwrap();
        let b = audit(&repaired, opts).unwrap();
        assert_eq!(b.holes, 0, "seed {seed}: {}", b.to_text());
    }
}

#[test]
fn answers_compare_by_kind_and_stopping_place() {
    let hit = |kind, triangle, travel| Some(MoveAnswer { kind, triangle, travel });
    use ContactKind::*;
    assert!(same_move(None, None));
    assert!(same_move(hit(Collision, 1, 2.0), hit(Collision, 1, 3.0)));
    assert!(same_move(hit(Collision, 1, 2.0), hit(Collision, 2, 2.000_01)));
    assert!(!same_move(hit(Collision, 1, 2.0), hit(Collision, 2, 2.1)));
    assert!(!same_move(hit(Collision, 1, 0.0), hit(Intersection, 1, 0.0)));
    assert!(same_move(hit(Intersection, 1, 0.0), hit(Intersection, 5, 0.0)));
    assert!(!same_move(hit(Collision, 1, 2.0), None));
}

#[test]
fn probes_fall_and_run_from_just_above_the_surface() {
    let c = generate::game_correct(4, 2000, 8);
    let e = Exact::new(&c);
    let area = crate::heroes::audit::area(&c);
    for i in 0..200 {
        let (start, dir) = make_probe(9, i, area, &e);
        assert_eq!((start, dir), make_probe(9, i, area, &e));
        let speed = crate::num::round_f32(f64::from(dot(dir, dir)).sqrt());
        if i % 2 == 0 {
            assert!(dir[1] <= -FALL_SPEED.0 && dir[1] >= -FALL_SPEED.1, "{dir:?}");
        } else {
            assert!(speed >= RUN_SPEED.0 && speed <= RUN_SPEED.1 + 2.0, "{dir:?}");
            assert!(dir[1] <= 0.0 && dir[1] >= -2.0);
        }
        assert!(start[1] >= area.0[1] + PLAYER_RADIUS, "{start:?}");
    }
}

#[test]
fn probe_move_lists_both_contact_lists() {
    let c = generate::game_correct(5, 2000, 8);
    let e = Exact::new(&c);
    let area = crate::heroes::audit::area(&c);
    let (start, dir) = make_probe(1, 0, area, &e);
    let r = crate::heroes::audit::probe(
        &c,
        &crate::heroes::audit::Query::Move { start, dir, radius: PLAYER_RADIUS },
    );
    assert_eq!(r.answer, Some("collision"), "{}", r.to_text());
    assert!(!r.contacts.is_empty() && !r.exact_contacts.is_empty());
    assert!(r.agrees, "{}", r.to_text());
    let text = r.to_text();
    assert!(text.contains("game answer: collision; contacts in order:"), "{text}");
    assert!(text.contains("exact answer: collision; contacts in order:"), "{text}");
}
