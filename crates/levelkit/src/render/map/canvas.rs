//! The map's canvas: an RGB picture with a height buffer, the relief a triangle is drawn with, and the
//! marker shapes.

use super::*;

/// How a triangle is drawn, from the vertical part of its unit normal (`ny`, sign ignored).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Relief {
    Floor,
    /// With the brightness its tilt gives.
    Slope(f32),
    Wall,
}

impl Relief {
    pub(super) fn of(ny: f32) -> Relief {
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

pub(super) fn shade(c: [u8; 3], by: f32) -> [u8; 3] {
    c.map(|x| u8::saturating_from((f32::from(x) * by).round()))
}

/// The marker shapes: each a stroke about 2 pixels wide, with a dark border.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Shape {
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
    pub(super) fn distance(self, dx: f32, dy: f32, r: f32) -> f32 {
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
pub(super) const MARK_R: f32 = 5.0;
pub(super) const STROKE: f32 = 1.0;

/// An RGB picture with a height buffer.
pub(super) struct Canvas {
    pub(super) w: u32,
    pub(super) h: u32,
    pub(super) rgb: Vec<u8>,
    pub(super) top: Vec<f32>,
    /// World X/Z of pixel (0, 0)'s corner, and world units per pixel.
    pub(super) origin: [f32; 2],
    pub(super) scale: f32,
}

impl Canvas {
    pub(super) fn to_px(&self, x: f32, z: f32) -> (f32, f32) {
        ((x - self.origin[0]) / self.scale, (z - self.origin[1]) / self.scale)
    }

    pub(super) fn put(&mut self, x: i64, y: i64, c: [u8; 3], alpha: f32) {
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
    pub(super) fn pixel_box(&self, p: [(f32, f32); 3], grow: f32) -> Option<[[usize; 2]; 2]> {
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

    /// Blends `c` over the pixels whose centres lie in the convex polygon `p` (pixel coordinates, either
    /// winding), at `alpha`.
    pub(super) fn fill_convex(&mut self, p: &[(f32, f32)], c: [u8; 3], alpha: f32) {
        let (Some(&a), Some(&b), Some(&d)) = (p.first(), p.get(1), p.get(2)) else { return };
        let Some([[x0, x1], [y0, y1]]) = self.pixel_box([a, b, d], 0.0).and_then(|_| {
            let lo = p.iter().fold((f32::INFINITY, f32::INFINITY), |m, q| (m.0.min(q.0), m.1.min(q.1)));
            let hi =
                p.iter().fold((f32::NEG_INFINITY, f32::NEG_INFINITY), |m, q| (m.0.max(q.0), m.1.max(q.1)));
            self.pixel_box([lo, hi, lo], 0.0)
        }) else {
            return;
        };
        let turn: f32 = (0..p.len())
            .map(|i| {
                let (q, r) = (p[i], p[(i + 1) % p.len()]);
                q.0 * r.1 - r.0 * q.1
            })
            .sum();
        for y in y0..=y1 {
            for x in x0..=x1 {
                let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
                let inside = (0..p.len()).all(|i| {
                    let (q, r) = (p[i], p[(i + 1) % p.len()]);
                    turn * ((r.0 - q.0) * (py - q.1) - (r.1 - q.1) * (px - q.0)) >= 0.0
                });
                if inside {
                    self.put(x as i64, y as i64, c, alpha);
                }
            }
        }
    }

    /// Sets pixel `i` to `c` if `height` beats what is there.
    pub(super) fn set_top(&mut self, i: usize, height: f32, c: [u8; 3]) {
        if height >= self.top[i] {
            self.top[i] = height;
            self.rgb[i * 3..i * 3 + 3].copy_from_slice(&c);
        }
    }

    /// Fills a triangle given in pixel coordinates where its height beats what is there; `hatch`: every
    /// fourth diagonal darker.
    pub(super) fn triangle(&mut self, p: [(f32, f32); 3], height: f32, c: [u8; 3], hatch: bool) {
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
    pub(super) fn wall(&mut self, p: [(f32, f32); 3], height: f32, c: [u8; 3]) {
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

    /// A line of `steps + 1` samples from `a` to `b` (a step at most a pixel, at most 2^16 steps), each
    /// blended into the pixel it falls in.
    pub(super) fn line(&mut self, a: (f32, f32), b: (f32, f32), c: [u8; 3], alpha: f32) {
        let steps = i64::saturating_from((b.0 - a.0).abs().max((b.1 - a.1).abs()).ceil()).clamp(1, 1 << 16);
        let sample = |s: i64| {
            let t = s as f32 / steps as f32;
            (i64::saturating_from(a.0 + (b.0 - a.0) * t), i64::saturating_from(a.1 + (b.1 - a.1) * t))
        };
        let (first, last) = self.samples_inside(a, b, steps, &sample);
        for s in first..=last {
            let (x, y) = sample(s);
            self.put(x, y, c, alpha);
        }
    }

    /// The first and last of a line's samples `0..=steps` that can fall inside the picture: the same
    /// samples as all of them, fewer when the line runs far outside (a leaf's outline on a small map can
    /// be 2^16 samples long). With finite coordinates and differences, each sample's pixel on each axis
    /// is monotone in `s` (every operation in `sample` is correctly rounded, so monotone, and truncation
    /// is too), so the samples inside are one run, found by bisection; otherwise all of them.
    fn samples_inside(
        &self,
        a: (f32, f32),
        b: (f32, f32),
        steps: i64,
        sample: &dyn Fn(i64) -> (i64, i64),
    ) -> (i64, i64) {
        let finite = [a.0, a.1, b.0, b.1, b.0 - a.0, b.1 - a.1].iter().all(|v| v.is_finite());
        if !finite {
            return (0, steps);
        }
        let inside =
            |(x, y): (i64, i64)| (0..i64::from(self.w)).contains(&x) && (0..i64::from(self.h)).contains(&y);
        let (start, end) = (sample(0), sample(steps));
        // Both ends inside, so is every sample between them: no search (most lines of a map).
        if inside(start) && inside(end) {
            return (0, steps);
        }
        let (mut first, mut last) = (0, steps);
        for (axis, size) in [self.w, self.h].into_iter().enumerate() {
            let pixel = |s: i64| {
                let (x, y) = sample(s);
                if axis == 0 {
                    x
                } else {
                    y
                }
            };
            let rising = if axis == 0 { start.0 <= end.0 } else { start.1 <= end.1 };
            // Past the picture's low side, then inside, then past its high side, in the line's direction.
            let below = |s: i64| pixel(s) < 0;
            let above = |s: i64| pixel(s) >= i64::from(size);
            let (before, after): (&dyn Fn(i64) -> bool, &dyn Fn(i64) -> bool) =
                if rising { (&below, &above) } else { (&above, &below) };
            first = first.max(first_where(0, steps, &|s| !before(s)));
            last = last.min(first_where(0, steps, after) - 1);
        }
        (first, last)
    }

    /// A segment `half` pixels either side of its centre line in `c`, with a dark border a pixel wide.
    pub(super) fn thick_line(&mut self, a: (f32, f32), b: (f32, f32), half: f32, c: [u8; 3]) {
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
    pub(super) fn mark(&mut self, x: f32, y: f32, shape: Shape, c: [u8; 3]) {
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
    pub(super) fn outline(&mut self, a: (f32, f32), b: (f32, f32), c: [u8; 3], alpha: f32) {
        self.line(a, (b.0, a.1), c, alpha);
        self.line((b.0, a.1), b, c, alpha);
        self.line(b, (a.0, b.1), c, alpha);
        self.line((a.0, b.1), a, c, alpha);
    }
}

/// The least `s` in `lo..=hi` where `holds` (false up to some point, true from there), or `hi + 1`.
fn first_where(lo: i64, hi: i64, holds: &dyn Fn(i64) -> bool) -> i64 {
    let (mut lo, mut hi) = (lo, hi + 1);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if holds(mid) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    lo
}

/// The distance from the pixel centre (x, y) to the segment a–b.
pub(super) fn segment_distance(a: (f32, f32), b: (f32, f32), x: f32, y: f32) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 { (((x - a.0) * dx + (y - a.1) * dy) / len2).clamp(0.0, 1.0) } else { 0.0 };
    let (px, py) = (a.0 + t * dx - x, a.1 + t * dy - y);
    (px * px + py * py).sqrt()
}
