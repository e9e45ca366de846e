//! Cooperative layouts: a row per block.
//!
//! (moved out of disjoint.rs as it was; documented with the new layouts)

use crate::disjoint::{elem_mut, DisjointSlice};
use crate::elem::Elem;
use crate::thread::{grid, ThreadIndex};
use crate::layout;

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

impl<T: Elem> DisjointSlice<T, layout::Linear> {
    /// Does not compile; see `get_mut_2d` on an element-wise output (`BlockRows` = (cols)).
    #[doc(hidden)]
    pub fn block_row(&mut self, _i: ThreadIndex, _cols: impl layout::ShapePerCall) -> Option<BlockRow<'_, T>> {
        None
    }
}
