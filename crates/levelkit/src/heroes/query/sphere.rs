//! The static-sphere query and its small-sphere node list.

use super::sphere_game;
use super::{in_reach, tree::selection, Contact, ContactKind, GameTree, Scratch, SphereWalk, Vec3};
use crate::num::saturate;
use crate::vecmath::add;

impl GameTree {
    /// The game's static-sphere query: every triangle within `radius` of `center` (one-sided), among those
    /// listed by the nodes the small-sphere node list reaches. Contacts go to [`Scratch::contacts`].
    pub fn sphere(&self, s: &mut Scratch, center: Vec3, radius: f32) -> SphereWalk {
        s.begin(self);
        let mut out = SphereWalk::default();
        let Some(leaf) = self.leaf_of(center[0], center[2]) else {
            out.aborted = self.usable;
            return out;
        };
        out.aborted = !self.small_sphere_nodes(s, leaf, center, radius);
        out.nodes = saturate(s.nodes.len());
        let r2 = radius * radius;
        self.each_listed(s, |s, t, tri| {
            if out.freezes || !in_reach(&tri.v, center, r2) {
                return;
            }
            out.tested += 1;
            match sphere_game::static_sphere(center, radius, &tri.v) {
                Ok(Some(o)) => s.contacts.push(Contact {
                    triangle: t,
                    kind: ContactKind::Intersection,
                    point: add(center, o.to_surface),
                    allowed: [0.0; 3],
                    push: o.push,
                    edge: 0,
                    attribute: tri.attribute,
                }),
                Ok(None) => {}
                Err(sphere_game::Freeze) => out.freezes = true,
            }
        });
        out
    }

    /// the walk ran out of steps.
    fn small_sphere_nodes(&self, s: &mut Scratch, leaf: u16, center: Vec3, radius: f32) -> bool {
        let upper = [center[0] + radius, center[2] + radius];
        let lower = [center[0] - radius, center[2] - radius];
        let Some(q) = self.nodes.get(usize::from(leaf)) else { return false };
        let e = q.half;
        if upper[0] < q.center[0] + e
            && q.center[0] - e < lower[0]
            && upper[1] < q.center[1] + e
            && q.center[1] - e < lower[1]
        {
            s.nodes.push(q.number);
            return true;
        }
        // The game recurses: a frame is (node, next step), steps 0–3 the children, 4–7 the neighbours.
        // Each visit marks the node's nodeNo; a file whose nodeNo fields lie can make the game loop, so the
        // number of visits is bounded.
        let budget = 4 * self.nodes.len() + 64;
        let mut visits = 0usize;
        let mut added: Vec<u16> = std::mem::take(&mut s.nodes);
        let enter = |s: &mut Scratch, added: &mut Vec<u16>, n: u16| -> bool {
            let Some(q) = self.nodes.get(usize::from(n)).filter(|q| q.ok) else { return false };
            s.mark_node(q.number);
            if q.child == 0 && q.num_poly != 0 && circle_meets_square(center, radius, q.center, q.half) {
                added.push(q.number);
            }
            s.stack.push((n, 0));
            true
        };
        let ok = 'walk: {
            if !enter(s, &mut added, leaf) {
                break 'walk false;
            }
            visits += 1;
            while let Some(&mut (n, ref mut step)) = s.stack.last_mut() {
                let q = self.nodes[usize::from(n)];
                let k = *step;
                *step += 1;
                let target = match k {
                    0..=3 if q.child != 0 => {
                        let bit = 1u8 << k;
                        let skip = selection(q.center, &upper, &lower) & bit != 0;
                        let child = q.child.checked_add(u16::from(k));
                        match child {
                            Some(c) if !skip && !s.node_seen(c) => Some(c),
                            _ => None,
                        }
                    }
                    0..=3 => None,
                    4..=7 => {
                        let side = usize::from(k - 4);
                        let m = q.neighbors[side];
                        let (c, e) = (q.center, q.half);
                        // The game skips a side the box does not reach past.
                        let short = match side {
                            0 => upper[0] < c[0] + e,
                            1 => lower[0] > c[0] - e,
                            2 => upper[1] < c[1] + e,
                            _ => lower[1] > c[1] - e,
                        };
                        (m != 0 && !s.node_seen(m) && !short).then_some(m)
                    }
                    _ => {
                        s.stack.pop();
                        continue;
                    }
                };
                if let Some(m) = target {
                    visits += 1;
                    if visits > budget {
                        break 'walk false;
                    }
                    // An index past the array ends that branch (the game would read garbage).
                    enter(s, &mut added, m);
                }
            }
            true
        };
        // The game prepends each node to its list.
        added.reverse();
        s.nodes = added;
        ok
    }
}

/// The small-sphere list's leaf test: does the circle of `radius` around the centre's (x, z) meet the
/// square? Its nine regions as the game splits them.
fn circle_meets_square(p: Vec3, radius: f32, c: [f32; 2], e: f32) -> bool {
    let (dx, dz) = (p[0] - c[0], p[2] - c[1]);
    let rx = if e < dx {
        1
    } else if dx < -e {
        2
    } else {
        0
    };
    let rz = if e < dz {
        3
    } else if dz < -e {
        6
    } else {
        0
    };
    match rx + rz {
        0 => true,
        1 | 2 => dx.abs() <= e + radius,
        3 | 6 => dz.abs() <= e + radius,
        _ => {
            let (cx, cz) = (dx.abs() - e, dz.abs() - e);
            cx * cx + cz * cz <= radius * radius
        }
    }
}
