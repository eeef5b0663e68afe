//! One field of a `.cl` record: where it lies and what the game calls it ([`Field`]), the types a field
//! holds with their big-endian bytes and dump forms ([`FieldType`]), and how a field appears in a dump
//! ([`Codec`]: plain, reserved bytes, the attribute in hex). [`super::raw`]'s record tables are made of
//! these; [`super::dump`] reads and writes them.

use super::flags;
use crate::dump::DumpError;
use crate::hex::HexError;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Where one field lies in its record, and what the game calls it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    /// The game's name (the dump's key and the findings' path segment).
    pub name: &'static str,
    /// Offset from the start of the record.
    pub offset: usize,
    /// Bytes the field takes.
    pub size: usize,
    /// How many values it holds (4 for `neighborNo`, 1 for a scalar).
    pub count: usize,
}

impl Field {
    /// Offset of the `k`-th value of a run (`neighborNo[2]`); `None` past the run.
    pub fn element(&self, k: usize) -> Option<usize> {
        (k < self.count).then(|| self.offset + k * (self.size / self.count.max(1)))
    }
}

/// A value a field can hold: its size and big-endian bytes, and the form it takes in a dump.
pub trait FieldType: Copy {
    /// Bytes the value takes.
    const SIZE: usize;
    /// Values in it: 1 for a scalar, N for an array (`neighborNo`'s 4).
    const COUNT: usize;
    /// The dump's form of the value (floats bit-exact).
    type Json: Serialize + DeserializeOwned;
    /// Reads from exactly `SIZE` bytes.
    fn decode(b: &[u8]) -> Self;
    /// Writes into exactly `SIZE` bytes.
    fn encode(&self, out: &mut [u8]);
    /// The value's dump form.
    fn to_json(&self) -> Self::Json;
    /// The value from its dump form; `from_json(v.to_json())` has the same bits as `v`.
    fn from_json(j: Self::Json) -> Self;
}

macro_rules! scalar {
    ($ty:ty, $n:literal, $json:ty, $to:expr, $from:expr) => {
        impl FieldType for $ty {
            const SIZE: usize = $n;
            const COUNT: usize = 1;
            type Json = $json;
            #[inline]
            fn decode(b: &[u8]) -> Self {
                <[u8; $n]>::try_from(b).map_or(Self::default(), <$ty>::from_be_bytes)
            }
            #[inline]
            fn encode(&self, out: &mut [u8]) {
                if let Some(slot) = out.get_mut(..$n) {
                    slot.copy_from_slice(&self.to_be_bytes());
                }
            }
            fn to_json(&self) -> $json {
                $to(*self)
            }
            fn from_json(j: $json) -> Self {
                $from(j)
            }
        }
    };
}

scalar!(u8, 1, u8, |v| v, |j| j);
scalar!(u16, 2, u16, |v| v, |j| j);
scalar!(u32, 4, u32, |v| v, |j| j);
scalar!(f32, 4, crate::json::ExactF32, crate::json::ExactF32, |j: crate::json::ExactF32| j.0);

impl<T: FieldType, const N: usize> FieldType for [T; N]
where
    [T::Json; N]: Serialize + DeserializeOwned,
{
    const SIZE: usize = T::SIZE * N;
    const COUNT: usize = N;
    type Json = [T::Json; N];
    #[inline]
    fn decode(b: &[u8]) -> Self {
        std::array::from_fn(|k| T::decode(slot(b, k * T::SIZE, T::SIZE)))
    }
    #[inline]
    fn encode(&self, out: &mut [u8]) {
        for (k, v) in self.iter().enumerate() {
            v.encode(slot_mut(out, k * T::SIZE, T::SIZE));
        }
    }
    fn to_json(&self) -> Self::Json {
        self.map(|v| v.to_json())
    }
    fn from_json(j: Self::Json) -> Self {
        j.map(T::from_json)
    }
}

/// The bytes of a field (the compile-time checks in [`super::raw`]'s `records!` keep every field inside its record).
#[inline]
pub(super) fn slot(b: &[u8], at: usize, len: usize) -> &[u8] {
    b.get(at..at + len).unwrap_or(&[])
}

#[inline]
pub(super) fn slot_mut(b: &mut [u8], at: usize, len: usize) -> &mut [u8] {
    b.get_mut(at..at + len).unwrap_or(&mut [])
}

/// How a record field appears in a dump. [`super::raw`]'s tables give each field a codec: [`Plain`]
/// unless they say otherwise.
pub(super) trait Codec<T> {
    /// The key's JSON value, or `None` to leave the key out.
    fn put(v: &T) -> Option<Value>;
    /// The value from the key's JSON (`None`: the key is absent) in the record at `path`.
    fn take(v: Option<&Value>, path: &str, field: &Field) -> Result<T, DumpError>;
}

/// The value's own JSON form: numbers, floats bit-exact ([`ExactF32`](crate::json::ExactF32)), arrays of
/// them; the key is required.
pub(super) struct Plain;

impl<T: FieldType> Codec<T> for Plain {
    fn put(v: &T) -> Option<Value> {
        serde_json::to_value(v.to_json()).ok()
    }
    fn take(v: Option<&Value>, path: &str, field: &Field) -> Result<T, DumpError> {
        let v = v.ok_or_else(|| shape(path.to_string(), serde::de::Error::missing_field(field.name)))?;
        <T::Json as Deserialize>::deserialize(v)
            .map(T::from_json)
            .map_err(|e| shape(format!("{path}.{}", field.name), e))
    }
}

/// Reserved bytes: hex, shown only when not all zero; absent means zero.
pub(super) struct Reserved;

impl<const N: usize> Codec<[u8; N]> for Reserved {
    fn put(v: &[u8; N]) -> Option<Value> {
        (v.iter().any(|&b| b != 0)).then(|| Value::String(hex(v)))
    }
    fn take(v: Option<&Value>, path: &str, field: &Field) -> Result<[u8; N], DumpError> {
        let what = format!("{path}.{}", field.name);
        let text =
            Option::<String>::deserialize(v.unwrap_or(&Value::Null)).map_err(|e| shape(what.clone(), e))?;
        fixed(&text, &what)
    }
}

/// The attribute: 8 hex digits in file byte order (a number, or a surface id such as `"wall"`, is accepted
/// too).
pub(super) struct AttributeHex;

impl Codec<u32> for AttributeHex {
    fn put(v: &u32) -> Option<Value> {
        Some(Value::String(flags::hex(*v)))
    }
    fn take(v: Option<&Value>, path: &str, field: &Field) -> Result<u32, DumpError> {
        let what = || format!("{path}.{}", field.name);
        match v {
            None => Err(shape(path.to_string(), serde::de::Error::missing_field(field.name))),
            Some(Value::String(s)) => attribute_text(s).ok_or_else(|| {
                DumpError::Invalid(format!(
                    "{}: {s:?} is neither 8 hex digits (00000100) nor a surface id ({})",
                    what(),
                    surface_ids()
                ))
            }),
            Some(v) => u32::deserialize(v).map_err(|e| shape(what(), e)),
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

/// A key no field of the record (nor `extra`) has is an error, as an unknown field.
pub(super) fn no_unknown_keys(
    obj: &Map<String, Value>,
    path: &str,
    keys: &'static [&'static str],
    extra: &[&str],
) -> Result<(), DumpError> {
    match obj.keys().find(|k| !keys.contains(&k.as_str()) && !extra.contains(&k.as_str())) {
        Some(k) => Err(shape(format!("{path}.{k}"), serde::de::Error::unknown_field(k, keys))),
        None => Ok(()),
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

pub(super) fn fixed<const N: usize>(text: &Option<String>, what: &str) -> Result<[u8; N], DumpError> {
    let Some(text) = text else { return Ok([0; N]) };
    let bytes = unhex(text, what)?;
    bytes.try_into().map_err(|_| DumpError::Invalid(format!("{what}: expected {N} bytes of hex")))
}
