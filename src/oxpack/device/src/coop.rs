//! Cooperative layouts: outputs that a block, a warp or the whole grid writes together.
//!
//! | layout | who owns what | accessor → writer |
//! | --- | --- | --- |
//! | `BlockRows` = (cols) | block `b`: row `b`; its thread `tx`: columns `tx + k·blockDim.x` | `block_row(i)` → [`BlockRow`] |
//! | `BlockRows<Vec4>` = (cols) | the same, in 16-byte chunks | `block_row(i)` → [`BlockRowChunks`] |
//! | `BlockRowGroups<R>` = (cols) | block `b`: rows `b·R .. b·R + R`; its thread `tx`: columns `tx + k·blockDim.x` of each | `group_row(i, r)` → [`BlockRow`] of row `b·R + r` |
//! | `BlockRowGroups<R, Vec4>` = (cols) | the same, in 16-byte chunks | `group_row(i, r)` → [`BlockRowChunks`] |
//! | `WarpRows` = (cols) | warp `w`: row `w`; its lane `l` of `n`: columns `l + k·n` | `warp_row(i)` → [`WarpRow`] |
//! | `WarpRows<Vec4>` = (cols) | the same, in 16-byte chunks | `warp_row(i)` → [`WarpRowChunks`] |
//! | `GridStride` | thread `i` of `N`: elements `i + k·N` | `grid_stride(i)` → [`GridStrided`] |
//! | `GridStride<Vec4>` | the same, in 16-byte chunks | `grid_stride(i)` → [`GridStridedChunks`] |
//! | `OnePerBlock` | block `b`'s first thread: element `b` | `block_value(i)` → `&mut T` |
//! | `OnePerWarp` | lane 0 of warp `w`: element `w` | `warp_value(i)` → `&mut T` |
//!
//! Blocks are numbered over the grid, `b = (blockIdx.z·gridDim.y + blockIdx.y)·gridDim.x +
//! blockIdx.x`; warps too, `w = b·W + (linear thread index in the block) / 32` with `W` the
//! block's warps (the last one partial when the block's size is no multiple of 32: it
//! has `n < 32` lanes, and its lanes stride by `n`, so its row is covered all the same).
//! A row's values and its per-row scalar therefore share a number:
//!
//! ```ignore
//! pub fn layernorm(i: ThreadIndex, x: &[f32], w: &[f32], b: &[f32],
//!                  out: &mut DisjointSlice<f32, WarpRows<Vec4>> = (len(w)),
//!                  mean: &mut DisjointSlice<f32, OnePerWarp>, rstd: &mut DisjointSlice<f32, OnePerWarp>)
//! where (len(out) == len(x), len(x) % len(w) == 0, len(mean) == len(x) / len(w), len(rstd) == len(mean)) {
//!     let Some(row) = out.warp_row(i) else { return };  // the whole warp, past the last row
//!     // … warp_sum over row.chunks() of &x[row.range()] …
//!     if let Some(m) = mean.warp_value(i) { *m = mu; }
//!     for (c, mut o) in row.iter_mut() { /* o.set(…) from load4(xr, c), load4(w, c) */ }
//! }
//! ```
//!
//! The accessors return `None` for a whole group at once (a block, a warp, never some of
//! its threads: the conditions depend on the group and the launch alone), so a kernel may
//! return on `None` before the group's collectives. `block_row` and `warp_row` give a
//! share even to a group whose row lies past the buffer (it then writes nothing), except
//! that `warp_row` gives `None` for a row with no element in the buffer.
//!
//! # Safety
//! Each accessor gives a [`strided`](crate::strided) whose conditions it proves for the
//! launch as it runs:
//! - **runs**: block rows are `b·cols .. b·cols + cols` for distinct blocks `b` (checked
//!   1-D launch: `b = blockIdx.x`); a block's group rows are rows `b·R + r` for `r < R`
//!   (checked), so distinct blocks' groups are disjoint and a block's `R` rows are distinct
//!   (it holds one of them at a time: `group_row` borrows the output); warp rows likewise
//!   for distinct warps `w` (the numbering above is one-to-one: a block's warps are `0 ..
//!   W`); the grid has one run; `cols` is the output's shape, the same in every thread (see
//!   [`shape`](crate::shape)), and `b·cols + cols` is checked for overflow;
//! - **members**: `threadIdx.x < blockDim.x` in a 1-D block; a lane's linear index in its
//!   warp is below the warp's live lanes; a `ThreadIndex` is unique and, checked here,
//!   below the launch's thread count `N`.
//!
//! `OnePerBlock` and `OnePerWarp` hand element `b` (`w`) to one thread of block `b`
//! (warp `w`), with `b` (`w`) one-to-one as above and checked against the buffer's end.
//! None of them reads the witness's value except `grid_stride`; the others take it to
//! prove that the caller is a thread of the launch, and read the thread's registers.

use crate::disjoint::{elem_mut, DisjointSlice};
use crate::elem::Elem;
use crate::layout;
use crate::strided::{BlockRow, BlockRowChunks, ByGrid, ChunkShare, GridStrided, GridStridedChunks, Share, WarpRow,
                   WarpRowChunks};
use crate::thread::{block_linear, block_thread_linear, grid, threads_per_block, ThreadIndex};
use crate::vec::Vector;
use crate::warp::{full_warps, WARP_SIZE};

/// Block `b`'s row of a 1-D launch as (start, cols, b, tx, blockDim.x): row 0 of a group of one
/// (`group_row_of`). `None` unless the launch is 1-D, the row's end fits in `usize` and the row
/// has an element in the buffer of `len` (a block past the last row gets `None`, for all its
/// threads at once).
#[inline(always)]
fn block_row_of(cols: usize, len: usize) -> Option<(usize, usize, usize, usize, usize)> {
    group_row_of::<1>(0, cols, len)
}

/// Row `r` of block `b`'s group of `R` rows in a 1-D launch, row `b·R + r`, as
/// (start, cols, b·R + r, tx, blockDim.x); `None` unless `r < R`, the launch is 1-D, the row's
/// end fits in `usize` and the row has an element in the buffer of `len` (the same for the
/// whole block).
#[inline(always)]
fn group_row_of<const R: usize>(r: usize, cols: usize, len: usize) -> Option<(usize, usize, usize, usize, usize)> {
    let (d, t, b, g) = (grid::block_dim(), grid::thread_idx(), grid::block_idx(), grid::grid_dim());
    if r >= R || d.y != 1 || d.z != 1 || g.y != 1 || g.z != 1 {
        return None;
    }
    let row = (b.x as usize).checked_mul(R)?.checked_add(r)?;
    let start = row.checked_mul(cols)?;
    start.checked_add(cols)?;
    if start >= len || cols == 0 {
        return None;
    }
    Some((start, cols, row, t.x as usize, d.x as usize))
}

/// The calling warp's number over the grid, the calling thread's lane in it and the
/// warp's live lanes; `None` if the number overflows.
#[inline(always)]
fn warp_of() -> Option<(usize, usize, usize)> {
    let (d, g) = (grid::block_dim(), grid::grid_dim());
    if d.y == 1 && d.z == 1 && g.y == 1 && g.z == 1 {
        // A 1-D launch, the numbering below with y = z = 0, in fewer steps: w = blockIdx.x ·
        // W + threadIdx.x / 32 < 2^32 · 32 + 32 cannot overflow.
        let (t, b, size) = (grid::thread_idx().x, grid::block_idx().x as usize, d.x);
        if full_warps() {  // every warp full (always so in a `#[whole_warps]` kernel)
            let warps = (size / WARP_SIZE) as usize;
            return Some((b * warps + (t / WARP_SIZE) as usize, (t % WARP_SIZE) as usize, WARP_SIZE as usize));
        }
        let warps = size.div_ceil(WARP_SIZE) as usize;
        let base = t - t % WARP_SIZE;
        return Some((b * warps + (t / WARP_SIZE) as usize, (t % WARP_SIZE) as usize,
                     (size - base).min(WARP_SIZE) as usize));
    }
    let size = threads_per_block();
    let linear = block_thread_linear();
    let warp = WARP_SIZE as usize;
    let base = linear - linear % warp;
    let w = block_linear().checked_mul(size.div_ceil(warp))?.checked_add(linear / warp)?;
    Some((w, linear % warp, if full_warps() { warp } else { (size - base).min(warp) }))
}

/// Warp `w`'s row: (start, cols), `None` when it has no element in the buffer of `len`.
#[inline(always)]
fn warp_row_of(w: usize, cols: usize, len: usize) -> Option<usize> {
    let start = w.checked_mul(cols)?;
    start.checked_add(cols)?;
    if start >= len || cols == 0 {
        return None;
    }
    Some(start)
}

/// The launch's thread count `N` and the witness `i`, if `i < N`.
#[inline(always)]
fn grid_member(i: ThreadIndex) -> Option<(usize, usize)> {
    let g = grid::grid_dim();
    let blocks = (g.x as usize).checked_mul(g.y as usize)?.checked_mul(g.z as usize)?;
    let n = blocks.checked_mul(threads_per_block())?;
    if i.0 >= n {
        return None;
    }
    Some((i.0, n))
}

impl<T: Elem> DisjointSlice<T, layout::BlockRows> {
    /// The number of columns, bound from the launch's parameters (use it, rather than
    /// the parameter, to index inputs by the same columns: the optimizer then knows the
    /// two are equal).
    #[inline(always)]
    pub fn cols(&self) -> usize {
        self.shape[0]
    }

    /// For one block per row of the row-major matrix of `cols` columns (the output's
    /// shape): thread `tx` of block `b` writes columns `tx, tx + blockDim.x, …` of
    /// row `b`, so every element has one writer. The launch must be 1-D (`blockDim.y
    /// = blockDim.z = gridDim.y = gridDim.z = 1`, checked; otherwise `None`). `None` for the
    /// whole block when its row has no element in the buffer (a block past the last row).
    #[inline(always)]
    pub fn block_row(&mut self, i: ThreadIndex) -> Option<BlockRow<'_, T>> {
        let _ = i;
        let (start, cols, b, tx, n) = block_row_of(self.shape[0], self.len)?;
        // SAFETY: the buffer is this output's, borrowed by `&mut self`; block b alone owns
        // row b (1-D launch) and thread tx < blockDim.x is its own member (module docs).
        unsafe { Share::new(self.ptr, self.len, start, cols, b, tx, n) }
    }
}

impl<T: Elem + Vector> DisjointSlice<T, layout::BlockRows<layout::Vec4>> {
    /// The number of columns (elements) in a row, bound from the launch's parameters.
    #[inline(always)]
    pub fn cols(&self) -> usize {
        self.shape[0]
    }

    /// For one block per row, 16 bytes at a time: thread `tx` of block `b` writes chunks
    /// `tx, tx + blockDim.x, …` of row `b` (chunk `c` is columns `c·LANES .. c·LANES +
    /// LANES`, the row's last one cut at its end). A 1-D launch, and `None` past the last row,
    /// as [`BlockRows`](layout::BlockRows).
    #[inline(always)]
    pub fn block_row(&mut self, i: ThreadIndex) -> Option<BlockRowChunks<'_, T>> {
        let _ = i;
        let (start, cols, b, tx, n) = block_row_of(self.shape[0], self.len)?;
        // SAFETY: as for `BlockRows`, with tx numbering chunks.
        unsafe { ChunkShare::new(self.ptr, self.len, start, cols, b, tx, n) }
    }
}

impl<T: Elem, const R: usize> DisjointSlice<T, layout::BlockRowGroups<R>> {
    /// The number of columns, bound from the launch's parameters.
    #[inline(always)]
    pub fn cols(&self) -> usize {
        self.shape[0]
    }

    /// For one block per `R` rows of the row-major matrix of `cols` columns: row `r` of
    /// block `b`'s group, row `b·R + r`, whose columns `tx, tx + blockDim.x, …` thread `tx`
    /// writes, the same columns in every row of the group (values a thread carries from
    /// row to row, a column sum, stay its own). A 1-D launch (checked). `None` for `r >= R`
    /// and for a row with no element in the buffer (past the last row), for the whole block
    /// at once: `while let Some(row) = out.group_row(i, r)` walks the block's rows, none
    /// skipping a block collective that another takes. The output is borrowed while the row
    /// is held: one row at a time.
    #[inline(always)]
    pub fn group_row(&mut self, i: ThreadIndex, r: usize) -> Option<BlockRow<'_, T>> {
        let _ = i;
        let (start, cols, row, tx, n) = group_row_of::<R>(r, self.shape[0], self.len)?;
        // SAFETY: the buffer is this output's, borrowed by `&mut self`; row b·R + r (r < R,
        // 1-D launch) is block b's alone, and thread tx < blockDim.x its own member.
        unsafe { Share::new(self.ptr, self.len, start, cols, row, tx, n) }
    }
}

impl<T: Elem + Vector, const R: usize> DisjointSlice<T, layout::BlockRowGroups<R, layout::Vec4>> {
    /// The number of columns (elements) in a row, bound from the launch's parameters.
    #[inline(always)]
    pub fn cols(&self) -> usize {
        self.shape[0]
    }

    /// Row `r` of block `b`'s group, 16 bytes at a time: thread `tx` writes chunks `tx, tx +
    /// blockDim.x, …` of row `b·R + r`, the same chunks in every row of the group. `None` as
    /// for [`BlockRowGroups`](layout::BlockRowGroups)' elements.
    #[inline(always)]
    pub fn group_row(&mut self, i: ThreadIndex, r: usize) -> Option<BlockRowChunks<'_, T>> {
        let _ = i;
        let (start, cols, row, tx, n) = group_row_of::<R>(r, self.shape[0], self.len)?;
        // SAFETY: as for the elements' `group_row`, with tx numbering chunks.
        unsafe { ChunkShare::new(self.ptr, self.len, start, cols, row, tx, n) }
    }
}

impl<T: Elem> DisjointSlice<T, layout::WarpRows> {
    /// The number of columns, bound from the launch's parameters.
    #[inline(always)]
    pub fn cols(&self) -> usize {
        self.shape[0]
    }

    /// For one warp per row of the row-major matrix of `cols` columns (the output's
    /// shape): lane `l` of warp `w` (numbered over the grid, see the [module](self)) writes
    /// columns `l, l + n, …` of row `w`, `n` the warp's lanes (32, fewer in a block's
    /// partial last warp). Any launch shape. `None` for the whole warp when its row has no
    /// element in the buffer.
    #[inline(always)]
    pub fn warp_row(&mut self, i: ThreadIndex) -> Option<WarpRow<'_, T>> {
        let _ = i;
        let (w, lane, n) = warp_of()?;
        let cols = self.shape[0];
        let start = warp_row_of(w, cols, self.len)?;
        // SAFETY: the buffer is this output's, borrowed by `&mut self`; warp w alone owns
        // row w and lane < n is the calling thread's own member (module docs).
        unsafe { Share::new(self.ptr, self.len, start, cols, w, lane, n) }
    }
}

impl<T: Elem + Vector> DisjointSlice<T, layout::WarpRows<layout::Vec4>> {
    /// The number of columns (elements) in a row, bound from the launch's parameters.
    #[inline(always)]
    pub fn cols(&self) -> usize {
        self.shape[0]
    }

    /// For one warp per row, 16 bytes at a time: lane `l` of warp `w` writes chunks `l, l +
    /// n, …` of row `w` (chunk `c` is columns `c·LANES .. c·LANES + LANES`, the row's last
    /// one cut at its end). Any launch shape; `None` as for [`WarpRows`](layout::WarpRows).
    #[inline(always)]
    pub fn warp_row(&mut self, i: ThreadIndex) -> Option<WarpRowChunks<'_, T>> {
        let _ = i;
        let (w, lane, n) = warp_of()?;
        let cols = self.shape[0];
        let start = warp_row_of(w, cols, self.len)?;
        // SAFETY: as for `WarpRows`, with lanes numbering chunks.
        unsafe { ChunkShare::new(self.ptr, self.len, start, cols, w, lane, n) }
    }
}

impl<T: Elem> DisjointSlice<T, layout::GridStride> {
    /// Grid-stride ownership: thread `i` of a launch of `N` threads writes elements `i, i +
    /// N, i + 2N, …` of the whole buffer, so a launch of any size covers it (and a kernel
    /// can choose its grid for the GPU, not for the data). Any launch shape.
    #[inline(always)]
    pub fn grid_stride(&mut self, i: ThreadIndex) -> Option<GridStrided<'_, T>> {
        let (m, n) = grid_member(i)?;
        // SAFETY: the buffer is this output's, borrowed by `&mut self`, one run for the
        // grid; `i` is unique to the calling thread and below N (checked).
        unsafe { Share::<T, ByGrid>::new(self.ptr, self.len, 0, self.len, 0, m, n) }
    }
}

impl<T: Elem + Vector> DisjointSlice<T, layout::GridStride<layout::Vec4>> {
    /// Grid-stride ownership, 16 bytes at a time: thread `i` of `N` writes chunks `i, i + N,
    /// …` (chunk `c` is elements `c·LANES .. c·LANES + LANES`, the buffer's last one cut at
    /// its end). Any launch shape.
    #[inline(always)]
    pub fn grid_stride(&mut self, i: ThreadIndex) -> Option<GridStridedChunks<'_, T>> {
        let (m, n) = grid_member(i)?;
        // SAFETY: as for `GridStride`, with `i` numbering chunks.
        unsafe { ChunkShare::<T, ByGrid>::new(self.ptr, self.len, 0, self.len, 0, m, n) }
    }
}

impl<T: Elem> DisjointSlice<T, layout::OnePerBlock> {
    /// Element `b` for the first thread (`threadIdx = (0, 0, 0)`) of block `b` (numbered
    /// over the grid, see the [module](self)); `None` for the block's other threads and
    /// past the buffer's end. One value per block, such as a row's mean under `BlockRows`,
    /// with no atomics: `if let Some(m) = mean.block_value(i) { *m = mu; }`.
    #[inline(always)]
    pub fn block_value(&mut self, i: ThreadIndex) -> Option<&mut T> {
        let _ = i;
        if block_thread_linear() != 0 {
            return None;
        }
        let b = block_linear();
        if b >= self.len {
            return None;
        }
        // SAFETY: b < len; blocks have distinct numbers and one first thread each;
        // `&mut self` keeps one reference.
        Some(unsafe { elem_mut(self.ptr, b) })
    }
}

impl<T: Elem> DisjointSlice<T, layout::OnePerWarp> {
    /// Element `w` for lane 0 of warp `w` (numbered over the grid, see the
    /// [module](self)); `None` for the warp's other lanes and past the buffer's end. One
    /// value per warp, such as a row's mean under `WarpRows`.
    #[inline(always)]
    pub fn warp_value(&mut self, i: ThreadIndex) -> Option<&mut T> {
        let _ = i;
        let (w, lane, _) = warp_of()?;
        if lane != 0 || w >= self.len {
            return None;
        }
        // SAFETY: w < len; warps have distinct numbers and one lane 0 each; `&mut self`
        // keeps one reference.
        Some(unsafe { elem_mut(self.ptr, w) })
    }
}

impl<T: Elem> DisjointSlice<T, layout::Linear> {
    /// Does not compile; see `get_mut_2d` on an element-wise output (`BlockRows` = (cols)).
    #[doc(hidden)]
    pub fn block_row(&mut self, _i: ThreadIndex, _cols: impl layout::ShapePerCall) -> Option<BlockRow<'_, T>> {
        None
    }

    /// Does not compile; see `get_mut_2d` on an element-wise output (`WarpRows` = (cols)).
    #[doc(hidden)]
    pub fn warp_row(&mut self, _i: ThreadIndex, _cols: impl layout::ShapePerCall) -> Option<WarpRow<'_, T>> {
        None
    }
}
