//! Hostile inputs through the real `levelkit` binary: absurd counts, offsets into the header or past the
//! end, quadtree cycles and self-links, NaN and infinite coordinates, a 4 GiB claimed size, absurd JSON
//! dumps, huge or broken OBJ and glTF files, VRAM dumps of the wrong size.
//!
//! Every run must end with exit status 0 (the input is legal) or 1 with a `levelkit: error:` message, never
//! a panic or a signal, and its peak memory (the child's `ru_maxrss`, from `wait4`) must stay under
//! [`MEMORY_BOUND_BASE`] + [`MEMORY_BOUND_PER_INPUT_BYTE`] × the input's size. A run that has not ended after
//! [`HANG_LIMIT`] is killed and fails the test as a hang: a generous limit, not a timing assertion.
//!
//! Set `LEVELKIT_PEAK_TABLE=FILE` to append one markdown row per run (case, command, input bytes, peak
//! RSS): `docs/dev/hardening.md`'s table comes from it.
#![cfg(unix)]

use levelkit::reptar::generate::{generate, Options};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod cl;
mod disc_images;
mod dumps;
mod level;
mod obj_gltf;
mod vram;

const MEMORY_BOUND_BASE: u64 = 64 << 20;
const MEMORY_BOUND_PER_INPUT_BYTE: u64 = 8;
const PACK_BOUND_PER_INPUT_BYTE: u64 = 24;
const HANG_LIMIT: Duration = Duration::from_secs(300);

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
    peak_bytes: u64,
}

/// Set (to a result file) when this test binary is re-executed to start levelkit: see [`measure`].
const MEASURE_ENV: &str = "LEVELKIT_HOSTILE_MEASURE";

/// Runs levelkit with `args` in `dir` and returns its exit status, error output and peak RSS.
///
/// Linux counts in a child's `ru_maxrss` the memory of the process it was started from (the parent's
/// address space at `exec`). This test process holds megabytes of fixtures, so levelkit is started by a
/// fresh copy of this test binary running only [`measure`], whose few megabytes are all that is added.
fn run(dir: &Path, args: &[&str]) -> Run {
    let result = dir.join(".result");
    let _ = std::fs::remove_file(&result);
    let helper = Command::new(std::env::current_exe().unwrap())
        .args(["measure", "--exact", "--test-threads=1", "--nocapture", "--quiet"])
        .env(MEASURE_ENV, &result)
        .env("LEVELKIT_HOSTILE_ARGS", serde_json::to_string(args).unwrap())
        .env("LEVELKIT_HOSTILE_DIR", dir)
        .output()
        .unwrap();
    assert!(
        helper.status.success(),
        "the measuring helper failed: {}",
        String::from_utf8_lossy(&helper.stderr)
    );
    let text = std::fs::read_to_string(&result).unwrap();
    let [code, signal, peak_kib]: [i64; 3] =
        text.split_whitespace().map(|w| w.parse().unwrap()).collect::<Vec<_>>().try_into().unwrap();
    let stderr = std::fs::read_to_string(dir.join(".stderr")).unwrap_or_default();
    assert!(signal == 0, "levelkit {args:?} was killed by signal {signal}\n{stderr}");
    let stdout = std::fs::read_to_string(dir.join(".stdout")).unwrap_or_default();
    Run {
        code: i32::try_from(code).unwrap(),
        stdout,
        stderr,
        peak_bytes: u64::try_from(peak_kib).unwrap() * 1024,
    }
}

/// Not a test by itself (it does nothing unless [`run`] started it): starts levelkit, waits for it with
/// `wait4` to get its own peak RSS, and writes `exit-status signal peak-KiB` to the result file.
#[test]
// The child is reaped by wait4, which std's Child does not know of.
#[allow(clippy::zombie_processes)]
fn measure() {
    let Some(result) = std::env::var_os(MEASURE_ENV) else { return };
    let args: Vec<String> = serde_json::from_str(&std::env::var("LEVELKIT_HOSTILE_ARGS").unwrap()).unwrap();
    let dir = PathBuf::from(std::env::var_os("LEVELKIT_HOSTILE_DIR").unwrap());
    let child = Command::new(env!("CARGO_BIN_EXE_levelkit"))
        .args(&args)
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(dir.join(".stdout")).unwrap())
        .stderr(std::fs::File::create(dir.join(".stderr")).unwrap())
        .spawn()
        .unwrap();
    let pid = libc::pid_t::try_from(child.id()).unwrap();
    let started = Instant::now();
    let (status, usage) = loop {
        let mut status = 0;
        // SAFETY: rusage is plain data that wait4 fills in; pid is our own child, not yet reaped.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let got = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        assert!(got >= 0, "wait4 failed: {}", std::io::Error::last_os_error());
        if got == pid {
            break (status, usage);
        }
        if started.elapsed() > HANG_LIMIT {
            // SAFETY: still unreaped, so the pid is still this child's.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            panic!("levelkit {args:?} hung: killed after {HANG_LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let (code, signal) =
        if libc::WIFEXITED(status) { (libc::WEXITSTATUS(status), 0) } else { (-1, libc::WTERMSIG(status)) };
    std::fs::write(result, format!("{code} {signal} {}", usage.ru_maxrss)).unwrap();
}

/// What a case must end with.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Expect {
    /// Exit 0.
    Ok,
    /// Exit 1 with an error message containing this.
    Fails(&'static str),
    /// `check`: exit 1, its findings on standard output containing this.
    CheckFails(&'static str),
    /// Exit 0, standard output containing this.
    OkSaying(&'static str),
    /// Exit 0, or 1 with an error message (a check that finds errors, an export not supported yet).
    OkOrClean,
}

/// Runs one command on one input and checks the outcome and the memory bound.
fn hostile(dir: &Path, case: &str, input: &Path, args: &[&str], expect: Expect) {
    let input_bytes = std::fs::metadata(input).unwrap().len();
    let r = run(dir, args);
    let what = format!("{case}: levelkit {}", args.join(" "));
    assert!(!r.stderr.contains("panicked"), "{what} panicked:\n{}", r.stderr);
    match expect {
        Expect::Ok => assert_eq!(r.code, 0, "{what} should succeed:\n{}", r.stderr),
        Expect::Fails(text) => {
            assert_eq!(r.code, 1, "{what} should fail with status 1:\n{}", r.stderr);
            assert!(r.stderr.contains("error"), "{what}: no error message:\n{}", r.stderr);
            assert!(r.stderr.contains(text), "{what}: the error does not say {text:?}:\n{}", r.stderr);
        }
        Expect::CheckFails(text) => {
            assert_eq!(r.code, 1, "{what} should find errors:\n{}{}", r.stdout, r.stderr);
            assert!(r.stdout.contains(text), "{what}: the findings do not say {text:?}:\n{}", r.stdout);
        }
        Expect::OkSaying(text) => {
            assert_eq!(r.code, 0, "{what} should succeed:\n{}", r.stderr);
            assert!(r.stdout.contains(text), "{what}: the output does not say {text:?}:\n{}", r.stdout);
        }
        Expect::OkOrClean => {
            assert!(r.code == 0 || r.code == 1, "{what}: status {}:\n{}", r.code, r.stderr);
            if r.code == 1 {
                let said = r.stderr.contains("error") || r.stdout.contains("FAILED");
                assert!(said, "{what}: status 1 without an error:\n{}{}", r.stdout, r.stderr);
            }
        }
    }
    // `pack` holds the dump as a JSON tree (serde_json::Value) while it builds the model: about 17 bytes
    // per byte of text for a dump of many small numbers.
    let per_byte = if args[0] == "pack" { PACK_BOUND_PER_INPUT_BYTE } else { MEMORY_BOUND_PER_INPUT_BYTE };
    let bound = MEMORY_BOUND_BASE + per_byte * input_bytes;
    assert!(
        r.peak_bytes <= bound,
        "{what}: peak RSS {} KiB is over the bound {} KiB (64 MiB + {per_byte} × {input_bytes} input bytes)",
        r.peak_bytes / 1024,
        bound / 1024
    );
    if let Some(table) = std::env::var_os("LEVELKIT_PEAK_TABLE") {
        let mut f = std::fs::OpenOptions::new().create(true).append(true).open(table).unwrap();
        let command = args.iter().take(1).copied().collect::<Vec<_>>().join(" ");
        writeln!(
            f,
            "| {case} | `{command}` | {input_bytes} | {:.1} | {} |",
            r.peak_bytes as f64 / 1048576.0,
            r.code
        )
        .unwrap();
    }
}

/// A phrase built at run time, for [`Expect::Fails`].
fn leak(phrase: String) -> &'static str {
    Box::leak(phrase.into_boxed_str())
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

/// Every command that reads a level file. A file that does not parse (`fails` is the phrase only its own
/// error prints) fails them all alike.
fn level_commands(
    dir: &Path,
    case: &str,
    name: &str,
    bytes: &[u8],
    fails: Option<&'static str>,
    format: &str,
) {
    let input = write(dir, name, bytes);
    let (must, may) = match fails {
        None => (Expect::Ok, Expect::OkOrClean),
        Some(phrase) => (Expect::Fails(phrase), Expect::Fails(phrase)),
    };
    hostile(dir, case, &input, &["info", "--format", format, name], must);
    hostile(dir, case, &input, &["check", "--format", format, name], may);
    hostile(dir, case, &input, &["dump", "--format", format, name, "-o", "out.json"], must);
    hostile(dir, case, &input, &["convert", "--format", format, name, "--to", "json", "-o", "out"], must);
    hostile(dir, case, &input, &["convert", "--format", format, name, "--to", "glb", "-o", "out"], may);
    hostile(dir, case, &input, &["view", "--format", format, name, "-o", "out.html"], may);
}
