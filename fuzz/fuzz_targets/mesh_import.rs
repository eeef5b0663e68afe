//! Any bytes as OBJ, glTF or GLB: import returns a mesh or an error, never panics; an imported mesh
//! exports and imports again.
#![no_main]
use levelkit::convert::{export_mesh, gltf, obj, ExportFormat, ExportOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for mesh in [obj::read(data).ok(), gltf::read(data, None).ok()].into_iter().flatten() {
        for format in [ExportFormat::Glb, ExportFormat::Obj] {
            if let Ok(files) = export_mesh(&mesh, "fuzz", &ExportOptions::new(format)) {
                let again = match format {
                    ExportFormat::Obj => obj::read(&files[0].bytes),
                    _ => gltf::read(&files[0].bytes, None),
                };
                again.expect("an exported mesh imports");
            }
        }
    }
});
