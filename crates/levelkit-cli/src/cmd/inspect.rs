//! `info`, `check`, `dump` and `pack`: look at a file, check it, and take it to JSON and back.

use crate::common::{self, FormatArg, InPlaceArg, Inputs, EXIT_FAILURE};
use crate::hints;
use anyhow::{Context, Result};
use clap::Args;
use levelkit::{Document, Severity};
use std::path::PathBuf;
use std::process::ExitCode;

/// Print a summary of a file.
#[derive(Args)]
pub struct InfoArgs {
    /// The level file: a Sonic Heroes .cl or Rugrats LEVELnn.BIN (or IMAGE:PATH, a file inside a disc image).
    file: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Read the file as this format instead of recognising it by content.
    #[arg(long, value_enum)]
    format: Option<FormatArg>,
}

/// Validate a file and print its findings, those of one rule grouped; exit 1 on any error.
#[derive(Args)]
pub struct CheckArgs {
    /// The level file: a Sonic Heroes .cl or Rugrats LEVELnn.BIN (or IMAGE:PATH, a file inside a disc image).
    file: PathBuf,
    /// Print JSON instead of text (every finding).
    #[arg(long)]
    json: bool,
    /// Fail on warnings too.
    #[arg(long)]
    strict: bool,
    /// Print every finding on its own line instead of grouping those of one rule.
    #[arg(long)]
    all: bool,
    #[arg(long, value_enum)]
    format: Option<FormatArg>,
}

/// Write every field of a file as JSON, losslessly.
#[derive(Args)]
pub struct DumpArgs {
    /// The level file: a Sonic Heroes .cl or Rugrats LEVELnn.BIN (or IMAGE:PATH, a file inside a disc image).
    file: PathBuf,
    /// Write to this file instead of standard output.
    #[arg(short, long)]
    output: Option<PathBuf>,
    #[arg(long, value_enum)]
    format: Option<FormatArg>,
    #[command(flatten)]
    in_place: InPlaceArg,
}

/// Turn a JSON dump back into a binary file; a file that fails `check` is not written.
#[derive(Args)]
pub struct PackArgs {
    /// The JSON dump to read (made by `levelkit dump`, then edited).
    dump: PathBuf,
    /// The binary file to write.
    #[arg(short, long)]
    output: PathBuf,
    #[command(flatten)]
    allow_errors: common::AllowErrorsArg,
    #[command(flatten)]
    in_place: InPlaceArg,
}

pub fn info(a: InfoArgs) -> Result<ExitCode> {
    let doc = common::open(&a.file, a.format)?;
    if a.json {
        common::print_json(&doc.summary())?;
    } else {
        out!("{}", doc.summary_text())?;
    }
    Ok(ExitCode::SUCCESS)
}

pub fn check(a: CheckArgs) -> Result<ExitCode> {
    let doc = common::open(&a.file, a.format)?;
    let findings = doc.validate();
    let failed = findings.fails(a.strict);
    if a.json {
        common::print_json(&findings.check_report(
            &a.file.display().to_string(),
            doc.format().name(),
            a.strict,
        ))?;
    } else {
        if a.all {
            for f in findings.iter() {
                outln!("{f}")?;
            }
        } else {
            out!("{}", findings.grouped())?;
        }
        outln!(
            "{}: {} error(s), {} warning(s), {} note(s): {}",
            a.file.display(),
            findings.count(Severity::Error),
            findings.count(Severity::Warning),
            findings.count(Severity::Note),
            if failed { "FAILED" } else { "ok" }
        )?;
        // Talk, not data: the flags and commands that follow from the findings, on standard error.
        if !a.all && findings.grouped().shortened() {
            common::status(format_args!("help: {}", hints::ALL_FINDINGS));
        }
        for hint in hints::findings(&findings) {
            common::status(format_args!("help: {hint}"));
        }
    }
    Ok(if failed { ExitCode::from(EXIT_FAILURE) } else { ExitCode::SUCCESS })
}

pub fn dump(a: DumpArgs) -> Result<ExitCode> {
    if let Some(out) = &a.output {
        Inputs::new([a.file.as_path()]).check(out, a.in_place)?;
    }
    let doc = common::open(&a.file, a.format)?;
    let mut text = doc.to_dump_text();
    text.push(b'\n');
    match a.output {
        Some(out) => common::write_described(&out, &text, "JSON dump")?,
        None => out!("{}", String::from_utf8_lossy(&text))?,
    }
    Ok(ExitCode::SUCCESS)
}

pub fn pack(a: PackArgs) -> Result<ExitCode> {
    Inputs::new([a.dump.as_path()]).check(&a.output, a.in_place)?;
    let text = common::read_file_within(&a.dump, levelkit::io::ReadLimit::DUMP)?;
    let doc = Document::from_dump_text(&text).map_err(|e| match e {
        levelkit::DumpError::NotJson(e) => {
            anyhow::Error::new(e).context(format!("{} is not JSON", a.dump.display()))
        }
        e => anyhow::Error::new(e).context(format!("{}", a.dump.display())),
    })?;
    drop(text);
    let bytes = doc.to_bytes().with_context(|| format!("cannot lay out {}", a.dump.display()))?;
    // The dump may have been edited: the result is checked as the game would read it before it is written.
    common::write_checked(&a.output, &doc, &bytes, &common::contents(&doc), a.allow_errors.allow_errors)
}
