//! `build-level`: a Rugrats `LEVELnn.BIN` from a glTF/GLB or OBJ scene (or a JSON dump). The work is
//! `levelkit::reptar::builder`.

use crate::common::{self, EXIT_FAILURE};
use anyhow::{bail, Context, Result};
use clap::Args;
use levelkit::psx::Vram;
use levelkit::reptar::builder::{self, BuildOptions};
use levelkit::Document;
use std::path::PathBuf;
use std::process::ExitCode;

/// Build a Rugrats LEVELnn.BIN from a scene: rooms from objects named room_NN (else one room per object),
/// portals from portal_NN. Written only if the result checks clean.
#[derive(Args)]
pub struct BuildLevelArgs {
    /// The scene: .gltf, .glb, .obj, or a levelkit JSON dump of a level (or IMAGE:PATH, a file inside a
    /// disc image).
    scene: PathBuf,
    /// The LEVELnn.BIN file to write.
    #[arg(short, long)]
    output: PathBuf,
    /// The level the scene came from: its texture table, and every byte levelkit does not understand,
    /// are kept for the rooms and portals that match by number.
    #[arg(long, value_name = "LEVEL")]
    base: Option<PathBuf>,
    /// The VRAM dump (1 MiB) the level's textures are in: new textures go where it is free.
    #[arg(long, value_name = "VRAM")]
    vram: Option<PathBuf>,
    /// Write the VRAM dump with the scene's new textures here.
    #[arg(long, value_name = "VRAM")]
    vram_out: Option<PathBuf>,
    /// Multiply every position by this first (100 undoes an export's --scale 0.01).
    #[arg(long, default_value_t = 1.0)]
    scale: f64,
    /// Build even when the scene lacks portals, or rooms with faces, that --base has: they are dropped (a
    /// room without its object is built without geometry), and the report names them.
    #[arg(long)]
    drop_missing: bool,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    in_place: common::InPlaceArg,
}

pub fn build_level(a: BuildLevelArgs) -> Result<ExitCode> {
    let inputs = common::Inputs::new(
        [a.scene.as_path()].into_iter().chain(a.base.as_deref()).chain(a.vram.as_deref()),
    );
    inputs.check(&a.output, a.in_place)?;
    if let Some(out) = &a.vram_out {
        inputs.check(out, a.in_place)?;
    }
    let base = match &a.base {
        Some(path) => {
            match common::open_only(path, false, levelkit::Format::ReptarLevel, "build-level --base")? {
                Document::Reptar(level) => Some(level),
                Document::Heroes(_) => bail!("{}: not a Rugrats level", path.display()),
            }
        }
        None => None,
    };
    let vram = match &a.vram {
        Some(path) => Some(Vram::from_dump(&common::read_vram(path)?)?),
        None => None,
    };
    // Read once, as every input is (a loose file or IMAGE:PATH); the scene is made from these bytes.
    let (data, folder) = common::read_file_beside(&a.scene, levelkit::io::ReadLimit::MESH)?;
    let scene = levelkit::convert::reptar::read_scene(&data, &a.scene, folder.as_deref())
        .with_context(|| a.scene.display().to_string())?;
    let options = BuildOptions {
        base: base.as_ref(),
        vram: vram.as_ref(),
        scale: a.scale,
        drop_missing: a.drop_missing,
    };
    let fail = |e: &dyn std::fmt::Display| {
        eprintln!("levelkit: error: {}: {e}; nothing written", a.scene.display());
        Ok(ExitCode::from(EXIT_FAILURE))
    };
    let built = match builder::build(&scene, &options) {
        Ok(b) => b,
        Err(e @ builder::BuildError::Missing { .. }) => {
            return fail(&format!(
                "{e}\n  help: put the objects back, or --drop-missing builds it without them"
            ));
        }
        // The library says to scale the scene down; --scale does.
        Err(e) if scales(&e) => return fail(&format!("{e} (--scale)")),
        Err(e) => return fail(&e),
    };
    let bytes = match builder::checked_bytes(&built.level, base.as_ref()) {
        Ok(b) => b,
        Err(e) => return fail(&e),
    };
    if built.vram.is_some() && a.vram_out.is_none() {
        return fail(&"the scene has new textures: give --vram-out to write the VRAM dump they are in");
    }
    let vram_out = a.vram_out.as_ref().map(|path| {
        let vram = built.vram.clone().or(vram).unwrap_or_default();
        (path, vram.to_dump())
    });
    common::write_described(&a.output, &bytes, &common::level_contents(&built.level))?;
    if let Some((path, dump)) = &vram_out {
        common::write_described(path, dump, "PS1 VRAM dump with the new textures")?;
    }
    let r = &built.report;
    if a.json {
        common::print_json(&serde_json::json!({
            "scene": a.scene.display().to_string(),
            "output": a.output.display().to_string(),
            "vram_out": a.vram_out.as_ref().map(|p| p.display().to_string()),
            "report": r,
        }))?;
        return Ok(ExitCode::SUCCESS);
    }
    if r.grew() {
        common::warn(format!("{}: {}", a.output.display(), r.size_line()));
    }
    outln!("{} -> {}", a.scene.display(), a.output.display())?;
    for line in r.lines() {
        outln!("  {line}")?;
    }
    for (name, p) in &r.new_textures {
        outln!(
            "  texture {name:?}: {}×{} {}-bit at tpage 0x{:04x} clut 0x{:04x}, u {} v {}",
            p.width,
            p.height,
            p.bits,
            p.tpage,
            p.clut,
            p.u,
            p.v
        )?;
    }
    if let Some((path, _)) = &vram_out {
        outln!("  VRAM: {}", path.display())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Whether the build failed for coordinates too large for the format, which scaling the scene down fixes.
fn scales(e: &builder::BuildError) -> bool {
    match e {
        builder::BuildError::OutOfRange { .. } => true,
        builder::BuildError::Portal { problem, .. } => problem.ends_with("scale the scene down"),
        _ => false,
    }
}
