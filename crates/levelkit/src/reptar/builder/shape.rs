//! Polygons to the faces the game has: triangles stay triangles, 4-gons are quads, larger polygons are split.
//!
//! - **4-gons**: a quad whatever its planarity (the GPU draws a quad as two triangles and never needs it
//!   flat), its ring as written: an OBJ face with 4 corners, as the export writes a quad, is always one. Two
//!   triangles of a format of triangles joined into a 4-gon ([`super::scene`]) are a quad only when the
//!   4-gon is convex (every turn to the same side of its Newell normal); else they stay the two triangles,
//!   since joining them is a guess.
//! - **5 or more corners**: a fan of triangles from the first corner, (c0, ck, ck+1) for k = 1 … n − 2
//!   (exact for convex polygons: triangulate concave ones in the editor).
//!
//! Faces keep their ring here (game winding); [`super::texture`] picks the first corner and turns quads
//! into the PlayStation's Z order.

use super::scene::{Corner, Polygon};
use super::{BuildError, ShapedFace, MAX_FACE_CORNERS};
use crate::reptar::FaceKind;
use crate::vecmath::{cross, dot, sub};

/// Whether a 4-ring turns the same way at every corner, seen along its Newell normal.
pub fn is_convex(ring: &[[f64; 3]; 4]) -> bool {
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
    (0..4).all(|i| {
        let (a, b, c) = (ring[i], ring[(i + 1) % 4], ring[(i + 2) % 4]);
        dot(cross(sub(b, a), sub(c, b)), n) > 0.0
    })
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
            match &p.halves {
                Some(halves) if !is_convex(&[at(0), at(1), at(2), at(3)]) => {
                    out.extend(halves.iter().map(|h| face(p, FaceKind::Triangle, h.clone())));
                }
                _ => out.push(face(p, FaceKind::Quad, p.ring.clone())),
            }
            continue;
        }
        for k in 1..n.saturating_sub(1) {
            out.push(face(p, FaceKind::Triangle, vec![p.ring[0], p.ring[k], p.ring[k + 1]]));
        }
    }
    Ok(out)
}
