//! `ls` and `extract`: the level files inside a disc image (PS1 BIN/CUE or ISO, GameCube ISO/GCM/RVZ …).

use crate::common::{print_json, InPlaceArg, Inputs};
use anyhow::{bail, Context, Result};
use clap::Args;
use levelkit::disc::{safe_relative_path, Disc, LevelFile};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// List the level files inside a disc image (recognised by content) and how many other files it holds.
#[derive(Args)]
pub struct LsArgs {
    /// A PS1 .cue, .bin or .iso, or a GameCube image (ISO/GCM, RVZ, WIA, CISO, GCZ …).
    image: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// Write the level files inside a disc image into a folder, keeping their paths.
#[derive(Args)]
pub struct ExtractArgs {
    /// A PS1 .cue, .bin or .iso, or a GameCube image (ISO/GCM, RVZ, WIA, CISO, GCZ …).
    image: PathBuf,
    /// The folder to write into (created if missing).
    #[arg(short, long = "output", value_name = "DIR")]
    output: PathBuf,
    /// Only files whose path or name matches this (`*` and `?` wildcards, any case), e.g. `'LEVEL0?.BIN'`.
    pattern: Option<String>,
}

fn open(image: &Path) -> Result<(Disc, levelkit::disc::Listing)> {
    let disc = Disc::open(image).with_context(|| format!("{}", image.display()))?;
    let listing = disc.levels().with_context(|| format!("{}", image.display()))?;
    Ok((disc, listing))
}

pub fn ls(a: LsArgs) -> Result<ExitCode> {
    let (disc, listing) = open(&a.image)?;
    if a.json {
        print_json(&serde_json::json!({
            "image": a.image,
            "kind": disc.kind,
            "container": disc.container,
            "levels": listing.levels,
            "skipped": listing.skipped,
            "bytes_read": disc.bytes_read(),
        }))?;
        return Ok(ExitCode::SUCCESS);
    }
    for level in &listing.levels {
        outln!("{:<40} {:>10}  {}", level.path, level.size, level.format.name())?;
    }
    outln!(
        "{} level files, {} other files skipped ({} image, {})",
        listing.levels.len(),
        listing.skipped,
        disc.container,
        a.image.display()
    )?;
    Ok(ExitCode::SUCCESS)
}

pub fn extract(a: ExtractArgs) -> Result<ExitCode> {
    let (disc, listing) = open(&a.image)?;
    let chosen: Vec<&LevelFile> =
        listing.levels.iter().filter(|l| a.pattern.as_deref().is_none_or(|p| matches(p, &l.path))).collect();
    if chosen.is_empty() {
        bail!("no level file in {} matches {:?}", a.image.display(), a.pattern.as_deref().unwrap_or("*"));
    }
    let inputs = Inputs::new([a.image.as_path()]);
    for level in &chosen {
        let Some(relative) = safe_relative_path(&level.path) else {
            bail!("{}: the path {:?} would leave {}", a.image.display(), level.path, a.output.display());
        };
        let out = a.output.join(relative);
        inputs.check(&out, InPlaceArg::default())?;
        let bytes = disc.read_path(&level.path).with_context(|| format!("{}", a.image.display()))?;
        if let Some(dir) = out.parent() {
            std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        }
        crate::common::write_described(&out, &bytes, &format!("{} file", level.format.long_name()))?;
    }
    crate::common::status(format_args!("{} level files written to {}", chosen.len(), a.output.display()));
    Ok(ExitCode::SUCCESS)
}

/// `pattern` against the whole path or its last component, `*` any run and `?` one character, any case.
fn matches(pattern: &str, path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    let [p, path, name] =
        [pattern, path, name].map(|s| s.to_ascii_lowercase().chars().collect::<Vec<char>>());
    glob(&p, &path) || glob(&p, &name)
}

/// Wildcard matching by the usual two-pointer walk with one backtrack point: linear-ish, no recursion.
fn glob(p: &[char], s: &[char]) -> bool {
    let (mut pi, mut si) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while si < s.len() {
        if pi < p.len() && (p[pi] == '?' || p[pi] == s[si]) {
            pi += 1;
            si += 1;
        } else if pi < p.len() && p[pi] == '*' {
            star = Some((pi, si));
            pi += 1;
        } else if let Some((sp, ss)) = star {
            pi = sp + 1;
            si = ss + 1;
            star = Some((sp, ss + 1));
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn patterns_match_paths_or_names() {
        assert!(matches("LEVEL0?.BIN", "DATA/DB05/LEVEL05.BIN"));
        assert!(matches("data/*/level05.bin", "DATA/DB05/LEVEL05.BIN"));
        assert!(matches("*_xx.cl", "files/collisions/s01_xx.cl"));
        assert!(!matches("*_wt.cl", "files/collisions/s01_xx.cl"));
        assert!(!matches("LEVEL0?.BIN", "DATA/DB05/LEVEL15.BIN"));
    }
}
