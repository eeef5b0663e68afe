//! Where a glTF uri leads: a base64 data URI, or a file beside the document (plain relative paths
//! inside its folder only). Both the buffers ([`super::read`]) and the images ([`super::scene`]) use it.

use super::gltf_err;
use crate::convert::{base64_decode, ImportError};
use std::path::{Component, Path};

/// The bytes a uri names: a base64 data URI, or a plain relative path inside `base_dir`.
pub(super) fn read_uri(uri: &str, base_dir: Option<&Path>, path: &str) -> Result<Vec<u8>, ImportError> {
    if uri.starts_with("data:") {
        let (_, payload) =
            uri.split_once(";base64,").ok_or_else(|| gltf_err(path, "data URI is not base64"))?;
        return base64_decode(payload).ok_or_else(|| gltf_err(path, "data URI has bad base64"));
    }
    let base =
        base_dir.ok_or_else(|| gltf_err(path, format!("refers to {uri:?} but no folder was given")))?;
    let rel = percent_decode(uri).ok_or_else(|| gltf_err(path, format!("uri {uri:?} is malformed")))?;
    let rel = Path::new(&rel);
    if !rel.components().all(|c| matches!(c, Component::Normal(_))) {
        return Err(gltf_err(path, format!("uri {uri:?} leaves the file's folder")));
    }
    let full = base.join(rel);
    crate::io::read_limited(&full, crate::io::ReadLimit::MESH).map_err(ImportError::Read)
}

fn percent_decode(uri: &str) -> Option<String> {
    let bytes = uri.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(b);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}
