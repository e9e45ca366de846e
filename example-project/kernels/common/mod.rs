//! Device code that several kernel files share: each declares `mod common;`, and each crate
//! compiles its own copy (oxpack keys every such crate on this file: editing it rebuilds exactly
//! them). A crate that uses only some of these functions leaves the others out of its code, so
//! each allows being unused.
use oxpack::math::DeviceFloat;
use oxpack::prelude::*;
use oxpack::vec::Vector;
use oxpack::Elem;

/// The exact GELU, x · Φ(x) = x/2 · (1 + erf(x/√2)) (torch's default `F.gelu`): `gelu` in
/// `nn.rs` and the epilogue of `linear_gelu_bf16` in `tensor.rs`.
#[allow(dead_code)]
#[inline(always)]
pub fn gelu(x: f32) -> f32 {
    0.5 * x * (1.0 + (x * core::f32::consts::FRAC_1_SQRT_2).erf())
}

/// 1 / n for n >= 1 with no division (the normalisations of `norm.rs`, `fused.rs` and `attention.rs`,
/// the sigmoid of `glu.rs`): the device library's `fast::recip` (an `rsqrt.approx` squared, then one
/// Newton step), whose docs say why a division's slow path, a call, would cost a whole row's registers.
#[allow(unused_imports)]
pub use oxpack::math::fast::recip;

/// The storage types of `norm.rs` and `fused.rs`, seen as the f32 lanes of their 16-byte chunks:
/// the arithmetic is f32 whatever the rows hold (f32, or bfloat16, rounded to nearest even on the
/// way out).
#[allow(dead_code)]
pub trait Lanes: Vector + Elem + Default {
    /// Lane `l` of `v`, in f32.
    fn at(v: &Self::V, l: usize) -> f32;
    /// The chunk whose lane `l` is `f(l)`, in the storage type.
    fn chunk(f: impl Fn(usize) -> f32) -> Self::V;
    /// One value, in f32.
    fn wide(self) -> f32;
    /// One f32 value, in the storage type.
    fn narrow(v: f32) -> Self;
}

impl Lanes for f32 {
    #[inline(always)]
    fn at(v: &F32x4, l: usize) -> f32 {
        v.0[l]
    }
    #[inline(always)]
    fn chunk(f: impl Fn(usize) -> f32) -> F32x4 {
        F32x4(core::array::from_fn(f))
    }
    #[inline(always)]
    fn wide(self) -> f32 {
        self
    }
    #[inline(always)]
    fn narrow(v: f32) -> f32 {
        v
    }
}

impl Lanes for BF16 {
    #[inline(always)]
    fn at(v: &BF16x8, l: usize) -> f32 {
        v.0[l].to_f32()
    }
    #[inline(always)]
    fn chunk(f: impl Fn(usize) -> f32) -> BF16x8 {
        BF16x8(core::array::from_fn(|l| BF16::from_f32(f(l))))
    }
    #[inline(always)]
    fn wide(self) -> f32 {
        self.to_f32()
    }
    #[inline(always)]
    fn narrow(v: f32) -> BF16 {
        BF16::from_f32(v)
    }
}
