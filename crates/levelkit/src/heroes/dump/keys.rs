//! Reading a dump's keys that explain or follow from others (the module docs of [`super`] list the rules):
//! the header's counts and offsets, `dataSize`, a triangle's `surface` beside its `attribute`, a node's
//! `listError`, a raw block's `what`. Each either agrees, takes effect, or is an error naming both values.
#![deny(clippy::indexing_slicing)]

use super::*;
use fields::{attribute_text, surface_ids};

/// The header fields a dump may give as `"auto"`, and which it did.
#[derive(Default)]
pub(super) struct Autos {
    pub(super) data_size: bool,
    pub(super) offsets: [bool; 3],
    pub(super) counts: [bool; 3],
}

impl Autos {
    pub(super) fn any_offset(&self) -> bool {
        self.offsets.iter().any(|&a| a)
    }
}

/// The header's counts against the arrays: `"auto"` takes the array's length; any other value must be
/// it. (An array too long for a u16 count is left to the writer, which says so.)
pub(super) fn check_counts(h: &mut Header, auto: &Autos, lens: [usize; 3]) -> Result<(), DumpError> {
    let f = &Header::FIELD;
    let fields = [
        (&mut h.num_nodes, f.num_nodes.name, "nodes"),
        (&mut h.num_polygons, f.num_polygons.name, "triangles"),
        (&mut h.num_vertices, f.num_vertices.name, "vertices"),
    ];
    for (((count, name, array), auto), len) in fields.into_iter().zip(auto.counts).zip(lens) {
        let Ok(len16) = u16::try_from(len) else { continue };
        if auto {
            *count = len16;
        } else if *count != len16 {
            return Err(DumpError::Invalid(format!(
                "header.{name}: the dump says {count}, but \"{array}\" has {len}: a count is its array's \
                 length; set it to {len} or to \"auto\""
            )));
        }
    }
    Ok(())
}

/// Whether the header, the arrays as long as they now are and the raw blocks still cover the file's bytes
/// once each, with no gap, as every parsed file's do: then each array keeps its place.
pub(super) fn tiles(c: &Collision) -> bool {
    let h = &c.header;
    let mut pieces: Vec<(u64, u64)> = vec![(0, HEADER_SIZE as u64)];
    for (offset, len) in [
        (h.node_offset, c.nodes.len() * NODE_SIZE),
        (h.polygon_offset, c.triangles.len() * TRIANGLE_SIZE),
        (h.vertex_offset, c.vertices.len() * VERTEX_SIZE),
    ] {
        if len > 0 {
            pieces.push((u64::from(offset), len as u64));
        }
    }
    pieces.extend(
        c.raw.iter().filter(|r| !r.bytes.is_empty()).map(|r| (u64::from(r.offset), r.bytes.len() as u64)),
    );
    pieces.sort_unstable();
    let mut end = 0u64;
    for (offset, len) in pieces {
        if offset != end {
            return false;
        }
        end = offset.saturating_add(len);
    }
    true
}

/// `dataSize` against the length of the file the dump lays out: the same, or, with `fileLength` beside it
/// (a file whose `dataSize` is not its length, as dumped), kept as given while `fileLength` is that length.
pub(super) fn check_data_size(h: &Header, file_length: Option<u64>, len: u64) -> Result<(), DumpError> {
    let name = Header::FIELD.data_size.name;
    match file_length {
        Some(said) if said != len => Err(DumpError::Invalid(format!(
            "header.{FILE_LENGTH}: the dump says {said}, the file will be {len} bytes; it only explains \
             dataSize: remove it or set it to {len}"
        ))),
        Some(_) => Ok(()),
        None if u64::from(h.data_size) == len => Ok(()),
        None => Err(DumpError::Invalid(format!(
            "header.{name}: the dump says {}, the file will be {len} bytes; set it to {len} or to \"auto\" (a \
             dataSize meant to differ from the length is given with \"{FILE_LENGTH}\": {len} beside it)",
            h.data_size
        ))),
    }
}

/// After a new layout: the dump's `dataSize` and offsets must be `"auto"` or what the new layout gives.
pub(super) fn check_new_layout(dump: &Header, new: &Header, auto: &Autos) -> Result<(), DumpError> {
    let f = &Header::FIELD;
    let fields = [
        (f.data_size.name, dump.data_size, new.data_size, auto.data_size),
        (f.node_offset.name, dump.node_offset, new.node_offset, auto.offsets[0]),
        (f.polygon_offset.name, dump.polygon_offset, new.polygon_offset, auto.offsets[1]),
        (f.vertex_offset.name, dump.vertex_offset, new.vertex_offset, auto.offsets[2]),
    ];
    let wrong: Vec<(&str, String)> = fields
        .iter()
        .filter(|(_, said, computed, auto)| !auto && said != computed)
        .map(|(name, said, computed, _)| (*name, format!("{name} is {said}, the new layout's is {computed}")))
        .collect();
    let Some((first, _)) = wrong.first() else { return Ok(()) };
    Err(DumpError::Invalid(format!(
        "header.{first}: the arrays no longer fit the dump's layout, so the file is laid out anew, and {}: set \
         each to the new layout's value or to \"auto\"",
        wrong.iter().map(|(_, text)| text.as_str()).collect::<Vec<_>>().join("; ")
    )))
}

/// A triangle's attribute given its `surface` (an explanation of the attribute) and, if the dump gave it,
/// the `attribute`: the two must agree; a surface alone sets the attribute it names.
pub(super) fn surface_attribute(
    path: &dyn std::fmt::Display,
    given: Option<u32>,
    surface: &str,
) -> Result<u32, DumpError> {
    let Some(attribute) = given else {
        return flags::SURFACES
            .iter()
            .find(|s| s.id.eq_ignore_ascii_case(surface.trim()))
            .map(|s| s.attribute)
            .ok_or_else(|| {
                DumpError::Invalid(format!(
                    "{path}.surface: {surface:?} names no attribute value (the surface ids: {}); give an \
                     \"attribute\" in hex",
                    surface_ids()
                ))
            });
    };
    let named = flags::surface_id(attribute);
    if !named.eq_ignore_ascii_case(surface.trim()) {
        let meant = attribute_text(surface)
            .filter(|_| surface.trim() != "unknown")
            .map_or(String::new(), |a| format!(" ({})", flags::hex(a)));
        return Err(DumpError::Invalid(format!(
            "{path}: \"surface\" is {surface:?}{meant} but \"attribute\" {} is {named:?}; the two disagree and \
             levelkit cannot tell which was meant: make them agree, or remove \"surface\" (an \"attribute\" \
             may be a surface id: \"{}\")",
            flags::hex(attribute),
            surface.trim()
        )));
    }
    Ok(attribute)
}

/// The dump's other explanations against what they explain: each node's `listError`, each raw block's
/// `what`.
pub(super) fn check_explanations(
    c: &Collision,
    lists: &[Option<Vec<u16>>],
    list_errors: &[Option<String>],
    raw: &[RawDump],
) -> Result<(), DumpError> {
    for (i, said) in list_errors.iter().enumerate() {
        let Some(said) = said else { continue };
        // An edited list replaces the one numPoly/polyIndex give: its error no longer applies.
        if lists.get(i).is_some_and(Option::is_some) {
            continue;
        }
        match c.node_list(i) {
            Err(e) if e.message == *said => {}
            Err(e) => {
                return Err(DumpError::Invalid(format!(
                    "nodes[{i}].listError: the dump says {said:?}, but the node's numPoly and polyIndex give \
                     {:?}; remove \"listError\" (it only explains)",
                    e.message
                )))
            }
            Ok(_) => {
                return Err(DumpError::Invalid(format!(
                "nodes[{i}].listError: the dump says {said:?}, but the node's numPoly and polyIndex give a \
                     list that reads; remove \"listError\" (it only explains)"
            )))
            }
        }
    }
    for (i, r) in raw.iter().enumerate() {
        let Some(said) = &r.what else { continue };
        let Some(block) = c.raw.iter().find(|b| b.offset == r.offset) else { continue };
        let computed = describe_raw(c, block);
        if *said != computed {
            return Err(DumpError::Invalid(format!(
                "raw[{i}].what: the dump says {said:?}, but levelkit calls these bytes {computed:?}; remove \
                 \"what\" (it only explains)"
            )));
        }
    }
    Ok(())
}

/// The dump's pieces against [`crate::heroes::write::check_extent`], before any is built: a failure names the
/// dump path (`raw[3].offset: 200000000 is past the declared size …`). A `dataSize` of `"auto"` declares
/// nothing: then no piece may start past the end of another.
pub(super) fn check_dump_extent(
    raw: &[RawDump],
    lens: [usize; 3],
    h: &Header,
    auto_size: bool,
) -> Result<(), DumpError> {
    let fields = &Header::FIELD;
    let array = |offset: u32, count: usize, size: usize| {
        (u64::from(offset), (count as u64).saturating_mul(size as u64))
    };
    let mut pieces = vec![(0, HEADER_SIZE as u64)];
    let mut paths = vec!["header".to_string()];
    let [nodes, triangles, vertices] = lens;
    for (field, offset, count, size) in [
        (fields.node_offset, h.node_offset, nodes, NODE_SIZE),
        (fields.polygon_offset, h.polygon_offset, triangles, TRIANGLE_SIZE),
        (fields.vertex_offset, h.vertex_offset, vertices, VERTEX_SIZE),
    ] {
        if count > 0 {
            pieces.push(array(offset, count, size));
            paths.push(format!("header.{}", field.name));
        }
    }
    for (i, r) in raw.iter().enumerate() {
        let hex_digits: usize = r.hex.iter().map(|line| line.len()).sum();
        pieces.push((u64::from(r.offset), (hex_digits / 2) as u64));
        paths.push(format!("raw[{i}].offset"));
    }
    let declared = if auto_size { 0 } else { h.data_size };
    crate::heroes::write::check_extent(declared, &pieces).map(|_| ()).map_err(|(i, msg)| {
        DumpError::Invalid(format!("{}: {msg}", paths.get(i).map_or("raw", String::as_str)))
    })
}
