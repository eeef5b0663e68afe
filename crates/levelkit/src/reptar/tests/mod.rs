use super::generate::{generate, Options};
use super::*;
use crate::bytes::{Le, Problem};
use crate::findings::Severity;
use crate::vecmath::{cross, dot, sub};

mod dump;
mod findings;
mod round_trip;

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
