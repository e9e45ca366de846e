//! Rows held in registers: one block per row of a row-major matrix, the row read
//! from memory once.
//!
//! [`RegRow::load`] gives thread `tx` of block `b` columns `tx, tx + blockDim.x,
//! tx + 2·blockDim.x, …` (at most `N` of them) of row `b`, in registers: the layout
//! of [`DisjointSlice::block_row`](crate::DisjointSlice::block_row), so consecutive threads read consecutive
//! elements (coalesced) and [`RegRow::store`] writes each value back to the same
//! column of an output row through that API's one-writer-per-element mapping. In
//! between, [`RegRow::map`] transforms the values and [`RegRow::fold`] reduces
//! this thread's share, for a block-wide reduction (`block::max_f32`, `block::sum_f32`).
//! A softmax then reads its input once instead of three times:
//!
//! ```ignore
//! let Some(row) = RegRow::<f32, 16>::load(x, cols) else { return };
//! let m = block::max_f32(row.fold(f32::NEG_INFINITY, f32::max));
//! let e = row.map(|v| (v - m).exp());
//! let r = 1.0 / block::sum_f32(e.fold(0.0, |a, v| a + v));
//! if let Some(dst) = out.block_row(i) { // out: &mut DisjointSlice<f32, BlockRows> = (cols)
//!     e.map(|v| v * r).store(dst);
//! }
//! ```
//!
//! Safety: reading is always safe (`x` is a shared slice, every access bounds
//! checked); what is written, where, is decided by `BlockRow` alone, whose row
//! length is bound to the output at launch (a `BlockRows` layout), so no two threads
//! write one element.
//! `load` returns `None` for the whole block (never for some of its threads) when
//! the row lies past the end of `x` or has more than `N · blockDim.x` columns, so a
//! kernel may return, or take a longer path, before its barriers.

use crate::grid::{block_dim, block_idx, thread_idx};
use crate::{BlockRow, Elem, UniformLen};

/// `N` values of one block's row that the calling thread holds: columns
/// `tx + k·blockDim.x` for `k < N`; see the [module docs](self).
#[derive(Clone, Copy, Debug)]
pub struct RegRow<T, const N: usize> {
    v: [T; N],
    n: usize, // values inside the row: k < n <= N
    cols: usize,
}

impl<T: Elem + Default, const N: usize> RegRow<T, N> {
    /// Reads row `blockIdx.x` of `x`, a row-major matrix of `cols` columns: element
    /// `k` of the calling thread is column `threadIdx.x + k·blockDim.x`, or
    /// `T::default()` past the row's end (never read by `fold`, never written by
    /// `store`). `None` when the row is not inside `x` or `cols > N · blockDim.x`;
    /// both depend on the block alone.
    #[inline(always)]
    pub fn load(x: &[T], cols: impl UniformLen) -> Option<Self> {
        let cols = cols.to_len();
        let (tx, stride) = (thread_idx().x as usize, block_dim().x as usize);
        if cols > N.checked_mul(stride)? {
            return None;
        }
        let start = (block_idx().x as usize).checked_mul(cols)?;
        let row = x.get(start..start.checked_add(cols)?)?;
        // This thread's columns inside the row: tx + k·stride < cols for k < n.
        let n = if tx < cols { (cols - tx - 1) / stride + 1 } else { 0 };
        let mine = row.get(tx..).unwrap_or(&[]);
        let mut v = [T::default(); N];
        let mut k = 0;
        while k < N {
            if k < n {
                // SAFETY: k < n, so tx + k·stride < cols: inside `row`, `mine` starts at tx.
                v[k] = unsafe { *mine.get_unchecked(k * stride) };
            }
            k += 1;
        }
        Some(RegRow { v, n, cols })
    }
}

impl<T: Elem, const N: usize> RegRow<T, N> {
    /// `f` applied to every value this thread holds (cheap on padding: it is never
    /// read back).
    #[inline(always)]
    pub fn map(self, f: impl Fn(T) -> T) -> Self {
        let mut v = self.v;
        let mut k = 0;
        while k < N {
            v[k] = f(v[k]);
            k += 1;
        }
        RegRow { v, ..self }
    }

    /// `f` folded over this thread's values inside the row, from `init`: the
    /// thread's share of a row reduction (combine the shares with `block::*`).
    #[inline(always)]
    pub fn fold<A>(&self, init: A, f: impl Fn(A, T) -> A) -> A {
        let mut acc = init;
        let mut k = 0;
        while k < N {
            if k < self.n {
                acc = f(acc, self.v[k]);
            }
            k += 1;
        }
        acc
    }

    /// The value of column `tx + k·blockDim.x`, or `None` past the row or `N`.
    #[inline(always)]
    pub fn get(&self, k: usize) -> Option<T> {
        if k < self.n { Some(self.v[k]) } else { None }
    }

    /// Columns in the row (`cols` of `load`).
    #[inline(always)]
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Writes each value to its column of `dst`, the calling thread's share of an
    /// output row (from [`DisjointSlice::block_row`](crate::DisjointSlice::block_row),
    /// whose columns are this row's: `tx + k·blockDim.x`). Returns how many were
    /// written: fewer where the output row is shorter than this one or passes the
    /// buffer's end.
    #[inline(always)]
    pub fn store(&self, dst: BlockRow<'_, T>) -> usize {
        // The iterator yields columns tx, tx + blockDim.x, …: value k's column, in order.
        let mut it = dst.iter_mut();
        let mut written = 0;
        let mut k = 0;
        while k < N {
            if k < self.n {
                if let Some((_, o)) = it.next() {
                    *o = self.v[k];
                    written += 1;
                }
            }
            k += 1;
        }
        written
    }
}
