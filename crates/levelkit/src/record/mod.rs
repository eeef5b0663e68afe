//! The record layer every format's fixed-size records are declared on: one field type, one value
//! trait, one table macro, in either byte order.
//!
//! A format declares each on-disk record once with `records!`: per field its offset, its name in the
//! format, its type, what is known of its bytes ([`Form`]) and a doc comment that starts with the offset
//! and type. From that one declaration come the model's struct, its byte codec ([`Record::decode`],
//! [`Record::encode`], in the byte order the format declares once), its field table
//! ([`Record::FIELDS`], and `Type::FIELD.name` for each field by name) that validators take byte offsets
//! and paths from and dumps take keys and forms from, the table of offsets in the struct's rustdoc, and
//! the checks, when the crate compiles, that the fields tile the record.
//!
//! The layer knows bytes only: how a field looks in JSON is each format's dump's business
//! (`heroes::dump`, `reptar::dump`), driven by the same tables. Byte order comes from
//! [`crate::bytes::Endian`], the one the checked [`Cursor`](crate::bytes::Cursor) and
//! [`Writer`](crate::bytes::Writer) use.
#![deny(clippy::indexing_slicing)]

mod field;

pub(crate) use field::{slot, slot_mut};
pub use field::{Field, Form, Kind, Value};

use crate::bytes::Endian;

/// A fixed-size on-disk record, declared with `records!`.
pub trait Record: Value {
    /// The record's name (`RoomRecord`).
    const NAME: &'static str;
    /// Its fields, in offset order; they tile the record exactly.
    const FIELDS: &'static [Field];
    /// The fields' names, in the same order (what a message lists as the names a record has).
    const NAMES: &'static [&'static str];
    /// The format's byte order.
    type Endian: Endian;
    /// The record as bytes: `[u8; SIZE]`.
    type Bytes: AsRef<[u8]> + AsMut<[u8]> + Copy + for<'a> TryFrom<&'a [u8]>;
    /// Reads the record from its bytes (every bit pattern is a record).
    fn decode(bytes: &Self::Bytes) -> Self;
    /// The record's bytes: the ones it was decoded from, float bits and all.
    fn encode(&self) -> Self::Bytes;
}

/// A field's name: the one the declaration gives (`"numPoly"`), else the Rust field's.
#[doc(hidden)]
macro_rules! field_name {
    ($field:ident) => {
        stringify!($field)
    };
    ($field:ident $name:literal) => {
        $name
    };
}

/// A field's [`Form`]: [`Form::Number`] unless the declaration says `as Bytes` or `as Flags`.
#[doc(hidden)]
macro_rules! field_form {
    () => {
        $crate::record::Form::Number
    };
    ($form:ident) => {
        $crate::record::Form::$form
    };
}

/// Declares a format's records, all in the byte order given once at the top:
///
/// ```text
/// records! {
///     endian Be;
///     /// The file header (0x28 bytes at offset 0).
///     #[derive(Clone, Copy, Debug, Default, PartialEq)]
///     pub struct Header, 0x28 bytes, fields HeaderFields {
///         /// 0x00 u32: the file length, as the file claims it.
///         0x00 data_size "dataSize": u32,
///         /// 0x19 u8×7: zero in every known file; kept as found.
///         0x19 tail "zero": [u8; 7] as Bytes,
///     }
/// }
/// ```
///
/// Each field: its offset, its Rust name, optionally its name in the format (else the Rust name), its
/// type (a [`Value`]), optionally `as Bytes` or `as Flags` ([`Form`]). For each record it makes the
/// struct (public fields, the given docs and a table of offsets appended), a `$fields` struct of one
/// [`Field`] per field with `Type::FIELD` holding the table by name, and the [`Value`] and [`Record`]
/// impls. The build fails if a field does not start where the one before it ends or the fields do not
/// add up to the declared size.
macro_rules! records {
    (
        endian $endian:ty;
        $(
            $(#[$meta:meta])*
            pub struct $name:ident, $size:literal bytes, fields $fields:ident {
                $(
                    $(#[doc = $doc:literal])*
                    $offset:literal $field:ident $($game:literal)?: $ty:ty $(as $form:ident)?,
                )*
            }
        )*
    ) => {$(
        $(#[$meta])*
        ///
        /// | offset | type | name |
        /// |---|---|---|
        $( #[doc = concat!(
            "| ", stringify!($offset), " | `", stringify!($ty), "` | `",
            $crate::record::field_name!($field $($game)?), "` |"
        )] )*
        pub struct $name {
            $( $(#[doc = $doc])* pub $field: $ty, )*
        }

        #[doc = concat!("Where each field of [`", stringify!($name), "`] lies, by name.")]
        #[derive(Clone, Copy, Debug)]
        pub struct $fields {
            $(
                #[doc = concat!("`", $crate::record::field_name!($field $($game)?), "`")]
                pub $field: $crate::record::Field,
            )*
        }

        impl $name {
            /// Each field's place in the record, by name.
            pub const FIELD: $fields = $fields {
                $( $field: $crate::record::Field {
                    name: $crate::record::field_name!($field $($game)?),
                    offset: $offset,
                    size: <$ty as $crate::record::Value>::SIZE,
                    count: <$ty as $crate::record::Value>::COUNT,
                    kind: <$ty as $crate::record::Value>::KIND,
                    form: $crate::record::field_form!($($form)?),
                    ty: stringify!($ty),
                    doc: concat!($($doc, "\n",)*),
                }, )*
            };
        }

        impl $crate::record::Value for $name {
            const SIZE: usize = $size;
            const KIND: $crate::record::Kind = $crate::record::Kind::Record {
                name: stringify!($name),
                fields: <$name as $crate::record::Record>::FIELDS,
                names: <$name as $crate::record::Record>::NAMES,
            };
            #[inline]
            fn read<E: $crate::bytes::Endian>(b: &[u8]) -> Self {
                $name { $(
                    $field: <$ty as $crate::record::Value>::read::<E>(
                        $crate::record::slot(b, $offset, <$ty as $crate::record::Value>::SIZE),
                    ),
                )* }
            }
            #[inline]
            fn write<E: $crate::bytes::Endian>(&self, out: &mut [u8]) {
                $( $crate::record::Value::write::<E>(
                    &self.$field,
                    $crate::record::slot_mut(out, $offset, <$ty as $crate::record::Value>::SIZE),
                ); )*
            }
        }

        impl $crate::record::Record for $name {
            const NAME: &'static str = stringify!($name);
            const FIELDS: &'static [$crate::record::Field] = &[$( $name::FIELD.$field, )*];
            const NAMES: &'static [&'static str] = &[$( $crate::record::field_name!($field $($game)?), )*];
            type Endian = $endian;
            type Bytes = [u8; $size];

            #[inline]
            fn decode(bytes: &[u8; $size]) -> Self {
                <$name as $crate::record::Value>::read::<$endian>(bytes)
            }

            #[inline]
            fn encode(&self) -> [u8; $size] {
                let mut out = [0u8; $size];
                <$name as $crate::record::Value>::write::<$endian>(self, &mut out);
                out
            }
        }

        // The table checks itself: each field starts where the one before ends, and they fill the record.
        const _: () = {
            let mut end = 0;
            $(
                assert!(
                    $offset == end,
                    concat!(stringify!($name), ".", stringify!($field), ": does not start where the field before ends"),
                );
                end += <$ty as $crate::record::Value>::SIZE;
            )*
            assert!(end == $size, concat!(stringify!($name), ": the fields do not add up to its size"));
        };
    )*};
}

pub(crate) use {field_form, field_name, records};

/// Checks one record's table: its size, fields in offset order with no gap or overlap and covering every
/// byte (so nothing is lost), each value's size, docs that start with the offset, and decode ∘ encode the
/// identity on varied bytes. Each format's record tests call it for every record.
#[cfg(test)]
#[allow(clippy::indexing_slicing)]
pub(crate) fn check_table<R: Record + std::fmt::Debug>(size: usize) {
    let name = R::NAME;
    assert_eq!(R::SIZE, size, "{name}: size");
    assert_eq!(R::FIELDS.len(), R::NAMES.len(), "{name}: one name a field");
    let mut end = 0;
    for (f, n) in R::FIELDS.iter().zip(R::NAMES) {
        assert_eq!(f.name, *n, "{name}: names in field order");
        assert_eq!(f.offset, end, "{name}.{}: starts where the field before ends", f.name);
        assert!(f.count > 0 && f.size > 0 && f.size == f.count * f.element_size(), "{name}.{}", f.name);
        if let Some(width) = f.kind.width() {
            assert_eq!(f.element_size(), width, "{name}.{}: values of the kind's width", f.name);
        }
        let doc = f.doc.trim_start().to_ascii_lowercase();
        assert!(doc.starts_with(&format!("0x{:02x} ", f.offset)), "{name}.{}: doc {:?}", f.name, f.doc);
        assert_eq!(f.element(f.count), None, "{name}.{}: nothing past the run", f.name);
        end += f.size;
    }
    assert_eq!(end, R::SIZE, "{name}: the fields fill the record");
    let names: std::collections::BTreeSet<&str> = R::NAMES.iter().copied().collect();
    assert_eq!(names.len(), R::NAMES.len(), "{name}: names are unique");

    let mut rng = crate::rng::Rng::new(0x5eed ^ size as u64);
    let patterns: Vec<Vec<u8>> = [0x00u8, 0xff, 0x80, 0x7f]
        .iter()
        .map(|&b| vec![b; size])
        .chain((0..200).map(|_| (0..size).map(|_| rng.below_u8(256)).collect()))
        .chain(std::iter::once((0..size).map(|i| u8::try_from(i).unwrap()).collect()))
        .collect();
    for bytes in patterns {
        let Ok(raw) = R::Bytes::try_from(&bytes) else { panic!("{name}: {size} bytes make a record") };
        let record = R::decode(&raw);
        assert_eq!(record.encode().as_ref(), &bytes[..], "{name}: decode then encode, {record:?}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytes::{Be, Le};

    records! {
        endian Le;
        /// A test record: every kind of value.
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Inner, 4 bytes, fields InnerFields {
            /// 0x00 s16: a
            0x00 a: i16,
            /// 0x02 u8×2: b
            0x02 b "bee": [u8; 2] as Bytes,
        }

        /// A test record holding another.
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Outer, 20 bytes, fields OuterFields {
            /// 0x00 inner×2: two records
            0x00 inner: [Inner; 2],
            /// 0x08 f32: a float
            0x08 float: f32,
            /// 0x0c u32: flags
            0x0c flags: u32 as Flags,
            /// 0x10 s32: signed
            0x10 signed: i32,
        }
    }

    #[test]
    fn tables_tile_and_round_trip() {
        check_table::<Inner>(4);
        check_table::<Outer>(20);
    }

    #[test]
    fn fields_say_what_they_hold() {
        let f = Outer::FIELD;
        assert_eq!((f.inner.count, f.inner.element(1), f.inner.element(2)), (2, Some(4), None));
        assert_eq!(f.inner.kind, <Inner as Value>::KIND);
        let Kind::Record { name, fields, names } = f.inner.kind else { panic!("a record") };
        assert_eq!((name, fields.len(), names), ("Inner", 2, &["a", "bee"][..]));
        assert_eq!(
            (Inner::FIELD.b.name, Inner::FIELD.b.form, Inner::FIELD.b.ty),
            ("bee", Form::Bytes, "[u8; 2]")
        );
        assert_eq!((f.flags.form, f.float.kind, f.float.form), (Form::Flags, Kind::F32, Form::Number));
        assert_eq!(f.signed.doc, " 0x10 s32: signed\n");
        let bytes: Vec<u8> = (0..20).collect();
        assert_eq!(f.float.bytes(&bytes), Some(&bytes[8..12]));
        assert_eq!(f.signed.bytes(&bytes[..19]), None);
    }

    #[test]
    fn one_declaration_either_byte_order() {
        let bytes: [u8; 20] = std::array::from_fn(|i| u8::try_from(i).unwrap());
        let le = Outer::decode(&bytes);
        assert_eq!(le.inner[1].a, i16::from_le_bytes([4, 5]));
        assert_eq!(le.inner[1].b, [6, 7]);
        assert_eq!(le.flags, u32::from_le_bytes([12, 13, 14, 15]));
        let be = <Outer as Value>::read::<Be>(&bytes);
        assert_eq!((be.inner[0].a, be.signed), (0x0001, 0x1011_1213));
        assert_eq!(be.float.to_bits(), 0x0809_0a0b);
        let mut out = [0u8; 20];
        be.write::<Be>(&mut out);
        assert_eq!(out, bytes);
    }
}
