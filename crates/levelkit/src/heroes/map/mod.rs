//! A top-down picture of a `.cl` file that reads at a glance: triangles filled with their surface colour
//! ([`super::flags::colour`]), the topmost surface winning where several overlap; slopes darker and
//! hatched, the steeper the darker; walls as lines 2–3 pixels wide in their colour with a dark border;
//! every leaf square of the tree outlined. With an audit: holes as rings (line casts and vertical probes)
//! or squares (moving spheres), the place each hole's cause lies at in white (the leaf edge a cast
//! stopped at, the node whose list lacks a triangle), triangles the game hangs on as cyan diamonds, and on
//! request ([`MapOptions::game_inherent`]) the game-inherent differences as yellow crosses (× for rays, +
//! for moving spheres). Every marker has a dark border, so it shows on any colour. +X points right, +Z
//! down. Below the map, a legend in a 9×15 font (`font.rs`, embedded-graphics' FONT_9X15): a scale bar at least a tenth of the
//! picture wide, each surface the file has, what each line and marker means, and the holes by cause.

use super::audit::{Audit, Cause, Difference, ProbeKind};
use super::query::GameTree;
use super::Collision;
use crate::num::SaturatingFrom;

/// Map settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MapOptions {
    /// Pixels along the longer side of the area, [`MIN_SIZE`] to [`MAX_SIZE`] (a value outside is taken
    /// as the nearer bound; the CLI refuses it).
    pub size: u32,
    /// Outline the tree's leaf squares.
    pub leaves: bool,
    /// Mark the audit's game-inherent differences (the game's own misses, which no file can fix). Off by
    /// default: they are counted in the report, and drawn they look like faults of the file.
    pub game_inherent: bool,
}

impl Default for MapOptions {
    fn default() -> Self {
        MapOptions { size: 1024, leaves: true, game_inherent: false }
    }
}

/// The smallest and largest [`MapOptions::size`].
pub const MIN_SIZE: u32 = 16;
/// See [`MIN_SIZE`].
pub const MAX_SIZE: u32 = 8192;

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
const TEXT: [u8; 3] = [235, 235, 235];
/// A marker's border.
const HALO: [u8; 3] = [0, 0, 0];
const HOLE: [u8; 3] = [255, 40, 40];
const MOVE_HOLE: [u8; 3] = [255, 70, 255];
const INHERENT: [u8; 3] = [255, 230, 0];
/// A triangle the game hangs on.
const FREEZE: [u8; 3] = [0, 230, 255];
/// Where a hole's cause lies.
const CAUSE: [u8; 3] = [255, 255, 255];

/// A triangle whose normal is within 5° of vertical is a floor: drawn in its surface's colour.
const FLOOR_NY: f32 = 0.996_195;
/// A triangle tilted 75° or more is a wall: drawn as lines.
const WALL_NY: f32 = 0.258_819;
/// How bright a slope's colour is drawn: [`SLOPE_SHADE`]`.0` at 5°, down to `.1` at 75°.
const SLOPE_SHADE: (f32, f32) = (0.70, 0.45);
/// Every fourth diagonal of a slope is darker again by this: a hatch, so slopes differ from floors by
/// pattern as well as brightness.
const HATCH: f32 = 0.7;
/// A wall line's border brightness.
const WALL_BORDER: f32 = 0.35;

/// How a triangle is drawn, from the vertical part of its unit normal (`ny`, sign ignored).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Relief {
    Floor,
    /// With the brightness its tilt gives.
    Slope(f32),
    Wall,
}

impl Relief {
    fn of(ny: f32) -> Relief {
        let ny = ny.abs();
        if ny >= FLOOR_NY {
            Relief::Floor
        } else if ny > WALL_NY {
            let tilt = libm::acosf(ny.min(1.0)).to_degrees();
            let t = ((tilt - 5.0) / 70.0).clamp(0.0, 1.0);
            Relief::Slope(SLOPE_SHADE.0 + (SLOPE_SHADE.1 - SLOPE_SHADE.0) * t)
        } else {
            Relief::Wall
        }
    }
}

fn shade(c: [u8; 3], by: f32) -> [u8; 3] {
    c.map(|x| u8::saturating_from((f32::from(x) * by).round()))
}

/// The marker shapes: each a stroke about 2 pixels wide, with a dark border.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Shape {
    /// A hole of a vertical probe or line cast.
    Ring,
    /// A hole of a moving sphere.
    Square,
    /// A game-inherent difference of a ray (×).
    Cross,
    /// A game-inherent difference of a moving sphere (+).
    Plus,
    /// A triangle the game hangs on.
    Diamond,
}

impl Shape {
    /// Distance from the offset (dx, dy) to the shape's stroke, for a shape of radius `r`.
    fn distance(self, dx: f32, dy: f32, r: f32) -> f32 {
        let (ax, ay) = (dx.abs(), dy.abs());
        match self {
            Shape::Ring => ((dx * dx + dy * dy).sqrt() - r).abs(),
            Shape::Square => {
                if ax <= r + 1.5 && ay <= r + 1.5 {
                    (ax.max(ay) - r).abs()
                } else {
                    f32::INFINITY
                }
            }
            Shape::Cross if ax.max(ay) <= r => (ax - ay).abs() * std::f32::consts::FRAC_1_SQRT_2,
            Shape::Plus if ax.max(ay) <= r => ax.min(ay),
            Shape::Diamond => (ax + ay - r).abs() * std::f32::consts::FRAC_1_SQRT_2,
            Shape::Cross | Shape::Plus => f32::INFINITY,
        }
    }
}

/// A marker's radius and half stroke, in pixels.
const MARK_R: f32 = 5.0;
const STROKE: f32 = 1.0;

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

    /// The pixels a triangle given in pixel coordinates is tested over: its bounding box grown by `grow`
    /// pixels, inside the picture, as (x range, y range), both inclusive; `None` when it misses the picture.
    fn pixel_box(&self, p: [(f32, f32); 3], grow: f32) -> Option<[[usize; 2]; 2]> {
        let minx = (p.iter().map(|q| q.0).fold(f32::INFINITY, f32::min) - grow).floor().max(0.0);
        let maxx =
            (p.iter().map(|q| q.0).fold(f32::NEG_INFINITY, f32::max) + grow).ceil().min(self.w as f32 - 1.0);
        let miny = (p.iter().map(|q| q.1).fold(f32::INFINITY, f32::min) - grow).floor().max(0.0);
        let maxy =
            (p.iter().map(|q| q.1).fold(f32::NEG_INFINITY, f32::max) + grow).ceil().min(self.h as f32 - 1.0);
        // Both ranges then lie in 0..w and 0..h (clamped above, and not NaN).
        let range = |lo: f32, hi: f32| [usize::saturating_from(lo), usize::saturating_from(hi)];
        (minx <= maxx && miny <= maxy).then(|| [range(minx, maxx), range(miny, maxy)])
    }

    /// Sets pixel `i` to `c` if `height` beats what is there.
    fn set_top(&mut self, i: usize, height: f32, c: [u8; 3]) {
        if height >= self.top[i] {
            self.top[i] = height;
            self.rgb[i * 3..i * 3 + 3].copy_from_slice(&c);
        }
    }

    /// Fills a triangle given in pixel coordinates where its height beats what is there; `hatch`: every
    /// fourth diagonal darker.
    fn triangle(&mut self, p: [(f32, f32); 3], height: f32, c: [u8; 3], hatch: bool) {
        let Some([[x0, x1], [y0, y1]]) = self.pixel_box(p, 0.0) else { return };
        let edge =
            |a: (f32, f32), b: (f32, f32), x: f32, y: f32| (b.0 - a.0) * (y - a.1) - (b.1 - a.1) * (x - a.0);
        let area = edge(p[0], p[1], p[2].0, p[2].1);
        let thin = area.abs() < 1.0;
        let dark = shade(c, HATCH);
        for y in y0..=y1 {
            for x in x0..=x1 {
                let (cx, cy) = (x as f32 + 0.5, y as f32 + 0.5);
                let inside = if thin {
                    // Slivers seen from above: draw the pixels their edges pass through.
                    (0..3).any(|k| segment_distance(p[k], p[(k + 1) % 3], cx, cy) <= 0.71)
                } else {
                    let w0 = edge(p[1], p[2], cx, cy);
                    let w1 = edge(p[2], p[0], cx, cy);
                    let w2 = edge(p[0], p[1], cx, cy);
                    (w0 >= 0.0 && w1 >= 0.0 && w2 >= 0.0) || (w0 <= 0.0 && w1 <= 0.0 && w2 <= 0.0)
                };
                if inside {
                    let colour = if hatch && (x + y) % 4 == 0 { dark } else { c };
                    self.set_top(y * self.w as usize + x, height, colour);
                }
            }
        }
    }

    /// A wall seen from above: its edges as a line about 2–3 pixels wide in `c` (every pixel centre within a
    /// pixel of an edge), with a dark border a pixel wide, where its height beats what is there.
    fn wall(&mut self, p: [(f32, f32); 3], height: f32, c: [u8; 3]) {
        let Some([[x0, x1], [y0, y1]]) = self.pixel_box(p, 2.0) else { return };
        let border = shade(c, WALL_BORDER);
        for y in y0..=y1 {
            for x in x0..=x1 {
                let (cx, cy) = (x as f32 + 0.5, y as f32 + 0.5);
                let d = (0..3)
                    .map(|k| segment_distance(p[k], p[(k + 1) % 3], cx, cy))
                    .fold(f32::INFINITY, f32::min);
                let i = y * self.w as usize + x;
                if d <= 1.0 {
                    self.set_top(i, height, c);
                } else if d <= 1.9 && self.rgb[i * 3..i * 3 + 3] != c {
                    self.set_top(i, height, border);
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

    /// A segment `half` pixels either side of its centre line in `c`, with a dark border a pixel wide.
    fn thick_line(&mut self, a: (f32, f32), b: (f32, f32), half: f32, c: [u8; 3]) {
        let reach = half + 1.0;
        let (lo_x, hi_x) = (a.0.min(b.0) - reach, a.0.max(b.0) + reach);
        let (lo_y, hi_y) = (a.1.min(b.1) - reach, a.1.max(b.1) + reach);
        let (w, h) = (self.w as f32, self.h as f32);
        if !(hi_x >= 0.0 && lo_x < w && hi_y >= 0.0 && lo_y < h) {
            return;
        }
        let (x0, x1) =
            (i64::saturating_from(lo_x.max(0.0).floor()), i64::saturating_from(hi_x.min(w).ceil()));
        let (y0, y1) =
            (i64::saturating_from(lo_y.max(0.0).floor()), i64::saturating_from(hi_y.min(h).ceil()));
        for pass in [HALO, c] {
            let limit = if pass == c { half } else { reach };
            for y in y0..=y1 {
                for x in x0..=x1 {
                    if segment_distance(a, b, x as f32 + 0.5, y as f32 + 0.5) <= limit {
                        self.put(x, y, pass, 1.0);
                    }
                }
            }
        }
    }

    /// A marker of `shape` centred on (x, y), its stroke in `c` over a dark border.
    fn mark(&mut self, x: f32, y: f32, shape: Shape, c: [u8; 3]) {
        let ri = i64::saturating_from(MARK_R.ceil()) + 3;
        let (cx, cy) = (i64::saturating_from(x.floor()), i64::saturating_from(y.floor()));
        // A marker wholly off the picture draws nothing (its centre may be as far as i64 reaches).
        let (w, h) = (i64::from(self.w), i64::from(self.h));
        if !(-ri..w + ri).contains(&cx) || !(-ri..h + ri).contains(&cy) {
            return;
        }
        for (colour, limit) in [(HALO, STROKE + 1.0), (c, STROKE)] {
            for dy in -ri..=ri {
                for dx in -ri..=ri {
                    let (px, py) = ((cx + dx) as f32 + 0.5 - x, (cy + dy) as f32 + 0.5 - y);
                    if shape.distance(px, py, MARK_R) <= limit {
                        self.put(cx + dx, cy + dy, colour, 1.0);
                    }
                }
            }
        }
    }

    /// A leaf square's outline, corners `a` and `b` in pixels.
    fn outline(&mut self, a: (f32, f32), b: (f32, f32), c: [u8; 3], alpha: f32) {
        self.line(a, (b.0, a.1), c, alpha);
        self.line((b.0, a.1), b, c, alpha);
        self.line(b, (a.0, b.1), c, alpha);
        self.line((a.0, b.1), a, c, alpha);
    }
}

/// The distance from the pixel centre (x, y) to the segment a–b.
fn segment_distance(a: (f32, f32), b: (f32, f32), x: f32, y: f32) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 { (((x - a.0) * dx + (y - a.1) * dy) / len2).clamp(0.0, 1.0) } else { 0.0 };
    let (px, py) = (a.0 + t * dx - x, a.1 + t * dy - y);
    (px * px + py * py).sqrt()
}

/// Draws the map of a file, with an audit's findings if given, and returns the PNG bytes. Fails without
/// drawing when that would pass [`MAX_PIXEL_TESTS`].
pub fn render(c: &Collision, audit: Option<&Audit>, opts: MapOptions) -> Result<Vec<u8>, MapError> {
    let (lo, hi) = super::audit::area(c);
    let span = (hi[0] - lo[0]).max(hi[2] - lo[2]).max(1e-3);
    let margin = span * 0.02;
    let size = opts.size.clamp(MIN_SIZE, MAX_SIZE);
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
        .filter_map(|(_, v)| canvas.pixel_box(v.map(|p| canvas.to_px(p[0], p[2])), 2.0))
        .map(|[[x0, x1], [y0, y1]]| (x1 - x0 + 1) as u64 * (y1 - y0 + 1) as u64)
        .sum();
    if tests > MAX_PIXEL_TESTS {
        return Err(MapError::TooManyPixels(tests));
    }
    // Floors and slopes first, walls over them: a wall's line must show beside the floor at its foot.
    let relief = |v: &[[f32; 3]; 3]| Relief::of(super::geom::normal_from_winding(v).map_or(0.0, |n| n[1]));
    for (t, v) in drawn() {
        let base = super::flags::colour(t.attribute);
        let height = v.iter().map(|p| p[1]).fold(f32::NEG_INFINITY, f32::max);
        let p = v.map(|p| canvas.to_px(p[0], p[2]));
        match relief(&v) {
            Relief::Floor => canvas.triangle(p, height, base, false),
            Relief::Slope(by) => canvas.triangle(p, height, shade(base, by), true),
            Relief::Wall => {}
        }
    }
    for (t, v) in drawn().filter(|(_, v)| relief(v) == Relief::Wall) {
        let height = v.iter().map(|p| p[1]).fold(f32::NEG_INFINITY, f32::max);
        canvas.wall(v.map(|p| canvas.to_px(p[0], p[2])), height, super::flags::colour(t.attribute));
    }
    let game = (opts.leaves || audit.is_some()).then(|| GameTree::new(c));
    if let (true, Some(g)) = (opts.leaves, &game) {
        for n in 0..g.node_count() {
            let n = u16::try_from(n).unwrap_or(u16::MAX);
            if !g.is_leaf(n) {
                continue;
            }
            let Some((center, half)) = g.node_square(n) else { continue };
            let a = canvas.to_px(center[0] - half, center[1] - half);
            let b = canvas.to_px(center[0] + half, center[1] + half);
            canvas.outline(a, b, LEAF_LINE, 0.25);
        }
    }
    if let (Some(a), Some(g)) = (audit, &game) {
        for cause in causes(a) {
            draw_cause(&mut canvas, g, cause);
        }
        if opts.game_inherent {
            for d in &a.inherent_list {
                let (px, py) = canvas_point(&canvas, d);
                canvas.mark(
                    px,
                    py,
                    if d.kind == ProbeKind::Move { Shape::Plus } else { Shape::Cross },
                    INHERENT,
                );
            }
        }
        for d in &a.hole_list {
            let (px, py) = canvas_point(&canvas, d);
            let (shape, colour) =
                if d.kind == ProbeKind::Move { (Shape::Square, MOVE_HOLE) } else { (Shape::Ring, HOLE) };
            canvas.mark(px, py, shape, colour);
        }
        for h in &a.hanging_triangles {
            let (px, py) = canvas.to_px(h.at[0], h.at[2]);
            canvas.mark(px, py, Shape::Diamond, FREEZE);
        }
    }
    let rows = legend(c, audit, opts);
    canvas.add_legend(&rows);
    Ok(crate::png::encode(canvas.w, canvas.h, crate::png::Channels::Rgb, &canvas.rgb)?)
}

/// The distinct causes of the listed holes, in order.
fn causes(a: &Audit) -> Vec<Cause> {
    let mut seen: Vec<Cause> = a.hole_list.iter().filter_map(|d| d.cause).collect();
    seen.sort_unstable();
    seen.dedup();
    seen
}

/// Where a hole's cause lies: the leaf edge a cast stopped at or crossed by a wrong link, a thick white
/// line; a node whose list lacks a triangle (or holds one off its square, or an empty inner node), its
/// square outlined in white.
fn draw_cause(canvas: &mut Canvas, g: &GameTree, cause: Cause) {
    let Some((center, half)) = cause.node().and_then(|n| g.node_square(n)) else { return };
    let (x0, x1, z0, z1) = (center[0] - half, center[0] + half, center[1] - half, center[1] + half);
    let corner = |x: f32, z: f32| canvas.to_px(x, z);
    match cause {
        Cause::MissingLink { side, .. } | Cause::WrongLink { side, .. } => {
            let (a, b) = match side {
                "+X" => (corner(x1, z0), corner(x1, z1)),
                "-X" => (corner(x0, z0), corner(x0, z1)),
                "+Z" => (corner(x0, z1), corner(x1, z1)),
                _ => (corner(x0, z0), corner(x1, z0)),
            };
            canvas.thick_line(a, b, 1.0, CAUSE);
        }
        _ => {
            let (a, b) = (corner(x0, z0), corner(x1, z1));
            for (p, q) in [(a, (b.0, a.1)), ((b.0, a.1), b), (b, (a.0, b.1)), ((a.0, b.1), a)] {
                canvas.thick_line(p, q, 0.5, CAUSE);
            }
        }
    }
}

/// What a legend row shows left of its words.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Key {
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
    /// Words only.
    Words,
    /// Words only, indented: one group of holes.
    Group,
}

/// Most surfaces the legend names one by one; the rest are counted.
const LEGEND_SURFACES: usize = 16;
/// Pixels from one legend row to the next, and the margin around the legend.
const ROW: u32 = crate::font::HEIGHT + 5;
const PAD: u32 = 8;
/// Where a row's words start, right of its key.
const TEXT_X: u32 = 48;
/// The words right of the scale bar start this far after its end.
const BAR_GAP: u32 = 10;

/// The legend's rows, top first: the scale (its length is set when the picture's width is known), the
/// surfaces drawn (in the surface table's order, unnamed attributes after), slopes and walls, the leaf
/// outlines, and with an audit each marker and the holes by cause.
fn legend(c: &Collision, audit: Option<&Audit>, opts: MapOptions) -> Vec<(Key, String)> {
    let mut rows = vec![(Key::Bar(0.0), String::new())];
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
        rows.push((Key::Words, format!("+{} more surfaces", attributes.len() - LEGEND_SURFACES)));
    }
    if let Some(&first) = attributes.first() {
        let base = super::flags::colour(first);
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
            format!("holes by cause, and the fix ({} in all):", super::audit::cause::thousands(a.holes)),
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

/// The scale bar's words.
fn scale_words(units: f64) -> String {
    format!("{units} units (top view: +x right, +z down)")
}

impl Canvas {
    /// Adds the legend below the map, widening the picture if its words need it. The scale bar is the
    /// longest round length up to a quarter of the final width, so at least a tenth of it.
    fn add_legend(&mut self, rows: &[(Key, String)]) {
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
        let mut rgb: Vec<u8> = BACKGROUND.iter().copied().cycle().take(w as usize * h as usize * 3).collect();
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
                Key::Words => text_x = x0,
                Key::Group => text_x = x0 + 16,
            }
            for (dx, dy) in crate::font::pixels(&words) {
                self.put(text_x + i64::from(dx), y + i64::from(dy), TEXT, 1.0);
            }
        }
    }
}

/// Where a finding is drawn, in pixels: seen from above, its [`Difference::point`].
fn canvas_point(canvas: &Canvas, d: &Difference) -> (f32, f32) {
    let p = d.point();
    canvas.to_px(p[0], p[2])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heroes::generate;
    use crate::psx::RgbImage;

    #[test]
    fn every_word_of_the_legend_has_its_glyphs() {
        let mut c = generate::game_correct(3, 300, 5);
        for (t, s) in c.triangles.iter_mut().zip(super::super::flags::SURFACES) {
            t.attribute = s.attribute;
        }
        let mut audit = crate::heroes::audit::audit(&c, Default::default()).unwrap();
        audit.hanging_triangles.push(crate::heroes::audit::HangingTriangle { triangle: 0, at: [0.0; 3] });
        let opts = MapOptions { game_inherent: true, ..MapOptions::default() };
        let rows = legend(&c, Some(&audit), opts);
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
        // Longer than the most it may be over 2.5, whatever the scale.
        for k in 1..2000 {
            let scale = 0.001 * 1.0073f32.powi(k);
            let (_, px) = scale_bar(scale, 256.0);
            assert!(px <= 256.0 && px > 256.0 / 2.5, "{scale}: {px}");
        }
    }

    #[test]
    fn the_legend_names_every_surface_drawn_and_the_markers() {
        let c = generate::game_correct(5, 400, 5);
        let rows = legend(&c, None, MapOptions::default());
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
        assert!(!rows.iter().any(|(k, _)| matches!(k, Key::Mark(..))), "no audit, no markers");
        assert!(matches!(rows[0].0, Key::Bar(_)));
    }

    /// A floor, a 27° ramp and a vertical wall, all "grass road", built as a small stage.
    fn floor_ramp_wall() -> Collision {
        use crate::heroes::build::{build, BuildInput, BuildOptions, BuildTriangle};
        let tan27 = libm::tanf(27f32.to_radians());
        let v: Vec<[f32; 3]> = vec![
            // floor: x 0..100, z 0..100
            [0.0, 0.0, 0.0],
            [100.0, 0.0, 0.0],
            [100.0, 0.0, 100.0],
            [0.0, 0.0, 100.0],
            // ramp: x 100..200 rising 27°, z 0..100
            [200.0, 100.0 * tan27, 0.0],
            [200.0, 100.0 * tan27, 100.0],
            // wall at x = 0, z 0..100, 50 high, facing +x
            [0.0, 50.0, 0.0],
            [0.0, 50.0, 100.0],
        ];
        // Wound so the normals point up (floor, ramp) and towards +x (wall).
        let faces = vec![[0, 3, 2], [0, 2, 1], [1, 2, 5], [1, 5, 4], [0, 6, 7], [0, 7, 3]];
        let grass_road = 0x20;
        let triangles = faces
            .into_iter()
            .map(|vertices| BuildTriangle { vertices, attribute: grass_road, group: 0 })
            .collect();
        let mesh = BuildInput { positions: v, triangles };
        build(&mesh, &BuildOptions::default()).unwrap().collision
    }

    fn pixel(img: &RgbImage, x: u32, y: u32) -> [u8; 3] {
        let i = (y * img.width + x) as usize * 3;
        [img.pixels[i], img.pixels[i + 1], img.pixels[i + 2]]
    }

    fn distance(a: [u8; 3], b: [u8; 3]) -> f32 {
        a.iter().zip(&b).map(|(&p, &q)| (f32::from(p) - f32::from(q)).powi(2)).sum::<f32>().sqrt()
    }

    /// Issue 46: the map reads at a glance. A 27° ramp differs from the floor of its colour by far more than
    /// the 12 steps it did ((104,179,66) against (110,190,70)); a wall is a line at least 2 pixels wide in
    /// its colour; the scale bar is at least a tenth of the picture wide.
    #[test]
    fn slopes_walls_and_the_scale_bar_show() {
        let c = floor_ramp_wall();
        let png = render(&c, None, MapOptions { size: 512, leaves: false, ..MapOptions::default() }).unwrap();
        let img = RgbImage::from_png(&png).unwrap();
        let colour = crate::heroes::flags::colour(0x20);
        let (lo, hi) = crate::heroes::audit::area(&c);
        let span = (hi[0] - lo[0]).max(hi[2] - lo[2]);
        let scale = span * 1.04 / 512.0;
        let px = |x: f32, z: f32| {
            (
                u32::saturating_from((x - lo[0] + span * 0.02) / scale),
                u32::saturating_from((z - lo[2] + span * 0.02) / scale),
            )
        };
        // The floor's middle is the surface's colour; the ramp's middle, away from the hatch, is far from it.
        let (fx, fy) = px(50.0, 50.0);
        assert_eq!(pixel(&img, fx, fy), colour);
        let (rx, ry) = px(150.0, 50.0);
        let ramp: Vec<[u8; 3]> = (0..4).map(|k| pixel(&img, rx + k, ry)).collect();
        assert!(
            ramp.iter().all(|&p| distance(p, colour) > 60.0),
            "ramp {ramp:?} against the floor {colour:?}"
        );
        assert!(ramp.iter().any(|&p| p != ramp[0]), "the ramp is hatched: {ramp:?}");
        // Across the wall's line at x = 0, at least two pixels in the wall's colour.
        let (wx, wy) = px(0.0, 50.0);
        let across: Vec<[u8; 3]> = (wx.saturating_sub(4)..wx + 5).map(|x| pixel(&img, x, wy)).collect();
        assert!(across.iter().filter(|&&p| p == colour).count() >= 2, "{across:?}");
        assert!(
            across.iter().any(|&p| p == shade(colour, WALL_BORDER)),
            "the wall has a dark border: {across:?}"
        );
        // The scale bar: the longest run of the bar's colour on one legend row.
        let longest = (img.height - 200..img.height)
            .map(|y| {
                let mut run = (0, 0);
                for x in 0..img.width {
                    run.0 = if pixel(&img, x, y) == LEAF_LINE { run.0 + 1 } else { 0 };
                    run.1 = run.1.max(run.0);
                }
                run.1
            })
            .max()
            .unwrap();
        assert!(longest * 10 >= img.width, "scale bar {longest} px of {}", img.width);
    }

    /// Markers differ by shape: a hole's ring is hollow, a moving sphere's square fills its corners' ring
    /// gap, the game-inherent cross crosses its centre; each has a dark border. Game-inherent differences
    /// are drawn only when asked for.
    #[test]
    fn markers_differ_by_shape_and_game_inherent_ones_only_on_request() {
        let mut canvas = Canvas {
            w: 40,
            h: 20,
            rgb: vec![128; 40 * 20 * 3],
            top: vec![0.0; 800],
            origin: [0.0; 2],
            scale: 1.0,
        };
        canvas.mark(10.0, 10.0, Shape::Ring, HOLE);
        canvas.mark(30.0, 10.0, Shape::Square, MOVE_HOLE);
        let img = RgbImage { width: 40, height: 20, pixels: canvas.rgb.clone() };
        // Ring: the centre untouched, the corner of its box too; square: the corner drawn.
        assert_eq!(pixel(&img, 10, 10), [128; 3]);
        assert_ne!(pixel(&img, 35, 5), [128; 3]);
        assert_ne!(pixel(&img, 15, 5), MOVE_HOLE);
        assert!(img.pixels.chunks_exact(3).any(|p| p == HALO));
        let mut cross =
            Canvas { w: 20, h: 20, rgb: vec![128; 1200], top: vec![0.0; 400], origin: [0.0; 2], scale: 1.0 };
        cross.mark(10.0, 10.0, Shape::Cross, INHERENT);
        assert_eq!(cross.rgb[(10 * 20 + 10) * 3..(10 * 20 + 10) * 3 + 3], INHERENT);

        let c = generate::odd(3, 2000, 8, &generate::Style::community());
        let a = crate::heroes::audit::audit(&c, crate::heroes::audit::AuditOptions { probes: 500, seed: 2 })
            .unwrap();
        assert!(!a.inherent_list.is_empty() && !a.hole_list.is_empty());
        let count = |opts: MapOptions| {
            let img = RgbImage::from_png(&render(&c, Some(&a), opts).unwrap()).unwrap();
            img.pixels.chunks_exact(3).filter(|p| *p == INHERENT).count()
        };
        let plain = MapOptions { size: 256, ..MapOptions::default() };
        assert_eq!(count(plain), 0, "game-inherent differences drawn without being asked for");
        assert!(count(MapOptions { game_inherent: true, ..plain }) > 0);
    }
}
