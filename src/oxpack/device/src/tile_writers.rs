//! Tiled layouts: a tiled transpose's output, and register blocking.
//!
//! [`TransposedTiles<TILE, ROWS>`](crate::layout::TransposedTiles) gives block (bx, by)
//! of a 2-D launch the output tile (by, bx) of a transpose, each thread `TILE / ROWS`
//! elements of one column of it ([`DisjointSlice::transposed_tile`]).
//! [`RegisterTiles<TM, TN>`](crate::layout::RegisterTiles) gives thread (x, y) the `TM × TN`
//! block at row `y·TM`, column `x·TN` ([`DisjointSlice::register_tile`]), as a GEMM's
//! register blocking.
//!
//! # Safety
//! Each accessor returns a writer only when its mapping is one-to-one for the launch as it
//! is (the block shape the tile needs, a 2-D grid, shapes that fit in `u32` where the
//! writer computes in `u32`), and each writer's `get_mut`/`write_row` checks the element
//! against the output's shape and the buffer's end. The per-writer comments give the
//! argument; `&mut self` keeps a thread to one reference at a time.

use crate::disjoint::{elem_mut, DisjointSlice};
use crate::elem::Elem;
use crate::thread::{grid, ThreadIndex2};
use crate::layout;

impl<T: Elem, const TILE: usize, const ROWS: usize> DisjointSlice<T, layout::TransposedTiles<TILE, ROWS>> {
    /// For a tiled transpose: the elements that thread (`tx`, `ty`) of block (`bx`,
    /// `by`) writes, row `bx·TILE + ty + k·ROWS` and column `by·TILE + tx` of the
    /// row-major output of `rows` rows of `cols` columns (the output's shape), for k
    /// in `0 .. TILE / ROWS`. Block (bx, by) covers input tile (bx, by) and writes
    /// output tile (by, bx), so every element has one writer; `ij` proves a 2-D launch.
    ///
    /// `None` unless the block is `TILE × ROWS` threads and the grid 2-D (z is 1), `TILE %
    /// ROWS == 0`, `cols` and `rows` fit in `u32`, `cols · rows` fits in the buffer and the
    /// block's tile rows and columns fit in `u32`. All of these are the same for every
    /// thread of a block, so a block may return as a whole on `None` (no thread skips a
    /// barrier that another waits at); once checked, the block shape also bounds
    /// `threadIdx`, which lets shared-tile accesses go unchecked. Each element then
    /// costs two 32-bit compares and one multiply-add, as in CUDA C++.
    #[inline(always)]
    pub fn transposed_tile(&mut self, ij: ThreadIndex2) -> Option<TransposedTile<'_, T, TILE, ROWS>> {
        let _ = ij;
        let [cols, rows] = self.shape;
        if cols > u32::MAX as usize || rows > u32::MAX as usize {
            return None;
        }
        let (cols, rows) = (cols as u32, rows as u32);
        // The mapping below ignores blockIdx.z, so the grid must be 2-D: `ij` may come
        // from `index_2d()` in a 3-D launch, where blocks that differ in z alone would
        // otherwise write the same elements.
        let (d, t, b, g) = (grid::block_dim(), grid::thread_idx(), grid::block_idx(), grid::grid_dim());
        if ROWS == 0 || TILE % ROWS != 0 || TILE > u32::MAX as usize {
            return None;
        }
        if d.x as usize != TILE || d.y as usize != ROWS || d.z != 1 || g.z != 1 {
            return None; // then threadIdx.z = 0 and blockIdx.z = 0
        }
        if cols as usize * rows as usize > self.len {
            return None; // u32 × u32: no overflow in usize
        }
        // The tile's last row and column, bx·TILE + TILE − 1 (by), must fit in u32.
        let last = |blk: u32| blk as usize * TILE + (TILE - 1) <= u32::MAX as usize;
        if !last(b.x) || !last(b.y) {
            return None;
        }
        let tile = TILE as u32;
        Some(TransposedTile {
            ptr: self.ptr,
            cols,
            rows,
            row: b.x * tile + t.y, // no overflow: checked above, t.y < ROWS <= TILE
            col: b.y * tile + t.x, // likewise, t.x < TILE
            _out: core::marker::PhantomData,
        })
    }
}

impl<T: Elem, const TM: usize, const TN: usize> DisjointSlice<T, layout::RegisterTiles<TM, TN>> {
    /// Register blocking: the `TM × TN` block of the row-major matrix of `width`
    /// columns (the output's shape) that thread (x, y) owns, rows `y·TM .. y·TM + TM`
    /// and columns `x·TN .. x·TN + TN` (cut at `width`). `ij` is unique over the launch
    /// and `width` is bound once from the launch, so no two threads own one element. A
    /// thread whose block starts past `width` or past the buffer gets `None`.
    #[inline(always)]
    pub fn register_tile(&mut self, ij: ThreadIndex2) -> Option<RegisterTile<'_, T, TM, TN>> {
        let width = self.shape[0];
        let row = ij.y.checked_mul(TM)?;
        let col = ij.x.checked_mul(TN)?;
        if col >= width {
            return None;
        }
        let cols = (width - col).min(TN);
        let base = row.checked_mul(width)?.checked_add(col)?;
        // The last element of the last row cannot overflow; later indexing adds no checks.
        base.checked_add(TM.checked_mul(width)?)?;
        if base >= self.len {
            return None;
        }
        Some(RegisterTile { ptr: self.ptr, len: self.len, base, width, cols, _out: core::marker::PhantomData })
    }
}


/// The elements one thread writes in a tiled transpose; see
/// [`DisjointSlice::transposed_tile`].
pub struct TransposedTile<'a, T, const TILE: usize, const ROWS: usize> {
    ptr: *mut T,
    cols: u32,
    rows: u32,
    row: u32, // of step 0
    col: u32,
    _out: core::marker::PhantomData<&'a mut DisjointSlice<T>>,
}

impl<T: Elem, const TILE: usize, const ROWS: usize> TransposedTile<'_, T, TILE, ROWS> {
    /// The element of step `k` (`k < TILE / ROWS`), or `None` outside the output.
    #[inline(always)]
    pub fn get_mut(&mut self, k: usize) -> Option<&mut T> {
        if k >= TILE / ROWS {
            return None;
        }
        // ≤ bx·TILE + TILE − 1, which fits in u32 (checked in `transposed_tile`).
        let row = self.row + k as u32 * ROWS as u32;
        if self.col >= self.cols || row >= self.rows {
            return None;
        }
        let i = row as usize * self.cols as usize + self.col as usize; // < rows · cols ≤ len
        // SAFETY: in bounds (above); (block, thread, k) map to distinct (row, col),
        // since col < TILE·(by+1), row < TILE·(bx+1) without wrapping and the block is
        // TILE × ROWS (see `DisjointSlice::transposed_tile`), hence to distinct
        // elements, as col < cols; `&mut self` keeps one reference.
        Some(unsafe { elem_mut(self.ptr, i) })
    }
}

/// The `TM × TN` block of outputs that one thread owns; see
/// [`DisjointSlice::register_tile`].
pub struct RegisterTile<'a, T, const TM: usize, const TN: usize> {
    ptr: *mut T,
    len: usize,
    base: usize,
    width: usize,
    cols: usize,
    _out: core::marker::PhantomData<&'a mut DisjointSlice<T>>,
}

impl<T: Elem, const TM: usize, const TN: usize> RegisterTile<'_, T, TM, TN> {
    /// Writes row `i` (`i < TM`) of the block: `values[j]` to column `x·TN + j`, for
    /// the columns below the matrix's width. A whole row inside the buffer is one
    /// store of `TN` elements (which the compiler splits into scalar stores: the row's
    /// alignment is not known). False when `i >= TM` or the row passes the end of the
    /// buffer.
    #[inline(always)]
    pub fn write_row(&mut self, i: usize, values: [T; TN]) -> bool {
        if i >= TM {
            return false;
        }
        let start = self.base + i * self.width; // no overflow: checked in `register_tile`
        if self.cols == TN && start + TN <= self.len {
            // SAFETY: in bounds; thread (x, y) alone owns these TN elements (see
            // `register_tile`), and `&mut self` keeps the thread to one reference.
            unsafe { (self.ptr.add(start) as *mut [T; TN]).write(values) };
            return true;
        }
        if start + self.cols > self.len {
            return false;
        }
        for (j, v) in values.iter().enumerate().take(self.cols) {
            // SAFETY: as above, for the first `cols` elements of the row.
            unsafe { self.ptr.add(start + j).write(*v) };
        }
        true
    }
}

impl<T: Elem> DisjointSlice<T, layout::Linear> {
    /// Does not compile; see `get_mut_2d` on an element-wise output (`RegisterTiles<TM, TN>` = (width)).
    #[doc(hidden)]
    pub fn register_tile<const TM: usize, const TN: usize>(
        &mut self,
        _ij: ThreadIndex2,
        _width: impl layout::ShapePerCall,
    ) -> Option<RegisterTile<'_, T, TM, TN>> {
        None
    }

    /// Does not compile; see `get_mut_2d` on an element-wise output (`TransposedTiles<TILE, ROWS>` = (cols, rows)).
    #[doc(hidden)]
    pub fn transposed_tile<const TILE: usize, const ROWS: usize>(
        &mut self,
        _ij: ThreadIndex2,
        _cols: impl layout::ShapePerCall,
        _rows: impl layout::ShapePerCall,
    ) -> Option<TransposedTile<'_, T, TILE, ROWS>> {
        None
    }
}
