//! Where a finding points: a path into the model (`nodes[3].childNo`, built with [`Path`]) and the byte
//! offset of what it names, both made from the record tables ([`super::raw`]) when the finding is made,
//! never re-read from the path's text.

use super::Node;
use super::{Collision, NEIGHBOR_SIDES, NODE_SIZE, TRIANGLE_SIZE, VERTEX_SIZE};
use crate::findings::Path;
use crate::findings::Segment;
use crate::record::Field;

/// Where a finding points: its path into the model and, when the path names one place, that place's byte
/// offset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct At {
    /// The typed path (`nodes[3].childNo`).
    pub path: Path,
    /// The byte offset of what the path names; `None` when it names no single place (`nodes`).
    pub offset: Option<u64>,
}

impl At {
    /// A header field: `header.maxDepth` at 0x20.
    pub fn header(field: Field) -> At {
        At { path: Path::new().field("header").field(field.name), offset: Some(field.offset as u64) }
    }

    /// The node array as a whole (no single place).
    pub fn nodes() -> At {
        At { path: Path::new().field("nodes"), offset: None }
    }
}

/// Record `index` of one of the file's arrays, at its byte offset.
#[derive(Clone, Debug)]
pub struct Element {
    /// The array (`nodes`) and the record's index in it: the path is made only for a finding, in one
    /// allocation with the field's steps.
    array: &'static str,
    index: usize,
    start: u64,
}

impl Element {
    fn new(array: &'static str, base: u32, size: usize, index: usize) -> Element {
        Element { array, index, start: u64::from(base) + index as u64 * size as u64 }
    }

    /// Node `index`, in the node array the header places.
    pub fn node(c: &Collision, index: usize) -> Element {
        Element::new("nodes", c.header.node_offset, NODE_SIZE, index)
    }

    /// Triangle `index`.
    pub fn triangle(c: &Collision, index: usize) -> Element {
        Element::new("triangles", c.header.polygon_offset, TRIANGLE_SIZE, index)
    }

    /// Vertex `index`.
    pub fn vertex(c: &Collision, index: usize) -> Element {
        Element::new("vertices", c.header.vertex_offset, VERTEX_SIZE, index)
    }

    /// The whole record (`nodes[3]`), at its first byte.
    pub fn whole(&self) -> At {
        At { path: self.path([]), offset: Some(self.start) }
    }

    /// One field (`nodes[3].childNo`).
    pub fn field(&self, field: Field) -> At {
        At {
            path: self.path([Segment::Field(field.name.into())]),
            offset: Some(self.start + field.offset as u64),
        }
    }

    /// The `k`-th value of a run (`triangles[1].neighbor[2]`).
    pub fn item(&self, field: Field, k: usize) -> At {
        At {
            path: self.path([Segment::Field(field.name.into()), Segment::Index(k)]),
            offset: self.offset_of(field, k),
        }
    }

    /// A node's link on side `k` (`nodes[1].neighborNo[-Z]`, sides as in [`NEIGHBOR_SIDES`]).
    pub fn side(&self, k: usize) -> At {
        let field = Node::FIELD.neighbors;
        let side = NEIGHBOR_SIDES.get(k).copied().unwrap_or("?");
        At {
            path: self.path([Segment::Field(field.name.into()), Segment::Key(side.into())]),
            offset: self.offset_of(field, k),
        }
    }

    /// A node's triangle list (`nodes[3].list`), found through its polyIndex field.
    pub fn list(&self) -> At {
        At { path: self.path([Segment::Field("list".into())]), ..self.field(Node::FIELD.poly_index) }
    }

    /// The record's path followed by `steps` (`nodes[3]` then `.childNo`).
    fn path<const N: usize>(&self, steps: [Segment; N]) -> Path {
        Path::from_segments(
            [Segment::Field(self.array.into()), Segment::Index(self.index)].into_iter().chain(steps),
        )
    }

    fn offset_of(&self, field: Field, k: usize) -> Option<u64> {
        field.element(k).map(|at| self.start + at as u64)
    }
}
