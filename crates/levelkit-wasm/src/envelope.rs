//! The bytes that cross between the page and the module: a JSON header, then files.
//!
//! Both directions: `u32` little-endian length, the header (UTF-8 JSON), then per file a `u32` length and
//! its bytes. A request's header names its files (`inputs`, in order); a reply's names its outputs.

use serde_json::Value;

/// A decoded envelope.
#[derive(Debug, Default, PartialEq)]
pub struct Envelope {
    pub header: Value,
    pub files: Vec<Vec<u8>>,
}

impl Envelope {
    /// Reads an envelope, checking every length against what is there.
    pub fn decode(data: &[u8]) -> Result<Envelope, String> {
        let mut rest = data;
        let header = take(&mut rest, "header").and_then(|h| {
            serde_json::from_slice(h).map_err(|e| format!("the request header is not JSON: {e}"))
        })?;
        let mut files = Vec::new();
        while !rest.is_empty() {
            files.push(take(&mut rest, "file")?.to_vec());
        }
        Ok(Envelope { header, files })
    }

    /// [`Envelope::decode`], but the file whose role (the header's `inputs`) is `role` is not copied: the
    /// request's own buffer becomes it (its bytes moved to the front, the rest cut off), and its place
    /// in `files` is left empty. A disc image of hundreds of megabytes is then in memory once.
    pub fn decode_taking(data: Vec<u8>, role: &str) -> Result<(Envelope, Option<Vec<u8>>), String> {
        let mut rest = data.as_slice();
        let header: Value = take(&mut rest, "header").and_then(|h| {
            serde_json::from_slice(h).map_err(|e| format!("the request header is not JSON: {e}"))
        })?;
        let wanted =
            header["inputs"].as_array().and_then(|a| a.iter().position(|r| r.as_str() == Some(role)));
        let (mut files, mut taken) = (Vec::new(), None);
        while !rest.is_empty() {
            let file = take(&mut rest, "file")?;
            if Some(files.len()) == wanted {
                // Where it lies in `data`: just before what is left.
                let start = data.len() - rest.len() - file.len();
                taken = Some(start..start + file.len());
                files.push(Vec::new());
            } else {
                files.push(file.to_vec());
            }
        }
        let image = taken.map(|range| {
            let mut data = data;
            data.truncate(range.end);
            data.drain(..range.start);
            data
        });
        Ok((Envelope { header, files }, image))
    }

    pub fn encode(&self) -> Vec<u8> {
        let header = self.header.to_string();
        let size = 4 + header.len() + self.files.iter().map(|f| 4 + f.len()).sum::<usize>();
        let mut out = Vec::with_capacity(size);
        put(&mut out, header.as_bytes());
        for f in &self.files {
            put(&mut out, f);
        }
        out
    }
}

fn take<'a>(rest: &mut &'a [u8], what: &str) -> Result<&'a [u8], String> {
    let (len, tail) = rest
        .split_first_chunk::<4>()
        .ok_or_else(|| format!("the request's {what} length is cut short ({} bytes left)", rest.len()))?;
    let len = usize::try_from(u32::from_le_bytes(*len)).unwrap_or(usize::MAX);
    let body = tail
        .get(..len)
        .ok_or_else(|| format!("the request's {what} says {len} bytes, {} are left", tail.len()))?;
    *rest = &tail[len..];
    Ok(body)
}

fn put(out: &mut Vec<u8>, bytes: &[u8]) {
    // Files over 4 GiB cannot exist in wasm32's memory.
    out.extend_from_slice(&u32::try_from(bytes.len()).unwrap_or(u32::MAX).to_le_bytes());
    out.extend_from_slice(bytes);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_refuses_short_lengths() {
        let e =
            Envelope { header: serde_json::json!({"command": "info"}), files: vec![b"abc".to_vec(), vec![]] };
        let bytes = e.encode();
        assert_eq!(Envelope::decode(&bytes).unwrap(), e);
        let err = Envelope::decode(&bytes[..bytes.len() - 5]).unwrap_err();
        assert!(err.contains("file says 3 bytes, 2 are left"), "{err}");
        assert!(Envelope::decode(&[1, 0]).unwrap_err().contains("header length is cut short"));
    }

    #[test]
    fn a_file_taken_is_the_requests_own_buffer() {
        let e = Envelope {
            header: serde_json::json!({"inputs": ["level", "image"]}),
            files: vec![b"abc".to_vec(), b"the image".to_vec()],
        };
        let bytes = e.encode();
        let (decoded, image) = Envelope::decode_taking(bytes.clone(), "image").unwrap();
        assert_eq!(image.as_deref(), Some(&b"the image"[..]));
        assert_eq!(decoded.files, [b"abc".to_vec(), Vec::new()]);
        let (_, none) = Envelope::decode_taking(bytes.clone(), "sheet").unwrap();
        assert_eq!(none, None);
        assert!(Envelope::decode_taking(bytes[..bytes.len() - 1].to_vec(), "image").is_err());
    }
}
