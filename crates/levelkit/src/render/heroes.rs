//! Sonic Heroes collision as a shaded perspective view ([`crate::psx::shaded`]): every triangle in its
//! surface type's colour ([`crate::heroes::flags::colour`]), lit from above by a fixed light (both
//! sides, as collision is often seen from below), nearest wins, on a dark blue background.
//!
//! **Default camera** (no [`ViewPoint`]): [`PerspectiveCamera::framing`] of the vertices' box: from above
//! one corner, looking at its centre, far enough to see the whole box. A given camera uses the file's
//! coordinates (Y up) and the same 50° vertical field of view. Triangles with a vertex index past the
//! vertex array are left out.

use super::{RenderError, RenderOptions, ViewPoint};
use crate::heroes::flags::colour;
use crate::heroes::Collision;
use crate::num::round_f32;
use crate::psx::shaded::{
    render_mesh_shaded_counted, DepthFrame, PerspectiveCamera, ShadeLight, ShadedTriangle,
};
use crate::psx::RgbImage;

/// The background colour.
pub const BACKGROUND: [u8; 3] = [20, 24, 32];

/// The collision's triangles with their surface colours.
pub fn shaded_triangles(collision: &Collision) -> Vec<ShadedTriangle> {
    let v = &collision.vertices;
    collision
        .triangles
        .iter()
        .filter_map(|t| {
            let p = |i: u16| v.get(usize::from(i)).copied();
            Some(ShadedTriangle {
                positions: [p(t.vertices[0])?, p(t.vertices[1])?, p(t.vertices[2])?],
                colour: colour(t.attribute),
            })
        })
        .collect()
}

/// The camera a view point gives, or the framing of the triangles' box.
pub fn camera(
    triangles: &[ShadedTriangle],
    view: Option<&ViewPoint>,
) -> Result<PerspectiveCamera, RenderError> {
    let up = [0.0, 1.0, 0.0];
    if let Some(view) = view {
        let f = |v: [f64; 3]| v.map(round_f32);
        let (position, target) = (f(view.position), f(view.look));
        let d = [0, 1, 2].map(|k| target[k] - position[k]);
        let distance = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
        if !distance.is_finite() || distance <= 0.0 {
            return Err(RenderError::BadCamera(format!("{view:?}: needs two different finite points")));
        }
        return Ok(PerspectiveCamera {
            position,
            target,
            up,
            fov_y_degrees: 50.0,
            near: (distance / 1000.0).max(0.01),
        });
    }
    let (mut min, mut max) = ([f32::INFINITY; 3], [f32::NEG_INFINITY; 3]);
    for p in triangles.iter().flat_map(|t| t.positions.iter()).filter(|p| p.iter().all(|c| c.is_finite())) {
        for k in 0..3 {
            min[k] = min[k].min(p[k]);
            max[k] = max[k].max(p[k]);
        }
    }
    if !min[0].is_finite() {
        (min, max) = ([-1.0; 3], [1.0; 3]);
    }
    Ok(PerspectiveCamera::framing(min, max, up))
}

/// Renders a collision file (see the module docs); `rooms`, `vram` and `portals` do not apply.
pub fn render_collision(collision: &Collision, options: &RenderOptions) -> Result<RgbImage, RenderError> {
    Ok(render_collision_with_notes(collision, options)?.image)
}

/// [`render_collision`], with a note saying why when no triangle covers a pixel.
pub fn render_collision_with_notes(
    collision: &Collision,
    options: &RenderOptions,
) -> Result<super::Rendering, RenderError> {
    options.check_size()?;
    let triangles = shaded_triangles(collision);
    let camera = camera(&triangles, options.camera.as_ref())?;
    let mut frame = DepthFrame::new(options.width, options.height, BACKGROUND);
    let stats = render_mesh_shaded_counted(&triangles, &camera, &ShadeLight::default(), &mut frame);
    let mut notes = Vec::new();
    if stats.covering == 0 {
        notes.push(if triangles.is_empty() {
            "nothing was drawn: the file has no triangles with vertices".to_string()
        } else {
            format!(
                "nothing was drawn: of {} triangles, {} have non-finite or degenerate corners, {} lie wholly \
                 behind the camera's near plane, {} cover no pixel of the frame (off the screen)",
                triangles.len(),
                stats.unusable,
                stats.behind,
                triangles.len() - stats.unusable - stats.behind
            )
        });
    }
    Ok(super::Rendering { image: frame.image, notes, from_inside: None })
}
