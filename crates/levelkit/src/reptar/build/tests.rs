use super::*;
use crate::convert::{document_mesh, gltf, ExportFormat, ExportOptions};
use crate::reptar::generate::{generate, Options};
use crate::Document;

fn export_glb(level: &Level) -> Vec<u8> {
    let mesh =
        document_mesh(&Document::Reptar(level.clone()), &ExportOptions::new(ExportFormat::Glb)).unwrap();
    gltf::write_glb(&mesh).unwrap()
}

fn scene_of(glb: &[u8]) -> SceneInput {
    SceneInput::Mesh { mesh: gltf::read_textured(glb, None).unwrap(), from_triangles: true }
}

fn build_with(level: &Level, base: Option<&Level>) -> Built {
    let options = BuildOptions { base, ..BuildOptions::default() };
    build(&scene_of(&export_glb(level)), &options).unwrap()
}

#[test]
fn unedited_generated_levels_come_back_byte_for_byte() {
    for (seed, oddities) in [(1, false), (2, false), (3, true), (4, true), (7, true)] {
        let level = generate(&Options { oddities, ceilings: seed % 2 == 0, ..Options::small(seed) });
        let built = build_with(&level, Some(&level));
        assert_eq!(built.level, level, "seed {seed}");
        let bytes = checked_bytes(&built.level, Some(&level)).unwrap();
        assert_eq!(bytes, level.to_bytes().unwrap(), "seed {seed}");
        assert_eq!(built.report.rooms_unchanged, level.rooms.len());
        assert_eq!(built.report.new_faces, 0);
    }
}
