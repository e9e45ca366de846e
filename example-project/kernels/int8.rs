//! Int8 GEMM on tensor cores (sm_80 and newer): `mma.sync` m16n8k32 on s8 with s32 accumulators,
//! operands staged through a 3-stage `cp.async` pipeline of swizzled shared tiles.
//!
//! The shape of `tensor.rs`'s bf16 GEMM, in bytes: each block of 128 threads (4 warps) computes a
//! 128 × 128 tile of C, each warp a 64 × 64 part of it (4 × 8 accumulator fragments), stepping
//! through k 64 at a time (64 bytes of each row of A and B per stage, 48 KiB of shared memory in
//! all). Any M, N, K: tiles past an edge read zeros and store nothing outside C. Rows whose start
//! is 16-byte aligned (K a multiple of 16, the arrays 16-byte aligned, as torch and CuPy allocate
//! them) are copied by `cp.async`; others by ordinary loads, slower.
//!
//! The kernel declares its launch, one block of 128 threads per tile of C:
//! `#[launch(grid = cdiv(m, 128) * cdiv(n, 128), block = 128)]`, so a call passes only data. A
//! `threads=` or `block=` given that differs is refused before the launch, in one line; the
//! kernel's `where (...)` states the same shape (the device code traps on another one too).
use oxpack::mma::s8::AccumS32;
use oxpack::prelude::*;

/// Block tile: rows of C (and of A's tile).
const BM: usize = 128;
/// Block tile: columns of C (and of B's tile).
const BN: usize = 128;
/// Depth of one pipeline stage: 64 i8, two fragment depths, 64 bytes of each row of A and B.
const BK: usize = 64;
/// Warp tile: 64 × 64, 2 × 2 warps per block.
const WM: usize = 64;
const WN: usize = 64;
/// Threads per block: one per lane of the 4 warps.
const THREADS: usize = (BM / WM) * (BN / WN) * 32;
/// Stages of the cp.async pipeline (3 × 16 KiB of shared memory).
const STAGES: usize = 3;

/// The output layout: block tiles of BM × BN, warp tiles of WM × WN.
type Tiles = WarpTiles<BM, BN, WM, WN>;

kernel! {
    /// c ← a·bᵀ on int8 tensor cores: `a` m × k and `b` n × k (torch's `linear` weight layout;
    /// `torch._int_mm(a, b.t())`), row-major i8; `c` m × n, i32: exact products summed in s32
    /// (wrapping on overflow, as the hardware does; no overflow below k = 131,072).
    /// One block of 128 threads per 128 × 128 tile of `c`.
    #[launch(grid = cdiv(m, 128) * cdiv(n, 128), block = 128)]
    #[dims(a = (m, k), b = (n, k))]
    #[outputs(c = (m, n))]
    #[launch_bounds(128)]
    pub fn gemm_s8_nt(
        m: u32, n: u32, k: u32, a: &[i8], b: &[i8], c: &mut DisjointSlice<i32, Tiles> = (n),
    ) where (len(a) == m * k, len(b) == n * k, len(c) == m * n,
             block.x == block == 128, blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 128)) {
        let pipe = cp_async_pipeline!(STAGES, THREADS, ATile<i8, BM, BK>, BtTile<i8, BN, BK>);
        let d = block_dim();
        if d.x as usize != THREADS || d.y != 1 || d.z != 1 || (grid_dim().x as usize) < c.block_tiles() {
            trap(); // another block shape, or too few blocks for C
        }
        let Some(mut tile) = c.warp_tile() else { return }; // a block past the last tile
        // a as m × k, b as n × k (a B tile's rows are columns of C, its columns depths)
        let (Some(am), Some(bm)) = (matrix(a, k, m), matrix(b, k, n)) else { trap() };
        let (m0, n0, pos) = (tile.block_row(), tile.block_col(), tile.pos());
        let steps = (k as usize).div_ceil(BK);
        for s in 0..(STAGES - 1).min(steps) {
            pipe.fill_k(&am, &bm, m0, n0, s * BK);
        }
        let mut acc = AccumS32::<{ WM / 16 }, { WN / 8 }>::zero();
        // every step's tiles whole (block tile inside C, k a multiple of BK, rows 16-byte aligned;
        // proved once): the k loop without the edge copies (as `tensor.rs`'s GEMM)
        if let Some(whole) = pipe.whole_k(&am, &bm, m0, n0, steps) {
            for s in 0..steps {
                let stage = pipe.wait();
                if s + STAGES - 1 < steps {
                    pipe.fill_k_whole(&whole, s + STAGES - 1);
                }
                acc.mma_tile(&stage.a(), &stage.b(), pos);
            }
        } else {
            for s in 0..steps {
                let stage = pipe.wait();
                // refill the stage that the previous step read (the wait's barrier ended its reads)
                if s + STAGES - 1 < steps {
                    pipe.fill_k(&am, &bm, m0, n0, (s + STAGES - 1) * BK);
                }
                acc.mma_tile(&stage.a(), &stage.b(), pos);
            }
        }
        tile.store_s32(&acc);
    }
}
