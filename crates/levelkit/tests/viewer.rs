//! The HTML viewer in a real browser: pages built from synthetic meshes of both kinds (and a large one)
//! are opened from `file://` in headless Chromium by `tools/viewer-test.mjs` (playwright-core), which checks
//! for console errors, network requests, a drawn canvas, working room/surface toggles and hover.
//!
//! Needs Node.js, `npm ci --prefix tools` and Debian's `chromium` (`scripts/test` installs them); the test
//! fails, saying what to install, when one is missing. `LEVELKIT_VIEWER_OUT=DIR` keeps the pages and
//! screenshots in DIR.

use levelkit::convert::html::{viewer_html, Hole, ViewerInfo, ViewerKind};
use levelkit::heroes::flags::group_name;
use levelkit::mesh::{Face, Group, Image, Line, Mesh, Object};
use levelkit::rng::Rng;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A checkerboard texture with a transparent corner texel, like a PS1 texture page's cut-outs.
fn checker(name: &str, size: u32, a: [u8; 3], b: [u8; 3]) -> Image {
    let mut rgba = Vec::with_capacity((size * size * 4) as usize);
    for y in 0..size {
        for x in 0..size {
            let c = if (x / 4 + y / 4) % 2 == 0 { a } else { b };
            let alpha = if x == 0 && y == 0 { 0 } else { 255 };
            rgba.extend_from_slice(&[c[0], c[1], c[2], alpha]);
        }
    }
    Image { name: name.into(), width: size, height: size, rgba }
}

/// A room: a floor of `n`×`n` quads (heights from `rng`) and three walls, vertex-coloured and textured
/// with group `groups.0` (walls use `groups.1`). Returns the object and its faces' texture entries.
fn room(
    index: u32,
    origin: [f32; 2],
    n: u32,
    rng: &mut Rng,
    groups: (u32, u32),
) -> (Object, Vec<Option<u32>>) {
    let (textured, plain) = groups;
    let size = 10.0;
    let mut o = Object { name: format!("room_{index:02}"), ..Object::default() };
    o.extras = Some(serde_json::json!({ "label": format!("synthetic {index}") }));
    let (mut colours, mut uvs, mut entries) = (Vec::new(), Vec::new(), Vec::new());
    let hue = (index % 6) as f32 / 6.0;
    for j in 0..=n {
        for i in 0..=n {
            let (u, v) = (i as f32 / n as f32, j as f32 / n as f32);
            let h = rng.range_f32(0.0, 0.4);
            o.positions.push([origin[0] + u * size, h, origin[1] - v * size]);
            colours.push([0.5 + 0.5 * hue, 0.4 + 0.6 * u, 0.4 + 0.6 * v, 1.0]);
            uvs.push([u, v]);
        }
    }
    let at = |i: u32, j: u32| j * (n + 1) + i;
    for j in 0..n {
        for i in 0..n {
            let corners = vec![at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)];
            // Every tenth face is split in two triangles, so faces of 3 and 4 corners mix.
            if (i + j) % 10 == 0 {
                for c in [[corners[0], corners[1], corners[2]], [corners[0], corners[2], corners[3]]] {
                    o.faces.push(Face { corners: c.to_vec(), group: textured, attribute: None, flags: 0 });
                    entries.push(Some((i + j) % 7));
                }
            } else {
                o.faces.push(Face { corners, group: textured, attribute: None, flags: (i % 2) * 0x200 });
                entries.push(Some((i * 3 + j) % 7));
            }
        }
    }
    // Walls on three sides: 3 m tall, flat grey-blue, double-sided.
    let walls = [([0.0, 0.0], [size, 0.0]), ([size, 0.0], [size, -size]), ([0.0, -size], [0.0, 0.0])];
    for (a, b) in walls {
        let base = u32::try_from(o.positions.len()).unwrap();
        for (p, y) in [(a, 0.0), (b, 0.0), (b, 3.0), (a, 3.0)] {
            o.positions.push([origin[0] + p[0], y, origin[1] + p[1]]);
            colours.push([0.35, 0.4, 0.55, 1.0]);
            uvs.push([0.0, 0.0]);
        }
        o.faces.push(Face {
            corners: vec![base, base + 1, base + 2, base + 3],
            group: plain,
            attribute: None,
            flags: 0x200,
        });
        entries.push(Some(7)); // every Rugrats face names a texture entry, even flat ones
    }
    o.colours = Some(colours);
    o.uvs = Some(uvs);
    (o, entries)
}

/// A Rugrats-like level: `rooms` rooms of `n`×`n` floors in a row of grids, `textures` textures, a
/// portal between neighbours.
fn level(rooms: u32, n: u32, textures: u32) -> (Mesh, ViewerInfo) {
    let mut rng = Rng::new(7);
    let palette =
        [[230, 200, 90], [90, 170, 230], [220, 110, 160], [120, 210, 120], [240, 150, 60], [170, 130, 230]];
    let mut mesh = Mesh::default();
    for t in 0..textures {
        let a = palette[(t as usize) % palette.len()];
        mesh.images.push(checker(&format!("tpage_{t}"), 64, a, [a[0] / 3, a[1] / 3, a[2] / 3]));
        let mut g = Group::named(format!("tex_{t}"));
        g.texture = Some(t);
        g.alpha_mask = true;
        g.extras = Some(serde_json::json!({ "tpage": 0x10 + t, "clut": 0x7fc0 }));
        mesh.groups.push(g);
    }
    let mut wall = Group::named("flat_double");
    wall.double_sided = true;
    mesh.groups.push(wall);
    let plain = textures;
    let mut portal_group = Group::named("portal");
    portal_group.colour = [1.0, 0.9, 0.2, 0.5];
    portal_group.double_sided = true;
    mesh.groups.push(portal_group);
    let portal = textures + 1;

    let mut entries = Vec::new();
    let per_row = 6;
    for r in 0..rooms {
        let origin = [(r % per_row) as f32 * 11.0, -((r / per_row) as f32) * 11.0];
        let (o, e) = room(r, origin, n, &mut rng, (r % textures, plain));
        entries.push((o.name.clone(), e));
        mesh.objects.push(o);
        if r + 1 < rooms && (r + 1) % per_row != 0 {
            let x = origin[0] + 10.5;
            mesh.objects.push(Object {
                name: format!("portal_{r:02}_{:02}", r + 1),
                positions: vec![
                    [x, 0.0, origin[1] - 3.0],
                    [x, 0.0, origin[1] - 7.0],
                    [x, 2.5, origin[1] - 7.0],
                    [x, 2.5, origin[1] - 3.0],
                ],
                faces: vec![Face { corners: vec![0, 1, 2, 3], group: portal, attribute: None, flags: 0 }],
                extras: Some(serde_json::json!({ "room": r, "to": r + 1 })),
                ..Object::default()
            });
        }
    }
    let mut info = ViewerInfo::from_mesh(&mesh, ViewerKind::ReptarLevel, format!("LEVEL_SYNTH_{rooms}.BIN"));
    info.face_textures = entries.into_iter().collect();
    (mesh, info)
}

/// A Heroes-like collision: a bumpy 24×24 ground of triangles whose attribute depends on the region, two
/// walls, a death plane below, the quadtree's leaves as lines and three holes.
fn collision() -> (Mesh, ViewerInfo) {
    let mut rng = Rng::new(11);
    let surfaces =
        [0x0000_0000, 0x0000_0001, 0x0000_0002, 0x0000_0010, 0x0000_0100, 0x0001_0000, 0x0000_0777];
    let mut mesh = Mesh::default();
    for &a in &surfaces {
        mesh.groups.push(Group::named(group_name(a)));
    }
    let tree_group = mesh.group_index("tree");
    let group_of = |a: u32| surfaces.iter().position(|&s| s == a).unwrap();
    let group_of = |a: u32| u32::try_from(group_of(a)).unwrap();
    let n = 24u32;
    let cell = 100.0;
    let mut o = Object { name: "collision".into(), ..Object::default() };
    for j in 0..=n {
        for i in 0..=n {
            let h = libm::sinf(i as f32 * 0.5) * 60.0
                + libm::cosf(j as f32 * 0.3) * 40.0
                + rng.range_f32(-5.0, 5.0);
            o.positions.push([i as f32 * cell, h, -(j as f32) * cell]);
        }
    }
    let at = |i: u32, j: u32| j * (n + 1) + i;
    for j in 0..n {
        for i in 0..n {
            let a = match (i / 8, j / 8) {
                (0, 0) => 0x0000_0000,
                (1, 0) => 0x0000_0001,
                (2, _) => 0x0000_0010,
                (_, 1) => 0x0000_0002,
                (0, 2) => 0x0000_0777,
                _ => 0x0000_0000,
            };
            let g = group_of(a);
            o.faces.push(Face {
                corners: vec![at(i, j), at(i + 1, j), at(i + 1, j + 1)],
                group: g,
                attribute: Some(a),
                flags: 0,
            });
            o.faces.push(Face {
                corners: vec![at(i, j), at(i + 1, j + 1), at(i, j + 1)],
                group: g,
                attribute: Some(a),
                flags: 0,
            });
        }
    }
    // A wall along the far edge and a death plane under everything.
    let extent = n as f32 * cell;
    for (corners, a) in [
        (
            [
                [0.0, -100.0, -extent],
                [extent, -100.0, -extent],
                [extent, 300.0, -extent],
                [0.0, 300.0, -extent],
            ],
            0x0000_0100,
        ),
        (
            [[0.0, -400.0, 0.0], [extent, -400.0, 0.0], [extent, -400.0, -extent], [0.0, -400.0, -extent]],
            0x0001_0000,
        ),
    ] {
        let base = u32::try_from(o.positions.len()).unwrap();
        o.positions.extend(corners);
        let g = group_of(a);
        o.faces.push(Face {
            corners: vec![base, base + 1, base + 2],
            group: g,
            attribute: Some(a),
            flags: 0,
        });
        o.faces.push(Face {
            corners: vec![base, base + 2, base + 3],
            group: g,
            attribute: Some(a),
            flags: 0,
        });
    }
    mesh.objects.push(o);
    // Quadtree leaves: a 4×4 grid of squares just above the highest ground.
    let mut tree = Object { name: "tree".into(), ..Object::default() };
    let leaves = 4u32;
    let step = extent / leaves as f32;
    for j in 0..=leaves {
        for i in 0..=leaves {
            tree.positions.push([i as f32 * step, 120.0, -(j as f32) * step]);
        }
    }
    let at = |i: u32, j: u32| j * (leaves + 1) + i;
    for j in 0..=leaves {
        for i in 0..leaves {
            tree.lines.push(Line { ends: [at(i, j), at(i + 1, j)], group: tree_group });
            tree.lines.push(Line { ends: [at(j, i), at(j, i + 1)], group: tree_group });
        }
    }
    mesh.objects.push(tree);
    let mut info = ViewerInfo::from_mesh(&mesh, ViewerKind::HeroesCl, "s01_synthetic.cl");
    info.holes = vec![
        Hole { x: 450.0, y: 30.0, z: -450.0, kind: "open edge".into() },
        Hole { x: 1800.0, y: 0.0, z: -2000.0, kind: "uncovered cell".into() },
        Hole { x: 1200.0, y: 10.0, z: -1200.0, kind: "open edge".into() },
    ];
    (mesh, info)
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

/// Fails with what to install when the browser test's tools are missing: a skipped browser test would
/// pass without showing anything.
fn require_browser_tools(root: &Path) {
    let chromium = std::env::var("LEVELKIT_CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    assert!(
        Path::new(&chromium).exists(),
        "the viewer test needs Chromium at {chromium}: apt-get install -y chromium (scripts/test does this)"
    );
    assert!(
        root.join("tools/node_modules/playwright-core").is_dir(),
        "the viewer test needs playwright-core: npm ci --prefix tools (scripts/test does this)"
    );
    let node = Command::new("node").arg("--version").output();
    assert!(node.is_ok_and(|o| o.status.success()), "the viewer test needs Node.js (node) on the PATH");
}

#[test]
fn viewer_pages_work_in_headless_chromium() {
    let root = repo_root();
    require_browser_tools(&root);
    let temp = tempfile::tempdir().unwrap();
    let out =
        std::env::var_os("LEVELKIT_VIEWER_OUT").map_or_else(|| temp.path().to_path_buf(), PathBuf::from);
    std::fs::create_dir_all(&out).unwrap();

    let (rooms, rooms_info) = level(8, 6, 3);
    let (cl, cl_info) = collision();
    let (large, large_info) = level(40, 22, 6);
    assert!(large.counts().0 >= 20_000, "the large level has {} faces", large.counts().0);
    let mut pages = Vec::new();
    for (name, mesh, info) in
        [("rooms", &rooms, &rooms_info), ("collision", &cl, &cl_info), ("large", &large, &large_info)]
    {
        let page = viewer_html(mesh, info).unwrap();
        let path = out.join(format!("{name}.html"));
        std::fs::write(&path, &page).unwrap();
        println!("{name}.html: {} bytes, {mesh}", page.len());
        pages.push((path, page.len()));
    }
    let large_bytes = pages[2].1;
    assert!(large_bytes < 10_000_000, "the large level's page is {large_bytes} bytes, over 10 MB");

    let output = Command::new("node")
        .arg(root.join("tools/viewer-test.mjs"))
        .arg("--screenshots")
        .arg(out.join("screenshots"))
        .args(pages.iter().map(|(p, _)| p))
        .output()
        .expect("cannot run node");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    println!("{stdout}");
    eprintln!("{stderr}");
    assert!(output.status.success(), "the browser test failed:\n{stdout}\n{stderr}");
    assert_eq!(stdout.lines().filter(|l| l.starts_with("ok ")).count(), 3, "{stdout}");
}

/// The browser test must notice a page that cannot draw: a page whose embedded scene is damaged fails it.
#[test]
fn viewer_test_fails_a_broken_page() {
    let root = repo_root();
    require_browser_tools(&root);
    let dir = tempfile::tempdir().unwrap();
    let (mesh, info) = collision();
    let page = String::from_utf8(viewer_html(&mesh, &info).unwrap()).unwrap();
    let start = page.find("id=\"levelkit-glb\">").unwrap() + "id=\"levelkit-glb\">".len();
    // The GLB's magic and version become zeros: the loader cannot read it.
    let broken = format!("{}AAAAAAAAAAAA{}", &page[..start], &page[start + 12..]);
    let path = dir.path().join("broken.html");
    std::fs::write(&path, broken).unwrap();
    let output = Command::new("node").arg(root.join("tools/viewer-test.mjs")).arg(&path).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(stdout.starts_with("FAIL "), "{stdout}");
}

/// Without WebGL the viewer cannot draw, and the browser test must fail rather than pass on a blank page.
#[test]
fn viewer_test_fails_without_webgl() {
    let root = repo_root();
    require_browser_tools(&root);
    let dir = tempfile::tempdir().unwrap();
    let (mesh, info) = collision();
    let path = dir.path().join("collision.html");
    std::fs::write(&path, viewer_html(&mesh, &info).unwrap()).unwrap();
    let output = Command::new("node")
        .arg(root.join("tools/viewer-test.mjs"))
        .args(["--chromium-arg", "--disable-webgl", "--chromium-arg", "--disable-3d-apis"])
        .arg(&path)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("WebGL is not available"), "{stdout}");
}
