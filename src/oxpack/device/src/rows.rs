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
use crate::strided::{leading_below, ChunkShare, Group};
use crate::unroll::each;
use crate::cache::{self, Hint};
use crate::vec::{aligned, load4, load4_streaming, Vector};
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

// The reads `RegChunks::map_with` and `map_with_store` share, as macros rather than functions: the
// code is then the same as written in place (a function, even inlined, changed ptxas's register
// count for `layernorm`, and a device change is only taken with a GPU run).

/// How many of the chunks held (`$s: &RegChunks`) are whole chunks of every one of `$rows` that
/// a plain 16-byte load may read: `full` where every row starts 16-byte aligned and is at least
/// as long as the row loaded (tested once per row, not per chunk), else 0.
macro_rules! straight_chunks {
    ($s:expr, $rows:expr) => {{
        let mut straight = true;
        let mut j = 0;
        while j < M {
            straight &= aligned($rows[j].as_ptr()) && $rows[j].len() >= $s.len as usize;
            j += 1;
        }
        if straight { $s.full } else { 0 }
    }};
}

/// Each of `$rows`' lengths, capped to 32 bits (every element offset `cut_chunk!` tests is under
/// the run's chunks·LANES, which fits them: `load`), so that its per-lane tests are 32-bit
/// compares, as CUDA's `int`, not 64-bit ones beside the held chunks.
macro_rules! lens32 {
    ($rows:expr) => {{
        let lens: [u32; M] = core::array::from_fn(|j| $rows[j].len().min(u32::MAX as usize) as u32);
        lens
    }};
}

/// The `$k`-th held chunk's columns of each of `$rows`, lane by lane: lane l of chunk c is element
/// c·LANES + l of each row, zero past its end (what `load4(rows[j], c)` reads); `$lens` is
/// `lens32!($rows)`. The caller's part: `$k < n` (`first`'s safety).
macro_rules! cut_chunk {
    ($s:expr, $rows:expr, $lens:expr, $k:expr) => {{
        // SAFETY: k < n (the caller's).
        let first = unsafe { $s.first($k) } as u32;
        core::array::from_fn(|j| {
            let mut w = T::V::default();
            let mut l = 0;
            while l < T::LANES {
                let e = first + l as u32;
                if e < $lens[j] {
                    // SAFETY: e < lens[j] <= rows[j].len().
                    T::set_lane(&mut w, l, unsafe { *$rows[j].get_unchecked(e as usize) });
                }
                l += 1;
            }
            w
        })
    }};
}

/// The `$k`-th held chunk of each of `$rows`, one plain 16-byte load each, no test. The caller's
/// part: `$k < straight_chunks!($s, $rows)`. Then k < full <= n, and the chunk's elements
/// first .. first + LANES lie below len / LANES · LANES <= len <= each row's length; each row
/// starts 16-byte aligned and `first` is a multiple of LANES (16 bytes); `T::V` is `repr(C)`
/// over `[T; LANES]`, any bits valid.
macro_rules! whole_chunk {
    ($s:expr, $rows:expr, $k:expr) => {{
        // SAFETY: k < n (the caller's).
        let first = unsafe { $s.offset($k) };
        // SAFETY: the caller's, as above.
        core::array::from_fn(|j| unsafe { *($rows[j].as_ptr().add(first) as *const T::V) })
    }};
}

/// Up to `N` 16-byte chunks of a row that the calling thread holds in registers: its
/// chunks `m + k·n` (`k < N`) of a [`ChunkShare`] of group `G`, read from an input row;
/// see the [module docs](self).
///
/// The chunks held are counted once, at `load`: `n` of them lie in the row and the first
/// `full` of those are whole (all `LANES` lanes inside it; only a row's last chunk, or
/// chunks past the end of a shorter input, are not). `fold`, `map_chunks`, `map_with` and
/// `store` test each chunk `k` against these two counts (32-bit, `k` a constant in the
/// unrolled code) and do per-lane work only for the chunk that is cut, so the common path of
/// a row whose length is a multiple of `LANES` is a straight run of 16-byte loads,
/// arithmetic and 16-byte stores, as in hand-written CUDA. A held chunk's number and its
/// first element's offset in the row are below the row's length, which `load` checks to fit
/// 32 bits: the per-chunk index arithmetic is 32-bit, as CUDA's `int`.
#[derive(Clone, Copy)]
pub struct RegChunks<T: Vector, G: Group, const N: usize> {
    v: [T::V; N],
    n: u32,      // chunks held: k < n <= N
    full: u32,   // chunks held that are whole inside the row: k < full <= n
    member: usize, // chunk k is chunk member + k·stride of the row
    stride: usize,
    len: u32,    // elements of the row; lanes at or past it are padding (zero), never folded
    run: usize,  // the share's run length at `load` (its elements in the buffer): len <= run
    _group: PhantomData<G>,
}

impl<T: Elem + Vector, G: Group, const N: usize> RegChunks<T, G, N> {
    /// Reads the calling thread's chunks of `row` by `share`'s numbering: chunk `k` is
    /// chunk `m + k·n` of `row` (columns `(m + k·n)·LANES ..`), one 16-byte load each when
    /// `row` starts 16-byte aligned. `row` is an input row with the output's columns:
    /// `&x[share.range()]` for a matrix of the output's shape, or a vector of `cols`
    /// weights. Lanes past `row`'s end or the share's row read as zero and are not folded.
    /// `None` when the row (its length in the layout) has more than `N · n'` chunks, `n'` the
    /// fewest members of any group of the launch (`n` but in a block whose last warp is
    /// partial: there, for every warp, that warp's lanes), or 2^32 elements or more (only a
    /// `GridStride` share can have that many and still fit): the same in every thread of
    /// the launch, so the group may take another path as a whole.
    #[inline(always)]
    pub fn load(share: &ChunkShare<'_, T, G>, row: &[T]) -> Option<Self> {
        Self::load_hinted(share, row, None)
    }

    /// [`load`](Self::load) with the streaming hint (`ld.cs`, CUDA's `__ldcs`) on the 16-byte
    /// loads: for an input row read once, as a norm's (see [`cache`](crate::cache)).
    #[inline(always)]
    pub fn load_streaming(share: &ChunkShare<'_, T, G>, row: &[T]) -> Option<Self> {
        Self::load_hinted(share, row, Some(Hint::Streaming))
    }

    #[inline(always)]
    fn load_hinted(share: &ChunkShare<'_, T, G>, row: &[T], hint: Option<Hint>) -> Option<Self> {
        let (member, stride) = (share.member(), share.stride());
        let chunks = share.chunk_count();
        // Decided by the row's length in the layout (the output's shape) and the fewest members
        // of any group of the launch (read here from the launch's dimensions, not carried in
        // the share), values the same in every thread, so that the assembler sees a uniform
        // branch (one it takes for divergent makes it guard every later shuffle, on
        // sm_80–sm_89 with a call). The run's chunks are at most the row's and the fewest
        // members at most `stride`: `chunks <= N·stride` follows. (Safety does not rest on it:
        // `n` below counts only chunks inside the row, whatever this bound.)
        let row_chunks = share.cols().div_ceil(T::LANES);
        if row_chunks > N.checked_mul(G::least_members(stride).max(1))? {
            return None;
        }
        // Every element offset of a chunk in the run, c·LANES + l < chunks·LANES <=
        // row_chunks·LANES, fits 32 bits.
        u32::try_from(row_chunks.checked_mul(T::LANES)?).ok()?;
        // This thread's chunks inside the row: member + k·stride < chunks for k < n.
        let n = leading_below::<N>(member, stride, N, chunks);
        let len = row.len().min(share.run_len()); // <= chunks·LANES: fits 32 bits
        // Chunks c < len / LANES are whole inside `len` (so inside `row`); `full` of ours are.
        let full = leading_below::<N>(member, stride, n, len / T::LANES);
        let mut r = RegChunks { v: [T::V::default(); N], n: n as u32, full: full as u32, member, stride,
                                len: len as u32, run: share.run_len(), _group: PhantomData }; // n, full <= N; len fits
        // Two passes, each with one test a chunk: the whole chunks (one 16-byte load each on a
        // 16-byte aligned row), then, only where some are left (a row's cut last chunk, chunks
        // past a shorter input, a misaligned row), the rest through `load4`.
        let p = row.as_ptr();
        let straight = if aligned(p) { r.full } else { 0 };
        each!(N, k => {
            if (k as u32) < straight {
                // SAFETY: k < full <= n, so c = member + k·stride < len / LANES (see
                // `leading_below`; `first`'s contract holds): elements c·LANES .. c·LANES +
                // LANES lie inside `row`. `row` starts 16-byte aligned and c·LANES elements
                // are c·16 bytes, so the vector is aligned; `T::V` is `repr(C)` over `[T;
                // LANES]`, any bits valid.
                let src = unsafe { &*(p.add(r.offset(k)) as *const T::V) };
                r.v[k] = match hint {
                    None => *src,
                    Some(h) => cache::load(src, h),
                };
            }
        });
        if straight < r.n {
            each!(N, k => {
                if (k as u32) >= straight && (k as u32) < r.n {
                    // SAFETY: k < n.
                    let c = unsafe { r.chunk(k) };
                    let v = if hint.is_some() { load4_streaming(row, c) } else { load4(row, c) };
                    r.v[k] = v.unwrap_or_default();
                }
            });
        }
        Some(r)
    }

    /// Chunk `k`'s number in the row, `member + k·stride`, computed in 32 bits.
    ///
    /// # Safety
    /// `k < n` (a held chunk): its number is below the row's chunks, which `load` checked to
    /// fit 32 bits with their elements (`chunks·LANES`), so no step overflows (a `stride` of
    /// 2^32 or more is cut only where no `k >= 1` is held: chunk `member + stride` then lies
    /// past the row).
    #[inline(always)]
    unsafe fn chunk(&self, k: usize) -> usize {
        // SAFETY: the caller's `k < n`, as above.
        unsafe { (self.member as u32).unchecked_add((k as u32).unchecked_mul(self.stride as u32)) as usize }
    }

    /// Chunk `k`'s first element in the row, `(member + k·stride)·LANES`, in 32 bits.
    ///
    /// # Safety
    /// `k < n`, as for [`chunk`](Self::chunk): the element is below the run's `chunks·LANES`,
    /// which fits 32 bits.
    #[inline(always)]
    unsafe fn first(&self, k: usize) -> usize {
        // SAFETY: the caller's `k < n`, as above.
        unsafe { (self.chunk(k) as u32).unchecked_mul(T::LANES as u32) as usize }
    }

    /// Chunk `k`'s first element in the row, [`first`](Self::first)'s value, computed in `usize`
    /// as `member·LANES + k·(stride·LANES)`: for addresses. The optimizer keeps one base
    /// address a thread and adds a step a chunk (a constant where the stride is one, as a
    /// warp's 32 lanes in a `#[whole_warps]` kernel), where the 32-bit number would be widened
    /// back to 64 bits, and masked, at each chunk.
    ///
    /// # Safety
    /// `k < n`, as for [`chunk`](Self::chunk): the value is below the run's `chunks·LANES`, so
    /// no step overflows (`usize` is at least as wide as the 32 bits it fits).
    #[inline(always)]
    unsafe fn offset(&self, k: usize) -> usize {
        self.member.wrapping_mul(T::LANES).wrapping_add(k.wrapping_mul(self.stride.wrapping_mul(T::LANES)))
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
        // The whole chunks, one test each; then, only where the row's end cuts a chunk held
        // (or chunks lie past a shorter input), the rest lane by lane.
        each!(N, k => {
            if (k as u32) < self.full {
                let mut l = 0;
                while l < T::LANES {
                    acc = f(acc, T::lane(&self.v[k], l));
                    l += 1;
                }
            }
        });
        if self.full < self.n {
            each!(N, k => {
                if (k as u32) >= self.full && (k as u32) < self.n {
                    // SAFETY: k < n. With l < LANES, below the run's chunks·LANES < 2^32.
                    let first = unsafe { self.first(k) } as u32;
                    let mut l = 0;
                    while l < T::LANES {
                        if first + (l as u32) < self.len {
                            acc = f(acc, T::lane(&self.v[k], l));
                        }
                        l += 1;
                    }
                }
            });
        }
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
                // SAFETY: k < n.
                v[k] = f(unsafe { self.chunk(k) }, v[k]);
            }
        });
        RegChunks { v, ..self }
    }

    /// `f(chunk, [the same chunk of each of rows])` for every chunk held: each row's chunk
    /// `c` (columns `c·LANES ..`) as `load4(row, c)` reads it (lanes past the row's end are
    /// zero), e.g. a LayerNorm's `map_with([weight, bias], |x, [w, b]| …)`. Where every row
    /// starts 16-byte aligned and is at least as long as the row loaded (tested once per
    /// row, not per chunk), the whole chunks are plain 16-byte loads with no test of their
    /// own, which the assembler may issue all at once.
    #[inline(always)]
    pub fn map_with<const M: usize>(self, rows: [&[T]; M], f: impl Fn(T::V, [T::V; M]) -> T::V) -> Self {
        self.map_with_order::<M, false>(rows, f)
    }

    /// [`map_with`](Self::map_with), the same values, but where every chunk held is whole and
    /// straight (each row aligned, and the row filling the `N` chunks of every thread, as
    /// 2,048 bfloat16 channels a warp of eight chunks a lane), every row's chunks are all
    /// loaded before `f` runs on the first, so that they are in flight together. Through
    /// `map_with` the assembler may wait for each chunk's load in turn, arithmetic between
    /// them (the example's `fused_add_rmsnorm_bf16_warp`: eight trips to memory in a row).
    /// The price is registers for all of them, in every launch of the kernel (the kernel's
    /// count is its most demanding path's): take it where the rows fill the chunks.
    #[inline(always)]
    pub fn map_with_loads_first<const M: usize>(self, rows: [&[T]; M],
                                                f: impl Fn(T::V, [T::V; M]) -> T::V) -> Self {
        self.map_with_order::<M, true>(rows, f)
    }

    #[inline(always)]
    fn map_with_order<const M: usize, const FIRST: bool>(self, rows: [&[T]; M],
                                                         f: impl Fn(T::V, [T::V; M]) -> T::V) -> Self {
        let mut v = self.v;
        let full = straight_chunks!(self, rows);
        if FIRST && full as usize == N {
            // Every chunk held is whole and straight: every load first, with no test between
            // them, then the arithmetic. Tested chunk by chunk, as below, each load waited for
            // the arithmetic of the chunk before it (ptxas kept one register quad for them).
            let mut o = [[T::V::default(); M]; N];
            each!(N, k => {
                // SAFETY: k < N = full = `straight_chunks!(self, rows)`.
                o[k] = whole_chunk!(self, rows, k);
            });
            each!(N, k => {
                v[k] = f(v[k], o[k]);
            });
            return RegChunks { v, ..self };
        }
        // Two passes, one test a chunk each, as `load`'s, the rest first: each chunk's value is
        // then read once, before the pass that may write it, so no value derived from it
        // elsewhere (`x - mean` folded before) is held beside it.
        if full < self.n {
            let lens = lens32!(rows);
            each!(N, k => {
                if (k as u32) >= full && (k as u32) < self.n {
                    // SAFETY: k < n.
                    let o = cut_chunk!(self, rows, lens, k);
                    v[k] = f(v[k], o);
                }
            });
        }
        each!(N, k => {
            if (k as u32) < full {
                // SAFETY: k < full = `straight_chunks!(self, rows)`.
                let o = whole_chunk!(self, rows, k);
                v[k] = f(v[k], o);
            }
        });
        RegChunks { v, ..self }
    }

    /// [`map_with`](Self::map_with) then [`store`](Self::store) to `dst`, a chunk at a time:
    /// each chunk's result is written before the next chunk's rows are read, so the results
    /// already computed are not held beside the chunks still to compute (after `map_with`
    /// every result waits in registers for the last one). The same values reach the same
    /// elements: `f(chunk, [the same chunk of each of rows])`, written where `store` writes
    /// (none if `dst` numbers chunks otherwise than the share loaded by). Returns how many
    /// chunks were written, as `store`. E.g. a LayerNorm's last pass,
    /// `d.map_with_store([weight, bias], |x, [w, b]| …, row)`, which then fits fewer registers.
    #[inline(always)]
    pub fn map_with_store<const M: usize>(&self, rows: [&[T]; M], f: impl Fn(T::V, [T::V; M]) -> T::V,
                                          dst: ChunkShare<'_, T, G>) -> usize {
        self.map_with_store_hinted(rows, f, dst, None)
    }

    /// [`map_with_store`](Self::map_with_store) with the streaming hint (`st.cs`, CUDA's
    /// `__stcs`) on the stores, as [`store_streaming`](Self::store_streaming).
    #[inline(always)]
    pub fn map_with_store_streaming<const M: usize>(&self, rows: [&[T]; M],
                                                    f: impl Fn(T::V, [T::V; M]) -> T::V,
                                                    dst: ChunkShare<'_, T, G>) -> usize {
        self.map_with_store_hinted(rows, f, dst, Some(Hint::Streaming))
    }

    #[inline(always)]
    fn map_with_store_hinted<const M: usize>(&self, rows: [&[T]; M], f: impl Fn(T::V, [T::V; M]) -> T::V,
                                             mut dst: ChunkShare<'_, T, G>, hint: Option<Hint>) -> usize {
        if dst.member() != self.member || dst.stride() != self.stride {
            return 0;
        }
        // As `map_with`: the whole chunks straight (16-byte loads, no test of their own) where
        // every row starts aligned and is at least as long as the row loaded.
        let full = straight_chunks!(self, rows);
        let lens = lens32!(rows);
        let mut written = 0;
        // One chunk at a time, in order: read the rows' chunk, compute, write, then the next.
        // The write goes through `dst`'s own checked writer (`get_mut(k)`: chunk `m + k·n` when
        // it lies in `dst`'s run), so `dst`'s guarantees are its own; the chunks written are
        // the leading ones, as `store`'s (the chunks grow with k).
        each!(N, k => {
            if (k as u32) < self.n {
                let o: [T::V; M] = if (k as u32) < full {
                    // SAFETY: k < full = `straight_chunks!(self, rows)`.
                    whole_chunk!(self, rows, k)
                } else {
                    // SAFETY: k < n.
                    cut_chunk!(self, rows, lens, k)
                };
                let r = f(self.v[k], o);
                if let Some(mut out) = dst.get_mut(k) {
                    out.set_hinted(r, hint);
                    written += 1;
                }
            }
        });
        written
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
        // Stored to a run as long as the one loaded (the share `load` read by, in a kernel),
        // whose chunks all lie in the input row: `load`'s counts are this run's.
        let same = dst.run_len() == self.run && self.len as usize == self.run;
        let counted = if same { Some((self.n as usize, self.full as usize)) } else { None };
        dst.store_held(&self.v, self.n as usize, counted, hint)
    }
}
