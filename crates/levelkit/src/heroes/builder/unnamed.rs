//! The group and material names that say no surface ([`NameUse`]) and what a front end says of them
//! ([`UnknownNames`]): the builder's warning, and its error under strict naming.

use crate::heroes::flags::{self, VOCABULARY};
use serde::Serialize;
use std::fmt::{self, Write as _};

/// A group or material name that says no surface, and what became of its faces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NameUse {
    /// The name, as the file spells it.
    pub name: String,
    /// The mesh's faces (polygons) in the group.
    pub faces: usize,
    /// The triangles they make.
    pub triangles: usize,
    /// The attribute they got (`UNNAMED_ATTRIBUTE`, floor).
    pub attribute: u32,
}

/// Names that said no surface, as one line (without a `warning:` prefix): each name, its faces and what
/// they became, and what a name may say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownNames(pub Vec<NameUse>);

impl fmt::Display for UnknownNames {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(first) = self.0.first() else { return Ok(()) };
        let n = self.0.len();
        let mut text = if n == 1 {
            String::from("a group or material name says no surface: ")
        } else {
            format!("{n} group or material names say no surface: ")
        };
        for (i, u) in self.0.iter().enumerate() {
            if i == 8 {
                let _ = write!(text, ", and {} more", n - 8);
                break;
            }
            if i > 0 {
                text.push_str(", ");
            }
            let _ = write!(text, "{:?} ({} face{})", u.name, u.faces, if u.faces == 1 { "" } else { "s" });
        }
        let _ = write!(
            text,
            " became {} (attribute 0x{:08X}). A name may be {VOCABULARY}. Rename the material or group, or \
             give every triangle one attribute",
            flags::surface_id(first.attribute),
            first.attribute
        );
        f.write_str(&text)
    }
}
