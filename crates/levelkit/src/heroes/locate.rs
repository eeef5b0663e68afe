//! Where a finding points: a path into the model (`nodes[3].childNo`) and the byte offset of what it
//! names, both made from the record tables ([`super::raw`]) when the finding is made, never re-read from
//! the path's text.

use super::raw::{Field, NODE_FIELDS};
use super::{Collision, NODE_SIZE, TRIANGLE_SIZE, VERTEX_SIZE};

/// Where a finding points: its path into the model and, when the path names one place, that place's byte
/// offset, taken from the record tables ([`super::raw`]) when the finding is made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct At {
    pub path: String,
    pub offset: Option<u64>,
}

impl At {
    /// A header field: `header.maxDepth` at 0x20.
    pub fn header(field: Field) -> At {
        At { path: format!("header.{}", field.name), offset: Some(field.offset as u64) }
    }

    /// The node array as a whole (no single place).
    pub fn nodes() -> At {
        At { path: "nodes".into(), offset: None }
    }
}

/// Record `index` of one of the file's arrays, at its byte offset.
#[derive(Clone, Copy, Debug)]
pub struct Element {
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
    pub fn whole(self) -> At {
        At { path: format!("{}[{}]", self.array, self.index), offset: Some(self.start) }
    }

    /// One field (`nodes[3].childNo`).
    pub fn field(self, field: Field) -> At {
        At {
            path: format!("{}[{}].{}", self.array, self.index, field.name),
            offset: Some(self.start + field.offset as u64),
        }
    }

    /// The `k`-th value of a run, labelled as the format names it (`neighborNo[-Z]`, `neighbor[2]`).
    pub fn element(self, field: Field, k: usize, label: impl std::fmt::Display) -> At {
        At {
            path: format!("{}[{}].{}[{label}]", self.array, self.index, field.name),
            offset: field.element(k).map(|at| self.start + at as u64),
        }
    }

    /// A node's triangle list (`nodes[3].list`), found through its polyIndex field.
    pub fn list(self) -> At {
        At { path: format!("{}[{}].list", self.array, self.index), ..self.field(NODE_FIELDS.poly_index) }
    }
}
