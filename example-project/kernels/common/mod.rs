//! Device code that several kernel files share: each declares `mod common;`, and each crate
//! compiles its own copy (oxpack keys every such crate on this file: editing it rebuilds exactly
//! them). A crate that uses only some of these functions leaves the others out of its code, so
//! each allows being unused.
use oxpack::math::DeviceFloat;

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
