//! FP8 GEMM on Hopper (sm_90a): c = bf16(scale_a · scale_b · (a·bᵀ)), `a` m × k and `b` n × k in
//! E4M3 (torch's `float8_e4m3fn`), both K-major as FP8 `wgmma` requires (an "nt" GEMM: `b` is a
//! `linear` weight), per-tensor f32 scales (`gemm_fp8_nt_bf16`), per-row ones
//! (`gemm_fp8_nt_bf16_rowwise`: one per row of `a`, one per row of `b`) or DeepGEMM's block scales
//! (`gemm_fp8_nt_bf16_blockwise`: one per row of `a` per 128 of k, one per 128 × 128 block of `b`), a
//! bf16 `c`: what `torch._scaled_mm(a, b.t(), scale_a, scale_b, out_dtype=torch.bfloat16)` computes.
//!
//! **Gradients: `a` in E5M2.** Training quantizes gradients to E5M2 (torch's `float8_e5m2`: more
//! range, less precision) and weights and activations to E4M3, so its backward GEMMs multiply an
//! E5M2 gradient by an E4M3 operand: `gemm_fp8_e5m2_nt_bf16` (per-tensor scales) and
//! `gemm_fp8_e5m2_nt_bf16_rowwise` (per-row) take `a` in E5M2 and `b` in E4M3, the same pipeline
//! with the mixed `wgmma` (`m64n128k32.f32.e5m2.e4m3`: PTX takes A's and B's FP8 type
//! independently; the device crate's `TmaPipeline<6, 128, 128, E5M2, E4M3>`), what
//! `torch._scaled_mm` computes for a `float8_e5m2` `a` and a `float8_e4m3fn` `b` (it refuses two
//! E5M2 operands; so do these kernels' types).
//!
//! TMA copies 128-byte rows (128 values of k) into a 6-stage pipeline of 128-byte-swizzled tiles;
//! two consumer warpgroups multiply with `wgmma` m64n128k32 e4m3 (each 64 × 128 of the block's
//! 128 × 128 tile of c) and the first thread of warpgroup 0 issues the copies. FP8 `wgmma`
//! accumulates with fewer bits than f32, so the pipeline promotes: each stage's product (128 of k)
//! goes into a fresh accumulator and is added into the f32 one once complete (see the device
//! crate's `WgmmaInput`); a stage is one 128-k scale block, so block scales multiply each stage's
//! product as it is promoted. The epilogue scales in f32 (per tensor, per row), rounds to bf16 and
//! stores through shared memory (`stmatrix`, then 16-byte stores). One body serves the five kernels,
//! generic over where their scales apply (`Scales`) and over `a`'s and `b`'s FP8 types.
//!
//! The arrays: `a` and `b` 2-D (TMA sources), k a multiple of 16 (16-byte rows, the TMA's rule),
//! 16-byte-aligned bases (as torch allocates); the scales f32 on the device (as `torch._scaled_mm`
//! takes them: no host synchronization to read them). Any m and n: the TMA
//! reads zeros past the edges and the store skips what lies outside c.
//!
//! **sm_90a only.** FP8 `wgmma` is Hopper's: `#[only_on(sm_90a)]` makes the stub refuse, before the
//! launch and in one line, a call that would run the kernel's own body (another GPU, the default
//! emulation: run the sm_90a body there with `OXPACK_EMULATE_ARCH=sm_90a`). That body, which every
//! other arch's cubin holds, traps with a message saying the same, for a reader that ignores the
//! attribute.
use oxpack::prelude::*;
use oxpack::mbarrier::Consumer;
use oxpack::wgmma::{Fp8Input, WgmmaPair};

/// The FP8 pipeline: 6 stages of a 128 × 128-byte A tile and a 128 × 128-byte B tile (128 of k
/// per stage), two consumer warpgroups. BN = 128 leaves room for the promotion's second
/// accumulator (64 + 64 registers a thread). Its sizes (`STAGE_K`, `SHARED_BYTES`) are those of
/// every pair of FP8 types (one byte an element); `Fp8Of<A, B>` is the pipeline of `a` in `A`
/// and `b` in `B` (E5M2 × E4M3 for the gradient kernels).
type Fp8 = TmaPipeline<6, 128, 128, E4M3>;
type Fp8Of<A, B> = TmaPipeline<6, 128, 128, A, B>;

/// How a kernel's scales apply: `stage(kb, row, n0)` multiplies stage `kb`'s product (k from 128 · kb:
/// the promotion of one 128-k block) in row `row` of the tile whose first column is `n0`, as it is added
/// to the f32 sum; `out(row, col)` multiplies c's element in the epilogue. 1 where a kind has none (the
/// multiplication by 1 folds away). `PER_STAGE`: whether `stage` is more than 1 (then the consumers find
/// their rows before the main loop).
trait Scales {
    const PER_STAGE: bool = false;
    #[inline(always)]
    fn stage(&self, _kb: usize, _row: usize, _n0: usize) -> f32 {
        1.0
    }
    #[inline(always)]
    fn out(&self, _row: usize, _col: usize) -> f32 {
        1.0
    }
}

/// Per-tensor scales: one factor, `scale_a · scale_b`, in the epilogue.
struct PerTensor(f32);

impl Scales for PerTensor {
    #[inline(always)]
    fn out(&self, _row: usize, _col: usize) -> f32 {
        self.0
    }
}

/// Per-row scales: `scale_a[row] · scale_b[col]` in the epilogue.
struct PerRow<'s> {
    a: &'s [f32],
    b: &'s [f32],
}

impl Scales for PerRow<'_> {
    #[inline(always)]
    fn out(&self, row: usize, col: usize) -> f32 {
        // rows and columns past the edge (the staged store computes whole tiles, then skips them): 0
        self.a.get(row).copied().unwrap_or(0.0) * self.b.get(col).copied().unwrap_or(0.0)
    }
}

/// Block scales (DeepGEMM's): `a[row, kb]` per row of `a` and 128-k block `kb` (1 × 128), `b[nb, kb]`
/// per 128 × 128 block of `b`, both row-major with `blocks` = cdiv(k, 128) columns, applied as each
/// stage is promoted. A tile's 128 columns are one block of `b`'s rows (BN = 128, tiles at multiples
/// of 128), so the factor is one per row and stage.
struct Blockwise<'s> {
    a: &'s [f32],
    b: &'s [f32],
    blocks: usize,
}

impl Scales for Blockwise<'_> {
    const PER_STAGE: bool = true;
    #[inline(always)]
    fn stage(&self, kb: usize, row: usize, n0: usize) -> f32 {
        // in u32 (half the registers of usize, which the main loop needs: in usize the kernel spills):
        // the indices stay below (m + 128) · blocks and len(self.b), which the kernel's `where` holds
        // under 2³², and `get` checks them. Rows past the edge: 0 (their values are not stored).
        let (row, kb, n0, blocks) = (row as u32, kb as u32, n0 as u32, self.blocks as u32);
        let a = self.a.get((row * blocks + kb) as usize).copied().unwrap_or(0.0);
        let b = self.b.get((n0 / BLOCK as u32 * blocks + kb) as usize).copied().unwrap_or(0.0);
        a * b
    }
}

/// The scale blocks' side: 128 of k (a stage, one promotion), 128 of n (a tile's width).
const BLOCK: usize = 128;
const _: () = assert!(Fp8::STAGE_K == BLOCK, "one stage, one promotion, one 128-k scale block");

/// The sm_90a body: one block of 384 threads per 128 × 128 tile of c, each element of which is the
/// f32 sum of its stages' products (each times `scales.stage`), times `scales.out`, rounded to bf16.
/// `a` in `A` and `b` in `B`, FP8 types that one `wgmma` multiplies (E4M3 × E4M3, E5M2 × E4M3).
#[inline(always)]
fn gemm_fp8_sm90a<A: Fp8Input + WgmmaPair<B>, B: Fp8Input>(
    k: u32, a: &TmaSource<A>, b: &TmaSource<B>, c: &mut DisjointSlice<BF16, WgTiles<128, 128>>,
    smem: DynShared<u64>, scales: impl Scales,
) {
    if (grid_dim().x as usize) < c.block_tiles() {
        trap(); // one block per tile of c
    }
    let steps = (k as usize).div_ceil(Fp8::STAGE_K);
    if c.block_tile_count() == 0 {
        return;
    }
    let pipe = Fp8Of::<A, B>::new(smem, steps);
    pipe.run_with_registers(
        c,
        |mut p, c| {
            let Some((m0, n0)) = c.tile_origin(0) else { trap() };
            for s in 0..steps {
                p.load(a, m0, b, n0, s * Fp8::STAGE_K);
            }
        },
        |q, c| consume(q, steps, c, &scales),
    );
}

/// A consumer warpgroup: `steps` stages multiplied and promoted (each scaled by `scales.stage`) into
/// its 64 × 128 f32 accumulators, then scaled by `scales.out`, rounded to bf16 and stored through its
/// staging area.
#[inline(always)]
fn consume<S: Scales, A: Fp8Input + WgmmaPair<B>, B: Fp8Input>(
    mut q: Consumer<6, 128, 128, A, B>, steps: usize, c: &mut DisjointSlice<BF16, WgTiles<128, 128>>,
    scales: &S,
) {
    // the warpgroup's first row and the tile's first column, for per-stage scales (the tile itself is
    // taken after the main loop, which the accumulators' registers fill)
    let origin = if S::PER_STAGE { c.tile_origin(0) } else { None };
    let (row0, n0) = origin.map_or((0, 0), |(m0, n0)| (m0 + 64 * q.index(), n0));
    let mut acc = WgAccum::<128>::zero();
    q.multiply_steps_scaled(&mut acc, steps, |kb, r| scales.stage(kb, row0 + r, n0));
    if let Some(mut t) = c.wg_tile_at(0, &q) {
        q.into_staging().store_with(&mut t, &acc, |row, col, v| BF16::from_f32(scales.out(row, col) * v));
    }
}

/// The one value of a per-tensor scale (its `where` says `len == 1`).
#[inline(always)]
fn one(scale: &[f32]) -> f32 {
    let Some(&s) = scale.first() else { trap() };
    s
}

kernel! {
    /// c ← bf16(scale_a · scale_b · (a·bᵀ)): `a` m × k and `b` n × k in E4M3 (row-major, k
    /// contiguous), `scale_a` and `scale_b` one f32 each, `c` m × n in bf16:
    /// `torch._scaled_mm(a, b.t(), scale_a, scale_b, out_dtype=torch.bfloat16)`. k a multiple of 16.
    /// Runs on sm_90a GPUs only (H100, H200): a call elsewhere is refused before the launch.
    #[only_on(sm_90a)]
    #[launch(grid = 1, block = 32)]
    #[dims(a = (m, k), b = (n, k))]
    #[outputs(c = (m, n))]
    pub fn gemm_fp8_nt_bf16(
        m: u32, n: u32, k: u32, a: &[E4M3], b: &[E4M3], scale_a: &[f32], scale_b: &[f32],
        c: &mut DisjointSlice<BF16>,
    ) where (len(a) == m * k, len(b) == n * k, len(scale_a) == 1, len(scale_b) == 1, len(c) == m * n,
             k % 16 == 0) {
        let _ = (m, n, k, a, b, scale_a, scale_b, c);
        panic!("gemm_fp8_nt_bf16 runs on sm_90a GPUs only (H100, H200): FP8 wgmma is Hopper's; \
                on another GPU use torch._scaled_mm, or emulate it with OXPACK_EMULATE_ARCH=sm_90a");
    }

    /// `gemm_fp8_nt_bf16` on Hopper (sm_90a): TMA + FP8 `wgmma` with promotion, one block of 384
    /// threads per 128 × 128 tile of `c`.
    #[variant_of(gemm_fp8_nt_bf16, sm_90a)]
    #[launch(grid = cdiv(m, 128) * cdiv(n, 128), block = 384, shared = {Fp8::SHARED_BYTES / 8})]
    #[dims(a = (m, k), b = (n, k))]
    #[launch_bounds(384, 1)]
    pub fn gemm_fp8_nt_bf16_sm90a(
        m: u32, n: u32, k: u32, a: TmaSource<E4M3>, b: TmaSource<E4M3>, scale_a: &[f32], scale_b: &[f32],
        c: &mut DisjointSlice<BF16, WgTiles<128, 128>> = (n), smem: DynShared<u64>,
    ) where (len(a) == m * k, len(b) == n * k, len(scale_a) == 1, len(scale_b) == 1, len(c) == m * n,
             k % 16 == 0, block == 384, blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 128)) {
        gemm_fp8_sm90a(k, &a, &b, c, smem, PerTensor(one(scale_a) * one(scale_b)));
    }

    /// c ← bf16(scale_a[i] · scale_b[j] · (a·bᵀ)[i, j]): `gemm_fp8_nt_bf16` with per-row scales, `scale_a`
    /// one f32 per row of `a` (m) and `scale_b` one per row of `b` (n): torch's row-wise scaling,
    /// `torch._scaled_mm(a, b.t(), scale_a.view(m, 1), scale_b.view(1, n), out_dtype=torch.bfloat16)`.
    /// Runs on sm_90a GPUs only (H100, H200): a call elsewhere is refused before the launch.
    #[only_on(sm_90a)]
    #[launch(grid = 1, block = 32)]
    #[dims(a = (m, k), b = (n, k))]
    #[outputs(c = (m, n))]
    pub fn gemm_fp8_nt_bf16_rowwise(
        m: u32, n: u32, k: u32, a: &[E4M3], b: &[E4M3], scale_a: &[f32], scale_b: &[f32],
        c: &mut DisjointSlice<BF16>,
    ) where (len(a) == m * k, len(b) == n * k, len(scale_a) == m, len(scale_b) == n, len(c) == m * n,
             k % 16 == 0) {
        let _ = (m, n, k, a, b, scale_a, scale_b, c);
        panic!("gemm_fp8_nt_bf16_rowwise runs on sm_90a GPUs only (H100, H200): FP8 wgmma is Hopper's; \
                on another GPU use torch._scaled_mm, or emulate it with OXPACK_EMULATE_ARCH=sm_90a");
    }

    /// `gemm_fp8_nt_bf16_rowwise` on Hopper (sm_90a): the pipeline of `gemm_fp8_nt_bf16_sm90a`, each
    /// element scaled by its row's and its column's scale in the epilogue.
    #[variant_of(gemm_fp8_nt_bf16_rowwise, sm_90a)]
    #[launch(grid = cdiv(m, 128) * cdiv(n, 128), block = 384, shared = {Fp8::SHARED_BYTES / 8})]
    #[dims(a = (m, k), b = (n, k))]
    #[launch_bounds(384, 1)]
    pub fn gemm_fp8_nt_bf16_rowwise_sm90a(
        m: u32, n: u32, k: u32, a: TmaSource<E4M3>, b: TmaSource<E4M3>, scale_a: &[f32], scale_b: &[f32],
        c: &mut DisjointSlice<BF16, WgTiles<128, 128>> = (n), smem: DynShared<u64>,
    ) where (len(a) == m * k, len(b) == n * k, len(scale_a) == m, len(scale_b) == n, len(c) == m * n,
             k % 16 == 0, block == 384, blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 128)) {
        gemm_fp8_sm90a(k, &a, &b, c, smem, PerRow { a: scale_a, b: scale_b });
    }

    /// c ← bf16(Σ_kb (a·bᵀ)_kb · scale_a[i, kb] · scale_b[j / 128, kb]): `gemm_fp8_nt_bf16` with
    /// DeepGEMM's fine-grained block scales, `(a·bᵀ)_kb` the product over k block `kb` (k from 128 · kb,
    /// 128 of it), `scale_a` m × cdiv(k, 128) f32 (one per row of `a` per 128 of k: "1 × 128") and
    /// `scale_b` cdiv(n, 128) × cdiv(k, 128) f32 (one per 128 × 128 block of `b`), both row-major;
    /// each block's product is scaled in f32 as it is promoted into the sum. k a multiple of 16 (the
    /// last block may be shorter than 128); (m + 128) · cdiv(k, 128) and len(scale_b) below 2³² (the
    /// scales' indices are 32-bit: an `a` or `b` of 64 GiB or more may be refused). Runs on sm_90a GPUs only (H100, H200): a call elsewhere is
    /// refused before the launch.
    #[only_on(sm_90a)]
    #[launch(grid = 1, block = 32)]
    #[dims(a = (m, k), b = (n, k), scale_a = (m, cdiv(k, 128)), scale_b = (cdiv(n, 128), cdiv(k, 128)))]
    #[outputs(c = (m, n))]
    pub fn gemm_fp8_nt_bf16_blockwise(
        m: u32, n: u32, k: u32, a: &[E4M3], b: &[E4M3], scale_a: &[f32], scale_b: &[f32],
        c: &mut DisjointSlice<BF16>,
    ) where ((m + 128) * cdiv(k, 128) <= 4294967295, len(a) == m * k, len(b) == n * k,
             len(scale_a) == m * cdiv(k, 128), len(scale_b) == cdiv(n, 128) * cdiv(k, 128),
             len(scale_b) <= 4294967295, len(c) == m * n, k % 16 == 0) {
        let _ = (m, n, k, a, b, scale_a, scale_b, c);
        panic!("gemm_fp8_nt_bf16_blockwise runs on sm_90a GPUs only (H100, H200): FP8 wgmma is Hopper's; \
                on another GPU dequantize and use torch.matmul, or emulate it with OXPACK_EMULATE_ARCH=sm_90a");
    }

    /// `gemm_fp8_nt_bf16_blockwise` on Hopper (sm_90a): the pipeline of `gemm_fp8_nt_bf16_sm90a`, each
    /// stage (128 of k: one scale block) multiplied by its rows' `scale_a` and its tile's `scale_b` as it
    /// is promoted, the next stage's scales read while its `wgmma`s run.
    #[variant_of(gemm_fp8_nt_bf16_blockwise, sm_90a)]
    #[launch(grid = cdiv(m, 128) * cdiv(n, 128), block = 384, shared = {Fp8::SHARED_BYTES / 8})]
    #[dims(a = (m, k), b = (n, k), scale_a = (m, cdiv(k, 128)), scale_b = (cdiv(n, 128), cdiv(k, 128)))]
    #[launch_bounds(384, 1)]
    pub fn gemm_fp8_nt_bf16_blockwise_sm90a(
        m: u32, n: u32, k: u32, a: TmaSource<E4M3>, b: TmaSource<E4M3>, scale_a: &[f32], scale_b: &[f32],
        c: &mut DisjointSlice<BF16, WgTiles<128, 128>> = (n), smem: DynShared<u64>,
    ) where ((m + 128) * cdiv(k, 128) <= 4294967295, len(a) == m * k, len(b) == n * k,
             len(scale_a) == m * cdiv(k, 128), len(scale_b) == cdiv(n, 128) * cdiv(k, 128),
             len(scale_b) <= 4294967295, len(c) == m * n, k % 16 == 0,
             block == 384, blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 128)) {
        gemm_fp8_sm90a(k, &a, &b, c, smem, Blockwise { a: scale_a, b: scale_b, blocks: (k as usize).div_ceil(BLOCK) });
    }

    /// c ← bf16(scale_a · scale_b · (a·bᵀ)) with `a` in E5M2: `gemm_fp8_nt_bf16` for a gradient, `a` m × k
    /// in E5M2 (torch's `float8_e5m2`) and `b` n × k in E4M3 (row-major, k contiguous), `scale_a` and
    /// `scale_b` one f32 each, `c` m × n in bf16: `torch._scaled_mm(a, b.t(), scale_a, scale_b,
    /// out_dtype=torch.bfloat16)` with a `float8_e5m2` `a`. k a multiple of 16. Runs on sm_90a GPUs
    /// only (H100, H200): a call elsewhere is refused before the launch.
    #[only_on(sm_90a)]
    #[launch(grid = 1, block = 32)]
    #[dims(a = (m, k), b = (n, k))]
    #[outputs(c = (m, n))]
    pub fn gemm_fp8_e5m2_nt_bf16(
        m: u32, n: u32, k: u32, a: &[E5M2], b: &[E4M3], scale_a: &[f32], scale_b: &[f32],
        c: &mut DisjointSlice<BF16>,
    ) where (len(a) == m * k, len(b) == n * k, len(scale_a) == 1, len(scale_b) == 1, len(c) == m * n,
             k % 16 == 0) {
        let _ = (m, n, k, a, b, scale_a, scale_b, c);
        panic!("gemm_fp8_e5m2_nt_bf16 runs on sm_90a GPUs only (H100, H200): FP8 wgmma is Hopper's; \
                on another GPU use torch._scaled_mm, or emulate it with OXPACK_EMULATE_ARCH=sm_90a");
    }

    /// `gemm_fp8_e5m2_nt_bf16` on Hopper (sm_90a): the pipeline of `gemm_fp8_nt_bf16_sm90a` with the
    /// mixed `wgmma` (`m64n128k32.f32.e5m2.e4m3`).
    #[variant_of(gemm_fp8_e5m2_nt_bf16, sm_90a)]
    #[launch(grid = cdiv(m, 128) * cdiv(n, 128), block = 384, shared = {Fp8::SHARED_BYTES / 8})]
    #[dims(a = (m, k), b = (n, k))]
    #[launch_bounds(384, 1)]
    pub fn gemm_fp8_e5m2_nt_bf16_sm90a(
        m: u32, n: u32, k: u32, a: TmaSource<E5M2>, b: TmaSource<E4M3>, scale_a: &[f32], scale_b: &[f32],
        c: &mut DisjointSlice<BF16, WgTiles<128, 128>> = (n), smem: DynShared<u64>,
    ) where (len(a) == m * k, len(b) == n * k, len(scale_a) == 1, len(scale_b) == 1, len(c) == m * n,
             k % 16 == 0, block == 384, blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 128)) {
        gemm_fp8_sm90a(k, &a, &b, c, smem, PerTensor(one(scale_a) * one(scale_b)));
    }

    /// c ← bf16(scale_a[i] · scale_b[j] · (a·bᵀ)[i, j]) with `a` in E5M2: `gemm_fp8_e5m2_nt_bf16` with
    /// per-row scales, `scale_a` one f32 per row of `a` (m) and `scale_b` one per row of `b` (n):
    /// `torch._scaled_mm(a, b.t(), scale_a.view(m, 1), scale_b.view(1, n), out_dtype=torch.bfloat16)`
    /// with a `float8_e5m2` `a`. Runs on sm_90a GPUs only (H100, H200): a call elsewhere is refused
    /// before the launch.
    #[only_on(sm_90a)]
    #[launch(grid = 1, block = 32)]
    #[dims(a = (m, k), b = (n, k))]
    #[outputs(c = (m, n))]
    pub fn gemm_fp8_e5m2_nt_bf16_rowwise(
        m: u32, n: u32, k: u32, a: &[E5M2], b: &[E4M3], scale_a: &[f32], scale_b: &[f32],
        c: &mut DisjointSlice<BF16>,
    ) where (len(a) == m * k, len(b) == n * k, len(scale_a) == m, len(scale_b) == n, len(c) == m * n,
             k % 16 == 0) {
        let _ = (m, n, k, a, b, scale_a, scale_b, c);
        panic!("gemm_fp8_e5m2_nt_bf16_rowwise runs on sm_90a GPUs only (H100, H200): FP8 wgmma is Hopper's; \
                on another GPU use torch._scaled_mm, or emulate it with OXPACK_EMULATE_ARCH=sm_90a");
    }

    /// `gemm_fp8_e5m2_nt_bf16_rowwise` on Hopper (sm_90a): the pipeline of `gemm_fp8_e5m2_nt_bf16_sm90a`,
    /// each element scaled by its row's and its column's scale in the epilogue.
    #[variant_of(gemm_fp8_e5m2_nt_bf16_rowwise, sm_90a)]
    #[launch(grid = cdiv(m, 128) * cdiv(n, 128), block = 384, shared = {Fp8::SHARED_BYTES / 8})]
    #[dims(a = (m, k), b = (n, k))]
    #[launch_bounds(384, 1)]
    pub fn gemm_fp8_e5m2_nt_bf16_rowwise_sm90a(
        m: u32, n: u32, k: u32, a: TmaSource<E5M2>, b: TmaSource<E4M3>, scale_a: &[f32], scale_b: &[f32],
        c: &mut DisjointSlice<BF16, WgTiles<128, 128>> = (n), smem: DynShared<u64>,
    ) where (len(a) == m * k, len(b) == n * k, len(scale_a) == m, len(scale_b) == n, len(c) == m * n,
             k % 16 == 0, block == 384, blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 128)) {
        gemm_fp8_sm90a(k, &a, &b, c, smem, PerRow { a: scale_a, b: scale_b });
    }
}
