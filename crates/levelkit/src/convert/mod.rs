//! Conversion between levelkit's documents, the neutral [`Mesh`] model and interchange files.
//!
//! Export: [`export_document`] turns a parsed file into output files (glTF, GLB, OBJ + MTL + PNG, or the
//! JSON dump) by way of a [`Mesh`] built by the format's adapter ([`document_mesh`]); [`export_mesh`]
//! writes any mesh. Import: [`import_file`], [`obj::read`] and [`gltf::read`] read OBJ and glTF/GLB into a
//! [`Mesh`], giving each face the surface attribute its group name carries
//! ([`crate::heroes::flags::attribute_from_name`]).

pub mod gltf;
pub mod heroes;
pub mod html;
pub mod obj;
pub mod reptar;

use crate::document::Document;
use crate::mesh::{Image, Mesh, MeshError};
use std::path::{Path, PathBuf};

/// An output file format of `levelkit convert`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExportFormat {
    /// glTF 2.0 JSON with the buffer embedded as a base64 data URI: one self-contained file.
    Gltf,
    /// Binary glTF 2.0.
    Glb,
    /// Wavefront OBJ, with an MTL file and PNG textures beside it.
    Obj,
    /// levelkit's lossless JSON dump ([`Document::to_dump`]).
    Json,
}

impl ExportFormat {
    /// The main output file's extension.
    pub fn extension(self) -> &'static str {
        match self {
            ExportFormat::Gltf => "gltf",
            ExportFormat::Glb => "glb",
            ExportFormat::Obj => "obj",
            ExportFormat::Json => "json",
        }
    }
}

/// What to export and how.
#[derive(Clone, Debug, PartialEq)]
pub struct ExportOptions {
    /// The output file format.
    pub format: ExportFormat,
    /// Multiplies every position (the games' units are large: a Heroes stage spans tens of thousands).
    pub scale: f32,
    /// Only these rooms of a Rugrats level (all when `None`).
    pub rooms: Option<Vec<u32>>,
    /// A raw PS1 VRAM dump (1024×512 little-endian halfwords) to texture Rugrats rooms from; untextured
    /// (vertex colours only) when `None`.
    pub vram: Option<Vec<u8>>,
    /// Add the Heroes quadtree's leaves as line geometry.
    pub tree: bool,
}

impl ExportOptions {
    /// `format` at scale 1, every room, untextured, no tree lines.
    pub fn new(format: ExportFormat) -> ExportOptions {
        ExportOptions { format, scale: 1.0, rooms: None, vram: None, tree: false }
    }
}

/// One file an export produces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportedFile {
    /// A bare file name (no folders), to be written beside the others.
    pub file_name: String,
    /// The whole file.
    pub bytes: Vec<u8>,
}

/// Failure to export.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ExportError {
    /// This input cannot go to this output format.
    #[error("exporting {format} files to {to} is not supported yet: {reason}")]
    Unsupported {
        /// The input (`mesh`, a format's name).
        format: &'static str,
        /// The output format's extension.
        to: &'static str,
        /// Why not.
        reason: &'static str,
    },
    /// The mesh breaks its own invariants (an index out of range, a non-finite position).
    // No `#[from]` (it would make the error its source too): the message holds it, said once.
    #[error("the mesh is inconsistent: {0}")]
    Mesh(MeshError),
    /// [`ExportOptions::scale`] is zero, infinite or NaN.
    #[error("the scale {0} is not a finite non-zero number")]
    BadScale(f32),
    /// Something (named) does not fit the output format's 32-bit sizes or indices.
    #[error("{0} is too large for the output format")]
    TooLarge(String),
    /// An image cannot be encoded.
    #[error("cannot encode image {name:?} as PNG: {message}")]
    Png {
        /// The image's name.
        name: String,
        /// The encoder's reason.
        message: String,
    },
    /// The JSON could not be written.
    #[error("cannot write JSON: {0}")]
    Json(serde_json::Error),
    /// [`ExportOptions::rooms`] names a room the level does not have, or [`ExportOptions::vram`] is not a
    /// VRAM dump levelkit reads.
    #[error(transparent)]
    Select(#[from] crate::reptar::SelectError),
}

/// Failure to import a mesh file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ImportError {
    /// A problem at a line of an OBJ file (1-based).
    #[error("line {line}: {problem}")]
    Obj {
        /// The line number, from 1.
        line: usize,
        /// What is wrong on it.
        problem: String,
    },
    /// A problem in a glTF file; `path` names the element (`meshes[0].primitives[1].indices`).
    #[error("{path}: {problem}")]
    Gltf {
        /// The JSON path of the element.
        path: String,
        /// What is wrong with it.
        problem: String,
    },
    /// The GLB container is malformed.
    #[error("GLB container: {0}")]
    Glb(crate::bytes::ParseError),
    /// A file (the mesh, or a buffer or image it refers to) cannot be read, or holds more than a mesh can
    /// ([`crate::io::ReadLimit::MESH`]).
    #[error(transparent)]
    Read(crate::io::ReadError),
    /// Neither the content nor the extension shows a mesh format.
    #[error("{0}: not a mesh file levelkit imports (.obj, .gltf, .glb)")]
    UnknownKind(PathBuf),
}

// The conversions `?` uses; written out because thiserror's `#[from]` would also make each the error's
// `source`, and a chain printer (anyhow's `{:#}`) would then say the cause twice.
impl From<MeshError> for ExportError {
    fn from(e: MeshError) -> Self {
        ExportError::Mesh(e)
    }
}

impl From<serde_json::Error> for ExportError {
    fn from(e: serde_json::Error) -> Self {
        ExportError::Json(e)
    }
}

impl From<crate::bytes::ParseError> for ImportError {
    fn from(e: crate::bytes::ParseError) -> Self {
        ImportError::Glb(e)
    }
}

/// The neutral mesh of a document: the format adapters' entry point ([`heroes::collision_mesh`],
/// [`reptar::level_mesh`]).
/// Options a format has no use for are ignored (`rooms` and `vram` for Heroes, `tree` for Rugrats), so
/// one set of options serves a folder of both.
pub fn document_mesh(doc: &Document, options: &ExportOptions) -> Result<Mesh, ExportError> {
    match doc {
        Document::Heroes(collision) => heroes::collision_mesh(collision, options),
        Document::Reptar(level) => reptar::level_mesh(level, options),
    }
}

/// Exports a document as the files `options.format` needs, named from `stem` (`LEVEL01` gives
/// `LEVEL01.glb`, or `LEVEL01.obj` + `LEVEL01.mtl` + `LEVEL01_*.png`).
pub fn export_document(
    doc: &Document,
    stem: &str,
    options: &ExportOptions,
) -> Result<Vec<ExportedFile>, ExportError> {
    if options.format == ExportFormat::Json {
        let mut text = serde_json::to_string_pretty(&doc.to_dump())?;
        text.push('\n');
        return Ok(vec![ExportedFile { file_name: format!("{stem}.json"), bytes: text.into_bytes() }]);
    }
    let mesh = document_mesh(doc, options)?;
    export_mesh(&mesh, stem, options)
}

/// Writes a mesh as the files `options.format` needs (see [`export_document`]); `options.scale` applies.
pub fn export_mesh(
    mesh: &Mesh,
    stem: &str,
    options: &ExportOptions,
) -> Result<Vec<ExportedFile>, ExportError> {
    mesh.check()?;
    if !options.scale.is_finite() || options.scale == 0.0 {
        return Err(ExportError::BadScale(options.scale));
    }
    let scaled;
    let mesh = if options.scale == 1.0 {
        mesh
    } else {
        scaled = scale(mesh, options.scale);
        &scaled
    };
    match options.format {
        ExportFormat::Glb => {
            Ok(vec![ExportedFile { file_name: format!("{stem}.glb"), bytes: gltf::write_glb(mesh)? }])
        }
        ExportFormat::Gltf => {
            Ok(vec![ExportedFile { file_name: format!("{stem}.gltf"), bytes: gltf::write_gltf(mesh)? }])
        }
        ExportFormat::Obj => obj::write(mesh, stem),
        ExportFormat::Json => Err(ExportError::Unsupported {
            format: "mesh",
            to: "json",
            reason: "the JSON output is the document dump; a bare mesh has none",
        }),
    }
}

fn scale(mesh: &Mesh, factor: f32) -> Mesh {
    let mut out = mesh.clone();
    for o in &mut out.objects {
        for p in &mut o.positions {
            for c in p.iter_mut() {
                *c *= factor;
            }
        }
        // A negative scale mirrors the scene: reverse the rings to keep faces front-facing.
        if factor < 0.0 {
            for f in &mut o.faces {
                f.corners.reverse();
            }
            if let Some(normals) = &mut o.normals {
                for n in normals.iter_mut() {
                    for c in n.iter_mut() {
                        *c = -*c;
                    }
                }
            }
        }
    }
    out
}

/// Reads an OBJ, glTF or GLB file by its content (GLB magic, JSON) or extension. External files it
/// refers to (glTF `.bin` buffers) are read from its folder.
pub fn import_file(path: &Path) -> Result<Mesh, ImportError> {
    import_with(path, false)
}

/// [`import_file`], with the PNG textures of glTF materials decoded into [`Mesh::images`] (a level
/// build packs them into VRAM).
pub fn import_textured(path: &Path) -> Result<Mesh, ImportError> {
    import_with(path, true)
}

/// [`import_file`] for a file's bytes read once by the caller, from wherever the file is (a loose file, or
/// one inside a disc image): `name` decides as the path does there, and a glTF file's external buffers are
/// read from `folder` (refused when `None`).
pub fn import_read(data: &[u8], name: &Path, folder: Option<&Path>) -> Result<Mesh, ImportError> {
    import_data(data, name, folder, false)
}

/// [`import_file`] for bytes already in memory (a browser has no files): `name`, the file's name, decides
/// as the path does there; a glTF file's external buffers are refused.
pub fn import_bytes(data: &[u8], name: &str) -> Result<Mesh, ImportError> {
    import_data(data, Path::new(name), None, false)
}

fn import_with(path: &Path, textured: bool) -> Result<Mesh, ImportError> {
    let data = crate::io::read_limited(path, crate::io::ReadLimit::MESH).map_err(ImportError::Read)?;
    let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
    import_data(&data, path, Some(&base), textured)
}

fn import_data(data: &[u8], path: &Path, base: Option<&Path>, textured: bool) -> Result<Mesh, ImportError> {
    let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    if data.starts_with(b"glTF") || matches!(ext.as_deref(), Some("gltf" | "glb")) {
        if textured {
            gltf::read_textured(data, base)
        } else {
            gltf::read(data, base)
        }
    } else if ext.as_deref() == Some("obj") {
        obj::read(data)
    } else {
        Err(ImportError::UnknownKind(path.into()))
    }
}

/// An exported texture (glTF embeds it, OBJ writes it beside the MTL) as PNG.
pub(crate) fn encode_png(image: &Image) -> Result<Vec<u8>, ExportError> {
    crate::png::encode(image.width, image.height, crate::png::Channels::Rgba, &image.rgba)
        .map_err(|e| ExportError::Png { name: image.name.clone(), message: e.to_string() })
}

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Standard base64 with padding (data URIs).
pub(crate) fn base64_encode(data: &[u8]) -> String {
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let b = [chunk[0], chunk.get(1).copied().unwrap_or(0), chunk.get(2).copied().unwrap_or(0)];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        let sextet = |shift: u32| char::from(BASE64[usize::try_from((n >> shift) & 63).unwrap_or(0)]);
        out.push(sextet(18));
        out.push(sextet(12));
        out.push(if chunk.len() > 1 { sextet(6) } else { '=' });
        out.push(if chunk.len() > 2 { sextet(0) } else { '=' });
    }
    out
}

/// Decodes standard base64 (padding optional, no whitespace); `None` on any other character.
pub(crate) fn base64_decode(text: &str) -> Option<Vec<u8>> {
    let text = text.trim_end_matches('=');
    let mut out = Vec::with_capacity(text.len() / 4 * 3 + 3);
    let mut acc = 0u32;
    let mut bits = 0u32;
    for b in text.bytes() {
        let v = match b {
            b'A'..=b'Z' => b - b'A',
            b'a'..=b'z' => b - b'a' + 26,
            b'0'..=b'9' => b - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push(((acc >> bits) & 0xFF) as u8); // masked to 8 bits
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests;
