//! The library's hints in this program's words. The library says what to do ("a weld of 0.02 closes
//! them", "build it at depth 8 or lower") and keeps the numbers typed; here each hint gets the flag or
//! command that does it. The web page's fields are these flags, so its crate includes this file
//! (`crates/levelkit-wasm/src/commands.rs`) and the two word every hint alike. Only `levelkit` is used here.

use levelkit::disc::patch::PatchError;
use levelkit::heroes::builder::BuildError;
use levelkit::{Findings, Rule};

/// The weld as this program's flag, for `BuildReport::text` and `crack_warning_worded`: `--weld`, or
/// `--weld 0.02` for welding within a distance.
pub fn weld(distance: Option<f32>) -> String {
    match distance {
        None => "--weld".to_string(),
        Some(d) => format!("--weld {d}"),
    }
}

/// A builder error in this program's words: an option by its flag (`--max-depth 4: it must be …`), and
/// after a count too large the flag its advice means.
pub fn build_error(e: &BuildError) -> String {
    match e {
        BuildError::BadOption { option, value, needs } => {
            format!("--{} {value}: it must be {needs}", option.replace('_', "-"))
        }
        BuildError::TooMany { what: "vertices", .. } => format!("{e} (--weld D merges vertices within D)"),
        BuildError::TooManyNodes { reached, .. } => format!("{e} (--depth {reached}, --depth auto)"),
        BuildError::TooManyEntries { reached, .. } => format!("{e} (--depth {reached})"),
        e => e.to_string(),
    }
}

/// The commands that fix what `findings` found, one line each, for after the findings: the repair that
/// rotates the corners of a triangle the game hangs on, the weld that closes a crack.
pub fn findings(findings: &Findings) -> Vec<String> {
    let any = |rule: Rule| findings.iter().any(|f| f.rule == rule);
    let mut lines = Vec::new();
    if any(Rule::HeroesTriangleHang) {
        lines.push(
            "`levelkit repair-cl FILE -o OUT` rotates the corners of every triangle the game hangs on that a \
             rotation makes safe"
                .to_string(),
        );
    }
    if any(Rule::HeroesCrack) {
        lines.push(
            "`levelkit build-cl MESH --weld D` (D at least a crack's gap) merges the corners of its cracks"
                .to_string(),
        );
    }
    lines
}

/// After findings printed grouped, when groups were shortened.
pub const ALL_FINDINGS: &str = "--all prints every finding";

/// A patch refusal with the flag or command that fixes it, when one does: `(pass --relocate)` after a file
/// that needs more sectors, `(--in-place)` after an output that is the image itself, the command that lists
/// a failing file's errors.
pub fn patch_error(e: &PatchError) -> Option<String> {
    match e {
        PatchError::DoesNotFit { .. } => Some(format!("{e} (pass --relocate)")),
        PatchError::OutputIsImage(_) => Some(format!("{e} (--in-place)")),
        PatchError::Check { problem, .. } if problem.starts_with("fails check") => {
            Some(format!("{e}: `levelkit check` of the new file lists them"))
        }
        _ => None,
    }
}

/// A rendering's notes, each after `name: `, the one about the default camera with the flags that choose
/// the rooms or the camera instead.
pub fn render_notes(name: &str, rendering: &levelkit::render::Rendering) -> Vec<String> {
    let mut notes: Vec<String> = rendering.notes.iter().map(|note| format!("{name}: {note}")).collect();
    if let (Some(first), Some(_)) = (notes.first_mut(), rendering.from_inside) {
        first.push_str(" (--room, --camera/--look)");
    }
    notes
}

/// The commands that fix what an audit found, one line each: the repair that rebuilds the tree, lists and
/// links (holes and hole regions are all theirs) and rotates the triangles the game hangs on, the weld that
/// closes cracks, and the listing of every finding that names each hole's cause.
pub fn audit(report: &levelkit::heroes::audit::Audit) -> Vec<String> {
    let mut lines = Vec::new();
    let regions: usize = report.regions.counts.iter().sum();
    if report.holes > 0 || regions > 0 || report.freezes() {
        lines.push(
            "`levelkit repair-cl FILE -o OUT` keeps the triangles and rebuilds the tree, its lists and links \
             (and rotates the corners of triangles the game hangs on)"
                .to_string(),
        );
    }
    if report.holes > 0 {
        lines.push("`levelkit check FILE --all` lists the finding behind each hole".to_string());
    }
    if !report.cracks.cracks.is_empty() {
        lines.push(format!(
            "`levelkit build-cl MESH --weld {}` merges the corners of its cracks",
            report.cracks.weld_that_closes()
        ));
    }
    lines
}
