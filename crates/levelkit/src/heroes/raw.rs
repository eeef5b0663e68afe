//! The `.cl` records as they lie on disk, each declared once on the record layer ([`crate::record`]).
//!
//! One `records!` entry per record gives its size and, per field, its offset, the game's name, its type
//! and a doc comment that starts with the offset and type. Everything else reads from that entry:
//! decoding ([`Record::decode`], used by [`super::read`]), encoding ([`Record::encode`], [`super::write`]),
//! where a field lies (`Type::FIELD`, which [`super::validate`] turns into byte offsets and paths), the
//! dump's keys and forms ([`super::dump`]) and the record-size tests. Everything is big-endian.
//!
//! Vertices are stored as `[f32; 3]` in the model; [`Vertex`] is their record, converted on read and
//! write.

use crate::bytes::Be;
use crate::record::records;
#[cfg(doc)]
use crate::record::Record;

records! {
    endian Be;

    /// The file header (0x28 bytes at offset 0). Every stored field, as stored: writing does not recompute
    /// them, so a file whose header disagrees with its contents still writes back unchanged.
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    pub struct Header, 0x28 bytes, fields HeaderFields {
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
    pub struct Node, 0x20 bytes, fields NodeFields {
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
        /// 0x19 u8×7: zero in every known file; kept as found.
        0x19 tail "zero": [u8; 7] as Bytes,
    }

    /// A triangle (0x20 bytes).
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    pub struct Triangle, 0x20 bytes, fields TriangleFields {
        /// 0x00 u16×3: vertexIndexNo, the vertex indices; the winding gives the solid side.
        0x00 vertices "vertexIndexNo": [u16; 3],
        /// 0x06 u16×3: neighbor, the triangle across edge v0v1, v1v2, v2v0; 0xFFFF = none.
        0x06 neighbors "neighbor": [u16; 3],
        /// 0x0C f32×3: norm, the unit normal normalize((v1−v0)×(v2−v0)).
        0x0C normal "norm": [f32; 3],
        /// 0x18 u32: collision flags ([`super::flags`] names the known values).
        0x18 attribute "attribute": u32 as Flags,
        /// 0x1C u16: groupIndexNo (tools store the source mesh's number).
        0x1C group "groupIndexNo": u16,
        /// 0x1E u8×2: zero in every known file; kept as found.
        0x1E tail "zero": [u8; 2] as Bytes,
    }

    /// A vertex (0x0C bytes); the model holds it as `[x, y, z]` and dumps it so.
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    pub struct Vertex, 0x0C bytes, fields VertexFields {
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
    use crate::record::{check_table, Record};

    #[test]
    fn every_record_table_is_sound() {
        check_table::<Header>(0x28);
        check_table::<Node>(0x20);
        check_table::<Triangle>(0x20);
        check_table::<Vertex>(0x0C);
    }

    #[test]
    fn fields_are_where_the_format_says() {
        assert_eq!((Header::FIELD.max_depth.offset, Header::FIELD.max_depth.name), (0x20, "maxDepth"));
        assert_eq!((Node::FIELD.num_poly.offset, Node::FIELD.num_poly.name), (0x0E, "numPoly"));
        assert_eq!(Node::FIELD.neighbors.element(3), Some(0x0C));
        assert_eq!(Node::FIELD.neighbors.element(4), None);
        assert_eq!(Triangle::FIELD.neighbors.element(2), Some(0x0A));
        assert_eq!(Triangle::FIELD.attribute.offset, 0x18);
        let n = Node { child: 0x0102, poly_index: 0x0304_0506, depth: 9, ..Node::default() };
        let b = n.encode();
        assert_eq!((&b[0x04..0x06], &b[0x10..0x14], b[0x18]), (&[1, 2][..], &[3, 4, 5, 6][..], 9));
    }
}
