//! `web`: write the levelkit web page (one static page running levelkit compiled to WebAssembly) to a
//! folder, to open from disk or host anywhere.
//!
//! The page is built by `scripts/build-web` into `web/dist/` with Debian's Rust for wasm32; this command
//! copies it from there rather than embedding it, so that building the CLI never needs that toolchain
//! nor depends on whether, or when, the page was built (an embedded page could be silently missing or
//! stale).

use crate::common::{read_file, write_output, InPlaceArg, Inputs};
use anyhow::{bail, Context, Result};
use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The page's files, as `scripts/build-web` writes them.
const PAGE_FILES: &[&str] = &[
    "index.html",
    "page.css",
    "levelkit.js",
    "worker.js",
    "levelkit-wasm.js",
    "levelkit.wasm",
    "three-LICENSE",
];

/// Write the web page (open, check, audit, repair, build, export and render in a browser, offline).
#[derive(Args)]
pub struct WebArgs {
    /// The folder to write the page to (created if missing); open its index.html.
    #[arg(short, long, value_name = "DIR")]
    output: PathBuf,
    /// Where the built page is (default: web/dist in levelkit's source tree, or $LEVELKIT_WEB).
    #[arg(long, value_name = "DIR")]
    from: Option<PathBuf>,
    #[command(flatten)]
    in_place: InPlaceArg,
}

fn default_source() -> PathBuf {
    std::env::var_os("LEVELKIT_WEB")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/dist"))
}

pub fn web(a: WebArgs) -> Result<ExitCode> {
    let from = a.from.unwrap_or_else(default_source);
    let missing: Vec<&str> = PAGE_FILES.iter().copied().filter(|f| !from.join(f).is_file()).collect();
    if !missing.is_empty() {
        bail!(
            "the web page is not built in {} (missing {}): run scripts/build-web in levelkit's source tree \
             (it installs Debian's rustc-web, cargo-web, rust-web-src and lld-22), or pass --from DIR",
            from.display(),
            missing.join(", ")
        );
    }
    let sources: Vec<PathBuf> = PAGE_FILES.iter().map(|f| from.join(f)).collect();
    let inputs = Inputs::new(sources.iter().map(PathBuf::as_path));
    std::fs::create_dir_all(&a.output).with_context(|| format!("cannot create {}", a.output.display()))?;
    for name in PAGE_FILES {
        inputs.check(&a.output.join(name), a.in_place)?;
    }
    for (name, source) in PAGE_FILES.iter().zip(&sources) {
        write_output(&a.output.join(name), &read_file(source)?)?;
    }
    crate::common::status(format_args!(
        "the web page is in {}; open {}",
        a.output.display(),
        a.output.join("index.html").display()
    ));
    Ok(ExitCode::SUCCESS)
}
