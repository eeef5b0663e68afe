//! Triangles (indices, adjacency, normals, reserved bytes) and vertices.

use super::{reserved, Report};
use crate::heroes::geom;
use crate::heroes::locate::Element;
use crate::heroes::raw::TRIANGLE_FIELDS;
use crate::heroes::{Collision, Triangle, NO_TRIANGLE};
use crate::par::prelude::*;

pub(super) fn triangles(c: &Collision, f: &mut Report) {
    let tris: Vec<[u16; 3]> = c.triangles.iter().map(|t| t.vertices).collect();
    let inc = geom::Incidence::new(&tris, &c.vertices);
    // Triangle by triangle, in runs on every core; the runs' findings are joined in order.
    const RUN: usize = 4096;
    let runs: Vec<Report> = c
        .triangles
        .par_chunks(RUN)
        .enumerate()
        .map(|(k, run)| {
            let mut f = Report::default();
            for (i, t) in (k * RUN..).zip(run) {
                triangle(c, &inc, i, t, &mut f);
            }
            f
        })
        .collect();
    for run in runs {
        f.append(run);
    }
}

/// Triangle `i`'s checks.
fn triangle(c: &Collision, inc: &geom::Incidence, i: usize, t: &Triangle, f: &mut Report) {
    let nv = c.vertices.len();
    let nt = c.triangles.len();
    // The path is made only for a finding: most triangles have none.
    let at = || Element::triangle(c, i);
    let mut indices_ok = true;
    for (k, &v) in t.vertices.iter().enumerate() {
        if usize::from(v) >= nv {
            f.error(
                at().item(TRIANGLE_FIELDS.vertices, k),
                format!("vertex {v} does not exist (there are {nv})"),
            );
            indices_ok = false;
        }
    }
    for (k, &n) in t.neighbors.iter().enumerate() {
        if n != NO_TRIANGLE && usize::from(n) >= nt {
            f.error(
                at().item(TRIANGLE_FIELDS.neighbors, k),
                format!("triangle {n} does not exist (there are {nt})"),
            );
        }
    }
    if t.tail != [0; 2] {
        f.note(
            at().field(TRIANGLE_FIELDS.tail),
            format!("{} are not zero: {:02x?}", reserved(TRIANGLE_FIELDS.tail), t.tail),
        );
    }
    if !indices_ok {
        return;
    }
    let Some(corners) = inc.corners[i] else { return };
    for k in 0..3 {
        let stored = t.neighbors[k];
        let (a, b) = (corners[k], corners[(k + 1) % 3]);
        let edge = ["v0-v1", "v1-v2", "v2-v0"][k];
        if stored == NO_TRIANGLE {
            if let Some(o) = inc.across(i, a, b) {
                f.warning(
                    at().item(TRIANGLE_FIELDS.neighbors, k),
                    format!("none, but triangle {o} shares edge {edge}: probes may test the edge twice"),
                );
            }
        } else if usize::from(stored) < nt {
            let shares = usize::from(stored) != i
                && inc.corners[usize::from(stored)].is_some_and(|oc| geom::has_edge(&oc, a, b));
            if !shares {
                let want = match inc.across(i, a, b) {
                    None => "none".to_string(),
                    Some(n) => format!("triangle {n}"),
                };
                f.warning(
                    at().item(TRIANGLE_FIELDS.neighbors, k),
                    format!("triangle {stored} does not share edge {edge} (expected {want}): a probe may skip a triangle"),
                );
            }
        }
    }
    let Some(points) = geom::triangle_points(&c.vertices, &t.vertices) else { return };
    match geom::normal_from_winding(&points) {
        None => f.warning(
            at().field(TRIANGLE_FIELDS.vertices),
            "degenerate (zero area): the game cannot collide with it",
        ),
        Some(want) => {
            let n = t.normal;
            let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
            let dot = n[0] * want[0] + n[1] * want[1] + n[2] * want[2];
            if !(len.is_finite() && (len - 1.0).abs() <= 1e-3 && dot >= 0.999) {
                f.warning(
                    at().field(TRIANGLE_FIELDS.normal),
                    format!("{n:?} disagrees with the winding's normal {want:?}: hits come from the wrong side or are culled"),
                );
            }
        }
    }
}

pub(super) fn vertices(c: &Collision, f: &mut Report) {
    for (i, v) in c.vertices.iter().enumerate() {
        if !v.iter().all(|x| x.is_finite()) {
            f.error(Element::vertex(c, i).whole(), format!("{v:?} is not finite"));
        }
    }
}
