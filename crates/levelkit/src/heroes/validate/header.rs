//! The header: dataSize, counts, maxDepth, the root square, reserved bytes and section alignment.

use super::Report;
use crate::findings::Rule;
use crate::heroes::geom;
use crate::heroes::locate::At;
use crate::heroes::{Collision, Header, MAX_COUNT, MAX_DEPTH};

pub(super) fn header(c: &Collision, f: &mut Report) {
    let h = &c.header;
    let len = c.file_len();
    if u64::from(h.data_size) != len {
        f.error(
            Rule::HeroesHeaderDataSize,
            At::header(Header::FIELD.data_size),
            format_args!("says {} bytes; the file has {len}", h.data_size),
        );
    }
    for (field, count) in [
        (Header::FIELD.num_nodes, h.num_nodes),
        (Header::FIELD.num_polygons, h.num_polygons),
        (Header::FIELD.num_vertices, h.num_vertices),
    ] {
        if usize::from(count) > MAX_COUNT {
            f.error(
                Rule::HeroesHeaderCountReserved,
                At::header(field),
                "0xFFFF is reserved: the game's visited-bitsets and 'none' links use it",
            );
        }
    }
    if h.num_nodes == 0 {
        f.error(
            Rule::HeroesHeaderNoNodes,
            At::header(Header::FIELD.num_nodes),
            "no nodes: the game reads node 0 for every query",
        );
    }
    if h.max_depth > MAX_DEPTH {
        f.error(
            Rule::HeroesHeaderMaxDepth,
            At::header(Header::FIELD.max_depth),
            format_args!(
                "{} is above 15: the game's loader fills nodeHalfLengthEachDepth[1..={}], a 16-entry array, and so \
                 writes past its end (over the octree's other fields)",
                h.max_depth, h.max_depth
            ),
        );
    }
    if !(h.root_length.is_finite() && h.root_length > 0.0) {
        f.error(
            Rule::HeroesHeaderRootLength,
            At::header(Header::FIELD.root_length),
            format_args!("{} is not a positive finite length", h.root_length),
        );
    } else {
        let masked = geom::game_root_length(h.root_length);
        if masked != h.root_length {
            f.warning(
                Rule::HeroesHeaderRootLengthMasked,
                At::header(Header::FIELD.root_length),
                format_args!(
                    "{} (0x{:08x}) becomes {masked} when the game clears its low 12 bits: the game's squares are \
                     smaller than the ones the file's lists were made for",
                    h.root_length,
                    h.root_length.to_bits()
                ),
            );
        }
    }
    if !h.root_center.iter().all(|x| x.is_finite()) {
        f.error(
            Rule::HeroesHeaderRootCenter,
            At::header(Header::FIELD.root_center),
            format_args!("{:?} is not finite", h.root_center),
        );
    }
    for (field, offset, count) in [
        (Header::FIELD.node_offset, h.node_offset, h.num_nodes),
        (Header::FIELD.polygon_offset, h.polygon_offset, h.num_polygons),
        (Header::FIELD.vertex_offset, h.vertex_offset, h.num_vertices),
    ] {
        if count > 0 && offset % 4 != 0 {
            f.note(
                Rule::HeroesHeaderAlignment,
                At::header(field),
                format_args!("offset 0x{offset:x} is not 4-byte aligned"),
            );
        }
    }
}
