//! Int8 tensor cores: `mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32` (sm_80 and newer), i8
//! inputs summed into s32 accumulators.
//!
//! | type | what it holds (per warp) | made by |
//! | --- | --- | --- |
//! | [`FragAS8`] | a 16 × 32 tile of A (row-major, k across) | [`TileRef::frag_a`](TileRef#method.frag_a-1) on an `ATile<i8, M, K>` (`ldmatrix.x4`) |
//! | [`FragBS8`] | a 32 × 8 tile of B ("col": k down, n across) | [`TileRef::frag_b`](TileRef#method.frag_b-1), [`frag_b2`](TileRef#method.frag_b2-1) on a `BtTile<i8, N, K>` |
//! | [`FragS32`] | a 16 × 8 tile of s32 accumulators | [`FragS32::zero`], [`mma_sync_s8`] |
//! | [`AccumS32<MT, NT>`](AccumS32) | a warp's `16·MT × 8·NT` block of s32 accumulators | [`AccumS32::zero`], [`AccumS32::mma_tile`] |
//!
//! **Fragment layouts** (PTX ISA, the m16n8k32 fragments of `.s8`), for lane `4g + t`: A's words
//! hold 4 consecutive columns of one row each (byte j is column + j): rows g, g + 8, g, g + 8 at
//! columns 4t, 4t, 4t + 16, 4t + 16; B's two words hold 4 consecutive depths of column g each, at
//! depths 4t and 4t + 16; the accumulators are those of [`FragC`](super::FragC): (g, 2t), (g,
//! 2t + 1), (g + 8, 2t), (g + 8, 2t + 1). Byte for byte these are the bf16 m16n8k16 layouts (whose
//! words hold two 2-byte values), so the same `ldmatrix` (`.b16`, not transposed) loads them from
//! the same swizzled shared tiles, 32 bytes of depth per fragment (`K_STEP` = 32 for i8).
//!
//! **B is stored `N × K`** (k contiguous: a [`BtTile`], the layout of a torch `linear` weight and of
//! `torch._int_mm`'s second operand transposed): `ldmatrix.trans` moves 16-bit values, and a
//! `K × N` tile of bytes would need its bytes regrouped. A `BTile<i8, K, N>` gives no fragments.
//!
//! **Sums** are exact products of s8 values added in s32, wrapping on overflow as the hardware
//! does without `.satfinite` (so in any order: the emulator's sums are bit-exact). Values in
//! -128..=127 cannot overflow below K = 131,072.
//!
//! **Ownership** is that of the f32 fragments: fragments are not `Copy`, have no shuffle and cannot
//! be stored in shared memory; the s8 and the f32 kinds do not mix (an i8 tile gives no
//! [`FragA`](super::FragA), an `AccumS32` does not fill an f32 [`WarpTile::store`]); a warp's
//! accumulators reach the output only through its own [`WarpTile`], by
//! [`store_s32`](WarpTile::store_s32) or [`store_s32_with`](WarpTile::store_s32_with).

use super::{
    accumulators,
    check_frag, fail, inside, lane_parts, mma_steps, whole_warp, ATile, BtTile, MmaTile, OperandA, OperandBt, Operands,
    TileElem, TileRef, WarpPos, WarpTile,
};
use crate::Elem;

use crate::intrinsics::mma as rt;

impl TileElem for i8 {}

/// A warp's 16 × 32 tile of A (row-major, k across) for [`mma_sync_s8`]: 4 words (16 i8) per
/// lane. Made by [`TileRef::frag_a`](TileRef#method.frag_a-1) on an `ATile<i8, M, K>`.
pub struct FragAS8 {
    r: [u32; 4],
}

/// A warp's 32 × 8 tile of B (k down, n across, "col") for [`mma_sync_s8`]: 2 words (8 i8) per
/// lane. Made by [`TileRef::frag_b`](TileRef#method.frag_b-1) or
/// [`frag_b2`](TileRef#method.frag_b2-1) on a `BtTile<i8, N, K>`.
pub struct FragBS8 {
    r: [u32; 2],
}

/// A warp's 16 × 8 tile of s32 accumulators (4 per lane): the C and D of [`mma_sync_s8`].
pub struct FragS32 {
    v: [i32; 4],
}

accumulators!(FragS32, AccumS32, i32, 0, "mma_sync_s8");

/// `c ← a·b + c` for one 16 × 8 tile, 32 deep: `mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32`
/// (exact products, s32 sums that wrap). Warp-collective: all 32 lanes must call it together (it
/// traps otherwise; in emulation, `KernelBarrierError`).
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn mma_sync_s8(a: &FragAS8, b: &FragBS8, c: &mut FragS32) {
    whole_warp();
    crate::at!();
    mma_raw(a, b, c);
}

#[inline(always)]
fn mma_raw(a: &FragAS8, b: &FragBS8, c: &mut FragS32) {
    let cp = c.v.as_mut_ptr();
    // SAFETY: `a` holds 4 words, `b` 2, `c` 4 i32, read before the 4 results are written back.
    unsafe { rt::__oxpack_mma_m16n8k32_s8(cp, a.r.as_ptr(), b.r.as_ptr(), cp) }
}

// ---------------------------------------------------------------------------- fragment loads

/// The s8 kind's [`Operands`]: an i8 A tile and an i8 B tile (`N × K`) of one stage. Its
/// fragments are the bf16 ones byte for byte, so it loads them with the same [`TileRef`] words.
struct S8Ops<'r, 's, const M: usize, const N: usize, const K: usize> {
    a: &'r TileRef<'s, ATile<i8, M, K>>,
    b: &'r TileRef<'s, BtTile<i8, N, K>>,
}

impl<const M: usize, const N: usize, const K: usize> Operands for S8Ops<'_, '_, M, N, K> {
    type A = FragAS8;
    type B = FragBS8;
    type C = FragS32;
    const A0: FragAS8 = FragAS8 { r: [0; 4] };
    const B0: FragBS8 = FragBS8 { r: [0; 2] };
    const STEP: usize = i8::K_STEP;
    #[inline(always)]
    unsafe fn frag_a(&self, row: usize, k: usize) -> FragAS8 {
        // SAFETY: the caller's contract (the fragment inside the tile, the whole warp).
        FragAS8 { r: unsafe { self.a.a_words(row, k) } }
    }
    #[inline(always)]
    unsafe fn frag_b2(&self, n: usize, k: usize) -> [FragBS8; 2] {
        // SAFETY: as above.
        let r = unsafe { self.b.bt_words2(n, k) };
        [FragBS8 { r: [r[0], r[1]] }, FragBS8 { r: [r[2], r[3]] }]
    }
    #[inline(always)]
    unsafe fn frag_b(&self, n: usize, k: usize) -> FragBS8 {
        // SAFETY: as above.
        FragBS8 { r: unsafe { self.b.bt_words(n, k) } }
    }
    #[inline(always)]
    fn mma(a: &FragAS8, b: &FragBS8, c: &mut FragS32) {
        mma_raw(a, b, c);
    }
}

impl<const M: usize, const K: usize> TileRef<'_, MmaTile<i8, M, K, OperandA>> {
    /// The 16 × 32 tile of A at rows `row..row + 16`, columns `k..k + 32` of this tile
    /// (`ldmatrix.x4`); `row` a multiple of 16 and `k` of 32, inside the tile, else it traps.
    /// Warp-collective.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn frag_a(&self, row: usize, k: usize) -> FragAS8 {
        check_frag(inside(row, 16, 16, M) && inside(k, 32, 32, K));
        whole_warp();
        crate::at!();
        // SAFETY: inside the tile (checked above), the whole warp.
        FragAS8 { r: unsafe { self.a_words(row, k) } }
    }
}

impl<const N: usize, const K: usize> TileRef<'_, MmaTile<i8, N, K, OperandBt>> {
    /// The 32 × 8 tile of B at columns `n..n + 8`, depth `k..k + 32` (`ldmatrix.x2`); `n` a
    /// multiple of 8 and `k` of 32, inside the tile, else it traps. Warp-collective.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn frag_b(&self, n: usize, k: usize) -> FragBS8 {
        check_frag(inside(n, 8, 8, N) && inside(k, 32, 32, K));
        whole_warp();
        crate::at!();
        // SAFETY: inside the tile (checked above), the whole warp.
        FragBS8 { r: unsafe { self.bt_words(n, k) } }
    }

    /// The two tiles of B at columns `n..n + 8` and `n + 8..n + 16`, depth `k..k + 32`
    /// (`ldmatrix.x4`); `n` a multiple of 8 and `k` of 32, inside the tile. Warp-collective.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn frag_b2(&self, n: usize, k: usize) -> [FragBS8; 2] {
        check_frag(inside(n, 8, 16, N) && inside(k, 32, 32, K));
        whole_warp();
        crate::at!();
        // SAFETY: inside the tile (checked above), the whole warp.
        let r = unsafe { self.bt_words2(n, k) };
        [FragBS8 { r: [r[0], r[1]] }, FragBS8 { r: [r[2], r[3]] }]
    }
}

// ---------------------------------------------------------------------------- warp accumulators

/// A warp's `16·MT × 8·NT` block of s32 accumulators: `MT × NT` [`FragS32`] tiles.
pub struct AccumS32<const MT: usize, const NT: usize> {
    c: [[FragS32; NT]; MT],
}

impl<const MT: usize, const NT: usize> AccumS32<MT, NT> {
    /// `acc ← a·b + acc` over the whole depth of a stage: the warp's rows `at.row..at.row + 16·MT`
    /// of the A tile times its columns `at.col..at.col + 8·NT` of the B tile (stored `N × K`), 32
    /// of depth at a time (`MT` `ldmatrix.x4` of A and `NT / 2` of B, an `.x2` for an odd last
    /// one, then `MT · NT` `mma.sync` m16n8k32 per step). Both tiles have the depth `K` (a type
    /// error at the call otherwise), a multiple of 32; the warp's block must lie inside them
    /// (checked once; out of range traps). Warp-collective.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn mma_tile<const M: usize, const N: usize, const K: usize>(
        &mut self,
        a: &TileRef<'_, ATile<i8, M, K>>,
        b: &TileRef<'_, BtTile<i8, N, K>>,
        at: WarpPos,
    ) {
        const {
            assert!(K % 32 == 0 && K / 32 <= 64, "oxpack: an i8 tile's depth is a multiple of 32, at most 2048");
            assert!(MT * NT <= 64 && MT <= 8 && NT <= 16, "oxpack: `AccumS32::mma_tile` takes up to 64 fragments");
        };
        if !inside(at.row, 16, 16 * MT, M) || !inside(at.col, 8, 8 * NT, N) {
            fail("a warp's accumulator block reaches outside the stage's tiles, or is not aligned to its fragments");
        }
        whole_warp();
        crate::at!();
        // SAFETY: the warp's block is inside both tiles (above), which are K deep (the type), K a
        // multiple of 32; the whole warp is here.
        unsafe { mma_steps::<MT, NT, _>(&S8Ops { a, b }, &mut self.c, at, K / 32) };
    }
}

// ---------------------------------------------------------------------------- output

impl<T: Elem, const BM: usize, const BN: usize, const WM: usize, const WN: usize> WarpTile<'_, T, BM, BN, WM, WN> {
    /// Writes `f(row, col, v)` for each of the warp's s32 accumulators `v` (an `AccumS32<WM / 16,
    /// WN / 8>`: another shape is an error when compiled), with its row and column in the output:
    /// an epilogue such as a dequantization to f32 or a requantization to i8. Elements outside the
    /// output are skipped (and `f` not called for them).
    #[inline(always)]
    pub fn store_s32_with<const MT: usize, const NT: usize>(
        &mut self,
        acc: &AccumS32<MT, NT>,
        f: impl Fn(usize, usize, i32) -> T,
    ) {
        const {
            assert!(16 * MT == WM && 8 * NT == WN, "oxpack: a WM × WN warp tile stores an `AccumS32<WM / 16, WN / 8>`");
            assert!(MT * NT <= 64, "oxpack: at most 64 fragments in an `AccumS32`");
        };
        self.store_frags(MT, NT, |i, j| acc.c[i][j].v, f);
    }
}

impl<const BM: usize, const BN: usize, const WM: usize, const WN: usize> WarpTile<'_, i32, BM, BN, WM, WN> {
    /// Writes the warp's s32 accumulators as they are (see
    /// [`store_s32_with`](Self::store_s32_with)).
    #[inline(always)]
    pub fn store_s32<const MT: usize, const NT: usize>(&mut self, acc: &AccumS32<MT, NT>) {
        self.store_s32_with(acc, |_, _, v| v);
    }
}
