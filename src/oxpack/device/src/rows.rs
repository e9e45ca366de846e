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
//! [`RegChunks`] does the same 16 bytes at a time for any row layout in 16-byte chunks
//! (`BlockRows<Vec4>`, `WarpRows<Vec4>`, `GridStride<Vec4>`): it holds the calling
//! thread's chunks of an input row, in the order and at the columns that the output's
//! share ([`ChunkShare`]) writes them, so one row read feeds a reduction and the write:
//!
//! ```ignore
//! let Some(row) = out.warp_row(i) else { return };   // out: WarpRows<Vec4> = (len(w))
//! let Some(x) = RegChunks::<f32, _, 8>::load(&row, &x[row.range()]) else { return };
//! let mean = warp_sum(x.fold(0.0, |a, v| a + v)) / row.cols() as f32;
//! x.map(|v| v - mean).store(row);
//! ```
//!
//! Safety: reading is always safe (`x` is a shared slice, every access bounds
//! checked); what is written, where, is decided by `BlockRow` alone, whose row
//! length is bound to the output at launch (a `BlockRows` layout), so no two threads
//! write one element.
//! `load` returns `None` for the whole block (never for some of its threads) when
//! the row lies past the end of `x` or has more than `N · blockDim.x` columns, so a
//! kernel may return, or take a longer path, before its barriers.

use core::marker::PhantomData;

use crate::grid::{block_dim, block_idx, thread_idx};
use crate::share::{leading_below, ChunkShare, Group};
use crate::unroll::each;
use crate::cache::Hint;
use crate::vec::{aligned, load4, Vector};
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

/// Up to `N` 16-byte chunks of a row that the calling thread holds in registers: its
/// chunks `m + k·n` (`k < N`) of a [`ChunkShare`] of group `G`, read from an input row;
/// see the [module docs](self).
///
/// The chunks held are counted once, at `load`: `n` of them lie in the row and the first
/// `full` of those are whole (all `LANES` lanes inside it; only a row's last chunk, or
/// chunks past the end of a shorter input, are not). `fold`, `map_chunks` and `store` test
/// each chunk `k` against these two counts (32-bit, `k` a constant in the unrolled code)
/// and do per-lane work only for the chunk that is cut, so the common path of a row whose
/// length is a multiple of `LANES` is a straight run of 16-byte loads, arithmetic and
/// 16-byte stores, as in hand-written CUDA.
#[derive(Clone, Copy)]
pub struct RegChunks<T: Vector, G: Group, const N: usize> {
    v: [T::V; N],
    n: u32,        // chunks held: k < n <= N
    full: u32,     // chunks held that are whole inside the row: k < full <= n
    member: usize, // chunk k is chunk member + k·stride of the row
    stride: usize,
    len: usize,    // elements of the row; lanes at or past it are padding (zero), never folded
    _group: PhantomData<G>,
}

impl<T: Elem + Vector, G: Group, const N: usize> RegChunks<T, G, N> {
    /// Reads the calling thread's chunks of `row` by `share`'s numbering: chunk `k` is
    /// chunk `m + k·n` of `row` (columns `(m + k·n)·LANES ..`), one 16-byte load each when
    /// `row` starts 16-byte aligned. `row` is an input row with the output's columns:
    /// `&x[share.range()]` for a matrix of the output's shape, or a vector of `cols`
    /// weights. Lanes past `row`'s end or the share's row read as zero and are not folded.
    /// `None` when the row has more than `N · n` chunks: the same in every thread of the
    /// group, so the group may take another path as a whole.
    #[inline(always)]
    pub fn load(share: &ChunkShare<'_, T, G>, row: &[T]) -> Option<Self> {
        let (member, stride) = (share.member(), share.stride());
        let chunks = share.chunk_count();
        if chunks > N.checked_mul(stride)? {
            return None;
        }
        // This thread's chunks inside the row: member + k·stride < chunks for k < n.
        let n = leading_below::<N>(member, stride, N, chunks);
        let len = row.len().min(share.run_len());
        // Chunks c < len / LANES are whole inside `len` (so inside `row`); `full` of ours are.
        let full = leading_below::<N>(member, stride, n, len / T::LANES);
        let (n32, full32) = (n as u32, full as u32); // both <= N, a small constant
        let mut v = [T::V::default(); N];
        let p = row.as_ptr();
        if aligned(p) {
            each!(N, k => {
                if (k as u32) < full32 {
                    // SAFETY: k < full, so c = member + k·stride < len / LANES (see
                    // `leading_below`; no overflow: c is below len): elements c·LANES ..
                    // c·LANES + LANES lie inside `row`. `row` starts 16-byte aligned and
                    // c·LANES elements are c·16 bytes, so the vector is aligned; `T::V` is
                    // `repr(C)` over `[T; LANES]`, any bits valid.
                    v[k] = unsafe { *(p.add((member + k * stride) * T::LANES) as *const T::V) };
                } else if (k as u32) < n32 {
                    v[k] = load4(row, member + k * stride).unwrap_or_default();
                }
            });
        } else {
            each!(N, k => {
                if (k as u32) < n32 {
                    v[k] = load4(row, member + k * stride).unwrap_or_default();
                }
            });
        }
        Some(RegChunks { v, n: n32, full: full32, member, stride, len, _group: PhantomData })
    }

    /// How many chunks this thread holds.
    #[inline(always)]
    pub fn held(&self) -> usize {
        self.n as usize
    }

    /// The `k`-th chunk this thread holds (the row's chunk `m + k·n`), or `None` past them.
    #[inline(always)]
    pub fn get(&self, k: usize) -> Option<T::V> {
        if k < self.n as usize { Some(self.v[k]) } else { None }
    }

    /// `f` folded over the elements this thread holds inside the row, from `init`: the
    /// thread's share of a row reduction (combine the shares with `warp_sum`, `block::*`).
    #[inline(always)]
    pub fn fold<A>(&self, init: A, f: impl Fn(A, T) -> A) -> A {
        let mut acc = init;
        each!(N, k => {
            if (k as u32) < self.full {
                // A whole chunk: every lane is inside the row.
                let mut l = 0;
                while l < T::LANES {
                    acc = f(acc, T::lane(&self.v[k], l));
                    l += 1;
                }
            } else if (k as u32) < self.n {
                let first = (self.member + k * self.stride) * T::LANES;
                let mut l = 0;
                while l < T::LANES {
                    if first + l < self.len {
                        acc = f(acc, T::lane(&self.v[k], l));
                    }
                    l += 1;
                }
            }
        });
        acc
    }

    /// `f` applied to every element held (cheap on padding: it is never folded, and a
    /// store drops lanes past the row).
    #[inline(always)]
    pub fn map(self, f: impl Fn(T) -> T) -> Self {
        let mut v = self.v;
        each!(N, k => {
            let mut l = 0;
            while l < T::LANES {
                let e = f(T::lane(&v[k], l));
                T::set_lane(&mut v[k], l, e);
                l += 1;
            }
        });
        RegChunks { v, ..self }
    }

    /// `f(c, chunk)` for every chunk held, `c` its number in the row (columns `c·LANES ..`):
    /// to combine it with the same chunk of another row, e.g. `load4(weight, c)`.
    #[inline(always)]
    pub fn map_chunks(self, f: impl Fn(usize, T::V) -> T::V) -> Self {
        let mut v = self.v;
        each!(N, k => {
            if (k as u32) < self.n {
                v[k] = f(self.member + k * self.stride, v[k]);
            }
        });
        RegChunks { v, ..self }
    }

    /// Writes each chunk held to the same chunk of `dst`, the calling thread's share of an
    /// output row under the same group (the chunks `m + k·n` that `load` read). Returns how
    /// many chunks were written: fewer where the output row is shorter or passes the
    /// buffer's end, none if `dst` numbers chunks otherwise than the share it was loaded by.
    #[inline(always)]
    pub fn store(&self, dst: ChunkShare<'_, T, G>) -> usize {
        self.store_hinted(dst, None)
    }

    /// [`store`](Self::store) with the streaming hint (`st.cs`, CUDA's `__stcs`) on the
    /// 16-byte stores: for an output not read again soon (see [`cache`](crate::cache)).
    #[inline(always)]
    pub fn store_streaming(&self, dst: ChunkShare<'_, T, G>) -> usize {
        self.store_hinted(dst, Some(Hint::Streaming))
    }

    #[inline(always)]
    fn store_hinted(&self, dst: ChunkShare<'_, T, G>, hint: Option<Hint>) -> usize {
        if dst.member() != self.member || dst.stride() != self.stride {
            return 0;
        }
        dst.store_held(&self.v, self.n as usize, hint)
    }
}
