//! Each face's texture entry, and its corners in Z order.
//!
//! In order, the first that applies:
//! 1. An exact face keeps its texture index when the table has it.
//! 2. A material named `texture_N` is entry N of the table.
//! 3. A material naming a page, as the export names them (`page_TTTT_clut_CCCC`, `page_TTTT`, or extras
//!    `tpage`/`clut`), is the entry of that page and CLUT whose four texels the face's texture coordinates
//!    hit (in any of the ring's rotations); when none does, a new entry on that page with those texels.
//! 4. A material with a PNG texture is a new image: packed into VRAM ([`super::pack`]), a new entry whose
//!    texels are the face's texture coordinates on it.
//! 5. The face's own texture index (data or face flags), when the table has it.
//!
//! A texture coordinate t on a page is texel ⌊t × 256⌋, on an image of width w ⌊t × w⌋ (clamped): the
//! export puts texel k at (k + ½) / 256. Flags: the face's own (data or face flags, else 0), with 0x200
//! added for a double-sided material (or a name ending in `_double`).

use super::pack::{Packer, Placement};
use super::scene::Corner;
use super::{BuildError, PlacedFace, ShapedFace};
use crate::mesh::{Group, Mesh};
use crate::num::SaturatingFrom;
use crate::psx::vram::{TextureDepth, Tpage, Vram};
use crate::reptar::extras::texture_hex;
use crate::reptar::{FaceKind, TextureEntry, FLAG_DOUBLE_SIDED};
use std::collections::BTreeMap;

/// The table, the VRAM with the new images (when there were any), and where each image went.
pub type Finished = (Vec<TextureEntry>, Option<Vram>, Vec<(String, Placement)>);

pub struct Textures<'a> {
    mesh: &'a Mesh,
    table: Vec<TextureEntry>,
    vram: Option<&'a Vram>,
    packer: Option<Packer>,
    /// Mesh image index → where it went.
    placed: BTreeMap<u32, Placement>,
    names: Vec<(String, Placement)>,
    /// Each entry's bytes (as hex) → its first index, to reuse equal entries.
    index: std::collections::HashMap<String, usize>,
}

/// What a group's name or extras say about its texture.
enum Named {
    Entry(usize),
    Page { tpage: u16, clut: Option<u16> },
    Nothing,
}

/// Four hex digits, as the exporter names groups (`page_{tpage:04x}`).
fn hex_u16(text: &str) -> Option<u16> {
    let digits = (text.len() == 4).then_some(text)?;
    crate::hex::decode_array(digits).ok().map(u16::from_be_bytes)
}

fn named(group: &Group) -> Named {
    let stem = group.name.split('.').next().unwrap_or(&group.name);
    let stem = stem.strip_suffix("_double").unwrap_or(stem);
    if let Some(n) = stem.strip_prefix("texture_").and_then(|n| n.parse::<usize>().ok()) {
        return Named::Entry(n);
    }
    if let Some(rest) = stem.strip_prefix("page_") {
        let (t, c) = match rest.split_once("_clut_") {
            Some((t, c)) => (hex_u16(t), hex_u16(c).map(Some)),
            None => (hex_u16(rest), Some(None)),
        };
        if let (Some(tpage), Some(clut)) = (t, c) {
            return Named::Page { tpage, clut };
        }
    }
    let number = |k: &str| group.extras.as_ref()?.get(k)?.as_u64().and_then(|v| u16::try_from(v).ok());
    match number("tpage") {
        Some(tpage) => Named::Page { tpage, clut: number("clut") },
        None => Named::Nothing,
    }
}

fn same_page(e: &TextureEntry, tpage: u16, clut: Option<u16>) -> bool {
    let fifteen = Tpage(tpage).depth() == TextureDepth::Bits15;
    e.tpage == tpage && (fifteen || clut.is_none_or(|c| c == e.clut))
}

/// The corners in Z order for rotation `k` of a ring (game winding).
fn z_order(kind: FaceKind, ring: &[Corner], k: usize) -> Vec<Corner> {
    let n = ring.len();
    let r = |i: usize| ring[(i + k) % n];
    match kind {
        FaceKind::Triangle => vec![r(0), r(1), r(2)],
        FaceKind::Quad => vec![r(0), r(1), r(3), r(2)],
    }
}

fn texel(t: f32, size: u32) -> u32 {
    let v = (f64::from(t) * f64::from(size)).floor();
    // Clamped to 0..size-1 first: the cast is exact.
    u32::saturating_from(v.clamp(0.0, f64::from(size.saturating_sub(1))))
}

/// The page texels of Z-ordered corners, when they all have texture coordinates.
fn page_texels(corners: &[Corner]) -> Option<Vec<[u8; 2]>> {
    corners
        .iter()
        .map(|c| {
            c.uv.map(|[u, v]| [texel(u, 256), texel(v, 256)].map(|x| u8::try_from(x).unwrap_or(u8::MAX)))
        })
        .collect()
}

fn entry_from(tpage: u16, clut: u16, texels: &[[u8; 2]]) -> TextureEntry {
    let t = |i: usize| texels.get(i).or(texels.last()).copied().unwrap_or_default();
    TextureEntry {
        u0: t(0)[0],
        v0: t(0)[1],
        clut,
        u1: t(1)[0],
        v1: t(1)[1],
        tpage,
        u2: t(2)[0],
        v2: t(2)[1],
        u3: t(3)[0],
        v3: t(3)[1],
    }
}

fn uvs_match(e: &TextureEntry, texels: &[[u8; 2]]) -> bool {
    e.uvs().iter().zip(texels).all(|(a, b)| a == b)
}

impl<'a> Textures<'a> {
    pub fn new(mesh: &'a Mesh, table: Vec<TextureEntry>, vram: Option<&'a Vram>) -> Textures<'a> {
        let mut index = std::collections::HashMap::new();
        for (i, e) in table.iter().enumerate() {
            index.entry(texture_hex(e)).or_insert(i);
        }
        Textures { mesh, table, vram, packer: None, placed: BTreeMap::new(), names: Vec::new(), index }
    }

    /// The table, the VRAM with the new images (when there were any), and where each image went.
    pub fn finish(self) -> Result<Finished, BuildError> {
        if self.table.len() > usize::from(u16::MAX) + 1 {
            return Err(BuildError::TooManyTextures(self.table.len()));
        }
        Ok((self.table, self.packer.map(Packer::into_vram), self.names))
    }

    fn add(&mut self, e: TextureEntry) -> Result<u16, BuildError> {
        let index = match self.index.get(&texture_hex(&e)) {
            Some(&i) => i,
            None => {
                if self.table.len() > usize::from(u16::MAX) {
                    return Err(BuildError::TooManyTextures(self.table.len() + 1));
                }
                self.table.push(e);
                self.index.insert(texture_hex(&e), self.table.len() - 1);
                self.table.len() - 1
            }
        };
        u16::try_from(index).map_err(|_| BuildError::TooManyTextures(index + 1))
    }

    fn has(&self, t: Option<u16>) -> Option<u16> {
        t.filter(|&t| usize::from(t) < self.table.len())
    }

    /// The face's texture entry and flags, corners in Z order.
    pub fn choose(&mut self, face: &ShapedFace) -> Result<PlacedFace, BuildError> {
        let group = self.mesh.groups.get(usize::try_from(face.group).unwrap_or(usize::MAX));
        let double = group.is_some_and(|g| {
            g.double_sided || g.name.split('.').next().is_some_and(|s| s.ends_with("_double"))
        });
        let flags = face.flags.unwrap_or(0) | if double { FLAG_DOUBLE_SIDED } else { 0 };
        let placed = |corners: Vec<Corner>, texture: u16| {
            let mut f = face.clone();
            f.corners = corners;
            Ok(PlacedFace { face: f, texture, flags })
        };
        let rotations = if face.exact.is_some() { 1 } else { face.corners.len() };
        let orders: Vec<Vec<Corner>> = (0..rotations)
            .map(|k| {
                if face.exact.is_some() {
                    face.corners.clone()
                } else {
                    z_order(face.kind, &face.corners, k)
                }
            })
            .collect();
        // The rotation whose texels are entry `t`'s, else the first.
        let fit = |table: &[TextureEntry], t: u16| {
            let e = &table[usize::from(t)];
            orders
                .iter()
                .find(|c| page_texels(c).is_some_and(|x| uvs_match(e, &x)))
                .unwrap_or(&orders[0])
                .clone()
        };
        if let (Some(_), Some(t)) = (face.exact, self.has(face.texture)) {
            // Unless the face's material was changed since the export.
            let e = &self.table[usize::from(t)];
            let still = match group.map_or(Named::Nothing, named) {
                Named::Entry(n) => n == usize::from(t),
                Named::Page { tpage, clut } => same_page(e, tpage, clut),
                Named::Nothing => group.is_none_or(|g| g.texture.is_none()),
            };
            if still {
                return placed(orders[0].clone(), t);
            }
        }
        let Some(group) = group else { return Err(self.no_texture(face)) };
        match named(group) {
            Named::Entry(n) if n < self.table.len() => {
                let t = u16::try_from(n).map_err(|_| BuildError::TooManyTextures(n))?;
                return placed(fit(&self.table, t), t);
            }
            Named::Page { tpage, clut } => {
                let mut candidates: Vec<u16> = (0..self.table.len())
                    .filter(|&i| same_page(&self.table[i], tpage, clut))
                    .filter_map(|i| u16::try_from(i).ok())
                    .collect();
                if let Some(t) = self.has(face.texture).filter(|t| candidates.contains(t)) {
                    candidates.retain(|&c| c != t);
                    candidates.insert(0, t);
                }
                for &t in &candidates {
                    let e = self.table[usize::from(t)];
                    if let Some(c) = orders.iter().find(|c| page_texels(c).is_some_and(|x| uvs_match(&e, &x)))
                    {
                        return placed(c.clone(), t);
                    }
                }
                if let Some(texels) = page_texels(&orders[0]) {
                    let clut = clut.or_else(|| candidates.first().map(|&t| self.table[usize::from(t)].clut));
                    let t = self.add(entry_from(tpage, clut.unwrap_or(0), &texels))?;
                    return placed(orders[0].clone(), t);
                }
                if let Some(&t) = candidates.first() {
                    return placed(orders[0].clone(), t);
                }
            }
            _ => {}
        }
        if let Some(image) = group.texture {
            let at = self.place(image)?;
            let texels: Vec<[u8; 2]> = orders[0]
                .iter()
                .map(|c| {
                    let [u, v] = c.uv.unwrap_or([0.0, 0.0]);
                    let tu = u32::from(at.u) + texel(u, at.width);
                    let tv = u32::from(at.v) + texel(v, at.height);
                    [tu, tv].map(|x| u8::try_from(x).unwrap_or(u8::MAX))
                })
                .collect();
            let t = self.add(entry_from(at.tpage, at.clut, &texels))?;
            return placed(orders[0].clone(), t);
        }
        if let Some(t) = self.has(face.texture) {
            return placed(fit(&self.table, t), t);
        }
        Err(self.no_texture(face))
    }

    fn no_texture(&self, face: &ShapedFace) -> BuildError {
        BuildError::NoTexture { object: face.object.clone(), face: face.index }
    }

    fn place(&mut self, image: u32) -> Result<Placement, BuildError> {
        if let Some(p) = self.placed.get(&image) {
            return Ok(*p);
        }
        let img = self
            .mesh
            .images
            .get(usize::try_from(image).unwrap_or(usize::MAX))
            .ok_or_else(|| BuildError::Scene(format!("image {image} does not exist")))?;
        let table = &self.table;
        let vram = self.vram;
        let packer = self.packer.get_or_insert_with(|| Packer::new(vram, table));
        let p = packer.place(img)?;
        self.placed.insert(image, p);
        self.names.push((img.name.clone(), p));
        Ok(p)
    }
}
