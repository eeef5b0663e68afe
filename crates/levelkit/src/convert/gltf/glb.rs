//! The GLB container: a 12-byte header, a JSON chunk, then an optional BIN chunk, every chunk 4-byte
//! aligned.
#![deny(clippy::indexing_slicing)]

use crate::bytes::{Cursor, Le};
use crate::convert::{ExportError, ImportError};

pub(super) const GLB_MAGIC: &[u8; 4] = b"glTF";
const CHUNK_JSON: u32 = 0x4E4F_534A;
const CHUNK_BIN: u32 = 0x004E_4942;

/// A GLB file of `json_bytes` and, when `bin` is not empty, a BIN chunk of it.
pub(super) fn join(mut json_bytes: Vec<u8>, bin: &[u8]) -> Result<Vec<u8>, ExportError> {
    // Chunks are 4-byte aligned: JSON pads with spaces, BIN with zeros.
    while json_bytes.len() % 4 != 0 {
        json_bytes.push(b' ');
    }
    let bin_chunk = if bin.is_empty() { 0 } else { 8 + bin.len() };
    let total = 12 + 8 + json_bytes.len() + bin_chunk;
    let too_large = || ExportError::TooLarge(format!("a GLB of {total} bytes"));
    let total32 = u32::try_from(total).map_err(|_| too_large())?;
    let mut out = Vec::with_capacity(total);
    out.extend_from_slice(GLB_MAGIC);
    out.extend_from_slice(&2u32.to_le_bytes());
    out.extend_from_slice(&total32.to_le_bytes());
    out.extend_from_slice(&u32::try_from(json_bytes.len()).map_err(|_| too_large())?.to_le_bytes());
    out.extend_from_slice(&CHUNK_JSON.to_le_bytes());
    out.extend_from_slice(&json_bytes);
    if !bin.is_empty() {
        out.extend_from_slice(&u32::try_from(bin.len()).map_err(|_| too_large())?.to_le_bytes());
        out.extend_from_slice(&CHUNK_BIN.to_le_bytes());
        out.extend_from_slice(bin);
    }
    Ok(out)
}

/// The JSON chunk and the optional BIN chunk of a GLB file.
pub(super) fn split(data: &[u8]) -> Result<(&[u8], Option<&[u8]>), ImportError> {
    let mut c = Cursor::<Le>::new(data);
    c.bytes(4, "magic")?;
    let version = c.u32("version")?;
    if version != 2 {
        return Err(crate::bytes::ParseError::unsupported(
            4usize,
            "version",
            format!("version {version}; only 2 is read"),
        )
        .into());
    }
    let length = c.u32("length")?;
    let length = usize::try_from(length).unwrap_or(usize::MAX);
    if length > data.len() {
        return Err(crate::bytes::ParseError::truncated(
            8usize,
            "length",
            u64::try_from(length).unwrap_or(u64::MAX),
            u64::try_from(data.len()).unwrap_or(u64::MAX),
        )
        .into());
    }
    let data = data.get(..length).unwrap_or(data);
    let mut c = Cursor::<Le>::at(data, 12, "first chunk")?;
    let json_len = c.u32("JSON chunk length")?;
    let json_type = c.u32("JSON chunk type")?;
    if json_type != CHUNK_JSON {
        return Err(crate::bytes::ParseError::bad_value(
            16usize,
            "JSON chunk type",
            format!("0x{json_type:08X}, not JSON"),
        )
        .into());
    }
    let json = c.bytes(usize::try_from(json_len).unwrap_or(usize::MAX), "JSON chunk")?;
    let mut bin = None;
    if c.remaining() >= 8 {
        let bin_len = c.u32("BIN chunk length")?;
        let bin_type = c.u32("BIN chunk type")?;
        // Chunks of other types are extensions' business; only BIN is read.
        if bin_type == CHUNK_BIN {
            bin = Some(c.bytes(usize::try_from(bin_len).unwrap_or(usize::MAX), "BIN chunk")?);
        }
    }
    Ok((json, bin))
}
