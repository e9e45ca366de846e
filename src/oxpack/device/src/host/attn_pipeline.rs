//! The attention pipeline's `wgmma`s (`attn_pipeline.rs`) on the host: `wgmma` with A in
//! registers and B read N-major (transposed) through its descriptor.
//!
//! A warpgroup's register-A `wgmma` m64nNk16 multiplies, for warp `w`, the 16 × 16 A block its
//! lanes hold (the m16k16 fragment: lane `4g + t` holds rows `g`, `g + 8`, columns `2t`, `2t + 1`,
//! `2t + 8`, `2t + 9`) by the 16 × N B operand in shared memory. Each emulated thread computes its
//! own accumulators, so it first gathers its two rows of A from the 4 lanes of its quad with warp
//! shuffles (all 32 lanes take part, as on the GPU), then sums the exact bf16 products in f32, in
//! k order, as the shared-memory `wgmma` of `rt::sm90a` does.
//!
//! The N-major descriptor (`imm-trans-b` = 1, 128-byte swizzle): element (n, k) of B lies at
//! `start + (k / 8)·SBO + (k % 8)·128 + (n / 64)·LBO + 2·(n % 64)` bytes, with the 128-byte
//! swizzle applied to that address (16-byte chunk bits 4-6 XOR row bits 7-9).

use super::rt::sm90a::{dynamic_shared, wgmma_sum};

/// Element (n, k) of an N-major, 128-byte-swizzled bf16 operand at descriptor `desc`.
fn element_n_major(desc: u64, n: usize, k: usize) -> f32 {
    let start = ((desc & 0x3fff) << 4) as usize;
    let lbo = (((desc >> 16) & 0x3fff) << 4) as usize;
    let sbo = (((desc >> 32) & 0x3fff) << 4) as usize;
    let a = start + (k / 8) * sbo + (k % 8) * 128 + (n / 64) * lbo + 2 * (n % 64);
    let phys = a ^ (((a >> 7) & 7) << 4);
    // SAFETY: the descriptor describes a tile of the pipeline's shared memory.
    let h = unsafe { (dynamic_shared().add(phys) as *const u16).read() };
    f32::from_bits((h as u32) << 16)
}

fn bf16_lo(w: u32) -> f32 {
    f32::from_bits((w & 0xffff) << 16)
}

fn bf16_hi(w: u32) -> f32 {
    f32::from_bits(w & 0xffff_0000)
}

#[track_caller]
fn wgmma_rs_tb(n: usize, d: *mut f32, a: [u32; 4], db: u64) {
    let g = (crate::block_thread_linear() % 32) / 4;
    // rows g and g + 8 of the warp's 16 × 16 A block, from the 4 lanes of the quad
    let mut rows = [[0f32; 16]; 2];
    for src in 0..4u32 {
        for (i, word) in a.iter().enumerate() {
            let v = crate::warp::shfl_idx(*word, 4 * g as u32 + src);
            // word i: (g, 2t..), (g + 8, 2t..), (g, 2t + 8..), (g + 8, 2t + 8..) of lane 4g + t
            let (r, c) = (i & 1, 2 * src as usize + 8 * (i >> 1));
            rows[r][c] = bf16_lo(v);
            rows[r][c + 1] = bf16_hi(v);
        }
    }
    // row r of the warpgroup's block is row g (r % 16 < 8) or g + 8 of the warp's
    wgmma_sum(n, 16, d, |r, k| rows[(r % 16) / 8][k], |c, k| element_n_major(db, c, k));
}

/// # Safety
/// `d` holds 32 floats; `db` describes an operand of the block's shared memory.
#[track_caller]
pub unsafe fn __oxpack_sm90a_wgmma_rs_m64n64k16_bf16_tb(d: *mut f32, a0: u32, a1: u32, a2: u32, a3: u32, db: u64) {
    wgmma_rs_tb(64, d, [a0, a1, a2, a3], db)
}
/// # Safety
/// `d` holds 64 floats; `db` as above.
#[track_caller]
pub unsafe fn __oxpack_sm90a_wgmma_rs_m64n128k16_bf16_tb(d: *mut f32, a0: u32, a1: u32, a2: u32, a3: u32, db: u64) {
    wgmma_rs_tb(128, d, [a0, a1, a2, a3], db)
}
/// # Safety
/// `d` holds 128 floats; `db` as above.
#[track_caller]
pub unsafe fn __oxpack_sm90a_wgmma_rs_m64n256k16_bf16_tb(d: *mut f32, a0: u32, a1: u32, a2: u32, a3: u32, db: u64) {
    wgmma_rs_tb(256, d, [a0, a1, a2, a3], db)
}

/// True while the emulated thread unwinds from a panic (a trap): a role's drop check then stays
/// silent, so that the first trap, not a panic inside the unwinding, is what the launch reports.
pub fn unwinding() -> bool {
    super::std::thread::panicking()
}
