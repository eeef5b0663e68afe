//! The disc commands: `disc-ls` (the CLI's `ls --json`) and `patch` (the CLI's `patch IMAGE PATH=FILE
//! -o OUT [--relocate]`), on a PS1 image's bytes (a `.bin` or `.iso`; with its `.cue` for `patch`, which
//! then also gives the sheet naming the new BIN). The image is the request's own buffer
//! ([`crate::envelope::Envelope::decode_taking`]), patched in place ([`patch_in_memory`]): it is in the
//! module's memory once.
//!
//! Request inputs: `image` (the image's bytes), and for `patch` `level` (the new file) and optionally
//! `sheet` (the image's CUE sheet). Options: `path` (the file inside the image), `relocate`.

use super::{chain, Fail, Reply, Request};
use levelkit::disc::patch::{patch_in_memory, InMemory, PatchError, Replacement};
use levelkit::disc::{console_container, cue, Disc, DiscError, ImageKind};
use serde_json::{json, Value};

/// The largest image the page patches: 1 GiB, more than any CD holds (a 99-minute CD-R of raw
/// 2,352-byte sectors is 1,047,816,000 bytes; a Rugrats disc about 700 MB). The image is in the module's
/// memory once (which stops at 4 GiB) and in the result's Blob; an 827 MB image took the browser 2.9 times
/// its size at the peak. Measured in docs/guide/discs.md ("On the web page").
pub const IMAGE_MAX: u64 = 1 << 30;

/// What the page needs to know of a file that is a disc image, from its first 64 KiB (`head`) and its
/// size, or `None`: `{"kind": "disc", "image": "raw"|"iso9660"|"cue"|"game-cube", "container": …, "bin":
/// the BIN a CUE sheet names, "refusal": why this build cannot read it (a GameCube image)}`.
pub fn kind(head: &[u8], size: u64) -> Option<Value> {
    let head = head.get(..64 * 1024).unwrap_or(head);
    let image = ImageKind::of(head, size)?;
    let bin = (image == ImageKind::Cue).then(|| cue::parse(head).map(|c| c.file).ok()).flatten();
    let container = console_container(head);
    let refusal = (image == ImageKind::GameCube)
        .then(|| DiscError::GameCubeNotBuilt { container: container.unwrap_or("unknown") }.to_string());
    Some(json!({ "kind": "disc", "image": image, "container": container, "bin": bin, "refusal": refusal }))
}

/// `disc-kind`: [`kind`] of the `file` input (a file's first 64 KiB) with option `size` (its length):
/// the page asks before it reads a large file whole.
pub fn disc_kind(r: &Request) -> Result<Reply, Fail> {
    let f = r.file()?;
    let size = r.number("size", f.data.len() as u64)?;
    Ok(Reply::json(kind(f.data, size).unwrap_or_else(|| json!({ "kind": null }))))
}

/// A disc image given to a command: its name, and its bytes (the request's buffer).
pub struct Image<'a> {
    pub name: &'a str,
    pub bytes: Vec<u8>,
}

/// The error for an image the page cannot hold, with the command to use instead.
fn too_large(message: String) -> Fail {
    Fail { message, field: None, too_large: true, clap: false }
}

/// Runs a command on an image.
pub fn run(r: &Request, image: Image) -> Result<Reply, Fail> {
    let size = image.bytes.len() as u64;
    if size > IMAGE_MAX {
        return Err(too_large(format!(
            "{}: {size} bytes, more than the {IMAGE_MAX} bytes the web page holds in memory",
            image.name
        )));
    }
    match r.command {
        "disc-ls" => ls(image),
        "patch" => patch(r, image),
        other => Err(format!("`{other}` takes no disc image").into()),
    }
}

/// `levelkit ls IMAGE --json`: the level files, by content, and how many other files there are.
fn ls(image: Image) -> Result<Reply, Fail> {
    let name = image.name;
    let disc = Disc::from_bytes(image.bytes).map_err(|e| format!("{name}: {}", chain(&e)))?;
    let listing = disc.levels().map_err(|e| format!("{name}: {}", chain(&e)))?;
    Ok(Reply::json(json!({
        "image": name,
        "kind": disc.kind,
        "container": disc.container,
        "levels": listing.levels,
        "skipped": listing.skipped,
        "bytes_read": disc.bytes_read(),
    })))
}

/// `name` with `-patched` before its extension: `Rugrats.bin` → `Rugrats-patched.bin`.
pub fn patched_name(name: &str) -> String {
    match name.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() => format!("{stem}-patched.{ext}"),
        _ => format!("{name}-patched"),
    }
}

/// `levelkit patch IMAGE PATH=LEVEL -o IMAGE-patched.EXT [--relocate]`: the patched image (and, given the
/// image's CUE sheet, the sheet naming it), the report lines the CLI prints, and the report.
fn patch(r: &Request, image: Image) -> Result<Reply, Fail> {
    let path = r.options["path"].as_str().map(str::trim).filter(|p| !p.is_empty()).ok_or(Fail {
        message: "name the file to replace inside the image (its path as the image's listing gives it, e.g. \
                  DATA/DB05/LEVEL05.BIN)"
            .into(),
        field: Some("path"),
        too_large: false,
        clap: false,
    })?;
    let level = r.input("level").ok_or("`patch` needs the new file (a level) to put into the image")?;
    let sheet = r.input("sheet");
    let output = patched_name(image.name);
    let options = InMemory {
        image_name: image.name,
        sheet: sheet.map(|s| s.data),
        output: &output,
        relocate: r.flag("relocate"),
    };
    let replacements = [Replacement { path: path.to_string(), bytes: level.data.to_vec() }];
    let name = image.name;
    let patched = patch_in_memory(image.bytes, &replacements, &options).map_err(|e| match e {
        PatchError::OutOfMemory { .. } => too_large(format!("{name}: {}", chain(&e))),
        // The library's words point at `levelkit ls`; the page has the listing in the path field.
        PatchError::NotFound(p) => super::fields::usage(
            "path",
            format!(
                "{name}: no file {p:?} in the image: pick one of its level files from the path field's list"
            ),
        ),
        // The CLI's hint after the library's words (`(pass --relocate)`), which the page's script turns
        // into its own ("tick relocate if larger").
        e => match super::hints::patch_error(&e) {
            Some(text) => Fail::from(format!("{name}: {text}")),
            None => Fail::from(format!("{name}: {}", chain(&e))),
        },
    })?;
    let report = patched.report;
    // What the CLI prints on standard error, in its words (the library's).
    let mut lines: Vec<String> = report.warnings.iter().map(|w| format!("levelkit: warning: {w}")).collect();
    lines.extend(report.files.iter().map(|f| format!("levelkit: {f}")));
    let written: Vec<&str> = report.written.iter().map(|(_, what)| what.as_str()).collect();
    let names: Vec<String> = report.written.iter().map(|(p, _)| p.to_string_lossy().into_owned()).collect();
    let result = json!({ "lines": lines, "written": written, "report": report });
    let mut reply = Reply::json(result);
    let mut outputs = names.into_iter();
    if let Some(data) = outputs.next() {
        reply = reply.with(data, patched.image);
    }
    if let (Some(sheet_name), Some(sheet)) = (outputs.next(), patched.sheet) {
        reply = reply.with(sheet_name, sheet);
    }
    Ok(reply)
}
