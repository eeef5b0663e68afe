//! What every fuzz target checks, shared with `crates/levelkit/tests/regressions.rs` so that a crash file
//! kept as a regression test runs exactly the code the fuzzer ran (and `cargo test` runs it on stable,
//! without cargo-fuzz). Each function takes any bytes and panics only on a real defect.
#![allow(dead_code)]

use levelkit::convert::{document_mesh, export_mesh, gltf, obj, ExportFormat, ExportOptions};
use levelkit::heroes::audit::{self, AuditOptions, Query};
use levelkit::heroes::builder::{self, checked_bytes, BuildError, BuildInput, BuildOptions, TreeOptions};
use levelkit::heroes::Collision;
use levelkit::psx::raster::Frame;
use levelkit::psx::room::{render_room_faces, Camera, FaceTexture, RenderFace, RoomOptions};
use levelkit::psx::vram::{Clut, Tpage, Vram, VRAM_WIDTH, VRAM_WORDS};
use levelkit::render::map::{self, MapOptions};
use levelkit::{Document, Format};

/// What the CLI's cheap commands read of a parsed document: summaries, the room graph. The heavy
/// readers (validation, the dump and packing it, every export) have their own targets ([`validate`],
/// [`export`], [`roundtrip`]), so that the parse targets stay fast.
fn read_everything(doc: &Document) {
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

/// Any bytes as `format`: a file that parses exports to every format (GLB, OBJ, quadtree lines included),
/// or each says why not; never a panic. (Its dump is [`roundtrip`]'s: packed through JSON text to the same
/// bytes, a stronger check than the half of this target's time it took here.)
pub fn export(data: &[u8], format: Format) {
    let Ok(doc) = Document::parse(data, Some(format)) else { return };
    // The document's mesh once, then each writer: `export_document` is the two, one format a call, and
    // making the mesh twice was a tenth of the target's time.
    let mut options = ExportOptions::new(ExportFormat::Glb);
    options.tree = true;
    let Ok(mesh) = document_mesh(&doc, &options) else { return };
    for format in [ExportFormat::Glb, ExportFormat::Obj] {
        options.format = format;
        let _ = export_mesh(&mesh, "fuzz", &options);
    }
}

/// Any bytes as `.cl`: one query of each kind, the game's way and the exact reference's, on a file that
/// parses (the structures built once, as `levelkit probe` builds them).
pub fn query(data: &[u8]) {
    let Ok(c) = Collision::parse(data) else { return };
    let prober = audit::Prober::new(&c);
    let (lo, hi) = audit::area(&c);
    let mid = [(lo[0] + hi[0]) / 2.0, hi[1] + 1.0, (lo[2] + hi[2]) / 2.0];
    let span = [hi[0] - lo[0], -(hi[1] - lo[1] + 2.0), hi[2] - lo[2]];
    for q in [
        Query::Vertical { start: mid, dy: span[1] },
        Query::Line { start: mid, dir: span },
        Query::Sphere { center: mid, radius: span[0].abs() / 3.0 },
        Query::Move { start: mid, dir: span, radius: 1.0 },
    ] {
        let _ = prober.probe(&q);
    }
}

/// Any bytes as `.cl`: the audit (its complete tree, its probes of every kind, its hole regions) and its
/// map on a file that parses. The map is drawn, not encoded: the PNG encoder is the `png` crate's (fuzzed
/// by its own project), and deflating the picture took three quarters of each input's time.
pub fn audit(data: &[u8]) {
    let Ok(c) = Collision::parse(data) else { return };
    let report = audit::audit(&c, AuditOptions { probes: 16, seed: 1 }).ok();
    let _ = map::draw(&c, report.as_ref(), MapOptions { size: 32, leaves: true, game_inherent: true });
}

/// Any bytes as `.cl`: a file that parses repairs and rebuilds into files that check clean.
pub fn repair(data: &[u8]) {
    let Ok(c) = Collision::parse(data) else { return };
    // The repaired file's bytes are `checked_bytes`'s: an error here is a repaired file its check refuses.
    if let Err(e @ (BuildError::NotClean(_) | BuildError::Write(_))) =
        builder::repair_checked(&c, &TreeOptions::default())
    {
        panic!("a repaired file checks clean: {e}");
    }
    if let Ok(built) = builder::build(&BuildInput::from_collision(&c), &BuildOptions::default()) {
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

/// Any bytes as `format`: a file that parses validates (every finding, with its path), never a panic.
pub fn validate(data: &[u8], format: Format) {
    if let Ok(doc) = Document::parse(data, Some(format)) {
        let _ = doc.validate();
    }
}

/// A file that parses writes back to the same bytes, and its dump's JSON text packs to them too.
pub fn roundtrip(data: &[u8], format: Format) {
    let Ok(doc) = Document::parse(data, Some(format)) else { return };
    let bytes = doc.to_bytes().expect("a parsed file must write");
    assert_eq!(bytes, data, "read -> write is not byte-identical");
    // As `levelkit dump` writes it and `levelkit pack` reads it.
    let text = doc.to_dump_text();
    let packed =
        Document::from_dump_text(&text).expect("an unedited dump packs").to_bytes().expect("and writes");
    assert_eq!(packed, data, "dump -> pack is not byte-identical");
}

/// Any bytes as a JSON dump (`levelkit pack`): an error or a document; a document that lays out parses
/// back from its bytes, and its own dump packs to the same bytes.
pub fn pack(data: &[u8]) {
    // `levelkit pack` reads the text (`from_dump_text`); it must read as the text's tree does.
    let from_text = Document::from_dump_text(data);
    let Ok(value) = serde_json::from_slice::<serde_json::Value>(data) else {
        assert!(from_text.is_err(), "a text that is not JSON packs");
        return;
    };
    let doc = match (Document::from_dump(&value), from_text) {
        (Ok(doc), Ok(other)) => {
            assert_eq!(doc.to_bytes().ok(), other.to_bytes().ok(), "a dump's text and tree pack differently");
            doc
        }
        (Err(_), Err(_)) => return,
        // A tree keeps the last of a key given twice; the text's reader refuses it.
        (Ok(_), Err(e)) if e.to_string().contains("duplicate field") => return,
        (tree, text) => panic!(
            "a dump's text and tree read differently: {:?} against {:?}",
            tree.err().map(|e| e.to_string()),
            text.err().map(|e| e.to_string())
        ),
    };
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

/// Any bytes as a VRAM dump (refused unless 1 MiB), then written over part of a VRAM and read back
/// through a texture page and CLUT the same bytes choose: a small region decoded, wrapping inside
/// its page and at VRAM's edges. The rasteriser has its own target ([`vram_render`]).
pub fn vram(data: &[u8]) {
    let _ = Vram::from_dump(data);
    with_vram(data, |vram, words| {
        let [u0, v0, w, h] = words.word(2).to_le_bytes();
        let _ =
            vram.decode_region(words.tpage(0), words.clut(1), u0, v0, u32::from(w % 16), u32::from(h % 16));
    });
}

/// Any bytes as four faces drawn through the room renderer into a small frame, textured from a
/// VRAM the same bytes are written over: every texture page, CLUT, texture coordinate and screen
/// position is something the file chose. Then up to a whole page decoded through a chosen CLUT, from a
/// corner and of a size the bytes choose (1 to 256 texels each way: whole pages, and regions wrapping
/// round the page's edges). A whole page every input cost three quarters of the target's time; the `vram`
/// target decodes regions up to 16 texels across.
pub fn vram_render(data: &[u8]) {
    with_vram(data, |vram, words| {
        let [u0, v0, w, h] = words.word(3).to_le_bytes();
        let _ = vram.decode_region(words.tpage(0), words.clut(1), u0, v0, u32::from(w) + 1, u32::from(h) + 1);
        let faces: Vec<RenderFace> = (0..4).map(|f| words.face(f * 24)).collect();
        let eye = i32::from(data.first().copied().unwrap_or(0)) * 64;
        let camera = Camera::look_at([eye, 0, 0], [0, 0, 4096], 256, 64, 48);
        let mut frame = Frame::new(64, 48);
        let _ = render_room_faces(&faces, &camera, Some(vram), &RoomOptions::default(), &mut frame);
    });
}

thread_local! {
    /// One VRAM for every input of a thread: a fixed pattern, each input's bytes written over part of
    /// it and taken back afterwards. A fresh 1 MiB per input (the input tiled over all of it) kept the
    /// VRAM targets near 100 inputs a second under AddressSanitizer.
    static VRAM: std::cell::RefCell<Vram> = std::cell::RefCell::new(pattern_vram());
}

/// Every halfword set from its address: mostly opaque colours, some with bit 15 (semi-transparent),
/// every seventh 0 (transparent), so that any page and CLUT has texels of each kind.
fn pattern_vram() -> Vram {
    let mut vram = Vram::new();
    for i in 0..u32::try_from(VRAM_WORDS).unwrap() {
        let word = if i % 7 == 0 { 0 } else { (i.wrapping_mul(0x9E37_79B1) >> 16) as u16 };
        let width = u32::try_from(VRAM_WIDTH).unwrap();
        vram.set(i % width, i / width, word);
    }
    vram
}

/// Runs `check` on the thread's VRAM with `data`'s halfwords written at the address its first word
/// chooses (wrapping at VRAM's end), then puts back what was there.
fn with_vram(data: &[u8], check: impl FnOnce(&Vram, &Words)) {
    if data.is_empty() {
        return;
    }
    let words = Words(data);
    let start = usize::try_from(words.word(0).unsigned_abs()).unwrap_or(0) % VRAM_WORDS;
    let at = |i: usize| {
        let i = (start + i) % VRAM_WORDS;
        let coordinate = |c: usize| u32::try_from(c).unwrap_or(0);
        (coordinate(i % VRAM_WIDTH), coordinate(i / VRAM_WIDTH))
    };
    VRAM.with_borrow_mut(|vram| {
        let mut kept = Vec::with_capacity(data.len() / 2);
        for (i, pair) in data.chunks_exact(2).enumerate() {
            let (x, y) = at(i);
            kept.push(vram.get(x, y));
            vram.set(x, y, u16::from_le_bytes([pair[0], pair[1]]));
        }
        check(vram, &words);
        for (i, word) in kept.into_iter().enumerate() {
            let (x, y) = at(i);
            vram.set(x, y, word);
        }
    });
}

/// An input read as little-endian 32-bit words, repeating as often as asked.
struct Words<'a>(&'a [u8]);

impl Words<'_> {
    fn word(&self, i: usize) -> i32 {
        let b = |k: usize| self.0[(i * 4 + k) % self.0.len()];
        i32::from_le_bytes([b(0), b(1), b(2), b(3)])
    }

    fn half(&self, i: usize) -> u16 {
        u16::try_from(self.word(i) & 0xFFFF).unwrap_or(0)
    }

    fn tpage(&self, i: usize) -> Tpage {
        Tpage(self.half(i))
    }

    fn clut(&self, i: usize) -> Clut {
        Clut(self.half(i))
    }

    /// A face from 24 words from `first` on: origin, four corners, count, colours, texture, flags.
    fn face(&self, first: usize) -> RenderFace {
        let w = |k: usize| self.word(first + k);
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
                clut: self.half(first + 22),
                tpage: self.half(first + 23),
            }),
            flags: self.half(first + 20),
        }
    }
}

/// Any bytes as a disc image (raw sectors, ISO 9660, a plain GameCube disc), as a CUE sheet and as a
/// GameCube FST: an error or a listing, never a panic; files read back at their listed size.
pub fn disc_image(data: &[u8]) {
    use levelkit::disc::{cue, gamecube, Disc, Limits};
    let _ = cue::parse(data);
    let _ = gamecube::walk_fst(data, 0, data.len() as u64, &Limits::default());
    let Ok(disc) = Disc::from_bytes(data.to_vec()) else { return };
    // A few files: hostile directories may list thousands of records over the same extent.
    for entry in disc.entries().iter().take(64).cloned().collect::<Vec<_>>() {
        if let Ok(bytes) = disc.read(&entry) {
            assert_eq!(bytes.len() as u64, entry.size, "{}: read back at another size", entry.path);
        }
    }
    let _ = disc.levels();
}

/// The patcher over any image: patching its first file with its own bytes either is refused or gives an
/// image that opens and reads that file back; never a panic, a hang or a huge allocation.
pub fn disc_patch(data: &[u8]) {
    use levelkit::disc::patch::{patch, Options, Output, Replacement};
    use levelkit::disc::Disc;
    let Ok(disc) = Disc::from_bytes(data.to_vec()) else { return };
    let Some(entry) = disc.entries().first().cloned() else { return };
    let Ok(bytes) = disc.read(&entry) else { return };
    let dir = std::env::temp_dir().join(format!("levelkit-fuzz-patch-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let (image, out) = (dir.join("image"), dir.join("out"));
    std::fs::write(&image, data).unwrap();
    let _ = std::fs::remove_file(&out);
    let replacement = [Replacement { path: entry.path.clone(), bytes: bytes.clone() }];
    let options = Options { output: Output::Copy(out.clone()), relocate: false };
    if patch(&image, &replacement, &options).is_ok() {
        let back = Disc::open(&out).and_then(|d| d.read_path(&entry.path));
        assert_eq!(back.ok(), Some(bytes), "{}: patched with its own bytes, read back otherwise", entry.path);
    }
}

/// Any bytes as what the game's remote-control mod sends back to `levelkit push`, read the way
/// `live::client` reads it: the bytes are split into datagrams (each a u16 little-endian length and that
/// many bytes), each parsed as a LiteNetLib packet (a merged one part by part), channeled data taken
/// through the receiving window in order, acks through the sending window, and every message delivered
/// read as a Reloaded.Messaging message. Also the whole input as one packet and as one message. Packets
/// that parse write back to the same bytes where the format fixes them.
pub fn live_reply(data: &[u8]) {
    use levelkit::heroes::live::channel::{Received, Receiver, Sender};
    use levelkit::heroes::live::message::Message;
    use levelkit::heroes::live::packet::{self, Packet};

    let _ = Message::parse(data);
    let _ = Packet::parse(data);
    for part in packet::split_merged(data).flatten() {
        let _ = Packet::parse(part);
    }

    let mut receiver = Receiver::default();
    let mut sender = Sender::default();
    // A few messages in flight, as a push has (one, resent).
    for n in 0..3u8 {
        let _ = sender.push(vec![n; 4]);
    }
    let mut take = |p: Packet<'_>| match p {
        Packet::Channeled { sequence, channel, fragmented: false, data, connection_number } => {
            // The writer gives the same datagram back for what it can write.
            let again = packet::channeled(connection_number, sequence, channel, data);
            if let Ok(Packet::Channeled { data: d, sequence: s, channel: c, .. }) = Packet::parse(&again) {
                assert_eq!((d, s, c), (data, sequence, channel), "a channeled packet writes back as read");
            }
            match receiver.receive(sequence, data) {
                Received::Accepted(messages) => {
                    for m in messages {
                        if let Ok(Message::SwapCollision { name }) = Message::parse(&m) {
                            assert!(name.len() <= m.len(), "a name longer than its message");
                        }
                    }
                    let _ = receiver.ack(connection_number, channel);
                }
                Received::Duplicate | Received::Dropped => {}
            }
        }
        Packet::Ack { window_start, bits, .. } => {
            let acked = sender.process_ack(window_start, &bits);
            assert!(acked <= 3, "{acked} messages acked of 3 sent");
            let _: Vec<_> = sender.unacked().collect();
        }
        Packet::Ping { sequence, .. } | Packet::Pong { sequence, .. } => {
            let _ = packet::relative_sequence(sequence, 0);
            let _ = packet::relative_sequence(0, sequence);
        }
        _ => {}
    };
    let mut rest = data;
    while let Some((len, tail)) = rest.split_first_chunk::<2>() {
        let len = usize::from(u16::from_le_bytes(*len)).min(tail.len());
        let (datagram, after) = tail.split_at(len);
        rest = after;
        match Packet::parse(datagram) {
            Ok(Packet::Merged { body, .. }) => {
                for part in packet::split_merged(body) {
                    match part.and_then(Packet::parse) {
                        Ok(Packet::Merged { .. }) | Err(_) => {}
                        Ok(p) => take(p),
                    }
                }
            }
            Ok(p) => take(p),
            Err(_) => {}
        }
    }
}
