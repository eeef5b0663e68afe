//! The commands the page runs: each is the CLI command of the same name, over bytes instead of paths.
//! Errors are the text the CLI prints after `levelkit: error: ` (the file named by its name), results the
//! JSON its `--json` prints, outputs the files it writes.
//!
//! A request header: `{"command": "check", "inputs": ["file", "vram"], "names": ["s01.cl", "v.bin"],
//! "options": {...}}`, the files in `inputs` order. A reply header: `{"ok": true, "result": ..., "outputs":
//! ["s01.glb"]}` with the outputs' bytes, or `{"ok": false, "error": "..."}`.

use crate::envelope::Envelope;
use levelkit::{Document, Finding, Findings, Format, Grouped};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::rc::Rc;

pub mod disc;
pub mod fields;
mod heroes;
// The CLI's hints (a flag after the library's neutral words), in one file for both: the page's fields are
// the CLI's flags, and its messages are what the CLI prints. Not every hint is the page's.
#[allow(dead_code)]
#[path = "../../levelkit-cli/src/hints.rs"]
mod hints;
mod output;

/// Why a command failed: the message the CLI prints (after `levelkit: error: `, or for a flag's value
/// clap refuses, after `error: `), and for a flag's value the option it came from, so the page can point
/// at its field.
#[derive(Debug)]
pub struct Fail {
    pub message: String,
    /// The option (`size`, `probes`) whose value is wrong: a usage error, as the CLI's exit 2.
    pub field: Option<&'static str>,
    /// The input does not fit in the memory the page has ([`disc::IMAGE_MAX`], or an allocation that
    /// failed): the page says so and gives the CLI command instead.
    pub too_large: bool,
    /// The value is one clap refuses (`error: invalid value …`); otherwise the CLI's own check refuses it
    /// (`levelkit: error: …`).
    pub clap: bool,
}

impl From<String> for Fail {
    fn from(message: String) -> Fail {
        Fail { message, field: None, too_large: false, clap: false }
    }
}

impl From<&str> for Fail {
    fn from(message: &str) -> Fail {
        Fail { message: message.to_string(), field: None, too_large: false, clap: false }
    }
}

/// One input file of a request.
#[derive(Clone, Copy)]
pub struct Input<'a> {
    pub name: &'a str,
    pub data: &'a [u8],
}

impl Input<'_> {
    /// The name without its extension (`s01` of `s01.cl`): outputs are named after it.
    pub fn stem(&self) -> &str {
        match self.name.rsplit_once('.') {
            Some((stem, _)) if !stem.is_empty() => stem,
            _ => self.name,
        }
    }

    /// Parses the file as the CLI's `common::open` does: `Document::parse`, the error after the name, in
    /// the CLI's words (a PNG named `.cl` is "not a file levelkit recognises: not a Sonic Heroes .cl file
    /// …", as `levelkit check` says; the page has no `--format`, so the CLI's hint to use it is left out).
    pub fn open(&self, format: Option<Format>) -> Result<Document, String> {
        Document::parse(self.data, format).map_err(|e| self.fail(&e))
    }

    /// [`Input::open`] with no format given, through what the module keeps ([`crate::kept`]): a file
    /// read before (or just built) is not parsed again.
    pub fn open_kept(&self) -> Result<Rc<Document>, String> {
        crate::kept::document(self.data, || Document::parse(self.data, None)).map_err(|e| self.fail(&e))
    }

    pub fn named_cl(&self) -> bool {
        self.name.rsplit_once('.').is_some_and(|(_, ext)| ext.eq_ignore_ascii_case("cl"))
    }

    /// `name: error: its sources`, as anyhow's `{:#}` prints a context over an error.
    pub fn fail(&self, e: &dyn std::error::Error) -> String {
        format!("{}: {}", self.name, chain(e))
    }
}

/// An error and its sources, joined by `: ` (anyhow's alternate format).
pub fn chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

/// A decoded request.
pub struct Request<'a> {
    pub command: &'a str,
    pub options: &'a Value,
    file: Option<Input<'a>>,
    vram: Option<Input<'a>>,
    /// Every input by its role (`file`, `vram`, `level`, `sheet`).
    inputs: Vec<(&'a str, Input<'a>)>,
}

impl<'a> Request<'a> {
    fn new(envelope: &'a Envelope) -> Result<Request<'a>, String> {
        let h = &envelope.header;
        let command = h["command"].as_str().ok_or("the request names no command")?;
        let strings = |key: &str| -> Vec<&'a str> {
            envelope.header[key]
                .as_array()
                .map_or_else(Vec::new, |a| a.iter().filter_map(Value::as_str).collect())
        };
        let (roles, names) = (strings("inputs"), strings("names"));
        if roles.len() != envelope.files.len() || names.len() != roles.len() {
            return Err(format!(
                "the request names {} inputs and {} names for {} files",
                roles.len(),
                names.len(),
                envelope.files.len()
            ));
        }
        let find = |role: &str| {
            let i = roles.iter().position(|r| *r == role)?;
            Some(Input { name: names[i], data: &envelope.files[i] })
        };
        let inputs =
            roles.iter().zip(&names).zip(&envelope.files).map(|((r, n), f)| (*r, Input { name: n, data: f }));
        Ok(Request {
            command,
            options: &h["options"],
            file: find("file"),
            vram: find("vram"),
            inputs: inputs.collect(),
        })
    }

    /// The input of `role`, if the request has one.
    pub fn input(&self, role: &str) -> Option<Input<'a>> {
        self.inputs.iter().find(|(r, _)| *r == role).map(|(_, i)| *i)
    }

    /// The name of the input of `role` (for one whose bytes were taken, [`disc::Image`]).
    pub fn name(&self, role: &str) -> Option<&'a str> {
        self.input(role).map(|i| i.name)
    }

    /// The main input file.
    pub fn file(&self) -> Result<Input<'a>, String> {
        self.file.ok_or_else(|| format!("`{}` needs a file", self.command))
    }

    /// The VRAM dump's bytes, checked as the CLI's `read_vram` checks them.
    pub fn vram(&self) -> Result<Option<Vec<u8>>, String> {
        let Some(v) = self.vram else { return Ok(None) };
        levelkit::psx::Vram::from_dump(v.data).map_err(|e| v.fail(&e))?;
        Ok(Some(v.data.to_vec()))
    }

    pub fn flag(&self, key: &str) -> bool {
        self.options[key].as_bool().unwrap_or(false)
    }

    /// An unsigned option, or `default` when absent; an error when present but not one.
    pub fn number<T: TryFrom<u64>>(&self, key: &str, default: T) -> Result<T, String> {
        match &self.options[key] {
            Value::Null => Ok(default),
            v => v
                .as_u64()
                .and_then(|n| T::try_from(n).ok())
                .ok_or_else(|| format!("{}: {v} is out of range", flag(key))),
        }
    }

    pub fn float(&self, key: &str, default: f64) -> Result<f64, String> {
        match &self.options[key] {
            Value::Null => Ok(default),
            v => v.as_f64().ok_or_else(|| format!("{}: {v} is not a number", flag(key))),
        }
    }

    /// `--room N ...`.
    pub fn rooms(&self) -> Result<Option<Vec<u32>>, String> {
        match &self.options["rooms"] {
            Value::Null => Ok(None),
            Value::Array(list) => list
                .iter()
                .map(|v| v.as_u64().and_then(|n| u32::try_from(n).ok()).ok_or_else(|| format!("--room: {v}")))
                .collect::<Result<_, _>>()
                .map(Some),
            v => Err(format!("--room: {v} is not a list of room numbers")),
        }
    }
}

/// The CLI flag an option stands for (`max_depth` is `--max-depth`), for messages.
fn flag(key: &str) -> String {
    format!("--{}", key.replace('_', "-"))
}

/// What a command gives back.
#[derive(Default)]
pub struct Reply {
    pub result: Value,
    pub outputs: Vec<(String, Vec<u8>)>,
}

impl Reply {
    pub fn json(result: Value) -> Reply {
        Reply { result, outputs: Vec::new() }
    }

    pub fn with(mut self, name: String, bytes: Vec<u8>) -> Reply {
        self.outputs.push((name, bytes));
        self
    }
}

/// Decodes a request envelope, runs it, and encodes the reply (the native tests' way in; the page's is
/// [`run_parts`], which does the same without copying a disc image).
pub fn run_request(data: &[u8]) -> Vec<u8> {
    let mut parts = run_parts(data.to_vec()).into_iter();
    let header = parts.next().and_then(|h| serde_json::from_slice(&h).ok()).unwrap_or(Value::Null);
    Envelope { header, files: parts.collect() }.encode()
}

/// Runs a request and returns the reply's parts: its header (JSON), then each output's bytes. The
/// request's buffer becomes the disc image a disc command reads (an `image` input), not a copy.
pub fn run_parts(request: Vec<u8>) -> Vec<Vec<u8>> {
    let outcome = Envelope::decode_taking(request, "image").map_err(Fail::from).and_then(|(e, image)| {
        let r = Request::new(&e)?;
        match image {
            Some(bytes) => disc::run(&r, disc::Image { name: r.name("image").unwrap_or("image"), bytes }),
            None => run(&r),
        }
    });
    let (header, files) = match outcome {
        Ok(r) => {
            // The CLI's line per written file; the page shows them as its Output. What each output holds,
            // when the command says (`4,000 triangles, 2,657 nodes`): `written`, a text for the first output
            // or a list, one per output.
            let what = |i: usize| match &r.result["written"] {
                Value::String(s) if i == 0 => Some(s.as_str()),
                Value::Array(list) => list.get(i).and_then(Value::as_str),
                _ => None,
            };
            let wrote: Vec<String> = r
                .outputs
                .iter()
                .enumerate()
                .map(|(i, (name, bytes))| wrote_line(name, bytes, what(i)))
                .collect();
            let mut result = match r.result {
                Value::Null => json!({}),
                other => other,
            };
            if let Value::Object(map) = &mut result {
                map.insert("wrote".into(), json!(wrote));
            }
            let header = json!({
                "ok": true,
                "result": result,
                "outputs": r.outputs.iter().map(|(name, _)| name.as_str()).collect::<Vec<_>>(),
            });
            (header, r.outputs.into_iter().map(|(_, bytes)| bytes).collect())
        }
        Err(Fail { message, field, too_large, clap }) => (
            json!({ "ok": false, "error": message, "field": field, "usage": field.is_some(), "too_large": too_large,
                    "prefix": if clap { "error: " } else { "levelkit: error: " } }),
            Vec::new(),
        ),
    };
    let mut parts = vec![header.to_string().into_bytes()];
    parts.extend::<Vec<Vec<u8>>>(files);
    parts
}

/// `wrote NAME: N bytes`, as the CLI announces a file (`wrote x.cl: 1,184 bytes`); a zip names its files.
fn wrote_line(name: &str, bytes: &[u8], what: Option<&str>) -> String {
    let size = fields::thousands(bytes.len());
    match (crate::zip::names(bytes), what) {
        (Some(members), _) if name.ends_with(".zip") => {
            format!("wrote {name}: {} files ({}), {size} bytes", members.len(), members.join(", "))
        }
        (_, Some(what)) => format!("wrote {name}: {what}, {size} bytes"),
        _ => format!("wrote {name}: {size} bytes"),
    }
}

/// Runs one command.
pub fn run(r: &Request) -> Result<Reply, Fail> {
    match r.command {
        "version" => Ok(Reply::json(json!({
            "version": env!("CARGO_PKG_VERSION"),
            "disc_image_max": disc::IMAGE_MAX,
            "level_file_max": levelkit::disc::LEVEL_FILE_MAX,
            "max_probes": levelkit::heroes::audit::MAX_PROBES,
            "samples": sample_list(),
        }))),
        "sample" => sample(r),
        "open" => open(r),
        "info" => info(r),
        "check" => check(r),
        "dump" => dump(r),
        "pack" => pack(r),
        "rooms" => rooms(r),
        "vram" => vram(r),
        "audit" => heroes::audit(r),
        "audit-part" => heroes::audit_part(r),
        "prepare" => heroes::prepare(r),
        "audit-view" => heroes::audit_view(r),
        "map" => heroes::map(r),
        "build-cl" => heroes::build_cl(r),
        "repair-cl" => heroes::repair_cl(r),
        "export" => output::export(r),
        "render" => output::render(r),
        "view" => output::view(r),
        "disc-kind" => disc::disc_kind(r),
        "disc-ls" | "patch" => Err(format!("`{}` needs a disc image", r.command).into()),
        other => Err(format!("unknown command {other:?}").into()),
    }
}

/// What a file is, recognised by content as the CLI does (a mesh by its name, as the CLI by its path),
/// and for a level file its `info --json`, `info` text and `check --json`; a disc image or CUE sheet is
/// named as one ([`disc::kind`]).
fn open(r: &Request) -> Result<Reply, Fail> {
    let f = r.file()?;
    if Format::detect(f.data).is_some() {
        let doc = f.open_kept()?;
        let findings = doc.validate();
        return Ok(Reply::json(json!({
            "kind": "level",
            "format": doc.format().name(),
            "summary": doc.summary(),
            "text": doc.summary_text(),
            "check": findings.check_report(f.name, doc.format().name(), false),
            "lines": finding_lines(&findings),
            "groups": finding_groups(&findings),
        })));
    }
    if output::is_mesh(&f) {
        let mesh = output::import_mesh(&f)?;
        return Ok(Reply::json(json!({ "kind": "mesh", "text": mesh.to_string() })));
    }
    // A disc image (or its CUE sheet), before a VRAM dump (a 1 MiB image would be one): for the page's
    // disc control, not a file to open.
    if let Some(disc) = disc::kind(f.data, f.data.len() as u64) {
        return Ok(Reply::json(disc));
    }
    if levelkit::psx::Vram::from_dump(f.data).is_ok() {
        return Ok(Reply::json(json!({ "kind": "vram" })));
    }
    if f.data.first() == Some(&b'{') {
        if let Ok(value) = serde_json::from_slice::<Value>(f.data) {
            if let Some(format) = value["format"].as_str() {
                return Ok(Reply::json(json!({ "kind": "dump", "format": format })));
            }
        }
    }
    // Neither format: the CLI's explanation, with the offsets where reading each failed.
    Ok(f.open(None).map(|_| Reply::default())?)
}

/// The samples `levelkit sample` writes, for the landing page: each kind's name, file name and what it is.
fn sample_list() -> Value {
    use levelkit::samples::SampleKind;
    let list: Vec<Value> = SampleKind::ALL
        .iter()
        .map(|k| json!({ "kind": k.name(), "file": k.file_name(), "about": k.about() }))
        .collect();
    json!(list)
}

/// `levelkit sample KIND` (option `kind`; the default seed and size): the file, named as `samples/` names it.
fn sample(r: &Request) -> Result<Reply, Fail> {
    use levelkit::samples::{sample_bytes, SampleKind};
    let name = r.options["kind"].as_str().unwrap_or("");
    let kind = SampleKind::ALL.into_iter().find(|k| k.name() == name).ok_or_else(|| {
        format!("no sample {name:?}: `levelkit sample` makes cl, cl-community, level and vram")
    })?;
    let bytes = sample_bytes(kind, 1, None).map_err(|e| chain(&e))?;
    Ok(Reply::json(json!({ "about": kind.about() })).with(kind.file_name().to_string(), bytes))
}

fn info(r: &Request) -> Result<Reply, Fail> {
    let doc = r.file()?.open_kept()?;
    Ok(Reply::json(json!({ "summary": doc.summary(), "text": doc.summary_text() })))
}

/// The findings as `levelkit check --all` prints them, one a line.
fn finding_lines(findings: &Findings) -> Vec<String> {
    findings.iter().map(ToString::to_string).collect()
}

/// The findings grouped by rule as `levelkit check` groups them: each group's severity, title (`6 warnings
/// at nodes[*].neighborNo`), the number of findings printed in full before a group is folded, and the
/// indices of its findings in `lines`.
fn finding_groups(findings: &Findings) -> Value {
    let index: HashMap<*const Finding, usize> =
        findings.iter().enumerate().map(|(i, f)| (f as *const Finding, i)).collect();
    let groups: Vec<Value> = findings
        .groups()
        .iter()
        .map(|g| {
            let members: Vec<usize> = g.findings.iter().map(|&f| index[&(f as *const Finding)]).collect();
            json!({ "severity": g.severity, "title": g.to_string(), "findings": members })
        })
        .collect();
    json!({ "examples": Grouped::EXAMPLES, "groups": groups })
}

fn check(r: &Request) -> Result<Reply, Fail> {
    let f = r.file()?;
    let doc = f.open_kept()?;
    let findings = doc.validate();
    Ok(Reply::json(json!({
        "check": findings.check_report(f.name, doc.format().name(), r.flag("strict")),
        "lines": finding_lines(&findings),
        "groups": finding_groups(&findings),
    })))
}

fn dump(r: &Request) -> Result<Reply, Fail> {
    let f = r.file()?;
    let doc = f.open(None)?;
    let mut text = doc.to_dump_text();
    text.push(b'\n');
    // `-dump`: not the input's name, and not an export's.
    Ok(Reply::default().with(format!("{}-dump.json", f.stem()), text))
}

/// `levelkit pack`: the binary file, and the findings it prints about it.
fn pack(r: &Request) -> Result<Reply, Fail> {
    let f = r.file()?;
    let doc = Document::from_dump_text(f.data).map_err(|e| match e {
        levelkit::DumpError::NotJson(e) => format!("{} is not JSON: {e}", f.name),
        e => f.fail(&e),
    })?;
    let bytes = doc.to_bytes().map_err(|e| format!("cannot lay out {}: {}", f.name, chain(&e)))?;
    // What `levelkit pack` prints about the result, grouped by rule.
    let grouped = doc.validate().grouped().to_string();
    let lines: Vec<&str> = grouped.lines().collect();
    let ext = match doc.format() {
        Format::HeroesCl => "cl",
        Format::ReptarLevel => "BIN",
    };
    // `stage-dump.json` packs to `stage-packed.cl`: not the name of the file the dump came from.
    let stem = f.stem();
    let stem = stem.strip_suffix("-dump").filter(|s| !s.is_empty()).unwrap_or(stem);
    Ok(Reply::json(json!({ "format": doc.format().name(), "lines": lines }))
        .with(format!("{stem}-packed.{ext}"), bytes))
}

fn rooms(r: &Request) -> Result<Reply, Fail> {
    let f = r.file()?;
    let Document::Reptar(level) = f.open(Some(Format::ReptarLevel))? else {
        return Err(format!("{} is not a Rugrats LEVELnn.BIN file", f.name).into());
    };
    let graph = level.room_graph();
    let value = serde_json::to_value(&graph).map_err(|e| e.to_string())?;
    Ok(Reply::json(json!({ "graph": value, "text": graph.to_text(), "dot": graph.to_dot() })))
}

/// A VRAM dump as a 1024×512 picture of its halfwords (15-bit colour).
fn vram(r: &Request) -> Result<Reply, Fail> {
    let f = r.file()?;
    let vram = levelkit::psx::Vram::from_dump(f.data).map_err(|e| f.fail(&e))?;
    let png = vram.to_rgba_image().to_png().map_err(|e| format!("cannot encode the PNG: {e}"))?;
    Ok(Reply::default().with(format!("{}.png", f.stem()), png))
}
