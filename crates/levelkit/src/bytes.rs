//! Checked byte reads and writes shared by every format.
//!
//! Parsing never indexes a slice directly: every read goes through [`Cursor`], which checks the range
//! first and, when it is short, returns a [`ParseError`] that names the byte offset, what was being read
//! and what was wrong. Counts read from a file never size an allocation before the bytes they promise
//! have been checked to exist ([`Cursor::check_records`]).
//!
//! [`Writer`] is the twin: it appends fields and lets the caller assert that each section starts where
//! the layout said it would ([`Writer::expect_pos`]).
#![deny(clippy::indexing_slicing)]

use std::fmt;
use std::marker::PhantomData;

/// Byte order of a format. Zero-sized: the choice is made at compile time, once per format, and
/// [`Cursor`], [`Writer`] and the record layer ([`crate::record`]) all read and write in it.
pub trait Endian: Copy + Default + fmt::Debug + 'static {
    /// Reads a u16 from its two bytes in file order.
    fn u16(b: [u8; 2]) -> u16;
    /// Reads a u32 from its four bytes in file order.
    fn u32(b: [u8; 4]) -> u32;
    /// A u16's two bytes in file order.
    fn u16_bytes(v: u16) -> [u8; 2];
    /// A u32's four bytes in file order.
    fn u32_bytes(v: u32) -> [u8; 4];
}

/// Big-endian (Sonic Heroes `.cl`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Be;

/// Little-endian (PlayStation files).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Le;

impl Endian for Be {
    #[inline]
    fn u16(b: [u8; 2]) -> u16 {
        u16::from_be_bytes(b)
    }
    #[inline]
    fn u32(b: [u8; 4]) -> u32 {
        u32::from_be_bytes(b)
    }
    #[inline]
    fn u16_bytes(v: u16) -> [u8; 2] {
        v.to_be_bytes()
    }
    #[inline]
    fn u32_bytes(v: u32) -> [u8; 4] {
        v.to_be_bytes()
    }
}

impl Endian for Le {
    #[inline]
    fn u16(b: [u8; 2]) -> u16 {
        u16::from_le_bytes(b)
    }
    #[inline]
    fn u32(b: [u8; 4]) -> u32 {
        u32::from_le_bytes(b)
    }
    #[inline]
    fn u16_bytes(v: u16) -> [u8; 2] {
        v.to_le_bytes()
    }
    #[inline]
    fn u32_bytes(v: u32) -> [u8; 4] {
        v.to_le_bytes()
    }
}

/// What went wrong at a byte offset: a kind a caller can match, each with the text it prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The read needed more bytes than the input has left.
    Truncated {
        /// Bytes the read needed.
        needed: u64,
        /// Bytes the input had left at that offset.
        left: u64,
    },
    /// An offset or range points outside the input, or into a part it may not (the header, another
    /// section, past a list's end).
    OutOfRange(String),
    /// A count or size the bytes there, the address space or levelkit's limits cannot hold.
    Count(String),
    /// A value the format does not have (an unknown kind, a wrong magic number, text that is not text).
    BadValue(String),
    /// A file of a kind or layout levelkit does not read (LEVEL08.BIN's, a Wii disc, a Form 2 sector).
    Unsupported(String),
    /// The input could not be read at all (an I/O error, or a library failing on it).
    Io(String),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Truncated { needed, left } => {
                write!(f, "needed {needed} bytes, {left} left")
            }
            Problem::OutOfRange(msg)
            | Problem::Count(msg)
            | Problem::BadValue(msg)
            | Problem::Unsupported(msg)
            | Problem::Io(msg) => f.write_str(msg),
        }
    }
}

/// A byte offset as the integer type a reader holds it in (`usize` positions, `u64` image offsets).
pub trait ByteOffset {
    /// The offset as a `u64`; a `usize` too large for one saturates to `u64::MAX`.
    fn byte_offset(self) -> u64;
}

impl ByteOffset for u64 {
    fn byte_offset(self) -> u64 {
        self
    }
}

impl ByteOffset for usize {
    fn byte_offset(self) -> u64 {
        u64::try_from(self).unwrap_or(u64::MAX)
    }
}

/// A parse failure: where (byte offset), what was being read, and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("at byte {offset} (0x{offset:x}), reading {what}: {problem}")]
#[non_exhaustive]
pub struct ParseError {
    /// Absolute byte offset in the input where the failing read started.
    pub offset: u64,
    /// What was being read, outermost first (`"room 3 geometry blob 1 face section"`).
    pub what: String,
    /// What was wrong; match on its kind, print it for the message.
    pub problem: Problem,
}

impl ParseError {
    /// An error at `offset` while reading `what`.
    pub fn new(offset: impl ByteOffset, what: impl Describe, problem: Problem) -> Self {
        ParseError { offset: offset.byte_offset(), what: what.describe(), problem }
    }

    /// A [`Problem::Truncated`]: the read at `offset` needed `needed` bytes and only `left` were there.
    pub fn truncated(offset: impl ByteOffset, what: impl Describe, needed: u64, left: u64) -> Self {
        ParseError::new(offset, what, Problem::Truncated { needed, left })
    }

    /// A [`Problem::OutOfRange`]: an offset or range that points outside what it must lie in.
    pub fn out_of_range(offset: impl ByteOffset, what: impl Describe, msg: impl Into<String>) -> Self {
        ParseError::new(offset, what, Problem::OutOfRange(msg.into()))
    }

    /// A [`Problem::Count`]: a count or size the data cannot hold.
    pub fn count(offset: impl ByteOffset, what: impl Describe, msg: impl Into<String>) -> Self {
        ParseError::new(offset, what, Problem::Count(msg.into()))
    }

    /// A [`Problem::BadValue`]: a value impossible for the format.
    pub fn bad_value(offset: impl ByteOffset, what: impl Describe, msg: impl Into<String>) -> Self {
        ParseError::new(offset, what, Problem::BadValue(msg.into()))
    }

    /// A [`Problem::Unsupported`]: valid for the format, but not something levelkit reads.
    pub fn unsupported(offset: impl ByteOffset, what: impl Describe, msg: impl Into<String>) -> Self {
        ParseError::new(offset, what, Problem::Unsupported(msg.into()))
    }

    /// A [`Problem::Io`]: reading the bytes themselves failed.
    pub fn io(offset: impl ByteOffset, what: impl Describe, msg: impl Into<String>) -> Self {
        ParseError::new(offset, what, Problem::Io(msg.into()))
    }

    /// Prefixes the context with an outer one: `within("room 3")` turns `"blob 1"` into `"room 3 blob 1"`.
    pub fn within(mut self, outer: impl Describe) -> Self {
        let outer = outer.describe();
        if !outer.is_empty() {
            self.what = format!("{outer} {}", self.what);
        }
        self
    }
}

/// Something that names what is being read. Plain strings cost nothing; closures build a message only
/// when an error actually happens.
pub trait Describe {
    /// The text, built only now (an error is being made).
    fn describe(self) -> String;
}

impl Describe for &str {
    fn describe(self) -> String {
        self.to_owned()
    }
}

impl Describe for String {
    fn describe(self) -> String {
        self
    }
}

impl Describe for &String {
    fn describe(self) -> String {
        self.clone()
    }
}

impl<F: FnOnce() -> String> Describe for F {
    fn describe(self) -> String {
        self()
    }
}

/// A bounds-checked reading position over a whole input. Offsets in errors are absolute.
#[derive(Clone, Copy, Debug)]
pub struct Cursor<'a, E: Endian> {
    data: &'a [u8],
    pos: usize,
    _endian: PhantomData<E>,
}

impl<'a, E: Endian> Cursor<'a, E> {
    /// A cursor at the start of `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Cursor { data, pos: 0, _endian: PhantomData }
    }

    /// A cursor at `pos`; fails (with `what`) if `pos` is past the end.
    pub fn at(data: &'a [u8], pos: usize, what: impl Describe) -> Result<Self, ParseError> {
        if pos > data.len() {
            let msg = format!("offset {pos} (0x{pos:x}) is past the end of the {}-byte input", data.len());
            return Err(ParseError::new(pos, what, Problem::OutOfRange(msg)));
        }
        Ok(Cursor { data, pos, _endian: PhantomData })
    }

    /// The absolute position of the next read.
    #[inline]
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Bytes left after the position (0 when the position is at or past the end).
    #[inline]
    pub fn remaining(&self) -> usize {
        self.data.len().saturating_sub(self.pos)
    }

    /// The whole input, whatever the position.
    #[inline]
    pub fn data(&self) -> &'a [u8] {
        self.data
    }

    /// Takes `len` bytes.
    #[inline]
    pub fn bytes(&mut self, len: usize, what: impl Describe) -> Result<&'a [u8], ParseError> {
        let start = self.pos;
        match start.checked_add(len).and_then(|end| self.data.get(start..end)) {
            Some(s) => {
                self.pos = start + len;
                Ok(s)
            }
            None => Err(ParseError::truncated(start, what, len as u64, self.remaining() as u64)),
        }
    }

    /// Takes a fixed-size array.
    #[inline]
    pub fn array<const N: usize>(&mut self, what: impl Describe) -> Result<[u8; N], ParseError> {
        let start = self.pos;
        match self.data.get(start..).and_then(|rest| rest.first_chunk::<N>()) {
            Some(a) => {
                self.pos = start + N;
                Ok(*a)
            }
            None => Err(ParseError::truncated(start, what, N as u64, self.remaining() as u64)),
        }
    }

    /// Reads a u8.
    #[inline]
    pub fn u8(&mut self, what: impl Describe) -> Result<u8, ParseError> {
        Ok(self.array::<1>(what)?[0])
    }
    /// Reads a u16 in the format's byte order.
    #[inline]
    pub fn u16(&mut self, what: impl Describe) -> Result<u16, ParseError> {
        Ok(E::u16(self.array(what)?))
    }
    /// Reads an i16 (two's complement) in the format's byte order.
    #[inline]
    pub fn i16(&mut self, what: impl Describe) -> Result<i16, ParseError> {
        Ok(E::u16(self.array(what)?) as i16)
    }
    /// Reads a u32 in the format's byte order.
    #[inline]
    pub fn u32(&mut self, what: impl Describe) -> Result<u32, ParseError> {
        Ok(E::u32(self.array(what)?))
    }
    /// Reads an i32 (two's complement) in the format's byte order.
    #[inline]
    pub fn i32(&mut self, what: impl Describe) -> Result<i32, ParseError> {
        Ok(E::u32(self.array(what)?) as i32)
    }
    /// Reads an f32 by its bits in the format's byte order (NaN payloads and -0.0 kept).
    #[inline]
    pub fn f32(&mut self, what: impl Describe) -> Result<f32, ParseError> {
        Ok(f32::from_bits(E::u32(self.array(what)?)))
    }

    /// Checks that `count` records of `size` bytes fit in what is left, before anything is allocated for
    /// them. Returns the number of bytes they take.
    pub fn check_records(&self, count: u64, size: u64, what: impl Describe) -> Result<usize, ParseError> {
        let left = self.remaining() as u64;
        match count.checked_mul(size) {
            Some(total) => match usize::try_from(total) {
                Ok(n) if n <= self.remaining() => Ok(n),
                _ => Err(ParseError::truncated(self.pos, what, total, left)),
            },
            None => Err(ParseError::new(
                self.pos,
                what,
                Problem::Count(format!("{count} records of {size} bytes overflow the address space")),
            )),
        }
    }
}

/// The fixed-size groups of a `chunks_exact(N)` or `windows(N)` walk as arrays, so a reader names its
/// fields (`|[a, b, c]|`) instead of indexing.
pub fn arrays<'a, T: Copy + 'a, const N: usize>(
    slices: impl Iterator<Item = &'a [T]> + 'a,
) -> impl Iterator<Item = [T; N]> + 'a {
    slices.filter_map(|s| <[T; N]>::try_from(s).ok())
}

/// Converts a u32 offset or count from a file to `usize` (never truncates on the supported platforms).
#[inline]
pub fn to_usize(v: u32) -> usize {
    usize::try_from(v).unwrap_or(usize::MAX)
}

/// An error of the writing direction: the model cannot be laid out as bytes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WriteError {
    /// A value does not fit the field the format gives it.
    #[error("{what}: {value} does not fit in {field}")]
    TooLarge {
        /// The model path whose value it is (`"rooms[3].byte_list"`).
        what: String,
        /// The value that does not fit.
        value: u64,
        /// The field's type as the format declares it (`"u32"`, `"u8 count"`).
        field: &'static str,
    },
    /// The model is inconsistent in a way the format cannot store.
    #[error("{what}: {msg}")]
    Inconsistent {
        /// The model item at fault.
        what: String,
        /// Why it cannot be written.
        msg: String,
    },
    /// Internal check: a section did not start where the layout put it.
    #[error("internal layout error: {what} starts at {actual}, the layout said {expected}")]
    Layout {
        /// The section or field that moved.
        what: String,
        /// The offset the layout gave it.
        expected: u64,
        /// The offset the writer reached.
        actual: u64,
    },
}

/// Appends fields in one byte order.
#[derive(Clone, Debug, Default)]
pub struct Writer<E: Endian> {
    buf: Vec<u8>,
    _endian: PhantomData<E>,
}

impl<E: Endian> Writer<E> {
    /// An empty writer with room for `cap` bytes (the layout's total size).
    pub fn with_capacity(cap: usize) -> Self {
        Writer { buf: Vec::with_capacity(cap), _endian: PhantomData }
    }
    /// The number of bytes written so far: the offset the next field lands at.
    #[inline]
    pub fn pos(&self) -> usize {
        self.buf.len()
    }
    /// Appends a u8.
    #[inline]
    pub fn u8(&mut self, v: u8) {
        self.buf.push(v);
    }
    /// Appends a u16 in the format's byte order.
    #[inline]
    pub fn u16(&mut self, v: u16) {
        self.buf.extend_from_slice(&E::u16_bytes(v));
    }
    /// Appends an i16 (two's complement) in the format's byte order.
    #[inline]
    pub fn i16(&mut self, v: i16) {
        self.buf.extend_from_slice(&E::u16_bytes(v as u16));
    }
    /// Appends a u32 in the format's byte order.
    #[inline]
    pub fn u32(&mut self, v: u32) {
        self.buf.extend_from_slice(&E::u32_bytes(v));
    }
    /// Appends an i32 (two's complement) in the format's byte order.
    #[inline]
    pub fn i32(&mut self, v: i32) {
        self.buf.extend_from_slice(&E::u32_bytes(v as u32));
    }
    /// Appends an f32's bits in the format's byte order (NaN payloads and -0.0 kept).
    #[inline]
    pub fn f32(&mut self, v: f32) {
        self.buf.extend_from_slice(&E::u32_bytes(v.to_bits()));
    }
    /// Appends raw bytes as they are.
    #[inline]
    pub fn bytes(&mut self, b: &[u8]) {
        self.buf.extend_from_slice(b);
    }
    /// Appends `n` zero bytes.
    pub fn zeros(&mut self, n: usize) {
        self.buf.resize(self.buf.len() + n, 0);
    }
    /// Overwrites a u32 written earlier (for offsets known only later).
    pub fn patch_u32(&mut self, at: usize, v: u32) -> Result<(), WriteError> {
        match self.buf.get_mut(at..at.saturating_add(4)) {
            Some(slot) if slot.len() == 4 => {
                slot.copy_from_slice(&E::u32_bytes(v));
                Ok(())
            }
            _ => Err(WriteError::Layout {
                what: "patched u32".into(),
                expected: at as u64,
                actual: self.pos() as u64,
            }),
        }
    }
    /// Asserts that the next byte lands where the layout said `what` starts.
    pub fn expect_pos(&self, expected: usize, what: impl Describe) -> Result<(), WriteError> {
        if self.pos() == expected {
            Ok(())
        } else {
            Err(WriteError::Layout {
                what: what.describe(),
                expected: expected as u64,
                actual: self.pos() as u64,
            })
        }
    }
    /// The bytes written.
    pub fn into_inner(self) -> Vec<u8> {
        self.buf
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_both_orders() {
        let data = [0x12, 0x34, 0x56, 0x78];
        assert_eq!(Cursor::<Be>::new(&data).u32("x").unwrap(), 0x1234_5678);
        assert_eq!(Cursor::<Le>::new(&data).u32("x").unwrap(), 0x7856_3412);
        assert_eq!(Cursor::<Be>::new(&data).i16("x").unwrap(), 0x1234);
    }

    #[test]
    fn short_read_names_offset_and_what() {
        let data = [0u8; 5];
        let mut c = Cursor::<Le>::new(&data);
        c.u32("first").unwrap();
        let err = c.u32("second word").unwrap_err().within("header");
        assert_eq!(err.offset, 4);
        assert_eq!(err.problem, Problem::Truncated { needed: 4, left: 1 });
        assert_eq!(err.to_string(), "at byte 4 (0x4), reading header second word: needed 4 bytes, 1 left");
        // A failed read does not move the cursor.
        assert_eq!(c.pos(), 4);
    }

    #[test]
    fn huge_counts_are_refused_before_allocation() {
        let data = [0u8; 16];
        let c = Cursor::<Be>::new(&data);
        assert!(c.check_records(u64::MAX, 32, "triangles").is_err());
        assert!(c.check_records(1, 17, "triangles").is_err());
        assert_eq!(c.check_records(2, 8, "triangles").unwrap(), 16);
        assert!(matches!(c.check_records(u64::MAX, 32, "triangles").unwrap_err().problem, Problem::Count(_)));
        assert!(Cursor::<Be>::at(&data, 17, "nodes").is_err());
        let past = Cursor::<Be>::at(&data, 17, "nodes").unwrap_err();
        assert_eq!(
            past.problem,
            Problem::OutOfRange("offset 17 (0x11) is past the end of the 16-byte input".into())
        );
        assert!(Cursor::<Be>::at(&data, 16, "nodes").is_ok());
    }

    #[test]
    fn writer_mirrors_reader() {
        let mut w = Writer::<Be>::default();
        w.u16(0xBEEF);
        w.f32(-0.0);
        w.i32(-2);
        w.expect_pos(10, "end").unwrap();
        assert!(w.expect_pos(9, "end").is_err());
        w.patch_u32(2, 7).unwrap();
        assert!(w.patch_u32(8, 7).is_err());
        let bytes = w.into_inner();
        let mut c = Cursor::<Be>::new(&bytes);
        assert_eq!(c.u16("a").unwrap(), 0xBEEF);
        assert_eq!(c.u32("b").unwrap(), 7);
        assert_eq!(c.i32("c").unwrap(), -2);
    }
}
