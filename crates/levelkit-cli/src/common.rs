//! Helpers every command shares: reading inputs, choosing the format, writing outputs atomically.

use anyhow::{bail, Context, Result};
use levelkit::io::ReadLimit;
use levelkit::{Document, Format, OpenError};
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

/// Bad input or a failed check.
pub const EXIT_FAILURE: u8 = 1;

/// A usage error: a flag's value that clap accepted but that makes no sense (`--probes 0`, an output
/// extension no writer has). `main` exits 2 for it, as clap does for the usage errors it finds itself.
#[derive(Debug)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// Exit 2: the usage error with this message (`usage!("--size must be 16 to 8192 pixels, got 5")`).
macro_rules! usage {
    ($($arg:tt)*) => {
        return Err(anyhow::Error::new($crate::common::UsageError(format!($($arg)*))))
    };
}

/// Whether `--quiet` silenced the status lines ([`announce`]).
static QUIET: AtomicBool = AtomicBool::new(false);

/// `--quiet`: no `wrote …` lines (warnings and errors are still printed).
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

pub use levelkit::num::thousands;

/// The one status line for a written file, on standard error: `wrote x.cl: 28 triangles, 1,184 bytes`.
pub fn announce(path: &Path, what: &str) {
    if !QUIET.load(Ordering::Relaxed) {
        eprintln!("wrote {}: {what}", path.display());
    }
}

/// A status line that is no file's (`levelkit: 12 level files written to levels`), silenced by `--quiet`.
pub fn status(message: impl std::fmt::Display) {
    if !QUIET.load(Ordering::Relaxed) {
        eprintln!("levelkit: {message}");
    }
}

/// A warning, on standard error whatever `--quiet` says: a default chosen, an input ignored or a value
/// dropped.
pub fn warn(message: impl std::fmt::Display) {
    eprintln!("levelkit: warning: {message}");
}

/// `--format` values.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum FormatArg {
    /// Sonic Heroes collision (.cl)
    #[value(name = "heroes-cl", alias = "cl")]
    HeroesCl,
    /// Rugrats: Search for Reptar LEVELnn.BIN
    #[value(name = "reptar-level", alias = "level")]
    ReptarLevel,
}

/// `--format` of a command that reads only Sonic Heroes `.cl` files: naming it skips recognition by content.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum ClFormatArg {
    /// Sonic Heroes collision (.cl)
    #[value(name = "heroes-cl", alias = "cl")]
    HeroesCl,
}

/// `--format` of a command that reads only Rugrats `LEVELnn.BIN` files: naming it skips recognition by
/// content.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum LevelFormatArg {
    /// Rugrats: Search for Reptar LEVELnn.BIN
    #[value(name = "reptar-level", alias = "level")]
    ReptarLevel,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::HeroesCl => Format::HeroesCl,
            FormatArg::ReptarLevel => Format::ReptarLevel,
        }
    }
}

/// Reads a level file, or a file inside a disc image named `IMAGE:PATH`
/// (`game.iso:files/collisions/s01.cl`), within [`ReadLimit::LEVEL_FILE`]. A path that exists as it is
/// wins over the `IMAGE:PATH` reading.
pub fn read_file(path: &Path) -> Result<Vec<u8>> {
    read_file_within(path, ReadLimit::LEVEL_FILE)
}

/// [`read_file`] for a file of another kind: a loose file over `limit` is refused, with the cap and the
/// file named, without being read past it (a file inside a disc image has the image's own bound).
pub fn read_file_within(path: &Path, limit: ReadLimit) -> Result<Vec<u8>> {
    read_file_beside(path, limit).map(|(data, _)| data)
}

/// [`read_file_within`], with the folder the file's neighbours are in (a glTF file's buffers and textures):
/// a loose file's own folder, `None` for a file inside a disc image (its neighbours there are no files).
pub fn read_file_beside(path: &Path, limit: ReadLimit) -> Result<(Vec<u8>, Option<PathBuf>)> {
    match levelkit::io::read_limited(path, limit) {
        Ok(data) => Ok((data, Some(path.parent().map(Path::to_path_buf).unwrap_or_default()))),
        Err(e) if e.is_not_found() => match split_image_path(path) {
            Some((image, inner)) => levelkit::disc::Disc::open(image)
                .and_then(|disc| disc.read_path(inner))
                .map(|data| (data, None))
                .with_context(|| format!("{}", path.display())),
            None => Err(e.into()),
        },
        Err(e) => Err(e.into()),
    }
}

/// `IMAGE:PATH` split at the last `:` whose left side is an existing file. On Windows the colon of a drive
/// letter (`C:\games\heroes.iso:files/s01.cl`) is never the split: `C` is a drive, not an image.
fn split_image_path(path: &Path) -> Option<(&Path, &str)> {
    let text = path.to_str()?;
    text.rmatch_indices(':')
        .map(|(i, _)| (&text[..i], &text[i + 1..]))
        .filter(|(image, _)| !(cfg!(windows) && is_drive_letter(image)))
        .find_map(|(image, inner)| {
            (!inner.is_empty() && Path::new(image).is_file()).then(|| (Path::new(image), inner))
        })
}

/// `C` of `C:\…`, or `\\?\C` of a verbatim path.
fn is_drive_letter(text: &str) -> bool {
    let letter = text.strip_prefix(r"\\?\").unwrap_or(text);
    letter.len() == 1 && letter.as_bytes()[0].is_ascii_alphabetic()
}

/// Reads and parses a level file of either format (or of `format`, when given). A disc image given whole
/// is refused before it is read (it can be gigabytes), saying how to reach the level files inside it.
pub fn open(path: &Path, format: Option<FormatArg>) -> Result<Document> {
    let format = format.map(Format::from);
    let data = read_level_file(path, ReadLimit::for_format(format))?;
    Document::parse(&data, format).map_err(|e| named_open_error(path, e))
}

/// [`open`] for a command that reads only `wanted` (`purpose`, its name, says which in the message): a
/// file of the other format is named as such (`LEVEL00.BIN is a Rugrats LEVELnn.BIN file; audit reads
/// Sonic Heroes .cl files`). `forced` (the command's `--format`) skips recognition by content.
pub fn open_only(path: &Path, forced: bool, wanted: Format, purpose: &str) -> Result<Document> {
    let data = read_level_file(path, ReadLimit::for_format(Some(wanted)))?;
    let parsed = if forced {
        Document::parse(&data, Some(wanted))
    } else {
        Document::parse_as_only(&data, wanted, purpose)
    };
    parsed.map_err(|e| named_open_error(path, e))
}

fn read_level_file(path: &Path, limit: ReadLimit) -> Result<Vec<u8>> {
    if let Ok(Some(_)) = levelkit::disc::ImageKind::of_file(path) {
        let image = path.display();
        bail!(
            "{image} is a disc image, not a level file: list the level files inside it with \
             `levelkit ls {image}`, then name one as IMAGE:PATH (`{image}:PATH`)"
        );
    }
    read_file_within(path, limit)
}

/// An [`OpenError`] with the file's name: `PATH is a … file; …` for a file of the other format,
/// `PATH: …` otherwise.
fn named_open_error(path: &Path, e: OpenError) -> anyhow::Error {
    match e {
        OpenError::WrongFormat { .. } => anyhow::anyhow!("{} is {e}", path.display()),
        e => open_error(e).context(path.display().to_string()),
    }
}

/// A failure to open a file as the CLI reports it: where detection failed, the flag that forces a format;
/// for a dump, the command that packs it (the library's messages name no command-line flags).
pub fn open_error(e: OpenError) -> anyhow::Error {
    match e {
        OpenError::Unrecognised { .. } => anyhow::anyhow!("{e}; use --format to force one"),
        OpenError::Dump { .. } => anyhow::anyhow!("{e} with `levelkit pack DUMP -o FILE`"),
        e => e.into(),
    }
}

/// Reads a raw PS1 VRAM dump, refusing one of the wrong size before any work is done with it.
pub fn read_vram(path: &Path) -> Result<Vec<u8>> {
    let data = read_file_within(path, ReadLimit::VRAM)?;
    levelkit::psx::Vram::from_dump(&data).with_context(|| format!("{}", path.display()))?;
    Ok(data)
}

/// Writes `bytes` to `path` through a temporary file and a rename, and says so (`wrote PATH: N bytes`).
pub fn write_output(path: &Path, bytes: &[u8]) -> Result<()> {
    write_described(path, bytes, "")
}

/// [`write_output`] with what the file holds before its size: `wrote x.cl: 28 triangles, 1,184 bytes`.
pub fn write_described(path: &Path, bytes: &[u8], what: &str) -> Result<()> {
    crate::outputs::write_atomic(path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
    let size = format!("{} bytes", thousands(u64::try_from(bytes.len()).unwrap_or(u64::MAX)));
    announce(path, &if what.is_empty() { size } else { format!("{what}, {size}") });
    Ok(())
}

/// Writes a level file only when `check` finds no error in it. With errors it prints them, writes nothing
/// and exits 1, unless `allow_errors` (`--allow-errors`): then it writes the file, says so, and still
/// exits 1, so a script cannot take the file for a good one.
pub fn write_checked(
    path: &Path,
    doc: &Document,
    bytes: &[u8],
    what: &str,
    allow_errors: bool,
) -> Result<ExitCode> {
    let findings = doc.validate();
    // What the game would make of it, warnings included, before the verdict.
    eprint!("{}", findings.grouped());
    for hint in crate::hints::findings(&findings) {
        status(format_args!("help: {hint}"));
    }
    let errors = findings.count(levelkit::Severity::Error);
    if errors == 0 {
        write_described(path, bytes, what)?;
        return Ok(ExitCode::SUCCESS);
    }
    let format = doc.format().long_name();
    if !allow_errors {
        eprintln!(
            "levelkit: error: {}: the {format} file would fail check with {errors} error(s); nothing written \
             (--allow-errors writes it anyway)",
            path.display()
        );
        return Ok(ExitCode::from(EXIT_FAILURE));
    }
    write_described(path, bytes, what)?;
    warn(format_args!(
        "{} fails check with {errors} error(s); written anyway because of --allow-errors (exit status 1)",
        path.display()
    ));
    Ok(ExitCode::from(EXIT_FAILURE))
}

/// `--allow-errors`, for the commands that write level files: write one that fails `check` all the same.
#[derive(clap::Args, Clone, Copy, Debug, Default)]
pub struct AllowErrorsArg {
    /// Write the file even when `check` finds errors in it (the exit status is still 1).
    #[arg(long)]
    pub allow_errors: bool,
}

/// Whether standard output's reader has gone ([`write_stdout`]).
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Writes to standard output. A reader that stops early (`levelkit check f --json | more`, `| head`)
/// closes the pipe: from then on output is dropped and the command finishes as it would have, with its
/// own exit status, quietly and the same on every platform (Rust's `print!` would panic, exit 101).
pub fn write_stdout(text: std::fmt::Arguments) -> Result<()> {
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        return Ok(());
    }
    let mut out = std::io::stdout().lock();
    match out.write_fmt(text).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if reader_gone(&e) => {
            STDOUT_CLOSED.store(true, Ordering::Relaxed);
            Ok(())
        }
        Err(e) => Err(e).context("cannot write to standard output"),
    }
}

/// A write to a pipe nobody reads: EPIPE on Unix (SIGPIPE stays ignored, as the Rust runtime sets it);
/// ERROR_NO_DATA on Windows, or ERROR_PIPE_NOT_CONNECTED (233), which Wine gives and the standard
/// library does not count as a broken pipe.
fn reader_gone(e: &std::io::Error) -> bool {
    const ERROR_PIPE_NOT_CONNECTED: i32 = 233;
    e.kind() == std::io::ErrorKind::BrokenPipe
        || (cfg!(windows) && e.raw_os_error() == Some(ERROR_PIPE_NOT_CONNECTED))
}

/// `print!` through [`write_stdout`]; use with `?`.
macro_rules! out {
    ($($arg:tt)*) => { $crate::common::write_stdout(format_args!($($arg)*)) };
}

/// `println!` through [`write_stdout`]; use with `?`.
macro_rules! outln {
    ($($arg:tt)*) => { $crate::common::write_stdout(format_args!("{}\n", format_args!($($arg)*))) };
}

/// Prints JSON to standard output, pretty.
pub fn print_json(value: &impl serde::Serialize) -> Result<()> {
    outln!("{}", serde_json::to_string_pretty(value)?)?;
    Ok(())
}

/// `--in-place`, shared by every command that reads files and writes others: without it, an output that is
/// one of the command's inputs is refused, so a slip of the keyboard cannot replace the only copy of a
/// file. (Outputs are written through a temporary file and a rename, so even with it the input is
/// replaced whole or not at all.)
#[derive(clap::Args, Clone, Copy, Debug, Default)]
pub struct InPlaceArg {
    /// Allow an output file to replace an input file.
    #[arg(long)]
    pub in_place: bool,
}

/// A file's identity: the same file by any path (symbolic links, `..`, hard links).
#[cfg(unix)]
type FileId = (u64, u64);
#[cfg(not(unix))]
type FileId = PathBuf;

fn file_id(path: &Path) -> Option<FileId> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
    }
    #[cfg(not(unix))]
    {
        std::fs::canonicalize(path).ok()
    }
}

/// The files a command reads, to check its outputs against ([`InPlaceArg`]).
#[derive(Debug, Default)]
pub struct Inputs {
    files: HashMap<FileId, PathBuf>,
}

impl Inputs {
    pub fn new<'a>(paths: impl IntoIterator<Item = &'a Path>) -> Inputs {
        let files = paths.into_iter().filter_map(|p| Some((file_id(p)?, p.to_path_buf()))).collect();
        Inputs { files }
    }

    /// Fails when `output` is one of the inputs, unless `in_place.in_place`. An output that does not
    /// exist yet is no input.
    pub fn check(&self, output: &Path, in_place: InPlaceArg) -> Result<()> {
        if in_place.in_place {
            return Ok(());
        }
        if let Some(input) = file_id(output).and_then(|id| self.files.get(&id)) {
            bail!(
                "the output {} is the input {}; pass --in-place to replace it",
                output.display(),
                input.display()
            );
        }
        Ok(())
    }
}

/// What a level file holds, for its `wrote` line: `28 triangles, 21 nodes` or `3 rooms, 4 portals`.
pub fn contents(doc: &Document) -> String {
    match doc {
        Document::Heroes(c) => cl_contents(c),
        Document::Reptar(l) => level_contents(l),
    }
}

/// [`contents`] of a `.cl` file: `28 triangles, 21 nodes`.
pub fn cl_contents(c: &levelkit::heroes::Collision) -> String {
    format!("{} triangles, {} nodes", thousands(c.triangles.len()), thousands(c.nodes.len()))
}

/// [`contents`] of a LEVEL file: `3 rooms, 4 portals, 120 triangles, 96 quads`.
pub fn level_contents(l: &levelkit::reptar::Level) -> String {
    format!(
        "{} rooms, {} portals, {} triangles, {} quads",
        thousands(l.rooms.len()),
        thousands(l.portals.len()),
        thousands(l.triangle_count()),
        thousands(l.quad_count())
    )
}

/// Says that a Rugrats level is drawn or exported untextured when no VRAM dump was given (its textures live
/// in the console's VRAM, not in the LEVEL file): a default the user may not know they took.
pub fn note_untextured(doc: &Document, path: &Path, vram_given: bool) {
    if matches!(doc, Document::Reptar(_)) && !vram_given {
        warn(format_args!(
            "{}: no --vram given, so the rooms are in their vertex colours, untextured (the textures are in the \
             console's VRAM, not the LEVEL file); --vram FILE adds them: a 1 MiB VRAM dump saved by an \
             emulator, or `levelkit sample vram` for levelkit's samples",
            path.display()
        ));
    }
}

/// Refuses the flags given (`(name, given)`) that do nothing for `doc`'s format: `--room` on a Sonic Heroes
/// file, `--tree` on a Rugrats level. `applies_to` is the format they are for.
pub fn refuse_flags_for(
    doc: &Document,
    path: &Path,
    applies_to: Format,
    flags: &[(&str, bool)],
) -> Result<()> {
    if doc.format() == applies_to {
        return Ok(());
    }
    let given: Vec<&str> = flags.iter().filter(|(_, given)| *given).map(|(name, _)| *name).collect();
    if !given.is_empty() {
        usage!(
            "{} applies to {} files only; {} is a {} file",
            given.join(", "),
            applies_to.long_name(),
            path.display(),
            doc.format().long_name()
        );
    }
    Ok(())
}

/// `--scale`: a positive, finite factor (a negative one would turn every face inside out).
pub fn parse_scale(text: &str) -> Result<f32, String> {
    let scale: f32 = text.trim().parse().map_err(|e| format!("{text:?}: {e}"))?;
    if scale.is_finite() && scale > 0.0 {
        Ok(scale)
    } else {
        Err(format!("{text:?}: the scale must be a positive, finite number"))
    }
}
