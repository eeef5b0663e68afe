//! Entries off their node's square: the game tests every entry a node lists, wherever its triangle lies.

use super::structure::Tree;
use super::{Quote, Report};
use crate::findings::Rule;
use crate::heroes::geom::{self, Grid};
use crate::heroes::locate::Element;
use crate::heroes::{Collision, NodeLists};

/// Every reachable node whose list holds a triangle that does not overlap its square (the complete tree's
/// test, [`geom::triangle_overlaps_square`]), in node order: the game tests it there all the same, before
/// the triangles the node should lead it to first. Triangles with a coordinate that is not finite are left
/// to the vertex rule.
pub(super) fn off_square(c: &Collision, tree: &Tree, grid: &Grid, lists: &NodeLists, f: &mut Report) {
    let mut order = tree.order.clone();
    order.sort_unstable();
    for i in order {
        let node = &c.nodes[usize::from(i)];
        let Some(square) = grid.square(node.nx, node.nz, node.depth) else { continue };
        let (min, max) = (square.min, square.max());
        let mut off: Vec<u16> = lists
            .get(usize::from(i))
            .iter()
            .copied()
            .filter(|&t| {
                let xz = c
                    .triangles
                    .get(usize::from(t))
                    .and_then(|tri| geom::triangle_xz(&c.vertices, &tri.vertices));
                xz.is_some_and(|xz| {
                    xz.iter().flatten().all(|x| x.is_finite())
                        && !geom::triangle_overlaps_square(&xz, min, max)
                })
            })
            .collect();
        if off.is_empty() {
            continue;
        }
        off.sort_unstable();
        off.dedup();
        let (who, what) = if node.child == 0 {
            (
                "line casts and spheres in the square",
                ", and a line cast stops on one without testing the squares between",
            )
        } else {
            ("moving spheres that take it whole", "")
        };
        f.warning(
            Rule::HeroesListOffSquare,
            Element::node(c, usize::from(i)).list(),
            format_args!(
                "triangle(s) {} lie off this node's square, yet the game tests them whenever it tests the node \
                 ({who}): before the triangles it should meet first, so a sphere can stop elsewhere{what}",
                Quote(&off)
            ),
        );
    }
}
