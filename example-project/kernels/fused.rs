//! The residual add fused with the RMSNorm after it, on bfloat16 (f32 math) and float32, as vLLM's
//! `fused_add_rms_norm`: forward, and backward in two kernels (the gradient of the inputs over a block's
//! group of rows, with the weights' gradient summed over the same rows beside it; then those partial rows
//! summed column by column, with no atomics, so that two runs give the same bytes).
use oxpack::block;
use oxpack::prelude::*;

#[macro_use]
mod common;
use common::{column_sums, recip, Chunk, Lanes, PARTIAL_ROWS};

/// The fused add + RMSNorm of a row of storage type `$t` in two passes, holding none of it in
/// registers: the sum written and squared, then computed again (the same bits) and scaled; gives
/// `rstd`. The squares are folded in the one-read path's order, with its fused multiply-adds: the
/// same bits as it.
macro_rules! two_passes {
    ($t:ty, $row:ident, $hrow:ident, $xr:ident, $rr:ident, $weight:ident, $eps:ident, $inv_n:ident) => {{
        let mut sq = 0.0;
        for (c, mut o) in $hrow.iter_mut() {
            let h = <$t>::add(load4($xr, c).unwrap_or_default(), load4($rr, c).unwrap_or_default());
            o.set(h);
            sq = h.0.iter().fold(sq, |a, e| e.wide().mul_add(e.wide(), a));
        }
        let s = (block::sum_f32(sq) * $inv_n + $eps).rsqrt();
        for (c, mut o) in $row.iter_mut() {
            let h = <$t>::add(load4($xr, c).unwrap_or_default(), load4($rr, c).unwrap_or_default());
            o.set(<$t>::scaled(h, s, load4($weight, c).unwrap_or_default()));
        }
        s
    }};
}

/// A fused add + RMSNorm kernel's row, one block per row: the block's `$row` of `$out` and
/// `$hrow` of `$residual_out` (none: the whole block returns, so no thread skips the block
/// reduction), its inputs `$xr` in `$x` and `$rr` in `$residual`, and `$inv_n` = 1 / its length;
/// `$rstd_of`, given them, computes the rows and the rstd, which goes to `$rstd`.
macro_rules! fused_row {
    ($i:ident, $x:ident, $residual:ident, $out:ident, $residual_out:ident, $rstd:ident,
     |$row:ident, $hrow:ident, $xr:ident, $rr:ident, $inv_n:ident| $rstd_of:expr) => {{
        // both outputs have x's length: both rows exist or neither
        let (Some($row), Some($hrow)) = ($out.block_row($i), $residual_out.block_row($i)) else { return };
        let (Some($xr), Some($rr)) = ($x.get($row.range()), $residual.get($row.range())) else { return };
        let $inv_n = recip($row.cols() as f32);
        let s = $rstd_of;
        if let Some(o) = $rstd.block_value($i) {
            *o = s;
        }
    }};
}

/// The sum `x + residual` of the chunks held in `$v` (`$last` `streamed`: `map_with`; `held`:
/// `map_with_loads_first`), then, given `$f` (the norm of a chunk and its weights), the last pass to
/// `$row`: `streamed` a chunk at a time (`map_with_store`), `held` every load first
/// (`map_with_loads_first`, then `store`).
macro_rules! with_rows {
    (streamed, $v:ident, $rows:expr, $f:expr) => {
        $v.map_with($rows, $f)
    };
    (held, $v:ident, $rows:expr, $f:expr) => {
        $v.map_with_loads_first($rows, $f)
    };
    (streamed, $v:ident, $rows:expr, $f:expr, $row:ident) => {
        $v.map_with_store($rows, $f, $row)
    };
    (held, $v:ident, $rows:expr, $f:expr, $row:ident) => {
        $v.map_with_loads_first($rows, $f).store($row)
    };
}

/// The fused add + RMSNorm of a row of storage type `$t` held in registers, up to `$n` 16-byte
/// chunks of it a thread (`RegChunks`), its squares totalled by `$sum` over the row's threads
/// (`block::sum_f32`, or `warp_sum` for a warp per row), giving rstd; a longer row runs `$longer`
/// instead. `fused_add_rmsnorm_bf16` and `fused_add_rmsnorm_f32` hold four chunks and read a longer
/// row twice (`two_passes!`); `fused_add_rmsnorm_bf16_one_chunk` holds one and its `where` refuses
/// longer rows. `$last` is `streamed` for those: the last pass reads the weights by `map_with_store` (a
/// chunk read, scaled and written before the next is read: fewer registers, 512 threads a block on
/// sm_80). Where `$last` is `held`
/// (`fused_add_rmsnorm_bf16_warp`), the residual's and the weights' chunks are read by
/// `map_with_loads_first`, all loads issued before the arithmetic where the row fills the chunks
/// held: on an H100 at 8192 × 2048 the tuned call took 47.7 µs, where it took 55.0 (the one-chunk
/// sibling, the tuning's best then) with the loads waited for one by one (benchmarks/RESULTS.md).
macro_rules! fused_in_registers {
    ($t:ty, $sum:path, $n:literal, $row:ident, $hrow:ident, $xr:ident, $rr:ident, $weight:ident, $eps:ident,
     $inv_n:ident, $longer:expr, $last:ident) => {{
        if let Some(v) = RegChunks::<$t, _, $n>::load_streaming(&$row, $xr) {
            let h = with_rows!($last, v, [$rr], |xv, [rv]| <$t>::add(xv, rv)); // the sum, in registers
            h.store($hrow);
            let s = ($sum(h.fold(0.0, |a, e| e.wide().mul_add(e.wide(), a))) * $inv_n + $eps).rsqrt();
            with_rows!($last, h, [$weight], |hv, [w]| <$t>::scaled(hv, s, w), $row);
            s
        } else {
            $longer
        }
    }};
}


kernel! {
    /// The residual add and RMSNorm of a transformer block, in one pass (vLLM's
    /// `fused_add_rms_norm`) over rows of `C = len(weight)` bfloat16 channels:
    /// residual_out = x + residual (rounded to bf16, as PyTorch adds bf16 tensors), then
    /// out = residual_out · rstd · weight with rstd = 1 / sqrt(mean(residual_out²) + eps), in
    /// f32, rounded once; rstd saved per row (f32) for the backward pass.
    /// `fused_add_rmsnorm_bf16(eps, x, residual, weight) -> (out, residual_out, rstd)`.
    /// One block per row, 16 bytes (8 values) at a time, its block tuned among 128, 256 and
    /// 512; a row of up to 32 · block channels is read once into registers, a longer one twice.
    /// The tuning weighs `fused_add_rmsnorm_bf16_two_pass` and `fused_add_rmsnorm_bf16_one_chunk`
    /// too (the same bits from fewer registers), and `fused_add_rmsnorm_bf16_warp` (a warp per row,
    /// no block barrier). Where `out`'s gradient is a sum of two or three tensors (the projections that
    /// read it), a compiled graph runs `fused_add_rmsnorm_bf16_bwd_sum2` or `_sum3` on the terms.
    #[launch(grid = len(rstd))]
    #[tune(block = [128, 256, 512],
          kernels = [fused_add_rmsnorm_bf16_two_pass, fused_add_rmsnorm_bf16_one_chunk, fused_add_rmsnorm_bf16_warp])]
    #[outputs(out = (len(x) / len(weight), len(weight)), residual_out = (len(x) / len(weight), len(weight)),
              rstd = (len(x) / len(weight)))]
    #[backward(fused_add_rmsnorm_bf16_bwd, rmsnorm_bf16_bwd_reduce_halves, dresidual = dx,
               dout = fused_add_rmsnorm_bf16_bwd_sum2, dout = fused_add_rmsnorm_bf16_bwd_sum3)]
    pub fn fused_add_rmsnorm_bf16(
        i: ThreadIndex, eps: f32, x: &[BF16], residual: &[BF16], weight: &[BF16],
        out: &mut DisjointSlice<BF16, BlockRows<Vec4>> = (len(weight)),
        residual_out: &mut DisjointSlice<BF16, BlockRows<Vec4>> = (len(weight)),
        rstd: &mut DisjointSlice<f32, OnePerBlock>,
    ) where (len(weight) >= 1, len(x) % len(weight) == 0, len(residual) == len(x), len(out) == len(x),
             len(residual_out) == len(x), len(rstd) == len(x) / len(weight)) {
        fused_row!(i, x, residual, out, residual_out, rstd, |row, hrow, xr, rr, inv_n| fused_in_registers!(
            BF16, block::sum_f32, 4, row, hrow, xr, rr, weight, eps, inv_n,
            two_passes!(BF16, row, hrow, xr, rr, weight, eps, inv_n), streamed))
    }

    /// `fused_add_rmsnorm_bf16` holding one 16-byte chunk (8 values) of the row a thread: fewer
    /// registers, so more rows in flight an SM. Rows of at most 8 · block channels, blocks of whole warps
    /// (its `where`; a longer row's second pass would cost the registers saved). The same bits; the
    /// tuning of `fused_add_rmsnorm_bf16` weighs it, and skips a block its `where` refuses.
    #[launch(grid = len(rstd))]
    #[tune(block = [256, 512])]
    #[outputs(out = (len(x) / len(weight), len(weight)), residual_out = (len(x) / len(weight), len(weight)),
              rstd = (len(x) / len(weight)))]
    #[launch_bounds(512)]
    pub fn fused_add_rmsnorm_bf16_one_chunk(
        i: ThreadIndex, eps: f32, x: &[BF16], residual: &[BF16], weight: &[BF16],
        out: &mut DisjointSlice<BF16, BlockRows<Vec4>> = (len(weight)),
        residual_out: &mut DisjointSlice<BF16, BlockRows<Vec4>> = (len(weight)),
        rstd: &mut DisjointSlice<f32, OnePerBlock>,
    ) where (len(weight) >= 1, len(x) % len(weight) == 0, len(residual) == len(x), len(out) == len(x),
             len(residual_out) == len(x), len(rstd) == len(x) / len(weight), len(weight) <= 8 * block,
             block % 32 == 0) {
        // every row fits the thread's one chunk (the `where`): the other arm never runs
        fused_row!(i, x, residual, out, residual_out, rstd,
                   |row, hrow, xr, rr, inv_n| fused_in_registers!(
                       BF16, block::sum_f32, 1, row, hrow, xr, rr, weight, eps, inv_n, trap(), streamed))
    }

    /// `fused_add_rmsnorm_bf16` a warp per row, holding up to eight 16-byte chunks of the sum a lane:
    /// rows of up to 2,048 channels (its `where`) read once into registers, and no block barrier
    /// between a row's loads and its stores. The tuning of `fused_add_rmsnorm_bf16` weighs it, among
    /// 64 to 512 threads a block (2 to 16 rows).
    #[launch(threads = 32 * len(rstd))]
    #[tune(block = [64, 128, 256, 512])]
    #[outputs(out = (len(x) / len(weight), len(weight)), residual_out = (len(x) / len(weight), len(weight)),
              rstd = (len(x) / len(weight)))]
    #[whole_warps]
    pub fn fused_add_rmsnorm_bf16_warp(
        i: ThreadIndex, eps: f32, x: &[BF16], residual: &[BF16], weight: &[BF16],
        out: &mut DisjointSlice<BF16, WarpRows<Vec4>> = (len(weight)),
        residual_out: &mut DisjointSlice<BF16, WarpRows<Vec4>> = (len(weight)),
        rstd: &mut DisjointSlice<f32, OnePerWarp>,
    ) where (len(weight) >= 1, len(x) % len(weight) == 0, len(residual) == len(x), len(out) == len(x),
             len(residual_out) == len(x), len(rstd) == len(x) / len(weight), len(weight) <= 2048) {
        // `None` for a whole warp at once: no lane leaves a `warp_sum` that the others wait at
        let (Some(row), Some(hrow)) = (out.warp_row(i), residual_out.warp_row(i)) else { return };
        let (Some(xr), Some(rr)) = (x.get(row.range()), residual.get(row.range())) else { return };
        let inv_n = recip(row.cols() as f32);
        // every row fits the lane's eight chunks (the `where`): the other arm never runs
        let s = fused_in_registers!(BF16, warp_sum, 8, row, hrow, xr, rr, weight, eps, inv_n, trap(), held);
        if let Some(o) = rstd.warp_value(i) {
            *o = s;
        }
    }

    /// `fused_add_rmsnorm_bf16` in two passes over each row (the second read mostly from L2),
    /// holding none of it in registers: more blocks an SM, more bytes in flight, where the
    /// one-read kernel's registers limit it. The same bits; the tuning of
    /// `fused_add_rmsnorm_bf16` weighs it (`#[tune(kernels = [...])]`).
    #[launch(grid = len(rstd))]
    #[tune(block = [128, 256, 512])]
    #[outputs(out = (len(x) / len(weight), len(weight)), residual_out = (len(x) / len(weight), len(weight)),
              rstd = (len(x) / len(weight)))]
    pub fn fused_add_rmsnorm_bf16_two_pass(
        i: ThreadIndex, eps: f32, x: &[BF16], residual: &[BF16], weight: &[BF16],
        out: &mut DisjointSlice<BF16, BlockRows<Vec4>> = (len(weight)),
        residual_out: &mut DisjointSlice<BF16, BlockRows<Vec4>> = (len(weight)),
        rstd: &mut DisjointSlice<f32, OnePerBlock>,
    ) where (len(weight) >= 1, len(x) % len(weight) == 0, len(residual) == len(x), len(out) == len(x),
             len(residual_out) == len(x), len(rstd) == len(x) / len(weight)) {
        fused_row!(i, x, residual, out, residual_out, rstd,
                   |row, hrow, xr, rr, inv_n| two_passes!(BF16, row, hrow, xr, rr, weight, eps, inv_n))
    }

    /// The backward pass of `fused_add_rmsnorm_bf16`, first kernel: with h = residual_out and s = rstd per
    /// row, g = dresidual_out + s · (weight·dout − h · s² · mean(weight·dout·h)), and dx = g (bf16, rounded
    /// once), which is also the gradient of `residual` (`dresidual = dx` in the forward's `#[backward]`: one
    /// array written, not two of the same values); and over each block's `PARTIAL_ROWS` (16) rows the f32
    /// column sums of dout · h · s (`rms_bwd_group!`, in common/): columns `8q .. 8q + 4` in chunk `q` of
    /// `dweight_lo`'s row, `8q + 4 .. 8q + 8` in `dweight_hi`'s, which norm.rs's
    /// `rmsnorm_bf16_bwd_reduce_halves` adds up. `fused_add_rmsnorm_bf16_bwd(dout, dresidual_out,
    /// residual_out, weight, rstd) -> (dx, dweight_lo, dweight_hi)`. A block per 16 rows, its block tuned
    /// between 128 and 256 (ptxas takes 232 registers on sm_80, 148 on sm_90: `#[launch_bounds(256)]`; the
    /// sm_90a body below also 512); a row of up to 8 · block channels, whole 16-byte chunks from aligned
    /// starts, is read once (its column sums carried in registers), any other twice and its sums from a third
    /// read.
    #[launch(grid = cdiv(len(rstd), {PARTIAL_ROWS}))]
    #[tune(block = [128, 256])]
    #[outputs(dx = (len(dout) / len(weight), len(weight)),
              dweight_lo = (cdiv(len(rstd), {PARTIAL_ROWS}), 4 * cdiv(len(weight), 8)),
              dweight_hi = (cdiv(len(rstd), {PARTIAL_ROWS}), 4 * cdiv(len(weight), 8)))]
    #[launch_bounds(256)]
    pub fn fused_add_rmsnorm_bf16_bwd(
        i: ThreadIndex, dout: &[BF16], dresidual_out: &[BF16], residual_out: &[BF16], weight: &[BF16],
        rstd: &[f32],
        dx: &mut DisjointSlice<BF16, BlockRowGroups<PARTIAL_ROWS, Vec4>> = (len(weight)),
        dweight_lo: &mut DisjointSlice<f32, BlockRows<Vec4>> = (4 * ((len(weight) + 7) / 8)),
        dweight_hi: &mut DisjointSlice<f32, BlockRows<Vec4>> = (4 * ((len(weight) + 7) / 8)),
    ) where (len(weight) >= 1, len(dout) % len(weight) == 0, len(rstd) == len(dout) / len(weight),
             len(dresidual_out) == len(dout), len(residual_out) == len(dout), len(dx) == len(dout),
             len(dweight_lo) == cdiv(len(rstd), 16) * 4 * cdiv(len(weight), 8), len(dweight_hi) == len(dweight_lo)) {
        rms_bwd_group!(BF16, 1, i, dout, [dresidual_out], residual_out, weight, rstd, dx, dweight_lo, dweight_hi);
    }

    /// `fused_add_rmsnorm_bf16_bwd` on Hopper (sm_90a): the same body under a cap of 128 registers (126, none
    /// spilled: two blocks of 256 an SM, where the uncapped 148 leave one), so also blocks of 512 (rows of up
    /// to 4,096 channels read once). sm_80's ptxas spills under that cap (about 540 bytes), so the other
    /// archs keep the uncapped body, in blocks of at most 256.
    #[variant_of(fused_add_rmsnorm_bf16_bwd, sm_90a)]
    #[launch(grid = cdiv(len(rstd), {PARTIAL_ROWS}))]
    #[tune(block = [128, 256, 512])]
    #[max_registers(128)]
    pub fn fused_add_rmsnorm_bf16_bwd_sm90a(
        i: ThreadIndex, dout: &[BF16], dresidual_out: &[BF16], residual_out: &[BF16], weight: &[BF16],
        rstd: &[f32],
        dx: &mut DisjointSlice<BF16, BlockRowGroups<PARTIAL_ROWS, Vec4>> = (len(weight)),
        dweight_lo: &mut DisjointSlice<f32, BlockRows<Vec4>> = (4 * ((len(weight) + 7) / 8)),
        dweight_hi: &mut DisjointSlice<f32, BlockRows<Vec4>> = (4 * ((len(weight) + 7) / 8)),
    ) where (len(weight) >= 1, len(dout) % len(weight) == 0, len(rstd) == len(dout) / len(weight),
             len(dresidual_out) == len(dout), len(residual_out) == len(dout), len(dx) == len(dout),
             len(dweight_lo) == cdiv(len(rstd), 16) * 4 * cdiv(len(weight), 8), len(dweight_hi) == len(dweight_lo)) {
        rms_bwd_group!(BF16, 1, i, dout, [dresidual_out], residual_out, weight, rstd, dx, dweight_lo, dweight_hi);
    }

    /// `fused_add_rmsnorm_bf16_bwd` where the gradient of `out` is a sum, `dout + dout_1` as PyTorch adds
    /// two bfloat16 tensors (the f32 sum rounded once), read by the kernel instead of a separate add's output.
    #[launch(grid = cdiv(len(rstd), {PARTIAL_ROWS}))]
    #[tune(block = [128, 256])]
    #[outputs(dx = (len(dout) / len(weight), len(weight)),
              dweight_lo = (cdiv(len(rstd), {PARTIAL_ROWS}), 4 * cdiv(len(weight), 8)),
              dweight_hi = (cdiv(len(rstd), {PARTIAL_ROWS}), 4 * cdiv(len(weight), 8)))]
    #[launch_bounds(256)]
    pub fn fused_add_rmsnorm_bf16_bwd_sum2(
        i: ThreadIndex, dout: &[BF16], dout_1: &[BF16], dresidual_out: &[BF16], residual_out: &[BF16],
        weight: &[BF16], rstd: &[f32],
        dx: &mut DisjointSlice<BF16, BlockRowGroups<PARTIAL_ROWS, Vec4>> = (len(weight)),
        dweight_lo: &mut DisjointSlice<f32, BlockRows<Vec4>> = (4 * ((len(weight) + 7) / 8)),
        dweight_hi: &mut DisjointSlice<f32, BlockRows<Vec4>> = (4 * ((len(weight) + 7) / 8)),
    ) where (len(weight) >= 1, len(dout) % len(weight) == 0, len(rstd) == len(dout) / len(weight),
             len(dout_1) == len(dout), len(dresidual_out) == len(dout), len(residual_out) == len(dout),
             len(dx) == len(dout),
             len(dweight_lo) == cdiv(len(rstd), 16) * 4 * cdiv(len(weight), 8), len(dweight_hi) == len(dweight_lo)) {
        rms_bwd_group!(BF16, 1, i, dout + dout_1, [dresidual_out], residual_out, weight, rstd, dx, dweight_lo,
                       dweight_hi);
    }

    /// `fused_add_rmsnorm_bf16_bwd_sum2` on Hopper (sm_90a), capped as `fused_add_rmsnorm_bf16_bwd_sm90a`.
    #[variant_of(fused_add_rmsnorm_bf16_bwd_sum2, sm_90a)]
    #[launch(grid = cdiv(len(rstd), {PARTIAL_ROWS}))]
    #[tune(block = [128, 256, 512])]
    #[max_registers(128)]
    pub fn fused_add_rmsnorm_bf16_bwd_sum2_sm90a(
        i: ThreadIndex, dout: &[BF16], dout_1: &[BF16], dresidual_out: &[BF16], residual_out: &[BF16],
        weight: &[BF16], rstd: &[f32],
        dx: &mut DisjointSlice<BF16, BlockRowGroups<PARTIAL_ROWS, Vec4>> = (len(weight)),
        dweight_lo: &mut DisjointSlice<f32, BlockRows<Vec4>> = (4 * ((len(weight) + 7) / 8)),
        dweight_hi: &mut DisjointSlice<f32, BlockRows<Vec4>> = (4 * ((len(weight) + 7) / 8)),
    ) where (len(weight) >= 1, len(dout) % len(weight) == 0, len(rstd) == len(dout) / len(weight),
             len(dout_1) == len(dout), len(dresidual_out) == len(dout), len(residual_out) == len(dout),
             len(dx) == len(dout),
             len(dweight_lo) == cdiv(len(rstd), 16) * 4 * cdiv(len(weight), 8), len(dweight_hi) == len(dweight_lo)) {
        rms_bwd_group!(BF16, 1, i, dout + dout_1, [dresidual_out], residual_out, weight, rstd, dx, dweight_lo,
                       dweight_hi);
    }

    /// `fused_add_rmsnorm_bf16_bwd` where the gradient of `out` is `dout + dout_1 + dout_2`, added as PyTorch
    /// adds them (left to right, each sum rounded to bfloat16).
    #[launch(grid = cdiv(len(rstd), {PARTIAL_ROWS}))]
    #[tune(block = [128, 256])]
    #[outputs(dx = (len(dout) / len(weight), len(weight)),
              dweight_lo = (cdiv(len(rstd), {PARTIAL_ROWS}), 4 * cdiv(len(weight), 8)),
              dweight_hi = (cdiv(len(rstd), {PARTIAL_ROWS}), 4 * cdiv(len(weight), 8)))]
    #[launch_bounds(256)]
    pub fn fused_add_rmsnorm_bf16_bwd_sum3(
        i: ThreadIndex, dout: &[BF16], dout_1: &[BF16], dout_2: &[BF16], dresidual_out: &[BF16],
        residual_out: &[BF16], weight: &[BF16], rstd: &[f32],
        dx: &mut DisjointSlice<BF16, BlockRowGroups<PARTIAL_ROWS, Vec4>> = (len(weight)),
        dweight_lo: &mut DisjointSlice<f32, BlockRows<Vec4>> = (4 * ((len(weight) + 7) / 8)),
        dweight_hi: &mut DisjointSlice<f32, BlockRows<Vec4>> = (4 * ((len(weight) + 7) / 8)),
    ) where (len(weight) >= 1, len(dout) % len(weight) == 0, len(rstd) == len(dout) / len(weight),
             len(dout_1) == len(dout), len(dout_2) == len(dout), len(dresidual_out) == len(dout),
             len(residual_out) == len(dout), len(dx) == len(dout),
             len(dweight_lo) == cdiv(len(rstd), 16) * 4 * cdiv(len(weight), 8), len(dweight_hi) == len(dweight_lo)) {
        rms_bwd_group!(BF16, 1, i, dout + dout_1 + dout_2, [dresidual_out], residual_out, weight, rstd, dx,
                       dweight_lo, dweight_hi);
    }

    /// `fused_add_rmsnorm_bf16_bwd_sum3` on Hopper (sm_90a), capped as `fused_add_rmsnorm_bf16_bwd_sm90a`.
    #[variant_of(fused_add_rmsnorm_bf16_bwd_sum3, sm_90a)]
    #[launch(grid = cdiv(len(rstd), {PARTIAL_ROWS}))]
    #[tune(block = [128, 256, 512])]
    #[max_registers(128)]
    pub fn fused_add_rmsnorm_bf16_bwd_sum3_sm90a(
        i: ThreadIndex, dout: &[BF16], dout_1: &[BF16], dout_2: &[BF16], dresidual_out: &[BF16],
        residual_out: &[BF16], weight: &[BF16], rstd: &[f32],
        dx: &mut DisjointSlice<BF16, BlockRowGroups<PARTIAL_ROWS, Vec4>> = (len(weight)),
        dweight_lo: &mut DisjointSlice<f32, BlockRows<Vec4>> = (4 * ((len(weight) + 7) / 8)),
        dweight_hi: &mut DisjointSlice<f32, BlockRows<Vec4>> = (4 * ((len(weight) + 7) / 8)),
    ) where (len(weight) >= 1, len(dout) % len(weight) == 0, len(rstd) == len(dout) / len(weight),
             len(dout_1) == len(dout), len(dout_2) == len(dout), len(dresidual_out) == len(dout),
             len(residual_out) == len(dout), len(dx) == len(dout),
             len(dweight_lo) == cdiv(len(rstd), 16) * 4 * cdiv(len(weight), 8), len(dweight_hi) == len(dweight_lo)) {
        rms_bwd_group!(BF16, 1, i, dout + dout_1 + dout_2, [dresidual_out], residual_out, weight, rstd, dx,
                       dweight_lo, dweight_hi);
    }

    /// The residual add and RMSNorm of `fused_add_rmsnorm_bf16` on float32 rows of `C =
    /// len(weight)` channels: residual_out = x + residual, then out = residual_out · rstd · weight
    /// with rstd = 1 / sqrt(mean(residual_out²) + eps), rstd saved per row for the backward pass.
    /// `fused_add_rmsnorm_f32(eps, x, residual, weight) -> (out, residual_out, rstd)`. As
    /// `rmsnorm_f32`: one block per row, 16 bytes (4 values) at a time, its block tuned among 128,
    /// 256 and 512; a row of up to 16 · block channels is read once into registers, a longer one
    /// twice. Differentiable in f32 (`torch.autograd.gradcheck` runs on it).
    #[launch(grid = len(rstd))]
    #[tune(block = [128, 256, 512])]
    #[outputs(out = (len(x) / len(weight), len(weight)), residual_out = (len(x) / len(weight), len(weight)),
              rstd = (len(x) / len(weight)))]
    #[backward(fused_add_rmsnorm_f32_bwd, rmsnorm_f32_bwd_reduce, dresidual = dx)]
    pub fn fused_add_rmsnorm_f32(
        i: ThreadIndex, eps: f32, x: &[f32], residual: &[f32], weight: &[f32],
        out: &mut DisjointSlice<f32, BlockRows<Vec4>> = (len(weight)),
        residual_out: &mut DisjointSlice<f32, BlockRows<Vec4>> = (len(weight)),
        rstd: &mut DisjointSlice<f32, OnePerBlock>,
    ) where (len(weight) >= 1, len(x) % len(weight) == 0, len(residual) == len(x), len(out) == len(x),
             len(residual_out) == len(x), len(rstd) == len(x) / len(weight)) {
        fused_row!(i, x, residual, out, residual_out, rstd, |row, hrow, xr, rr, inv_n| fused_in_registers!(
            f32, block::sum_f32, 4, row, hrow, xr, rr, weight, eps, inv_n,
            two_passes!(f32, row, hrow, xr, rr, weight, eps, inv_n), streamed))
    }

    /// The backward pass of `fused_add_rmsnorm_f32` as `fused_add_rmsnorm_bf16_bwd`'s, in f32:
    /// dx = dresidual_out + s · (weight·dout − h · s² · mean(weight·dout·h)) with h = residual_out and s
    /// = rstd, also the gradient of `residual` (`dresidual = dx`), and over each block's 16 rows the column
    /// sums of dout · h · s (`dweight_partial`, a chunk of it per chunk of the row), which norm.rs's
    /// `rmsnorm_f32_bwd_reduce` adds up. `fused_add_rmsnorm_f32_bwd(dout, dresidual_out, residual_out,
    /// weight, rstd) -> (dx, dweight_partial)`. A block per 16 rows, its block tuned between 128 and 256 (209
    /// registers on sm_80); a row of up to 4 · block channels, whole chunks from aligned starts, is read once,
    /// any other twice and its sums from a third read.
    #[launch(grid = cdiv(len(rstd), {PARTIAL_ROWS}))]
    #[tune(block = [128, 256])]
    #[outputs(dx = (len(dout) / len(weight), len(weight)),
              dweight_partial = (cdiv(len(rstd), {PARTIAL_ROWS}), len(weight)))]
    #[launch_bounds(256)]
    pub fn fused_add_rmsnorm_f32_bwd(
        i: ThreadIndex, dout: &[f32], dresidual_out: &[f32], residual_out: &[f32], weight: &[f32],
        rstd: &[f32],
        dx: &mut DisjointSlice<f32, BlockRowGroups<PARTIAL_ROWS, Vec4>> = (len(weight)),
        dweight_partial: &mut DisjointSlice<f32, BlockRows<Vec4>> = (len(weight)),
    ) where (len(weight) >= 1, len(dout) % len(weight) == 0, len(rstd) == len(dout) / len(weight),
             len(dresidual_out) == len(dout), len(residual_out) == len(dout), len(dx) == len(dout),
             len(dweight_partial) == cdiv(len(rstd), 16) * len(weight)) {
        rms_bwd_group!(f32, 1, i, dout, [dresidual_out], residual_out, weight, rstd, dx, dweight_partial);
    }
}
