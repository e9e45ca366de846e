//! Half-precision storage types: [`F16`] (IEEE binary16) and [`BF16`] (bfloat16).
//!
//! Rust has no stable `f16`, so these are 16-bit newtypes that convert to and from
//! `f32` with the GPU's conversion instructions (`cvt.f32.f16`, `cvt.rn.f16.f32`,
//! `cvt.rn.bf16.f32`); compute in `f32`. Slices of them are kernel parameters
//! (`&[F16]`, `&mut DisjointSlice<BF16>`), `float16` and `bfloat16` arrays in Python.

use crate::intrinsics::half as rt;

/// An IEEE 754 binary16 value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(transparent)]
pub struct F16(u16);

/// A bfloat16 value (the top half of an `f32`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(transparent)]
pub struct BF16(u16);

impl F16 {
    /// The nearest `F16` (round to nearest even).
    #[inline(always)]
    pub fn from_f32(v: f32) -> Self {
        F16(rt::__oxpack_f32_to_f16(v))
    }
    /// The nearest `F16`s of `lo` and `hi` as one 32-bit word, `lo` in its lower half: the bits of
    /// `[F16::from_f32(lo), F16::from_f32(hi)]`, in one conversion instruction (`cvt.rn.f16x2.f32`).
    #[inline(always)]
    pub fn pack2(lo: f32, hi: f32) -> u32 {
        rt::__oxpack_f32x2_to_f16x2(lo, hi)
    }
    /// The exact `f32` value.
    #[inline(always)]
    pub fn to_f32(self) -> f32 {
        rt::__oxpack_f16_to_f32(self.0)
    }
    /// The raw bits.
    #[inline(always)]
    pub const fn to_bits(self) -> u16 {
        self.0
    }
    /// From raw bits.
    #[inline(always)]
    pub const fn from_bits(bits: u16) -> Self {
        F16(bits)
    }
}

impl BF16 {
    /// The nearest `BF16` (round to nearest even).
    #[inline(always)]
    pub fn from_f32(v: f32) -> Self {
        BF16(rt::__oxpack_f32_to_bf16(v))
    }
    /// The nearest `BF16`s of `lo` and `hi` as one 32-bit word, `lo` in its lower half: the bits of
    /// `[BF16::from_f32(lo), BF16::from_f32(hi)]`, in one conversion instruction (`cvt.rn.bf16x2.f32`).
    #[inline(always)]
    pub fn pack2(lo: f32, hi: f32) -> u32 {
        rt::__oxpack_f32x2_to_bf16x2(lo, hi)
    }
    /// The exact `f32` value.
    #[inline(always)]
    pub fn to_f32(self) -> f32 {
        rt::__oxpack_bf16_to_f32(self.0)
    }
    /// The raw bits.
    #[inline(always)]
    pub const fn to_bits(self) -> u16 {
        self.0
    }
    /// From raw bits.
    #[inline(always)]
    pub const fn from_bits(bits: u16) -> Self {
        BF16(bits)
    }
}
