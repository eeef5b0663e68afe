//! glTF import, the accessor level: the bytes of each element of an accessor, every range checked, read
//! as floats, colours, indices or whole-number data values.
#![deny(clippy::indexing_slicing)]

use super::gltf_err;
use super::scene::Importer;
use crate::convert::ImportError;
use crate::mesh::NO_DATA;
use crate::num::SaturatingFrom;
use gltf_json as json;
use json::validation::Checked::Valid;

impl Importer<'_, '_> {
    /// A data attribute's values: whole numbers from 0 to 65,534 in any component type (an editor may
    /// turn them into floats); anything else, and components past the fourth, give the vertex [`NO_DATA`].
    pub(super) fn read_data(
        &self,
        index: usize,
        count: usize,
        path: &str,
    ) -> Result<Vec<[u16; 4]>, ImportError> {
        use json::accessor::ComponentType as C;
        let (component, width, _) = self.accessor_kind(index, path)?;
        let size = component.size();
        let (data, stride, n) = self.elements(index, size * width, path)?;
        if n != count {
            return Err(gltf_err(path, format!("{n} values for {count} vertices")));
        }
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let el = data.get(i * stride..).ok_or_else(|| gltf_err(path, "element outside its view"))?;
            let mut v = [0u16; 4];
            let mut whole = width <= 4;
            for (k, slot) in v.iter_mut().enumerate().take(width) {
                let b = el
                    .get(k * size..(k + 1) * size)
                    .ok_or_else(|| gltf_err(path, "element outside its view"))?;
                let value: Option<u16> = match (component, b) {
                    (C::U8, &[a]) => Some(u16::from(a)),
                    (C::I8, &[a]) => u16::try_from(i8::from_le_bytes([a])).ok(),
                    (C::U16, &[a, b]) => Some(u16::from_le_bytes([a, b])),
                    (C::I16, &[a, b]) => u16::try_from(i16::from_le_bytes([a, b])).ok(),
                    (C::U32, &[a, b, c, d]) => u16::try_from(u32::from_le_bytes([a, b, c, d])).ok(),
                    (C::F32, &[a, b, c, d]) => {
                        let f = f32::from_le_bytes([a, b, c, d]);
                        // Whole and in range: the cast is exact.
                        (f.fract() == 0.0 && (0.0..65535.0).contains(&f)).then_some(u16::saturating_from(f))
                    }
                    _ => None,
                };
                match value.filter(|&v| v != u16::MAX) {
                    Some(x) => *slot = x,
                    None => whole = false,
                }
            }
            out.push(if whole { v } else { NO_DATA });
        }
        Ok(out)
    }

    /// The bytes of each element of an accessor: (data, stride, count), every range checked.
    fn elements(
        &self,
        index: usize,
        element_size: usize,
        path: &str,
    ) -> Result<(&[u8], usize, usize), ImportError> {
        let root = self.root;
        let acc = root
            .accessors
            .get(index)
            .ok_or_else(|| gltf_err(path, format!("accessor {index} does not exist")))?;
        let apath = format!("accessors[{index}]");
        if acc.sparse.is_some() {
            return Err(gltf_err(apath, "sparse accessors are not supported"));
        }
        let count = usize::try_from(acc.count.0).map_err(|_| gltf_err(&apath, "count too large"))?;
        let view_index = acc
            .buffer_view
            .ok_or_else(|| gltf_err(&apath, "has no bufferView (all zeros); not supported"))?;
        let view = root
            .buffer_views
            .get(view_index.value())
            .ok_or_else(|| gltf_err(&apath, "bufferView does not exist"))?;
        let buffer =
            self.buffers.get(view.buffer.value()).ok_or_else(|| gltf_err(&apath, "buffer does not exist"))?;
        let view_start = usize::try_from(view.byte_offset.map_or(0, |o| o.0)).unwrap_or(usize::MAX);
        let view_len = usize::try_from(view.byte_length.0).unwrap_or(usize::MAX);
        let view_bytes =
            view_start.checked_add(view_len).and_then(|end| buffer.get(view_start..end)).ok_or_else(
                || gltf_err(&apath, format!("bufferView {} lies outside its buffer", view_index.value())),
            )?;
        let stride = view.byte_stride.map_or(element_size, |s| s.0);
        if stride < element_size {
            return Err(gltf_err(
                apath,
                format!("stride {stride} is shorter than an element ({element_size} bytes)"),
            ));
        }
        let start = usize::try_from(acc.byte_offset.map_or(0, |o| o.0)).unwrap_or(usize::MAX);
        if count == 0 {
            return Ok((&[], stride, 0));
        }
        let end = (count - 1)
            .checked_mul(stride)
            .and_then(|n| n.checked_add(element_size))
            .and_then(|n| n.checked_add(start))
            .filter(|&end| end <= view_bytes.len())
            .ok_or_else(|| {
                gltf_err(&apath, format!("{count} elements do not fit in bufferView {}", view_index.value()))
            })?;
        let data = view_bytes.get(start..end).ok_or_else(|| gltf_err(&apath, "outside its bufferView"))?;
        Ok((data, stride, count))
    }

    fn accessor_kind(
        &self,
        index: usize,
        path: &str,
    ) -> Result<(json::accessor::ComponentType, usize, bool), ImportError> {
        let acc = self
            .root
            .accessors
            .get(index)
            .ok_or_else(|| gltf_err(path, format!("accessor {index} does not exist")))?;
        let component = match acc.component_type {
            Valid(c) => c.0,
            _ => return Err(gltf_err(path, "invalid component type")),
        };
        let width = match acc.type_ {
            Valid(t) => t.multiplicity(),
            _ => return Err(gltf_err(path, "invalid type")),
        };
        Ok((component, width, acc.normalized))
    }

    /// Float vectors of width `N` (f32, or normalised integers as glTF allows for colours and uvs).
    pub(super) fn read_floats<const N: usize>(
        &self,
        index: usize,
        path: &str,
    ) -> Result<Vec<[f32; N]>, ImportError> {
        let (component, width, normalized) = self.accessor_kind(index, path)?;
        if width != N {
            return Err(gltf_err(path, format!("has {width} components, expected {N}")));
        }
        self.read_components::<N>(index, component, normalized, path)
    }

    fn read_components<const N: usize>(
        &self,
        index: usize,
        component: json::accessor::ComponentType,
        normalized: bool,
        path: &str,
    ) -> Result<Vec<[f32; N]>, ImportError> {
        use json::accessor::ComponentType as C;
        let size = component.size();
        let (data, stride, count) = self.elements(index, size * N, path)?;
        let mut out = Vec::with_capacity(count);
        for i in 0..count {
            let el = data.get(i * stride..).ok_or_else(|| gltf_err(path, "element outside its view"))?;
            let mut v = [0.0f32; N];
            for (k, slot) in v.iter_mut().enumerate() {
                let b = el
                    .get(k * size..(k + 1) * size)
                    .ok_or_else(|| gltf_err(path, "element outside its view"))?;
                *slot = match (component, b) {
                    (C::F32, &[a, b, c, d]) => {
                        let v = f32::from_le_bytes([a, b, c, d]);
                        if !v.is_finite() {
                            return Err(gltf_err(
                                path,
                                format!("element {i} has a value that is not finite"),
                            ));
                        }
                        v
                    }
                    (C::U8, &[a]) if normalized => f32::from(a) / 255.0,
                    (C::U16, &[a, b]) if normalized => f32::from(u16::from_le_bytes([a, b])) / 65535.0,
                    (C::I8, &[a]) if normalized => (f32::from(i8::from_le_bytes([a])) / 127.0).max(-1.0),
                    (C::I16, &[a, b]) if normalized => {
                        (f32::from(i16::from_le_bytes([a, b])) / 32767.0).max(-1.0)
                    }
                    _ => {
                        return Err(gltf_err(
                            path,
                            format!(
                                "component type {component:?} (normalized: {normalized}) is not read here"
                            ),
                        ))
                    }
                };
            }
            out.push(v);
        }
        Ok(out)
    }

    pub(super) fn read_same_count<const N: usize>(
        &self,
        index: usize,
        count: usize,
        path: &str,
    ) -> Result<Vec<[f32; N]>, ImportError> {
        let v = self.read_floats::<N>(index, path)?;
        if v.len() != count {
            return Err(gltf_err(path, format!("{} values for {count} vertices", v.len())));
        }
        Ok(v)
    }

    pub(super) fn read_colours(
        &self,
        index: usize,
        count: usize,
        path: &str,
    ) -> Result<Vec<[f32; 4]>, ImportError> {
        let (component, width, normalized) = self.accessor_kind(index, path)?;
        let v: Vec<[f32; 4]> = match width {
            3 => self
                .read_components::<3>(index, component, normalized, path)?
                .into_iter()
                .map(|[r, g, b]| [r, g, b, 1.0])
                .collect(),
            4 => self.read_components::<4>(index, component, normalized, path)?,
            _ => return Err(gltf_err(path, format!("has {width} components, expected 3 or 4"))),
        };
        if v.len() != count {
            return Err(gltf_err(path, format!("{} values for {count} vertices", v.len())));
        }
        Ok(v)
    }

    pub(super) fn read_indices(
        &self,
        index: usize,
        vertex_count: usize,
        path: &str,
    ) -> Result<Vec<u32>, ImportError> {
        use json::accessor::ComponentType as C;
        let (component, width, _) = self.accessor_kind(index, path)?;
        if width != 1 {
            return Err(gltf_err(path, format!("has {width} components, expected 1")));
        }
        let size = component.size();
        let (data, stride, count) = self.elements(index, size, path)?;
        let mut out = Vec::with_capacity(count);
        for i in 0..count {
            let b = data
                .get(i * stride..i * stride + size)
                .ok_or_else(|| gltf_err(path, "element outside its view"))?;
            let v = match (component, b) {
                (C::U8, &[a]) => u32::from(a),
                (C::U16, &[a, b]) => u32::from(u16::from_le_bytes([a, b])),
                (C::U32, &[a, b, c, d]) => u32::from_le_bytes([a, b, c, d]),
                _ => {
                    return Err(gltf_err(path, format!("component type {component:?} is not an index type")))
                }
            };
            if usize::try_from(v).map_or(true, |v| v >= vertex_count) {
                return Err(gltf_err(
                    path,
                    format!("index {i} is {v}, but the primitive has {vertex_count} vertices"),
                ));
            }
            out.push(v);
        }
        Ok(out)
    }
}
