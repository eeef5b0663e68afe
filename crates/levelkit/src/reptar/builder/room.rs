//! A room's placement and geometry blobs.
//!
//! - **Centre and bounds** ([`placement`]): a room whose faces' corner positions are the base room's plus one
//!   offset (zero: unchanged) takes the base's centre and bounds moved by it, and its base vertices keep their
//!   values; else the base's centre (or the extras') while every vertex fits in s16 around it, with the bounds
//!   grown to hold every vertex; else the bounds of the vertices (rounded to whole units) and their middle
//!   (rounded down). Stored bounds larger than the geometry, or that the geometry reaches past, are data.
//! - **Exact faces** go back to their blob, at their index, in face order. Their vertices keep their
//!   indices: with a base blob, its vertex list is the start (vertices no face uses stay; they move with a
//!   room moved as a whole, else keep their world position, and sit on a used vertex only when that does
//!   not fit in s16 around the centre);
//!   without one, the used indices are numbered in order. When corners disagree about a vertex, the value
//!   the base has wins, else the commonest; the other corners get vertices of their own at the end.
//!   Sections: the base blob's (empty ones too) when the faces' kinds run the same, else one per run of
//!   a kind. The blob header's unknown halfwords, link, gap, tail and end count are the base blob's; its
//!   bounds are the base blob's while the vertices are, else grown to hold them ([`finish_blob`]).
//! - **Other faces** fill new blobs in scene order: a blob is closed when the next face's new vertices
//!   would take it past 256. Vertices are shared when equal. Defaults: link 0, unknowns 0, end count 1.
//! - A base blob no face of the scene names is kept when it has no faces (it cannot be in a scene).

use super::scene::{Frame, SceneRoom};
use super::{BuildError, PlacedFace, MAX_BLOB_VERTICES};
use crate::num::SaturatingFrom;
use crate::reptar::{
    world_position, Blob, FaceKind, FaceSection, Quad, Room, RoomRecord, Triangle, Vertex, TRIANGLE_FILL,
};
use std::collections::{BTreeMap, HashMap};

type Key = (i16, i16, i16, u16, u8, u8, u8, u8);

fn key(v: &Vertex) -> Key {
    (v.x, v.y, v.z, v.pad, v.r, v.g, v.b, v.flash)
}

const AXES: [char; 3] = ['x', 'y', 'z'];

/// Rounded world positions, each with the object it came from.
fn points(faces: &[PlacedFace]) -> Result<Vec<([i64; 3], &str)>, BuildError> {
    let mut out = Vec::new();
    for f in faces {
        for c in &f.face.corners {
            let mut p = [0i64; 3];
            for k in 0..3 {
                let v = c.world[k].round();
                if v.is_nan() || v.abs() > f64::from(i32::MAX) {
                    return Err(BuildError::Huge {
                        object: f.face.object.clone(),
                        axis: AXES[k],
                        value: c.world[k],
                    });
                }
                // Checked against the i32 range just above: the cast is exact.
                p[k] = i64::saturating_from(v);
            }
            out.push((p, f.face.object.as_str()));
        }
    }
    Ok(out)
}

/// The world positions of the faces' corners of a base room, each once, sorted.
fn corner_positions(room: &Room) -> Vec<[i64; 3]> {
    let mut out: Vec<[i64; 3]> = Vec::new();
    for blob in &room.blobs {
        let corners = blob.sections.iter().flat_map(|s| -> Vec<u8> {
            match s {
                FaceSection::Quads(q) => q.iter().flat_map(|q| q.v).collect(),
                FaceSection::Triangles(t) => t.iter().flat_map(|t| t.v).collect(),
            }
        });
        for v in corners.filter_map(|v| blob.vertices.get(usize::from(v))) {
            out.push(world_position(room.record.centre, v).map(i64::from));
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The offset that carries every corner of the base room onto the scene's, when there is one: the room was
/// moved as a whole (or not at all: zero).
fn translation(template: &Room, points: &[([i64; 3], &str)]) -> Option<[i64; 3]> {
    let old = corner_positions(template);
    let mut new: Vec<[i64; 3]> = points.iter().map(|(p, _)| *p).collect();
    new.sort_unstable();
    new.dedup();
    if old.len() != new.len() {
        return None;
    }
    let d = match (old.first(), new.first()) {
        (Some(a), Some(b)) => [0, 1, 2].map(|k| b[k] - a[k]),
        _ => [0; 3],
    };
    old.iter().zip(&new).all(|(a, b)| (0..3).all(|k| b[k] - a[k] == d[k])).then_some(d)
}

fn shifted(v: [i32; 3], d: [i64; 3]) -> Option<[i32; 3]> {
    let out: Vec<i32> = (0..3).filter_map(|k| i32::try_from(i64::from(v[k]) + d[k]).ok()).collect();
    <[i32; 3]>::try_from(out).ok()
}

/// Whether every point lies within s16 of `centre`.
fn centre_holds(centre: [i32; 3], points: &[([i64; 3], &str)]) -> bool {
    points.iter().all(|(p, _)| (0..3).all(|k| i16::try_from(p[k] - i64::from(centre[k])).is_ok()))
}

/// Where a room is: its centre and bounds, and how far its base vertices move in the world (non-zero only
/// for a room moved as a whole).
struct Placement {
    frame: Frame,
    moved_by: [i64; 3],
}

/// The room's placement (see the module docs): a room moved as a whole (or not at all) carries its
/// centre and bounds along; an edited one keeps its centre while every vertex fits around it and its
/// bounds grown to hold every vertex; else both are computed.
fn placement(
    template: Option<&Room>,
    room: &SceneRoom,
    points: &[([i64; 3], &str)],
) -> Result<Placement, BuildError> {
    let base = template.map(|t| Frame { centre: t.record.centre, min: t.record.min, max: t.record.max });
    if let (Some(t), Some(frame)) = (template, base) {
        if let Some(d) = translation(t, points) {
            if let (Some(centre), Some(min), Some(max)) =
                (shifted(frame.centre, d), shifted(frame.min, d), shifted(frame.max, d))
            {
                if centre_holds(centre, points) {
                    return Ok(Placement { frame: Frame { centre, min, max }, moved_by: d });
                }
            }
        }
    }
    if let Some(mut frame) = base.or(room.frame).filter(|f| centre_holds(f.centre, points)) {
        for (p, _) in points {
            for (k, &c) in p.iter().enumerate() {
                // Within i32: every point was checked to be.
                let c = i32::try_from(c).unwrap_or(0);
                frame.min[k] = frame.min[k].min(c);
                frame.max[k] = frame.max[k].max(c);
            }
        }
        return Ok(Placement { frame, moved_by: [0; 3] });
    }
    let frame = if points.is_empty() {
        Frame { centre: [0; 3], min: [0; 3], max: [0; 3] }
    } else {
        computed(points)?
    };
    Ok(Placement { frame, moved_by: [0; 3] })
}

/// The bounds of the points and their middle (rounded down), when every point fits within s16 of it.
fn computed(points: &[([i64; 3], &str)]) -> Result<Frame, BuildError> {
    let mut frame = Frame { centre: [0; 3], min: [0; 3], max: [0; 3] };
    for k in 0..3 {
        let (lo, hi) = points.iter().fold((i64::MAX, i64::MIN), |(a, b), (p, _)| (a.min(p[k]), b.max(p[k])));
        let centre = (lo + hi).div_euclid(2);
        let span = hi - lo;
        if let Some((p, object)) = points.iter().find(|(p, _)| i16::try_from(p[k] - centre).is_err()) {
            let rel = p[k] - centre;
            let by = if rel > 0 { rel - i64::from(i16::MAX) } else { i64::from(i16::MIN) - rel };
            return Err(BuildError::OutOfRange {
                object: object.to_string(),
                axis: AXES[k],
                value: p[k],
                by,
                low: centre + i64::from(i16::MIN),
                high: centre + i64::from(i16::MAX),
                span,
            });
        }
        // Within i32: every point was.
        frame.min[k] = i32::try_from(lo).unwrap_or(i32::MIN);
        frame.max[k] = i32::try_from(hi).unwrap_or(i32::MAX);
        frame.centre[k] = i32::try_from(centre).unwrap_or(0);
    }
    Ok(frame)
}

/// A face's vertices relative to the centre (the frame holds every corner, so each fits).
fn vertices(f: &PlacedFace, centre: [i32; 3]) -> Vec<Vertex> {
    f.face
        .corners
        .iter()
        .map(|c| {
            let rel = |k: usize| {
                let v = c.world[k].round() - f64::from(centre[k]);
                // In the s16 range: the frame was chosen so.
                i16::saturating_from(v.clamp(f64::from(i16::MIN), f64::from(i16::MAX)))
            };
            let [r, g, b, flash] = c.colour;
            Vertex { x: rel(0), y: rel(1), z: rel(2), pad: c.pad, r, g, b, flash }
        })
        .collect()
}

/// A face record, `v` its vertex indices in Z order.
enum Record {
    Quad(Quad),
    Triangle(Triangle),
}

fn record(f: &PlacedFace, v: &[u8]) -> Record {
    let fill = f.face.exact.map_or(TRIANGLE_FILL, |e| e.fill);
    match f.face.kind {
        FaceKind::Quad => {
            Record::Quad(Quad { v: [v[0], v[1], v[2], v[3]], texture: f.texture, flags: f.flags })
        }
        FaceKind::Triangle => {
            Record::Triangle(Triangle { v: [v[0], v[1], v[2]], fill, texture: f.texture, flags: f.flags })
        }
    }
}

/// Sections: the template's shape when the kinds run the same, else one per run of a kind.
fn sections(records: Vec<Record>, template: Option<&Blob>) -> Vec<FaceSection> {
    let kinds: Vec<bool> = records.iter().map(|r| matches!(r, Record::Quad(_))).collect();
    let template_kinds: Option<Vec<(bool, usize)>> =
        template.map(|t| t.sections.iter().map(|s| (matches!(s, FaceSection::Quads(_)), s.len())).collect());
    let shape: Vec<(bool, usize)> = match template_kinds {
        Some(t) if t.iter().flat_map(|&(q, n)| std::iter::repeat_n(q, n)).eq(kinds.iter().copied()) => t,
        _ => {
            let mut runs: Vec<(bool, usize)> = Vec::new();
            for q in kinds {
                match runs.last_mut() {
                    Some((kind, n)) if *kind == q => *n += 1,
                    _ => runs.push((q, 1)),
                }
            }
            runs
        }
    };
    let mut records = records.into_iter();
    shape
        .into_iter()
        .map(|(quads, n)| {
            let run = records.by_ref().take(n);
            if quads {
                FaceSection::Quads(
                    run.filter_map(|r| if let Record::Quad(q) = r { Some(q) } else { None }).collect(),
                )
            } else {
                FaceSection::Triangles(
                    run.filter_map(|r| if let Record::Triangle(t) = r { Some(t) } else { None }).collect(),
                )
            }
        })
        .collect()
}

fn bounds(vertices: &[Vertex]) -> ([i16; 3], [i16; 3]) {
    let (mut min, mut max) = ([i16::MAX; 3], [i16::MIN; 3]);
    for v in vertices {
        for (k, c) in [v.x, v.y, v.z].into_iter().enumerate() {
            min[k] = min[k].min(c);
            max[k] = max[k].max(c);
        }
    }
    if vertices.is_empty() {
        return ([0; 3], [0; 3]);
    }
    (min, max)
}

/// A blob of `vertices` and face `records`; with a template, its header's bounds are the template's while
/// the vertices are, grown to hold them while the vertices are relative to the same place (`same_frame`:
/// the centre is the base's, or moved with the whole room), else computed.
fn finish_blob(
    vertices: Vec<Vertex>,
    records: Vec<Record>,
    template: Option<&Blob>,
    same_frame: bool,
) -> Blob {
    let sections = sections(records, template);
    let (min, max) = match template {
        Some(t) if t.vertices == vertices => (t.min, t.max),
        Some(t) if same_frame && !t.vertices.is_empty() && !vertices.is_empty() => {
            let (lo, hi) = bounds(&vertices);
            (std::array::from_fn(|k| t.min[k].min(lo[k])), std::array::from_fn(|k| t.max[k].max(hi[k])))
        }
        _ => bounds(&vertices),
    };
    let mut blob = Blob { min, max, vertices, sections, end_count: 1, ..Blob::default() };
    if let Some(t) = template {
        blob.link = t.link;
        blob.unknown_0a = t.unknown_0a;
        blob.unknown_12 = t.unknown_12;
        blob.gap = t.gap.clone();
        blob.tail = t.tail.clone();
        blob.end_count = t.end_count;
    }
    blob
}

/// The value of a claimed vertex: the template's when a corner has it, else the commonest (the first of
/// equals).
fn chosen(claims: &[Vertex], template: Option<&Vertex>) -> Vertex {
    if let Some(t) = template.filter(|t| claims.contains(t)) {
        return *t;
    }
    let mut counts: HashMap<Key, usize> = HashMap::new();
    for c in claims {
        *counts.entry(key(c)).or_default() += 1;
    }
    let mut best = claims[0];
    for c in claims {
        if counts[&key(c)] > counts[&key(&best)] {
            best = *c;
        }
    }
    best
}

/// A blob of exact faces (in face order); faces that no longer fit come back for new blobs.
fn exact_blob(
    faces: Vec<(PlacedFace, Vec<Vertex>)>,
    template: Option<&Blob>,
    moved: impl Fn(&Vertex) -> Option<Vertex>,
    same_frame: bool,
) -> (Option<Blob>, Vec<PlacedFace>) {
    let mut claims: BTreeMap<u16, Vec<Vertex>> = BTreeMap::new();
    let mut overflow = Vec::new();
    let mut kept = Vec::new();
    for (f, vs) in faces {
        let indices: Option<Vec<u16>> =
            f.face.corners.iter().map(|c| c.vertex.filter(|&v| v < 256)).collect();
        match indices {
            Some(ix) => {
                for (i, v) in ix.iter().zip(&vs) {
                    claims.entry(*i).or_default().push(*v);
                }
                kept.push((f, vs, ix));
            }
            None => overflow.push(f),
        }
    }
    let mut vertices: Vec<Vertex> = Vec::new();
    let mut slot: HashMap<u16, usize> = HashMap::new();
    match template {
        Some(t) => {
            vertices = t.vertices.iter().map(|v| moved(v).unwrap_or(*v)).collect();
            for (&i, vs) in &claims {
                let value = chosen(vs, t.vertices.get(usize::from(i)));
                match vertices.get_mut(usize::from(i)) {
                    Some(slot_value) => {
                        *slot_value = value;
                        slot.insert(i, usize::from(i));
                    }
                    None => {
                        slot.insert(i, vertices.len());
                        vertices.push(value);
                    }
                }
            }
            // Unused vertices that could not move with the room sit on a used one.
            if let Some(first) = claims.values().next().map(|vs| vs[0]) {
                for (k, v) in t.vertices.iter().enumerate() {
                    let used = claims.contains_key(&u16::try_from(k).unwrap_or(u16::MAX));
                    if !used && moved(v).is_none() {
                        if let Some(slot_value) = vertices.get_mut(k) {
                            *slot_value = Vertex { x: first.x, y: first.y, z: first.z, ..*v };
                        }
                    }
                }
            }
        }
        None => {
            for (&i, vs) in &claims {
                slot.insert(i, vertices.len());
                vertices.push(chosen(vs, None));
            }
        }
    }
    let mut extra: HashMap<Key, usize> = HashMap::new();
    let mut records = Vec::new();
    for (f, vs, ix) in kept {
        let mut v = Vec::with_capacity(4);
        let mut new_vertices = Vec::new();
        for (i, value) in ix.iter().zip(&vs) {
            let at = slot.get(i).copied().unwrap_or(usize::MAX);
            if vertices.get(at) == Some(value) {
                v.push(at);
            } else if let Some(&e) = extra.get(&key(value)) {
                v.push(e);
            } else {
                let e = vertices.len() + new_vertices.len();
                new_vertices.push(*value);
                extra.insert(key(value), e);
                v.push(e);
            }
        }
        if vertices.len() + new_vertices.len() > MAX_BLOB_VERTICES || v.iter().any(|&i| i > 255) {
            for nv in &new_vertices {
                extra.remove(&key(nv));
            }
            overflow.push(f);
            continue;
        }
        vertices.extend(new_vertices);
        let v: Vec<u8> = v.into_iter().map(|i| u8::try_from(i).unwrap_or(u8::MAX)).collect();
        records.push(record(&f, &v));
    }
    if records.is_empty() && template.is_none() {
        return (None, overflow);
    }
    (Some(finish_blob(vertices, records, template, same_frame)), overflow)
}

/// New blobs for faces without a place, in order.
fn new_blobs(faces: Vec<(PlacedFace, Vec<Vertex>)>) -> Vec<Blob> {
    let mut blobs = Vec::new();
    let mut vertices: Vec<Vertex> = Vec::new();
    let mut index: HashMap<Key, usize> = HashMap::new();
    let mut records = Vec::new();
    for (f, vs) in faces {
        let fresh = {
            let mut keys: Vec<Key> = vs.iter().map(key).filter(|k| !index.contains_key(k)).collect();
            keys.sort_unstable();
            keys.dedup();
            keys.len()
        };
        if vertices.len() + fresh > MAX_BLOB_VERTICES {
            blobs.push(finish_blob(std::mem::take(&mut vertices), std::mem::take(&mut records), None, false));
            index.clear();
        }
        let v: Vec<u8> = vs
            .iter()
            .map(|value| {
                let i = *index.entry(key(value)).or_insert_with(|| {
                    vertices.push(*value);
                    vertices.len() - 1
                });
                u8::try_from(i).unwrap_or(u8::MAX)
            })
            .collect();
        records.push(record(&f, &v));
    }
    if !records.is_empty() {
        blobs.push(finish_blob(vertices, records, None, false));
    }
    blobs
}

/// The room's record placement and blobs; [`super::carry`] fills in the rest of the record.
pub fn build_room(
    scene: &SceneRoom,
    faces: Vec<PlacedFace>,
    template: Option<&Room>,
) -> Result<Room, BuildError> {
    let Placement { frame, moved_by } = placement(template, scene, &points(&faces)?)?;
    let centre = frame.centre;
    let old_centre = template.map_or(centre, |t| t.record.centre);
    // A base vertex where the room puts it (moved with it, or staying where it was in the world),
    // relative to the new centre, when that fits in s16.
    let moved = |v: &Vertex| -> Option<Vertex> {
        let rel = [v.x, v.y, v.z];
        let mut out = [0i16; 3];
        for k in 0..3 {
            let world = i64::from(old_centre[k]) + i64::from(rel[k]) + moved_by[k];
            out[k] = i16::try_from(world - i64::from(centre[k])).ok()?;
        }
        Some(Vertex { x: out[0], y: out[1], z: out[2], ..*v })
    };
    let same_frame = template.is_some_and(|t| t.record.centre == centre) || moved_by != [0; 3];
    let mut by_blob: BTreeMap<u16, Vec<(PlacedFace, Vec<Vertex>)>> = BTreeMap::new();
    let mut loose = Vec::new();
    for f in faces {
        let vs = vertices(&f, centre);
        match f.face.exact {
            Some(id) => by_blob.entry(id.blob).or_default().push((f, vs)),
            None => loose.push((f, vs)),
        }
    }
    for faces in by_blob.values_mut() {
        faces.sort_by_key(|(f, _)| f.face.exact.map_or(0, |e| e.face));
    }
    let template_blobs = template.map_or(&[][..], |t| t.blobs.as_slice());
    let last = by_blob.keys().next_back().map_or(0, |&b| usize::from(b) + 1).max(template_blobs.len());
    let mut blobs = Vec::new();
    let mut overflow = Vec::new();
    for b in 0..last {
        let t = template_blobs.get(b);
        match by_blob.remove(&u16::try_from(b).unwrap_or(u16::MAX)) {
            Some(faces) => {
                let (blob, rest) = exact_blob(faces, t, moved, same_frame);
                blobs.extend(blob);
                overflow.extend(rest);
            }
            None => {
                if let Some(t) = t.filter(|t| t.sections.iter().all(FaceSection::is_empty)) {
                    let mut kept = t.clone();
                    kept.vertices
                        .iter_mut()
                        .for_each(|v| *v = moved(v).unwrap_or(Vertex { x: 0, y: 0, z: 0, ..*v }));
                    blobs.push(kept);
                }
            }
        }
    }
    let mut rest: Vec<(PlacedFace, Vec<Vertex>)> = overflow
        .into_iter()
        .map(|f| {
            let vs = vertices(&f, centre);
            (f, vs)
        })
        .collect();
    rest.extend(loose);
    blobs.extend(new_blobs(rest));
    let record = RoomRecord { centre, min: frame.min, max: frame.max, ..RoomRecord::default() };
    Ok(Room { record, blobs, ..Room::default() })
}
