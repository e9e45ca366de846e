//! Attention forward on Hopper (sm_90a), FlashAttention-3's structure: o = softmax(scale · q·kᵀ
//! [+ causal mask]) · v for bf16 q, k, v, o of shape (batch, heads, seq, head_dim), contiguous,
//! with f32 accumulation and an online softmax.
//!
//! Each block of 384 threads (3 warpgroups) takes 128 rows of q of one (batch, head): warpgroup
//! 0's first thread loads q once and then k and v in tiles of 128 rows by TMA into a 2-stage
//! pipeline (`AttnPipeline`); warpgroups 1 and 2 take 64 rows of q each: s = q·kᵀ by `wgmma` from
//! shared memory, masked (columns past the sequence, and past the row under a causal mask), the
//! running row maximum m and sum l updated, p = 2^(s·scale·log₂e − m) rounded to bf16 in
//! registers as the A operand of o += p·v (`wgmma` with A from registers, v read N-major), after
//! o is rescaled by 2^(m_old − m_new). At the end o is divided by l and stored.
//!
//! q, k and v are passed as 3-D arrays `(batch · heads, seq, head_dim)` (3-D TMA sources: e.g.
//! `q.view(-1, n, d)`; a tile past a sequence's end reads zeros, never the next sequence); o as
//! `(batch, heads, seq, head_dim)` (or any shape of that many elements).
//! Each kernel declares its launch, one block of 384 threads per 128 rows of each sequence, with
//! the pipeline's `SHARED_BYTES / 8` u64 elements of dynamic shared memory, so a call passes only
//! data.
use oxpack::prelude::*;
use oxpack::attn_pipeline::{AttnConsumer, AttnPipeline, AttnProducer, AttnTiles, WgRows, BKV, BQ};
use oxpack::math::fast::{self, recip};

const STAGES: usize = 2;

/// The attention of one block's 128 rows (head dim D).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn attention<const D: usize>(
    seq: u32, causal: u32, scale: f32, q: &TmaSource3<BF16>, k: &TmaSource3<BF16>, v: &TmaSource3<BF16>,
    o: &mut DisjointSlice<BF16, AttnTiles<D>>, smem: DynShared<u64>,
) where
    oxpack::wgmma::WgCols<D>: oxpack::attn_pipeline::AFragWidth,
    oxpack::attn_pipeline::AttnShapeOf<STAGES, D>: oxpack::attn_pipeline::AttnShape,
{
    if (grid_dim().x as usize) < o.block_tiles() {
        trap(); // one block per 128-row tile of each sequence
    }
    let seq = seq as usize;
    if q.len() != o.len() || k.len() != o.len() || v.len() != o.len() || o.groups() * seq * D != o.len()
        || q.rows() != seq || k.rows() != seq || v.rows() != seq
    {
        trap(); // q, k, v: (batch · heads) × seq × D, o the same number of elements
    }
    let Some((group, row0)) = o.seq_block() else { return }; // the whole block returns
    let causal = causal != 0;
    // k/v rows that this block's rows see: all, or up to its last row under a causal mask
    let end = if causal { seq.min(row0 + BQ) } else { seq };
    let steps = end.div_ceil(BKV);
    let pipe = AttnPipeline::<BF16, STAGES, D>::new(smem, steps);
    pipe.run_with_registers(
        o,
        |p, _| produce(p, q, k, v, group, row0, steps),
        |c, o| consume(c, o, seq as u32, causal, scale, row0, steps),
    );
}

#[inline(always)]
fn produce<const D: usize>(
    mut p: AttnProducer<BF16, STAGES, D>, q: &TmaSource3<BF16>, k: &TmaSource3<BF16>, v: &TmaSource3<BF16>,
    group: usize, row0: usize, steps: usize,
) {
    p.load_q(q, group, row0);
    for s in 0..steps {
        p.load_kv(k, v, group, s * BKV);
    }
}

#[inline(always)]
fn consume<const D: usize>(
    mut c: AttnConsumer<BF16, STAGES, D>, o: &mut DisjointSlice<BF16, AttnTiles<D>>, seq: u32, causal: bool,
    scale: f32, row0: usize, steps: usize,
) where
    oxpack::wgmma::WgCols<D>: oxpack::attn_pipeline::AFragWidth,
{
    // Rows and columns in 32 bits (64-bit ones take two registers each, and the loop has none
    // to spare at head dim 128): row0 and every c0 below are multiples of 128 below seq < 2^32,
    // so at most 2^32 - 128, and no sum below wraps.
    let wrow = row0 as u32 + 64 * c.index() as u32; // the warpgroup's first row
    const LAST: u32 = BKV as u32 - 1; // a tile's last column, from its first
    let scale = scale * core::f32::consts::LOG2_E; // softmax in base 2
    let mut m = WgRows::splat(f32::NEG_INFINITY); // running row maximum (scaled)
    let mut l = WgRows::splat(0.0); // running row sum of p
    let mut acc = WgAccum::<D>::zero();
    for s in 0..steps {
        let stage = c.wait();
        let mut sc = WgAccum::<BKV>::zero();
        sc.qk(&stage); // s = q·kᵀ for the tile's 128 columns
        let c0 = (s * BKV) as u32; // below seq
        sc.map(|x| x * scale);
        if c0 + LAST >= seq || (causal && c0 + LAST > wrow) {
            // columns past the sequence, or past the row (causal), contribute nothing
            sc.mask((seq - c0) as usize, causal.then(|| wrow as isize - c0 as isize), f32::NEG_INFINITY);
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
        acc.pv(&p, &stage); // o += p·v
    }
    let inv = l.map(|x| if x > 0.0 { recip(x) } else { 0.0 });
    acc.map_rows(&inv, |x, i| x * i);
    if let Some(mut t) = o.wg_seq_tile(&c) {
        t.store(&acc);
    }
}

kernel! {
    /// o ← softmax(scale · q·kᵀ) · v (causal: column j of row i masked for j > i), head dim 128:
    /// q, k, v (3-D TMA sources, `(batch · heads, seq, 128)`) and o of as many bf16 elements,
    /// sums in f32. One block of 384 threads per 128 rows of each sequence.
    #[launch(grid = len(o) / max(seq * 128, 1) * cdiv(seq, 128), block = 384,
             shared = {AttnPipeline::<BF16, STAGES, 128>::SHARED_BYTES / 8})]
    #[launch_bounds(384, 1)]
    pub fn attention_fwd_sm90_d128(
        seq: u32, causal: u32, scale: f32, q: TmaSource3<BF16>, k: TmaSource3<BF16>, v: TmaSource3<BF16>,
        o: &mut DisjointSlice<BF16, AttnTiles<128>> = (seq), smem: DynShared<u64>,
    ) where (len(q) == len(o), len(k) == len(o), len(v) == len(o),
             rows(q) == rows(k) == rows(v) == seq, cols(q) == cols(k) == cols(v) == 128,
             block == 384, blocks.x == blocks >= len(o) / max(seq * 128, 1) * cdiv(seq, 128)) {
        attention::<128>(seq, causal, scale, &q, &k, &v, o, smem);
    }

    /// As `attention_fwd_sm90_d128`, head dim 64.
    #[launch(grid = len(o) / max(seq * 64, 1) * cdiv(seq, 128), block = 384,
             shared = {AttnPipeline::<BF16, STAGES, 64>::SHARED_BYTES / 8})]
    #[launch_bounds(384, 1)]
    pub fn attention_fwd_sm90_d64(
        seq: u32, causal: u32, scale: f32, q: TmaSource3<BF16>, k: TmaSource3<BF16>, v: TmaSource3<BF16>,
        o: &mut DisjointSlice<BF16, AttnTiles<64>> = (seq), smem: DynShared<u64>,
    ) where (len(q) == len(o), len(k) == len(o), len(v) == len(o),
             rows(q) == rows(k) == rows(v) == seq, cols(q) == cols(k) == cols(v) == 64,
             block == 384, blocks.x == blocks >= len(o) / max(seq * 64, 1) * cdiv(seq, 128)) {
        attention::<64>(seq, causal, scale, &q, &k, &v, o, smem);
    }
}

kernel! {
    /// The attention pipeline's protocol broken, by `which` (head dim 64, one block, k/v of 256
    /// rows, all 3-D: 1 × 256 × 64: 2 steps): 1 the producer loads k and v before q; 2 it loads one stage too few (the
    /// consumers would wait forever); 3 one too many; 4 a consumer waits for one stage too many;
    /// 5 q has other than 64 columns (pass one of 128); 6 too little dynamic shared memory
    /// (`smem` below 10375). 0: no misuse (o ← p·v of the block's first 128 rows, unnormalised).
    /// With the warpgroups taking turns (`pingpong`): 7 no misuse (o as 0's); 8 warpgroup 0
    /// releases its first stage without a `qk`; 9 every stage gets two `qk`s (8 and 9 must end,
    /// not wait for a turn forever); 10 both consumer warpgroups zero v's rows 100..128 of the last
    /// stage (`KvStage::zero_v_from`) before its p·v; 11 only warpgroup 0 does (it waits at the named
    /// barrier forever). One block; `smem` stays the call's (which 6 passes too little).
    #[launch(grid = 1, block = 384)]
    #[launch_bounds(384, 1)]
    pub fn attention_misuse(
        which: u32, q: TmaSource3<BF16>, k: TmaSource3<BF16>, v: TmaSource3<BF16>,
        o: &mut DisjointSlice<f32, AttnTiles<64>> = (128), smem: DynShared<u64>,
    ) {
        if o.seq_block().is_none() {
            return;
        }
        let steps = 2;
        let pipe = AttnPipeline::<BF16, STAGES, 64>::new(smem, steps);
        let pipe = if which >= 7 { pipe.pingpong() } else { pipe };
        match pipe.role() {
            oxpack::attn_pipeline::AttnRole::Producer(mut p) => {
                let loads = match which { 2 => 1, 3 => 3, _ => 2 };
                if which != 1 {
                    p.load_q(&q, 0, 0);
                }
                for s in 0..loads {
                    p.load_kv(&k, &v, 0, s * BKV);
                }
                if which == 1 {
                    p.load_q(&q, 0, 0);
                }
            }
            oxpack::attn_pipeline::AttnRole::Consumer(mut c) => {
                let waits = if which == 4 { 3 } else { 2 };
                let mut acc = WgAccum::<64>::zero();
                let first = c.index() == 0; // consumer warpgroup 0
                for n in 0..waits {
                    let stage = c.wait();
                    let mut s = WgAccum::<BKV>::zero();
                    if !(which == 8 && n == 0 && first) {
                        s.qk(&stage);
                    }
                    if which == 9 {
                        s.qk(&stage);
                    }
                    // 10: both warpgroups zero v's rows 100.. of the last stage (after their qk, under
                    // pingpong); 11: only warpgroup 0 does, and waits at the named barrier for good
                    if n == 1 && (which == 10 || (which == 11 && first)) {
                        stage.zero_v_from(100);
                    }
                    acc.pv(&s.to_bf16_a(), &stage);
                }
                if let Some(mut t) = o.wg_seq_tile(&c) {
                    t.store(&acc);
                }
            }
            oxpack::attn_pipeline::AttnRole::Idle => {}
        }
    }
}
