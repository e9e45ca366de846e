//! `cp.async` pipelines: operand tiles copied from global to block-shared memory while the
//! tensor cores work on earlier ones (sm_80 and newer).
//!
//! [`cp_async_pipeline!`](crate::cp_async_pipeline) declares `STAGES` stages of an A tile and a B
//! tile (the [`mma`](crate::mma) operand tiles) in block-shared memory, filled from global memory
//! by `cp.async` (16 bytes per copy, the bytes past a matrix's edge zero-filled, so any M, N, K
//! works; a matrix whose rows are not 16-byte aligned is copied by ordinary loads instead).
//!
//! # Safety
//! The protocol is checked as it runs:
//! - [`Pipeline::fill`] copies one stage (each thread its own 16-byte chunks) and commits it as a
//!   group; it traps when every stage is in use;
//! - [`Pipeline::wait`] waits for the oldest stage's group (`cp.async.wait_group`), then a block
//!   barrier, and only then returns the [`Stage`] view that reads it: the destination of a copy
//!   cannot be read before its wait, on the GPU or in emulation;
//! - a stage is filled again only after a barrier that follows the end of every view of it (the
//!   next `wait`'s, or one that `fill` adds itself), so no copy overwrites data that another warp
//!   may still read.
//!
//! One view lives at a time (`wait` traps while one does). The tiles are the expansion's own
//! statics (`Pipeline::__new` is `unsafe`, called only by the macro). As with every barrier, all
//! threads of the block make the same calls in the same order.

use core::cell::{Cell, UnsafeCell};
use core::marker::PhantomData;
use core::mem::MaybeUninit;

use crate::matrix::Matrix;
use crate::mma::*;
use crate::intrinsics::mma as rt;
use crate::mma::{each16, fail, offset, smem_addr};

// ---------------------------------------------------------------------------- the copy pipeline

/// The stage slot after `slot`: `slot + 1`, wrapping at S.
#[inline(always)]
const fn next_slot<const S: usize>(slot: u32) -> u32 {
    if slot as usize + 1 == S { 0 } else { slot + 1 }
}

#[doc(hidden)]
#[repr(C, align(128))] // 128: a tile starts at bank 0, which the swizzle's bank argument assumes
pub struct TileCell<T, const N: usize>(UnsafeCell<MaybeUninit<[T; N]>>);

// SAFETY: only a `Pipeline` touches the memory, under the protocol described in the module docs.
unsafe impl<T, const N: usize> Sync for TileCell<T, N> {}

impl<T, const N: usize> TileCell<T, N> {
    #[doc(hidden)]
    pub const fn new() -> Self {
        TileCell(UnsafeCell::new(MaybeUninit::uninit()))
    }
}

impl<T, const N: usize> Default for TileCell<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

/// `STAGES` stages of an A-side tile `TA` and a B-side tile `TB` in block-shared memory, filled
/// by `cp.async` from global memory by a block of `THREADS` threads; see the module docs and
/// [`cp_async_pipeline!`].
pub struct Pipeline<const STAGES: usize, const THREADS: usize, TA: TileShape, TB: TileShape> {
    a: *mut TA::Elem,
    b: *mut TB::Elem,
    /// `a` and `b` as 32-bit shared addresses (GPU only).
    sa: (u32, u32),
    /// Stages filled (and committed) so far.
    committed: Cell<u32>,
    /// The slot of the next fill (`committed % S`) and of the next wait (`consumed % S`), kept
    /// as counters that wrap at S: in a k loop unrolled by S, each copy's slot is a constant.
    fill_slot: Cell<u32>,
    read_slot: Cell<u32>,
    /// Stages waited for so far (each gave one view).
    consumed: Cell<u32>,
    /// Whether the view of the last stage waited for is alive.
    live: Cell<bool>,
    /// The first stage (by number) whose view ended after the last barrier; `u32::MAX` if none.
    released_since_barrier: Cell<u32>,
}

/// A block of `THREADS` threads, for the bound [`WholeWarps`].
pub struct Block<const THREADS: usize>;

/// Blocks of whole warps: 32, 64, …, 1024 threads. The warp-collective loads of a pipeline's
/// tiles need every warp of the block complete.
#[diagnostic::on_unimplemented(
    message = "a cp.async pipeline's THREADS must be a multiple of 32 up to 1024 (`{Self}` is not): every warp of the block must be whole for ldmatrix and mma.sync",
    label = "not a multiple of 32 threads",
    note = "give the block's thread count, e.g. `cp_async_pipeline!(3, 128, ...)` for blocks of 128 threads (4 warps)"
)]
pub trait WholeWarps {}

macro_rules! whole_warps {
    ($($n:literal)*) => {$( impl WholeWarps for Block<{ 32 * $n }> {} )*};
}
whole_warps!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32);

/// `STAGES` of a pipeline, for the bound [`StageCount`].
pub struct Stages<const S: usize>;

/// 1 to 8 stages (`cp.async.wait_group` takes an immediate count of groups still in flight).
#[diagnostic::on_unimplemented(
    message = "a cp.async pipeline has 1 to 8 stages (`{Self}` is not)",
    label = "not 1 to 8 stages",
    note = "3 or 4 stages hide the copies' latency in a GEMM"
)]
pub trait StageCount {}

impl StageCount for Stages<1> {}
impl StageCount for Stages<2> {}
impl StageCount for Stages<3> {}
impl StageCount for Stages<4> {}
impl StageCount for Stages<5> {}
impl StageCount for Stages<6> {}
impl StageCount for Stages<7> {}
impl StageCount for Stages<8> {}

impl<const S: usize, const THREADS: usize, TA: TileShape, TB: TileShape> Pipeline<S, THREADS, TA, TB> {
    /// The pipeline over `a` and `b`; only [`cp_async_pipeline!`] calls it.
    ///
    /// # Safety
    /// `a` and `b` are the `__OXPACK_SHARED` statics of one `cp_async_pipeline!` expansion (oxpack
    /// moves them to block-shared memory), used by no other live pipeline.
    #[doc(hidden)]
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub unsafe fn __new<const NA: usize, const NB: usize>(
        a: &'static TileCell<TA::Elem, NA>,
        b: &'static TileCell<TB::Elem, NB>,
    ) -> Self
    where
        Block<THREADS>: WholeWarps,
        Stages<S>: StageCount,
    {
        const {
            assert!(NA == S * TA::ROWS * TA::COLS && NB == S * TB::ROWS * TB::COLS);
            assert!(TA::COLS % TA::Elem::K_STEP == 0 && (TA::COLS / TA::Elem::CHUNK).is_power_of_two() && TA::ROWS % 16 == 0,
                    "oxpack: a shared tile has a multiple of 16 rows, whole fragment depths (32 bytes) per row, and a power-of-two number of 16-byte chunks per row");
            assert!(TB::COLS % TB::Elem::K_STEP == 0 && (TB::COLS / TB::Elem::CHUNK).is_power_of_two() && TB::ROWS % 16 == 0,
                    "oxpack: a shared tile has a multiple of 16 rows, whole fragment depths (32 bytes) per row, and a power-of-two number of 16-byte chunks per row");
        }
        let d = crate::grid::block_dim();
        if d.x as usize * d.y as usize * d.z as usize != THREADS {
            fail("the block's thread count is not the THREADS of its cp.async pipeline");
        }
        // Two live pipelines over one memory (the same macro run again, in a loop, while its
        // first pipeline lives) would race; the GPU cannot tell, the emulator refuses it.
        #[cfg(not(target_arch = "nvptx64"))]
        if !rt::pipeline_enter(a as *const _ as usize) {
            fail("cp_async_pipeline! ran again while the pipeline it made before is alive (e.g. in a loop): \
                  both would use the same shared memory; drop the first one before");
        }
        // Every copy of an earlier use of this memory (a pipeline in a loop) has landed before
        // the barrier, and nobody reads that use any more after it.
        rt::__oxpack_cp_async_wait_all();
        crate::sync::sync_threads();
        let (a, b) = (a.0.get() as *mut TA::Elem, b.0.get() as *mut TB::Elem);
        Pipeline {
            a,
            b,
            sa: (smem_addr(a), smem_addr(b)),
            committed: Cell::new(0),
            fill_slot: Cell::new(0),
            read_slot: Cell::new(0),
            consumed: Cell::new(0),
            live: Cell::new(false),
            released_since_barrier: Cell::new(u32::MAX),
        }
    }

    /// Copies the next stage: the `TA` tile whose first element is element `a_at` = (row,
    /// column) of matrix `a`, and the `TB` tile at `b_at` of `b` (elements past a matrix's edge
    /// read as zero); then commits the copies as one group. Each thread copies its own 16-byte
    /// chunks (`cp.async.cg`, or ordinary loads and stores when a matrix's rows are not
    /// 16-byte aligned). Traps when every stage is in use (filled and not yet waited for, or
    /// still viewed); adds a block barrier first when a view of the stage it reuses ended after
    /// the last barrier.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn fill(&self, a: &Matrix<'_, TA::Elem>, a_at: (usize, usize), b: &Matrix<'_, TB::Elem>, b_at: (usize, usize)) {
        let slot = self.begin_fill();
        let t = crate::block_thread_linear();
        // SAFETY: `begin_fill` gave this block's stage to write (see there).
        unsafe {
            copy_tile::<TA, THREADS>(self.a.add(slot * TA::ROWS * TA::COLS), a, a_at, t);
            copy_tile::<TB, THREADS>(self.b.add(slot * TB::ROWS * TB::COLS), b, b_at, t);
        }
        self.end_fill();
    }

    /// The protocol's side of a fill: traps when every stage is in use, adds the barrier that a
    /// reused stage needs, and gives the A and B tiles of the stage to write.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    fn begin_fill(&self) -> usize {
        let (c, done) = (self.committed.get(), self.consumed.get());
        // stages in use: filled but not waited for, plus the one still viewed
        if (c - done) as usize + self.live.get() as usize >= S {
            fail("cp.async pipeline: every stage is in use; wait for a stage (and drop its view) before filling another");
        }
        // the stage reused is the one of stage number c - S, whose view has ended (above)
        if c as usize >= S && c - S as u32 >= self.released_since_barrier.get() {
            crate::sync::sync_threads();
            self.released_since_barrier.set(u32::MAX);
        }
        // `slot` = c % S < S: the stage is inside each cell; the protocol above makes it this
        // block's to write until `end_fill` (no view of it lives, and every earlier one ended
        // before a barrier).
        self.fill_slot.get() as usize
    }

    /// Commits the copies of the stage that `begin_fill` gave as one group.
    #[inline(always)]
    fn end_fill(&self) {
        rt::__oxpack_cp_async_commit();
        self.committed.set(self.committed.get() + 1);
        self.fill_slot.set(next_slot::<S>(self.fill_slot.get()));
    }

    /// [`fill`](Self::fill) for a GEMM's k-step: A's tile at rows `m0..`, columns `k0..` of `a`;
    /// B's at depth `k0..`, columns `n0..`, wherever its storage order puts them in `b` (row
    /// `k0`, column `n0` of a `K × N` matrix, row `n0`, column `k0` of an `N × K` one).
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn fill_k(&self, a: &Matrix<'_, TA::Elem>, b: &Matrix<'_, TB::Elem>, m0: usize, n0: usize, k0: usize)
    where
        TB: BSide,
    {
        self.fill(a, (m0, k0), b, TB::origin(k0, n0));
    }

    /// Whether the tiles of k steps `0..steps` (A's at rows `m0..`, depth `s·K..` for step s; B's
    /// at depth `s·K..`, columns `n0..`, as [`fill_k`](Self::fill_k) places them) all lie wholly
    /// inside both matrices, with rows 16-byte aligned: if so, the proof of it, for
    /// [`fill_k_whole`](Self::fill_k_whole). Checked once, for a whole k loop: a GEMM whose block
    /// tile is inside C and whose k is a multiple of the depth gets `Some`, and runs its k loop
    /// with `fill_k_whole`; elsewhere (a ragged edge) `None`, and the general `fill_k` loop.
    #[inline(always)]
    pub fn whole_k<'m>(
        &self,
        a: &Matrix<'m, TA::Elem>,
        b: &Matrix<'m, TB::Elem>,
        m0: usize,
        n0: usize,
        steps: usize,
    ) -> Option<WholeK<'m, TA, TB>>
    where
        TB: BSide,
    {
        // The last step's tiles inside: every earlier step's are too, since a tile's origin
        // ((m0, s·K) for A, `TB::origin(s·K, n0)` for B) grows with s in each coordinate and
        // "inside" bounds each coordinate from above only. (Inside, `last + K ≤ cols` of A: so
        // `s·K` does not overflow for any s < steps.)
        let last = (steps.checked_sub(1)?).checked_mul(TA::COLS)?;
        let ok = whole_inside::<TA>(a, (m0, last)) && whole_inside::<TB>(b, TB::origin(last, n0));
        ok.then(|| WholeK {
            a: (a.data().as_ptr(), a.cols() as usize),
            b: (b.data().as_ptr(), b.cols() as usize),
            m0,
            n0,
            steps,
            _m: PhantomData,
        })
    }

    /// [`fill_k`](Self::fill_k) for step `s` of a k loop that [`whole_k`](Self::whole_k) proved
    /// whole (depth `s·K`, `s < steps`; a later step traps): only the whole-tile `cp.async`
    /// copies, none of the ragged-edge or unaligned paths, and no per-step test of the tiles'
    /// place. With the edge paths in the loop, their per-chunk values stay live across every k
    /// step, and at 254 registers ptxas recomputes the fragment addresses from the lane id each
    /// step (292 instructions a k step against 234 with this fill, sm_90).
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn fill_k_whole(&self, whole: &WholeK<'_, TA, TB>, s: usize)
    where
        TB: BSide,
    {
        if s >= whole.steps {
            fail("cp.async pipeline: fill_k_whole past the steps that whole_k proved whole; use fill_k");
        }
        let slot = self.begin_fill();
        let t = crate::block_thread_linear();
        let k0 = s * TA::COLS;
        let (at, bt) = (slot * TA::ROWS * TA::COLS, slot * TB::ROWS * TB::COLS);
        let (da, db) = (self.a.wrapping_add(at), self.b.wrapping_add(bt));
        let sa = self.sa.0.wrapping_add((at * core::mem::size_of::<TA::Elem>()) as u32);
        let sb = self.sa.1.wrapping_add((bt * core::mem::size_of::<TB::Elem>()) as u32);
        // SAFETY: `begin_fill` gave this block's stage to write (`sa`, `sb`: its shared
        // addresses); `whole` proved the tiles of every step below `steps` (s is) wholly inside
        // their matrices with aligned rows, and borrows the matrices' data while it lives.
        unsafe {
            copy_whole::<TA, THREADS>((da, sa), whole.a, (whole.m0, k0), t);
            copy_whole::<TB, THREADS>((db, sb), whole.b, TB::origin(k0, whole.n0), t);
        }
        self.end_fill();
    }

    /// Waits for the oldest filled stage (`cp.async.wait_group`, then a block barrier) and returns
    /// its view. Traps when no stage is filled, or while the previous view is alive.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn wait(&self) -> Stage<'_, S, THREADS, TA, TB> {
        let (c, done) = (self.committed.get(), self.consumed.get());
        if self.live.get() {
            fail("cp.async pipeline: wait() while the previous stage's view is alive; drop it first");
        }
        if c == done {
            fail("cp.async pipeline: wait() with no stage filled; fill() one first");
        }
        // this thread's copies of the stage have landed when at most the newer groups are in
        // flight. `cp.async.wait_group` takes an immediate: a count known only when running goes
        // through a jump table, so from S - 2 newer groups up (a GEMM's steady state) it waits
        // until at most S - 2, a constant, are in flight (waiting for more groups than the stage
        // needs is still correct; it only waits longer, and only when S - 2 < newer).
        let newer = c - done - 1;
        if newer as usize >= S.saturating_sub(2) {
            rt::__oxpack_cp_async_wait(S.saturating_sub(2) as u32);
        } else {
            rt::__oxpack_cp_async_wait(newer);
        }
        crate::sync::sync_threads(); // ... and every thread's, for every thread, after this
        self.released_since_barrier.set(u32::MAX);
        self.consumed.set(done + 1);
        self.live.set(true);
        let slot = self.read_slot.get(); // done % S
        self.read_slot.set(next_slot::<S>(slot));
        Stage { pipe: self, slot: slot as usize }
    }

    /// How many stages are filled and not yet waited for.
    #[inline(always)]
    pub fn in_flight(&self) -> usize {
        (self.committed.get() - self.consumed.get()) as usize
    }
}

impl<const S: usize, const THREADS: usize, TA: TileShape, TB: TileShape> Drop for Pipeline<S, THREADS, TA, TB> {
    #[inline(always)]
    fn drop(&mut self) {
        rt::__oxpack_cp_async_wait_all(); // no copy lands after the pipeline is gone
        #[cfg(not(target_arch = "nvptx64"))]
        rt::pipeline_exit(self.a as usize);
    }
}

/// Copies one `Tl` tile from `src` at `at` into `dst` (swizzled): chunk `q` of the tile is thread
/// `q % THREADS`'s, for `t` the calling thread's linear index in its block of `THREADS`.
///
/// # Safety
/// `dst` is a whole tile of the block's shared memory that no one reads or writes meanwhile
/// except the block's threads through this function, each with its own `t`.
#[inline(always)]
unsafe fn copy_tile<Tl: TileShape, const THREADS: usize>(
    dst: *mut Tl::Elem,
    src: &Matrix<'_, Tl::Elem>,
    at: (usize, usize),
    t: usize,
) {
    let per = Tl::Elem::CHUNK; // elements per 16-byte chunk
    let size = core::mem::size_of::<Tl::Elem>();
    let per_row = Tl::COLS / per;
    let chunks = Tl::ROWS * per_row;
    const { assert!(Tl::ROWS * Tl::COLS / Tl::Elem::CHUNK <= 64 * THREADS, "oxpack: at most 64 chunks per thread in a tile") };
    let data = src.data();
    let (rows, cols) = (src.rows() as usize, src.cols() as usize);
    // Chunk q of the tile: row q / per_row, chunk q % per_row, its elements inside the matrix (0
    // to `per`), where it starts in the matrix, and where it goes in the tile.
    let chunk = |q: usize| {
        let (r, ch) = (q / per_row, q % per_row);
        let (gr, gc) = (at.0.saturating_add(r), at.1.saturating_add(per * ch));
        let valid = if gr < rows && gc < cols { (cols - gc).min(per) } else { 0 };
        // In the matrix when valid > 0: gr·cols + gc + valid ≤ gr·cols + cols ≤ rows·cols ≤ len
        // (`matrix`); `offset` permutes the chunks of row r < ROWS, so `to` is in the tile.
        let from = if valid > 0 { data.as_ptr().wrapping_add(gr * cols + gc) } else { data.as_ptr() };
        (valid, from, dst.wrapping_add(offset::<Tl>(r, ch)))
    };
    // cp.async reads 16 aligned bytes: every chunk of a row is, when the rows are (a uniform test)
    let aligned = data.as_ptr() as usize % 16 == 0 && cols % per == 0;
    // (No separate path for a tile wholly inside the matrix here: its k loop is `fill_k_whole`'s,
    // and a third path's per-chunk addresses, live across the k steps of a loop that reaches a
    // ragged edge, made ptxas spill there.)
    if aligned {
        each16!(chunks.div_ceil(THREADS), |i| {
            let q = t + i * THREADS;
            if q < chunks {
                let (valid, from, to) = chunk(q);
                // SAFETY: `to` is 16 bytes of the tile, this thread's alone (q ↦ (r, ch) is
                // one-to-one and q belongs to t alone); `from` has `size·valid` readable bytes.
                unsafe { rt::__oxpack_cp_async_16(to as *mut u8, from as *const u8, (size * valid) as u32) };
            }
        });
    } else {
        each16!(chunks.div_ceil(THREADS), |i| {
            let q = t + i * THREADS;
            if q < chunks {
                let (valid, from, to) = chunk(q);
                let mut v = Chunk([0u8; 16]);
                let into = v.0.as_mut_ptr() as *mut Tl::Elem;
                each16!(Tl::Elem::CHUNK, |e| {
                    if e < valid {
                        // SAFETY: element e < valid of the chunk is in the matrix (above); the
                        // chunk buffer is 16-byte aligned with room for `per` elements.
                        unsafe { into.add(e).write(from.add(e).read()) };
                    }
                });
                // SAFETY: as above; a 16-byte-aligned chunk (the cell is 128-aligned, chunks 16).
                unsafe { (to as *mut Chunk).write(v) };
            }
        });
    }
}

/// Whether the `Tl` tile at `at` lies wholly inside `src`, whose rows are 16-byte aligned: then
/// every chunk of it is 16 whole, aligned bytes of `src`, for [`copy_whole`]; and `ROWS` rows of
/// `src` span less than 4 GiB (`copy_whole`'s 32-bit offsets: a row of 32 M bf16 at the most).
#[inline(always)]
fn whole_inside<Tl: TileShape>(src: &Matrix<'_, Tl::Elem>, at: (usize, usize)) -> bool {
    let (rows, cols) = (src.rows() as usize, src.cols() as usize);
    // cp.async reads 16 aligned bytes: every chunk of a row is, when the rows are
    let aligned = src.data().as_ptr() as usize % 16 == 0 && cols % Tl::Elem::CHUNK == 0;
    let narrow = cols <= u32::MAX as usize / (Tl::ROWS * core::mem::size_of::<Tl::Elem>());
    aligned && narrow && at.0 < rows && rows - at.0 >= Tl::ROWS && at.1 < cols && cols - at.1 >= Tl::COLS
}

/// A matrix as [`copy_whole`] reads it: its data and its number of columns.
type Source<T> = (*const T, usize);

/// The whole-tile copy of [`copy_tile`]: chunk `q` of the tile is thread `q % THREADS`'s, each
/// one 16-byte `cp.async`, with no edge arithmetic.
///
/// # Safety
/// As [`copy_tile`] for `dst.0`, a tile whose 32-bit shared address is `dst.1`; and
/// `whole_inside::<Tl>(m, at)` holds for the matrix `m` whose data and
/// columns `src` are, its data alive until the copies have landed (the pipeline's
/// `cp.async.wait_group`s: at the latest its drop).
#[inline(always)]
unsafe fn copy_whole<Tl: TileShape, const THREADS: usize>(
    dst: (*mut Tl::Elem, u32),
    src: Source<Tl::Elem>,
    at: (usize, usize),
    t: usize,
) {
    let per = Tl::Elem::CHUNK;
    let per_row = Tl::COLS / per;
    let chunks = Tl::ROWS * per_row;
    const { assert!(Tl::ROWS * Tl::COLS / Tl::Elem::CHUNK <= 64 * THREADS, "oxpack: at most 64 chunks per thread in a tile") };
    let (data, cols) = src;
    let size = core::mem::size_of::<Tl::Elem>();
    // element (at.0 + r, at.1 + c) of the matrix: at.0 + r < rows, at.1 + c < cols. The base is
    // the same in every thread of the block (a uniform register), each chunk's byte offset from
    // it below ROWS·cols·size < 2³² (the caller's `whole_inside`): a 32-bit offset each, loop
    // invariant, so a k step moves one base instead of a 64-bit pointer per chunk.
    let base = data.wrapping_add(at.0 * cols + at.1) as *const u8;
    each16!(chunks.div_ceil(THREADS), |i| {
        let q = t + i * THREADS;
        if q < chunks {
            let (r, ch) = (q / per_row, q % per_row);
            let from = base.wrapping_add(((r * cols + per * ch) * size) as u32 as usize);
            let to = offset::<Tl>(r, ch);
            // SAFETY: `to` is 16 bytes of the tile, this thread's alone (q ↦ (r, ch) is
            // one-to-one and q belongs to t alone; `offset` permutes row r's chunks); `from` is
            // chunk `ch` of row at.0 + r < rows, columns at.1 + per·ch .. + per ≤ cols (the tile
            // is inside the matrix): `per` elements, 16 bytes, inside the data ((at.0 + r)·cols +
            // cols ≤ rows·cols ≤ len, `matrix`), 16-byte aligned (aligned data, cols % per == 0);
            // its offset (r·cols + per·ch)·size < ROWS·cols·size ≤ u32::MAX (`whole_inside`), so
            // the `as u32` keeps it whole.
            // On the GPU by the tile's 32-bit shared address (`dst.1`), elsewhere its pointer.
            #[cfg(target_arch = "nvptx64")]
            unsafe {
                rt::__oxpack_cp_async_16_s(dst.1.wrapping_add((to * core::mem::size_of::<Tl::Elem>()) as u32), from as *const u8)
            };
            #[cfg(not(target_arch = "nvptx64"))]
            // SAFETY: as above.
            unsafe {
                rt::__oxpack_cp_async_16(dst.0.wrapping_add(to) as *mut u8, from as *const u8, 16)
            };
        }
    });
}

/// Proof, from [`Pipeline::whole_k`], that the tiles of k steps `0..steps` of a GEMM's block lie
/// wholly inside both matrices with 16-byte-aligned rows: what [`Pipeline::fill_k_whole`] copies
/// without a test per step. Holds the matrices' data borrowed (`'m`).
pub struct WholeK<'m, TA: TileShape, TB: TileShape> {
    a: Source<TA::Elem>,
    b: Source<TB::Elem>,
    m0: usize,
    n0: usize,
    steps: usize,
    _m: PhantomData<(&'m [TA::Elem], &'m [TB::Elem])>,
}

impl<TA: TileShape, TB: TileShape> WholeK<'_, TA, TB> {
    /// The number of k steps proved whole.
    #[inline(always)]
    pub fn steps(&self) -> usize {
        self.steps
    }
}

#[repr(C, align(16))]
struct Chunk([u8; 16]);

/// The view of one filled stage of a [`Pipeline`], from [`Pipeline::wait`]: its tiles are
/// complete and visible to the whole block while it lives. Dropping it lets the stage be
/// filled again (after a barrier).
pub struct Stage<'p, const S: usize, const THREADS: usize, TA: TileShape, TB: TileShape> {
    pipe: &'p Pipeline<S, THREADS, TA, TB>,
    slot: usize,
}

impl<const S: usize, const THREADS: usize, TA: TileShape, TB: TileShape> Stage<'_, S, THREADS, TA, TB> {
    /// The stage's A-side tile.
    #[inline(always)]
    pub fn a(&self) -> TileRef<'_, TA> {
        let at = self.slot * TA::ROWS * TA::COLS;
        let sa = self.pipe.sa.0.wrapping_add((at * core::mem::size_of::<TA::Elem>()) as u32);
        TileRef { ptr: self.pipe.a.wrapping_add(at), sa, _s: PhantomData }
    }

    /// The stage's B-side tile.
    #[inline(always)]
    pub fn b(&self) -> TileRef<'_, TB> {
        let at = self.slot * TB::ROWS * TB::COLS;
        let sa = self.pipe.sa.1.wrapping_add((at * core::mem::size_of::<TB::Elem>()) as u32);
        TileRef { ptr: self.pipe.b.wrapping_add(at), sa, _s: PhantomData }
    }
}

impl<const S: usize, const THREADS: usize, TA: TileShape, TB: TileShape> Drop for Stage<'_, S, THREADS, TA, TB> {
    #[inline(always)]
    fn drop(&mut self) {
        let p = self.pipe;
        if p.released_since_barrier.get() == u32::MAX {
            p.released_since_barrier.set(p.consumed.get() - 1); // this view's stage number
        }
        p.live.set(false);
    }
}

/// Declares a [`Pipeline`] of `STAGES` stages of an A-side and a B-side tile in block-shared
/// memory, for a block of `THREADS` threads (checked: another block size traps), e.g.
/// `cp_async_pipeline!(3, 128, ATile<BF16, 128, 32>, BtTile<BF16, 128, 32>)`. Creating it is a
/// block barrier. Shared memory holds `STAGES` × both tiles (48 KiB at most in all, with the
/// block's other shared arrays).
#[macro_export]
macro_rules! cp_async_pipeline {
    ($stages:expr, $threads:expr, $ta:ty, $tb:ty $(,)?) => {{
        let __a = {
            static __OXPACK_SHARED: $crate::async_copy::TileCell<
                <$ta as $crate::mma::TileShape>::Elem,
                { $stages * <$ta as $crate::mma::TileShape>::ROWS * <$ta as $crate::mma::TileShape>::COLS },
            > = $crate::async_copy::TileCell::new();
            &__OXPACK_SHARED
        };
        let __b = {
            static __OXPACK_SHARED: $crate::async_copy::TileCell<
                <$tb as $crate::mma::TileShape>::Elem,
                { $stages * <$tb as $crate::mma::TileShape>::ROWS * <$tb as $crate::mma::TileShape>::COLS },
            > = $crate::async_copy::TileCell::new();
            &__OXPACK_SHARED
        };
        // SAFETY: the two statics above, this expansion's own, in block-shared memory.
        unsafe { $crate::async_copy::Pipeline::<{ $stages }, { $threads }, $ta, $tb>::__new(__a, __b) }
    }};
}

