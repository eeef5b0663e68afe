use super::*;
use crate::heroes::generate;
use crate::psx::RgbImage;

#[test]
fn every_word_of_the_legend_has_its_glyphs() {
    let mut c = generate::game_correct(3, 300, 5);
    for (t, s) in c.triangles.iter_mut().zip(crate::heroes::flags::SURFACES) {
        t.attribute = s.attribute;
    }
    let mut audit = crate::heroes::audit::audit(&c, Default::default()).unwrap();
    audit.hanging_triangles.push(crate::heroes::audit::HangingTriangle { triangle: 0, at: [0.0; 3] });
    let opts = MapOptions { game_inherent: true, ..MapOptions::default() };
    let rows = legend(&c, Some(&audit), opts);
    assert!(rows.len() > 8, "{rows:?}");
    for (_, text) in rows {
        assert!(crate::font::covers(&text), "{text:?} has a character the font lacks");
    }
}

#[test]
fn the_scale_bar_is_the_longest_round_length_that_fits() {
    // (units a pixel, longest bar) → (units, pixels)
    assert_eq!(scale_bar(1.0, 24.0), (20.0, 20.0));
    assert_eq!(scale_bar(0.3, 24.0).0, 5.0);
    assert_eq!(scale_bar(40.0, 24.0), (500.0, 12.5));
    assert_eq!(scale_bar(0.004, 24.0).0, 0.05);
    // Longer than the most it may be over 2.5, whatever the scale.
    for k in 1..2000 {
        let scale = 0.001 * 1.0073f32.powi(k);
        let (_, px) = scale_bar(scale, 256.0);
        assert!(px <= 256.0 && px > 256.0 / 2.5, "{scale}: {px}");
    }
}

#[test]
fn the_legend_names_every_surface_drawn_and_the_markers() {
    let c = generate::game_correct(5, 400, 5);
    let rows = legend(&c, None, MapOptions::default());
    let mut attributes: Vec<u32> = c.triangles.iter().map(|t| t.attribute).collect();
    attributes.sort_unstable();
    attributes.dedup();
    assert!(attributes.len() > 2, "{attributes:x?}");
    for a in attributes {
        let label = crate::heroes::flags::surface(a).map(|s| s.label).unwrap();
        assert!(rows.iter().any(|(k, t)| t == label && *k == Key::Swatch(crate::heroes::flags::colour(a))));
    }
    assert!(rows.iter().any(|(k, _)| *k == Key::Outline));
    assert!(!rows.iter().any(|(k, _)| matches!(k, Key::Mark(..))), "no audit, no markers");
    assert!(matches!(rows[0].0, Key::Bar(_)));
}

/// A floor, a 27° ramp and a vertical wall, all "grass road", built as a small stage.
fn floor_ramp_wall() -> Collision {
    use crate::heroes::builder::{build, BuildInput, BuildOptions, BuildTriangle};
    let tan27 = libm::tanf(27f32.to_radians());
    let v: Vec<[f32; 3]> = vec![
        // floor: x 0..100, z 0..100
        [0.0, 0.0, 0.0],
        [100.0, 0.0, 0.0],
        [100.0, 0.0, 100.0],
        [0.0, 0.0, 100.0],
        // ramp: x 100..200 rising 27°, z 0..100
        [200.0, 100.0 * tan27, 0.0],
        [200.0, 100.0 * tan27, 100.0],
        // wall at x = 0, z 0..100, 50 high, facing +x
        [0.0, 50.0, 0.0],
        [0.0, 50.0, 100.0],
    ];
    // Wound so the normals point up (floor, ramp) and towards +x (wall).
    let faces = vec![[0, 3, 2], [0, 2, 1], [1, 2, 5], [1, 5, 4], [0, 6, 7], [0, 7, 3]];
    let grass_road = 0x20;
    let triangles = faces
        .into_iter()
        .map(|vertices| BuildTriangle { vertices, attribute: grass_road, group: 0 })
        .collect();
    let mesh = BuildInput { positions: v, triangles };
    build(&mesh, &BuildOptions::default()).unwrap().collision
}

fn pixel(img: &RgbImage, x: u32, y: u32) -> [u8; 3] {
    let i = (y * img.width + x) as usize * 3;
    [img.pixels[i], img.pixels[i + 1], img.pixels[i + 2]]
}

fn distance(a: [u8; 3], b: [u8; 3]) -> f32 {
    a.iter().zip(&b).map(|(&p, &q)| (f32::from(p) - f32::from(q)).powi(2)).sum::<f32>().sqrt()
}

/// Issue 46: the map reads at a glance. A 27° ramp differs from the floor of its colour by far more than
/// the 12 steps it did ((104,179,66) against (110,190,70)); a wall is a line at least 2 pixels wide in
/// its colour; the scale bar is at least a tenth of the picture wide.
#[test]
fn slopes_walls_and_the_scale_bar_show() {
    let c = floor_ramp_wall();
    let png = render(&c, None, MapOptions { size: 512, leaves: false, ..MapOptions::default() }).unwrap();
    let img = RgbImage::from_png(&png, 1 << 24).unwrap();
    let colour = crate::heroes::flags::colour(0x20);
    let (lo, hi) = crate::heroes::audit::area(&c);
    let span = (hi[0] - lo[0]).max(hi[2] - lo[2]);
    let scale = span * 1.04 / 512.0;
    let px = |x: f32, z: f32| {
        (
            u32::saturating_from((x - lo[0] + span * 0.02) / scale),
            u32::saturating_from((z - lo[2] + span * 0.02) / scale),
        )
    };
    // The floor's middle is the surface's colour; the ramp's middle, away from the hatch, is far from it.
    let (fx, fy) = px(50.0, 50.0);
    assert_eq!(pixel(&img, fx, fy), colour);
    let (rx, ry) = px(150.0, 50.0);
    let ramp: Vec<[u8; 3]> = (0..4).map(|k| pixel(&img, rx + k, ry)).collect();
    assert!(ramp.iter().all(|&p| distance(p, colour) > 60.0), "ramp {ramp:?} against the floor {colour:?}");
    assert!(ramp.iter().any(|&p| p != ramp[0]), "the ramp is hatched: {ramp:?}");
    // Across the wall's line at x = 0, at least two pixels in the wall's colour.
    let (wx, wy) = px(0.0, 50.0);
    let across: Vec<[u8; 3]> = (wx.saturating_sub(4)..wx + 5).map(|x| pixel(&img, x, wy)).collect();
    assert!(across.iter().filter(|&&p| p == colour).count() >= 2, "{across:?}");
    assert!(
        across.iter().any(|&p| p == shade(colour, WALL_BORDER)),
        "the wall has a dark border: {across:?}"
    );
    // The scale bar: the longest run of the bar's colour on one legend row.
    let longest = (img.height - 200..img.height)
        .map(|y| {
            let mut run = (0, 0);
            for x in 0..img.width {
                run.0 = if pixel(&img, x, y) == LEAF_LINE { run.0 + 1 } else { 0 };
                run.1 = run.1.max(run.0);
            }
            run.1
        })
        .max()
        .unwrap();
    assert!(longest * 10 >= img.width, "scale bar {longest} px of {}", img.width);
}

/// Markers differ by shape: a hole's ring is hollow, a moving sphere's square fills its corners' ring
/// gap, the game-inherent cross crosses its centre; each has a dark border. Game-inherent differences
/// are drawn only when asked for.
#[test]
fn markers_differ_by_shape_and_game_inherent_ones_only_on_request() {
    let mut canvas = Canvas {
        w: 40,
        h: 20,
        rgb: vec![128; 40 * 20 * 3],
        top: vec![0.0; 800],
        origin: [0.0; 2],
        scale: 1.0,
    };
    canvas.mark(10.0, 10.0, Shape::Ring, HOLE);
    canvas.mark(30.0, 10.0, Shape::Square, MOVE_HOLE);
    let img = RgbImage { width: 40, height: 20, pixels: canvas.rgb.clone() };
    // Ring: the centre untouched, the corner of its box too; square: the corner drawn.
    assert_eq!(pixel(&img, 10, 10), [128; 3]);
    assert_ne!(pixel(&img, 35, 5), [128; 3]);
    assert_ne!(pixel(&img, 15, 5), MOVE_HOLE);
    assert!(img.pixels.chunks_exact(3).any(|p| p == HALO));
    let mut cross =
        Canvas { w: 20, h: 20, rgb: vec![128; 1200], top: vec![0.0; 400], origin: [0.0; 2], scale: 1.0 };
    cross.mark(10.0, 10.0, Shape::Cross, INHERENT);
    assert_eq!(cross.rgb[(10 * 20 + 10) * 3..(10 * 20 + 10) * 3 + 3], INHERENT);

    let c = generate::odd(3, 2000, 8, &generate::Style::community());
    let a =
        crate::heroes::audit::audit(&c, crate::heroes::audit::AuditOptions { probes: 500, seed: 2 }).unwrap();
    assert!(!a.inherent_list.is_empty() && !a.hole_list.is_empty());
    let count = |opts: MapOptions| {
        let img = RgbImage::from_png(&render(&c, Some(&a), opts).unwrap(), 1 << 24).unwrap();
        img.pixels.chunks_exact(3).filter(|p| *p == INHERENT).count()
    };
    let plain = MapOptions { size: 256, ..MapOptions::default() };
    assert_eq!(count(plain), 0, "game-inherent differences drawn without being asked for");
    assert!(count(MapOptions { game_inherent: true, ..plain }) > 0);
}

#[test]
fn a_line_draws_the_same_pixels_as_every_one_of_its_samples() {
    // Every sample put, as the line was drawn before it skipped the samples outside the picture.
    let all_samples = |canvas: &mut Canvas, a: (f32, f32), b: (f32, f32), alpha: f32| {
        let steps = i64::saturating_from((b.0 - a.0).abs().max((b.1 - a.1).abs()).ceil()).clamp(1, 1 << 16);
        for s in 0..=steps {
            let t = s as f32 / steps as f32;
            let (x, y) = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
            canvas.put(i64::saturating_from(x), i64::saturating_from(y), [200, 40, 90], alpha);
        }
    };
    let blank = |w: u32, h: u32| Canvas {
        w,
        h,
        rgb: vec![30; (w * h * 3) as usize],
        top: vec![0.0; (w * h) as usize],
        origin: [0.0; 2],
        scale: 1.0,
    };
    let mut rng = crate::rng::Rng::new(58);
    let coordinate = |rng: &mut crate::rng::Rng| -> f32 {
        // Around the picture, or far out as on a leaf much larger than the map's view.
        let magnitude = [2.0, 40.0, 300.0, 3e4, 7e6, 1e20, 3e38][rng.index(7)];
        let x = 16.0 + rng.range_f32(-magnitude, magnitude);
        // Now and then a value the picture's edges or a hostile file give.
        match rng.below(40) {
            0 => f32::NAN,
            1 => f32::INFINITY,
            2 => -0.5,
            3 => 32.0,
            _ => x,
        }
    };
    let (mut lines, mut drawn) = (0, 0);
    for (w, h) in [(32, 32), (1, 1), (257, 33)] {
        for _ in 0..4000 {
            let a = (coordinate(&mut rng), coordinate(&mut rng));
            // Axis-aligned, as a leaf's outline, half the time.
            let b = match rng.below(4) {
                0 => (a.0, coordinate(&mut rng)),
                1 => (coordinate(&mut rng), a.1),
                _ => (coordinate(&mut rng), coordinate(&mut rng)),
            };
            let (mut want, mut got) = (blank(w, h), blank(w, h));
            all_samples(&mut want, a, b, 0.25);
            got.line(a, b, [200, 40, 90], 0.25);
            assert!(want.rgb == got.rgb, "{w}x{h} picture, line {a:?} to {b:?}: other pixels");
            lines += 1;
            drawn += usize::from(want.rgb.iter().any(|&v| v != 30));
        }
    }
    // About a third reach it (3,970 of 12,000): fewer than a quarter and the comparison says little.
    assert!(drawn * 4 > lines, "only {drawn} of {lines} lines reached the picture");
}
