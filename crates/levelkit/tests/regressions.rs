//! Inputs kept because they once broke levelkit or stand at one of its limits, one test each, named for
//! what the input does. The files live in `tests/regressions/`, named `TARGET-what.EXT` after the fuzz
//! target that reads them; each test runs that target's checks (`fuzz/checks.rs`, exactly what the
//! fuzzer runs) and then asserts the specific outcome.
//!
//! A crash `scripts/fuzz` finds goes here: copy `fuzz/artifacts/TARGET/crash-…` to
//! `tests/regressions/TARGET-what-it-did.EXT`, add a test saying what it used to do ("used to panic
//! slicing past the end of …"), fix the library, and the test passes from then on.
//!
//! Four files are fuzzer crashes (the OBJ writer's `vt`/`vn` numbering; a map whose area overflows `f32`;
//! a hole marker far off the map; a corner rotation with no area in `f32`); the others are the
//! hostile-input suite's limit cases at library level. `LEVELKIT_BLESS=1` rewrites
//! them from the builders here.
// `fuzz/checks.rs` is built as the fuzz crate builds levelkit, with its default features (GameCube
// images included).
#![cfg(all(feature = "gamecube", feature = "live"))]

#[path = "../../../fuzz/checks.rs"]
mod checks;

use levelkit::convert::{gltf, obj, ImportError};
use levelkit::{Document, Format, OpenError};
use std::path::PathBuf;

fn file(name: &str, build: impl FnOnce() -> Vec<u8>) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/regressions").join(name);
    if std::env::var_os("LEVELKIT_BLESS").is_some() {
        std::fs::write(&path, build()).unwrap();
    }
    let data = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (LEVELKIT_BLESS=1 writes it)", path.display()));
    assert!(data.len() < 16 * 1024, "{name}: keep regression files small");
    data
}

#[test]
fn every_file_has_a_test() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/regressions");
    let source = include_str!("regressions.rs");
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        assert!(source.contains(&format!("\"{name}\"")), "tests/regressions/{name} has no test");
    }
}

#[test]
fn gltf_nodes_nested_200_deep_stop_at_the_depth_limit_instead_of_recursing() {
    let data = file("gltf_import-nodes-nested-200-deep.gltf", || {
        let nodes: Vec<serde_json::Value> =
            (0..200).map(|i| serde_json::json!({ "children": [(i + 1) % 200] })).collect();
        let json = serde_json::json!({
            "asset": { "version": "2.0" }, "scene": 0, "scenes": [{ "nodes": [0] }], "nodes": nodes
        });
        serde_json::to_vec(&json).unwrap()
    });
    checks::gltf_import(&data);
    let err = gltf::read(&data, None).unwrap_err();
    assert!(matches!(err, ImportError::Gltf { .. }), "{err}");
    assert!(err.to_string().contains("nested deeper than 64 levels"), "{err}");
}

#[test]
fn dump_nested_1000_arrays_deep_is_refused_by_the_json_reader_not_the_stack() {
    let data = file("dump_pack-json-nested-1000-deep.json", || {
        format!("{}{}", "[".repeat(1000), "]".repeat(1000)).into_bytes()
    });
    checks::pack(&data);
    let err = serde_json::from_slice::<serde_json::Value>(&data).unwrap_err();
    assert!(err.to_string().contains("recursion limit"), "{err}");
}

#[test]
fn cl_header_of_all_ff_is_refused_at_the_first_array_without_allocating() {
    let data = file("heroes_parse-header-all-ff.cl", || vec![0xFF; 0x28]);
    checks::parse(&data, Format::HeroesCl);
    checks::roundtrip(&data, Format::HeroesCl);
    let Err(OpenError::Parse(err)) = Document::parse(&data, Some(Format::HeroesCl)) else {
        panic!("an all-0xFF header parsed")
    };
    // The error is at the array's claimed offset and names the header field that claims it.
    assert_eq!(err.offset, 0xFFFF_FFFF, "{err}");
    assert!(err.what.contains("node array") && err.what.contains("from header 0x04"), "{err}");
}

#[test]
fn level_blob_length_of_4_gib_is_refused_at_the_blob() {
    let data = file("reptar_parse-blob-length-4-gib.bin", || {
        use levelkit::reptar::generate::{generate, Options};
        let level = generate(&Options { rooms: 1, tiles: 4, ..Options::small(1) });
        let at = level.layout().unwrap().geometry[0] + 4;
        let mut bytes = level.to_bytes().unwrap();
        bytes[at..at + 4].copy_from_slice(&u32::MAX.to_le_bytes());
        bytes
    });
    checks::parse(&data, Format::ReptarLevel);
    checks::roundtrip(&data, Format::ReptarLevel);
    let Err(OpenError::Parse(err)) = Document::parse(&data, Some(Format::ReptarLevel)) else {
        panic!("a 4 GiB blob parsed")
    };
    assert!(err.to_string().contains("room 0 geometry blob 0 (4294967295 bytes)"), "{err}");
}

#[test]
fn obj_index_of_2_to_the_63_is_refused_with_its_line() {
    let data = file("obj_import-index-2-to-the-63.obj", || b"v 0 0 0\nf 1 1 9223372036854775807\n".to_vec());
    checks::obj_import(&data);
    let err = obj::read(&data).unwrap_err();
    assert!(matches!(err, ImportError::Obj { line: 2, .. }), "{err}");
}

#[test]
fn vram_of_one_byte_is_refused_then_tiles_without_overflow() {
    let data = file("vram-one-byte.bin", || vec![0xFF]);
    checks::vram(&data);
    checks::vram_render(&data);
    assert!(levelkit::psx::Vram::from_dump(&data).is_err());
}

/// Found by `scripts/fuzz` (obj_import, 100 s): an object without normals followed by one with them.
/// The OBJ writer used to number `vn` (and `vt`) like `v`, counting every earlier object's vertices
/// although objects without normals write no `vn` lines, so the export's `f 3//3 …` pointed past the
/// normals written (or, with more of them, at another object's normals) and did not import again.
#[test]
fn obj_export_used_to_number_normals_and_uvs_as_if_every_object_had_them() {
    // The fuzzer's file as it found it (kept, not rebuilt).
    let name = "obj_import-object-without-normals-before-one-with.obj";
    let data = file(name, || {
        std::fs::read(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/regressions").join(name)).unwrap()
    });
    checks::obj_import(&data);

    // The same defect, readable: a line-only object, then a textured, lit triangle.
    let text = b"o lines\nv 0 0 0\nv 9 9 9\nl 1 2\n\
                 o lit\nv 0 0 0\nv 1 0 0\nv 0 0 1\nvt 0 0\nvt 1 0\nvt 0 1\nvn 0 1 0\n\
                 f 3/1/1 4/2/1 5/3/1\n";
    let mesh = obj::read(text).unwrap();
    assert!(mesh.objects[0].normals.is_none() && mesh.objects[1].normals.is_some());
    let options = levelkit::convert::ExportOptions::new(levelkit::convert::ExportFormat::Obj);
    let files = levelkit::convert::export_mesh(&mesh, "x", &options).unwrap();
    let written = String::from_utf8(files[0].bytes.clone()).unwrap();
    assert!(written.contains("f 3/1/1 4/2/2 5/3/3"), "{written}");
    let again = obj::read(&files[0].bytes).unwrap();
    assert_eq!(again.objects[1].normals, mesh.objects[1].normals);
    assert_eq!(again.objects[1].uvs, mesh.objects[1].uvs);
}

#[test]
fn cl_whose_area_overflows_f32_maps_on_the_smallest_canvas_instead_of_none() {
    // A fuzzer crash: vertices 3e38 apart give an area whose margin overflows to infinity, the canvas
    // size worked out to NaN and so 0 pixels, and adding the legend panicked splitting its rows ("chunk
    // size must be non-zero").
    let data = file("heroes_audit-area-overflows-f32.cl", || unreachable!("a fuzzer's file: not rebuilt"));
    checks::audit(&data);
    let c = levelkit::heroes::Collision::parse(&data).unwrap();
    let (lo, hi) = levelkit::heroes::audit::area(&c);
    let span = (hi[0] - lo[0]).max(hi[2] - lo[2]);
    assert!(span.is_finite() && (span * 1.04).is_infinite(), "{lo:?} {hi:?}");
    let png = levelkit::render::map::render(
        &c,
        None,
        levelkit::render::map::MapOptions { size: 32, leaves: true, game_inherent: true },
    )
    .unwrap();
    let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
    assert!(width >= 16, "{width} pixels wide");
}

#[test]
fn cl_with_a_hole_far_off_the_map_draws_no_ring_instead_of_overflowing() {
    // A fuzzer crash: a hole whose pixel position saturated to the end of i64 overflowed adding the ring's
    // offsets ("attempt to add with overflow"). It fails where overflow is checked: `cargo test` without
    // --release, and the fuzzer's build.
    let data = file("heroes_audit-hole-marker-past-i64.cl", || unreachable!("a fuzzer's file: not rebuilt"));
    checks::audit(&data);
    let c = levelkit::heroes::Collision::parse(&data).unwrap();
    let audit =
        levelkit::heroes::audit::audit(&c, levelkit::heroes::audit::AuditOptions { probes: 16, seed: 1 })
            .unwrap();
    assert!(
        !audit.hole_list.is_empty() || !audit.hanging_triangles.is_empty(),
        "no ring to draw: {}",
        audit.to_text()
    );
}

#[test]
fn cl_whose_safe_rotation_has_no_area_in_f32_is_repaired_clean() {
    // A fuzzer crash: a sliver the game hangs on, whose only safe corner rotation has a zero cross product
    // in f32 (its area is not zero in the order given); repair rotated it anyway and wrote a triangle the
    // validator calls degenerate ("a repaired file checks clean: NotClean(… degenerate (zero area) …)").
    let data = file("heroes_repair-rotation-that-zeroes-a-sliver.cl", || {
        unreachable!("a fuzzer's file: not rebuilt")
    });
    checks::repair(&data);
    let c = levelkit::heroes::Collision::parse(&data).unwrap();
    let (fixed, report) = levelkit::heroes::builder::repair(&c, &Default::default()).unwrap();
    assert!(levelkit::heroes::builder::checked_bytes(&fixed).is_ok());
    assert!(report.rotated_triangles + report.hanging_triangles > 0, "{report:?}");
}
