//! Normalisations, written with the cooperative layouts: LayerNorm as llm.c's
//! `layernorm_forward` (fp32: out, mean, rstd), RMSNorm on bfloat16 (f32 math), and the
//! residual add that feeds them in a transformer block.
use oxpack::block;
use oxpack::math::fast;
use oxpack::prelude::*;

/// `d · rstd · w + b` for a chunk of 4 centred values (`x - mean`) and the same chunk of the
/// weights and biases.
#[inline(always)]
fn normalized(d: F32x4, rstd: f32, w: F32x4, b: F32x4) -> F32x4 {
    F32x4(core::array::from_fn(|l| (d.0[l] * rstd).mul_add(w.0[l], b.0[l])))
}

/// 1 / n for a row length n >= 1 with no division: a division's slow path is a call, around
/// which the assembler keeps every live register (a whole row's), so it would set the kernel's
/// register count. An `rsqrt.approx` squared (2^-21 relative), then one Newton step (within
/// f32 rounding of 1 / n: the step's own error, 2^-42, is below it).
#[inline(always)]
fn recip(n: f32) -> f32 {
    let r = fast::rsqrt(n);
    let y = r * r;
    y * (-n).mul_add(y, 2.0)
}

/// `x · rstd · w` for a chunk of 8 bfloat16 values and the same chunk of the weights, in f32.
#[inline(always)]
fn scaled(x: BF16x8, rstd: f32, w: BF16x8) -> BF16x8 {
    BF16x8(core::array::from_fn(|l| BF16::from_f32(x.0[l].to_f32() * rstd * w.0[l].to_f32())))
}

/// LayerNorm of a row too long for the registers (`row`, its input `xr`, `inv_n` = 1 / its
/// length), in three passes over it: the sum, the centred squares, then each chunk normalised and
/// written. `sum` totals a pass over the row's group (`warp_sum` for a warp per row,
/// `block::sum_f32` for a block); gives `(mean, rstd)`. A macro, not a function: its code is
/// written out in each kernel, as the kernel's own lines would be.
macro_rules! layernorm_passes {
    ($sum:path, $row:ident, $xr:ident, $weight:ident, $bias:ident, $inv_n:ident) => {{
        let mut sum = 0.0;
        for c in $row.chunks() {
            let v = load4($xr, c).unwrap_or_default(); // lanes past the row read 0
            sum += v.0[0] + v.0[1] + v.0[2] + v.0[3];
        }
        let m = $sum(sum) * $inv_n;
        let mut sq = 0.0;
        for c in $row.chunks() {
            let (v, lanes) = (load4($xr, c).unwrap_or_default(), $row.lanes(c));
            for l in 0..4 {
                if l < lanes {
                    sq += (v.0[l] - m) * (v.0[l] - m);
                }
            }
        }
        let s = ($sum(sq) * $inv_n + 1e-5).rsqrt();
        for (c, mut o) in $row.iter_mut() {
            let (w, b) = (load4($weight, c).unwrap_or_default(), load4($bias, c).unwrap_or_default());
            let x = load4_streaming($xr, c).unwrap_or_default();
            o.set_streaming(normalized(F32x4(x.0.map(|e| e - m)), s, w, b));
        }
        (m, s)
    }};
}

/// RMSNorm of a bfloat16 row too long for the registers, in two passes (the squares, then each
/// chunk scaled and written), `sum` totalling over the row's group as in `layernorm_passes!`;
/// gives `rstd`.
macro_rules! rmsnorm_passes {
    ($sum:path, $row:ident, $xr:ident, $weight:ident, $eps:ident, $inv_n:ident) => {{
        let mut sq = 0.0;
        for c in $row.chunks() {
            let v = load4($xr, c).unwrap_or_default(); // lanes past the row read 0
            for e in v.0 {
                sq += e.to_f32() * e.to_f32();
            }
        }
        let s = ($sum(sq) * $inv_n + $eps).rsqrt();
        for (c, mut o) in $row.iter_mut() {
            o.set(scaled(load4($xr, c).unwrap_or_default(), s, load4($weight, c).unwrap_or_default()));
        }
        s
    }};
}

kernel! {
    /// LayerNorm forward over rows of `C = len(weight)` channels, as llm.c's
    /// `layernorm_forward`: out = (x - mean) · rstd · weight + bias per row, with the row's
    /// mean and rstd = 1 / sqrt(var + 1e-5) saved for the backward pass. One warp per row,
    /// 16 bytes at a time, in blocks of whole warps (256 by default; `#[whole_warps]`, so the
    /// stub refuses any other block and the warp sums carry no partial-warp path); a row of
    /// up to 1,024 channels is read once into registers, a longer one three times.
    #[launch(threads = 32 * len(mean))]
    #[tune(block = [64, 128, 256, 512])]
    // 64 registers (32 warps an SM on sm_80–sm_120, no spills): the last pass writes each
    // chunk as it is computed (`map_with_store`), so the weights and biases read for it are not
    // held beside the whole row; without the cap ptxas takes 68 on sm_90 (70 with `map_with`
    // then `store`, which spill 48 bytes under the cap).
    #[max_registers(64)]
    #[whole_warps]
    pub fn layernorm(
        i: ThreadIndex, x: &[f32], weight: &[f32], bias: &[f32],
        out: &mut DisjointSlice<f32, WarpRows<Vec4>> = (len(weight)),
        mean: &mut DisjointSlice<f32, OnePerWarp>,
        rstd: &mut DisjointSlice<f32, OnePerWarp>,
    ) where (len(weight) >= 1, len(bias) == len(weight), len(out) == len(x), len(x) % len(weight) == 0,
             len(mean) == len(x) / len(weight), len(rstd) == len(mean)) {
        // `None` for a whole warp at once (past the last row, or a row too long for the
        // registers): no lane leaves a `warp_sum` that the others wait at.
        let Some(row) = out.warp_row(i) else { return };
        // `get`, not `x[..]`: the where clause puts every row inside `x`, and a bounds panic (a
        // trap) on a value the assembler cannot tell is the same in every lane makes it guard
        // every later shuffle as if the warp had diverged.
        let Some(xr) = x.get(row.range()) else { return };
        let inv_n = recip(row.cols() as f32); // the mean is a sum times 1 / C
        let (m, s) = if let Some(v) = RegChunks::<f32, _, 8>::load_streaming(&row, xr) {
            let m = warp_sum(v.fold(0.0, |a, e| a + e)) * inv_n;
            let d = v.map(|e| e - m); // the row, centred: the registers now hold x - mean only
            let var = warp_sum(d.fold(0.0, |a, e| e.mul_add(e, a))) * inv_n;
            let s = (var + 1e-5).rsqrt();
            // each chunk written before the next one's weights and biases are read
            d.map_with_store_streaming([weight, bias], |dv, [w, b]| normalized(dv, s, w, b), row);
            (m, s)
        } else {
            layernorm_passes!(warp_sum, row, xr, weight, bias, inv_n)
        };
        if let Some(o) = mean.warp_value(i) {
            *o = m;
        }
        if let Some(o) = rstd.warp_value(i) {
            *o = s;
        }
    }

    /// RMSNorm on bfloat16 rows of `C = len(weight)` channels, computed in f32: out = x ·
    /// rstd · weight with rstd = 1 / sqrt(mean(x²) + eps), saved per row. One block per row,
    /// 16 bytes (8 values) at a time, its block tuned among 128, 256 and 512; a row of up
    /// to 32 · block channels is read once into registers, a longer one twice.
    #[launch(grid = len(rstd))]
    #[tune(block = [128, 256, 512])]
    pub fn rmsnorm_bf16(
        i: ThreadIndex, eps: f32, x: &[BF16], weight: &[BF16],
        out: &mut DisjointSlice<BF16, BlockRows<Vec4>> = (len(weight)),
        rstd: &mut DisjointSlice<f32, OnePerBlock>,
    ) where (len(weight) >= 1, len(out) == len(x), len(x) % len(weight) == 0, len(rstd) == len(x) / len(weight)) {
        // `None` for a whole block at once: no thread skips the block reduction.
        let Some(row) = out.block_row(i) else { return };
        let Some(xr) = x.get(row.range()) else { return }; // inside `x` (see `layernorm`)
        let inv_n = recip(row.cols() as f32);
        let s = if let Some(v) = RegChunks::<BF16, _, 4>::load(&row, xr) {
            let s = (block::sum_f32(v.fold(0.0, |a, e| e.to_f32().mul_add(e.to_f32(), a))) * inv_n + eps).rsqrt();
            v.map_with([weight], |xv, [w]| scaled(xv, s, w)).store(row);
            s
        } else {
            rmsnorm_passes!(block::sum_f32, row, xr, weight, eps, inv_n)
        };
        if let Some(o) = rstd.block_value(i) {
            *o = s;
        }
    }

    /// LayerNorm forward as `layernorm`, one block per row: for wide rows (C in the
    /// thousands), where a warp per row would hold too much in registers; its block is tuned
    /// among 128, 256 and 512. A row of up to 16 · block channels is read once into registers, a longer
    /// one three times.
    #[launch(grid = len(mean))]
    #[tune(block = [128, 256, 512])]
    pub fn layernorm_block(
        i: ThreadIndex, x: &[f32], weight: &[f32], bias: &[f32],
        out: &mut DisjointSlice<f32, BlockRows<Vec4>> = (len(weight)),
        mean: &mut DisjointSlice<f32, OnePerBlock>,
        rstd: &mut DisjointSlice<f32, OnePerBlock>,
    ) where (len(weight) >= 1, len(bias) == len(weight), len(out) == len(x), len(x) % len(weight) == 0,
             len(mean) == len(x) / len(weight), len(rstd) == len(mean)) {
        // `None` for a whole block at once: no thread skips the block reductions.
        let Some(row) = out.block_row(i) else { return };
        let Some(xr) = x.get(row.range()) else { return }; // inside `x` (see `layernorm`)
        let inv_n = recip(row.cols() as f32);
        let (m, s) = if let Some(v) = RegChunks::<f32, _, 4>::load(&row, xr) {
            let m = block::sum_f32(v.fold(0.0, |a, e| a + e)) * inv_n;
            let d = v.map(|e| e - m); // the row, centred
            let var = block::sum_f32(d.fold(0.0, |a, e| e.mul_add(e, a))) * inv_n;
            let s = (var + 1e-5).rsqrt();
            d.map_with([weight, bias], |dv, [w, b]| normalized(dv, s, w, b)).store_streaming(row);
            (m, s)
        } else {
            layernorm_passes!(block::sum_f32, row, xr, weight, bias, inv_n)
        };
        if let Some(o) = mean.block_value(i) {
            *o = m;
        }
        if let Some(o) = rstd.block_value(i) {
            *o = s;
        }
    }

    /// RMSNorm on bfloat16 as `rmsnorm_bf16`, one warp per row: for rows of hundreds to
    /// a few thousand channels, where a block per row would spend its time in barriers.
    /// Blocks of whole warps (256 by default; `#[whole_warps]`: the stub refuses any other);
    /// a row of up to 1,024 channels is read once into registers, a longer one twice.
    #[launch(threads = 32 * len(rstd))]
    #[tune(block = [64, 128, 256, 512])]
    #[whole_warps]
    pub fn rmsnorm_bf16_warp(
        i: ThreadIndex, eps: f32, x: &[BF16], weight: &[BF16],
        out: &mut DisjointSlice<BF16, WarpRows<Vec4>> = (len(weight)),
        rstd: &mut DisjointSlice<f32, OnePerWarp>,
    ) where (len(weight) >= 1, len(out) == len(x), len(x) % len(weight) == 0, len(rstd) == len(x) / len(weight)) {
        // `None` for a whole warp at once: no lane leaves a `warp_sum` that the others wait at.
        let Some(row) = out.warp_row(i) else { return };
        let Some(xr) = x.get(row.range()) else { return }; // inside `x` (see `layernorm`)
        let inv_n = recip(row.cols() as f32);
        let s = if let Some(v) = RegChunks::<BF16, _, 4>::load_streaming(&row, xr) {
            let s = (warp_sum(v.fold(0.0, |a, e| e.to_f32().mul_add(e.to_f32(), a))) * inv_n + eps).rsqrt();
            v.map_with([weight], |xv, [w]| scaled(xv, s, w)).store(row);
            s
        } else {
            rmsnorm_passes!(warp_sum, row, xr, weight, eps, inv_n)
        };
        if let Some(o) = rstd.warp_value(i) {
            *o = s;
        }
    }

    /// out = a + b (llm.c's `residual_forward`), grid-stride, 16 bytes at a time: any
    /// launch covers any length, e.g. threads = 4 · 132 · 256 on an H200 whatever `len(out)`.
    pub fn residual_add(i: ThreadIndex, a: &[f32], b: &[f32], out: &mut DisjointSlice<f32, GridStride<Vec4>>)
    where (len(a) == len(out), len(b) == len(out)) {
        if let Some(mine) = out.grid_stride(i) {
            for (c, mut o) in mine.iter_mut() {
                let (x, y) = (load4_streaming(a, c).unwrap_or_default(), load4_streaming(b, c).unwrap_or_default());
                o.set_streaming(F32x4(core::array::from_fn(|l| x.0[l] + y.0[l])));
            }
        }
    }
}
