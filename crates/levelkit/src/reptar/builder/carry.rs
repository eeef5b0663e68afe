//! The level around the built rooms: portals, and what levelkit does not understand.
//!
//! With a base level, room N of the build takes room N's record fields other than its centre, bounds and
//! counts (unknown bytes, run-time leftovers), its 24-byte records and its byte list; the level takes the
//! base's never-used records, pad bytes and trailing bytes; a room whose blobs are the base room's keeps
//! its stored geometry size. Portal N takes base portal N's tail and corner flags, unless the portal
//! object's extras give them (`tail`, `corner_flags`, as exported). Without a base: record fields 0 but
//! `+0x58` = 256 (as in every DB22 room), no 24-byte records, empty byte lists, zero tails and flags.
//!
//! Rooms: with a base, the scene gets every base room up to the last one a portal leads to (a room it
//! lacks has no geometry).
//!
//! Portals: the room that takes one is its extras' `room`, else base portal N's room, else the room
//! whose bounds hold its middle. Its destination is extras `destination_room` (or `_to_MM`), else base
//! portal N's. Rooms take their portals in file order, so portals are sorted by (room, N).

use super::scene::{Scene, ScenePortal, SceneRoom};
use super::BuildError;
use crate::num::SaturatingFrom;
use crate::reptar::{Corner, Level, Portal, Room, RoomRecord, TextureEntry};

/// The default of the record field at 0x58: 256 in every DB22 room (its meaning is unknown).
pub const DEFAULT_UNKNOWN_58: u32 = 256;

fn portal_room(p: &ScenePortal, base: Option<&Level>, rooms: &[Room]) -> Result<usize, BuildError> {
    if let Some(r) = p.room {
        return Ok(r);
    }
    if let Some(r) = base.and_then(|b| b.world_portals().get(p.number).and_then(|w| w.room)) {
        return Ok(r);
    }
    let middle: Vec<f64> = (0..3).map(|k| p.corners.iter().map(|c| c[k]).sum::<f64>() / 4.0).collect();
    rooms
        .iter()
        .position(|r| {
            (0..3).all(|k| middle[k] >= f64::from(r.record.min[k]) && middle[k] <= f64::from(r.record.max[k]))
        })
        .ok_or_else(|| BuildError::Portal {
            object: p.object.clone(),
            problem: "no room's bounds hold the portal: give its object extras \"room\": N".into(),
        })
}

fn portal(p: &ScenePortal, destination: u16, base: Option<&Portal>) -> Result<Portal, BuildError> {
    let mut out = base.copied().unwrap_or_default();
    for (k, c) in p.corners.iter().enumerate() {
        let mut xyz = [0i16; 3];
        for a in 0..3 {
            let v = c[a].round();
            xyz[a] = i16::try_from(i64::saturating_from(v)).ok().filter(|_| v.abs() < 1e9).ok_or_else(|| BuildError::Portal {
                object: p.object.clone(),
                problem: format!(
                    "corner {k} at {} = {v} is outside the s16 range portal corners are stored in; scale the scene down",
                    ['x', 'y', 'z'][a]
                ),
            })?;
        }
        out.corners[k] = Corner { x: xyz[0], y: xyz[1], z: xyz[2], flags: out.corners[k].flags };
    }
    if let Some(flags) = p.flags {
        for (c, f) in out.corners.iter_mut().zip(flags) {
            c.flags = f;
        }
    }
    out.corners[1].flags = destination;
    if let Some(tail) = p.tail {
        out.tail = tail;
    }
    Ok(out)
}

/// Where a portal leads: its object's `destination_room` (or `_to_MM`), else base portal N's.
fn destination(p: &ScenePortal, base: Option<&Level>) -> Option<usize> {
    p.destination.or_else(|| base?.portals.get(p.number).map(|q| usize::from(q.destination())))
}

/// Gives the scene every room of the base up to the last one a portal leads to, so a room the scene lacks
/// (deleted, or an empty room an older export left out) is built without geometry, as a skipped number is.
pub fn add_rooms_portals_need(scene: &mut Scene, base: &Level) {
    let needed = scene
        .portals
        .iter()
        .filter_map(|p| destination(p, Some(base)))
        .filter(|&d| d < base.rooms.len())
        .map(|d| d + 1)
        .max()
        .unwrap_or(0);
    if scene.rooms.len() < needed {
        scene.rooms.resize(needed, SceneRoom::default());
    }
}

/// The whole level.
pub fn assemble(
    mut rooms: Vec<Room>,
    scene: &Scene,
    base: Option<&Level>,
    textures: Vec<TextureEntry>,
) -> Result<Level, BuildError> {
    let last = rooms.len().saturating_sub(1);
    let mut portals: Vec<(usize, usize, Portal)> = Vec::with_capacity(scene.portals.len());
    for p in &scene.portals {
        let base_portal = base.and_then(|b| b.portals.get(p.number));
        let destination = destination(p, base).ok_or_else(|| BuildError::Portal {
                object: p.object.clone(),
                problem: "where does it lead? give its object extras \"destination_room\": N, or name it portal_NN_to_MM"
                    .into(),
            })?;
        if destination >= rooms.len() {
            return Err(BuildError::PortalToMissingRoom { object: p.object.clone(), destination, last });
        }
        let destination = u16::try_from(destination).unwrap_or(u16::MAX);
        let room = portal_room(p, base, &rooms)?;
        if room >= rooms.len() {
            return Err(BuildError::Portal {
                object: p.object.clone(),
                problem: format!(
                    "it belongs to room {room}, which the scene does not have (rooms 0 to {last})"
                ),
            });
        }
        portals.push((room, p.number, portal(p, destination, base_portal)?));
    }
    portals.sort_by_key(|(room, number, _)| (*room, *number));

    let mut level = Level::default();
    for (n, room) in rooms.iter_mut().enumerate() {
        let base_room = base.and_then(|b| b.rooms.get(n));
        let placed = room.record;
        room.record = match base_room {
            Some(b) => b.record,
            None => RoomRecord { unknown_58: DEFAULT_UNKNOWN_58, ..RoomRecord::default() },
        };
        room.record.centre = placed.centre;
        room.record.min = placed.min;
        room.record.max = placed.max;
        room.record.portal_count =
            u32::try_from(portals.iter().filter(|(r, _, _)| *r == n).count()).unwrap_or(u32::MAX);
        let boxes = base.map_or(&[][..], |b| b.room_boxes(n));
        room.record.box_count = u32::try_from(boxes.len()).unwrap_or(u32::MAX);
        level.boxes.extend_from_slice(boxes);
        room.byte_list = base_room.map(|b| b.byte_list.clone()).unwrap_or_default();
        room.geometry_size = match base_room {
            Some(b) if b.blobs == room.blobs => b.geometry_size,
            _ => u32::try_from(room.geometry_len()).unwrap_or(u32::MAX),
        };
    }
    level.rooms = rooms;
    level.portals = portals.into_iter().map(|(_, _, p)| p).collect();
    level.textures = textures;
    if let Some(b) = base {
        level.unused = b.unused.clone();
        level.pad = b.pad.clone();
        level.trailing = b.trailing.clone();
    }
    level.fix_layout(false);
    Ok(level)
}
