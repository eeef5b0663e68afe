//! Reading files within a cap, and writing them without ever leaving a half-written output.
//!
//! Every read of a loose file levelkit takes (a level or collision file, a dump, a mesh, a VRAM dump)
//! goes through [`read_limited`] with the [`ReadLimit`] of what it should hold: a FIFO, `/dev/zero` or a
//! mistaken multi-gigabyte file is refused once the cap is passed, never read into memory whole. Disc
//! images are not read whole at all ([`crate::disc`] streams them).
//!
//! An output goes to a hidden temporary file beside it (`.NAME.PID.N.tmp`, an [`AtomicFile`]) and is
//! renamed into place when whole, so an interrupted run never leaves a partial output under its final
//! name; after a crash or SIGKILL only hidden `.tmp` files can remain. What happens on Ctrl-C is the
//! program's business (the levelkit CLI removes its temporary files and exits): this module has no global
//! state and never ends the process.

use std::fs::File;
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The most bytes a read of one kind of file takes, and why: each from its format's own limits. The caps
/// of the two level formats are beside [`crate::Document`], which knows both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadLimit {
    /// The cap in bytes: a file of more is refused.
    pub bytes: u64,
    /// What the file should be (`"a Sonic Heroes .cl file"`), for the message.
    pub holds: &'static str,
    /// Where the cap comes from, for the message.
    pub why: &'static str,
}

impl ReadLimit {
    /// A raw PS1 VRAM dump: 2 MiB. VRAM is exactly 1 MiB (1024 × 512 16-bit pixels); a file up to twice
    /// that is read, so that the VRAM reader's own message says how far from 1 MiB it is.
    pub const VRAM: ReadLimit = ReadLimit {
        bytes: 2 << 20,
        holds: "a PS1 VRAM dump",
        why: "twice VRAM, which is exactly 1 MiB: 1024 × 512 16-bit pixels",
    };

    /// A levelkit JSON dump: 1 GiB. Pretty-printed JSON takes about ten bytes per byte of the file; the
    /// dump of the longest `.cl` file levelkit writes is under 1 GiB.
    pub const DUMP: ReadLimit = ReadLimit {
        bytes: 1 << 30,
        holds: "a levelkit JSON dump",
        why: "the dump of the longest .cl file levelkit writes is smaller",
    };

    /// A mesh (OBJ, glTF and its buffers, GLB): 1 GiB. A `.cl` file holds at most 65,535 triangles and a
    /// LEVEL file's textures fit 1 MiB of VRAM; a mesh of 1 GiB is far beyond either.
    pub const MESH: ReadLimit = ReadLimit {
        bytes: 1 << 30,
        holds: "a mesh (OBJ, glTF, GLB)",
        why: "far beyond the 65,535 triangles a .cl file holds and the 1 MiB of VRAM a level's textures fit",
    };
}

/// Bytes as a person reads them: `256 MiB`, `1 GiB`, `16,384 bytes`.
fn size_text(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 30 && b % (1 << 30) == 0 => format!("{} GiB", b >> 30),
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b => format!("{} bytes", crate::num::thousands(b)),
    }
}

/// A read that failed or was refused.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// The OS could not open or read the file. (`error`, not `source`: the message holds it already.)
    #[error("cannot read {}: {error}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The OS's reason.
        error: std::io::Error,
    },
    /// The file holds more than its cap; nothing past the cap was read.
    #[error("{}", too_large_text(path, limit, *size))]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The cap it passed.
        limit: ReadLimit,
        /// Its size when the OS tells it (a regular file), else `None` (a pipe, a device).
        size: Option<u64>,
    },
}

/// `f.cl is larger than a Sonic Heroes .cl file can be: 300 MiB, more than 256 MiB (why); nothing was
/// read`.
fn too_large_text(path: &Path, limit: &ReadLimit, size: Option<u64>) -> String {
    let (size, read) = match size {
        Some(size) => (format!("{} bytes, ", crate::num::thousands(size)), "nothing was read"),
        None => (String::new(), "reading stopped there"),
    };
    format!(
        "{} is larger than {} can be: {size}more than {} ({}); {read}",
        path.display(),
        limit.holds,
        size_text(limit.bytes),
        limit.why
    )
}

impl ReadError {
    /// Whether the file does not exist (a caller may then look elsewhere, e.g. inside a disc image).
    pub fn is_not_found(&self) -> bool {
        matches!(self, ReadError::Io { error, .. } if error.kind() == std::io::ErrorKind::NotFound)
    }
}

/// Reads the file at `path`, refusing it when it holds more than `limit.bytes`: a regular file by its size
/// before anything is read, anything else (a FIFO, a device such as `/dev/zero`) after `limit.bytes + 1`
/// bytes, never more.
pub fn read_limited(path: &Path, limit: ReadLimit) -> Result<Vec<u8>, ReadError> {
    let io = |error| ReadError::Io { path: path.to_path_buf(), error };
    let file = File::open(path).map_err(io)?;
    let known = file.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
    if let Some(size) = known.filter(|&size| size > limit.bytes) {
        return Err(ReadError::TooLarge { path: path.to_path_buf(), limit, size: Some(size) });
    }
    let mut data = Vec::with_capacity(usize::try_from(known.unwrap_or(0)).unwrap_or(0));
    file.take(limit.bytes.saturating_add(1)).read_to_end(&mut data).map_err(io)?;
    if data.len() as u64 > limit.bytes {
        return Err(ReadError::TooLarge { path: path.to_path_buf(), limit, size: None });
    }
    Ok(data)
}

/// How many temporary names beside one output are tried before giving up.
const MAX_TEMPORARY_NAMES: u32 = 1000;

/// A file being written under a hidden temporary name beside its final path. [`AtomicFile::commit`]
/// renames it into place; dropping it uncommitted removes it.
#[derive(Debug)]
pub struct AtomicFile {
    path: PathBuf,
    temporary: PathBuf,
    writer: Option<BufWriter<File>>,
    /// Nothing written since the last [`AtomicFile::sync`].
    synced: bool,
}

impl AtomicFile {
    /// Creates a new, empty temporary file in `path`'s folder (a name no other file has).
    pub fn create(path: &Path) -> std::io::Result<AtomicFile> {
        let dir = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "out".into());
        let mut n = 0u32;
        loop {
            let temporary = dir.join(format!(".{name}.{}.{n}.tmp", std::process::id()));
            match std::fs::OpenOptions::new().write(true).create_new(true).open(&temporary) {
                Ok(file) => {
                    let writer = Some(BufWriter::new(file));
                    return Ok(AtomicFile { path: path.to_path_buf(), temporary, writer, synced: false });
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < MAX_TEMPORARY_NAMES => n += 1,
                Err(e) => return Err(e),
            }
        }
    }

    /// Where the bytes are going until [`AtomicFile::commit`].
    pub fn temporary_path(&self) -> &Path {
        &self.temporary
    }

    /// Flushes the data to the disk (`fsync`), so that a rename after it never exposes a file whose
    /// contents a power cut could still lose.
    pub fn sync(&mut self) -> std::io::Result<()> {
        match &mut self.writer {
            Some(w) if !self.synced => {
                w.flush()?;
                w.get_ref().sync_all()?;
                self.synced = true;
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// [`AtomicFile::sync`]s (unless nothing was written since) and renames the file into place: a reader sees the old file or the whole new
    /// one.
    pub fn commit(mut self) -> std::io::Result<()> {
        self.sync()?;
        self.writer = None; // Closed before the rename.
        std::fs::rename(&self.temporary, &self.path)?;
        self.temporary = PathBuf::new();
        Ok(())
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match &mut self.writer {
            Some(w) => {
                self.synced = false;
                w.write(buf)
            }
            None => Err(std::io::Error::other("the file is closed")),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match &mut self.writer {
            Some(w) => w.flush(),
            None => Ok(()),
        }
    }
}

/// Seeking flushes what is buffered first (a container's header is written last, at its start).
impl Seek for AtomicFile {
    fn seek(&mut self, pos: SeekFrom) -> std::io::Result<u64> {
        match &mut self.writer {
            Some(w) => w.seek(pos),
            None => Err(std::io::Error::other("the file is closed")),
        }
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        self.writer = None;
        if !self.temporary.as_os_str().is_empty() {
            let _ = std::fs::remove_file(&self.temporary);
        }
    }
}

/// Writes `bytes` to `path` through an [`AtomicFile`], so a reader (or a crash) sees either the old file
/// or the whole new one.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_atomic_with(path, |w| w.write_all(bytes))
}

/// Like [`write_atomic`], for output produced by a writer callback; a failing callback leaves the old
/// file as it was.
pub fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let mut file = AtomicFile::create(path)?;
    fill(&mut file)?;
    file.commit()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_within_the_cap_and_refuses_past_it() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("f.cl");
        std::fs::write(&p, [7u8; 16]).unwrap();
        let limit = ReadLimit { bytes: 16, holds: "a test file", why: "the test says so" };
        assert_eq!(read_limited(&p, limit).unwrap(), vec![7u8; 16]);
        let small = ReadLimit { bytes: 15, ..limit };
        let err = read_limited(&p, small).unwrap_err();
        assert!(matches!(err, ReadError::TooLarge { size: Some(16), .. }), "{err:?}");
        let text = err.to_string();
        assert!(text.contains("is larger than a test file can be: 16 bytes, more than 15 bytes (the test says so); nothing was read"), "{text}");
        let missing = read_limited(&dir.path().join("nope"), limit).unwrap_err();
        assert!(missing.is_not_found(), "{missing}");
    }

    /// `/dev/zero` never ends: the read stops one byte past the cap.
    #[cfg(unix)]
    #[test]
    fn an_endless_device_is_refused_at_the_cap() {
        let err = read_limited(Path::new("/dev/zero"), ReadLimit::VRAM).unwrap_err();
        assert_eq!(
            err.to_string(),
            "/dev/zero is larger than a PS1 VRAM dump can be: more than 2 MiB (twice VRAM, which is exactly \
             1 MiB: 1024 × 512 16-bit pixels); reading stopped there"
        );
    }

    #[test]
    fn replaces_whole_file_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("out.bin");
        write_atomic(&p, b"first").unwrap();
        write_atomic(&p, b"second").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"second");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn failed_fill_keeps_old_file() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("out.bin");
        write_atomic(&p, b"old").unwrap();
        let err = write_atomic_with(&p, |w| {
            w.write_all(b"partial")?;
            Err(std::io::Error::other("interrupted"))
        });
        assert!(err.is_err());
        assert_eq!(std::fs::read(&p).unwrap(), b"old");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn the_temporary_file_is_hidden_beside_the_output_until_commit() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("out.bin");
        let mut file = AtomicFile::create(&p).unwrap();
        let temporary = file.temporary_path().to_path_buf();
        assert_eq!(temporary.parent(), Some(dir.path()));
        let name = temporary.file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.starts_with(".out.bin.") && name.ends_with(".tmp"), "{name}");
        file.write_all(b"whole").unwrap();
        assert!(!p.exists());
        file.commit().unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"whole");
        assert!(!temporary.exists());
    }
}
