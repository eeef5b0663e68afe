//! A record's fields in a dump, driven by its table ([`crate::record`]): each field under its game name,
//! in the form its [`Form`] calls for:
//! - numbers as numbers, floats bit-exact ([`ExactF32`](crate::json::ExactF32)), runs as arrays; the key
//!   is required;
//! - reserved bytes ([`Form::Bytes`]) as hex, shown only when not all zero; absent means zero;
//! - the attribute ([`Form::Flags`]) as 8 hex digits in file byte order; a number, or a surface id such
//!   as `"wall"`, is accepted too.
//!
//! The record layer knows bytes only: a record is encoded, and each field's JSON made from its bytes here
//! (and read back into them by `super::read`, in the same forms), so no list of keys or forms is kept
//! beside the tables.
#![deny(clippy::indexing_slicing)]

use crate::bytes::Be;
use crate::dump::{DumpError, Numbers};
use crate::heroes::flags;
use crate::hex::HexError;
use crate::record::{Field, Form, Kind, Value as _};
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use std::fmt;

/// A record's object in a dump: its fields (reserved bytes only when not all zero) and the dump's keys
/// beside them, in the order of a `serde_json::Map`'s keys (sorted), so that the text written straight and
/// a tree of it print alike.
pub(super) struct RecordView<B> {
    fields: &'static [Field],
    /// The record's bytes, as encoded.
    bytes: B,
    extra: Vec<(&'static str, Extra)>,
}

/// A dump key beside a record's fields (a node's `list`, a triangle's `surface`).
pub(super) enum Extra {
    List(Vec<u16>),
    Text(String),
    Number(u64),
}

impl<B: AsRef<[u8]>> RecordView<B> {
    pub(super) fn new(fields: &'static [Field], bytes: B, extra: Vec<(&'static str, Extra)>) -> Self {
        RecordView { fields, bytes, extra }
    }
}

impl<B: AsRef<[u8]>> Serialize for RecordView<B> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let bytes = self.bytes.as_ref();
        let fields = self.fields.iter().filter_map(|f| {
            let b = f.bytes(bytes)?;
            // Reserved bytes that are all zero are left out (absent means zero).
            let shown = f.form != Form::Bytes || b.iter().any(|&x| x != 0);
            shown.then_some((f.name, Entry::Field(f, b)))
        });
        let mut entries: Vec<(&str, Entry<'_>)> =
            fields.chain(self.extra.iter().map(|(key, e)| (*key, Entry::Extra(e)))).collect();
        entries.sort_unstable_by_key(|&(key, _)| key);
        let mut map = s.serialize_map(Some(entries.len()))?;
        for (key, entry) in &entries {
            map.serialize_entry(key, entry)?;
        }
        map.end()
    }
}

enum Entry<'a> {
    Field(&'a Field, &'a [u8]),
    Extra(&'a Extra),
}

impl Serialize for Entry<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (f, b) = match self {
            Entry::Extra(Extra::List(list)) => return list.serialize(s),
            Entry::Extra(Extra::Text(text)) => return s.serialize_str(text),
            Entry::Extra(Extra::Number(n)) => return s.serialize_u64(*n),
            Entry::Field(f, b) => (f, b),
        };
        match (f.form, f.kind) {
            (Form::Bytes, _) => s.serialize_str(&hex(b)),
            // The one flag word of a `.cl` record is the u32 attribute: 8 digits, as `flags` names it everywhere.
            (Form::Flags, _) => s.serialize_str(&flags::hex(u32::read::<Be>(b))),
            (Form::Number, Kind::Record { fields, .. }) => {
                let object = |b: &[u8]| RecordView::new(fields, b.to_vec(), Vec::new());
                match f.count {
                    1 => RecordView::new(fields, *b, Vec::new()).serialize(s),
                    _ => s.collect_seq(b.chunks_exact(f.element_size()).map(object)),
                }
            }
            (Form::Number, _) => Numbers::<Be>::new(f, b).serialize(s),
        }
    }
}

/// An attribute written as text: hex digits (`00000100`, `0x100`) or a surface id (`wall`, any case).
pub(super) fn attribute_text(text: &str) -> Option<u32> {
    let t = text.trim();
    let digits = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")).unwrap_or(t);
    if !digits.is_empty() && digits.len() <= 8 && digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return u32::from_str_radix(digits, 16).ok();
    }
    flags::SURFACES.iter().find(|s| s.id.eq_ignore_ascii_case(t)).map(|s| s.attribute)
}

/// Every surface id, for messages.
pub(super) fn surface_ids() -> String {
    flags::SURFACES.iter().map(|s| s.id).collect::<Vec<_>>().join(", ")
}

/// A record's place in a dump, `nodes[12]`: written out only in an error.
pub(super) struct Item(pub &'static str, pub usize);

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}[{}]", self.0, self.1)
    }
}

pub(super) fn shape(path: String, error: serde_json::Error) -> DumpError {
    DumpError::Shape { format: crate::format::Format::HeroesCl.name(), path, error }
}

pub(super) fn hex(bytes: &[u8]) -> String {
    crate::hex::encode(bytes)
}

/// [`crate::hex::decode`], its error naming the field rather than quoting the (maybe megabytes of) text.
pub(super) fn unhex(text: &str, what: &str) -> Result<Vec<u8>, DumpError> {
    crate::hex::decode(text).map_err(|e| {
        DumpError::Invalid(match e {
            HexError::NotHex { digit, .. } => format!("{what}: {digit:?} is not hex"),
            HexError::OddDigits { .. } => format!("{what}: odd number of hex digits"),
            other @ HexError::Length { .. } => format!("{what}: {other}"),
        })
    })
}
