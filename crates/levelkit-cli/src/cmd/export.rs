//! `export`: one level file to glTF, GLB, OBJ (+ MTL + PNG) or JSON, chosen by the output's extension.

use crate::common::{self, FormatArg};
use anyhow::{Context, Result};
use clap::Args;
use levelkit::convert::{export_document, ExportError, ExportFormat, ExportOptions};
use levelkit::reptar::SelectError;
use std::path::PathBuf;
use std::process::ExitCode;

/// Export a level file as a model: `.glb`, `.gltf`, `.obj` (with `.mtl` and `.png` beside it) or `.json`
/// (the lossless dump), by the output's extension.
#[derive(Args)]
pub struct ExportArgs {
    /// The level file to export (or `IMAGE:PATH`, a level file inside a disc image).
    file: PathBuf,
    /// The output file; its extension picks the format.
    #[arg(short, long = "output", value_name = "OUT")]
    output: PathBuf,
    /// Only these rooms of a Rugrats level (`--room 0 3`, `--room 0,3` or repeated).
    #[arg(long = "room", value_name = "N", num_args = 1.., value_delimiter = ',', action = clap::ArgAction::Append)]
    rooms: Option<Vec<u32>>,
    /// Multiply every position by this (positive).
    #[arg(long, default_value_t = 1.0, value_parser = common::parse_scale)]
    scale: f32,
    /// A raw PS1 VRAM dump (1 MiB, from an emulator) to texture Rugrats rooms with.
    #[arg(long, value_name = "VRAM")]
    vram: Option<PathBuf>,
    /// Add the Sonic Heroes quadtree's leaves as line geometry (an object named `tree`).
    #[arg(long)]
    tree: bool,
    /// Read the file as this format instead of recognising it by content.
    #[arg(long, value_enum)]
    format: Option<FormatArg>,
    #[command(flatten)]
    in_place: common::InPlaceArg,
}

pub fn export(a: ExportArgs) -> Result<ExitCode> {
    let ext = a.output.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    let format = match ext.as_deref() {
        Some("glb") => ExportFormat::Glb,
        Some("gltf") => ExportFormat::Gltf,
        Some("obj") => ExportFormat::Obj,
        Some("json") => ExportFormat::Json,
        _ => usage!("{}: the output must end in .glb, .gltf, .obj or .json", a.output.display()),
    };
    let doc = common::open(&a.file, a.format)?;
    let rugrats_flags = [("--room", a.rooms.is_some()), ("--vram", a.vram.is_some())];
    common::refuse_flags_for(&doc, &a.file, levelkit::Format::ReptarLevel, &rugrats_flags)?;
    common::refuse_flags_for(&doc, &a.file, levelkit::Format::HeroesCl, &[("--tree", a.tree)])?;
    if !matches!(format, ExportFormat::Json) {
        common::note_untextured(&doc, &a.file, a.vram.is_some());
    }
    let mut options = ExportOptions::new(format);
    options.scale = a.scale;
    options.rooms = a.rooms;
    options.tree = a.tree;
    if let Some(vram) = &a.vram {
        options.vram = Some(common::read_file(vram)?);
    }
    let stem = a.output.file_stem().map_or_else(|| "out".into(), |s| s.to_string_lossy().into_owned());
    let dir = a.output.parent().map(PathBuf::from).unwrap_or_default();
    let files = match export_document(&doc, &stem, &options) {
        // The flag's value, not the file, is wrong.
        Err(e @ ExportError::Select(SelectError::NoSuchRoom { .. })) => usage!("{}: {e}", a.file.display()),
        result => result.with_context(|| format!("{}", a.file.display()))?,
    };
    let inputs = common::Inputs::new(std::iter::once(a.file.as_path()).chain(a.vram.as_deref()));
    for f in &files {
        inputs.check(&dir.join(&f.file_name), a.in_place)?;
    }
    for f in &files {
        common::write_described(&dir.join(&f.file_name), &f.bytes, file_kind(&f.file_name))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// What an exported file is, by its name, for its `wrote` line (an OBJ's materials and textures are
/// written beside it).
fn file_kind(name: &str) -> &'static str {
    let ext = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
    match ext.as_str() {
        "glb" => "binary glTF",
        "gltf" => "glTF",
        "obj" => "OBJ mesh",
        "mtl" => "OBJ materials",
        "png" => "texture",
        "bin" => "glTF buffer",
        "json" => "JSON dump",
        _ => "",
    }
}
