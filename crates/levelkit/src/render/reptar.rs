//! A Rugrats level through the PS1 room renderer ([`crate::psx::room`]).
//!
//! Each [`WorldFace`] becomes a [`RenderFace`]: origin the room's centre (the game computes the GTE
//! translation per room, and blob vertices are s16 offsets from it), corners in the file's Z order,
//! r, g, b and flash per corner, the texture entry as a [`FaceTexture`](crate::psx::FaceTexture) and the face's flags. With a VRAM
//! dump textured packets read it; without one each face is drawn as if its texels were white, i.e. gouraud
//! from the vertex colours with 0x80 at full brightness (the renderer's rule for a missing VRAM).
//!
//! **Default camera** (no [`ViewPoint`]): the box around the chosen rooms' faces (their records' bounds
//! when they have none) decides it. One room: from inside, at the middle of its −z quarter, a third of
//! the way down from the top, looking at the middle of the far (+z) wall's lower half: the floor and three
//! walls are in view. Several rooms: from outside, above and behind (−y, −z) the box's centre, looking at
//! the centre, at the nearest distance where the box's eight corners are within 95% of the frame; faces face
//! into their rooms, so the near walls and ceilings are culled and the view is a cut-away. The field of
//! view is 90° across the width.
//!
//! **Portals** (`portals`): each portal of the chosen rooms is projected with the same camera and its
//! outline (ring 0, 1, 3, 2) drawn over the frame in yellow; an edge with an end at or behind the near
//! plane is left out.

use super::{RenderError, RenderOptions, ViewPoint};
use crate::num::SaturatingFrom;
use crate::psx::gte::FLAG_DIVIDE;
use crate::psx::vram::{pack15, Vram};
use crate::psx::{render_room_faces, Camera, Frame, RenderFace, RenderStats, RgbImage, RoomOptions};
use crate::reptar::{Level, Selection, TextureEntry, WorldFace};
use crate::vecmath::{cross, dot};

/// A world face as the room renderer takes it.
pub fn render_face(level: &Level, face: &WorldFace<'_>) -> RenderFace {
    let origin = level.rooms.get(face.room).map_or([0; 3], |r| r.record.centre);
    let mut corners = [[0; 3]; 4];
    let mut colours = [[0; 4]; 4];
    for (k, c) in face.corners().iter().enumerate() {
        corners[k] = c.position;
        colours[k] = c.colour;
    }
    RenderFace {
        origin,
        corners,
        count: if face.corners().len() == 4 { 4 } else { 3 },
        colours,
        texture: face.texture_entry.map(TextureEntry::face_texture),
        flags: face.flags,
    }
}

/// The box around the faces (or, for rooms without faces, the rooms' records' bounds).
fn bounds(level: &Level, rooms: &[usize], faces: &[RenderFace]) -> Option<([f64; 3], [f64; 3])> {
    let mut min = [f64::INFINITY; 3];
    let mut max = [f64::NEG_INFINITY; 3];
    let mut grow = |p: [i32; 3]| {
        for k in 0..3 {
            min[k] = min[k].min(f64::from(p[k]));
            max[k] = max[k].max(f64::from(p[k]));
        }
    };
    for f in faces {
        f.corners.iter().take(usize::from(f.count)).for_each(|&p| grow(p));
    }
    if faces.is_empty() {
        for &r in rooms {
            let rec = &level.rooms[r].record;
            grow(rec.min);
            grow(rec.max);
        }
    }
    min[0].is_finite().then_some((min, max))
}

/// The default camera (see the module docs).
pub fn framing_view(
    level: &Level,
    rooms: &[usize],
    faces: &[RenderFace],
    width: u32,
    height: u32,
) -> ViewPoint {
    let Some((min, max)) = bounds(level, rooms, faces) else {
        return ViewPoint { position: [0.0, 0.0, -1000.0], look: [0.0; 3] };
    };
    let centre = [0, 1, 2].map(|k| (min[k] + max[k]) / 2.0);
    let size = [0, 1, 2].map(|k| max[k] - min[k]);
    if rooms.len() == 1 {
        return ViewPoint {
            position: [centre[0], min[1] + size[1] / 3.0, min[2] + size[2] / 8.0],
            look: [centre[0], min[1] + size[1] * 0.75, max[2]],
        };
    }
    let radius = (size[0] * size[0] + size[1] * size[1] + size[2] * size[2]).sqrt() / 2.0;
    // 90° across the width.
    let tan_w = 1.0f64;
    let tan_h = f64::from(height) / f64::from(width);
    let dir = normalise([0.0, -0.8, -1.0]);
    let fits = |distance: f64| {
        let position = [0, 1, 2].map(|k| centre[k] + dir[k] * distance);
        let forward = dir.map(|c| -c);
        let right = normalise(cross([0.0, 1.0, 0.0], forward));
        let down = cross(forward, right);
        (0..8).all(|i| {
            let corner = [0, 1, 2].map(|k| if i >> k & 1 == 0 { min[k] } else { max[k] });
            let d = [0, 1, 2].map(|k| corner[k] - position[k]);
            let z = dot(d, forward);
            z > 0.0 && dot(d, right).abs() <= 0.95 * tan_w * z && dot(d, down).abs() <= 0.95 * tan_h * z
        })
    };
    // The nearest distance at which the box's corners are all in view (the bounding sphere's distance
    // always is, so the search has an answer).
    let (mut near, mut far) =
        (0.0, radius / libm::sin(libm::atan(tan_h).min(libm::atan(tan_w))) * 1.05 + 1.0);
    for _ in 0..40 {
        let mid = (near + far) / 2.0;
        if fits(mid) {
            far = mid;
        } else {
            near = mid;
        }
    }
    ViewPoint { position: [0, 1, 2].map(|k| centre[k] + dir[k] * far), look: centre }
}

/// Unlike vecmath's, keeps a zero vector as it is instead of refusing it.
fn normalise(v: [f64; 3]) -> [f64; 3] {
    let len = dot(v, v).sqrt();
    if len > 0.0 {
        v.map(|c| c / len)
    } else {
        v
    }
}

fn to_i32(v: [f64; 3]) -> Result<[i32; 3], RenderError> {
    let mut out = [0; 3];
    for (o, c) in out.iter_mut().zip(v) {
        if !c.is_finite() || c.abs() > f64::from(i32::MAX) {
            return Err(RenderError::BadCamera(format!("{v:?} is not a finite 32-bit position")));
        }
        *o = i32::saturating_from(c.round()); // checked finite and in range above
    }
    Ok(out)
}

/// The room renderer's camera for a view point.
pub fn camera_for(view: &ViewPoint, width: u32, height: u32) -> Result<Camera, RenderError> {
    let (position, look) = (to_i32(view.position)?, to_i32(view.look)?);
    if position == look {
        return Err(RenderError::BadCamera("the camera looks at its own position".into()));
    }
    Ok(Camera::look_at(position, look, Camera::h_for_fov(90.0, width), width, height))
}

/// A rendered level.
#[derive(Clone, Debug)]
pub struct RenderedLevel {
    /// The picture.
    pub image: RgbImage,
    /// The room renderer's counts: faces drawn and why the others were not.
    pub stats: RenderStats,
    /// The camera used: the one asked for, or the default framing (which may have moved to one room).
    pub camera: ViewPoint,
    /// What a person should know about the picture: the default camera's choice when the level does not
    /// fit the PS1's depth range, and why nothing was drawn when nothing was ([`nothing_drawn`]).
    pub notes: Vec<String>,
    /// The room the default camera shows from inside because the chosen rooms do not fit the PS1's depth
    /// range (the first note says so; a front end adds how its user chooses rooms or a camera).
    pub from_inside: Option<usize>,
}

/// Why a frame is empty, from the renderer's counts; `None` if something was drawn.
pub fn nothing_drawn(stats: &RenderStats) -> Option<String> {
    if stats.packets > 0 {
        return None;
    }
    if stats.faces == 0 {
        return Some("nothing was drawn: the chosen rooms have no faces".into());
    }
    Some(format!(
        "nothing was drawn: of {} faces, {} lie off the screen or at or behind the near plane (outcodes), {} \
         lie past the far limit (farthest depth >> 2 at or beyond 16250), {} face away (NCLIP not positive), \
         {} are invalid (a corner too far from its room's centre)",
        stats.faces, stats.rejected_outcode, stats.rejected_far, stats.rejected_backface, stats.invalid
    ))
}

/// The faces of the chosen rooms, grouped by room with each room's box, ready to draw from any camera.
#[derive(Clone, Debug, Default)]
pub struct PreparedRooms {
    /// Every face of the chosen rooms, room after room, in world coordinates.
    pub faces: Vec<RenderFace>,
    /// The chosen rooms that have faces, in the order given.
    pub rooms: Vec<PreparedRoom>,
}

/// One room of [`PreparedRooms`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PreparedRoom {
    /// Index into [`Level::rooms`].
    pub room: usize,
    /// Its faces in [`PreparedRooms::faces`].
    pub faces: std::ops::Range<usize>,
    /// The box around its faces' corners: its smallest corner.
    pub min: [i32; 3],
    /// The box's largest corner.
    pub max: [i32; 3],
}

impl PreparedRooms {
    /// The faces of `rooms` (indices into [`Level::rooms`]), each room's box around them.
    pub fn new(level: &Level, rooms: &[usize]) -> PreparedRooms {
        let mut out = PreparedRooms::default();
        for &r in rooms {
            let start = out.faces.len();
            out.faces.extend(level.room_world_faces(r).map(|f| render_face(level, &f)));
            let (mut min, mut max) = ([i32::MAX; 3], [i32::MIN; 3]);
            for f in &out.faces[start..] {
                for c in &f.corners[..usize::from(f.count)] {
                    for k in 0..3 {
                        min[k] = min[k].min(c[k]);
                        max[k] = max[k].max(c[k]);
                    }
                }
            }
            if start < out.faces.len() {
                out.rooms.push(PreparedRoom { room: r, faces: start..out.faces.len(), min, max });
            }
        }
        out
    }

    /// Draws the rooms into `frame` through the room renderer. A room whose box lies wholly off one side
    /// of the screen or wholly at or inside the near plane is left out before the face pass: every one
    /// of its faces would share that outcode and be rejected anyway (the test keeps a margin and is
    /// skipped where the GTE's saturation could move a vertex), so the picture is the same, faster.
    pub fn draw(&self, camera: &Camera, vram: Option<&Vram>, frame: &mut Frame) -> RenderStats {
        let mut stats =
            render_room_faces(self.visible_faces(camera), camera, vram, &RoomOptions::default(), frame);
        let culled = self.faces.len() - stats.faces;
        stats.faces = self.faces.len();
        stats.rejected_outcode += culled;
        stats
    }

    /// The faces of the rooms whose boxes are not wholly outside the camera's view (see [`Self::draw`]).
    pub fn visible(&self, camera: &Camera) -> Vec<RenderFace> {
        self.visible_faces(camera).copied().collect()
    }

    /// [`Self::visible`] without copying them.
    fn visible_faces<'a>(&'a self, camera: &'a Camera) -> impl Iterator<Item = &'a RenderFace> + 'a {
        self.rooms
            .iter()
            .filter(|r| !box_outside(camera, r.min, r.max))
            .flat_map(|r| self.faces.get(r.faces.clone()).unwrap_or(&[]))
    }
}

/// Whether every point of the box is off one side of the screen, or at or inside the near plane.
fn box_outside(camera: &Camera, min: [i32; 3], max: [i32; 3]) -> bool {
    const MARGIN: f64 = 4.0;
    let r = camera.rotation.map(|row| row.map(|c| f64::from(c) / 4096.0));
    let h = f64::from(camera.h);
    let (half_w, half_h) = (f64::from(camera.width) / 2.0, f64::from(camera.height) / 2.0);
    let mut all = [true; 5];
    for i in 0..8 {
        let corner = [0, 1, 2].map(|k| if i >> k & 1 == 0 { min[k] } else { max[k] });
        let d = [0, 1, 2].map(|k| f64::from(corner[k]) - f64::from(camera.position[k]));
        let [x, y, z] = r.map(|row| row[0] * d[0] + row[1] * d[1] + row[2] * d[2]);
        if x.abs() > 30000.0 || y.abs() > 30000.0 {
            return false;
        }
        let front = z > MARGIN;
        all[0] &= front && x * h < -(half_w + MARGIN) * z;
        all[1] &= front && x * h > (half_w + MARGIN) * z;
        all[2] &= front && y * h < -(half_h + MARGIN) * z;
        all[3] &= front && y * h > (half_h + MARGIN) * z;
        all[4] &= z < h / 2.0 - MARGIN;
    }
    all.iter().any(|&a| a)
}

/// Renders the chosen rooms of a level (see the module docs).
pub fn render_level(level: &Level, options: &RenderOptions) -> Result<RenderedLevel, RenderError> {
    options.check_size()?;
    let Selection { rooms, vram } = level.select(options.rooms.as_deref(), options.vram.as_deref())?;
    let prepared = PreparedRooms::new(level, &rooms);
    let (width, height) = (options.width, options.height);
    let mut notes = Vec::new();
    let mut from_inside = None;
    let mut view =
        options.camera.unwrap_or_else(|| framing_view(level, &rooms, &prepared.faces, width, height));
    let mut camera = camera_for(&view, width, height)?;
    let mut frame = Frame::new(width, height);
    let mut stats = prepared.draw(&camera, vram.as_ref(), &mut frame);
    // The default camera frames every chosen room; rooms far apart put every face past the PS1's far
    // limit. Then it shows the first room that has faces, from inside, and says so.
    let first_room = prepared.rooms.first().filter(|_| prepared.rooms.len() > 1);
    let lost_to_far_limit = stats.packets == 0 && stats.rejected_far > 0;
    if let (None, Some(first), true) = (options.camera, first_room, lost_to_far_limit) {
        {
            let faces = &prepared.faces[first.faces.clone()];
            view = framing_view(level, &[first.room], faces, width, height);
            camera = camera_for(&view, width, height)?;
            let whole = stats;
            frame = Frame::new(width, height);
            stats = prepared.draw(&camera, vram.as_ref(), &mut frame);
            from_inside = Some(first.room);
            notes.push(format!(
                "the chosen rooms do not fit the PS1's depth range (from a camera that frames them all, {} of \
                 {} faces lie past the far limit): showing room {} from inside; choose the rooms to draw or \
                 a camera position and target",
                whole.rejected_far, whole.faces, first.room
            ));
        }
    }
    if options.portals {
        draw_portals(level, &rooms, &camera, &mut frame);
    }
    notes.extend(nothing_drawn(&stats));
    Ok(RenderedLevel { image: frame.to_rgb_image(), stats, camera: view, notes, from_inside })
}

/// Draws the outlines of the chosen rooms' portals over the frame.
pub fn draw_portals(level: &Level, rooms: &[usize], camera: &Camera, frame: &mut Frame) {
    let colour = pack15(31, 28, 0, false);
    for p in level.world_portals() {
        if !p.room.is_some_and(|r| rooms.contains(&r)) {
            continue;
        }
        // Corners are s16 in the file, so relative to the first they fit the GTE's s16 input.
        let origin = p.corners[0];
        let gte = camera.gte_for(origin);
        let screen = p.corners.map(|c| {
            let local = [0, 1, 2].map(|k| i16::try_from(c[k] - origin[k]).unwrap_or(0));
            let q = gte.rtps(local);
            (q.flag & FLAG_DIVIDE == 0 && q.mac[2] > 0).then_some((i32::from(q.sx), i32::from(q.sy)))
        });
        for [a, b] in [[0, 1], [1, 3], [3, 2], [2, 0]] {
            if let (Some(a), Some(b)) = (screen[a], screen[b]) {
                draw_line(frame, a, b, colour);
            }
        }
    }
}

/// A one-pixel line from `a` to `b` (Bresenham), clipped to the frame.
fn draw_line(frame: &mut Frame, a: (i32, i32), b: (i32, i32), colour: u16) {
    let (mut x, mut y) = a;
    let (dx, dy) = ((b.0 - x).abs(), -(b.1 - y).abs());
    let (sx, sy) = (if x < b.0 { 1 } else { -1 }, if y < b.1 { 1 } else { -1 });
    let mut err = dx + dy;
    let (w, h) = (frame.width, frame.height);
    loop {
        if let (Ok(px), Ok(py)) = (u32::try_from(x), u32::try_from(y)) {
            if px < w && py < h {
                let i = py as usize * w as usize + px as usize;
                if let Some(p) = frame.pixels.get_mut(i) {
                    *p = colour;
                }
            }
        }
        if (x, y) == b {
            break;
        }
        let e2 = 2 * err;
        if e2 >= dy {
            err += dy;
            x += sx;
        }
        if e2 <= dx {
            err += dx;
            y += sy;
        }
    }
}
