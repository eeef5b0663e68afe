//! Helpers shared by the unit tests of every format.

use crate::bytes::Endian;
use std::marker::PhantomData;

/// A tiny byte DSL: one field per call, so a fixture reads like the format's table. `E` is the file's
/// byte order; format-specific records (a `.cl` node, a Rugrats corner) are added by each format's tests.
pub struct B<E>(pub Vec<u8>, PhantomData<E>);

impl<E: Endian> Default for B<E> {
    fn default() -> Self {
        B(Vec::new(), PhantomData)
    }
}

impl<E: Endian> B<E> {
    pub fn u8(mut self, v: u8) -> Self {
        self.0.push(v);
        self
    }
    pub fn u16(mut self, v: u16) -> Self {
        self.0.extend_from_slice(&E::u16_bytes(v));
        self
    }
    pub fn i16(self, v: i16) -> Self {
        self.u16(u16::from_ne_bytes(v.to_ne_bytes()))
    }
    pub fn u32(mut self, v: u32) -> Self {
        self.0.extend_from_slice(&E::u32_bytes(v));
        self
    }
    pub fn i32(self, v: i32) -> Self {
        self.u32(u32::from_ne_bytes(v.to_ne_bytes()))
    }
    pub fn f32(self, v: f32) -> Self {
        self.u32(v.to_bits())
    }
    pub fn zeros(mut self, n: usize) -> Self {
        self.0.resize(self.0.len() + n, 0);
        self
    }
}

/// FNV-1a, 64 bits: a stable digest of output bytes (std's hasher may change between Rust versions).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}
