//! The builders' output pinned byte for byte.

use super::super::*;
use super::{fans, terrain};
use crate::heroes::generate;
use crate::test_support::fnv1a;

/// The bytes every builder wrote before the speed work (recorded from that code): speeding up the build
/// or moving code between files must not change one byte. Covers exact and inexact roots (far from the
/// origin), welding, fixed and auto depths, flips, repair, the community builder and the generators.
/// `terrain 2 10000` was re-recorded when the terrain's heights moved from the C runtime's sin and cos to
/// `libm`'s (issue 33: the same bits on every platform); the builder did not change.
#[test]
fn outputs_match_the_bytes_recorded_before_the_speed_work() {
    let far = |mut input: BuildInput| {
        input.positions.iter_mut().for_each(|p| (p[0], p[2]) = (p[0] + 3.0e6, p[2] - 2.5e6));
        input
    };
    let built =
        |input: &BuildInput, opts: &BuildOptions| checked_bytes(&build(input, opts).unwrap().collision);
    let fixed = |d| BuildOptions {
        tree: TreeOptions { depth: Depth::Fixed(d), ..TreeOptions::default() },
        ..BuildOptions::default()
    };
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("terrain 1 1000", built(&terrain(1, 1000), &BuildOptions::default()).unwrap()),
        ("terrain 2 10000", built(&terrain(2, 10_000), &BuildOptions::default()).unwrap()),
        ("terrain 2026 65000", built(&terrain(2026, 65_000), &BuildOptions::default()).unwrap()),
        ("terrain 7 30000", built(&terrain(7, 30_000), &BuildOptions::default()).unwrap()),
        ("terrain 3 5000 fixed 7", built(&terrain(3, 5000), &fixed(7)).unwrap()),
        ("terrain 4 3000 far", built(&far(terrain(4, 3000)), &BuildOptions::default()).unwrap()),
        ("fans 5 far fixed 6", built(&far(fans(5, 300, 7, 0.0)), &fixed(6)).unwrap()),
        (
            "fans 6 weld flip leaf 3 max 12",
            built(
                &fans(6, 500, 5, -40.0),
                &BuildOptions {
                    weld: 0.25,
                    flip: true,
                    attribute: Some(0x100),
                    tree: TreeOptions { leaf_triangles: 3, max_depth: Some(12), ..TreeOptions::default() },
                },
            )
            .unwrap(),
        ),
        (
            "repair community 8 4000",
            repair(&generate::odd(8, 4000, 9, &generate::Style::community()), &TreeOptions::default())
                .unwrap()
                .0
                .to_bytes()
                .unwrap(),
        ),
        ("community builder 9 3000 depth 0", generate::community(9, 3000, 0).to_bytes().unwrap()),
        (
            "community builder 10 2000 depth 6 base 9 flip",
            build_community(&terrain(10, 2000), 6, 9, true).unwrap().to_bytes().unwrap(),
        ),
        ("game_correct 1 4000 13", generate::game_correct(1, 4000, 13).to_bytes().unwrap()),
        (
            "odd 1 4000 13 community (samples/stage-community.cl)",
            generate::odd(1, 4000, 13, &generate::Style::community()).to_bytes().unwrap(),
        ),
        (
            "odd 4 300 8 small lists stored, reversed, trailing",
            generate::odd(
                4,
                300,
                8,
                &generate::Style {
                    small_lists_stored: true,
                    reversed_sections: true,
                    trailing: vec![1, 2, 3],
                    data_size_counts_trailing: true,
                    ..generate::Style::default()
                },
            )
            .to_bytes()
            .unwrap(),
        ),
        (
            "odd 5 2000 9 leaf lists, no pad, trailing",
            generate::odd(
                5,
                2000,
                9,
                &generate::Style {
                    leaf_lists_only: true,
                    no_pad: true,
                    trailing: vec![7; 5],
                    ..generate::Style::default()
                },
            )
            .to_bytes()
            .unwrap(),
        ),
    ];
    let got: Vec<String> =
        cases.iter().map(|(name, b)| format!("{name}: {} bytes {:016x}", b.len(), fnv1a(b))).collect();
    let want = [
        "terrain 1 1000: 80600 bytes 69313b481abbe9f3",
        "terrain 2 10000: 845936 bytes f8d40eb56b993b87",
        "terrain 2026 65000: 4478260 bytes 003ec835b4d166a2",
        "terrain 7 30000: 2160180 bytes f038171de98d0e08",
        "terrain 3 5000 fixed 7: 617864 bytes 675b955ac5d3e91f",
        "terrain 4 3000 far: 216060 bytes af432b340c0f6e3d",
        "fans 5 far fixed 6: 186944 bytes 51e5a948c630fe10",
        "fans 6 weld flip leaf 3 max 12: 457600 bytes a4617aea26293b3c",
        "repair community 8 4000: 245068 bytes e4d9db54e968d312",
        "community builder 9 3000 depth 0: 123400 bytes a266656344f64e41",
        "community builder 10 2000 depth 6 base 9 flip: 267300 bytes 06b5406641e85781",
        "game_correct 1 4000 13: 389100 bytes 88fa82370fcc2371",
        "odd 1 4000 13 community (samples/stage-community.cl): 324176 bytes 09fb65cc6c646972",
        "odd 4 300 8 small lists stored, reversed, trailing: 23591 bytes 1a7b2aa2a69c070d",
        "odd 5 2000 9 leaf lists, no pad, trailing: 139039 bytes 655034e65d815a51",
    ];
    assert_eq!(got, want, "\n{}", got.join("\n"));
}
