//! The audit as a modder reads it: each line in plain words, the holes grouped by cause with the fix, and
//! the words the report uses explained once at its end ([`GLOSSARY`]).

use super::cause::thousands;
use super::{Audit, Difference, ProbeKind, Tally};
use crate::num::SaturatingFrom;

/// How many holes the text lists one by one (all are counted and grouped).
const SHOWN: usize = 20;

/// The words the report uses, each with what it means: printed once at the end of every text report, and
/// the same in `docs/reference/queries.md`.
pub const GLOSSARY: &[(&str, &str)] = &[
    (
        "hole",
        "a probe this file answers differently from the complete tree of its own triangles: the file's \
         fault, and fixing the cause removes it",
    ),
    (
        "fall through",
        "a hole where this file finds nothing at all: the player drops through a floor or passes a wall",
    ),
    (
        "complete tree",
        "the file's own nodes, each listing every triangle over its square, with every neighbour link in \
         place: what a faultless file of these triangles answers",
    ),
    ("exactly", "what testing every triangle gives, with no tree (levelkit's exact reference)"),
    (
        "game-inherent",
        "the complete tree and the exact answer differ: the game's own rules miss there, and no file can \
         fix it; counted, never a hole",
    ),
    (
        "reach filter",
        "before testing a triangle the game skips it if its first corner is farther from the probe's start \
         than its longer edge plus the probe's length: cheap, and it drops some triangles in reach",
    ),
    (
        "first-leaf rule",
        "a line cast stops in the first leaf square where anything hits, though a nearer triangle may be \
         listed only in a later square",
    ),
    (
        "triangle tests",
        "the game's moving-sphere tests, in 32-bit floats, miss some corner and edge contacts the exact \
         test finds",
    ),
    (
        "aborted walk",
        "the walk met a broken index or a loop in the tree: the game would read garbage or hang",
    ),
    (
        "leaf square",
        "a node of the tree without children; probes test the triangles its list names, and step to the \
         next square through its neighbour links (nodes[*].neighborNo)",
    ),
    (
        "crack",
        "two triangles' open edges whose corners lie within 0.01 of each other but not on the same vertex: \
         float noise the modelling program left; the gap is too small to see, but a sphere can catch on it",
    ),
];

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{} {}", thousands(n), if n == 1 { one } else { many })
}

fn kind_words(kind: ProbeKind) -> (&'static str, &'static str) {
    kind.words()
}

impl Audit {
    /// The report as text: per kind of probe what each way finds, the holes by cause with their fix,
    /// whether `check` reports every cause, the game-inherent differences, freezes, the first holes, and
    /// what the words mean.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for (kind, t) in [
            (ProbeKind::Vertical, &self.vertical),
            (ProbeKind::Line, &self.line),
            (ProbeKind::Move, &self.moving),
        ] {
            out += &tally_line(kind, t);
        }
        if self.holes == 0 {
            out += "holes: none\n";
        } else {
            out += &format!("holes: {}, by cause and fix:\n", thousands(self.holes));
            for g in &self.causes {
                out += &format!("  {}\n", g.text);
            }
            if self.attributed {
                if self.unexplained == 0 {
                    out +=
                        "  the file's check reports the cause of every hole (each is one of its findings)\n";
                } else {
                    out += &format!(
                        "  {} no check finding reports: a defect of levelkit's check, which must name every \
                         cause of a hole (please report it)\n",
                        plural(self.unexplained, "hole has a cause", "holes have causes")
                    );
                }
            }
        }
        out += &regions_text(&self.regions);
        out += &inherent_line(self);
        let hanging = &self.hanging_triangles;
        if self.moving.freezes == 0 && hanging.is_empty() {
            out += "freezes: none (no probe froze the game; no triangle hangs it)\n";
        } else {
            out += &format!(
                "freezes: {} froze the game; {} the game when a sphere comes near (check names each; repairing \
                 the file rotates them)\n",
                plural(self.moving.freezes, "moving sphere", "moving spheres"),
                plural(hanging.len(), "triangle hangs", "triangles hang"),
            );
            for h in hanging.iter().take(SHOWN) {
                out += &format!("  triangle {} at {} hangs the game\n", h.triangle, point(h.at));
            }
            if hanging.len() > SHOWN {
                out += &format!("  ... and {} more\n", thousands(hanging.len() - SHOWN));
            }
        }
        out += &cracks_text(&self.cracks);
        if !self.hole_list.is_empty() {
            let shown = self.hole_list.len().min(SHOWN);
            out += &format!("the first {shown} holes (the seed and a probe's number give it again):\n");
            for d in self.hole_list.iter().take(SHOWN) {
                out += &format!("  {}\n", hole_line(d));
            }
            if self.holes > shown {
                out += &format!(
                    "  ... {} more (the JSON report lists {})\n",
                    thousands(self.holes - shown),
                    self.hole_list.len()
                );
            }
        }
        out += &format!("seed {}\n", self.seed);
        out += "what the words mean:\n";
        for (word, meaning) in GLOSSARY {
            out += &format!("  {word}: {meaning}\n");
        }
        out
    }
}

/// `line casts: 2,000 run; 251 hit a triangle in this file, 742 in the complete tree, 751 exactly; 491 holes
/// (491 fall through)`.
fn tally_line(kind: ProbeKind, t: &Tally) -> String {
    let (_, many) = kind_words(kind);
    let finds = if kind == ProbeKind::Move { "stop against a triangle" } else { "hit a triangle" };
    let mut line = format!(
        "{many}: {} run; {} {finds} in this file, {} in the complete tree, {} exactly; {}",
        thousands(t.probes),
        thousands(t.file_hits),
        thousands(t.complete_hits),
        thousands(t.exact_hits),
        plural(t.holes, "hole", "holes"),
    );
    if t.holes > 0 {
        line += &format!(" ({} fall through)", thousands(t.fall_through));
    }
    if t.aborted > 0 {
        line += &format!("; {}", plural(t.aborted, "aborted walk", "aborted walks"));
    }
    line + "\n"
}

/// How many regions are shown one by one (all are counted and grouped).
const REGIONS_SHOWN: usize = 5;

/// The certified regions: how many of each kind by cause, the places without a witness, and the first
/// regions with their cause and witness; or the guarantee that there are none.
fn regions_text(r: &super::Regions) -> String {
    if r.too_many_places {
        return format!(
            "hole regions: not certified: the tree differs from the complete tree at more than {} places; \
             repairing the file rebuilds its lists and links\n",
            thousands(super::regions::MAX_PLACES)
        );
    }
    if !r.certified {
        return "hole regions: not certified: the tree cannot be walked (check lists its errors)\n".into();
    }
    let all: usize = r.counts.iter().sum();
    if all == 0 && r.unconfirmed_count == 0 {
        return format!(
            "hole regions: none: every list and link is the complete tree's, so no vertical probe, line cast or \
             moving sphere (radius {}) can hole this file anywhere (certified from the tree, not sampled; a \
             probe exactly on a leaf's edge aside)\n",
            r.radius
        );
    }
    let mut out = format!(
        "hole regions: {} (certified from the tree, not sampled; each with a witness probe the game's walks \
         confirm)\n",
        thousands(all)
    );
    for (kind, n) in [ProbeKind::Vertical, ProbeKind::Line, ProbeKind::Move].into_iter().zip(r.counts) {
        if n == 0 {
            continue;
        }
        let (_, many) = kind_words(kind);
        let parts: Vec<String> = r
            .groups
            .iter()
            .filter(|g| g.probe == kind)
            .map(|g| format!("{} {}", thousands(g.regions), g.cause.places(g.regions == 1)))
            .collect();
        let mut line = format!("  {} for {many}", thousands(n));
        if kind == ProbeKind::Vertical {
            line += &format!(" ({} square units, {} of the ground)", area(r.vertical_area), share(r));
        }
        if kind == ProbeKind::Move {
            line += &format!(" (radius {})", r.radius);
        }
        out += &format!("{line}: {}\n", parts.join(", "));
    }
    if r.unconfirmed_count > 0 {
        out += &format!(
            "  {} where the tree differs from the complete tree, but no probe made or tried holes there (a \
             triangle touching a square's edge, a link to an empty leaf, an entry no probe meets first)\n",
            plural(r.unconfirmed_count, "more place", "more places")
        );
    }
    if all > 0 {
        let shown = r.confirmed.len().min(REGIONS_SHOWN);
        out += &format!("  the first {shown}:\n");
        for region in r.confirmed.iter().take(REGIONS_SHOWN) {
            out += &format!("    {}\n", region_line(region));
        }
    }
    out
}

/// One region: its kind, where (its extent, and its area for vertical probes), its cause and its witness.
fn region_line(r: &super::HoleRegion) -> String {
    let (_, many) = kind_words(r.probe);
    let (lo, hi) = r.extent;
    let mut line = format!("{many} over x {} to {}, z {} to {}", lo[0], hi[0], lo[1], hi[1]);
    if r.probe == ProbeKind::Vertical {
        line += &format!(" ({} square units)", area(r.area));
    }
    line += &format!(": {}", r.cause.describe_place());
    if let Some(w) = &r.witness {
        match w.sampled {
            Some(i) => line += &format!("; witness: probe #{i}"),
            None => line += &format!("; witness: from {} by {}", point(w.start), point(w.dir)),
        }
    }
    line
}

/// The vertical regions' share of the ground box the probes start over, as a percentage.
fn share(r: &super::Regions) -> String {
    let (lo, hi) = r.ground;
    let ground = f64::from(hi[0] - lo[0]) * f64::from(hi[1] - lo[1]);
    if !(ground > 0.0 && ground.is_finite()) {
        return "all".into();
    }
    format!("{:.2} %", 100.0 * r.vertical_area / ground)
}

/// An area to a tenth of a square unit, with separators.
fn area(a: f64) -> String {
    let tenths = (a * 10.0).round();
    if !(tenths.is_finite() && tenths < 1e15) {
        return format!("{a}");
    }
    let whole = (tenths / 10.0).trunc();
    format!("{}.{}", thousands(usize::saturating_from(whole)), u8::saturating_from(tenths - whole * 10.0))
}

/// The game-inherent differences per kind, split by rule.
fn inherent_line(a: &Audit) -> String {
    let parts: Vec<String> =
        [(ProbeKind::Vertical, &a.vertical), (ProbeKind::Line, &a.line), (ProbeKind::Move, &a.moving)]
            .into_iter()
            .filter(|(_, t)| t.inherent > 0)
            .map(|(kind, t)| {
                let (one, many) = kind_words(kind);
                let rule = if kind == ProbeKind::Move {
                    format!("{} triangle tests", thousands(t.inherent_tests))
                } else {
                    format!("{} first-leaf rule", thousands(t.inherent_first_leaf))
                };
                format!(
                    "{} ({} reach filter, {rule})",
                    plural(t.inherent, one, many),
                    thousands(t.inherent_reach)
                )
            })
            .collect();
    if parts.is_empty() {
        return "game-inherent: none\n".into();
    }
    format!("game-inherent (the game's own rules; no file can fix them, not holes): {}\n", parts.join(", "))
}

fn point(p: [f32; 3]) -> String {
    format!("({}, {}, {})", p[0], p[1], p[2])
}

/// One listed hole: the probe, both answers, and its cause with the finding that reports it.
fn hole_line(d: &Difference) -> String {
    let (one, _) = kind_words(d.kind);
    let answer = |a: Option<(u16, f32)>| match (a, d.kind) {
        (None, _) => "nothing".to_string(),
        (Some((t, x)), ProbeKind::Move) => format!("triangle {t} after moving {x}"),
        (Some((t, x)), _) => format!("triangle {t} at distance {x}"),
    };
    // One place per hole, the same in the JSON's `point`, the page's list and the markers: where the
    // complete tree's answer lies (the seed and the number give the probe itself again).
    let mut line = format!(
        "{one} #{} at {}: this file finds {}, the complete tree {}",
        d.index,
        point(d.point()),
        answer(d.file),
        answer(d.complete)
    );
    if let Some(cause) = &d.cause {
        line += &format!("; {}", cause.describe());
        match &d.finding {
            Some(path) => line += &format!(" (check: {path})"),
            None if *cause != super::Cause::Unknown => line += " (no check finding reports it)",
            None => {}
        }
    }
    line
}

/// The cracks line: none, or how many, the widest, the weld that closes them and where the first are.
fn cracks_text(found: &crate::heroes::validate::cracks::Cracks) -> String {
    use crate::heroes::validate::cracks::EDGE_NAMES;
    if found.cracks.is_empty() {
        return "cracks: none (no open edge nearly meets another)\n".to_string();
    }
    let mut out = format!(
        "cracks: {} where two open edges' corners nearly meet (widest gap {}{}): a sphere can catch on them; \
         check names each, a weld of {} closes them\n",
        thousands(found.cracks.len()),
        found.widest(),
        if found.incomplete { "; the search stopped early, there may be more" } else { "" },
        found.weld_that_closes()
    );
    for c in found.cracks.iter().take(SHOWN) {
        let edge = |e: usize| EDGE_NAMES.get(e).copied().unwrap_or("?");
        out += &format!(
            "  triangle {} edge {} and triangle {} edge {} at {}, {} apart\n",
            c.triangle,
            edge(c.edge),
            c.other,
            edge(c.other_edge),
            point(c.at),
            c.gap
        );
    }
    if found.cracks.len() > SHOWN {
        out += &format!("  ... and {} more\n", thousands(found.cracks.len() - SHOWN));
    }
    out
}
