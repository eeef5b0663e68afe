use super::generate::{generate, Options};
use super::*;
use crate::bytes::{Le, Problem};
use crate::findings::Severity;
use crate::vecmath::{cross, dot, sub};

/// The shared byte DSL ([`crate::test_support::B`]), little-endian like the file.
type B = crate::test_support::B<Le>;

/// Level records for the byte DSL.
impl B {
    fn corner(self, x: i16, y: i16, z: i16, flags: u16) -> Self {
        self.i16(x).i16(y).i16(z).u16(flags)
    }
    fn vertex(self, x: i16, y: i16, z: i16, rgbf: [u8; 4]) -> Self {
        self.i16(x).i16(y).i16(z).u16(0).u8(rgbf[0]).u8(rgbf[1]).u8(rgbf[2]).u8(rgbf[3])
    }
}

/// Offsets in [`fixture`], for error tests.
const FIXTURE_PORTALS: usize = 4;
const FIXTURE_BOXES: usize = 8 + PORTAL_SIZE;
const FIXTURE_ROOMS: usize = FIXTURE_BOXES + 4;
const FIXTURE_LISTS: usize = FIXTURE_ROOMS + 4 + ROOM_SIZE;
const FIXTURE_SIZES: usize = FIXTURE_LISTS + 3 + 1;
const FIXTURE_GEOMETRY: usize = FIXTURE_SIZES + 4;
const FIXTURE_BLOB: usize = FIXTURE_GEOMETRY + 8;
const FIXTURE_FACES: usize = FIXTURE_BLOB + BLOB_HEADER_SIZE + 4 * VERTEX_SIZE;
const FIXTURE_TEXTURES: usize = FIXTURE_BLOB + 104;

/// One room with one portal (to itself), one blob of four vertices with a quad and a triangle, and one
/// texture.
fn fixture() -> Vec<u8> {
    B::default()
        .u32(0) // never-used records: none
        .u32(1) // portals: 1
        .corner(-256, -512, 1024, 0) // corner 0
        .corner(256, -512, 1024, 0) // corner 1: flags = destination room 0
        .corner(-256, 0, 1024, 0) // corner 2
        .corner(256, 0, 1024, 7) // corner 3 (flags unknown)
        .zeros(16) // tail
        .u32(0) // 24-byte records: none
        .u32(1) // rooms: 1
        .i32(1000) // +0x00 centre x
        .i32(-500) // +0x04 centre y
        .i32(2000) // +0x08 centre z
        .u32(0) // +0x0c pad
        .i32(0) // +0x10 min x
        .i32(-1500) // +0x14 min y
        .i32(1000) // +0x18 min z
        .u32(0) // +0x1c pad
        .i32(2000) // +0x20 max x
        .i32(500) // +0x24 max y
        .i32(3000) // +0x28 max z
        .u32(0) // +0x2c pad
        .u32(1) // +0x30 portals
        .u32(0) // +0x34 portals pointer
        .u32(0) // +0x38 24-byte records
        .u32(0) // +0x3c their pointer
        .zeros(0x58 - 0x40) // +0x40..+0x57 lists, unknown
        .u32(256) // +0x58 unknown (256 in DB22)
        .zeros(ROOM_SIZE - 0x5c) // +0x5c..+0x6f
        .u8(2) // byte list: 2 bytes
        .u8(5) //   stored 5 (kept 4)
        .u8(6) //   stored 6 (kept 5)
        .u8(0xee) // pad: 3 list bytes, so 1 byte
        .u32(4 + 4 + 104) // geometry size of room 0
        .u32(1) // room 0: 1 blob
        .u32(104) //   its length
        .u32(0) // blob +0x00 link
        .i16(-100) // +0x04 min x
        .i16(0) // +0x06 min y
        .i16(-100) // +0x08 min z
        .u16(0) // +0x0a unknown
        .i16(100) // +0x0c max x
        .i16(0) // +0x0e max y
        .i16(100) // +0x10 max z
        .u16(0) // +0x12 unknown
        .u32(4) // +0x14 vertices
        .u32(28 + 48) // +0x18 faces_at
        .vertex(-100, 0, 100, [0x80, 0x80, 0x80, 0]) // vertex 0 (top-left seen from above)
        .vertex(100, 0, 100, [0x90, 0x80, 0x70, 0]) // vertex 1
        .vertex(-100, 0, -100, [0x70, 0x80, 0x90, 0]) // vertex 2
        .vertex(100, 0, -100, [0x80, 0x80, 0x80, 9]) // vertex 3
        .u16(0x61) // section: quads
        .u16(1) //   1 of them
        .u8(0) //   v0
        .u8(1) //   v1
        .u8(2) //   v2
        .u8(3) //   v3
        .u16(0) //   texture 0
        .u16(0) //   flags
        .u16(0x60) // section: triangles
        .u16(1) //   1 of them
        .u8(0) //   v0
        .u8(1) //   v1
        .u8(2) //   v2
        .u8(0xcd) //   fill
        .u16(0) //   texture 0
        .u16(0x200) //   flags: double-sided
        .u16(0xff) // end
        .u16(1) //   count 1
        .u32(1) // textures: 1
        .u8(0) // u0
        .u8(0) // v0
        .u16(480 << 6) // clut
        .u8(31) // u1
        .u8(0) // v1
        .u16(0x85) // tpage
        .u8(0) // u2
        .u8(31) // v2
        .u8(31) // u3
        .u8(31) // v3
        .0
}

#[test]
fn record_sizes() {
    use super::raw::BlobHeader;
    use crate::record::Record;
    fn written<T: Record>(record: &T) -> usize {
        record.encode().as_ref().len()
    }
    assert_eq!(written(&Portal::default()), PORTAL_SIZE);
    assert_eq!(written(&RoomRecord::default()), ROOM_SIZE);
    assert_eq!(written(&BlobHeader::default()), BLOB_HEADER_SIZE);
    assert_eq!(written(&Vertex::default()), VERTEX_SIZE);
    assert_eq!(written(&Quad::default()), FACE_SIZE);
    assert_eq!(written(&Triangle::default()), FACE_SIZE);
    assert_eq!(written(&TextureEntry::default()), TEXTURE_SIZE);
    assert_eq!(std::mem::size_of::<UnusedRecord>(), UNUSED_RECORD_SIZE);
    assert_eq!(std::mem::size_of::<BoxRecord>(), BOX_SIZE);
    assert_eq!((UNUSED_RECORD_SIZE, PORTAL_SIZE, BOX_SIZE, ROOM_SIZE), (56, 48, 24, 112));
    assert_eq!((BLOB_HEADER_SIZE, VERTEX_SIZE, FACE_SIZE, TEXTURE_SIZE), (28, 12, 8, 12));
}

#[test]
fn fixture_reads_field_by_field() {
    let data = fixture();
    let level = Level::parse(&data).unwrap();
    assert!(level.unused.is_empty() && level.boxes.is_empty());
    assert_eq!(level.portals.len(), 1);
    assert_eq!(level.portals[0].corners[0], Corner { x: -256, y: -512, z: 1024, flags: 0 });
    assert_eq!(level.portals[0].destination(), 0);
    assert_eq!(level.portals[0].corners[3].flags, 7);
    let room = &level.rooms[0];
    assert_eq!(room.record.centre, [1000, -500, 2000]);
    assert_eq!(room.record.min, [0, -1500, 1000]);
    assert_eq!(room.record.max, [2000, 500, 3000]);
    assert_eq!(room.record.portal_count, 1);
    assert_eq!(room.record.unknown_58, 256);
    assert_eq!(room.byte_list.stored, [5, 6]);
    assert_eq!(room.byte_list.kept(), [4, 5]);
    assert_eq!(level.pad, [0xee]);
    assert_eq!(room.geometry_size, 112);
    assert_eq!(room.geometry_len(), 112);
    let blob = &room.blobs[0];
    assert_eq!((blob.min, blob.max), ([-100, 0, -100], [100, 0, 100]));
    assert_eq!(blob.vertices.len(), 4);
    assert_eq!(
        blob.vertices[3],
        Vertex { x: 100, y: 0, z: -100, pad: 0, r: 0x80, g: 0x80, b: 0x80, flash: 9 }
    );
    assert_eq!(blob.faces_at(), 28 + 48);
    assert_eq!(blob.len(), 104);
    assert_eq!(
        blob.sections,
        [
            FaceSection::Quads(vec![Quad { v: [0, 1, 2, 3], texture: 0, flags: 0 }]),
            FaceSection::Triangles(vec![Triangle { v: [0, 1, 2], fill: 0xcd, texture: 0, flags: 0x200 }]),
        ]
    );
    assert_eq!(blob.end_count, 1);
    assert!(blob.gap.is_empty() && blob.tail.is_empty());
    assert_eq!(level.textures[0].uvs(), [[0, 0], [31, 0], [0, 31], [31, 31]]);
    assert_eq!(level.textures[0].tpage, 0x85);
    assert!(level.trailing.is_empty());
    assert_eq!(level.to_bytes().unwrap(), data);
    let layout = level.layout().unwrap();
    assert_eq!(
        (layout.portals, layout.boxes, layout.rooms, layout.byte_lists, layout.sizes, layout.geometry[0]),
        (FIXTURE_PORTALS, FIXTURE_BOXES, FIXTURE_ROOMS, FIXTURE_LISTS, FIXTURE_SIZES, FIXTURE_GEOMETRY)
    );
    assert_eq!(layout.textures, FIXTURE_TEXTURES);
    assert!(level.validate().is_empty(), "{:?}", level.validate());
    assert!(looks_like(&data));
}

#[test]
fn world_faces_of_the_fixture() {
    let level = Level::parse(&fixture()).unwrap();
    let faces: Vec<WorldFace> = level.world_faces().collect();
    assert_eq!(faces.len(), 2);
    let quad = &faces[0];
    assert_eq!((quad.room, quad.blob, quad.section, quad.face, quad.kind), (0, 0, 0, 0, FaceKind::Quad));
    let pos: Vec<[i32; 3]> = quad.corners().iter().map(|c| c.position).collect();
    // Centre (1000, -500, 2000) + vertex, in Z order.
    assert_eq!(pos, [[900, -500, 2100], [1100, -500, 2100], [900, -500, 1900], [1100, -500, 1900]]);
    let ring: Vec<u8> = quad.ring().map(|c| c.vertex).collect();
    assert_eq!(ring, [0, 1, 3, 2]);
    assert_eq!(quad.corners()[3].colour, [0x80, 0x80, 0x80, 9]);
    assert_eq!(quad.texture_entry, Some(&level.textures[0]));
    assert_eq!(quad.triangles(), [[0, 1, 2], [1, 3, 2]]);
    let tri = &faces[1];
    assert_eq!((tri.section, tri.face, tri.kind, tri.flags), (1, 1, FaceKind::Triangle, 0x200));
    assert!(tri.double_sided());
    assert_eq!(tri.corners().len(), 3);
    let json = serde_json::to_value(tri).unwrap();
    assert_eq!(json["corners"].as_array().unwrap().len(), 3);
    assert_eq!(json["kind"], "triangle");
    assert_eq!(json["corners"][1]["position"], serde_json::json!([1100, -500, 2100]));
    assert_eq!(level.room_world_faces(0).count(), 2);
    assert_eq!(level.room_world_faces(1).count(), 0);
    let portals = level.world_portals();
    assert_eq!(portals.len(), 1);
    assert_eq!((portals[0].room, portals[0].destination, portals[0].destination_exists), (Some(0), 0, true));
    assert_eq!(portals[0].corners[1], [256, -512, 1024]);
}

#[test]
fn world_faces_skip_faces_without_vertices_and_keep_missing_textures() {
    let mut level = Level::parse(&fixture()).unwrap();
    if let FaceSection::Quads(q) = &mut level.rooms[0].blobs[0].sections[0] {
        q[0].v[2] = 4; // past the 4 vertices
    }
    if let FaceSection::Triangles(t) = &mut level.rooms[0].blobs[0].sections[1] {
        t[0].texture = 9; // past the 1 texture
    }
    let faces: Vec<WorldFace> = level.world_faces().collect();
    assert_eq!(faces.len(), 1);
    assert_eq!((faces[0].face, faces[0].texture, faces[0].texture_entry), (1, 9, None));
}

fn rejects(data: &[u8]) -> crate::bytes::ParseError {
    match Level::parse(data) {
        Ok(_) => panic!("{} bytes parsed", data.len()),
        Err(e) => e,
    }
}

#[test]
fn truncation_at_every_byte_fails_cleanly() {
    let data = fixture();
    for len in 0..data.len() {
        let e = rejects(&data[..len]);
        assert!(e.offset <= len as u64, "cut at {len}: {e}");
    }
    // Each section names itself when it is cut short.
    let cases = [
        (2, "never-used 56-byte record count"),
        (FIXTURE_PORTALS + 6, "portal count"),
        (FIXTURE_BOXES + 2, "24-byte record count"),
        (FIXTURE_ROOMS + 50, "room count"),
        (FIXTURE_LISTS + 2, "room 0 byte list"),
        (FIXTURE_LISTS + 3, "alignment pad"),
        (FIXTURE_SIZES + 1, "geometry sizes"),
        (FIXTURE_GEOMETRY + 6, "room 0 geometry blob count"),
        (FIXTURE_BLOB + 50, "room 0 geometry blob 0"),
        (FIXTURE_TEXTURES + 6, "texture table"),
    ];
    for (len, what) in cases {
        let e = rejects(&data[..len]);
        assert!(e.what.starts_with(what), "cut at {len}: {e}");
    }
}

#[test]
fn truncated_generated_files_never_parse() {
    let data = generate(&Options { oddities: true, rooms: 3, ..Options::small(5) }).to_bytes().unwrap();
    for len in (0..data.len()).step_by(7) {
        rejects(&data[..len]);
    }
}

#[test]
fn counts_past_the_end() {
    let data = fixture();
    for (at, what) in [
        (0, "never-used 56-byte record"),
        (FIXTURE_PORTALS, "portal"),
        (FIXTURE_BOXES, "24-byte record"),
        (FIXTURE_ROOMS, "room count"),
        (FIXTURE_GEOMETRY, "room 0 geometry blob count"),
        (FIXTURE_GEOMETRY + 4, "room 0 geometry blob 0"),
        (FIXTURE_BLOB + 0x14, "room 0 geometry blob 0 vertices"),
        (FIXTURE_BLOB + 0x18, "room 0 geometry blob 0 faces_at"),
        (FIXTURE_TEXTURES, "texture table"),
    ] {
        for count in [0xffff_ffffu32, 0x8000_0000, 1000] {
            let mut bad = data.clone();
            bad[at..at + 4].copy_from_slice(&count.to_le_bytes());
            let e = rejects(&bad);
            assert!(e.what.starts_with(what), "count {count} at {at}: {e}");
        }
    }
    // A face count past the blob's end.
    let mut bad = data.clone();
    bad[FIXTURE_FACES + 2..FIXTURE_FACES + 4].copy_from_slice(&0xffffu16.to_le_bytes());
    let e = rejects(&bad);
    assert_eq!(e.offset, (FIXTURE_FACES + 4) as u64);
    assert!(e.what.contains("face section 0"), "{e}");
    assert!(matches!(e.problem, Problem::Truncated { needed: 524280, .. }), "{e}");
}

#[test]
fn unknown_face_kind_names_offset_and_section() {
    let mut data = fixture();
    let second = FIXTURE_FACES + 4 + FACE_SIZE;
    data[second..second + 2].copy_from_slice(&0x62u16.to_le_bytes());
    let e = rejects(&data);
    assert_eq!(e.offset, second as u64);
    assert_eq!(e.what, "room 0 geometry blob 0 face section 1");
    assert!(e.to_string().contains("face kind 0x0062"), "{e}");
}

#[test]
fn a_blob_without_end_marker_fails() {
    let mut data = fixture();
    let end = FIXTURE_TEXTURES - 4;
    data[end..end + 2].copy_from_slice(&0x60u16.to_le_bytes());
    data[end + 2..end + 4].copy_from_slice(&0u16.to_le_bytes());
    let e = rejects(&data);
    assert!(e.to_string().contains("no 0xFF end marker"), "{e}");
}

/// The shape of LEVEL08.BIN: the first quad reads as 32-bit values and the third count is not a count.
fn level08_shaped() -> Vec<u8> {
    let mut b = B::default()
        .u32(0) // never-used records
        .u32(2); // "portals"
    for v in [0xfffe_5c00u32, 0xffff_fe80, 0x0000_1200, 0, 0xfffe_6000, 0xffff_fe80, 0x0000_1400, 1] {
        b = b.u32(v); // 32-bit values where s16 corners should be
    }
    b.zeros(16) // rest of "quad 0"
        .u32(0xfffe_5c00) // "quad 1", 32-bit values again
        .u32(0xffff_fe80)
        .zeros(40)
        .u32(0xffff_fe80) // the third count: not a count
        .zeros(64)
        .0
}

#[test]
fn level08_shaped_file_is_a_clear_error() {
    let data = level08_shaped();
    assert!(looks_like_level08(&data));
    assert!(looks_like(&data), "detected, so that parsing can say what is wrong");
    let e = rejects(&data);
    assert_eq!(e.offset, (8 + 2 * PORTAL_SIZE) as u64);
    assert!(e.what.starts_with("24-byte record count"), "{e}");
    assert!(e.to_string().contains("LEVEL08"), "{e}");
    assert!(!looks_like_level08(&fixture()));
    // A real-looking portal lying in the y = 0 plane, leading to room 1, is not taken for LEVEL08.
    let mut flat = fixture();
    for corner in 0..4 {
        let at = FIXTURE_PORTALS + 4 + corner * 8;
        flat[at + 2..at + 4].copy_from_slice(&0i16.to_le_bytes()); // y = 0
        flat[at + 6..at + 8].copy_from_slice(&1u16.to_le_bytes()); // flags
    }
    assert!(!looks_like_level08(&flat));
}

#[test]
fn looks_like_accepts_levels_and_rejects_others() {
    assert!(looks_like(&fixture()));
    for seed in 0..20 {
        let o = Options {
            rooms: 1 + usize::try_from(seed).unwrap() * 3,
            oddities: seed % 2 == 0,
            ..Options::small(seed)
        };
        let level = generate(&o);
        // Oddities may add never-used records; detection allows a few.
        assert!(looks_like(&level.to_bytes().unwrap()), "seed {seed}");
    }
    // A Heroes .cl file: big-endian, its first u32 is its length.
    let mut cl = vec![0u8; 0x40];
    cl[..4].copy_from_slice(&0x40u32.to_be_bytes());
    assert!(!looks_like(&cl));
    let mut cl = vec![0u8; 0x1234];
    cl[..4].copy_from_slice(&0x1234u32.to_be_bytes());
    assert!(!looks_like(&cl));
    assert!(!looks_like(&[]));
    assert!(!looks_like(&[0u8; 24]), "zero rooms");
    assert!(!looks_like(&[0u8; 4096]));
    let mut rng = crate::rng::Rng::new(9);
    for len in [16usize, 100, 1000, 10_000] {
        for _ in 0..50 {
            let random: Vec<u8> = (0..len).map(|_| crate::num::low_u8(rng.next_u32())).collect();
            assert!(!looks_like(&random));
        }
    }
    // A valid file with a byte appended no longer ends at its texture table.
    let mut longer = fixture();
    longer.push(0);
    assert!(!looks_like(&longer));
    assert_eq!(Level::parse(&longer).unwrap().trailing, [0]);
}

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
fn validation_reports_every_problem_with_a_path() {
    let mut level = Level::parse(&fixture()).unwrap();
    level.portals[0].corners[1].flags = 3; // no room 3
    level.rooms[0].record.box_count = 2; // there are no 24-byte records
    level.rooms[0].geometry_size = 100;
    level.rooms[0].record.blob_list = 0x800c_1234; // a leftover pointer
    level.rooms[0].blobs[0].vertices[0].x = 2000; // outside the room
    if let FaceSection::Quads(q) = &mut level.rooms[0].blobs[0].sections[0] {
        q[0].v[1] = 7;
        q[0].texture = 1;
    }
    level.unused.push(UnusedRecord { raw: [0; 56] });
    let f = level.validate();
    let has = |sev: Severity, path: &str| f.iter().any(|x| x.severity == sev && x.path == path);
    assert!(has(Severity::Error, "portals[0].corners[1].flags"), "{f:?}");
    assert!(has(Severity::Error, "rooms[*].box_count"), "{f:?}");
    assert!(has(Severity::Error, "rooms[0].geometry_size"), "{f:?}");
    assert!(has(Severity::Error, "rooms[0].blobs[0].sections[0].faces[0].v"), "{f:?}");
    assert!(has(Severity::Error, "rooms[0].blobs[0].sections[0].faces[0].texture"), "{f:?}");
    assert!(has(Severity::Warning, "rooms[0].blobs[0].vertices"), "{f:?}");
    assert!(has(Severity::Warning, "unused"), "{f:?}");
    assert!(has(Severity::Note, "rooms[0]"), "{f:?}");
    assert!(!has(Severity::Error, "rooms[*].portal_count"), "{f:?}");
    assert_eq!(f.count(Severity::Error), 5, "{f:?}");
}

#[test]
fn every_finding_names_the_byte_it_is_about() {
    let mut level = generate(&Options { rooms: 3, oddities: true, ..Options::small(5) });
    level.portals[0].corners[1].flags = 77; // no room 77
    level.rooms[1].geometry_size = 12_345;
    level.rooms[1].record.box_count += 3;
    level.rooms[2].byte_list.stored = vec![0, 9];
    level.rooms[2].blobs[0].link = 0x8001_0000;
    level.rooms[2].blobs[0].end_count = 2;
    let s = level.rooms[2].blobs[0].sections.len() - 1;
    match &mut level.rooms[2].blobs[0].sections[s] {
        FaceSection::Quads(q) => q.last_mut().unwrap().texture = 999,
        FaceSection::Triangles(t) => t.last_mut().unwrap().texture = 999,
    }
    level.trailing = vec![1, 2];
    level.fix_layout(false);
    let bytes = level.to_bytes().unwrap();
    let f = level.validate();
    let offset_of = |path: &str| -> usize {
        let finding =
            f.iter().find(|x| x.path == path).unwrap_or_else(|| panic!("no finding at {path}: {f:?}"));
        let (_, hex) = finding.message.rsplit_once("(byte 0x").expect("an offset");
        usize::from_str_radix(hex.trim_end_matches(')'), 16).unwrap()
    };
    let le16 = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
    let le32 = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    // Each offset holds the value the finding is about.
    assert_eq!(le16(offset_of("portals[0].corners[1].flags")), 77);
    assert_eq!(le32(offset_of("rooms[1].geometry_size")), 12_345);
    assert_eq!(le32(offset_of("rooms[*].box_count")), level.rooms[0].record.box_count);
    assert_eq!(bytes[offset_of("rooms[2].byte_list")], 2, "the list's count byte");
    assert_eq!(le32(offset_of("rooms[2].blobs[0].link")), 0x8001_0000);
    assert_eq!(le16(offset_of("rooms[2].blobs[0].end_count")), 2);
    let texture_path = format!(
        "rooms[2].blobs[0].sections[{s}].faces[{}].texture",
        level.rooms[2].blobs[0].sections[s].len() - 1
    );
    assert_eq!(le16(offset_of(&texture_path)), 999);
    assert_eq!(&bytes[offset_of("trailing")..], [1, 2]);
    assert!(f.iter().all(|x| x.message.contains("byte 0x")), "{f:?}");
}

#[test]
fn rooms_get_their_portals_and_records_in_file_order() {
    let mut level = generate(&Options { rooms: 4, oddities: true, ..Options::small(11) });
    let parts = level.rooms_with_parts();
    let mut next_portal = 0;
    let mut next_box = 0;
    for p in &parts {
        assert_eq!(p.portal_range.start, next_portal);
        assert_eq!(p.portals.len(), p.room.record.portal_count as usize);
        assert_eq!(p.boxes.len(), p.room.record.box_count as usize);
        assert_eq!(p.box_range.start, next_box);
        next_portal = p.portal_range.end;
        next_box = p.box_range.end;
    }
    assert_eq!(next_portal, level.portals.len());
    assert_eq!(next_box, level.boxes.len());
    // A count past the end hands out what is left, and later rooms get nothing.
    level.rooms[0].record.portal_count = 1000;
    assert_eq!(level.room_portals(0).len(), level.portals.len());
    assert!(level.room_portals(1).is_empty());
    assert!(level.room_portals(99).is_empty());
}

#[test]
fn an_edited_dump_is_laid_out_as_written() {
    let level = Level::parse(&fixture()).unwrap();
    let mut dump = level.to_dump();
    assert_eq!(dump["format"], "reptar-level");
    assert_eq!(dump["rooms"][0]["byte_list"]["kept"], serde_json::json!([4, 5]));
    assert_eq!(dump["pad"], "ee");
    // Add a quad, lengthen the byte list, let the size be computed.
    let room = &mut dump["rooms"][0];
    room["blobs"][0]["sections"][0]["faces"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({"v": [3, 2, 1, 0], "texture": 0, "flags": 0}));
    room["byte_list"]["stored"] = serde_json::json!([5, 6, 7, 8]);
    room["geometry_size"] = "auto".into();
    // The explanations of what was edited go (issue 46: a stale one is an error, see
    // `explaining_keys_of_a_dump_must_agree`).
    room["byte_list"].as_object_mut().unwrap().remove("kept");
    dump["layout"] = serde_json::Value::Null;
    let edited = Level::from_dump(&dump).unwrap();
    assert_eq!(edited.rooms[0].geometry_size, 120);
    assert_eq!(edited.pad, [0xee, 0, 0], "5 list bytes need 3 pad bytes; the first is kept");
    assert_eq!(edited.rooms[0].quad_count(), 2);
    let bytes = edited.to_bytes().unwrap();
    let back = Level::parse(&bytes).unwrap();
    assert_eq!(back, edited);
    assert!(back.validate().is_empty(), "{:?}", back.validate());
    // A size given as a number is kept, even when wrong.
    dump["rooms"][0]["geometry_size"] = 7.into();
    assert_eq!(Level::from_dump(&dump).unwrap().rooms[0].geometry_size, 7);
    // Bad hex and bad shapes are errors, not panics.
    dump["pad"] = "zz".into();
    assert!(Level::from_dump(&dump).is_err());
    assert!(Level::from_dump(&serde_json::json!({"format": "reptar-level"})).is_err());
}

#[test]
fn unknown_dump_keys_are_refused_with_their_path() {
    let dump = Level::parse(&fixture()).unwrap().to_dump();
    let refuses = |edit: &dyn Fn(&mut serde_json::Value), path: &str, key: &str| {
        let mut d = dump.clone();
        edit(&mut d);
        let e = Level::from_dump(&d).unwrap_err().to_string();
        let names_key = e.contains(&format!("`{key}`")) || e.contains(&format!("\"{key}\""));
        let at = if path.is_empty() { format!("{key}: ") } else { format!("{path}.{key}: ") };
        assert!(e.starts_with(&at) && names_key, "{e}");
    };
    // A mistyped geometry_size must not quietly become "auto".
    refuses(
        &|d| {
            let room = d["rooms"][0].as_object_mut().unwrap();
            let size = room.remove("geometry_size").unwrap();
            room.insert("geometry_sise".into(), size);
        },
        "rooms[0]",
        "geometry_sise",
    );
    refuses(&|d| d["portals"][0]["corners"][1]["flag"] = 1.into(), "portals[0].corners[1]", "flag");
    refuses(&|d| d["rooms"][0]["record"]["portals"] = 1.into(), "rooms[0].record", "portals");
    refuses(&|d| d["rooms"][0]["byte_list"]["count"] = 1.into(), "rooms[0].byte_list", "count");
    refuses(&|d| d["rooms"][0]["blobs"][0]["faces_at"] = 40.into(), "rooms[0].blobs[0]", "faces_at");
    refuses(
        &|d| d["rooms"][0]["blobs"][0]["sections"][0]["count"] = 1.into(),
        "rooms[0].blobs[0].sections[0]",
        "count",
    );
    refuses(&|d| d["textures"][0]["page"] = 1.into(), "textures[0]", "page");
    refuses(&|d| d["room_count"] = 1.into(), "", "room_count");
    // The informational keys are not unknown.
    assert_eq!(Level::from_dump(&dump).unwrap(), Level::parse(&fixture()).unwrap());
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
fn dump_shows_the_layout_for_reading() {
    let level = Level::parse(&fixture()).unwrap();
    let dump = level.to_dump();
    let layout = &dump["layout"];
    assert_eq!(layout["portals"], FIXTURE_PORTALS);
    assert_eq!(layout["sizes"], FIXTURE_SIZES);
    assert_eq!(layout["rooms"][0]["geometry_at"], FIXTURE_GEOMETRY);
    assert_eq!(layout["rooms"][0]["blobs"][0]["at"], FIXTURE_BLOB);
    assert_eq!(layout["rooms"][0]["blobs"][0]["len"], 104);
    assert_eq!(layout["rooms"][0]["blobs"][0]["faces_at"], 76);
    assert_eq!(layout["textures"], FIXTURE_TEXTURES);
    // It only explains: one that disagrees with the file is an error naming both values (issue 46), and
    // without it the dump packs the same.
    let mut edited = dump.clone();
    edited["layout"]["rooms"][0]["blobs"][0]["faces_at"] = 1.into();
    assert_eq!(
        Level::from_dump(&edited).unwrap_err().to_string(),
        "layout.rooms[0].blobs[0].faces_at: the dump says 1, the file will have 76; \"layout\" only explains \
         where the lists put things: after editing them, remove it (or set it to null)"
    );
    edited["layout"] = serde_json::Value::Null;
    assert_eq!(Level::from_dump(&edited).unwrap(), level);
    edited.as_object_mut().unwrap().remove("layout");
    assert_eq!(Level::from_dump(&edited).unwrap(), level);
}

/// Issue 46: no key of a dump is ignored; one that explains another must agree with it.
#[test]
fn explaining_keys_of_a_dump_must_agree() {
    let level = Level::parse(&fixture()).unwrap();
    let dump = level.to_dump();
    // A byte list's stored bytes edited, its kept bytes left: both named.
    let mut d = dump.clone();
    d["rooms"][0]["byte_list"]["stored"] = serde_json::json!([6, 7]);
    let err = Level::from_dump(&d).unwrap_err().to_string();
    assert!(err.starts_with("rooms[0].byte_list: "), "{err}");
    assert!(
        err.contains("kept is [4, 5] but stored [6, 7] gives [5, 6] (each stored byte less one)"),
        "{err}"
    );
    // A geometry edit with the old layout: the first derived value that moved, with both values.
    let mut d = dump.clone();
    d["rooms"][0]["blobs"][0]["sections"][0]["faces"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({"v": [3, 2, 1, 0], "texture": 0, "flags": 0}));
    let err = Level::from_dump(&d).unwrap_err().to_string();
    assert!(err.starts_with("layout."), "{err}");
    assert!(err.contains("the dump says") && err.contains("the file will have"), "{err}");
    // The pad cut to what the lists need loses nothing but zeros; other bytes are an error.
    let mut d = dump.clone();
    d["pad"] = "ee0000".into();
    assert_eq!(Level::from_dump(&d).unwrap(), level);
    d["pad"] = "ee0011".into();
    let err = Level::from_dump(&d).unwrap_err().to_string();
    assert!(
        err.starts_with("pad: 3 bytes, but the byte lists need 1; the bytes past them (0011) are not zero"),
        "{err}"
    );
    // about: the dump's own note, any text.
    let mut d = dump.clone();
    d["about"] = "my notes".into();
    assert_eq!(Level::from_dump(&d).unwrap(), level);
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
