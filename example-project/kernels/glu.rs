//! Gated linear units: SwiGLU, `out = silu(gate) · up` (the MLP of LLaMA-style models), forward
//! and backward, on f32 and on bfloat16 storage (f32 math). Element-wise, 16 bytes a thread
//! (four f32 or eight bf16 lanes), any length: the last thread's lanes past the end read as
//! zero and are not written. The bf16 kernels run one launch index per hardware thread
//! (`#[coarsen(1)]`): on an H100 at 4096 × 5632 and 8192 × 5632 that was 1–4% faster than the
//! default four, forward and backward (benchmarks/RESULTS.md).
use oxpack::math::fast;
use oxpack::prelude::*;

mod common;
use common::{load4_each, recip};

/// sigmoid(g) = 1 / (1 + e^-g), from the hardware's approximations: t = e^-|g| by `ex2.approx`
/// (`fast::exp`; in (0, 1], so it never overflows, and flushed to 0 below about -87), the
/// reciprocal of 1 + t (in [1, 2]) by `common::recip` (an `rsqrt.approx` squared and one Newton
/// step), then t / (1 + t) for a negative g. Within a few f32 ulps of the exact sigmoid, in about
/// 10 instructions and no branch, where `1.0 / (1.0 + (-g).exp())` takes libdevice's `expf`
/// and an IEEE division (about 25, and a branch per lane): the kernels stay memory-bound.
#[inline(always)]
fn sigmoid(g: f32) -> f32 {
    let t = fast::exp(-g.abs());
    let inv = recip(1.0 + t);
    if g >= 0.0 { inv } else { t * inv }
}

/// silu(g) · u, silu(g) = g · sigmoid(g).
#[inline(always)]
fn swiglu(g: f32, u: f32) -> f32 {
    g * sigmoid(g) * u
}

/// The gradients of `swiglu(g, u)` for an incoming gradient `d`: (dgate, dup) =
/// (d · u · σ(g) · (1 + g · (1 − σ(g))), d · silu(g)).
#[inline(always)]
fn swiglu_grad(d: f32, g: f32, u: f32) -> (f32, f32) {
    let s = sigmoid(g);
    (d * u * s * g.mul_add(1.0 - s, 1.0), d * (g * s))
}

/// Lanes as f32: the bf16 chunks' values, widened exactly.
#[inline(always)]
fn widen(v: BF16x8) -> [f32; 8] {
    v.0.map(|e| e.to_f32())
}

kernel! {
    /// out = silu(gate) · up, silu(g) = g · sigmoid(g), in f32: a thread per 4 elements
    /// (16-byte loads and stores), `swiglu_f32(gate, up) -> out`.
    #[launch(threads = cdiv(len(gate), 4))]
    #[outputs(out = (len(gate)))]
    #[backward(swiglu_f32_bwd)]
    pub fn swiglu_f32(i: ThreadIndex, gate: &[f32], up: &[f32], out: &mut DisjointSlice<f32, Vec4>)
    where (len(up) == len(gate), len(out) == len(gate)) {
        let [g, u] = load4_each([gate, up], i.get());
        if let (Some(g), Some(u), Some(mut o)) = (g, u, out.get_mut_vec4(i)) {
            o.set(F32x4(core::array::from_fn(|l| swiglu(g.0[l], u.0[l]))));
        }
    }

    /// The gradients of `swiglu_f32` for the gradient `dout` of its output: dgate = dout ·
    /// up · σ(gate) · (1 + gate · (1 − σ(gate))), dup = dout · silu(gate), in f32, a thread
    /// per 4 elements; `swiglu_f32_bwd(dout, gate, up) -> (dgate, dup)`.
    #[launch(threads = cdiv(len(gate), 4))]
    #[outputs(dgate = (len(gate)), dup = (len(gate)))]
    pub fn swiglu_f32_bwd(
        i: ThreadIndex, dout: &[f32], gate: &[f32], up: &[f32],
        dgate: &mut DisjointSlice<f32, Vec4>, dup: &mut DisjointSlice<f32, Vec4>,
    ) where (len(dout) == len(gate), len(up) == len(gate), len(dgate) == len(gate), len(dup) == len(gate)) {
        let k = i.get();
        let [d, g, u] = load4_each([dout, gate, up], k);
        if let (Some(d), Some(g), Some(u), Some(mut dg), Some(mut du)) =
            (d, g, u, dgate.get_mut_vec4(i), dup.get_mut_vec4(i)) {
            let r: [(f32, f32); 4] = core::array::from_fn(|l| swiglu_grad(d.0[l], g.0[l], u.0[l]));
            dg.set(F32x4(r.map(|(a, _)| a)));
            du.set(F32x4(r.map(|(_, b)| b)));
        }
    }

    /// `swiglu_f32` on bfloat16 storage, computed in f32 and rounded once: a thread per 8
    /// elements (16 bytes); `swiglu_bf16(gate, up) -> out`.
    #[launch(threads = cdiv(len(gate), 8))]
    #[outputs(out = (len(gate)))]
    #[backward(swiglu_bf16_bwd)]
    #[coarsen(1)]
    pub fn swiglu_bf16(i: ThreadIndex, gate: &[BF16], up: &[BF16], out: &mut DisjointSlice<BF16, Vec4>)
    where (len(up) == len(gate), len(out) == len(gate)) {
        let [g, u] = load4_each([gate, up], i.get());
        if let (Some(g), Some(u), Some(mut o)) = (g, u, out.get_mut_vec4(i)) {
            let (g, u) = (widen(g), widen(u));
            o.set(BF16x8(core::array::from_fn(|l| BF16::from_f32(swiglu(g[l], u[l])))));
        }
    }

    /// `swiglu_f32_bwd` on bfloat16 storage, computed in f32 and rounded once, a thread per 8
    /// elements; `swiglu_bf16_bwd(dout, gate, up) -> (dgate, dup)`.
    #[launch(threads = cdiv(len(gate), 8))]
    #[outputs(dgate = (len(gate)), dup = (len(gate)))]
    #[coarsen(1)]
    pub fn swiglu_bf16_bwd(
        i: ThreadIndex, dout: &[BF16], gate: &[BF16], up: &[BF16],
        dgate: &mut DisjointSlice<BF16, Vec4>, dup: &mut DisjointSlice<BF16, Vec4>,
    ) where (len(dout) == len(gate), len(up) == len(gate), len(dgate) == len(gate), len(dup) == len(gate)) {
        let k = i.get();
        let [d, g, u] = load4_each([dout, gate, up], k);
        if let (Some(d), Some(g), Some(u), Some(mut dg), Some(mut du)) =
            (d, g, u, dgate.get_mut_vec4(i), dup.get_mut_vec4(i)) {
            let (d, g, u) = (widen(d), widen(g), widen(u));
            let r: [(f32, f32); 8] = core::array::from_fn(|l| swiglu_grad(d[l], g[l], u[l]));
            dg.set(BF16x8(r.map(|(a, _)| BF16::from_f32(a))));
            du.set(BF16x8(r.map(|(_, b)| BF16::from_f32(b))));
        }
    }
}
