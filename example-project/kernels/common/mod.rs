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
    /// The chunk of `row` that holds columns 4c .. 4c + 4 (the f32 chunk c of a row of a weights'
    /// gradient partial, `weight_grad_partials!`), zero past the row; `quad` picks those columns out of it.
    fn chunk_of(row: &[Self], c: usize) -> Self::V;
    /// Columns 4c .. 4c + 4 of `v`, the `chunk_of` a row, in f32.
    fn quad(v: Self::V, c: usize) -> [f32; 4];
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
    #[inline(always)]
    fn chunk_of(row: &[f32], c: usize) -> F32x4 {
        load4(row, c).unwrap_or_default()
    }
    #[inline(always)]
    fn quad(v: F32x4, _c: usize) -> [f32; 4] {
        v.0
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
    /// The bf16 chunk c / 2.
    #[inline(always)]
    fn chunk_of(row: &[BF16], c: usize) -> BF16x8 {
        load4(row, c / 2).unwrap_or_default()
    }
    /// Its low or high half: a choice of values, not an index (an index that varies per thread would
    /// put the chunk in local memory).
    #[inline(always)]
    fn quad(v: BF16x8, c: usize) -> [f32; 4] {
        let [a, b, c0, d, e, f, g, h] = v.0;
        (if c % 2 == 1 { [e, f, g, h] } else { [a, b, c0, d] }).map(|x| x.to_f32())
    }
}

/// The rows that one block of an RMSNorm's weights'-gradient partial kernel (`*_bwd_partial`, in
/// `norm.rs` and `fused.rs`) sums: one row of the partial per `PARTIAL_ROWS` rows of the input.
#[allow(dead_code)]
pub const PARTIAL_ROWS: usize = 16;

/// The sum over rows `0 .. len(rstd)` of `chunk(r).0 · chunk(r).1 · rstd[r]`, lane by lane in f32, in row
/// order (each lane a chain of fused multiply-adds from zero). `HELD` rows' chunks are loaded before any is
/// added: at 4, four load pairs are in flight a thread rather than one (a thread waiting on each row's loads
/// in turn left the kernel bound by their latency); 1 is a row at a time, for loads that branch (a held
/// array of branching loads went to local memory). `chunk(r)` is row `r`'s two chunks of `L` lanes, in f32.
#[allow(dead_code)]
#[inline(always)]
pub fn row_sums<const HELD: usize, const L: usize>(rstd: &[f32], chunk: impl Fn(usize) -> ([f32; L], [f32; L]))
                                                   -> [f32; L] {
    let mut acc = [0.0f32; L];
    let mut add = |(d, x): ([f32; L], [f32; L]), r: usize| {
        let s = rstd.get(r).copied().unwrap_or(0.0);
        for l in 0..L {
            acc[l] = (d[l] * x[l]).mul_add(s, acc[l]);
        }
    };
    let mut r = 0;
    while r + HELD <= rstd.len() {
        let held: [([f32; L], [f32; L]); HELD] = core::array::from_fn(|j| chunk(r + j));
        for (j, pair) in held.into_iter().enumerate() {
            add(pair, r + j);
        }
        r += HELD;
    }
    while r < rstd.len() {
        add(chunk(r), r);
        r += 1;
    }
    acc
}

/// The weights' gradient of an RMSNorm over one block's rows, before the column sums: thread `t` of
/// block `b` owns the f32 chunks `t, t + blockDim, …` (columns 4c .. 4c + 4) of row `b` of `$partial`
/// (`BlockRows<Vec4>`), each the f32 sum of `dout · h · rstd` over rows `b·PARTIAL_ROWS ..` (fewer in
/// the last block), in row order (`row_sums`): `h` is the normalised input (`x`, or the fused kernel's
/// `residual_out`), `$t` its storage type. Where the block's rows are whole 16-byte chunks from an aligned
/// start (the common case, the same for the whole block), a chunk is one bounds-checked 16-byte element
/// (no branch around a load: four rows' loads are in flight together); else a row at a time, each row's
/// `chunk_of`. The same additions in the same order either way.
/// Only inputs are read: no barrier. A macro (imported with `#[macro_use] mod common;`): its code is
/// written out in each kernel, as the kernel's own lines.
#[allow(unused_macros)]
macro_rules! weight_grad_partials {
    ($t:ty, $i:ident, $dout:ident, $h:ident, $rstd:ident, $partial:ident) => {{
        if let Some(prow) = $partial.block_row($i) {
            let cols = prow.cols();
            let first = prow.row() * PARTIAL_ROWS;
            let last = $rstd.len().min(first + PARTIAL_ROWS);
            // the block's rows of dout and h, one check each (inside, by the where clause; else none,
            // and the partial row is zeros)
            let span = first * cols..last * cols;
            let (ds, hs) = ($dout.get(span.clone()).unwrap_or(&[]), $h.get(span).unwrap_or(&[]));
            let ss = $rstd.get(first..last).unwrap_or(&[]);
            let lanes = <$t as oxpack::vec::Vector>::LANES;
            let ((dh, dv, _), (hh, hv, _)) = (oxpack::vec::vec4(ds), oxpack::vec::vec4(hs));
            let (whole, per_row) = (dh.is_empty() && hh.is_empty() && cols % lanes == 0, cols / lanes);
            for (c, mut o) in prow.iter_mut() {
                let acc = if whole {
                    let v = c * 4 / lanes; // the 16-byte chunk of a row that holds columns 4c .. 4c + 4
                    let q = |vs: &[<$t as oxpack::vec::Vector>::V], r: usize| {
                        <$t as Lanes>::quad(vs.get(r * per_row + v).copied().unwrap_or_default(), c)
                    };
                    row_sums::<4, 4>(ss, |r| (q(dv, r), q(hv, r)))
                } else { // a row at a time (the loads of a row's chunk branch on its alignment and length)
                    let q = |rows: &[$t], r: usize| {
                        let row = rows.get(r * cols..(r + 1) * cols).unwrap_or(&[]);
                        <$t as Lanes>::quad(<$t as Lanes>::chunk_of(row, c), c)
                    };
                    row_sums::<1, 4>(ss, |r| (q(ds, r), q(hs, r)))
                };
                o.set(F32x4(acc));
            }
        }
    }};
}
