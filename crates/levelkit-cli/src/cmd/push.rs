//! `push`: put a `.cl` file into the running game and make it reload its collision, through the
//! HeroesPowerPlant remote-control mod (the library's `live` module; the port from `levelkit-discover`).

use anyhow::{Context, Result};
use clap::Args;
use levelkit::heroes::live::{self, CollisionName};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// The longest `--timeout` taken, in seconds: an hour is already far more than a reload needs.
const MAX_TIMEOUT_SECONDS: f64 = 3600.0;

/// Put a .cl file into the game's collisions folder and make the running game (PC, with the
/// HeroesPowerPlant remote-control mod for Reloaded-II) reload it.
#[derive(Args)]
pub struct PushArgs {
    /// The .cl file; it must pass `levelkit check` (or give --force).
    file: PathBuf,
    /// The game's folder: its root (holding dvdroot), dvdroot, or dvdroot/collisions.
    #[arg(long)]
    game: PathBuf,
    /// The file's name in collisions, without .cl [default: FILE's name]. A name ending in _wt or _xx
    /// reloads the stage it belongs to.
    #[arg(long)]
    name: Option<String>,
    /// The mod's port on 127.0.0.1 [default: read from the game's shared memory, on Windows].
    #[arg(long)]
    port: Option<u16>,
    /// Seconds to wait for the game, in all.
    #[arg(long, default_value_t = 5.0)]
    timeout: f64,
    /// Push a file that fails check.
    #[arg(long)]
    force: bool,
}

pub fn push(a: PushArgs) -> Result<ExitCode> {
    let name = match &a.name {
        Some(name) => CollisionName::new(name)?,
        None => CollisionName::of_file(&a.file)?,
    };
    if !(a.timeout > 0.0 && a.timeout <= MAX_TIMEOUT_SECONDS) {
        anyhow::bail!("--timeout {} is not between 0 and {MAX_TIMEOUT_SECONDS} seconds", a.timeout);
    }
    let timeout = Duration::from_secs_f64(a.timeout);
    let bytes = crate::common::read_file(&a.file)?;
    let request = live::Push { collision: &bytes, game: &a.game, name, timeout, force: a.force };
    let find_port = || a.port.map_or_else(levelkit_discover::find_port, Ok);
    let pushed = live::push(&request, crate::outputs::write_atomic, find_port)
        .map_err(|e| match e {
            // The library says the port must be given; this program's flag gives it.
            e if needs_port(&e) => anyhow::anyhow!("{e} (pass --port)"),
            e => anyhow::Error::new(e),
        })
        .with_context(|| format!("{}", a.file.display()))?;
    let installed = &pushed.installed;
    println!("wrote {}", installed.path.display());
    if let Some(backup) = &installed.backup {
        println!("kept the previous file as {}", backup.display());
    }
    if let Some(backup) = &installed.kept_backup {
        println!("the game's original stays in {}", backup.display());
    }
    if pushed.warnings > 0 {
        println!("{} check warning(s); see `levelkit check {}`", pushed.warnings, a.file.display());
    }
    println!("the game reloaded {} (127.0.0.1:{})", pushed.reloaded.as_str(), pushed.port);
    Ok(ExitCode::SUCCESS)
}

/// Whether the push failed for want of the mod's port (several games, or none to be found here).
fn needs_port(e: &live::LiveError) -> bool {
    match e {
        live::LiveError::NotReloaded { reason, .. } => needs_port(reason),
        live::LiveError::SeveralGames { .. } | live::LiveError::PortUnknown => true,
        _ => false,
    }
}
