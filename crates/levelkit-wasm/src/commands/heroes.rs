//! The Sonic Heroes commands: `audit`, `map`, `build-cl`, `repair-cl` (the CLI's `cmd/probe.rs` and
//! `cmd/build.rs`).

use super::{output, Input, Reply, Request};
use levelkit::heroes::audit::{self, AuditOptions};
use levelkit::heroes::build::{self, BuildInput, BuildOptions, Depth, TreeOptions, DEFAULT_LEAF_TRIANGLES};
use levelkit::heroes::map::{self, MapOptions};
use levelkit::heroes::{flags, Collision};
use levelkit::{Document, Format, Severity};
use serde_json::{json, Value};

/// The file as a `.cl` file, as the CLI's `open_cl`: read as that format whatever it looks like.
fn open_cl(f: &Input) -> Result<Collision, String> {
    match f.open(Some(Format::HeroesCl))? {
        Document::Heroes(c) => Ok(c),
        Document::Reptar(_) => Err(format!("{} is not a Sonic Heroes .cl file", f.name)),
    }
}

/// `levelkit audit --json` (options `probes`, `seed`), its text, and with `map` its map PNG; with `view`
/// also the viewer page with the holes marked.
pub fn audit(r: &Request) -> Result<Reply, String> {
    let f = r.file()?;
    let c = open_cl(&f)?;
    let opts = AuditOptions { probes: r.number("probes", 10_000)?, seed: r.number("seed", 1)? };
    let report = audit::audit(&c, opts).map_err(|e| format!("cannot audit {}: {e}", f.name))?;
    let value = serde_json::to_value(&report).map_err(|e| e.to_string())?;
    let mut reply = Reply::json(json!({ "report": value, "text": report.to_text() }));
    if r.flag("map") {
        let png = map::render(&c, Some(&report), MapOptions::default())
            .map_err(|e| format!("cannot draw the map: {e}"))?;
        reply = reply.with(format!("{}-map.png", f.stem()), png);
    }
    if r.flag("view") {
        let page = output::view_page(&f, &Document::Heroes(c), None, Some(&report))?;
        reply = reply.with(format!("{}.html", f.stem()), page);
    }
    Ok(reply)
}

/// `levelkit map` (options `size`, `no_leaves`).
pub fn map(r: &Request) -> Result<Reply, String> {
    let f = r.file()?;
    let c = open_cl(&f)?;
    let opts =
        MapOptions { size: r.number("size", 1024)?, leaves: !r.flag("no_leaves"), ..MapOptions::default() };
    let png = map::render(&c, None, opts).map_err(|e| format!("cannot draw the map: {e}"))?;
    Ok(Reply::default().with(format!("{}-map.png", f.stem()), png))
}

/// `--depth auto|N`, `--max-depth N`, `--leaf-triangles N`.
fn tree_options(r: &Request) -> Result<TreeOptions, String> {
    let depth = match &r.options["depth"] {
        Value::Null => Depth::Auto,
        Value::String(s) if s == "auto" => Depth::Auto,
        v => Depth::Fixed(
            v.as_u64()
                .and_then(|n| u16::try_from(n).ok())
                .ok_or_else(|| format!("'{v}' is neither 'auto' nor a depth (0–15)"))?,
        ),
    };
    let max_depth = match &r.options["max_depth"] {
        Value::Null => None,
        _ => Some(r.number("max_depth", 0)?),
    };
    Ok(TreeOptions { depth, max_depth, leaf_triangles: r.number("leaf_triangles", DEFAULT_LEAF_TRIANGLES)? })
}

/// `--attribute X`: a number (0x100, 256) or a surface name, as the CLI's `parse_attribute`.
fn attribute(r: &Request) -> Result<Option<u32>, String> {
    let text = match &r.options["attribute"] {
        Value::Null => return Ok(None),
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.clone(),
        v => return Err(format!("--attribute: {v}")),
    };
    let s = text.trim();
    let parsed = match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(hex) => u32::from_str_radix(hex, 16).ok(),
        None => s.parse::<u32>().ok(),
    };
    parsed.or_else(|| flags::attribute_from_name(s)).map(Some).ok_or_else(|| {
        format!("'{s}' is not a number (0x100, 256) or a surface name (wall, death, water, …)")
    })
}

/// The builder's input, as the CLI's `load_build_input`: a level file of either format by content, else a
/// mesh (OBJ, glTF, GLB) by its name.
fn load_build_input(f: &Input) -> Result<BuildInput, String> {
    if Format::detect(f.data).is_some() {
        let doc = f.open(None)?;
        return BuildInput::from_document(&doc).map_err(|e| f.fail(&e));
    }
    let mesh = levelkit::convert::import_bytes(f.data, f.name).map_err(|e| {
        format!(
            "{}: not a mesh levelkit can build from (.cl, LEVELnn.BIN, .obj, .gltf, .glb): {}",
            f.name,
            super::chain(&e)
        )
    })?;
    BuildInput::from_mesh(&mesh).map_err(|e| f.fail(&e))
}

/// `levelkit build-cl --json`: the `.cl` file and the report. Options as the CLI's flags (`depth`,
/// `max_depth`, `leaf_triangles`, `flip`, `weld`, `attribute`, `community`, `base_power`).
pub fn build_cl(r: &Request) -> Result<Reply, String> {
    let f = r.file()?;
    let input = load_build_input(&f)?;
    let name = format!("{}.cl", f.stem());
    let tree = tree_options(r)?;
    if r.flag("community") {
        let depth = match tree.depth {
            Depth::Auto => 0,
            Depth::Fixed(n) => {
                u8::try_from(n).ok().filter(|&n| n <= 15).ok_or("--depth must be at most 15")?
            }
        };
        let c = build::build_community(&input, depth, r.number("base_power", 0)?, r.flag("flip"))
            .map_err(|e| super::chain(&e))?;
        let errors = c.validate().count(Severity::Error);
        if errors > 0 {
            return Err(format!(
                "{}: the community-style file would have {errors} error(s); nothing written",
                f.name
            ));
        }
        let bytes = c.to_bytes().map_err(|e| super::chain(&e))?;
        return Ok(Reply::json(json!({ "community": true })).with(name, bytes));
    }
    // The CLI's flag is an f32.
    #[allow(clippy::cast_possible_truncation)]
    let weld = r.float("weld", 0.0)? as f32;
    let opts = BuildOptions { tree, flip: r.flag("flip"), weld, attribute: attribute(r)? };
    let built = build::build(&input, &opts).map_err(|e| format!("{}: {e}", f.name))?;
    let bytes = build::checked_bytes(&built.collision).map_err(|e| super::chain(&e))?;
    let report = serde_json::to_value(&built.report).map_err(|e| e.to_string())?;
    Ok(Reply::json(json!({ "input": f.name, "output": name, "report": report })).with(name, bytes))
}

/// `levelkit repair-cl --json`: the repaired file and the report (options `depth`, `max_depth`,
/// `leaf_triangles`).
pub fn repair_cl(r: &Request) -> Result<Reply, String> {
    let f = r.file()?;
    let c = open_cl(&f)?;
    let (fixed, report) = build::repair(&c, &tree_options(r)?).map_err(|e| format!("{}: {e}", f.name))?;
    let bytes = build::checked_bytes(&fixed).map_err(|e| super::chain(&e))?;
    let name = format!("{}-repaired.cl", f.stem());
    let text = report.to_string();
    let report = serde_json::to_value(&report).map_err(|e| e.to_string())?;
    Ok(Reply::json(json!({ "input": f.name, "output": name, "report": report, "text": text }))
        .with(name, bytes))
}
