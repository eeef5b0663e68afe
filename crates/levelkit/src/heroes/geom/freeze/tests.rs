//! The freeze rule: the fused arithmetic, each plane's hang, the rotations that save a triangle, and the
//! query model agreeing with the rule where both products are rounded.

use super::*;
use crate::heroes::query::sphere_game::{moving_sphere, static_sphere, Freeze};
use crate::rng::Rng;

/// A random `f32` with a random exponent in 2^-20 .. 2^20 and sign.
fn wide(rng: &mut Rng) -> f32 {
    let mantissa = 1.0 + f64::from(rng.next_u32()) / 4_294_967_296.0;
    let exponent = i32::try_from(rng.next_u32() % 41).unwrap() - 20;
    let sign = if rng.next_u32() & 1 == 0 { 1.0 } else { -1.0 };
    round_f32(sign * mantissa * 2f64.powi(exponent))
}

#[test]
fn fused_is_one_rounding_of_the_exact_value() {
    // Against the `libm` crate's fmaf (correctly rounded, pure Rust), a second implementation of the same
    // definition. Products that nearly cancel c, as in a normal near the threshold, and products far from
    // it.
    let mut rng = Rng::new(31);
    let mut cancelling = 0;
    for i in 0..400_000 {
        let (a, b) = (wide(&mut rng), wide(&mut rng));
        let c = if i % 2 == 0 {
            round_f32(f64::from(a) * f64::from(b) * (1.0 + 1e-7 * f64::from(wide(&mut rng))))
        } else {
            wide(&mut rng)
        };
        let want = libm::fmaf(a, b, -c);
        let got = fused(a, b, c);
        assert_eq!(got.to_bits(), want.to_bits(), "{a:e} × {b:e} − {c:e}: {got:e}, fmaf {want:e}");
        if (f64::from(want)).abs() < f64::from(c).abs() * 1e-3 {
            cancelling += 1;
        }
    }
    assert!(cancelling > 10_000, "only {cancelling} cancelling cases were tried");
    // A tie the head alone would break wrongly: a·b = 2^-24 − 2^-70, and a·b + 1 + 2^-23 has the f64
    // head 1 + 3·2^-24, halfway between two f32 (ties-to-even would give 1 + 2^-22), but the exact value
    // lies just below halfway: 1 + 2^-23.
    let (a, b) = (2f32.powi(-24) * (1.0 + 2f32.powi(-23)), 1.0 - 2f32.powi(-23));
    let c = -(1.0 + 2f32.powi(-23));
    assert_eq!(round_f32(f64::from(a) * f64::from(b) - f64::from(c)), 1.0 + 2f32.powi(-22));
    assert_eq!(fused(a, b, c), 1.0 + 2f32.powi(-23));
    assert_eq!(fused(a, b, c).to_bits(), libm::fmaf(a, b, -c).to_bits());
}

/// Corners found by a search over walls of float-noise edges (done once, outside the tests): the normal's
/// Y lands on the threshold itself with both products rounded, just above it with one fused.
const FUSED_ONLY: [([Vec3; 3], Arithmetic); 2] = [
    (
        [[32.618_977, 5.0, 37.988_62], [32.619_08, 25.0, 37.988_613], [144.030_41, 5.0, 28.541_71]],
        Arithmetic::FusedSecond,
    ),
    (
        [[19.233_017, 5.0, 35.595_432], [19.233_047, 25.0, 35.595_5], [56.175_24, 5.0, 122.745_895]],
        Arithmetic::FusedFirst,
    ),
];

#[test]
fn a_noisy_vertical_edge_from_v0_hangs_the_game_and_a_rotation_saves_it() {
    // A wall at x ≈ 1,500 (f32's step there is 0.000122): its edge v0→v1 leans by one step in x.
    let x = 1_500.25_f32;
    let step = 1_500.250_1_f32 - x;
    assert!(step > 0.0 && step <= SPHERE_SLACK);
    let v: [Vec3; 3] = [[x, 0.0, 100.0], [x + step, 40.0, 100.0], [x, 0.0, 140.0]];
    let found = hang(&v).unwrap_or_else(|| panic!("{v:?} is safe"));
    assert_eq!(found.plane, Plane::Y);
    assert!(found.when_rounded());
    assert!(found.cause().contains("within 0.000123 of vertical"), "{}", found.cause());
    // The query model freezes near it (a sphere touching the wall's face)...
    let near = [x + 1.0, 10.0, 120.0];
    assert_eq!(static_sphere(near, 2.0, &v), Err(Freeze));
    // ...and not once its corners are rotated (same winding, same face).
    let k = safest_rotation(&v).expect("a rotation saves it");
    assert_ne!(k, 0);
    let r = rotated(v, k);
    assert_eq!(hang(&r), None);
    assert!(static_sphere(near, 2.0, &r).unwrap().is_some());
}

#[test]
fn each_plane_hangs_when_its_two_divisors_are_small() {
    // Y: a wall leaning by 0.0001 over a long base: the normal's Y is −0.1, ab has no X or Z to speak of.
    let y = [[0.0, 0.0, 0.0], [1.0e-4, 5.0, 0.0], [10.0, 0.0, 1000.0]];
    // Z: the normal's Y is 0 and its Z 0.1; ab runs along Z, with no Y and 0.0001 of X.
    let z = [[0.0, 0.0, 0.0], [1.0e-4, 0.0, 5.0], [0.0, 1000.0, 0.0]];
    // X: a sliver 0.0001 high facing X; ab is that height, with no Z.
    let x = [[0.0, 0.0, 0.0], [0.0, 1.0e-4, 0.0], [0.0, 0.0, 1000.0]];
    for (v, plane) in [(y, Plane::Y), (z, Plane::Z), (x, Plane::X)] {
        let n = crate::vecmath::cross(sub(v[1], v[0]), sub(v[2], v[0]));
        let h = hang(&v).unwrap_or_else(|| panic!("{v:?} is safe"));
        assert_eq!((h.plane, Plane::of(n)), (plane, Some(plane)), "{v:?}");
        assert_eq!(
            crate::heroes::query::sphere_game::triangle_coefficients(
                sub(v[1], v[0]),
                sub(v[2], v[0]),
                [0.0; 3],
                n
            ),
            Err(Freeze)
        );
        assert_eq!(hang(&rotated(v, safest_rotation(&v).unwrap())), None);
    }
}

#[test]
fn a_hang_only_a_fused_normal_reaches_is_found_and_the_query_model_does_not_freeze() {
    for (v, way) in FUSED_ONLY {
        let found = hang(&v).unwrap_or_else(|| panic!("{v:?} is safe"));
        assert_eq!((found.plane, found.arithmetics.as_slice()), (Plane::Y, &[way][..]), "{v:?}");
        assert!(!found.when_rounded());
        assert!(
            found.cause().contains("only if the retail build computes the normal's Y"),
            "{}",
            found.cause()
        );
        // levelkit's query model rounds both products: it picks the X/Y plane and divides by ab's Y.
        let near = [v[0][0] + 1.0, 10.0, v[0][2] + 1.0];
        assert!(static_sphere(near, 3.0, &v).is_ok());
        assert!(moving_sphere(near, 3.0, [0.5, 0.0, 0.5], &v).is_ok());
        assert_eq!(hang(&rotated(v, safest_rotation(&v).unwrap())), None);
    }
}

#[test]
fn a_triangle_the_game_never_divides_for_is_safe() {
    // Smaller than the threshold everywhere: no normal component is above it, s = t = −1.
    let v = [[0.0, 0.0, 0.0], [1e-5, 0.0, 0.0], [0.0, 0.0, 1e-5]];
    assert_eq!(verdict(&v), Ok(f32::INFINITY));
}

#[test]
fn the_rotation_kept_is_the_given_one_when_safe_else_the_widest_margin() {
    let floor = [[0.0, 0.0, 0.0], [0.0, 0.0, 10.0], [10.0, 0.0, 0.0]];
    assert_eq!(safest_rotation(&floor), Some(0));
    // v0→v1 nearly vertical: rotation 1 starts at v1 (edge v1→v2 spans 1,000 in z), rotation 2 at v2
    // (edge v2→v0, the same span): equal margins, the earlier wins.
    let wall = [[0.0, 0.0, 0.0], [1.0e-4, 5.0, 0.0], [10.0, 0.0, 1000.0]];
    assert!(hang(&wall).is_some());
    assert_eq!(safest_rotation(&wall), Some(1));
    assert_eq!(verdict(&rotated(wall, 1)), Ok(1000.0));
}

#[test]
fn the_shortcuts_of_hang_give_the_full_verdict() {
    // Triangles near every shortcut's edge: a first edge with two, one or no components above the
    // threshold, normals whose y is near it, corners far from the origin (large products, small
    // differences), so both the floor shortcut and the full verdict are taken many times.
    let mut rng = Rng::new(36);
    let (mut shortcut, mut full) = (0, 0);
    for i in 0..400_000 {
        let unit = |rng: &mut Rng| f64::from(rng.next_u32()) / 4_294_967_296.0;
        let (ab, ac): (Vec3, Vec3) = if i % 2 == 0 {
            let mut ab: Vec3 = std::array::from_fn(|_| wide(&mut rng));
            for x in &mut ab {
                if rng.next_u32() % 3 == 0 {
                    *x *= 1e-6;
                }
            }
            (ab, std::array::from_fn(|_| wide(&mut rng)))
        } else {
            // The floor shortcut's edge: ab's z long, x and y within the threshold (the Y plane divides,
            // the Z plane would hang), and ac chosen so that y = ab.z·ac.x − ab.x·ac.z, a difference of two
            // products near 100, lands within a few per cent of the threshold, where the arithmetics
            // round it to either side.
            let t = f64::from(SPHERE_SLACK);
            let (bx, by, long) =
                (t * unit(&mut rng), t * 1e-3 * unit(&mut rng), 1.0 + 999.0 * unit(&mut rng));
            let (acz, acy) = (1e4 + 1e7 * unit(&mut rng), 1e4 * (1.0 + unit(&mut rng)));
            let target = if rng.next_u32() & 1 == 0 { t } else { -t } * (0.97 + 0.06 * unit(&mut rng));
            let acx = (round_f32(bx) as f64 * round_f32(acz) as f64 + target) / long;
            let ab = [round_f32(bx), round_f32(by), round_f32(long)];
            (ab, [round_f32(acx), round_f32(acy), round_f32(acz)])
        };
        let base: Vec3 = std::array::from_fn(|_| wide(&mut rng) * 2f32.powi(i % 9));
        let v = if i % 2 == 0 {
            [base, crate::vecmath::add(base, ab), crate::vecmath::add(base, ac)]
        } else {
            // From the origin, so that the corners' differences are ab and ac exactly.
            [[0.0; 3], ab, ac]
        };
        let got = hang(&v);
        assert_eq!(got, verdict(&v).err(), "{v:?}");
        let (ab, ac) = (sub(v[1], v[0]), sub(v[2], v[0]));
        if ab.iter().filter(|&&x| above(x)).count() < 2 {
            // Where the floor shortcut can settle it: every arithmetic picks Y.
            if got.is_none() && normal_ways(ab, ac)[1].iter().all(|&y| above(y)) {
                shortcut += 1;
            } else {
                full += 1;
            }
        }
    }
    assert!(shortcut > 10_000 && full > 10_000, "{shortcut} floors, {full} others");
}
