//! The TMA pipeline: stages of block-shared memory that one thread fills by TMA copies and the
//! consumer warpgroups read with `wgmma`, handed over on `mbarrier`s (sm_90a).
//!
//! | type | what it is |
//! | --- | --- |
//! | [`TmaPipeline<S, BM, BN, E, B>`] | `S` stages of a `BM`-row A tile and a `BN`-row B tile (rows of 128 bytes: 64 bf16, 32 f32 for tf32 when `E = f32`, 128 FP8 when `E = E4M3` or `E5M2`) in the block's dynamic shared memory, each with a "full" and an "empty" `mbarrier`; A's elements are `E`, B's `B` (by default `E`: they differ only for the FP8 pairs E5M2 × E4M3 and E4M3 × E5M2, [`WgmmaPair`]) |
//! | [`Role`] | what a thread does: warpgroup 0's first thread is the [`Producer`] (TMA), warpgroups 1.. are [`Consumer`]s (wgmma), the rest idle ([`TmaPipeline::role`], or [`TmaPipeline::run_with_registers`] with a closure per role) |
//! | [`TmaStage`] | a consumer's view of one full stage; dropping it releases the stage to the producer |
//! | [`Producer::load_tiles`], [`Consumer::multiply_tiles`], [`Consumer::multiply_staged`], [`TmaPipeline::run_tile`] | a GEMM C = A·Bᵀ's roles, whole, over a [`WgTiles`] output: the loads of the block's tiles, their products stored per tile (or through the staging area, with an epilogue), and the body of a one-tile kernel of two consumer warpgroups |
//!
//! The sources are [`tma`](crate::tma)'s, the accumulators and the output layout
//! [`wgmma`](crate::wgmma)'s; the attention pipeline ([`attn_pipeline`](crate::attn_pipeline))
//! runs the same protocol.
//!
//! # Safety: the protocol, enforced as it runs
//! - [`TmaPipeline::new`] takes the kernel's [`DynShared`] parameter by value (so no other view
//!   of the block's dynamic shared memory exists), checks its size and the block's shape (1 +
//!   BM / 64 warpgroups), initialises the barriers in one thread and ends with a block barrier;
//! - [`Producer::load`] waits until the stage it fills is empty (its "empty" barrier: every
//!   consumer thread released it), announces the stage's bytes on its "full" barrier and issues
//!   the copies; [`Consumer::wait`] waits on the "full" barrier (all bytes landed) and gives the
//!   [`TmaStage`], whose drop arrives on the "empty" one. The parity each waits for is the pipeline's
//!   count of its own calls, kept in the role: a kernel never names a phase.
//! - Both roles make exactly `steps` calls (given to `new`): a `load` or `wait` past `steps`
//!   traps, and so does a role dropped before making all of them — the other side would wait
//!   forever on a barrier nobody arrives at. In emulation a wait that can never complete is
//!   reported as a deadlock (`KernelBarrierError`), naming the thread.
//! - [`WgAccum::mma`] issues the stage's four k16 `wgmma`s, commits them and waits for them
//!   (`wgmma.wait_group 0`) before it returns: no `wgmma` still reads a stage when its view
//!   ends, and no accumulator register is read while one is in flight. [`Consumer::multiply`]
//!   (and `multiply_steps`, a tile's worth) runs the whole loop itself, keeping one stage's
//!   `wgmma`s in flight (`wait_group 1`) and releasing each stage once its own are complete.
//!   FP8 stages are promoted one at a time ([`WgmmaInput`]); `multiply_steps_scaled` multiplies
//!   each by a factor per stage and row as it promotes it (block scales).
//! - A persistent kernel runs one pipeline over several tiles: `steps` counts them all, and
//!   [`DisjointSlice::block_tile_count`](crate::DisjointSlice::block_tile_count) /
//!   [`tile_origin`](crate::DisjointSlice::tile_origin) /
//!   [`wg_tile_at`](crate::DisjointSlice::wg_tile_at) give block `b` of `G` the tiles `b`, `b + G`, ….
//!
//! Needs sm_90a; the runtime functions behind it are named `__oxpack_sm90a_*`, and a kernel that
//! uses them is built for sm_90a only.

use core::marker::PhantomData;

use crate::half::BF16;
use crate::intrinsics::sm90a as rt;
use crate::shared_mem::DynShared;
use crate::tma::{coord, tma_load, TmaSource, BOX_BYTES, BOX_ROWS};
use crate::wgmma::{
    each, fail, issue, whole_warp, Fp8Input, StageElem, WgAccum, WgCols, WgStaging, WgTile, WgTiles, WgWidth, WgmmaInput,
    WgmmaPair,
    WG_ROWS, WG_THREADS,
};
use crate::{DisjointSlice, Elem};

/// The roles of a TMA pipeline's block, for `role` and `run_with_registers` of both pipelines
/// ([`TmaPipeline`] and `attn_pipeline.rs`'s `AttnPipeline`): warpgroup 0's first thread is the
/// producer, its other threads are idle, every thread of warpgroups 1.. a consumer, of consumer
/// warpgroup `wg` (its warpgroup's number less one).
/// - `roles!(producer, idle, |wg| consumer)`: the calling thread's role, one of the three
///   expressions;
/// - `roles!(registers: producer, |wg| consumer)`: moves registers from warpgroup 0 to the others
///   (`setmaxnreg`: 40 for warpgroup 0, 232 for the others), then evaluates `producer` in the
///   producer thread and `consumer` in each consumer thread (each role one branch of a single
///   `if`/`else`; the idle threads do nothing).
macro_rules! roles {
    ($producer:expr, $idle:expr, |$wg:ident| $consumer:expr) => {{
        let t = crate::block_thread_linear();
        if t < crate::wgmma::WG_THREADS {
            if t == 0 { $producer } else { $idle }
        } else {
            let $wg = t / crate::wgmma::WG_THREADS - 1;
            $consumer
        }
    }};
    (registers: $producer:expr, |$wg:ident| $consumer:expr) => {{
        let t = crate::block_thread_linear();
        if t < crate::wgmma::WG_THREADS {
            crate::intrinsics::sm90a::__oxpack_sm90a_setmaxnreg_dec40();
            if t == 0 {
                $producer;
            }
        } else {
            crate::intrinsics::sm90a::__oxpack_sm90a_setmaxnreg_inc232();
            let $wg = t / crate::wgmma::WG_THREADS - 1;
            $consumer;
        }
    }};
}
pub(crate) use roles;


// ---------------------------------------------------------------------------- the pipeline

/// Tile depth per stage (elements of k): one 128-byte swizzle atom of bf16.
pub const STAGE_K: usize = 64;

/// A pipeline's shape, for the bound [`PipelineShape`].
pub struct PipeShape<const S: usize, const BM: usize, const BN: usize>;

/// The shapes a [`TmaPipeline`] takes: 1 to 16 stages, BM = 64, 128 or 192 rows of A (one consumer
/// warpgroup per 64), BN = 64, 128 or 256 columns (the `wgmma` N). Sealed. The stages must also fit
/// the block's shared memory (227 KiB on Hopper, with the kernel's static shared memory): a launch
/// of more [`SHARED_BYTES`](TmaPipeline::SHARED_BYTES) than the GPU gives is refused. Deep pipelines
/// of small tiles (`TmaPipeline<12, 64, 64>`: 192 KiB) keep many copies in flight for a GEMM that
/// waits on memory.
#[diagnostic::on_unimplemented(
    message = "`TmaPipeline<S, BM, BN>` takes 1 to 16 stages, BM = 64, 128 or 192 and BN = 64, 128 or 256 (`{Self}` is not)",
    label = "not a pipeline shape",
    note = "e.g. `TmaPipeline<4, 128, 256>`: 4 stages of a 128 × 64 A tile and a 256 × 64 B tile, two consumer warpgroups"
)]
pub trait PipelineShape {}
macro_rules! shapes {
    ($($s:literal)*) => {$(
        impl PipelineShape for PipeShape<$s, 64, 64> {}
        impl PipelineShape for PipeShape<$s, 64, 128> {}
        impl PipelineShape for PipeShape<$s, 64, 256> {}
        impl PipelineShape for PipeShape<$s, 128, 64> {}
        impl PipelineShape for PipeShape<$s, 128, 128> {}
        impl PipelineShape for PipeShape<$s, 128, 256> {}
        impl PipelineShape for PipeShape<$s, 192, 64> {}
        impl PipelineShape for PipeShape<$s, 192, 128> {}
        impl PipelineShape for PipeShape<$s, 192, 256> {}
    )*};
}
shapes!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16);

/// `S` stages of a `BM × 64` A tile and a `BN × 64` B tile (bf16, swizzled) in the block's
/// dynamic shared memory, filled by TMA and read by `wgmma`; see the module docs. `E` is the
/// element type of A (bf16 by default), `B` that of B (by default `E`; another only for the FP8
/// pairs of [`WgmmaPair`]: `TmaPipeline<6, 128, 128, E5M2, E4M3>` multiplies an E5M2 A by an
/// E4M3 B).
///
/// The block has `1 + BM / 64` warpgroups (`128 · (1 + BM / 64)` threads): warpgroup 0 loads,
/// the others multiply. The launch gives it [`SHARED_BYTES`](Self::SHARED_BYTES) of dynamic
/// shared memory (the kernel's `DynShared` parameter, in bytes).
pub struct TmaPipeline<const S: usize, const BM: usize, const BN: usize, E: WgmmaPair<B> = BF16, B: WgmmaInput = E> {
    tiles: *mut u8,
    steps: usize,
    _e: PhantomData<(E, B)>,
}

impl<const S: usize, const BM: usize, const BN: usize, E: WgmmaPair<B>, B: WgmmaInput> TmaPipeline<S, BM, BN, E, B> {
    /// Bytes of one stage (both tiles).
    pub const STAGE_BYTES: usize = (BM + BN) * 128;
    /// Elements of k per stage: a 128-byte row of E (64 for BF16, 32 for f32); the producer's
    /// `k0` advances by this much per stage.
    pub const STAGE_K: usize = 128 / core::mem::size_of::<E>();
    /// Dynamic shared memory the launch must give: the stages, their barriers and 1024 bytes
    /// of slack to align the tiles to the swizzle's 1024-byte period.
    pub const SHARED_BYTES: usize = S * (BM + BN) * 128 + 16 * S + 1024;
    /// Threads per block: warpgroup 0 loads, one warpgroup per 64 rows of A multiplies.
    pub const THREADS: usize = WG_THREADS * (1 + BM / WG_ROWS);

    /// The pipeline over the block's dynamic shared memory (`shared`, taken by value: no other
    /// view of it exists), for `steps` stages of k (`ceil(k / 64)`; the same in every thread).
    /// Traps when the launch gave less than [`SHARED_BYTES`](Self::SHARED_BYTES) or the block is
    /// not [`THREADS`](Self::THREADS) threads. A block barrier: every thread calls it.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn new<T: Elem>(shared: DynShared<T>, steps: usize) -> Self
    where
        PipeShape<S, BM, BN>: PipelineShape,
    {
        new_pipeline(shared, steps)
    }

    #[inline(always)]
    pub(crate) fn a_tile(&self, s: usize) -> *mut u8 {
        self.tiles.wrapping_add(s * BM * 128)
    }

    #[inline(always)]
    pub(crate) fn b_tile(&self, s: usize) -> *mut u8 {
        self.tiles.wrapping_add(S * BM * 128 + s * BN * 128)
    }

    #[inline(always)]
    fn full(&self, s: usize) -> *mut u64 {
        self.tiles.wrapping_add(S * (BM + BN) * 128 + 8 * s) as *mut u64
    }

    #[inline(always)]
    fn empty(&self, s: usize) -> *mut u64 {
        self.tiles.wrapping_add(S * (BM + BN) * 128 + 8 * (S + s)) as *mut u64
    }

    /// The calling thread's role: warpgroup 0's first thread is the [`Producer`], its other
    /// threads [`Role::Idle`], every thread of warpgroups 1.. a [`Consumer`]. (For register
    /// reallocation between the roles, [`run_with_registers`](Self::run_with_registers).)
    #[inline(always)]
    pub fn role(self) -> Role<S, BM, BN, E, B> {
        roles!(Role::Producer(Producer { pipe: self, loaded: 0 }), Role::Idle,
               |wg| Role::Consumer(Consumer { pipe: self, waited: 0, wg }))
    }

    /// Runs `producer` in the producer thread and `consumer` in every consumer thread (the idle
    /// threads return), each given `x` (what both need, e.g. the output: one of them gets it, so
    /// both may borrow it mutably), each role one branch of a single `if`/`else`, with registers moved from
    /// the producer warpgroup to the consumers (`setmaxnreg`: 40 for warpgroup 0, 232 for the
    /// others): for blocks of 3 warpgroups (BM = 128) under `#[launch_bounds(384, 1)]`, where 128
    /// · (40 + 2 · 232) registers fit the multiprocessor's 64 Ki. The compiler then gives the
    /// consumers' code up to 232 registers (a 64 × 256 accumulator takes 128).
    #[inline(always)]
    pub fn run_with_registers<X>(
        self,
        x: X,
        producer: impl FnOnce(Producer<S, BM, BN, E, B>, X),
        consumer: impl FnOnce(Consumer<S, BM, BN, E, B>, X),
    ) {
        const { assert!(BM == 128, "oxpack: `run_with_registers` is for BM = 128 (3 warpgroups)") };
        roles!(registers: producer(Producer { pipe: self, loaded: 0 }, x),
               |wg| consumer(Consumer { pipe: self, waited: 0, wg }, x));
    }

    /// As [`role`](Self::role), moving registers from the producer warpgroup to the consumers
    /// (`setmaxnreg`: 40 for warpgroup 0, 232 for the others), for blocks of 3 warpgroups
    /// (BM = 128) under `#[launch_bounds(384, 1)]`, where 128 · (40 + 2 · 232) registers fit
    /// the multiprocessor's 64 Ki. [`run_with_registers`](Self::run_with_registers) is the form
    /// the compiler can follow (each role one branch of one `if`/`else`).
    #[inline(always)]
    pub fn role_with_registers(self) -> Role<S, BM, BN, E, B> {
        const { assert!(BM == 128, "oxpack: `role_with_registers` is for BM = 128 (3 warpgroups)") };
        if crate::block_thread_linear() < WG_THREADS {
            rt::__oxpack_sm90a_setmaxnreg_dec40();
        } else {
            rt::__oxpack_sm90a_setmaxnreg_inc232();
        }
        self.role()
    }
}

/// A pipeline of TMA stages in the block's dynamic shared memory: [`TmaPipeline`] and the
/// attention's `AttnPipeline`, made by [`new_pipeline`].
pub(crate) trait StageMemory: Sized {
    /// Dynamic shared memory the launch must give (bytes).
    const BYTES: usize;
    /// Threads per block.
    const BLOCK: usize;
    /// The traps' messages: too little dynamic shared memory, a block of other than BLOCK threads.
    const ERRORS: [&'static str; 2];
    /// The pipeline whose tiles start at `tiles` (1024-aligned), for `steps` stages.
    fn at(tiles: *mut u8, steps: usize) -> Self;
    /// Initialises the barriers (in one thread, before any thread uses them).
    fn init_barriers(&self);
}

/// The pipeline `P` over the block's dynamic shared memory (`shared`, taken by value: no other
/// view of it exists), for `steps` stages, its tiles at the first byte whose shared address is a
/// multiple of 1024 (the swizzle's period). Traps unless the launch gave at least `P::BYTES` of
/// it and the block is `P::BLOCK` threads; initialises the barriers in the block's first
/// thread, then fences them and ends with a block barrier: every thread calls it.
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub(crate) fn new_pipeline<T: Elem, P: StageMemory>(shared: DynShared<T>, steps: usize) -> P {
    if shared.len().saturating_mul(core::mem::size_of::<T>()) < P::BYTES {
        fail(P::ERRORS[0]);
    }
    if crate::thread::threads_per_block() != P::BLOCK {
        fail(P::ERRORS[1]);
    }
    let base = rt::dynamic_shared();
    // SAFETY: the address of the block's dynamic shared memory.
    let sa = unsafe { rt::__oxpack_sm90a_smem(base) } as usize;
    let pipe = P::at(base.wrapping_add(sa.next_multiple_of(1024) - sa), steps);
    if crate::block_thread_linear() == 0 {
        pipe.init_barriers();
        rt::__oxpack_sm90a_mbarrier_init_fence();
    }
    crate::sync::sync_threads();
    drop(shared);
    pipe
}

impl<const S: usize, const BM: usize, const BN: usize, E: WgmmaPair<B>, B: WgmmaInput> StageMemory for TmaPipeline<S, BM, BN, E, B> {
    const BYTES: usize = Self::SHARED_BYTES;
    const BLOCK: usize = Self::THREADS;
    const ERRORS: [&'static str; 2] = [
        "TmaPipeline: the launch gives less dynamic shared memory than the pipeline's SHARED_BYTES; \
         pass that many bytes for the kernel's DynShared parameter",
        "TmaPipeline: the block is not THREADS = 128 · (1 + BM / 64) threads (one producer warpgroup, \
         one consumer warpgroup per 64 rows of A)",
    ];
    #[inline(always)]
    fn at(tiles: *mut u8, steps: usize) -> Self {
        TmaPipeline { tiles, steps, _e: PhantomData }
    }
    #[inline(always)]
    fn init_barriers(&self) {
        each!(S, |s| {
            // SAFETY: barriers of this pipeline's memory (inside SHARED_BYTES, 8-aligned),
            // initialised before `new_pipeline`'s block barrier lets any thread use them.
            unsafe {
                rt::__oxpack_sm90a_mbarrier_init(self.full(s), 1);
                rt::__oxpack_sm90a_mbarrier_init(self.empty(s), (BM / WG_ROWS * WG_THREADS) as u32);
            }
        });
    }
}

/// What a thread of a [`TmaPipeline`]'s block does; see [`TmaPipeline::role`].
pub enum Role<const S: usize, const BM: usize, const BN: usize, E: WgmmaPair<B> = BF16, B: WgmmaInput = E> {
    /// Warpgroup 0, thread 0: issues the TMA copies.
    Producer(Producer<S, BM, BN, E, B>),
    /// Warpgroups 1..: multiply with `wgmma` and store.
    Consumer(Consumer<S, BM, BN, E, B>),
    /// Warpgroup 0's other threads: nothing to do.
    Idle,
}

/// The thread that fills a [`TmaPipeline`]'s stages by TMA. Must make exactly `steps` loads.
pub struct Producer<const S: usize, const BM: usize, const BN: usize, E: WgmmaPair<B> = BF16, B: WgmmaInput = E> {
    pipe: TmaPipeline<S, BM, BN, E, B>,
    loaded: usize,
}

impl<const S: usize, const BM: usize, const BN: usize, E: WgmmaPair<B>, B: WgmmaInput> Producer<S, BM, BN, E, B> {
    /// Fills the next stage: A's `BM × 64` tile at row `a_row`, column `k0` of `a`, and B's
    /// `BN × 64` tile at row `b_row`, column `k0` of `b` (both row-major, k contiguous;
    /// elements past an edge read as zero). Waits first until every consumer released the stage
    /// it reuses. Traps after `steps` loads.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn load(&mut self, a: &TmaSource<E>, a_row: usize, b: &TmaSource<B>, b_row: usize, k0: usize) {
        let n = self.loaded;
        if n >= self.pipe.steps {
            fail("TmaPipeline: the producer loads more stages than the pipeline's `steps`");
        }
        let p = &self.pipe;
        let (s, round) = (n % S, (n / S) as u32);
        // the stage's previous round was released by every consumer (the first round passes)
        crate::at!();
        rt::mbarrier_wait(p.empty(s), (round & 1) ^ 1);
        if n < S {
            // SAFETY: the maps are the launch's tensor-map blocks.
            unsafe {
                rt::__oxpack_sm90a_prefetch_tensormap(a.map);
                rt::__oxpack_sm90a_prefetch_tensormap(b.map);
            }
        }
        // SAFETY: the stage is this producer's until its "full" phase completes (the "empty"
        // wait above); each box lands inside its tile (BM and BN are multiples of 64 rows), and
        // the tiles are 1024-aligned for the swizzle.
        unsafe {
            rt::__oxpack_sm90a_mbarrier_arrive_expect_tx(p.full(s), TmaPipeline::<S, BM, BN>::STAGE_BYTES as u32);
            each!(BM / BOX_ROWS, |i| {
                tma_load::<E>(p.a_tile(s).add(i * BOX_BYTES), a.map, coord(k0), coord(a_row + i * BOX_ROWS), p.full(s));
            });
            each!(BN / BOX_ROWS, |i| {
                tma_load::<B>(p.b_tile(s).add(i * BOX_BYTES), b.map, coord(k0), coord(b_row + i * BOX_ROWS), p.full(s));
            });
        }
        self.loaded = n + 1;
    }
}

impl<const S: usize, const BM: usize, const BN: usize, E: WgmmaPair<B>, B: WgmmaInput> Drop for Producer<S, BM, BN, E, B> {
    #[inline(always)]
    fn drop(&mut self) {
        if self.loaded != self.pipe.steps {
            fail("TmaPipeline: the producer ends with fewer loads than `steps`: the consumers would wait forever");
        }
    }
}

/// A thread of a consumer warpgroup of a [`TmaPipeline`]. Must wait for exactly `steps` stages.
pub struct Consumer<const S: usize, const BM: usize, const BN: usize, E: WgmmaPair<B> = BF16, B: WgmmaInput = E> {
    pub(crate) pipe: TmaPipeline<S, BM, BN, E, B>,
    waited: usize,
    pub(crate) wg: usize,
}

impl<const S: usize, const BM: usize, const BN: usize, E: WgmmaPair<B>, B: WgmmaInput> Consumer<S, BM, BN, E, B> {
    /// The consumer warpgroup's index (0 .. BM / 64): its rows of A are `64 · index ..`.
    #[inline(always)]
    pub fn index(&self) -> usize {
        self.wg
    }

    /// Waits until the next stage is full and returns its view; dropping the view releases the
    /// stage to the producer. Traps after `steps` waits.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn wait(&mut self) -> TmaStage<'_, S, BM, BN, E, B> {
        let n = self.waited;
        if n >= self.pipe.steps {
            fail("TmaPipeline: a consumer waits for more stages than the pipeline's `steps`");
        }
        let s = n % S;
        crate::at!();
        rt::mbarrier_wait(self.pipe.full(s), ((n / S) as u32) & 1);
        self.waited = n + 1;
        TmaStage { cons: self, slot: s }
    }

    /// Ends the consumer's part of the pipeline and gives its warpgroup's staging area: its own 64
    /// rows of the A tiles of the first BN / 64 stages (8 KiB each), which no other warpgroup's
    /// `wgmma` reads and which the producer no longer writes once every stage has been waited for
    /// (a TMA copy has landed when its stage's wait returns; the consumer's `wgmma`s on it are
    /// complete when [`WgAccum::mma`] or [`multiply`](Self::multiply) returns). Traps unless the
    /// consumer has waited for all `steps` stages (a persistent kernel whose producer still loads
    /// cannot take it); a compile error unless the pipeline has BN / 64 stages or more.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn into_staging(self) -> WgStaging<S, BM, BN> {
        const { assert!(BN <= 64 * S, "oxpack: `into_staging` needs S ≥ BN / 64 stages (the staging area is BN / 64 A tiles)") };
        let (done, staging) = (self.waited == self.pipe.steps, WgStaging { tiles: self.pipe.tiles, wg: self.wg });
        core::mem::forget(self); // its drop's check is the one below (not twice in a trap)
        if !done {
            fail("TmaPipeline: `into_staging` before the consumer waited for all `steps` stages: the producer may still write them");
        }
        staging
    }

    /// `acc ← a·bᵀ + acc` over every stage not yet waited for: the whole main loop, with one
    /// stage's `wgmma`s still running while the next stage's are issued (`wait_group 1`), each
    /// stage released as soon as its own `wgmma`s are complete, and the last waited for
    /// (`wait_group 0`) before it returns. The same result as `wait` and [`WgAccum::mma`] per
    /// stage, with the tensor cores kept busy across stages. Warpgroup-collective.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn multiply(&mut self, acc: &mut WgAccum<BN>)
    where
        WgCols<BN>: WgWidth,
    {
        self.multiply_steps(acc, self.pipe.steps - self.waited);
    }

    /// [`multiply`](Self::multiply) over the next `count` stages only (one tile's k steps, in a
    /// persistent kernel whose pipeline runs over several tiles); traps past `steps`.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn multiply_steps(&mut self, acc: &mut WgAccum<BN>, count: usize)
    where
        WgCols<BN>: WgWidth,
    {
        if count > self.pipe.steps - self.waited {
            fail("TmaPipeline: a consumer waits for more stages than the pipeline's `steps`");
        }
        whole_warp();
        if <E as WgmmaPair<B>>::PAIR.fp8() {
            self.multiply_promoted(acc, count, |_, _| 1.0);
            return;
        }
        let p = &self.pipe;
        let d = acc.regs();
        let mut previous = usize::MAX; // the stage whose wgmmas may still run
        for n in self.waited..self.waited + count {
            let s = n % S;
            crate::at!();
            rt::mbarrier_wait(p.full(s), ((n / S) as u32) & 1);
            // SAFETY: as in `WgAccum::mma`: the stage is full, and released below only after
            // `wait_group` says its wgmmas are complete.
            unsafe { issue::<BN, E, B>(d, p.a_tile(s).wrapping_add(self.wg * WG_ROWS * 128), p.b_tile(s)) };
            rt::__oxpack_sm90a_wgmma_wait1(); // every group but this stage's is complete
            if previous != usize::MAX {
                // SAFETY: the stage's barrier, initialised by `new`.
                unsafe { rt::__oxpack_sm90a_mbarrier_arrive(p.empty(previous)) };
            }
            previous = s;
        }
        // SAFETY: `d` holds BN / 2 floats.
        unsafe { <WgCols<BN> as WgWidth>::wait0(d) };
        if previous != usize::MAX {
            // SAFETY: as above.
            unsafe { rt::__oxpack_sm90a_mbarrier_arrive(p.empty(previous)) };
        }
        self.waited += count;
    }

    /// [`multiply_steps`](Self::multiply_steps) of FP8 stages with a factor per stage and row: stage
    /// `i`'s product (the `i`-th of these `count` stages, 128 of k: block `i` of a tile's k, when the
    /// call covers the tile from its first stage) is multiplied by `scale(i, row)` as it is promoted
    /// into `acc` (one fma per accumulator: `acc ← part · scale + acc`, rounded once), `row` the
    /// accumulator's row in the warpgroup's 64 (0 .. 64). DeepGEMM's fine-grained
    /// scaling: with `scale(i, row) = scale_a[row, i] · scale_b[i]`, `acc` holds Σᵢ (a·bᵀ)ᵢ · scale,
    /// each 1 × 128 block of `a` and 128 × 128 block of `b` with its own scale (the factor is the same
    /// for every column of the warpgroup's tile: `b`'s blocks must be at least BN wide and aligned).
    /// `scale` runs twice per stage in each thread (its two rows), for the next stage while this
    /// stage's `wgmma`s run, so that reading the factors from memory overlaps them; it must not index
    /// unchecked (`get`): it also runs for rows past a ragged edge. FP8 pipelines only ([`Fp8Input`]:
    /// a type error for the others). Warpgroup-collective.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn multiply_steps_scaled(&mut self, acc: &mut WgAccum<BN>, count: usize, scale: impl Fn(usize, usize) -> f32)
    where
        WgCols<BN>: WgWidth,
        E: Fp8Input,
    {
        if count > self.pipe.steps - self.waited {
            fail("TmaPipeline: a consumer waits for more stages than the pipeline's `steps`");
        }
        whole_warp();
        self.multiply_promoted(acc, count, scale);
    }

    /// `multiply_steps` of FP8 stages, promoted ([`WgmmaInput`]): each stage's four k32 `wgmma`s
    /// go into `part` afresh, are waited for (`wait_group 0`, the stage then released), and `part`
    /// times the stage's factor of each row (`scale`, 1 for the unscaled `multiply_steps`: the fma
    /// then folds into an add) is added to `acc` in f32. The tensor cores'
    /// reduced-precision sum spans one stage.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    fn multiply_promoted(&mut self, acc: &mut WgAccum<BN>, count: usize, scale: impl Fn(usize, usize) -> f32)
    where
        WgCols<BN>: WgWidth,
    {
        let p = &self.pipe;
        let mut part = WgAccum::<BN>::zero();
        let (d, t) = (acc.regs(), part.regs());
        let (w, g, _) = crate::wgmma::wg_lane();
        let rows = (16 * w + g, 16 * w + g + 8); // the thread's two rows of the accumulator layout
        let factors = |i: usize| if i < count { (scale(i, rows.0), scale(i, rows.1)) } else { (1.0, 1.0) };
        let mut f = factors(0);
        for i in 0..count {
            let n = self.waited + i;
            let s = n % S;
            crate::at!();
            rt::mbarrier_wait(p.full(s), ((n / S) as u32) & 1);
            // SAFETY: `t` holds BN / 2 floats, not touched until the wait below; the stage is full
            // and released only after that wait.
            unsafe { issue::<BN, E, B>(t, p.a_tile(s).wrapping_add(self.wg * WG_ROWS * 128), p.b_tile(s)) };
            let next = factors(i + 1); // read while the stage's wgmmas run
            // SAFETY: as above.
            unsafe {
                <WgCols<BN> as WgWidth>::wait0(t);
                rt::__oxpack_sm90a_mbarrier_arrive(p.empty(s));
            }
            promote::<BN>(d, t, f);
            f = next;
        }
        self.waited += count;
    }
}

/// `d[i] ← t[i] · f + d[i]` with one rounding (`fma.rn`) for the N / 2 accumulators of a thread, `f`
/// the factor of its first row (`f.0`) or its second (`f.1`): a stage's FP8 product promoted into the
/// f32 sum. With factors of 1 the fma is the plain add `t[i] + d[i]` (the optimizer folds it).
#[inline(always)]
fn promote<const N: usize>(d: *mut f32, t: *const f32, f: (f32, f32))
where
    WgCols<N>: WgWidth,
{
    each!(N / 2, |i| {
        // accumulators 4j, 4j + 1 of 8-column group j are in the thread's first row, 4j + 2, 4j + 3 in its second
        let x = if i % 4 < 2 { f.0 } else { f.1 };
        // SAFETY: i < N / 2, the register count of both.
        unsafe { *d.add(i) = crate::math::DeviceFloat::mul_add(*t.add(i), x, *d.add(i)) };
    });
}

impl<const S: usize, const BM: usize, const BN: usize, E: WgmmaPair<B>, B: WgmmaInput> Drop for Consumer<S, BM, BN, E, B> {
    #[inline(always)]
    fn drop(&mut self) {
        if self.waited != self.pipe.steps {
            fail("TmaPipeline: a consumer ends with fewer waits than `steps`: the producer would wait forever");
        }
    }
}

/// A consumer's view of one full stage, from [`Consumer::wait`]. Dropping it arrives on the
/// stage's "empty" barrier (after [`WgAccum::mma`] has waited for its `wgmma`s).
pub struct TmaStage<'c, const S: usize, const BM: usize, const BN: usize, E: WgmmaPair<B> = BF16, B: WgmmaInput = E> {
    pub(crate) cons: &'c Consumer<S, BM, BN, E, B>,
    pub(crate) slot: usize,
}

impl<const S: usize, const BM: usize, const BN: usize, E: WgmmaPair<B>, B: WgmmaInput> Drop for TmaStage<'_, S, BM, BN, E, B> {
    #[inline(always)]
    fn drop(&mut self) {
        // SAFETY: the stage's barrier, initialised by `new`.
        unsafe { rt::__oxpack_sm90a_mbarrier_arrive(self.cons.pipe.empty(self.slot)) };
    }
}

/// The product of one stage, on an accumulator (here, beside the stage it reads, so that
/// [`wgmma`](crate::wgmma) needs nothing of the pipeline).
impl<const N: usize> WgAccum<N>
where
    WgCols<N>: WgWidth,
{
    /// `acc ← a·bᵀ + acc` over the stage's depth (128 bytes of k: 64 bf16, 32 tf32, 128 FP8): the
    /// consumer warpgroup's 64 rows of the A tile times the whole B tile of N rows, four
    /// `wgmma.mma_async` (m64nNk16 bf16, m64nNk8 tf32, m64nNk32 FP8 → f32), then `commit_group` and
    /// `wait_group 0`: when it returns no `wgmma` reads the stage or writes the accumulators. FP8
    /// stages go into a fresh accumulator that is then added to `acc` in f32 (promotion: see
    /// [`WgmmaInput`]). The accumulator's width is the pipeline's BN (a type error otherwise).
    /// Warpgroup-collective (it traps in a divergent warp).
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn mma<const S: usize, const BM: usize, E: WgmmaPair<B>, B: WgmmaInput>(&mut self, stage: &TmaStage<'_, S, BM, N, E, B>) {
        whole_warp();
        let p = &stage.cons.pipe;
        let (a, b) = (p.a_tile(stage.slot).wrapping_add(stage.cons.wg * WG_ROWS * 128), p.b_tile(stage.slot));
        if <E as WgmmaPair<B>>::PAIR.fp8() {
            // promoted (see `WgmmaInput`): the stage's product into a fresh accumulator, added in f32
            let mut part = WgAccum::<N>::zero();
            let t = part.regs();
            // SAFETY: as below, for `t`.
            unsafe {
                issue::<N, E, B>(t, a, b);
                <WgCols<N> as WgWidth>::wait0(t);
            }
            promote::<N>(self.regs(), t, (1.0, 1.0));
            return;
        }
        let d = self.regs();
        // SAFETY: `d` holds N / 2 floats; the tiles are the stage's, full (the consumer's wait)
        // and not released before the wait below (the view's drop comes after).
        unsafe { issue::<N, E, B>(d, a, b) };
        // SAFETY: `d` holds N / 2 floats.
        unsafe { <WgCols<N> as WgWidth>::wait0(d) };
    }
}


// ---------------------------------------------------------------------------- a GEMM's roles

/// The roles' whole parts of a GEMM C = A·Bᵀ over a [`WgTiles<BM, BN>`] output (A m × k, B n × k,
/// both K-major TMA sources), for a kernel whose block computes one tile of C or, persistent,
/// several: block `b` of `G` the tiles `b`, `b + G`, … ([`DisjointSlice::tile_origin`]). The
/// pipeline's `steps` are the tiles' `count` times their `steps` stages of k each.
impl<const S: usize, const BM: usize, const BN: usize, E: WgmmaPair<B>, B: WgmmaInput> Producer<S, BM, BN, E, B> {
    /// The producer's loop over the block's first `count` tiles of `c` (one, or several in a
    /// persistent kernel, whose producer then loads the next tile's stages while the consumers
    /// store the last one): for each, `steps` stages of A's rows and B's rows at the tile's origin,
    /// k advancing by [`STAGE_K`](TmaPipeline::STAGE_K). Traps when the block has fewer than
    /// `count` tiles, or when the pipeline's `steps` are fewer than `count · steps`; the producer's
    /// part is over when it returns (it ends with fewer loads than `steps`: a trap).
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn load_tiles<O: Elem>(
        mut self, a: &TmaSource<E>, b: &TmaSource<B>, count: usize, steps: usize, c: &DisjointSlice<O, WgTiles<BM, BN>>,
    ) {
        for i in 0..count {
            let Some((m0, n0)) = c.tile_origin(i) else { crate::trap() };
            for s in 0..steps {
                self.load(a, m0, b, n0, s * TmaPipeline::<S, BM, BN, E, B>::STAGE_K);
            }
        }
    }
}

impl<const S: usize, const BM: usize, const BN: usize, E: WgmmaPair<B>, B: WgmmaInput> Consumer<S, BM, BN, E, B> {
    /// A consumer warpgroup's loop over the block's first `count` tiles of `c`: per tile, `steps`
    /// stages multiplied ([`multiply_steps`](Self::multiply_steps)) into a fresh 64 × BN
    /// accumulator, then stored through `store(tile, acc)` into the warpgroup's [`WgTile`] of the
    /// tile ([`DisjointSlice::wg_tile_at`]: nothing for rows past C's edge). Traps past the
    /// pipeline's `steps`; the consumer's part is over when it returns. Warpgroup-collective.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn multiply_tiles<O: Elem>(
        mut self, count: usize, steps: usize, c: &mut DisjointSlice<O, WgTiles<BM, BN>>,
        store: impl Fn(&mut WgTile<'_, O, BN>, &WgAccum<BN>),
    ) where
        WgCols<BN>: WgWidth,
    {
        for i in 0..count {
            let mut acc = WgAccum::<BN>::zero();
            self.multiply_steps(&mut acc, steps);
            if let Some(mut t) = c.wg_tile_at(i, &self) {
                store(&mut t, &acc);
            }
        }
    }

    /// A consumer warpgroup's whole part of a one-tile kernel with a 16-bit output: `steps` stages
    /// multiplied into its accumulators, then stored through its staging area
    /// ([`into_staging`](Self::into_staging): `stmatrix` into shared memory, 16-byte stores to C)
    /// once the pipeline is over, each element as `f(row, col, acc)`: the epilogue
    /// (`|_, _, v| BF16::from_f32(v)` for none). The tile's place is found first, while no
    /// accumulator is live. Traps unless `steps` are all the pipeline's. Warpgroup-collective.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn multiply_staged<O: StageElem>(
        mut self, steps: usize, c: &mut DisjointSlice<O, WgTiles<BM, BN>>, f: impl Fn(usize, usize, f32) -> O,
    ) where
        WgCols<BN>: WgWidth,
    {
        // the tile's place first, while no accumulator is live (its divisions' registers are then free)
        let tile = c.wg_tile_at(0, &self);
        let mut acc = WgAccum::<BN>::zero();
        self.multiply_steps(&mut acc, steps);
        if let Some(mut t) = tile {
            self.into_staging().store_with(&mut t, &acc, f);
        }
    }
}

impl<const S: usize, const BN: usize, E: WgmmaPair<B>, B: WgmmaInput> TmaPipeline<S, 128, BN, E, B> {
    /// The body of a one-tile GEMM kernel of two consumer warpgroups (128 × BN tiles of C, one
    /// block per tile): traps when the grid has fewer blocks than `c` has tiles; then, unless the
    /// block is past C's last tile, the pipeline over the block's dynamic shared memory (`smem`) for
    /// k's `ceil(k / STAGE_K)` stages, run with the producer warpgroup's registers moved to the
    /// consumers ([`run_with_registers`](Self::run_with_registers)): the producer loads the tile's
    /// stages ([`Producer::load_tiles`]), and each consumer thread runs `consumer(q, steps, c)`
    /// (e.g. [`Consumer::multiply_tiles`] of one tile, or [`Consumer::multiply_staged`]), inlined.
    /// A block barrier: every thread calls it.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn run_tile<O: Elem, T: Elem>(
        k: u32, a: &TmaSource<E>, b: &TmaSource<B>, c: &mut DisjointSlice<O, WgTiles<128, BN>>, smem: DynShared<T>,
        consumer: impl FnOnce(Consumer<S, 128, BN, E, B>, usize, &mut DisjointSlice<O, WgTiles<128, BN>>),
    ) where
        PipeShape<S, 128, BN>: PipelineShape,
    {
        if (crate::grid::grid_dim().x as usize) < c.block_tiles() {
            crate::trap(); // one block per tile of C
        }
        let steps = (k as usize).div_ceil(Self::STAGE_K);
        if c.block_tile_count() == 0 {
            return;
        }
        let pipe = Self::new(smem, steps);
        // (the consumer inlined whatever its size: called, it would get the kernel's register cap, not its role's)
        pipe.run_with_registers(c, |p, c| p.load_tiles(a, b, 1, steps, c), #[inline(always)] |q, c| consumer(q, steps, c));
    }
}
