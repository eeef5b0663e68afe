//! Reading a dump's records as its JSON gives them, text or tree, without making a tree of the text: each
//! record's keys are matched to its table's fields as they come and decoded into the record's bytes
//! ([`NumbersSeed`] for numbers, the forms of `fields` for the rest). A `serde_json::Value` of a stage's
//! dump takes many times its text's memory, and making it was most of `pack`'s time.
//!
//! Errors are what the tree's reader gave before (a test reads every kind of wrong value both ways): a key
//! or value that does not fit is serde's error at its JSON path (`nodes[3].numPoly`, which each seed
//! notes as the error passes it); a value of the right type that the format cannot hold (hex that is not
//! hex, an unknown surface) is [`DumpError::Invalid`], naming the path.
#![deny(clippy::indexing_slicing)]

use super::fields::{attribute_text, shape, surface_ids, unhex, Item};
use super::keys::{surface_attribute, Autos};
use super::{Header, Node, RawDump, Triangle, FILE_LENGTH};
use crate::bytes::Be;
use crate::dump::{deserialize_array, DumpError, NumbersSeed};
use crate::json::ExactF32;
use crate::record::{Field, Form, Kind, Record, Value as _};
use serde::de::{
    self, DeserializeSeed, Deserializer, IgnoredAny, IntoDeserializer, MapAccess, SeqAccess, Visitor,
};
use serde::Deserialize;
use std::cell::RefCell;
use std::fmt;

/// A dump as read, before its keys that explain others are checked (`super::keys`).
pub(super) struct DumpIn {
    pub(super) format: String,
    pub(super) header: HeaderIn,
    pub(super) nodes: Vec<NodeIn>,
    pub(super) triangles: Vec<Triangle>,
    pub(super) vertices: Vec<[f32; 3]>,
    pub(super) raw: Vec<RawDump>,
}

pub(super) struct HeaderIn {
    pub(super) header: Header,
    /// Which derived fields were `"auto"` (stored as 0).
    pub(super) auto: Autos,
    pub(super) file_length: Option<u64>,
}

pub(super) struct NodeIn {
    pub(super) node: Node,
    /// The node's `list` (`null` as absent).
    pub(super) list: Option<Vec<u16>>,
    pub(super) list_error: Option<String>,
}

/// The dump's keys, as the derived reader of the outline named them.
const KEYS: &[&str] = &["format", "header", "nodes", "triangles", "vertices", "raw"];
/// Keys of a node's dump beyond its record: its decoded list, or why it cannot be read.
const NODE_EXTRA: &[&str] = &["list", "listError"];
/// Keys of a triangle's dump beyond its record: the attribute's surface name.
const TRIANGLE_EXTRA: &[&str] = &["surface"];
/// Header fields a dump may give as `"auto"`: derived from the arrays and the layout.
const HEADER_AUTOS: &[&str] =
    &["dataSize", "nodeData", "polygonData", "vertexData", "numNodes", "numPolygons", "numVertices"];

// The `.cl` records' fields fit `RecordSeed`'s bit set of the fields given.
const _: () = assert!(Header::FIELDS.len() <= 64 && Node::FIELDS.len() <= 64 && Triangle::FIELDS.len() <= 64);

/// Reads a dump from `d`.
pub(super) fn read<'de, D: Deserializer<'de, Error = serde_json::Error>>(d: D) -> Result<DumpIn, DumpError> {
    let failure = Failure::default();
    let result = DumpSeed { failure: &failure }.deserialize(d);
    result.map_err(|e| failure.into_error(e))
}

/// Where a read failed, and why when serde's error type cannot say it. Each seed notes its place as an
/// error passes it; the innermost place notes first, and is kept. (`serde_path_to_error` does this for any
/// type, at the cost of a string for every key read: it tracks only the raw blocks here.)
#[derive(Default)]
struct Failure {
    /// A value the format cannot hold: the error to give, whatever serde's placeholder says.
    invalid: RefCell<Option<DumpError>>,
    /// The JSON path of the first error (`nodes[3].numPoly`).
    path: RefCell<Option<String>>,
}

impl Failure {
    fn stop<E: de::Error>(&self, message: String) -> E {
        self.stop_with(DumpError::Invalid(message))
    }

    fn stop_with<E: de::Error>(&self, e: DumpError) -> E {
        self.invalid.borrow_mut().get_or_insert(e);
        E::custom("a value the format cannot hold")
    }

    /// Notes `path` as the error's place unless a place inside it was noted.
    fn at<'s, E>(&'s self, path: impl FnOnce() -> String + 's) -> impl FnOnce(E) -> E + 's {
        move |e| {
            self.path.borrow_mut().get_or_insert_with(path);
            e
        }
    }

    fn into_error(self, e: serde_json::Error) -> DumpError {
        let path = || self.path.into_inner().unwrap_or_else(|| ".".into());
        self.invalid.into_inner().unwrap_or_else(|| shape(path(), e))
    }
}

struct DumpSeed<'a> {
    failure: &'a Failure,
}

impl<'de> DeserializeSeed<'de> for DumpSeed<'_> {
    type Value = DumpIn;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<DumpIn, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for DumpSeed<'_> {
    type Value = DumpIn;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("struct Dump")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<DumpIn, A::Error> {
        let (mut format, mut header, mut nodes, mut triangles, mut vertices, mut raw) =
            (None, None, None, None, None, None);
        let failure = self.failure;
        while let Some(key) = map.next_key_seed(KeySeed { names: KEYS, extra: &[], parent: None, failure })? {
            let Key::Field(k) = key else { continue };
            let name = KEYS.get(k).copied().unwrap_or_default();
            let at = || failure.at(|| name.to_string());
            let seen = match k {
                0 => format.replace(map.next_value::<String>().map_err(at())?).is_some(),
                1 => header.replace(map.next_value_seed(HeaderSeed { failure }).map_err(at())?).is_some(),
                2 => {
                    nodes.replace(map.next_value_seed(Records(NodeSeed { failure })).map_err(at())?).is_some()
                }
                3 => {
                    let seed = Records(TriangleSeed { failure });
                    triangles.replace(map.next_value_seed(seed).map_err(at())?).is_some()
                }
                4 => vertices.replace(map.next_value_seed(Vertices { failure }).map_err(at())?).is_some(),
                _ => raw.replace(map.next_value_seed(RawBlocks { failure }).map_err(at())?).is_some(),
            };
            if seen {
                return Err(de::Error::duplicate_field(name));
            }
        }
        let missing = de::Error::missing_field;
        Ok(DumpIn {
            format: format.ok_or_else(|| missing("format"))?,
            header: header.ok_or_else(|| missing("header"))?,
            nodes: nodes.ok_or_else(|| missing("nodes"))?,
            triangles: triangles.ok_or_else(|| missing("triangles"))?,
            vertices: vertices.ok_or_else(|| missing("vertices"))?,
            raw: raw.ok_or_else(|| missing("raw"))?,
        })
    }
}

/// A record array: each element read by the seed `S` made for its index.
struct Records<S>(S);

/// A record's reader given its index in its array (for the paths its errors name).
trait ElementSeed: Copy {
    type Value;
    fn deserialize<'de, D: Deserializer<'de>>(self, index: usize, d: D) -> Result<Self::Value, D::Error>;
}

/// An [`ElementSeed`] at an index: a serde seed.
struct At<S>(S, usize);

impl<'de, S: ElementSeed> DeserializeSeed<'de> for At<S> {
    type Value = S::Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<S::Value, D::Error> {
        self.0.deserialize(self.1, d)
    }
}

impl<'de, S: ElementSeed> DeserializeSeed<'de> for Records<S> {
    type Value = Vec<S::Value>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<S::Value>, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, S: ElementSeed> Visitor<'de> for Records<S> {
    type Value = Vec<S::Value>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        // Each element takes text, so the array cannot outgrow its input; the hint is only a start.
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1 << 12));
        while let Some(v) = seq.next_element_seed(At(self.0, out.len()))? {
            out.push(v);
        }
        Ok(out)
    }
}

#[derive(Clone, Copy)]
struct NodeSeed<'a> {
    failure: &'a Failure,
}

impl ElementSeed for NodeSeed<'_> {
    type Value = NodeIn;
    fn deserialize<'de, D: Deserializer<'de>>(self, i: usize, d: D) -> Result<NodeIn, D::Error> {
        let path = Item("nodes", i);
        let mut bytes = [0; Node::SIZE];
        let seed = RecordSeed::new::<Node>(&mut bytes, &path, self.failure, NODE_EXTRA);
        let read = seed.deserialize(d).map_err(self.failure.at(|| path.to_string()))?;
        Ok(NodeIn { node: Node::read::<Be>(&bytes), list: read.list.flatten(), list_error: read.list_error })
    }
}

#[derive(Clone, Copy)]
struct TriangleSeed<'a> {
    failure: &'a Failure,
}

impl ElementSeed for TriangleSeed<'_> {
    type Value = Triangle;
    fn deserialize<'de, D: Deserializer<'de>>(self, i: usize, d: D) -> Result<Triangle, D::Error> {
        let path = Item("triangles", i);
        let mut bytes = [0; Triangle::SIZE];
        let seed = RecordSeed::new::<Triangle>(&mut bytes, &path, self.failure, TRIANGLE_EXTRA);
        let read = seed.deserialize(d).map_err(self.failure.at(|| path.to_string()))?;
        let mut t = Triangle::read::<Be>(&bytes);
        if let Some(surface) = &read.surface {
            let given = read.flags_given.then_some(t.attribute);
            t.attribute = surface_attribute(&path, given, surface).map_err(|e| self.failure.stop_with(e))?;
        }
        Ok(t)
    }
}

struct HeaderSeed<'a> {
    failure: &'a Failure,
}

impl<'de> DeserializeSeed<'de> for HeaderSeed<'_> {
    type Value = HeaderIn;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<HeaderIn, D::Error> {
        let mut bytes = [0; Header::SIZE];
        let mut seed = RecordSeed::new::<Header>(&mut bytes, &"header", self.failure, &[FILE_LENGTH]);
        seed.autos = HEADER_AUTOS;
        let read = seed.deserialize(d)?;
        let f = &Header::FIELD;
        let auto = |name: &str| read.autos.contains(&name);
        let auto = Autos {
            data_size: auto(f.data_size.name),
            offsets: [auto(f.node_offset.name), auto(f.polygon_offset.name), auto(f.vertex_offset.name)],
            counts: [auto(f.num_nodes.name), auto(f.num_polygons.name), auto(f.num_vertices.name)],
        };
        Ok(HeaderIn { header: Header::read::<Be>(&bytes), auto, file_length: read.file_length })
    }
}

/// What a record's object held beyond its fields.
#[derive(Default)]
struct Read {
    list: Option<Option<Vec<u16>>>,
    list_error: Option<String>,
    surface: Option<String>,
    file_length: Option<u64>,
    /// The fields given as `"auto"`.
    autos: Vec<&'static str>,
    /// Whether the record's flag word was given (a `surface` may stand for it).
    flags_given: bool,
}

/// One record's object into its bytes: keys are its fields' names and `extra`; a field of `autos` may be
/// `"auto"`. A required field that is missing is serde's `missing field`, at the record's path.
struct RecordSeed<'a> {
    fields: &'static [Field],
    names: &'static [&'static str],
    extra: &'static [&'static str],
    autos: &'static [&'static str],
    out: &'a mut [u8],
    path: &'a dyn fmt::Display,
    failure: &'a Failure,
}

impl<'a> RecordSeed<'a> {
    fn new<R: Record>(
        out: &'a mut [u8],
        path: &'a dyn fmt::Display,
        failure: &'a Failure,
        extra: &'static [&'static str],
    ) -> Self {
        RecordSeed { fields: R::FIELDS, names: R::NAMES, extra, autos: &[], out, path, failure }
    }
}

impl<'de> DeserializeSeed<'de> for RecordSeed<'_> {
    type Value = Read;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Read, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for RecordSeed<'_> {
    type Value = Read;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a map")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Read, A::Error> {
        let mut read = Read::default();
        // Which fields were given, a bit each: a record table has a handful (checked above for the `.cl`'s).
        if self.fields.len() > 64 {
            return Err(de::Error::custom("a record of more than 64 fields"));
        }
        let mut given = 0u64;
        let (path, failure) = (self.path, self.failure);
        let key_seed = || KeySeed { names: self.names, extra: self.extra, parent: Some(path), failure };
        while let Some(key) = map.next_key_seed(key_seed())? {
            match key {
                Key::Field(k) => {
                    let Some(f) = self.fields.get(k) else { continue };
                    if given & (1 << k) != 0 {
                        return Err(de::Error::duplicate_field(f.name));
                    }
                    given |= 1 << k;
                    let slot = f.bytes_mut(self.out).ok_or_else(|| {
                        self.failure.stop(format!("{}.{}: outside its record", self.path, f.name))
                    })?;
                    let seed = FieldSeed { field: f, out: slot, path, failure };
                    let at = || failure.at(|| format!("{path}.{}", f.name));
                    if self.autos.contains(&f.name) {
                        if map.next_value_seed(TextOrNumber { seed, auto: true }).map_err(at())? {
                            read.autos.push(f.name);
                        }
                    } else {
                        map.next_value_seed(seed).map_err(at())?;
                    }
                }
                Key::Extra(name) => {
                    let at = || failure.at(|| format!("{path}.{name}"));
                    let twice = match name {
                        "list" => read.list.replace(map.next_value().map_err(at())?).is_some(),
                        "listError" => read.list_error.replace(map.next_value().map_err(at())?).is_some(),
                        "surface" => read.surface.replace(map.next_value().map_err(at())?).is_some(),
                        // The header's one extra key.
                        _ => read.file_length.replace(map.next_value().map_err(at())?).is_some(),
                    };
                    if twice {
                        return Err(de::Error::duplicate_field(name));
                    }
                }
            }
        }
        for (k, f) in self.fields.iter().enumerate() {
            let is_given = given & (1 << k) != 0;
            if f.form == Form::Flags {
                read.flags_given = is_given;
            }
            // Reserved bytes may be left out (zero); a surface stands for the flag word it names.
            let optional = f.form == Form::Bytes || (f.form == Form::Flags && read.surface.is_some());
            if !is_given && !optional {
                return Err(de::Error::missing_field(f.name));
            }
        }
        Ok(read)
    }
}

enum Key {
    Field(usize),
    Extra(&'static str),
}

/// A record's key: one of its fields, one of `extra`, or serde's `unknown field` naming the fields (at the
/// key's path: `parent`'s, or the key alone in the dump's outline).
struct KeySeed<'a> {
    names: &'static [&'static str],
    extra: &'static [&'static str],
    parent: Option<&'a dyn fmt::Display>,
    failure: &'a Failure,
}

impl<'de> DeserializeSeed<'de> for KeySeed<'_> {
    type Value = Key;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Key, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl<'de> Visitor<'de> for KeySeed<'_> {
    type Value = Key;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a field name")
    }

    fn visit_str<E: de::Error>(self, key: &str) -> Result<Key, E> {
        if let Some(k) = self.names.iter().position(|&n| n == key) {
            return Ok(Key::Field(k));
        }
        match self.extra.iter().find(|&&n| n == key) {
            Some(&name) => Ok(Key::Extra(name)),
            None => {
                let path = || self.parent.map_or_else(|| key.to_string(), |p| format!("{p}.{key}"));
                Err(self.failure.at(path)(E::unknown_field(key, self.names)))
            }
        }
    }
}

/// One field's value into its bytes, in the field's form (`fields`' module docs).
struct FieldSeed<'a> {
    field: &'a Field,
    out: &'a mut [u8],
    path: &'a dyn fmt::Display,
    failure: &'a Failure,
}

impl FieldSeed<'_> {
    fn what(&self) -> String {
        format!("{}.{}", self.path, self.field.name)
    }
}

impl<'de> DeserializeSeed<'de> for FieldSeed<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        match (self.field.form, self.field.kind) {
            (Form::Bytes, _) => {
                let Some(text) = Option::<String>::deserialize(d)? else { return Ok(()) };
                let bytes = unhex(&text, &self.what()).map_err(|e| self.failure.stop_with(e))?;
                if bytes.len() != self.out.len() {
                    let message = format!("{}: expected {} bytes of hex", self.what(), self.out.len());
                    return Err(self.failure.stop(message));
                }
                self.out.copy_from_slice(&bytes);
                Ok(())
            }
            (Form::Flags, _) => TextOrNumber { seed: self, auto: false }.deserialize(d).map(|_| ()),
            (Form::Number, Kind::Record { fields, names, .. }) => {
                let here = self.what();
                if self.field.count == 1 {
                    let seed = RecordSeed {
                        fields,
                        names,
                        extra: &[],
                        autos: &[],
                        out: self.out,
                        path: &here,
                        failure: self.failure,
                    };
                    return seed.deserialize(d).map(|_| ());
                }
                let run = Run {
                    field: self.field,
                    fields,
                    names,
                    out: self.out,
                    path: &here,
                    failure: self.failure,
                };
                d.deserialize_seq(run)
            }
            (Form::Number, _) => NumbersSeed::<Be>::new(self.field, self.out).deserialize(d),
        }
    }
}

/// A run of records inside a record: exactly the field's count of them.
struct Run<'a> {
    field: &'a Field,
    fields: &'static [Field],
    names: &'static [&'static str],
    out: &'a mut [u8],
    path: &'a str,
    failure: &'a Failure,
}

impl<'de> Visitor<'de> for Run<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let width = self.field.element_size();
        let mut slots = self.out.chunks_exact_mut(width);
        let mut got = 0;
        loop {
            let more = match slots.next() {
                Some(out) => {
                    let path = format!("{}[{got}]", self.path);
                    let element: &dyn fmt::Display = &path;
                    let seed = RecordSeed {
                        fields: self.fields,
                        names: self.names,
                        extra: &[],
                        autos: &[],
                        out,
                        path: element,
                        failure: self.failure,
                    };
                    seq.next_element_seed(seed).map_err(self.failure.at(|| path.clone()))?.is_some()
                }
                None => seq.next_element::<IgnoredAny>()?.is_some(),
            };
            if !more {
                break;
            }
            got += 1;
        }
        if got != self.field.count {
            let message = format!("{}: expected {} records, got {got}", self.path, self.field.count);
            return Err(self.failure.stop(message));
        }
        Ok(())
    }
}

/// A field whose JSON may be a string or a number: the flag word (8 hex digits or a surface id, else a
/// number read as a `u32`, with its errors), or a header field that may be `"auto"` (then `true`, its
/// bytes left zero; else its number, as [`NumbersSeed`] reads it).
struct TextOrNumber<'a> {
    seed: FieldSeed<'a>,
    /// `"auto"` is a value (a header field), rather than the flag word's text.
    auto: bool,
}

impl TextOrNumber<'_> {
    fn number<'de, D: Deserializer<'de>>(self, d: D) -> Result<bool, D::Error> {
        let seed = self.seed;
        match seed.field.form {
            Form::Flags => u32::deserialize(d)?.write::<Be>(seed.out),
            _ => NumbersSeed::<Be>::new(seed.field, seed.out).deserialize(d)?,
        }
        Ok(false)
    }
}

impl<'de> DeserializeSeed<'de> for TextOrNumber<'_> {
    type Value = bool;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<bool, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for TextOrNumber<'_> {
    type Value = bool;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.seed.field.ty)
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<bool, E> {
        if self.auto {
            return if s == "auto" { Ok(true) } else { self.number(s.into_deserializer()) };
        }
        let seed = self.seed;
        let attribute = attribute_text(s).ok_or_else(|| {
            seed.failure.stop::<E>(format!(
                "{}: {s:?} is neither 8 hex digits (00000100) nor a surface id ({})",
                seed.what(),
                surface_ids()
            ))
        })?;
        attribute.write::<Be>(seed.out);
        Ok(false)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<bool, E> {
        self.number(v.into_deserializer())
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<bool, E> {
        self.number(v.into_deserializer())
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<bool, E> {
        self.number(v.into_deserializer())
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<bool, E> {
        self.number(v.into_deserializer())
    }

    fn visit_unit<E: de::Error>(self) -> Result<bool, E> {
        Err(E::invalid_type(de::Unexpected::Other("null"), &self))
    }
}

/// The vertices: each an array of three [`ExactF32`], an error naming the vertex and coordinate
/// (`vertices[3][1]`).
struct Vertices<'a> {
    failure: &'a Failure,
}

impl<'de> DeserializeSeed<'de> for Vertices<'_> {
    type Value = Vec<[f32; 3]>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Vertices<'_> {
    type Value = Vec<[f32; 3]>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1 << 12));
        loop {
            let (i, mut v) = (out.len(), [0f32; 3]);
            let seed = Vertex { out: &mut v, index: i, failure: self.failure };
            match seq.next_element_seed(seed).map_err(self.failure.at(|| format!("vertices[{i}]")))? {
                Some(()) => out.push(v),
                None => return Ok(out),
            }
        }
    }
}

struct Vertex<'a> {
    out: &'a mut [f32; 3],
    index: usize,
    failure: &'a Failure,
}

impl<'de> DeserializeSeed<'de> for Vertex<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        let (index, failure) = (self.index, self.failure);
        let seeds =
            self.out.iter_mut().enumerate().map(|(k, out)| Coordinate { out, at: (index, k), failure });
        deserialize_array(d, 3, seeds)
    }
}

struct Coordinate<'a> {
    out: &'a mut f32,
    at: (usize, usize),
    failure: &'a Failure,
}

impl<'de> DeserializeSeed<'de> for Coordinate<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        let (i, k) = self.at;
        *self.out = ExactF32::deserialize(d).map_err(self.failure.at(|| format!("vertices[{i}][{k}]")))?.0;
        Ok(())
    }
}

/// The raw blocks, read by their derived reader with `serde_path_to_error` (a few small objects).
struct RawBlocks<'a> {
    failure: &'a Failure,
}

impl<'de> DeserializeSeed<'de> for RawBlocks<'_> {
    type Value = Vec<RawDump>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<RawDump>, D::Error> {
        serde_path_to_error::deserialize(d).map_err(|e| {
            let inside = e.path().to_string();
            let path = match inside.as_str() {
                "." => "raw".to_string(),
                p if p.starts_with('[') => format!("raw{p}"),
                p => format!("raw.{p}"),
            };
            self.failure.at(|| path)(e.into_inner())
        })
    }
}
