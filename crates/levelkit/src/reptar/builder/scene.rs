//! A mesh read as a level's rooms and portals, in the game's axes and winding.
//!
//! - **Objects**: `room_NN` is room NN (a Blender suffix `.001` is ignored, so copies join their room);
//!   `portal_NN` is portal NN (`portal_NN_to_MM` names its destination); any other object with faces is a
//!   room of its own, numbered after the named ones in scene order. Room numbers the scene skips become
//!   rooms without geometry, and so do the trailing rooms the scene extras' `rooms` list names.
//! - **Axes**: a mesh position (x, y, z) is the game's (x, −y, −z), times the build's scale.
//! - **Winding**: a mesh ring c0 c1 … cn−1 (front counter-clockwise) is the game's c0 cn−1 … c1.
//! - **Exact faces**: triangles whose corners carry the export's `_REPTAR_VERTEX` and `_REPTAR_FACE`
//!   data are gathered by (blob, face); a gathering whose corners are all there, once each, with one
//!   value each, is that face again, corners in Z order. Anything else is a polygon to shape.

use super::{BuildError, BuildReport, ShapedFace, MAX_ROOMS};
use crate::hex;
use crate::mesh::{linear_to_srgb, Face, Mesh, Object, NO_DATA};
use crate::reptar::extras::{
    colour_byte, colour_factor, texture_from_hex, DATA_COLOUR, DATA_FACE, DATA_VERTEX,
};
use crate::reptar::{FaceKind, TextureEntry};
use serde_json::Value;
use std::collections::BTreeMap;

/// A face corner in the game's world coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Corner {
    pub world: [f64; 3],
    /// r, g, b, flash as stored.
    pub colour: [u8; 4],
    /// The vertex's pad halfword.
    pub pad: u16,
    /// Texture coordinate (glTF orientation), when the mesh has them.
    pub uv: Option<[f32; 2]>,
    /// The vertex's index in its blob (exact faces).
    pub vertex: Option<u16>,
}

/// Where an exact face was: its blob in the room, its index in the blob, its triangle fill byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExactId {
    pub blob: u16,
    pub face: u16,
    pub fill: u8,
}

/// The placement a room's extras (or the base) give: centre and bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    pub centre: [i32; 3],
    pub min: [i32; 3],
    pub max: [i32; 3],
}

/// A polygon to shape, its ring in the game's winding.
#[derive(Clone, Debug)]
pub struct Polygon {
    pub object: String,
    pub index: usize,
    pub ring: Vec<Corner>,
    /// For a 4-gon joined from two triangles: the triangles, if it is no quad.
    pub halves: Option<[Vec<Corner>; 2]>,
    pub texture: Option<u16>,
    pub flags: Option<u16>,
    pub group: u32,
}

#[derive(Clone, Debug, Default)]
pub struct SceneRoom {
    pub objects: Vec<String>,
    pub exact: Vec<ShapedFace>,
    pub polygons: Vec<Polygon>,
    pub frame: Option<Frame>,
    /// Corners (mesh vertices) whose colour is COLOR_0's: repainted since the export.
    pub colours_repainted: usize,
    /// Corners whose colour is COLOR_0's for want of the stored bytes: clamped to 0x80, no flash.
    pub colours_unstored: usize,
}

#[derive(Clone, Debug)]
pub struct ScenePortal {
    pub object: String,
    /// NN of `portal_NN`.
    pub number: usize,
    /// World corners in Z order.
    pub corners: [[f64; 3]; 4],
    /// The room that takes it (extras `room`).
    pub room: Option<usize>,
    /// Where it leads (extras `destination_room`, or `_to_MM`).
    pub destination: Option<usize>,
    pub tail: Option<[u8; 16]>,
    pub flags: Option<[u16; 4]>,
}

#[derive(Clone, Debug, Default)]
pub struct Scene {
    pub rooms: Vec<SceneRoom>,
    pub portals: Vec<ScenePortal>,
    pub texture_table: Option<Vec<TextureEntry>>,
}

enum Name {
    Room(usize),
    Portal(usize, Option<usize>),
    Other,
}

fn number(text: &str) -> Option<usize> {
    (!text.is_empty() && text.len() <= 9 && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok())?
}

fn parse_name(name: &str) -> Name {
    let stem = name.split('.').next().unwrap_or(name);
    if let Some(n) = stem.strip_prefix("room_").and_then(number) {
        return Name::Room(n);
    }
    if let Some(rest) = stem.strip_prefix("portal_") {
        match rest.split_once("_to_") {
            Some((n, to)) => {
                if let (Some(n), Some(to)) = (number(n), number(to)) {
                    return Name::Portal(n, Some(to));
                }
            }
            None => {
                if let Some(n) = number(rest) {
                    return Name::Portal(n, None);
                }
            }
        }
    }
    Name::Other
}

fn extra<'v>(extras: &'v Option<Value>, key: &str) -> Option<&'v Value> {
    extras.as_ref()?.get(key)
}

fn extra_usize(extras: &Option<Value>, key: &str) -> Option<usize> {
    extra(extras, key)?.as_u64().and_then(|v| usize::try_from(v).ok())
}

fn extra_i32x3(extras: &Option<Value>, key: &str) -> Option<[i32; 3]> {
    let a = extra(extras, key)?.as_array()?;
    let v: Vec<i32> = a.iter().filter_map(|x| x.as_i64().and_then(|x| i32::try_from(x).ok())).collect();
    <[i32; 3]>::try_from(v).ok()
}

fn texture_table(mesh: &Mesh) -> Option<Vec<TextureEntry>> {
    let list = extra(&mesh.extras, "texture_table")?.as_array()?;
    list.iter().map(|v| texture_from_hex(v.as_str()?)).collect()
}

/// Reads the scene (see the module docs).
pub fn read(
    mesh: &Mesh,
    scale: f64,
    from_triangles: bool,
    report: &mut BuildReport,
) -> Result<Scene, BuildError> {
    mesh.check().map_err(|e| BuildError::Scene(e.to_string()))?;
    refuse_clamped(mesh)?;
    let levelkit = extra(&mesh.extras, "format").and_then(Value::as_str) == Some("reptar-level");
    let mut numbered: Vec<(usize, &Object)> = Vec::new();
    let mut others: Vec<&Object> = Vec::new();
    let mut portals = Vec::new();
    for o in &mesh.objects {
        match parse_name(&o.name) {
            Name::Room(n) => numbered.push((n, o)),
            Name::Portal(n, to) => portals.push(read_portal(o, n, to, scale)?),
            Name::Other if !o.faces.is_empty() => others.push(o),
            Name::Other => report.ignored_objects.push(o.name.clone()),
        }
    }
    let next = numbered.iter().map(|(n, _)| n + 1).max().unwrap_or(0);
    numbered.extend(others.into_iter().enumerate().map(|(i, o)| (next + i, o)));
    let listed = extra(&mesh.extras, "rooms")
        .and_then(Value::as_array)
        .map_or(0, |a| a.iter().filter_map(Value::as_u64).map(|n| n.saturating_add(1)).max().unwrap_or(0));
    let count = numbered.iter().map(|(n, _)| n + 1).max().unwrap_or(0);
    let count = count.max(usize::try_from(listed).unwrap_or(usize::MAX).min(MAX_ROOMS));
    if let Some((n, o)) = numbered.iter().find(|(n, _)| *n >= MAX_ROOMS) {
        return Err(BuildError::RoomNumber { object: o.name.clone(), room: *n });
    }
    if count == 0 {
        return Err(BuildError::NoRooms);
    }
    let mut rooms = vec![SceneRoom::default(); count];
    for (n, o) in numbered {
        let room = &mut rooms[n];
        room.objects.push(o.name.clone());
        if room.frame.is_none() {
            room.frame = match (
                extra_i32x3(&o.extras, "centre"),
                extra_i32x3(&o.extras, "min"),
                extra_i32x3(&o.extras, "max"),
            ) {
                (Some(centre), Some(min), Some(max)) => Some(Frame { centre, min, max }),
                _ => None,
            };
        }
        read_faces(o, scale, levelkit, from_triangles, room);
    }
    Ok(Scene { rooms, portals, texture_table: texture_table(mesh) })
}

/// Refuses a scene whose face data was clamped to 0..1 on the way ([`BuildError::Clamped`]): the export
/// gives every corner of a face its corner count (3 or 4), so an object with faces whose data names no
/// count at all (only 0 and 65,535; the glTF reader reads a vertex holding 65,535 as no data) is no export's.
fn refuse_clamped(mesh: &Mesh) -> Result<(), BuildError> {
    for o in mesh.objects.iter().filter(|o| !o.faces.is_empty()) {
        let Some(values) = o.data(DATA_FACE) else { continue };
        if !values.iter().any(|v| *v != NO_DATA && matches!(v[3] >> 8, 3 | 4)) {
            return Err(BuildError::Clamped { object: o.name.clone(), attribute: format!("_{DATA_FACE}") });
        }
    }
    Ok(())
}

/// The game-axes world position of a mesh position.
fn game(p: [f32; 3], scale: f64) -> [f64; 3] {
    [f64::from(p[0]) * scale, -f64::from(p[1]) * scale, -f64::from(p[2]) * scale]
}

fn valid(v: Option<&[u16; 4]>) -> Option<[u16; 4]> {
    v.copied().filter(|v| *v != NO_DATA)
}

fn read_faces(o: &Object, scale: f64, levelkit: bool, from_triangles: bool, room: &mut SceneRoom) {
    let vdata = o.data(DATA_VERTEX);
    let fdata = o.data(DATA_FACE);
    let cdata = o.data(DATA_COLOUR);
    let at = |d: Option<&[[u16; 4]]>, i: u32| valid(d.and_then(|d| d.get(usize::try_from(i).ok()?)));
    let corner = |i: u32| -> Corner {
        let k = usize::try_from(i).unwrap_or(usize::MAX);
        let shown = o.colours.as_ref().and_then(|c| c.get(k));
        let colour = corner_colour(at(cdata, i), shown).bytes();
        let v = at(vdata, i);
        Corner {
            world: game(o.positions.get(k).copied().unwrap_or_default(), scale),
            colour,
            pad: v.map_or(0, |v| v[2]),
            uv: o.uvs.as_ref().and_then(|u| u.get(k)).copied(),
            vertex: v.map(|v| v[1]),
        }
    };
    count_colours(o, cdata, room);
    // Face hints: the data's texture and flags when every corner agrees, else the export's face flags.
    let hints = |f: &Face| -> (Option<u16>, Option<u16>) {
        let values: Vec<Option<[u16; 4]>> = f.corners.iter().map(|&c| at(fdata, c)).collect();
        match values.first() {
            Some(Some(first)) if values.iter().all(|v| v.as_ref() == Some(first)) => {
                (Some(first[1]), Some(first[2]))
            }
            _ if levelkit => (u16::try_from(f.flags >> 16).ok(), u16::try_from(f.flags & 0xFFFF).ok()),
            _ => (None, None),
        }
    };

    // Gather tagged triangles by (blob, face).
    let mut gathered: BTreeMap<(u16, u16), Vec<usize>> = BTreeMap::new();
    let mut loose: Vec<usize> = Vec::new();
    for (fi, f) in o.faces.iter().enumerate() {
        let key = (f.corners.len() == 3 || f.corners.len() == 4)
            .then(|| {
                let ids: Vec<(u16, u16)> = f
                    .corners
                    .iter()
                    .map(|&c| Some((at(vdata, c)?[0], at(fdata, c)?[0])))
                    .collect::<Option<Vec<_>>>()?;
                ids.iter().all(|id| *id == ids[0]).then_some(ids[0])
            })
            .flatten();
        match key {
            Some(k) => gathered.entry(k).or_default().push(fi),
            None => loose.push(fi),
        }
    }
    for ((blob, face_index), faces) in gathered {
        match exact_face(o, &faces, &corner, |c| at(vdata, c), |c| at(fdata, c)) {
            Some((corners, fvalue)) => {
                let kind = if corners.len() == 4 { FaceKind::Quad } else { FaceKind::Triangle };
                room.exact.push(ShapedFace {
                    object: o.name.clone(),
                    index: faces[0],
                    kind,
                    corners,
                    exact: Some(super::scene::ExactId {
                        blob,
                        face: face_index,
                        fill: (fvalue[3] & 0xFF) as u8,
                    }),
                    texture: Some(fvalue[1]),
                    flags: Some(fvalue[2]),
                    group: o.faces[faces[0]].group,
                });
            }
            None => loose.extend(faces),
        }
    }
    loose.sort_unstable();

    let game_ring = |f: &Face| -> Vec<Corner> {
        let mut ring: Vec<Corner> = f.corners.iter().map(|&c| corner(c)).collect();
        ring[1..].reverse();
        ring
    };
    let mut k = 0;
    while let Some(&fi) = loose.get(k) {
        let f = &o.faces[fi];
        let (texture, flags) = hints(f);
        let mut polygon = Polygon {
            object: o.name.clone(),
            index: fi,
            ring: game_ring(f),
            halves: None,
            texture,
            flags,
            group: f.group,
        };
        if from_triangles && f.corners.len() == 3 {
            if let Some(&next) = loose.get(k + 1).filter(|&&n| n == fi + 1) {
                let g = &o.faces[next];
                let mesh_ring = |f: &Face| f.corners.iter().map(|&c| corner(c)).collect::<Vec<_>>();
                let same = g.group == f.group && hints(g) == (texture, flags);
                if let Some(joined) = same.then(|| join(&mesh_ring(f), &mesh_ring(g))).flatten() {
                    let mut ring = joined;
                    ring[1..].reverse();
                    polygon.ring = ring;
                    polygon.halves = Some([game_ring(f), game_ring(g)]);
                    k += 1;
                }
            }
        }
        room.polygons.push(polygon);
        k += 1;
    }
}

/// Counts the vertices faces use whose colour comes from COLOR_0 (see `corner` in [`read_faces`]):
/// repainted ones, and ones without stored bytes.
fn count_colours(o: &Object, cdata: Option<&[[u16; 4]]>, room: &mut SceneRoom) {
    let Some(shown) = o.colours.as_ref() else { return };
    let mut used = vec![false; o.positions.len()];
    for c in o.faces.iter().flat_map(|f| &f.corners) {
        if let Some(u) = used.get_mut(usize::try_from(*c).unwrap_or(usize::MAX)) {
            *u = true;
        }
    }
    for (k, s) in shown.iter().enumerate().filter(|(k, _)| used[*k]) {
        match corner_colour(valid(cdata.and_then(|d| d.get(k))), Some(s)) {
            CornerColour::Stored(_) => {}
            CornerColour::Repainted(_) => room.colours_repainted += 1,
            CornerColour::Unstored(_) => room.colours_unstored += 1,
        }
    }
}

/// Whether two linear colour channels show the same at 8 bits a channel in display values (a 1-step
/// difference is rounding: glTF tools such as Blender's keep colours as 8-bit sRGB).
fn same_shade(a: f32, b: f32) -> bool {
    let shade = |x: f32| (linear_to_srgb(x.clamp(0.0, 1.0)) * 255.0).round();
    (shade(a) - shade(b)).abs() <= 1.0
}

/// A corner's colour bytes and where they come from.
enum CornerColour {
    /// The stored bytes (`_REPTAR_COLOUR`), flash included.
    Stored([u8; 4]),
    /// COLOR_0's, which differs from the stored bytes: repainted since the export.
    Repainted([u8; 4]),
    /// COLOR_0's (or mid grey), for want of stored bytes: clamped to 0x80, flash 0.
    Unstored([u8; 4]),
}

impl CornerColour {
    fn bytes(&self) -> [u8; 4] {
        match self {
            CornerColour::Stored(c) | CornerColour::Repainted(c) | CornerColour::Unstored(c) => *c,
        }
    }
}

/// The stored bytes, unless COLOR_0 was repainted since the export (see [`colour_factor`]).
fn corner_colour(stored: Option<[u16; 4]>, shown: Option<&[f32; 4]>) -> CornerColour {
    let stored =
        stored.filter(|c| c.iter().all(|&x| x <= 255)).map(|c| c.map(|x| u8::try_from(x).unwrap_or(u8::MAX)));
    let from_shown = |s: &[f32; 4]| [colour_byte(s[0]), colour_byte(s[1]), colour_byte(s[2]), 0];
    match (stored, shown) {
        (Some(c), Some(s)) if (0..3).all(|j| same_shade(colour_factor(c[j], c[3]), s[j])) => {
            CornerColour::Stored(c)
        }
        (Some(c), None) => CornerColour::Stored(c),
        (Some(_), Some(s)) => CornerColour::Repainted(from_shown(s)),
        (None, Some(s)) => CornerColour::Unstored(from_shown(s)),
        (None, None) => CornerColour::Unstored([0x80, 0x80, 0x80, 0]),
    }
}

/// Two triangles (mesh winding) sharing an edge in opposite directions, as one 4-ring in mesh winding.
fn join(a: &[Corner], b: &[Corner]) -> Option<Vec<Corner>> {
    for i in 0..3 {
        let (x, y) = (a[i], a[(i + 1) % 3]);
        for j in 0..3 {
            if b[j] == y && b[(j + 1) % 3] == x {
                let third = b[(j + 2) % 3];
                if a.contains(&third) {
                    return None;
                }
                let mut ring = a.to_vec();
                ring.insert(i + 1, third);
                return Some(ring);
            }
        }
    }
    None
}

/// The corners of a gathered face in Z order, when the gathering is whole and consistent.
fn exact_face(
    o: &Object,
    faces: &[usize],
    corner: &impl Fn(u32) -> Corner,
    vdata: impl Fn(u32) -> Option<[u16; 4]>,
    fdata: impl Fn(u32) -> Option<[u16; 4]>,
) -> Option<(Vec<Corner>, [u16; 4])> {
    let first = *o.faces.get(*faces.first()?)?.corners.first()?;
    let fvalue = fdata(first)?;
    let count = usize::from(fvalue[3] >> 8);
    // The face whole (a mesh editor keeps quads: Blender), else as the export's triangles (glTF).
    let whole = match faces {
        [only] => o.faces.get(*only)?.corners.len() == count,
        _ => false,
    };
    let triangles = faces.len() == count.saturating_sub(2)
        && faces.iter().all(|&fi| o.faces.get(fi).is_some_and(|f| f.corners.len() == 3));
    if !(count == 3 || count == 4) || !(whole || triangles) {
        return None;
    }
    if whole && !exported_winding(&o.faces.get(faces[0])?.corners, count, &vdata)? {
        // Flipped since the export: built again with its new winding.
        return None;
    }
    let mut slots: Vec<Option<Corner>> = vec![None; count];
    for &fi in faces {
        let f = o.faces.get(fi)?;
        let mut seen = [false; 4];
        for &c in &f.corners {
            if fdata(c)? != fvalue {
                return None;
            }
            let slot = usize::from(vdata(c)?[3]);
            let here = corner(c);
            match slots.get_mut(slot)? {
                Some(there) if *there != here => return None,
                s => *s = Some(here),
            }
            if std::mem::replace(seen.get_mut(slot)?, true) {
                return None;
            }
        }
    }
    Some((slots.into_iter().collect::<Option<Vec<_>>>()?, fvalue))
}

/// Whether a whole face's ring runs as the export wrote it (a rotation of its ring, not its mirror): the
/// corners' Z-order places, read around the ring, are a rotation of [`FaceKind::mesh_ring`]'s.
fn exported_winding(corners: &[u32], count: usize, vdata: &impl Fn(u32) -> Option<[u16; 4]>) -> Option<bool> {
    let kind = if count == 4 { FaceKind::Quad } else { FaceKind::Triangle };
    let places: Vec<usize> =
        corners.iter().map(|&c| vdata(c).map(|v| usize::from(v[3]))).collect::<Option<_>>()?;
    let ring = kind.mesh_ring();
    Some((0..count).any(|k| (0..count).all(|i| places[(i + k) % count] == ring[i])))
}

fn read_portal(o: &Object, number: usize, to: Option<usize>, scale: f64) -> Result<ScenePortal, BuildError> {
    let fail = |problem: &str| BuildError::Portal { object: o.name.clone(), problem: problem.to_string() };
    // The distinct points, and each line (or the face's ring) as a pair of points.
    let mut points: Vec<[f32; 3]> = Vec::new();
    let mut point = |p: [f32; 3]| match points.iter().position(|q| *q == p) {
        Some(i) => i,
        None => {
            points.push(p);
            points.len() - 1
        }
    };
    let pos = |i: u32| o.positions.get(usize::try_from(i).unwrap_or(usize::MAX)).copied().unwrap_or_default();
    let ring_problem = "a portal is 4 corners joined in a ring by 4 lines (as exported) or one 4-corner face";
    if o.lines.is_empty() && o.faces.is_empty() {
        return Err(fail(
            "the portal has no lines: a portal is 4 corners joined in a ring by 4 lines, as exported. Blender's \
             glTF exporter leaves loose edges out unless its Include › Data › Loose Edges is ticked, and \
             levelkit's _REPTAR_ attributes unless Include › Data › Attributes is; levelkit's Blender add-on \
             (File › Export › Rugrats level) keeps both",
        ));
    }
    let four =
        o.lines.len() == 4 || (o.lines.is_empty() && o.faces.len() == 1 && o.faces[0].corners.len() == 4);
    if !four {
        return Err(fail(ring_problem));
    }
    let mut edges: Vec<[usize; 2]> = Vec::new();
    if !o.lines.is_empty() {
        for l in &o.lines {
            edges.push([point(pos(l.ends[0])), point(pos(l.ends[1]))]);
        }
    } else if let [f] = o.faces.as_slice() {
        let n = f.corners.len();
        for k in 0..n {
            edges.push([point(pos(f.corners[k])), point(pos(f.corners[(k + 1) % n]))]);
        }
    }
    if points.len() != 4 || edges.len() != 4 {
        return Err(fail(ring_problem));
    }
    let mut ring = vec![edges[0][0], edges[0][1]];
    let mut used = vec![0usize];
    while ring.len() < 4 {
        let last = *ring.last().unwrap_or(&0);
        let (i, e) = edges
            .iter()
            .enumerate()
            .find(|(i, e)| !used.contains(i) && e.contains(&last))
            .ok_or_else(|| fail(ring_problem))?;
        used.push(i);
        let other = if e[0] == last { e[1] } else { e[0] };
        if ring.contains(&other) {
            return Err(fail(ring_problem));
        }
        ring.push(other);
    }
    let z = [ring[0], ring[1], ring[3], ring[2]].map(|i| game(points[i], scale));
    let extras = &o.extras;
    let tail = extra(extras, "tail").and_then(Value::as_str).and_then(|t| hex::decode_array(t).ok());
    let flags = extra(extras, "corner_flags").and_then(Value::as_array).and_then(|a| {
        let v: Vec<u16> = a.iter().filter_map(|x| x.as_u64().and_then(|x| u16::try_from(x).ok())).collect();
        <[u16; 4]>::try_from(v).ok()
    });
    Ok(ScenePortal {
        object: o.name.clone(),
        number,
        corners: z,
        room: extra_usize(extras, "room"),
        destination: extra_usize(extras, "destination_room").or(to),
        tail,
        flags,
    })
}
