//! A shaded perspective view of a triangle mesh (collision), with a depth buffer and a Lambert light.
//!
//! No PS1 rules here: float camera maths, near-plane clipping, pixel-centre sampling at 1/16 pixel,
//! perspective-correct depth. The triangles are filled by the same span walker the GPU model uses
//! ([`triangle_spans`]), with its left/top inclusive, right/bottom exclusive rule.

use super::image::RgbImage;
use super::raster::triangle_spans;
use crate::num::SaturatingFrom;
use crate::vecmath::{add, cross, dot, scale, sub};

/// A triangle to draw, with its colour (e.g. one per surface type).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShadedTriangle {
    /// The corners in world coordinates.
    pub positions: [[f32; 3]; 3],
    /// The colour before shading.
    pub colour: [u8; 3],
}

/// A pinhole camera in a right-handed world.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PerspectiveCamera {
    /// World position.
    pub position: [f32; 3],
    /// The point it looks at (the centre of the picture).
    pub target: [f32; 3],
    /// The world's up direction (Y up for Sonic Heroes).
    pub up: [f32; 3],
    /// Vertical field of view.
    pub fov_y_degrees: f32,
    /// Distance of the near clipping plane (> 0).
    pub near: f32,
}

impl PerspectiveCamera {
    /// A camera that sees the whole box `min..max` from above one corner, looking at its centre, with
    /// `up` the world's up axis.
    pub fn framing(min: [f32; 3], max: [f32; 3], up: [f32; 3]) -> PerspectiveCamera {
        let centre = [0, 1, 2].map(|i| (min[i] + max[i]) / 2.0);
        let extent = [0, 1, 2].map(|i| (max[i] - min[i]).abs());
        let radius =
            (extent[0] * extent[0] + extent[1] * extent[1] + extent[2] * extent[2]).sqrt().max(1.0) / 2.0;
        let fov_y_degrees = 50.0f32;
        let distance = radius / libm::sinf(fov_y_degrees.to_radians() / 2.0) * 1.05;
        // from a direction between two horizontal axes, raised toward up
        let up_n = normalise(up).unwrap_or([0.0, 1.0, 0.0]);
        let side = normalise(cross(up_n, [0.31, 0.17, 0.93])).unwrap_or([1.0, 0.0, 0.0]);
        let dir = normalise(add(scale(side, 1.0), scale(up_n, 0.8))).unwrap_or(up_n);
        PerspectiveCamera {
            position: add(centre, scale(dir, distance)),
            target: centre,
            up: up_n,
            fov_y_degrees,
            near: (distance / 1000.0).max(0.01),
        }
    }
}

/// The light: a direction toward the light and the share of light that reaches every face anyway.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShadeLight {
    /// The direction toward the light (need not be unit length); faces are lit from either side.
    pub toward_light: [f32; 3],
    /// The brightness every face has, 0..1; the rest is Lambert (`ambient + (1 − ambient)·|n·l|`).
    pub ambient: f32,
}

impl Default for ShadeLight {
    fn default() -> Self {
        ShadeLight { toward_light: [0.4, 1.0, 0.3], ambient: 0.3 }
    }
}

/// An RGB image with a depth buffer (1/z, 0 = nothing drawn).
#[derive(Clone, Debug, PartialEq)]
pub struct DepthFrame {
    /// The picture.
    pub image: RgbImage,
    /// 1/z per pixel, row by row; 0 where nothing was drawn.
    pub inverse_depth: Vec<f32>,
}

impl DepthFrame {
    /// A frame filled with `background`, nothing drawn.
    pub fn new(width: u32, height: u32, background: [u8; 3]) -> DepthFrame {
        let mut image = RgbImage::new(width, height);
        for px in image.pixels.chunks_exact_mut(3) {
            px.copy_from_slice(&background);
        }
        DepthFrame { image, inverse_depth: vec![0.0; width as usize * height as usize] }
    }
}

/// Multiplies by the reciprocal length (not vecmath's division): the goldens were drawn with these bits.
fn normalise(v: [f32; 3]) -> Option<[f32; 3]> {
    let len = dot(v, v).sqrt();
    (len.is_finite() && len > 1e-12).then(|| scale(v, 1.0 / len))
}

/// Sub-pixel precision of the screen positions handed to the span walker.
const SUB: u32 = 4;
/// Screen positions are clamped to this many pixels from the origin so fixed point cannot overflow.
const SCREEN_LIMIT: f32 = 1.0e6;

/// What happened to the triangles of one shaded frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShadedStats {
    /// Triangles that cover a pixel of the frame, hidden or not.
    pub covering: usize,
    /// Non-finite or degenerate corners: not drawn.
    pub unusable: usize,
    /// Wholly behind the near plane.
    pub behind: usize,
}

/// Draws the triangles, nearest wins, each lit by the light from both sides (collision has no
/// reliable winding). Returns how many triangles cover a pixel of the frame, hidden or not.
pub fn render_mesh_shaded(
    triangles: &[ShadedTriangle],
    camera: &PerspectiveCamera,
    light: &ShadeLight,
    frame: &mut DepthFrame,
) -> usize {
    render_mesh_shaded_counted(triangles, camera, light, frame).covering
}

/// [`render_mesh_shaded`], counting what happened to each triangle.
pub fn render_mesh_shaded_counted(
    triangles: &[ShadedTriangle],
    camera: &PerspectiveCamera,
    light: &ShadeLight,
    frame: &mut DepthFrame,
) -> ShadedStats {
    let mut stats = ShadedStats::default();
    let Some(forward) = normalise(sub(camera.target, camera.position)) else {
        stats.unusable = triangles.len();
        return stats;
    };
    let right = normalise(cross(forward, camera.up))
        .or_else(|| normalise(cross(forward, [1.0, 0.0, 0.0])))
        .unwrap_or([1.0, 0.0, 0.0]);
    let up = cross(right, forward);
    let (w, h) = (frame.image.width, frame.image.height);
    let focal = (h as f32 / 2.0) / libm::tanf(camera.fov_y_degrees.clamp(1.0, 179.0).to_radians() / 2.0);
    let near = camera.near.max(1e-6);
    let toward = normalise(light.toward_light).unwrap_or([0.0, 1.0, 0.0]);
    for t in triangles {
        if t.positions.iter().flatten().any(|c| !c.is_finite()) {
            stats.unusable += 1;
            continue;
        }
        let Some(normal) =
            normalise(cross(sub(t.positions[1], t.positions[0]), sub(t.positions[2], t.positions[0])))
        else {
            stats.unusable += 1;
            continue;
        };
        let lit = light.ambient + (1.0 - light.ambient) * dot(normal, toward).abs();
        let colour = t.colour.map(|c| u8::saturating_from((f32::from(c) * lit).round()));
        let view = t.positions.map(|p| {
            let d = sub(p, camera.position);
            [dot(d, right), dot(d, up), dot(d, forward)]
        });
        let clipped = clip_near(&view, near);
        if clipped.len() < 3 {
            stats.behind += 1;
            continue;
        }
        let screen: Vec<[f32; 3]> = clipped
            .iter()
            .map(|v| {
                let sx = (w as f32 / 2.0 + v[0] / v[2] * focal).clamp(-SCREEN_LIMIT, SCREEN_LIMIT);
                let sy = (h as f32 / 2.0 - v[1] / v[2] * focal).clamp(-SCREEN_LIMIT, SCREEN_LIMIT);
                [sx, sy, 1.0 / v[2]]
            })
            .collect();
        let mut any = false;
        for i in 1..screen.len() - 1 {
            any |= fill(frame, [screen[0], screen[i], screen[i + 1]], colour);
        }
        stats.covering += usize::from(any);
    }
    stats
}

/// Sutherland–Hodgman against the plane z = near: a triangle becomes 0, 3 or 4 vertices.
fn clip_near(v: &[[f32; 3]; 3], near: f32) -> Vec<[f32; 3]> {
    let mut out = Vec::with_capacity(4);
    for i in 0..3 {
        let (a, b) = (v[i], v[(i + 1) % 3]);
        let (ina, inb) = (a[2] >= near, b[2] >= near);
        if ina {
            out.push(a);
        }
        if ina != inb {
            let t = (near - a[2]) / (b[2] - a[2]);
            out.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, near]);
        }
    }
    out
}

/// Fills one screen triangle (x, y, 1/z) with a depth test; true if it covers any pixel of the frame
/// (drawn or hidden).
fn fill(frame: &mut DepthFrame, s: [[f32; 3]; 3], colour: [u8; 3]) -> bool {
    let det = (s[1][0] - s[0][0]) * (s[2][1] - s[0][1]) - (s[2][0] - s[0][0]) * (s[1][1] - s[0][1]);
    if det.abs() < 1e-12 {
        return false;
    }
    // 1/z is linear on screen: its plane's gradients
    let (z1, z2) = (s[1][2] - s[0][2], s[2][2] - s[0][2]);
    let dzdx = (z1 * (s[2][1] - s[0][1]) - z2 * (s[1][1] - s[0][1])) / det;
    let dzdy = (z2 * (s[1][0] - s[0][0]) - z1 * (s[2][0] - s[0][0])) / det;
    let fixed =
        s.map(|v| [i32::saturating_from((v[0] * 16.0).round()), i32::saturating_from((v[1] * 16.0).round())]);
    let (w, h) = (frame.image.width as i32, frame.image.height as i32);
    let mut any = false;
    let DepthFrame { image, inverse_depth } = frame;
    triangle_spans(fixed, SUB, w, h, |y, x0, x1| {
        any = true;
        let py = y as f32 + 0.5 - s[0][1];
        for x in x0..x1 {
            let iz = s[0][2] + dzdx * (x as f32 + 0.5 - s[0][0]) + dzdy * py;
            let i = (y * w + x) as usize;
            if iz > inverse_depth[i] {
                inverse_depth[i] = iz;
                image.pixels[i * 3..i * 3 + 3].copy_from_slice(&colour);
            }
        }
    });
    any
}

#[cfg(test)]
mod tests {
    use super::*;

    fn camera() -> PerspectiveCamera {
        PerspectiveCamera {
            position: [0.0, 0.0, 10.0],
            target: [0.0, 0.0, 0.0],
            up: [0.0, 1.0, 0.0],
            fov_y_degrees: 90.0,
            near: 0.1,
        }
    }

    fn square(z: f32, half: f32, colour: [u8; 3]) -> [ShadedTriangle; 2] {
        let p = |x: f32, y: f32| [x, y, z];
        [
            ShadedTriangle { positions: [p(-half, -half), p(half, -half), p(half, half)], colour },
            ShadedTriangle { positions: [p(-half, -half), p(half, half), p(-half, half)], colour },
        ]
    }

    #[test]
    fn nearer_triangles_win_whatever_the_order() {
        let light = ShadeLight { toward_light: [0.0, 0.0, 1.0], ambient: 0.0 };
        for near_first in [false, true] {
            let far = square(0.0, 8.0, [255, 0, 0]);
            let near = square(2.0, 1.0, [0, 255, 0]);
            let tris: Vec<_> = if near_first { [near, far].concat() } else { [far, near].concat() };
            let mut frame = DepthFrame::new(64, 64, [0, 0, 0]);
            assert_eq!(render_mesh_shaded(&tris, &camera(), &light, &mut frame), 4);
            assert_eq!(frame.image.get(32, 32), [0, 255, 0]);
            assert_eq!(frame.image.get(32, 10), [255, 0, 0]);
            assert_eq!(frame.image.get(0, 0), [0, 0, 0]);
        }
    }

    #[test]
    fn lambert_light_dims_oblique_faces() {
        let light = ShadeLight { toward_light: [0.0, 1.0, 0.0], ambient: 0.5 };
        let mut frame = DepthFrame::new(32, 32, [0, 0, 0]);
        // facing the camera, perpendicular to the light: ambient only
        render_mesh_shaded(&square(0.0, 5.0, [200, 200, 200]), &camera(), &light, &mut frame);
        assert_eq!(frame.image.get(16, 16), [100, 100, 100]);
    }

    #[test]
    fn triangles_through_the_near_plane_are_clipped_not_lost() {
        let light = ShadeLight::default();
        // a floor from behind the camera to far in front
        let floor = ShadedTriangle {
            positions: [[-50.0, -2.0, 20.0], [50.0, -2.0, 20.0], [0.0, -2.0, -200.0]],
            colour: [255, 255, 255],
        };
        let mut frame = DepthFrame::new(64, 64, [0, 0, 0]);
        assert_eq!(render_mesh_shaded(&[floor], &camera(), &light, &mut frame), 1);
        // below the horizon is floor, above it is not
        assert_ne!(frame.image.get(32, 60), [0, 0, 0]);
        assert_eq!(frame.image.get(32, 5), [0, 0, 0]);
        // entirely behind the camera: nothing
        let behind = ShadedTriangle {
            positions: [[0.0, 0.0, 20.0], [1.0, 0.0, 20.0], [0.0, 1.0, 20.0]],
            colour: [9; 3],
        };
        assert_eq!(render_mesh_shaded(&[behind], &camera(), &light, &mut frame), 0);
    }

    #[test]
    fn non_finite_and_degenerate_triangles_are_skipped() {
        let mut frame = DepthFrame::new(8, 8, [0, 0, 0]);
        let nan = ShadedTriangle {
            positions: [[f32::NAN, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]],
            colour: [1; 3],
        };
        let flat = ShadedTriangle { positions: [[0.0; 3], [1.0, 0.0, 0.0], [2.0, 0.0, 0.0]], colour: [1; 3] };
        assert_eq!(render_mesh_shaded(&[nan, flat], &camera(), &ShadeLight::default(), &mut frame), 0);
    }

    #[test]
    fn framing_sees_the_whole_box() {
        let cam = PerspectiveCamera::framing([-100.0, 0.0, -100.0], [100.0, 50.0, 100.0], [0.0, 1.0, 0.0]);
        assert_eq!(cam.target, [0.0, 25.0, 0.0]);
        assert!(cam.position[1] > 25.0, "from above");
        let tris = square(0.0, 100.0, [255, 255, 255]);
        let mut frame = DepthFrame::new(64, 64, [0, 0, 0]);
        assert_eq!(render_mesh_shaded(&tris, &cam, &ShadeLight::default(), &mut frame), 2);
    }
}
