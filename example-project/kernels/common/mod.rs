//! Device code that several kernel files share: each declares `mod common;`, and each crate
//! compiles its own copy (oxpack keys every such crate on this file: editing it rebuilds exactly
//! them). A crate that uses only some of these functions leaves the others out of its code, so
//! each allows being unused.
use oxpack::math::fast;
use oxpack::math::DeviceFloat;

/// The exact GELU, x · Φ(x) = x/2 · (1 + erf(x/√2)) (torch's default `F.gelu`): `gelu` in
/// `nn.rs` and the epilogue of `linear_gelu_bf16` in `tensor.rs`.
#[allow(dead_code)]
#[inline(always)]
pub fn gelu(x: f32) -> f32 {
    0.5 * x * (1.0 + (x * core::f32::consts::FRAC_1_SQRT_2).erf())
}

/// 1 / n for n >= 1 with no division (the normalisations of `norm.rs` and `fused.rs`, the
/// sigmoid of `glu.rs`): a division's slow path is a call, around which the assembler keeps every live
/// register (a whole row's), so it would set the kernel's register count. An `rsqrt.approx`
/// squared (2^-21 relative), then one Newton step (within f32 rounding of 1 / n: the step's own
/// error, 2^-42, is below it).
#[allow(dead_code)]
#[inline(always)]
pub fn recip(n: f32) -> f32 {
    let r = fast::rsqrt(n);
    let y = r * r;
    y * (-n).mul_add(y, 2.0)
}
