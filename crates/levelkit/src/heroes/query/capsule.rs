//! The moving-sphere query and its capsule node list.

use super::sphere_game;
use super::tree::{selection, QNode, DESCENT_LIMIT};
use super::vector::{dot, normalize};
use super::{in_reach, Contact, ContactKind, GameTree, Scratch, SphereWalk, Vec3, FACING_CULL};
use crate::num::saturate;
use crate::vecmath::add;

/// The box around a swept sphere in X and Z, as the capsule node list takes it.
struct SweptBox {
    upper: [f32; 2],
    lower: [f32; 2],
}

impl SweptBox {
    fn new(point: Vec3, dir: Vec3, radius: f32) -> SweptBox {
        let (mut upper, mut lower) = ([0f32; 2], [0f32; 2]);
        for (k, axis) in [0usize, 2].into_iter().enumerate() {
            if dir[axis] >= 0.0 {
                upper[k] = point[axis] + dir[axis] + radius;
                lower[k] = point[axis] - radius;
            } else {
                upper[k] = point[axis] + radius;
                lower[k] = point[axis] + dir[axis] - radius;
            }
        }
        SweptBox { upper, lower }
    }

    /// Node `q`'s square as the game computes it: (min, max).
    fn square(q: &QNode) -> ([f32; 2], [f32; 2]) {
        let (c, e) = (q.center, q.half);
        ([c[0] - e, c[1] - e], [c[0] + e, c[1] + e])
    }

    /// Whether the box holds node `q`'s square wholly (the game takes such a node whole).
    fn holds(&self, q: &QNode) -> bool {
        let (min, max) = SweptBox::square(q);
        let (lower, upper) = (self.lower, self.upper);
        lower[0] <= min[0] && max[0] <= upper[0] && lower[1] <= min[1] && max[1] <= upper[1]
    }

    /// Whether the box meets leaf `q`'s square, as the game tests it (by the square's minimum corner).
    fn meets(&self, q: &QNode) -> bool {
        let (min, max) = SweptBox::square(q);
        let (lower, upper) = (self.lower, self.upper);
        let meets = |a: usize| {
            (lower[a] <= min[a] && min[a] <= upper[a]) || (min[a] <= lower[a] && lower[a] <= max[a])
        };
        meets(0) && meets(1)
    }
}

impl GameTree {
    /// The capsule node list (`MakeIntersectionNodeListWithCapsule`) into `s.nodes`: nodes whose square
    /// meets the box around the swept sphere, descending from the root's children; a node wholly inside the
    /// box is taken if its own numPoly ≠ 0 and never descended. Returns false if the walk was cut short.
    fn capsule_nodes(&self, s: &mut Scratch, point: Vec3, dir: Vec3, radius: f32) -> bool {
        let swept = SweptBox::new(point, dir, radius);
        let (upper, lower) = (swept.upper, swept.lower);
        let half = 0.5 * self.root_length;
        let rc = self.root_center;
        if upper[0] < rc[0] - half
            || rc[0] + half < lower[0]
            || upper[1] < rc[1] - half
            || rc[1] + half < lower[1]
        {
            return true;
        }
        let Some(root) = self.nodes.first() else { return true };
        let mut added: Vec<u16> = std::mem::take(&mut s.nodes);
        s.stack.clear();
        let sel = selection(rc, &upper, &lower);
        // The game takes the root's children at childNo + k even when the root is a leaf (childNo 0).
        for k in (0..4u16).rev() {
            if sel & (1 << k) == 0 {
                s.stack.push((root.child.wrapping_add(k), 0));
            }
        }
        let budget = 4 * self.nodes.len() + 64;
        let mut visits = 0usize;
        let mut ok = true;
        while let Some((n, depth)) = s.stack.pop() {
            visits += 1;
            if visits > budget || usize::from(depth) > DESCENT_LIMIT {
                ok = false;
                break;
            }
            let Some(q) = self.nodes.get(usize::from(n)).filter(|q| q.ok) else { continue };
            let c = q.center;
            if swept.holds(q) {
                if q.num_poly != 0 {
                    added.push(q.number);
                }
                continue;
            }
            if q.child != 0 {
                let sel = selection(c, &upper, &lower);
                for k in (0..4u16).rev() {
                    if sel & (1 << k) == 0 {
                        if let Some(child) = q.child.checked_add(k) {
                            s.stack.push((child, depth + 1));
                        }
                    }
                }
            } else if q.num_poly != 0 && swept.meets(q) {
                added.push(q.number);
            }
        }
        added.reverse();
        s.nodes = added;
        ok
    }

    /// Whether the moving-sphere query for a sphere of `radius` at `point` moving by `dir` can have node
    /// `n` in its node list ([`Scratch::node_list`]): only if the box around the swept sphere holds the
    /// node's square, or, for a leaf, meets it, and it lists something. Not whether it does: the descent
    /// must also reach the node. True whenever the nodes' numbers are not their indices (the list holds
    /// numbers, and any node may carry `n`).
    pub(in crate::heroes) fn capsule_may_list(&self, n: u16, point: Vec3, radius: f32, dir: Vec3) -> bool {
        if !self.numbered_in_order {
            return true;
        }
        let Some(q) = self.nodes.get(usize::from(n)).filter(|q| q.ok && q.num_poly != 0) else {
            return false;
        };
        let swept = SweptBox::new(point, dir, radius);
        swept.holds(q) || (q.child == 0 && swept.meets(q))
    }

    /// The game's moving-sphere query: a sphere of `radius` at `point` moving by `dir`. Triangles come from
    /// the capsule node list; a triangle is tested only if its stored normal faces the movement
    /// (`dot(normalize(dir), normal) < 0.001`) and the reach filter (`r² + |dir|²`) lets it through. Until
    /// an intersection, each triangle gets the game's moving test (`clDetectMS2T`) with the movement left:
    /// a collision shortens it and makes the answer a collision; an intersection makes the answer an
    /// intersection, and every later triangle gets the static test (`clDetectS2T`) instead. Contacts go to
    /// [`Scratch::contacts`] in the order the game inserts them (its list holds them newest first).
    pub fn moving_sphere(&self, s: &mut Scratch, point: Vec3, radius: f32, dir: Vec3) -> SphereWalk {
        s.begin(self);
        let mut out = SphereWalk { remaining: dir, ..SphereWalk::default() };
        if !self.usable {
            return out;
        }
        out.aborted = !self.capsule_nodes(s, point, dir, radius);
        out.nodes = saturate(s.nodes.len());
        let unit = normalize(dir);
        let reach = radius * radius + dot(dir, dir);
        self.each_listed(s, |s, t, tri| {
            let facing = dot(unit, tri.normal) < FACING_CULL;
            if out.freezes || !facing || !in_reach(&tri.v, point, reach) {
                return;
            }
            out.tested += 1;
            let contact = |kind, at, allowed, push, edge| Contact {
                triangle: t,
                kind,
                point: at,
                allowed,
                push,
                edge,
                attribute: tri.attribute,
            };
            if out.answer == Some(ContactKind::Intersection) {
                match sphere_game::static_sphere(point, radius, &tri.v) {
                    Ok(Some(o)) => s.contacts.push(contact(
                        ContactKind::Intersection,
                        add(point, o.to_surface),
                        [0.0; 3],
                        o.push,
                        0,
                    )),
                    Ok(None) => {}
                    Err(sphere_game::Freeze) => out.freezes = true,
                }
                return;
            }
            match sphere_game::moving_sphere(point, radius, out.remaining, &tri.v) {
                Ok(Some(touch)) => {
                    let c = match touch.kind {
                        ContactKind::Intersection => {
                            contact(touch.kind, touch.point, [0.0; 3], touch.ans, touch.edge)
                        }
                        ContactKind::Collision => {
                            out.remaining = touch.ans;
                            let c = contact(touch.kind, touch.point, touch.ans, [0.0; 3], touch.edge);
                            out.first = Some(c);
                            c
                        }
                    };
                    out.answer = Some(touch.kind);
                    s.contacts.push(c);
                }
                Ok(None) => {}
                Err(sphere_game::Freeze) => out.freezes = true,
            }
        });
        out
    }
}
