//! The room renderer the seed describes (0x80010e14), over format-neutral faces.
//!
//! For each face: project its vertices (RTPT, then RTPS for a quad's fourth), OR into its flags the
//! outcodes all its vertices share, and reject it when they share one of left/right/top/bottom/near,
//! when its farthest depth `>> 2` is 16250 or more, or (unless flag 0x200) when NCLIP of its first three
//! screen vertices is not positive. Add the vertex colour's flash byte to r, g and b (saturated). A face
//! whose vertices are all nearer than 8192 is cut into 4 pieces, all nearer than 4096 into 16. Each
//! piece becomes a POLY_GT3/GT4 packet (POLY_G3/G4 without a texture) linked into the ordering table
//! by its farthest depth; the table is then drawn far to near.
//!
//! Choices where the seed is silent are listed in `docs/reference/psx.md` and marked "Choice:" below.

use super::gte::{nclip, outcode, screen_outcode, Gte, ScreenVertex};
use super::ot::{bucket_of, OrderingTable, OT_LEN};
use super::raster::{draw_packet, Frame, Packet, Texture, Vertex};
use super::vram::{BlendMode, Clut, Tpage, Vram};
use crate::num::{saturate, SaturatingFrom};
use crate::vecmath::{cross, normalise, sub};

/// Face flag: draw both sides (skip the NCLIP test).
pub const FLAG_DOUBLE_SIDED: u16 = 0x200;

/// A face's texture as a texture-table entry gives it: the uv of each corner, CLUT and page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FaceTexture {
    /// The texel of each corner inside the page, in the face's corner order.
    pub uv: [[u8; 2]; 4],
    /// The CLUT attribute: the palette at X = bits 0–5 × 16, Y = bits 6–14 (psx-spx "Clut Attribute").
    pub clut: u16,
    /// The texpage attribute: page, colour depth, blend mode (psx-spx "Texpage Attribute"; see [`Tpage`]).
    pub tpage: u16,
}

/// A triangle or quad of a room, in world coordinates (Y down, as the game's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RenderFace {
    /// The point the GTE translation is computed for: the room's centre in the game, whose blob
    /// vertices are s16 offsets from it. Every corner minus `origin` must fit in an s16.
    pub origin: [i32; 3],
    /// Corners in the GPU's order (a quad is "Z" order: triangles 0,1,2 and 1,2,3).
    pub corners: [[i32; 3]; 4],
    /// 3 or 4.
    pub count: u8,
    /// r, g, b, flash per corner.
    pub colours: [[u8; 4]; 4],
    /// Its texture; `None` draws an untextured POLY_G3/G4.
    pub texture: Option<FaceTexture>,
    /// The face's flags as stored (0 on disc); 0x200 is double-sided.
    pub flags: u16,
}

/// The camera: where it is, how it is turned (the GTE rotation matrix) and the projection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Camera {
    /// World position.
    pub position: [i32; 3],
    /// World to camera rotation, rows right, down, forward, 4.12 fixed point.
    pub rotation: [[i16; 3]; 3],
    /// Projection plane distance (H).
    pub h: u16,
    /// Screen size; the screen offset is its centre.
    pub width: u32,
    /// Screen height in pixels.
    pub height: u32,
}

impl Camera {
    /// A camera at `position` looking at `target`, with no roll (world Y is down).
    pub fn look_at(position: [i32; 3], target: [i32; 3], h: u16, width: u32, height: u32) -> Camera {
        // Both vectors are finite (whole-number coordinates), so vecmath's finiteness test never decides.
        let f =
            normalise(sub(target.map(f64::from), position.map(f64::from)), 1e-9).unwrap_or([0.0, 0.0, 1.0]);
        let down = [0.0, 1.0, 0.0];
        // right = down × forward; straight up or down it is undefined, and world X is used.
        let r = normalise(cross(down, f), 1e-9).unwrap_or([1.0, 0.0, 0.0]);
        let d = cross(f, r);
        let fixed = |v: [f64; 3]| v.map(|c| i16::saturating_from((c * 4096.0).round()));
        Camera { position, rotation: [fixed(r), fixed(d), fixed(f)], h, width, height }
    }

    /// H for a horizontal field of view in degrees across `width` pixels.
    pub fn h_for_fov(fov_degrees: f64, width: u32) -> u16 {
        let half = (fov_degrees.clamp(1.0, 179.0) / 2.0).to_radians();
        u16::saturating_from((f64::from(width) / 2.0 / libm::tan(half)).round().clamp(1.0, 65535.0))
    }

    /// The GTE set up for vertices given relative to `origin`: TR = R · (origin − position).
    pub fn gte_for(&self, origin: [i32; 3]) -> Gte {
        let d = [0, 1, 2].map(|i| i64::from(origin[i]) - i64::from(self.position[i]));
        let translation = self.rotation.map(|row| {
            let sum: i64 = (0..3).map(|j| i64::from(row[j]) * d[j]).sum();
            saturate(sum >> 12)
        });
        // OFX/OFY are 16.16: at most 0x7FFF whole pixels.
        let half = |n: u32| i32::try_from(n / 2).unwrap_or(0x7FFF).min(0x7FFF) << 16;
        Gte {
            rotation: self.rotation,
            translation,
            offset: [half(self.width), half(self.height)],
            h: self.h,
            ..Gte::default()
        }
    }
}

/// Options the seed leaves open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct RoomOptions {
    /// Whether packets have the semi-transparency bit. Choice: off by default; the seed does not say
    /// whether the game sets it, and with it off texels with bit 15 draw opaque.
    pub semi_transparent: bool,
}

/// What happened to the faces of one frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct RenderStats {
    /// Faces given to the renderer.
    pub faces: usize,
    /// A count other than 3 or 4, or a corner too far from its origin for an s16.
    pub invalid: usize,
    /// All vertices off one side of the screen, or all at or inside the near plane.
    pub rejected_outcode: usize,
    /// Farthest depth >> 2 at or beyond 16250.
    pub rejected_far: usize,
    /// NCLIP not positive on a single-sided face.
    pub rejected_backface: usize,
    /// Faces cut into 4 (all nearer than 8192).
    pub subdivided_4: usize,
    /// Faces cut into 16 (all nearer than 4096).
    pub subdivided_16: usize,
    /// Pieces of subdivided faces dropped on their own outcodes or depth.
    pub pieces_culled: usize,
    /// Packets in the ordering table.
    pub packets: usize,
}

/// One corner on its way to a packet: position relative to the origin and what it carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
struct Corner {
    local: [i32; 3],
    colour: [u8; 3],
    uv: [u8; 2],
}

fn midpoint(a: &Corner, b: &Corner) -> Corner {
    let mid = |x: i32, y: i32| (x + y) >> 1;
    let mid8 = |x: u8, y: u8| u8::try_from((u16::from(x) + u16::from(y)) / 2).unwrap_or(u8::MAX);
    Corner {
        local: [0, 1, 2].map(|i| mid(a.local[i], b.local[i])),
        colour: [0, 1, 2].map(|i| mid8(a.colour[i], b.colour[i])),
        uv: [0, 1].map(|i| mid8(a.uv[i], b.uv[i])),
    }
}

/// A face or a piece of one: its corners (3 or 4 used).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Poly {
    c: [Corner; 4],
    n: usize,
}

impl Poly {
    fn corners(&self) -> &[Corner] {
        &self.c[..self.n]
    }
}

/// Choice: a quad in Z order is cut at its edge midpoints and centre into four Z-order quads; a
/// triangle into three corner triangles and the middle one, each keeping the parent's winding.
fn split(poly: &Poly) -> [Poly; 4] {
    let [a, b, c, d] = poly.c;
    if poly.n == 4 {
        let (ab, ac, bd, cd) = (midpoint(&a, &b), midpoint(&a, &c), midpoint(&b, &d), midpoint(&c, &d));
        let centre = midpoint(&ab, &cd);
        [[a, ab, ac, centre], [ab, b, centre, bd], [ac, centre, c, cd], [centre, bd, cd, d]]
            .map(|c| Poly { c, n: 4 })
    } else {
        let (ab, bc, ca) = (midpoint(&a, &b), midpoint(&b, &c), midpoint(&c, &a));
        [[a, ab, ca, d], [ab, b, bc, d], [ca, bc, c, d], [ab, bc, ca, d]].map(|c| Poly { c, n: 3 })
    }
}

/// Projects a polygon's corners; `None` when one does not fit the GTE's s16 input.
#[inline]
fn project(gte: &Gte, poly: &Poly) -> Option<[ScreenVertex; 4]> {
    let mut out = [ScreenVertex::default(); 4];
    for (p, c) in out.iter_mut().zip(poly.corners()) {
        let [x, y, z] = c.local;
        *p = gte.rtps_screen([i16::try_from(x).ok()?, i16::try_from(y).ok()?, i16::try_from(z).ok()?]);
    }
    Some(out)
}

fn shared_outcode(p: &[ScreenVertex], camera: &Camera) -> u16 {
    let (w, h) =
        (i32::try_from(camera.width).unwrap_or(i32::MAX), i32::try_from(camera.height).unwrap_or(i32::MAX));
    p.iter().fold(0xFFFF, |acc, p| acc & screen_outcode(p, w, h))
}

fn farthest(p: &[ScreenVertex]) -> u16 {
    p.iter().map(|p| p.sz).max().unwrap_or(0)
}

fn packet_of(poly: &Poly, p: &[ScreenVertex; 4], texture: Option<Texture>, options: &RoomOptions) -> Packet {
    let mut vertices = [Vertex::default(); 4];
    for (v, (c, p)) in vertices.iter_mut().zip(poly.corners().iter().zip(p)) {
        *v = Vertex { x: p.sx, y: p.sy, colour: c.colour, uv: c.uv };
    }
    let count = if poly.n == 4 { 4 } else { 3 };
    Packet {
        vertices,
        count,
        texture,
        semi_transparent: options.semi_transparent,
        gouraud: true,
        raw_texture: false,
        blend: BlendMode::Average,
    }
}

/// Runs the renderer's face pass: projection, rejection, subdivision, packets into the ordering table.
/// `faces` is any sequence (a slice, or several rooms' slices one after the other).
pub fn room_packets<'a>(
    faces: impl IntoIterator<Item = &'a RenderFace>,
    camera: &Camera,
    options: &RoomOptions,
) -> (OrderingTable<Packet>, RenderStats) {
    let faces = faces.into_iter();
    let mut ot = OrderingTable::with_capacity(OT_LEN, faces.size_hint().0);
    let mut stats = RenderStats::default();
    let mut cached: Option<([i32; 3], Gte)> = None;
    for face in faces {
        stats.faces += 1;
        let n = match face.count {
            3 => 3,
            4 => 4,
            _ => {
                stats.invalid += 1;
                continue;
            }
        };
        let gte = match cached {
            Some((origin, gte)) if origin == face.origin => gte,
            _ => {
                let gte = camera.gte_for(face.origin);
                cached = Some((face.origin, gte));
                gte
            }
        };
        let mut poly = Poly { c: [Corner::default(); 4], n };
        for (i, c) in poly.c.iter_mut().enumerate() {
            let [r, g, b, flash] = face.colours[i];
            // The flash byte brightens once (the game adds it and clears it).
            let colour = [r, g, b].map(|c| c.saturating_add(flash));
            let local = [0, 1, 2].map(|k| face.corners[i][k].wrapping_sub(face.origin[k]));
            let uv = face.texture.map(|t| t.uv[i]).unwrap_or([0, 0]);
            *c = Corner { local, colour, uv };
        }
        let Some(projected) = project(&gte, &poly) else {
            stats.invalid += 1;
            continue;
        };
        let shared = shared_outcode(&projected[..n], camera);
        let flags = face.flags | shared;
        if flags & outcode::OUTSIDE != 0 {
            stats.rejected_outcode += 1;
            continue;
        }
        let Some(bucket) = bucket_of(farthest(&projected[..n])) else {
            stats.rejected_far += 1;
            continue;
        };
        let screen = |i: usize| [projected[i].sx, projected[i].sy];
        if flags & FLAG_DOUBLE_SIDED == 0 && nclip([screen(0), screen(1), screen(2)]) <= 0 {
            stats.rejected_backface += 1;
            continue;
        }
        let texture = face.texture.map(|t| Texture { tpage: Tpage(t.tpage), clut: Clut(t.clut) });
        let mut add_piece = |piece: &Poly, stats: &mut RenderStats| {
            // Pieces are culled on their own outcodes and depth, never on NCLIP (the face passed it).
            let Some(p) = project(&gte, piece) else {
                stats.pieces_culled += 1;
                return;
            };
            if shared_outcode(&p[..piece.n], camera) & outcode::OUTSIDE != 0 {
                stats.pieces_culled += 1;
                return;
            }
            let Some(bucket) = bucket_of(farthest(&p[..piece.n])) else {
                stats.pieces_culled += 1;
                return;
            };
            ot.add(bucket, packet_of(piece, &p, texture, options));
        };
        if flags & outcode::NEARER_4096 != 0 {
            stats.subdivided_16 += 1;
            for quarter in split(&poly) {
                for piece in split(&quarter) {
                    add_piece(&piece, &mut stats);
                }
            }
        } else if flags & outcode::NEARER_8192 != 0 {
            stats.subdivided_4 += 1;
            for piece in split(&poly) {
                add_piece(&piece, &mut stats);
            }
        } else {
            ot.add(bucket, packet_of(&poly, &projected, texture, options));
        }
    }
    stats.packets = ot.packet_count();
    (ot, stats)
}

/// Renders faces into `frame` the way the room renderer does; textured packets read `vram`, and
/// without it are drawn as if every texel were white (their vertex colour × 2).
pub fn render_room_faces<'a>(
    faces: impl IntoIterator<Item = &'a RenderFace>,
    camera: &Camera,
    vram: Option<&Vram>,
    options: &RoomOptions,
    frame: &mut Frame,
) -> RenderStats {
    let (ot, stats) = room_packets(faces, camera, options);
    for (_, packet) in ot.draw_order() {
        draw_packet(frame, vram, packet);
    }
    stats
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A camera at the world origin looking down +Z, H 256, 320×240.
    fn camera() -> Camera {
        Camera::look_at([0, 0, 0], [0, 0, 1000], 256, 320, 240)
    }

    /// A square quad facing the camera at depth `z`, `size` wide, centred on (cx, cy), corners in Z order.
    fn quad(cx: i32, cy: i32, z: i32, size: i32) -> RenderFace {
        let h = size / 2;
        RenderFace {
            origin: [0, 0, z],
            corners: [[cx - h, cy - h, z], [cx + h, cy - h, z], [cx - h, cy + h, z], [cx + h, cy + h, z]],
            count: 4,
            colours: [[128, 128, 128, 0]; 4],
            texture: None,
            flags: 0,
        }
    }

    fn stats(faces: &[RenderFace]) -> RenderStats {
        room_packets(faces, &camera(), &RoomOptions::default()).1
    }

    #[test]
    fn look_at_down_z_is_identity() {
        let cam = camera();
        assert_eq!(cam.rotation, [[4096, 0, 0], [0, 4096, 0], [0, 0, 4096]]);
        // looking down +X: camera forward is world X, camera right is world −Z... (down × forward)
        let side = Camera::look_at([0, 0, 0], [10, 0, 0], 256, 320, 240);
        assert_eq!(side.rotation, [[0, 0, -4096], [0, 4096, 0], [4096, 0, 0]]);
        let gte = Camera { position: [100, 0, 0], ..cam }.gte_for([0, 0, 500]);
        assert_eq!(gte.translation, [-100, 0, 500]);
        assert_eq!(gte.offset, [160 << 16, 120 << 16]);
        assert_eq!(Camera::h_for_fov(90.0, 320), 160);
    }

    #[test]
    fn a_plain_face_is_one_packet() {
        let s = stats(&[quad(0, 0, 10000, 1000)]);
        assert_eq!((s.packets, s.subdivided_4, s.subdivided_16), (1, 0, 0));
    }

    #[test]
    fn rejects_faces_sharing_an_outcode() {
        // entirely left of the screen at depth 10000: SX = 160 + x·256/10000 < 0 for x < −6250
        assert_eq!(stats(&[quad(-9000, 0, 10000, 1000)]).rejected_outcode, 1);
        assert_eq!(stats(&[quad(9000, 0, 10000, 1000)]).rejected_outcode, 1);
        assert_eq!(stats(&[quad(0, -9000, 10000, 1000)]).rejected_outcode, 1);
        assert_eq!(stats(&[quad(0, 9000, 10000, 1000)]).rejected_outcode, 1);
        // behind the camera: all near
        assert_eq!(stats(&[quad(0, 0, -500, 100)]).rejected_outcode, 1);
        // straddling the left edge is drawn
        assert_eq!(stats(&[quad(-6250, 0, 10000, 1000)]).packets, 1);
    }

    #[test]
    fn rejects_faces_too_far() {
        // farthest SZ 65000: 65000 >> 2 = 16250, rejected; 64999 is kept
        assert_eq!(stats(&[quad(0, 0, 65000, 1000)]).rejected_far, 1);
        assert_eq!(stats(&[quad(0, 0, 64999, 1000)]).packets, 1);
        // one far corner is enough
        let mut f = quad(0, 0, 60000, 1000);
        f.corners[3][2] = 65100;
        assert_eq!(stats(&[f]).rejected_far, 1);
    }

    #[test]
    fn rejects_back_faces_unless_double_sided() {
        let mut f = quad(0, 0, 10000, 1000);
        // mirrored left to right: counter-clockwise on screen
        f.corners.swap(0, 1);
        f.corners.swap(2, 3);
        assert_eq!(stats(&[f]).rejected_backface, 1);
        f.flags = FLAG_DOUBLE_SIDED;
        assert_eq!(stats(&[f]).packets, 1);
        // edge-on (NCLIP 0) is rejected too
        let mut edge = quad(0, 0, 10000, 1000);
        for c in &mut edge.corners {
            c[0] = 0;
        }
        assert_eq!(stats(&[edge]).rejected_backface, 1);
    }

    #[test]
    fn subdivides_near_faces_into_4_then_16() {
        let s = stats(&[quad(0, 0, 6000, 1000)]);
        assert_eq!((s.subdivided_4, s.packets), (1, 4));
        let s = stats(&[quad(0, 0, 3000, 1000)]);
        assert_eq!((s.subdivided_16, s.packets), (1, 16));
        // one corner beyond 8192 stops the subdivision
        let mut f = quad(0, 0, 6000, 1000);
        f.corners[3][2] = 8192;
        assert_eq!(stats(&[f]).packets, 1);
        // a triangle makes 4 and 16 pieces too
        let mut t = quad(0, 0, 3000, 1000);
        t.count = 3;
        assert_eq!(stats(&[t]).packets, 16);
    }

    #[test]
    fn pieces_off_screen_are_culled() {
        // a near quad mostly off the left edge: some of its 16 pieces are entirely off screen
        // x from −3500 to −1500 at depth 3000: piece columns end at SX −96, −53, −10 and 32
        let s = stats(&[quad(-2500, 0, 3000, 2000)]);
        assert_eq!(s.subdivided_16, 1);
        assert_eq!((s.pieces_culled, s.packets), (12, 4));
    }

    #[test]
    fn subdivision_keeps_uv_and_winding() {
        let mut f = quad(0, 0, 6000, 1000);
        f.texture = Some(FaceTexture { uv: [[0, 0], [64, 0], [0, 64], [64, 64]], clut: 0, tpage: 0 });
        let (ot, _) = room_packets(&[f], &camera(), &RoomOptions::default());
        let mut uvs: Vec<[u8; 2]> = ot.draw_order().map(|(_, p)| p.vertices[0].uv).collect();
        uvs.sort();
        assert_eq!(uvs, [[0, 0], [0, 32], [32, 0], [32, 32]]);
        for (_, p) in ot.draw_order() {
            let s = |i: usize| [p.vertices[i].x, p.vertices[i].y];
            assert!(nclip([s(0), s(1), s(2)]) > 0);
        }
    }

    #[test]
    fn flash_brightens_once_saturating() {
        let mut f = quad(0, 0, 10000, 1000);
        f.colours = [[100, 200, 250, 10]; 4];
        let (ot, _) = room_packets(&[f], &camera(), &RoomOptions::default());
        let (_, p) = ot.draw_order().next().unwrap();
        assert_eq!(p.vertices[0].colour, [110, 210, 255]);
    }

    #[test]
    fn corners_too_far_from_the_origin_are_invalid() {
        let mut f = quad(0, 0, 10000, 1000);
        f.origin = [-40000, 0, 10000];
        let mut bad = quad(0, 0, 10000, 1000);
        bad.count = 5;
        let s = stats(&[f, bad]);
        assert_eq!((s.invalid, s.packets), (2, 0));
    }

    #[test]
    fn nearer_faces_draw_over_farther_ones() {
        // a red far quad and a green near one added first: the far one is drawn first anyway
        let mut far = quad(0, 0, 20000, 8000);
        far.colours = [[200, 0, 0, 0]; 4];
        let mut near = quad(0, 0, 10000, 1000);
        near.colours = [[0, 200, 0, 0]; 4];
        let mut frame = Frame::new(320, 240);
        render_room_faces(&[near, far], &camera(), None, &RoomOptions::default(), &mut frame);
        // centre pixel is the near quad's green (untextured gouraud: 200 >> 3 = 25)
        assert_eq!(super::super::vram::channels5(frame.get(160, 120).unwrap()), [0, 25, 0]);
        assert_eq!(super::super::vram::channels5(frame.get(130, 120).unwrap()), [25, 0, 0]);
    }
}
