//! Reading a `LEVELnn.BIN` file: the walk the game's loader makes, every count checked against the bytes
//! left before anything is allocated for it.
#![deny(clippy::indexing_slicing)]

use super::raw::{BlobHeader, FaceSectionHeader};
use super::*;
use crate::bytes::{arrays, to_usize, Cursor, Le, ParseError, Problem};
use crate::record::Record;

type C<'a> = Cursor<'a, Le>;

/// Decodes `bytes` (whose length the caller has checked is a multiple of `N`) as records of `N` bytes.
/// `N` is `T`'s size, given as a constant so that each record is decoded from an array.
#[inline]
fn records<const N: usize, T: Record<Bytes = [u8; N]>>(bytes: &[u8]) -> Vec<T> {
    let mut out = Vec::with_capacity(bytes.len() / N);
    for chunk in bytes.chunks_exact(N) {
        if let Some(rec) = chunk.first_chunk::<N>() {
            out.push(T::decode(rec));
        }
    }
    out
}

/// Reads `u32 n` and checks that `n` records of `size` bytes follow; returns `n` and their byte length.
/// A count the file cannot hold is reported at the count's own offset.
fn count_of(c: &mut C<'_>, what: &str, size: usize) -> Result<(u32, usize), ParseError> {
    let at = c.pos();
    let n = c.u32(|| format!("{what} count"))?;
    let len = c.check_records(u64::from(n), size as u64, "").map_err(|e| {
        // Records a LEVEL file could hold that run past the end: the file ends early (a truncation, so that
        // opening it can say "cut short"); a count no file could hold is a broken count.
        if let Problem::Truncated { needed, left } = e.problem {
            if needed <= super::MAX_FILE_LEN {
                let what = || format!("{what} count ({n} records of {size} bytes)");
                return ParseError::truncated(at, what, needed, left);
            }
        }
        let need = match e.problem {
            Problem::Truncated { needed, left } => format!("need {needed} bytes, {left} are left"),
            other => other.to_string(),
        };
        ParseError::new(
            at,
            || format!("{what} count"),
            Problem::Count(format!("count {n} (0x{n:x}): {n} records of {size} bytes {need}")),
        )
    })?;
    Ok((n, len))
}

/// Reads `u32 n` then `n` records of `N` bytes.
fn counted<const N: usize, T: Record<Bytes = [u8; N]>>(
    c: &mut C<'_>,
    what: &'static str,
) -> Result<Vec<T>, ParseError> {
    let (_, len) = count_of(c, what, N)?;
    Ok(records::<N, T>(c.bytes(len, what)?))
}

/// Whether the first portal's bytes read better as 32-bit values than as s16 corners, as LEVEL08.BIN's do
/// (0xfffe5c00, 0xfffffe80, …): each of its eight words is a small number (its high halfword 0x0000,
/// 0x0001, 0xfffe or 0xffff, a sign extension) and at least one is negative. Real corners are multiples of
/// 256, so a high halfword (y, or a flags field) of 0xfffe or 0xffff is not expected there. A heuristic.
fn first_quad_reads_as_words(quad: &[u8]) -> bool {
    let Some(quad) = quad.get(..32) else { return false };
    let words = arrays(quad.chunks_exact(4)).map(i32::from_le_bytes);
    let mut negative = false;
    for value in words {
        if !(-0x2_0000..0x2_0000).contains(&value) {
            return false;
        }
        negative |= value < 0;
    }
    negative
}

/// Whether `data` is shaped like LEVEL08.BIN: no never-used records, at least one portal, and a first
/// portal that reads as 32-bit values. Such a file does not follow the seed's layout; [`Level::parse`]
/// fails on it with an error that says so.
pub fn looks_like_level08(data: &[u8]) -> bool {
    let mut c = C::new(data);
    let (Ok(0), Ok(quads)) = (c.u32("n"), c.u32("quads")) else { return false };
    quads >= 1 && c.check_records(u64::from(quads), PORTAL_SIZE as u64, "quads").is_ok() && {
        let quad = data.get(8..).unwrap_or(&[]);
        first_quad_reads_as_words(quad)
    }
}

/// Content detection, cheap (a walk over the counts and blob lengths; no face is decoded): a small
/// never-used count, portal, record and room counts that fit, byte lists, pad, sizes and per-room blob
/// lengths that fit, and a texture table that ends exactly at the end of the file. A big-endian file whose
/// first word is its length, or random bytes, fail the first checks. A LEVEL08-shaped file is accepted so
/// that parsing can say what is wrong with it.
pub fn looks_like(data: &[u8]) -> bool {
    structure_fits(data).unwrap_or(false) || looks_like_level08(data)
}

fn structure_fits(data: &[u8]) -> Option<bool> {
    let mut c = C::new(data);
    let unused = c.u32("n").ok()?;
    if unused > 64 {
        return Some(false);
    }
    for size in [UNUSED_RECORD_SIZE, PORTAL_SIZE, BOX_SIZE] {
        let n = if size == UNUSED_RECORD_SIZE { unused } else { c.u32("n").ok()? };
        let len = c.check_records(u64::from(n), size as u64, "records").ok()?;
        c.bytes(len, "records").ok()?;
    }
    let rooms = c.u32("rooms").ok()?;
    if rooms == 0 || rooms > 4096 {
        return Some(false);
    }
    let len = c.check_records(u64::from(rooms), ROOM_SIZE as u64, "rooms").ok()?;
    c.bytes(len, "rooms").ok()?;
    let mut list_bytes = 0usize;
    for _ in 0..rooms {
        let n = c.u8("count").ok()?;
        c.bytes(usize::from(n), "list").ok()?;
        list_bytes += 1 + usize::from(n);
    }
    c.bytes(4 - list_bytes % 4, "pad").ok()?;
    let len = c.check_records(u64::from(rooms), 4, "sizes").ok()?;
    c.bytes(len, "sizes").ok()?;
    for _ in 0..rooms {
        let n = c.u32("blobs").ok()?;
        let len = c.check_records(u64::from(n), 4, "lens").ok()?;
        let lens = c.bytes(len, "lens").ok()?;
        for l in arrays(lens.chunks_exact(4)).map(u32::from_le_bytes) {
            let l = to_usize(l);
            if l < BLOB_HEADER_SIZE + FACE_SECTION_HEADER_SIZE {
                return Some(false);
            }
            c.bytes(l, "blob").ok()?;
        }
    }
    let m = c.u32("m").ok()?;
    Some(u64::from(m).checked_mul(TEXTURE_SIZE as u64)? == c.remaining() as u64)
}

impl Level {
    /// Reads a whole file. Fails with the byte offset, the section and what was wrong; never panics.
    pub fn parse(data: &[u8]) -> Result<Level, ParseError> {
        let mut c = C::new(data);
        let unused = counted::<UNUSED_RECORD_SIZE, _>(&mut c, "never-used 56-byte record")?;
        let portals_at = c.pos();
        let portals: Vec<Portal> = counted::<PORTAL_SIZE, _>(&mut c, "portal")?;
        let boxes = counted::<BOX_SIZE, _>(&mut c, "24-byte record").map_err(|e| {
            // LEVEL08.BIN: its first quad reads as 32-bit values and this count is not a count.
            let quad = data.get(portals_at + 4..).unwrap_or(&[]);
            if unused.is_empty() && !portals.is_empty() && first_quad_reads_as_words(quad) {
                let mut e = e;
                e.problem = Problem::Unsupported(format!(
                    "{}; the first portal reads as 32-bit values: the file is shaped like LEVEL08.BIN, \
                     which does not follow the known LEVEL layout",
                    e.problem
                ));
                e
            } else {
                e
            }
        })?;
        let (_, len) = count_of(&mut c, "room", ROOM_SIZE)?;
        let records: Vec<RoomRecord> = records::<ROOM_SIZE, _>(c.bytes(len, "rooms")?);

        let mut byte_lists = Vec::with_capacity(records.len());
        let mut list_bytes = 0usize;
        for i in 0..records.len() {
            let n = c.u8(|| format!("room {i} byte list count"))?;
            let stored = c.bytes(usize::from(n), || format!("room {i} byte list ({n} bytes)"))?.to_vec();
            list_bytes += 1 + usize::from(n);
            byte_lists.push(ByteList { stored });
        }
        let pad = c.bytes(4 - list_bytes % 4, "alignment pad after the byte lists")?.to_vec();

        let len = c.check_records(records.len() as u64, 4, "geometry sizes")?;
        let sizes = c.bytes(len, "geometry sizes")?;
        let mut rooms = Vec::with_capacity(records.len());
        let geometry_sizes = arrays(sizes.chunks_exact(4)).map(u32::from_le_bytes);
        for (i, ((record, byte_list), geometry_size)) in
            records.into_iter().zip(byte_lists).zip(geometry_sizes).enumerate()
        {
            let blobs = room_geometry(&mut c).map_err(|e| e.within(format!("room {i} geometry")))?;
            rooms.push(Room { record, byte_list, geometry_size, blobs });
        }

        let textures = counted::<TEXTURE_SIZE, _>(&mut c, "texture table")?;
        let trailing = c.bytes(c.remaining(), "trailing bytes")?.to_vec();
        Ok(Level { unused, portals, boxes, rooms, pad, textures, trailing })
    }
}

/// One room's geometry section: `u32 n; u32 len[n]; n blobs`.
fn room_geometry(c: &mut C<'_>) -> Result<Vec<Blob>, ParseError> {
    let (_, len) = count_of(c, "blob", 4)?;
    let lens = c.bytes(len, "blob lengths")?;
    let mut blobs = Vec::with_capacity(lens.len() / 4);
    for (j, l) in arrays(lens.chunks_exact(4)).map(u32::from_le_bytes).enumerate() {
        let l = to_usize(l);
        let at = c.pos();
        let bytes = c.bytes(l, || format!("blob {j} ({l} bytes)"))?;
        blobs.push(blob(bytes, at).map_err(|e| e.within(format!("blob {j}")))?);
    }
    Ok(blobs)
}

/// A blob: `bytes` is exactly its `len` bytes, starting at file offset `base`.
fn blob(bytes: &[u8], base: usize) -> Result<Blob, ParseError> {
    let header: &[u8; BLOB_HEADER_SIZE] = bytes
        .first_chunk()
        .ok_or_else(|| ParseError::truncated(base, "header", BLOB_HEADER_SIZE as u64, bytes.len() as u64))?;
    let header = BlobHeader::decode(header);
    let vertex_count = header.vertex_count;
    let faces_at = to_usize(header.faces_at);
    let vertex_bytes = usize::try_from(vertex_count)
        .ok()
        .and_then(|n| n.checked_mul(VERTEX_SIZE))
        .and_then(|len| bytes.get(BLOB_HEADER_SIZE..)?.get(..len))
        .ok_or_else(|| {
            ParseError::truncated(
                base + BLOB_HEADER_SIZE,
                || format!("vertices ({vertex_count} of {VERTEX_SIZE} bytes)"),
                u64::from(vertex_count) * VERTEX_SIZE as u64,
                (bytes.len() - BLOB_HEADER_SIZE) as u64,
            )
        })?;
    let vertices_end = BLOB_HEADER_SIZE + vertex_bytes.len();
    let Some(gap) = bytes.get(vertices_end..faces_at) else {
        return Err(ParseError::new(
            base + BlobHeader::FIELD.faces_at.offset,
            "faces_at",
            Problem::OutOfRange(format!(
                "faces at {faces_at} (0x{faces_at:x}) is not between the end of the vertices ({vertices_end}) \
                 and the end of the {}-byte blob",
                bytes.len()
            )),
        ));
    };
    let vertices = records::<VERTEX_SIZE, _>(vertex_bytes);
    let gap = gap.to_vec();

    let mut sections = Vec::new();
    let mut pos = faces_at;
    let end_count = loop {
        let at = base + pos;
        let head = bytes.get(pos..).and_then(<[u8]>::first_chunk).ok_or_else(|| {
            ParseError::truncated(
                at,
                || {
                    format!(
                        "face section {} header (no 0xFF end marker before the blob's end)",
                        sections.len()
                    )
                },
                FACE_SECTION_HEADER_SIZE as u64,
                (bytes.len() - pos) as u64,
            )
        })?;
        let FaceSectionHeader { kind, count } = FaceSectionHeader::decode(head);
        pos += FACE_SECTION_HEADER_SIZE;
        if kind == KIND_END {
            break count;
        }
        let len = usize::from(count) * FACE_SIZE;
        let faces = bytes.get(pos..pos + len).ok_or_else(|| {
            ParseError::truncated(
                base + pos,
                || format!("face section {} ({count} faces of kind 0x{kind:02x})", sections.len()),
                len as u64,
                (bytes.len() - pos) as u64,
            )
        })?;
        sections.push(match kind {
            KIND_QUADS => FaceSection::Quads(records::<FACE_SIZE, _>(faces)),
            KIND_TRIANGLES => FaceSection::Triangles(records::<TRIANGLE_SIZE, _>(faces)),
            _ => {
                return Err(ParseError::new(
                    at,
                    || format!("face section {}", sections.len()),
                    Problem::BadValue(format!(
                        "face kind 0x{kind:04x} is not one the format is known to have \
                         (0x60 triangles, 0x61 quads, 0xFF end)"
                    )),
                ))
            }
        });
        pos += len;
    };
    let BlobHeader { link, min, unknown_0a, max, unknown_12, .. } = header;
    Ok(Blob {
        link,
        min,
        unknown_0a,
        max,
        unknown_12,
        vertices,
        gap,
        sections,
        end_count,
        tail: bytes.get(pos..).unwrap_or_default().to_vec(),
    })
}
