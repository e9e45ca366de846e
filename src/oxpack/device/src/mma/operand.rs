//! Operand tiles in block-shared memory, and the `ldmatrix` loads that make fragments of them.
//!
//! # Safety
//! A tile's type names its storage order and size ([`ATile`], [`BTile`], [`BtTile`]); a
//! [`TileRef`] is made only by the copy pipeline's [`Stage`](crate::async_copy::Stage), over the
//! stage's own slot, and lives no longer than the stage view (so no copy lands under it). Every
//! fragment load checks that its rows and 32 bytes of depth lie inside the tile ([`check_frag`])
//! before `ldmatrix` reads them, and the swizzle ([`offset`]) is a bijection of a row's 16-byte
//! chunks, so a load reads exactly the elements it names.

use core::marker::PhantomData;

use super::*;
use crate::sealed::Sealed;

// ---------------------------------------------------------------------------- shared tiles

/// The A operand, stored `M × K` with k contiguous.
pub struct OperandA;
/// The B operand, stored `K × N` with n contiguous (read with `ldmatrix.trans`).
pub struct OperandB;
/// The B operand, stored `N × K` with k contiguous (read with plain `ldmatrix`).
pub struct OperandBt;

/// A `ROWS × COLS` tile of T in shared memory, swizzled (see the module docs), holding the
/// operand `R`. Use the aliases [`ATile`], [`BTile`], [`BtTile`].
pub struct MmaTile<T, const ROWS: usize, const COLS: usize, R>(PhantomData<(T, R)>);

/// A tile of A: `M` rows, `K` columns (k contiguous).
pub type ATile<T, const M: usize, const K: usize> = MmaTile<T, M, K, OperandA>;
/// A tile of B stored `K × N` (n contiguous): `K` rows, `N` columns.
pub type BTile<T, const K: usize, const N: usize> = MmaTile<T, K, N, OperandB>;
/// A tile of B stored `N × K` (k contiguous, as torch's `linear` weight): `N` rows, `K` columns.
pub type BtTile<T, const N: usize, const K: usize> = MmaTile<T, N, K, OperandBt>;

/// A shared tile's shape and element type. Sealed.
pub trait TileShape: Sealed {
    /// Element type.
    type Elem: TileElem;
    /// Rows as stored.
    const ROWS: usize;
    /// Columns as stored (a whole number of fragment depths, and a power-of-two number of
    /// 16-byte chunks).
    const COLS: usize;
}

/// A tile's depth (its k extent) as a type, so that `mma_tile` can require equal depths of its
/// tiles in its signature (a mismatch is a type error at the call).
pub struct Depth<const K: usize>;

/// Tiles that hold A.
pub trait ATileKind: TileShape<Elem: MmaInput> {
    /// `Depth<K>`, for K the tile's columns.
    type Depth;
    #[doc(hidden)]
    fn frag_a_raw(tile: &TileRef<'_, Self>, row: usize, k: usize) -> FragA<Self::Elem>
    where
        Self: Sized;
}
/// Tiles that hold B, in either storage order, as a pipeline copies them: where a k step's tile
/// starts in its matrix. [`BTile`]s of BF16 and F16 and [`BtTile`]s of every tile element (i8
/// included). Sealed.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a B tile: `fill_k` places a `BTile` (of BF16 or F16) or a `BtTile` at a k step",
    label = "not a B tile a pipeline fills by k steps",
    note = "give the pipeline's B-side tile as `BtTile<T, N, K>` (B stored N × K) or `BTile<BF16, K, N>`, or fill it with `fill`"
)]
pub trait BSide: TileShape {
    /// Where the tile at depth `k0`, column `n0` starts in its source matrix (row, column).
    /// Each coordinate grows with `k0` (never shrinks): [`Pipeline::whole_k`] relies on it.
    #[doc(hidden)]
    fn origin(k0: usize, n0: usize) -> (usize, usize);
}

/// Tiles that hold B (either storage order).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot give B fragments: a B tile stored K × N (`BTile`) needs 16-bit elements (`ldmatrix.trans` moves 16-bit values)",
    label = "not a B tile the tensor cores can read",
    note = "store B as N × K (`BtTile`) for f32 (tf32) inputs, or use BF16/F16"
)]
pub trait BTileKind: BSide + TileShape<Elem: MmaInput> {
    /// `Depth<K>`, for K the tile's depth.
    type Depth;
    /// The tile's depth (k extent).
    const K: usize;
    /// The tile's width (n extent).
    const N: usize;
    #[doc(hidden)]
    fn frag_b2_raw(tile: &TileRef<'_, Self>, n: usize, k: usize) -> [FragB<Self::Elem>; 2]
    where
        Self: Sized;
    #[doc(hidden)]
    fn frag_b_raw(tile: &TileRef<'_, Self>, n: usize, k: usize) -> FragB<Self::Elem>
    where
        Self: Sized;
    /// `data` as the matrix this tile is cut from, for a B of depth `k` and width `n`: `k × n`
    /// for a [`BTile`], `n × k` for a [`BtTile`]; `None` when `k · n` passes its length.
    fn stored(data: &[Self::Elem], k: u32, n: u32) -> Option<Matrix<'_, Self::Elem>>;
}

impl<T, const ROWS: usize, const COLS: usize, R> Sealed for MmaTile<T, ROWS, COLS, R> {}

impl<T: TileElem, const ROWS: usize, const COLS: usize, R> TileShape for MmaTile<T, ROWS, COLS, R> {
    type Elem = T;
    const ROWS: usize = ROWS;
    const COLS: usize = COLS;
}

impl<T: MmaInput, const M: usize, const K: usize> ATileKind for ATile<T, M, K> {
    type Depth = Depth<K>;
    #[inline(always)]
    fn frag_a_raw(tile: &TileRef<'_, Self>, row: usize, k: usize) -> FragA<T> {
        // SAFETY: the callers checked the rows and columns (a whole fragment inside the tile).
        FragA { r: unsafe { tile.a_words(row, k) }, _t: PhantomData }
    }
}

impl<T: Mma16, const K: usize, const N: usize> BSide for BTile<T, K, N> {
    #[inline(always)]
    fn origin(k0: usize, n0: usize) -> (usize, usize) {
        (k0, n0)
    }
}

impl<T: TileElem, const N: usize, const K: usize> BSide for BtTile<T, N, K> {
    #[inline(always)]
    fn origin(k0: usize, n0: usize) -> (usize, usize) {
        (n0, k0)
    }
}

impl<T: Mma16, const K: usize, const N: usize> BTileKind for BTile<T, K, N> {
    type Depth = Depth<K>;
    const K: usize = K;
    const N: usize = N;
    #[inline(always)]
    fn frag_b2_raw(tile: &TileRef<'_, Self>, n: usize, k: usize) -> [FragB<T>; 2] {
        let lane = lane_id() as usize & 31;
        let mut r = [0u32; 4];
        // SAFETY: a 16-byte chunk of the tile (the caller checked the rows and columns).
        unsafe { tile.ldsm::<4, true>(k + (lane & 15), n / T::CHUNK + (lane >> 4), r.as_mut_ptr()) };
        [FragB { r: [r[0], r[1]], _t: PhantomData }, FragB { r: [r[2], r[3]], _t: PhantomData }]
    }
    #[inline(always)]
    fn frag_b_raw(tile: &TileRef<'_, Self>, n: usize, k: usize) -> FragB<T> {
        let lane = lane_id() as usize & 31;
        // matrices 0, 1: depth 0-7, 8-15 (lanes 16-31 repeat 0-15: their addresses go unused)
        let mut r = [0u32; 2];
        // SAFETY: as above.
        unsafe { tile.ldsm::<2, true>(k + (lane & 15), n / T::CHUNK, r.as_mut_ptr()) };
        FragB { r, _t: PhantomData }
    }
    #[inline(always)]
    fn stored(data: &[T], k: u32, n: u32) -> Option<Matrix<'_, T>> {
        crate::matrix::matrix(data, n, k)
    }
}

impl<T: MmaInput, const N: usize, const K: usize> BTileKind for BtTile<T, N, K> {
    type Depth = Depth<K>;
    const K: usize = K;
    const N: usize = N;
    #[inline(always)]
    fn frag_b2_raw(tile: &TileRef<'_, Self>, n: usize, k: usize) -> [FragB<T>; 2] {
        // SAFETY: as above.
        let r = unsafe { tile.bt_words2(n, k) };
        [FragB { r: [r[0], r[1]], _t: PhantomData }, FragB { r: [r[2], r[3]], _t: PhantomData }]
    }
    #[inline(always)]
    fn frag_b_raw(tile: &TileRef<'_, Self>, n: usize, k: usize) -> FragB<T> {
        // SAFETY: as above.
        FragB { r: unsafe { tile.bt_words(n, k) }, _t: PhantomData }
    }
    #[inline(always)]
    fn stored(data: &[T], k: u32, n: u32) -> Option<Matrix<'_, T>> {
        crate::matrix::matrix(data, k, n)
    }
}

/// A read-only view of one shared tile of a [`Stage`].
pub struct TileRef<'s, Tl: TileShape> {
    pub(crate) ptr: *const Tl::Elem,
    /// `ptr` as a 32-bit shared address (GPU only).
    pub(crate) sa: u32,
    pub(crate) _s: PhantomData<&'s Tl>,
}

impl<Tl: TileShape> TileRef<'_, Tl> {
    /// The address of chunk `chunk` of row `row`; both must be inside the tile (callers check).
    #[inline(always)]
    fn chunk(&self, row: usize, chunk: usize) -> *const u16 {
        debug_assert!(row < Tl::ROWS && chunk < Tl::COLS / Tl::Elem::CHUNK);
        // in the tile when `row` and `chunk` are: `offset` permutes the chunks of each row
        self.ptr.wrapping_add(offset::<Tl>(row, chunk)) as *const u16
    }

    /// `ldmatrix` (`COUNT` 8 × 8 matrices, 4 or 2; `.trans` with `TRANS`) with this lane's row
    /// address at chunk `chunk` of row `row`, into `out`.
    ///
    /// # Safety
    /// `row` and `chunk` inside the tile; `out` has room for `COUNT` words; warp-collective.
    #[inline(always)]
    unsafe fn ldsm<const COUNT: usize, const TRANS: bool>(&self, row: usize, chunk: usize, out: *mut u32) {
        debug_assert!(row < Tl::ROWS && chunk < Tl::COLS / Tl::Elem::CHUNK);
        // On the GPU by its 32-bit shared address (one register a lane offset, constant offsets
        // folded into the instruction): the same chunk as `self.chunk(row, chunk)`.
        #[cfg(target_arch = "nvptx64")]
        {
            let a = self.sa.wrapping_add((offset::<Tl>(row, chunk) * core::mem::size_of::<Tl::Elem>()) as u32);
            // SAFETY: the caller's contract.
            unsafe {
                match (COUNT, TRANS) {
                    (4, false) => rt::__oxpack_ldmatrix_x4_s(a, out),
                    (4, true) => rt::__oxpack_ldmatrix_x4_trans_s(a, out),
                    (_, false) => rt::__oxpack_ldmatrix_x2_s(a, out),
                    (_, true) => rt::__oxpack_ldmatrix_x2_trans_s(a, out),
                }
            }
        }
        #[cfg(not(target_arch = "nvptx64"))]
        {
            let p = self.chunk(row, chunk);
            // SAFETY: the caller's contract.
            unsafe {
                match (COUNT, TRANS) {
                    (4, false) => rt::__oxpack_ldmatrix_x4(p, out),
                    (4, true) => rt::__oxpack_ldmatrix_x4_trans(p, out),
                    (_, false) => rt::__oxpack_ldmatrix_x2(p, out),
                    (_, true) => rt::__oxpack_ldmatrix_x2_trans(p, out),
                }
            }
        }
    }

    /// The 4 `ldmatrix.x4` words of the 16-row, 32-byte-deep fragment of A at rows `row..row + 16`,
    /// depth (column) `k..`: matrices 0..4 are rows 0-7 and 8-15 of bytes 0-15, then of bytes
    /// 16-31. Byte for byte the A layout of m16n8k16 (bf16, f16), m16n8k8 (tf32) and m16n8k32
    /// (s8) alike, so every element kind loads A here.
    ///
    /// # Safety
    /// Rows `row..row + 16` and the 32 bytes from column `k` inside the tile, `k` a whole chunk;
    /// warp-collective.
    #[inline(always)]
    pub(super) unsafe fn a_words(&self, row: usize, k: usize) -> [u32; 4] {
        let lane = lane_id() as usize & 31;
        let mut r = [0u32; 4];
        // SAFETY: the caller's contract: lane rows `row + 0..16`, chunks `k / CHUNK + 0..2`.
        unsafe { self.ldsm::<4, false>(row + (lane & 15), k / Tl::Elem::CHUNK + (lane >> 4), r.as_mut_ptr()) };
        r
    }

    /// The `ldmatrix.x4` words of two fragments of B stored `N × K` (k contiguous) at columns
    /// (tile rows) `n..n + 8` and `n + 8..n + 16`, 32 bytes of depth from `k`: matrices 0, 1 are
    /// bytes 0-15, 16-31 of the first 8 columns, 2, 3 those of the next 8 (every element kind).
    ///
    /// # Safety
    /// Tile rows `n..n + 16` and the 32 bytes from column `k` inside the tile; warp-collective.
    #[inline(always)]
    pub(super) unsafe fn bt_words2(&self, n: usize, k: usize) -> [u32; 4] {
        let lane = lane_id() as usize & 31;
        let mut r = [0u32; 4];
        // SAFETY: the caller's contract: lane rows `n + 0..16`, chunks `k / CHUNK + 0..2`.
        unsafe { self.ldsm::<4, false>(n + (lane & 7) + ((lane >> 4) << 3), k / Tl::Elem::CHUNK + ((lane >> 3) & 1), r.as_mut_ptr()) };
        r
    }

    /// [`bt_words2`](Self::bt_words2) for the first 8 columns alone (`ldmatrix.x2`; lanes 16-31's
    /// addresses go unused).
    ///
    /// # Safety
    /// Tile rows `n..n + 8` and the 32 bytes from column `k` inside the tile; warp-collective.
    #[inline(always)]
    pub(super) unsafe fn bt_words(&self, n: usize, k: usize) -> [u32; 2] {
        let lane = lane_id() as usize & 31;
        let mut r = [0u32; 2];
        // SAFETY: the caller's contract: lane rows `n + 0..8`, chunks `k / CHUNK + 0..2`.
        unsafe { self.ldsm::<2, false>(n + (lane & 7), k / Tl::Elem::CHUNK + ((lane >> 3) & 1), r.as_mut_ptr()) };
        r
    }

    /// Element (`row`, `col`) of the tile, as stored; out of range traps.
    #[inline(always)]
    #[track_caller]
    pub fn get(&self, row: usize, col: usize) -> Tl::Elem {
        if row >= Tl::ROWS || col >= Tl::COLS {
            fail("shared tile index out of bounds");
        }
        let per = Tl::Elem::CHUNK;
        // SAFETY: in the tile; the stage is in its read phase (a `Stage` exists only after its wait and barrier).
        unsafe { self.ptr.add(offset::<Tl>(row, col / per) + col % per).read() }
    }
}

/// Element offset of 16-byte chunk `chunk` of row `row` in a swizzled tile: the chunk index is
/// XORed with a function of the row, so that 8 consecutive rows (the addresses of one `ldmatrix`
/// phase) and 8 consecutive chunks (one phase of `cp.async` writes) land in 8 different groups
/// of 4 banks. For each row it permutes the row's chunks: a bijection on the tile.
#[inline(always)]
pub(crate) fn offset<Tl: TileShape>(row: usize, chunk: usize) -> usize {
    let per_row = Tl::COLS / Tl::Elem::CHUNK;
    let key = if per_row >= 8 {
        row & 7
    } else if per_row == 4 {
        (row >> 1) & 3
    } else if per_row == 2 {
        (row >> 2) & 1
    } else {
        0
    };
    row * Tl::COLS + (chunk ^ key) * Tl::Elem::CHUNK
}

/// Whether `at..at + extent` lies in `0..max` with `at` a multiple of `align`.
#[inline(always)]
pub(super) const fn inside(at: usize, align: usize, extent: usize, max: usize) -> bool {
    at % align == 0 && at <= max && max - at >= extent
}

#[inline(always)]
#[track_caller]
pub(super) fn check_frag(ok: bool) {
    if !ok {
        fail("a fragment load reaches outside its shared tile, or is not aligned to the fragment's shape");
    }
}

impl<T: Mma16, const M: usize, const K: usize> TileRef<'_, ATile<T, M, K>> {
    /// The 16 × 8 tile of A at rows `row..row + 16`, columns `k..k + 8`, for [`mma_sync_k8`]
    /// (`ldmatrix.x2`). Warp-collective.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn frag_a8(&self, row: usize, k: usize) -> FragA8<T> {
        check_frag(inside(row, 16, 16, M) && inside(k, 8, 8, K));
        whole_warp();
        crate::at!();
        let lane = lane_id() as usize & 31;
        let p = self.chunk(row + (lane & 15), k / T::CHUNK);
        let mut r = [0u32; 2];
        // SAFETY: as above.
        unsafe { rt::__oxpack_ldmatrix_x2(p, r.as_mut_ptr()) };
        FragA8 { r, _t: PhantomData }
    }
}

impl<T: MmaInput, const M: usize, const K: usize> TileRef<'_, ATile<T, M, K>> {
    /// The tile of A at rows `row..row + 16` and columns `k..k + K_STEP` of this tile
    /// (`ldmatrix.x4`; K_STEP is 16 for BF16 and F16, 8 for f32); `row` a multiple of 16 and `k`
    /// of K_STEP, inside the tile, else it traps. Warp-collective.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn frag_a(&self, row: usize, k: usize) -> FragA<T> {
        check_frag(inside(row, 16, 16, M) && inside(k, T::K_STEP, T::K_STEP, K));
        whole_warp();
        crate::at!();
        ATile::<T, M, K>::frag_a_raw(self, row, k)
    }

}

impl<'s, Tl: BTileKind> TileRef<'s, Tl> {
    /// The two tiles of B at columns `n..n + 8` and `n + 8..n + 16`, depth `k..k + K_STEP`
    /// (`ldmatrix.x4`, `.trans` for a [`BTile`]); `n` a multiple of 8 and `k` of K_STEP, inside
    /// the tile.
    /// Warp-collective.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn frag_b2(&self, n: usize, k: usize) -> [FragB<Tl::Elem>; 2] {
        check_frag(inside(n, 8, 16, Tl::N) && inside(k, Tl::Elem::K_STEP, Tl::Elem::K_STEP, Tl::K));
        whole_warp();
        crate::at!();
        Tl::frag_b2_raw(self, n, k)
    }

    /// The tile of B at columns `n..n + 8`, depth `k..k + K_STEP` (`ldmatrix.x2`, `.trans` for a
    /// [`BTile`]); `n` a multiple of 8 and `k` of K_STEP, inside the tile. Warp-collective.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn frag_b(&self, n: usize, k: usize) -> FragB<Tl::Elem> {
        check_frag(inside(n, 8, 8, Tl::N) && inside(k, Tl::Elem::K_STEP, Tl::Elem::K_STEP, Tl::K));
        whole_warp();
        crate::at!();
        Tl::frag_b_raw(self, n, k)
    }
}

/// `frag_b8!(tile, n, k, [row, col], load)`: the body of both B tiles' `frag_b8` (the 8 × 8 tile at
/// columns `n..n + 8`, depth `k..k + 8`; `N`, `K` the tile's const parameters): the checks of every
/// fragment load, then one `ldmatrix.x1` (`load`: `__oxpack_ldmatrix_x1_trans` for a `BTile`), lane
/// `l` addressing stored row `row + l % 8`, chunk `col / CHUNK`. `[row, col]` is `[k, n]` for a
/// `BTile` (stored `K × N`) and `[n, k]` for a `BtTile` (`N × K`).
macro_rules! frag_b8 {
    ($tile:ident, $n:ident, $k:ident, [$row:ident, $col:ident], $load:ident) => {{
        check_frag(inside($n, 8, 8, N) && inside($k, 8, 8, K));
        whole_warp();
        crate::at!();
        let lane = lane_id() as usize & 31;
        let p = $tile.chunk($row + (lane & 7), $col / T::CHUNK);
        // SAFETY: one 16-byte chunk of the tile: the 8 × 8 block is inside it and aligned (checked
        // above), `p` is one of its 8 rows; all 32 lanes execute it (checked above).
        FragB8 { r: unsafe { rt::$load(p) }, _t: PhantomData }
    }};
}

impl<T: Mma16, const K: usize, const N: usize> TileRef<'_, BTile<T, K, N>> {
    /// The 8 × 8 tile of B at columns `n..n + 8`, depth `k..k + 8`, for [`mma_sync_k8`]
    /// (`ldmatrix.x1.trans`). Warp-collective.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn frag_b8(&self, n: usize, k: usize) -> FragB8<T> {
        frag_b8!(self, n, k, [k, n], __oxpack_ldmatrix_x1_trans)
    }
}

impl<T: Mma16, const N: usize, const K: usize> TileRef<'_, BtTile<T, N, K>> {
    /// The 8 × 8 tile of B at columns `n..n + 8`, depth `k..k + 8`, for [`mma_sync_k8`]
    /// (`ldmatrix.x1`). Warp-collective.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn frag_b8(&self, n: usize, k: usize) -> FragB8<T> {
        frag_b8!(self, n, k, [n, k], __oxpack_ldmatrix_x1)
    }
}

