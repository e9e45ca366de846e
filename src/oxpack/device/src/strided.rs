//! Strided shares: what one thread owns of a run of elements that its group shares.
//!
//! A *run* is a contiguous range of an output (a row, or the whole buffer) that a *group*
//! of threads shares: a block, a warp or the grid. Member `m` of the group's `n` members
//! owns the run's elements `m, m + n, m + 2n, …` ([`Share`]), or its 16-byte chunks `m,
//! m + n, …` ([`ChunkShare`], chunk `c` being elements `c·LANES .. c·LANES + LANES`, cut
//! at the run's end). Consecutive members touch consecutive elements or chunks, so a
//! group's accesses are coalesced.
//!
//! The layouts in [`coop`](crate::coop) hand shares out: [`BlockRow`] and
//! [`BlockRowChunks`] (`BlockRows`), [`WarpRow`] and [`WarpRowChunks`] (`WarpRows`),
//! [`GridStrided`] and [`GridStridedChunks`] (`GridStride`).
//!
//! # Safety
//! A share is made only by `Share::new`/`ChunkShare::new` (crate-private, `unsafe`),
//! whose callers prove, for the launch as it runs, that
//! 1. the run is the group's alone: the runs of distinct groups do not overlap, and
//! 2. the calling thread's member number `m` is its own within the group.
//!
//! `new` itself checks `m < n` (else no share) and cuts the run at the buffer's end. Then
//! two threads never own one element: owning element `e` of a run means being its group's
//! member `e mod n` (or `⌊e / LANES⌋ mod n` for chunks), one thread per group, and the
//! run names the group. Chunks of one run never overlap each other, and a chunk never
//! passes the run's end (the last one has fewer lanes), so no chunk reaches the next
//! row. Every element handed out lies below the run's length inside the buffer, and each
//! is handed out once per borrow: `get_mut` takes `&mut self`, the iterators move
//! forward only.

use core::marker::PhantomData;
use core::ops::Range;

use crate::disjoint::elem_mut;
use crate::elem::Elem;
use crate::sealed::Sealed;
use crate::cache::{self, Hint};
use crate::unroll::each;
use crate::vec::{aligned, VecMut, Vector};

/// The group that shares a run: [`ByBlock`], [`ByWarp`] or [`ByGrid`]. Part of a share's
/// type, so that values held for one layout's columns (a [`RegRow`](crate::rows::RegRow),
/// a [`RegChunks`](crate::rows::RegChunks)) go back to the same columns.
pub trait Group: Sealed {
    /// The fewest members any group of this kind has in the launch, read from the launch's
    /// dimensions (the same in every thread, and seen so by the assembler): the block's
    /// threads; 32 lanes for a warp unless the block's last warp is partial (then its
    /// lanes); the share's own `stride` for the grid. At most any share's stride. For
    /// `RegChunks::load`'s decision (a capacity, never an index).
    #[doc(hidden)]
    #[inline(always)]
    fn least_members(stride: usize) -> usize {
        stride
    }
}

/// The threads of a block (`BlockRows`).
pub enum ByBlock {}
/// The lanes of a warp (`WarpRows`).
pub enum ByWarp {}
/// The threads of the whole grid (`GridStride`).
pub enum ByGrid {}

impl Sealed for ByBlock {}
impl Sealed for ByWarp {}
impl Sealed for ByGrid {}
impl Group for ByBlock {
    #[inline(always)]
    fn least_members(_stride: usize) -> usize {
        crate::grid::block_dim().x as usize // a `BlockRows` share's stride (a 1-D launch)
    }
}
impl Group for ByWarp {
    #[inline(always)]
    fn least_members(_stride: usize) -> usize {
        crate::warp::least_live_lanes() as usize
    }
}
impl Group for ByGrid {}

/// The elements one thread writes of its block's row; see `DisjointSlice::block_row`.
pub type BlockRow<'a, T> = Share<'a, T, ByBlock>;
/// The elements one lane writes of its warp's row; see `DisjointSlice::warp_row`.
pub type WarpRow<'a, T> = Share<'a, T, ByWarp>;
/// The elements one thread writes of a grid-stride output; see `DisjointSlice::grid_stride`.
pub type GridStrided<'a, T> = Share<'a, T, ByGrid>;
/// The 16-byte chunks one thread writes of its block's row (`BlockRows<Vec4>`).
pub type BlockRowChunks<'a, T> = ChunkShare<'a, T, ByBlock>;
/// The 16-byte chunks one lane writes of its warp's row (`WarpRows<Vec4>`).
pub type WarpRowChunks<'a, T> = ChunkShare<'a, T, ByWarp>;
/// The 16-byte chunks one thread writes of a grid-stride output (`GridStride<Vec4>`).
pub type GridStridedChunks<'a, T> = ChunkShare<'a, T, ByGrid>;
/// The elements of a [`BlockRow`] with their columns; see [`Share::iter_mut`].
pub type BlockRowIter<'a, T> = ShareIter<'a, T>;

/// Where a run lies and which of its steps the calling thread takes.
#[derive(Clone, Copy)]
struct Run<T> {
    ptr: *mut T,   // the run's first element (dereferenced only below `len`)
    start: usize,  // its offset in the buffer
    cols: usize,   // its length in the layout (a row's columns)
    len: usize,    // its elements inside the buffer: min(cols, buffer length - start)
    index: usize,  // the run's number (the row)
    member: usize, // m < stride
    stride: usize, // n >= 1
}

impl<T> Run<T> {
    /// # Safety
    /// `ptr` is an output buffer of `buf_len` elements that the caller borrows mutably
    /// for the share's lifetime; see the module docs for the rest.
    #[inline(always)]
    unsafe fn new(ptr: *mut T, buf_len: usize, start: usize, cols: usize, index: usize, member: usize,
                  stride: usize) -> Option<Self> {
        if member >= stride {
            return None;
        }
        let len = cols.min(buf_len.saturating_sub(start));
        Some(Run { ptr: ptr.wrapping_add(start), start, cols, len, index, member, stride })
    }
}

/// `run_accessors!(member's doc, stride's doc)`: what a [`Share`] and a [`ChunkShare`] tell of
/// their run (their `run` field), written inside each one's `impl`: `row`, `cols`, `range`,
/// `member` and `stride`, the last two with their own docs (columns or chunks).
macro_rules! run_accessors {
    ($member:literal, $stride:literal) => {
        /// The run's number: the row (of a `BlockRows` or `WarpRows` output); 0 for `GridStride`.
        #[inline(always)]
        pub fn row(&self) -> usize {
            self.run.index
        }

        /// The row's length in elements (the output's shape; the whole buffer for `GridStride`).
        #[inline(always)]
        pub fn cols(&self) -> usize {
            self.run.cols
        }

        /// The run's elements as a range of the buffer, `row·cols .. row·cols + cols`: the
        /// same row of an input of the output's shape is `&x[share.range()]`.
        #[inline(always)]
        pub fn range(&self) -> Range<usize> {
            self.run.start..self.run.start + self.run.cols
        }

        #[doc = $member]
        #[inline(always)]
        pub fn member(&self) -> usize {
            self.run.member
        }

        #[doc = $stride]
        #[inline(always)]
        pub fn stride(&self) -> usize {
            self.run.stride
        }
    };
}

/// The elements one thread owns of a run its group `G` shares: `m, m + n, …` of the run,
/// below its length and the buffer's end; see the [module docs](self).
pub struct Share<'a, T, G: Group> {
    run: Run<T>,
    _out: PhantomData<(&'a mut T, G)>,
}

impl<'a, T: Elem, G: Group> Share<'a, T, G> {
    /// The calling thread's share of the run `start .. start + cols` of the buffer `ptr`
    /// (`buf_len` elements), as member `member` of `stride`; `None` unless `member < stride`.
    ///
    /// # Safety
    /// `ptr` is an output buffer of `buf_len` elements that the caller borrows mutably
    /// for `'a`; the run belongs to the calling thread's group alone and `member` to the
    /// calling thread alone within it (the module docs' conditions).
    #[inline(always)]
    pub(crate) unsafe fn new(ptr: *mut T, buf_len: usize, start: usize, cols: usize, index: usize,
                             member: usize, stride: usize) -> Option<Self> {
        // SAFETY: the caller's contract.
        let run = unsafe { Run::new(ptr, buf_len, start, cols, index, member, stride) }?;
        Some(Share { run, _out: PhantomData })
    }

    run_accessors!(
        "This thread's member number in its group (its first column).",
        "The group's size: the step between this thread's columns."
    );

    /// The columns this thread owns, in order: `m, m + n, …` below the row's length
    /// inside the buffer (for indexing inputs of the same shape).
    #[inline(always)]
    pub fn columns(&self) -> Strided {
        Strided { next: self.run.member, end: self.run.len, step: self.run.stride }
    }

    /// This thread's `k`-th element (column `m + k·n`), or `None` past the row or the buffer.
    #[inline(always)]
    pub fn get_mut(&mut self, k: usize) -> Option<&mut T> {
        let col = k.checked_mul(self.run.stride)?.checked_add(self.run.member)?;
        if col >= self.run.len {
            return None;
        }
        // SAFETY: col < len: inside the run and the buffer; this thread's own (module
        // docs); `&mut self` keeps one reference.
        Some(unsafe { elem_mut(self.run.ptr, col) })
    }

    /// Every element this thread owns, with its column: `(m, &mut row[m])`, `(m + n, …)`,
    /// …. Each column is below `cols`, so it also indexes a `cols`-long input row with no
    /// further check.
    #[inline(always)]
    pub fn iter_mut(self) -> ShareIter<'a, T> {
        ShareIter { row: self.run.ptr, col: self.run.member, end: self.run.len, stride: self.run.stride,
                    _out: PhantomData }
    }
}

/// The numbers `m, m + n, m + 2n, …` below an end: the columns ([`Share::columns`]) or chunks
/// ([`ChunkShare::chunks`]) one thread owns. Unlike `(m..end).step_by(n)`, it counts nothing
/// in advance (no division: a 64-bit division is a helper call on the GPU, which pins
/// registers around it for the whole kernel).
#[derive(Clone, Debug)]
pub struct Strided {
    next: usize,
    end: usize,
    step: usize, // >= 1
}

impl Iterator for Strided {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        let j = self.next;
        if j >= self.end {
            return None;
        }
        self.next = j.saturating_add(self.step); // saturates at usize::MAX >= end: stops
        Some(j)
    }
}

/// The elements of a [`Share`], with their columns; see [`Share::iter_mut`].
pub struct ShareIter<'a, T> {
    row: *mut T, // the run's first element (used only below `end`)
    col: usize,
    end: usize,
    stride: usize,
    _out: PhantomData<&'a mut T>,
}

impl<'a, T: Elem> Iterator for ShareIter<'a, T> {
    type Item = (usize, &'a mut T);

    #[inline(always)]
    fn next(&mut self) -> Option<(usize, &'a mut T)> {
        let j = self.col;
        if j >= self.end {
            return None;
        }
        // No overflow: j < end <= the buffer's length <= isize::MAX, stride < 2^32 · 2^32.
        self.col = j.saturating_add(self.stride);
        // SAFETY: j < end: inside the run and the buffer; this thread's own column (module
        // docs); `col` only grows (stride >= 1), so each element is handed out once.
        Some((j, unsafe { elem_mut(self.row, j) }))
    }
}

/// The 16-byte chunks one thread owns of a run its group `G` shares: chunks `m, m + n, …`
/// of the run, chunk `c` being elements `c·LANES .. c·LANES + LANES` cut at the run's end;
/// see the [module docs](self). Each is written through a [`VecMut`]: one 16-byte store
/// where the chunk is whole and 16-byte aligned, one store per element otherwise.
pub struct ChunkShare<'a, T: Vector, G: Group> {
    run: Run<T>,
    chunks: usize, // chunks of the run inside the buffer: ⌈len / LANES⌉
    _out: PhantomData<(&'a mut T, G)>,
}

impl<'a, T: Elem + Vector, G: Group> ChunkShare<'a, T, G> {
    /// The calling thread's chunks of the run `start .. start + cols`; as `Share::new`.
    ///
    /// # Safety
    /// As `Share::new`, with `member` numbering chunks.
    #[inline(always)]
    pub(crate) unsafe fn new(ptr: *mut T, buf_len: usize, start: usize, cols: usize, index: usize,
                             member: usize, stride: usize) -> Option<Self> {
        // SAFETY: the caller's contract.
        let run = unsafe { Run::new(ptr, buf_len, start, cols, index, member, stride) }?;
        Some(ChunkShare { run, chunks: run.len.div_ceil(T::LANES), _out: PhantomData })
    }

    run_accessors!(
        "This thread's member number in its group (its first chunk).",
        "The group's size: the step between this thread's chunks."
    );

    /// The run's elements inside the buffer.
    #[inline(always)]
    pub(crate) fn run_len(&self) -> usize {
        self.run.len
    }

    /// How many chunks the run has inside the buffer (all members' together).
    #[inline(always)]
    pub fn chunk_count(&self) -> usize {
        self.chunks
    }

    /// The chunks this thread owns, in order: `m, m + n, …` (chunk `c` is columns
    /// `c·LANES ..`); read an input row's same chunk with `load4(row, c)`.
    #[inline(always)]
    pub fn chunks(&self) -> Strided {
        Strided { next: self.run.member, end: self.chunks, step: self.run.stride }
    }

    /// How many of chunk `c`'s lanes lie in the row inside the buffer: `LANES`, fewer for
    /// the row's last chunk when its length is no multiple of `LANES`, 0 past it.
    #[inline(always)]
    pub fn lanes(&self, c: usize) -> usize {
        match c.checked_mul(T::LANES) {
            Some(first) if first < self.run.len => (self.run.len - first).min(T::LANES),
            _ => 0,
        }
    }

    /// This thread's `k`-th chunk (chunk `m + k·n`), or `None` past the row or the buffer.
    #[inline(always)]
    pub fn get_mut(&mut self, k: usize) -> Option<VecMut<'_, T>> {
        let c = k.checked_mul(self.run.stride)?.checked_add(self.run.member)?;
        if c >= self.chunks {
            return None;
        }
        // SAFETY: chunk c < chunks starts inside the run; its lanes stop at the run's end;
        // it is this thread's own (module docs); `&mut self` keeps one writer.
        Some(unsafe { chunk(self.run.ptr, self.run.len, c) })
    }

    /// Every chunk this thread owns, with its number: `(c, writer)` for `c = m, m + n, …`.
    #[inline(always)]
    pub fn iter_mut(self) -> ChunkIter<'a, T> {
        ChunkIter { row: self.run.ptr, len: self.run.len, c: self.run.member, end: self.chunks,
                    stride: self.run.stride, _out: PhantomData }
    }
}

impl<'a, T: Elem + Vector, G: Group> ChunkShare<'a, T, G> {
    /// Writes `v[k]` to this thread's `k`-th chunk (chunk `m + k·n`) for each `k < held`
    /// that lies in the run: what `for (k, (_, mut o)) in self.iter_mut().take(held)` with
    /// `o.set(v[k])` writes, with the whole chunks of an aligned run written straight (one
    /// 16-byte store each, no per-chunk test but `k < full`) and the rest through
    /// [`VecMut`]. Returns how many chunks were written. For `RegChunks::store`.
    ///
    /// `counted` is `Some((inside, whole))` when the caller has counted, for a run of this
    /// run's length and with this member and stride, the leading `k < held` whose chunks lie
    /// in the run (`inside`) and are whole in it (`whole`): a `RegChunks` stored to the share
    /// it was loaded by. Then nothing is counted again.
    #[inline(always)]
    pub(crate) fn store_held<const N: usize>(self, v: &[T::V; N], held: usize, counted: Option<(usize, usize)>,
                                             hint: Option<Hint>) -> usize {
        let (m, n, len) = (self.run.member, self.run.stride, self.run.len);
        let held = held.min(N);
        // Ours among the chunks in the run (c < chunks), and among the whole ones (c < len /
        // LANES): the leading `k`, as the chunks grow with k.
        let (inside, whole) = match counted {
            Some((inside, whole)) => (inside.min(held), whole.min(inside).min(held)),
            None => {
                let inside = leading_below::<N>(m, n, held, self.chunks);
                (inside, leading_below::<N>(m, n, inside, len / T::LANES))
            }
        };
        let full = if aligned(self.run.ptr) { whole } else { 0 };
        let (inside32, full32) = (inside as u32, full as u32); // <= N
        // Two passes, one test a chunk each: the whole chunks straight, then, only where some
        // are left (the row's cut last chunk, a misaligned run), the rest through `VecMut`.
        each!(N, k => {
            if (k as u32) < full32 {
                // SAFETY: k < full: c = m + k·n < len / LANES (no overflow: c is at most
                // the last such chunk), so elements c·LANES .. c·LANES + LANES lie in the
                // run inside the buffer; chunk c is this thread's own (module docs) and
                // written once (k distinct); the run starts 16-byte aligned and c·LANES
                // elements are c·16 bytes, so the vector is aligned.
                let slot = unsafe { &mut *(self.run.ptr.add((m + k * n) * T::LANES) as *mut T::V) };
                match hint {
                    None => *slot = v[k],
                    Some(h) => cache::store(slot, v[k], h),
                }
            }
        });
        if full32 < inside32 {
            each!(N, k => {
                if (k as u32) >= full32 && (k as u32) < inside32 {
                    // SAFETY: k < inside: c = m + k·n < chunks = ⌈len / LANES⌉ (no overflow,
                    // as above), so chunk c starts inside the run; this thread's own, written
                    // once (k distinct, and not among the first pass's k < full).
                    let mut o = unsafe { chunk(self.run.ptr, len, m + k * n) };
                    o.set_hinted(v[k], hint);
                }
            });
        }
        inside
    }
}

/// How many of the chunks `member + k·stride`, `k < held` (at most `N`), lie below `limit`: the
/// leading ones, the chunks growing with `k`. No 64-bit division (on the GPU a call to a
/// helper, which pins registers around it for the whole kernel): where `member < stride` and
/// `N·stride` fits 32 bits (a warp's or a block's share: the optimizer sees it from the launch
/// registers' ranges), one 32-bit division and no branch; else one comparison when all `held`
/// do, a 32-bit division when the numbers fit 32 bits, or unrolled comparisons.
#[inline(always)]
pub(crate) fn leading_below<const N: usize>(member: usize, stride: usize, held: usize, limit: usize) -> usize {
    let held = held.min(N);
    if member < stride && N.checked_mul(stride).is_some_and(|span| span <= u32::MAX as usize) {
        // Every chunk member + k·stride (k < N) is below N·stride <= u32::MAX: the count is
        // the same against the limit cut to 32 bits. (limit - member - 1) / stride + 1 of them
        // lie below it when member does.
        let (m, s, lim) = (member as u32, stride as u32, limit.min(u32::MAX as usize) as u32);
        let below = if m < lim { (lim - m - 1) / s + 1 } else { 0 };
        return below.min(held as u32) as usize;
    }
    if held == 0 || member >= limit {
        return 0;
    }
    // member < limit: at least one, and (limit - member - 1) / stride + 1 in all (capped at held).
    match (held - 1).checked_mul(stride).and_then(|d| d.checked_add(member)) {
        Some(last) if last < limit => return held,
        _ => {}
    }
    if let (Ok(gap), Ok(step)) = (u32::try_from(limit - member - 1), u32::try_from(stride)) {
        // `max(1)`: a share's stride is at least 1, but a division the optimizer cannot prove
        // safe keeps a panic (a trap) on a per-thread value, after which the assembler takes
        // every later shuffle for divergent.
        return ((gap / step.max(1)) as usize + 1).min(held);
    }
    let mut count = 0;
    let mut c = member;
    each!(N, k => {
        if k < held && c < limit {
            count = k + 1;
        }
        c = c.saturating_add(stride);
    });
    count
}

/// Chunk `c` of the run at `row` (`len` elements) as a writer.
///
/// # Safety
/// `c·LANES < len`, the run is the caller's to write for `'a` and chunk `c` is the
/// calling thread's own.
#[inline(always)]
unsafe fn chunk<'a, T: Vector>(row: *mut T, len: usize, c: usize) -> VecMut<'a, T> {
    let first = c * T::LANES; // < len: no overflow
    // SAFETY: `first` is inside the run (the caller's contract).
    let ptr = unsafe { row.add(first) };
    VecMut { ptr, lanes: (len - first).min(T::LANES), _out: PhantomData }
}

/// The chunks of a [`ChunkShare`], with their numbers; see [`ChunkShare::iter_mut`].
pub struct ChunkIter<'a, T: Vector> {
    row: *mut T,
    len: usize,
    c: usize,
    end: usize,
    stride: usize,
    _out: PhantomData<&'a mut T>,
}

impl<'a, T: Vector> Iterator for ChunkIter<'a, T> {
    type Item = (usize, VecMut<'a, T>);

    #[inline(always)]
    fn next(&mut self) -> Option<(usize, VecMut<'a, T>)> {
        let c = self.c;
        if c >= self.end {
            return None;
        }
        self.c = c.saturating_add(self.stride);
        // SAFETY: c < end = ⌈len / LANES⌉, so chunk c starts inside the run; this thread's
        // own (module docs); `c` only grows, so each chunk is handed out once.
        Some((c, unsafe { chunk(self.row, self.len, c) }))
    }
}
