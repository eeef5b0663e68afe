//! Wavefront OBJ export (with MTL and PNG textures) and import.
//!
//! Export writes one `o` per object, a `g NAME` + `usemtl NAME` whenever the group changes, `v x y z`
//! (`v x y z r g b` when the object has colours: linear values, alpha dropped), `vt u v` (OBJ's v runs up,
//! so v is flipped from the mesh's glTF orientation), `vn`, polygons as they are (`f` with 3+ corners) and
//! `l` segments. Whitespace in names becomes `_` (OBJ splits names at spaces). A face whose attribute its
//! group name does not already say is written in a group `NAME_XXXXXXXX`, so the attribute survives.
//! Raw face flags and extras have no place in OBJ and are not written (glTF keeps them).
//!
//! Import keeps polygons as polygons ([`Mesh::triangulated`] fans them), reads `v` (with optional
//! colour), `vt`, `vn`, `f` in all index forms including negative ones, `l`, and `o`/`g`/`usemtl`:
//! an `o` starts an object (kept even without faces or lines: a room with no geometry); a face's group is
//! the current `g` name, else the `usemtl` name, else the object's; its attribute is the one the first of
//! those names carries ([`attribute_from_name`]), else none. `v` lines no face or line uses are kept at the
//! end of the last object, so every vertex read is counted. MTL files are not read. Errors name the line.
#![deny(clippy::indexing_slicing)]

use super::{encode_png, ExportError, ExportedFile, ImportError};
use crate::bytes::arrays;
use crate::heroes::flags::{attribute_from_name, hex};
use crate::mesh::{Face, Line, Mesh, Object};
use std::collections::HashMap;
use std::fmt::Write as _;

fn obj_name(name: &str) -> String {
    let clean: String =
        name.chars().map(|c| if c.is_whitespace() || c.is_control() { '_' } else { c }).collect();
    if clean.is_empty() {
        "unnamed".into()
    } else {
        clean
    }
}

/// Writes `stem.obj`, `stem.mtl` and one `stem_N.png` per image.
pub fn write(mesh: &Mesh, stem: &str) -> Result<Vec<ExportedFile>, ExportError> {
    mesh.check()?;
    let image_file = |i: usize| format!("{stem}_{i}.png");
    let mut files = Vec::new();

    let mut mtl = String::from("# levelkit\n");
    for g in &mesh.groups {
        let name = obj_name(&g.name);
        let [r, gr, b, a] = g.colour;
        let _ = writeln!(mtl, "\nnewmtl {name}\nKd {r} {gr} {b}\nd {a}");
        if let Some(t) = g.texture.and_then(|t| usize::try_from(t).ok()) {
            let _ = writeln!(mtl, "map_Kd {}", image_file(t));
        }
    }

    let mut obj =
        String::with_capacity(mesh.objects.iter().map(|o| o.positions.len() * 40 + o.faces.len() * 30).sum());
    let _ = writeln!(obj, "# levelkit\nmtllib {stem}.mtl");
    // OBJ numbers v, vt and vn separately across the whole file, and an object may have no vt or vn.
    let mut base: u64 = 1;
    let mut uv_base: u64 = 1;
    let mut normal_base: u64 = 1;
    for o in &mesh.objects {
        let _ = writeln!(obj, "o {}", obj_name(&o.name));
        for (i, p) in o.positions.iter().enumerate() {
            let _ = write!(obj, "v {} {} {}", p[0], p[1], p[2]);
            if let Some(c) = o.colours.as_ref().and_then(|c| c.get(i)) {
                let _ = write!(obj, " {} {} {}", c[0], c[1], c[2]);
            }
            obj.push('\n');
        }
        for uv in o.uvs.iter().flatten() {
            let _ = writeln!(obj, "vt {} {}", uv[0], 1.0 - uv[1]);
        }
        for n in o.normals.iter().flatten() {
            let _ = writeln!(obj, "vn {} {} {}", n[0], n[1], n[2]);
        }
        let form = (o.uvs.is_some(), o.normals.is_some());
        let mut current: Option<(u32, Option<u32>)> = None;
        for f in &o.faces {
            if current != Some((f.group, f.attribute)) {
                current = Some((f.group, f.attribute));
                let group = usize::try_from(f.group).ok().and_then(|g| mesh.groups.get(g));
                let name = group.map_or_else(|| "default".to_string(), |g| obj_name(&g.name));
                let label = match f.attribute {
                    Some(a) if attribute_from_name(&name) != Some(a) => format!("{name}_{}", hex(a)),
                    _ => name.clone(),
                };
                let _ = writeln!(obj, "g {label}\nusemtl {name}");
            }
            obj.push('f');
            for &c in &f.corners {
                let (i, t, n) = (base + u64::from(c), uv_base + u64::from(c), normal_base + u64::from(c));
                let _ = match form {
                    (false, false) => write!(obj, " {i}"),
                    (true, false) => write!(obj, " {i}/{t}"),
                    (false, true) => write!(obj, " {i}//{n}"),
                    (true, true) => write!(obj, " {i}/{t}/{n}"),
                };
            }
            obj.push('\n');
        }
        let mut current_line_group = None;
        for l in &o.lines {
            if current_line_group != Some(l.group) {
                current_line_group = Some(l.group);
                let name = usize::try_from(l.group)
                    .ok()
                    .and_then(|g| mesh.groups.get(g))
                    .map_or_else(|| "default".to_string(), |g| obj_name(&g.name));
                let _ = writeln!(obj, "g {name}\nusemtl {name}");
            }
            let _ = writeln!(obj, "l {} {}", base + u64::from(l.ends[0]), base + u64::from(l.ends[1]));
        }
        let count = |n: usize| u64::try_from(n).unwrap_or(u64::MAX);
        base += count(o.positions.len());
        uv_base += count(o.uvs.as_ref().map_or(0, Vec::len));
        normal_base += count(o.normals.as_ref().map_or(0, Vec::len));
    }
    files.push(ExportedFile { file_name: format!("{stem}.obj"), bytes: obj.into_bytes() });
    files.push(ExportedFile { file_name: format!("{stem}.mtl"), bytes: mtl.into_bytes() });
    for (i, image) in mesh.images.iter().enumerate() {
        files.push(ExportedFile { file_name: image_file(i), bytes: encode_png(image)? });
    }
    Ok(files)
}

fn err(line: usize, problem: impl Into<String>) -> ImportError {
    ImportError::Obj { line, problem: problem.into() }
}

fn number(word: Option<&str>, line: usize, what: &str) -> Result<f32, ImportError> {
    let word = word.ok_or_else(|| err(line, format!("missing {what}")))?;
    let v: f32 = word.parse().map_err(|_| err(line, format!("{what} {word:?} is not a number")))?;
    if !v.is_finite() {
        return Err(err(line, format!("{what} {word:?} is not finite")));
    }
    Ok(v)
}

/// A 1-based or negative OBJ index resolved against `count` elements read so far.
fn resolve(text: &str, count: usize, line: usize, what: &str) -> Result<usize, ImportError> {
    let i: i64 =
        text.parse().map_err(|_| err(line, format!("{what} index {text:?} is not a whole number")))?;
    let count_i = i64::try_from(count).unwrap_or(i64::MAX);
    let resolved = if i > 0 && i <= count_i {
        i - 1
    } else if i < 0 && -i <= count_i {
        count_i + i
    } else {
        return Err(err(
            line,
            format!("{what} index {i} refers to a {what} that does not exist ({count} so far)"),
        ));
    };
    usize::try_from(resolved).map_err(|_| err(line, format!("{what} index {i} out of range")))
}

#[derive(Default)]
struct Reader {
    positions: Vec<[f32; 3]>,
    colours: Vec<Option<[f32; 3]>>,
    uvs: Vec<[f32; 2]>,
    normals: Vec<[f32; 3]>,
    mesh: Mesh,
    object: Option<Building>,
    g: Option<String>,
    usemtl: Option<String>,
    /// For corners with a position only (the common case), without hashing: per file vertex, the
    /// object serial and that object's vertex. One entry per vertex read, whatever the number of objects.
    plain: Vec<(u32, u32)>,
    /// Counts objects started, to tell `plain` entries of earlier objects apart.
    serial: u32,
    /// The group and attribute faces get now; cleared when `o`, `g` or `usemtl` changes the name.
    current: Option<(u32, Option<u32>)>,
    /// Per `v` line, whether a face or line used it.
    referenced: Vec<bool>,
}

struct Building {
    object: Object,
    /// Started by an `o` line (not by a face before any).
    named: bool,
    /// (v, vt, vn) to the object's own vertex.
    vertices: HashMap<(usize, Option<usize>, Option<usize>), u32>,
    colours: Vec<Option<[f32; 3]>>,
    uvs: Vec<Option<[f32; 2]>>,
    normals: Vec<Option<[f32; 3]>>,
    /// Vertices at the end that no face or line uses (`v` lines nothing referenced, kept so that they are
    /// counted): they take no part in deciding whether the object has normals.
    loose: usize,
}

impl Building {
    fn new(name: String, named: bool) -> Building {
        Building {
            object: Object { name, ..Object::default() },
            named,
            vertices: HashMap::new(),
            colours: Vec::new(),
            uvs: Vec::new(),
            normals: Vec::new(),
            loose: 0,
        }
    }

    fn finish(self) -> Object {
        let mut o = self.object;
        if self.colours.iter().any(Option::is_some) {
            o.colours =
                Some(self.colours.iter().map(|c| c.map_or([1.0; 4], |[r, g, b]| [r, g, b, 1.0])).collect());
        }
        if self.uvs.iter().any(Option::is_some) {
            o.uvs = Some(self.uvs.iter().map(|uv| uv.unwrap_or([0.0; 2])).collect());
        }
        let used = self.normals.len() - self.loose.min(self.normals.len());
        let (with, loose) = self.normals.split_at(used);
        if with.iter().all(Option::is_some) && !with.is_empty() {
            // A loose vertex gets an up normal: nothing is drawn with it.
            o.normals =
                Some(with.iter().flatten().copied().chain(loose.iter().map(|_| [0.0, 1.0, 0.0])).collect());
        }
        o
    }
}

impl Reader {
    fn building(&mut self) -> &mut Building {
        if self.object.is_none() {
            self.start_object("default".into(), false);
        }
        self.object.get_or_insert_with(|| Building::new(String::new(), false))
    }

    fn start_object(&mut self, name: String, named: bool) {
        self.finish_object();
        self.serial = self.serial.wrapping_add(1);
        self.object = Some(Building::new(name, named));
    }

    /// Ends the object being read: kept when it has faces, lines or vertices, or an `o` named it (an empty
    /// room).
    fn finish_object(&mut self) {
        if let Some(b) = self.object.take() {
            if b.named
                || !(b.object.faces.is_empty() && b.object.lines.is_empty() && b.object.positions.is_empty())
            {
                self.mesh.objects.push(b.finish());
            }
        }
    }

    fn group_name(&self) -> String {
        self.g
            .clone()
            .or_else(|| self.usemtl.clone())
            .or_else(|| self.object.as_ref().map(|b| b.object.name.clone()))
            .unwrap_or_else(|| "default".into())
    }

    /// The group faces get (the `g` name, else the `usemtl` name, else the object's) and their attribute:
    /// the first of those names that carries one (HeroesPowerPlant reads `g` and `o` names, Blender writes
    /// `o Cube_w` with `usemtl Material.001`).
    fn current_group(&mut self) -> (u32, Option<u32>) {
        if let Some(c) = self.current {
            return c;
        }
        let name = self.group_name();
        let object = self.object.as_ref().map(|b| b.object.name.as_str());
        let attribute = [self.g.as_deref(), self.usemtl.as_deref(), object]
            .into_iter()
            .flatten()
            .find_map(attribute_from_name);
        let c = (self.mesh.group_index(&name), attribute);
        self.current = Some(c);
        c
    }

    /// The object's vertex for an `f`/`l` corner `v`, `v/vt`, `v//vn` or `v/vt/vn`.
    fn corner(&mut self, text: &str, line: usize) -> Result<u32, ImportError> {
        let mut parts = text.split('/');
        let v = resolve(parts.next().unwrap_or(""), self.positions.len(), line, "vertex")?;
        let vt = match parts.next() {
            None | Some("") => None,
            Some(t) => Some(resolve(t, self.uvs.len(), line, "texture coordinate")?),
        };
        let vn = match parts.next() {
            None | Some("") => None,
            Some(t) => Some(resolve(t, self.normals.len(), line, "normal")?),
        };
        if parts.next().is_some() {
            return Err(err(line, format!("corner {text:?} has more than three indices")));
        }
        let position = *self.positions.get(v).ok_or_else(|| err(line, "vertex out of range"))?;
        if let Some(r) = self.referenced.get_mut(v) {
            *r = true;
        }
        let colour = self.colours.get(v).copied().flatten();
        let uv = vt.and_then(|i| self.uvs.get(i).copied());
        let normal = vn.and_then(|i| self.normals.get(i).copied());
        self.building(); // Starts the first object, and with it the serial.
        let (known, serial) = (self.positions.len(), self.serial);
        let plain = vt.is_none() && vn.is_none();
        if plain {
            if let Some(&(_, i)) = self.plain.get(v).filter(|(s, _)| *s == serial) {
                return Ok(i);
            }
        }
        let b = self.building();
        if !plain {
            if let Some(&i) = b.vertices.get(&(v, vt, vn)) {
                return Ok(i);
            }
        }
        let i = u32::try_from(b.object.positions.len())
            .map_err(|_| err(line, "more than 2^32 vertices in one object"))?;
        b.object.positions.push(position);
        b.colours.push(colour);
        b.uvs.push(uv);
        b.normals.push(normal);
        if plain {
            // Serial 0 is never an object's, so new entries match nothing.
            if self.plain.len() < known {
                self.plain.resize(known, (0, 0));
            }
            if let Some(slot) = self.plain.get_mut(v) {
                *slot = (serial, i);
            }
        } else {
            b.vertices.insert((v, vt, vn), i);
        }
        Ok(i)
    }
}

/// Reads OBJ text. Faces keep their corners as written (n-gons stay polygons).
pub fn read(data: &[u8]) -> Result<Mesh, ImportError> {
    let text = std::str::from_utf8(data).map_err(|e| {
        let line = data.get(..e.valid_up_to()).map_or(0, |d| d.iter().filter(|&&b| b == b'\n').count()) + 1;
        err(line, "not UTF-8 text")
    })?;
    let mut r = Reader::default();
    for (n, raw) in text.lines().enumerate() {
        let line = n + 1;
        let content = raw.split('#').next().unwrap_or("").trim();
        let mut words = content.split_whitespace();
        let Some(keyword) = words.next() else { continue };
        match keyword {
            "v" => {
                let p = [
                    number(words.next(), line, "x")?,
                    number(words.next(), line, "y")?,
                    number(words.next(), line, "z")?,
                ];
                let rest: Vec<&str> = words.collect();
                let colour = match rest.len() {
                    0 | 1 => None, // `v x y z w`: the weight means nothing for a mesh.
                    3 | 4 => Some([
                        number(rest.first().copied(), line, "red")?,
                        number(rest.get(1).copied(), line, "green")?,
                        number(rest.get(2).copied(), line, "blue")?,
                    ]),
                    _ => {
                        return Err(err(
                            line,
                            format!("a vertex has 3, 4, 6 or 7 numbers, not {}", 3 + rest.len()),
                        ))
                    }
                };
                r.positions.push(p);
                r.colours.push(colour);
                r.referenced.push(false);
            }
            "vt" => {
                let u = number(words.next(), line, "u")?;
                let v = match words.next() {
                    Some(w) => number(Some(w), line, "v")?,
                    None => 0.0,
                };
                r.uvs.push([u, 1.0 - v]);
            }
            "vn" => {
                r.normals.push([
                    number(words.next(), line, "x")?,
                    number(words.next(), line, "y")?,
                    number(words.next(), line, "z")?,
                ]);
            }
            "f" => {
                let mut corners = Vec::new();
                for w in words {
                    corners.push(r.corner(w, line)?);
                }
                if corners.len() < 3 {
                    return Err(err(
                        line,
                        format!("a face needs at least 3 corners, this one has {}", corners.len()),
                    ));
                }
                let (group, attribute) = r.current_group();
                r.building().object.faces.push(Face { corners, group, attribute, flags: 0 });
            }
            "l" => {
                let mut ends = Vec::new();
                for w in words {
                    ends.push(r.corner(w, line)?);
                }
                if ends.len() < 2 {
                    return Err(err(line, "a line needs at least 2 points"));
                }
                let (group, _) = r.current_group();
                let lines: Vec<Line> = arrays(ends.windows(2)).map(|ends| Line { ends, group }).collect();
                r.building().object.lines.extend(lines);
            }
            "o" => {
                let name = words.collect::<Vec<_>>().join(" ");
                r.start_object(if name.is_empty() { "default".into() } else { name }, true);
                r.g = None;
                r.current = None;
            }
            "g" => {
                let name = words.collect::<Vec<_>>().join(" ");
                r.g = (!name.is_empty()).then_some(name);
                r.current = None;
            }
            "usemtl" => {
                let name = words.collect::<Vec<_>>().join(" ");
                r.usemtl = (!name.is_empty()).then_some(name);
                r.current = None;
            }
            // mtllib, s, p, curves and tool-specific statements mean nothing for the mesh model.
            _ => {}
        }
    }
    r.keep_loose_vertices();
    r.finish_object();
    Ok(r.mesh)
}

impl Reader {
    /// Appends the `v` lines no face or line used to the last object (in file order), so that nothing read
    /// vanishes uncounted: the builder reports them as unused, an export writes them back.
    fn keep_loose_vertices(&mut self) {
        let loose: Vec<usize> =
            (0..self.positions.len()).filter(|&i| !self.referenced.get(i).copied().unwrap_or(true)).collect();
        if loose.is_empty() {
            return;
        }
        let points: Vec<([f32; 3], Option<[f32; 3]>)> = loose
            .iter()
            .filter_map(|&i| Some((*self.positions.get(i)?, self.colours.get(i).copied().flatten())))
            .collect();
        let b = self.building();
        for (p, colour) in points {
            b.object.positions.push(p);
            b.colours.push(colour);
            b.uvs.push(None);
            b.normals.push(None);
            b.loose += 1;
        }
    }
}
