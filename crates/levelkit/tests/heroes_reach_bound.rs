//! Validation of a file whose triangles are far larger than the leaves of a deep tree: the reach rule's
//! (leaf, triangle) pairs number the product of the two counts (here 400 million: before the bound,
//! a 65,000-triangle file took minutes and 14 GB), so the rule stops at its bound with a note and the rest is checked as usual.
//! One test in this binary, so no other thread allocates while it measures.

#[path = "common/counting_alloc.rs"]
mod counting_alloc;

use levelkit::heroes::generate;
use levelkit::Severity;

#[test]
fn giant_triangles_over_a_deep_tree_stop_the_reach_rule_at_its_bound() {
    let c = generate::oversized(7, 20_000, 12);
    assert!(c.nodes.len() > 15_000 && c.tree_depth() == 12, "a deep tree: {} nodes", c.nodes.len());
    let (findings, peak) = counting_alloc::peak_while(|| c.validate());
    let stopped = findings.iter().filter(|f| f.severity == Severity::Note).any(|f| {
        f.message.starts_with("the reach rule was not checked: finding which leaves each triangle covers")
    });
    assert!(stopped, "no note that the reach rule stopped at its bound");
    // The pairs found before the bound (4 bytes a visit at most, twice that while a vector grows) and the
    // other rules' 47,000 findings: 44 MB when written.
    assert!(peak < 64 << 20, "{peak} bytes allocated");
}
