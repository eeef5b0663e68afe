//! Validation: every problem found, with its path and the byte it is about.

use super::*;

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
