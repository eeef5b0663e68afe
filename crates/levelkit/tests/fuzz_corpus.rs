//! The fuzz seed corpora under `fuzz/corpus/` and the checks every fuzz target makes (`fuzz/checks.rs`).
//!
//! The dump, mesh and VRAM seeds are made here from levelkit's own generators and small hand-made meshes
//! (set `LEVELKIT_BLESS=1` to rewrite them); the `.cl` and LEVEL seeds are kept by the heroes tests and
//! `reptar_corpus.rs`. Every seed then goes through its target's checks, so `cargo test` on stable runs
//! what the fuzzer runs, without cargo-fuzz.
// The fuzz crate builds levelkit with its default features; its disc checks read GameCube images too.
#![cfg(all(feature = "gamecube", feature = "live"))]

#[path = "../../../fuzz/checks.rs"]
mod checks;

use levelkit::mesh::{Face, Group, Image, Line, Mesh, Object};
use levelkit::{heroes, reptar, Document, Format};
use std::path::{Path, PathBuf};

fn corpus_dir(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus").join(name)
}

/// Each target and the seed folder it starts from.
pub const TARGETS: [(&str, &str); 19] = [
    ("heroes_parse", "heroes_parse"),
    ("heroes_validate", "heroes_parse"),
    ("heroes_roundtrip", "heroes_parse"),
    ("heroes_export", "heroes_parse"),
    ("heroes_query", "heroes_parse"),
    ("heroes_audit", "heroes_parse"),
    ("heroes_repair", "heroes_parse"),
    ("reptar_export", "reptar_parse"),
    ("reptar_parse", "reptar_parse"),
    ("reptar_validate", "reptar_parse"),
    ("reptar_roundtrip", "reptar_parse"),
    ("dump_pack", "dump_pack"),
    ("obj_import", "obj_import"),
    ("gltf_import", "gltf_import"),
    ("vram", "vram"),
    ("vram_render", "vram"),
    ("disc_image", "disc_image"),
    ("disc_patch", "disc_image"),
    ("live_reply", "live_reply"),
];

fn run_check(target: &str, data: &[u8]) {
    match target {
        "heroes_parse" => checks::parse(data, Format::HeroesCl),
        "heroes_validate" => checks::validate(data, Format::HeroesCl),
        "heroes_roundtrip" => checks::roundtrip(data, Format::HeroesCl),
        "heroes_export" => checks::export(data, Format::HeroesCl),
        "heroes_query" => checks::query(data),
        "heroes_audit" => checks::audit(data),
        "heroes_repair" => checks::repair(data),
        "reptar_export" => checks::export(data, Format::ReptarLevel),
        "reptar_parse" => checks::parse(data, Format::ReptarLevel),
        "reptar_validate" => checks::validate(data, Format::ReptarLevel),
        "reptar_roundtrip" => checks::roundtrip(data, Format::ReptarLevel),
        "dump_pack" => checks::pack(data),
        "obj_import" => checks::obj_import(data),
        "gltf_import" => checks::gltf_import(data),
        "vram" => checks::vram(data),
        "vram_render" => checks::vram_render(data),
        "disc_image" => checks::disc_image(data),
        "disc_patch" => checks::disc_patch(data),
        "live_reply" => checks::live_reply(data),
        _ => panic!("unknown fuzz target {target}"),
    }
}

/// A small scene with everything the mesh formats carry: two objects, groups with a texture and a
/// surface attribute, colours, uvs, normals, a quad, a triangle and a line.
fn small_mesh() -> Mesh {
    let mut textured = Group::named("floor");
    textured.texture = Some(0);
    textured.double_sided = true;
    let quad = Object {
        name: "room 0".into(),
        positions: vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 0.0, 1.0], [0.0, 0.0, 1.0]],
        colours: Some(vec![[1.0, 0.5, 0.25, 1.0]; 4]),
        uvs: Some(vec![[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]),
        normals: Some(vec![[0.0, 1.0, 0.0]; 4]),
        faces: vec![Face { corners: vec![0, 1, 2, 3], group: 0, attribute: None, flags: 0 }],
        lines: vec![Line { ends: [0, 2], group: 0 }],
        extras: None,
        data: Vec::new(),
    };
    let wall = Object {
        name: "collision".into(),
        positions: vec![[0.0, 0.0, 0.0], [0.0, 2.0, 0.0], [0.0, 0.0, -3.5]],
        faces: vec![Face { corners: vec![0, 1, 2], group: 1, attribute: Some(0x8000_0000), flags: 0 }],
        ..Object::default()
    };
    Mesh {
        objects: vec![quad, wall],
        groups: vec![textured, Group::named("wall")],
        images: vec![Image {
            name: "tex".into(),
            width: 2,
            height: 2,
            rgba: vec![255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 0],
        }],
        extras: None,
    }
}

/// Every seed file the generators make, by folder.
fn generated_seeds() -> Vec<(&'static str, String, Vec<u8>)> {
    use levelkit::convert::{export_mesh, ExportFormat, ExportOptions};
    let mut seeds = Vec::new();
    let compact = |doc: &Document| serde_json::to_vec(&doc.to_dump()).unwrap();
    for (name, triangles) in [("heroes_1", 1), ("heroes_12", 12)] {
        let doc = Document::Heroes(heroes::generate::game_correct(7, triangles, 3));
        seeds.push(("dump_pack", format!("{name}.json"), compact(&doc)));
    }
    let level = reptar::generate::generate(&reptar::generate::Options {
        rooms: 1,
        textures: 1,
        ..reptar::generate::Options::small(1)
    });
    seeds.push(("dump_pack", "reptar_1.json".into(), compact(&Document::Reptar(level))));

    let mesh = small_mesh();
    for format in [ExportFormat::Obj, ExportFormat::Glb, ExportFormat::Gltf] {
        let files = export_mesh(&mesh, "small", &ExportOptions::new(format)).unwrap();
        let folder = if format == ExportFormat::Obj { "obj_import" } else { "gltf_import" };
        seeds.push((folder, files[0].file_name.clone(), files[0].bytes.clone()));
    }
    let hand = "# negative indices, a pentagon, a line, texture and normal forms\n\
                o hand\nv 0 0 0\nv 1 0 0\nv 1 0 1\nv 0 0 1\nv 0.5 0 1.5 0.2 0.4 0.6\n\
                vt 0 0\nvt 1 1\nvn 0 1 0\ng floor_00000001\nusemtl floor\n\
                f -5/1/1 -4/2/1 -3/1/1 -2/2/1 -1/1/1\nf 1//1 2//1 3//1\nl 1 3\n";
    seeds.push(("obj_import", "hand.obj".into(), hand.as_bytes().to_vec()));

    // VRAM seeds: the fuzz checks write them over a patterned VRAM and read faces from their words.
    let mut face = Vec::new();
    for word in [
        0i32,
        0,
        4096,
        -256,
        -256,
        0,
        256,
        -256,
        0,
        -256,
        256,
        0,
        256,
        256,
        0,
        1,
        -1,
        -1,
        -1,
        -1,
        1,
        0x4020_1000,
    ] {
        face.extend_from_slice(&word.to_le_bytes());
    }
    face.extend_from_slice(&0x0010_7fc0u32.to_le_bytes());
    face.extend_from_slice(&0x0000_0088u32.to_le_bytes());
    seeds.push(("vram", "textured_quad.bin".into(), face));
    seeds.push(("vram", "one_byte.bin".into(), vec![0x80]));
    seeds.extend(disc_seeds());
    seeds.extend(live_seeds());
    seeds
}

/// What the remote-control mod sends a push: single packets and messages, and sessions of datagrams (each
/// a u16 little-endian length and its bytes, as `checks::live_reply` splits them).
fn live_seeds() -> Vec<(&'static str, String, Vec<u8>)> {
    use levelkit::heroes::live::{message, packet, CollisionName};
    let frame = |datagrams: &[Vec<u8>]| {
        let mut out = Vec::new();
        for d in datagrams {
            out.extend_from_slice(&u16::try_from(d.len()).unwrap().to_le_bytes());
            out.extend_from_slice(d);
        }
        out
    };
    let ack_msg = message::acknowledgement();
    let swap = message::swap_collision(&CollisionName::new("s03").unwrap());
    let accept = packet::connect_accept(637_000_000_000_000_000, 1, false);
    let reply = packet::channeled(1, 0, packet::RELIABLE_ORDERED_CHANNEL, &ack_msg);
    let mut bits = [0u8; packet::ACK_BITS_SIZE];
    bits[0] = 1;
    let ack = packet::ack(1, 0, packet::RELIABLE_ORDERED_CHANNEL, &bits);
    let early = packet::channeled(1, 1, packet::RELIABLE_ORDERED_CHANNEL, &swap);
    let seeds: Vec<(&str, Vec<u8>)> = vec![
        ("acknowledgement-message", ack_msg.clone()),
        ("swap-collision-message", swap.clone()),
        ("channeled-acknowledgement", reply.clone()),
        ("connect-accept", accept.clone()),
        ("ack", ack.clone()),
        ("ping", packet::ping(1, 7)),
        ("pong", packet::pong(1, 7, 1234)),
        ("disconnect", packet::disconnect(1, 637_000_000_000_000_000)),
        ("merged-ack-and-reply", packet::merged(1, &[&ack, &reply])),
        ("session", frame(&[accept.clone(), ack.clone(), reply.clone(), packet::ping(1, 1)])),
        ("session-merged", frame(&[accept, packet::merged(1, &[&ack, &reply]), packet::disconnect(1, 5)])),
        ("session-out-of-order", frame(&[early.clone(), reply, early])),
    ];
    seeds.into_iter().map(|(name, bytes)| ("live_reply", name.to_string(), bytes)).collect()
}

/// Small images holding a small level and a small collision file, in every framing the readers take.
fn disc_seeds() -> Vec<(&'static str, String, Vec<u8>)> {
    use levelkit::disc::sectors::{frame, RawMode};
    use levelkit::disc::test_images;
    let level = reptar::generate::generate(&reptar::generate::Options {
        rooms: 1,
        textures: 1,
        ..reptar::generate::Options::small(1)
    })
    .to_bytes()
    .unwrap();
    let cl = heroes::generate::game_correct(7, 1, 1).to_bytes().unwrap();
    let files: [(&str, &[u8]); 2] = [("DATA/LEVEL01.BIN", &level), ("S01.CL", &cl)];
    let iso = test_images::iso9660(&files);
    vec![
        ("disc_image", "iso9660.iso".into(), iso.clone()),
        ("disc_image", "mode2.bin".into(), frame(&iso, RawMode::Mode2Form1)),
        ("disc_image", "mode1.bin".into(), frame(&iso, RawMode::Mode1)),
        ("disc_image", "gamecube.gcm".into(), test_images::gamecube(&[("files/collisions/s01.cl", &cl)])),
        (
            "disc_image",
            "sheet.cue".into(),
            b"FILE \"game.bin\" BINARY\n  TRACK 01 MODE2/2352\n    INDEX 01 00:00:00\n".to_vec(),
        ),
    ]
}

#[test]
fn generated_seeds_are_stored_and_small() {
    let bless = std::env::var_os("LEVELKIT_BLESS").is_some();
    for (folder, name, bytes) in generated_seeds() {
        let path = corpus_dir(folder).join(&name);
        if bless {
            std::fs::create_dir_all(corpus_dir(folder)).unwrap();
            std::fs::write(&path, &bytes).unwrap();
        }
        let stored = std::fs::read(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (run with LEVELKIT_BLESS=1 to write it)", path.display()));
        assert_eq!(stored, bytes, "{folder}/{name}: the generator changed (LEVELKIT_BLESS=1 rewrites it)");
        assert!(bytes.len() < 64 * 1024, "{folder}/{name}: keep seed files small");
    }
}

fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

/// Every fuzz target the fuzz crate builds is replayed here.
#[test]
fn every_fuzz_target_is_replayed() {
    let manifest = std::fs::read_to_string(corpus_dir("../Cargo.toml")).unwrap();
    let built: Vec<&str> = manifest
        .lines()
        .filter_map(|l| l.strip_prefix("name = \"")?.strip_suffix('"'))
        .filter(|n| *n != "levelkit-fuzz")
        .collect();
    assert!(built.len() >= 10, "{built:?}");
    for name in built {
        assert!(TARGETS.iter().any(|(t, _)| *t == name), "fuzz target {name} is not replayed by cargo test");
    }
}

#[test]
fn every_seed_passes_its_targets_checks() {
    for (target, folder) in TARGETS {
        let files = files_in(&corpus_dir(folder));
        assert!(!files.is_empty(), "{target}: no seeds in fuzz/corpus/{folder}");
        for file in files {
            let data = std::fs::read(&file).unwrap();
            run_check(target, &data);
        }
    }
}

/// The corpora long campaigns grew, minimized and kept in `fuzz/corpus/grown/TARGET/` (where the next
/// campaign starts from, `scripts/fuzz`): each input passes its own target's checks, and each folder names a
/// target, so a misnamed one is not skipped without a word.
#[test]
fn every_grown_corpus_input_passes_its_targets_checks() {
    let grown = corpus_dir("grown");
    let Ok(folders) = std::fs::read_dir(&grown) else { return };
    for folder in folders {
        let folder = folder.unwrap().path();
        let name = folder.file_name().unwrap().to_string_lossy().into_owned();
        assert!(TARGETS.iter().any(|(t, _)| *t == name), "fuzz/corpus/grown/{name} names no fuzz target");
        for file in files_in(&folder) {
            run_check(&name, &std::fs::read(&file).unwrap());
        }
    }
}

#[test]
fn seeds_are_inputs_the_targets_accept() {
    // A seed that fails to parse would only fuzz the error path.
    for file in files_in(&corpus_dir("dump_pack")) {
        let value: serde_json::Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
        Document::from_dump(&value).unwrap().to_bytes().unwrap();
    }
    for file in files_in(&corpus_dir("obj_import")) {
        levelkit::convert::obj::read(&std::fs::read(&file).unwrap()).unwrap();
    }
    for file in files_in(&corpus_dir("gltf_import")) {
        levelkit::convert::gltf::read(&std::fs::read(&file).unwrap(), None).unwrap();
    }
    for file in files_in(&corpus_dir("disc_image")) {
        let data = std::fs::read(&file).unwrap();
        if file.extension().is_some_and(|e| e == "cue") {
            levelkit::disc::cue::parse(&data).unwrap();
        } else {
            let disc = levelkit::disc::Disc::from_bytes(data).unwrap();
            assert!(!disc.levels().unwrap().levels.is_empty(), "{}", file.display());
        }
    }
}
