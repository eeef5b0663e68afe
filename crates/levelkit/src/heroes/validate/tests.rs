//! The validator's tests. Most hold the reach rule against the descent it replaced: the same findings, in the
//! same order, on many generated files — clean ones, restyled ones and ones whose vertices were moved after
//! the lists were made.

use super::reach::reach;
use super::structure::{structure, Tree};
use super::{flag_past_the_buffer, lists::node_lists, past_the_array, Quote, Report};
use crate::findings::Rule;
use crate::heroes::generate::{self, Style};
use crate::heroes::geom::{self, Grid, Square};
use crate::heroes::locate::Element;
use crate::heroes::tree;
use crate::heroes::{Collision, Node, NodeLists, NodeParts};
use crate::num::saturate;
use crate::rng::Rng;

/// The reach rule as it was: a descent from the root per triangle, every overlapping leaf a pair, and a
/// stamp per depth and triangle.
fn reference(c: &Collision, tree: &Tree, grid: &Grid, lists: &NodeLists, f: &mut Report) {
    let nt = c.triangles.len();
    let nodes = &c.nodes;
    // Each node's square as (min x, min z, max x, max z); a sound tree has every depth in range.
    let squares: Vec<[f32; 4]> = nodes
        .iter()
        .map(|n| {
            grid.square(n.nx, n.nz, n.depth).map_or([f32::NAN; 4], |sq: Square| {
                let max = sq.max();
                [sq.min[0], sq.min[1], max[0], max[1]]
            })
        })
        .collect();

    // Bottom-up: does anything below (or at) each node list a triangle?
    let mut subtree_listed = vec![false; nodes.len()];
    for &i in tree.order.iter().rev() {
        let i = usize::from(i);
        if !lists.get(i).is_empty() {
            subtree_listed[i] = true;
        }
        if i != 0 && subtree_listed[i] {
            subtree_listed[usize::from(tree.parent[i])] = true;
        }
    }

    let kids: Vec<u16> = nodes.iter().map(|n| n.child).collect();
    // Candidate (leaf, triangle) pairs: descend from the root with each triangle's bounding box, then the
    // exact overlap test at the leaves.
    let candidates_of = |offset: usize, chunk: &[crate::heroes::Triangle]| -> Vec<(u16, u16)> {
        let mut pairs = Vec::with_capacity(chunk.len() * 2);
        let mut stack: Vec<u16> = Vec::with_capacity(64);
        for (k, tri) in chunk.iter().enumerate() {
            let t = offset + k;
            let Some(points) = geom::triangle_points(&c.vertices, &tri.vertices) else { continue };
            let Some(xz) = geom::triangle_xz(&c.vertices, &tri.vertices) else { continue };
            if !points.iter().flatten().all(|x| x.is_finite()) {
                continue;
            }
            let (lo, hi) = geom::xz_bounds(&points);
            let overlaps =
                |sq: &[f32; 4]| hi[0] >= sq[0] && lo[0] <= sq[2] && hi[1] >= sq[1] && lo[1] <= sq[3];
            // The stack holds nodes whose square meets the bounding box; children are tested together, their
            // squares being contiguous.
            if !overlaps(&squares[0]) {
                continue;
            }
            stack.clear();
            stack.push(0);
            while let Some(i) = stack.pop() {
                let iu = usize::from(i);
                let sq = &squares[iu];
                match kids[iu] {
                    0 => {
                        if geom::triangle_overlaps_square(&xz, [sq[0], sq[1]], [sq[2], sq[3]]) {
                            pairs.push((i, saturate(t)));
                        }
                    }
                    first => {
                        for q in 0..4 {
                            let ch = first + q;
                            if overlaps(&squares[usize::from(ch)]) {
                                stack.push(ch);
                            }
                        }
                    }
                }
            }
        }
        pairs
    };
    // In chunks, in parallel; concatenated in triangle order.
    const CHUNK: usize = 4096;
    let pairs: Vec<(u16, u16)> = c
        .triangles
        .chunks(CHUNK)
        .enumerate()
        .map(|(k, chunk)| candidates_of(k * CHUNK, chunk))
        .collect::<Vec<_>>()
        .concat();

    // Group the pairs by leaf (counting sort, stable: triangles stay in increasing order).
    let mut start = vec![0u32; nodes.len() + 1];
    for &(leaf, _) in &pairs {
        start[usize::from(leaf) + 1] += 1;
    }
    for i in 0..nodes.len() {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut by_leaf = vec![0u16; pairs.len()];
    for &(leaf, t) in &pairs {
        let slot = &mut fill[usize::from(leaf)];
        by_leaf[*slot as usize] = t;
        *slot += 1;
    }
    drop(pairs);

    // Walk the tree depth-first keeping, per depth, which node last listed each triangle: a triangle is in
    // an ancestor's list exactly when the stamp at that depth is that ancestor.
    let depth_levels = usize::from(c.tree_depth()) + 1;
    let mut stamp = vec![u32::MAX; depth_levels * nt];
    let mut path = [0u16; 17];
    let mut dfs: Vec<u16> = vec![0];
    while let Some(i) = dfs.pop() {
        let iu = usize::from(i);
        let node = &nodes[iu];
        let d = usize::from(node.depth);
        if d >= depth_levels || d >= path.len() {
            continue;
        }
        path[d] = i;
        let list = lists.get(iu);
        for &t in list {
            if let Some(s) = stamp.get_mut(d * nt + usize::from(t)) {
                *s = u32::from(i);
            }
        }
        if d > 0 {
            let p = tree.parent[iu];
            let parent_taken_whole =
                nodes.get(usize::from(p)).is_some_and(|parent| tree::capsule_can_take_whole(parent.depth));
            if parent_taken_whole && !lists.get(usize::from(p)).is_empty() {
                let missing: Vec<u16> = list
                    .iter()
                    .copied()
                    .filter(|&t| stamp[(d - 1) * nt + usize::from(t)] != u32::from(p))
                    .collect();
                if !missing.is_empty() {
                    f.warning(
                        Rule::HeroesReachNotInParent,
                        Element::node(c, usize::from(i)).list(),
                        format!(
                            "triangle(s) {} are not in the parent's (node {p}) list: the moving-sphere query, which takes \
                             a node whole without descending, misses them",
                            Quote(&missing)
                        ),
                    );
                }
            }
        }
        if node.child != 0 {
            if list.is_empty() && subtree_listed[iu] && tree::capsule_can_take_whole(node.depth) {
                f.warning(
                    Rule::HeroesReachEmptyInner,
                    Element::node(c, iu).field(Node::FIELD.num_poly),
                    "0 on an inner node whose subtree lists triangles: the moving-sphere query takes such a node whole \
                     only if it lists something, so fast movement through its square misses them",
                );
            }
            // Children pushed in reverse so they are visited in order.
            dfs.extend((0..4).rev().map(|k| node.child + k));
            continue;
        }
        let candidates = &by_leaf[start[iu] as usize..start[iu + 1] as usize];
        let mut unreachable = Vec::new();
        let mut ancestors_only = Vec::new();
        for &t in candidates {
            let tu = usize::from(t);
            if stamp[d * nt + tu] == u32::from(i) {
                continue;
            }
            if (0..d).any(|a| stamp[a * nt + tu] == u32::from(path[a])) {
                ancestors_only.push(t);
            } else {
                unreachable.push(t);
            }
        }
        if !unreachable.is_empty() {
            f.warning(
                Rule::HeroesReachUnreachable,
                Element::node(c, usize::from(i)).list(),
                format!(
                    "triangle(s) {} overlap this leaf's square but neither it nor an ancestor lists them: no query \
                     finds them here",
                    Quote(&unreachable)
                ),
            );
        }
        if !ancestors_only.is_empty() {
            f.warning(
                Rule::HeroesReachAncestorsOnly,
                Element::node(c, usize::from(i)).list(),
                format!(
                    "triangle(s) {} overlap this leaf's square but only an ancestor lists them: line casts and \
                     vertical probes, which test leaf lists, miss them",
                    Quote(&ancestors_only)
                ),
            );
        }
    }
}

/// The new rule's findings and the reference's, when the tree and lists are fit for the rule.
fn both(c: &Collision) -> Option<(crate::findings::Findings, crate::findings::Findings)> {
    let tree = structure(c, &mut Report::default())?;
    let grid = Grid::new(&c.header)?;
    let lists = c.lists();
    if !node_lists(c, &lists, &mut Report::default()) {
        return None;
    }
    let (mut new, mut old) = (Report::default(), Report::default());
    reach(c, &tree, &grid, &lists, &mut new);
    reference(c, &tree, &grid, &lists, &mut old);
    Some((new.into_findings(), old.into_findings()))
}

/// Every vertex moved by up to `by` of the root's side on X and Z (the lists stay as they were).
fn jittered(c: &Collision, rng: &mut Rng, by: f32) -> Collision {
    let mut c = c.clone();
    let d = c.header.root_length * by;
    for v in &mut c.vertices {
        v[0] += rng.range_f32(-d, d);
        v[2] += rng.range_f32(-d, d);
    }
    c
}

#[test]
fn reach_findings_match_the_descent_they_replaced() {
    let mut rng = Rng::new(20);
    let (mut compared, mut with_findings) = (0, 0);
    for seed in 0..24u64 {
        let depth = u16::try_from(seed % 14).unwrap_or(0);
        let count = [1usize, 9, 120, 700, 2500][usize::try_from(seed % 5).unwrap_or(0)];
        let style = Style::random(&mut rng);
        let files = [
            generate::game_correct(seed, count, depth),
            // The editor splits every node to its depth: 6 levels fit the format.
            generate::community(seed, count, u8::try_from(depth % 6).unwrap_or(0)),
            generate::odd(seed, count, depth, &style),
        ];
        for c in files {
            for by in [0.0, 1e-4, 1e-3, 1e-2] {
                let c = jittered(&c, &mut rng, by);
                let Some((new, old)) = both(&c) else { continue };
                assert_eq!(new, old, "seed {seed}, {count} triangles, depth {depth}, jitter {by}");
                compared += 1;
                with_findings += usize::from(!old.0.is_empty());
            }
        }
    }
    // Inner lists missing entries their children list: the parent check on a file without pairs.
    for seed in 0..6u64 {
        let mut rng = Rng::new(seed);
        let (tris, verts) = generate::terrain(&mut rng, 600);
        let (h, mut nodes) = generate::build_tree(&mut rng, &tris, &verts, 8, 12, 0.1);
        for n in nodes.iter_mut().filter(|n| n.child != 0).step_by(3) {
            if !n.list.is_empty() {
                n.list.remove(0);
            }
        }
        let c = Collision::from_parts(h.root_center, h.root_length, h.max_depth, &nodes, tris, verts)
            .expect("the counts fit");
        let (new, old) = both(&c).expect("a sound tree");
        assert_eq!(new, old, "seed {seed}, inner lists cut");
        assert!(!old.0.is_empty(), "seed {seed}: the cut lists give findings");
    }
    // A sound tree without triangles: nothing to hold, nothing to find.
    let bare =
        Collision::from_parts([0.0; 3], 64.0, 1, &[NodeParts::default()], vec![], vec![]).expect("one node");
    let (new, old) = both(&bare).expect("a sound tree");
    assert_eq!(new, old, "no triangles");
    // Roots the game's arithmetic makes odd: far from the origin, tiny, huge, not finite.
    let c = generate::game_correct(5, 400, 9);
    for (center, length) in
        [(1e6, 1.0), (0.0, 1e-30), (0.0, f32::MAX), (f32::NAN, 64.0), (0.0, f32::INFINITY)]
    {
        let mut c = c.clone();
        c.header.root_center = [center, 0.0, center];
        c.header.root_length = length;
        if let Some((new, old)) = both(&c) {
            assert_eq!(new, old, "root at {center}, side {length}");
        }
    }
    assert!(
        compared >= 200 && with_findings >= 50,
        "{compared} files compared, {with_findings} with findings"
    );
}

/// The quoted list reads as it did when it was joined from strings: up to eight numbers, then how
/// many more, after a comma.
#[test]
fn a_quote_names_eight_numbers_and_counts_the_rest() {
    let ten: Vec<u16> = (1..=10).collect();
    assert_eq!(Quote(&ten).to_string(), "1, 2, 3, 4, 5, 6, 7, 8, and 2 more");
    assert_eq!(Quote(&ten[..8]).to_string(), "1, 2, 3, 4, 5, 6, 7, 8");
    assert_eq!(Quote(&[7]).to_string(), "7");
    assert_eq!(Quote(&[]).to_string(), "");
}

#[test]
fn a_flag_past_the_buffer_is_named_only_past_its_last_word() {
    // 40 triangles: flags for 64.
    assert!(flag_past_the_buffer(63, 40).is_none());
    assert_eq!(
        past_the_array(64, 40, "triangle"),
        "the game reads triangle 64 past its 40 (garbage) and sets its visited flag past the end of the \
         64-bit flag buffer: it writes over other memory"
    );
}

/// Counting the findings ([`super::severity_counts`], which makes no message) gives the numbers the findings
/// themselves have, severity by severity: on generated files, clean and moved, and on the hostile files
/// the fuzzing campaigns kept.
#[test]
fn counted_findings_are_the_findings_counts() {
    use crate::findings::Severity;
    let counts_of = |findings: &crate::findings::Findings| {
        [Severity::Error, Severity::Warning, Severity::Note].map(|s| findings.count(s))
    };
    let counted = |c: &Collision| {
        let n = super::severity_counts(c);
        [Severity::Error, Severity::Warning, Severity::Note].map(|s| n.get(s))
    };
    let mut rng = Rng::new(58);
    let mut files = Vec::new();
    for seed in 0..6u64 {
        let style = Style::random(&mut rng);
        for c in [
            generate::game_correct(seed, 300, 8),
            generate::community(seed, 300, 4),
            generate::odd(seed, 300, 8, &style),
        ] {
            files.push(jittered(&c, &mut rng, 1e-2));
            files.push(c);
        }
    }
    let grown = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/grown");
    for target in ["heroes_validate", "heroes_repair"] {
        for entry in std::fs::read_dir(grown.join(target)).expect("the kept corpus") {
            if let Ok(c) = Collision::parse(&std::fs::read(entry.expect("an entry").path()).expect("a file"))
            {
                files.push(c);
            }
        }
    }
    let mut seen = [0usize; 3];
    for (i, c) in files.iter().enumerate() {
        let made = counts_of(&c.validate());
        assert_eq!(counted(c), made, "file {i}");
        for (s, n) in seen.iter_mut().zip(made) {
            *s += n;
        }
    }
    assert!(files.len() > 100 && seen.iter().all(|&n| n > 1000), "{} files, findings {seen:?}", files.len());
}
