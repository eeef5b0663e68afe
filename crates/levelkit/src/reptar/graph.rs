//! Rooms and the portals between them (`levelkit rooms`).

use super::*;
use serde::Serialize;
use std::fmt::Write as _;

/// A room: where it is, how much geometry it has and where its portals lead.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoomNode {
    /// Index into [`Level::rooms`].
    pub index: usize,
    /// The record's centre (+0x00), in world coordinates.
    pub centre: [i32; 3],
    /// The record's bounds minimum (+0x10), in world coordinates.
    pub min: [i32; 3],
    /// The record's bounds maximum (+0x20), in world coordinates.
    pub max: [i32; 3],
    /// Geometry blobs.
    pub blobs: usize,
    /// Vertices over its blobs.
    pub vertices: usize,
    /// Triangles over its blobs.
    pub triangles: usize,
    /// Quads over its blobs.
    pub quads: usize,
    /// Indices into [`Level::portals`] the room takes.
    pub portals: Vec<usize>,
    /// The rooms its portals lead to, sorted, each once.
    pub leads_to: Vec<u16>,
}

/// A portal as an edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RoomLink {
    /// Index into [`Level::portals`].
    pub portal: usize,
    /// The room that takes the portal; `None` when the rooms' counts stop short of it.
    pub from: Option<usize>,
    /// The destination room (corner 1's flags).
    pub to: u16,
    /// Whether the destination room exists.
    pub to_exists: bool,
}

/// The rooms of a level and the portals between them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoomGraph {
    /// Every room, in file order.
    pub rooms: Vec<RoomNode>,
    /// Every portal, in file order.
    pub links: Vec<RoomLink>,
}

impl RoomGraph {
    /// The graph of a level: each room with the portals the loader gives it.
    pub fn new(level: &Level) -> RoomGraph {
        let portals = level.world_portals();
        let links: Vec<RoomLink> = portals
            .iter()
            .map(|p| RoomLink {
                portal: p.index,
                from: p.room,
                to: p.destination,
                to_exists: p.destination_exists,
            })
            .collect();
        let rooms = level
            .rooms_with_parts()
            .into_iter()
            .map(|parts| {
                let room = parts.room;
                let mut leads_to: Vec<u16> = parts.portals.iter().map(Portal::destination).collect();
                leads_to.sort_unstable();
                leads_to.dedup();
                RoomNode {
                    index: parts.index,
                    centre: room.record.centre,
                    min: room.record.min,
                    max: room.record.max,
                    blobs: room.blobs.len(),
                    vertices: room.vertex_count(),
                    triangles: room.triangle_count(),
                    quads: room.quad_count(),
                    portals: parts.portal_range.collect(),
                    leads_to,
                }
            })
            .collect();
        RoomGraph { rooms, links }
    }

    /// One line a room: bounds, faces, where its portals lead.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for r in &self.rooms {
            let leads: Vec<String> = r.leads_to.iter().map(u16::to_string).collect();
            let _ = writeln!(
                s,
                "room {:>3}: bounds {:?}..{:?}, {} blobs, {} triangles, {} quads, {} portals -> [{}]",
                r.index,
                r.min,
                r.max,
                r.blobs,
                r.triangles,
                r.quads,
                r.portals.len(),
                leads.join(", ")
            );
        }
        let orphans = self.links.iter().filter(|l| l.from.is_none()).count();
        if orphans > 0 {
            let _ = writeln!(s, "{orphans} portals belong to no room (the rooms' counts stop short)");
        }
        s
    }

    /// A Graphviz graph: a node a room, an edge a portal (dashed to a room that does not exist).
    pub fn to_dot(&self) -> String {
        let mut s = String::from("digraph rooms {\n  node [shape=box, fontname=\"monospace\"];\n");
        for r in &self.rooms {
            let _ = writeln!(
                s,
                "  r{} [label=\"room {}\\n{} tris, {} quads\"];",
                r.index, r.index, r.triangles, r.quads
            );
        }
        let mut missing: Vec<u16> = self.links.iter().filter(|l| !l.to_exists).map(|l| l.to).collect();
        missing.sort_unstable();
        missing.dedup();
        for m in missing {
            let _ = writeln!(s, "  r{m} [label=\"room {m}\\n(missing)\", style=dashed];");
        }
        if self.links.iter().any(|l| l.from.is_none()) {
            s.push_str("  none [label=\"no room\", style=dotted];\n");
        }
        for l in &self.links {
            let from = l.from.map_or_else(|| "none".to_owned(), |r| format!("r{r}"));
            let style = if l.to_exists { "" } else { ", style=dashed" };
            let _ = writeln!(s, "  {from} -> r{} [label=\"{}\"{style}];", l.to, l.portal);
        }
        s.push_str("}\n");
        s
    }
}

impl Level {
    /// The rooms and the portals between them.
    pub fn room_graph(&self) -> RoomGraph {
        RoomGraph::new(self)
    }
}

#[cfg(test)]
mod tests {
    use crate::reptar::generate::{generate, Options};

    #[test]
    fn a_grid_of_rooms_links_neighbours_both_ways() {
        // 4 rooms: a 2 × 2 grid; each room leads to the two rooms beside it.
        let level = generate(&Options { rooms: 4, ..Options::small(1) });
        let g = level.room_graph();
        let leads: Vec<Vec<u16>> = g.rooms.iter().map(|r| r.leads_to.clone()).collect();
        assert_eq!(leads, [vec![1, 2], vec![0, 3], vec![0, 3], vec![1, 2]]);
        assert_eq!(g.links.len(), 8);
        let dot = g.to_dot();
        assert!(dot.starts_with("digraph rooms {"));
        assert!(dot.contains("r0 -> r2 [label=\"0\"]"), "{dot}");
        assert!(dot.contains("r0 -> r1 [label=\"1\"]"), "{dot}");
        assert!(g.to_text().contains("room   3:"));
    }

    #[test]
    fn missing_destinations_and_orphan_portals_show() {
        let mut level = generate(&Options { rooms: 2, ..Options::small(1) });
        level.portals[0].corners[1].flags = 9;
        level.rooms[1].record.portal_count = 0;
        let g = level.room_graph();
        assert_eq!(g.rooms[0].leads_to, [9]);
        assert!(!g.links[0].to_exists);
        assert_eq!(g.links[1].from, None);
        let dot = g.to_dot();
        assert!(dot.contains("r9 [label=\"room 9\\n(missing)\", style=dashed]"), "{dot}");
        assert!(dot.contains("none -> r0"), "{dot}");
        assert!(g.to_text().contains("1 portals belong to no room"));
    }
}
