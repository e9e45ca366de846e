//! GEMM on Hopper (sm_90a): TMA copies into a 4-stage pipeline of 128-byte-swizzled shared tiles,
//! `wgmma` m64n256k16 (bf16 → f32) on two consumer warpgroups, warp-specialized (warpgroup 0's
//! first thread issues the copies).
//!
//! Each block of 384 threads (3 warpgroups) computes a 128 × 256 tile of C = A·Bᵀ: A is m × k and
//! B n × k (torch's `linear` weight), row-major bf16, both passed as 2-D arrays (TMA sources: k a
//! multiple of 8, 16-byte-aligned bases). Any M, N, K: the TMA reads zeros past the edges, and
//! the store skips what lies outside C.
//!
//! Each kernel declares its block and its dynamic shared memory, the pipeline's `SHARED_BYTES / 8`
//! (u64 elements), and the one-tile kernels their grid, one block per tile of C
//! (`cdiv(m, 128) * cdiv(n, 256)`), so a call passes only data. The persistent kernels
//! (`gemm_bf16_nt_sm90_persistent`, `gemm_small`) take any number of blocks (`threads=`, in
//! threads; by default one thread per element of C): block `b` computes tiles `b`, `b + blocks`, ….
//!
//! The kernels' roles are the device library's GEMM over a `WgTiles` output, the example's sm_90a
//! bodies' too: `TmaPipeline::run_tile` (a one-tile kernel), `Producer::load_tiles`,
//! `Consumer::multiply_tiles` and, for a 16-bit output, `Consumer::multiply_staged`.
use oxpack::prelude::*;
use oxpack::mbarrier::STAGE_K;

type Big = TmaPipeline<4, 128, 256>;
type Small = TmaPipeline<2, 64, 64>;

kernel! {
    /// c ← a·bᵀ on Hopper tensor cores: `a` m × k and `b` n × k, 2-D bf16 (TMA sources); `c` m × n,
    /// f32. One block of 384 threads per 128 × 256 tile of c (fewer, or another block, are refused
    /// before the launch).
    #[launch(grid = cdiv(m, 128) * cdiv(n, 256), block = 384, shared = {Big::SHARED_BYTES / 8})]
    #[launch_bounds(384, 1)]
    pub fn gemm_bf16_nt_sm90(
        m: u32, n: u32, k: u32, a: TmaSource<BF16>, b: TmaSource<BF16>,
        c: &mut DisjointSlice<f32, WgTiles<128, 256>> = (n), smem: DynShared<u64>,
    ) where (len(a) == m * k, len(b) == n * k, len(c) == m * n,
             block == 384, blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 256)) {
        Big::run_tile(k, &a, &b, c, smem, |q, steps, c| q.multiply_tiles(1, steps, c, |t, acc| t.store(acc)));
    }

    /// c ← a·bᵀ as `gemm_bf16_nt_sm90`, `c` in bf16 (rounded to nearest even): torch's
    /// `F.linear(a, b)` without bias. Launched as `gemm_bf16_nt_sm90`. The epilogue goes through
    /// shared memory (`WgStaging`: `stmatrix`, then 16-byte stores of whole rows).
    #[launch(grid = cdiv(m, 128) * cdiv(n, 256), block = 384, shared = {Big::SHARED_BYTES / 8})]
    #[launch_bounds(384, 1)]
    pub fn gemm_bf16_nt_sm90_bf16(
        m: u32, n: u32, k: u32, a: TmaSource<BF16>, b: TmaSource<BF16>,
        c: &mut DisjointSlice<BF16, WgTiles<128, 256>> = (n), smem: DynShared<u64>,
    ) where (len(a) == m * k, len(b) == n * k, len(c) == m * n,
             block == 384, blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 256)) {
        Big::run_tile(k, &a, &b, c, smem, |q, steps, c| q.multiply_staged(steps, c, |_, _, v| BF16::from_f32(v)));
    }

    /// `gemm_bf16_nt_sm90_bf16` with the per-thread store (`WgTile::store`: one 2-byte store per
    /// element, in the accumulator layout) instead of the staged one: the baseline that
    /// `benchmarks/bench_gemm.py --hopper` times the staged epilogue against. Launched as it.
    #[launch(grid = cdiv(m, 128) * cdiv(n, 256), block = 384, shared = {Big::SHARED_BYTES / 8})]
    #[launch_bounds(384, 1)]
    pub fn gemm_bf16_nt_sm90_bf16_direct(
        m: u32, n: u32, k: u32, a: TmaSource<BF16>, b: TmaSource<BF16>,
        c: &mut DisjointSlice<BF16, WgTiles<128, 256>> = (n), smem: DynShared<u64>,
    ) where (len(a) == m * k, len(b) == n * k, len(c) == m * n,
             block == 384, blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 256)) {
        Big::run_tile(k, &a, &b, c, smem, |q, steps, c| q.multiply_tiles(1, steps, c, |t, acc| t.store(acc)));
    }

    /// c ← a·bᵀ on Hopper tensor cores in tf32: `a` m × k and `b` n × k, 2-D f32 (TMA sources: k
    /// a multiple of 4, 16-byte-aligned bases) read as tf32 (sign, exponent, top 10 mantissa
    /// bits), summed in f32; `c` m × n, f32. The pipeline of `gemm_bf16_nt_sm90` over f32
    /// (`TmaPipeline<4, 128, 256, f32>`: rows of 32 f32, `wgmma` m64n256k8 tf32), launched as it.
    #[launch(grid = cdiv(m, 128) * cdiv(n, 256), block = 384,
             shared = {TmaPipeline::<4, 128, 256, f32>::SHARED_BYTES / 8})]
    #[launch_bounds(384, 1)]
    pub fn gemm_tf32_nt_sm90(
        m: u32, n: u32, k: u32, a: TmaSource<f32>, b: TmaSource<f32>,
        c: &mut DisjointSlice<f32, WgTiles<128, 256>> = (n), smem: DynShared<u64>,
    ) where (len(a) == m * k, len(b) == n * k, len(c) == m * n,
             block == 384, blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 256)) {
        TmaPipeline::<4, 128, 256, f32>::run_tile(k, &a, &b, c, smem,
                                                  |q, steps, c| q.multiply_tiles(1, steps, c, |t, acc| t.store(acc)));
    }

    /// c ← a·bᵀ with 64 × 64 block tiles, 2 stages and one consumer warpgroup (256 threads):
    /// small enough to emulate many stages, so that every barrier goes through several phases.
    /// Persistent: any number of blocks (`threads=256 * blocks`), up to one per 64 × 64 tile.
    #[launch(block = 256, shared = {Small::SHARED_BYTES / 8})]
    #[launch_bounds(256)]
    pub fn gemm_small(
        m: u32, n: u32, k: u32, a: TmaSource<BF16>, b: TmaSource<BF16>,
        c: &mut DisjointSlice<f32, WgTiles<64, 64>> = (n), smem: DynShared<u64>,
    ) where (len(a) == m * k, len(b) == n * k, len(c) == m * n,
             block == 256, blocks.x == blocks) {
        let (count, steps) = (c.block_tile_count(), (k as usize).div_ceil(STAGE_K));
        if count == 0 {
            return;
        }
        match Small::new(smem, count * steps).role() {
            Role::Producer(p) => p.load_tiles(&a, &b, count, steps, c),
            Role::Consumer(q) => q.multiply_tiles(count, steps, c, |t, acc| t.store(acc)),
            Role::Idle => {}
        }
    }

    /// c ← a·bᵀ as `gemm_bf16_nt_sm90`, with persistent blocks: any number of blocks
    /// (`threads=384 * blocks`, e.g. one block per multiprocessor); block `b` computes tiles `b`,
    /// `b + blocks`, …, its producer loading the next tile's stages while its consumers store the
    /// last one.
    #[launch(block = 384, shared = {Big::SHARED_BYTES / 8})]
    #[launch_bounds(384, 1)]
    pub fn gemm_bf16_nt_sm90_persistent(
        m: u32, n: u32, k: u32, a: TmaSource<BF16>, b: TmaSource<BF16>,
        c: &mut DisjointSlice<f32, WgTiles<128, 256>> = (n), smem: DynShared<u64>,
    ) where (len(a) == m * k, len(b) == n * k, len(c) == m * n,
             block == 384, blocks.x == blocks) {
        let (count, steps) = (c.block_tile_count(), (k as usize).div_ceil(STAGE_K));
        if count == 0 {
            return;
        }
        let pipe = Big::new(smem, count * steps);
        pipe.run_with_registers(c, |p, c| p.load_tiles(&a, &b, count, steps, c),
                                |q, c| q.multiply_tiles(count, steps, c, |t, acc| t.store(acc)));
    }

    /// The pipeline's protocol broken, by `which` (64 × 64 tiles, k = 128: 2 steps): 1 the
    /// producer loads one stage too few (the consumers would wait forever); 2 a consumer waits
    /// for one stage too few; 3 the producer loads one stage too many; 4 a consumer waits for
    /// one too many; 5 too little dynamic shared memory (`smem` below the pipeline's
    /// `SHARED_BYTES / 8`, 4228); 6 the producer (and the idle threads) wait at a block barrier
    /// that the consumers, waiting for its stages, never reach; 7 a consumer takes its staging
    /// area (`into_staging`) with a stage still due. 0: no misuse. One block; `smem` stays the
    /// call's (which 5 passes too little).
    #[launch(grid = 1, block = 256)]
    #[launch_bounds(256)]
    pub fn pipeline_misuse(
        which: u32, a: TmaSource<BF16>, b: TmaSource<BF16>,
        c: &mut DisjointSlice<f32, WgTiles<64, 64>> = (64), smem: DynShared<u64>,
    ) {
        let Some((m0, n0)) = c.block_origin() else { return };
        let pipe = Small::new(smem, 2);
        let loads = match which { 1 => 1, 3 => 3, _ => 2 };
        let waits = match which { 2 => 1, 4 => 3, _ => 2 };
        let role = pipe.role();
        if which == 6 && !matches!(role, Role::Consumer(_)) {
            sync_threads();
        }
        match role {
            Role::Producer(mut p) => {
                for s in 0..loads {
                    p.load(&a, m0, &b, n0, s * STAGE_K);
                }
            }
            Role::Consumer(mut q) => {
                let mut acc = WgAccum::<64>::zero();
                if which == 7 {
                    acc.mma(&q.wait()); // one of the two stages
                    let _staging = q.into_staging(); // a stage is still due: traps
                    return;
                }
                for _ in 0..waits {
                    let stage = q.wait();
                    acc.mma(&stage);
                }
                if let Some(mut t) = c.wg_tile(&q) {
                    t.store(&acc);
                }
            }
            Role::Idle => {}
        }
    }

    /// c ← a·bᵀ for E5M2 `a` (m × k) and `b` (n × k), f32 `c`: 64 × 64 tiles, 2 stages of 128 of k,
    /// one consumer warpgroup that takes each stage with `wait` and multiplies it with `WgAccum::mma`
    /// (FP8: promoted, each stage summed apart and added in f32). One block per tile.
    #[launch(grid = cdiv(m, 64) * cdiv(n, 64), block = 256,
             shared = {TmaPipeline::<2, 64, 64, E5M2>::SHARED_BYTES / 8})]
    #[launch_bounds(256)]
    pub fn gemm_e5m2_small(
        m: u32, n: u32, k: u32, a: TmaSource<E5M2>, b: TmaSource<E5M2>,
        c: &mut DisjointSlice<f32, WgTiles<64, 64>> = (n), smem: DynShared<u64>,
    ) where (len(a) == m * k, len(b) == n * k, len(c) == m * n, k % 16 == 0,
             block == 256, blocks.x == blocks >= cdiv(m, 64) * cdiv(n, 64)) {
        type Fp8 = TmaPipeline<2, 64, 64, E5M2>;
        let Some((m0, n0)) = c.block_origin() else { return };
        let steps = (k as usize).div_ceil(Fp8::STAGE_K);
        match Fp8::new(smem, steps).role() {
            Role::Producer(mut p) => {
                for s in 0..steps {
                    p.load(&a, m0, &b, n0, s * Fp8::STAGE_K);
                }
            }
            Role::Consumer(mut q) => {
                let mut acc = WgAccum::<64>::zero();
                for _ in 0..steps {
                    let stage = q.wait();
                    acc.mma(&stage);
                }
                if let Some(mut t) = c.wg_tile(&q) {
                    t.store(&acc);
                }
            }
            Role::Idle => {}
        }
    }

    /// c ← a·bᵀ for an E4M3 `a` (m × k) and an E5M2 `b` (n × k), f32 `c`: `gemm_e5m2_small` over a mixed
    /// pipeline (`TmaPipeline<2, 64, 64, E4M3, E5M2>`: `wgmma` m64n64k32 e4m3 × e5m2), its stages multiplied
    /// by `Consumer::multiply` (promoted). One block per tile.
    #[launch(grid = cdiv(m, 64) * cdiv(n, 64), block = 256,
             shared = {TmaPipeline::<2, 64, 64, E4M3, E5M2>::SHARED_BYTES / 8})]
    #[launch_bounds(256)]
    pub fn gemm_e4m3_e5m2_small(
        m: u32, n: u32, k: u32, a: TmaSource<E4M3>, b: TmaSource<E5M2>,
        c: &mut DisjointSlice<f32, WgTiles<64, 64>> = (n), smem: DynShared<u64>,
    ) where (len(a) == m * k, len(b) == n * k, len(c) == m * n, k % 16 == 0,
             block == 256, blocks.x == blocks >= cdiv(m, 64) * cdiv(n, 64)) {
        type Mixed = TmaPipeline<2, 64, 64, E4M3, E5M2>;
        let Some((m0, n0)) = c.block_origin() else { return };
        let steps = (k as usize).div_ceil(Mixed::STAGE_K);
        match Mixed::new(smem, steps).role() {
            Role::Producer(mut p) => {
                for s in 0..steps {
                    p.load(&a, m0, &b, n0, s * Mixed::STAGE_K);
                }
            }
            Role::Consumer(mut q) => {
                let mut acc = WgAccum::<64>::zero();
                q.multiply(&mut acc);
                if let Some(mut t) = c.wg_tile(&q) {
                    t.store(&acc);
                }
            }
            Role::Idle => {}
        }
    }

    /// FP8 conversions (`cvt.rn.satfinite.e4m3x2.f32` / `.e5m2x2`, sm_89+): `e4m3[i]` and `e5m2[i]` are
    /// `x[i]` rounded to nearest even and saturated.
    #[launch(threads = len(x))]
    pub fn to_fp8(i: ThreadIndex, x: &[f32], e4m3: &mut DisjointSlice<E4M3>, e5m2: &mut DisjointSlice<E5M2>)
    where (len(e4m3) == len(x), len(e5m2) == len(x)) {
        if let (Some(&v), Some(o4)) = (x.get(i.get()), e4m3.get_mut(i)) {
            *o4 = E4M3::from_f32(v);
        }
        if let (Some(&v), Some(o5)) = (x.get(i.get()), e5m2.get_mut(i)) {
            *o5 = E5M2::from_f32(v);
        }
    }

    /// FP8 widened exactly to f32 (`cvt.rn.f16x2.e4m3x2` / `.e5m2x2`, then f16 → f32): `w4[i]` of `a[i]`,
    /// `w5[i]` of `b[i]`.
    #[launch(threads = len(a))]
    pub fn from_fp8(i: ThreadIndex, a: &[E4M3], b: &[E5M2], w4: &mut DisjointSlice<f32>, w5: &mut DisjointSlice<f32>)
    where (len(b) == len(a), len(w4) == len(a), len(w5) == len(a)) {
        if let (Some(&v), Some(o)) = (a.get(i.get()), w4.get_mut(i)) {
            *o = v.to_f32();
        }
        if let (Some(&v), Some(o)) = (b.get(i.get()), w5.get_mut(i)) {
            *o = v.to_f32();
        }
    }

    /// Which thread wrote each element of a `WgTiles<128, 64>` output (block << 32 | thread
    /// index), and how many times (`counts`, row-major like the output). One block of 384
    /// threads per 128 × 64 tile.
    #[launch(grid = cdiv(len(out) / max(n, 1), 128) * cdiv(n, 64), block = 384,
             shared = {TmaPipeline::<1, 128, 64>::SHARED_BYTES / 8})]
    #[launch_bounds(384)]
    pub fn owners(n: u32, counts: &[AtomicU32], out: &mut DisjointSlice<u64, WgTiles<128, 64>> = (n),
                  smem: DynShared<u64>) {
        if out.block_origin().is_none() {
            return;
        }
        if let Role::Consumer(q) = TmaPipeline::<1, 128, 64>::new(smem, 0).role() {
            if let Some(mut t) = out.wg_tile(&q) {
                t.store_with(&WgAccum::<64>::zero(), |r, c, _| {
                    if let Some(k) = counts.get(r * n as usize + c) {
                        k.fetch_add(1);
                    }
                    (block_idx().x as u64) << 32 | thread_idx().x as u64
                });
            }
        }
    }
}
