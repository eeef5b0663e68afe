//! Node lists: numPoly, polyIndex and the triangle numbers they hold.

use super::{quote, Report, MAX_CHECKED_LIST_ENTRIES};
use crate::heroes::locate::{At, Element};
use crate::heroes::raw::NODE_FIELDS;
use crate::heroes::{Collision, NodeLists, MAX_COUNT};

/// numPoly, polyIndex and list contents. Returns whether the lists are fit for the reach check.
pub(super) fn node_lists(c: &Collision, lists: &NodeLists, f: &mut Report) -> bool {
    let num_polygons = c.triangles.len();
    let mut ok = true;
    for e in &lists.errors {
        f.error(
            Element::node(c, e.node).field(NODE_FIELDS.poly_index),
            format!("the game would read its list from outside the list area: {}", e.message),
        );
        ok = false;
    }
    for (i, node) in c.nodes.iter().enumerate() {
        if usize::from(node.num_poly) > MAX_COUNT {
            f.error(Element::node(c, i).field(NODE_FIELDS.num_poly), "0xFFFF is reserved");
        }
        let ignored = match node.num_poly {
            1 => node.poly_index & !crate::heroes::INLINE_MASK_0,
            2 => node.poly_index & !(crate::heroes::INLINE_MASK_0 | crate::heroes::INLINE_MASK_1),
            _ => 0,
        };
        if ignored != 0 {
            f.warning(
                Element::node(c, i).field(NODE_FIELDS.poly_index),
                format!(
                    "0x{:08x} has bits the game ignores for a {}-entry list (it takes the entries from polyIndex itself): \
                     it reads triangle(s) {}; an offset here is an old-tool bug",
                    node.poly_index,
                    node.num_poly,
                    quote(lists.get(i))
                ),
            );
        }
    }
    if lists.total_entries() > MAX_CHECKED_LIST_ENTRIES {
        f.error(
            At::nodes(),
            format!("the lists hold {} entries in all; contents not checked", lists.total_entries()),
        );
        return false;
    }
    for i in 0..c.nodes.len() {
        let bad: Vec<u16> =
            lists.get(i).iter().copied().filter(|&t| usize::from(t) >= num_polygons).collect();
        if !bad.is_empty() {
            f.error(
                Element::node(c, i).list(),
                format!("triangle index(es) out of range (there are {num_polygons}): {}", quote(&bad)),
            );
            ok = false;
        }
    }
    ok
}
