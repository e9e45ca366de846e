//! Device code that several kernel files share: each declares `mod common;`, and each crate
//! compiles its own copy (oxpack keys both crates on this file: editing it rebuilds exactly them).
use oxpack::math::DeviceFloat;

/// The exact GELU, x · Φ(x) = x/2 · (1 + erf(x/√2)) (torch's default `F.gelu`): `gelu` in
/// `nn.rs` and the epilogue of `linear_gelu_bf16` in `tensor.rs`.
#[inline(always)]
pub fn gelu(x: f32) -> f32 {
    0.5 * x * (1.0 + (x * core::f32::consts::FRAC_1_SQRT_2).erf())
}
