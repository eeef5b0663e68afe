//! The `levelkit` command-line program: argument parsing, progress and printing over the library.
//! No format logic lives here.

#[macro_use]
mod common;
mod cmd;
mod hints;
mod outputs;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Open, check, convert, build and render Rugrats: Search for Reptar LEVELnn.BIN rooms and Sonic Heroes
/// .cl collision. Formats are recognised by content.
#[derive(Parser)]
#[command(name = "levelkit", version, about, propagate_version = true)]
struct Cli {
    /// Print no `wrote …` status lines (warnings and errors are still printed).
    #[arg(short, long, global = true)]
    quiet: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Info(cmd::inspect::InfoArgs),
    Check(cmd::inspect::CheckArgs),
    Dump(cmd::inspect::DumpArgs),
    Pack(cmd::inspect::PackArgs),
    Rooms(cmd::rooms::RoomsArgs),
    Convert(cmd::convert::ConvertArgs),
    Export(cmd::export::ExportArgs),
    Render(cmd::render::RenderArgs),
    Sample(cmd::sample::SampleArgs),
    View(cmd::view::ViewArgs),
    BuildCl(cmd::build::BuildArgs),
    RepairCl(cmd::build::RepairArgs),
    BuildLevel(cmd::build_level::BuildLevelArgs),
    Probe(cmd::probe::ProbeArgs),
    Audit(cmd::probe::AuditArgs),
    Map(cmd::probe::MapArgs),
    Ls(cmd::disc::LsArgs),
    Extract(cmd::disc::ExtractArgs),
    Patch(cmd::patch::PatchArgs),
    Web(cmd::web::WebArgs),
    Push(cmd::push::PushArgs),
}

/// Ctrl-C, SIGTERM or SIGHUP: remove the temporary files being written, then exit with 128 + the
/// signal's number, as a shell reports a process a signal ended. Outputs are renamed into place only
/// when whole, so what remains is finished outputs and no partial or temporary file. The signals are
/// blocked in every thread (threads inherit the mask) and one thread waits for them, so the clean-up
/// runs as ordinary code, not in a signal handler.
fn remove_temporaries_on_interrupt() {
    #[cfg(unix)]
    {
        // SAFETY: the sigset is plain data that sigemptyset initialises; this runs at start-up before
        // any other thread exists, so every later thread inherits the blocked mask.
        let set = unsafe {
            let mut set: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut set);
            for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
                libc::sigaddset(&mut set, signal);
            }
            if libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut()) != 0 {
                return;
            }
            set
        };
        std::thread::spawn(move || {
            let mut signal = 0;
            // SAFETY: set and signal are valid for the call.
            if unsafe { libc::sigwait(&set, &mut signal) } == 0 {
                outputs::interrupt_and_exit(128 + signal);
            }
        });
    }
}

fn main() -> ExitCode {
    remove_temporaries_on_interrupt();
    let cli = Cli::parse();
    common::set_quiet(cli.quiet);
    let result = match cli.command {
        Command::Info(a) => cmd::inspect::info(a),
        Command::Check(a) => cmd::inspect::check(a),
        Command::Dump(a) => cmd::inspect::dump(a),
        Command::Pack(a) => cmd::inspect::pack(a),
        Command::Rooms(a) => cmd::rooms::rooms(a),
        Command::Convert(a) => cmd::convert::convert(a),
        Command::Export(a) => cmd::export::export(a),
        Command::Render(a) => cmd::render::render(a),
        Command::Sample(a) => cmd::sample::sample(a),
        Command::View(a) => cmd::view::view(a),
        Command::BuildCl(a) => cmd::build::build_cl(a),
        Command::RepairCl(a) => cmd::build::repair_cl(a),
        Command::BuildLevel(a) => cmd::build_level::build_level(a),
        Command::Probe(a) => cmd::probe::probe(a),
        Command::Audit(a) => cmd::probe::audit(a),
        Command::Map(a) => cmd::probe::map(a),
        Command::Ls(a) => cmd::disc::ls(a),
        Command::Extract(a) => cmd::disc::extract(a),
        Command::Patch(a) => cmd::patch::patch(a),
        Command::Web(a) => cmd::web::web(a),
        Command::Push(a) => cmd::push::push(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("levelkit: error: {}", error_text(&e));
            let usage = e.chain().any(|cause| cause.is::<common::UsageError>());
            ExitCode::from(if usage { EXIT_USAGE } else { common::EXIT_FAILURE })
        }
    }
}

/// A usage error: the exit status clap gives for the ones it finds, and ours for the values it accepted.
const EXIT_USAGE: u8 = 2;

/// An error and its causes, `outer: inner`, each said once: a cause whose text its outer error already
/// ends with (an error that prints its source itself) is not said again.
fn error_text(e: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in e.chain() {
        let part = cause.to_string();
        if text.ends_with(&part) {
            continue;
        }
        if !text.is_empty() {
            text.push_str(": ");
        }
        text.push_str(&part);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::error_text;

    /// An error that prints its source in its own message, as thiserror's `{0}` with `#[source]` does.
    #[derive(Debug)]
    struct Outer(std::io::Error);

    impl std::fmt::Display for Outer {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "cannot reach the game: {}", self.0)
        }
    }

    impl std::error::Error for Outer {
        fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
            Some(&self.0)
        }
    }

    #[test]
    fn a_cause_is_said_once() {
        let inner = std::io::Error::other("cannot find the game's port here");
        let e = anyhow::Error::new(Outer(inner)).context("s01.cl");
        assert_eq!(error_text(&e), "s01.cl: cannot reach the game: cannot find the game's port here");
    }

    #[test]
    fn distinct_causes_are_all_said() {
        let e = anyhow::anyhow!("vertex 99 does not exist").context("triangles[0]").context("edited.json");
        assert_eq!(error_text(&e), "edited.json: triangles[0]: vertex 99 does not exist");
    }
}
