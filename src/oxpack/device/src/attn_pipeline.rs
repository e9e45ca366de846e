//! The attention pipeline (sm_90a): a TMA pipeline of k and v tiles, `wgmma` with A in
//! registers, and the row operations of an online softmax on warpgroup accumulators.
//!
//! FlashAttention-3's structure, with every piece the library's and typed:
//!
//! | item | what it is |
//! | --- | --- |
//! | [`AttnPipeline<T, S, D>`] | a block's 128 rows of q (loaded once) and `S` stages of a 128-row k tile and a 128-row v tile (head dim `D` = 64 or 128), in the block's dynamic shared memory, each stage with a "full" and an "empty" `mbarrier`, plus one for q |
//! | [`AttnProducer`] | warpgroup 0's first thread: [`load_q`](AttnProducer::load_q) once, then one [`load_kv`](AttnProducer::load_kv) per stage (TMA copies) |
//! | [`AttnConsumer`] | a thread of consumer warpgroup 1 or 2 (64 rows of q each): [`wait`](AttnConsumer::wait) gives a [`KvStage`] |
//! | [`AttnPipeline::pingpong`] | the two consumer warpgroups take turns for their `q·kᵀ` (two more `mbarrier`s): one's softmax runs beside the other's GEMM |
//! | [`WgAccum::qk`] | `s ← s + q·kᵀ`: the consumer warpgroup's 64 rows of q times the stage's k tile, `wgmma` from shared memory, both K-major (a GEMM's NT case) |
//! | [`WgAccum::to_bf16_a`] | the accumulators rounded to bf16 as a register A operand ([`WgAFrag`]): a row of the m64nN accumulator layout is the row of the m64k16 A fragment layout, so no value moves |
//! | [`WgAccum::pv`] | `o ← o + p·v`: p from registers, v from the stage's shared tile read N-major (`wgmma`'s transpose bit: v is kv × d row-major) |
//! | [`WgAccum::row_max`], [`row_sum`](WgAccum::row_sum), [`map_rows`](WgAccum::map_rows), [`mask`](WgAccum::mask) | an online softmax on the accumulators: each thread holds 2 rows ([`WgRows`]), the 4 lanes of a quad share them (two `shfl.bfly`) |
//! | [`AttnTiles<D>`] | the output layout: block `b` owns one 128-row tile of one (batch, head) sequence, consumer warpgroup `c` its rows `64c..64c + 64` |
//! | [`VarlenWgTiles<D>`] | the same over a packed `(total, heads, D)` batch of sequences of different lengths (offsets in device memory, checked by every block before the roles part) |
//! | [`KvStage::zero_v_from`] | zeros in the v tile's rows past a sequence's end, which a packed source ([`TmaHeads`](crate::tma::TmaHeads)) read from the next sequence |
//!
//! **Operands.** q, k and v are 3-D TMA sources ([`TmaSource3`]): `(batch · heads, seq, D)`
//! row-major (torch's `(b, h, n, d)` contiguous, viewed as `(-1, n, d)`). A tile of 128 rows
//! starts at a sequence's row `128·i` and is copied by `cp.async.bulk.tensor.3d` at (column, row,
//! sequence): past the sequence's end the TMA reads zeros, never the next sequence's rows, so a
//! NaN or infinity of another (batch, head) cannot reach this one through 0 · NaN. The kernel
//! masks those columns' scores to `-inf` (probabilities exact zeros).
//!
//! **The protocol**, as in [`TmaPipeline`](crate::mbarrier::TmaPipeline): the producer makes exactly
//! one `load_q` and then `steps` `load_kv`s; each consumer thread exactly `steps` waits (the first
//! also waits for q); a call past `steps`, or a role dropped short, traps (in emulation a wait
//! that can never complete is a deadlock, `KernelBarrierError`). `qk` and `pv` issue their
//! `wgmma`s, commit them and wait for them before they return, so no `wgmma` reads a stage after
//! its view is dropped, and no register is read while one is in flight. They are
//! warpgroup-collective: a warp running them without all 32 lanes traps.
//!
//! **Types as the rules.** A [`WgAFrag<N>`] exists only in the thread that converted it (not
//! `Copy`, not `Clone`, no shuffle, not an element type: it cannot reach shared or global memory
//! or another warpgroup); [`WgAccum::pv`] takes the fragment of the stage's width (128 columns of
//! p for 128 rows of v) and an accumulator of the stage's head dim, and its stage must hold
//! [`BF16`] (the transposed read is the bf16 instruction's); `qk` likewise takes a 128-wide
//! accumulator. Each is a type error otherwise.
//!
//! Needs sm_90a; the runtime functions are `__oxpack_sm90a_*` (the register-A `wgmma`s are
//! `__oxpack_sm90a_wgmma_rs_*`).

use core::cell::Cell;
use core::marker::PhantomData;

use crate::disjoint::DisjointSlice;
use crate::half::BF16;
use crate::intrinsics::sm90a as rt;
use crate::mbarrier::{new_pipeline, roles, StageMemory};
use crate::tma::{coord, TmaElem, TmaSource3, BOX_BYTES, BOX_ROWS};
use crate::wgmma::{descriptor, each, fail, wg_lane, whole_warp, WgAccum, WgCols, WgWidth, WG_ROWS, WG_THREADS};
use crate::layout::Layout;
use crate::mma::{FromAccum, KvHeads};
use crate::sealed::Sealed;
use crate::shared_mem::DynShared;
use crate::Elem;

/// True while the thread unwinds from a trap (emulation only: on the GPU a trap ends the thread).
#[inline(always)]
fn unwinding() -> bool {
    #[cfg(not(target_arch = "nvptx64"))]
    return rt::unwinding();
    #[cfg(target_arch = "nvptx64")]
    false
}

/// Rows of q per block (two consumer warpgroups).
pub const BQ: usize = 128;
/// Rows of k and v per stage (the scores' width: `WgAccum<BKV>`).
pub const BKV: usize = 128;

/// The descriptor of an N-major (transposed), 128-byte-swizzled operand at `addr`: rows of 128
/// bytes hold 64 consecutive n of one k, 8 such rows (k) form a 1024-byte swizzle atom (the
/// stride between 8-k groups, SBO), and the next 64 n start `lbo` bytes further (LBO).
#[inline(always)]
fn descriptor_n(addr: u32, lbo: usize) -> u64 {
    ((addr as u64 >> 4) & 0x3fff)
        | (((lbo as u64 >> 4) & 0x3fff) << 16)
        | ((1024u64 >> 4) << 32)
        | (1u64 << 62)
}

// ---------------------------------------------------------------------------- shapes

/// A pipeline's shape, for the bound [`AttnShape`].
pub struct AttnShapeOf<const S: usize, const D: usize>;

/// The shapes an [`AttnPipeline`] takes: 1 to 4 stages, head dim D = 64 or 128. Sealed.
#[diagnostic::on_unimplemented(
    message = "`AttnPipeline<T, S, D>` takes 1 to 4 stages and head dim D = 64 or 128 (`{Self}` is not)",
    label = "not an attention pipeline shape",
    note = "e.g. `AttnPipeline<BF16, 2, 128>`: 2 stages of 128-row k and v tiles of head dim 128"
)]
pub trait AttnShape {}
impl AttnShape for AttnShapeOf<1, 64> {}
impl AttnShape for AttnShapeOf<2, 64> {}
impl AttnShape for AttnShapeOf<3, 64> {}
impl AttnShape for AttnShapeOf<4, 64> {}
impl AttnShape for AttnShapeOf<1, 128> {}
impl AttnShape for AttnShapeOf<2, 128> {}

/// The register-A `wgmma` widths N (64, 128, 256): `WgAFrag<N>`'s words and the instruction.
/// Sealed.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a register-A wgmma width: a fragment of p is 64 × 64, 64 × 128 or 64 × 256",
    label = "not N = 64, 128 or 256"
)]
pub trait AFragWidth: WgWidth {
    #[doc(hidden)]
    type Words: Copy;
    #[doc(hidden)]
    const ZERO: Self::Words;
    #[doc(hidden)]
    unsafe fn wgmma_rs_tb(d: *mut f32, a: [u32; 4], db: u64);
}
/// The `AFragWidth` of `WgCols<$n>`: `$n / 4` words of bf16 pairs and its register-A `wgmma`.
macro_rules! a_frag_width {
    ($n:literal, $wgmma:ident) => {
        impl AFragWidth for WgCols<$n> {
            type Words = [u32; $n / 4];
            const ZERO: [u32; $n / 4] = [0; $n / 4];
            #[inline(always)]
            #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
            unsafe fn wgmma_rs_tb(d: *mut f32, a: [u32; 4], db: u64) {
                // SAFETY: the caller's: `d` holds N / 2 floats.
                unsafe { rt::$wgmma(d, a[0], a[1], a[2], a[3], db) }
            }
        }
    };
}
a_frag_width!(64, __oxpack_sm90a_wgmma_rs_m64n64k16_bf16_tb);
a_frag_width!(128, __oxpack_sm90a_wgmma_rs_m64n128k16_bf16_tb);
a_frag_width!(256, __oxpack_sm90a_wgmma_rs_m64n256k16_bf16_tb);

// ---------------------------------------------------------------------------- the pipeline

/// A block's 128 rows of q and `S` stages of 128-row k and v tiles (head dim `D`), elements
/// `T`, filled by TMA and read by `wgmma`; see the module docs. The block has 3 warpgroups (384
/// threads): warpgroup 0 loads, warpgroups 1 and 2 compute 64 rows of q each. The launch gives
/// it [`SHARED_BYTES`](Self::SHARED_BYTES) of dynamic shared memory.
pub struct AttnPipeline<T, const S: usize, const D: usize> {
    tiles: *mut u8,
    steps: usize,
    pingpong: bool,
    _t: PhantomData<T>,
}

impl<T, const S: usize, const D: usize> AttnPipeline<T, S, D> {
    /// Bytes of one k (or v) tile.
    const KV_BYTES: usize = BKV * D * 2;
    /// Bytes of the q tile.
    const Q_BYTES: usize = BQ * D * 2;

    #[inline(always)]
    fn q_tile(&self) -> *mut u8 {
        self.tiles
    }

    #[inline(always)]
    fn k_tile(&self, s: usize) -> *mut u8 {
        self.tiles.wrapping_add(Self::Q_BYTES + s * Self::KV_BYTES)
    }

    #[inline(always)]
    fn v_tile(&self, s: usize) -> *mut u8 {
        self.tiles.wrapping_add(Self::Q_BYTES + (S + s) * Self::KV_BYTES)
    }

    #[inline(always)]
    fn bars(&self) -> *mut u8 {
        self.tiles.wrapping_add(Self::Q_BYTES + 2 * S * Self::KV_BYTES)
    }

    #[inline(always)]
    fn q_full(&self) -> *mut u64 {
        self.bars() as *mut u64
    }

    #[inline(always)]
    fn full(&self, s: usize) -> *mut u64 {
        self.bars().wrapping_add(8 * (1 + s)) as *mut u64
    }

    #[inline(always)]
    fn empty(&self, s: usize) -> *mut u64 {
        self.bars().wrapping_add(8 * (1 + S + s)) as *mut u64
    }

    /// Consumer warpgroup `wg`'s turn on the tensor cores ([`pingpong`](Self::pingpong)): the other
    /// warpgroup's 128 threads arrive on it once they have issued their `q·kᵀ`.
    #[inline(always)]
    fn turn(&self, wg: usize) -> *mut u64 {
        self.bars().wrapping_add(8 * (1 + 2 * S + wg)) as *mut u64
    }

    /// The calling consumer thread's turn barrier (`other` 0) or the other consumer warpgroup's (1),
    /// its warpgroup read from the thread's index through an opaque move, so that LLVM makes the
    /// address where it is used (a few integer instructions) from values the loop holds anyway,
    /// rather than holding it in a register of its own across the consumer's loop.
    #[inline(always)]
    fn turn_of(&self, other: usize) -> *mut u64 {
        let t = rt::__oxpack_sm90a_opaque(crate::block_thread_linear() as u32) as usize;
        self.turn(((t / WG_THREADS) ^ other ^ 1) & 1)
    }

}

impl<T: TmaElem, const S: usize, const D: usize> AttnPipeline<T, S, D> {
    /// Dynamic shared memory the launch must give: q, the stages, their barriers (q's, two per
    /// stage, and the two warpgroups' turns) and 1024 bytes of slack to align the tiles to the
    /// swizzle's 1024-byte period.
    pub const SHARED_BYTES: usize = (BQ + 2 * S * BKV) * D * 2 + 8 * (3 + 2 * S) + 1024;
    /// Threads per block: a producer warpgroup and two consumer warpgroups.
    pub const THREADS: usize = 3 * WG_THREADS;

    /// The pipeline over the block's dynamic shared memory (`shared`, taken by value), for
    /// `steps` stages of k and v (the same in every thread). Traps when the launch gave less
    /// than [`SHARED_BYTES`](Self::SHARED_BYTES) or the block is not 384 threads. A block
    /// barrier: every thread calls it.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn new<U: Elem>(shared: DynShared<U>, steps: usize) -> Self
    where
        AttnShapeOf<S, D>: AttnShape,
    {
        new_pipeline(shared, steps)
    }

    /// The same pipeline with the two consumer warpgroups taking turns on the tensor cores
    /// (FlashAttention-3's pingpong): [`AttnConsumer::wait`] also waits for the warpgroup's turn,
    /// and the stage's first [`WgAccum::qk`] gives the turn to the other warpgroup once its
    /// `wgmma`s are issued (or the stage's release does, where no `qk` ran), so that one
    /// warpgroup's softmax and `p·v` run beside the other's `q·kᵀ` instead of both warpgroups
    /// doing the same thing at once. The first turn is consumer warpgroup 0's. Each stage passes
    /// the turn exactly once, whatever the consumer does with it, so the warpgroups always
    /// alternate; the turns order the issue of the `wgmma`s only, what a warpgroup computes is the
    /// same.
    #[inline(always)]
    pub fn pingpong(self) -> Self {
        AttnPipeline { pingpong: true, ..self }
    }

    /// The calling thread's role: warpgroup 0's first thread is the [`AttnProducer`], its
    /// other threads [`AttnRole::Idle`], every thread of warpgroups 1 and 2 an [`AttnConsumer`].
    #[inline(always)]
    pub fn role(self) -> AttnRole<T, S, D> {
        roles!(AttnRole::Producer(AttnProducer { pipe: self, loaded: 0, q: false }), AttnRole::Idle,
               |wg| AttnRole::Consumer(AttnConsumer { pipe: self, waited: 0, wg }))
    }

    /// Runs `producer` in the producer thread and `consumer` in every consumer thread (the
    /// idle threads return), each given `x`, with registers moved from the producer warpgroup
    /// to the consumers (`setmaxnreg`: 40 for warpgroup 0, 232 for the others; the kernel is
    /// `#[launch_bounds(384, 1)]`).
    #[inline(always)]
    pub fn run_with_registers<X>(
        self,
        x: X,
        producer: impl FnOnce(AttnProducer<T, S, D>, X),
        consumer: impl FnOnce(AttnConsumer<T, S, D>, X),
    ) {
        roles!(registers: producer(AttnProducer { pipe: self, loaded: 0, q: false }, x),
               |wg| consumer(AttnConsumer { pipe: self, waited: 0, wg }, x));
    }
}

impl<T: TmaElem, const S: usize, const D: usize> StageMemory for AttnPipeline<T, S, D> {
    const BYTES: usize = Self::SHARED_BYTES;
    const BLOCK: usize = Self::THREADS;
    const ERRORS: [&'static str; 2] = [
        "AttnPipeline: the launch gives less dynamic shared memory than the pipeline's SHARED_BYTES; \
         pass that many bytes for the kernel's DynShared parameter",
        "AttnPipeline: the block is not THREADS = 384 threads (one producer warpgroup, two consumer warpgroups)",
    ];
    #[inline(always)]
    fn at(tiles: *mut u8, steps: usize) -> Self {
        AttnPipeline { tiles, steps, pingpong: false, _t: PhantomData }
    }
    #[inline(always)]
    fn init_barriers(&self) {
        // SAFETY: barriers of this pipeline's memory (inside SHARED_BYTES, 8-aligned),
        // initialised before `new_pipeline`'s block barrier lets any thread use them.
        unsafe {
            rt::__oxpack_sm90a_mbarrier_init(self.q_full(), 1);
            each!(S, |s| {
                rt::__oxpack_sm90a_mbarrier_init(self.full(s), 1);
                rt::__oxpack_sm90a_mbarrier_init(self.empty(s), (2 * WG_THREADS) as u32);
            });
            rt::__oxpack_sm90a_mbarrier_init(self.turn(0), WG_THREADS as u32);
            rt::__oxpack_sm90a_mbarrier_init(self.turn(1), WG_THREADS as u32);
        }
    }
}

/// What a thread of an [`AttnPipeline`]'s block does; see [`AttnPipeline::role`].
pub enum AttnRole<T, const S: usize, const D: usize> {
    /// Warpgroup 0, thread 0: issues the TMA copies.
    Producer(AttnProducer<T, S, D>),
    /// Warpgroups 1 and 2: compute.
    Consumer(AttnConsumer<T, S, D>),
    /// Warpgroup 0's other threads.
    Idle,
}

/// The thread that fills an [`AttnPipeline`] by TMA: one [`load_q`](Self::load_q), then exactly
/// `steps` [`load_kv`](Self::load_kv)s.
pub struct AttnProducer<T, const S: usize, const D: usize> {
    pipe: AttnPipeline<T, S, D>,
    loaded: usize,
    q: bool,
}

impl<T: TmaElem, const S: usize, const D: usize> AttnProducer<T, S, D> {
    /// Issues the copies of D / 64 × 2 boxes of `src`'s sequence `seq` (its rows `row..row +
    /// rows`, all D columns; zeros past the sequence's end) into `dst` (D / 64 column blocks of
    /// `rows` rows of 128 bytes), counted on `bar`.
    ///
    /// # Safety
    /// `dst` is `rows · D · 2` bytes of the pipeline's shared memory, 1024-aligned, this
    /// producer's until `bar`'s phase completes; `bar` expects the bytes.
    #[inline(always)]
    unsafe fn copy(dst: *mut u8, src: &TmaSource3<T>, seq: usize, row: usize, rows: usize, bar: *mut u64) {
        // plain loops (one thread issues the copies; nothing here lives in registers): two nested
        // `each!` would expand the body 128 × 128 times, which the debug profile cannot compile
        for kc in 0..D / 64 {
            for rb in 0..rows / BOX_ROWS {
                // SAFETY: the caller's; the box lands inside `dst`.
                unsafe {
                    rt::__oxpack_sm90a_tma_load_3d(
                        dst.add(kc * rows * 128 + rb * BOX_BYTES), src.map, coord(kc * 64), coord(row + rb * BOX_ROWS),
                        coord(seq), bar,
                    )
                };
            }
        }
    }

    /// Loads the block's 128 rows of q: rows `row..row + 128` of sequence `seq` of `q` (a
    /// `seqs × rows × D` array; past the sequence's end the TMA reads zeros). Once, before any [`load_kv`](Self::load_kv); traps
    /// when `q` does not have D columns.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn load_q(&mut self, q: &TmaSource3<T>, seq: usize, row: usize) {
        if self.q {
            fail("AttnPipeline: the producer loads q twice");
        }
        if q.cols() != D {
            fail("AttnPipeline: q does not have D columns (the pipeline's head dim)");
        }
        let p = &self.pipe;
        // SAFETY: the maps are the launch's; the q tile is written once, before any consumer
        // reads it (they wait for its barrier).
        unsafe {
            rt::__oxpack_sm90a_prefetch_tensormap(q.map);
            rt::__oxpack_sm90a_mbarrier_arrive_expect_tx(p.q_full(), AttnPipeline::<T, S, D>::Q_BYTES as u32);
            Self::copy(p.q_tile(), q, seq, row, BQ, p.q_full());
        }
        self.q = true;
    }

    /// Fills the next stage: rows `row..row + 128` of sequence `seq` of `k` and of `v` (each a
    /// `seqs × rows × D` array; zeros past the sequence's end). Waits first until every consumer released the stage it reuses. Traps before
    /// [`load_q`](Self::load_q), after `steps` loads, or when k or v does not have D columns.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn load_kv(&mut self, k: &TmaSource3<T>, v: &TmaSource3<T>, seq: usize, row: usize) {
        let n = self.loaded;
        if !self.q {
            fail("AttnPipeline: the producer loads k and v before q");
        }
        if n >= self.pipe.steps {
            fail("AttnPipeline: the producer loads more stages than the pipeline's `steps`");
        }
        if k.cols() != D || v.cols() != D {
            fail("AttnPipeline: k or v does not have D columns (the pipeline's head dim)");
        }
        let p = &self.pipe;
        let (s, round) = (n % S, (n / S) as u32);
        crate::at!();
        rt::mbarrier_wait(p.empty(s), (round & 1) ^ 1);
        // SAFETY: the stage is this producer's until its "full" phase completes (the "empty"
        // wait above); the tiles are 1024-aligned.
        unsafe {
            if n == 0 {
                rt::__oxpack_sm90a_prefetch_tensormap(k.map);
                rt::__oxpack_sm90a_prefetch_tensormap(v.map);
            }
            rt::__oxpack_sm90a_mbarrier_arrive_expect_tx(p.full(s), 2 * AttnPipeline::<T, S, D>::KV_BYTES as u32);
            Self::copy(p.k_tile(s), k, seq, row, BKV, p.full(s));
            Self::copy(p.v_tile(s), v, seq, row, BKV, p.full(s));
        }
        self.loaded = n + 1;
    }
}

impl<T, const S: usize, const D: usize> Drop for AttnProducer<T, S, D> {
    #[inline(always)]
    fn drop(&mut self) {
        if (!self.q || self.loaded != self.pipe.steps) && !unwinding() {
            fail("AttnPipeline: the producer ends without q or with fewer loads than `steps`: the consumers would wait forever");
        }
    }
}

/// A thread of a consumer warpgroup of an [`AttnPipeline`]: exactly `steps` waits.
pub struct AttnConsumer<T, const S: usize, const D: usize> {
    pipe: AttnPipeline<T, S, D>,
    waited: usize,
    wg: usize,
}

impl<T: TmaElem, const S: usize, const D: usize> AttnConsumer<T, S, D> {
    /// The consumer warpgroup's index (0 or 1): its rows of q are `64 · index ..` of the block's.
    #[inline(always)]
    pub fn index(&self) -> usize {
        self.wg
    }

    /// Waits for this warpgroup's turn on the tensor cores for stage `n` (pingpong): turn `n` of
    /// warpgroup 0 comes after warpgroup 1 passed turn `n - 1` (turn 0 at once), warpgroup 1's
    /// after warpgroup 0 passed turn `n`.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    fn take_turn(&self, n: usize) {
        if self.wg == 1 && n == 0 {
            // the first turn is warpgroup 0's
            // SAFETY: the barrier, initialised by `new`.
            unsafe { rt::__oxpack_sm90a_mbarrier_arrive(self.pipe.turn(0)) };
        }
        crate::at!();
        rt::mbarrier_wait(self.pipe.turn_of(0), (n & 1) as u32);
    }

    /// Waits until the next stage is full (and, the first time, q) and returns its view;
    /// dropping the view releases the stage to the producer. Traps after `steps` waits.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn wait(&mut self) -> KvStage<'_, T, S, D> {
        let n = self.waited;
        if n >= self.pipe.steps {
            fail("AttnPipeline: a consumer waits for more stages than the pipeline's `steps`");
        }

        crate::at!();
        if n == 0 {
            rt::mbarrier_wait(self.pipe.q_full(), 0);
        }
        let s = n % S;
        crate::at!();
        rt::mbarrier_wait(self.pipe.full(s), ((n / S) as u32) & 1);
        if self.pipe.pingpong {
            self.take_turn(n);
        }
        self.waited = n + 1;
        KvStage { cons: self, slot: s, turn: Cell::new(self.pipe.pingpong) }
    }
}

impl<T, const S: usize, const D: usize> Drop for AttnConsumer<T, S, D> {
    #[inline(always)]
    fn drop(&mut self) {
        if self.waited != self.pipe.steps && !unwinding() {
            fail("AttnPipeline: a consumer ends with fewer waits than `steps`: the producer would wait forever");
        }

    }
}

/// A consumer's view of one full stage (and of q), from [`AttnConsumer::wait`]. Dropping it
/// arrives on the stage's "empty" barrier.
pub struct KvStage<'c, T, const S: usize, const D: usize> {
    cons: &'c AttnConsumer<T, S, D>,
    slot: usize,
    /// Whether the view still holds its warpgroup's turn ([`AttnPipeline::pingpong`]).
    turn: Cell<bool>,
}

impl<T, const S: usize, const D: usize> KvStage<'_, T, S, D> {
    /// Gives the turn to the other warpgroup, once per stage (pingpong; nothing otherwise).
    /// Warpgroup 1's last pass completes a phase of warpgroup 0's barrier that nobody waits for.
    #[inline(always)]
    fn pass_turn(&self) {
        if self.turn.replace(false) {
            // SAFETY: the other warpgroup's turn barrier, initialised by `new`.
            unsafe { rt::__oxpack_sm90a_mbarrier_arrive(self.cons.pipe.turn_of(1)) };
        }
    }
}

impl<T: TmaElem, const S: usize, const D: usize> KvStage<'_, T, S, D> {
    /// Sets rows `from..128` of the stage's v tile to zeros (nothing for `from` ≥ 128): the rows of a
    /// tile that a packed source ([`TmaHeads`](crate::tma::TmaHeads)) read past the end of the
    /// block's sequence, which hold the next sequence's values (finite or not). Their columns of p
    /// are zeros, but 0 · NaN and 0 · ∞ are NaN: zeroed, they add nothing to `p·v`.
    ///
    /// Consumer-collective: every thread of both consumer warpgroups calls it, in the same stage,
    /// with the same `from`, after the stage's [`qk`](WgAccum::qk) (under
    /// [`pingpong`](AttnPipeline::pingpong) the turns order the `qk`s, and a warpgroup waiting here
    /// must not hold the other's turn) and before [`pv`](WgAccum::pv). The threads split the rows'
    /// stores, make them visible to the tensor cores (`fence.proxy.async`) and meet at named barrier
    /// 1 (`bar.sync 1, 256`), so no `wgmma` of either warpgroup reads the tile before every zero is
    /// written. A consumer that skips it leaves the other waiting for good (in emulation a
    /// `KernelBarrierError`).
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn zero_v_from(&self, from: usize) {
        // in 32 bits, and the tile's address and the thread's place hidden from LLVM (as in `mask`):
        // made here, in the branch that calls this, rather than hoisted out of the consumer's loop into
        // registers held across it (one address per stage)
        let from = from.min(BKV) as u32;
        let tiles = self.cons.pipe.tiles;
        // `v_tile(slot)`, in bytes from the tiles
        let v = AttnPipeline::<T, S, D>::Q_BYTES + (S + self.slot) * AttnPipeline::<T, S, D>::KV_BYTES;
        let t = rt::__oxpack_sm90a_opaque(crate::block_thread_linear() as u32) - WG_THREADS as u32; // 0..256
        let words = (BKV as u32 - from) * 16; // u64 words of the rows in one 64-column block of the tile
        for kc in 0..D / 64 {
            // the column block's rows are 128 bytes each; the swizzle moves 16-byte chunks within a row
            let at = rt::__oxpack_sm90a_opaque((v + kc * BKV * 128) as u32 + from * 128) as usize;
            let base = tiles.wrapping_add(at) as *mut u64;
            let mut i = t;
            while i < words {
                // SAFETY: inside the stage's v tile (column block kc, rows from..128); the stage is
                // full (its TMA copies landed: the view waited for them) and stays the consumers'
                // until both warpgroups drop their views; no `wgmma` reads it until the barrier below.
                unsafe { base.add(i as usize).write(0) };
                i += 2 * WG_THREADS as u32;
            }
        }
        rt::__oxpack_sm90a_fence_proxy_async();
        rt::__oxpack_sm90a_bar_sync_consumers();
    }
}

impl<T, const S: usize, const D: usize> Drop for KvStage<'_, T, S, D> {
    #[inline(always)]
    fn drop(&mut self) {
        self.pass_turn();
        // SAFETY: the stage's barrier, initialised by `new`.
        unsafe { rt::__oxpack_sm90a_mbarrier_arrive(self.cons.pipe.empty(self.slot)) };
    }
}

// ---------------------------------------------------------------------------- register operands

/// A warpgroup's 64 × N block of bf16 values as `wgmma`'s register A operand (N / 16 k16 steps,
/// 4 words of bf16 pairs per thread each), from [`WgAccum::to_bf16_a`]. Not `Copy`, not
/// `Clone`, no shuffle, not an element: it stays in the thread that made it.
pub struct WgAFrag<const N: usize>
where
    WgCols<N>: AFragWidth,
{
    r: <WgCols<N> as AFragWidth>::Words,
}

/// One value per row of a warpgroup's 64-row accumulator block: each thread holds those of the
/// two rows whose accumulators it holds (rows `16w + g` and `16w + g + 8`), as row maxima and
/// sums of an online softmax. From [`WgRows::splat`] and [`WgAccum`]'s row reductions.
#[derive(Clone, Copy)]
pub struct WgRows {
    v: [f32; 2],
}

impl WgRows {
    /// `x` for every row.
    #[inline(always)]
    pub const fn splat(x: f32) -> Self {
        WgRows { v: [x; 2] }
    }

    /// `f(x)` for each row's `x`.
    #[inline(always)]
    pub fn map(&self, f: impl Fn(f32) -> f32) -> Self {
        WgRows { v: [f(self.v[0]), f(self.v[1])] }
    }

    /// `f(x, y)` for each row's `x` here and `y` in `other`.
    #[inline(always)]
    pub fn zip(&self, other: &Self, f: impl Fn(f32, f32) -> f32) -> Self {
        WgRows { v: [f(self.v[0], other.v[0]), f(self.v[1], other.v[1])] }
    }
}

/// `v` combined with `op` over the 4 lanes of a quad (two `shfl.bfly`).
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
fn quad_reduce(v: f32, op: &impl Fn(f32, f32) -> f32) -> f32 {
    let v = op(v, crate::warp::shfl_xor(v, 1));
    op(v, crate::warp::shfl_xor(v, 2))
}

impl<const N: usize> WgAccum<N>
where
    WgCols<N>: WgWidth,
{
    #[inline(always)]
    fn vals(&self) -> *const f32 {
        &self.r as *const _ as *const f32
    }

    /// Each row's N accumulators combined with `op` (associative and commutative, as max and
    /// +): the thread's own values in column order, then across the 4 lanes sharing the rows
    /// (`shfl.bfly`). Warp-collective.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn row_reduce(&self, op: impl Fn(f32, f32) -> f32) -> WgRows {
        whole_warp();
        let v = self.vals();
        // SAFETY (both): indices below N / 2, the register count.
        let mut r = unsafe { [op(*v, *v.add(1)), op(*v.add(2), *v.add(3))] };
        each!(N / 8 - 1, |j| {
            let b = 4 * (j + 1);
            unsafe {
                r[0] = op(r[0], op(*v.add(b), *v.add(b + 1)));
                r[1] = op(r[1], op(*v.add(b + 2), *v.add(b + 3)));
            }
        });
        WgRows { v: [quad_reduce(r[0], &op), quad_reduce(r[1], &op)] }
    }

    /// Each row's maximum ([`row_reduce`](Self::row_reduce) with `max`; NaN ignored).
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn row_max(&self) -> WgRows {
        self.row_reduce(f32::max)
    }

    /// Each row's sum ([`row_reduce`](Self::row_reduce) with `+`).
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn row_sum(&self) -> WgRows {
        self.row_reduce(|a, b| a + b)
    }

    /// `v ← f(v, x)` for each accumulator `v`, with `x` its row's value in `rows`.
    #[inline(always)]
    pub fn map_rows(&mut self, rows: &WgRows, f: impl Fn(f32, f32) -> f32) {
        let d = self.regs();
        each!(N / 2, |i| {
            // SAFETY: i < N / 2; element i % 4 < 2 is row g's, the others row g + 8's.
            unsafe { *d.add(i) = f(*d.add(i), rows.v[(i % 4) >> 1]) };
        });
    }

    /// Calls `f(row, col, &mut v)` for each of the thread's accumulators, with its row (`0..64`)
    /// and column (`0..N`) in the warpgroup's block.
    #[inline(always)]
    pub fn for_each_mut(&mut self, mut f: impl FnMut(usize, usize, &mut f32)) {
        let (w, g, t) = wg_lane();
        let d = self.regs();
        each!(N / 2, |i| {
            let (j, e) = (i / 4, i % 4);
            // SAFETY: i < N / 2.
            f(16 * w + g + 8 * (e >> 1), 8 * j + 2 * t + (e & 1), unsafe { &mut *d.add(i) });
        });
    }

    /// Sets to `value` every accumulator in column `cols` or right of it, and, with `diag` =
    /// `Some(d)`, every one whose column minus row exceeds `d` (rows and columns in the
    /// warpgroup's 64 × N block): a ragged last tile and a causal mask.
    #[inline(always)]
    pub fn mask(&mut self, cols: usize, diag: Option<isize>, value: f32) {
        // the thread's place from its index, hidden from LLVM: computed here, in the mask's
        // branch, rather than hoisted out of the softmax loop as two more registers held across it
        let tid = rt::__oxpack_sm90a_opaque(crate::block_thread_linear() as u32) as usize % WG_THREADS;
        let (w, g, t) = (tid / 32, (tid % 32) / 4, tid % 4);
        // accumulator i sits at column 2t + col and at column minus row 2t - (16w + g) + off
        // (`col`, `off` below: constants of i, in -8..N); so it is masked when col ≥ cols - 2t, or
        // off > d + 16w + g - 2t. The bounds are computed once per call and each accumulator
        // compares a constant against them: written the other way round (2t + col ≥ cols), LLVM
        // hoists the N / 2 sums out of the softmax loop, where they take registers (and spill).
        // In 32 bits: cols and d are clamped to ±2^30, beyond which no column of the block (nor
        // every one) compares otherwise, so the answers are those of the exact bounds.
        const LIM: isize = 1 << 30;
        let lane = (16 * w + g) as i32 - 2 * t as i32;
        let col_lim = cols.min(LIM as usize) as i32 - 2 * t as i32;
        let diag_lim = diag.map(|dg| dg.clamp(-LIM, LIM) as i32 + lane);
        let d = self.regs();
        each!(N / 2, |i| {
            let (j, e) = (i / 4, i % 4);
            let col = (8 * j + (e & 1)) as i32;
            let off = col - (8 * (e >> 1)) as i32;
            if col >= col_lim || diag_lim.is_some_and(|dl| off > dl) {
                // SAFETY: i < N / 2.
                unsafe { *d.add(i) = value };
            }
        });
    }

    /// The accumulators rounded to bf16 (nearest even) as `wgmma`'s register A operand: a
    /// 64 × N block of A, N / 16 k16 steps. The accumulator of columns `16s..16s + 16` holds,
    /// in each thread, the rows and column pairs that the A fragment of k step `s` holds, so no
    /// value moves between threads.
    #[inline(always)]
    pub fn to_bf16_a(&self) -> WgAFrag<N>
    where
        WgCols<N>: AFragWidth,
    {
        let mut f = WgAFrag::<N> { r: <WgCols<N> as AFragWidth>::ZERO };
        let w = &mut f.r as *mut _ as *mut u32;
        let v = self.vals();
        each!(N / 4, |i| {
            // word i: accumulators 2i, 2i + 1 (columns 2t, 2t + 1 of one row): A's words of a k
            // step are (g, 2t..), (g + 8, 2t..), (g, 2t + 8..), (g + 8, 2t + 8..), the
            // accumulators 8s..8s + 8 in order
            // SAFETY: i < N / 4, 2i + 1 < N / 2.
            unsafe { *w.add(i) = BF16::pack2(*v.add(2 * i), *v.add(2 * i + 1)) };
        });
        f
    }
}

impl WgAccum<BKV> {
    /// `s ← s + q·kᵀ`: the consumer warpgroup's 64 rows of the block's q times the stage's
    /// 128 rows of k, over the head dim (D / 16 `wgmma` m64n128k16, both operands K-major in
    /// shared memory), committed and waited for. Warpgroup-collective (traps in a divergent warp).
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn qk<const S: usize, const D: usize>(&mut self, stage: &KvStage<'_, BF16, S, D>) {
        whole_warp();
        let p = &stage.cons.pipe;
        let d = self.regs();
        // SAFETY: shared addresses of the pipeline's tiles.
        let (q, k) = unsafe { (rt::__oxpack_sm90a_smem(p.q_tile()), rt::__oxpack_sm90a_smem(p.k_tile(stage.slot))) };
        // the warpgroup's rows of q: the same address every step, hidden from LLVM so that the
        // D / 16 descriptors below are made here each step (a few integer instructions) rather
        // than hoisted out of the caller's loop into D / 16 registers held across it
        let q = rt::__oxpack_sm90a_opaque(q + (stage.cons.wg * WG_ROWS * 128) as u32);
        rt::__oxpack_sm90a_wgmma_fence();
        each!(D / 16, |s| {
            let (kc, kk) = (s / 4, s % 4);
            let qa = q + (kc * BQ * 128 + 32 * kk) as u32;
            let ka = k + (kc * BKV * 128 + 32 * kk) as u32;
            // SAFETY: `d` holds 64 floats; q and the stage are full and stay so until the wait
            // below (the view outlives this call).
            unsafe { <WgCols<BKV> as WgWidth>::wgmma(d, descriptor(qa), descriptor(ka)) };
        });
        rt::__oxpack_sm90a_wgmma_commit();
        stage.pass_turn(); // pingpong: the other warpgroup may issue its own now
        rt::__oxpack_sm90a_wgmma_wait0();
    }
}

impl<const D: usize> WgAccum<D>
where
    WgCols<D>: AFragWidth,
{
    /// `o ← o + p·v`: the warpgroup's 64 × 128 block of p (registers, bf16) times the stage's
    /// 128 × D tile of v, read N-major (the transpose bit), 8 `wgmma` m64nDk16, committed and
    /// waited for. Warpgroup-collective (traps in a divergent warp).
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn pv<const S: usize>(&mut self, p: &WgAFrag<BKV>, stage: &KvStage<'_, BF16, S, D>) {
        whole_warp();
        let pipe = &stage.cons.pipe;
        let d = self.regs();
        // SAFETY: the shared address of the stage's v tile.
        let v = unsafe { rt::__oxpack_sm90a_smem(pipe.v_tile(stage.slot)) };
        let a = &p.r;
        rt::__oxpack_sm90a_wgmma_fence();
        each!(BKV / 16, |s| {
            // k step s: rows 16s.. of v (two 8-row groups of 1024 bytes); the next 64 columns
            // of v (the column block) BKV · 128 bytes further
            let db = descriptor_n(v + (2048 * s) as u32, BKV * 128);
            // SAFETY: `d` holds D / 2 floats; the stage is full until the wait below.
            unsafe { <WgCols<D> as AFragWidth>::wgmma_rs_tb(d, [a[4 * s], a[4 * s + 1], a[4 * s + 2], a[4 * s + 3]], db) };
        });
        rt::__oxpack_sm90a_wgmma_commit();
        rt::__oxpack_sm90a_wgmma_wait0();
    }
}

// ---------------------------------------------------------------------------- output ownership

/// Output layout for attention on an [`AttnPipeline`]: `groups` sequences (batch × heads) of
/// `seq` rows × D columns (the shape `= (seq)` in `kernel!`), each cut into 128-row tiles.
/// Block `b` of a 1-D grid owns tile `tiles - 1 - b % tiles` of sequence `b / tiles` (a
/// sequence's blocks next to each other, so that the blocks running at once read the k and v of a
/// few sequences, which stay in L2, rather than of every one; each sequence's last tiles first:
/// the longest under a causal mask), consumer warpgroup `c` its rows `64c ..
/// 64c + 64`, each thread the elements of the `wgmma` accumulator layout there; rows past the
/// sequence's end are not stored. The block must be 384 threads and the grid 1-D, else
/// [`seq_block`](DisjointSlice::seq_block) gives `None`.
pub struct AttnTiles<const D: usize>;

impl<const D: usize> Sealed for AttnTiles<D> {}
impl<const D: usize> Layout for AttnTiles<D> {}

crate::disjoint::bind_shape! {
    [const D: usize] AttnTiles<D> => [seq];
}

impl<T: Elem, const D: usize> DisjointSlice<T, AttnTiles<D>> {
    /// Rows per sequence, bound from the launch's parameters.
    #[inline(always)]
    pub fn seq_len(&self) -> usize {
        self.shape[0]
    }

    /// How many whole sequences (`seq × D` each) the output holds. Divides with no 64-bit
    /// division instruction (a subroutine call in SASS, which would serialize every `wgmma` of the
    /// kernel: see `tile_grid::quot`).
    #[inline(always)]
    pub fn groups(&self) -> usize {
        match self.shape[0].checked_mul(D) {
            Some(per) if per > 0 => crate::tile_grid::quot(self.len, per),
            _ => 0,
        }
    }

    /// How the output's sequences share the sequences of k and v when k and v hold `kv_len`
    /// elements each ([`KvHeads`]: grouped-query attention); `None` unless `kv_len` is a whole,
    /// nonzero number of `seq × D` sequences whose count divides [`groups`](Self::groups).
    #[inline(always)]
    pub fn kv_heads(&self, kv_len: usize) -> Option<KvHeads> {
        KvHeads::new(self.groups(), self.shape[0].checked_mul(D)?, kv_len)
    }

    /// How many tiles cover the output (`groups · ceil(seq / 128)`): launch that many blocks.
    #[inline(always)]
    pub fn block_tiles(&self) -> usize {
        self.groups() * self.shape[0].div_ceil(BQ)
    }

    /// The calling block's (sequence, first row in it), or `None` for a block past the last
    /// tile, a block that is not 384 threads or a grid that is not 1-D (the same for every
    /// thread of a block).
    #[inline(always)]
    pub fn seq_block(&self) -> Option<(usize, usize)> {
        let (d, g, b) = (crate::grid::block_dim(), crate::grid::grid_dim(), crate::grid::block_idx());
        if d.x as usize * d.y as usize * d.z as usize != 3 * WG_THREADS || g.y != 1 || g.z != 1 {
            return None;
        }
        let (rows, groups) = (self.shape[0], self.groups());
        let tiles = rows.div_ceil(BQ);
        let block = b.x as usize;
        if groups == 0 || block >= groups * tiles {
            return None;
        }
        let (group, tile) = crate::tile_grid::seq_major(block, tiles);
        Some((group, tile * BQ))
    }

    /// The calling consumer warpgroup's 64 rows of its block's tile; `None` as for
    /// [`seq_block`](Self::seq_block).
    #[inline(always)]
    pub fn wg_seq_tile<U, const S: usize>(&mut self, c: &AttnConsumer<U, S, D>) -> Option<AttnTile<'_, T, D>> {
        let (group, row0) = self.seq_block()?;
        Some(AttnTile { ptr: self.ptr, group, rows: self.shape[0], row0: row0 + c.wg * WG_ROWS, _out: PhantomData })
    }
}

/// A consumer warpgroup's 64 × D part of an [`AttnTiles`] output; see
/// [`DisjointSlice::wg_seq_tile`](DisjointSlice#method.wg_seq_tile).
pub struct AttnTile<'a, T, const D: usize> {
    ptr: *mut T,
    group: usize,
    rows: usize,
    row0: usize,
    _out: PhantomData<&'a mut DisjointSlice<T>>,
}

impl<T: Elem, const D: usize> AttnTile<'_, T, D>
where
    WgCols<D>: WgWidth,
{
    /// The warpgroup's first row in its sequence.
    #[inline(always)]
    pub fn row(&self) -> usize {
        self.row0
    }

    /// Writes the warpgroup's accumulators, converted to T (f32 as is, BF16 and F16 rounded to
    /// nearest even); rows past the sequence's end are skipped.
    #[inline(always)]
    pub fn store(&mut self, acc: &WgAccum<D>)
    where
        T: FromAccum,
    {
        // the sequence starts at group · rows · D < groups · rows · D ≤ len (`seq_block`)
        let base = self.ptr.wrapping_add(self.group * self.rows * D);
        // SAFETY: r < rows and c < D: inside the group's sequence, inside the slice; (block,
        // warpgroup, thread, i) ↦ (group, r, c) is one-to-one (see `AttnTiles`), so no other thread
        // of the launch writes it.
        unsafe { store_wg_rows(base, D, self.row0, self.rows, acc) };
    }
}

/// Writes the calling warpgroup's 64 × D accumulators `acc` (converted to T) to rows `row0..` of the
/// row-major rows at `base`, `stride` elements apart (D for a sequence's own rows, more for one head
/// of a packed array), skipping rows at or past `rows`: element (r, c) of a thread's fragments goes
/// to `base + r · stride + c`. The `wgmma` accumulator layout of [`AttnTile::store`] and
/// [`AttnVarlenTile::store`].
///
/// # Safety
/// For every r < `rows` in `row0..row0 + 64` and every c < D, `base + r · stride + c` is inside one
/// live allocation and no other thread writes or reads it meanwhile.
#[inline(always)]
unsafe fn store_wg_rows<T: Elem + FromAccum, const D: usize>(
    base: *mut T, stride: usize, row0: usize, rows: usize, acc: &WgAccum<D>,
) where
    WgCols<D>: WgWidth,
{
    let (w, g, t) = wg_lane();
    let row = row0 + 16 * w + g;
    let v = acc.vals();
    each!(D / 2, |i| {
        let (j, e) = (i / 4, i % 4);
        let (r, c) = (row + 8 * (e >> 1), 8 * j + 2 * t + (e & 1));
        if r < rows {
            // SAFETY: r < rows and c < D (the accumulator layout): the caller's contract; i < D / 2.
            unsafe { base.add(r * stride + c).write(T::from_acc(*v.add(i))) };
        }
    });
}

// ---------------------------------------------------------------------------- variable-length output

/// Output layout for attention on an [`AttnPipeline`] over a batch of sequences of different
/// lengths: a packed `(total, heads, D)` tensor (FlashAttention's varlen layout), `heads` the shape
/// (`= (heads)` in `kernel!`), sequence `s` being rows `cu[s]..cu[s + 1]` of an offsets array `cu`
/// of `batch + 1` `i32` in device memory. Block `b` of a 1-D grid owns the 128-row tile of one
/// (sequence, head) that [`VarlenTiles`](crate::mma::VarlenTiles) with 128-row tiles gives it (the
/// last tiles first); consumer warpgroup `c` its rows `64c..64c + 64`, each thread the elements of
/// the `wgmma` accumulator layout there; rows past the sequence's end are not stored.
///
/// [`varlen_block`](DisjointSlice::varlen_block) checks the offsets in every block, before the
/// producer and the consumers part (the same check as `VarlenTiles`': `batch + 1` loads per block, a
/// barrier), and traps on offsets that are not the row ranges of `batch` sequences of at most
/// `max_seqlen` rows covering the output exactly, or on too few blocks. So, as for `VarlenTiles`,
/// no two threads of a launch write one element and none writes outside its sequence.
pub struct VarlenWgTiles<const D: usize>;

impl<const D: usize> Sealed for VarlenWgTiles<D> {}
impl<const D: usize> Layout for VarlenWgTiles<D> {}

crate::disjoint::bind_shape! {
    [const D: usize] VarlenWgTiles<D> => [heads];
}

/// The tile of a block of a [`VarlenWgTiles`] output, from
/// [`varlen_block`](DisjointSlice::varlen_block): its sequence, head, rows. Made only there.
#[derive(Clone, Copy)]
pub struct VarlenBlock {
    seq: usize,
    head: usize,
    start: usize,
    rows: usize,
    row0: usize,
    cu: *const i32,
    len: usize,
    max: usize,
}

impl VarlenBlock {
    /// The block's sequence: `0..batch`.
    #[inline(always)]
    pub fn seq(&self) -> usize {
        self.seq
    }

    /// The block's head: `0..heads`.
    #[inline(always)]
    pub fn head(&self) -> usize {
        self.head
    }

    /// The sequence's first row in the packed array (`cu[seq]`).
    #[inline(always)]
    pub fn start(&self) -> usize {
        self.start
    }

    /// The sequence's rows (`cu[seq + 1] − cu[seq]`, at least 1).
    #[inline(always)]
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The first row of the block's tile in its sequence (a multiple of 128, below `rows`).
    #[inline(always)]
    pub fn row(&self) -> usize {
        self.row0
    }

    /// The token that lets a consumer warpgroup take its part of the tile after its loop
    /// ([`wg_varlen_tile`](DisjointSlice::wg_varlen_tile)) without holding the block's values in
    /// registers across it: the offsets and bound the block was checked with, which the tile
    /// compares with the ones it is given (the same kernel parameters in a kernel: LLVM folds the
    /// comparison, and the token costs no register).
    #[inline(always)]
    pub fn checked(&self) -> VarlenChecked {
        VarlenChecked { cu: self.cu, len: self.len, max: self.max }
    }
}

/// That a block checked its offsets ([`VarlenBlock::checked`]): the offsets' address and count, and
/// the bound on a sequence's rows.
#[derive(Clone, Copy)]
pub struct VarlenChecked {
    cu: *const i32,
    len: usize,
    max: usize,
}

impl<T: Elem, const D: usize> DisjointSlice<T, VarlenWgTiles<D>> {
    /// Heads per row, bound from the launch's parameters.
    #[inline(always)]
    pub fn heads(&self) -> usize {
        self.shape[0]
    }

    /// The output's rows (tokens, `len / (heads · D)`); `None` unless the output is whole rows of a
    /// nonzero `heads × D`.
    #[inline(always)]
    pub fn total(&self) -> Option<usize> {
        let per = self.shape[0].checked_mul(D).filter(|&p| p > 0)?;
        let total = crate::tile_grid::quot(self.len, per);
        (total * per == self.len).then_some(total)
    }

    /// Block-collective (every thread of the block calls it, with the same arguments, before the
    /// pipeline's roles part: it holds a barrier): the calling block's tile for sequences at offsets
    /// `cu` of at most `max_seqlen` rows (see [`VarlenWgTiles`]); `None` for a block past the last
    /// tile or whose tile starts past its sequence's end, a block that is not 384 threads or a grid
    /// that is not 1-D (the same for every thread of a block, so the block may return as a whole).
    /// Traps (before any thread writes) on offsets that are not valid for this output, an output that
    /// is not whole rows, or too few blocks for `batch · heads · ceil(max_seqlen / 128)` tiles.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn varlen_block(&self, cu: &[i32], max_seqlen: usize) -> Option<VarlenBlock> {
        let (d, g, b) = (crate::grid::block_dim(), crate::grid::grid_dim(), crate::grid::block_idx());
        if d.x as usize * d.y as usize * d.z as usize != 3 * WG_THREADS || g.y != 1 || g.z != 1 {
            return None;
        }
        let Some(total) = self.total() else { crate::trap() }; // not whole rows of heads × D
        let (seq, head, start, rows, row0) =
            crate::mma::varlen_block::<BQ>(cu, total, self.shape[0], max_seqlen, g.x, b.x)?;
        Some(VarlenBlock { seq, head, start, rows, row0, cu: cu.as_ptr(), len: cu.len(), max: max_seqlen })
    }

    /// The calling block's tile again, as [`varlen_block`](Self::varlen_block) found it for the
    /// offsets `cu` and bound `max_seqlen` it checked (whose [`checked`](VarlenBlock::checked) token
    /// this takes), by any thread (no barrier): found from the block's index, its sequence's offsets
    /// read and checked against this output again, so that a role part after the block's check need
    /// not hold the block's values in registers. Traps when `cu` or `max_seqlen` are not the ones
    /// checked, or when the sequence does not fit this output; `None` as for `varlen_block`.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn varlen_block_again(&self, checked: VarlenChecked, cu: &[i32], max_seqlen: usize) -> Option<VarlenBlock> {
        if checked.cu != cu.as_ptr() || checked.len != cu.len() || checked.max != max_seqlen {
            crate::trap(); // not the offsets this block checked
        }
        let (g, b) = (crate::grid::grid_dim(), crate::grid::block_idx());
        let Some(total) = self.total() else { crate::trap() };
        // the block's index hidden from LLVM, which would otherwise reuse the values `varlen_block`
        // found (the same pure inputs) and hold them in registers through the roles' code
        let block = rt::__oxpack_sm90a_opaque(b.x);
        let (seq, head, start, rows, row0) =
            crate::mma::varlen_map::<BQ>(cu, total, self.shape[0], max_seqlen, g.x, block)?;
        Some(VarlenBlock { seq, head, start, rows, row0, cu: cu.as_ptr(), len: cu.len(), max: max_seqlen })
    }

    /// The calling consumer warpgroup's 64 rows of its block's tile, found again
    /// ([`varlen_block_again`](Self::varlen_block_again): the same token, offsets and bound, the
    /// same traps), so the block's values need not live in registers through the consumer's loop.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn wg_varlen_tile<U, const S: usize>(
        &mut self, checked: VarlenChecked, cu: &[i32], max_seqlen: usize, c: &AttnConsumer<U, S, D>,
    ) -> Option<AttnVarlenTile<'_, T, D>> {
        let VarlenBlock { head, start, rows, row0, .. } = self.varlen_block_again(checked, cu, max_seqlen)?;
        let heads = self.shape[0];
        Some(AttnVarlenTile {
            ptr: self.ptr,
            stride: heads * D,
            at: start * heads * D + head * D,
            rows,
            row0: row0 + c.wg * WG_ROWS,
            _out: PhantomData,
        })
    }
}

/// A consumer warpgroup's 64 × D part of a [`VarlenWgTiles`] output; see
/// [`DisjointSlice::wg_varlen_tile`](DisjointSlice#method.wg_varlen_tile).
pub struct AttnVarlenTile<'a, T, const D: usize> {
    ptr: *mut T,
    stride: usize,
    at: usize,
    rows: usize,
    row0: usize,
    _out: PhantomData<&'a mut DisjointSlice<T>>,
}

impl<T: Elem, const D: usize> AttnVarlenTile<'_, T, D>
where
    WgCols<D>: WgWidth,
{
    /// The warpgroup's first row in its sequence.
    #[inline(always)]
    pub fn row(&self) -> usize {
        self.row0
    }

    /// Writes the warpgroup's accumulators, converted to T (f32 as is, BF16 and F16 rounded to
    /// nearest even); rows past the sequence's end are skipped.
    #[inline(always)]
    pub fn store(&mut self, acc: &WgAccum<D>)
    where
        T: FromAccum,
    {
        // row 0 of the sequence at the head: start · heads · D + head · D < total · heads · D = len
        let base = self.ptr.wrapping_add(self.at);
        // SAFETY: r < rows and c < D: (start + r) · heads · D + head · D + c < (start + rows) · heads ·
        // D ≤ len (checked in `wg_varlen_tile`), inside the slice; rows start..start + rows are this
        // sequence's alone (offsets checked in `varlen_block`), and (block, warpgroup, thread, i) ↦
        // (seq, head, r, c) is one-to-one (see `VarlenWgTiles`), so no other thread of the launch
        // writes it.
        unsafe { store_wg_rows(base, self.stride, self.row0, self.rows, acc) };
    }
}
