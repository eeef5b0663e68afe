//! A top-down picture of a `.cl` file that reads at a glance: triangles filled with their surface colour
//! ([`crate::heroes::flags::colour`]), the topmost surface winning where several overlap; slopes darker and
//! hatched, the steeper the darker; walls as lines 2–3 pixels wide in their colour with a dark border;
//! every leaf square of the tree outlined. With an audit: holes as rings (line casts and vertical probes)
//! or squares (moving spheres), the place each hole's cause lies at in white (the leaf edge a cast
//! stopped at, the node whose list lacks a triangle), triangles the game hangs on as cyan diamonds, and on
//! request ([`MapOptions::game_inherent`]) the game-inherent differences as yellow crosses (× for rays, +
//! for moving spheres). Every marker has a dark border, so it shows on any colour. +X points right, +Z
//! down. Below the map, a legend in a 9×15 font (`font.rs`, embedded-graphics' FONT_9X15): a scale bar at least a tenth of the
//! picture wide, each surface the file has, what each line and marker means, and the holes by cause.

use crate::heroes::audit::{Audit, Cause, Difference, HoleRegion, ProbeKind};
use crate::heroes::query::GameTree;
use crate::heroes::Collision;
use crate::num::SaturatingFrom;

mod canvas;
mod legend;

use canvas::*;
use legend::*;

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
#[non_exhaustive]
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
/// Certified hole regions: orange, apart from the surfaces' colours and the markers'.
const REGION: [u8; 3] = [255, 150, 30];

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

/// A drawn map: `width` × `height` pixels, three bytes (red, green, blue) each, row by row from the top.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct MapImage {
    /// Pixels across.
    pub width: u32,
    /// Pixels down, the legend's rows included.
    pub height: u32,
    /// The pixels, `width × height × 3` bytes.
    pub rgb: Vec<u8>,
}

/// Draws the map of a file, with an audit's findings if given, and returns the PNG bytes. Fails without
/// drawing when that would pass [`MAX_PIXEL_TESTS`].
pub fn render(c: &Collision, audit: Option<&Audit>, opts: MapOptions) -> Result<Vec<u8>, MapError> {
    let image = draw(c, audit, opts)?;
    Ok(crate::png::encode(image.width, image.height, crate::png::Channels::Rgb, &image.rgb)?)
}

/// Draws the map as [`render`] does and returns its pixels, not yet a PNG.
pub fn draw(c: &Collision, audit: Option<&Audit>, opts: MapOptions) -> Result<MapImage, MapError> {
    let (lo, hi) = crate::heroes::audit::area(c);
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
        rgb: BACKGROUND.repeat(w as usize * h as usize),
        top: vec![f32::NEG_INFINITY; w as usize * h as usize],
        origin: [lo[0] - margin, lo[2] - margin],
        scale,
    };
    // The triangles that can be drawn, with their corners.
    let drawn = || {
        c.triangles.iter().filter_map(|t| {
            let v = crate::heroes::geom::triangle_points(&c.vertices, &t.vertices)?;
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
    let relief =
        |v: &[[f32; 3]; 3]| Relief::of(crate::heroes::geom::normal_from_winding(v).map_or(0.0, |n| n[1]));
    for (t, v) in drawn() {
        let base = crate::heroes::flags::colour(t.attribute);
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
        canvas.wall(v.map(|p| canvas.to_px(p[0], p[2])), height, crate::heroes::flags::colour(t.attribute));
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
        // The regions under the sampled holes' causes: white marks where the sample met one.
        for region in &a.regions.confirmed {
            draw_region(&mut canvas, region);
        }
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
    Ok(MapImage { width: canvas.w, height: canvas.h, rgb: canvas.rgb })
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

/// A certified hole region: each convex piece filled and outlined in orange (a side's segment or a wall's trace as a
/// thick line); a moving sphere's region also by its box grown by the radius, in a thin line.
fn draw_region(canvas: &mut Canvas, region: &HoleRegion) {
    for piece in &region.pieces {
        let p: Vec<(f32, f32)> = piece.iter().map(|q| canvas.to_px(q[0], q[1])).collect();
        match p.len() {
            0 => {}
            1 => canvas.thick_line(p[0], p[0], 1.0, REGION),
            2 => canvas.thick_line(p[0], p[1], 0.5, REGION),
            n => {
                canvas.fill_convex(&p, REGION, 0.45);
                for i in 0..n {
                    canvas.thick_line(p[i], p[(i + 1) % n], 0.5, REGION);
                }
            }
        }
    }
    if region.radius > 0.0 {
        let (lo, hi) = region.extent;
        canvas.outline(canvas.to_px(lo[0], lo[1]), canvas.to_px(hi[0], hi[1]), REGION, 0.6);
    }
}

/// Where a finding is drawn, in pixels: seen from above, its [`Difference::point`].
fn canvas_point(canvas: &Canvas, d: &Difference) -> (f32, f32) {
    let p = d.point();
    canvas.to_px(p[0], p[2])
}

#[cfg(test)]
mod tests;
