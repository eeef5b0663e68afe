//! What every format's JSON dump shares: the error reading one fails with, the typed read that names
//! the JSON path of the first key or value that does not fit, and a record field's numbers read from and
//! written to its bytes ([`Numbers`], [`NumbersSeed`]), which both formats' dumps show the number fields
//! of their record tables with (how other fields look is each format's dump's choice).
#![deny(clippy::indexing_slicing)]

use crate::bytes::Endian;
use crate::format::Format;
use crate::json::ExactF32;
use crate::record::{slot, Field, Kind, Value as _};
use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::ser::SerializeTuple;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::marker::PhantomData;

impl DumpError {
    /// Reads `value` as `T`, failing with the JSON path of the first key or value that does not fit
    /// (`rooms[2].geometry_sise: … unknown field`).
    pub(crate) fn read<'de, T: serde::Deserialize<'de>>(
        format: Format,
        value: &'de serde_json::Value,
    ) -> Result<T, DumpError> {
        serde_path_to_error::deserialize(value).map_err(|e| DumpError::Shape {
            format: format.name(),
            path: e.path().to_string(),
            error: e.into_inner(),
        })
    }
}

/// The `format` key of a dump's JSON text, the rest of the text only checked to be JSON: which format's
/// reader is to read it. `None` when the text is not an object with a string `format`.
pub(crate) fn text_format(text: &[u8]) -> Result<Option<String>, DumpError> {
    serde_json::from_slice::<FormatKey>(text).map(|k| k.0).map_err(DumpError::NotJson)
}

/// A JSON value's `format` key, if it is an object that has a string one; every other value skipped.
/// Nested values are read, not ignored, so that serde_json's nesting limit applies as it does to a tree
/// (its ignoring has none, and a text a tree refuses must not pass here).
struct FormatKey(Option<String>);

impl<'de> Deserialize<'de> for FormatKey {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(FormatKeyVisitor)
    }
}

struct FormatKeyVisitor;

impl<'de> Visitor<'de> for FormatKeyVisitor {
    type Value = FormatKey;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<FormatKey, A::Error> {
        let mut format = None;
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            if key == "format" {
                format = map.next_value::<serde_json::Value>()?.as_str().map(str::to_owned);
            } else {
                map.next_value::<FormatKey>()?;
            }
        }
        Ok(FormatKey(format))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<FormatKey, A::Error> {
        while seq.next_element::<FormatKey>()?.is_some() {}
        Ok(FormatKey(None))
    }

    fn visit_bool<E>(self, _: bool) -> Result<FormatKey, E> {
        Ok(FormatKey(None))
    }
    fn visit_i64<E>(self, _: i64) -> Result<FormatKey, E> {
        Ok(FormatKey(None))
    }
    fn visit_u64<E>(self, _: u64) -> Result<FormatKey, E> {
        Ok(FormatKey(None))
    }
    fn visit_f64<E>(self, _: f64) -> Result<FormatKey, E> {
        Ok(FormatKey(None))
    }
    fn visit_str<E>(self, _: &str) -> Result<FormatKey, E> {
        Ok(FormatKey(None))
    }
    fn visit_unit<E>(self) -> Result<FormatKey, E> {
        Ok(FormatKey(None))
    }
}

/// Failure to read a JSON dump.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DumpError {
    /// The dump's text is not JSON (serde's message gives the line and column).
    #[error("not JSON: {0}")]
    NotJson(serde_json::Error),
    /// The dump has no `format` key.
    #[error("the dump has no \"format\" key naming its format")]
    NoFormat,
    #[error("the dump's format {0:?} is not one levelkit knows (heroes-cl, reptar-level)")]
    /// The `format` key names no format levelkit knows.
    UnknownFormat(String),
    // `error`, not `source`: the message already holds it, and a source would be printed twice.
    /// A key or value does not fit the format's dump layout.
    #[error("{path}: the dump does not match the {format} layout: {error}")]
    Shape {
        /// The format's name.
        format: &'static str,
        /// The JSON path of the first key or value that does not fit.
        path: String,
        /// What serde says is wrong there.
        error: serde_json::Error,
    },
    /// The dump has the right shape but values the format cannot hold (message names the path).
    #[error("{0}")]
    Invalid(String),
}

/// A record field's numbers as JSON, read from the field's bytes in byte order `E`: a number for a scalar,
/// an array for a run, floats as [`ExactF32`], each number as serde writes its Rust type. How other fields
/// look (unknown bytes, flag words, records inside records) is each format's dump's choice.
pub struct Numbers<'a, E> {
    field: &'a Field,
    bytes: &'a [u8],
    endian: PhantomData<E>,
}

impl<'a, E: Endian> Numbers<'a, E> {
    /// The numbers of `field`, whose own bytes are `bytes`.
    pub fn new(field: &'a Field, bytes: &'a [u8]) -> Self {
        Numbers { field, bytes, endian: PhantomData }
    }
}

impl<E: Endian> Serialize for Numbers<'_, E> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (kind, width) = (self.field.kind, self.field.element_size());
        if self.field.count == 1 {
            return Number::<E> { kind, bytes: self.bytes, endian: PhantomData }.serialize(s);
        }
        // As serde writes `[T; N]`: a tuple.
        let mut run = s.serialize_tuple(self.field.count)?;
        for k in 0..self.field.count {
            run.serialize_element(&Number::<E> {
                kind,
                bytes: slot(self.bytes, k * width, width),
                endian: PhantomData,
            })?;
        }
        run.end()
    }
}

/// One number of a field.
struct Number<'a, E> {
    kind: Kind,
    bytes: &'a [u8],
    endian: PhantomData<E>,
}

impl<E: Endian> Serialize for Number<'_, E> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let b = self.bytes;
        match self.kind {
            Kind::U8 => s.serialize_u8(u8::read::<E>(b)),
            Kind::U16 => s.serialize_u16(u16::read::<E>(b)),
            Kind::I16 => s.serialize_i16(i16::read::<E>(b)),
            Kind::U32 => s.serialize_u32(u32::read::<E>(b)),
            Kind::I32 => s.serialize_i32(i32::read::<E>(b)),
            Kind::F32 => ExactF32(f32::read::<E>(b)).serialize(s),
            Kind::Record { name, .. } => {
                Err(serde::ser::Error::custom(format!("{name} is a record, not a number")))
            }
        }
    }
}

/// Reads a record field's numbers from JSON, in the form [`Numbers`] writes them, into the field's bytes
/// in byte order `E`. Errors are serde's own for the field's Rust type (`invalid value: integer `70000`,
/// expected u16`, `invalid length 2, expected an array of length 3`).
pub struct NumbersSeed<'a, E> {
    field: &'a Field,
    out: &'a mut [u8],
    endian: PhantomData<E>,
}

impl<'a, E: Endian> NumbersSeed<'a, E> {
    /// Reads into `out`, `field`'s own bytes.
    pub fn new(field: &'a Field, out: &'a mut [u8]) -> Self {
        NumbersSeed { field, out, endian: PhantomData }
    }
}

impl<'de, E: Endian> DeserializeSeed<'de> for NumbersSeed<'_, E> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        let (kind, width) = (self.field.kind, self.field.element_size());
        if self.field.count == 1 {
            return NumberSeed::<E> { kind, out: self.out, endian: PhantomData }.deserialize(d);
        }
        let seeds =
            self.out.chunks_exact_mut(width).map(|out| NumberSeed::<E> { kind, out, endian: PhantomData });
        deserialize_array(d, self.field.count, seeds)
    }
}

/// One number of a field.
struct NumberSeed<'a, E> {
    kind: Kind,
    out: &'a mut [u8],
    endian: PhantomData<E>,
}

impl<'de, E: Endian> DeserializeSeed<'de> for NumberSeed<'_, E> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        let out = self.out;
        match self.kind {
            Kind::U8 => u8::deserialize(d)?.write::<E>(out),
            Kind::U16 => u16::deserialize(d)?.write::<E>(out),
            Kind::I16 => i16::deserialize(d)?.write::<E>(out),
            Kind::U32 => u32::deserialize(d)?.write::<E>(out),
            Kind::I32 => i32::deserialize(d)?.write::<E>(out),
            Kind::F32 => ExactF32::deserialize(d)?.0.write::<E>(out),
            Kind::Record { name, .. } => {
                return Err(serde::de::Error::custom(format!("{name} is a record, not a number")))
            }
        }
        Ok(())
    }
}

/// Reads an array of exactly `count` values, each with the next of `seeds`, as serde reads `[T; N]`
/// (the same errors, so a dump's messages do not depend on how its fields are declared).
pub fn deserialize_array<'de, D, S, I>(d: D, count: usize, seeds: I) -> Result<(), D::Error>
where
    D: Deserializer<'de>,
    S: DeserializeSeed<'de, Value = ()>,
    I: Iterator<Item = S>,
{
    d.deserialize_tuple(count, ArrayVisitor { count, seeds })
}

struct ArrayVisitor<I> {
    count: usize,
    seeds: I,
}

impl<'de, S, I> Visitor<'de> for ArrayVisitor<I>
where
    S: DeserializeSeed<'de, Value = ()>,
    I: Iterator<Item = S>,
{
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "an array of length {}", self.count)
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<(), A::Error> {
        for k in 0..self.count {
            let Some(seed) = self.seeds.next() else { break };
            if seq.next_element_seed(seed)?.is_none() {
                return Err(serde::de::Error::invalid_length(k, &self));
            }
        }
        // Too many: counted here, so that a text reads as its tree does (serde_json's words for it).
        let mut len = self.count;
        while seq.next_element::<IgnoredAny>()?.is_some() {
            len += 1;
        }
        if len != self.count {
            return Err(serde::de::Error::invalid_length(len, &"fewer elements in array"));
        }
        Ok(())
    }
}
