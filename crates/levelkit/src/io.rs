//! Writing files without ever leaving a half-written output.
//!
//! Every output goes to a hidden temporary file beside it (`.NAME.PID.N.tmp`) and is renamed into place
//! when whole, so an interrupted run never leaves a partial output under its final name. The temporary
//! files in flight are registered, so that a program stopped by a signal it can catch (Ctrl-C) removes
//! them too ([`interrupt_and_exit`]); after SIGKILL or a power cut only hidden `.tmp` files can remain.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// The temporary files being written, and whether the program is being interrupted (then no new one is
/// started and none is renamed).
struct InFlight {
    files: Vec<PathBuf>,
    interrupted: bool,
}

static IN_FLIGHT: Mutex<InFlight> = Mutex::new(InFlight { files: Vec::new(), interrupted: false });

fn in_flight() -> MutexGuard<'static, InFlight> {
    // A panic while holding the lock leaves consistent data (plain pushes and removals).
    IN_FLIGHT.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn interrupted() -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::Interrupted, "interrupted")
}

/// Removes every temporary file being written and ends the process with `code`, holding the registry's
/// lock so that no other thread can start or rename one in between. For a signal handler's thread.
pub fn interrupt_and_exit(code: i32) -> ! {
    let mut flight = in_flight();
    flight.interrupted = true;
    for file in flight.files.drain(..) {
        let _ = std::fs::remove_file(file);
    }
    std::process::exit(code)
}

/// Writes `bytes` to `path` through a temporary file in the same folder, then renames it into place,
/// so a reader (or a crash) sees either the old file or the whole new one.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_atomic_with(path, |w| w.write_all(bytes))
}

/// Like [`write_atomic`], for output produced by a writer callback.
pub fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "out".into());
    let mut n = 0u32;
    let (tmp_path, file) = loop {
        let tmp = dir.join(format!(".{name}.{}.{n}.tmp", std::process::id()));
        // Created and registered under the lock: an interruption sees every temporary file that exists.
        let mut flight = in_flight();
        if flight.interrupted {
            return Err(interrupted());
        }
        match std::fs::OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => {
                flight.files.push(tmp.clone());
                break (tmp, f);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 1000 => n += 1,
            Err(e) => return Err(e),
        }
    };
    let result = (|| {
        let mut w = std::io::BufWriter::new(file);
        fill(&mut w)?;
        let file = w.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        drop(file);
        let flight = in_flight();
        if flight.interrupted {
            return Err(interrupted());
        }
        std::fs::rename(&tmp_path, path)
    })();
    let mut flight = in_flight();
    flight.files.retain(|f| f != &tmp_path);
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp_path);
    }
    result
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
}
