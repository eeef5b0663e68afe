//! Replays a `gpu/*/scene.json` (the drawing a console test did, transcribed from its main.c) on
//! levelkit's GPU model and compares the result with the VRAM the console left (`vram.png`, 5-bit
//! channels shifted left by 3).
#![expect(
    clippy::cast_possible_truncation,
    reason = "scene fields are narrowed as the GPU's command words narrow them (16-bit coordinates, \
              8-bit texture coordinates and channels), so a transcribed value behaves as on the console"
)]

use levelkit::psx::raster::{draw_rectangle, Rectangle, SpriteTexture};
use levelkit::psx::{draw_packet, BlendMode, Clut, Frame, Packet, Texture, Tpage, Vertex, Vram};
use serde_json::Value;
use std::path::Path;

const WIDTH: u32 = 1024;
const HEIGHT: u32 = 512;

/// The GPU state the scenes change: GP0(E1h) and the VRAM being drawn into.
struct Gpu {
    frame: Frame,
    /// Textures are read from here; kept equal to `frame` outside drawing (fills and uploads go to both).
    vram: Vram,
    e1: u16,
}

fn num(v: &Value, key: &str) -> i64 {
    v[key].as_i64().unwrap_or_else(|| panic!("scene op without {key}: {v}"))
}

fn rgb(v: &Value) -> [u8; 3] {
    let a = v.as_array().expect("rgb");
    [0, 1, 2].map(|i| a[i].as_u64().expect("channel") as u8)
}

fn rgb15(c: [u8; 3]) -> u16 {
    u16::from(c[0] >> 3) | (u16::from(c[1] >> 3) << 5) | (u16::from(c[2] >> 3) << 10)
}

impl Gpu {
    fn new() -> Gpu {
        Gpu { frame: Frame::new(WIDTH, HEIGHT), vram: Vram::new(), e1: 0 }
    }

    fn put(&mut self, x: u32, y: u32, value: u16) {
        let (x, y) = (x % WIDTH, y % HEIGHT);
        self.frame.pixels[(y * WIDTH + x) as usize] = value;
        self.vram.set(x, y, value);
    }

    fn blend_mode(&self) -> BlendMode {
        Tpage(self.e1).blend()
    }

    fn run(&mut self, op: &Value) {
        match op["op"].as_str().expect("op name") {
            "draw_env" => {
                let area: Vec<i64> =
                    op["area"].as_array().expect("area").iter().map(|v| v.as_i64().unwrap_or(-1)).collect();
                assert_eq!(area, [0, 0, 1023, 511], "scenes draw into the whole VRAM");
            }
            "e1" => {
                self.e1 = num(op, "value") as u16;
                self.frame.dither = self.e1 & (1 << 9) != 0;
            }
            // GP0(02h): x in steps of 16, width rounded up to 16, wrapping in VRAM
            "fill" => {
                let (x, y) = (num(op, "x") as u32 & 0x3F0, num(op, "y") as u32 & 0x1FF);
                let w = ((num(op, "w") as u32 & 0x3FF) + 0xF) & !0xF;
                let h = num(op, "h") as u32 & 0x1FF;
                let colour = rgb15(rgb(&op["rgb"]));
                for dy in 0..h {
                    for dx in 0..w {
                        self.put(x + dx, y + dy, colour);
                    }
                }
            }
            "vram_put" => self.put(num(op, "x") as u32, num(op, "y") as u32, num(op, "value") as u16),
            "vram_ramp" => {
                let (x, y, w) = (num(op, "x") as u32, num(op, "y") as u32, num(op, "w") as u32);
                for i in 0..num(op, "count") as u32 {
                    self.put(x + i % w, y + i / w, i as u16);
                }
            }
            "poly" => self.poly(op),
            "tile" => self.tile(op),
            "sprt" => self.sprt(op),
            other => panic!("unknown scene op {other}"),
        }
    }

    fn poly(&mut self, op: &Value) {
        let kind = op["kind"].as_str().expect("kind");
        let flat = kind.starts_with('F');
        let verts: Vec<Vertex> = op["verts"]
            .as_array()
            .expect("verts")
            .iter()
            .map(|v| {
                let n: Vec<i64> =
                    v.as_array().expect("vertex").iter().map(|x| x.as_i64().expect("number")).collect();
                Vertex {
                    x: n[0] as i16,
                    y: n[1] as i16,
                    colour: [n[2] as u8, n[3] as u8, n[4] as u8],
                    uv: [n[5] as u8, n[6] as u8],
                }
            })
            .collect();
        let mut vertices = [Vertex::default(); 4];
        for (i, v) in verts.iter().enumerate().take(4) {
            vertices[i] = *v;
            if flat {
                vertices[i].colour = verts[0].colour;
            }
        }
        let texture = kind.contains('T').then(|| {
            let tpage = num(op, "tpage") as u16;
            // a textured polygon's tpage replaces E1's low bits (page, blend, depth)
            self.e1 = (self.e1 & !0x1FF) | (tpage & 0x1FF);
            Texture { tpage: Tpage(tpage), clut: Clut(num(op, "clut") as u16) }
        });
        let mut packet = if verts.len() == 4 {
            Packet::quad(vertices, texture)
        } else {
            Packet::triangle([vertices[0], vertices[1], vertices[2]], texture)
        };
        packet.semi_transparent = op["semi"].as_bool().unwrap_or(false);
        packet.gouraud = kind.starts_with('G');
        packet.blend = self.blend_mode();
        draw_packet(&mut self.frame, Some(&self.vram), &packet);
    }

    fn rectangle(&self, op: &Value) -> Rectangle {
        Rectangle {
            x: num(op, "x") as i16,
            y: num(op, "y") as i16,
            width: num(op, "w") as u16,
            height: num(op, "h") as u16,
            colour: rgb(&op["rgb"]),
            texture: None,
            semi_transparent: op["semi"].as_bool().unwrap_or(false),
            blend: self.blend_mode(),
        }
    }

    fn tile(&mut self, op: &Value) {
        let rect = self.rectangle(op);
        draw_rectangle(&mut self.frame, None, &rect);
    }

    /// A sprite takes its page and flips from the draw mode (GP0(E1h) bits 0–8, 12 and 13).
    fn sprt(&mut self, op: &Value) {
        let uv = op["uv"].as_array().expect("uv");
        let texture = SpriteTexture {
            texture: Texture { tpage: Tpage(self.e1 & 0x1FF), clut: Clut(0) },
            uv: [0, 1].map(|i| uv[i].as_u64().expect("uv") as u8),
            flip_x: self.e1 & (1 << 12) != 0,
            flip_y: self.e1 & (1 << 13) != 0,
            raw: false,
        };
        let rect = Rectangle { texture: Some(texture), ..self.rectangle(op) };
        draw_rectangle(&mut self.frame, Some(&self.vram), &rect);
    }
}

/// The console's VRAM from `vram.png` as 15-bit values (no mask bit: the dump has none).
fn console_vram(path: &Path) -> Vec<u16> {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    // palette images come out as RGB(A)
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("vram.png header");
    let mut buf = vec![0; reader.output_buffer_size().expect("vram.png size")];
    let info = reader.next_frame(&mut buf).expect("vram.png pixels");
    assert_eq!((info.width, info.height), (WIDTH, HEIGHT), "{}", path.display());
    let step = match info.color_type {
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        other => panic!("{}: unexpected colour type {other:?}", path.display()),
    };
    buf[..info.buffer_size()].chunks_exact(step).map(|p| rgb15([p[0], p[1], p[2]])).collect()
}

/// The VRAM rectangle `[x0, x1) × [y0, y1)` an op may change; `None` for state changes and for the
/// whole-VRAM clear, whose colour is not compared (the transparency dump shows a light background
/// where its main.c clears to black: the dump's run did not clear as the transcribed code does).
fn region(op: &Value) -> Option<[i64; 4]> {
    let rect =
        |op: &Value| [num(op, "x"), num(op, "y"), num(op, "x") + num(op, "w"), num(op, "y") + num(op, "h")];
    match op["op"].as_str().unwrap_or("") {
        "fill" if num(op, "w") >= 512 && num(op, "h") >= 256 => None,
        "fill" | "tile" | "sprt" => Some(rect(op)),
        "vram_put" => Some([num(op, "x"), num(op, "y"), num(op, "x") + 1, num(op, "y") + 1]),
        "vram_ramp" => Some([
            num(op, "x"),
            num(op, "y"),
            num(op, "x") + num(op, "w"),
            num(op, "y") + (num(op, "count") + num(op, "w") - 1) / num(op, "w"),
        ]),
        "poly" => {
            let verts = op["verts"].as_array()?;
            let xs: Vec<i64> = verts.iter().filter_map(|v| v[0].as_i64()).collect();
            let ys: Vec<i64> = verts.iter().filter_map(|v| v[1].as_i64()).collect();
            Some([*xs.iter().min()?, *ys.iter().min()?, *xs.iter().max()? + 1, *ys.iter().max()? + 1])
        }
        _ => None,
    }
}

fn mark(mask: &mut [bool], r: [i64; 4]) {
    for y in r[1].max(0)..r[3].min(i64::from(HEIGHT)) {
        for x in r[0].max(0)..r[2].min(i64::from(WIDTH)) {
            mask[(y * i64::from(WIDTH) + x) as usize] = true;
        }
    }
}

/// Replays every scene that has a `vram.png` and compares every pixel an op other than the clear may
/// change; prints each scene's share of exact pixels among those its primitives cover, then fails on
/// any difference.
pub fn check_all(gpu: &Path) {
    let mut scenes: Vec<_> =
        std::fs::read_dir(gpu).expect("gpu folder").map(|e| e.expect("entry").path()).collect();
    scenes.sort();
    let mut differing = Vec::new();
    for dir in scenes {
        let name = dir.file_name().unwrap_or_default().to_string_lossy().to_string();
        let scene = super::read_json(&dir.join("scene.json"));
        if !dir.join("vram.png").is_file() {
            println!(
                "GPU {name}: no console VRAM dump, not compared ({})",
                scene["note"].as_str().unwrap_or("")
            );
            continue;
        }
        let console = console_vram(&dir.join("vram.png"));
        let mut gpu = Gpu::new();
        let size = (WIDTH * HEIGHT) as usize;
        let (mut compared, mut primitive) = (vec![false; size], vec![false; size]);
        for op in scene["ops"].as_array().expect("ops") {
            if let Some(r) = region(op) {
                mark(&mut compared, r);
                if matches!(op["op"].as_str(), Some("poly" | "tile" | "sprt")) {
                    mark(&mut primitive, r);
                }
            }
            gpu.run(op);
        }
        let (mut drawn, mut exact, mut wrong) = (0usize, 0usize, 0usize);
        for i in (0..size).filter(|&i| compared[i]) {
            let same = gpu.frame.pixels[i] & 0x7FFF == console[i];
            if primitive[i] {
                drawn += 1;
                exact += usize::from(same);
            }
            wrong += usize::from(!same);
        }
        let share = 100.0 * exact as f64 / drawn.max(1) as f64;
        println!(
            "GPU {name}: {exact}/{drawn} pixels under its primitives exact ({share:.2} %), {wrong} differ"
        );
        if wrong > 0 {
            differing.push(format!("{name} ({wrong} pixels)"));
        }
    }
    assert!(differing.is_empty(), "VRAM differs from the console in {}", differing.join(", "));
}
