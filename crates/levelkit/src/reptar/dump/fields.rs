//! A record's fields in a dump, driven by its table ([`crate::record`]): each field under its model name,
//! numbers as numbers, unknown bytes ([`Form::Bytes`]) as grouped hex (`"00000000 0a0b0c0d 01"`, so
//! offsets can be counted by eye), a record inside a record (a portal's corners) as an object. Each record
//! type's serde `Serialize` and `Deserialize` are here, so the model types that hold records (`Level`,
//! `Room`, `Blob`) derive theirs; the messages are serde's own for a derived struct with
//! `deny_unknown_fields` (`unknown field`, `missing field`, `invalid length`, each at its path).
//!
//! The record layer knows bytes only: a record is encoded, and each field's JSON read from its bytes (and
//! back), so no list of keys or forms is kept here beside the tables.
#![deny(clippy::indexing_slicing)]

use super::super::raw::{
    BoxRecord, Corner, Portal, Quad, RoomRecord, TextureEntry, Triangle, UnusedRecord, Vertex,
};
use crate::bytes::Le;
use crate::dump::{deserialize_array, Numbers, NumbersSeed};
use crate::hex::{decode, encode_grouped, HexError};
use crate::record::{Field, Form, Kind, Record, Value};
use serde::de::{self, DeserializeSeed, Expected, MapAccess, SeqAccess, Unexpected, Visitor};
use serde::ser::{SerializeStruct, SerializeTuple};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Each record type's serde impls, through its table.
macro_rules! through_table {
    ($($record:ty),* $(,)?) => {$(
        impl Serialize for $record {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let bytes = self.encode();
                Fields { name: <$record as Record>::NAME, fields: <$record as Record>::FIELDS, bytes: &bytes }
                    .serialize(s)
            }
        }

        impl<'de> Deserialize<'de> for $record {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let mut bytes = [0u8; <$record as Value>::SIZE];
                FieldsSeed {
                    name: <$record as Record>::NAME,
                    fields: <$record as Record>::FIELDS,
                    names: <$record as Record>::NAMES,
                    out: &mut bytes,
                }
                .deserialize(d)?;
                Ok(<$record as Record>::decode(&bytes))
            }
        }
    )*};
}

through_table!(UnusedRecord, Corner, Portal, BoxRecord, RoomRecord, Vertex, Quad, Triangle, TextureEntry);

/// A record's fields from its bytes, as serde writes a struct.
struct Fields<'a> {
    name: &'static str,
    fields: &'static [Field],
    bytes: &'a [u8],
}

impl Serialize for Fields<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct(self.name, self.fields.len())?;
        for field in self.fields {
            st.serialize_field(
                field.name,
                &FieldJson { field, bytes: field.bytes(self.bytes).unwrap_or(&[]) },
            )?;
        }
        st.end()
    }
}

/// One field from its own bytes.
struct FieldJson<'a> {
    field: &'static Field,
    bytes: &'a [u8],
}

impl Serialize for FieldJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let f = self.field;
        match (f.form, f.kind) {
            (Form::Bytes, _) => s.serialize_str(&encode_grouped(self.bytes)),
            (_, Kind::Record { name, fields, .. }) => {
                let record = |bytes| Fields { name, fields, bytes };
                if f.count == 1 {
                    return record(self.bytes).serialize(s);
                }
                // As serde writes `[T; N]`: a tuple.
                let mut run = s.serialize_tuple(f.count)?;
                for bytes in self.bytes.chunks_exact(f.element_size()) {
                    run.serialize_element(&record(bytes))?;
                }
                run.end()
            }
            // No LEVEL field is a flag word shown in hex: flags are numbers here, as the model's are.
            (Form::Number | Form::Flags, _) => Numbers::<Le>::new(f, self.bytes).serialize(s),
        }
    }
}

/// Reads a record's fields into its bytes, as serde reads a struct with `deny_unknown_fields`.
struct FieldsSeed<'a> {
    name: &'static str,
    fields: &'static [Field],
    names: &'static [&'static str],
    out: &'a mut [u8],
}

impl<'de> DeserializeSeed<'de> for FieldsSeed<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_struct(self.name, self.names, self)
    }
}

impl FieldsSeed<'_> {
    /// Field `i`'s seed, over its bytes.
    fn field<E: de::Error>(&mut self, i: usize) -> Result<FieldSeed<'_>, E> {
        let field = self.fields.get(i).ok_or_else(|| E::custom(format!("{} has no field {i}", self.name)))?;
        let out = field
            .bytes_mut(self.out)
            .ok_or_else(|| E::custom(format!("{}: outside its record", field.name)))?;
        Ok(FieldSeed { field, out })
    }
}

impl<'de> Visitor<'de> for FieldsSeed<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "struct {}", self.name)
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<(), A::Error> {
        // A table has at most a few dozen fields: one bit each for "seen".
        let mut seen = 0u128;
        while let Some(i) = map.next_key_seed(Key { names: self.names })? {
            let bit = 1u128.checked_shl(u32::try_from(i).unwrap_or(u32::MAX)).unwrap_or(0);
            if seen & bit != 0 {
                return Err(de::Error::duplicate_field(self.names.get(i).copied().unwrap_or("?")));
            }
            seen |= bit;
            map.next_value_seed(self.field(i)?)?;
        }
        for (i, name) in self.names.iter().enumerate() {
            if seen & 1u128.checked_shl(u32::try_from(i).unwrap_or(u32::MAX)).unwrap_or(0) == 0 {
                return Err(de::Error::missing_field(name));
            }
        }
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<(), A::Error> {
        let count = self.fields.len();
        for i in 0..count {
            if seq.next_element_seed(self.field(i)?)?.is_none() {
                return Err(de::Error::invalid_length(i, &WithElements { name: self.name, count }));
            }
        }
        Ok(())
    }
}

/// What a struct read from an array expects: `struct Portal with 2 elements`, as serde says it.
struct WithElements {
    name: &'static str,
    count: usize,
}

impl Expected for WithElements {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = if self.count == 1 { "" } else { "s" };
        write!(f, "struct {} with {} element{s}", self.name, self.count)
    }
}

/// A key: the index of the field it names, or an unknown-field error listing the names there are.
struct Key {
    names: &'static [&'static str],
}

impl<'de> DeserializeSeed<'de> for Key {
    type Value = usize;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<usize, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl<'de> Visitor<'de> for Key {
    type Value = usize;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("field identifier")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<usize, E> {
        self.names.iter().position(|n| *n == v).ok_or_else(|| E::unknown_field(v, self.names))
    }

    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<usize, E> {
        self.visit_str(&String::from_utf8_lossy(v))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<usize, E> {
        usize::try_from(v).ok().filter(|&i| i < self.names.len()).ok_or_else(|| {
            let expected = format!("field index 0 <= i < {}", self.names.len());
            E::invalid_value(Unexpected::Unsigned(v), &expected.as_str())
        })
    }
}

/// One field's value into its bytes.
struct FieldSeed<'a> {
    field: &'static Field,
    out: &'a mut [u8],
}

impl<'de> DeserializeSeed<'de> for FieldSeed<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        let f = self.field;
        match (f.form, f.kind) {
            (Form::Bytes, _) => {
                let text = String::deserialize(d)?;
                let bytes = decode(&text).map_err(de::Error::custom)?;
                if bytes.len() != self.out.len() {
                    let e = HexError::Length { expected: self.out.len(), got: bytes.len(), text };
                    return Err(de::Error::custom(e));
                }
                self.out.copy_from_slice(&bytes);
                Ok(())
            }
            (_, Kind::Record { name, fields, names }) => {
                let record = |out| FieldsSeed { name, fields, names, out };
                if f.count == 1 {
                    return record(self.out).deserialize(d);
                }
                deserialize_array(d, f.count, self.out.chunks_exact_mut(f.element_size()).map(record))
            }
            (Form::Number | Form::Flags, _) => NumbersSeed::<Le>::new(f, self.out).deserialize(d),
        }
    }
}
