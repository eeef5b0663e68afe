//! A record's fields in a dump, driven by its table ([`crate::record`]): each field under its game name,
//! in the form its [`Form`] calls for:
//! - numbers as numbers, floats bit-exact ([`ExactF32`](crate::json::ExactF32)), runs as arrays; the key
//!   is required;
//! - reserved bytes ([`Form::Bytes`]) as hex, shown only when not all zero; absent means zero;
//! - the attribute ([`Form::Flags`]) as 8 hex digits in file byte order; a number, or a surface id such
//!   as `"wall"`, is accepted too.
//!
//! The record layer knows bytes only: a record is encoded, and each field's JSON read from its bytes (and
//! back), so no list of keys or forms is kept here beside the tables.
#![deny(clippy::indexing_slicing)]

use crate::bytes::Be;
use crate::dump::{DumpError, Numbers, NumbersSeed};
use crate::heroes::flags;
use crate::hex::HexError;
use crate::record::{Field, Form, Kind, Record, Value as _};
use serde::de::DeserializeSeed;
use serde::Deserialize;
use serde_json::{Map, Value};
use std::fmt;

/// The record's fields into a dump object, in table order.
pub(super) fn put<R: Record<Endian = Be>>(record: &R, map: &mut Map<String, Value>) {
    put_fields(R::FIELDS, record.encode().as_ref(), map);
}

fn put_fields(fields: &[Field], bytes: &[u8], map: &mut Map<String, Value>) {
    for f in fields {
        if let Some(v) = f.bytes(bytes).and_then(|b| put_field(f, b)) {
            map.insert(f.name.into(), v);
        }
    }
}

/// A field's JSON, or `None` to leave its key out (reserved bytes that are all zero).
fn put_field(f: &Field, b: &[u8]) -> Option<Value> {
    match (f.form, f.kind) {
        (Form::Bytes, _) => b.iter().any(|&x| x != 0).then(|| Value::String(hex(b))),
        // The one flag word of a `.cl` record is the u32 attribute: 8 digits, as `flags` names it everywhere.
        (Form::Flags, _) => Some(Value::String(flags::hex(u32::read::<Be>(b)))),
        (Form::Number, Kind::Record { fields, .. }) => {
            let object = |b: &[u8]| {
                let mut map = Map::new();
                put_fields(fields, b, &mut map);
                Value::Object(map)
            };
            let width = f.element_size();
            Some(match f.count {
                1 => object(b),
                _ => Value::Array(b.chunks_exact(width).map(object).collect()),
            })
        }
        (Form::Number, _) => serde_json::to_value(Numbers::<Be>::new(f, b)).ok(),
    }
}

/// The record from a dump object at `path`; keys other than the fields' and `extra` are errors.
pub(super) fn take<R: Record<Endian = Be>>(
    obj: &Map<String, Value>,
    path: &dyn fmt::Display,
    extra: &[&str],
) -> Result<R, DumpError> {
    no_unknown_keys(obj, path, R::NAMES, extra)?;
    let mut bytes = vec![0; R::SIZE];
    take_fields(R::FIELDS, obj, path, &mut bytes)?;
    Ok(R::read::<Be>(&bytes))
}

fn take_fields(
    fields: &[Field],
    obj: &Map<String, Value>,
    path: &dyn fmt::Display,
    out: &mut [u8],
) -> Result<(), DumpError> {
    for f in fields {
        let slot = f
            .bytes_mut(out)
            .ok_or_else(|| DumpError::Invalid(format!("{path}.{}: outside its record", f.name)))?;
        take_field(f, obj.get(f.name), path, slot)?;
    }
    Ok(())
}

/// A field's bytes from its key's JSON (`None`: the key is absent) in the record at `path`.
fn take_field(
    f: &Field,
    v: Option<&Value>,
    path: &dyn fmt::Display,
    out: &mut [u8],
) -> Result<(), DumpError> {
    let what = || format!("{path}.{}", f.name);
    let missing = || shape(path.to_string(), serde::de::Error::missing_field(f.name));
    match (f.form, f.kind) {
        (Form::Bytes, _) => {
            let text =
                Option::<String>::deserialize(v.unwrap_or(&Value::Null)).map_err(|e| shape(what(), e))?;
            let Some(text) = text else { return Ok(()) };
            let bytes = unhex(&text, &what())?;
            if bytes.len() != out.len() {
                return Err(DumpError::Invalid(format!("{}: expected {} bytes of hex", what(), out.len())));
            }
            out.copy_from_slice(&bytes);
            Ok(())
        }
        (Form::Flags, _) => {
            let attribute = match v.ok_or_else(missing)? {
                Value::String(s) => attribute_text(s).ok_or_else(|| {
                    DumpError::Invalid(format!(
                        "{}: {s:?} is neither 8 hex digits (00000100) nor a surface id ({})",
                        what(),
                        surface_ids()
                    ))
                })?,
                v => u32::deserialize(v).map_err(|e| shape(what(), e))?,
            };
            attribute.write::<Be>(out);
            Ok(())
        }
        (Form::Number, Kind::Record { fields, names, .. }) => {
            let v = v.ok_or_else(missing)?;
            let here = what();
            let one = |v: &Value, path: String, out: &mut [u8]| {
                let obj = object(v, &path)?;
                no_unknown_keys(obj, &path, names, &[])?;
                take_fields(fields, obj, &path, out)
            };
            if f.count == 1 {
                return one(v, here, out);
            }
            let items = Vec::<Value>::deserialize(v).map_err(|e| shape(here.clone(), e))?;
            if items.len() != f.count {
                return Err(DumpError::Invalid(format!(
                    "{here}: expected {} records, got {}",
                    f.count,
                    items.len()
                )));
            }
            for (k, (item, out)) in items.iter().zip(out.chunks_exact_mut(f.element_size())).enumerate() {
                one(item, format!("{here}[{k}]"), out)?;
            }
            Ok(())
        }
        (Form::Number, _) => {
            NumbersSeed::<Be>::new(f, out).deserialize(v.ok_or_else(missing)?).map_err(|e| shape(what(), e))
        }
    }
}

/// A dump record as a JSON object, or the error serde gives for what is there instead.
pub(super) fn object<'v>(v: &'v Value, path: &dyn fmt::Display) -> Result<&'v Map<String, Value>, DumpError> {
    match v {
        Value::Object(o) => Ok(o),
        other => Err(shape(
            path.to_string(),
            Map::<String, Value>::deserialize(other)
                .err()
                .unwrap_or_else(|| serde::de::Error::custom("expected a map")),
        )),
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

/// A key no field of the record (nor `extra`) has is an error, as an unknown field.
fn no_unknown_keys(
    obj: &Map<String, Value>,
    path: &dyn fmt::Display,
    keys: &'static [&'static str],
    extra: &[&str],
) -> Result<(), DumpError> {
    match obj.keys().find(|k| !keys.contains(&k.as_str()) && !extra.contains(&k.as_str())) {
        Some(k) => Err(shape(format!("{path}.{k}"), serde::de::Error::unknown_field(k, keys))),
        None => Ok(()),
    }
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
