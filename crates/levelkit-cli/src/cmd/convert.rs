//! `convert`: many level files to glTF, GLB, OBJ or JSON, in parallel, each written atomically.

use crate::common::{FormatArg, InPlaceArg, Inputs, EXIT_FAILURE};
use anyhow::{Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use levelkit::convert::{export_document, ExportFormat, ExportOptions};
use levelkit::{Document, Format, OpenError};
use rayon::prelude::*;
use std::collections::HashMap;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Convert level files (and every level file under folders or inside disc images) to glTF, GLB, OBJ or JSON.
///
/// Formats are recognised by content; other files are skipped with a note. A file that fails is reported
/// and the others go on; the exit status is 1 if any failed.
#[derive(Args)]
pub struct ConvertArgs {
    /// Files, folders (searched recursively; hidden files and folders are skipped) and disc images (every
    /// level file inside, outputs keeping the paths inside the image).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The folder to write into (created if missing); a folder's files keep their relative paths.
    #[arg(short, long = "output", value_name = "OUTDIR")]
    output: PathBuf,
    /// The output format.
    #[arg(long, value_enum)]
    to: ToArg,
    /// Multiply every position by this (mesh formats; positive).
    #[arg(long, default_value_t = 1.0, value_parser = crate::common::parse_scale)]
    scale: f32,
    /// Only these rooms of a Rugrats level (`--room 0 3`, `--room 0,3` or repeated), as `export` and
    /// `render` take them.
    #[arg(long = "room", value_name = "N", num_args = 1.., value_delimiter = ',', action = clap::ArgAction::Append)]
    rooms: Option<Vec<u32>>,
    /// A raw PS1 VRAM dump (1 MiB, from an emulator) to texture Rugrats rooms with.
    #[arg(long)]
    vram: Option<PathBuf>,
    /// Add the Sonic Heroes quadtree's leaves as line geometry.
    #[arg(long)]
    tree: bool,
    /// Read every file as this format instead of recognising it by content.
    #[arg(long, value_enum)]
    format: Option<FormatArg>,
    /// Worker threads (default: one per core).
    #[arg(short, long)]
    jobs: Option<usize>,
    #[command(flatten)]
    in_place: InPlaceArg,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum ToArg {
    /// Binary glTF
    Glb,
    /// glTF JSON with the buffer embedded
    Gltf,
    /// Wavefront OBJ + MTL (+ PNG textures)
    Obj,
    /// levelkit's lossless JSON dump
    Json,
}

impl From<ToArg> for ExportFormat {
    fn from(t: ToArg) -> ExportFormat {
        match t {
            ToArg::Glb => ExportFormat::Glb,
            ToArg::Gltf => ExportFormat::Gltf,
            ToArg::Obj => ExportFormat::Obj,
            ToArg::Json => ExportFormat::Json,
        }
    }
}

/// One input and where its outputs go.
struct Job {
    input: PathBuf,
    /// Output folder for this input.
    out_dir: PathBuf,
    stem: String,
}

enum Outcome {
    /// The files written, each with its size, and the format converted.
    Converted(Vec<(PathBuf, usize)>, Format),
    Skipped(String),
    Failed(String),
}

pub fn convert(a: ConvertArgs) -> Result<ExitCode> {
    let mut options = ExportOptions::new(a.to.into());
    options.scale = a.scale;
    options.rooms = a.rooms.clone();
    options.tree = a.tree;
    if let Some(vram) = &a.vram {
        options.vram = Some(crate::common::read_vram(vram)?);
    }
    let format = a.format.map(Format::from);

    let mut failures = 0usize;
    let mut jobs = Vec::new();
    for path in &a.paths {
        if let Err(e) = collect(path, &a.output, &mut jobs) {
            eprintln!("levelkit: error: {}: {e:#}", path.display());
            failures += 1;
        }
    }
    // Two inputs must not write the same output: the later ones fail rather than overwrite.
    let mut claimed: HashMap<PathBuf, PathBuf> = HashMap::new();
    let mut unique = Vec::with_capacity(jobs.len());
    for job in jobs {
        let key = job.out_dir.join(&job.stem);
        match claimed.get(&key) {
            Some(first) => {
                eprintln!(
                    "levelkit: error: {}: its output name {} is already used by {}",
                    job.input.display(),
                    key.display(),
                    first.display()
                );
                failures += 1;
            }
            None => {
                claimed.insert(key, job.input.clone());
                unique.push(job);
            }
        }
    }

    let inputs = Inputs::new(unique.iter().map(|j| j.input.as_path()).chain(a.vram.as_deref()));

    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(u64::try_from(unique.len()).unwrap_or(u64::MAX));
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} {elapsed} {wide_msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let run = || {
        unique
            .par_iter()
            .map(|job| {
                bar.set_message(job.input.display().to_string());
                let outcome = convert_one(job, format, &options, &inputs, a.in_place);
                match &outcome {
                    Outcome::Failed(msg) => bar.suspend(|| eprintln!("levelkit: error: {msg}")),
                    Outcome::Skipped(msg) => bar.suspend(|| eprintln!("levelkit: note: {msg}")),
                    Outcome::Converted(files, _) => bar.suspend(|| {
                        for (path, size) in files {
                            let size = crate::common::thousands(u64::try_from(*size).unwrap_or(u64::MAX));
                            crate::common::announce(path, &format!("{size} bytes"));
                        }
                    }),
                }
                bar.inc(1);
                outcome
            })
            .collect::<Vec<Outcome>>()
    };
    let outcomes = match a.jobs {
        Some(0) => usage!("--jobs must be at least 1"),
        Some(n) => rayon::ThreadPoolBuilder::new().num_threads(n).build()?.install(run),
        None => run(),
    };
    bar.finish_and_clear();

    let converted = outcomes.iter().filter(|o| matches!(o, Outcome::Converted(..))).count();
    let written: usize =
        outcomes.iter().map(|o| if let Outcome::Converted(f, _) = o { f.len() } else { 0 }).sum();
    let untextured =
        outcomes.iter().filter(|o| matches!(o, Outcome::Converted(_, Format::ReptarLevel))).count();
    if untextured > 0 && a.vram.is_none() && !matches!(a.to, ToArg::Json) {
        crate::common::warn(format_args!(
            "{untextured} Rugrats level(s) exported in their vertex colours, untextured: no --vram given (the \
             textures are in the console's VRAM, not the LEVEL files); --vram FILE adds them"
        ));
    }
    let skipped = outcomes.iter().filter(|o| matches!(o, Outcome::Skipped(_))).count();
    failures += outcomes.iter().filter(|o| matches!(o, Outcome::Failed(_))).count();
    crate::common::status(format_args!(
        "{converted} converted ({written} files written to {}), {skipped} skipped, {failures} failed",
        a.output.display()
    ));
    Ok(if failures > 0 { ExitCode::from(EXIT_FAILURE) } else { ExitCode::SUCCESS })
}

fn is_hidden(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'))
}

fn stem_of(path: &Path) -> String {
    path.file_stem().map_or_else(|| "out".into(), |s| s.to_string_lossy().into_owned())
}

/// Adds `path` (a file) or every non-hidden file under it (a folder) in name order. Symbolic links to
/// folders are not followed, so a link loop cannot make the walk endless.
fn collect(path: &Path, out: &Path, jobs: &mut Vec<Job>) -> Result<()> {
    let meta = std::fs::metadata(path).context("cannot read")?;
    if !meta.is_dir() {
        if levelkit::disc::ImageKind::of_file(path)?.is_some() {
            return collect_image(path, out, jobs);
        }
        jobs.push(Job { input: path.to_path_buf(), out_dir: out.to_path_buf(), stem: stem_of(path) });
        return Ok(());
    }
    let mut pending = vec![(path.to_path_buf(), out.to_path_buf())];
    while let Some((dir, out_dir)) = pending.pop() {
        let mut entries = std::fs::read_dir(&dir)
            .with_context(|| format!("cannot list {}", dir.display()))?
            .collect::<std::io::Result<Vec<_>>>()
            .with_context(|| format!("cannot list {}", dir.display()))?;
        entries.sort_by_key(|e| e.file_name());
        let mut subdirs = Vec::new();
        for entry in entries {
            let p = entry.path();
            if is_hidden(&p) {
                continue;
            }
            let kind = entry.file_type().with_context(|| format!("cannot read {}", p.display()))?;
            if kind.is_dir() {
                let name = entry.file_name();
                subdirs.push((p, out_dir.join(name)));
            } else if kind.is_file() || (kind.is_symlink() && p.is_file()) {
                let stem = stem_of(&p);
                jobs.push(Job { input: p, out_dir: out_dir.clone(), stem });
            }
        }
        pending.extend(subdirs.into_iter().rev());
    }
    Ok(())
}

/// Adds every level file inside a disc image, as `IMAGE:PATH` inputs whose outputs keep the path inside
/// the image.
fn collect_image(image: &Path, out: &Path, jobs: &mut Vec<Job>) -> Result<()> {
    let listing = levelkit::disc::Disc::open(image)?.levels()?;
    for level in listing.levels {
        let relative = levelkit::disc::safe_relative_path(&level.path)
            .with_context(|| format!("the path {:?} would leave {}", level.path, out.display()))?;
        let out_dir = relative.parent().map_or_else(|| out.to_path_buf(), |dir| out.join(dir));
        let stem = stem_of(&relative);
        let mut input = image.as_os_str().to_owned();
        input.push(":");
        input.push(&level.path);
        jobs.push(Job { input: PathBuf::from(input), out_dir, stem });
    }
    Ok(())
}

fn convert_one(
    job: &Job,
    format: Option<Format>,
    options: &ExportOptions,
    inputs: &Inputs,
    in_place: InPlaceArg,
) -> Outcome {
    let name = job.input.display();
    let data = match crate::common::read_file(&job.input) {
        Ok(d) => d,
        Err(e) => return Outcome::Failed(format!("{e:#}")),
    };
    // A file neither format fits is skipped; one that fits a format far better is a broken file of it.
    let doc = match Document::parse(&data, format) {
        Ok(doc) => doc,
        Err(OpenError::Unrecognised { .. }) => {
            return Outcome::Skipped(format!("{name}: not a level file levelkit recognises; skipped"))
        }
        Err(e) => return Outcome::Failed(format!("{name}: {e}")),
    };
    let files = match export_document(&doc, &job.stem, options) {
        Ok(f) => f,
        Err(e) => return Outcome::Failed(format!("{name}: {e}")),
    };
    if let Err(e) = std::fs::create_dir_all(&job.out_dir) {
        return Outcome::Failed(format!("{name}: cannot create {}: {e}", job.out_dir.display()));
    }
    let paths: Vec<PathBuf> = files.iter().map(|f| job.out_dir.join(&f.file_name)).collect();
    for path in &paths {
        if let Err(e) = inputs.check(path, in_place) {
            return Outcome::Failed(format!("{name}: {e}"));
        }
    }
    for (f, path) in files.iter().zip(&paths) {
        if let Err(e) = crate::outputs::write_atomic(path, &f.bytes) {
            return Outcome::Failed(format!("{name}: cannot write {}: {e}", path.display()));
        }
    }
    Outcome::Converted(paths.into_iter().zip(files.iter().map(|f| f.bytes.len())).collect(), doc.format())
}
