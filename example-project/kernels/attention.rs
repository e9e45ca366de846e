//! Attention forward on tensor cores (sm_80 and newer), the FlashAttention-2 algorithm:
//! o = softmax(scale · q·kᵀ [+ causal mask]) · v for bf16 q, o of shape (batch, heads, seq,
//! head_dim) and k, v of shape (batch, kv_heads, seq, head_dim), contiguous, with f32 accumulation
//! and an online softmax, so the seq × seq scores never leave the registers. kv_heads divides heads:
//! grouped-query attention (GQA; MQA with one k/v head), where query head h reads k/v head
//! h / (heads / kv_heads), as `F.scaled_dot_product_attention(..., enable_gqa=True)`; the kernels
//! read the group's size from the arrays' lengths (`len(o) / len(k)`), so a call is the same.
//!
//! Each block of 128 threads (4 warps) takes 64 rows of q of one (batch, head), each warp 16 of
//! them, and loops over k and v in tiles of 64 rows (32 for head dim 128), double-buffered by a
//! `cp.async` pipeline: s = q·kᵀ on `mma.sync` (q held in registers), masked (columns past the
//! sequence, and past the row under a causal mask), then the running row maximum m and sum l
//! are updated, p = 2^(s·scale·log₂e − m) is rounded to bf16 in registers as the A operand of
//! o += p·v, after o is rescaled by 2^(m_old − m_new). At the end o is divided by l and stored.
//! Any seq: the last tiles of q and k/v read zeros past the sequence, whose columns are masked
//! and whose rows are not stored.
//!
//! Each kernel declares its launch, one block of 128 threads per 64 rows of each sequence:
//! `#[launch(grid = batch · heads · cdiv(seq, 64), block = 128)]` (batch · heads being
//! `len(o) / (seq · head_dim)`), so a call passes only data. A `threads=` or `block=` given that
//! differs is refused before the launch, in one line, and an `o` of a partial sequence by the
//! kernels' `where (...)` (the device code traps on them too).
mod common;
use common::recip;
use oxpack::prelude::*;
use oxpack::math::fast;
use oxpack::mma::{offsets_valid, AccumFor, BTile, BtTile, VarlenTiles};
use oxpack::attn_pipeline::{
    AttnConsumer, AttnPipeline, AttnProducer, AttnTiles, VarlenWgTiles, WgRows, BKV as HBKV, BQ as HBQ,
};

/// Rows of q per block, and per warp.
const BQ: usize = 64;
const WQ: usize = 16;
/// Threads per block: 4 warps.
const THREADS: usize = (BQ / WQ) * 32;
/// Stages of the k/v pipeline: double buffering (2 × 16 KiB of shared memory).
const STAGES: usize = 2;

/// The output: tiles of 64 rows of one (batch, head), 16 rows per warp, `D` columns.
type Out<const D: usize> = SeqTiles<BQ, WQ, D>;

/// The attention of one block's 64 rows. `D` is the head dim and `BKV` the rows of a k/v tile;
/// `KS = D / 16` (q's fragments per row block), `NS = BKV / 8` (score fragments), `PK = BKV / 16`
/// (p's fragments), `ON = D / 8` (o's fragments): stable Rust cannot compute them from D and BKV.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn attention<const D: usize, const BKV: usize, const KS: usize, const NS: usize, const PK: usize, const ON: usize>(
    pipe: Pipeline<STAGES, THREADS, BtTile<BF16, BKV, D>, BTile<BF16, BKV, D>>, seq: u32, causal: u32, scale: f32,
    q: &[BF16], k: &[BF16], v: &[BF16], o: &mut DisjointSlice<BF16, Out<D>>,
) where
    Accum<1, ON>: AccumFor<WQ, D>,
{
    let d = block_dim();
    if d.x as usize != THREADS || d.y != 1 || d.z != 1 || (grid_dim().x as usize) < o.block_tiles() {
        trap(); // another block shape, or too few blocks for o
    }
    let seq = seq as usize;
    if seq == 0 {
        return;
    }
    if o.groups() * seq * D != o.len() {
        trap(); // not a whole number of (seq, head_dim) sequences
    }
    // k and v: a whole number of heads that divides q's (GQA: heads / kv_heads query heads a k/v head)
    let Some(kv_heads) = o.kv_heads(k.len()) else { trap() };
    let Some(mut tile) = o.seq_tile() else { return }; // a block past the last tile
    // this block's (batch, head): seq × D matrices of q, and of k and v at its k/v head
    let (at, kv_at) = (tile.group() * seq * D, kv_heads.seq(tile.group()) * seq * D);
    let (Some(qm), Some(km), Some(vm)) = (part::<D>(q, at, seq), part::<D>(k, kv_at, seq), part::<D>(v, kv_at, seq))
    else {
        trap()
    };
    let causal = causal != 0;
    // k/v rows that this block's rows see: all, or up to its last row under a causal mask
    let end = if causal { seq.min(tile.block_row() + BQ) } else { seq };
    let rows = Rows { q: &qm, k: &km, v: &vm, q_col: 0, kv_col: 0, kv_len: seq, diag: 0 };
    let acc = attend::<D, BKV, KS, NS, PK, ON>(&pipe, &rows, tile.warp_row(), causal, opaque(end.div_ceil(BKV)), scale);
    tile.store(&acc);
}

/// What one warp's rows attend to: its q rows, and the k and v rows of their sequence, as matrices
/// whose columns `q_col..q_col + D` (`kv_col..` for k and v) are the head's; `kv_len` k/v rows, and
/// under a causal mask row i of q sees columns up to i + `diag` (0: the top-left diagonal; kv_len −
/// q_len: the bottom-right one, FlashAttention's for q and k of different lengths).
struct Rows<'a, 'b> {
    q: &'b Matrix<'a, BF16>,
    k: &'b Matrix<'a, BF16>,
    v: &'b Matrix<'a, BF16>,
    q_col: usize,
    kv_col: usize,
    kv_len: usize,
    diag: isize,
}

/// The FlashAttention-2 loop of one warp's 16 rows from `wrow` (shared by the dense and the varlen
/// kernels): `steps` k/v tiles of `BKV` rows through the pipeline, s = q·kᵀ on `mma.sync` (q in
/// registers), masked (columns past `kv_len`, and past the row's diagonal under a causal mask), the
/// online softmax, o += p·v; the result divided by the row sums (0 for a row that sees no column).
#[inline(always)]
fn attend<const D: usize, const BKV: usize, const KS: usize, const NS: usize, const PK: usize, const ON: usize>(
    pipe: &Pipeline<STAGES, THREADS, BtTile<BF16, BKV, D>, BTile<BF16, BKV, D>>, rows: &Rows<'_, '_>, wrow: usize,
    causal: bool, steps: usize, scale: f32,
) -> Accum<1, ON>
where
    Accum<1, ON>: AccumFor<WQ, D>,
{
    const { assert!(KS * 16 == D && NS * 8 == BKV && PK * 16 == BKV && ON * 8 == D) };
    let (km, vm, kv_col, kv_len) = (rows.k, rows.v, rows.kv_col, rows.kv_len);
    for s in 0..(STAGES - 1).min(steps) {
        pipe.fill(km, (s * BKV, kv_col), vm, (s * BKV, kv_col));
    }
    let qf = ARegs::<BF16, 1, KS>::load(rows.q, wrow, rows.q_col);
    let last = wrow as isize + rows.diag; // the last column the warp's first row sees (causal)
    let scale = scale * core::f32::consts::LOG2_E; // softmax in base 2
    let mut m = RowVals::<1>::splat(f32::NEG_INFINITY); // running row maximum (scaled)
    let mut l = RowVals::<1>::splat(0.0); // running row sum of p
    let mut acc = Accum::<1, ON>::zero();
    for s in 0..steps {
        let stage = pipe.wait();
        if s + STAGES - 1 < steps {
            let next = (s + STAGES - 1) * BKV;
            pipe.fill(km, (next, kv_col), vm, (next, kv_col));
        }
        let mut sc = Accum::<1, NS>::zero();
        sc.mma_a(&qf, &stage.a(), 0); // s = q·kᵀ for the tile's BKV columns
        let c0 = s * BKV;
        sc.map(|x| x * scale);
        if c0 + BKV > kv_len || (causal && (c0 + BKV) as isize > last + 1) {
            // columns past the sequence, or past the row (causal), contribute nothing
            sc.mask(kv_len - c0, causal.then(|| last - c0 as isize), f32::NEG_INFINITY);
        }
        let m_new = m.zip(&sc.row_max(), f32::max);
        // a row with every column masked so far has m = -inf: subtract 0 (its p are all 0)
        let base = m_new.map(|x| if x == f32::NEG_INFINITY { 0.0 } else { x });
        sc.map_rows(&base, |x, b| fast::exp2(x - b));
        let alpha = m.zip(&base, |old, b| fast::exp2(old - b));
        l = l.zip(&alpha, |l, a| l * a).zip(&sc.row_sum(), |l, p| l + p);
        acc.map_rows(&alpha, |x, a| x * a);
        m = m_new;
        let p = sc.to_a::<BF16, PK>();
        acc.mma_a(&p, &stage.b(), 0); // o += p·v
    }
    let inv = l.map(|x| if x > 0.0 { recip(x) } else { 0.0 });
    acc.map_rows(&inv, |x, i| x * i);
    acc
}

/// The varlen output: tiles of 64 rows of one (sequence, head) of a packed (total, heads, `D`) array.
type VarOut<const D: usize> = VarlenTiles<BQ, WQ, D>;

/// The attention of one block's 64 rows of one (sequence, head) of a packed batch (see the kernels'
/// docs); the loop is `attend`'s, as the dense kernels'.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn attention_varlen<const D: usize, const BKV: usize, const KS: usize, const NS: usize, const PK: usize, const ON: usize>(
    pipe: Pipeline<STAGES, THREADS, BtTile<BF16, BKV, D>, BTile<BF16, BKV, D>>, q: &[BF16], k: &[BF16], v: &[BF16],
    cu_q: &[i32], cu_k: &[i32], max_seqlen_q: u32, causal: u32, scale: f32, total_k: u32, kv_heads: u32,
    o: &mut DisjointSlice<BF16, VarOut<D>>,
) where
    Accum<1, ON>: AccumFor<WQ, D>,
{
    let d = block_dim();
    if d.x as usize != THREADS || d.y != 1 || d.z != 1 {
        trap(); // another block shape
    }
    let (heads, kv_heads, total_k) = (o.heads(), kv_heads as usize, total_k as usize);
    // k and v: (total_k, kv_heads, D), kv_heads dividing heads (GQA); q as o; both batches alike
    if kv_heads == 0 || heads % kv_heads != 0 || k.len() != total_k * kv_heads * D || v.len() != k.len()
        || q.len() != o.len() || cu_k.len() != cu_q.len()
    {
        trap();
    }
    // every thread of the block checks both offset arrays (barriers) before any returns
    if !offsets_valid(cu_k, total_k, usize::MAX) {
        trap(); // k's offsets are not sequences covering k's rows
    }
    let Some(mut tile) = o.varlen_tile(cu_q, max_seqlen_q as usize) else { return };
    let (s, h, sq) = (tile.seq(), tile.head(), tile.rows());
    let (k0, sk) = (cu_k[s] as usize, (cu_k[s + 1] - cu_k[s]) as usize); // valid: checked above
    // the sequence's rows of q (heads · D columns a row) and of k and v (kv_heads · D)
    let (Ok(qw), Ok(kw)) = (u32::try_from(heads * D), u32::try_from(kv_heads * D)) else { trap() };
    let (Some(qm), Some(km), Some(vm)) = (
        q.get(tile.start() * heads * D..).and_then(|x| matrix(x, qw, sq as u32)),
        k.get(k0 * kv_heads * D..).and_then(|x| matrix(x, kw, sk as u32)),
        v.get(k0 * kv_heads * D..).and_then(|x| matrix(x, kw, sk as u32)),
    ) else {
        trap()
    };
    let causal = causal != 0;
    // bottom-right causal alignment: row i sees columns up to i + sk − sq
    let diag = sk as isize - sq as isize;
    let end = if causal { (tile.block_row() + BQ + sk).saturating_sub(sq).min(sk) } else { sk };
    let kv_col = (h / (heads / kv_heads)) * D; // GQA: consecutive query heads share a k/v head
    let rows = Rows { q: &qm, k: &km, v: &vm, q_col: h * D, kv_col, kv_len: sk, diag };
    let acc = attend::<D, BKV, KS, NS, PK, ON>(&pipe, &rows, tile.warp_row(), causal, opaque(end.div_ceil(BKV)), scale);
    tile.store(&acc);
}

/// `x` as it is, but hidden from LLVM's loop analysis (every lane of the warp holds the same
/// value, which a warp shuffle passes on): when the count of k/v tiles visibly depends on the
/// block's rows (the causal bound), LLVM reshapes the loop so that ptxas runs out of registers
/// (255, and some 600 bytes of spills at head dim 128, against 236 and none this way).
#[inline(always)]
fn opaque(x: usize) -> usize {
    shfl_idx(x as u32, 0) as usize
}

/// Elements `at..at + seq·D` of `x` as a `seq × D` matrix (`None` past its end).
#[inline(always)]
fn part<const D: usize>(x: &[BF16], at: usize, seq: usize) -> Option<Matrix<'_, BF16>> {
    x.get(at..at + seq * D).and_then(|s| matrix(s, D as u32, seq as u32))
}

// ---- the Hopper (sm_90a) bodies, FlashAttention-3's structure: each block of 384 threads (3
// warpgroups) takes 128 rows of q of one (batch, head); warpgroup 0's first thread loads q once and
// then k and v in tiles of 128 rows by TMA into a 2-stage pipeline (`AttnPipeline`); warpgroups 1
// and 2 take 64 rows of q each: s = q·kᵀ by `wgmma` from shared memory, masked, the online softmax
// in registers, p rounded to bf16 as the A operand of o += p·v (`wgmma`, A from registers). The two
// take turns for their q·kᵀ (`AttnPipeline::pingpong`): one's softmax beside the other's GEMM.
// The varlen bodies are the same producer and consumer loop over packed sources (`TmaHeads`), one block per
// 128 rows of one (sequence, head), v's rows past a sequence's end zeroed before p·v (`consume_sm90a`).

/// The Hopper pipeline's stages.
const H_STAGES: usize = 2;

/// The attention of one block's 128 rows (head dim D); the consumer warpgroups take turns for their
/// q·kᵀ (`AttnPipeline::pingpong`), so that one's softmax overlaps the other's GEMM
/// (both head dims: at 128 the loop and the turns fit the launch bound's 168 registers, which nvJitLink
/// keeps, ignoring `setmaxnreg`).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn attention_sm90a<const D: usize>(
    seq: u32, causal: u32, scale: f32, q: &TmaSource3<BF16>, k: &TmaSource3<BF16>, v: &TmaSource3<BF16>,
    o: &mut DisjointSlice<BF16, AttnTiles<D>>, smem: DynShared<u64>,
) where
    oxpack::wgmma::WgCols<D>: oxpack::attn_pipeline::AFragWidth,
    oxpack::attn_pipeline::AttnShapeOf<H_STAGES, D>: oxpack::attn_pipeline::AttnShape,
{
    if (grid_dim().x as usize) < o.block_tiles() {
        trap(); // one block per 128-row tile of each sequence
    }
    let seq = seq as usize;
    if q.len() != o.len() || v.len() != k.len() || o.groups() * seq * D != o.len()
        || q.rows() != seq || k.rows() != seq || v.rows() != seq
    {
        trap(); // q: (batch · heads) × seq × D, o as many elements; k and v alike
    }
    // k and v: a whole number of heads that divides q's (GQA: heads / kv_heads query heads a k/v head)
    let Some(kv_heads) = o.kv_heads(k.len()) else { trap() };
    let Some((group, row0)) = o.seq_block() else { return }; // the whole block returns
    let kv = kv_heads.seq(group); // the k/v sequence of this block's (batch, head)
    let causal = causal != 0;
    // k/v rows that this block's rows see: all, or up to its last row under a causal mask
    let end = if causal { seq.min(row0 + HBQ) } else { seq };
    let steps = end.div_ceil(HBKV);
    let pipe = AttnPipeline::<BF16, H_STAGES, D>::new(smem, steps);
    let pipe = pipe.pingpong();
    pipe.run_with_registers(
        o,
        |p, _| produce_sm90a(p, q, k, v, (group, row0), (kv, 0), steps),
        |mut c, o| {
            // Rows in 32 bits (see `consume_sm90a`): row0 is a multiple of 128 below seq < 2^32
            let wrow = row0 as u32 + 64 * c.index() as u32; // the warpgroup's first row
            let acc = consume_sm90a::<D, false>(&mut c, || seq as u32, causal, scale, wrow, 0, steps);
            if let Some(mut t) = o.wg_seq_tile(&c) {
                t.store(&acc);
            }
        },
    );
}

/// The producer of the Hopper bodies: q's 128 rows at (sequence, row) `q_at` of `q`, then `steps`
/// tiles of k and v from (sequence, row) `kv_at` on (a dense kernel's sequences are its (batch, head)s;
/// a varlen kernel's are its heads, and the rows those of the packed batch).
#[inline(always)]
fn produce_sm90a<const D: usize>(
    mut p: AttnProducer<BF16, H_STAGES, D>, q: &TmaSource3<BF16>, k: &TmaSource3<BF16>, v: &TmaSource3<BF16>,
    q_at: (usize, usize), kv_at: (usize, usize), steps: usize,
) {
    p.load_q(q, q_at.0, q_at.1);
    for s in 0..steps {
        p.load_kv(k, v, kv_at.0, kv_at.1 + s * HBKV);
    }
}

/// The consumer loop of the Hopper bodies (dense and varlen): `steps` stages of k and v, s = q·kᵀ by
/// `wgmma`, masked (columns past `kv_len`, and under a causal mask those past the row's diagonal:
/// row i sees columns up to i + `diag`, `diag` 0 for the dense kernels and kv_len − q_len for the
/// varlen ones, FlashAttention's bottom-right alignment), the online softmax, o += p·v; the result
/// divided by the row sums (0 for a row that sees no column). `wrow` is the warpgroup's first row.
/// `VARLEN`: the tiles come from a packed source, whose last tile of a sequence holds the next
/// sequence's rows past `kv_len`: its v rows there are zeroed before p·v (`KvStage::zero_v_from`), so
/// a NaN or infinity of another sequence never meets a zero of p.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn consume_sm90a<const D: usize, const VARLEN: bool>(
    c: &mut AttnConsumer<BF16, H_STAGES, D>, seq: impl Fn() -> u32, causal: bool, scale: f32, wrow: u32, diag: i32,
    steps: usize,
) -> WgAccum<D>
where
    oxpack::wgmma::WgCols<D>: oxpack::attn_pipeline::AFragWidth,
{
    // Rows and columns in 32 bits (64-bit ones take two registers each, and the loop has none
    // to spare at head dim 128): every c0 below is a multiple of 128 below seq (kv_len) < 2^32,
    // so at most 2^32 - 128, and no sum below wraps.
    const LAST: u32 = HBKV as u32 - 1; // a tile's last column, from its first
    // varlen: the last column the warpgroup's first row sees (causal; negative: none), one value held
    // across the loop instead of wrow and diag (wrow < sq and sk < 2^31, so no sum wraps in i32)
    let wlast = wrow as i32 + diag;
    let scale = scale * core::f32::consts::LOG2_E; // softmax in base 2
    let mut m = WgRows::splat(f32::NEG_INFINITY); // running row maximum (scaled)
    let mut l = WgRows::splat(0.0); // running row sum of p
    let mut acc = WgAccum::<D>::zero();
    for s in 0..steps {
        let stage = c.wait();
        let mut sc = WgAccum::<HBKV>::zero();
        sc.qk(&stage); // s = q·kᵀ for the tile's 128 columns
        let c0 = (s * HBKV) as u32; // below seq
        sc.map(|x| x * scale);
        // the diagonal's column in the warpgroup's first row (may be negative for varlen: no column)
        // in 32 bits (a 64-bit value held across the loop takes two registers): c0 < seq < 2^31 for varlen
        let past = if VARLEN { wlast < 0 || c0 + LAST > wlast as u32 } else { c0 + LAST > wrow };
        if c0 + LAST >= seq() || (causal && past) {
            // columns past the sequence, or past the row (causal), contribute nothing; for varlen the
            // diagonal's offset saturates at -2^31, where every column is masked as at its exact value
            let d = || if VARLEN { wlast.saturating_sub(c0 as i32) as isize } else { wrow as isize - c0 as isize };
            sc.mask((seq() - c0) as usize, causal.then(d), f32::NEG_INFINITY);
        }
        let m_new = m.zip(&sc.row_max(), f32::max);
        // a row with every column masked so far has m = -inf: subtract 0 (its p are all 0)
        let base = m_new.map(|x| if x == f32::NEG_INFINITY { 0.0 } else { x });
        sc.map_rows(&base, |x, b| fast::exp2(x - b));
        let alpha = m.zip(&base, |old, b| fast::exp2(old - b));
        l = l.zip(&alpha, |l, a| l * a).zip(&sc.row_sum(), |l, p| l + p);
        acc.map_rows(&alpha, |x, a| x * a);
        m = m_new;
        let p = sc.to_bf16_a();
        if VARLEN && c0 + LAST >= seq() {
            // the sequence's last tile: its rows past seq are the next sequence's (both warpgroups,
            // after their qk: the same stage and the same `seq - c0` in the whole block)
            stage.zero_v_from((seq() - c0) as usize);
        }
        acc.pv(&p, &stage); // o += p·v
    }
    let inv = l.map(|x| if x > 0.0 { recip(x) } else { 0.0 });
    acc.map_rows(&inv, |x, i| x * i);
    acc
}

/// The Hopper body of the varlen kernels: one block of 384 threads per 128 rows of one (sequence,
/// head), as `attention_sm90a`, its q, k and v packed TMA sources read per head (`TmaHeads`). Every
/// block checks both offset arrays before its roles part (`VarlenWgTiles::varlen_block`).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn attention_varlen_sm90a<const D: usize>(
    q: &TmaHeads<BF16>, k: &TmaHeads<BF16>, v: &TmaHeads<BF16>, cu_q: &[i32], cu_k: &[i32], max_seqlen_q: u32,
    causal: u32, scale: f32, total_k: u32, kv_heads: u32, o: &mut DisjointSlice<BF16, VarlenWgTiles<D>>,
    smem: DynShared<u64>,
) where
    oxpack::wgmma::WgCols<D>: oxpack::attn_pipeline::AFragWidth,
    oxpack::attn_pipeline::AttnShapeOf<H_STAGES, D>: oxpack::attn_pipeline::AttnShape,
{
    let d = block_dim();
    if d.x as usize != AttnPipeline::<BF16, H_STAGES, D>::THREADS || d.y != 1 || d.z != 1 {
        trap(); // another block shape
    }
    let (heads, kv_heads, total_k) = (o.heads(), kv_heads as usize, total_k as usize);
    // heads and kv_heads are u32 launch scalars: their quotients in 32 bits (a 64-bit division is a
    // subroutine call in SASS, which would serialize every wgmma: see `attention_sm90a`)
    let (heads32, kv32) = (heads as u32, kv_heads as u32);
    // k and v: (total_k, kv_heads, D), kv_heads dividing heads (GQA); q as o; both batches alike;
    // the tensor maps' shapes the call's
    if kv_heads == 0 || heads32 as usize != heads || heads32 % kv32 != 0 || k.len() != total_k * kv_heads * D
        || v.len() != k.len() || q.len() != o.len() || cu_k.len() != cu_q.len() || q.heads() != heads
        || k.heads() != kv_heads || v.heads() != kv_heads || k.rows() != total_k || v.rows() != total_k
    {
        trap();
    }
    // every thread of the block checks both offset arrays (barriers) before any returns
    if !offsets_valid(cu_k, total_k, usize::MAX) {
        trap(); // k's offsets are not sequences covering k's rows
    }
    let Some(blk) = o.varlen_block(cu_q, max_seqlen_q as usize) else { return }; // the whole block returns
    let (s, sq, row0) = (blk.seq(), blk.rows(), blk.row());
    let sk = (cu_k[s + 1] - cu_k[s]) as u32; // valid: checked above
    let causal = causal != 0;
    // in 32 bits (sk, sq < 2^31: i32 offsets; row0 < sq), so that the loop's count is too: a 64-bit
    // one takes a register more through the consumer's loop, which has none to spare at head dim 128
    let (sq, row32) = (sq as u32, row0 as u32);
    // bottom-right causal alignment: row i sees columns up to i + sk − sq
    let diag = sk as i32 - sq as i32;
    let end = if causal {
        (row32 as u64 + HBQ as u64 + sk as u64).saturating_sub(sq as u64).min(sk as u64) as u32
    } else {
        sk
    };
    let steps = opaque(end.div_ceil(HBKV as u32) as usize); // a u32 (zero-extended): a 32-bit loop count
    // the sequence's k rows for the consumers' loop, in block-shared memory (read there each step): at
    // head dim 128 the loop has no register to hold it (the dense kernels' is a kernel parameter)
    let mut kv_len = shared_array!(u32, 1);
    kv_len.write(thread_slot(), sk); // thread 0's slot
    let kv_len = kv_len.sync();
    let pipe = AttnPipeline::<BF16, H_STAGES, D>::new(smem, steps);
    let pipe = pipe.pingpong();
    let (q3, k3, v3) = (q.by_head(), k.by_head(), v.by_head());
    let checked = blk.checked();
    pipe.run_with_registers(
        o,
        |p, o| {
            // the block's tile found again here (values held from before the roles part would wait in
            // local memory through the consumers' code at head dim 128)
            let Some(b) = o.varlen_block_again(checked, cu_q, max_seqlen_q as usize) else { trap() };
            let (s, h) = (b.seq(), b.head());
            let kvh = (h as u32 / (heads32 / kv32)) as usize; // GQA: consecutive query heads share a k/v head
            let k0 = cu_k[s] as usize; // valid: checked before the roles part
            produce_sm90a(p, &q3, &k3, &v3, (h, b.start() + b.row()), (kvh, k0), steps)
        },
        |mut c, o| {
            let wrow = row32 + 64 * c.index() as u32; // the warpgroup's first row (below sq < 2^31)
            let acc = consume_sm90a::<D, true>(&mut c, || kv_len.get(0), causal, scale, wrow, diag, steps);
            // the tile found again after the loop (the block's values held through it would spill)
            if let Some(mut t) = o.wg_varlen_tile(checked, cu_q, max_seqlen_q as usize, &c) {
                t.store(&acc);
            }
        },
    );
}

kernel! {
    /// o ← softmax(scale · q·kᵀ) · v (causal: column j of row i masked for j > i), head dim 64:
    /// q and o of shape (batch, heads, seq, 64), k and v (batch, kv_heads, seq, 64), contiguous
    /// bf16, sums in f32. Grouped-query attention when kv_heads < heads (a multiple of it: each k/v
    /// head serves `heads / kv_heads` consecutive query heads; 1 is MQA), read from the lengths:
    /// `len(o) / len(k)` = heads / kv_heads. One block of 128 threads per 64 rows of each sequence.
    #[launch(grid = len(o) / max(seq * 64, 1) * cdiv(seq, 64), block = 128)]
    #[launch_bounds(128)]
    pub fn attention_fwd_d64(
        seq: u32, causal: u32, scale: f32, q: &[BF16], k: &[BF16], v: &[BF16],
        o: &mut DisjointSlice<BF16, Out<64>> = (seq),
    ) where (len(q) == len(o), len(v) == len(k), len(o) % max(seq * 64, 1) == 0, len(k) % max(seq * 64, 1) == 0,
             len(k) >= min(len(o), 1), len(o) % max(len(k), 1) == 0,
             block.x == block == 128, blocks.x == blocks >= len(o) / max(seq * 64, 1) * cdiv(seq, 64)) {
        let pipe = cp_async_pipeline!(STAGES, THREADS, BtTile<BF16, 64, 64>, BTile<BF16, 64, 64>);
        attention::<64, 64, 4, 8, 4, 8>(pipe, seq, causal, scale, q, k, v, o);
    }

    /// As `attention_fwd_d64`, head dim 128 (k/v tiles of 32 rows).
    #[launch(grid = len(o) / max(seq * 128, 1) * cdiv(seq, 64), block = 128)]
    #[launch_bounds(128)]
    pub fn attention_fwd_d128(
        seq: u32, causal: u32, scale: f32, q: &[BF16], k: &[BF16], v: &[BF16],
        o: &mut DisjointSlice<BF16, Out<128>> = (seq),
    ) where (len(q) == len(o), len(v) == len(k), len(o) % max(seq * 128, 1) == 0, len(k) % max(seq * 128, 1) == 0,
             len(k) >= min(len(o), 1), len(o) % max(len(k), 1) == 0,
             block.x == block == 128, blocks.x == blocks >= len(o) / max(seq * 128, 1) * cdiv(seq, 64)) {
        let pipe = cp_async_pipeline!(STAGES, THREADS, BtTile<BF16, 32, 128>, BTile<BF16, 32, 128>);
        attention::<128, 32, 8, 4, 2, 16>(pipe, seq, causal, scale, q, k, v, o);
    }

    /// o ← softmax(scale · q·kᵀ) · v over a batch of sequences of different lengths, head dim 64
    /// (FlashAttention's `flash_attn_varlen_func`): q and o packed (total_q, heads, 64), k and v
    /// (total_k, kv_heads, 64), contiguous bf16, token-major; sequence s is rows
    /// `cu_seqlens_q[s]..cu_seqlens_q[s + 1]` of q and `cu_seqlens_k[s]..cu_seqlens_k[s + 1]` of k
    /// and v (int32 offsets, batch + 1 of them, from 0 to total; empty sequences allowed).
    /// `max_seqlen_q` (at least the longest q sequence) sizes the grid: one block of 128 threads per
    /// 64 rows of it, per (sequence, head); blocks past their sequence return. Causal: row i of a
    /// sequence with q length sq and k length sk sees columns j ≤ i + sk − sq (bottom-right aligned,
    /// as FlashAttention ≥ 2.1; the usual mask when sq = sk; a row that sees no column gets 0).
    /// GQA as the dense kernels: query head h reads k/v head h / (heads / kv_heads). Every block checks
    /// both offset arrays before it writes (`VarlenTiles`) and traps on offsets that are not
    /// sequences covering the arrays, or on one longer than `max_seqlen_q`; a nonempty q with no
    /// sequence or a `max_seqlen_q` of 0 (a grid of no block, which could check nothing) is refused
    /// before the launch.
    #[launch(grid = (len(cu_seqlens_q) - 1) * heads * cdiv(max_seqlen_q, 64), block = 128)]
    #[dims(q = (total_q, heads, 64), k = (total_k, kv_heads, 64), v = (total_k, kv_heads, 64))]
    #[outputs(o = (total_q, heads, 64))]
    #[launch_bounds(128)]
    pub fn attention_varlen_fwd_d64(
        q: &[BF16], k: &[BF16], v: &[BF16], cu_seqlens_q: &[i32], cu_seqlens_k: &[i32], max_seqlen_q: u32,
        causal: u32, scale: f32, total_q: u32, heads: u32, total_k: u32, kv_heads: u32,
        o: &mut DisjointSlice<BF16, VarOut<64>> = (heads),
    ) where (len(q) == len(o) == total_q * heads * 64, len(v) == len(k) == total_k * kv_heads * 64,
             heads >= kv_heads >= 1, heads % max(kv_heads, 1) == 0, len(cu_seqlens_k) == len(cu_seqlens_q) >= 1,
             (len(cu_seqlens_q) - 1) * max_seqlen_q >= min(len(q), 1),
             block.x == block == 128, blocks.x == blocks >= (len(cu_seqlens_q) - 1) * heads * cdiv(max_seqlen_q, 64)) {
        let pipe = cp_async_pipeline!(STAGES, THREADS, BtTile<BF16, 64, 64>, BTile<BF16, 64, 64>);
        attention_varlen::<64, 64, 4, 8, 4, 8>(pipe, q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, causal, scale,
                                               total_k, kv_heads, o);
    }

    /// As `attention_varlen_fwd_d64`, head dim 128 (k/v tiles of 32 rows).
    #[launch(grid = (len(cu_seqlens_q) - 1) * heads * cdiv(max_seqlen_q, 64), block = 128)]
    #[dims(q = (total_q, heads, 128), k = (total_k, kv_heads, 128), v = (total_k, kv_heads, 128))]
    #[outputs(o = (total_q, heads, 128))]
    #[launch_bounds(128)]
    pub fn attention_varlen_fwd_d128(
        q: &[BF16], k: &[BF16], v: &[BF16], cu_seqlens_q: &[i32], cu_seqlens_k: &[i32], max_seqlen_q: u32,
        causal: u32, scale: f32, total_q: u32, heads: u32, total_k: u32, kv_heads: u32,
        o: &mut DisjointSlice<BF16, VarOut<128>> = (heads),
    ) where (len(q) == len(o) == total_q * heads * 128, len(v) == len(k) == total_k * kv_heads * 128,
             heads >= kv_heads >= 1, heads % max(kv_heads, 1) == 0, len(cu_seqlens_k) == len(cu_seqlens_q) >= 1,
             (len(cu_seqlens_q) - 1) * max_seqlen_q >= min(len(q), 1),
             block.x == block == 128, blocks.x == blocks >= (len(cu_seqlens_q) - 1) * heads * cdiv(max_seqlen_q, 64)) {
        let pipe = cp_async_pipeline!(STAGES, THREADS, BtTile<BF16, 32, 128>, BTile<BF16, 32, 128>);
        attention_varlen::<128, 32, 8, 4, 2, 16>(pipe, q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, causal,
                                                 scale, total_k, kv_heads, o);
    }

    /// `attention_fwd_d64` on Hopper (sm_90a): TMA + `wgmma`, one block of 384 threads per 128 rows
    /// of each sequence. q, k and v are read by TMA: 4-D (batch, heads, seq, 64) arrays (k and v
    /// (batch, kv_heads, seq, 64); or 3-D (batch · heads, seq, 64)) whose rows are the call's `seq`
    /// (`rows(q) == seq`, ...); other
    /// arrays (a flat one, or rows other than `seq`, which the portable body reads as flat
    /// memory) go to the portable body, before the launch.
    #[variant_of(attention_fwd_d64, sm_90a)]
    #[launch(grid = len(o) / max(seq * 64, 1) * cdiv(seq, 128), block = 384,
             shared = {AttnPipeline::<BF16, H_STAGES, 64>::SHARED_BYTES / 8})]
    #[launch_bounds(384, 1)]
    pub fn attention_fwd_d64_sm90a(
        seq: u32, causal: u32, scale: f32, q: TmaSource3<BF16>, k: TmaSource3<BF16>, v: TmaSource3<BF16>,
        o: &mut DisjointSlice<BF16, AttnTiles<64>> = (seq), smem: DynShared<u64>,
    ) where (len(q) == len(o), len(v) == len(k), len(o) % max(seq * 64, 1) == 0, len(k) % max(seq * 64, 1) == 0,
             len(k) >= min(len(o), 1), len(o) % max(len(k), 1) == 0,
             rows(q) == rows(k) == rows(v) == seq, cols(q) == cols(k) == cols(v) == 64,
             block == 384, blocks.x == blocks >= len(o) / max(seq * 64, 1) * cdiv(seq, 128)) {
        attention_sm90a::<64>(seq, causal, scale, &q, &k, &v, o, smem);
    }

    /// `attention_fwd_d128` on Hopper (sm_90a), as `attention_fwd_d64_sm90a`, head dim 128.
    #[variant_of(attention_fwd_d128, sm_90a)]
    #[launch(grid = len(o) / max(seq * 128, 1) * cdiv(seq, 128), block = 384,
             shared = {AttnPipeline::<BF16, H_STAGES, 128>::SHARED_BYTES / 8})]
    #[launch_bounds(384, 1)]
    pub fn attention_fwd_d128_sm90a(
        seq: u32, causal: u32, scale: f32, q: TmaSource3<BF16>, k: TmaSource3<BF16>, v: TmaSource3<BF16>,
        o: &mut DisjointSlice<BF16, AttnTiles<128>> = (seq), smem: DynShared<u64>,
    ) where (len(q) == len(o), len(v) == len(k), len(o) % max(seq * 128, 1) == 0, len(k) % max(seq * 128, 1) == 0,
             len(k) >= min(len(o), 1), len(o) % max(len(k), 1) == 0,
             rows(q) == rows(k) == rows(v) == seq, cols(q) == cols(k) == cols(v) == 128,
             block == 384, blocks.x == blocks >= len(o) / max(seq * 128, 1) * cdiv(seq, 128)) {
        attention_sm90a::<128>(seq, causal, scale, &q, &k, &v, o, smem);
    }

    /// `attention_varlen_fwd_d64` on Hopper (sm_90a): TMA + `wgmma`, one block of 384 threads per 128
    /// rows of `max_seqlen_q` per (sequence, head). q, k and v are read by TMA one head at a time
    /// (`TmaHeads`: the packed (total, heads, 64) array as heads of total rows); a tile that runs past
    /// its sequence's end reads the next sequence's rows, whose scores are masked and whose v rows are
    /// zeroed before p·v. Arrays the TMA cannot read (not 3-D, a base not 16-byte aligned) go to the
    /// portable body, before the launch.
    #[variant_of(attention_varlen_fwd_d64, sm_90a)]
    #[launch(grid = (len(cu_seqlens_q) - 1) * heads * cdiv(max_seqlen_q, 128), block = 384,
             shared = {AttnPipeline::<BF16, H_STAGES, 64>::SHARED_BYTES / 8})]
    #[dims(q = (total_q, heads, 64), k = (total_k, kv_heads, 64), v = (total_k, kv_heads, 64))]
    #[outputs(o = (total_q, heads, 64))]
    #[launch_bounds(384, 1)]
    pub fn attention_varlen_fwd_d64_sm90a(
        q: TmaHeads<BF16>, k: TmaHeads<BF16>, v: TmaHeads<BF16>, cu_seqlens_q: &[i32], cu_seqlens_k: &[i32],
        max_seqlen_q: u32, causal: u32, scale: f32, total_q: u32, heads: u32, total_k: u32, kv_heads: u32,
        o: &mut DisjointSlice<BF16, VarlenWgTiles<64>> = (heads), smem: DynShared<u64>,
    ) where (len(q) == len(o) == total_q * heads * 64, len(v) == len(k) == total_k * kv_heads * 64,
             heads >= kv_heads >= 1, heads % max(kv_heads, 1) == 0, len(cu_seqlens_k) == len(cu_seqlens_q) >= 1,
             (len(cu_seqlens_q) - 1) * max_seqlen_q >= min(len(q), 1),
             block == 384, blocks.x == blocks >= (len(cu_seqlens_q) - 1) * heads * cdiv(max_seqlen_q, 128)) {
        attention_varlen_sm90a::<64>(&q, &k, &v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, causal, scale,
                                           total_k, kv_heads, o, smem);
    }

    /// `attention_varlen_fwd_d128` on Hopper (sm_90a), as `attention_varlen_fwd_d64_sm90a`, head dim 128.
    #[variant_of(attention_varlen_fwd_d128, sm_90a)]
    #[launch(grid = (len(cu_seqlens_q) - 1) * heads * cdiv(max_seqlen_q, 128), block = 384,
             shared = {AttnPipeline::<BF16, H_STAGES, 128>::SHARED_BYTES / 8})]
    #[dims(q = (total_q, heads, 128), k = (total_k, kv_heads, 128), v = (total_k, kv_heads, 128))]
    #[outputs(o = (total_q, heads, 128))]
    #[launch_bounds(384, 1)]
    pub fn attention_varlen_fwd_d128_sm90a(
        q: TmaHeads<BF16>, k: TmaHeads<BF16>, v: TmaHeads<BF16>, cu_seqlens_q: &[i32], cu_seqlens_k: &[i32],
        max_seqlen_q: u32, causal: u32, scale: f32, total_q: u32, heads: u32, total_k: u32, kv_heads: u32,
        o: &mut DisjointSlice<BF16, VarlenWgTiles<128>> = (heads), smem: DynShared<u64>,
    ) where (len(q) == len(o) == total_q * heads * 128, len(v) == len(k) == total_k * kv_heads * 128,
             heads >= kv_heads >= 1, heads % max(kv_heads, 1) == 0, len(cu_seqlens_k) == len(cu_seqlens_q) >= 1,
             (len(cu_seqlens_q) - 1) * max_seqlen_q >= min(len(q), 1),
             block == 384, blocks.x == blocks >= (len(cu_seqlens_q) - 1) * heads * cdiv(max_seqlen_q, 128)) {
        attention_varlen_sm90a::<128>(&q, &k, &v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, causal, scale,
                                             total_k, kv_heads, o, smem);
    }
}
