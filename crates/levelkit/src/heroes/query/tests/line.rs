//! The line cast over the prepared leaves against the walk it replaced (kept here, in [`old_line`]):
//! the same walk, step for step — hit, leaves, triangles tested, aborts — on 100,000 casts per file (a
//! game-correct stage, a community-layout one with holes, a broken one with link cycles) — and the bound
//! that lets it pass over leaves without tests against grazing segments.

use super::super::*;
use crate::heroes::audit::{area, make_probe, ProbeKind};
use crate::heroes::generate::{self, Style};
use crate::heroes::Collision;

/// The line cast before [`leaves`]: each listed triangle's corners looked up, the reach filter and the
/// segment test computed from them.
fn old_line(g: &GameTree, s: &mut Scratch, start: Vec3, dir: Vec3) -> Walk {
    s.begin(g);
    let mut walk = Walk::default();
    let Some(mut n) = g.leaf_of(start[0], start[2]) else {
        walk.aborted = g.usable;
        return walk;
    };
    let mut d = dir;
    let length_sq = dir[2] * dir[2] + (dir[0] * dir[0] + dir[1] * dir[1]);
    let mut found: Option<(u16, Vec3)> = None;
    let mut steps = 0usize;
    loop {
        let end = [start[0] + d[0], start[1] + d[1], start[2] + d[2]];
        let next = g.next_neighbor(n, start, end);
        walk.leaves += 1;
        for &t in g.list(n) {
            if s.poly_seen(t) {
                continue;
            }
            if let Some(v) = g.corners.get(usize::from(t)) {
                if in_reach(v, start, length_sq) {
                    walk.tested += 1;
                    if let Some(u) = segment_triangle(start, d, v) {
                        let p = [start[0] + d[0] * u, start[1] + d[1] * u, start[2] + d[2] * u];
                        d = [p[0] - start[0], p[1] - start[1], p[2] - start[2]];
                        found = Some((t, p));
                    }
                }
            }
            s.mark_poly(t);
        }
        if found.is_some() {
            break;
        }
        steps += 1;
        match next {
            Next::Leaf(m) if steps <= g.nodes.len() => n = m,
            Next::End => break,
            Next::Leaf(_) | Next::Broken => {
                walk.aborted = true;
                break;
            }
        }
    }
    walk.hit = found.map(|(t, p)| g.hit(t, start, p));
    walk
}

/// `casts` audit line casts over `c`, and a tenth as many aimed through a corner or an edge's middle
/// (where neighbouring triangles tie and the polygon marks decide): the new walk equals the old one in
/// every field, [`GameTree::line_answer`] gives the old walk's hit, leaves and aborts, and
/// [`GameTree::line_walk`] the old walk's leaves and aborts when it hits nothing.
fn same_walks(c: &Collision, casts: usize) -> (usize, u64) {
    same_walks_of(&GameTree::new(c), &area(c), casts)
}

fn same_walks_of(g: &GameTree, &(lo, hi): &(Vec3, Vec3), casts: usize) -> (usize, u64) {
    let (mut s, mut old, mut answer) = (Scratch::new(g), Scratch::new(g), Scratch::new(g));
    let (mut hits, mut tested) = (0, 0u64);
    for i in 0..casts + casts / 10 {
        let (mut start, mut dir) = make_probe(ProbeKind::Line, 9, i, lo, hi);
        if i >= casts && g.triangle_count() > 0 {
            let v = g.corners[i % g.triangle_count()];
            let target = if i % 2 == 0 { v[0] } else { [0, 1, 2].map(|k| (v[0][k] + v[1][k]) * 0.5) };
            start = [target[0] + dir[0] * 0.5, target[1] + 30.0, target[2] + dir[2] * 0.5];
            dir = [0, 1, 2].map(|k| (target[k] - start[k]) * 1.5);
        }
        let w = g.line(&mut s, start, dir);
        assert_eq!(w, old_line(g, &mut old, start, dir), "cast {i}: {start:?} + {dir:?}");
        let a = g.line_answer(&mut answer, start, dir);
        assert_eq!((a.hit, a.leaves, a.aborted), (w.hit, w.leaves, w.aborted), "answer, cast {i}");
        // The walk alone is the whole segment's: the cast's own when nothing hits, never shorter.
        let whole = g.line_walk(start, dir);
        if w.hit.is_none() {
            assert_eq!(
                (whole.hit, whole.leaves, whole.aborted),
                (None, w.leaves, w.aborted),
                "walk, cast {i}"
            );
        } else {
            assert!(
                whole.hit.is_none() && whole.leaves >= w.leaves,
                "walk, cast {i}: {whole:?} against {w:?}"
            );
        }
        hits += usize::from(w.hit.is_some());
        tested += u64::from(w.tested);
    }
    (hits, tested)
}

#[test]
fn the_prepared_line_cast_walks_like_the_old_one_on_100_000_casts() {
    let (hits, tested) = same_walks(&generate::game_correct(42, 65_000, 12), 100_000);
    assert!(hits > 10_000 && tested > 1_000_000, "{hits} hits, {tested} triangles tested");
    // Zero links and padded lists: casts that fall through.
    same_walks(&generate::odd(3, 4000, 9, &Style::community()), 100_000);
}

#[test]
fn the_prepared_line_cast_walks_like_the_old_one_on_broken_files_on_100_000_casts() {
    // Vertex and triangle indices out of range, link cycles.
    let mut c = generate::game_correct(8, 2000, 7);
    let n = u16::try_from(c.nodes.len()).unwrap();
    for (i, node) in c.nodes.iter_mut().enumerate() {
        let i = u16::try_from(i).unwrap();
        if i % 5 == 0 {
            node.neighbors = [i, (i + 7) % n, (i + 1) % n, 0xFFF0];
        }
    }
    for t in c.triangles.iter_mut().step_by(7) {
        t.vertices[1] = 0xFFFF;
    }
    let g = GameTree::new(&c);
    let lists: Vec<Vec<u16>> =
        (0..u16::try_from(g.node_count()).unwrap()).map(|k| [g.list(k), &[0xFFF0, 3]].concat()).collect();
    let links: Vec<[u16; 4]> = c.nodes.iter().map(|node| node.neighbors).collect();
    let broken = GameTree::with_lists(&c, &lists, &links);
    same_walks_of(&broken, &area(&c), 100_000);
}

/// The exact reference's hostile stage (NaN and infinite corners, out-of-range vertex indices, zero-area
/// triangles and one-ulp slivers, giants 10³⁰ wide) with one of its added triangles listed in each leaf:
/// both leaf rules meet every kind of entry beside the stage's own, and the walk stays the old one on
/// 100,000 casts.
#[test]
fn the_prepared_line_cast_walks_like_the_old_one_with_hostile_triangles_listed() {
    let (c, lo, hi) = crate::heroes::exact::tests::hostile_stage();
    let g = GameTree::new(&c);
    let nodes = u16::try_from(g.node_count()).unwrap();
    let mut listed = vec![false; g.triangle_count()];
    for k in 0..nodes {
        g.list(k).iter().for_each(|&t| listed[usize::from(t)] = true);
    }
    let hostile: Vec<u16> =
        (0..g.triangle_count()).filter(|&t| !listed[t]).map(|t| u16::try_from(t).unwrap()).collect();
    assert!(hostile.len() > 500, "{} triangles added", hostile.len());
    let lists: Vec<Vec<u16>> = (0..nodes)
        .map(|k| {
            let extra = [hostile[usize::from(k) % hostile.len()]];
            if g.is_leaf(k) {
                g.list(k).iter().copied().chain(extra).collect()
            } else {
                g.list(k).to_vec()
            }
        })
        .collect();
    let links: Vec<[u16; 4]> = c.nodes.iter().map(|node| node.neighbors).collect();
    let (hits, _) = same_walks_of(&GameTree::with_lists(&c, &lists, &links), &(lo, hi), 100_000);
    assert!(hits > 10_000, "{hits} hits");
}

/// Segments that graze triangles — nearly in their plane, through them or beside them, a hair off it —
/// and ones that cross them: a leaf the line cast passes over without tests ([`LeafBound::misses`]) never
/// lists a triangle the game's test hits with that segment (among those the reach filter lets through).
///
/// [`LeafBound::misses`]: super::super::skip::LeafBound::misses
#[test]
fn a_leaf_the_line_cast_passes_over_lists_no_triangle_the_test_hits() {
    use crate::rng::Rng;
    use crate::vecmath::{add, cross, scale, sub};
    let c = generate::game_correct(5, 3000, 8);
    let g = GameTree::new(&c);
    let mut leaves_of = vec![Vec::new(); g.triangle_count()];
    for n in 0..u16::try_from(g.node_count()).unwrap() {
        if g.is_leaf(n) {
            for &t in g.list(n) {
                leaves_of[usize::from(t)].push(n);
            }
        }
    }
    let mut rng = Rng::new(7);
    let (mut hits, mut skipped) = (0, 0);
    for _ in 0..1_000_000 {
        let t = rng.index(g.triangle_count());
        let v = g.corners[t];
        let (ab, ac) = (sub(v[1], v[0]), sub(v[2], v[0]));
        let normal = cross(ab, ac);
        let normal = scale(normal, 1.0 / dot(normal, normal).sqrt());
        let along = [ab, ac, sub(ab, ac)][rng.index(3)];
        let length = rng.range_f32(0.1, 40.0);
        let tilt = libm::powf(10.0, -rng.range_f32(0.0, 7.0)) * if rng.index(2) == 0 { 1.0 } else { -1.0 };
        let dir = scale(add(along, scale(normal, tilt * dot(along, along).sqrt())), length);
        let point = add(v[0], add(scale(ab, rng.range_f32(-1.0, 2.0)), scale(ac, rng.range_f32(-1.0, 2.0))));
        let lift = libm::powf(10.0, -rng.range_f32(0.0, 8.0)) * rng.range_f32(-1.0, 1.0) * length;
        let start = sub(add(point, scale(normal, lift)), scale(dir, rng.range_f32(0.0, 1.0)));
        let length_sq = dir[2] * dir[2] + (dir[0] * dir[0] + dir[1] * dir[1]);
        if segment_triangle(start, dir, &v).is_none() || !in_reach(&v, start, length_sq) {
            continue;
        }
        hits += 1;
        let cast = super::super::skip::Cast::new(start, dir, length_sq);
        for &leaf in &leaves_of[t] {
            let bound = g.leaves.head(leaf).bound;
            assert!(!bound.misses(&cast), "triangle {t} in leaf {leaf}: {start:?} + {dir:?}");
            skipped += usize::from(bound.steepness(&cast).is_some());
        }
    }
    // Many hits, many of them where the bound applies at all (the segment steep enough for it).
    assert!(hits > 10_000 && skipped > 8_000, "{hits} hits, {skipped} with a bound");
}

/// A lone triangle's leaf against segments nearly parallel to its plane over its middle, their ends at
/// heights from the segment's length down to a billionth of it, on one side or on both: wherever the
/// leaf's bound says no test can hit, the game's test misses. Many segments cross and hit, the one-side
/// rule ([`LeafBound::ends_on_one_side`]) passes over many leaves, and many segments with both ends on
/// one side, exactly, still hit (the test's rounding decides them: the regime the rule's margins keep it
/// out of).
///
/// [`LeafBound::ends_on_one_side`]: super::super::skip::LeafBound::ends_on_one_side
#[test]
fn a_leaf_passed_over_for_the_side_its_ends_lie_on_holds_no_hit() {
    use super::super::entry::LeafEntry;
    use super::super::ray::segment_edges;
    use super::super::skip::{Cast, LeafBound};
    use crate::rng::Rng;
    use crate::vecmath::{self, add, cross, scale, sub};
    let mut rng = Rng::new(11);
    let mut normals = Vec::new();
    let (mut crossing_hits, mut passed_over, mut rounding_hits) = (0, 0, 0);
    for i in 0..1_000_000 {
        let size = libm::powf(10.0, rng.range_f32(-1.0, 3.0));
        let corner = |rng: &mut Rng| [0; 3].map(|_| rng.range_f32(-1.0, 1.0));
        let v0 = scale(corner(&mut rng), libm::powf(10.0, rng.range_f32(0.0, 5.0)));
        let ab = scale(corner(&mut rng), size);
        // Every fourth a sliver: ac nearly along ab.
        let ac = if i % 4 == 0 {
            add(scale(ab, 0.7), scale(corner(&mut rng), size * 1e-3))
        } else {
            scale(corner(&mut rng), size)
        };
        let v = [v0, add(v0, ab), add(v0, ac)];
        let normal = cross(ab, ac);
        let normal = scale(normal, 1.0 / dot(normal, normal).sqrt());
        let (a, b) = (rng.range_f32(0.0, 1.0), rng.range_f32(0.0, 1.0));
        let (a, b) = if a + b > 1.0 { (1.0 - a, 1.0 - b) } else { (a, b) };
        let point = add(v0, add(scale(ab, a), scale(ac, b)));
        let along = sub(v[1 + rng.index(2)], v0);
        let along = scale(along, libm::powf(10.0, rng.range_f32(-1.0, 2.0)) / dot(along, along).sqrt());
        let length = dot(along, along).sqrt();
        // Nearly parallel: the end at half to twice the start's height, on its side or the other.
        let h0 =
            libm::powf(10.0, -rng.range_f32(0.0, 9.0)) * length * if rng.index(2) == 0 { 1.0 } else { -1.0 };
        let h1 = h0 * rng.range_f32(0.5, 2.0) * if rng.index(4) == 0 { -1.0 } else { 1.0 };
        let start = add(sub(point, scale(along, rng.range_f32(0.0, 1.0))), scale(normal, h0));
        let dir = add(along, scale(normal, h1 - h0));
        // Which side each end lies on, exactly (f64 holds these products of f32 values to 1e-16).
        let wide = |v: Vec3| v.map(f64::from);
        let side = |p: [f64; 3]| vecmath::dot(sub(p, wide(v0)), vecmath::cross(wide(ab), wide(ac)));
        let crossing = side(wide(start)) * side(add(wide(start), wide(dir))) <= 0.0;
        let entry = LeafEntry {
            v0,
            ab: sub(v[1], v[0]),
            ac: sub(v[2], v[0]),
            edge_sq: super::super::entry::edge_square(&v),
            triangle: 0,
            known: true,
        };
        let bound = LeafBound::new(&[entry], &mut normals);
        let length_sq = dir[2] * dir[2] + (dir[0] * dir[0] + dir[1] * dir[1]);
        let cast = Cast::new(start, dir, length_sq);
        let hit = segment_edges(start, dir, entry.v0, entry.ab, entry.ac).is_some();
        if bound.misses(&cast) {
            assert!(!hit, "{v:?}: {start:?} + {dir:?}");
            passed_over += usize::from(bound.ends_on_one_side(&cast));
        }
        crossing_hits += usize::from(hit && crossing);
        rounding_hits += usize::from(hit && !crossing);
    }
    assert!(
        crossing_hits > 30_000 && passed_over > 30_000 && rounding_hits > 1_000,
        "{crossing_hits} crossing hits, {passed_over} leaves the one-side rule passes over, \
         {rounding_hits} hits from one side"
    );
}
