//! FP8 GEMM on Hopper (sm_90a): c = bf16(scale_a · scale_b · (a·bᵀ)), `a` m × k and `b` n × k in
//! E4M3 (torch's `float8_e4m3fn`), both K-major as FP8 `wgmma` requires (an "nt" GEMM: `b` is a
//! `linear` weight), per-tensor f32 scales (`gemm_fp8_nt_bf16`) or per-row ones
//! (`gemm_fp8_nt_bf16_rowwise`: one per row of `a`, one per row of `b`), a bf16 `c`: what
//! `torch._scaled_mm(a, b.t(), scale_a, scale_b, out_dtype=torch.bfloat16)` computes.
//!
//! TMA copies 128-byte rows (128 values of k) into a 6-stage pipeline of 128-byte-swizzled tiles;
//! two consumer warpgroups multiply with `wgmma` m64n128k32 e4m3 (each 64 × 128 of the block's
//! 128 × 128 tile of c) and the first thread of warpgroup 0 issues the copies. FP8 `wgmma`
//! accumulates with fewer bits than f32, so the pipeline promotes: each stage's product (128 of k)
//! goes into a fresh accumulator and is added into the f32 one once complete (see the device
//! crate's `WgmmaInput`). The epilogue scales in f32, rounds to bf16 and stores through shared
//! memory (`stmatrix`, then 16-byte stores).
//!
//! The arrays: `a` and `b` 2-D (TMA sources), k a multiple of 16 (16-byte rows, the TMA's rule),
//! 16-byte-aligned bases (as torch allocates); `scale_a` and `scale_b` one f32 each, on the device
//! (as `torch._scaled_mm` takes them: no host synchronization to read them). Any m and n: the TMA
//! reads zeros past the edges and the store skips what lies outside c.
//!
//! **sm_90a only.** FP8 `wgmma` is Hopper's: `#[only_on(sm_90a)]` makes the stub refuse, before the
//! launch and in one line, a call that would run the kernel's own body (another GPU, the default
//! emulation: run the sm_90a body there with `OXPACK_EMULATE_ARCH=sm_90a`). That body, which every
//! other arch's cubin holds, traps with a message saying the same, for a reader that ignores the
//! attribute.
use oxpack::prelude::*;
use oxpack::mbarrier::Consumer;

/// The FP8 pipeline: 6 stages of a 128 × 128-byte A tile and a 128 × 128-byte B tile (128 of k
/// per stage), two consumer warpgroups. BN = 128 leaves room for the promotion's second
/// accumulator (64 + 64 registers a thread).
type Fp8 = TmaPipeline<6, 128, 128, E4M3>;

/// The sm_90a body: one block of 384 threads per 128 × 128 tile of c, each element of which is the
/// f32 product times `scale(row, col)`, rounded to bf16.
#[inline(always)]
fn gemm_fp8_sm90a(
    k: u32, a: &TmaSource<E4M3>, b: &TmaSource<E4M3>, c: &mut DisjointSlice<BF16, WgTiles<128, 128>>,
    smem: DynShared<u64>, scale: impl Fn(usize, usize) -> f32,
) {
    if (grid_dim().x as usize) < c.block_tiles() {
        trap(); // one block per tile of c
    }
    let steps = (k as usize).div_ceil(Fp8::STAGE_K);
    if c.block_tile_count() == 0 {
        return;
    }
    let pipe = Fp8::new(smem, steps);
    pipe.run_with_registers(
        c,
        |mut p, c| {
            let Some((m0, n0)) = c.tile_origin(0) else { trap() };
            for s in 0..steps {
                p.load(a, m0, b, n0, s * Fp8::STAGE_K);
            }
        },
        |q, c| consume(q, steps, c, scale),
    );
}

/// A consumer warpgroup: `steps` stages multiplied (promoted) into its 64 × 128 f32 accumulators,
/// then scaled, rounded to bf16 and stored through its staging area.
#[inline(always)]
fn consume(
    mut q: Consumer<6, 128, 128, E4M3>, steps: usize, c: &mut DisjointSlice<BF16, WgTiles<128, 128>>,
    scale: impl Fn(usize, usize) -> f32,
) {
    let mut acc = WgAccum::<128>::zero();
    q.multiply_steps(&mut acc, steps);
    if let Some(mut t) = c.wg_tile_at(0, &q) {
        q.into_staging().store_with(&mut t, &acc, |row, col, v| BF16::from_f32(scale(row, col) * v));
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
    #[launch_bounds(384, 1)]
    pub fn gemm_fp8_nt_bf16_sm90a(
        m: u32, n: u32, k: u32, a: TmaSource<E4M3>, b: TmaSource<E4M3>, scale_a: &[f32], scale_b: &[f32],
        c: &mut DisjointSlice<BF16, WgTiles<128, 128>> = (n), smem: DynShared<u64>,
    ) where (len(a) == m * k, len(b) == n * k, len(scale_a) == 1, len(scale_b) == 1, len(c) == m * n,
             k % 16 == 0, block == 384, blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 128)) {
        let scale = one(scale_a) * one(scale_b);
        gemm_fp8_sm90a(k, &a, &b, c, smem, |_, _| scale);
    }

    /// c ← bf16(scale_a[i] · scale_b[j] · (a·bᵀ)[i, j]): `gemm_fp8_nt_bf16` with per-row scales, `scale_a`
    /// one f32 per row of `a` (m) and `scale_b` one per row of `b` (n): torch's row-wise scaling,
    /// `torch._scaled_mm(a, b.t(), scale_a.view(m, 1), scale_b.view(1, n), out_dtype=torch.bfloat16)`.
    /// Runs on sm_90a GPUs only (H100, H200): a call elsewhere is refused before the launch.
    #[only_on(sm_90a)]
    #[launch(grid = 1, block = 32)]
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
    #[launch_bounds(384, 1)]
    pub fn gemm_fp8_nt_bf16_rowwise_sm90a(
        m: u32, n: u32, k: u32, a: TmaSource<E4M3>, b: TmaSource<E4M3>, scale_a: &[f32], scale_b: &[f32],
        c: &mut DisjointSlice<BF16, WgTiles<128, 128>> = (n), smem: DynShared<u64>,
    ) where (len(a) == m * k, len(b) == n * k, len(scale_a) == m, len(scale_b) == n, len(c) == m * n,
             k % 16 == 0, block == 384, blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 128)) {
        // rows and columns past the edge (the staged store computes whole tiles, then skips them): 0
        let row = |r: usize| scale_a.get(r).copied().unwrap_or(0.0);
        let col = |j: usize| scale_b.get(j).copied().unwrap_or(0.0);
        gemm_fp8_sm90a(k, &a, &b, c, smem, |r, j| row(r) * col(j));
    }
}
