//! glTF 2.0 export (`.gltf` with an embedded buffer, `.glb`) and import (both, plus external `.bin`).
//!
//! Export layout, deterministic for a given mesh:
//! - one material per [`Group`](crate::mesh::Group) (same order, same name; `doubleSided`, `MASK` cut-out, base colour and
//!   texture), one texture and embedded PNG per [`Image`](crate::mesh::Image) (nearest filtering: these are PS1-era texels);
//! - one node per [`Object`](crate::mesh::Object) (its name and extras); objects with faces or lines get a mesh whose
//!   primitives share the object's vertex accessors: one triangle primitive per (group, attribute, flags)
//!   in order of first use, with `{"group", "attribute", "flags"}` extras, then one `LINES` primitive per
//!   group of lines;
//! - `.gltf` carries its buffer as a base64 data URI, so a single file is the whole model.
//!
//! Import reads every primitive (triangles, strips, fans, lines) of every node reachable from the default
//! scene with node transforms applied (depth limit [`MAX_NODE_DEPTH`]), naming groups by material, else
//! node, else mesh name. A node without a mesh or children is an object without geometry (its name and extras). Texture images are not decoded back (groups keep name and colour).
//!
//! Files: `write.rs` (export), `glb.rs` (the binary container), `read.rs` (import: the document and its
//! buffers), `scene.rs` (import: nodes, primitives, materials), `accessor.rs` (import: typed buffer
//! reads), `transform.rs` (node matrices), `uri.rs` (data URIs and files beside).

mod accessor;
mod glb;
mod read;
mod scene;
mod transform;
mod uri;
mod write;

pub use read::{read, read_textured};
pub use write::{write_glb, write_gltf};

use super::ImportError;

/// How deep a node hierarchy may nest before import refuses it.
pub const MAX_NODE_DEPTH: usize = 64;

/// The most vertices plus corners an import may produce, against files whose nodes instance one large
/// mesh many times.
pub const MAX_IMPORT_ELEMENTS: usize = 1 << 27;

/// The most pixels an imported texture may have (a PS1 page holds 256×256; this only bounds memory).
pub const MAX_IMAGE_PIXELS: u64 = 1 << 24;

fn gltf_err(path: impl Into<String>, problem: impl Into<String>) -> ImportError {
    ImportError::Gltf { path: path.into(), problem: problem.into() }
}
