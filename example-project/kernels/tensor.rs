//! GEMM on tensor cores (sm_80 and newer): `mma.sync` m16n8k16 on bf16 (m16n8k8 on tf32) with
//! f32 accumulators, operands staged through a 3-stage `cp.async` pipeline of swizzled shared
//! tiles.
//!
//! Each block of 128 threads (4 warps) computes a 128 × 128 tile of C, each warp a 64 × 64 part
//! of it (4 × 8 accumulator fragments), stepping through k 32 at a time. Any M, N, K: tiles past
//! an edge read zeros and store nothing outside C. Rows of A and B whose start is 16-byte
//! aligned (K, or N for a `K × N` B, a multiple of 8, and the arrays 16-byte aligned, as torch
//! and CuPy allocate them) are copied by `cp.async`; others by ordinary loads, slower.
//!
//! Each kernel declares its launch, one block of 128 threads per tile of C:
//! `#[launch(grid = cdiv(m, 128) * cdiv(n, 128), block = 128)]`, its operands' dims,
//! `#[dims(a = (m, k), b = (n, k))]`, and its output's, `#[outputs(c = (m, n))]`, so a call passes
//! only data, `c = gemm_bf16_nt_bf16(a, b)` (or every scalar, with flat arrays too). A
//! `threads=` or `block=` given that differs is refused before the launch, in one line; the
//! kernels' `where (...)` states the same shape (the device code traps on another one too).
use oxpack::prelude::*;
use oxpack::mbarrier::{PipeShape, PipelineShape};
use oxpack::mma::{BTileKind, Depth, MmaInput};
use oxpack::wgmma::SplitTiles;

mod common;

/// Block tile: rows of C (and of A's tile).
const BM: usize = 128;
/// Block tile: columns of C (and of B's tile).
const BN: usize = 128;
/// Depth of one pipeline stage: 32 bf16 (16 f32), 64 bytes of each row of A and B.
const BK: usize = 32;
const BK_TF32: usize = 16;
/// Warp tile: 64 × 64, 2 × 2 warps per block.
const WM: usize = 64;
const WN: usize = 64;
/// Threads per block: one per lane of the 4 warps.
const THREADS: usize = (BM / WM) * (BN / WN) * 32;
/// Stages of the cp.async pipeline (3 × 16 KiB of shared memory).
const STAGES: usize = 3;

/// The output layout: block tiles of BM × BN, warp tiles of WM × WN.
type Tiles = WarpTiles<BM, BN, WM, WN>;

/// c = a·b, through the epilogue `f(row, col, acc)`, for `a` m × k row-major and b as `TB` says:
/// the pipeline's tiles are A's `BM × K` and B's `TB` (`BTile<BF16, BK, BN>` for b stored k × n,
/// `BtTile<T, BN, K>` for b stored n × k), as deep as A's (`Depth<K>`). Every thread of the
/// block calls it (the pipeline's barriers), after declaring `pipe`.
#[inline(always)]
fn gemm<T: MmaInput, const K: usize, TB: BTileKind<Elem = T, Depth = Depth<K>>, O: oxpack::Elem>(
    pipe: Pipeline<STAGES, THREADS, ATile<T, BM, K>, TB>, m: u32, n: u32, k: u32, a: &[T], b: &[T],
    c: &mut DisjointSlice<O, Tiles>, f: impl Fn(usize, usize, f32) -> O,
) {
    let d = block_dim();
    if d.x as usize != THREADS || d.y != 1 || d.z != 1 || (grid_dim().x as usize) < c.block_tiles() {
        trap(); // another block shape, or too few blocks for C
    }
    let Some(mut tile) = c.warp_tile() else { return }; // a block past the last tile
    // a as m × k, b as stored (k × n or n × k)
    let (Some(am), Some(bm)) = (matrix(a, k, m), TB::stored(b, k, n)) else { trap() };
    let (m0, n0, pos) = (tile.block_row(), tile.block_col(), tile.pos());
    let steps = (k as usize).div_ceil(K);
    let mut acc = Accum::<{ WM / 16 }, { WN / 8 }>::zero();
    // Every k step's tiles whole (the block tile inside C, k a multiple of the depth, rows
    // 16-byte aligned; proved once, by `whole_k`), and at least 2·STAGES - 1 steps: the k loop
    // with `fill_k_whole` (none of the edge copies' values live across it, no test of the
    // tiles per step), STAGES steps a turn, so that each copy's stage slot is a constant and the
    // tiles' shared offsets fold into the instructions.
    match pipe.whole_k(&am, &bm, m0, n0, steps) {
        Some(whole) if steps >= 2 * STAGES - 1 => {
            const { assert!(STAGES == 3) };
            pipe.fill_k_whole(&whole, 0);
            pipe.fill_k_whole(&whole, 1);
            // one step: wait for step s's stage, refill the one the previous step read (the
            // wait's barrier ended its reads) with step s + STAGES - 1, multiply
            macro_rules! step {
                ($s:expr) => {{
                    let s = $s;
                    let stage = pipe.wait();
                    if s + STAGES - 1 < steps {
                        pipe.fill_k_whole(&whole, s + STAGES - 1);
                    }
                    acc.mma_tile(&stage.a(), &stage.b(), pos);
                }};
            }
            let mut s = 0;
            while s + 2 * STAGES - 1 <= steps {
                step!(s);
                step!(s + 1);
                step!(s + 2);
                s += STAGES;
            }
            while s < steps {
                step!(s);
                s += 1;
            }
        }
        _ => {
            for s in 0..(STAGES - 1).min(steps) {
                pipe.fill_k(&am, &bm, m0, n0, s * K);
            }
            for s in 0..steps {
                let stage = pipe.wait();
                // refill the stage that the previous step read (the wait's barrier ended its reads)
                if s + STAGES - 1 < steps {
                    pipe.fill_k(&am, &bm, m0, n0, (s + STAGES - 1) * K);
                }
                acc.mma_tile(&stage.a(), &stage.b(), pos);
            }
        }
    }
    tile.store_with(&acc, f);
}

/// The exact GELU of `common` (shared with `nn.rs`), called, not inlined, by the `mma.sync` body's
/// epilogue for each of a thread's 128 outputs (its 255 registers keep the accumulators across the
/// calls) rather than as 128 copies of `erf`. The sm_90a body, under 168 registers, inlines
/// `common::gelu` instead.
#[inline(never)]
fn gelu(x: f32) -> f32 {
    common::gelu(x)
}

// ---- the Hopper (sm_90a) bodies: TMA copies into a 4-stage pipeline of 128-byte-swizzled shared
// tiles, `wgmma` m64n256k16 on two consumer warpgroups, warp-specialized (warpgroup 0's first thread
// issues the copies). Each block of 384 threads (3 warpgroups) computes a 128 × 256 tile of C.

/// The Hopper pipeline of bf16 operands: 4 stages of 128 × 256 tiles. Each kernel's body is the device
/// library's GEMM of two consumer warpgroups (`TmaPipeline::run_tile`: the producer's loads of the block's
/// tile, the consumers' `Consumer::multiply_tiles` or, for a 16-bit output, `Consumer::multiply_staged`).
type Big = TmaPipeline<4, 128, 256>;

// ---- the small-m siblings of `gemm_bf16_nt_bf16` on Hopper. At m = 512, n = 4096 the 128 × 256
// tiles make 64 blocks for 132 multiprocessors, at m ≤ 128 only 16: most of the GPU idles. Smaller
// tiles make more blocks: 128 × 128 (128 blocks at m = 512) and 64 × 64 (64 blocks at m ≤ 64, one
// consumer warpgroup each, 12 stages deep: at such m the GEMM streams B from memory, and the deep
// pipeline keeps 96 KiB of it in flight per multiprocessor). `gemm_bf16_nt_bf16` lists them in its
// `#[tune(kernels = [...])]`: the first call of a size times all three and runs the fastest.

/// 64 × 64 tiles, 12 stages of 16 KiB (192 KiB): one consumer warpgroup (256 threads a block).
type Narrow = TmaPipeline<12, 64, 64>;
/// 128 × 128 tiles, 6 stages of 32 KiB: two consumer warpgroups (384 threads a block).
type Square = TmaPipeline<6, 128, 128>;

/// The body of a one-tile kernel of one consumer warpgroup (`TmaPipeline<S, 64, BN>`: 64 × BN
/// tiles of bf16, one block per tile of C: fewer are refused before the launch, and trap): the
/// pipeline over k, the producer's loads of the block's tile, and the consumer's product stored
/// through its staging area as `f(row, col, acc)`. No register reallocation: a block of two
/// warpgroups, whose consumer's 64 × BN accumulators fit the 255 registers a thread may have.
#[inline(always)]
fn one_narrow_tile<const S: usize, const BN: usize, O: oxpack::wgmma::StageElem>(
    k: u32, a: &TmaSource<BF16>, b: &TmaSource<BF16>, c: &mut DisjointSlice<O, WgTiles<64, BN>>, smem: DynShared<u64>,
    f: impl Fn(usize, usize, f32) -> O,
) where
    PipeShape<S, 64, BN>: PipelineShape,
    oxpack::wgmma::WgCols<BN>: oxpack::wgmma::WgWidth,
{
    if (grid_dim().x as usize) < c.block_tiles() {
        trap(); // one block per tile of C
    }
    let steps = (k as usize).div_ceil(TmaPipeline::<S, 64, BN>::STAGE_K);
    if c.block_tile_count() == 0 {
        return;
    }
    match TmaPipeline::<S, 64, BN>::new(smem, steps).role() {
        Role::Producer(p) => p.load_tiles(a, b, 1, steps, c),
        Role::Consumer(q) => q.multiply_staged(steps, c, f),
        Role::Idle => {}
    }
}

// ---- the split-K sibling: at m ≤ 64, n = 4096 the 64 × 64 tiles still make only 64 blocks, each
// streaming its 64 rows of B through all of k. Two blocks per tile, each over half of k, make 128: each
// thread writes its f32 partial sums to a workspace the stub makes zeroed, and the last of a tile's two
// blocks to arrive (per thread, `SplitTiles`) adds both halves in order and stores the bf16 sums.

/// Slices of k per tile of the split-K sibling.
const SPLITS: usize = 2;

/// The body of the split-K kernel (`TmaPipeline<S, 64, BN>` over one slice of k, `K` slices a tile,
/// `K` blocks per tile of C: fewer are refused before the launch, and trap): the producer loads the
/// slice's stages, the consumer multiplies them and hands its partial sums to `split_store_with`.
#[inline(always)]
fn split_narrow_tile<const S: usize, const BN: usize, const K: usize>(
    k: u32, a: &TmaSource<BF16>, b: &TmaSource<BF16>, c: &mut DisjointSlice<BF16, SplitTiles<64, BN, K>>,
    ws: &[AtomicU32], smem: DynShared<u64>,
) where
    PipeShape<S, 64, BN>: PipelineShape,
    oxpack::wgmma::WgCols<BN>: oxpack::wgmma::WgWidth,
{
    if (grid_dim().x as usize) < c.block_tiles() * K {
        trap(); // K blocks per tile of C
    }
    let steps = (k as usize).div_ceil(TmaPipeline::<S, 64, BN>::STAGE_K);
    let Some(at) = c.split(steps) else { return }; // a block past the last tile (the same in all its threads)
    match TmaPipeline::<S, 64, BN>::new(smem, at.count()).role() {
        Role::Producer(mut p) => {
            for s in 0..at.count() {
                p.load(a, at.row(), b, at.col(), (at.first() + s) * TmaPipeline::<S, 64, BN>::STAGE_K);
            }
        }
        Role::Consumer(mut q) => {
            let mut acc = WgAccum::<BN>::zero();
            q.multiply_steps(&mut acc, at.count());
            c.split_store_with(ws, at, &q, &acc, |_, _, v| BF16::from_f32(v));
        }
        Role::Idle => {}
    }
}

kernel! {
    /// c ← a·b on tensor cores: `a` m × k and `b` k × n, row-major bf16; `c` m × n, f32
    /// (bf16 products, summed in f32). One block of 128 threads per 128 × 128 tile of `c`. No
    /// sm_90a body (the Hopper pipeline reads B n × k): on Hopper this `mma.sync` body runs too;
    /// `gemm_bf16_nt` with bᵀ (n × k) runs the `wgmma` one.
    #[launch(grid = cdiv(m, 128) * cdiv(n, 128), block = 128)]
    #[dims(a = (m, k), b = (k, n))]
    #[outputs(c = (m, n))]
    #[launch_bounds(128)]
    pub fn gemm_bf16(
        m: u32, n: u32, k: u32, a: &[BF16], b: &[BF16], c: &mut DisjointSlice<f32, Tiles> = (n),
    ) where (len(a) == m * k, len(b) == k * n, len(c) == m * n,
             block.x == block == 128, blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 128)) {
        let pipe = cp_async_pipeline!(STAGES, THREADS, ATile<BF16, BM, BK>, BTile<BF16, BK, BN>);
        gemm(pipe, m, n, k, a, b, c, |_, _, v| v);
    }

    /// c ← a·bᵀ on tensor cores: `a` m × k and `b` n × k (torch's `linear` weight layout),
    /// row-major bf16; `c` m × n, f32. Launched as `gemm_bf16`.
    #[launch(grid = cdiv(m, 128) * cdiv(n, 128), block = 128)]
    #[dims(a = (m, k), b = (n, k))]
    #[outputs(c = (m, n))]
    #[launch_bounds(128)]
    pub fn gemm_bf16_nt(
        m: u32, n: u32, k: u32, a: &[BF16], b: &[BF16], c: &mut DisjointSlice<f32, Tiles> = (n),
    ) where (len(a) == m * k, len(b) == n * k, len(c) == m * n,
             block.x == block == 128, blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 128)) {
        let pipe = cp_async_pipeline!(STAGES, THREADS, ATile<BF16, BM, BK>, BtTile<BF16, BN, BK>);
        gemm(pipe, m, n, k, a, b, c, |_, _, v| v);
    }

    /// c ← a·bᵀ as `gemm_bf16_nt`, with `c` m × n in bf16 (rounded to nearest even):
    /// torch's `F.linear(a, b)` without bias. Launched as `gemm_bf16`. On Hopper the first call of
    /// a size also times its small-m siblings `gemm_bf16_nt_bf16_64x64`, `gemm_bf16_nt_bf16_128x128`
    /// and `gemm_bf16_nt_bf16_splitk` and runs the fastest of the four (`#[tune(kernels = [...])]`).
    #[launch(grid = cdiv(m, 128) * cdiv(n, 128), block = 128)]
    #[tune(kernels = [gemm_bf16_nt_bf16_64x64, gemm_bf16_nt_bf16_128x128, gemm_bf16_nt_bf16_splitk])]
    #[dims(a = (m, k), b = (n, k))]
    #[outputs(c = (m, n))]
    #[launch_bounds(128)]
    pub fn gemm_bf16_nt_bf16(
        m: u32, n: u32, k: u32, a: &[BF16], b: &[BF16], c: &mut DisjointSlice<BF16, Tiles> = (n),
    ) where (len(a) == m * k, len(b) == n * k, len(c) == m * n,
             block.x == block == 128, blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 128)) {
        let pipe = cp_async_pipeline!(STAGES, THREADS, ATile<BF16, BM, BK>, BtTile<BF16, BN, BK>);
        gemm(pipe, m, n, k, a, b, c, |_, _, v| BF16::from_f32(v));
    }

    /// c ← a·bᵀ on tensor cores in tf32: `a` m × k and `b` n × k (as a `linear` weight), row-major
    /// f32, of which the tensor cores read the top 19 bits (sign, exponent, 10 mantissa bits:
    /// truncated); products summed in f32 into `c`, m × n. Launched as `gemm_bf16`.
    #[launch(grid = cdiv(m, 128) * cdiv(n, 128), block = 128)]
    #[dims(a = (m, k), b = (n, k))]
    #[outputs(c = (m, n))]
    #[launch_bounds(128)]
    pub fn gemm_tf32_nt(
        m: u32, n: u32, k: u32, a: &[f32], b: &[f32], c: &mut DisjointSlice<f32, Tiles> = (n),
    ) where (len(a) == m * k, len(b) == n * k, len(c) == m * n,
             block.x == block == 128, blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 128)) {
        let pipe = cp_async_pipeline!(STAGES, THREADS, ATile<f32, BM, BK_TF32>, BtTile<f32, BN, BK_TF32>);
        gemm(pipe, m, n, k, a, b, c, |_, _, v| v);
    }

    /// c ← gelu(a·wᵀ + bias), the exact GELU (x/2 · (1 + erf(x/√2)), torch's default), summed
    /// and activated in f32, stored in bf16: `a` m × k, `w` n × k, `bias` n, `c` m × n.
    /// Launched as `gemm_bf16`; on Hopper its sm_90a variant runs (`linear_gelu_bf16_sm90a`).
    #[launch(grid = cdiv(m, 128) * cdiv(n, 128), block = 128)]
    #[dims(a = (m, k), w = (n, k), bias = (n))]
    #[outputs(c = (m, n))]
    #[launch_bounds(128)]
    pub fn linear_gelu_bf16(
        m: u32, n: u32, k: u32, a: &[BF16], w: &[BF16], bias: &[BF16], c: &mut DisjointSlice<BF16, Tiles> = (n),
    ) where (len(a) == m * k, len(w) == n * k, len(bias) == n, len(c) == m * n,
             block.x == block == 128, blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 128)) {
        let pipe = cp_async_pipeline!(STAGES, THREADS, ATile<BF16, BM, BK>, BtTile<BF16, BN, BK>);
        gemm(pipe, m, n, k, a, w, c, |_, col, v| BF16::from_f32(gelu(v + bias.get(col).map_or(0.0, |b| b.to_f32()))));
    }

    /// `gemm_bf16_nt` on Hopper (sm_90a): TMA + `wgmma`, one block of 384 threads per 128 × 256 tile
    /// of `c`. `a` (m × k) and `b` (n × k) are read by TMA: 2-D arrays, k a multiple of 8,
    /// 16-byte-aligned bases.
    #[variant_of(gemm_bf16_nt, sm_90a)]
    #[launch(grid = cdiv(m, 128) * cdiv(n, 256), block = 384, shared = {Big::SHARED_BYTES / 8})]
    #[dims(a = (m, k), b = (n, k))]
    #[launch_bounds(384, 1)]
    pub fn gemm_bf16_nt_sm90a(
        m: u32, n: u32, k: u32, a: TmaSource<BF16>, b: TmaSource<BF16>,
        c: &mut DisjointSlice<f32, WgTiles<128, 256>> = (n), smem: DynShared<u64>,
    ) where (len(a) == m * k, len(b) == n * k, len(c) == m * n,
             block == 384, blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 256)) {
        Big::run_tile(k, &a, &b, c, smem, |q, steps, c| q.multiply_tiles(1, steps, c, |t, acc| t.store(acc)));
    }

    /// `gemm_bf16_nt_bf16` on Hopper (sm_90a), as `gemm_bf16_nt_sm90a`; the epilogue goes through
    /// shared memory (`WgStaging`: `stmatrix`, then 16-byte stores of whole rows).
    #[variant_of(gemm_bf16_nt_bf16, sm_90a)]
    #[launch(grid = cdiv(m, 128) * cdiv(n, 256), block = 384, shared = {Big::SHARED_BYTES / 8})]
    #[dims(a = (m, k), b = (n, k))]
    #[launch_bounds(384, 1)]
    pub fn gemm_bf16_nt_bf16_sm90a(
        m: u32, n: u32, k: u32, a: TmaSource<BF16>, b: TmaSource<BF16>,
        c: &mut DisjointSlice<BF16, WgTiles<128, 256>> = (n), smem: DynShared<u64>,
    ) where (len(a) == m * k, len(b) == n * k, len(c) == m * n,
             block == 384, blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 256)) {
        Big::run_tile(k, &a, &b, c, smem, |q, steps, c| q.multiply_staged(steps, c, |_, _, v| BF16::from_f32(v)));
    }

    /// c ← a·bᵀ as `gemm_bf16_nt_bf16`, in 64 × 64 tiles on Hopper: for small m (m ≤ 64 makes 64
    /// blocks at n = 4096 where the 128 × 256 tiles make 16). Runs on sm_90a GPUs only (H100,
    /// H200): a call elsewhere, or of arrays the TMA cannot read, is refused before the launch.
    #[only_on(sm_90a)]
    #[launch(grid = 1, block = 32)]
    #[dims(a = (m, k), b = (n, k))]
    #[outputs(c = (m, n))]
    pub fn gemm_bf16_nt_bf16_64x64(
        m: u32, n: u32, k: u32, a: &[BF16], b: &[BF16], c: &mut DisjointSlice<BF16, Tiles> = (n),
    ) where (len(a) == m * k, len(b) == n * k, len(c) == m * n) {
        let _ = (m, n, k, a, b, c);
        panic!("gemm_bf16_nt_bf16_64x64 runs on sm_90a GPUs only (H100, H200), on 2-D arrays with k a multiple \
                of 8; call gemm_bf16_nt_bf16 elsewhere, or emulate it with OXPACK_EMULATE_ARCH=sm_90a");
    }

    /// `gemm_bf16_nt_bf16_64x64` on Hopper (sm_90a): TMA + `wgmma` m64n64k16, one block of 256
    /// threads (a producer warpgroup, one consumer warpgroup) per 64 × 64 tile of `c`, 12 stages
    /// deep, the store staged through shared memory. `a` (m × k) and `b` (n × k) as
    /// `gemm_bf16_nt_sm90a`'s.
    #[variant_of(gemm_bf16_nt_bf16_64x64, sm_90a)]
    #[launch(grid = cdiv(m, 64) * cdiv(n, 64), block = 256, shared = {Narrow::SHARED_BYTES / 8})]
    #[dims(a = (m, k), b = (n, k))]
    #[launch_bounds(256, 1)]
    pub fn gemm_bf16_nt_bf16_64x64_sm90a(
        m: u32, n: u32, k: u32, a: TmaSource<BF16>, b: TmaSource<BF16>,
        c: &mut DisjointSlice<BF16, WgTiles<64, 64>> = (n), smem: DynShared<u64>,
    ) where (len(a) == m * k, len(b) == n * k, len(c) == m * n,
             block == 256, blocks.x == blocks >= cdiv(m, 64) * cdiv(n, 64)) {
        one_narrow_tile::<12, 64, _>(k, &a, &b, c, smem, |_, _, v| BF16::from_f32(v));
    }

    /// c ← a·bᵀ as `gemm_bf16_nt_bf16`, in 128 × 128 tiles on Hopper: for m of a few hundred (m =
    /// 512 makes 128 blocks at n = 4096 where the 128 × 256 tiles make 64). Runs on sm_90a GPUs
    /// only, as `gemm_bf16_nt_bf16_64x64`.
    #[only_on(sm_90a)]
    #[launch(grid = 1, block = 32)]
    #[dims(a = (m, k), b = (n, k))]
    #[outputs(c = (m, n))]
    pub fn gemm_bf16_nt_bf16_128x128(
        m: u32, n: u32, k: u32, a: &[BF16], b: &[BF16], c: &mut DisjointSlice<BF16, Tiles> = (n),
    ) where (len(a) == m * k, len(b) == n * k, len(c) == m * n) {
        let _ = (m, n, k, a, b, c);
        panic!("gemm_bf16_nt_bf16_128x128 runs on sm_90a GPUs only (H100, H200), on 2-D arrays with k a multiple \
                of 8; call gemm_bf16_nt_bf16 elsewhere, or emulate it with OXPACK_EMULATE_ARCH=sm_90a");
    }

    /// `gemm_bf16_nt_bf16_128x128` on Hopper (sm_90a): the pipeline of `gemm_bf16_nt_bf16_sm90a`
    /// in 128 × 128 tiles (`wgmma` m64n128k16 on two consumer warpgroups), 6 stages deep.
    #[variant_of(gemm_bf16_nt_bf16_128x128, sm_90a)]
    #[launch(grid = cdiv(m, 128) * cdiv(n, 128), block = 384, shared = {Square::SHARED_BYTES / 8})]
    #[dims(a = (m, k), b = (n, k))]
    #[launch_bounds(384, 1)]
    pub fn gemm_bf16_nt_bf16_128x128_sm90a(
        m: u32, n: u32, k: u32, a: TmaSource<BF16>, b: TmaSource<BF16>,
        c: &mut DisjointSlice<BF16, WgTiles<128, 128>> = (n), smem: DynShared<u64>,
    ) where (len(a) == m * k, len(b) == n * k, len(c) == m * n,
             block == 384, blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 128)) {
        Square::run_tile(k, &a, &b, c, smem, |q, steps, c| q.multiply_staged(steps, c, |_, _, v| BF16::from_f32(v)));
    }

    /// c ← a·bᵀ as `gemm_bf16_nt_bf16`, split-K on Hopper: 64 × 64 tiles, each computed by two blocks over
    /// the two halves of k (m ≤ 64 makes 128 blocks at n = 4096 where the 64 × 64 tiles alone make 64).
    /// Runs on sm_90a GPUs only, as `gemm_bf16_nt_bf16_64x64`.
    #[only_on(sm_90a)]
    #[launch(grid = 1, block = 32)]
    #[dims(a = (m, k), b = (n, k))]
    #[outputs(c = (m, n))]
    pub fn gemm_bf16_nt_bf16_splitk(
        m: u32, n: u32, k: u32, a: &[BF16], b: &[BF16], c: &mut DisjointSlice<BF16, Tiles> = (n),
    ) where (len(a) == m * k, len(b) == n * k, len(c) == m * n) {
        let _ = (m, n, k, a, b, c);
        panic!("gemm_bf16_nt_bf16_splitk runs on sm_90a GPUs only (H100, H200), on 2-D arrays with k a multiple \
                of 8; call gemm_bf16_nt_bf16 elsewhere, or emulate it with OXPACK_EMULATE_ARCH=sm_90a");
    }

    /// `gemm_bf16_nt_bf16_splitk` on Hopper (sm_90a): the pipeline of `gemm_bf16_nt_bf16_64x64_sm90a`
    /// over one half of k per block, two blocks per 64 × 64 tile of `c` (`SplitTiles<64, 64, 2>`); `ws`,
    /// the workspace the stub makes zeroed for each launch (`#[launch(workspace = ...)]`: per tile 128
    /// arrival counters, and two f32 partial sums of each 16-row band of the output's rows), holds the
    /// halves until the second block of the tile adds them, in order (the same bits whichever block is last).
    #[variant_of(gemm_bf16_nt_bf16_splitk, sm_90a)]
    #[launch(grid = cdiv(m, 64) * cdiv(n, 64) * 2, block = 256, shared = {Narrow::SHARED_BYTES / 8},
             workspace = cdiv(m, 64) * cdiv(n, 64) * 128 + cdiv(n, 64) * cdiv(m, 16) * {SPLITS * 16 * 64})]
    #[dims(a = (m, k), b = (n, k))]
    #[launch_bounds(256, 1)]
    pub fn gemm_bf16_nt_bf16_splitk_sm90a(
        m: u32, n: u32, k: u32, a: TmaSource<BF16>, b: TmaSource<BF16>,
        c: &mut DisjointSlice<BF16, SplitTiles<64, 64, SPLITS>> = (n), ws: &[AtomicU32], smem: DynShared<u64>,
    ) where (len(a) == m * k, len(b) == n * k, len(c) == m * n,
             block == 256, blocks.x == blocks >= cdiv(m, 64) * cdiv(n, 64) * 2) {
        split_narrow_tile::<12, 64, SPLITS>(k, &a, &b, c, ws, smem);
    }

    /// `linear_gelu_bf16` on Hopper (sm_90a): the pipeline of `gemm_bf16_nt_bf16_sm90a`, with the
    /// bias and the GELU applied to each f32 sum in its staged epilogue before the rounding to
    /// bf16 (`bias.get(col)`: the epilogue also runs for the tile's columns past n, whose values
    /// are not stored). `a` (m × k) and `w` (n × k) as `gemm_bf16_nt_sm90a`'s.
    #[variant_of(linear_gelu_bf16, sm_90a)]
    #[launch(grid = cdiv(m, 128) * cdiv(n, 256), block = 384, shared = {Big::SHARED_BYTES / 8})]
    #[dims(a = (m, k), w = (n, k), bias = (n))]
    #[launch_bounds(384, 1)]
    pub fn linear_gelu_bf16_sm90a(
        m: u32, n: u32, k: u32, a: TmaSource<BF16>, w: TmaSource<BF16>, bias: &[BF16],
        c: &mut DisjointSlice<BF16, WgTiles<128, 256>> = (n), smem: DynShared<u64>,
    ) where (len(a) == m * k, len(w) == n * k, len(bias) == n, len(c) == m * n,
             block == 384, blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 256)) {
        // the GELU inlined (a call would save the live accumulators around it, in local memory under
        // the 168 registers of `launch_bounds(384, 1)`), and so the consumer closure, past the
        // optimizer's size threshold, inlined on request (`#[inline(always)]` on a closure passed as
        // an argument is stable Rust), as `run_tile`'s own: else a call, without its role's registers
        Big::run_tile(k, &a, &w, c, smem, #[inline(always)] |q, steps, c| {
            q.multiply_staged(steps, c, |_, col, v| BF16::from_f32(common::gelu(v + bias.get(col).map_or(0.0, |b| b.to_f32()))))
        });
    }

    /// `gemm_tf32_nt` on Hopper (sm_90a): the pipeline of `gemm_bf16_nt_sm90a` over f32
    /// (`TmaPipeline<4, 128, 256, f32>`: `wgmma` m64n256k8 tf32); `a` and `b` 2-D, k a multiple of 4.
    #[variant_of(gemm_tf32_nt, sm_90a)]
    #[launch(grid = cdiv(m, 128) * cdiv(n, 256), block = 384,
             shared = {TmaPipeline::<4, 128, 256, f32>::SHARED_BYTES / 8})]
    #[dims(a = (m, k), b = (n, k))]
    #[launch_bounds(384, 1)]
    pub fn gemm_tf32_nt_sm90a(
        m: u32, n: u32, k: u32, a: TmaSource<f32>, b: TmaSource<f32>,
        c: &mut DisjointSlice<f32, WgTiles<128, 256>> = (n), smem: DynShared<u64>,
    ) where (len(a) == m * k, len(b) == n * k, len(c) == m * n,
             block == 384, blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 256)) {
        TmaPipeline::<4, 128, 256, f32>::run_tile(k, &a, &b, c, smem, |q, steps, c| q.multiply_tiles(1, steps, c, |t, acc| t.store(acc)));
    }
}
