//! One zip archive of several files, so a result of several files is one download (browsers cap bursts
//! of downloads: an OBJ export with 16 textures arrived 10 files short).
//!
//! A small writer rather than the `zip` crate: the page only ever *writes* a flat archive of a few files
//! it already holds in memory, which is a local header and a central-directory entry per file and an
//! end record (PKWARE APPNOTE 6.3.10, sections 4.3.7, 4.3.12, 4.3.16). Deflate comes from `flate2` with
//! its pure-Rust `miniz_oxide` backend and the checksum from `crc32fast`, both already in the module
//! through `png`, so the archive adds no dependency and no C code. A file is stored when deflating does
//! not make it smaller (PNG and GLB data). No ZIP64: the module's memory (wasm32) holds under 4 GiB, and
//! sizes past `u32::MAX` are refused. The time stamp is fixed (1980-01-01 00:00), so the same files give
//! the same bytes.

use flate2::write::DeflateEncoder;
use flate2::Compression;
use std::io::Write;

/// DOS date 1980-01-01: day 1, month 1, year 0 (1980); time 00:00:00.
const DOS_DATE: u16 = (1 << 5) | 1;
const DOS_TIME: u16 = 0;
/// Version 2.0: deflate; bit 11 of the flags: names are UTF-8.
const VERSION: u16 = 20;
const UTF8_NAMES: u16 = 1 << 11;

/// Archives `files` (name, bytes) in order. Fails only when a size or count exceeds the format's 32-bit
/// fields (impossible in wasm32's memory, checked anyway).
pub fn archive(files: &[(String, Vec<u8>)]) -> Result<Vec<u8>, String> {
    let too_big =
        |what: &str| format!("cannot zip {what}: over the zip format's 4 GiB limit (no ZIP64 here)");
    let mut out = Vec::new();
    let mut central = Vec::new();
    for (name, data) in files {
        let deflated = deflate(data);
        let (method, body) = match &deflated {
            Some(d) if d.len() < data.len() => (8u16, d.as_slice()),
            _ => (0u16, data.as_slice()),
        };
        let crc = crc32fast::hash(data);
        let size = u32::try_from(data.len()).map_err(|_| too_big(name))?;
        let packed = u32::try_from(body.len()).map_err(|_| too_big(name))?;
        let name_len =
            u16::try_from(name.len()).map_err(|_| format!("cannot zip {name}: its name is too long"))?;
        let offset = u32::try_from(out.len()).map_err(|_| too_big("the archive"))?;
        // Local file header (4.3.7).
        out.extend_from_slice(&0x0403_4b50u32.to_le_bytes());
        for v in [VERSION, UTF8_NAMES, method, DOS_TIME, DOS_DATE] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for v in [crc, packed, size] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&name_len.to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes()); // extra field length
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(body);
        // Central directory entry (4.3.12).
        central.extend_from_slice(&0x0201_4b50u32.to_le_bytes());
        for v in [VERSION, VERSION, UTF8_NAMES, method, DOS_TIME, DOS_DATE] {
            central.extend_from_slice(&v.to_le_bytes());
        }
        for v in [crc, packed, size] {
            central.extend_from_slice(&v.to_le_bytes());
        }
        // name length, extra, comment, disk number, internal attributes
        for v in [name_len, 0, 0, 0, 0] {
            central.extend_from_slice(&v.to_le_bytes());
        }
        central.extend_from_slice(&0u32.to_le_bytes()); // external attributes
        central.extend_from_slice(&offset.to_le_bytes());
        central.extend_from_slice(name.as_bytes());
    }
    let count = u16::try_from(files.len()).map_err(|_| "cannot zip over 65,535 files".to_string())?;
    let central_at = u32::try_from(out.len()).map_err(|_| too_big("the archive"))?;
    let central_len = u32::try_from(central.len()).map_err(|_| too_big("the archive"))?;
    out.extend_from_slice(&central);
    // End of central directory record (4.3.16).
    out.extend_from_slice(&0x0605_4b50u32.to_le_bytes());
    for v in [0u16, 0, count, count] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&central_len.to_le_bytes());
    out.extend_from_slice(&central_at.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes()); // comment length
    Ok(out)
}

/// The names of the files in an archive, from its central directory; `None` when `zip` is not one this
/// writer made (no end record where it puts it, or an entry that runs past the end).
pub fn names(zip: &[u8]) -> Option<Vec<String>> {
    let u16_at = |at: usize| zip.get(at..at.checked_add(2)?).map(|b| u16::from_le_bytes([b[0], b[1]]));
    let u32_at =
        |at: usize| zip.get(at..at.checked_add(4)?).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
    let end = zip.len().checked_sub(22)?;
    if u32_at(end)? != 0x0605_4b50 {
        return None;
    }
    let mut at = usize::try_from(u32_at(end + 16)?).ok()?;
    let mut names = Vec::new();
    for _ in 0..u16_at(end + 10)? {
        if u32_at(at)? != 0x0201_4b50 {
            return None;
        }
        let len = usize::from(u16_at(at + 28)?);
        let name = zip.get(at + 46..at + 46 + len)?;
        names.push(String::from_utf8_lossy(name).into_owned());
        at += 46 + len;
    }
    Some(names)
}

/// Raw deflate (no zlib header), or `None` if the encoder fails (it cannot on a Vec; stored instead).
fn deflate(data: &[u8]) -> Option<Vec<u8>> {
    let mut e = DeflateEncoder::new(Vec::new(), Compression::default());
    e.write_all(data).ok()?;
    e.finish().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use flate2::read::DeflateDecoder;
    use std::io::Read;

    /// Reads an archive back by its central directory, as an unzip tool does.
    fn read(zip: &[u8]) -> Vec<(String, Vec<u8>)> {
        let u16_at = |at: usize| u16::from_le_bytes([zip[at], zip[at + 1]]);
        let u32_at =
            |at: usize| u32::from_le_bytes([zip[at], zip[at + 1], zip[at + 2], zip[at + 3]]) as usize;
        let end = zip.len() - 22;
        assert_eq!(u32_at(end), 0x0605_4b50);
        let mut at = u32_at(end + 16);
        let mut files = Vec::new();
        for _ in 0..u16_at(end + 10) {
            assert_eq!(u32_at(at), 0x0201_4b50);
            let (method, crc, packed, size) =
                (u16_at(at + 10), u32_at(at + 16), u32_at(at + 20), u32_at(at + 24));
            let name_len = usize::from(u16_at(at + 28));
            let name = String::from_utf8(zip[at + 46..at + 46 + name_len].to_vec()).unwrap();
            let local = u32_at(at + 42);
            assert_eq!(u32_at(local), 0x0403_4b50);
            let body_at = local + 30 + usize::from(u16_at(local + 26)) + usize::from(u16_at(local + 28));
            let body = &zip[body_at..body_at + packed];
            let data = if method == 8 {
                let mut d = Vec::new();
                DeflateDecoder::new(body).read_to_end(&mut d).unwrap();
                d
            } else {
                body.to_vec()
            };
            assert_eq!((data.len(), usize::try_from(crc32fast::hash(&data)).unwrap()), (size, crc), "{name}");
            files.push((name, data));
            at += 46 + name_len;
        }
        files
    }

    #[test]
    fn archives_read_back_deflated_or_stored_and_the_same_files_give_the_same_bytes() {
        let text = b"v 0 0 0\n".repeat(500);
        let noise: Vec<u8> = (0u32..3000).map(|i| i.wrapping_mul(2_654_435_761).to_le_bytes()[1]).collect();
        let files = vec![
            ("s.obj".to_string(), text.clone()),
            ("s_0.png".to_string(), noise.clone()),
            ("empty.mtl".to_string(), Vec::new()),
        ];
        let zip = archive(&files).unwrap();
        assert_eq!(read(&zip), files);
        assert_eq!(names(&zip).unwrap(), ["s.obj", "s_0.png", "empty.mtl"]);
        assert_eq!(names(&zip[..zip.len() - 1]), None);
        assert!(zip.len() < text.len(), "the text was not deflated: {} bytes", zip.len());
        assert_eq!(archive(&files).unwrap(), zip);
    }
}
