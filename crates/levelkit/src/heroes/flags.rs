//! Surface names for the `.cl` triangle attribute.
//!
//! No public source is authoritative about what the game does with the attribute (callers interpret it
//! through callbacks), so levelkit keeps the u32 opaque and only *names* the values the community uses
//! (the seed page's list, and the names HeroesPowerPlant's letter codes give: [`LETTER_CODES`]). Hex text of an attribute is its 4 bytes in file order (`0x00000100` is
//! `00 00 01 00` at triangle offset 0x18), which is what group-name suffixes such as `wall_00000100` carry.

/// A named surface type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Surface {
    /// The attribute value.
    pub attribute: u32,
    /// A short identifier, usable in group and material names.
    pub id: &'static str,
    /// A readable label.
    pub label: &'static str,
    /// A display colour (sRGB).
    pub colour: [u8; 3],
}

/// The attribute values the community names, as constants (the ids of [`SURFACES`] in capitals): a
/// triangle's surface is `attribute: surface::WALL`, never a bare number.
pub mod surface {
    /// Floor (`floor`, 0x00000000).
    pub const FLOOR: u32 = 0x0000_0000;
    /// Floor (grass offroad) (`grass_offroad`, 0x00000001).
    pub const GRASS_OFFROAD: u32 = 0x0000_0001;
    /// Water boundary (`water`, 0x00000002).
    pub const WATER: u32 = 0x0000_0002;
    /// Floor (sand) (`sand`, 0x00000010).
    pub const SAND: u32 = 0x0000_0010;
    /// Floor (grass road) (`grass_road`, 0x00000020).
    pub const GRASS_ROAD: u32 = 0x0000_0020;
    /// Floor (rock) (`rock_floor`, 0x00000080).
    pub const ROCK_FLOOR: u32 = 0x0000_0080;
    /// Wall (`wall`, 0x00000100).
    pub const WALL: u32 = 0x0000_0100;
    /// Wall (rock) (`rock_wall`, 0x00000180).
    pub const ROCK_WALL: u32 = 0x0000_0180;
    /// Floor (carpet staircase) (`carpet_stairs`, 0x00000400).
    pub const CARPET_STAIRS: u32 = 0x0000_0400;
    /// Wall (invisible barrier) (`invisible_barrier`, 0x00008000).
    pub const INVISIBLE_BARRIER: u32 = 0x0000_8000;
    /// Death boundary (`death`, 0x00010000).
    pub const DEATH: u32 = 0x0001_0000;
    /// Wall (pinball table, bingo slide) (`pinball_wall`, 0x00040080).
    pub const PINBALL_WALL: u32 = 0x0004_0080;
    /// Slippery (`slippery`, 0x00040000): HeroesPowerPlant's `_l`.
    pub const SLIPPERY: u32 = 0x0004_0000;
    /// Triangle jump (`triangle_jump`, 0x00080000): HeroesPowerPlant's `_t`.
    pub const TRIANGLE_JUMP: u32 = 0x0008_0000;
    /// The old name of [`TRIANGLE_JUMP`] (levelkit called 0x00080000 an unnamed wall before it followed
    /// HeroesPowerPlant's letter codes).
    #[deprecated(note = "use surface::TRIANGLE_JUMP (HeroesPowerPlant's `_t`)")]
    pub const WALL_80000: u32 = TRIANGLE_JUMP;
    /// Bingo slide (`bingo_slide`, 0x40000000).
    pub const BINGO_SLIDE: u32 = 0x4000_0000;
    /// Pinball table (`pinball_table`, 0x80000000).
    pub const PINBALL_TABLE: u32 = 0x8000_0000;
}

/// The community's names: the seed page's, in its order, and HeroesPowerPlant's letter codes' where the
/// seed page names nothing (slippery, triangle jump).
pub const SURFACES: &[Surface] = &[
    Surface { attribute: surface::FLOOR, id: "floor", label: "Floor", colour: [170, 170, 170] },
    Surface {
        attribute: surface::GRASS_OFFROAD,
        id: "grass_offroad",
        label: "Floor (grass offroad)",
        colour: [60, 140, 40],
    },
    Surface { attribute: surface::WATER, id: "water", label: "Water boundary", colour: [40, 110, 220] },
    Surface { attribute: surface::SAND, id: "sand", label: "Floor (sand)", colour: [220, 200, 120] },
    Surface {
        attribute: surface::GRASS_ROAD,
        id: "grass_road",
        label: "Floor (grass road)",
        colour: [110, 190, 70],
    },
    Surface {
        attribute: surface::ROCK_FLOOR,
        id: "rock_floor",
        label: "Floor (rock)",
        colour: [140, 110, 80],
    },
    Surface { attribute: surface::WALL, id: "wall", label: "Wall", colour: [200, 90, 60] },
    Surface { attribute: surface::ROCK_WALL, id: "rock_wall", label: "Wall (rock)", colour: [150, 80, 50] },
    Surface {
        attribute: surface::CARPET_STAIRS,
        id: "carpet_stairs",
        label: "Floor (carpet staircase)",
        colour: [170, 60, 120],
    },
    Surface {
        attribute: surface::INVISIBLE_BARRIER,
        id: "invisible_barrier",
        label: "Wall (invisible barrier)",
        colour: [120, 220, 220],
    },
    Surface { attribute: surface::DEATH, id: "death", label: "Death boundary", colour: [220, 30, 30] },
    Surface {
        attribute: surface::PINBALL_WALL,
        id: "pinball_wall",
        label: "Wall (pinball table, bingo slide)",
        colour: [230, 150, 30],
    },
    // The two flags HeroesPowerPlant's OBJ import names by letter and the seed page does not: `_l`
    // "slippery" sets 0x04 in the attribute's second byte (0x00040000), `_t` "triangle jump" 0x08
    // (0x00080000) (igorseabra4/HeroesPowerPlant, HeroesPowerPlant/CollisionEditor/CollisionFunctions.cs,
    // ReadOBJFile).
    Surface { attribute: surface::SLIPPERY, id: "slippery", label: "Slippery", colour: [150, 210, 240] },
    Surface {
        attribute: surface::TRIANGLE_JUMP,
        id: "triangle_jump",
        label: "Triangle jump",
        colour: [180, 110, 90],
    },
    Surface {
        attribute: surface::BINGO_SLIDE,
        id: "bingo_slide",
        label: "Bingo slide",
        colour: [240, 220, 40],
    },
    Surface {
        attribute: surface::PINBALL_TABLE,
        id: "pinball_table",
        label: "Pinball table",
        colour: [160, 40, 200],
    },
];

/// The named surface of an attribute value, if the community names it.
pub fn surface(attribute: u32) -> Option<&'static Surface> {
    SURFACES.iter().find(|s| s.attribute == attribute)
}

/// The identifier of an attribute: its surface id, or `unknown` for values nobody has named.
pub fn surface_id(attribute: u32) -> &'static str {
    surface(attribute).map_or("unknown", |s| s.id)
}

/// A display colour for any attribute; unnamed values get a stable colour derived from their bits.
pub fn colour(attribute: u32) -> [u8; 3] {
    match surface(attribute) {
        Some(s) => s.colour,
        None => {
            let h = attribute.wrapping_mul(0x9E37_79B1).rotate_left(13) ^ 0x5bd1_e995;
            let [a, b, c, _] = h.to_le_bytes();
            [64 + a / 2, 64 + b / 2, 64 + c / 2]
        }
    }
}

/// The 8 hex digits of an attribute, its 4 bytes in file order.
pub fn hex(attribute: u32) -> String {
    format!("{attribute:08X}")
}

/// A group or material name for an attribute: `NAME_XXXXXXXX`, the naming the community's editor reads.
pub fn group_name(attribute: u32) -> String {
    format!("{}_{}", surface_id(attribute), hex(attribute))
}

/// HeroesPowerPlant's one-letter group-name codes (`mesh_x` is a death plane), in the order it tests
/// them: the first letter of this list found in the suffix decides.
pub const LETTER_CODES: &[(char, u32, &str)] = &[
    ('b', surface::BINGO_SLIDE, "bingo slide"),
    ('p', surface::PINBALL_TABLE, "pinball table"),
    ('x', surface::DEATH, "death"),
    ('l', surface::SLIPPERY, "slippery"),
    ('t', surface::TRIANGLE_JUMP, "triangle jump"),
    ('w', surface::WALL, "wall"),
    ('s', surface::CARPET_STAIRS, "stairs"),
    ('k', surface::INVISIBLE_BARRIER, "barrier"),
    // The seed page names 0x180 rock wall, HeroesPowerPlant's `_i` invisible wall: the same value, each
    // source's word kept (neither says what the game does with it).
    ('i', surface::ROCK_WALL, "invisible wall"),
    ('a', surface::WATER, "water"),
];

/// The attribute of a HeroesPowerPlant letter-code suffix: 1 to 3 letters, all codes (`x`, `wa`).
fn attribute_from_letters(suffix: &str) -> Option<u32> {
    let code = |c: char| c.to_ascii_lowercase();
    if !(1..=3).contains(&suffix.len())
        || !suffix.chars().all(|c| LETTER_CODES.iter().any(|(l, _, _)| *l == code(c)))
    {
        return None;
    }
    LETTER_CODES.iter().find(|(l, _, _)| suffix.chars().any(|c| code(c) == *l)).map(|(_, a, _)| *a)
}

/// The value of `0x` followed by 1 to 8 hex digits (`0x100`, `0X00010000`).
fn hex_flags(text: &str) -> Option<u32> {
    let digits = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X"))?;
    if !(1..=8).contains(&digits.len()) || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u32::from_str_radix(digits, 16).ok()
}

/// The attribute a group or material name carries ([`VOCABULARY`] says it for people):
/// - hex flags: the whole name, or its last `_`-separated part, is `0x` and 1 to 8 hex digits
///   (`0x8000`, `lava_0x10000`);
/// - a trailing `_XXXXXXXX` (8 hex digits, the attribute's bytes in file order: HeroesPowerPlant's
///   convention, and what levelkit's exports write);
/// - a HeroesPowerPlant letter-code suffix (`_x`, `_w`, see [`LETTER_CODES`]);
/// - a readable surface name (`wall`, `death`, `water`, `Death boundary`, …) as the whole name or a run
///   of its `_`/`.`/space-separated words, or a common word for one (`kill`, `ground`, …).
///
/// `None` when the name says nothing (`Material.001`, `lava_surface`): the caller decides, and says so.
pub fn attribute_from_name(name: &str) -> Option<u32> {
    let trimmed = name.trim();
    if let Some(a) = hex_flags(trimmed) {
        return Some(a);
    }
    if let Some((_, suffix)) = trimmed.rsplit_once('_') {
        if let Some(a) = hex_flags(suffix) {
            return Some(a);
        }
        if suffix.len() == 8 && suffix.bytes().all(|b| b.is_ascii_hexdigit()) {
            return u32::from_str_radix(suffix, 16).ok();
        }
        if let Some(a) = attribute_from_letters(suffix) {
            return Some(a);
        }
    }
    let norm: String = trimmed
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' })
        .collect();
    let norm = norm.trim_matches('_');
    let by_id = |id: &str| SURFACES.iter().find(|s| s.id == id).map(|s| s.attribute);
    if let Some(a) = by_id(norm) {
        return Some(a);
    }
    // Ids levelkit gave before, still read: names written by its earlier exports.
    if let Some((_, a)) = FORMER_IDS.iter().find(|(id, _)| *id == norm) {
        return Some(*a);
    }
    let words: Vec<&str> = norm.split('_').filter(|w| !w.is_empty()).collect();
    if let Some(s) = SURFACES.iter().find(|s| same_words(s.label, &words)) {
        return Some(s.attribute);
    }
    let in_words = |s: &&Surface| (0..words.len()).any(|i| id_starts(s.id, words.get(i..).unwrap_or(&[])));
    // The longest surface id among the words (so `rock_wall` beats `wall`); of two as long, the first in
    // the table.
    let longest = SURFACES.iter().filter(in_words).fold(None::<&Surface>, |best, s| match best {
        Some(b) if b.id.len() >= s.id.len() => Some(b),
        _ => Some(s),
    });
    if let Some(s) = longest {
        return Some(s.attribute);
    }
    // Common single words for a surface.
    let aliases: &[(&str, &str)] = &[
        ("kill", "death"),
        ("deathplane", "death"),
        ("death", "death"),
        ("water", "water"),
        ("barrier", "invisible_barrier"),
        ("invisible", "invisible_barrier"),
        ("sand", "sand"),
        ("carpet", "carpet_stairs"),
        ("stairs", "carpet_stairs"),
        ("pinball", "pinball_table"),
        ("bingo", "bingo_slide"),
        ("wall", "wall"),
        ("floor", "floor"),
        ("ground", "floor"),
    ];
    for (alias, id) in aliases {
        if words.contains(alias) {
            return by_id(id);
        }
    }
    None
}

/// Whether `words` begin with the `_`-separated parts of surface id `id` (`rock_wall`: `rock`, `wall`).
fn id_starts(id: &str, words: &[&str]) -> bool {
    let mut rest = id;
    for word in words {
        match rest.strip_prefix(word) {
            Some("") => return true,
            Some(after) => match after.strip_prefix('_') {
                Some(next) => rest = next,
                None => return false,
            },
            None => return false,
        }
    }
    false
}

/// Whether `text`'s words (runs of ASCII letters and digits) are `words` (lower case), any case: a
/// surface's label (`Death boundary`) against a name's words (`death`, `boundary`), without allocating.
fn same_words(text: &str, words: &[&str]) -> bool {
    let mut theirs = text.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty());
    let mut ours = words.iter();
    loop {
        match (theirs.next(), ours.next()) {
            (None, None) => return true,
            (Some(a), Some(b)) if a.eq_ignore_ascii_case(b) => {}
            _ => return false,
        }
    }
}

/// Surface ids levelkit used before, and the attribute each named.
const FORMER_IDS: &[(&str, u32)] = &[("wall_80000", surface::TRIANGLE_JUMP)];

/// What a group or material name, or an attribute option, may say: the one description every front end
/// prints when a name says nothing ([`attribute_from_name`]) or an attribute is not understood
/// ([`parse_attribute`]).
pub const VOCABULARY: &str =
    "a surface name (floor, grass_offroad, water, sand, grass_road, rock_floor, wall, rock_wall, \
     carpet_stairs, invisible_barrier, death, pinball_wall, slippery, triangle_jump, bingo_slide, \
     pinball_table; or a word such as kill, ground, barrier, stairs), hex flags (0x100, or a name ending in \
     _0x100), a name ending in _XXXXXXXX (8 hex digits, the attribute's bytes in file order: \
     HeroesPowerPlant's and levelkit's group names, e.g. wall_00000100), or a HeroesPowerPlant letter code \
     after the last _ (_b bingo slide, _p pinball table, _x death, _l slippery, _t triangle jump, _w wall, \
     _s stairs, _k barrier, _i invisible wall, _a water: Cube_w)";

/// An attribute given as an option (`--attribute`, a dump's `"attribute"`, Python's `attribute=`):
/// `0x` hex (`0x100`), a decimal number (`256`), or anything a name may say ([`attribute_from_name`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not an attribute: give {VOCABULARY}, or a decimal number (256)")]
#[non_exhaustive]
pub struct UnknownAttribute {
    /// What was given.
    pub text: String,
}

/// The attribute `text` names (see [`UnknownAttribute`] for what it may be).
pub fn parse_attribute(text: &str) -> Result<u32, UnknownAttribute> {
    let s = text.trim();
    let number = match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(_) => hex_flags(s),
        None => s.parse::<u32>().ok(),
    };
    number.or_else(|| attribute_from_name(s)).ok_or_else(|| UnknownAttribute { text: text.to_string() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_through_group_names() {
        for s in SURFACES {
            assert_eq!(attribute_from_name(&group_name(s.attribute)), Some(s.attribute), "{}", s.id);
            assert_eq!(attribute_from_name(s.id), Some(s.attribute), "{}", s.id);
            assert_eq!(attribute_from_name(s.label), Some(s.attribute), "{}", s.label);
        }
        assert_eq!(group_name(0x100), "wall_00000100");
        assert_eq!(attribute_from_name("mesh0003_00010000"), Some(0x0001_0000));
        assert_eq!(attribute_from_name("unknown_12345678"), Some(0x1234_5678));
        assert_eq!(attribute_from_name("Cliff Rock Wall"), Some(0x180));
        assert_eq!(attribute_from_name("lava.kill"), Some(0x0001_0000));
        assert_eq!(attribute_from_name("Material.001"), None);
        // HeroesPowerPlant letter codes, in its priority order.
        assert_eq!(attribute_from_name("mesh_x"), Some(0x0001_0000));
        assert_eq!(attribute_from_name("Cube_w"), Some(0x100));
        assert_eq!(attribute_from_name("pit_xw"), Some(0x0001_0000));
        assert_eq!(attribute_from_name("slide_B"), Some(0x4000_0000));
        assert_eq!(attribute_from_name("lake_a"), Some(0x2));
        assert_eq!(attribute_from_name("glass_i"), Some(0x180));
        assert_eq!(attribute_from_name("ice_l"), Some(0x0004_0000));
        // Whole words are not letter codes.
        assert_eq!(attribute_from_name("rock_wall"), Some(0x180));
        // The longest surface id among the words: `rock_wall` inside the name, not `wall`.
        assert_eq!(attribute_from_name("cave rock wall 2"), Some(0x180));
        assert_eq!(attribute_from_name("wall of pinball_wall"), Some(surface::PINBALL_WALL));
        assert_eq!(attribute_from_name("big_sand"), Some(0x10));
        assert_eq!(surface_id(0xDEAD_BEEF), "unknown");
        assert_eq!(colour(0xDEAD_BEEF), colour(0xDEAD_BEEF));
    }

    #[test]
    fn hex_flags_and_options_name_attributes_and_unknown_names_say_nothing() {
        assert_eq!(attribute_from_name("0x100"), Some(0x100));
        assert_eq!(attribute_from_name("lava_0x10000"), Some(0x0001_0000));
        assert_eq!(attribute_from_name("0x123456789"), None);
        assert_eq!(attribute_from_name("lava_surface"), None);
        assert_eq!(attribute_from_name("Material.001"), None);
        assert_eq!(attribute_from_name("lava"), None);
        assert_eq!(parse_attribute("0x8000"), Ok(0x8000));
        assert_eq!(parse_attribute("256"), Ok(256));
        assert_eq!(parse_attribute("wall"), Ok(0x100));
        assert_eq!(parse_attribute("Death boundary"), Ok(0x0001_0000));
        assert_eq!(parse_attribute("wall_00000180"), Ok(0x180));
        let e = parse_attribute("lava").unwrap_err();
        assert!(e.to_string().starts_with("'lava' is not an attribute: give a surface name (floor, "), "{e}");
        assert!(e.to_string().contains("HeroesPowerPlant letter code"), "{e}");
        assert!(parse_attribute("0xZZ").is_err());
        assert!(parse_attribute("4294967296").is_err());
        // Every surface id the vocabulary lists is one, and every one is listed.
        for s in SURFACES {
            assert!(
                VOCABULARY.contains(&format!(" {},", s.id))
                    || VOCABULARY.contains(&format!(" {};", s.id))
                    || VOCABULARY.contains(&format!("({},", s.id)),
                "{}",
                s.id
            );
        }
    }

    #[test]
    fn every_letter_code_names_a_surface_and_slippery_and_triangle_jump_are_named() {
        for (letter, attribute, what) in LETTER_CODES {
            assert!(
                surface(*attribute).is_some(),
                "_{letter} {what} 0x{attribute:08X} has no name in SURFACES"
            );
        }
        assert_eq!(group_name(0x0004_0000), "slippery_00040000");
        assert_eq!(group_name(0x0008_0000), "triangle_jump_00080000");
        assert_eq!(attribute_from_name("slippery"), Some(surface::SLIPPERY));
        assert_eq!(attribute_from_name("Triangle jump"), Some(surface::TRIANGLE_JUMP));
        // The vocabulary every front end prints says each letter code as LETTER_CODES does.
        for (letter, _, what) in LETTER_CODES {
            assert!(VOCABULARY.contains(&format!("_{letter} {what}")), "_{letter} {what}");
        }
        // The id levelkit gave 0x00080000 before still reads.
        assert_eq!(attribute_from_name("wall_80000"), Some(surface::TRIANGLE_JUMP));
    }

    #[test]
    fn ids_are_unique() {
        for (i, a) in SURFACES.iter().enumerate() {
            for b in &SURFACES[i + 1..] {
                assert_ne!(a.id, b.id);
                assert_ne!(a.attribute, b.attribute);
            }
        }
    }
}
