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

/// Chunk `k` (16 bytes, `load4`'s) of each of `xs`, loaded together. Where every slice starts 16-byte
/// aligned and holds the whole chunk (all but the last thread's, for a buffer from an allocator), each is a
/// bounds-checked element of `vec4`'s aligned middle: no branch surrounds a load, so the N loads are in flight
/// together. Else each is `load4`'s (lanes past the end read as zero), whose branch between a vector load and
/// scalar ones serializes loads in a row of calls: the SwiGLU kernels of `glu.rs` waited on each of theirs
/// in turn.
#[allow(dead_code)]
#[inline(always)]
pub fn load4_each<T: Vector, const N: usize>(xs: [&[T]; N], k: usize) -> [Option<T::V>; N] {
    let parts = xs.map(oxpack::vec::vec4); // (unaligned head, aligned 16-byte vectors, tail)
    // every condition first, then the loads: inside, the bounds are known and no load is conditional
    if parts.iter().all(|(head, vecs, _)| head.is_empty() && k < vecs.len()) {
        parts.map(|(_, vecs, _)| vecs.get(k).copied())
    } else {
        xs.map(|x| oxpack::vec::load4(x, k))
    }
}

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

/// The rows that one block of an RMSNorm's backward kernel (`rms_bwd_group!`, in `norm.rs` and `fused.rs`)
/// takes: one row of the weights' partial sums per `PARTIAL_ROWS` rows of the input.
#[allow(dead_code)]
pub const PARTIAL_ROWS: usize = 16;

/// The sum over rows `0 .. len(rstd)` of `chunk(r).0 · chunk(r).1 · rstd[r]`, lane by lane in f32, in row
/// order (each lane a chain of fused multiply-adds from zero), a row at a time (for loads that branch: a held
/// array of branching loads went to local memory). `chunk(r)` is row `r`'s two chunks of `L` lanes, in f32.
#[allow(dead_code)]
#[inline(always)]
pub fn row_sums<const L: usize>(rstd: &[f32], chunk: impl Fn(usize) -> ([f32; L], [f32; L])) -> [f32; L] {
    let mut acc = [0.0f32; L];
    for (r, &s) in rstd.iter().enumerate() {
        let (d, x) = chunk(r);
        for l in 0..L {
            acc[l] = (d[l] * x[l]).mul_add(s, acc[l]);
        }
    }
    acc
}

/// The RMSNorm kernels' arithmetic (fused.rs's forward and backward, norm.rs's backward) on one 16-byte chunk of a storage type, in f32 (rounded once to
/// bf16 on the way out of a bfloat16 chunk). Written out per type as plain lane loops, the code the
/// bf16 kernels were measured with: the same arithmetic through `Lanes::chunk`'s closures is
/// scheduled otherwise (other PTX, other register counts).
#[allow(dead_code)]
pub trait Chunk: Lanes {
    /// x + r, as PyTorch adds two tensors of the type (the f32 sum, rounded to the type).
    fn add(x: Self::V, r: Self::V) -> Self::V;
    /// `h · rstd · w`.
    fn scaled(h: Self::V, rstd: f32, w: Self::V) -> Self::V;
    /// `acc` + this chunk's share of Σ w·dy·h (lanes past the row read zero: they add 0).
    fn dot(acc: f32, dy: Self::V, h: Self::V, w: Self::V) -> f32;
    /// The gradient of the forward's input h (RMSNorm's x): s · (w·dy − h · c), where s is the row's rstd and
    /// c = s² · mean(w·dy·h) over the row.
    fn grad(dy: Self::V, h: Self::V, w: Self::V, s: f32, c: f32) -> Self::V;
    /// `grad` of the fused kernel's `residual_out`, with the gradient that reaches it directly (`dh`) added in
    /// the same fma: dh + s · (w·dy − h · c).
    fn grad_plus(dy: Self::V, h: Self::V, w: Self::V, dh: Self::V, s: f32, c: f32) -> Self::V;
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
    fn grad(dy: F32x4, h: F32x4, w: F32x4, s: f32, c: f32) -> F32x4 {
        F32x4(core::array::from_fn(|l| s * (w.0[l] * dy.0[l] - h.0[l] * c)))
    }
    #[inline(always)]
    fn grad_plus(dy: F32x4, h: F32x4, w: F32x4, dh: F32x4, s: f32, c: f32) -> F32x4 {
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
    fn grad(dy: BF16x8, h: BF16x8, w: BF16x8, s: f32, c: f32) -> BF16x8 {
        BF16x8(core::array::from_fn(|l| BF16::from_f32(s * (w.0[l].to_f32() * dy.0[l].to_f32() - h.0[l].to_f32() * c))))
    }
    #[inline(always)]
    fn grad_plus(dy: BF16x8, h: BF16x8, w: BF16x8, dh: BF16x8, s: f32, c: f32) -> BF16x8 {
        BF16x8(core::array::from_fn(|l| {
            let g = (w.0[l].to_f32() * dy.0[l].to_f32() - h.0[l].to_f32() * c).mul_add(s, dh.0[l].to_f32());
            BF16::from_f32(g)
        }))
    }
}

/// `rms_bwd_group!`'s choice between its RMSNorm form (`[]`: the first expression) and its fused form
/// (`[dresidual_out]`: the second), made where the macro expands, so each form's code has only its own.
#[allow(unused_macros)]
macro_rules! with_dh {
    ([], $alone:expr, $plus:expr) => { $alone };
    ([$dh:ident], $alone:expr, $plus:expr) => { $plus };
}

/// The backward pass of an RMSNorm of storage type `$t` over block `b`'s `PARTIAL_ROWS` rows (`$dx`,
/// `BlockRowGroups<PARTIAL_ROWS, Vec4>`), and the weights' gradient over them. Each row's
/// `dx = s · (weight·dout − h · c)` (`Chunk::grad`, h the forward's normalised input: RMSNorm's x, the fused
/// add's `residual_out`; s its rstd, c = s² · mean(weight·dout·h)), plus `dresidual_out` where one is given
/// (`[$dh]`: the fused add's gradient that reaches `residual_out` directly; `[]` for RMSNorm); and each
/// column's `Σ dout · h · s` over the rows, in row order from zero (each lane a chain of fused multiply-adds),
/// to this block's row of the partial(s) (`$partial`: one f32 chunk per chunk of the row for f32; for
/// bfloat16, chunk `q`'s low four columns in `$lo`'s chunk `q`, its high four in `$hi`'s; `put_sums!`). A
/// thread has the same chunks in every row of the group. Where the rows are whole 16-byte chunks from aligned
/// starts and a row has at most `$n` chunks a thread (the same for the whole launch), each row is read once:
/// every chunk one bounds-checked element of `vec4`'s aligned middle (no branch around a load, so a row's
/// loads are in flight together), the weights read once before the rows, the column sums carried in
/// registers from row to row. Else each row is read twice for dx (`load4`), and the column sums read the
/// group's rows again (mostly from L2) at the end. A macro (imported with `#[macro_use] mod common;`).
#[allow(unused_macros)]
macro_rules! rms_bwd_group {
    ($t:ty, $n:tt, $i:ident, $dout:ident $(+ $more:ident)*, [$($dh:ident)?], $residual_out:ident, $weight:ident,
     $rstd:ident, $dx:ident, $($partial:ident),+) => {{
        const LANES: usize = <$t as oxpack::vec::Vector>::LANES;
        type V = <$t as oxpack::vec::Vector>::V;
        // this block's partial row(s): the same chunk numbers as its rows of dx (`$dx`'s `group_row`)
        $(let Some(mut $partial) = $partial.block_row($i) else { return };)+
        let (m, n) = { let p = [$(&$partial),+][0]; (p.member(), p.stride()) };
        let cols = $dx.cols();
        let per_row = cols / LANES;
        // dout, [dresidual_out,] residual_out, weight: the fused form's code is its own (no `Option` of the
        // gradient it adds: with one, the loads of a row went out one after another, 15% slower)
        let parts = [$dout, $($dh,)? $residual_out, $weight].map(oxpack::vec::vec4);
        let (dys, hs, ws) = (parts[0].1, parts[parts.len() - 2].1, parts[parts.len() - 1].1);
        $(let dhs = parts[1].1; let _ = &$dh;)?
        // the further terms of dout's sum (`dout + a + b`): dout's value is their sum as PyTorch adds them, in
        // order, one rounding per add
        let more: [&[$t]; _] = [$($more),*];
        let more_parts = more.map(oxpack::vec::vec4);
        let held = cols % LANES == 0 && parts.iter().all(|(head, _, _)| head.is_empty())
            && more_parts.iter().all(|(head, _, _)| head.is_empty()) && per_row <= $n * n;
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
                let terms: [[V; $n]; _] = more_parts.map(|p| core::array::from_fn(|k| at(p.1, k)));
                let h: [V; $n] = core::array::from_fn(|k| at(hs, k));
                $(let dh: [V; $n] = core::array::from_fn(|k| at(dhs, k)); let _ = &$dh;)?
                // the sum's terms added after every load of the row is out (not between them)
                let dy: [V; $n] = core::array::from_fn(|k| terms.iter().fold(dy[k], |v, t| <$t>::add(v, t[k])));
                let mut a = 0.0;
                unroll!(k in 0..$n => {
                    let dot = <$t>::dot(a, dy[k], h[k], w[k]);
                    a = if live[k] { dot } else { a };
                });
                let c = block::sum_f32(a) * inv_n * s * s;
                unroll!(k in 0..$n => {
                    if let Some(mut o) = row.get_mut(k) {
                        o.set(with_dh!([$($dh)?], <$t>::grad(dy[k], h[k], w[k], s, c),
                                       <$t>::grad_plus(dy[k], h[k], w[k], dh[k], s, c)));
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
                $(let Some(dhr) = $dh.get(range.clone()) else { continue };)?
                let more_rows = more.map(|m| m.get(range.clone()).unwrap_or(&[]));
                let (Some(&s), Some(dyr), Some(hr)) = ($rstd.get(row.row()), $dout.get(range.clone()),
                                                       $residual_out.get(range)) else { continue };
                let dy_at = |j: usize| more_rows.iter()
                    .fold(load4(dyr, j).unwrap_or_default(), |v, m| <$t>::add(v, load4(m, j).unwrap_or_default()));
                let mut a = 0.0;
                for j in row.chunks() {
                    a = <$t>::dot(a, dy_at(j), load4(hr, j).unwrap_or_default(),
                                  load4($weight, j).unwrap_or_default());
                }
                let c = block::sum_f32(a) * inv_n * s * s;
                for (j, mut o) in row.iter_mut() {
                    let (dy, h, w) = (dy_at(j), load4(hr, j).unwrap_or_default(),
                                      load4($weight, j).unwrap_or_default());
                    o.set(with_dh!([$($dh)?], <$t>::grad(dy, h, w, s, c),
                                   <$t>::grad_plus(dy, h, w, load4(dhr, j).unwrap_or_default(), s, c)));
                }
            }
            let first = block_idx().x as usize * PARTIAL_ROWS;
            let (count, rs) = ([$(&$partial),+][0].chunk_count(), $rstd.get(first..first + rows).unwrap_or(&[]));
            let span = first * cols..(first + rows) * cols;
            let (ds, xs) = ($dout.get(span.clone()).unwrap_or(&[]), $residual_out.get(span.clone()).unwrap_or(&[]));
            let more_spans = more.map(|m| m.get(span.clone()).unwrap_or(&[]));
            column_sums(ds, &more_spans, xs, rs, cols, (m, n, count), |k, sums| put_sums!(k, sums, $($partial),+));
        }
    }};
}

/// The column sums of `dout · h · rstd` over the rows of `ds` and `hs` (`cols` columns, `rs` their rstd), in row order
/// from zero (`row_sums`, a row at a time), for chunks `m, m + n, … < count` of a row (`LANES` columns each), the
/// `k`-th handed to `put(k, sums)` (lanes past `LANES` zero): `rms_bwd_group!`'s where its rows are not held. Not
/// inlined: its loads and sums would count in the registers of the kernel's every path.
#[allow(dead_code)]
#[inline(never)]
pub fn column_sums<T: Chunk, const M: usize>(ds: &[T], more: &[&[T]; M], hs: &[T], rs: &[f32], cols: usize,
                                             (m, n, count): (usize, usize, usize), mut put: impl FnMut(usize, [f32; 8])) {
    let wide = |v: &T::V| core::array::from_fn(|l| if l < T::LANES { T::at(v, l) } else { 0.0 });
    let (mut k, mut j) = (0, m);
    while j < count {
        put(k, row_sums::<8>(rs, |r| {
            let span = r * cols..(r + 1) * cols;
            let (dr, hr) = (ds.get(span.clone()).unwrap_or(&[]), hs.get(span.clone()).unwrap_or(&[]));
            let dy = more.iter().fold(load4(dr, j).unwrap_or_default(), |v, m| {
                T::add(v, load4(m.get(span.clone()).unwrap_or(&[]), j).unwrap_or_default())
            });
            (wide(&dy), wide(&load4(hr, j).unwrap_or_default()))
        }));
        (k, j) = (k + 1, j + n);
    }
}

/// Writes `$sums`, the column sums of this thread's `$k`-th chunk of a row (`rms_bwd_group!`), to its
/// `$k`-th chunk of the block's partial row: one f32 chunk (`$p`, for f32 rows), or, for bfloat16 rows'
/// eight columns, the low four to `$lo` and the high four to `$hi`.
#[allow(unused_macros)]
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
