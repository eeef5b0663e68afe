//! `probe`, `audit` and `map`: the game's collision queries over a Sonic Heroes `.cl` file.

use crate::common::{self, EXIT_FAILURE};
use anyhow::{bail, Context, Result};
use clap::Args;
use levelkit::heroes::audit::{self, AuditOptions, Query};
use levelkit::heroes::map::{self, MapOptions};
use levelkit::heroes::Collision;
use levelkit::Document;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Run one collision query the way the game runs it, and compare with the exact reference.
#[derive(Args)]
pub struct ProbeArgs {
    file: PathBuf,
    /// Vertical probe straight down from X,Y,Z.
    #[arg(long, value_name = "X,Y,Z", allow_hyphen_values = true)]
    down: Option<String>,
    /// How far the vertical probe reaches.
    #[arg(long, default_value_t = 1000.0, requires = "down")]
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
}

/// Probe a file's whole area with vertical probes, line casts and moving spheres of a player's size;
/// count the holes and the triangles the game freezes on (exit 1 if any).
#[derive(Args)]
pub struct AuditArgs {
    file: PathBuf,
    /// Vertical probes, and as many line casts and moving spheres.
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
    #[command(flatten)]
    in_place: common::InPlaceArg,
}

/// Draw a top-down map of a file: surfaces coloured by type, leaf squares outlined.
#[derive(Args)]
pub struct MapArgs {
    file: PathBuf,
    /// The PNG file to write.
    #[arg(short, long)]
    output: PathBuf,
    /// Pixels along the longer side.
    #[arg(long, default_value_t = 1024)]
    size: u32,
    /// Do not outline the tree's leaves.
    #[arg(long)]
    no_leaves: bool,
    #[command(flatten)]
    in_place: common::InPlaceArg,
}

fn open_cl(path: &Path) -> Result<Collision> {
    match common::open(path, Some(common::FormatArg::HeroesCl))? {
        Document::Heroes(c) => Ok(c),
        Document::Reptar(_) => bail!("{} is not a Sonic Heroes .cl file", path.display()),
    }
}

fn vec3(text: &str) -> Result<[f32; 3]> {
    let parts: Vec<&str> = text.split(',').collect();
    let [x, y, z] = parts.as_slice() else { bail!("expected X,Y,Z, got {text:?}") };
    let num = |s: &str| s.trim().parse::<f32>().with_context(|| format!("{s:?} in {text:?} is not a number"));
    Ok([num(x)?, num(y)?, num(z)?])
}

fn scalar(text: &str) -> Result<f32> {
    text.trim().parse::<f32>().with_context(|| format!("{text:?} is not a number"))
}

pub fn probe(a: ProbeArgs) -> Result<ExitCode> {
    let mut queries = Vec::new();
    if let Some(p) = &a.down {
        queries.push(Query::Down { start: vec3(p)?, distance: a.distance });
    }
    if let Some(v) = &a.line {
        queries.push(Query::Line { start: vec3(&v[0])?, dir: vec3(&v[1])? });
    }
    if let Some(v) = &a.sphere {
        queries.push(Query::Sphere { center: vec3(&v[0])?, radius: scalar(&v[1])? });
    }
    if let Some(v) = &a.moving {
        queries.push(Query::Move { start: vec3(&v[0])?, dir: vec3(&v[1])?, radius: scalar(&v[2])? });
    }
    if queries.is_empty() {
        bail!("give a query: --down, --line, --sphere or --move");
    }
    let c = open_cl(&a.file)?;
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
    if let Some(out) = &a.map {
        common::Inputs::new([a.file.as_path()]).check(out, a.in_place)?;
    }
    let c = open_cl(&a.file)?;
    let report = audit::audit(&c, AuditOptions { probes: a.probes, seed: a.seed })
        .with_context(|| format!("cannot audit {}", a.file.display()))?;
    if let Some(out) = &a.map {
        let png = map::render(&c, Some(&report), MapOptions::default()).context("cannot draw the map")?;
        common::write_output(out, &png)?;
    }
    if a.json {
        common::print_json(&report)?;
    } else {
        out!("{}", report.to_text())?;
    }
    Ok(if report.holes > 0 || report.freezes() { ExitCode::from(EXIT_FAILURE) } else { ExitCode::SUCCESS })
}

pub fn map(a: MapArgs) -> Result<ExitCode> {
    common::Inputs::new([a.file.as_path()]).check(&a.output, a.in_place)?;
    let c = open_cl(&a.file)?;
    let opts = MapOptions { size: a.size, leaves: !a.no_leaves };
    let png = map::render(&c, None, opts).context("cannot draw the map")?;
    common::write_output(&a.output, &png)?;
    Ok(ExitCode::SUCCESS)
}
