//! Writing files without ever leaving a half-written output.
//!
//! An output goes to a hidden temporary file beside it (`.NAME.PID.N.tmp`, an [`AtomicFile`]) and is
//! renamed into place when whole, so an interrupted run never leaves a partial output under its final
//! name; after a crash or SIGKILL only hidden `.tmp` files can remain. What happens on Ctrl-C is the
//! program's business (the levelkit CLI removes its temporary files and exits): this module has no global
//! state and never ends the process.

use std::fs::File;
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

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
