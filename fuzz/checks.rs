//! What every fuzz target checks, shared with `crates/levelkit/tests/regressions.rs` so that a crash file
//! kept as a regression test runs exactly the code the fuzzer ran (and `cargo test` runs it on stable,
//! without cargo-fuzz). Each function takes any bytes and panics only on a real defect.
#![allow(dead_code)]

use levelkit::convert::{export_document, export_mesh, gltf, obj, ExportFormat, ExportOptions};
use levelkit::heroes::audit::{self, AuditOptions, Query};
use levelkit::heroes::build::{self, checked_bytes, BuildInput, BuildOptions, TreeOptions};
use levelkit::heroes::map::{self, MapOptions};
use levelkit::heroes::Collision;
use levelkit::psx::raster::Frame;
use levelkit::psx::room::{render_room_faces, Camera, FaceTexture, RenderFace, RoomOptions};
use levelkit::psx::vram::{Clut, Tpage, Vram, VRAM_DUMP_BYTES};
use levelkit::{Document, Format};

/// What the CLI's cheap commands read of a parsed document: validate, summaries, the room graph. The
/// heavy readers (the dump and packing it, every export) have their own targets ([`export`],
/// [`roundtrip`]), so that the parse targets stay fast.
fn read_everything(doc: &Document) {
    let _ = doc.validate();
    let _ = doc.summary();
    let _ = doc.summary_text();
    match doc {
        Document::Heroes(c) => {
            let _ = c.lists();
            let _ = c.tree_depth();
            let _ = c.leaf_count();
        }
        Document::Reptar(l) => {
            let graph = l.room_graph();
            let _ = graph.to_text();
            let _ = graph.to_dot();
            let _ = l.world_portals();
        }
    }
}

/// Any bytes as `format`: a file that parses exports to every format (GLB, OBJ, quadtree lines included)
/// and its dump packs, or each says why not; never a panic.
pub fn export(data: &[u8], format: Format) {
    let Ok(doc) = Document::parse(data, Some(format)) else { return };
    let _ = Document::from_dump(&doc.to_dump());
    for format in [ExportFormat::Glb, ExportFormat::Obj] {
        let mut options = ExportOptions::new(format);
        options.tree = true;
        let _ = export_document(&doc, "fuzz", &options);
    }
}

/// Any bytes as `.cl`: the game's queries, the audit and its map run on a file that parses.
pub fn query(data: &[u8]) {
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
}

/// Any bytes as `.cl`: a file that parses repairs and rebuilds into files that check clean.
pub fn repair(data: &[u8]) {
    let Ok(c) = Collision::parse(data) else { return };
    if let Ok((fixed, _report)) = build::repair(&c, &TreeOptions::default()) {
        checked_bytes(&fixed).expect("a repaired file checks clean");
    }
    if let Ok(built) = build::build(&BuildInput::from_collision(&c), &BuildOptions::default()) {
        checked_bytes(&built.collision).expect("a built file checks clean");
    }
}

/// Any bytes as `format` (and by content): Ok or an error, never a panic.
pub fn parse(data: &[u8], format: Format) {
    let _ = Format::detect(data);
    if let Ok(doc) = Document::parse(data, Some(format)) {
        read_everything(&doc);
    }
}

/// A file that parses writes back to the same bytes, and its dump (through JSON text) packs to them too.
pub fn roundtrip(data: &[u8], format: Format) {
    let Ok(doc) = Document::parse(data, Some(format)) else { return };
    let bytes = doc.to_bytes().expect("a parsed file must write");
    assert_eq!(bytes, data, "read -> write is not byte-identical");
    let dump = doc.to_dump();
    let text = serde_json::to_string(&dump).expect("dump serialises");
    let value: serde_json::Value = serde_json::from_str(&text).expect("dump reads back");
    let packed = Document::from_dump(&value).expect("an unedited dump packs").to_bytes().expect("and writes");
    assert_eq!(packed, data, "dump -> pack is not byte-identical");
}

/// Any bytes as a JSON dump (`levelkit pack`): an error or a document; a document that lays out parses
/// back from its bytes, and its own dump packs to the same bytes.
pub fn pack(data: &[u8]) {
    let Ok(value) = serde_json::from_slice::<serde_json::Value>(data) else { return };
    let Ok(doc) = Document::from_dump(&value) else { return };
    let _ = doc.validate();
    let Ok(bytes) = doc.to_bytes() else { return };
    let again = Document::parse(&bytes, Some(doc.format())).expect("packed bytes parse");
    assert_eq!(again.to_bytes().expect("and write"), bytes, "packed bytes do not round-trip");
    let repacked = Document::from_dump(&again.to_dump()).expect("its dump packs").to_bytes().expect("writes");
    assert_eq!(repacked, bytes, "dump -> pack of packed bytes is not identical");
}

/// Any bytes as OBJ: a mesh or an error; a mesh exports, and the export imports again.
pub fn obj_import(data: &[u8]) {
    if let Ok(mesh) = obj::read(data) {
        reexport(&mesh);
    }
}

/// Any bytes as glTF JSON or GLB: a mesh or an error; a mesh exports, and the export imports again.
pub fn gltf_import(data: &[u8]) {
    if let Ok(mesh) = gltf::read(data, None) {
        reexport(&mesh);
    }
}

fn reexport(mesh: &levelkit::mesh::Mesh) {
    let _ = mesh.triangulated();
    for format in [ExportFormat::Glb, ExportFormat::Gltf, ExportFormat::Obj] {
        if let Ok(files) = export_mesh(mesh, "fuzz", &ExportOptions::new(format)) {
            let again = match format {
                ExportFormat::Obj => obj::read(&files[0].bytes),
                _ => gltf::read(&files[0].bytes, None),
            };
            again.expect("an exported mesh imports");
        }
    }
}

/// Any bytes as a VRAM dump (refused unless 1 MiB), then as faces drawn with VRAM filled from the same
/// bytes: every texture page, CLUT, texture coordinate and screen position is something the file chose.
pub fn vram(data: &[u8]) {
    let _ = Vram::from_dump(data);
    if data.is_empty() {
        return;
    }
    // Tiled by doubling: a few copies, not one append per repetition of a short input.
    let mut dump = Vec::with_capacity(2 * VRAM_DUMP_BYTES + data.len());
    dump.extend_from_slice(data);
    while dump.len() < VRAM_DUMP_BYTES {
        dump.extend_from_within(..);
    }
    dump.truncate(VRAM_DUMP_BYTES);
    let vram = Vram::from_dump(&dump).expect("exactly 1 MiB");
    let word = |i: usize| {
        let b = |k: usize| data[(i * 4 + k) % data.len()];
        i32::from_le_bytes([b(0), b(1), b(2), b(3)])
    };
    let half = |i: usize| u16::try_from(word(i) & 0xFFFF).unwrap_or(0);
    let _ = vram.decode_page(Tpage(half(0)), Clut(half(1)));
    let faces: Vec<RenderFace> = (0..4)
        .map(|f| {
            let w = |k: usize| word(f * 24 + k);
            RenderFace {
                origin: [w(0), w(1), w(2)],
                corners: [0, 1, 2, 3].map(|c| [w(3 + c * 3), w(4 + c * 3), w(5 + c * 3)]),
                count: 3 + u8::from(w(15) & 1 == 1),
                colours: [0, 1, 2, 3].map(|c| w(16 + c).to_le_bytes()),
                texture: (w(20) & 1 == 1).then(|| FaceTexture {
                    uv: [0, 1, 2, 3].map(|c| {
                        let [u, v, _, _] = w(21 + c / 2).to_le_bytes();
                        [u.wrapping_add(u8::try_from(c).unwrap_or(0)), v]
                    }),
                    clut: half(f * 24 + 22),
                    tpage: half(f * 24 + 23),
                }),
                flags: half(f * 24 + 20),
            }
        })
        .collect();
    let camera = Camera::look_at([w0(data), 0, 0], [0, 0, 4096], 256, 64, 48);
    let mut frame = Frame::new(64, 48);
    let _ = render_room_faces(&faces, &camera, Some(&vram), &RoomOptions::default(), &mut frame);
}

fn w0(data: &[u8]) -> i32 {
    i32::from(data.first().copied().unwrap_or(0)) * 64
}

/// Any bytes as a disc image (raw sectors, ISO 9660, a plain GameCube disc), as a CUE sheet and as a
/// GameCube FST: an error or a listing, never a panic; files read back at their listed size.
pub fn disc_image(data: &[u8]) {
    use levelkit::disc::{cue, gamecube, Disc, Limits};
    let _ = cue::parse(data);
    let _ = gamecube::walk_fst(data, 0, data.len() as u64, &Limits::default());
    let Ok(mut disc) = Disc::from_bytes(data.to_vec()) else { return };
    // A few files: hostile directories may list thousands of records over the same extent.
    for entry in disc.entries().iter().take(64).cloned().collect::<Vec<_>>() {
        if let Ok(bytes) = disc.read(&entry) {
            assert_eq!(bytes.len() as u64, entry.size, "{}: read back at another size", entry.path);
        }
    }
    let _ = disc.levels();
}
