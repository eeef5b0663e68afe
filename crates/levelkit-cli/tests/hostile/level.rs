//! Rugrats `LEVELnn.BIN` files.

use super::{generate, level_commands, Options};
use levelkit::reptar::PORTAL_SIZE;

fn put_le32(b: &mut [u8], at: usize, v: u32) {
    b[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

fn put_le16(b: &mut [u8], at: usize, v: u16) {
    b[at..at + 2].copy_from_slice(&v.to_le_bytes());
}

#[test]
fn reptar_counts_lengths_and_offsets() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let level = generate(&Options { rooms: 2, ..Options::small(9) });
    let good = level.to_bytes().unwrap();
    let layout = level.layout().unwrap();
    let geometry = layout.geometry[0];
    let blobs =
        usize::try_from(u32::from_le_bytes(good[geometry..geometry + 4].try_into().unwrap())).unwrap();
    assert!(blobs > 0);
    let blob = geometry + 4 + 4 * blobs;
    let faces_at =
        usize::try_from(u32::from_le_bytes(good[blob + 0x18..blob + 0x1C].try_into().unwrap())).unwrap();

    let counts = [
        ("level never-used count 0xFFFFFFFF", 0, "never-used 56-byte record count: count 4294967295"),
        ("level portal count 0xFFFFFFFF", 4, "portal count: count 4294967295"),
        ("level 24-byte record count 0xFFFFFFFF", layout.boxes, "24-byte record count: count 4294967295"),
        ("level room count 0xFFFFFFFF", layout.rooms, "room count: count 4294967295"),
        ("level blob count 0xFFFFFFFF", geometry, "geometry blob count: count 4294967295"),
        (
            "level blob length 0xFFFFFFFF (4 GiB)",
            geometry + 4,
            "blob 0 (4294967295 bytes): needed 4294967295 bytes",
        ),
        ("level vertex count 0xFFFFFFFF", blob + 0x14, "vertices (4294967295 of 12 bytes)"),
        ("level faces_at 0xFFFFFFFF", blob + 0x18, "faces at 4294967295 (0xffffffff) is not between"),
        ("level texture count 0xFFFFFFFF", layout.textures, "texture table count: count 4294967295"),
    ];
    for (case, at, phrase) in counts {
        let mut b = good.clone();
        put_le32(&mut b, at, 0xFFFF_FFFF);
        level_commands(d, case, "count.bin", &b, Some(phrase), "level");
    }
    let mut b = good.clone();
    put_le16(&mut b, blob + faces_at + 2, 0xFFFF);
    level_commands(
        d,
        "level face count 0xFFFF",
        "faces.bin",
        &b,
        Some("face section 0 (65535 faces of kind 0x61): needed 524280 bytes"),
        "level",
    );
    let mut b = good.clone();
    put_le32(&mut b, blob + 0x18, 4); // faces_at inside the blob header
    level_commands(
        d,
        "level faces_at inside the blob header",
        "inside.bin",
        &b,
        Some("faces_at: faces at 4 (0x4) is not between the end of the vertices"),
        "level",
    );
    let mut b = good.clone();
    b.truncate(layout.textures + 2);
    level_commands(
        d,
        "level truncated in the texture count",
        "short.bin",
        &b,
        Some("reading texture table count: needed 4 bytes, 2 left"),
        "level",
    );
    // Legal: portals whose flags and unknown tail bytes are all 0xFF.
    let mut odd = level.clone();
    for p in &mut odd.portals {
        p.corners[0].flags = 0xFFFF;
        p.tail = [0xFF; PORTAL_SIZE - 32];
    }
    level_commands(
        d,
        "level portals with every flag and tail byte 0xFF",
        "portals.bin",
        &odd.to_bytes().unwrap(),
        None,
        "level",
    );
}
