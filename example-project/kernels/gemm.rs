//! Tiled SGEMM: shared-memory tiles of A and B, and register blocking (each
//! thread accumulates an 8 × 8 block of C in registers).
use oxpack::prelude::*;

/// Rows of C per block.
const BM: usize = 128;
/// Columns of C per block.
const BN: usize = 128;
/// Depth of one shared-memory step.
const BK: usize = 8; // `unroll!` below takes it as the literal 8
const _: () = assert!(BK == 8);
/// Rows of C per thread.
const TM: usize = 8;
/// Columns of C per thread.
const TN: usize = 8;

kernel! {
    /// c ← a·b for row-major f32 matrices: `a` is m × k, `b` is k × n, `c` is m × n.
    /// Each block of 16 × 16 threads computes a 128 × 128 tile of `c`, each thread an
    /// 8 × 8 block of it (a thread per 8 × 8 block of `c`), stepping through k in slices of 8
    /// that the block stages in shared memory. Another block shape is refused before the
    /// launch (and traps on the device).
    #[launch(threads = (cdiv(n, 8), cdiv(m, 8)), block = (16, 16))]
    #[dims(a = (m, k), b = (k, n))]
    #[outputs(c = (m, n))]
    pub fn sgemm(
        ij: ThreadIndex2, m: u32, n: u32, k: u32, a: &[f32], b: &[f32],
        c: &mut DisjointSlice<f32, RegisterTiles<TM, TN>> = (n),
    ) where (len(a) == m * k, len(b) == k * n, len(c) == m * n, block.x == block.y == 16) {
        let (t, d) = (thread_idx(), block_dim());
        if d.x != 16 || d.y != 16 || d.z != 1 || t.x >= 16 || t.y >= 16 {
            trap(); // also tells the compiler that tx, ty < 16: the tile reads below need no checks
        }
        let (tx, ty) = (t.x as usize, t.y as usize);
        let (m, n_len, k) = (m as usize, n as usize, k as usize);
        let (row0, col0) = (block_idx().y as usize * BM, block_idx().x as usize * BN);
        let slot = thread_slot();
        // A's tile is BM × BK, stored transposed (the inner loop reads its columns);
        // B's tile is BK × BN. Each of the 256 threads loads 4 elements of each.
        let mut sa = shared_array!(f32, BM * BK, TransposedChunks<4, BM, BK>);
        let mut sb = shared_array!(f32, BK * BN, Chunks<4, BN>);
        let (ar, ac) = sa.chunk(slot);
        let (br, bc) = sb.chunk(slot);
        let mut acc = [[0.0f32; TN]; TM];
        let mut k0 = 0;
        while k0 < k {
            let (mut va, mut vb) = ([0.0f32; 4], [0.0f32; 4]);
            let (arow, brow) = (row0 + ar, k0 + br);
            for q in 0..4 {
                let (acol, bcol) = (k0 + ac + q, col0 + bc + q);
                if arow < m && acol < k {
                    va[q] = a.get(arow * k + acol).copied().unwrap_or(0.0);
                }
                if brow < k && bcol < n_len {
                    vb[q] = b.get(brow * n_len + bcol).copied().unwrap_or(0.0);
                }
            }
            sa.write_chunk(slot, va);
            sb.write_chunk(slot, vb);
            let (ta, tb) = sa.sync_with(sb);
            unroll!(p in 0..8 => { // p < BK
                let (a0, a1) = (ta.get_vec(p * BM / 4 + 2 * ty).0, ta.get_vec(p * BM / 4 + 2 * ty + 1).0);
                let (b0, b1) = (tb.get_vec(p * BN / 4 + 2 * tx).0, tb.get_vec(p * BN / 4 + 2 * tx + 1).0);
                let av = [a0[0], a0[1], a0[2], a0[3], a1[0], a1[1], a1[2], a1[3]];
                let bv = [b0[0], b0[1], b0[2], b0[3], b1[0], b1[1], b1[2], b1[3]];
                for i in 0..TM {
                    for j in 0..TN {
                        acc[i][j] = av[i].mul_add(bv[j], acc[i][j]);
                    }
                }
            });
            (sa, sb) = ta.sync_with(tb);
            k0 += BK;
        }
        if let Some(mut out) = c.register_tile(ij) {
            for (i, row) in acc.iter().enumerate() {
                out.write_row(i, *row);
            }
        }
    }
}
