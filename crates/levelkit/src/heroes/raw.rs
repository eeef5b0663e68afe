//! The `.cl` records as they lie on disk, each declared once.
//!
//! One `records!` entry per record gives its size and, per field, its offset, the game's name, its type
//! and a doc comment that starts with the offset and type. Everything else reads from that entry:
//! decoding ([`Record::decode`], used by [`super::read`]), encoding ([`Record::encode`], [`super::write`]),
//! where a field lies (the `*_FIELDS` tables, which [`super::validate`] turns into byte offsets), the
//! dump's keys and JSON forms ([`super::dump`]) and the record-size tests. Everything is big-endian.
//!
//! Vertices are stored as `[f32; 3]` in the model; [`Vertex`] is their record, converted on read and
//! write.

pub use super::field::{Field, FieldType};

use super::field::{slot, slot_mut, AttributeHex, Plain, Reserved};

/// A fixed-size on-disk record.
pub trait Record: Sized {
    /// Bytes one record takes.
    const SIZE: usize;
    /// Its fields, in offset order.
    const FIELDS: &'static [Field];
    /// The record as bytes (`[u8; SIZE]`).
    type Bytes: AsRef<[u8]> + for<'a> TryFrom<&'a [u8]>;
    /// Reads the record from its bytes (every bit pattern is a record).
    fn decode(bytes: &Self::Bytes) -> Self;
    /// The record's bytes: the ones it was decoded from, float bits and all.
    fn encode(&self) -> Self::Bytes;
}

/// The dump codec of a field: [`Plain`] unless the table says otherwise.
macro_rules! codec {
    () => {
        Plain
    };
    ($codec:ty) => {
        $codec
    };
}

/// Declares records: the model struct (public fields, docs as given), a table of where each field lies
/// (`$fields`, of type `$layout`), the [`Record`] impl, and the dump form (`to_json` / `from_json`).
macro_rules! records {
    ($(
        $(#[$meta:meta])*
        pub struct $name:ident, $size:literal bytes, located by $fields:ident: $layout:ident {
            $(
                $(#[doc = $doc:literal])*
                $offset:literal $field:ident $game:literal: $ty:ty $(=> $codec:ty)?,
            )*
        }
    )*) => {$(
        $(#[$meta])*
        pub struct $name {
            $( $(#[doc = $doc])* pub $field: $ty, )*
        }

        #[doc = concat!("Where each field of [`", stringify!($name), "`] lies in its record.")]
        #[derive(Clone, Copy, Debug)]
        pub struct $layout {
            $( #[doc = concat!("`", $game, "`")] pub $field: Field, )*
        }

        #[doc = concat!("The fields of [`", stringify!($name), "`]: offsets, sizes and the game's names.")]
        pub const $fields: $layout = $layout {
            $( $field: Field {
                name: $game,
                offset: $offset,
                size: <$ty as FieldType>::SIZE,
                count: <$ty as FieldType>::COUNT,
            }, )*
        };

        // Every field lies inside the record: checked when the crate compiles.
        const _: () = { $( assert!($offset + <$ty as FieldType>::SIZE <= $size); )* };

        impl Record for $name {
            const SIZE: usize = $size;
            const FIELDS: &'static [Field] = &[$( $fields.$field, )*];
            type Bytes = [u8; $size];

            #[inline]
            fn decode(r: &[u8; $size]) -> Self {
                $name { $( $field: <$ty as FieldType>::decode(slot(r, $offset, <$ty as FieldType>::SIZE)), )* }
            }

            #[inline]
            fn encode(&self) -> [u8; $size] {
                let mut out = [0u8; $size];
                $( self.$field.encode(slot_mut(&mut out, $offset, <$ty as FieldType>::SIZE)); )*
                out
            }
        }

        impl $name {
            /// The dump's keys in record order.
            pub const KEYS: &'static [&'static str] = &[$( $game, )*];

            /// The record's fields as dump keys and values (a codec may leave a field out).
            pub fn to_json(&self, map: &mut serde_json::Map<String, serde_json::Value>) {
                use super::field::Codec;
                $( if let Some(v) = <codec!($($codec)?) as Codec<$ty>>::put(&self.$field) {
                    map.insert($game.into(), v);
                } )*
            }

            /// The record from a dump object at `path`; keys other than the fields' and `extra` are errors.
            pub fn from_json(
                obj: &serde_json::Map<String, serde_json::Value>,
                path: &str,
                extra: &[&str],
            ) -> Result<Self, crate::dump::DumpError> {
                use super::field::Codec;
                super::field::no_unknown_keys(obj, path, Self::KEYS, extra)?;
                Ok($name { $(
                    $field: <codec!($($codec)?) as Codec<$ty>>::take(obj.get($game), path, &$fields.$field)?,
                )* })
            }
        }
    )*};
}

records! {
    /// The file header (0x28 bytes at offset 0). Every stored field, as stored: writing does not recompute
    /// them, so a file whose header disagrees with its contents still writes back unchanged.
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    pub struct Header, 0x28 bytes, located by HEADER_FIELDS: HeaderLayout {
        /// 0x00 u32: the file length, as the file claims it.
        0x00 data_size "dataSize": u32,
        /// 0x04 u32: offset of the node array.
        0x04 node_offset "nodeData": u32,
        /// 0x08 u32: offset of the triangle array.
        0x08 polygon_offset "polygonData": u32,
        /// 0x0C u32: offset of the vertex array.
        0x0C vertex_offset "vertexData": u32,
        /// 0x10 f32×3: centre of the root square (queries use x and z).
        0x10 root_center "rootCenter": [f32; 3],
        /// 0x1C f32: side of the root square; the game clears the low 12 bits of its pattern on load.
        0x1C root_length "rootLength": f32,
        /// 0x20 u16: depth of the finest grid; node positions are in units of rootLength / 2^maxDepth.
        0x20 max_depth "maxDepth": u16,
        /// 0x22 u16: number of triangles.
        0x22 num_polygons "numPolygons": u16,
        /// 0x24 u16: number of vertices.
        0x24 num_vertices "numVertices": u16,
        /// 0x26 u16: number of nodes.
        0x26 num_nodes "numNodes": u16,
    }

    /// A quadtree node (0x20 bytes).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct Node, 0x20 bytes, located by NODE_FIELDS: NodeLayout {
        /// 0x00 u16: nodeNo; the game expects it to equal the node's index.
        0x00 number "nodeNo": u16,
        /// 0x02 u16: parentNo; 0 for the root.
        0x02 parent "parentNo": u16,
        /// 0x04 u16: childNo, the first of 4 contiguous children (bit 0 = +X half, bit 1 = +Z half); 0 = leaf.
        0x04 child "childNo": u16,
        /// 0x06 u16×4: neighborNo in the order +X, −X, +Z, −Z ([`super::NEIGHBOR_SIDES`]); 0 = none.
        0x06 neighbors "neighborNo": [u16; 4],
        /// 0x0E u16: numPoly, how many triangles the node lists.
        0x0E num_poly "numPoly": u16,
        /// 0x10 u32: polyIndex, raw: the list's absolute offset when numPoly ≥ 3, the entries themselves
        /// when numPoly is 1 or 2 (see [`super::Collision::node_list`]).
        0x10 poly_index "polyIndex": u32,
        /// 0x14 u16: min corner X, in units of rootLength / 2^maxDepth.
        0x14 nx "nx": u16,
        /// 0x16 u16: min corner Z, in the same units.
        0x16 nz "nz": u16,
        /// 0x18 u8: depth; the root is 0.
        0x18 depth "depth": u8,
        /// 0x19 u8×7: zero in every known file; kept as found (dumped as hex, only when not zero).
        0x19 tail "zero": [u8; 7] => Reserved,
    }

    /// A triangle (0x20 bytes).
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    pub struct Triangle, 0x20 bytes, located by TRIANGLE_FIELDS: TriangleLayout {
        /// 0x00 u16×3: vertexIndexNo, the vertex indices; the winding gives the solid side.
        0x00 vertices "vertexIndexNo": [u16; 3],
        /// 0x06 u16×3: neighbor, the triangle across edge v0v1, v1v2, v2v0; 0xFFFF = none.
        0x06 neighbors "neighbor": [u16; 3],
        /// 0x0C f32×3: norm, the unit normal normalize((v1−v0)×(v2−v0)).
        0x0C normal "norm": [f32; 3],
        /// 0x18 u32: collision flags ([`super::flags`] names the known values; dumped as 8 hex digits).
        0x18 attribute "attribute": u32 => AttributeHex,
        /// 0x1C u16: groupIndexNo (tools store the source mesh's number).
        0x1C group "groupIndexNo": u16,
        /// 0x1E u8×2: zero in every known file; kept as found (dumped as hex, only when not zero).
        0x1E tail "zero": [u8; 2] => Reserved,
    }

    /// A vertex (0x0C bytes); the model holds it as `[x, y, z]` and dumps it so.
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    pub struct Vertex, 0x0C bytes, located by VERTEX_FIELDS: VertexLayout {
        /// 0x00 f32: x.
        0x00 x "x": f32,
        /// 0x04 f32: y (up).
        0x04 y "y": f32,
        /// 0x08 f32: z.
        0x08 z "z": f32,
    }
}

impl From<[f32; 3]> for Vertex {
    #[inline]
    fn from([x, y, z]: [f32; 3]) -> Self {
        Vertex { x, y, z }
    }
}

impl From<Vertex> for [f32; 3] {
    #[inline]
    fn from(v: Vertex) -> Self {
        [v.x, v.y, v.z]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Each table: fields in offset order, inside the record, not overlapping, covering every byte (so
    /// nothing is lost), and decode ∘ encode the identity on varied bytes.
    fn check<R: Record>(name: &str, size: usize) {
        assert_eq!(R::SIZE, size, "{name} size");
        let mut end = 0;
        for f in R::FIELDS {
            assert_eq!(f.offset, end, "{name}.{}: starts where the previous field ends", f.name);
            assert!(f.size > 0 && f.size % f.count == 0, "{name}.{}", f.name);
            end = f.offset + f.size;
        }
        assert_eq!(end, R::SIZE, "{name}: the fields cover the record");
        let mut rng = Rng::new(13);
        let mut patterns: Vec<Vec<u8>> =
            vec![vec![0; size], vec![0xFF; size], (0..u8::try_from(size).unwrap()).collect()];
        patterns.extend((0..200).map(|_| (0..size).map(|_| rng.below_u8(256)).collect()));
        for bytes in patterns {
            let Ok(record) = R::Bytes::try_from(&bytes) else { panic!("{name}: {size} bytes make a record") };
            assert_eq!(R::decode(&record).encode().as_ref(), &bytes[..], "{name}: decode then encode");
        }
    }

    #[test]
    fn every_record_table_is_sound() {
        check::<Header>("header", 0x28);
        check::<Node>("node", 0x20);
        check::<Triangle>("triangle", 0x20);
        check::<Vertex>("vertex", 0x0C);
    }

    #[test]
    fn fields_are_where_the_format_says() {
        assert_eq!((HEADER_FIELDS.max_depth.offset, HEADER_FIELDS.max_depth.name), (0x20, "maxDepth"));
        assert_eq!((NODE_FIELDS.num_poly.offset, NODE_FIELDS.num_poly.name), (0x0E, "numPoly"));
        assert_eq!(NODE_FIELDS.neighbors.element(3), Some(0x0C));
        assert_eq!(NODE_FIELDS.neighbors.element(4), None);
        assert_eq!(TRIANGLE_FIELDS.neighbors.element(2), Some(0x0A));
        assert_eq!(TRIANGLE_FIELDS.attribute.offset, 0x18);
        let n = Node { child: 0x0102, poly_index: 0x0304_0506, depth: 9, ..Node::default() };
        let b = n.encode();
        assert_eq!((&b[0x04..0x06], &b[0x10..0x14], b[0x18]), (&[1, 2][..], &[3, 4, 5, 6][..], 9));
    }
}
