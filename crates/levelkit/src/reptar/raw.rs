//! The record table: every fixed-size record of `LEVELnn.BIN`, declared once on the record layer
//! ([`crate::record`]).
//!
//! Each record below is the format's table for one record: its size, and per field its offset, name,
//! type and a doc comment that starts with the offset and type. From it come the model's struct (so the
//! dump's field names), [`Record::decode`] and [`Record::encode`] (what `read.rs` and `write.rs` call), the
//! field table ([`Record::FIELDS`], one [`Field`](crate::record::Field) per field, and `Type::FIELD.name`
//! for each by name) that the validator takes byte offsets from and the dump takes keys and forms from,
//! and the record-size checks: the build fails if a field does not start where the one before it ends,
//! or if the fields do not add up to the declared size.
//!
//! Little-endian throughout. Sections, counts and variable-length parts (blobs, byte lists) are walked in
//! `read.rs` and `write.rs`; only fixed-size records are here.

use crate::bytes::Le;
#[cfg(doc)]
use crate::record::Record;
use crate::record::{records, Value};

records! {
    endian Le;

    /// A never-used record (the file's first section). Its meaning is unknown.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct UnusedRecord, 56 bytes, fields UnusedRecordFields {
        /// 0x00 u8\[56\]: unknown
        0x00 raw: [u8; 56] as Bytes,
    }

    /// A portal corner (8 bytes).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct Corner, 8 bytes, fields CornerFields {
        /// 0x00 s16: x
        0x00 x: i16,
        /// 0x02 s16: y (down)
        0x02 y: i16,
        /// 0x04 s16: z
        0x04 z: i16,
        /// 0x06 u16: flags; corner 1's is the room the portal leads to, the others are unknown
        0x06 flags: u16,
    }

    /// A portal: a quad (48 bytes) leading to another room.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct Portal, 48 bytes, fields PortalFields {
        /// 0x00 corner\[4\]: s16 x, y, z, u16 flags each (8 bytes), in the PlayStation's Z order
        0x00 corners: [Corner; 4],
        /// 0x20 u8\[16\]: unknown
        0x20 tail: [u8; 16] as Bytes,
    }

    /// A 24-byte record ("box"). Only LEVEL04 has any; its fields are unknown. The loader sets its `+6` to
    /// `+0x12 - +0x0a` ([`BoxRecord::halfword`]).
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct BoxRecord, 24 bytes, fields BoxRecordFields {
        /// 0x00 u8\[24\]: unknown
        0x00 raw: [u8; 24] as Bytes,
    }

    /// A room's 112-byte record. Fields the loader fills at run time (pointers, lists) are kept as read:
    /// the disc may hold leftovers there.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct RoomRecord, 112 bytes, fields RoomRecordFields {
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
        0x44 unknown_44: [u8; 4] as Bytes,
        /// 0x48 u32: run time: a list of objects drawn with the room (cleared by the loader)
        0x48 object_list_48: u32,
        /// 0x4c u32: run time: a list of objects drawn with the room (cleared by the loader)
        0x4c object_list_4c: u32,
        /// 0x50 u8\[8\]: unknown (cleared by the loader)
        0x50 unknown_50: [u8; 8] as Bytes,
        /// 0x58 u32: unknown; 256 in every DB22 room
        0x58 unknown_58: u32,
        /// 0x5c u8\[2\]: unknown
        0x5c unknown_5c: [u8; 2] as Bytes,
        /// 0x5e u8: run time: the byte list's count
        0x5e byte_list_count: u8,
        /// 0x5f u8: unknown
        0x5f unknown_5f: u8,
        /// 0x60 u32: run time: pointer to the byte list's kept bytes
        0x60 byte_list_pointer: u32,
        /// 0x64 u8\[12\]: unknown
        0x64 unknown_64: [u8; 12] as Bytes,
    }

    /// A geometry blob's header (28 bytes). The model keeps its fields in [`super::Blob`], except the two
    /// the blob's lists fix: the vertex count and `faces_at`.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct BlobHeader, 28 bytes, fields BlobHeaderFields {
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

    /// A blob vertex (12 bytes).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct Vertex, 12 bytes, fields VertexFields {
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

    /// A face section's header (4 bytes): `count` faces of `kind` follow (none for the end marker).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct FaceSectionHeader, 4 bytes, fields FaceSectionHeaderFields {
        /// 0x00 u16: kind: 0x60 triangles, 0x61 quads, 0xFF the end of the blob's faces
        0x00 kind: u16,
        /// 0x02 u16: number of faces (for the end marker: 1 in every known file)
        0x02 count: u16,
    }

    /// A quad face (8 bytes). Its corners are in the PlayStation's Z order: the GPU draws triangles (0,1,2)
    /// and (1,2,3); as a polygon ring it is 0,1,3,2.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct Quad, 8 bytes, fields QuadFields {
        /// 0x00 u8\[4\]: vertex indices into the blob
        0x00 v: [u8; 4],
        /// 0x04 u16: index into the texture table
        0x04 texture: u16,
        /// 0x06 u16: flags: 0 on disc; 0x200 draws both sides; the renderer ORs in outcodes at run time
        0x06 flags: u16,
    }

    /// A triangle face (8 bytes, as a quad).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct Triangle, 8 bytes, fields TriangleFields {
        /// 0x00 u8\[3\]: vertex indices into the blob
        0x00 v: [u8; 3],
        /// 0x03 u8: 0xCD on disc (kept as read)
        0x03 fill: u8,
        /// 0x04 u16: index into the texture table
        0x04 texture: u16,
        /// 0x06 u16: flags, as for quads
        0x06 flags: u16,
    }

    /// A texture table entry (12 bytes): the uv/clut/tpage words of a textured GPU packet, corners in Z
    /// order.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct TextureEntry, 12 bytes, fields TextureEntryFields {
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

/// Size of a [`UnusedRecord`] record.
pub const UNUSED_RECORD_SIZE: usize = <UnusedRecord as Value>::SIZE;
/// Size of a [`Corner`] record.
pub const CORNER_SIZE: usize = <Corner as Value>::SIZE;
/// Size of a [`Portal`] record.
pub const PORTAL_SIZE: usize = <Portal as Value>::SIZE;
/// Size of a [`BoxRecord`] record.
pub const BOX_SIZE: usize = <BoxRecord as Value>::SIZE;
/// Size of a [`RoomRecord`] record.
pub const ROOM_SIZE: usize = <RoomRecord as Value>::SIZE;
/// Size of a [`BlobHeader`] record.
pub const BLOB_HEADER_SIZE: usize = <BlobHeader as Value>::SIZE;
/// Size of a [`Vertex`] record.
pub const VERTEX_SIZE: usize = <Vertex as Value>::SIZE;
/// Size of a [`FaceSectionHeader`] record.
pub const FACE_SECTION_HEADER_SIZE: usize = <FaceSectionHeader as Value>::SIZE;
/// Size of a [`Quad`] record.
pub const FACE_SIZE: usize = <Quad as Value>::SIZE;
/// Size of a [`Triangle`] record.
pub const TRIANGLE_SIZE: usize = <Triangle as Value>::SIZE;
/// Size of a [`TextureEntry`] record.
pub const TEXTURE_SIZE: usize = <TextureEntry as Value>::SIZE;

// A face record is a quad's or a triangle's: the same size, the texture and flags at the same offsets.
const _: () = {
    assert!(TRIANGLE_SIZE == FACE_SIZE);
    assert!(Triangle::FIELD.texture.offset == Quad::FIELD.texture.offset);
    assert!(Triangle::FIELD.flags.offset == Quad::FIELD.flags.offset);
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{check_table, Record};

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
        let bytes: [u8; ROOM_SIZE] = std::array::from_fn(|i| u8::try_from(i).unwrap());
        let room = RoomRecord::decode(&bytes);
        let f = RoomRecord::FIELD;
        assert_eq!((f.portal_count.offset, f.portal_count.ty), (0x30, "u32"));
        assert_eq!(room.portal_count, u32::from_le_bytes([0x30, 0x31, 0x32, 0x33]));
        assert_eq!(room.byte_list_count, 0x5e);
        assert_eq!(room.centre[1], i32::from_le_bytes([4, 5, 6, 7]));
        let corners = Portal::FIELD.corners;
        assert_eq!(
            (corners.element(1).map(|at| at + Corner::FIELD.flags.offset), corners.count),
            (Some(8 + 6), 4)
        );
        let portal = Portal::decode(bytes.first_chunk().unwrap());
        assert_eq!(portal.corners[1].flags, u16::from_le_bytes([14, 15]));
        assert_eq!(portal.tail[0], 0x20);
    }
}
