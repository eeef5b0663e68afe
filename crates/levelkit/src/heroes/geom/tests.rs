use super::*;

#[test]
fn normal_follows_the_winding() {
    let up = [[0.0, 0.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]];
    assert_eq!(normal_from_winding(&up), Some([0.0, 1.0, 0.0]));
    let down = [up[0], up[2], up[1]];
    assert_eq!(normal_from_winding(&down), Some([0.0, -1.0, 0.0]));
    assert_eq!(normal_from_winding(&[[1.0; 3]; 3]), None);
    assert_eq!(normal_from_winding(&[[0.0; 3], [f32::NAN, 0.0, 0.0], [0.0, 0.0, 1.0]]), None);
}

#[test]
fn root_length_mask() {
    assert_eq!(game_root_length(1024.0), 1024.0);
    let odd = f32::from_bits(1000.0f32.to_bits() | 0x123);
    assert_eq!(game_root_length(odd), 1000.0);
    let safe = mask_safe_root_length(odd);
    assert!(safe >= odd);
    assert_eq!(game_root_length(safe), safe);
    assert_eq!(mask_safe_root_length(512.0), 512.0);
}

#[test]
fn adjacency_pairs_edges_by_position() {
    // A quad split in two, with the shared corner duplicated (vertex 4 = vertex 1).
    let v = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 1.0], [1.0, 0.0, 0.0]];
    let tris = [[0, 2, 1], [4, 2, 3], [0, 0, 9]];
    let adj = adjacency(&tris, &v);
    assert_eq!(adj[0], [NO_TRIANGLE, 1, NO_TRIANGLE]);
    assert_eq!(adj[1], [0, NO_TRIANGLE, NO_TRIANGLE]);
    assert_eq!(adj[2], [NO_TRIANGLE; 3]);
    let ids = position_ids(&v);
    assert_eq!(ids[1], ids[4]);
    assert_ne!(ids[0], ids[1]);
}

#[test]
fn grid_matches_the_game() {
    let h = Header { root_center: [10.0, 0.0, -10.0], root_length: 64.0, max_depth: 3, ..Header::default() };
    let g = Grid::new(&h).unwrap();
    assert_eq!(g.root_min, [-22.0, -42.0]);
    assert_eq!(g.unit, 8.0);
    assert_eq!(g.square(4, 2, 1), Some(Square { min: [10.0, -26.0], size: 32.0 }));
    assert_eq!(g.steps(1), Some(4));
    assert_eq!(g.steps(4), None);
    assert!(Grid::new(&Header { max_depth: 16, ..h }).is_none());
}

#[test]
fn overlap_is_exact_and_touching_counts() {
    let sq = ([0.0, 0.0], [1.0, 1.0]);
    let t = |a: Xz, b: Xz, c: Xz| triangle_overlaps_square(&[a, b, c], sq.0, sq.1);
    // Inside, containing, touching a side, touching a corner.
    assert!(t([0.2, 0.2], [0.4, 0.2], [0.2, 0.4]));
    assert!(t([-5.0, -5.0], [5.0, -5.0], [0.0, 5.0]));
    assert!(t([1.0, 0.0], [2.0, 0.0], [2.0, 1.0]));
    assert!(t([1.0, 1.0], [2.0, 1.0], [1.0, 2.0]));
    // Bounding boxes overlap but the hypotenuse separates: the box test alone would say yes.
    assert!(!t([2.0, 0.1], [0.1, 2.0], [2.0, 2.0]));
    // The same diagonal just touching the corner (1,1): x + z = 2.
    assert!(t([2.0, 0.0], [0.0, 2.0], [2.0, 2.0]));
    // Degenerate: a segment crossing, a segment missing diagonally, a point inside, a point outside.
    assert!(t([-1.0, 0.5], [2.0, 0.5], [0.5, 0.5]));
    assert!(!t([1.5, 0.0], [3.0, -1.5], [2.0, -0.5]));
    assert!(!t([0.0, 2.1], [2.1, 0.0], [1.05, 1.05]));
    assert!(t([0.5, 0.5], [0.5, 0.5], [0.5, 0.5]));
    assert!(!t([1.5, 0.5], [1.5, 0.5], [1.5, 0.5]));
    assert!(!t([f32::NAN, 0.5], [0.5, 0.5], [0.5, 0.6]));
}
