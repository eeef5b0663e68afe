//! A top-down picture of a `.cl` file: triangles filled with their surface colour
//! ([`super::flags::colour`]), the topmost surface winning where several overlap, walls and slopes shaded
//! darker; every leaf square of the tree outlined; audit findings marked (holes as red rings, magenta for
//! moving spheres; game-inherent differences as small yellow crosses, orange for moving spheres; triangles
//! the game hangs on as cyan rings with a cross). +X points right, +Z points down. Below the map, a legend:
//! a scale bar, each surface the file has with its colour, and what each line and marker drawn means.

use super::audit::{Audit, Difference, ProbeKind};
use super::query::GameTree;
use super::Collision;
use crate::num::SaturatingFrom;

/// Map settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MapOptions {
    /// Pixels along the longer side of the area.
    pub size: u32,
    /// Outline the tree's leaf squares.
    pub leaves: bool,
}

impl Default for MapOptions {
    fn default() -> Self {
        MapOptions { size: 1024, leaves: true }
    }
}

/// The most pixel tests a map makes: the pixels of every triangle's bounding box, summed. About a billion
/// (a few seconds); the generated 65,000-triangle stage needs 135 million drawn 8192 pixels across and
/// 3.6 million drawn 1024 across (measured 2026-12-03). Triangles far larger than the picture's detail,
/// stacked by the thousand, would need hours, and are refused instead.
pub const MAX_PIXEL_TESTS: u64 = 1 << 30;

/// Why a map cannot be drawn.
#[derive(Debug, thiserror::Error)]
pub enum MapError {
    /// Drawing would pass [`MAX_PIXEL_TESTS`].
    #[error(
        "the triangles' bounding boxes cover {0} pixels in all, more than levelkit tests ({MAX_PIXEL_TESTS}): \
         large triangles stacked many times over; a smaller size tests fewer"
    )]
    TooManyPixels(u64),
    /// The PNG encoder failed.
    #[error(transparent)]
    Png(#[from] png::EncodingError),
}

const BACKGROUND: [u8; 3] = [24, 24, 28];
const LEAF_LINE: [u8; 3] = [250, 250, 250];
const HOLE: [u8; 3] = [255, 30, 30];
const INHERENT: [u8; 3] = [255, 220, 0];
const MOVE_HOLE: [u8; 3] = [255, 40, 255];
/// A triangle the game hangs on: a cyan ring with a cross.
const FREEZE: [u8; 3] = [0, 230, 255];
const MOVE_INHERENT: [u8; 3] = [255, 140, 0];

/// How bright a wall's colour is drawn (a floor's is 1, a slope's between).
const WALL_SHADE: f32 = 0.45;

/// An RGB picture with a height buffer.
struct Canvas {
    w: u32,
    h: u32,
    rgb: Vec<u8>,
    top: Vec<f32>,
    /// World X/Z of pixel (0, 0)'s corner, and world units per pixel.
    origin: [f32; 2],
    scale: f32,
}

impl Canvas {
    fn to_px(&self, x: f32, z: f32) -> (f32, f32) {
        ((x - self.origin[0]) / self.scale, (z - self.origin[1]) / self.scale)
    }

    fn put(&mut self, x: i64, y: i64, c: [u8; 3], alpha: f32) {
        let (Ok(x), Ok(y)) = (u32::try_from(x), u32::try_from(y)) else { return };
        if x >= self.w || y >= self.h {
            return;
        }
        let i = (y as usize * self.w as usize + x as usize) * 3;
        for (px, &ck) in self.rgb[i..i + 3].iter_mut().zip(&c) {
            let old = f32::from(*px);
            *px = u8::saturating_from((old + (f32::from(ck) - old) * alpha).round());
        }
    }

    /// The pixels a triangle given in pixel coordinates is tested over: its bounding box inside the
    /// picture, as (x range, y range), both inclusive; `None` when it misses the picture.
    fn pixel_box(&self, p: [(f32, f32); 3]) -> Option<[[usize; 2]; 2]> {
        let minx = p.iter().map(|q| q.0).fold(f32::INFINITY, f32::min).floor().max(0.0);
        let maxx = p.iter().map(|q| q.0).fold(f32::NEG_INFINITY, f32::max).ceil().min(self.w as f32 - 1.0);
        let miny = p.iter().map(|q| q.1).fold(f32::INFINITY, f32::min).floor().max(0.0);
        let maxy = p.iter().map(|q| q.1).fold(f32::NEG_INFINITY, f32::max).ceil().min(self.h as f32 - 1.0);
        // Both ranges then lie in 0..w and 0..h (clamped above, and not NaN).
        let range = |lo: f32, hi: f32| [usize::saturating_from(lo), usize::saturating_from(hi)];
        (minx <= maxx && miny <= maxy).then(|| [range(minx, maxx), range(miny, maxy)])
    }

    /// Fills a triangle given in pixel coordinates where its height beats what is there.
    fn triangle(&mut self, p: [(f32, f32); 3], height: f32, c: [u8; 3]) {
        let Some([[x0, x1], [y0, y1]]) = self.pixel_box(p) else { return };
        let edge =
            |a: (f32, f32), b: (f32, f32), x: f32, y: f32| (b.0 - a.0) * (y - a.1) - (b.1 - a.1) * (x - a.0);
        let area = edge(p[0], p[1], p[2].0, p[2].1);
        let thin = area.abs() < 1.0;
        for y in y0..=y1 {
            for x in x0..=x1 {
                let (cx, cy) = (x as f32 + 0.5, y as f32 + 0.5);
                let inside = if thin {
                    // Walls seen from above are slivers: draw the pixels their edges pass through.
                    (0..3).any(|k| segment_near(p[k], p[(k + 1) % 3], cx, cy))
                } else {
                    let w0 = edge(p[1], p[2], cx, cy);
                    let w1 = edge(p[2], p[0], cx, cy);
                    let w2 = edge(p[0], p[1], cx, cy);
                    (w0 >= 0.0 && w1 >= 0.0 && w2 >= 0.0) || (w0 <= 0.0 && w1 <= 0.0 && w2 <= 0.0)
                };
                if inside {
                    let i = y * self.w as usize + x;
                    if height >= self.top[i] {
                        self.top[i] = height;
                        self.rgb[i * 3..i * 3 + 3].copy_from_slice(&c);
                    }
                }
            }
        }
    }

    fn line(&mut self, a: (f32, f32), b: (f32, f32), c: [u8; 3], alpha: f32) {
        let steps = i64::saturating_from((b.0 - a.0).abs().max((b.1 - a.1).abs()).ceil()).clamp(1, 1 << 16);
        for s in 0..=steps {
            let t = s as f32 / steps as f32;
            self.put(
                i64::saturating_from(a.0 + (b.0 - a.0) * t),
                i64::saturating_from(a.1 + (b.1 - a.1) * t),
                c,
                alpha,
            );
        }
    }

    fn ring(&mut self, x: f32, y: f32, r: f32, c: [u8; 3]) {
        let ri = i64::saturating_from(r.ceil()) + 1;
        let (x, y) = (i64::saturating_from(x), i64::saturating_from(y));
        // A marker wholly off the picture draws nothing (its centre may be as far as i64 reaches).
        let (w, h) = (i64::from(self.w), i64::from(self.h));
        if !(-ri..w + ri).contains(&x) || !(-ri..h + ri).contains(&y) {
            return;
        }
        for dy in -ri..=ri {
            for dx in -ri..=ri {
                let d = ((dx * dx + dy * dy) as f32).sqrt();
                if (d - r).abs() <= 1.0 {
                    self.put(x + dx, y + dy, c, 1.0);
                } else if d < r - 1.0 {
                    self.put(x + dx, y + dy, c, 0.35);
                }
            }
        }
    }

    /// A leaf square's outline, corners `a` and `b` in pixels.
    fn outline(&mut self, a: (f32, f32), b: (f32, f32)) {
        self.line(a, (b.0, a.1), LEAF_LINE, 0.25);
        self.line((b.0, a.1), b, LEAF_LINE, 0.25);
        self.line(b, (a.0, b.1), LEAF_LINE, 0.25);
        self.line((a.0, b.1), a, LEAF_LINE, 0.25);
    }

    fn cross(&mut self, x: f32, y: f32, r: f32, c: [u8; 3]) {
        self.line((x - r, y - r), (x + r, y + r), c, 1.0);
        self.line((x - r, y + r), (x + r, y - r), c, 1.0);
    }
}

/// Whether the pixel centre (x, y) is within half a pixel of the segment a–b.
fn segment_near(a: (f32, f32), b: (f32, f32), x: f32, y: f32) -> bool {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 { (((x - a.0) * dx + (y - a.1) * dy) / len2).clamp(0.0, 1.0) } else { 0.0 };
    let (px, py) = (a.0 + t * dx - x, a.1 + t * dy - y);
    px * px + py * py <= 0.5
}

/// Draws the map of a file, with an audit's findings if given, and returns the PNG bytes. Fails without
/// drawing when that would pass [`MAX_PIXEL_TESTS`].
pub fn render(c: &Collision, audit: Option<&Audit>, opts: MapOptions) -> Result<Vec<u8>, MapError> {
    let (lo, hi) = super::audit::area(c);
    let span = (hi[0] - lo[0]).max(hi[2] - lo[2]).max(1e-3);
    let margin = span * 0.02;
    let size = opts.size.clamp(16, 8192);
    let scale = (span + 2.0 * margin) / size as f32;
    // An area that is not finite (NaN or infinite corners) draws on the smallest canvas, not on none.
    let pixels = |extent: f32| {
        let p = ((extent + 2.0 * margin) / scale).ceil();
        u32::saturating_from(if p.is_nan() { 16.0 } else { p.clamp(16.0, 8192.0) })
    };
    let (w, h) = (pixels(hi[0] - lo[0]), pixels(hi[2] - lo[2]));
    let mut canvas = Canvas {
        w,
        h,
        rgb: BACKGROUND.iter().copied().cycle().take(w as usize * h as usize * 3).collect(),
        top: vec![f32::NEG_INFINITY; w as usize * h as usize],
        origin: [lo[0] - margin, lo[2] - margin],
        scale,
    };
    // The triangles that can be drawn, with their corners.
    let drawn = || {
        c.triangles.iter().filter_map(|t| {
            let v = super::geom::triangle_points(&c.vertices, &t.vertices)?;
            v.iter().flatten().all(|x| x.is_finite()).then_some((t, v))
        })
    };
    let tests: u64 = drawn()
        .filter_map(|(_, v)| canvas.pixel_box(v.map(|p| canvas.to_px(p[0], p[2]))))
        .map(|[[x0, x1], [y0, y1]]| (x1 - x0 + 1) as u64 * (y1 - y0 + 1) as u64)
        .sum();
    if tests > MAX_PIXEL_TESTS {
        return Err(MapError::TooManyPixels(tests));
    }
    for (t, v) in drawn() {
        let base = super::flags::colour(t.attribute);
        // Floors keep their colour; slopes and walls darken with the normal's tilt.
        let ny = super::geom::normal_from_winding(&v).map_or(0.0, |n| n[1].abs());
        let shade = WALL_SHADE + (1.0 - WALL_SHADE) * ny;
        let col = base.map(|x| u8::saturating_from((f32::from(x) * shade).round()));
        let height = v.iter().map(|p| p[1]).fold(f32::NEG_INFINITY, f32::max);
        let p = v.map(|p| canvas.to_px(p[0], p[2]));
        canvas.triangle(p, height, col);
    }
    if opts.leaves {
        let g = GameTree::new(c);
        for n in 0..g.node_count() {
            let n = u16::try_from(n).unwrap_or(u16::MAX);
            if !g.is_leaf(n) {
                continue;
            }
            let Some((center, half)) = g.node_square(n) else { continue };
            let a = canvas.to_px(center[0] - half, center[1] - half);
            let b = canvas.to_px(center[0] + half, center[1] + half);
            canvas.outline(a, b);
        }
    }
    if let Some(a) = audit {
        let mark = |d: &Difference| canvas_point(d);
        for d in &a.inherent_list {
            let (x, z) = mark(d);
            let (px, py) = canvas.to_px(x, z);
            canvas.cross(px, py, 2.0, if d.kind == ProbeKind::Move { MOVE_INHERENT } else { INHERENT });
        }
        for d in &a.hole_list {
            let (x, z) = mark(d);
            let (px, py) = canvas.to_px(x, z);
            canvas.ring(px, py, 4.0, if d.kind == ProbeKind::Move { MOVE_HOLE } else { HOLE });
        }
        for h in &a.hanging_triangles {
            let (px, py) = canvas.to_px(h.at[0], h.at[2]);
            canvas.ring(px, py, 6.0, FREEZE);
            canvas.cross(px, py, 6.0, FREEZE);
        }
    }
    let rows = legend(c, audit, opts, scale);
    canvas.add_legend(&rows);
    Ok(crate::png::encode(canvas.w, canvas.h, crate::png::Channels::Rgb, &canvas.rgb)?)
}

/// What a legend row shows left of its words.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Key {
    /// A bar this many pixels long: the scale.
    Bar(f32),
    /// A filled square of a surface colour.
    Swatch([u8; 3]),
    /// A leaf square's outline.
    Outline,
    /// A hole's ring.
    Ring([u8; 3]),
    /// A difference's cross.
    Cross([u8; 3]),
    /// A triangle the game hangs on: a ring with a cross.
    Freeze,
}

/// Most surfaces the legend names one by one; the rest are counted.
const LEGEND_SURFACES: usize = 16;
/// Pixels from one legend row to the next, and the margin around the legend.
const ROW: u32 = 11;
const PAD: u32 = 4;
/// Where a row's words start, right of its key.
const TEXT_X: u32 = 34;

/// The legend's rows, top first: the scale (the longest round length, 1, 2 or 5 × 10ⁿ units, whose bar fits
/// the keys' column), the surfaces drawn (in the surface table's order, unnamed attributes after),
/// the leaf outlines, and the audit's markers when an audit is drawn.
fn legend(c: &Collision, audit: Option<&Audit>, opts: MapOptions, scale: f32) -> Vec<(Key, String)> {
    let mut rows = Vec::new();
    let (units, px) = scale_bar(scale, 24.0);
    rows.push((Key::Bar(px), format!("{units} units (top view: +x right, +z down)")));
    let mut attributes: Vec<u32> = c.triangles.iter().map(|t| t.attribute).collect();
    let order = |a: &u32| {
        let known = super::flags::SURFACES.iter().position(|s| s.attribute == *a);
        (known.unwrap_or(usize::MAX), *a)
    };
    attributes.sort_by_key(order);
    attributes.dedup();
    for &a in attributes.iter().take(LEGEND_SURFACES) {
        let name = super::flags::surface(a)
            .map_or_else(|| format!("attribute {}", super::flags::hex(a)), |s| s.label.into());
        rows.push((Key::Swatch(super::flags::colour(a)), name));
    }
    if attributes.len() > LEGEND_SURFACES {
        rows.push((
            Key::Swatch(BACKGROUND),
            format!("+{} more surfaces", attributes.len() - LEGEND_SURFACES),
        ));
    }
    if let Some(&first) = attributes.first() {
        let wall =
            super::flags::colour(first).map(|x| u8::saturating_from((f32::from(x) * WALL_SHADE).round()));
        rows.push((Key::Swatch(wall), "darker: slopes and walls (the steeper, the darker)".into()));
    }
    if opts.leaves {
        rows.push((Key::Outline, "leaf square of the tree".into()));
    }
    if audit.is_some() {
        rows.push((Key::Ring(HOLE), "hole: a probe falls through (down, line)".into()));
        rows.push((Key::Ring(MOVE_HOLE), "hole: a moving sphere passes through".into()));
        rows.push((Key::Cross(INHERENT), "game-inherent: the game's own rules miss here".into()));
        rows.push((Key::Cross(MOVE_INHERENT), "the same, for a moving sphere".into()));
    }
    if audit.is_some_and(|a| !a.hanging_triangles.is_empty()) {
        rows.push((Key::Freeze, "a triangle the game hangs on when a sphere comes near".into()));
    }
    rows
}

/// The scale bar for `scale` world units a pixel: the longest of 1, 2, 5 × 10ⁿ units whose bar stays
/// within `max_px` pixels (at least a pixel long), and that bar's length in pixels.
fn scale_bar(scale: f32, max_px: f32) -> (f64, f32) {
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

impl Canvas {
    /// Adds the legend below the map, widening the picture if its words need it.
    fn add_legend(&mut self, rows: &[(Key, String)]) {
        let words = rows.iter().map(|(_, t)| crate::font::width(t)).max().unwrap_or(0);
        let w = self.w.max(TEXT_X + words + PAD);
        let rows_u32 = u32::try_from(rows.len()).unwrap_or(u32::MAX);
        let h = self.h.saturating_add(2 * PAD + ROW.saturating_mul(rows_u32));
        let mut rgb: Vec<u8> = BACKGROUND.iter().copied().cycle().take(w as usize * h as usize * 3).collect();
        for (y, row) in self.rgb.chunks_exact(self.w as usize * 3).enumerate() {
            let at = y * w as usize * 3;
            rgb[at..at + row.len()].copy_from_slice(row);
        }
        let top = i64::from(self.h);
        (self.w, self.h, self.rgb) = (w, h, rgb);
        self.line((0.0, top as f32), (w as f32, top as f32), LEAF_LINE, 0.5);
        for ((key, text), y) in rows.iter().zip((top + i64::from(PAD) + 1..).step_by(ROW as usize)) {
            let (x0, mid) = (i64::from(PAD), y + 3);
            match *key {
                Key::Bar(px) => {
                    let end = PAD as f32 + px;
                    self.line((x0 as f32, mid as f32), (end, mid as f32), LEAF_LINE, 1.0);
                    for x in [x0 as f32, end] {
                        self.line((x, (mid - 3) as f32), (x, (mid + 3) as f32), LEAF_LINE, 1.0);
                    }
                }
                Key::Swatch(colour) => {
                    for dy in 0..7 {
                        for dx in 0..20 {
                            self.put(x0 + 4 + dx, y + dy, colour, 1.0);
                        }
                    }
                }
                Key::Outline => self.outline((x0 as f32 + 4.0, y as f32), (x0 as f32 + 23.0, (y + 6) as f32)),
                Key::Ring(colour) => self.ring((x0 + 14) as f32, mid as f32, 4.0, colour),
                Key::Cross(colour) => self.cross((x0 + 14) as f32, mid as f32, 2.0, colour),
                Key::Freeze => {
                    self.ring((x0 + 14) as f32, mid as f32, 4.0, FREEZE);
                    self.cross((x0 + 14) as f32, mid as f32, 4.0, FREEZE);
                }
            }
            for (dx, dy) in crate::font::pixels(text) {
                self.put(i64::from(TEXT_X + dx), y + i64::from(dy), [235, 235, 235], 1.0);
            }
        }
    }
}

/// Where a finding is drawn: seen from above, its [`Difference::point`].
fn canvas_point(d: &Difference) -> (f32, f32) {
    let p = d.point();
    (p[0], p[2])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heroes::generate;

    #[test]
    fn every_word_of_the_legend_has_its_glyphs() {
        let mut c = generate::game_correct(3, 300, 5);
        for (t, s) in c.triangles.iter_mut().zip(super::super::flags::SURFACES) {
            t.attribute = s.attribute;
        }
        let mut audit = crate::heroes::audit::audit(&c, Default::default()).unwrap();
        audit.hanging_triangles.push(crate::heroes::audit::HangingTriangle { triangle: 0, at: [0.0; 3] });
        let rows = legend(&c, Some(&audit), MapOptions::default(), 3.7);
        assert!(rows.len() > 8, "{rows:?}");
        for (_, text) in rows {
            assert!(crate::font::covers(&text), "{text:?} has a character the font lacks");
        }
    }

    #[test]
    fn the_scale_bar_is_the_longest_round_length_that_fits() {
        // (units a pixel, longest bar) → (units, pixels)
        assert_eq!(scale_bar(1.0, 24.0), (20.0, 20.0));
        assert_eq!(scale_bar(0.3, 24.0).0, 5.0);
        assert_eq!(scale_bar(40.0, 24.0), (500.0, 12.5));
        assert_eq!(scale_bar(0.004, 24.0).0, 0.05);
    }

    #[test]
    fn the_legend_names_every_surface_drawn_and_the_markers() {
        let c = generate::game_correct(5, 400, 5);
        let rows = legend(&c, None, MapOptions::default(), 1.0);
        let mut attributes: Vec<u32> = c.triangles.iter().map(|t| t.attribute).collect();
        attributes.sort_unstable();
        attributes.dedup();
        assert!(attributes.len() > 2, "{attributes:x?}");
        for a in attributes {
            let label = crate::heroes::flags::surface(a).map(|s| s.label).unwrap();
            assert!(rows
                .iter()
                .any(|(k, t)| t == label && *k == Key::Swatch(crate::heroes::flags::colour(a))));
        }
        assert!(rows.iter().any(|(k, _)| *k == Key::Outline));
        assert!(!rows.iter().any(|(k, _)| matches!(k, Key::Ring(_) | Key::Cross(_))), "no audit, no markers");
        assert!(matches!(rows[0], (Key::Bar(_), ref t) if t == "20 units (top view: +x right, +z down)"));
    }
}
