//! Outputs: `DisjointSlice<T, L>` and the element each thread may reach under its layout.
//!
//! (moved out of lib.rs as it was; documented in the next commit)

use crate::param::Elem;
use crate::thread::{grid, ThreadIndex, ThreadIndex2, ThreadIndex3};
use crate::{cache, layout};

/// `&mut *ptr.add(i)`, for element `i` of an output buffer from the launch.
///
/// # Safety
/// `ptr.add(i)` must be an element of that buffer, which the caller may borrow
/// mutably for `'a`.
#[inline(always)]
pub(crate) unsafe fn elem_mut<'a, T>(ptr: *mut T, i: usize) -> &'a mut T {
    // SAFETY: the buffer holds element i, so it is not empty, and the host passes a
    // real device pointer for every non-empty buffer: never null. Saying so lets
    // `Some(&mut _)` skip a null test. The rest is the caller's contract.
    unsafe {
        core::hint::assert_unchecked(!ptr.is_null());
        &mut *ptr.add(i)
    }
}

/// An output buffer: each thread may read and write only the elements that its
/// own index witness names under the buffer's layout `L` (see [`layout`]).
///
/// The layout is part of the parameter's type (`&mut DisjointSlice<f32>` is
/// element-wise, `&mut DisjointSlice<f32, Rows>` a row-major matrix, …) and its shape
/// is bound once from scalar parameters of the launch (`= (width)` after the type in
/// `kernel!`), so every thread maps threads to elements the same way, and in one way.
pub struct DisjointSlice<T, L: layout::Layout = layout::Linear> {
    pub(crate) ptr: *mut T,
    pub(crate) len: usize,
    pub(crate) shape: [usize; 2], // the layout's shape, bound by the entry shim; unused by Linear and Vec4
    pub(crate) _layout: core::marker::PhantomData<L>,
}

impl<T: Elem, L: layout::Layout> DisjointSlice<T, L> {
    /// Number of elements.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when the buffer has no elements.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline(always)]
    pub(crate) fn as_mut_ptr(&mut self) -> *mut T {
        self.ptr
    }

    #[inline(always)]
    fn slot(&mut self, i: usize) -> Option<&mut T> {
        if i < self.len {
            // SAFETY: `i` is in bounds; the host checked that the buffer is
            // device memory of `len` elements aliasing no other argument, and
            // `i` came from a thread-unique witness under the buffer's one layout,
            // so no other thread of this launch can reach this element. The
            // `&mut self` borrow keeps the calling thread from holding two
            // references to it.
            Some(unsafe { elem_mut(self.ptr, i) })
        } else {
            None
        }
    }
}

impl<T: Elem> DisjointSlice<T, layout::Linear> {
    /// The calling thread's element, or `None` past the end.
    #[inline(always)]
    pub fn get_mut(&mut self, i: ThreadIndex) -> Option<&mut T> {
        self.slot(i.0)
    }

    /// [`set`](Self::set) with the streaming hint (`st.cs`, CUDA's `__stcs`); see [`cache`].
    #[inline(always)]
    pub fn set_streaming(&mut self, i: ThreadIndex, value: T) -> bool
    where
        T: cache::Hinted,
    {
        match self.get_mut(i) {
            Some(slot) => {
                cache::store_streaming(slot, value);
                true
            }
            None => false,
        }
    }

    /// Writes `value` to the calling thread's element; false past the end.
    #[inline(always)]
    pub fn set(&mut self, i: ThreadIndex, value: T) -> bool {
        match self.get_mut(i) {
            Some(slot) => {
                *slot = value;
                true
            }
            None => false,
        }
    }

    /// Does not compile: an element-wise output has no row width. Declare the output
    /// `&mut DisjointSlice<T, Rows> = (width)` and call `get_mut_2d(ij)`; rustc says so.
    #[doc(hidden)]
    pub fn get_mut_2d(&mut self, _ij: ThreadIndex2, _width: impl layout::ShapePerCall) -> Option<&mut T> {
        None
    }

    /// Does not compile; see `get_mut_2d` above (`Volume` = (width, height)).
    #[doc(hidden)]
    pub fn get_mut_3d(
        &mut self,
        _ijk: ThreadIndex3,
        _width: impl layout::ShapePerCall,
        _height: impl layout::ShapePerCall,
    ) -> Option<&mut T> {
        None
    }

    /// Does not compile; see `get_mut_2d` above (`BlockRows` = (cols)).
    #[doc(hidden)]
    pub fn block_row(&mut self, _i: ThreadIndex, _cols: impl layout::ShapePerCall) -> Option<BlockRow<'_, T>> {
        None
    }

    /// Does not compile; see `get_mut_2d` above (`RegisterTiles<TM, TN>` = (width)).
    #[doc(hidden)]
    pub fn register_tile<const TM: usize, const TN: usize>(
        &mut self,
        _ij: ThreadIndex2,
        _width: impl layout::ShapePerCall,
    ) -> Option<RegisterTile<'_, T, TM, TN>> {
        None
    }

    /// Does not compile; see `get_mut_2d` above (`TransposedTiles<TILE, ROWS>` = (cols, rows)).
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

impl<T: Elem> DisjointSlice<T, layout::Rows> {
    /// The number of columns, bound from the launch's parameters.
    #[inline(always)]
    pub fn width(&self) -> usize {
        self.shape[0]
    }

    /// Element `(x, y)` of the row-major matrix of `width` columns (the output's
    /// shape), if `x < width` and it lies inside the buffer.
    #[inline(always)]
    pub fn get_mut_2d(&mut self, i: ThreadIndex2) -> Option<&mut T> {
        let width = self.shape[0];
        if i.x >= width {
            return None;
        }
        match i.y.checked_mul(width).and_then(|r| r.checked_add(i.x)) {
            Some(k) => self.slot(k),
            None => None,
        }
    }
}

impl<T: Elem> DisjointSlice<T, layout::Volume> {
    /// Element `(x, y, z)` of the row-major volume of `width × height` planes (the
    /// output's shape), if `x < width`, `y < height` and it lies inside the buffer.
    #[inline(always)]
    pub fn get_mut_3d(&mut self, i: ThreadIndex3) -> Option<&mut T> {
        let [width, height] = self.shape;
        if i.x >= width || i.y >= height {
            return None;
        }
        let plane = width.checked_mul(height);
        match plane
            .and_then(|p| i.z.checked_mul(p))
            .and_then(|k| k.checked_add(i.y * width + i.x))
        {
            Some(k) => self.slot(k),
            None => None,
        }
    }
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
    /// = blockDim.z = gridDim.y = gridDim.z = 1`, checked; otherwise `None`).
    #[inline(always)]
    pub fn block_row(&mut self, i: ThreadIndex) -> Option<BlockRow<'_, T>> {
        let _ = i;
        let cols = self.shape[0];
        let (d, t, b, g) = (grid::block_dim(), grid::thread_idx(), grid::block_idx(), grid::grid_dim());
        if d.y != 1 || d.z != 1 || g.y != 1 || g.z != 1 {
            return None;
        }
        let (tx, stride) = (t.x as usize, d.x as usize);
        let start = (b.x as usize).checked_mul(cols)?;
        start.checked_add(cols)?;
        let limit = cols.saturating_sub(tx);
        Some(BlockRow { ptr: self.ptr, len: self.len, start, cols, base: start + tx, stride, limit, _out: core::marker::PhantomData })
    }
}

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


/// The elements one thread writes of its block's row; see [`DisjointSlice::block_row`].
pub struct BlockRow<'a, T> {
    ptr: *mut T,
    len: usize,
    start: usize, // the row's first element
    cols: usize,
    base: usize, // start + tx
    stride: usize,
    limit: usize,
    _out: core::marker::PhantomData<&'a mut DisjointSlice<T>>,
}

impl<'a, T: Elem> BlockRow<'a, T> {
    /// Column `tx + k·blockDim.x` of the block's row, or `None` past the row or the buffer.
    #[inline(always)]
    pub fn get_mut(&mut self, k: usize) -> Option<&mut T> {
        let offset = k.checked_mul(self.stride)?;
        if offset >= self.limit {
            return None;
        }
        let i = self.base + offset; // < row start + cols: no overflow (checked in block_row)
        if i >= self.len {
            return None;
        }
        // SAFETY: in bounds; (block, thread, k) triples map to distinct elements (see
        // `DisjointSlice::block_row`), and `&mut self` keeps one reference.
        Some(unsafe { elem_mut(self.ptr, i) })
    }

    /// The columns this thread writes: `tx, tx + blockDim.x, …` below the row's length.
    #[inline(always)]
    pub fn columns(&self) -> core::iter::StepBy<core::ops::Range<usize>> {
        let tx = crate::grid::thread_idx().x as usize;
        (tx..tx + self.limit).step_by(self.stride.max(1))
    }

    /// Every element this thread writes, with its column: `(tx, &mut row[tx])`,
    /// `(tx + blockDim.x, …)`, … below the row's length and the buffer's end. Each
    /// column is below `cols`, so it also indexes a `cols`-long input row with no
    /// further check; the bounds are checked once here, not per element.
    #[inline(always)]
    pub fn iter_mut(self) -> BlockRowIter<'a, T> {
        // Columns below `end` are inside the row and inside the buffer.
        let end = self.cols.min(self.len.saturating_sub(self.start));
        let row = self.ptr.wrapping_add(self.start);
        BlockRowIter { row, col: self.base - self.start, end, stride: self.stride, _out: core::marker::PhantomData }
    }
}

/// The elements one thread writes of its block's row, with their columns; see
/// [`BlockRow::iter_mut`].
pub struct BlockRowIter<'a, T> {
    row: *mut T, // the row's first element (used only below `end`)
    col: usize,
    end: usize,
    stride: usize,
    _out: core::marker::PhantomData<&'a mut DisjointSlice<T>>,
}

impl<'a, T: Elem> Iterator for BlockRowIter<'a, T> {
    type Item = (usize, &'a mut T);

    #[inline(always)]
    fn next(&mut self) -> Option<(usize, &'a mut T)> {
        let j = self.col;
        if j >= self.end {
            return None;
        }
        // No overflow: j < end <= the buffer's length <= isize::MAX, stride < 2^32.
        self.col = j + self.stride;
        // SAFETY: `row + j` is inside the buffer (j < end <= len - start); this thread's
        // columns tx + k·blockDim.x are distinct from every other thread's (see
        // `DisjointSlice::block_row`), and `col` only grows (stride >= 1), so each
        // element is handed out once.
        Some((j, unsafe { elem_mut(self.row, j) }))
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

