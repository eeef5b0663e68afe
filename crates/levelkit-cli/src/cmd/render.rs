//! `render`: a picture of a level file as PNG.

use crate::common;
use anyhow::{Context, Result};
use clap::Args;
use levelkit::render::{render_with_notes, RenderError, RenderOptions, ViewPoint};
use levelkit::reptar::SelectError;
use std::path::PathBuf;
use std::process::ExitCode;

/// Render a level file to PNG: Rugrats rooms through the PS1 room renderer, Sonic Heroes collision as a
/// shaded view coloured by surface type.
#[derive(Args)]
pub struct RenderArgs {
    /// The level file: a Sonic Heroes .cl or Rugrats LEVELnn.BIN (or IMAGE:PATH, a file inside a disc image).
    file: PathBuf,
    /// The PNG to write.
    #[arg(short, long = "output", value_name = "OUT.png")]
    output: PathBuf,
    /// Only these rooms of a Rugrats level (`--room 0 3`, `--room 0,3` or repeated).
    #[arg(long = "room", value_name = "N", num_args = 1.., value_delimiter = ',', action = clap::ArgAction::Append)]
    rooms: Option<Vec<u32>>,
    /// Camera position `X,Y,Z` in the file's coordinates (Rugrats: Y down); needs --look.
    #[arg(long, value_name = "X,Y,Z", value_parser = parse_xyz, requires = "look", allow_hyphen_values = true)]
    camera: Option<[f64; 3]>,
    /// The point the camera looks at, `X,Y,Z`; needs --camera.
    #[arg(long, value_name = "X,Y,Z", value_parser = parse_xyz, requires = "camera", allow_hyphen_values = true)]
    look: Option<[f64; 3]>,
    /// Image size `WxH`.
    #[arg(long, value_name = "WxH", value_parser = parse_size, default_value = "640x480")]
    size: (u32, u32),
    /// A raw PS1 VRAM dump (1 MiB, from an emulator) to texture Rugrats rooms with.
    #[arg(long, value_name = "VRAM")]
    vram: Option<PathBuf>,
    /// Outline the Rugrats portals.
    #[arg(long)]
    portals: bool,
    /// Read the file as this format instead of recognising it by content.
    #[arg(long, value_enum)]
    format: Option<common::FormatArg>,
    #[command(flatten)]
    in_place: common::InPlaceArg,
}

fn parse_xyz(s: &str) -> Result<[f64; 3], String> {
    let parts: Vec<&str> = s.split(',').collect();
    let [x, y, z] = parts.as_slice() else { return Err(format!("{s:?}: expected X,Y,Z")) };
    let n = |t: &str| t.trim().parse::<f64>().map_err(|e| format!("{t:?}: {e}"));
    Ok([n(x)?, n(y)?, n(z)?])
}

fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s.split_once(['x', 'X']).ok_or_else(|| format!("{s:?}: expected WxH, e.g. 640x480"))?;
    let n = |t: &str| t.trim().parse::<u32>().map_err(|e| format!("{t:?}: {e}"));
    Ok((n(w)?, n(h)?))
}

pub fn render(a: RenderArgs) -> Result<ExitCode> {
    common::Inputs::new(std::iter::once(a.file.as_path()).chain(a.vram.as_deref()))
        .check(&a.output, a.in_place)?;
    if !a.output.extension().is_some_and(|e| e.eq_ignore_ascii_case("png")) {
        usage!("{}: render writes PNG; name the output with .png", a.output.display());
    }
    let doc = common::open(&a.file, a.format)?;
    let rugrats_flags =
        [("--room", a.rooms.is_some()), ("--vram", a.vram.is_some()), ("--portals", a.portals)];
    common::refuse_flags_for(&doc, &a.file, levelkit::Format::ReptarLevel, &rugrats_flags)?;
    common::note_untextured(&doc, &a.file, a.vram.is_some());
    let mut options = RenderOptions {
        width: a.size.0,
        height: a.size.1,
        rooms: a.rooms,
        portals: a.portals,
        ..RenderOptions::default()
    };
    if let (Some(position), Some(look)) = (a.camera, a.look) {
        options.camera = Some(ViewPoint { position, look });
    }
    if let Some(vram) = &a.vram {
        options.vram = Some(common::read_file(vram)?);
    }
    let rendering = match render_with_notes(&doc, &options) {
        // The flags' values, not the file, are wrong.
        Err(
            e @ (RenderError::BadSize { .. }
            | RenderError::BadCamera(_)
            | RenderError::Select(SelectError::NoSuchRoom { .. })),
        ) => {
            usage!("{}: {e}", a.file.display())
        }
        result => result.with_context(|| format!("{}", a.file.display()))?,
    };
    for note in crate::hints::render_notes(&a.file.display().to_string(), &rendering) {
        eprintln!("levelkit: {note}");
    }
    let png = rendering.image.to_png().context("cannot encode the PNG")?;
    common::write_described(&a.output, &png, &format!("{}x{} PNG", a.size.0, a.size.1))?;
    Ok(ExitCode::SUCCESS)
}
