//! `build-cl` and `repair-cl`: make a `.cl` file the game walks without holes, from a mesh or another
//! `.cl` file, and rebuild the tree of a `.cl` file made elsewhere. The work is `levelkit::heroes::builder`.

use crate::common::{self, EXIT_FAILURE};
use crate::hints;
use anyhow::{bail, Context, Result};
use clap::Args;
use levelkit::heroes::builder::{
    self, BuildError, BuildInput, BuildOptions, Depth, FromMesh, TreeOptions, DEFAULT_LEAF_TRIANGLES,
    DEFAULT_WELD,
};
use levelkit::heroes::flags;
use levelkit::{Document, Format};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Build a Sonic Heroes .cl collision file from a mesh.
#[derive(Args)]
pub struct BuildArgs {
    /// The mesh, recognised by content: OBJ, glTF or GLB (groups or materials name the surfaces), a
    /// Rugrats LEVELnn.BIN (its world geometry) or Sonic Heroes .cl collision (its triangles, attributes
    /// and groups); or IMAGE:PATH, a file inside a disc image.
    input: PathBuf,
    /// The .cl file to write (only if the result checks clean).
    #[arg(short, long)]
    output: PathBuf,
    #[command(flatten)]
    tree: TreeArgs,
    /// Reverse every triangle's winding (for meshes whose normals point into the solid).
    #[arg(long)]
    flip: bool,
    /// Merge vertices within this distance, in world units (0 merges exact duplicates only). The default,
    /// 0.01, closes the float noise of an export and merges no real detail; it is the distance at which
    /// `check` calls two open edges a crack.
    #[arg(long, default_value_t = DEFAULT_WELD, value_parser = builder::parse_weld, allow_hyphen_values = true)]
    weld: f32,
    /// Give every triangle this attribute: hex flags (0x100), a number (256) or a surface name (wall,
    /// death, …); anything else is a usage error listing what is accepted.
    #[arg(long, value_parser = parse_attribute)]
    attribute: Option<u32>,
    /// Refuse (exit 1, nothing written) when a group or material name says no surface, instead of
    /// warning and making its faces floor.
    #[arg(long)]
    strict: bool,
    /// Build the community editor's way instead (leaf-only padded lists, no links): only to compare.
    #[arg(long)]
    community: bool,
    /// With --community: the header maxDepth the editor calls "base power" (default: the tree depth).
    #[arg(long, default_value_t = 0, requires = "community")]
    base_power: u16,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    in_place: common::InPlaceArg,
}

/// Rebuild the tree, lists, links, adjacency and normals of a .cl file, keeping its triangles.
#[derive(Args)]
pub struct RepairArgs {
    /// The .cl file to repair.
    input: PathBuf,
    /// The repaired file to write (only if the result checks clean).
    #[arg(short, long)]
    output: PathBuf,
    #[command(flatten)]
    tree: TreeArgs,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
    /// Read the input as a .cl file without recognising it by content (the only format this command reads).
    #[arg(long, value_enum)]
    format: Option<common::ClFormatArg>,
    #[command(flatten)]
    in_place: common::InPlaceArg,
}

#[derive(Args)]
struct TreeArgs {
    /// Tree depth: auto (from the geometry) or N (split every node with triangles down to depth N, ≤ 15).
    #[arg(long, default_value = "auto", value_parser = parse_depth)]
    depth: Depth,
    /// The header's maxDepth (≤ 15; default: the tree's depth). With --depth auto it also caps the tree.
    #[arg(long)]
    max_depth: Option<u16>,
    /// With --depth auto: split nodes listing more triangles than this.
    #[arg(long, default_value_t = DEFAULT_LEAF_TRIANGLES)]
    leaf_triangles: usize,
}

impl TreeArgs {
    fn options(&self) -> TreeOptions {
        TreeOptions { depth: self.depth, max_depth: self.max_depth, leaf_triangles: self.leaf_triangles }
    }
}

fn parse_depth(s: &str) -> Result<Depth, String> {
    if s == "auto" {
        return Ok(Depth::Auto);
    }
    s.parse::<u16>().map(Depth::Fixed).map_err(|_| format!("'{s}' is neither 'auto' nor a depth (0–15)"))
}

fn parse_attribute(s: &str) -> Result<u32, String> {
    flags::parse_attribute(s).map_err(|e| e.to_string())
}

/// Reads the builder's input from a file, recognised by content: a `.cl` file or a Rugrats level
/// ([`BuildInput::from_document_named`]), else an OBJ, glTF or GLB mesh ([`BuildInput::from_mesh_named`]),
/// with the group and material names that said no surface.
pub fn load_build_input(path: &Path) -> Result<FromMesh> {
    // Read once, as every input is (a loose file or IMAGE:PATH); the mesh is made from these bytes.
    let (data, folder) = common::read_file_beside(path, levelkit::io::ReadLimit::MESH)?;
    // Every failure below names the file.
    let at = || path.display().to_string();
    match levelkit::Document::parse(&data, None) {
        Ok(doc) => return BuildInput::from_document_named(&doc).with_context(at),
        // A level file or dump that does not read is named as one (a `.cl` cut short), not as a mesh.
        Err(levelkit::OpenError::Unrecognised { .. }) => {}
        Err(e) => return Err(common::open_error(e)).with_context(at),
    }
    // OBJ, glTF or GLB.
    let mesh = levelkit::convert::import_read(&data, path, folder.as_deref()).with_context(|| {
        format!(
            "{}: not a mesh levelkit can build from (.cl, LEVELnn.BIN, .obj, .gltf, .glb)",
            path.display()
        )
    })?;
    BuildInput::from_mesh_named(&mesh).with_context(at)
}

pub fn build_cl(a: BuildArgs) -> Result<ExitCode> {
    common::Inputs::new([a.input.as_path()]).check(&a.output, a.in_place)?;
    let named = load_build_input(&a.input)?;
    // With --attribute every triangle gets it: what the names said does not matter.
    if a.attribute.is_none() {
        if a.strict {
            if let Err(e) = named.strict() {
                eprintln!(
                    "levelkit: error: {}: {e} (--attribute); nothing written (--strict)",
                    a.input.display()
                );
                return Ok(ExitCode::from(EXIT_FAILURE));
            }
        } else if let Some(w) = named.warning() {
            common::warn(format_args!(
                "{}: {w} (--attribute); --strict makes this an error",
                a.input.display()
            ));
        }
    }
    let input = named.input;
    if a.community {
        let c = match builder::build_community(
            &input,
            depth_for_community(a.tree.depth)?,
            a.base_power,
            a.flip,
        ) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("levelkit: error: {}: {}", a.input.display(), hints::build_error(&e));
                return Ok(ExitCode::from(EXIT_FAILURE));
            }
        };
        // Community files are meant to show the editor's flaws: written with their warnings, never with errors.
        let errors = c.validate().count(levelkit::Severity::Error);
        if errors > 0 {
            bail!(
                "{}: the community-style file would have {errors} error(s); nothing written",
                a.input.display()
            );
        }
        let bytes = c.to_bytes()?;
        common::write_described(&a.output, &bytes, &common::cl_contents(&c))?;
        eprintln!(
            "{}: built the community editor's way; `levelkit check` shows what the game makes of it",
            a.output.display()
        );
        return Ok(ExitCode::SUCCESS);
    }
    let opts = BuildOptions { tree: a.tree.options(), flip: a.flip, weld: a.weld, attribute: a.attribute };
    let built = match builder::build(&input, &opts) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("levelkit: error: {}: {}", a.input.display(), hints::build_error(&e));
            return Ok(ExitCode::from(EXIT_FAILURE));
        }
    };
    let bytes = builder::checked_bytes(&built.collision)?;
    let r = &built.report;
    common::write_described(&a.output, &bytes, &r.written())?;
    for warning in [r.crack_warning_worded(&hints::weld), r.far_warning()].into_iter().flatten() {
        common::warn(format_args!("{}: {warning}", a.output.display()));
    }
    if a.json {
        common::print_json(&serde_json::json!({
            "input": a.input.display().to_string(),
            "output": a.output.display().to_string(),
            "report": r,
        }))?;
    } else {
        let t = &r.tree;
        outln!("{} -> {}", a.input.display(), a.output.display())?;
        out!("{}", r.text(&hints::weld))?;
        outln!("{}", r.game_safety_line())?;
        out!("{}", t.text())?;
    }
    Ok(ExitCode::SUCCESS)
}

fn depth_for_community(d: Depth) -> Result<u8> {
    match d {
        Depth::Auto => Ok(0),
        Depth::Fixed(n) => u8::try_from(n).ok().filter(|&n| n <= 15).context("--depth must be at most 15"),
    }
}

pub fn repair_cl(a: RepairArgs) -> Result<ExitCode> {
    common::Inputs::new([a.input.as_path()]).check(&a.output, a.in_place)?;
    let doc = common::open_only(&a.input, a.format.is_some(), Format::HeroesCl, "repair-cl")?;
    let Document::Heroes(c) = doc else { bail!("{}: not a .cl file", a.input.display()) };
    let (bytes, fixed, report) = match builder::repair_checked(&c, &a.tree.options()) {
        Ok(x) => x,
        // The repaired file refused by its own check: levelkit's fault, said as `checked_bytes` says it.
        Err(e @ (BuildError::NotClean(_) | BuildError::Write(_))) => return Err(e.into()),
        Err(e) => {
            eprintln!("levelkit: error: {}: {}", a.input.display(), hints::build_error(&e));
            return Ok(ExitCode::from(EXIT_FAILURE));
        }
    };
    common::write_described(&a.output, &bytes, &common::cl_contents(&fixed))?;
    if a.json {
        common::print_json(&serde_json::json!({
            "input": a.input.display().to_string(),
            "output": a.output.display().to_string(),
            "report": report,
        }))?;
    } else {
        outln!("{} -> {}", a.input.display(), a.output.display())?;
        out!("{report}")?;
        out!("{}", report.tree.text())?;
    }
    Ok(ExitCode::SUCCESS)
}
