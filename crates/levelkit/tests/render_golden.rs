//! Golden images of `levelkit render` on generated levels (compared as `tests/psx_golden.rs` does;
//! `LEVELKIT_BLESS=1` rewrites them), and the renderer's options.

mod common;

use common::golden;
use levelkit::render::reptar::render_level;
use levelkit::render::{render_document, RenderError, RenderOptions, ViewPoint};
use levelkit::reptar::generate::{generate, Options};
use levelkit::reptar::{Level, SelectError};
use levelkit::Document;
use levelkit_demo as demo;
use levelkit_demo::demo_texture_table;

fn level() -> Level {
    let mut level = generate(&Options { ceilings: true, ..Options::small(3) });
    level.textures = demo_texture_table();
    level
}

fn small(rooms: Option<Vec<u32>>, vram: bool, portals: bool) -> RenderOptions {
    RenderOptions {
        width: 160,
        height: 120,
        rooms,
        vram: vram.then(|| demo::demo_vram().to_dump()),
        portals,
        ..RenderOptions::default()
    }
}

/// The renderer is deterministic: a golden comparison allows no difference, not even one step of one
/// channel of one pixel.
#[test]
fn golden_comparison_is_exact() {
    if std::env::var_os("LEVELKIT_BLESS").is_some() {
        return; // blessing would write the altered picture
    }
    let mut image = render_level(&level(), &small(Some(vec![0]), false, false)).unwrap().image;
    image.pixels[0] ^= 1;
    let result = std::panic::catch_unwind(|| golden("reptar_room_untextured.png", &image));
    assert!(result.is_err(), "a picture one step off in one channel of one pixel passed");
}

#[test]
fn golden_room_interior_untextured() {
    let r = render_level(&level(), &small(Some(vec![0]), false, false)).unwrap();
    assert!(r.stats.packets > 20, "{:?}", r.stats);
    golden("reptar_room_untextured.png", &r.image);
}

#[test]
fn golden_room_interior_textured() {
    let r = render_level(&level(), &small(Some(vec![0]), true, false)).unwrap();
    assert!(r.stats.subdivided_4 + r.stats.subdivided_16 > 0, "near faces are subdivided: {:?}", r.stats);
    golden("reptar_room_textured.png", &r.image);
}

#[test]
fn golden_level_overview_with_portals() {
    let r = render_level(&level(), &small(None, true, true)).unwrap();
    golden("reptar_level_portals.png", &r.image);
    // the portals are drawn in yellow (31, 28, 0) over the same picture
    let without = render_level(&level(), &small(None, true, false)).unwrap();
    let changed: Vec<&[u8]> = r
        .image
        .pixels
        .chunks_exact(3)
        .zip(without.image.pixels.chunks_exact(3))
        .filter(|(a, b)| a != b)
        .map(|(a, _)| a)
        .collect();
    assert!(changed.len() > 50, "{} portal pixels", changed.len());
    assert!(changed.iter().all(|p| *p == [255, 231, 0]), "only portal lines differ");
}

#[test]
fn default_framing_sees_every_chosen_room() {
    // overview: every room's floor is on screen, so nothing is rejected off screen
    let r = render_level(&level(), &small(None, false, false)).unwrap();
    assert_eq!(r.stats.rejected_outcode, 0, "{:?}", r.stats);
    // the interior camera is inside room 2's bounds
    let lvl = level();
    let r = render_level(&lvl, &small(Some(vec![2]), false, false)).unwrap();
    let rec = &lvl.rooms[2].record;
    for k in 0..3 {
        let p = r.camera.position[k];
        assert!(f64::from(rec.min[k]) < p && p < f64::from(rec.max[k]), "{:?} in {rec:?}", r.camera);
    }
}

#[test]
fn a_given_camera_is_used_and_renders_are_deterministic() {
    let lvl = level();
    let c = lvl.rooms[0].record.centre.map(f64::from);
    let view = ViewPoint { position: c, look: [c[0], c[1] + 100.0, c[2] + 1000.0] };
    let opts = RenderOptions { camera: Some(view), ..small(None, true, false) };
    let a = render_level(&lvl, &opts).unwrap();
    assert_eq!(a.camera, view);
    let b = render_document(&Document::Reptar(lvl.clone()), &opts).unwrap();
    assert_eq!(a.image, b);
    let other = render_level(&lvl, &small(None, true, false)).unwrap();
    assert_ne!(a.image, other.image);
}

#[test]
fn bad_options_are_refused() {
    let lvl = level();
    let err = render_level(&lvl, &RenderOptions { width: 4000, ..small(None, false, false) }).unwrap_err();
    assert!(matches!(err, RenderError::BadSize { width: 4000, .. }), "{err}");
    let err = render_level(&lvl, &small(Some(vec![0, 7]), false, false)).unwrap_err();
    assert!(matches!(err, RenderError::Select(SelectError::NoSuchRoom { room: 7, rooms: 4 })), "{err}");
    let err = render_level(&lvl, &RenderOptions { vram: Some(vec![1; 10]), ..small(None, false, false) })
        .unwrap_err();
    assert!(matches!(err, RenderError::Select(SelectError::BadVram(_))), "{err}");
    let same = ViewPoint { position: [1.0, 2.0, 3.0], look: [1.0, 2.0, 3.0] };
    let err =
        render_level(&lvl, &RenderOptions { camera: Some(same), ..small(None, false, false) }).unwrap_err();
    assert!(matches!(err, RenderError::BadCamera(_)), "{err}");
    let nan = ViewPoint { position: [f64::NAN, 0.0, 0.0], look: [0.0; 3] };
    let err =
        render_level(&lvl, &RenderOptions { camera: Some(nan), ..small(None, false, false) }).unwrap_err();
    assert!(matches!(err, RenderError::BadCamera(_)), "{err}");
    // a level with no rooms renders an empty frame
    let empty = render_level(&Level::default(), &small(None, false, true)).unwrap();
    assert!(empty.image.pixels.iter().all(|&p| p == 0));
}

#[test]
fn culling_rooms_by_their_boxes_never_changes_the_picture() {
    use levelkit::psx::{render_room_faces, Frame, RoomOptions};
    use levelkit::render::reptar::{camera_for, PreparedRooms};
    use levelkit::rng::Rng;
    let mut lvl = generate(&Options { rooms: 16, ceilings: true, ..Options::small(8) });
    lvl.textures = demo_texture_table();
    let rooms: Vec<usize> = (0..lvl.rooms.len()).collect();
    let prepared = PreparedRooms::new(&lvl, &rooms);
    let vram = demo::demo_vram();
    let mut rng = Rng::new(5);
    let mut culled_some = 0;
    for _ in 0..60 {
        let mut p = || {
            [rng.range_f32(-6000.0, 6000.0), rng.range_f32(-3000.0, 1000.0), rng.range_f32(-6000.0, 6000.0)]
        };
        let view = ViewPoint { position: p().map(f64::from), look: p().map(f64::from) };
        let camera = camera_for(&view, 160, 120).unwrap();
        let mut all = Frame::new(160, 120);
        let plain =
            render_room_faces(&prepared.faces, &camera, Some(&vram), &RoomOptions::default(), &mut all);
        let mut culled = Frame::new(160, 120);
        let stats = prepared.draw(&camera, Some(&vram), &mut culled);
        assert_eq!(all.pixels, culled.pixels, "{view:?}");
        assert_eq!(
            (stats.packets, stats.rejected_outcode),
            (plain.packets, plain.rejected_outcode),
            "{view:?}"
        );
        culled_some += usize::from(prepared.visible(&camera).len() < prepared.faces.len());
    }
    assert!(culled_some > 20, "{culled_some}");
}

#[test]
fn golden_heroes_collision_view() {
    let c = levelkit::heroes::generate::game_correct(3, 1500, 8);
    let doc = Document::Heroes(c.clone());
    let opts = RenderOptions { width: 160, height: 120, ..RenderOptions::default() };
    let image = render_document(&doc, &opts).unwrap();
    golden("heroes_collision.png", &image);
    // the framing shows the whole stage: a good share of the frame is geometry
    let background = levelkit::render::heroes::BACKGROUND;
    let drawn = image.pixels.chunks_exact(3).filter(|p| *p != background).count();
    assert!(drawn > 160 * 120 / 8, "{drawn}");
    // a given camera (Y up) looking away from the geometry sees nothing
    let centre = c.header.root_center.map(f64::from);
    let away = ViewPoint {
        position: [centre[0], centre[1] + 1e6, centre[2]],
        look: [centre[0], centre[1] + 2e6, centre[2]],
    };
    let empty = render_document(&doc, &RenderOptions { camera: Some(away), ..opts.clone() }).unwrap();
    assert!(empty.pixels.chunks_exact(3).all(|p| p == background));
    let same = ViewPoint { position: centre, look: centre };
    let err = render_document(&doc, &RenderOptions { camera: Some(same), ..opts }).unwrap_err();
    assert!(matches!(err, RenderError::BadCamera(_)), "{err}");
}

#[test]
fn mutated_files_render_and_export_without_panicking() {
    use levelkit::convert::{export_document, ExportFormat, ExportOptions};
    use levelkit::rng::Rng;
    let level =
        generate(&Options { oddities: true, ceilings: true, ..Options::small(12) }).to_bytes().unwrap();
    let stage = levelkit::heroes::generate::game_correct(4, 300, 6).to_bytes().unwrap();
    let mut rng = Rng::new(99);
    let mut parsed = [0usize; 2];
    for round in 0..400 {
        let (kind, original) = if round % 2 == 0 { (0, &level) } else { (1, &stage) };
        let mut data = original.clone();
        for _ in 0..1 + rng.below(6) {
            let i = rng.index(data.len());
            data[i] = rng.below_u8(256);
        }
        let format = [levelkit::Format::ReptarLevel, levelkit::Format::HeroesCl][kind];
        let Ok(doc) = Document::parse(&data, Some(format)) else { continue };
        parsed[kind] += 1;
        let opts = RenderOptions { width: 64, height: 48, portals: true, ..RenderOptions::default() };
        let _ = render_document(&doc, &opts);
        let export = ExportOptions { tree: true, ..ExportOptions::new(ExportFormat::Glb) };
        let _ = export_document(&doc, "m", &export);
    }
    assert!(parsed.iter().all(|&n| n > 50), "{parsed:?}");
}

/// `levelkit audit --map` on a small community-built stage with holes: the map and, below it, its legend
/// (scale bar, the surfaces with their colours, leaf outlines, the audit's markers).
#[test]
fn a_heroes_map_with_its_legend() {
    use levelkit::heroes::audit::{audit, AuditOptions};
    use levelkit::heroes::builder::{build_community, BuildInput};
    use levelkit::render::map::{render, MapOptions};
    let mesh = BuildInput::from_collision(&levelkit::heroes::generate::game_correct(21, 5000, 9));
    let c = build_community(&mesh, 0, 0, false).unwrap();
    let a = audit(&c, AuditOptions { probes: 3000, seed: 4 }).unwrap();
    assert!(a.holes > 0, "the picture should show holes: {}", a.to_text());
    let png = render(&c, Some(&a), MapOptions { size: 200, ..MapOptions::default() }).unwrap();
    let image = levelkit::psx::RgbImage::from_png(&png, 1 << 24).unwrap();
    assert!(image.height > 200, "no room for the legend: {}x{}", image.width, image.height);
    golden("heroes_map_legend.png", &image);
}
