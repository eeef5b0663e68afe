//! `view`: a level (or a glTF/GLB/OBJ mesh) as one self-contained HTML page, optionally opened.

use crate::common::{read_file_beside, FormatArg, InPlaceArg, Inputs};
use anyhow::{Context, Result};
use clap::Args;
use levelkit::convert::html::{document_viewer_html, viewer_html, ViewerInfo, ViewerKind};
use levelkit::convert::{import_read, ExportFormat, ExportOptions};
use levelkit::io::ReadLimit;
use levelkit::{Document, Format, OpenError};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Write a 3D viewer for a level as one HTML file that opens in a browser with no install and no network.
///
/// Rugrats levels get a room list, portals and texture modes; Sonic Heroes collision a surface legend,
/// the quadtree's leaves and the holes the audit finds. glTF, GLB and OBJ files are shown as they are.
#[derive(Args)]
pub struct ViewArgs {
    /// A level file (or a .glb, .gltf or .obj mesh).
    file: PathBuf,
    /// The HTML file to write.
    #[arg(short, long = "output", value_name = "OUT.html")]
    output: PathBuf,
    /// A raw PS1 VRAM dump (1 MiB, from an emulator) to texture Rugrats rooms with.
    #[arg(long)]
    vram: Option<PathBuf>,
    /// Open the page in the default browser after writing it.
    #[arg(long)]
    open: bool,
    /// Read the file as this format instead of recognising it by content.
    #[arg(long, value_enum)]
    format: Option<FormatArg>,
    #[command(flatten)]
    in_place: InPlaceArg,
}

pub fn view(a: ViewArgs) -> Result<ExitCode> {
    Inputs::new(std::iter::once(a.file.as_path()).chain(a.vram.as_deref())).check(&a.output, a.in_place)?;
    // Read once, a level file or a mesh alike (a glTF's buffers are read from `folder`).
    let (data, folder) = read_file_beside(&a.file, ReadLimit::LEVEL_FILE)?;
    let title =
        a.file.file_name().map_or_else(|| a.file.display().to_string(), |n| n.to_string_lossy().into());
    let page = match Document::parse(&data, a.format.map(Format::from)) {
        Ok(doc) => {
            crate::common::note_untextured(&doc, &a.file, a.vram.is_some());
            let mut options = ExportOptions::new(ExportFormat::Glb);
            if let Some(vram) = &a.vram {
                options.vram = Some(crate::common::read_vram(vram)?);
            }
            document_viewer_html(&doc, &options, &title)
        }
        Err(OpenError::Unrecognised { .. }) if is_mesh_file(&a.file) => {
            let mesh = import_read(&data, &a.file, folder.as_deref())
                .with_context(|| a.file.display().to_string())?;
            viewer_html(&mesh, &ViewerInfo::from_mesh(&mesh, ViewerKind::Mesh, title))
        }
        Err(e) => return Err(crate::common::open_error(e)).with_context(|| a.file.display().to_string()),
    };
    let page = page.with_context(|| a.file.display().to_string())?;
    crate::common::write_described(&a.output, &page, "3D viewer page")?;
    if a.open {
        if let Err(e) = open_in_browser(&a.output) {
            // The page is written; failing to start a browser is not a failure of the command.
            eprintln!(
                "levelkit: warning: could not open a browser ({e}); open {} yourself",
                a.output.display()
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn is_mesh_file(path: &Path) -> bool {
    let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    matches!(ext.as_deref(), Some("glb" | "gltf" | "obj"))
}

/// Starts the platform's opener on `path` without waiting for the browser.
fn open_in_browser(path: &Path) -> std::io::Result<()> {
    let path = std::fs::canonicalize(path)?;
    let mut command = if cfg!(target_os = "windows") {
        let mut c = std::process::Command::new("cmd");
        c.args(["/C", "start", ""]);
        c
    } else if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else {
        std::process::Command::new("xdg-open")
    };
    command
        .arg(path)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map(|_| ())
}
