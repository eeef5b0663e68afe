//! Polygons to the faces the game has: a planar convex 4-gon is a quad, everything else triangles.
//!
//! - **Planar**: the fourth corner lies within [`PLANAR_TOLERANCE`] units of the plane of the first
//!   three (the game's units, after scaling: quantising to whole units moves a corner by up to 0.87).
//! - **Convex**: walking the ring, every turn is to the same side as the polygon's normal.
//! - A 4-gon joined from two triangles that is no quad stays those two triangles; any other polygon is
//!   a fan from its first corner (exact for convex polygons: triangulate concave ones in the editor).
//!
//! Faces keep their ring here (game winding); [`super::texture`] picks the first corner and turns quads
//! into the PlayStation's Z order.

use super::scene::{Corner, Polygon};
use super::{BuildError, ShapedFace, MAX_FACE_CORNERS};
use crate::reptar::FaceKind;
use crate::vecmath::{cross, dot, sub};

/// How far (game units) the fourth corner of a quad may lie off the plane of the other three.
pub const PLANAR_TOLERANCE: f64 = 1.0;

/// Whether a 4-ring is a planar convex quadrilateral.
pub fn is_planar_convex(ring: &[[f64; 3]; 4]) -> bool {
    // Newell's normal: robust for any ring orientation.
    let mut n = [0.0; 3];
    for i in 0..4 {
        let (a, b) = (ring[i], ring[(i + 1) % 4]);
        n[0] += (a[1] - b[1]) * (a[2] + b[2]);
        n[1] += (a[2] - b[2]) * (a[0] + b[0]);
        n[2] += (a[0] - b[0]) * (a[1] + b[1]);
    }
    let len = dot(n, n).sqrt();
    if len.is_nan() || len <= 0.0 {
        return false;
    }
    let unit = n.map(|c| c / len);
    let planar = ring.iter().all(|p| dot(sub(*p, ring[0]), unit).abs() <= PLANAR_TOLERANCE);
    let convex = (0..4).all(|i| {
        let (a, b, c) = (ring[i], ring[(i + 1) % 4], ring[(i + 2) % 4]);
        dot(cross(sub(b, a), sub(c, b)), unit) > 0.0
    });
    planar && convex
}

fn face(p: &Polygon, kind: FaceKind, corners: Vec<Corner>) -> ShapedFace {
    ShapedFace {
        object: p.object.clone(),
        index: p.index,
        kind,
        corners,
        exact: None,
        texture: p.texture,
        flags: p.flags,
        group: p.group,
    }
}

/// The faces of a room's polygons, in order.
pub fn shape(polygons: &[Polygon]) -> Result<Vec<ShapedFace>, BuildError> {
    let mut out = Vec::with_capacity(polygons.len());
    for p in polygons {
        let n = p.ring.len();
        if n > MAX_FACE_CORNERS {
            return Err(BuildError::FaceTooLarge { object: p.object.clone(), face: p.index, corners: n });
        }
        if n == 3 {
            out.push(face(p, FaceKind::Triangle, p.ring.clone()));
            continue;
        }
        if n == 4 {
            let at = |i: usize| p.ring[i].world;
            if is_planar_convex(&[at(0), at(1), at(2), at(3)]) {
                out.push(face(p, FaceKind::Quad, p.ring.clone()));
                continue;
            }
            if let Some(halves) = &p.halves {
                out.extend(halves.iter().map(|h| face(p, FaceKind::Triangle, h.clone())));
                continue;
            }
        }
        for k in 1..n.saturating_sub(1) {
            out.push(face(p, FaceKind::Triangle, vec![p.ring[0], p.ring[k], p.ring[k + 1]]));
        }
    }
    Ok(out)
}
