//! Random access to an image's bytes, counted: every reader in [`crate::disc`] reads through a
//! [`Source`], which checks each read against the image's length first (so a record pointing past the end
//! is a truncation error with its offset, not a short read) and counts the bytes read (so a test can show
//! that listing a disc reads its directory, not its contents).

use crate::bytes::{ParseError, Problem};
use std::io::{Read, Seek, SeekFrom};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Bytes read so far from an image file, shared with readers that outlive one call (nod's streams).
pub type ReadCounter = Arc<AtomicU64>;

/// An image's bytes: a file, or memory (tests, the fuzzer).
pub struct Source {
    inner: Inner,
    len: u64,
    counter: ReadCounter,
    /// Whether this source's reads are the image file's reads (false when a stream counts them below).
    counts_reads: bool,
}

trait ReadSeek: Read + Seek + Send {}
impl<T: Read + Seek + Send> ReadSeek for T {}

/// Memory apart, so that a patch in memory can take its bytes back ([`Source::into_memory`]).
enum Inner {
    Memory(std::io::Cursor<Vec<u8>>),
    Stream(Box<dyn ReadSeek>),
}

impl Inner {
    fn get(&mut self) -> &mut dyn ReadSeek {
        match self {
            Inner::Memory(m) => m,
            Inner::Stream(s) => s.as_mut(),
        }
    }
}

impl Source {
    /// The bytes of an open file; reads are counted.
    pub fn file(file: std::fs::File) -> std::io::Result<Source> {
        let len = file.metadata()?.len();
        Ok(Source {
            inner: Inner::Stream(Box::new(file)),
            len,
            counter: ReadCounter::default(),
            counts_reads: true,
        })
    }

    /// Bytes in memory (tests, the fuzzer); reads are counted.
    pub fn memory(bytes: Vec<u8>) -> Source {
        let len = bytes.len() as u64;
        Source {
            inner: Inner::Memory(std::io::Cursor::new(bytes)),
            len,
            counter: ReadCounter::default(),
            counts_reads: true,
        }
    }

    /// A reader over any seekable stream of `len` bytes whose reads are already counted elsewhere.
    #[cfg(feature = "gamecube")]
    pub(crate) fn stream(inner: impl Read + Seek + Send + 'static, len: u64, counter: ReadCounter) -> Source {
        Source { inner: Inner::Stream(Box::new(inner)), len, counter, counts_reads: false }
    }

    /// The bytes of a [`Source::memory`], given back (`None` for a file or stream).
    pub fn into_memory(self) -> Option<Vec<u8>> {
        match self.inner {
            Inner::Memory(m) => Some(m.into_inner()),
            Inner::Stream(_) => None,
        }
    }

    /// The image's length in bytes.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the image has no bytes.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The shared count of bytes read from the image file so far.
    pub fn counter(&self) -> ReadCounter {
        self.counter.clone()
    }

    /// Fills `buf` from `offset`; a read past the end is a truncation error naming `what`.
    pub fn read_at(&mut self, offset: u64, buf: &mut [u8], what: &str) -> Result<(), ParseError> {
        let needed = buf.len() as u64;
        let left = self.len.saturating_sub(offset);
        if needed > left {
            return Err(ParseError {
                offset,
                what: what.into(),
                problem: Problem::Truncated { needed, left },
            });
        }
        let io_error =
            |e: std::io::Error| ParseError { offset, what: what.into(), problem: Problem::Io(e.to_string()) };
        let inner = self.inner.get();
        inner.seek(SeekFrom::Start(offset)).map_err(io_error)?;
        inner.read_exact(buf).map_err(io_error)?;
        if self.counts_reads {
            self.counter.fetch_add(needed, Ordering::Relaxed);
        }
        Ok(())
    }

    /// `len` bytes from `offset` (checked against the image's length before anything is allocated).
    pub fn read_vec(&mut self, offset: u64, len: u64, what: &str) -> Result<Vec<u8>, ParseError> {
        let left = self.len.saturating_sub(offset);
        if len > left {
            return Err(ParseError {
                offset,
                what: what.into(),
                problem: Problem::Truncated { needed: len, left },
            });
        }
        let mut buf = vec![0; usize::try_from(len).unwrap_or(usize::MAX)];
        self.read_at(offset, &mut buf, what)?;
        Ok(buf)
    }
}

/// A file that counts the bytes read from it, for readers (nod) that take a stream rather than a [`Source`].
#[cfg(feature = "gamecube")]
pub(crate) struct CountingReader<R> {
    pub inner: R,
    pub counter: ReadCounter,
}

#[cfg(feature = "gamecube")]
impl<R: Read> Read for CountingReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.counter.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

#[cfg(feature = "gamecube")]
impl<R: Seek> Seek for CountingReader<R> {
    fn seek(&mut self, pos: SeekFrom) -> std::io::Result<u64> {
        self.inner.seek(pos)
    }
}
