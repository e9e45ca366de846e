//! Normalisations, written with the cooperative layouts: LayerNorm as llm.c's
//! `layernorm_forward` (fp32: out, mean, rstd) and on bfloat16, RMSNorm on float32 and
//! bfloat16 (f32 math), their backward passes, and the residual add that feeds them in a
//! transformer block.
//!
//! Each backward pass is deterministic (no float atomics). RMSNorm's is two kernels: `*_bwd`
//! computes `dx` and the column sums of `dout · x̂` over each block's `PARTIAL_ROWS` rows in f32 (the
//! weights' partial rows; `rms_bwd_group!`, shared with fused.rs); `*_bwd_reduce` (bfloat16:
//! `rmsnorm_bf16_bwd_reduce_halves`) then adds the partial rows column by column, in a fixed order, and
//! writes `dweight` in the weight's type. LayerNorm's is two: `*_bwd` computes `dx` a warp per row and, per block of `BWD_ROWS`
//! rows, the partial column sums of `dweight` and `dbias`; `*_bwd_reduce` as RMSNorm's.
use oxpack::block;
use oxpack::prelude::*;
use oxpack::vec::Vector;

#[macro_use]
mod common;
use common::{column_sums, recip, Chunk, Lanes, PARTIAL_ROWS};

/// `d · rstd · w + b` for a chunk of 4 centred values (`x - mean`) and the same chunk of the
/// weights and biases.
#[inline(always)]
fn normalized(d: F32x4, rstd: f32, w: F32x4, b: F32x4) -> F32x4 {
    F32x4(core::array::from_fn(|l| (d.0[l] * rstd).mul_add(w.0[l], b.0[l])))
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
                sq = e.to_f32().mul_add(e.to_f32(), sq); // as the one-read path folds: the same bits
            }
        }
        let s = ($sum(sq) * $inv_n + $eps).rsqrt();
        for (c, mut o) in $row.iter_mut() {
            o.set(scaled(load4($xr, c).unwrap_or_default(), s, load4($weight, c).unwrap_or_default()));
        }
        s
    }};
}

/// An RMSNorm kernel's row, one block per row: the block's `$row` of `$out` (none: the whole
/// block returns, so no thread skips the block reduction), its input `$xr` in `$x` and `$inv_n` =
/// 1 / its length; `$rstd_of`, given them, computes the row and its rstd, which goes to `$rstd`.
macro_rules! rms_row {
    ($i:ident, $x:ident, $out:ident, $rstd:ident, |$row:ident, $xr:ident, $inv_n:ident| $rstd_of:expr) => {{
        let Some($row) = $out.block_row($i) else { return };
        let Some($xr) = $x.get($row.range()) else { return }; // inside `x` (see `layernorm`)
        let $inv_n = recip($row.cols() as f32);
        let s = $rstd_of;
        if let Some(o) = $rstd.block_value($i) {
            *o = s;
        }
    }};
}

/// RMSNorm of a bfloat16 row held in registers, up to `$n` 16-byte chunks of it a thread
/// (`RegChunks`), giving rstd; a longer row runs `$longer` instead. `rmsnorm_bf16` holds four
/// chunks and reads a longer row twice (`rmsnorm_passes!`); `rmsnorm_bf16_one_chunk` holds one and
/// its `where` refuses longer rows.
macro_rules! rms_in_registers {
    ($n:literal, $row:ident, $xr:ident, $weight:ident, $eps:ident, $inv_n:ident, $longer:expr) => {{
        if let Some(v) = RegChunks::<BF16, _, $n>::load(&$row, $xr) {
            let s = (block::sum_f32(v.fold(0.0, |a, e| e.to_f32().mul_add(e.to_f32(), a))) * $inv_n + $eps).rsqrt();
            v.map_with([$weight], |xv, [w]| scaled(xv, s, w)).store($row);
            s
        } else {
            $longer
        }
    }};
}

/// An RMSNorm kernel's row, one warp per row (`WarpRows`), held in registers, up to `$n` 16-byte
/// chunks of it a lane; a longer row runs `$longer` (given the row, its input and 1 / its length). The
/// row's rstd goes to `$rstd`.
macro_rules! rms_warp_row {
    ($n:literal, $i:ident, $eps:ident, $x:ident, $weight:ident, $out:ident, $rstd:ident,
     |$row:ident, $xr:ident, $inv_n:ident| $longer:expr) => {{
        // `None` for a whole warp at once: no lane leaves a `warp_sum` that the others wait at.
        let Some($row) = $out.warp_row($i) else { return };
        let Some($xr) = $x.get($row.range()) else { return }; // inside `x` (see `layernorm`)
        let $inv_n = recip($row.cols() as f32);
        let s = if let Some(v) = RegChunks::<BF16, _, $n>::load_streaming(&$row, $xr) {
            let s = (warp_sum(v.fold(0.0, |a, e| e.to_f32().mul_add(e.to_f32(), a))) * $inv_n + $eps).rsqrt();
            v.map_with([$weight], |xv, [w]| scaled(xv, s, w)).store($row);
            s
        } else {
            $longer
        };
        if let Some(o) = $rstd.warp_value($i) {
            *o = s;
        }
    }};
}

/// Rows per block of the backward kernels (`*_bwd`): one warp per row, so blocks of 32 ·
/// `BWD_ROWS` = 256 threads, and one row of `dweight_partial` per block. Their `#[launch]`,
/// `#[outputs]` and `where` write it as the literal 8 (attributes take no Rust names).
const BWD_ROWS: usize = 8;

/// RMSNorm of a row too long for the registers, any storage type `$t`, in two passes (the
/// squares, then each chunk scaled and written), `$sum` totalling over the row's group as in
/// `layernorm_passes!`; gives `rstd`.
macro_rules! rms_passes {
    ($t:ty, $sum:path, $row:ident, $xr:ident, $weight:ident, $eps:ident, $inv_n:ident) => {{
        let mut sq = 0.0;
        for c in $row.chunks() {
            let v = load4($xr, c).unwrap_or_default(); // lanes past the row read 0
            for l in 0..<$t as Vector>::LANES {
                sq = <$t>::at(&v, l).mul_add(<$t>::at(&v, l), sq);
            }
        }
        let s = ($sum(sq) * $inv_n + $eps).rsqrt();
        for (c, mut o) in $row.iter_mut() {
            let (x, w) = (load4($xr, c).unwrap_or_default(), load4($weight, c).unwrap_or_default());
            o.set(<$t>::chunk(|l| <$t>::at(&x, l) * s * <$t>::at(&w, l)));
        }
        s
    }};
}

/// LayerNorm of a row too long for the registers, any storage type `$t`, in three passes as
/// `layernorm_passes!` (the sum, the centred squares, each chunk normalised and written) with
/// `$eps`; gives `(mean, rstd)`.
macro_rules! ln_passes {
    ($t:ty, $sum:path, $row:ident, $xr:ident, $weight:ident, $bias:ident, $eps:ident, $inv_n:ident) => {{
        let mut sum = 0.0;
        for c in $row.chunks() {
            let v = load4($xr, c).unwrap_or_default(); // lanes past the row read 0
            for l in 0..<$t as Vector>::LANES {
                sum += <$t>::at(&v, l);
            }
        }
        let m = $sum(sum) * $inv_n;
        let mut sq = 0.0;
        for c in $row.chunks() {
            let (v, lanes) = (load4($xr, c).unwrap_or_default(), $row.lanes(c));
            for l in 0..<$t as Vector>::LANES {
                if l < lanes {
                    let d = <$t>::at(&v, l) - m;
                    sq = d.mul_add(d, sq);
                }
            }
        }
        let s = ($sum(sq) * $inv_n + $eps).rsqrt();
        for (c, mut o) in $row.iter_mut() {
            let (w, b) = (load4($weight, c).unwrap_or_default(), load4($bias, c).unwrap_or_default());
            let x = load4_streaming($xr, c).unwrap_or_default();
            o.set_streaming(<$t>::chunk(|l| ((<$t>::at(&x, l) - m) * s).mul_add(<$t>::at(&w, l), <$t>::at(&b, l))));
        }
        (m, s)
    }};
}

/// `dx` of LayerNorm for one warp's row of any storage type `$t` (llm.c's `layernorm_backward`):
/// `$row` the warp's share of `dx`, `$xr` and `$dr` its rows of `x` and `dout`, `$m` and `$s` its
/// mean and rstd. With g = dout·w and x̂ = (x − mean)·rstd, dx = rstd·(g − mean(g) − x̂·mean(g·x̂)).
/// A row of up to `$n` chunks a lane is read once (`x` and `dout` held in registers), a longer
/// one twice.
macro_rules! layernorm_bwd_row {
    ($t:ty, $n:tt, $row:ident, $xr:ident, $dr:ident, $weight:ident, $m:ident, $s:ident) => {{
        let mut row = $row;
        let inv_n = recip(row.cols() as f32);
        let (first, step) = (row.member(), row.stride()); // chunk k held is chunk first + k·step
        if let (Some(xv), Some(dv)) = (RegChunks::<$t, _, $n>::load_streaming(&row, $xr),
                                       RegChunks::<$t, _, $n>::load_streaming(&row, $dr)) {
            // Σ g and Σ g·(x − mean) over the lane's chunks (g is 0 past the row)
            let (mut sum_g, mut dot) = (0.0, 0.0);
            unroll!(k in 0..$n => {
                if let (Some(x), Some(d)) = (xv.get(k), dv.get(k)) {
                    let w = load4($weight, first + k * step).unwrap_or_default();
                    for l in 0..<$t as Vector>::LANES {
                        let g = <$t>::at(&d, l) * <$t>::at(&w, l);
                        sum_g += g;
                        dot = g.mul_add(<$t>::at(&x, l) - $m, dot);
                    }
                }
            });
            let a = warp_sum(sum_g) * inv_n; // mean(g)
            let b = warp_sum(dot) * inv_n * $s; // mean(g·x̂)
            unroll!(k in 0..$n => {
                if let (Some(x), Some(d)) = (xv.get(k), dv.get(k)) {
                    let w = load4($weight, first + k * step).unwrap_or_default();
                    if let Some(mut o) = row.get_mut(k) {
                        o.set(<$t>::chunk(|l| {
                            let xh = (<$t>::at(&x, l) - $m) * $s;
                            $s * (<$t>::at(&d, l) * <$t>::at(&w, l) - a - xh * b)
                        }));
                    }
                }
            });
        } else {
            let (mut sum_g, mut dot) = (0.0, 0.0);
            for c in row.chunks() {
                let (x, d) = (load4($xr, c).unwrap_or_default(), load4($dr, c).unwrap_or_default());
                let w = load4($weight, c).unwrap_or_default();
                for l in 0..<$t as Vector>::LANES {
                    let g = <$t>::at(&d, l) * <$t>::at(&w, l);
                    sum_g += g;
                    dot = g.mul_add(<$t>::at(&x, l) - $m, dot);
                }
            }
            let a = warp_sum(sum_g) * inv_n;
            let b = warp_sum(dot) * inv_n * $s;
            for (j, mut o) in row.iter_mut() {
                let (x, d) = (load4($xr, j).unwrap_or_default(), load4($dr, j).unwrap_or_default());
                let w = load4($weight, j).unwrap_or_default();
                o.set(<$t>::chunk(|l| {
                    let xh = (<$t>::at(&x, l) - $m) * $s;
                    $s * (<$t>::at(&d, l) * <$t>::at(&w, l) - a - xh * b)
                }));
            }
        }
    }};
}

/// The column sums of `dout · x̂` (and of `dout`, where `$dbias` is given) over block `b`'s rows
/// `b·BWD_ROWS ..` (fewer in the last block, `$rows` rows in all), into row `b` of `$dweight`
/// (and `$dbias`): each thread its columns of the row, the rows added in order, in f32.
/// `$xhat(x, r)` is x̂ of value `x` of row `r`, `None` past the per-row values.
macro_rules! column_partials {
    ($i:ident, $rows:expr, $x:ident, $dout:ident, $xhat:ident, $dweight:ident $(, $dbias:ident)?) => {{
        if let Some(pw) = $dweight.block_row($i) {
            let (cols, start) = (pw.cols(), pw.row() * BWD_ROWS);
            let end = (start + BWD_ROWS).min($rows);
            // the same row of `$dbias`, the same columns: its k-th element is `pw`'s k-th
            $(let mut $dbias = $dbias.block_row($i);)?
            for (k, (j, o)) in pw.iter_mut().enumerate() {
                let (mut dw, mut _db) = (0.0f32, 0.0f32);
                for r in start..end {
                    let e = r * cols + j;
                    if let (Some(x), Some(d)) = ($x.get(e), $dout.get(e)) {
                        if let Some(xh) = $xhat(x.wide(), r) {
                            dw = d.wide().mul_add(xh, dw);
                        }
                        _db += d.wide();
                    }
                }
                *o = dw;
                $(if let Some(ob) = $dbias.as_mut().and_then(|p| p.get_mut(k)) {
                    *ob = _db;
                })?
                let _ = k;
            }
        }
    }};
}

/// The body of LayerNorm's first backward kernel, `layernorm_bwd` and `layernorm_bf16_bwd`, for the
/// storage type `$t` of `dout`, `x`, `weight` and `dx` (a row of up to `$n` chunks a lane held in
/// registers): the dx of this warp's row (`layernorm_bwd_row`; a whole warp past the last row has
/// none, so no lane leaves a `warp_sum` that the others wait at), then this block's column sums of
/// dout · x̂ and of dout (`column_partials`).
macro_rules! layernorm_bwd_body {
    ($t:ty, $n:tt, $i:ident, $dout:ident, $x:ident, $weight:ident, $mean:ident, $rstd:ident, $dx:ident,
     $dweight_partial:ident, $dbias_partial:ident) => {{
        if let Some(row) = $dx.warp_row($i) {
            let (xr, dr) = ($x.get(row.range()), $dout.get(row.range()));
            let (m, s) = ($mean.get(row.row()).copied(), $rstd.get(row.row()).copied());
            if let (Some(xr), Some(dr), Some(m), Some(s)) = (xr, dr, m, s) { // inside (the where clause)
                layernorm_bwd_row!($t, $n, row, xr, dr, $weight, m, s);
            }
        }
        let xhat = |x: f32, r: usize| match ($mean.get(r), $rstd.get(r)) {
            (Some(&m), Some(&s)) => Some((x - m) * s),
            _ => None,
        };
        column_partials!($i, $rstd.len(), $x, $dout, xhat, $dweight_partial, $dbias_partial);
    }};
}

/// The reduce kernels' body: for each `$part => $out`, column `c` of `$out` (in the storage type
/// `$t`) ← the f32 sum over the rows of `$part` (`$cols` columns) of its column `c`; with `halves [$lo,
/// $hi] => $out`, the partial rows of a bfloat16 group kernel (`fused.rs`), whose chunk `q` of `$lo`
/// holds columns `8q .. 8q + 4` and of `$hi` columns `8q + 4 .. 8q + 8` (rows of `4 · ⌈$cols / 8⌉`). In
/// blocks of 256 threads, block `b` takes columns `32·b .. 32·b + 32`: its thread `t` adds the partial rows
/// `t / 32, t / 32 + 8, …` of column `32·b + t % 32` in order, then the block's first 32 threads
/// add their column's 8 sums in order through shared memory: the same additions in the same
/// order on every GPU and every run.
macro_rules! column_totals {
    ($t:ty, $i:ident, $cols:expr, [$($part:ident => $out:ident),+]) => {{
        let cols = $cols;
        $(column_totals!(@sum $t, $i, cols, $part.len() / cols, |p: usize, col: usize| $part.get(p * cols + col), $out);)+
    }};
    ($t:ty, $i:ident, $cols:expr, halves [$lo:ident, $hi:ident] => $out:ident) => {{
        let cols = $cols;
        let width = 4 * cols.div_ceil(8);
        column_totals!(@sum $t, $i, cols, $lo.len() / width, |p: usize, col: usize| {
            let e = p * width + col / 8 * 4 + col % 4;
            if col % 8 < 4 { $lo.get(e) } else { $hi.get(e) }
        }, $out);
    }};
    (@sum $t:ty, $i:ident, $cols:expr, $parts:expr, $value:expr, $out:ident) => {{
        let (cols, parts, value) = ($cols, $parts, $value);
        let (t, b) = (thread_idx().x as usize, block_idx().x as usize);
        let (lane, group) = (t % 32, t / 32);
        let col = b * 32 + lane;
        let mut acc = 0.0f32;
        if col < cols {
            let mut p = group;
            while p < parts {
                acc += value(p, col).copied().unwrap_or(0.0);
                p += 8;
            }
        }
        let mut sums = shared_array!(f32, 256);
        sums.write(thread_slot(), acc);
        let sums = sums.sync();
        if let Some(row) = $out.block_row($i) {
            for (j, o) in row.iter_mut() {
                let mut total = 0.0f32;
                for g in 0..8 {
                    total += sums.get(j + 32 * g);
                }
                *o = <$t>::narrow(total);
            }
        }
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
    #[outputs(out = (len(x) / len(weight), len(weight)), mean = (len(x) / len(weight)), rstd = (len(x) / len(weight)))]
    #[backward(layernorm_bwd, layernorm_bwd_reduce)]
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
    /// to 32 · block channels is read once into registers, a longer one twice. The tuning
    /// weighs `rmsnorm_bf16_two_pass` and `rmsnorm_bf16_one_chunk` too (the same result from
    /// fewer registers), and `rmsnorm_bf16_warp_wide` (a warp per row, no block barrier). Where `out`'s
    /// gradient is a sum of two or three tensors, a compiled graph runs `rmsnorm_bf16_bwd_sum2` or `_sum3`.
    #[launch(grid = len(rstd))]
    #[tune(block = [128, 256, 512], kernels = [rmsnorm_bf16_two_pass, rmsnorm_bf16_one_chunk, rmsnorm_bf16_warp_wide])]
    #[outputs(out = (len(x) / len(weight), len(weight)), rstd = (len(x) / len(weight)))]
    #[backward(rmsnorm_bf16_bwd, rmsnorm_bf16_bwd_reduce_halves, dout = rmsnorm_bf16_bwd_sum2,
               dout = rmsnorm_bf16_bwd_sum3)]
    pub fn rmsnorm_bf16(
        i: ThreadIndex, eps: f32, x: &[BF16], weight: &[BF16],
        out: &mut DisjointSlice<BF16, BlockRows<Vec4>> = (len(weight)),
        rstd: &mut DisjointSlice<f32, OnePerBlock>,
    ) where (len(weight) >= 1, len(out) == len(x), len(x) % len(weight) == 0, len(rstd) == len(x) / len(weight)) {
        rms_row!(i, x, out, rstd, |row, xr, inv_n| rms_in_registers!(
            4, row, xr, weight, eps, inv_n, rmsnorm_passes!(block::sum_f32, row, xr, weight, eps, inv_n)))
    }

    /// `rmsnorm_bf16` holding one 16-byte chunk (8 values) of the row a thread: fewer registers, so
    /// more rows in flight an SM where the one-read kernel's room for four chunks limits it.
    /// Rows of at most 8 · block channels, blocks of whole warps (its `where`; a longer row's second
    /// pass would cost the registers saved). The same bits as `rmsnorm_bf16`; the tuning of
    /// `rmsnorm_bf16` weighs it, and skips a block its `where` refuses.
    #[launch(grid = len(rstd))]
    #[tune(block = [256, 512])]
    #[outputs(out = (len(x) / len(weight), len(weight)), rstd = (len(x) / len(weight)))]
    #[launch_bounds(512)]
    pub fn rmsnorm_bf16_one_chunk(
        i: ThreadIndex, eps: f32, x: &[BF16], weight: &[BF16],
        out: &mut DisjointSlice<BF16, BlockRows<Vec4>> = (len(weight)),
        rstd: &mut DisjointSlice<f32, OnePerBlock>,
    ) where (len(weight) >= 1, len(out) == len(x), len(x) % len(weight) == 0, len(rstd) == len(x) / len(weight),
             len(weight) <= 8 * block, block % 32 == 0) {
        // every row fits the thread's one chunk (the `where`): the other arm never runs
        rms_row!(i, x, out, rstd, |row, xr, inv_n| rms_in_registers!(1, row, xr, weight, eps, inv_n, trap()))
    }

    /// `rmsnorm_bf16` reading each row twice (the squares, then each chunk scaled and written;
    /// the second read mostly from L2) and holding none of it in registers: more blocks an SM,
    /// more bytes in flight, where the one-read kernel's registers limit it. The same bits as
    /// `rmsnorm_bf16`; the tuning of `rmsnorm_bf16` weighs it (`#[tune(kernels = [...])]`).
    #[launch(grid = len(rstd))]
    #[tune(block = [128, 256, 512])]
    #[outputs(out = (len(x) / len(weight), len(weight)), rstd = (len(x) / len(weight)))]
    pub fn rmsnorm_bf16_two_pass(
        i: ThreadIndex, eps: f32, x: &[BF16], weight: &[BF16],
        out: &mut DisjointSlice<BF16, BlockRows<Vec4>> = (len(weight)),
        rstd: &mut DisjointSlice<f32, OnePerBlock>,
    ) where (len(weight) >= 1, len(out) == len(x), len(x) % len(weight) == 0, len(rstd) == len(x) / len(weight)) {
        rms_row!(i, x, out, rstd, |row, xr, inv_n| rmsnorm_passes!(block::sum_f32, row, xr, weight, eps, inv_n))
    }

    /// LayerNorm forward as `layernorm`, one block per row: for wide rows (C in the
    /// thousands), where a warp per row would hold too much in registers; its block is tuned
    /// among 128, 256 and 512. A row of up to 16 · block channels is read once into registers, a longer
    /// one three times.
    #[launch(grid = len(mean))]
    #[tune(block = [128, 256, 512])]
    #[outputs(out = (len(x) / len(weight), len(weight)), mean = (len(x) / len(weight)), rstd = (len(x) / len(weight)))]
    #[backward(layernorm_bwd, layernorm_bwd_reduce)]
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
    #[outputs(out = (len(x) / len(weight), len(weight)), rstd = (len(x) / len(weight)))]
    #[backward(rmsnorm_bf16_bwd, rmsnorm_bf16_bwd_reduce_halves, dout = rmsnorm_bf16_bwd_sum2,
               dout = rmsnorm_bf16_bwd_sum3)]
    #[whole_warps]
    pub fn rmsnorm_bf16_warp(
        i: ThreadIndex, eps: f32, x: &[BF16], weight: &[BF16],
        out: &mut DisjointSlice<BF16, WarpRows<Vec4>> = (len(weight)),
        rstd: &mut DisjointSlice<f32, OnePerWarp>,
    ) where (len(weight) >= 1, len(out) == len(x), len(x) % len(weight) == 0, len(rstd) == len(x) / len(weight)) {
        rms_warp_row!(4, i, eps, x, weight, out, rstd,
                      |row, xr, inv_n| rmsnorm_passes!(warp_sum, row, xr, weight, eps, inv_n))
    }

    /// `rmsnorm_bf16` a warp per row, holding up to eight 16-byte chunks of it a lane: rows of up to
    /// 2,048 channels (its `where`) read once into registers, and no block barrier between a row's
    /// loads and its stores, so that each warp keeps 8 loads of 16 bytes in flight a lane. The
    /// tuning of `rmsnorm_bf16` weighs it, among 64 to 512 threads a block (2 to 16 rows).
    #[launch(threads = 32 * len(rstd))]
    #[tune(block = [64, 128, 256, 512])]
    #[outputs(out = (len(x) / len(weight), len(weight)), rstd = (len(x) / len(weight)))]
    #[whole_warps]
    pub fn rmsnorm_bf16_warp_wide(
        i: ThreadIndex, eps: f32, x: &[BF16], weight: &[BF16],
        out: &mut DisjointSlice<BF16, WarpRows<Vec4>> = (len(weight)),
        rstd: &mut DisjointSlice<f32, OnePerWarp>,
    ) where (len(weight) >= 1, len(out) == len(x), len(x) % len(weight) == 0, len(rstd) == len(x) / len(weight),
             len(weight) <= 2048) {
        // every row fits the lane's eight chunks (the `where`): the other arm never runs
        rms_warp_row!(8, i, eps, x, weight, out, rstd, |row, xr, inv_n| trap())
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

kernel! {
    /// RMSNorm on float32 rows of `C = len(weight)` channels: out = x · rstd · weight with
    /// rstd = 1 / sqrt(mean(x²) + eps), saved per row. As `rmsnorm_bf16`: one block per row, 16
    /// bytes (4 values) at a time, its block tuned among 128, 256 and 512; a row of up to 16 ·
    /// block channels is read once into registers, a longer one twice.
    #[launch(grid = len(rstd))]
    #[tune(block = [128, 256, 512])]
    #[outputs(out = (len(x) / len(weight), len(weight)), rstd = (len(x) / len(weight)))]
    #[backward(rmsnorm_f32_bwd, rmsnorm_f32_bwd_reduce)]
    pub fn rmsnorm_f32(
        i: ThreadIndex, eps: f32, x: &[f32], weight: &[f32],
        out: &mut DisjointSlice<f32, BlockRows<Vec4>> = (len(weight)),
        rstd: &mut DisjointSlice<f32, OnePerBlock>,
    ) where (len(weight) >= 1, len(out) == len(x), len(x) % len(weight) == 0, len(rstd) == len(x) / len(weight)) {
        // `None` for a whole block at once: no thread skips the block reduction.
        let Some(row) = out.block_row(i) else { return };
        let Some(xr) = x.get(row.range()) else { return }; // inside `x` (see `layernorm`)
        let inv_n = recip(row.cols() as f32);
        let s = if let Some(v) = RegChunks::<f32, _, 4>::load_streaming(&row, xr) {
            let s = (block::sum_f32(v.fold(0.0, |a, e| e.mul_add(e, a))) * inv_n + eps).rsqrt();
            v.map_with([weight], |xv, [w]| F32x4(core::array::from_fn(|l| xv.0[l] * s * w.0[l]))).store(row);
            s
        } else {
            rms_passes!(f32, block::sum_f32, row, xr, weight, eps, inv_n)
        };
        if let Some(o) = rstd.block_value(i) {
            *o = s;
        }
    }

    /// LayerNorm forward on bfloat16 rows of `C = len(weight)` channels, computed in f32: out =
    /// (x - mean) · rstd · weight + bias with rstd = 1 / sqrt(var + eps) (biased variance), the
    /// row's mean and rstd saved in f32 for the backward pass. As `layernorm`: one warp per row,
    /// 16 bytes (8 values) at a time, in blocks of whole warps (256 by default); a row of up to
    /// 1,024 channels is read once into registers, a longer one three times.
    #[launch(threads = 32 * len(mean))]
    #[tune(block = [64, 128, 256, 512])]
    #[outputs(out = (len(x) / len(weight), len(weight)), mean = (len(x) / len(weight)), rstd = (len(x) / len(weight)))]
    #[backward(layernorm_bf16_bwd, layernorm_bf16_bwd_reduce)]
    #[whole_warps]
    pub fn layernorm_bf16(
        i: ThreadIndex, eps: f32, x: &[BF16], weight: &[BF16], bias: &[BF16],
        out: &mut DisjointSlice<BF16, WarpRows<Vec4>> = (len(weight)),
        mean: &mut DisjointSlice<f32, OnePerWarp>,
        rstd: &mut DisjointSlice<f32, OnePerWarp>,
    ) where (len(weight) >= 1, len(bias) == len(weight), len(out) == len(x), len(x) % len(weight) == 0,
             len(mean) == len(x) / len(weight), len(rstd) == len(mean)) {
        // `None` for a whole warp at once: no lane leaves a `warp_sum` that the others wait at.
        let Some(row) = out.warp_row(i) else { return };
        let Some(xr) = x.get(row.range()) else { return }; // inside `x` (see `layernorm`)
        let inv_n = recip(row.cols() as f32);
        let (m, s) = if let Some(v) = RegChunks::<BF16, _, 4>::load_streaming(&row, xr) {
            let m = warp_sum(v.fold(0.0, |a, e| a + e.to_f32())) * inv_n;
            // the centred squares from the bfloat16 values held (centring them in place would round)
            let var = warp_sum(v.fold(0.0, |a, e| (e.to_f32() - m).mul_add(e.to_f32() - m, a))) * inv_n;
            let s = (var + eps).rsqrt();
            v.map_with_store_streaming([weight, bias], |xv, [w, b]| {
                BF16::chunk(|l| ((BF16::at(&xv, l) - m) * s).mul_add(BF16::at(&w, l), BF16::at(&b, l)))
            }, row);
            (m, s)
        } else {
            ln_passes!(BF16, warp_sum, row, xr, weight, bias, eps, inv_n)
        };
        if let Some(o) = mean.warp_value(i) {
            *o = m;
        }
        if let Some(o) = rstd.warp_value(i) {
            *o = s;
        }
    }

    /// RMSNorm backward on float32, first kernel: dx = rstd · (g − x̂ · mean(g · x̂)) with g = dout ·
    /// weight and x̂ = x · rstd, and over each block's `PARTIAL_ROWS` (16) rows the f32 column sums of
    /// dout · x̂ (`dweight_partial`, a chunk of it per chunk of the row; `rms_bwd_group!`), which
    /// `rmsnorm_f32_bwd_reduce` adds up into dweight. `rmsnorm_f32_bwd(dout, x, weight, rstd) -> (dx,
    /// dweight_partial)`. A block per 16 rows, its block tuned between 128 and 256; a row of up to 4 · block
    /// channels, whole 16-byte chunks from aligned starts, is read once (its column sums carried in
    /// registers), any other twice and its sums from a third read.
    #[launch(grid = cdiv(len(rstd), {PARTIAL_ROWS}))]
    #[tune(block = [128, 256])]
    #[outputs(dx = (len(x) / len(weight), len(weight)),
              dweight_partial = (cdiv(len(rstd), {PARTIAL_ROWS}), len(weight)))]
    #[launch_bounds(256)]
    pub fn rmsnorm_f32_bwd(
        i: ThreadIndex, dout: &[f32], x: &[f32], weight: &[f32], rstd: &[f32],
        dx: &mut DisjointSlice<f32, BlockRowGroups<PARTIAL_ROWS, Vec4>> = (len(weight)),
        dweight_partial: &mut DisjointSlice<f32, BlockRows<Vec4>> = (len(weight)),
    ) where (len(weight) >= 1, len(x) % len(weight) == 0, len(rstd) == len(x) / len(weight), len(dout) == len(x),
             len(dx) == len(x), len(dweight_partial) == cdiv(len(rstd), 16) * len(weight)) {
        rms_bwd_group!(f32, 1, i, dout, [], x, weight, rstd, dx, dweight_partial);
    }

    /// RMSNorm backward on float32, second kernel (and the fused add + RMSNorm's): dweight ← the column sums of
    /// `dweight_partial`, in f32, in a fixed order: 32 columns a block of 256 threads, each
    /// column's partial rows added by 8 threads in turn, then their 8 sums in turn.
    #[launch(grid = cdiv(len(weight), 32), block = 256)]
    #[outputs(dweight = (len(weight)))]
    pub fn rmsnorm_f32_bwd_reduce(
        i: ThreadIndex, weight: &[f32], dweight_partial: &[f32],
        dweight: &mut DisjointSlice<f32, BlockRows> = (32),
    ) where (len(weight) >= 1, len(dweight_partial) % len(weight) == 0, len(dweight) == len(weight)) {
        column_totals!(f32, i, weight.len(), [dweight_partial => dweight]);
    }

    /// RMSNorm backward on bfloat16 (f32 math), first kernel: as `rmsnorm_f32_bwd`, dx in bfloat16 (rounded
    /// once), the column sums of each block's 16 rows in f32: columns `8q .. 8q + 4` in chunk `q` of
    /// `dweight_lo`'s row, `8q + 4 .. 8q + 8` in `dweight_hi`'s (a thread's 16-byte chunk is eight columns),
    /// which `rmsnorm_bf16_bwd_reduce_halves` adds up. `rmsnorm_bf16_bwd(dout, x, weight, rstd) -> (dx,
    /// dweight_lo, dweight_hi)`. A block per 16 rows, its block tuned between 128 and 256
    /// (`#[launch_bounds(256)]`; the sm_90a body below also 512); a row of up to 8 · block channels, whole
    /// 16-byte chunks from aligned starts, is read once, any other twice and its sums from a third read.
    #[launch(grid = cdiv(len(rstd), {PARTIAL_ROWS}))]
    #[tune(block = [128, 256])]
    #[outputs(dx = (len(x) / len(weight), len(weight)),
              dweight_lo = (cdiv(len(rstd), {PARTIAL_ROWS}), 4 * cdiv(len(weight), 8)),
              dweight_hi = (cdiv(len(rstd), {PARTIAL_ROWS}), 4 * cdiv(len(weight), 8)))]
    #[launch_bounds(256)]
    pub fn rmsnorm_bf16_bwd(
        i: ThreadIndex, dout: &[BF16], x: &[BF16], weight: &[BF16], rstd: &[f32],
        dx: &mut DisjointSlice<BF16, BlockRowGroups<PARTIAL_ROWS, Vec4>> = (len(weight)),
        dweight_lo: &mut DisjointSlice<f32, BlockRows<Vec4>> = (4 * ((len(weight) + 7) / 8)),
        dweight_hi: &mut DisjointSlice<f32, BlockRows<Vec4>> = (4 * ((len(weight) + 7) / 8)),
    ) where (len(weight) >= 1, len(x) % len(weight) == 0, len(rstd) == len(x) / len(weight), len(dout) == len(x),
             len(dx) == len(x), len(dweight_lo) == cdiv(len(rstd), 16) * 4 * cdiv(len(weight), 8),
             len(dweight_hi) == len(dweight_lo)) {
        rms_bwd_group!(BF16, 1, i, dout, [], x, weight, rstd, dx, dweight_lo, dweight_hi);
    }

    /// `rmsnorm_bf16_bwd` on Hopper (sm_90a): the same body under a cap of 128 registers, so also blocks of
    /// 512 (rows of up to 4,096 channels read once), as fused.rs's `fused_add_rmsnorm_bf16_bwd_sm90a`.
    #[variant_of(rmsnorm_bf16_bwd, sm_90a)]
    #[launch(grid = cdiv(len(rstd), {PARTIAL_ROWS}))]
    #[tune(block = [128, 256, 512])]
    #[max_registers(128)]
    pub fn rmsnorm_bf16_bwd_sm90a(
        i: ThreadIndex, dout: &[BF16], x: &[BF16], weight: &[BF16], rstd: &[f32],
        dx: &mut DisjointSlice<BF16, BlockRowGroups<PARTIAL_ROWS, Vec4>> = (len(weight)),
        dweight_lo: &mut DisjointSlice<f32, BlockRows<Vec4>> = (4 * ((len(weight) + 7) / 8)),
        dweight_hi: &mut DisjointSlice<f32, BlockRows<Vec4>> = (4 * ((len(weight) + 7) / 8)),
    ) where (len(weight) >= 1, len(x) % len(weight) == 0, len(rstd) == len(x) / len(weight), len(dout) == len(x),
             len(dx) == len(x), len(dweight_lo) == cdiv(len(rstd), 16) * 4 * cdiv(len(weight), 8),
             len(dweight_hi) == len(dweight_lo)) {
        rms_bwd_group!(BF16, 1, i, dout, [], x, weight, rstd, dx, dweight_lo, dweight_hi);
    }

    /// `rmsnorm_bf16_bwd` where the gradient of `out` is a sum, `dout + dout_1` as PyTorch adds bfloat16
    /// tensors (left to right, each sum rounded once), read by the kernel instead of a separate add's output:
    /// `#[backward(..., dout = rmsnorm_bf16_bwd_sum2)]` on the forward kernels lets a compiled graph call it.
    #[launch(grid = cdiv(len(rstd), {PARTIAL_ROWS}))]
    #[tune(block = [128, 256])]
    #[outputs(dx = (len(x) / len(weight), len(weight)),
              dweight_lo = (cdiv(len(rstd), {PARTIAL_ROWS}), 4 * cdiv(len(weight), 8)),
              dweight_hi = (cdiv(len(rstd), {PARTIAL_ROWS}), 4 * cdiv(len(weight), 8)))]
    #[launch_bounds(256)]
    pub fn rmsnorm_bf16_bwd_sum2(
        i: ThreadIndex, dout: &[BF16], dout_1: &[BF16], x: &[BF16], weight: &[BF16], rstd: &[f32],
        dx: &mut DisjointSlice<BF16, BlockRowGroups<PARTIAL_ROWS, Vec4>> = (len(weight)),
        dweight_lo: &mut DisjointSlice<f32, BlockRows<Vec4>> = (4 * ((len(weight) + 7) / 8)),
        dweight_hi: &mut DisjointSlice<f32, BlockRows<Vec4>> = (4 * ((len(weight) + 7) / 8)),
    ) where (len(weight) >= 1, len(x) % len(weight) == 0, len(rstd) == len(x) / len(weight), len(dout) == len(x),
             len(dout_1) == len(x), len(dx) == len(x), len(dweight_lo) == cdiv(len(rstd), 16) * 4 * cdiv(len(weight), 8),
             len(dweight_hi) == len(dweight_lo)) {
        rms_bwd_group!(BF16, 1, i, dout + dout_1, [], x, weight, rstd, dx, dweight_lo, dweight_hi);
    }

    /// `rmsnorm_bf16_bwd_sum2` on Hopper (sm_90a), capped as `rmsnorm_bf16_bwd_sm90a`.
    #[variant_of(rmsnorm_bf16_bwd_sum2, sm_90a)]
    #[launch(grid = cdiv(len(rstd), {PARTIAL_ROWS}))]
    #[tune(block = [128, 256, 512])]
    #[max_registers(128)]
    pub fn rmsnorm_bf16_bwd_sum2_sm90a(
        i: ThreadIndex, dout: &[BF16], dout_1: &[BF16], x: &[BF16], weight: &[BF16], rstd: &[f32],
        dx: &mut DisjointSlice<BF16, BlockRowGroups<PARTIAL_ROWS, Vec4>> = (len(weight)),
        dweight_lo: &mut DisjointSlice<f32, BlockRows<Vec4>> = (4 * ((len(weight) + 7) / 8)),
        dweight_hi: &mut DisjointSlice<f32, BlockRows<Vec4>> = (4 * ((len(weight) + 7) / 8)),
    ) where (len(weight) >= 1, len(x) % len(weight) == 0, len(rstd) == len(x) / len(weight), len(dout) == len(x),
             len(dout_1) == len(x), len(dx) == len(x), len(dweight_lo) == cdiv(len(rstd), 16) * 4 * cdiv(len(weight), 8),
             len(dweight_hi) == len(dweight_lo)) {
        rms_bwd_group!(BF16, 1, i, dout + dout_1, [], x, weight, rstd, dx, dweight_lo, dweight_hi);
    }

    /// `rmsnorm_bf16_bwd` where the gradient of `out` is a sum, `dout + dout_1 + dout_2` as PyTorch adds bfloat16
    /// tensors (left to right, each sum rounded once), read by the kernel instead of a separate add's output:
    /// `#[backward(..., dout = rmsnorm_bf16_bwd_sum3)]` on the forward kernels lets a compiled graph call it.
    #[launch(grid = cdiv(len(rstd), {PARTIAL_ROWS}))]
    #[tune(block = [128, 256])]
    #[outputs(dx = (len(x) / len(weight), len(weight)),
              dweight_lo = (cdiv(len(rstd), {PARTIAL_ROWS}), 4 * cdiv(len(weight), 8)),
              dweight_hi = (cdiv(len(rstd), {PARTIAL_ROWS}), 4 * cdiv(len(weight), 8)))]
    #[launch_bounds(256)]
    pub fn rmsnorm_bf16_bwd_sum3(
        i: ThreadIndex, dout: &[BF16], dout_1: &[BF16], dout_2: &[BF16], x: &[BF16], weight: &[BF16], rstd: &[f32],
        dx: &mut DisjointSlice<BF16, BlockRowGroups<PARTIAL_ROWS, Vec4>> = (len(weight)),
        dweight_lo: &mut DisjointSlice<f32, BlockRows<Vec4>> = (4 * ((len(weight) + 7) / 8)),
        dweight_hi: &mut DisjointSlice<f32, BlockRows<Vec4>> = (4 * ((len(weight) + 7) / 8)),
    ) where (len(weight) >= 1, len(x) % len(weight) == 0, len(rstd) == len(x) / len(weight), len(dout) == len(x),
             len(dout_1) == len(x), len(dout_2) == len(x), len(dx) == len(x), len(dweight_lo) == cdiv(len(rstd), 16) * 4 * cdiv(len(weight), 8),
             len(dweight_hi) == len(dweight_lo)) {
        rms_bwd_group!(BF16, 1, i, dout + dout_1 + dout_2, [], x, weight, rstd, dx, dweight_lo, dweight_hi);
    }

    /// `rmsnorm_bf16_bwd_sum3` on Hopper (sm_90a), capped as `rmsnorm_bf16_bwd_sm90a`.
    #[variant_of(rmsnorm_bf16_bwd_sum3, sm_90a)]
    #[launch(grid = cdiv(len(rstd), {PARTIAL_ROWS}))]
    #[tune(block = [128, 256, 512])]
    #[max_registers(128)]
    pub fn rmsnorm_bf16_bwd_sum3_sm90a(
        i: ThreadIndex, dout: &[BF16], dout_1: &[BF16], dout_2: &[BF16], x: &[BF16], weight: &[BF16], rstd: &[f32],
        dx: &mut DisjointSlice<BF16, BlockRowGroups<PARTIAL_ROWS, Vec4>> = (len(weight)),
        dweight_lo: &mut DisjointSlice<f32, BlockRows<Vec4>> = (4 * ((len(weight) + 7) / 8)),
        dweight_hi: &mut DisjointSlice<f32, BlockRows<Vec4>> = (4 * ((len(weight) + 7) / 8)),
    ) where (len(weight) >= 1, len(x) % len(weight) == 0, len(rstd) == len(x) / len(weight), len(dout) == len(x),
             len(dout_1) == len(x), len(dout_2) == len(x), len(dx) == len(x), len(dweight_lo) == cdiv(len(rstd), 16) * 4 * cdiv(len(weight), 8),
             len(dweight_hi) == len(dweight_lo)) {
        rms_bwd_group!(BF16, 1, i, dout + dout_1 + dout_2, [], x, weight, rstd, dx, dweight_lo, dweight_hi);
    }

    /// RMSNorm backward on bfloat16, second kernel, and the fused add + RMSNorm's (`fused.rs`'s
    /// `fused_add_rmsnorm_bf16_bwd`): dweight (bfloat16) ← the f32 column sums of the partial rows,
    /// columns `8q .. 8q + 4` in chunk `q` of `dweight_lo` and `8q + 4 .. 8q + 8` in chunk `q` of
    /// `dweight_hi` (rows of `4 · ⌈C / 8⌉`), rounded once; added as in `rmsnorm_f32_bwd_reduce`.
    #[launch(grid = cdiv(len(weight), 32), block = 256)]
    #[outputs(dweight = (len(weight)))]
    pub fn rmsnorm_bf16_bwd_reduce_halves(
        i: ThreadIndex, weight: &[BF16], dweight_lo: &[f32], dweight_hi: &[f32],
        dweight: &mut DisjointSlice<BF16, BlockRows> = (32),
    ) where (len(weight) >= 1, len(dweight_lo) % (4 * cdiv(len(weight), 8)) == 0, len(dweight_hi) == len(dweight_lo),
             len(dweight) == len(weight)) {
        column_totals!(BF16, i, weight.len(), halves [dweight_lo, dweight_hi] => dweight);
    }

    /// LayerNorm backward on float32 (llm.c's `layernorm_backward`, its outputs written rather
    /// than added to), first kernel: dx = rstd · (g − mean(g) − x̂ · mean(g · x̂)) with g =
    /// dout · weight and x̂ = (x − mean) · rstd, one warp per row; and per block of 8 rows the
    /// f32 column sums of dout · x̂ and of dout over them (`dweight_partial`, `dbias_partial`),
    /// which `layernorm_bwd_reduce` adds up. Blocks of 256 threads (8 warps, 8 rows); a row of up
    /// to 1,024 channels is read once (its x and dout held in registers), a longer one twice.
    #[launch(grid = cdiv(len(rstd), 8), block = 256)]
    #[outputs(dx = (len(x) / len(weight), len(weight)), dweight_partial = (cdiv(len(rstd), 8), len(weight)),
              dbias_partial = (cdiv(len(rstd), 8), len(weight)))]
    #[whole_warps]
    pub fn layernorm_bwd(
        i: ThreadIndex, dout: &[f32], x: &[f32], weight: &[f32], mean: &[f32], rstd: &[f32],
        dx: &mut DisjointSlice<f32, WarpRows<Vec4>> = (len(weight)),
        dweight_partial: &mut DisjointSlice<f32, BlockRows> = (len(weight)),
        dbias_partial: &mut DisjointSlice<f32, BlockRows> = (len(weight)),
    ) where (len(weight) >= 1, len(x) % len(weight) == 0, len(rstd) == len(x) / len(weight), len(mean) == len(rstd),
             len(dout) == len(x), len(dx) == len(x), len(dweight_partial) == cdiv(len(rstd), 8) * len(weight),
             len(dbias_partial) == len(dweight_partial)) {
        layernorm_bwd_body!(f32, 8, i, dout, x, weight, mean, rstd, dx, dweight_partial, dbias_partial);
    }

    /// LayerNorm backward on float32, second kernel: dweight and dbias ← the column sums of
    /// `dweight_partial` and `dbias_partial`, in f32, added as in `rmsnorm_f32_bwd_reduce`.
    #[launch(grid = cdiv(len(weight), 32), block = 256)]
    #[outputs(dweight = (len(weight)), dbias = (len(weight)))]
    pub fn layernorm_bwd_reduce(
        i: ThreadIndex, weight: &[f32], dweight_partial: &[f32], dbias_partial: &[f32],
        dweight: &mut DisjointSlice<f32, BlockRows> = (32),
        dbias: &mut DisjointSlice<f32, BlockRows> = (32),
    ) where (len(weight) >= 1, len(dweight_partial) % len(weight) == 0, len(dbias_partial) == len(dweight_partial),
             len(dweight) == len(weight), len(dbias) == len(weight)) {
        column_totals!(f32, i, weight.len(), [dweight_partial => dweight, dbias_partial => dbias]);
    }

    /// LayerNorm backward on bfloat16 (f32 math), first kernel: as `layernorm_bwd`, dx in
    /// bfloat16 (rounded once), the partial sums in f32. A row of up to 1,024 channels is read
    /// once, a longer one twice.
    #[launch(grid = cdiv(len(rstd), 8), block = 256)]
    #[outputs(dx = (len(x) / len(weight), len(weight)), dweight_partial = (cdiv(len(rstd), 8), len(weight)),
              dbias_partial = (cdiv(len(rstd), 8), len(weight)))]
    #[whole_warps]
    pub fn layernorm_bf16_bwd(
        i: ThreadIndex, dout: &[BF16], x: &[BF16], weight: &[BF16], mean: &[f32], rstd: &[f32],
        dx: &mut DisjointSlice<BF16, WarpRows<Vec4>> = (len(weight)),
        dweight_partial: &mut DisjointSlice<f32, BlockRows> = (len(weight)),
        dbias_partial: &mut DisjointSlice<f32, BlockRows> = (len(weight)),
    ) where (len(weight) >= 1, len(x) % len(weight) == 0, len(rstd) == len(x) / len(weight), len(mean) == len(rstd),
             len(dout) == len(x), len(dx) == len(x), len(dweight_partial) == cdiv(len(rstd), 8) * len(weight),
             len(dbias_partial) == len(dweight_partial)) {
        layernorm_bwd_body!(BF16, 4, i, dout, x, weight, mean, rstd, dx, dweight_partial, dbias_partial);
    }

    /// LayerNorm backward on bfloat16, second kernel: dweight and dbias (bfloat16) ← the f32
    /// column sums of `dweight_partial` and `dbias_partial`, rounded once; added as in
    /// `rmsnorm_f32_bwd_reduce`.
    #[launch(grid = cdiv(len(weight), 32), block = 256)]
    #[outputs(dweight = (len(weight)), dbias = (len(weight)))]
    pub fn layernorm_bf16_bwd_reduce(
        i: ThreadIndex, weight: &[BF16], dweight_partial: &[f32], dbias_partial: &[f32],
        dweight: &mut DisjointSlice<BF16, BlockRows> = (32),
        dbias: &mut DisjointSlice<BF16, BlockRows> = (32),
    ) where (len(weight) >= 1, len(dweight_partial) % len(weight) == 0, len(dbias_partial) == len(dweight_partial),
             len(dweight) == len(weight), len(dbias) == len(weight)) {
        column_totals!(BF16, i, weight.len(), [dweight_partial => dweight, dbias_partial => dbias]);
    }
}
