//! Every file the program writes, and what Ctrl-C does to them.
//!
//! Outputs are written through the library's [`AtomicFile`] (a hidden temporary file renamed into place
//! when whole). The temporary files in flight are registered here, so that a signal the program can catch
//! (Ctrl-C, SIGTERM, SIGHUP) removes them too ([`interrupt_and_exit`]); after SIGKILL or a power cut only
//! hidden `.tmp` files can remain.

use levelkit::io::AtomicFile;
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
/// lock so that no other thread can start or rename one in between. For the signal-waiting thread, which
/// only Unix has: on Windows Ctrl-C ends the process without this, and a hidden `.tmp` file can remain.
#[cfg(unix)]
pub fn interrupt_and_exit(code: i32) -> ! {
    let mut flight = in_flight();
    flight.interrupted = true;
    for file in flight.files.drain(..) {
        let _ = std::fs::remove_file(file);
    }
    std::process::exit(code)
}

/// Writes `bytes` to `path` through a registered temporary file, then renames it into place, so a reader
/// (or a crash, or Ctrl-C) sees either the old file or the whole new one.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    // Created and registered under the lock: an interruption sees every temporary file that exists.
    let mut file = {
        let mut flight = in_flight();
        if flight.interrupted {
            return Err(interrupted());
        }
        let file = AtomicFile::create(path)?;
        flight.files.push(file.temporary_path().to_path_buf());
        file
    };
    let temporary = file.temporary_path().to_path_buf();
    let result = (|| {
        std::io::Write::write_all(&mut file, bytes)?;
        file.sync()?;
        // Renamed under the lock: once interrupted, nothing more appears under a final name.
        let flight = in_flight();
        if flight.interrupted {
            return Err(interrupted());
        }
        file.commit()
    })();
    // `file` is committed or dropped (which removes it) by now.
    in_flight().files.retain(|f| f != &temporary);
    result
}
