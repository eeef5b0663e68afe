//! The lossless JSON dump (`levelkit dump` / `pack`): every field of the model, unknown bytes as grouped
//! hex strings.
//!
//! What is authoritative when a dump is packed (possibly after editing):
//! - the lists themselves: their lengths give every section count, blob length, vertex count, `faces_at`
//!   (header + vertices + `gap`), face section count and byte list count; none of these is in the dump;
//! - the room record's own fields as written, including `portal_count` and `box_count` (which hand the
//!   file's portals and 24-byte records out to rooms in turn) and the run-time fields;
//! - `geometry_size` as written, unless it is `"auto"` or null (or missing): then it is the real length of
//!   the room's geometry section;
//! - `pad`: its bytes as written, zero-extended to the length the byte lists need, or cut to it when the
//!   bytes cut are zeros (cutting others is an error naming them);
//! - `byte_list.stored`.
//!
//! No key is ignored. The keys that only explain are checked against what they explain, and an error names
//! both values when they disagree:
//! - `byte_list.kept` (the stored bytes less one, as the game keeps them) must be what `stored` gives;
//! - `layout` (every section's file offset, and each blob's offset, length, vertex count and `faces_at`) is
//!   derived from the lists: it must be the layout of the file being packed; after editing the lists,
//!   remove it (or set it to null);
//! - `about` is the dump's own note to its reader: any text.
//!
//! Each record's fields (`portals`, `rooms[i].record`, vertices, faces, textures) are read and written
//! through its table (`fields`): the same keys, forms and messages for every record.
#![deny(clippy::indexing_slicing)]

mod fields;

use super::*;
use crate::dump::DumpError;
use serde::ser::SerializeStruct;
use serde::{Deserializer, Serializer};

impl Serialize for ByteList {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("ByteList", 2)?;
        st.serialize_field("stored", &self.stored)?;
        st.serialize_field("kept", &self.kept())?;
        st.end()
    }
}

/// A byte list as dumped: `kept` is shown for reading and ignored.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ByteListDump {
    stored: Vec<u8>,
    #[serde(default)]
    kept: Option<Vec<u8>>,
}

impl TryFrom<ByteListDump> for ByteList {
    type Error = String;
    fn try_from(d: ByteListDump) -> Result<ByteList, String> {
        let list = ByteList { stored: d.stored };
        match d.kept {
            Some(kept) if kept != list.kept() => Err(format!(
                "kept is {kept:?} but stored {:?} gives {:?} (each stored byte less one); edit stored, and \
                 remove kept or make it agree",
                list.stored,
                list.kept()
            )),
            _ => Ok(list),
        }
    }
}

/// A whole dump: [`Level`]'s fields, the `format` key and the informational `layout` and `about`. Any other
/// key is refused with its path (a mistyped `geometry_sise` must not quietly become `"auto"`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Dump {
    format: String,
    #[serde(default)]
    layout: Option<serde_json::Value>,
    #[serde(default, rename = "about")]
    _about: Option<String>,
    #[serde(default)]
    unused: Vec<UnusedRecord>,
    portals: Vec<Portal>,
    #[serde(default)]
    boxes: Vec<BoxRecord>,
    rooms: Vec<Room>,
    #[serde(with = "hex::vec", default)]
    pad: Vec<u8>,
    textures: Vec<TextureEntry>,
    #[serde(with = "hex::vec", default)]
    trailing: Vec<u8>,
}

/// `geometry_size`: a number, or `"auto"` / null for the real length (fixed up after reading).
pub(super) fn size_or_auto<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Repr {
        Num(u32),
        Str(String),
        Null(()),
    }
    match Repr::deserialize(d)? {
        Repr::Num(n) => Ok(n),
        Repr::Str(s) if s == "auto" => Ok(0),
        Repr::Null(()) => Ok(0),
        Repr::Str(s) => {
            Err(serde::de::Error::custom(format!("geometry_size must be a u32 or \"auto\", got {s:?}")))
        }
    }
}

fn is_auto(room: &serde_json::Value) -> bool {
    match room.get("geometry_size") {
        None | Some(serde_json::Value::Null) => true,
        Some(serde_json::Value::String(s)) => s == "auto",
        _ => false,
    }
}

impl Level {
    /// Every field as JSON; [`Level::from_dump`] of it gives the same bytes back.
    pub fn to_dump(&self) -> serde_json::Value {
        let mut value = serde_json::to_value(self).unwrap_or(serde_json::Value::Null);
        if let Some(map) = value.as_object_mut() {
            map.insert("format".into(), crate::format::Format::ReptarLevel.name().into());
            map.insert("layout".into(), self.layout_json());
            map.insert(
                "about".into(),
                "Rugrats: Search for Reptar LEVELnn.BIN. Counts, blob lengths and faces_at come from the lists; \
                 room portal_count/box_count and geometry_size are kept as written (geometry_size \"auto\" = \
                 real length); byte_list.kept and layout (file offsets and derived counts) are informational; \
                 unknown bytes are hex."
                    .into(),
            );
        }
        value
    }

    /// File offsets and derived counts, for people reading a dump next to a hex view.
    fn layout_json(&self) -> serde_json::Value {
        let Ok(layout) = self.layout() else { return serde_json::Value::Null };
        let rooms: Vec<serde_json::Value> = self
            .rooms
            .iter()
            .zip(&layout.geometry)
            .map(|(room, &at)| {
                let mut blob_at = at + 4 + 4 * room.blobs.len();
                let blobs: Vec<serde_json::Value> = room
                    .blobs
                    .iter()
                    .map(|b| {
                        let v = serde_json::json!({
                            "at": blob_at,
                            "len": b.len(),
                            "vertices": b.vertices.len(),
                            "faces_at": b.faces_at(),
                        });
                        blob_at += b.len();
                        v
                    })
                    .collect();
                serde_json::json!({ "geometry_at": at, "geometry_len": room.geometry_len(), "blobs": blobs })
            })
            .collect();
        serde_json::json!({
            "portals": layout.portals,
            "boxes": layout.boxes,
            "rooms_at": layout.rooms,
            "byte_lists": layout.byte_lists,
            "pad": layout.pad,
            "sizes": layout.sizes,
            "rooms": rooms,
            "textures": layout.textures,
            "trailing": layout.trailing,
            "end": layout.end,
        })
    }

    /// Reads a dump made by [`Level::to_dump`], possibly edited (see the module docs for which fields are
    /// authoritative).
    pub fn from_dump(value: &serde_json::Value) -> Result<Level, DumpError> {
        let format = crate::format::Format::ReptarLevel;
        let d: Dump = DumpError::read(format, value)?;
        if d.format != format.name() {
            return Err(DumpError::Invalid(format!("format is {:?}, not {:?}", d.format, format.name())));
        }
        let Dump { unused, portals, boxes, rooms, pad, textures, trailing, layout, .. } = d;
        let mut level = Level { unused, portals, boxes, rooms, pad, textures, trailing };
        let needed = level.pad_len_needed();
        if let Some(cut) = level.pad.get(needed..).filter(|cut| cut.iter().any(|&b| b != 0)) {
            return Err(DumpError::Invalid(format!(
                "pad: {} bytes, but the byte lists need {needed}; the bytes past them ({}) are not zero and \
                 would be lost",
                level.pad.len(),
                crate::hex::encode_grouped(cut)
            )));
        }
        let auto: Vec<bool> = value
            .get("rooms")
            .and_then(|r| r.as_array())
            .map(|rooms| rooms.iter().map(is_auto).collect())
            .unwrap_or_default();
        level.fix_layout(false);
        for (room, auto) in level.rooms.iter_mut().zip(auto) {
            if auto {
                room.geometry_size = u32::try_from(room.geometry_len()).map_err(|_| {
                    DumpError::Invalid(format!(
                        "a room's geometry is {} bytes, over 4 GiB",
                        room.geometry_len()
                    ))
                })?;
            }
        }
        if let Some(said) = layout.filter(|l| !l.is_null()) {
            let computed = level.layout_json();
            if !computed.is_null() {
                if let Some((path, said, computed)) = first_difference("layout", &said, &computed) {
                    return Err(DumpError::Invalid(format!(
                        "{path}: the dump says {said}, the file will have {computed}; \"layout\" only explains \
                         where the lists put things: after editing them, remove it (or set it to null)"
                    )));
                }
            }
        }
        Ok(level)
    }
}

/// The first place `said` and `computed` differ, as a JSON path with both values.
fn first_difference(
    path: &str,
    said: &serde_json::Value,
    computed: &serde_json::Value,
) -> Option<(String, String, String)> {
    use serde_json::Value;
    match (said, computed) {
        (Value::Object(a), Value::Object(b)) => {
            let keys: std::collections::BTreeSet<&String> = a.keys().chain(b.keys()).collect();
            keys.into_iter().find_map(|k| {
                let here = format!("{path}.{k}");
                match (a.get(k), b.get(k)) {
                    (Some(x), Some(y)) => first_difference(&here, x, y),
                    (x, y) => Some((here, show(x), show(y))),
                }
            })
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => a
            .iter()
            .zip(b)
            .enumerate()
            .find_map(|(i, (x, y))| first_difference(&format!("{path}[{i}]"), x, y)),
        (Value::Array(a), Value::Array(b)) => {
            Some((path.to_string(), format!("{} entries", a.len()), format!("{} entries", b.len())))
        }
        (a, b) if a == b => None,
        (a, b) => Some((path.to_string(), a.to_string(), b.to_string())),
    }
}

fn show(v: Option<&serde_json::Value>) -> String {
    v.map_or_else(|| "nothing".to_string(), serde_json::Value::to_string)
}
