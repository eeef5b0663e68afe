//! The fuzz seed corpus `fuzz/corpus/reptar_parse/` holds small generated levels. This test keeps it in
//! step with the generator (set `LEVELKIT_BLESS=1` to rewrite it) and checks that every file round-trips.

use levelkit::reptar::generate::{generate, Options};
use levelkit::reptar::Level;
use std::path::PathBuf;

fn corpus() -> Vec<(&'static str, Options)> {
    vec![
        ("one_room", Options { rooms: 1, ..Options::small(1) }),
        ("four_rooms", Options { rooms: 4, ..Options::small(2) }),
        ("oddities", Options { rooms: 3, oddities: true, ..Options::small(3) }),
        ("empty_rooms", Options { rooms: 5, empty_rooms: 0.6, triangles: 1.0, ..Options::small(4) }),
        (
            "ceilings_oddities",
            Options { rooms: 2, ceilings: true, oddities: true, textures: 3, ..Options::small(5) },
        ),
    ]
}

#[test]
fn seed_corpus_matches_the_generator_and_round_trips() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/reptar_parse");
    let bless = std::env::var_os("LEVELKIT_BLESS").is_some();
    if bless {
        std::fs::create_dir_all(&dir).unwrap();
    }
    for (name, options) in corpus() {
        let bytes = generate(&options).to_bytes().unwrap();
        let path = dir.join(format!("{name}.bin"));
        if bless {
            std::fs::write(&path, &bytes).unwrap();
        }
        let stored = std::fs::read(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (run with LEVELKIT_BLESS=1 to write it)", path.display()));
        assert_eq!(stored, bytes, "{name}: the generator changed (LEVELKIT_BLESS=1 rewrites the corpus)");
        assert!(bytes.len() < 64 * 1024, "{name}: keep seed files small");
        let level = Level::parse(&stored).unwrap();
        assert_eq!(level.to_bytes().unwrap(), stored);
        assert!(levelkit::reptar::looks_like(&stored));
    }
}

/// The dump of the one-room seed file, kept as a golden file so that changes to the dump's shape show up
/// in review (`LEVELKIT_BLESS=1` rewrites it).
#[test]
fn golden_dump_of_one_room() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/reptar_one_room.json");
    let level = generate(&corpus()[0].1);
    let mut text = serde_json::to_string_pretty(&level.to_dump()).unwrap();
    text.push('\n');
    if std::env::var_os("LEVELKIT_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &text).unwrap();
    }
    let golden = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run with LEVELKIT_BLESS=1 to write it)", path.display()));
    assert_eq!(golden, text, "the dump changed (LEVELKIT_BLESS=1 rewrites the golden file)");
    let value: serde_json::Value = serde_json::from_str(&golden).unwrap();
    assert_eq!(Level::from_dump(&value).unwrap(), level);
}
