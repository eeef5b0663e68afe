//! The Sonic Heroes commands: `audit`, `map`, `build-cl`, `repair-cl` (the CLI's `cmd/probe.rs` and
//! `cmd/build.rs`).

use super::{fields, output, Fail, Input, Reply, Request};
use levelkit::heroes::audit::{self, AuditOptions};
use levelkit::heroes::builder::{self, BuildInput, BuildOptions, Depth, TreeOptions, DEFAULT_LEAF_TRIANGLES};
use levelkit::heroes::Collision;
use levelkit::render::map::{self, MapOptions};
use levelkit::{Document, Format, Severity};
use serde_json::{json, Value};
use std::rc::Rc;

/// The file as a `.cl` file, as the CLI's `open_cl`: read as that format whatever it looks like. One that
/// looks like one is read through what the module keeps ([`crate::kept`]).
fn open_cl(f: &Input) -> Result<Rc<Document>, String> {
    let doc = if Format::detect(f.data) == Some(Format::HeroesCl) {
        f.open_kept()?
    } else {
        Rc::new(f.open(Some(Format::HeroesCl))?)
    };
    match *doc {
        Document::Heroes(_) => Ok(doc),
        Document::Reptar(_) => Err(format!("{} is not a Sonic Heroes .cl file", f.name)),
    }
}

/// The collision of a document [`open_cl`] gave.
fn collision<'d>(doc: &'d Document, f: &Input) -> Result<&'d Collision, String> {
    match doc {
        Document::Heroes(c) => Ok(c),
        Document::Reptar(_) => Err(format!("{} is not a Sonic Heroes .cl file", f.name)),
    }
}

/// Readies a `.cl` file's audit (the page asks once the file is open and drawn): parsed and prepared
/// ([`audit::Prepared`]) and kept, so that Audit starts probing at once.
pub fn prepare(r: &Request) -> Result<Reply, Fail> {
    let f = r.file()?;
    let doc = open_cl(&f)?;
    crate::kept::prepared(f.data, &doc, collision(&doc, &f)?);
    Ok(Reply::default())
}

/// The audit of a `.cl` file with `opts` on the file's kept preparation, kept for the 3D view that follows
/// (`audit-view`), with when the probing began and ended (the page's clock, [`crate::now`]). With `parts`
/// (the probes counted by other workers, `audit-part`), the report is made from them.
fn run_audit(
    f: &Input,
    doc: &Rc<Document>,
    opts: AuditOptions,
    parts: Option<&[audit::AuditPart]>,
) -> Result<(Rc<audit::Audit>, [f64; 2]), String> {
    let c = collision(doc, f)?;
    let prepared = crate::kept::prepared(f.data, doc, c);
    let prepared = prepared.as_ref().as_ref().map_err(|e| format!("cannot audit {}: {e}", f.name))?;
    let probing = crate::now();
    let report = match parts {
        None => prepared.audit(c, opts),
        Some(parts) => prepared.audit_parts(c, opts, parts).map_err(|e| e.to_string())?,
    };
    let report = Rc::new(report);
    let probed = crate::now();
    crate::kept::keep_audit(doc, opts, Rc::clone(&report));
    Ok((report, [probing, probed]))
}

/// The most workers an audit is shared by.
const MAX_WORKERS: usize = 64;

/// The parts an `audit` is made from (option `parts`, what `audit-part` replied on each worker), if any.
fn parts(r: &Request) -> Result<Option<Vec<audit::AuditPart>>, String> {
    match &r.options["parts"] {
        Value::Null => Ok(None),
        v => serde_json::from_value(v.clone())
            .map(Some)
            .map_err(|e| format!("cannot read the audit's parts: {e}")),
    }
}

/// One worker's share of an audit (options `probes`, `seed`; `part` of `of` equal shares of the probe
/// indices): its counts and the indices of the probes the report lists ([`audit::AuditPart`]), for the
/// `audit` the page then asks with every worker's part; with when its probing began and ended.
pub fn audit_part(r: &Request) -> Result<Reply, Fail> {
    let opts = AuditOptions { probes: fields::probes(r)?, seed: fields::seed(r)? };
    let (part, of) = (r.number("part", 0usize)?, r.number("of", 1usize)?);
    if part >= of || of > MAX_WORKERS {
        return Err(
            format!("part {part} of {of}: there are 1 to {MAX_WORKERS} parts, numbered from 0").into()
        );
    }
    // At most 10,000,000 probes times 64: no overflow.
    let share = |k: usize| opts.probes * k / of;
    let range = share(part)..share(part + 1);
    let f = r.file()?;
    let doc = open_cl(&f)?;
    let c = collision(&doc, &f)?;
    let prepared = crate::kept::prepared(f.data, &doc, c);
    let prepared = prepared.as_ref().as_ref().map_err(|e| format!("cannot audit {}: {e}", f.name))?;
    let probing = crate::now();
    let part = prepared.probe_part(opts, range);
    let probed = crate::now();
    Ok(Reply::json(json!({ "part": part, "marks": { "probing": probing, "probed": probed },
        "kept": crate::kept::counts() })))
}

/// `levelkit audit --json` (options `probes`, `seed`; `parts`, when other workers probed), its text, and with `map` its map PNG; with `view`
/// also the viewer page with the holes marked (the page asks for that apart, `audit-view`, after showing
/// the report). The result's `marks` say when the probing began and ended.
pub fn audit(r: &Request) -> Result<Reply, Fail> {
    let opts = AuditOptions { probes: fields::probes(r)?, seed: fields::seed(r)? };
    let f = r.file()?;
    let doc = open_cl(&f)?;
    let c = collision(&doc, &f)?;
    let (report, [probing, probed]) = run_audit(&f, &doc, opts, parts(r)?.as_deref())?;
    let value = report.to_json();
    let marked = marked(&report);
    let mut reply = Reply::json(json!({ "report": value, "text": report.to_text(), "marked": marked,
        "marks": { "probing": probing, "probed": probed }, "kept": crate::kept::counts() }));
    if r.flag("map") {
        let png = map::render(c, Some(&report), MapOptions::default())
            .map_err(|e| format!("cannot draw the map: {e}"))?;
        reply = reply.with(format!("{}-map.png", f.stem()), png);
    }
    if r.flag("view") {
        let page = output::view_page(&f, &doc, None, Some(&report))?;
        reply = reply.with(format!("{}.html", f.stem()), page);
    }
    Ok(reply)
}

/// The viewer page with the holes of the audit (options `probes`, `seed`) marked: the audit kept from
/// the `audit` before it, or run again when it is not the one kept.
pub fn audit_view(r: &Request) -> Result<Reply, Fail> {
    let opts = AuditOptions { probes: fields::probes(r)?, seed: fields::seed(r)? };
    let f = r.file()?;
    let doc = open_cl(&f)?;
    let report = match crate::kept::audit(&doc, opts) {
        Some(report) => report,
        None => run_audit(&f, &doc, opts, None)?.0,
    };
    let page = output::view_page(&f, &doc, None, Some(&report))?;
    Ok(Reply::default().with(format!("{}.html", f.stem()), page))
}

/// The places the 3D view marks, in its order (`html::add_audit`'s): per hole with an answer in the
/// complete tree, the point it gives (where the player should have landed, or for a moving sphere where
/// its centre stops), then each triangle the game freezes on. One point per hole: the page's list, the
/// view's list and its markers all show this one.
fn marked(report: &audit::Audit) -> Vec<Value> {
    let mut out = Vec::new();
    for d in &report.hole_list {
        let Some((triangle, t)) = d.complete else { continue };
        let len = levelkit_length(d.dir);
        if len.is_nan() || len <= 0.0 {
            continue;
        }
        let at = [0, 1, 2].map(|i| d.start[i] + d.dir[i] / len * t);
        let fell = d.file.is_none();
        out.push(json!({
            "kind": d.kind,
            "label": d.hole_label(),
            "index": d.index,
            "at": at,
            "start": d.start,
            "triangle": triangle,
            "falls_through": fell,
            "cause": serde_json::to_value(d).ok().and_then(|v| v.get("cause").cloned()),
            "finding": serde_json::to_value(d).ok().and_then(|v| v.get("finding").cloned()),
        }));
    }
    for h in &report.hanging_triangles {
        out.push(json!({ "kind": "freeze", "triangle": h.triangle, "at": h.at }));
    }
    out
}

/// The length of a direction, as `html::add_audit` measures it (f32, square root of the sum of squares).
fn levelkit_length(v: [f32; 3]) -> f32 {
    (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt()
}

/// `levelkit map` (options `size`, `no_leaves`).
pub fn map(r: &Request) -> Result<Reply, Fail> {
    let f = r.file()?;
    let doc = open_cl(&f)?;
    let opts =
        MapOptions { size: r.number("size", 1024)?, leaves: !r.flag("no_leaves"), ..MapOptions::default() };
    let png =
        map::render(collision(&doc, &f)?, None, opts).map_err(|e| format!("cannot draw the map: {e}"))?;
    Ok(Reply::default().with(format!("{}-map.png", f.stem()), png))
}

/// `--depth auto|N`, `--max-depth N`, `--leaf-triangles N`.
fn tree_options(r: &Request) -> Result<TreeOptions, Fail> {
    let depth = fields::depth(r)?;
    let max_depth = match &r.options["max_depth"] {
        Value::Null => None,
        _ => Some(r.number("max_depth", 0)?),
    };
    let tree =
        TreeOptions { depth, max_depth, leaf_triangles: r.number("leaf_triangles", DEFAULT_LEAF_TRIANGLES)? };
    // Checked before anything runs, as the page's other fields: the CLI's words (`stage.cl: --depth 99 is
    // above 15, the game's limit`), the depth field marked when it is the depth that is refused.
    if let Err(e) = tree.check() {
        // The CLI's words: an option by its flag.
        let e = super::hints::build_error(&e);
        let message = format!("{}: {e}", r.file()?.name);
        return Err(match tree.depth {
            Depth::Fixed(d) if d > levelkit::heroes::MAX_DEPTH => fields::usage("depth", message),
            _ => message.into(),
        });
    }
    Ok(tree)
}

/// The builder's input, as the CLI's `load_build_input`: a level file of either format by content, else a
/// mesh (OBJ, glTF, GLB) by its name, with the group and material names that said no surface.
fn load_build_input(f: &Input) -> Result<builder::FromMesh, String> {
    match levelkit::Document::parse(f.data, None) {
        Ok(doc) => return BuildInput::from_document_named(&doc).map_err(|e| f.fail(&e)),
        // A level file that does not read is named as one (a `.cl` cut short), not as a mesh.
        Err(levelkit::OpenError::Unrecognised { .. }) if !f.named_cl() => {}
        Err(_) => return f.open(None).and_then(|_| Err(format!("{}: cannot be read", f.name))),
    }
    let mesh = crate::kept::mesh(f.name, f.data, || levelkit::convert::import_bytes(f.data, f.name))
        .map_err(|e| {
            format!(
                "{}: not a mesh levelkit can build from (.cl, LEVELnn.BIN, .obj, .gltf, .glb): {}",
                f.name,
                super::chain(&e)
            )
        })?;
    BuildInput::from_mesh_named(&mesh).map_err(|e| f.fail(&e))
}

/// `levelkit build-cl --json`: the `.cl` file and the report. Options as the CLI's flags (`depth`,
/// `max_depth`, `leaf_triangles`, `flip`, `weld`, `attribute`, `community`, `base_power`).
pub fn build_cl(r: &Request) -> Result<Reply, Fail> {
    let tree = tree_options(r)?;
    let (weld, attribute) = (fields::weld(r)?, fields::attribute(r)?);
    let f = r.file()?;
    let named = load_build_input(&f)?;
    // The CLI's warnings, as it prints them (the page has no --strict).
    let mut warnings = Vec::new();
    if attribute.is_none() {
        if let Some(w) = named.warning() {
            warnings.push(format!("levelkit: warning: {}: {w} (--attribute)", f.name));
        }
    }
    let input = named.input;
    // `-built`: never the input's own name (building `stage.cl` gave `stage.cl`).
    let name = format!("{}-built.cl", f.stem());
    if r.flag("community") {
        let depth = match tree.depth {
            Depth::Auto => 0,
            Depth::Fixed(n) => {
                u8::try_from(n).ok().filter(|&n| n <= 15).ok_or("--depth must be at most 15")?
            }
        };
        let c = builder::build_community(&input, depth, r.number("base_power", 0)?, r.flag("flip"))
            .map_err(|e| super::chain(&e))?;
        let errors = c.validate().count(Severity::Error);
        if errors > 0 {
            return Err(format!(
                "{}: the community-style file would have {errors} error(s); nothing written",
                f.name
            )
            .into());
        }
        let bytes = c.to_bytes().map_err(|e| super::chain(&e))?;
        return Ok(Reply::json(json!({ "community": true })).with(name, bytes));
    }
    let opts = BuildOptions { tree, flip: r.flag("flip"), weld, attribute };
    let built = builder::build(&input, &opts)
        .map_err(|e| format!("{}: {}", f.name, super::hints::build_error(&e)))?;
    let bytes = builder::checked_bytes(&built.collision).map_err(|e| super::chain(&e))?;
    // Kept as read back (what opening the file gives): the built file opens, draws and audits unparsed.
    crate::kept::keep_made(&bytes);
    let r = &built.report;
    for warning in [r.crack_warning_worded(&super::hints::weld), r.far_warning()].into_iter().flatten() {
        warnings.push(format!("levelkit: warning: {name}: {warning}"));
    }
    // What `levelkit build-cl` prints (crates/levelkit-cli/src/cmd/build.rs): the page shows this, not JSON.
    let text = format!(
        "{} -> {name}\n{}{}\n{}",
        f.name,
        r.text(&super::hints::weld),
        r.game_safety_line(),
        r.tree.text()
    );
    let report = serde_json::to_value(r).map_err(|e| e.to_string())?;
    Ok(Reply::json(json!({
        "input": f.name,
        "output": name,
        "report": report,
        "text": text,
        "warnings": warnings,
        "written": r.written(),
    }))
    .with(name, bytes))
}

/// `levelkit repair-cl --json`: the repaired file and the report (options `depth`, `max_depth`,
/// `leaf_triangles`).
pub fn repair_cl(r: &Request) -> Result<Reply, Fail> {
    let tree = tree_options(r)?;
    let f = r.file()?;
    let doc = open_cl(&f)?;
    let (bytes, _, report) = builder::repair_checked(collision(&doc, &f)?, &tree).map_err(|e| match e {
        // The repaired file refused by its own check: said as `checked_bytes` says it.
        builder::BuildError::NotClean(_) | builder::BuildError::Write(_) => super::chain(&e),
        e => format!("{}: {}", f.name, super::hints::build_error(&e)),
    })?;
    // Kept as read back, as a built file is: the repaired file opens, draws and audits unparsed.
    crate::kept::keep_made(&bytes);
    let name = format!("{}-repaired.cl", f.stem());
    let text = report.to_string();
    let report = serde_json::to_value(&report).map_err(|e| e.to_string())?;
    Ok(Reply::json(json!({ "input": f.name, "output": name, "report": report, "text": text }))
        .with(name, bytes))
}
