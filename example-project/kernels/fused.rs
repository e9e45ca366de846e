//! The residual add fused with the RMSNorm after it, on bfloat16 (f32 math) and float32, as vLLM's
//! `fused_add_rms_norm`: forward, and backward in two kernels (the gradient of the inputs over a block's
//! group of rows, with the weights' gradient summed over the same rows beside it; then those partial rows
//! summed column by column, with no atomics, so that two runs give the same bytes).
use oxpack::block;
use oxpack::prelude::*;

#[macro_use]
mod common;
use common::{recip, row_sums, Lanes, PARTIAL_ROWS};

/// The fused kernels' arithmetic on one 16-byte chunk of a storage type, in f32 (rounded once to
/// bf16 on the way out of a bfloat16 chunk). Written out per type as plain lane loops, the code the
/// bf16 kernels were measured with: the same arithmetic through `Lanes::chunk`'s closures is
/// scheduled otherwise (other PTX, other register counts).
trait Chunk: Lanes {
    /// x + r, as PyTorch adds two tensors of the type (the f32 sum, rounded to the type).
    fn add(x: Self::V, r: Self::V) -> Self::V;
    /// `h · rstd · w`.
    fn scaled(h: Self::V, rstd: f32, w: Self::V) -> Self::V;
    /// `acc` + this chunk's share of Σ w·dy·h (lanes past the row read zero: they add 0).
    fn dot(acc: f32, dy: Self::V, h: Self::V, w: Self::V) -> f32;
    /// The gradient of the forward's input h (= `residual_out`), with the one that reaches
    /// `residual_out` directly (`dh`) added: dh + s · (w·dy − h · c), where s is the row's rstd and
    /// c = s² · mean(w·dy·h) over the row.
    fn grad(dy: Self::V, h: Self::V, w: Self::V, dh: Self::V, s: f32, c: f32) -> Self::V;
}

impl Chunk for f32 {
    #[inline(always)]
    fn add(x: F32x4, r: F32x4) -> F32x4 {
        F32x4(core::array::from_fn(|l| x.0[l] + r.0[l]))
    }
    #[inline(always)]
    fn scaled(h: F32x4, rstd: f32, w: F32x4) -> F32x4 {
        F32x4(core::array::from_fn(|l| h.0[l] * rstd * w.0[l]))
    }
    #[inline(always)]
    fn dot(acc: f32, dy: F32x4, h: F32x4, w: F32x4) -> f32 {
        let mut a = acc;
        for l in 0..4 {
            a = (w.0[l] * dy.0[l]).mul_add(h.0[l], a);
        }
        a
    }
    #[inline(always)]
    fn grad(dy: F32x4, h: F32x4, w: F32x4, dh: F32x4, s: f32, c: f32) -> F32x4 {
        F32x4(core::array::from_fn(|l| (w.0[l] * dy.0[l] - h.0[l] * c).mul_add(s, dh.0[l])))
    }
}

impl Chunk for BF16 {
    #[inline(always)]
    fn add(x: BF16x8, r: BF16x8) -> BF16x8 {
        BF16x8(core::array::from_fn(|l| BF16::from_f32(x.0[l].to_f32() + r.0[l].to_f32())))
    }
    #[inline(always)]
    fn scaled(h: BF16x8, rstd: f32, w: BF16x8) -> BF16x8 {
        BF16x8(core::array::from_fn(|l| BF16::from_f32(h.0[l].to_f32() * rstd * w.0[l].to_f32())))
    }
    #[inline(always)]
    fn dot(acc: f32, dy: BF16x8, h: BF16x8, w: BF16x8) -> f32 {
        let mut a = acc;
        for l in 0..8 {
            a = (w.0[l].to_f32() * dy.0[l].to_f32()).mul_add(h.0[l].to_f32(), a);
        }
        a
    }
    #[inline(always)]
    fn grad(dy: BF16x8, h: BF16x8, w: BF16x8, dh: BF16x8, s: f32, c: f32) -> BF16x8 {
        BF16x8(core::array::from_fn(|l| {
            let g = (w.0[l].to_f32() * dy.0[l].to_f32() - h.0[l].to_f32() * c).mul_add(s, dh.0[l].to_f32());
            BF16::from_f32(g)
        }))
    }
}

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

/// The backward pass of a fused add + RMSNorm of storage type `$t` over block `b`'s `PARTIAL_ROWS` rows
/// (`$dx`, `BlockRowGroups<PARTIAL_ROWS, Vec4>`), and the weights' gradient over them. Each row's
/// `dx = dresidual_out + s · (weight·dout − h · c)` (`Chunk::grad`, h = residual_out, s its rstd, c = s² ·
/// mean(weight·dout·h)); and each column's `Σ dout · h · s` over the rows, in row order from zero (the
/// additions of `weight_grad_partials!`), to this block's row of the partial(s) (`$partial`: one f32 chunk
/// per chunk of the row for f32; for bfloat16, chunk `q`'s low four columns in `$lo`'s chunk `q`, its
/// high four in `$hi`'s; `put_sums!`). A thread has the same chunks in every row of the group. Where the
/// rows are whole 16-byte chunks from aligned starts and a row has at most `$n` chunks a thread (the same
/// for the whole launch), each row is read once: every chunk one bounds-checked element of `vec4`'s
/// aligned middle (no branch around a load, so a row's loads are in flight together), the weights read
/// once before the rows, the column sums carried in registers from row to row. Else each row is read twice
/// for dx (`load4`), and the column sums read the group's rows again (mostly from L2) at the end.
macro_rules! fused_bwd_group {
    ($t:ty, $n:tt, $i:ident, $dout:ident, $dresidual_out:ident, $residual_out:ident, $weight:ident,
     $rstd:ident, $dx:ident, $($partial:ident),+) => {{
        const LANES: usize = <$t as oxpack::vec::Vector>::LANES;
        type V = <$t as oxpack::vec::Vector>::V;
        // this block's partial row(s): the same chunk numbers as its rows of dx (`$dx`'s `group_row`)
        $(let Some(mut $partial) = $partial.block_row($i) else { return };)+
        let (m, n) = { let p = [$(&$partial),+][0]; (p.member(), p.stride()) };
        let cols = $dx.cols();
        let per_row = cols / LANES;
        let parts = [$dout, $dresidual_out, $residual_out, $weight].map(oxpack::vec::vec4);
        let [(_, dys, _), (_, dhs, _), (_, hs, _), (_, ws, _)] = parts;
        let held = cols % LANES == 0 && parts.iter().all(|(head, _, _)| head.is_empty())
            && per_row <= $n * n;
        let inv_n = recip(cols as f32);
        // the weights' chunks, once (zero past the row)
        let w: [V; $n] = core::array::from_fn(|k| ws.get(m + k * n).copied().unwrap_or_default());
        let live: [bool; $n] = core::array::from_fn(|k| m + k * n < per_row);
        let mut rows = 0;
        if held {
            let mut acc = [[0.0f32; LANES]; $n]; // chunk k's column sums so far
            while let Some(mut row) = $dx.group_row($i, rows) {
                rows += 1;
                let r = row.row();
                let Some(&s) = $rstd.get(r) else { continue };
                // chunk k of this thread is the row's chunk m + k·n; past the row (`live`) it reads a
                // chunk of the next row or none, which no sum and no store takes: the loads go
                // unconditionally, in flight together
                let at = |xs: &[V], k: usize| xs.get(r * per_row + m + k * n).copied().unwrap_or_default();
                let dy: [V; $n] = core::array::from_fn(|k| at(dys, k));
                let h: [V; $n] = core::array::from_fn(|k| at(hs, k));
                let dh: [V; $n] = core::array::from_fn(|k| at(dhs, k));
                let mut a = 0.0;
                unroll!(k in 0..$n => {
                    let dot = <$t>::dot(a, dy[k], h[k], w[k]);
                    a = if live[k] { dot } else { a };
                });
                let c = block::sum_f32(a) * inv_n * s * s;
                unroll!(k in 0..$n => {
                    if let Some(mut o) = row.get_mut(k) {
                        o.set(<$t>::grad(dy[k], h[k], w[k], dh[k], s, c));
                    }
                    for l in 0..LANES {
                        acc[k][l] = (<$t>::at(&dy[k], l) * <$t>::at(&h[k], l)).mul_add(s, acc[k][l]);
                    }
                });
            }
            unroll!(k in 0..$n => { put_sums!(k, acc[k], $($partial),+); });
        } else {
            // each row's dx from the row read twice, then the column sums from the rows read again
            while let Some(row) = $dx.group_row($i, rows) {
                rows += 1;
                let range = row.range();
                let (Some(&s), Some(dyr), Some(dhr), Some(hr)) = ($rstd.get(row.row()), $dout.get(range.clone()),
                                                                  $dresidual_out.get(range.clone()),
                                                                  $residual_out.get(range)) else { continue };
                let mut a = 0.0;
                for j in row.chunks() {
                    a = <$t>::dot(a, load4(dyr, j).unwrap_or_default(), load4(hr, j).unwrap_or_default(),
                                  load4($weight, j).unwrap_or_default());
                }
                let c = block::sum_f32(a) * inv_n * s * s;
                for (j, mut o) in row.iter_mut() {
                    o.set(<$t>::grad(load4(dyr, j).unwrap_or_default(), load4(hr, j).unwrap_or_default(),
                                     load4($weight, j).unwrap_or_default(), load4(dhr, j).unwrap_or_default(),
                                     s, c));
                }
            }
            let first = block_idx().x as usize * PARTIAL_ROWS;
            let (count, rs) = ([$(&$partial),+][0].chunk_count(), $rstd.get(first..first + rows).unwrap_or(&[]));
            let span = first * cols..(first + rows) * cols;
            let (ds, xs) = ($dout.get(span.clone()).unwrap_or(&[]), $residual_out.get(span).unwrap_or(&[]));
            column_sums(ds, xs, rs, cols, (m, n, count), |k, sums| put_sums!(k, sums, $($partial),+));
        }
    }};
}

/// The column sums of `dout · h · rstd` over the rows of `ds` and `hs` (`cols` columns, `rs` their rstd), in row order
/// from zero (`row_sums`, a row at a time), for chunks `m, m + n, … < count` of a row (`LANES` columns each), the
/// `k`-th handed to `put(k, sums)` (lanes past `LANES` zero): `fused_bwd_group!`'s where its rows are not held. Not
/// inlined: its loads and sums would count in the registers of the kernel's every path.
#[inline(never)]
fn column_sums<T: Lanes>(ds: &[T], hs: &[T], rs: &[f32], cols: usize, (m, n, count): (usize, usize, usize),
                         mut put: impl FnMut(usize, [f32; 8])) {
    let wide = |v: &T::V| core::array::from_fn(|l| if l < T::LANES { T::at(v, l) } else { 0.0 });
    let (mut k, mut j) = (0, m);
    while j < count {
        put(k, row_sums::<1, 8>(rs, |r| {
            let span = r * cols..(r + 1) * cols;
            let (dr, hr) = (ds.get(span.clone()).unwrap_or(&[]), hs.get(span).unwrap_or(&[]));
            (wide(&load4(dr, j).unwrap_or_default()), wide(&load4(hr, j).unwrap_or_default()))
        }));
        (k, j) = (k + 1, j + n);
    }
}

/// Writes `$sums`, the column sums of this thread's `$k`-th chunk of a row (`fused_bwd_group!`), to its
/// `$k`-th chunk of the block's partial row: one f32 chunk (`$p`, for f32 rows), or, for bfloat16 rows'
/// eight columns, the low four to `$lo` and the high four to `$hi`.
macro_rules! put_sums {
    ($k:expr, $sums:expr, $p:ident) => {{
        let [a, b, c, d, ..] = $sums;
        if let Some(mut o) = $p.get_mut($k) {
            o.set(F32x4([a, b, c, d]));
        }
    }};
    ($k:expr, $sums:expr, $lo:ident, $hi:ident) => {{
        let [a, b, c, d, e, f, g, h] = $sums;
        if let Some(mut o) = $lo.get_mut($k) {
            o.set(F32x4([a, b, c, d]));
        }
        if let Some(mut o) = $hi.get_mut($k) {
            o.set(F32x4([e, f, g, h]));
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
    /// no block barrier).
    #[launch(grid = len(rstd))]
    #[tune(block = [128, 256, 512],
          kernels = [fused_add_rmsnorm_bf16_two_pass, fused_add_rmsnorm_bf16_one_chunk, fused_add_rmsnorm_bf16_warp])]
    #[outputs(out = (len(x) / len(weight), len(weight)), residual_out = (len(x) / len(weight), len(weight)),
              rstd = (len(x) / len(weight)))]
    #[backward(fused_add_rmsnorm_bf16_bwd, rmsnorm_bf16_bwd_reduce_halves, dresidual = dx)]
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
    /// column sums of dout · h · s (`fused_bwd_group!`): columns `8q .. 8q + 4` in chunk `q` of
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
        fused_bwd_group!(BF16, 1, i, dout, dresidual_out, residual_out, weight, rstd, dx, dweight_lo, dweight_hi);
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
        fused_bwd_group!(BF16, 1, i, dout, dresidual_out, residual_out, weight, rstd, dx, dweight_lo, dweight_hi);
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
        fused_bwd_group!(f32, 1, i, dout, dresidual_out, residual_out, weight, rstd, dx, dweight_partial);
    }
}
