//! Helpers the integration tests share: the Khronos glTF-Validator and golden-image comparison.
// Each test file uses some of these, never all.
#![allow(dead_code)]

use levelkit::psx::RgbImage;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository's root (where `tools/` is).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

/// Runs the Khronos glTF-Validator (`tools/validate-gltf.mjs`) over `paths` and asserts that every file
/// has no error and no warning. Set `LEVELKIT_SHOW_VALIDATOR` to print its report.
pub fn assert_valid_gltf(paths: &[PathBuf]) {
    let root = repo_root();
    assert!(
        root.join("tools/node_modules/gltf-validator").is_dir(),
        "the Khronos glTF-Validator is not installed: run `npm ci --prefix tools` (scripts/test does)"
    );
    assert!(!paths.is_empty(), "nothing to validate");
    let output = Command::new("node")
        .arg(root.join("tools/validate-gltf.mjs"))
        .args(paths)
        .output()
        .expect("cannot run node: Node.js is needed for the glTF-Validator test");
    let text = String::from_utf8_lossy(&output.stdout);
    if std::env::var_os("LEVELKIT_SHOW_VALIDATOR").is_some() {
        println!("{text}");
    }
    assert!(
        output.status.success(),
        "glTF-Validator found errors:\n{text}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        text.lines().filter(|l| l.contains(": 0 error(s), 0 warning(s)")).count(),
        paths.len(),
        "{text}"
    );
}

/// Whether the validator script fails on `path` (to show that the check can fail).
pub fn validator_fails_on(path: &Path) -> bool {
    let root = repo_root();
    assert!(
        root.join("tools/node_modules/gltf-validator").is_dir(),
        "the Khronos glTF-Validator is not installed: run `npm ci --prefix tools`"
    );
    !Command::new("node")
        .arg(root.join("tools/validate-gltf.mjs"))
        .arg(path)
        .output()
        .unwrap()
        .status
        .success()
}

/// Compares `image` with `tests/golden/NAME` exactly (the renderers are deterministic: any differing pixel
/// is a change); with `LEVELKIT_BLESS=1` it (re)writes the PNG instead (look at it afterwards).
pub fn golden(name: &str, image: &RgbImage) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
    if std::env::var_os("LEVELKIT_BLESS").is_some_and(|v| v == "1") {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        levelkit::io::write_atomic(&path, &image.to_png().unwrap()).unwrap();
        return;
    }
    let data = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; run with LEVELKIT_BLESS=1 to create it", path.display()));
    let expected = RgbImage::from_png(&data, 1 << 24).unwrap();
    assert_eq!((image.width, image.height), (expected.width, expected.height), "{name}: size");
    let differing: Vec<usize> = image
        .pixels
        .chunks_exact(3)
        .zip(expected.pixels.chunks_exact(3))
        .enumerate()
        .filter(|(_, (a, b))| a != b)
        .map(|(i, _)| i)
        .collect();
    if let Some(&first) = differing.first() {
        let (x, y) = (first % image.width as usize, first / image.width as usize);
        let at = |p: &[u8]| p[first * 3..first * 3 + 3].to_vec();
        panic!(
            "{name}: {} pixels differ, the first at ({x}, {y}): {:?}, the golden file has {:?}; if intended, \
             re-bless with LEVELKIT_BLESS=1",
            differing.len(),
            at(&image.pixels),
            at(&expected.pixels)
        );
    }
}
