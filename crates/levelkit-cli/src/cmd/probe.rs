//! `probe`, `audit` and `map`: the game's collision queries over a Sonic Heroes `.cl` file.

use crate::common::{self, EXIT_FAILURE};
use anyhow::{bail, Context, Result};
use clap::Args;
use levelkit::heroes::audit::{self, AuditOptions, Query};
use levelkit::heroes::Collision;
use levelkit::render::map::{self, MapOptions};
use levelkit::{Document, Format};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Run one collision query the way the game runs it, and compare with the exact reference.
#[derive(Args)]
pub struct ProbeArgs {
    /// The Sonic Heroes .cl collision file to query (or IMAGE:PATH, a file inside a disc image).
    file: PathBuf,
    /// Vertical probe straight down from X,Y,Z.
    #[arg(long, value_name = "X,Y,Z", allow_hyphen_values = true)]
    down: Option<String>,
    /// How far the vertical probe reaches (above 0).
    #[arg(long, default_value_t = 1000.0, requires = "down", allow_hyphen_values = true)]
    distance: f32,
    /// Line cast from X,Y,Z along DX,DY,DZ (the segment's length is the vector's).
    #[arg(long, num_args = 2, value_names = ["X,Y,Z", "DX,DY,DZ"], allow_hyphen_values = true)]
    line: Option<Vec<String>>,
    /// Static sphere at X,Y,Z of radius R.
    #[arg(long, num_args = 2, value_names = ["X,Y,Z", "R"], allow_hyphen_values = true)]
    sphere: Option<Vec<String>>,
    /// Sphere of radius R at X,Y,Z moving by DX,DY,DZ.
    #[arg(long = "move", num_args = 3, value_names = ["X,Y,Z", "DX,DY,DZ", "R"], allow_hyphen_values = true)]
    moving: Option<Vec<String>>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Read the file as a .cl file without recognising it by content (the only format this command reads).
    #[arg(long, value_enum)]
    format: Option<common::ClFormatArg>,
}

/// Probe a file's whole area with vertical probes, line casts and moving spheres of a player's size;
/// count the holes and the triangles the game freezes on (exit 1 if any).
#[derive(Args)]
pub struct AuditArgs {
    /// The Sonic Heroes .cl collision file to audit (or IMAGE:PATH, a file inside a disc image).
    file: PathBuf,
    /// Vertical probes, and as many line casts and moving spheres (1 to 10,000,000).
    #[arg(long, default_value_t = 10_000)]
    probes: usize,
    /// Seed of the probe positions: the same seed gives the same report.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Also draw the map with the holes marked to this PNG file.
    #[arg(long, value_name = "OUT.png")]
    map: Option<PathBuf>,
    /// Also mark the game-inherent differences on the map (the game's own misses, which no file can fix;
    /// always counted in the report).
    #[arg(long, requires = "map")]
    show_game_inherent: bool,
    /// Read the file as a .cl file without recognising it by content (the only format this command reads).
    #[arg(long, value_enum)]
    format: Option<common::ClFormatArg>,
    #[command(flatten)]
    in_place: common::InPlaceArg,
}

/// Draw a top-down map of a file: surfaces coloured by type, leaf squares outlined.
#[derive(Args)]
pub struct MapArgs {
    /// The Sonic Heroes .cl collision file to draw (or IMAGE:PATH, a file inside a disc image).
    file: PathBuf,
    /// The PNG file to write.
    #[arg(short, long)]
    output: PathBuf,
    /// Pixels along the longer side (16 to 8192).
    #[arg(long, default_value_t = 1024)]
    size: u32,
    /// Do not outline the tree's leaves.
    #[arg(long)]
    no_leaves: bool,
    /// Read the file as a .cl file without recognising it by content (the only format this command reads).
    #[arg(long, value_enum)]
    format: Option<common::ClFormatArg>,
    #[command(flatten)]
    in_place: common::InPlaceArg,
}

fn open_cl(path: &Path, format: Option<common::ClFormatArg>, purpose: &str) -> Result<Collision> {
    match common::open_only(path, format.is_some(), Format::HeroesCl, purpose)? {
        Document::Heroes(c) => Ok(c),
        Document::Reptar(_) => bail!("{} is not a Sonic Heroes .cl file", path.display()),
    }
}

/// `X,Y,Z` of `flag`: three finite numbers, or a usage error naming the flag.
fn vec3(flag: &str, text: &str) -> Result<[f32; 3]> {
    let parts: Vec<&str> = text.split(',').collect();
    let [x, y, z] = parts.as_slice() else {
        usage!("{flag} takes X,Y,Z (three numbers separated by commas), got {text:?}")
    };
    Ok([number(flag, x)?, number(flag, y)?, number(flag, z)?])
}

/// One finite number of `flag`, or a usage error naming it.
fn number(flag: &str, text: &str) -> Result<f32> {
    match text.trim().parse::<f32>() {
        Ok(x) if x.is_finite() => Ok(x),
        Ok(_) => usage!("{flag}: {text:?} is not a finite number"),
        Err(_) => usage!("{flag}: {text:?} is not a number"),
    }
}

/// A radius or distance of `flag`: a finite number above 0.
fn positive(flag: &str, text: &str) -> Result<f32> {
    let x = number(flag, text)?;
    if x <= 0.0 {
        usage!("{flag}: {text:?} must be above 0");
    }
    Ok(x)
}

pub fn probe(a: ProbeArgs) -> Result<ExitCode> {
    let mut queries = Vec::new();
    if let Some(p) = &a.down {
        if !(a.distance.is_finite() && a.distance > 0.0) {
            usage!("--distance must be a finite number above 0, got {}", a.distance);
        }
        // `--down` reaches down by `--distance`; the library's Y is the game's, negative down.
        queries.push(Query::Vertical { start: vec3("--down", p)?, dy: -a.distance });
    }
    if let Some(v) = &a.line {
        queries.push(Query::Line { start: vec3("--line", &v[0])?, dir: vec3("--line", &v[1])? });
    }
    if let Some(v) = &a.sphere {
        queries
            .push(Query::Sphere { center: vec3("--sphere", &v[0])?, radius: positive("--sphere", &v[1])? });
    }
    if let Some(v) = &a.moving {
        queries.push(Query::Move {
            start: vec3("--move", &v[0])?,
            dir: vec3("--move", &v[1])?,
            radius: positive("--move", &v[2])?,
        });
    }
    if queries.is_empty() {
        usage!(
            "give a query: --down X,Y,Z, --line X,Y,Z DX,DY,DZ, --sphere X,Y,Z R or --move X,Y,Z DX,DY,DZ R"
        );
    }
    let c = open_cl(&a.file, a.format, "probe")?;
    let prober = audit::Prober::new(&c);
    let reports: Vec<_> = queries.iter().map(|q| prober.probe(q)).collect();
    if a.json {
        match reports.as_slice() {
            [one] => common::print_json(one)?,
            many => common::print_json(&many)?,
        }
    } else {
        for r in &reports {
            out!("{}", r.to_text())?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub fn audit(a: AuditArgs) -> Result<ExitCode> {
    if let Some(why) = audit::probes_error(a.probes) {
        usage!("--{why}");
    }
    if let Some(out) = &a.map {
        common::Inputs::new([a.file.as_path()]).check(out, a.in_place)?;
    }
    let c = open_cl(&a.file, a.format, "audit")?;
    let report = audit::audit(&c, AuditOptions { probes: a.probes, seed: a.seed })
        .with_context(|| format!("cannot audit {}", a.file.display()))?;
    if let Some(out) = &a.map {
        let opts = MapOptions { game_inherent: a.show_game_inherent, ..MapOptions::default() };
        let png = map::render(&c, Some(&report), opts).context("cannot draw the map")?;
        let inherent = report.inherent_list.len();
        let marks = if a.show_game_inherent {
            format!(
                "{} holes and {} game-inherent differences marked",
                common::thousands(report.hole_list.len() as u64),
                common::thousands(inherent as u64)
            )
        } else {
            format!(
                "{} holes marked ({} game-inherent differences not drawn: --show-game-inherent draws them)",
                common::thousands(report.hole_list.len() as u64),
                common::thousands(inherent as u64)
            )
        };
        common::write_described(out, &png, &format!("map, {marks}"))?;
    }
    if a.json {
        common::print_json(&report.to_json())?;
    } else {
        out!("{}", report.to_text())?;
        for hint in crate::hints::audit(&report) {
            common::status(format_args!("help: {hint}"));
        }
    }
    Ok(if report.holes > 0 || report.freezes() { ExitCode::from(EXIT_FAILURE) } else { ExitCode::SUCCESS })
}

pub fn map(a: MapArgs) -> Result<ExitCode> {
    if !(map::MIN_SIZE..=map::MAX_SIZE).contains(&a.size) {
        usage!("--size must be {} to {} pixels, got {}", map::MIN_SIZE, map::MAX_SIZE, a.size);
    }
    common::Inputs::new([a.file.as_path()]).check(&a.output, a.in_place)?;
    let c = open_cl(&a.file, a.format, "map")?;
    let opts = MapOptions { size: a.size, leaves: !a.no_leaves, ..MapOptions::default() };
    let png = map::render(&c, None, opts).context("cannot draw the map")?;
    common::write_described(&a.output, &png, "map")?;
    Ok(ExitCode::SUCCESS)
}
