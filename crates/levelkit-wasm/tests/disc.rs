//! The page's disc commands, run natively through the envelope the page sends: `disc-ls` lists what the
//! library lists, `patch` gives the bytes the library's `patch` writes to a file (the CLI's `levelkit
//! patch`), with the CLI's report lines, and refuses what it refuses with its words.

use levelkit::disc::patch::{patch, Options, Output, Replacement};
use levelkit::disc::sectors::{frame, RawMode};
use levelkit::disc::{test_images, Disc};
use levelkit::reptar::generate::{generate, Options as Gen};
use levelkit_wasm::envelope::Envelope;
use serde_json::{json, Value};

mod common;
use common::call;

const LEVEL: &str = "DATA/DB05/LEVEL05.BIN";
const SHEET: &str = "FILE \"game.bin\" BINARY\n  TRACK 01 MODE2/2352\n    INDEX 01 00:00:00\n";

fn level(seed: u64, rooms: usize) -> Vec<u8> {
    generate(&Gen { rooms, ..Gen::small(seed) }).to_bytes().unwrap()
}

/// A raw Mode 2 BIN holding two levels and a text file.
fn image() -> Vec<u8> {
    let (a, b) = (level(5, 3), level(6, 2));
    let files: [(&str, &[u8]); 3] = [(LEVEL, &a), ("README.TXT", b"hello"), ("DATA/DB06/LEVEL06.BIN", &b)];
    frame(&test_images::iso9660(&files), RawMode::Mode2Form1)
}

fn error(reply: &Envelope) -> String {
    assert_eq!(reply.header["ok"], false, "{}", reply.header);
    reply.header["error"].as_str().unwrap().to_string()
}

#[test]
fn the_listing_is_the_librarys() {
    let image = image();
    let reply = call("disc-ls", &[("image", "game.bin", &image)], json!({}));
    let want = Disc::from_bytes(image.clone()).unwrap().levels().unwrap();
    let r = &reply.header["result"];
    assert_eq!(r["levels"], serde_json::to_value(&want.levels).unwrap(), "{}", reply.header);
    assert_eq!((r["skipped"].as_u64(), r["container"].as_str()), (Some(1), Some("raw-2352")));
}

#[test]
fn patch_gives_the_bytes_the_librarys_patch_writes_to_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let image = image();
    std::fs::write(dir.path().join("game.bin"), &image).unwrap();
    std::fs::write(dir.path().join("game.cue"), SHEET).unwrap();
    let (smaller, larger) = (level(7, 1), level(9, 12));
    for (new, relocate) in [(&smaller, false), (&larger, true)] {
        let r = [Replacement { path: LEVEL.into(), bytes: new.clone() }];
        let out = dir.path().join("game-patched.bin");
        let want =
            patch(&dir.path().join("game.cue"), &r, &Options { output: Output::Copy(out.clone()), relocate })
                .unwrap();
        let files = [
            ("image", "game.bin", &image[..]),
            ("level", "LEVEL05.BIN", new),
            ("sheet", "game.cue", SHEET.as_bytes()),
        ];
        let reply = call("patch", &files, json!({ "path": LEVEL, "relocate": relocate }));
        assert_eq!(reply.header["ok"], true, "{}", reply.header);
        assert_eq!(reply.header["outputs"], json!(["game-patched.bin", "game-patched.cue"]));
        assert!(
            reply.files[0] == std::fs::read(&out).unwrap(),
            "not the library's bytes (relocate {relocate})"
        );
        assert_eq!(reply.files[1], std::fs::read(dir.path().join("game-patched.cue")).unwrap());
        // The lines the CLI prints: warnings, then one per file, then what it wrote.
        let mut lines: Vec<String> =
            want.warnings.iter().map(|w| format!("levelkit: warning: {w}")).collect();
        lines.push(format!("levelkit: {}", want.files[0]));
        assert_eq!(reply.header["result"]["lines"], json!(lines));
        let wrote = reply.header["result"]["wrote"][0].as_str().unwrap();
        assert_eq!(
            wrote,
            format!(
                "wrote game-patched.bin: {}, {} bytes",
                want.written[0].1,
                levelkit::num::thousands(reply.files[0].len())
            )
        );
        assert!(reply.header["result"]["wrote"][1]
            .as_str()
            .unwrap()
            .starts_with("wrote game-patched.cue: CUE sheet naming game-patched.bin, "));
        // Without the sheet: the BIN alone, the same bytes.
        let reply = call("patch", &files[..2], json!({ "path": LEVEL, "relocate": relocate }));
        assert_eq!(reply.header["outputs"], json!(["game-patched.bin"]));
        assert!(reply.files[0] == std::fs::read(&out).unwrap());
    }
}

#[test]
fn every_refusal_names_the_image_and_says_what_to_do() {
    let image = image();
    let good = level(7, 1);
    let run = |image: &[u8], name: &str, path: &str, new: &[u8], relocate: bool| {
        let files = [("image", name, image), ("level", "LEVEL05.BIN", new)];
        call("patch", &files, json!({ "path": path, "relocate": relocate }))
    };
    // The page has the image's listing in its path field: it points there, not at `levelkit ls`.
    let reply = run(&image, "game.bin", "DATA/NOPE.BIN", &good, false);
    assert_eq!(reply.header["field"], "path");
    assert_eq!(
        error(&reply),
        "game.bin: no file \"DATA/NOPE.BIN\" in the image: pick one of its level files from the path field's list"
    );
    let e = error(&run(&image, "game.bin", LEVEL, &level(9, 12), false));
    assert!(
        e.starts_with("game.bin: DATA/DB05/LEVEL05.BIN: the new file is ")
            && e.ends_with("relocating it moves it to the image's end (pass --relocate)"),
        "{e}"
    );
    let mut broken = generate(&Gen { rooms: 2, ..Gen::small(3) });
    broken.portals[0].corners[1].flags = 200;
    let e = error(&run(&image, "game.bin", LEVEL, &broken.to_bytes().unwrap(), false));
    assert!(
        e.contains("the new file fails check with") && e.contains("destination room 200 does not exist"),
        "{e}"
    );
    let e = error(&run(&image[..image.len() - 3 * 2352], "game.bin", LEVEL, &good, false));
    assert!(e.starts_with("game.bin: ") && e.contains("truncated"), "{e}");
    let mut bad = image.clone();
    bad[20 * 2352 + 100] ^= 1;
    let e = error(&run(&bad, "game.bin", LEVEL, &good, false));
    assert!(
        e.contains("1 sector(s) of the image have a wrong EDC/ECC already (sector 20 (byte 47,040): EDC"),
        "{e}"
    );
    let e = error(&run(SHEET.as_bytes(), "game.cue", LEVEL, &good, false));
    assert_eq!(e, "game.cue: a CUE sheet alone (it names \"game.bin\"): the disc's sectors are in that BIN, which is needed too");
    let gcm = test_images::gamecube(&[("files/collisions/s01.cl", &[1, 2, 3, 4])]);
    let e = error(&run(&gcm, "heroes.iso", "files/collisions/s01.cl", &good, false));
    // The words after the container depend on whether the library under test was built with `gamecube`
    // (a workspace build unifies the CLI's features into it): either way the page names the image and
    // sends the user to the command line.
    assert!(e.starts_with("heroes.iso: a GameCube or Wii image (ISO container); "), "{e}");
    assert!(e.contains("PS1 images only: use the levelkit command line"), "{e}");
    // No path: a usage error pointing at the field.
    let reply = run(&image, "game.bin", " ", &good, false);
    assert_eq!((reply.header["field"].as_str(), reply.header["usage"].as_bool()), (Some("path"), Some(true)));
    assert_eq!(reply.header["too_large"], false);
}

#[test]
fn a_disc_image_is_named_as_one_before_it_is_read_whole() {
    let image = image();
    // From its first 64 KiB and its size (a file too large to read first), and when opened whole.
    let head = &image[..64 * 1024];
    let reply = call("disc-kind", &[("file", "game.bin", head)], json!({ "size": 900_000_000u64 }));
    let r = &reply.header["result"];
    assert_eq!((r["kind"].as_str(), r["image"].as_str()), (Some("disc"), Some("raw")), "{}", reply.header);
    let opened = call("open", &[("file", "game.bin", &image)], json!({}));
    assert_eq!(opened.header["result"]["image"], "raw", "{}", opened.header);
    let sheet = call("open", &[("file", "game.cue", SHEET.as_bytes())], json!({}));
    assert_eq!(
        (sheet.header["result"]["image"].as_str(), sheet.header["result"]["bin"].as_str()),
        (Some("cue"), Some("game.bin"))
    );
    let gcm = test_images::gamecube(&[("files/collisions/s01.cl", &[1, 2, 3, 4])]);
    let refusal =
        call("disc-kind", &[("file", "heroes.iso", &gcm[..0x8000])], json!({ "size": 1_459_978_240u64 }));
    let text = refusal.header["result"]["refusal"].as_str().unwrap();
    assert!(
        text.starts_with(
            "a GameCube or Wii image (ISO container); this build of levelkit reads PS1 images only"
        ),
        "{text}"
    );
    let level = call("disc-kind", &[("file", "LEVEL05.BIN", &level(5, 3))], json!({}));
    assert_eq!(level.header["result"]["kind"], Value::Null);
}
