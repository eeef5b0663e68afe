//! Node lists: numPoly, polyIndex and the triangle numbers they hold.

use super::{past_the_array, Quote, Report, MAX_CHECKED_LIST_ENTRIES};
use crate::findings::Rule;
use crate::heroes::locate::{At, Element};
use crate::heroes::{Collision, Node, NodeLists, INLINE_MASK_0, INLINE_MASK_1, MAX_COUNT};

/// numPoly, polyIndex and list contents. Returns whether the lists are fit for the reach check.
pub(super) fn node_lists(c: &Collision, lists: &NodeLists, f: &mut Report) -> bool {
    let num_polygons = c.triangles.len();
    let mut ok = true;
    for e in &lists.errors {
        f.error(
            Rule::HeroesListOutside,
            Element::node(c, e.node).field(Node::FIELD.poly_index),
            format_args!("the game would read its list from outside the list area: {}", e.message),
        );
        ok = false;
    }
    for (i, node) in c.nodes.iter().enumerate() {
        if usize::from(node.num_poly) > MAX_COUNT {
            f.error(
                Rule::HeroesListCountReserved,
                Element::node(c, i).field(Node::FIELD.num_poly),
                "0xFFFF is reserved",
            );
        }
        if inline_holds_an_offset(node.num_poly, node.poly_index) {
            f.warning(
                Rule::HeroesListInlineBits,
                Element::node(c, i).field(Node::FIELD.poly_index),
                format_args!(
                    "0x{:08x} has bits the game ignores for a {}-entry list (it takes the entries from polyIndex itself): \
                     it reads triangle(s) {}; an offset here is an old-tool bug",
                    node.poly_index,
                    node.num_poly,
                    Quote(lists.get(i))
                ),
            );
        }
    }
    if lists.total_entries() > MAX_CHECKED_LIST_ENTRIES {
        f.error(
            Rule::HeroesListTooLarge,
            At::nodes(),
            format_args!("the lists hold {} entries in all; contents not checked", lists.total_entries()),
        );
        return false;
    }
    for i in 0..c.nodes.len() {
        let bad: Vec<u16> =
            lists.get(i).iter().copied().filter(|&t| usize::from(t) >= num_polygons).collect();
        if let Some(&worst) = bad.iter().max() {
            let node = c.nodes[i];
            let consequence = past_the_array(worst, num_polygons, "triangle");
            // What the 2018 community generators wrote: a 1-2 entry list stored at an offset.
            let offset = matches!(node.num_poly, 1 | 2)
                && (inline_holds_an_offset(node.num_poly, node.poly_index)
                    || c.stored_list_at(i, node.poly_index, node.num_poly).is_ok());
            // Each branch reports its own message: a `format_args!` value lives only to the end of its
            // statement on the toolchains of our rust-version (1.85).
            let at = Element::node(c, i).list();
            if offset {
                f.error(
                    Rule::HeroesListTriangleIndex,
                    at,
                    format_args!(
                        "node {i} lists {} triangle(s) but its list is an offset (0x{:x}, into the list area): the \
                         game reads it inline as triangle(s) {}, and {} {} past the {num_polygons} triangles: \
                         {consequence}",
                        node.num_poly,
                        node.poly_index,
                        Quote(lists.get(i)),
                        Quote(&bad),
                        if bad.len() == 1 { "is" } else { "are" },
                    ),
                );
            } else {
                f.error(
                    Rule::HeroesListTriangleIndex,
                    at,
                    format_args!(
                        "triangle index(es) out of range (there are {num_polygons}): {}; {consequence}",
                        Quote(&bad)
                    ),
                );
            }
            ok = false;
        }
    }
    ok
}

/// A 1- or 2-entry list whose polyIndex has bits the game ignores (it takes the entries from polyIndex
/// itself): an offset an old tool wrote there.
fn inline_holds_an_offset(num_poly: u16, poly_index: u32) -> bool {
    let ignored = match num_poly {
        1 => poly_index & !INLINE_MASK_0,
        2 => poly_index & !(INLINE_MASK_0 | INLINE_MASK_1),
        _ => 0,
    };
    ignored != 0
}
