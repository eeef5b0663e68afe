//! One field of a record ([`Field`]: where it lies, what it holds, what the format calls it) and the
//! values a field can hold ([`Value`]: numbers, arrays of them, whole records), each with its bytes in
//! either byte order.

use crate::bytes::Endian;

/// Where one field lies in its record, what it holds and what the format calls it. A record's table is a
/// list of these ([`super::Record::FIELDS`]), made by `records!` from the declaration
/// that also makes the struct, so the two cannot disagree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    /// The field's name in the format: the game's (`numPoly`) or the model's (`portal_count`). Findings'
    /// paths and dumps' keys use it.
    pub name: &'static str,
    /// Offset from the start of the record.
    pub offset: usize,
    /// Bytes the field takes.
    pub size: usize,
    /// How many values it holds: 1 for a scalar, N for an array `[T; N]` (`neighborNo`'s 4).
    pub count: usize,
    /// What each value is.
    pub kind: Kind,
    /// What is known of the bytes: numbers, bytes of unknown meaning, or flag bits.
    pub form: Form,
    /// The Rust type it decodes to, as declared (`u32`, `[i16; 3]`, `[Corner; 4]`).
    pub ty: &'static str,
    /// The field's doc comment, which starts with its offset and type (`0x30 u32: number of portals …`).
    pub doc: &'static str,
}

impl Field {
    /// Bytes one value of the field takes.
    pub const fn element_size(&self) -> usize {
        self.size / if self.count == 0 { 1 } else { self.count }
    }

    /// Offset of the `k`-th value of a run (`neighborNo[2]`) in the record; `None` past the run.
    pub const fn element(&self, k: usize) -> Option<usize> {
        if k < self.count {
            Some(self.offset + k * self.element_size())
        } else {
            None
        }
    }

    /// The field's bytes within its record's bytes; `None` if `record` is too short to hold it.
    pub fn bytes<'a>(&self, record: &'a [u8]) -> Option<&'a [u8]> {
        record.get(self.offset..self.offset.checked_add(self.size)?)
    }

    /// The field's bytes within its record's bytes, to be filled in place.
    pub fn bytes_mut<'a>(&self, record: &'a mut [u8]) -> Option<&'a mut [u8]> {
        record.get_mut(self.offset..self.offset.checked_add(self.size)?)
    }
}

/// What one value of a field is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An unsigned byte.
    U8,
    /// An unsigned 16-bit number.
    U16,
    /// A signed (two's complement) 16-bit number.
    I16,
    /// An unsigned 32-bit number.
    U32,
    /// A signed (two's complement) 32-bit number.
    I32,
    /// An IEEE 754 single, kept bit for bit (NaN payloads and -0.0).
    F32,
    /// A record inside the record (a portal's corners).
    Record {
        /// The record's name (`Corner`).
        name: &'static str,
        /// Its fields, in offset order.
        fields: &'static [Field],
        /// Their names, in the same order.
        names: &'static [&'static str],
    },
}

impl Kind {
    /// Bytes a number of this kind takes; `None` for a record (its size is the field's
    /// [`Field::element_size`]).
    pub const fn width(&self) -> Option<usize> {
        match self {
            Kind::U8 => Some(1),
            Kind::U16 | Kind::I16 => Some(2),
            Kind::U32 | Kind::I32 | Kind::F32 => Some(4),
            Kind::Record { .. } => None,
        }
    }
}

/// What is known of a field's bytes, so that every reader (a dump, a table, a hex view) shows them alike.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Form {
    /// Numbers whose meaning is known (or at least whose width is): shown as numbers.
    #[default]
    Number,
    /// Bytes whose meaning is unknown or reserved, kept as found: shown as bytes (hex).
    Bytes,
    /// A word of flag bits: shown in hex, as its bits matter more than its value.
    Flags,
}

/// A value stored at a field: a number, an array of values, or a whole record. It is read from and
/// written to exactly [`Value::SIZE`] bytes in the byte order `E` the record declares; every bit pattern
/// is a value, so reading cannot fail (the record's table puts every field inside its record, checked
/// when the crate compiles).
pub trait Value: Copy {
    /// Bytes the value takes.
    const SIZE: usize;
    /// Values in it: 1 for a scalar, N for an array.
    const COUNT: usize = 1;
    /// What each of its values is.
    const KIND: Kind;
    /// Reads the value from its `SIZE` bytes.
    fn read<E: Endian>(b: &[u8]) -> Self;
    /// Writes the value into its `SIZE` bytes.
    fn write<E: Endian>(&self, out: &mut [u8]);
}

/// The `len` bytes at `at`. Tables keep every field inside its record (checked when the crate
/// compiles), so the empty fallback is never taken; it keeps the read panic-free all the same.
#[inline]
pub(crate) fn slot(b: &[u8], at: usize, len: usize) -> &[u8] {
    b.get(at..at + len).unwrap_or(&[])
}

/// [`slot`], to be written.
#[inline]
pub(crate) fn slot_mut(b: &mut [u8], at: usize, len: usize) -> &mut [u8] {
    b.get_mut(at..at + len).unwrap_or(&mut [])
}

impl Value for u8 {
    const SIZE: usize = 1;
    const KIND: Kind = Kind::U8;
    #[inline]
    fn read<E: Endian>(b: &[u8]) -> u8 {
        b.first().copied().unwrap_or(0)
    }
    #[inline]
    fn write<E: Endian>(&self, out: &mut [u8]) {
        if let Some(slot) = out.first_mut() {
            *slot = *self;
        }
    }
}

impl Value for u16 {
    const SIZE: usize = 2;
    const KIND: Kind = Kind::U16;
    #[inline]
    fn read<E: Endian>(b: &[u8]) -> u16 {
        b.first_chunk().map_or(0, |&a| E::u16(a))
    }
    #[inline]
    fn write<E: Endian>(&self, out: &mut [u8]) {
        if let Some(slot) = out.first_chunk_mut() {
            *slot = E::u16_bytes(*self);
        }
    }
}

impl Value for u32 {
    const SIZE: usize = 4;
    const KIND: Kind = Kind::U32;
    #[inline]
    fn read<E: Endian>(b: &[u8]) -> u32 {
        b.first_chunk().map_or(0, |&a| E::u32(a))
    }
    #[inline]
    fn write<E: Endian>(&self, out: &mut [u8]) {
        if let Some(slot) = out.first_chunk_mut() {
            *slot = E::u32_bytes(*self);
        }
    }
}

// The signed numbers and floats are their unsigned twins' bits, reinterpreted (every bit kept).

impl Value for i16 {
    const SIZE: usize = 2;
    const KIND: Kind = Kind::I16;
    #[inline]
    fn read<E: Endian>(b: &[u8]) -> i16 {
        u16::read::<E>(b) as i16
    }
    #[inline]
    fn write<E: Endian>(&self, out: &mut [u8]) {
        (*self as u16).write::<E>(out);
    }
}

impl Value for i32 {
    const SIZE: usize = 4;
    const KIND: Kind = Kind::I32;
    #[inline]
    fn read<E: Endian>(b: &[u8]) -> i32 {
        u32::read::<E>(b) as i32
    }
    #[inline]
    fn write<E: Endian>(&self, out: &mut [u8]) {
        (*self as u32).write::<E>(out);
    }
}

impl Value for f32 {
    const SIZE: usize = 4;
    const KIND: Kind = Kind::F32;
    #[inline]
    fn read<E: Endian>(b: &[u8]) -> f32 {
        f32::from_bits(u32::read::<E>(b))
    }
    #[inline]
    fn write<E: Endian>(&self, out: &mut [u8]) {
        self.to_bits().write::<E>(out);
    }
}

impl<T: Value, const N: usize> Value for [T; N] {
    const SIZE: usize = T::SIZE * N;
    // One level of values: a field is a scalar or a run of scalars or records, which is what tables,
    // paths (`neighborNo[2]`) and dumps can name. A one-value array would look like a scalar.
    const COUNT: usize = {
        assert!(N > 1, "an array field holds at least two values (one is a scalar)");
        assert!(T::COUNT == 1, "an array field's values are scalars or records, not arrays");
        N
    };
    const KIND: Kind = T::KIND;
    #[inline]
    fn read<E: Endian>(b: &[u8]) -> Self {
        std::array::from_fn(|k| T::read::<E>(slot(b, k * T::SIZE, T::SIZE)))
    }
    #[inline]
    fn write<E: Endian>(&self, out: &mut [u8]) {
        for (k, v) in self.iter().enumerate() {
            v.write::<E>(slot_mut(out, k * T::SIZE, T::SIZE));
        }
    }
}
