//! The map's legend: its rows (the scale, the surfaces, the lines and markers, the holes by cause), the
//! scale bar's length, and drawing them below the map.

use super::*;

/// What a legend row shows left of its words.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Key {
    /// The scale: a bar this many pixels long, its words right of it.
    Bar(f32),
    /// A filled square of a surface colour.
    Swatch([u8; 3]),
    /// A hatched square: slopes.
    Slope([u8; 3]),
    /// A wall's line.
    Wall([u8; 3]),
    /// A leaf square's outline.
    Outline,
    /// A marker.
    Mark(Shape, [u8; 3]),
    /// A cause's place: a white edge.
    CauseEdge,
    /// A cause's place: a white square.
    CauseNode,
    /// A certified hole region: an orange outline.
    Region,
    /// Words only.
    Words,
    /// Words only, indented: one group of holes.
    Group,
}

/// Most surfaces the legend names one by one; the rest are counted.
pub(super) const LEGEND_SURFACES: usize = 16;
/// Pixels from one legend row to the next, and the margin around the legend.
pub(super) const ROW: u32 = crate::font::HEIGHT + 5;
pub(super) const PAD: u32 = 8;
/// Where a row's words start, right of its key.
pub(super) const TEXT_X: u32 = 48;
/// The words right of the scale bar start this far after its end.
pub(super) const BAR_GAP: u32 = 10;

/// The legend's rows, top first: the scale (its length is set when the picture's width is known), the
/// surfaces drawn (in the surface table's order, unnamed attributes after), slopes and walls, the leaf
/// outlines, and with an audit each marker and the holes by cause.
pub(super) fn legend(c: &Collision, audit: Option<&Audit>, opts: MapOptions) -> Vec<(Key, String)> {
    let mut rows = vec![(Key::Bar(0.0), String::new())];
    let mut attributes: Vec<u32> = c.triangles.iter().map(|t| t.attribute).collect();
    let order = |a: &u32| {
        let known = crate::heroes::flags::SURFACES.iter().position(|s| s.attribute == *a);
        (known.unwrap_or(usize::MAX), *a)
    };
    attributes.sort_by_key(order);
    attributes.dedup();
    for &a in attributes.iter().take(LEGEND_SURFACES) {
        let name = crate::heroes::flags::surface(a)
            .map_or_else(|| format!("attribute {}", crate::heroes::flags::hex(a)), |s| s.label.into());
        rows.push((Key::Swatch(crate::heroes::flags::colour(a)), name));
    }
    if attributes.len() > LEGEND_SURFACES {
        rows.push((Key::Words, format!("+{} more surfaces", attributes.len() - LEGEND_SURFACES)));
    }
    if let Some(&first) = attributes.first() {
        let base = crate::heroes::flags::colour(first);
        rows.push((
            Key::Slope(shade(base, SLOPE_SHADE.0)),
            "slope, 5-75 degrees: darker and hatched, the steeper the darker".into(),
        ));
        rows.push((Key::Wall(base), "wall, 75 degrees or steeper: a line in its surface's colour".into()));
    }
    if opts.leaves {
        rows.push((Key::Outline, "leaf square of the tree".into()));
    }
    let Some(a) = audit else { return rows };
    rows.push((
        Key::Mark(Shape::Ring, HOLE),
        "hole: a vertical probe or line cast answers wrong here".into(),
    ));
    rows.push((Key::Mark(Shape::Square, MOVE_HOLE), "hole: a moving sphere stops wrong here".into()));
    let regions: usize = a.regions.counts.iter().sum();
    if regions > 0 {
        rows.push((
            Key::Region,
            format!(
                "hole region, certified ({} in all): where a probe can hole, found from the tree",
                crate::num::thousands(regions)
            ),
        ));
    } else if a.regions.certified && a.regions.unconfirmed_count == 0 {
        rows.push((Key::Words, "no hole region: no probe can hole this file (certified)".into()));
    }
    let listed = causes(a);
    if listed.iter().any(|c| matches!(c, Cause::MissingLink { .. } | Cause::WrongLink { .. })) {
        rows.push((
            Key::CauseEdge,
            "cause: the leaf edge a cast stopped at (no link) or left by (wrong link)".into(),
        ));
    }
    if listed
        .iter()
        .any(|c| matches!(c, Cause::Unlisted { .. } | Cause::OffSquare { .. } | Cause::EmptyInner { .. }))
    {
        rows.push((
            Key::CauseNode,
            "cause: a node whose list lacks a triangle over its square, or lists nothing".into(),
        ));
    }
    let inherent = a.vertical.inherent + a.line.inherent + a.moving.inherent;
    if opts.game_inherent {
        rows.push((
            Key::Mark(Shape::Cross, INHERENT),
            "game-inherent (a probe): the game's own rules miss here".into(),
        ));
        rows.push((Key::Mark(Shape::Plus, INHERENT), "game-inherent (a moving sphere): the same".into()));
    } else if inherent > 0 {
        rows.push((
            Key::Words,
            format!("{inherent} game-inherent differences (the game's own misses) not drawn"),
        ));
    }
    if !a.hanging_triangles.is_empty() {
        rows.push((
            Key::Mark(Shape::Diamond, FREEZE),
            "a triangle the game hangs on when a sphere comes near".into(),
        ));
    }
    if !a.causes.is_empty() {
        rows.push((
            Key::Words,
            format!("holes by cause, and the fix ({} in all):", crate::num::thousands(a.holes)),
        ));
    }
    for g in &a.causes {
        let mut line = g.short_text();
        if a.attributed && g.explained < g.holes {
            line += &format!("; check misses {}", g.holes - g.explained);
        }
        rows.push((Key::Group, line));
    }
    rows
}

/// The scale bar for `scale` world units a pixel: the longest of 1, 2, 5 × 10ⁿ units whose bar stays
/// within `max_px` pixels (at least a pixel long), and that bar's length in pixels. Consecutive lengths
/// differ at most 2.5 times, so the bar is longer than `max_px` / 2.5.
pub(super) fn scale_bar(scale: f32, max_px: f32) -> (f64, f32) {
    let per_px = f64::from(scale.max(1e-6));
    let mut decade = 1e-3f64;
    while decade * 10.0 / per_px <= f64::from(max_px) && decade < 1e12 {
        decade *= 10.0;
    }
    let units = [5.0, 2.0, 1.0]
        .iter()
        .map(|m| m * decade)
        .find(|u| u / per_px <= f64::from(max_px))
        .unwrap_or(decade);
    // A decimal multiple of 10⁻³ printed without float noise: round to the thousandth.
    let units = (units * 1000.0).round() / 1000.0;
    (units, crate::num::round_f32(units / per_px))
}

/// The scale bar's words.
pub(super) fn scale_words(units: f64) -> String {
    format!("{units} units (top view: +x right, +z down)")
}

impl Canvas {
    /// Adds the legend below the map, widening the picture if its words need it. The scale bar is the
    /// longest round length up to a quarter of the final width, so at least a tenth of it.
    pub(super) fn add_legend(&mut self, rows: &[(Key, String)]) {
        let words = rows.iter().map(|(_, t)| TEXT_X + crate::font::width(t) + PAD).max().unwrap_or(0);
        let mut w = self.w.max(words);
        let mut bar = scale_bar(self.scale, w as f32 / 4.0);
        // The bar's row must fit too; a wider picture allows a longer bar.
        for _ in 0..4 {
            let need = PAD
                + u32::saturating_from(bar.1.ceil())
                + BAR_GAP
                + crate::font::width(&scale_words(bar.0))
                + PAD;
            if need <= w {
                break;
            }
            w = need;
            bar = scale_bar(self.scale, w as f32 / 4.0);
        }
        let rows_u32 = u32::try_from(rows.len()).unwrap_or(u32::MAX);
        let h = self.h.saturating_add(2 * PAD + ROW.saturating_mul(rows_u32));
        let mut rgb: Vec<u8> = BACKGROUND.repeat(w as usize * h as usize);
        for (y, row) in self.rgb.chunks_exact(self.w as usize * 3).enumerate() {
            let at = y * w as usize * 3;
            rgb[at..at + row.len()].copy_from_slice(row);
        }
        let top = i64::from(self.h);
        (self.w, self.h, self.rgb) = (w, h, rgb);
        self.line((0.0, top as f32), (w as f32, top as f32), LEAF_LINE, 0.5);
        let height = i64::from(crate::font::HEIGHT);
        for ((key, text), y) in rows.iter().zip((top + i64::from(PAD)..).step_by(ROW as usize)) {
            let (x0, mid) = (i64::from(PAD), y + height / 2);
            let (kx, fx) = ((x0 + 4) as f32, (x0 + 31) as f32);
            let mut text_x = i64::from(TEXT_X);
            let mut words = text.clone();
            match *key {
                Key::Bar(_) => {
                    let end = x0 as f32 + bar.1;
                    for dy in -1..=0 {
                        let yy = (mid + dy) as f32;
                        self.line((x0 as f32, yy), (end, yy), LEAF_LINE, 1.0);
                    }
                    for x in [x0 as f32, end] {
                        self.line((x, (mid - 5) as f32), (x, (mid + 4) as f32), LEAF_LINE, 1.0);
                    }
                    text_x = x0 + i64::saturating_from(bar.1.ceil()) + i64::from(BAR_GAP);
                    words = scale_words(bar.0);
                }
                Key::Swatch(colour) | Key::Slope(colour) => {
                    for dy in 2..height - 2 {
                        for dx in 4..32 {
                            let hatch = matches!(key, Key::Slope(_)) && (dx + dy) % 4 == 0;
                            self.put(x0 + dx, y + dy, if hatch { shade(colour, HATCH) } else { colour }, 1.0);
                        }
                    }
                }
                Key::Wall(colour) => {
                    for dy in -2..=1 {
                        let c = if (-1..=0).contains(&dy) { colour } else { shade(colour, WALL_BORDER) };
                        self.line((kx, (mid + dy) as f32), (fx, (mid + dy) as f32), c, 1.0);
                    }
                }
                Key::Outline => {
                    self.outline((kx, (y + 2) as f32), (fx, (y + height - 3) as f32), LEAF_LINE, 0.25)
                }
                Key::Mark(shape, colour) => self.mark((x0 + 18) as f32, mid as f32, shape, colour),
                Key::CauseEdge => self.thick_line((kx, mid as f32), (fx, mid as f32), 1.0, CAUSE),
                Key::CauseNode => {
                    let (a, b) = ((kx + 6.0, (y + 2) as f32), (fx - 6.0, (y + height - 3) as f32));
                    for (p, q) in [(a, (b.0, a.1)), ((b.0, a.1), b), (b, (a.0, b.1)), ((a.0, b.1), a)] {
                        self.thick_line(p, q, 0.5, CAUSE);
                    }
                }
                Key::Region => {
                    let (a, b) = ((kx + 6.0, (y + 2) as f32), (fx - 6.0, (y + height - 3) as f32));
                    self.fill_convex(&[a, (b.0, a.1), b, (a.0, b.1)], REGION, 0.45);
                    for (p, q) in [(a, (b.0, a.1)), ((b.0, a.1), b), (b, (a.0, b.1)), ((a.0, b.1), a)] {
                        self.thick_line(p, q, 0.5, REGION);
                    }
                }
                Key::Words => text_x = x0,
                Key::Group => text_x = x0 + 16,
            }
            for (dx, dy) in crate::font::pixels(&words) {
                self.put(text_x + i64::from(dx), y + i64::from(dy), TEXT, 1.0);
            }
        }
    }
}
