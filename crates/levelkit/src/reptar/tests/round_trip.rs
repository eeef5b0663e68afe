//! Round trips: generated and real-world-shaped levels write back byte for byte; what the format cannot
//! hold is refused; mutated files never panic.

use super::*;

fn round_trip(level: &Level) {
    let bytes = level.to_bytes().unwrap();
    let back = Level::parse(&bytes).unwrap();
    assert_eq!(&back, level);
    assert_eq!(back.to_bytes().unwrap(), bytes);
    let text = serde_json::to_string(&level.to_dump()).unwrap();
    let dump: serde_json::Value = serde_json::from_str(&text).unwrap();
    let packed = Level::from_dump(&dump).unwrap();
    assert_eq!(packed.to_bytes().unwrap(), bytes);
}

#[test]
fn generated_levels_round_trip() {
    for seed in 0..40u64 {
        let o = Options {
            rooms: 1 + (usize::try_from(seed).unwrap() * 7) % 80,
            tiles: 4 + u32::try_from(seed % 3).unwrap() * 2,
            ceilings: seed % 3 == 0,
            triangles: (seed % 5) as f64 / 4.0,
            empty_rooms: if seed % 4 == 1 { 0.3 } else { 0.0 },
            oddities: seed % 2 == 1,
            seed,
            ..Options::default()
        };
        let level = generate(&o);
        assert_eq!(level.rooms.len(), o.rooms);
        round_trip(&level);
        let findings = level.validate();
        assert!(!findings.has_errors(), "seed {seed}: {:?}", findings);
    }
    round_trip(&Level::parse(&fixture()).unwrap());
}

#[test]
fn oddities_cover_every_corner_of_the_format() {
    let levels: Vec<Level> = (0..8)
        .map(|s| generate(&Options { oddities: true, empty_rooms: 0.3, ..Options::small(s) }))
        .collect();
    let blobs = || levels.iter().flat_map(|l| &l.rooms).flat_map(|r| &r.blobs);
    assert!(levels.iter().any(|l| !l.unused.is_empty()));
    assert!(levels.iter().any(|l| !l.boxes.is_empty()));
    assert!(levels.iter().any(|l| l.rooms.iter().any(|r| r.blobs.is_empty())), "empty rooms");
    assert!(blobs().any(|b| !b.gap.is_empty()), "gaps");
    assert!(blobs().any(|b| !b.tail.is_empty()), "tails");
    assert!(blobs().any(|b| b.vertices.is_empty()), "empty blobs");
    assert!(blobs().any(|b| b.sections.iter().any(FaceSection::is_empty)), "empty sections");
    assert!(
        blobs().any(|b| matches!(b.sections.first(), Some(FaceSection::Triangles(_)))),
        "triangles first"
    );
    assert!(blobs().any(|b| b.sections.len() > 2), "repeated kinds");
    assert!(blobs().any(|b| b.triangle_count() > 0) && blobs().any(|b| b.quad_count() > 0));
}

#[test]
fn real_world_levels_have_every_oddity_and_check_clean() {
    let levels: Vec<Level> = (0..8).map(|s| generate(&Options::real_world(s))).collect();
    for (seed, level) in levels.iter().enumerate() {
        round_trip(level);
        // No errors, and none of the warnings the real-world pass could cause but for geometry past the
        // bounds (the format's oddities, which it also has, give warnings of their own).
        let findings = level.validate();
        let ours = ["exceed max", "faces can only reach"];
        let serious: Vec<_> = findings
            .0
            .iter()
            .filter(|f| f.severity == Severity::Error || ours.iter().any(|o| f.message.contains(o)))
            .collect();
        assert!(serious.is_empty(), "seed {seed}: {serious:?}");
    }
    let rooms = || levels.iter().flat_map(|l| &l.rooms);
    let blobs = || rooms().flat_map(|r| &r.blobs);
    let quads = || {
        blobs().flat_map(|b| &b.sections).flat_map(|s| match s {
            FaceSection::Quads(q) => q.as_slice(),
            FaceSection::Triangles(_) => &[],
        })
    };
    let triangles = || {
        blobs().flat_map(|b| &b.sections).flat_map(|s| match s {
            FaceSection::Triangles(t) => t.as_slice(),
            FaceSection::Quads(_) => &[],
        })
    };
    assert!(quads().any(|q| q.v[2] == q.v[3]), "quads used as triangles");
    assert!(triangles().any(|t| t.v[0] == t.v[1]), "triangles naming a vertex twice");
    let level = &levels[0];
    let bent = level.world_faces().filter(|f| f.kind == FaceKind::Quad).any(|f| {
        let p = |i: usize| f.corners()[i].position.map(f64::from);
        let n = cross(sub(p(1), p(0)), sub(p(2), p(0)));
        dot(n, sub(p(3), p(0))).abs() > dot(n, n).sqrt() * 2.0
    });
    assert!(bent, "non-planar quads");
    let used = |b: &Blob| -> Vec<bool> {
        let mut used = vec![false; b.vertices.len()];
        for s in &b.sections {
            let faces: Vec<&[u8]> = match s {
                FaceSection::Quads(q) => q.iter().map(|q| &q.v[..]).collect(),
                FaceSection::Triangles(t) => t.iter().map(|t| &t.v[..]).collect(),
            };
            faces.into_iter().flatten().for_each(|&v| used[usize::from(v)] = true);
        }
        used
    };
    assert!(blobs().any(|b| b.sections.iter().any(|s| !s.is_empty()) && used(b).contains(&false)), "unused");
    assert!(blobs().any(|b| !b.vertices.is_empty() && b.sections.iter().all(FaceSection::is_empty)));
    // A face whose first corner is not the lowest index not used before: the list is out of face order.
    assert!(
        blobs().any(|b| quads().count() > 0 && {
            let first: Vec<u8> = b
                .sections
                .iter()
                .flat_map(|s| match s {
                    FaceSection::Quads(q) => q.iter().map(|q| q.v[0]).collect::<Vec<_>>(),
                    FaceSection::Triangles(t) => t.iter().map(|t| t.v[0]).collect(),
                })
                .collect();
            first.windows(2).any(|w| w[1] < w[0])
        }),
        "vertices referenced out of order"
    );
    assert!(
        rooms()
            .any(|r| r.blobs.windows(2).any(|w| w[0].vertices == w[1].vertices && !w[0].vertices.is_empty())),
        "blobs sharing a vertex list"
    );
    assert!(
        blobs().any(|b| !b.vertices.is_empty()
            && (b.min.iter().zip(&b.max).any(|(lo, hi)| lo > hi) || {
                let lowest = b.vertices.iter().map(|v| v.x).min().unwrap_or(0);
                b.min[0] < lowest
            })),
        "blob bounds larger than the vertices"
    );
    for l in &levels {
        let last = l.rooms.last().unwrap();
        assert!(last.blobs.is_empty(), "the last room has no geometry");
        let leads = l.portals.iter().any(|p| usize::from(p.destination()) == l.rooms.len() - 1);
        assert!(leads, "a portal leads to the empty room");
    }
    assert!(
        rooms()
            .any(|r| !r.blobs.is_empty()
                && r.blobs.iter().all(|b| b.sections.iter().all(FaceSection::is_empty)))
    );
    // Centres off the middle of the geometry, bounds wider than it.
    let off = rooms().filter(|r| r.vertex_count() > 0).any(|r| {
        let world: Vec<[i32; 3]> =
            r.blobs.iter().flat_map(|b| &b.vertices).map(|v| world_position(r.record.centre, v)).collect();
        let lo = world.iter().map(|p| p[0]).min().unwrap();
        let hi = world.iter().map(|p| p[0]).max().unwrap();
        r.record.centre[0] != (lo + hi).div_euclid(2) && r.record.min[0] < lo && r.record.max[0] > hi
    });
    assert!(off, "centres off the middle, bounds wider than the geometry");
    let past =
        levels.iter().any(|l| l.validate().0.iter().any(|f| f.message.contains("outside the room's bounds")));
    assert!(past, "geometry past the bounds");
    // Off, the generator makes the bytes it always made.
    assert_ne!(generate(&Options { real_world: false, ..Options::real_world(0) }), levels[0]);
}

#[test]
fn large_level_is_about_twenty_thousand_faces() {
    let level = generate::large();
    assert_eq!(level.rooms.len(), 80);
    let faces = level.triangle_count() + level.quad_count();
    assert!((18_000..=24_000).contains(&faces), "{faces} faces");
    assert_eq!(level.world_faces().count(), faces);
    assert!(!level.validate().has_errors());
    assert_eq!(generate::large(), level, "deterministic");
    round_trip(&level);
    round_trip(&generate(&Options { oddities: true, empty_rooms: 0.2, ..Options::large() }));
}

#[test]
fn generated_faces_face_into_their_rooms() {
    // Each face's first triangle, seen from the room's centre, must run clockwise on screen (Y down). For
    // the camera at the centre looking at the +z wall (screen = world x, y), corners TL, TR, BL give
    // (TR - TL) × (BL - TL) = +x × +y = +z: the cross product of a drawn face points away from the viewer.
    let level = generate(&Options { rooms: 4, ceilings: true, ..Options::small(3) });
    for face in level.world_faces() {
        let centre = level.rooms[face.room].record.centre;
        let p: Vec<[i64; 3]> = face.corners().iter().map(|c| c.position.map(i64::from)).collect();
        let (a, b) = (sub(p[1], p[0]), sub(p[2], p[0]));
        let n = cross(a, b);
        let facing = dot(n, sub(p[0], centre.map(i64::from)));
        assert!(facing > 0, "room {} blob {} face {} faces away", face.room, face.blob, face.face);
    }
}

#[test]
fn write_refuses_what_the_format_cannot_hold() {
    let mut level = Level::parse(&fixture()).unwrap();
    level.pad.clear();
    assert!(level.to_bytes().is_err());
    level.fix_layout(false);
    level.rooms[0].byte_list.stored = vec![1; 256];
    level.fix_layout(false);
    assert!(level.to_bytes().is_err(), "a byte list count is a u8");
}

#[test]
fn mutated_files_never_panic_and_what_parses_round_trips() {
    // A deterministic stand-in for the fuzz targets: flip, set and cut bytes of small valid files.
    let seeds = [
        fixture(),
        generate(&Options { rooms: 2, oddities: true, ..Options::small(21) }).to_bytes().unwrap(),
    ];
    let mut rng = crate::rng::Rng::new(0x5eed);
    let mut parsed = 0;
    for round in 0..3000 {
        let mut data = seeds[round % seeds.len()].clone();
        for _ in 0..1 + rng.below(4) {
            let at = rng.index(data.len());
            match rng.below(4) {
                0 => data[at] ^= 1 << rng.below(8),
                1 => data[at] = [0, 0xff, 0x60, 0x61, 0x80][rng.index(5)],
                2 => data.truncate(at),
                _ => data.insert(at, rng.below_u8(256)),
            }
            if data.is_empty() {
                break;
            }
        }
        let _ = looks_like(&data);
        let _ = looks_like_level08(&data);
        let Ok(level) = Level::parse(&data) else { continue };
        parsed += 1;
        assert_eq!(level.to_bytes().unwrap(), data, "round {round}");
        let _ = level.validate();
        let _ = level.summary_text();
        let _ = level.world_faces().count();
        let _ = level.world_portals();
        let _ = level.room_graph().to_dot();
        let packed = Level::from_dump(&level.to_dump()).unwrap();
        assert_eq!(packed.to_bytes().unwrap(), data, "round {round}: dump -> pack");
    }
    assert!(parsed > 100, "only {parsed} mutants parsed: the test would not see round-trip bugs");
}

#[test]
fn generated_worlds_fit_their_fields() {
    // The biggest level the generator makes: every portal corner and vertex is exact, not saturated.
    let level = generate(&Options { rooms: 500, tiles: 24, ..Options::small(2) });
    assert_eq!(level.rooms.len(), 80);
    for p in level.world_portals() {
        for c in p.corners {
            assert!(c.iter().all(|v| v.abs() < i32::from(i16::MAX)), "{c:?}");
        }
    }
    let max = level.rooms.iter().flat_map(|r| r.record.max).max().unwrap();
    assert!(max < i32::from(i16::MAX), "{max}");
    assert!(!level.validate().has_errors());
}
