//! The record table: every fixed-size record of `LEVELnn.BIN`, declared once.
//!
//! Each `record!` below is the format's table for one record: its size, and per field its offset, name,
//! type and a doc comment that starts with the offset and type. From it come the model's struct (so the
//! dump's field names), [`Record::decode`] and [`Record::encode`] (what `read.rs` and `write.rs` call), the
//! field table ([`Record::FIELDS`], one [`Field`] per field, and `Type::FIELD.name` for each by name) that
//! the validator takes byte offsets from, and the record-size checks: the build fails if a field does not
//! start where the one before it ends, or if the fields do not add up to the declared size.
//!
//! Little-endian throughout. Sections, counts and variable-length parts (blobs, byte lists) are walked in
//! `read.rs` and `write.rs`; only fixed-size records are here.

use super::hex;
use serde::{Deserialize, Serialize};

/// One field of a record, as the table declares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    /// The field's name in the model and in dumps.
    pub name: &'static str,
    /// Offset from the record's start.
    pub offset: usize,
    /// Size in bytes.
    pub size: usize,
    /// Number of elements: 1 for a single value, N for an array `[T; N]`.
    pub len: usize,
    /// The Rust type it decodes to (`u32`, `[i16; 3]`, `[Corner; 4]`).
    pub ty: &'static str,
    /// The field's doc comment (`0x30 u32: number of portals …`).
    pub doc: &'static str,
}

impl Field {
    /// The offset of element `index` of an array field (of the field itself for `index` 0).
    pub const fn element(&self, index: usize) -> usize {
        self.offset + index * (self.size / self.len)
    }
}

/// A value with a fixed little-endian encoding: a number, an array of values, or a whole record.
pub trait Value: Sized {
    /// Encoded size in bytes.
    const SIZE: usize;
    /// Number of elements (1, or N for `[T; N]`).
    const LEN: usize = 1;
    /// Decodes from exactly [`Value::SIZE`] bytes.
    fn read(b: &[u8]) -> Self;
    /// Encodes into exactly [`Value::SIZE`] bytes.
    fn write(&self, b: &mut [u8]);
}

impl Value for u8 {
    const SIZE: usize = 1;
    #[inline]
    fn read(b: &[u8]) -> u8 {
        b[0]
    }
    #[inline]
    fn write(&self, b: &mut [u8]) {
        b[0] = *self;
    }
}

macro_rules! le_value {
    ($($t:ty),*) => {$(
        impl Value for $t {
            const SIZE: usize = std::mem::size_of::<$t>();
            #[inline]
            fn read(b: &[u8]) -> $t {
                let mut a = [0u8; std::mem::size_of::<$t>()];
                a.copy_from_slice(&b[..std::mem::size_of::<$t>()]);
                <$t>::from_le_bytes(a)
            }
            #[inline]
            fn write(&self, b: &mut [u8]) {
                b[..std::mem::size_of::<$t>()].copy_from_slice(&self.to_le_bytes());
            }
        }
    )*};
}
le_value!(u16, i16, u32, i32);

impl<T: Value, const N: usize> Value for [T; N] {
    const SIZE: usize = T::SIZE * N;
    const LEN: usize = N;
    #[inline]
    fn read(b: &[u8]) -> [T; N] {
        std::array::from_fn(|i| T::read(&b[i * T::SIZE..(i + 1) * T::SIZE]))
    }
    #[inline]
    fn write(&self, b: &mut [u8]) {
        for (v, out) in self.iter().zip(b.chunks_exact_mut(T::SIZE)) {
            v.write(out);
        }
    }
}

/// A record of the file: a [`Value`] with a name and a field table.
pub trait Record: Value {
    /// The record's name (`RoomRecord`).
    const NAME: &'static str;
    /// Every field, in offset order; they tile the record exactly.
    const FIELDS: &'static [Field];

    /// Decodes one record from exactly [`Value::SIZE`] bytes.
    #[inline]
    fn decode(b: &[u8]) -> Self {
        Self::read(b)
    }

    /// Appends the record's bytes.
    #[inline]
    fn encode(&self, out: &mut crate::bytes::Writer<crate::bytes::Le>) {
        self.write(out.append(Self::SIZE));
    }
}

/// Declares a record: the model's struct, its [`Value`] and [`Record`] impls, its size constant and a
/// table of its fields by name (`Type::FIELD.name`), with compile-time checks that the fields tile the
/// declared size in order.
macro_rules! record {
    (
        $(#[$meta:meta])*
        pub struct $name:ident, $size_const:ident = $size:literal bytes, fields $fields:ident {
            $(
                $(#[doc = $doc:literal])*
                $(#[serde $serde:tt])*
                $offset:literal $field:ident : $ty:ty,
            )*
        }
    ) => {
        $(#[$meta])*
        pub struct $name {
            $(
                $(#[doc = $doc])*
                $(#[serde $serde])*
                pub $field: $ty,
            )*
        }

        #[doc = concat!("Size of a `", stringify!($name), "` record.")]
        pub const $size_const: usize = $size;

        #[doc = concat!("The fields of a [`", stringify!($name), "`], by name.")]
        #[derive(Clone, Copy, Debug)]
        pub struct $fields {
            $(
                #[doc = concat!("`", stringify!($field), "`")]
                pub $field: Field,
            )*
        }

        impl $name {
            /// Each field's place in the record, by name.
            pub const FIELD: $fields = $fields {
                $(
                    $field: Field {
                        name: stringify!($field),
                        offset: $offset,
                        size: <$ty as Value>::SIZE,
                        len: <$ty as Value>::LEN,
                        ty: stringify!($ty),
                        doc: concat!($($doc, "\n",)*),
                    },
                )*
            };
        }

        impl Value for $name {
            const SIZE: usize = $size;
            #[inline]
            fn read(b: &[u8]) -> $name {
                $name {
                    $(
                        $field: <$ty as Value>::read(&b[$offset..$offset + <$ty as Value>::SIZE]),
                    )*
                }
            }
            #[inline]
            fn write(&self, b: &mut [u8]) {
                $(
                    self.$field.write(&mut b[$offset..$offset + <$ty as Value>::SIZE]);
                )*
            }
        }

        impl Record for $name {
            const NAME: &'static str = stringify!($name);
            const FIELDS: &'static [Field] = &[$($name::FIELD.$field,)*];
        }

        // The table checks itself: each field starts where the one before ends, and they fill the record.
        const _: () = {
            let mut end = 0;
            $(
                assert!($offset == end, concat!(stringify!($name), ".", stringify!($field), ": wrong offset"));
                end += <$ty as Value>::SIZE;
            )*
            assert!(end == $size, concat!(stringify!($name), ": the fields do not add up to its size"));
        };
    };
}

record! {
    /// A never-used record (the file's first section). Its meaning is unknown.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct UnusedRecord, UNUSED_RECORD_SIZE = 56 bytes, fields UnusedRecordFields {
        /// 0x00 u8\[56\]: unknown
        #[serde(with = "hex")]
        0x00 raw: [u8; 56],
    }
}

record! {
    /// A portal corner (8 bytes).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Corner, CORNER_SIZE = 8 bytes, fields CornerFields {
        /// 0x00 s16: x
        0x00 x: i16,
        /// 0x02 s16: y (down)
        0x02 y: i16,
        /// 0x04 s16: z
        0x04 z: i16,
        /// 0x06 u16: flags; corner 1's is the room the portal leads to, the others are unknown
        0x06 flags: u16,
    }
}

record! {
    /// A portal: a quad (48 bytes) leading to another room.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Portal, PORTAL_SIZE = 48 bytes, fields PortalFields {
        /// 0x00 corner\[4\]: s16 x, y, z, u16 flags each (8 bytes), in the PlayStation's Z order
        0x00 corners: [Corner; 4],
        /// 0x20 u8\[16\]: unknown
        #[serde(with = "hex")]
        0x20 tail: [u8; 16],
    }
}

record! {
    /// A 24-byte record ("box"). Only LEVEL04 has any; its fields are unknown. The loader sets its `+6` to
    /// `+0x12 - +0x0a` ([`BoxRecord::halfword`]).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct BoxRecord, BOX_SIZE = 24 bytes, fields BoxRecordFields {
        /// 0x00 u8\[24\]: unknown
        #[serde(with = "hex")]
        0x00 raw: [u8; 24],
    }
}

record! {
    /// A room's 112-byte record. Fields the loader fills at run time (pointers, lists) are kept as read:
    /// the disc may hold leftovers there.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct RoomRecord, ROOM_SIZE = 112 bytes, fields RoomRecordFields {
        /// 0x00 s32\[3\]: centre; blob vertices are relative to it
        0x00 centre: [i32; 3],
        /// 0x0c u32: pad after the centre (the loader clears it)
        0x0c centre_pad: u32,
        /// 0x10 s32\[3\]: the room's bounds in the world, minimum
        0x10 min: [i32; 3],
        /// 0x1c u32: pad
        0x1c min_pad: u32,
        /// 0x20 s32\[3\]: the room's bounds in the world, maximum
        0x20 max: [i32; 3],
        /// 0x2c u32: pad
        0x2c max_pad: u32,
        /// 0x30 u32: number of portals the room takes from the file's list
        0x30 portal_count: u32,
        /// 0x34 u32: run time: pointer to the room's first portal
        0x34 portals_pointer: u32,
        /// 0x38 u32: number of 24-byte records the room takes from the file's list
        0x38 box_count: u32,
        /// 0x3c u32: run time: pointer to the room's first 24-byte record
        0x3c boxes_pointer: u32,
        /// 0x40 u32: run time: the list of the room's geometry blobs (cleared and built by the loader)
        0x40 blob_list: u32,
        /// 0x44 u8\[4\]: unknown (cleared by the loader)
        #[serde(with = "hex")]
        0x44 unknown_44: [u8; 4],
        /// 0x48 u32: run time: a list of objects drawn with the room (cleared by the loader)
        0x48 object_list_48: u32,
        /// 0x4c u32: run time: a list of objects drawn with the room (cleared by the loader)
        0x4c object_list_4c: u32,
        /// 0x50 u8\[8\]: unknown (cleared by the loader)
        #[serde(with = "hex")]
        0x50 unknown_50: [u8; 8],
        /// 0x58 u32: unknown; 256 in every DB22 room
        0x58 unknown_58: u32,
        /// 0x5c u8\[2\]: unknown
        #[serde(with = "hex")]
        0x5c unknown_5c: [u8; 2],
        /// 0x5e u8: run time: the byte list's count
        0x5e byte_list_count: u8,
        /// 0x5f u8: unknown
        0x5f unknown_5f: u8,
        /// 0x60 u32: run time: pointer to the byte list's kept bytes
        0x60 byte_list_pointer: u32,
        /// 0x64 u8\[12\]: unknown
        #[serde(with = "hex")]
        0x64 unknown_64: [u8; 12],
    }
}

record! {
    /// A geometry blob's header (28 bytes). The model keeps its fields in [`super::Blob`], except the two
    /// the blob's lists fix: the vertex count and `faces_at`.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct BlobHeader, BLOB_HEADER_SIZE = 28 bytes, fields BlobHeaderFields {
        /// 0x00 u32: link; the loader chains the room's blobs through it (non-zero on disc is a leftover)
        0x00 link: u32,
        /// 0x04 s16\[3\]: bounds minimum, relative to the room's centre
        0x04 min: [i16; 3],
        /// 0x0a u16: unknown
        0x0a unknown_0a: u16,
        /// 0x0c s16\[3\]: bounds maximum, relative to the room's centre
        0x0c max: [i16; 3],
        /// 0x12 u16: unknown
        0x12 unknown_12: u16,
        /// 0x14 u32: number of vertices (12 bytes each, from 0x1c)
        0x14 vertex_count: u32,
        /// 0x18 u32: faces_at: where the face sections start, from the blob's start
        0x18 faces_at: u32,
    }
}

record! {
    /// A blob vertex (12 bytes).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Vertex, VERTEX_SIZE = 12 bytes, fields VertexFields {
        /// 0x00 s16: x, relative to the room's centre
        0x00 x: i16,
        /// 0x02 s16: y (down)
        0x02 y: i16,
        /// 0x04 s16: z
        0x04 z: i16,
        /// 0x06 u16: pad
        0x06 pad: u16,
        /// 0x08 u8: red (0x80 leaves a texel as it is)
        0x08 r: u8,
        /// 0x09 u8: green
        0x09 g: u8,
        /// 0x0a u8: blue
        0x0a b: u8,
        /// 0x0b u8: flash: a brightening the game adds to r, g and b once, then clears
        0x0b flash: u8,
    }
}

record! {
    /// A face section's header (4 bytes): `count` faces of `kind` follow (none for the end marker).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct FaceSectionHeader, FACE_SECTION_HEADER_SIZE = 4 bytes, fields FaceSectionHeaderFields {
        /// 0x00 u16: kind: 0x60 triangles, 0x61 quads, 0xFF the end of the blob's faces
        0x00 kind: u16,
        /// 0x02 u16: number of faces (for the end marker: 1 in every known file)
        0x02 count: u16,
    }
}

record! {
    /// A quad face (8 bytes). Its corners are in the PlayStation's Z order: the GPU draws triangles (0,1,2)
    /// and (1,2,3); as a polygon ring it is 0,1,3,2.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Quad, FACE_SIZE = 8 bytes, fields QuadFields {
        /// 0x00 u8\[4\]: vertex indices into the blob
        0x00 v: [u8; 4],
        /// 0x04 u16: index into the texture table
        0x04 texture: u16,
        /// 0x06 u16: flags: 0 on disc; 0x200 draws both sides; the renderer ORs in outcodes at run time
        0x06 flags: u16,
    }
}

record! {
    /// A triangle face (8 bytes, as a quad).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Triangle, TRIANGLE_SIZE = 8 bytes, fields TriangleFields {
        /// 0x00 u8\[3\]: vertex indices into the blob
        0x00 v: [u8; 3],
        /// 0x03 u8: 0xCD on disc (kept as read)
        0x03 fill: u8,
        /// 0x04 u16: index into the texture table
        0x04 texture: u16,
        /// 0x06 u16: flags, as for quads
        0x06 flags: u16,
    }
}

record! {
    /// A texture table entry (12 bytes): the uv/clut/tpage words of a textured GPU packet, corners in Z
    /// order.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct TextureEntry, TEXTURE_SIZE = 12 bytes, fields TextureEntryFields {
        /// 0x00 u8: u of corner 0
        0x00 u0: u8,
        /// 0x01 u8: v of corner 0
        0x01 v0: u8,
        /// 0x02 u16: clut (bits 0-5 x / 16, bits 6-14 y)
        0x02 clut: u16,
        /// 0x04 u8: u of corner 1
        0x04 u1: u8,
        /// 0x05 u8: v of corner 1
        0x05 v1: u8,
        /// 0x06 u16: tpage (bits 0-3 x / 64, bit 4 y / 256, bits 5-6 blend, bits 7-8 colour depth)
        0x06 tpage: u16,
        /// 0x08 u8: u of corner 2
        0x08 u2: u8,
        /// 0x09 u8: v of corner 2
        0x09 v2: u8,
        /// 0x0a u8: u of corner 3
        0x0a u3: u8,
        /// 0x0b u8: v of corner 3
        0x0b v3: u8,
    }
}

// A face record is a quad's or a triangle's: the same size, the texture and flags at the same offsets.
const _: () = {
    assert!(TRIANGLE_SIZE == FACE_SIZE);
    assert!(Triangle::FIELD.texture.offset == Quad::FIELD.texture.offset);
    assert!(Triangle::FIELD.flags.offset == Quad::FIELD.flags.offset);
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytes::{Le, Writer};
    use crate::rng::Rng;

    /// Every record: decode ∘ encode is the identity on varied bytes, the size is the declared one, and the
    /// field table tiles the record (in order, no gap, no overlap) with docs that start with the offset.
    fn check_table<T: Record + std::fmt::Debug>(size: usize) {
        assert_eq!(T::SIZE, size, "{}", T::NAME);
        let mut end = 0;
        for f in T::FIELDS {
            assert_eq!(f.offset, end, "{}.{}: starts where the field before ends", T::NAME, f.name);
            assert!(f.size > 0 && f.len > 0 && f.size % f.len == 0, "{}.{}", T::NAME, f.name);
            let doc = f.doc.trim_start();
            assert!(doc.starts_with(&format!("0x{:02x} ", f.offset)), "{}.{}: doc {doc:?}", T::NAME, f.name);
            end += f.size;
        }
        assert_eq!(end, T::SIZE, "{}: the fields fill the record", T::NAME);

        let mut rng = Rng::new(0x5eed ^ T::SIZE as u64);
        let patterns: Vec<Vec<u8>> = [0x00u8, 0xff, 0x80, 0x7f]
            .iter()
            .map(|&b| vec![b; T::SIZE])
            .chain((0..64).map(|_| (0..T::SIZE).map(|_| rng.below_u8(256)).collect()))
            .chain(std::iter::once((0..T::SIZE).map(|i| u8::try_from(i).unwrap()).collect()))
            .collect();
        for bytes in patterns {
            let record = T::decode(&bytes);
            let mut w = Writer::<Le>::default();
            record.encode(&mut w);
            assert_eq!(w.into_inner(), bytes, "{}: {record:?}", T::NAME);
        }
    }

    #[test]
    fn every_record_round_trips_and_tiles_its_size() {
        check_table::<UnusedRecord>(56);
        check_table::<Corner>(8);
        check_table::<Portal>(48);
        check_table::<BoxRecord>(24);
        check_table::<RoomRecord>(112);
        check_table::<BlobHeader>(28);
        check_table::<Vertex>(12);
        check_table::<FaceSectionHeader>(4);
        check_table::<Quad>(8);
        check_table::<Triangle>(8);
        check_table::<TextureEntry>(12);
    }

    #[test]
    fn fields_decode_at_their_offsets() {
        let bytes: Vec<u8> = (0..u8::try_from(ROOM_SIZE).unwrap()).collect();
        let room = RoomRecord::decode(&bytes);
        let f = RoomRecord::FIELD;
        assert_eq!((f.portal_count.offset, f.portal_count.ty), (0x30, "u32"));
        assert_eq!(room.portal_count, u32::from_le_bytes([0x30, 0x31, 0x32, 0x33]));
        assert_eq!(room.byte_list_count, 0x5e);
        assert_eq!(room.centre[1], i32::from_le_bytes([4, 5, 6, 7]));
        let corners = Portal::FIELD.corners;
        assert_eq!((corners.element(1) + Corner::FIELD.flags.offset, corners.len), (8 + 6, 4));
        let portal = Portal::decode(&bytes[..PORTAL_SIZE]);
        assert_eq!(portal.corners[1].flags, u16::from_le_bytes([14, 15]));
        assert_eq!(portal.tail[0], 0x20);
    }
}
