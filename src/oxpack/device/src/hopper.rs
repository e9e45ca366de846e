//! The Hopper path (sm_90a): TMA copies completing on `mbarrier`s, and `wgmma` on warpgroups.
//!
//! A Hopper GEMM moves its operands with the tensor memory accelerator (TMA: one thread issues
//! `cp.async.bulk.tensor`, which copies a whole 2-D box from global to shared memory and counts
//! its bytes on an `mbarrier`) and multiplies them with `wgmma.mma_async`, which a *warpgroup*
//! (4 consecutive warps, 128 threads) issues together, reading both operands straight from
//! shared memory through 64-bit matrix descriptors. Here every piece of that protocol is the
//! library's, behind types that make misuse a compile error or a documented trap:
//!
//! | type | what it is |
//! | --- | --- |
//! | [`TmaSource<T>`] | a kernel parameter: a 2-D array the stub describes to the TMA (a `CUtensorMap` built at launch by the driver's `cuTensorMapEncodeTiled`, cached per array) |
//! | [`TmaSource3<T>`] | a kernel parameter: a 3-D array `(seqs, rows, cols)` with a 3-D tensor map, so a box past a sequence's last row reads zeros, not the next sequence (the Hopper attention's q, k, v) |
//! | [`TmaPipeline<S, BM, BN, E>`] | `S` stages of a `BM`-row A tile and a `BN`-row B tile (rows of 128 bytes: 64 bf16, or 32 f32 for tf32 when `E = f32`) in the block's dynamic shared memory, each with a "full" and an "empty" `mbarrier` |
//! | [`Role`] | what a thread does: warpgroup 0's first thread is the [`Producer`] (TMA), warpgroups 1.. are [`Consumer`]s (wgmma), the rest idle ([`TmaPipeline::role`], or [`TmaPipeline::run_with_registers`] with a closure per role) |
//! | [`TmaStage`] | a consumer's view of one full stage; dropping it releases the stage to the producer |
//! | [`WgAccum<N>`] | a warpgroup's 64 × N f32 accumulators (N = 64, 128, 256), in registers |
//! | [`WgTiles<BM, BN>`] | the output layout: consumer warpgroup `c` of block `b` owns rows `64c..64c + 64` of block tile `b` |
//!
//! **Tiles and descriptors.** A stage's tiles hold bf16 (or f16) rows of 64 elements (128 bytes)
//! k-contiguous, swizzled in 128-byte atoms (16-byte chunk `q` of row `r` at `q ^ (r % 8)`), the
//! layout the TMA writes with `CU_TENSOR_MAP_SWIZZLE_128B` and the one the descriptors that
//! [`WgAccum::mma`] builds describe (`SWIZZLE_128B`, 1024 bytes between 8-row groups). Both are
//! fixed by the library: a kernel never writes a descriptor, a box size or a swizzle mode, so
//! the three cannot disagree. A is `M × K` row-major and B `N × K` row-major (the layout of a
//! torch `linear` weight): `wgmma`'s K-major operands.
//!
//! **The pipeline's protocol**, enforced as it runs:
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
//! - A persistent kernel runs one pipeline over several tiles: `steps` counts them all, and
//!   [`DisjointSlice::block_tile_count`] / [`tile_origin`](DisjointSlice::tile_origin) /
//!   [`wg_tile_at`](DisjointSlice::wg_tile_at) give block `b` of `G` the tiles `b`, `b + G`, ….
//!
//! **Output ownership.** A warpgroup's accumulators reach global memory only through
//! [`WgTile::store`], and a [`WgTile`] only from [`DisjointSlice::wg_tile`] with the
//! warpgroup's [`Consumer`] (one per consumer thread): block tile `b`, rows `64c..64c + 64`
//! for consumer warpgroup `c`, each lane the elements of the wgmma accumulator layout there.
//!
//! **Whole warpgroups.** `wgmma` and `setmaxnreg` are executed by the 128 threads of a
//! warpgroup together. [`WgAccum::mma`] checks each warp (`activemask`: it traps when called
//! from divergent code); that all 4 warps of the warpgroup call it is the kernel's structure
//! (every consumer thread runs the same loop of `steps` waits), which the roles' counts check.
//!
//! Needs sm_90a (`wgmma`, `setmaxnreg`); the runtime functions behind it are named
//! `__oxpack_sm90a_*`, and a kernel that uses them is built for sm_90a only.

use core::marker::PhantomData;

use crate::disjoint::DisjointSlice;
use crate::half::{BF16, F16};
use crate::layout::Layout;
use crate::param::{DevPtr, Param};
use crate::sealed::Sealed;
use crate::shared_mem::DynShared;
use crate::Elem;

pub(crate) use crate::intrinsics::sm90a as rt;

crate::fail_fn!(pub(crate));

/// Traps unless all 32 lanes of the calling warp are active: a `wgmma` is executed by whole
/// warps (the 4 of a warpgroup) together.
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub(crate) fn whole_warp() {
    if rt::__oxpack_activemask() != u32::MAX {
        fail("wgmma ran without all 32 lanes of a warp: call it from code that every thread of the warpgroup executes");
    }
}

/// The calling thread's (warp, g, t) in its warpgroup: rows `16w + g (+ 8)`, columns `2t (+1)`
/// of each 8-column group of the accumulator layout.
#[inline(always)]
pub(crate) fn wg_lane() -> (usize, usize, usize) {
    let t = crate::block_thread_linear() % WG_THREADS;
    (t / 32, (t % 32) / 4, t % 4)
}

/// `each!(N, |i| { … })`: the block for `i = 0 .. N` (N a constant) as straight-line code for
/// `i < 128`, so register arrays indexed by `i` stay in registers; any `i ≥ 128` in a plain loop
/// (`crate::unroll::copies!`, as `mma.rs`'s `each!` with 128 copies). The Hopper path's
/// one copy (`hopper_attn.rs` imports it).
macro_rules! each {
    ($n:expr, |$i:ident| $body:block) => {
        crate::unroll::copies!($n, $i, $body, 128,
              0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
              32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
              64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95
              96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119
              120 121 122 123 124 125 126 127)
    };
}
pub(crate) use each;

/// The roles of a TMA pipeline's block, for `role` and `run_with_registers` of both pipelines
/// ([`TmaPipeline`] and `hopper_attn.rs`'s `AttnPipeline`): warpgroup 0's first thread is the
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
        if t < crate::hopper::WG_THREADS {
            if t == 0 { $producer } else { $idle }
        } else {
            let $wg = t / crate::hopper::WG_THREADS - 1;
            $consumer
        }
    }};
    (registers: $producer:expr, |$wg:ident| $consumer:expr) => {{
        let t = crate::block_thread_linear();
        if t < crate::hopper::WG_THREADS {
            crate::hopper::rt::__oxpack_sm90a_setmaxnreg_dec40();
            if t == 0 {
                $producer;
            }
        } else {
            crate::hopper::rt::__oxpack_sm90a_setmaxnreg_inc232();
            let $wg = t / crate::hopper::WG_THREADS - 1;
            $consumer;
        }
    }};
}
pub(crate) use roles;

// ---------------------------------------------------------------------------- TMA sources

/// The element types a TMA source holds: [`BF16`], [`F16`] and `f32` (a box is 64 rows of 128
/// bytes: 64 16-bit or 32 f32 elements). Which of them a pipeline multiplies: [`WgmmaInput`].
/// Sealed.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a TMA element type here: a `TmaSource` holds BF16, F16 or f32",
    label = "not BF16, F16 or f32",
    note = "the Hopper GEMM path multiplies bf16 or f32 (as tf32); convert the array on the host (e.g. `x.to(torch.bfloat16)`)"
)]
pub trait TmaElem: Elem {
    #[doc(hidden)]
    const DESC: &'static str;
    #[doc(hidden)]
    const DESC3: &'static str;
}
impl TmaElem for BF16 {
    const DESC: &'static str = "tma:bfloat16";
    const DESC3: &'static str = "tma3:bfloat16";
}
impl TmaElem for F16 {
    const DESC: &'static str = "tma:float16";
    const DESC3: &'static str = "tma3:float16";
}
impl TmaElem for f32 {
    const DESC: &'static str = "tma:float32";
    const DESC3: &'static str = "tma3:float32";
}

/// The element types a [`TmaPipeline`] multiplies with `wgmma`, its last parameter `E`: [`BF16`]
/// (the default: `m64nNk16.f32.bf16.bf16`) and `f32`, read as tf32 (`m64nNk8.f32.tf32.tf32`: the
/// tensor cores use each value's sign, exponent and top 10 mantissa bits). A stage row is 128
/// bytes either way: [`STAGE_K`](TmaPipeline::STAGE_K) = 64 bf16 or 32 f32 of k. Sealed.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a wgmma input type here: a `TmaPipeline` multiplies BF16 or f32 (as tf32)",
    label = "not BF16 or f32",
    note = "e.g. `TmaPipeline<4, 128, 256>` (bf16) or `TmaPipeline<4, 128, 256, f32>` (tf32)"
)]
pub trait WgmmaInput: TmaElem {
    #[doc(hidden)]
    const TF32: bool;
}
impl WgmmaInput for BF16 {
    const TF32: bool = false;
}
impl WgmmaInput for f32 {
    const TF32: bool = true;
}

/// One TMA box (64 rows of 128 bytes) of `map`'s array at element column `c0`, row `c1` into `dst`.
///
/// # Safety
/// As `__oxpack_sm90a_tma_load_2d`: `map` a tensor-map block of an array of `E`, `dst` a
/// 1024-aligned box of the pipeline's shared memory, `bar` its barrier.
#[inline(always)]
unsafe fn tma_load<E: TmaElem>(dst: *mut u8, map: *const u8, c0: i32, c1: i32, bar: *mut u64) {
    // the GPU's tensor map knows the element size; the emulator's block does not
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: the caller's.
    unsafe {
        rt::__oxpack_sm90a_tma_load_2d(dst, map, c0, c1, bar)
    };
    #[cfg(not(target_arch = "nvptx64"))]
    // SAFETY: the caller's.
    unsafe {
        rt::tma_load_2d_sized(dst, map, c0, c1, bar, core::mem::size_of::<E>())
    };
}

/// Bytes of the tensor-map block a TMA source's word points to: the driver's 128-byte
/// `CUtensorMap`, then the array's rows and columns (u64 each). The stub writes it (on the GPU;
/// in emulation the first word is the array's address instead).
const MAP_ROWS: usize = 128;
const MAP_COLS: usize = 136;

/// Rows and columns of one TMA box: 64 rows of 128 bytes (64 elements of 2 bytes), the
/// `SWIZZLE_128B` atom's width. The stub encodes every tensor map with this box.
pub const BOX_ROWS: usize = 64;
/// Columns of one TMA box (elements): 128 bytes.
pub const BOX_COLS: usize = 64;
pub(crate) const BOX_BYTES: usize = BOX_ROWS * 128;

/// A kernel parameter: a 2-D array, row-major (`rows × cols`), that the kernel reads by TMA
/// copies only. In Python it is an ordinary device array of two dimensions; the stub checks it
/// (dtype, 2-D, C-contiguous, 16-byte-aligned base and rows: the TMA's rules) and describes it
/// to the TMA with `cuTensorMapEncodeTiled` (64 × 64-element boxes, 128-byte swizzle, zeros past
/// the edges), caching the description per array. The kernel cannot read its elements
/// directly: only a [`Producer`]'s loads do.
pub struct TmaSource<T> {
    pub(crate) map: *const u8,
    len: usize,
    _t: PhantomData<T>,
}

impl<T: TmaElem> TmaSource<T> {
    /// The array's rows (its first dimension).
    #[inline(always)]
    pub fn rows(&self) -> usize {
        // SAFETY: the word of a 2-D source.
        unsafe { map_word(self.map, MAP_ROWS) }
    }
}

/// The u64 at byte `at` of a TMA source's tensor-map block: its rows, cols or (3-D) seqs.
///
/// # Safety
/// `map` is a source's word: the stub's tensor-map block (the 128-byte `CUtensorMap`, then rows,
/// cols and, for a 3-D source, seqs; 8-aligned); `at` is MAP_ROWS, MAP_COLS or, for a 3-D
/// source, MAP_SEQS.
#[inline(always)]
unsafe fn map_word(map: *const u8, at: usize) -> usize {
    // SAFETY: the caller's.
    unsafe { (map.add(at) as *const u64).read() as usize }
}

/// What a 2-D and a 3-D TMA source have alike: the columns, the length, the `Param` impl (whose
/// kernel word is the tensor-map block) with the element's descriptor `$desc` (`tma:…`, `tma3:…`).
macro_rules! tma_source {
    ($source:ident, $desc:ident) => {
        impl<T: TmaElem> $source<T> {
            /// The array's columns (its last dimension, contiguous).
            #[inline(always)]
            pub fn cols(&self) -> usize {
                // SAFETY: the source's word.
                unsafe { map_word(self.map, MAP_COLS) }
            }

            len_methods!(
                "The number of elements (the product of the dimensions, as `len(a)` in `where`).",
                "True when the array has no element."
            );
        }

        impl<T> Sealed for $source<T> {}
        impl<T> crate::layout::Unshaped for $source<T> {}

        impl<T: TmaElem> Param for $source<T> {
            type Word = DevPtr<u8>;
            type Holder = $source<T>;
            const DESC: &'static str = T::$desc;
            const RESIDENT: u8 = crate::param::resident::ANY; // read only
            #[inline(always)]
            unsafe fn hold(word: DevPtr<u8>, len: usize) -> $source<T> {
                $source { map: word.0, len, _t: PhantomData }
            }
            #[inline(always)]
            unsafe fn borrow(holder: &mut $source<T>) -> $source<T> {
                $source { map: holder.map, len: holder.len, _t: PhantomData }
            }
        }
    };
}
tma_source!(TmaSource, DESC);
tma_source!(TmaSource3, DESC3);

/// A kernel parameter: a 3-D array, C-contiguous (`seqs × rows × cols`: e.g. `(batch · heads,
/// seq, d)`), that the kernel reads by TMA copies only. The stub checks it as a [`TmaSource`]
/// (dtype, 3-D, C-contiguous, 16-byte-aligned base and rows) and encodes a 3-D tensor map (dims
/// innermost first: cols, rows, seqs; a box of 64 rows × 128 bytes × 1 seq; 128-byte swizzle),
/// so a box that reaches past a sequence's last row reads zeros there, never the next
/// sequence's rows. Its tensor-map block: the `CUtensorMap`, then rows, cols and seqs (u64).
pub struct TmaSource3<T> {
    pub(crate) map: *const u8,
    len: usize,
    _t: PhantomData<T>,
}

impl<T: TmaElem> TmaSource3<T> {
    /// Rows of each sequence (the array's second dimension).
    #[inline(always)]
    pub fn rows(&self) -> usize {
        // SAFETY: the word of a 3-D source.
        unsafe { map_word(self.map, MAP_ROWS) }
    }

    /// The number of sequences (the array's first dimension).
    #[inline(always)]
    pub fn seqs(&self) -> usize {
        // SAFETY: the word of a 3-D source.
        unsafe { map_word(self.map, MAP_SEQS) }
    }
}

/// Where a 3-D block keeps its number of sequences (after rows and cols).
const MAP_SEQS: usize = 144;

// ---------------------------------------------------------------------------- the pipeline

/// Rows of A per consumer warpgroup (`wgmma`'s M).
pub(crate) const WG_ROWS: usize = 64;
/// Threads per warpgroup.
pub(crate) const WG_THREADS: usize = 128;
/// Tile depth per stage (elements of k): one 128-byte swizzle atom of bf16.
pub const STAGE_K: usize = 64;

/// A pipeline's shape, for the bound [`PipelineShape`].
pub struct PipeShape<const S: usize, const BM: usize, const BN: usize>;

/// The shapes a [`TmaPipeline`] takes: 1 to 8 stages, BM = 64, 128 or 192 rows of A (one consumer
/// warpgroup per 64), BN = 64, 128 or 256 columns (the `wgmma` N). Sealed.
#[diagnostic::on_unimplemented(
    message = "`TmaPipeline<S, BM, BN>` takes 1 to 8 stages, BM = 64, 128 or 192 and BN = 64, 128 or 256 (`{Self}` is not)",
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
shapes!(1 2 3 4 5 6 7 8);

/// `S` stages of a `BM × 64` A tile and a `BN × 64` B tile (bf16, swizzled) in the block's
/// dynamic shared memory, filled by TMA and read by `wgmma`; see the module docs.
///
/// The block has `1 + BM / 64` warpgroups (`128 · (1 + BM / 64)` threads): warpgroup 0 loads,
/// the others multiply. The launch gives it [`SHARED_BYTES`](Self::SHARED_BYTES) of dynamic
/// shared memory (the kernel's `DynShared` parameter, in bytes).
pub struct TmaPipeline<const S: usize, const BM: usize, const BN: usize, E: WgmmaInput = BF16> {
    tiles: *mut u8,
    steps: usize,
    _e: PhantomData<E>,
}

impl<const S: usize, const BM: usize, const BN: usize, E: WgmmaInput> TmaPipeline<S, BM, BN, E> {
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
    fn a_tile(&self, s: usize) -> *mut u8 {
        self.tiles.wrapping_add(s * BM * 128)
    }

    #[inline(always)]
    fn b_tile(&self, s: usize) -> *mut u8 {
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
    pub fn role(self) -> Role<S, BM, BN, E> {
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
        producer: impl FnOnce(Producer<S, BM, BN, E>, X),
        consumer: impl FnOnce(Consumer<S, BM, BN, E>, X),
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
    pub fn role_with_registers(self) -> Role<S, BM, BN, E> {
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

impl<const S: usize, const BM: usize, const BN: usize, E: WgmmaInput> StageMemory for TmaPipeline<S, BM, BN, E> {
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
pub enum Role<const S: usize, const BM: usize, const BN: usize, E: WgmmaInput = BF16> {
    /// Warpgroup 0, thread 0: issues the TMA copies.
    Producer(Producer<S, BM, BN, E>),
    /// Warpgroups 1..: multiply with `wgmma` and store.
    Consumer(Consumer<S, BM, BN, E>),
    /// Warpgroup 0's other threads: nothing to do.
    Idle,
}

/// The thread that fills a [`TmaPipeline`]'s stages by TMA. Must make exactly `steps` loads.
pub struct Producer<const S: usize, const BM: usize, const BN: usize, E: WgmmaInput = BF16> {
    pipe: TmaPipeline<S, BM, BN, E>,
    loaded: usize,
}

/// A TMA coordinate (signed 32-bit; past the array's edge the TMA reads zeros).
#[inline(always)]
pub(crate) fn coord(x: usize) -> i32 {
    x.min(i32::MAX as usize) as i32
}

impl<const S: usize, const BM: usize, const BN: usize, E: WgmmaInput> Producer<S, BM, BN, E> {
    /// Fills the next stage: A's `BM × 64` tile at row `a_row`, column `k0` of `a`, and B's
    /// `BN × 64` tile at row `b_row`, column `k0` of `b` (both row-major, k contiguous;
    /// elements past an edge read as zero). Waits first until every consumer released the stage
    /// it reuses. Traps after `steps` loads.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn load(&mut self, a: &TmaSource<E>, a_row: usize, b: &TmaSource<E>, b_row: usize, k0: usize) {
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
                tma_load::<E>(p.b_tile(s).add(i * BOX_BYTES), b.map, coord(k0), coord(b_row + i * BOX_ROWS), p.full(s));
            });
        }
        self.loaded = n + 1;
    }
}

impl<const S: usize, const BM: usize, const BN: usize, E: WgmmaInput> Drop for Producer<S, BM, BN, E> {
    #[inline(always)]
    fn drop(&mut self) {
        if self.loaded != self.pipe.steps {
            fail("TmaPipeline: the producer ends with fewer loads than `steps`: the consumers would wait forever");
        }
    }
}

/// A thread of a consumer warpgroup of a [`TmaPipeline`]. Must wait for exactly `steps` stages.
pub struct Consumer<const S: usize, const BM: usize, const BN: usize, E: WgmmaInput = BF16> {
    pipe: TmaPipeline<S, BM, BN, E>,
    waited: usize,
    wg: usize,
}

impl<const S: usize, const BM: usize, const BN: usize, E: WgmmaInput> Consumer<S, BM, BN, E> {
    /// The consumer warpgroup's index (0 .. BM / 64): its rows of A are `64 · index ..`.
    #[inline(always)]
    pub fn index(&self) -> usize {
        self.wg
    }

    /// Waits until the next stage is full and returns its view; dropping the view releases the
    /// stage to the producer. Traps after `steps` waits.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn wait(&mut self) -> TmaStage<'_, S, BM, BN, E> {
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
        let p = &self.pipe;
        let d = acc.regs();
        let mut previous = usize::MAX; // the stage whose wgmmas may still run
        for n in self.waited..self.waited + count {
            let s = n % S;
            crate::at!();
            rt::mbarrier_wait(p.full(s), ((n / S) as u32) & 1);
            // SAFETY: as in `WgAccum::mma`: the stage is full, and released below only after
            // `wait_group` says its wgmmas are complete.
            unsafe { issue::<BN, E>(d, p.a_tile(s).wrapping_add(self.wg * WG_ROWS * 128), p.b_tile(s)) };
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
}

/// Issues (and commits as one group) the four k16 `wgmma`s of a stage into the N / 2
/// accumulators at `d`: the 64 rows of A at `a`, the N rows of B at `b` (shared tiles).
///
/// # Safety
/// `d` holds N / 2 floats that nothing reads or writes until a `wait_group` covers this group;
/// `a` and `b` are full 128-byte-swizzled tiles of the pipeline (1024-aligned, 64 and N rows),
/// not refilled until then.
#[inline(always)]
unsafe fn issue<const N: usize, E: WgmmaInput>(d: *mut f32, a: *mut u8, b: *mut u8)
where
    WgCols<N>: WgWidth,
{
    // SAFETY: the tiles' shared addresses.
    let (a, b) = unsafe { (rt::__oxpack_sm90a_smem(a), rt::__oxpack_sm90a_smem(b)) };
    rt::__oxpack_sm90a_wgmma_fence();
    each!(4, |kk| {
        // step kk (k16 of bf16, k8 of tf32: 32 bytes) further along each 128-byte row (the
        // swizzle applies to the address bits, so the start moves by 32 bytes inside the atom)
        let (da, db) = (descriptor(a + 32 * kk as u32), descriptor(b + 32 * kk as u32));
        // SAFETY: the caller's.
        unsafe {
            if E::TF32 { <WgCols<N> as WgWidth>::wgmma_tf32(d, da, db) } else { <WgCols<N> as WgWidth>::wgmma(d, da, db) }
        };
    });
    rt::__oxpack_sm90a_wgmma_commit();
}

impl<const S: usize, const BM: usize, const BN: usize, E: WgmmaInput> Drop for Consumer<S, BM, BN, E> {
    #[inline(always)]
    fn drop(&mut self) {
        if self.waited != self.pipe.steps {
            fail("TmaPipeline: a consumer ends with fewer waits than `steps`: the producer would wait forever");
        }
    }
}

/// A consumer's view of one full stage, from [`Consumer::wait`]. Dropping it arrives on the
/// stage's "empty" barrier (after [`WgAccum::mma`] has waited for its `wgmma`s).
pub struct TmaStage<'c, const S: usize, const BM: usize, const BN: usize, E: WgmmaInput = BF16> {
    cons: &'c Consumer<S, BM, BN, E>,
    slot: usize,
}

impl<const S: usize, const BM: usize, const BN: usize, E: WgmmaInput> Drop for TmaStage<'_, S, BM, BN, E> {
    #[inline(always)]
    fn drop(&mut self) {
        // SAFETY: the stage's barrier, initialised by `new`.
        unsafe { rt::__oxpack_sm90a_mbarrier_arrive(self.cons.pipe.empty(self.slot)) };
    }
}

/// The `wgmma` descriptor of a K-major, 128-byte-swizzled operand starting at shared address
/// `addr`: start address >> 4 (bits 0-13), leading offset 1 (unused by this layout), stride 1024
/// bytes between 8-row groups (bits 32-45), swizzle mode 1 = 128 bytes (bits 62-63).
#[inline(always)]
pub(crate) fn descriptor(addr: u32) -> u64 {
    ((addr as u64 >> 4) & 0x3fff) | (1u64 << 16) | ((1024u64 >> 4) << 32) | (1u64 << 62)
}

// ---------------------------------------------------------------------------- accumulators

/// A `wgmma` width, for [`WgAccum`]: `WgCols<64>`, `WgCols<128>`, `WgCols<256>`. Sealed.
pub struct WgCols<const N: usize>;

/// The `wgmma` widths N (64, 128, 256) and their accumulator registers (N / 2 per thread).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a wgmma width here: a warpgroup's accumulator is 64 × 64, 64 × 128 or 64 × 256",
    label = "not N = 64, 128 or 256",
    note = "use `WgAccum<BN>` with BN the pipeline's B tile rows (64, 128 or 256)"
)]
pub trait WgWidth: Sealed {
    #[doc(hidden)]
    type Regs;
    #[doc(hidden)]
    const ZERO: Self::Regs;
    #[doc(hidden)]
    unsafe fn wgmma(d: *mut f32, da: u64, db: u64);
    #[doc(hidden)]
    unsafe fn wgmma_tf32(d: *mut f32, da: u64, db: u64);
    /// `wgmma.wait_group 0` with the N / 2 accumulators at `d` passed through it, so that no
    /// read of them is moved above the wait (ptxas would serialize the wgmmas: C7514).
    #[doc(hidden)]
    unsafe fn wait0(d: *mut f32);
}
impl<const N: usize> Sealed for WgCols<N> {}
/// The `WgWidth` of `WgCols<$n>`: `$n / 2` accumulators per thread, the bf16 and tf32 `wgmma`s
/// of that width and the `wait_group 0` that passes `$n / 2` registers through.
macro_rules! wg_width {
    ($n:literal, $bf16:ident, $tf32:ident, $wait0:ident) => {
        impl WgWidth for WgCols<$n> {
            type Regs = [f32; $n / 2];
            const ZERO: [f32; $n / 2] = [0.0; $n / 2];
            #[inline(always)]
            unsafe fn wgmma(d: *mut f32, da: u64, db: u64) {
                // SAFETY: the caller's: `d` holds N / 2 floats.
                unsafe { rt::$bf16(d, da, db) }
            }
            #[inline(always)]
            unsafe fn wgmma_tf32(d: *mut f32, da: u64, db: u64) {
                // SAFETY: as above.
                unsafe { rt::$tf32(d, da, db) }
            }
            #[inline(always)]
            unsafe fn wait0(d: *mut f32) {
                // SAFETY: as above.
                unsafe { rt::$wait0(d) }
            }
        }
    };
}
wg_width!(64, __oxpack_sm90a_wgmma_m64n64k16_bf16, __oxpack_sm90a_wgmma_m64n64k8_tf32, __oxpack_sm90a_wgmma_wait0_f32);
wg_width!(128, __oxpack_sm90a_wgmma_m64n128k16_bf16, __oxpack_sm90a_wgmma_m64n128k8_tf32, __oxpack_sm90a_wgmma_wait0_f64);
wg_width!(256, __oxpack_sm90a_wgmma_m64n256k16_bf16, __oxpack_sm90a_wgmma_m64n256k8_tf32, __oxpack_sm90a_wgmma_wait0_f128);

/// A warpgroup's 64 × N block of f32 accumulators, `N / 2` per thread in `wgmma`'s layout
/// (warp `w` of the warpgroup holds rows `16w .. 16w + 16`; in each 8-column group `j`, lane
/// `4g + t` holds rows `g`, `g + 8` and columns `8j + 2t`, `8j + 2t + 1`). Not `Copy`, no
/// shuffle: a warpgroup's accumulators reach memory only through its [`WgTile`].
pub struct WgAccum<const N: usize>
where
    WgCols<N>: WgWidth,
{
    pub(crate) r: <WgCols<N> as WgWidth>::Regs,
}

impl<const N: usize> WgAccum<N>
where
    WgCols<N>: WgWidth,
{
    /// All zeros.
    #[inline(always)]
    pub const fn zero() -> Self {
        WgAccum { r: <WgCols<N> as WgWidth>::ZERO }
    }

    #[inline(always)]
    pub(crate) fn regs(&mut self) -> *mut f32 {
        &mut self.r as *mut _ as *mut f32
    }

    /// `acc ← a·bᵀ + acc` over the stage's depth (64): the consumer warpgroup's 64 rows of the A
    /// tile times the whole `N × 64` B tile, four `wgmma.mma_async` m64nNk16 (bf16 → f32), then
    /// `commit_group` and `wait_group 0`: when it returns no `wgmma` reads the stage or writes the
    /// accumulators. The accumulator's width is the pipeline's BN (a type error otherwise).
    /// Warpgroup-collective (it traps in a divergent warp).
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn mma<const S: usize, const BM: usize, E: WgmmaInput>(&mut self, stage: &TmaStage<'_, S, BM, N, E>) {
        whole_warp();
        let p = &stage.cons.pipe;
        let d = self.regs();
        // SAFETY: `d` holds N / 2 floats; the tiles are the stage's, full (the consumer's wait)
        // and not released before the wait below (the view's drop comes after).
        unsafe { issue::<N, E>(d, p.a_tile(stage.slot).wrapping_add(stage.cons.wg * WG_ROWS * 128), p.b_tile(stage.slot)) };
        // SAFETY: `d` holds N / 2 floats.
        unsafe { <WgCols<N> as WgWidth>::wait0(d) };
    }

    /// Applies `f` to every accumulator.
    #[inline(always)]
    pub fn map(&mut self, f: impl Fn(f32) -> f32) {
        let d = self.regs();
        each!(N / 2, |i| {
            // SAFETY: i < N / 2, the register count.
            unsafe { *d.add(i) = f(*d.add(i)) };
        });
    }
}

// ---------------------------------------------------------------------------- staged stores (stmatrix)

/// The 16-bit element types a [`WgStaging`] stores (`stmatrix` moves 16-bit elements): [`BF16`]
/// and [`F16`]. Sealed.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a staged output type: `WgStaging::store` writes BF16 or F16 (`stmatrix` stores 16-bit elements)",
    label = "not BF16 or F16",
    note = "store an f32 output with `WgTile::store`"
)]
pub trait StageElem: crate::mma::FromAccum + Sealed {
    #[doc(hidden)]
    fn bits(self) -> u16;
    #[doc(hidden)]
    fn of_bits(bits: u16) -> Self;
}
impl StageElem for BF16 {
    #[inline(always)]
    fn bits(self) -> u16 {
        self.to_bits()
    }
    #[inline(always)]
    fn of_bits(bits: u16) -> Self {
        BF16::from_bits(bits)
    }
}
impl StageElem for F16 {
    #[inline(always)]
    fn bits(self) -> u16 {
        self.to_bits()
    }
    #[inline(always)]
    fn of_bits(bits: u16) -> Self {
        F16::from_bits(bits)
    }
}

/// 16 bytes, 16-aligned: one vector load or store.
#[derive(Clone, Copy)]
#[repr(C, align(16))]
struct Chunk([u32; 4]);

/// A consumer warpgroup's staging area in shared memory, from [`Consumer::into_staging`] (which
/// ends the consumer: not `Copy`, no public constructor). [`store`](Self::store) writes the
/// warpgroup's accumulators through it: each warp `stmatrix`es its 16 rows, 16-bit, into its own
/// 16 rows of the area (128-byte rows, 16-byte chunks swizzled against bank conflicts), then
/// copies them to the output in 16-byte stores, whole 128-byte rows at a time, instead of one
/// scattered 2-byte store per element. Each warp reads back only what it wrote itself.
pub struct WgStaging<const S: usize, const BM: usize, const BN: usize> {
    tiles: *mut u8,
    wg: usize,
}

impl<const S: usize, const BM: usize, const BN: usize> WgStaging<S, BM, BN>
where
    WgCols<BN>: WgWidth,
{
    /// Rows `16w .. 16w + 16` (warp `w` of the warpgroup) of the staging area's `chunk`-th
    /// 64 × 64 slice (the warpgroup's rows of stage `chunk`'s A tile; 1024-aligned).
    #[inline(always)]
    fn slice(&self, chunk: usize, w: usize) -> *mut u8 {
        self.tiles.wrapping_add(chunk * BM * 128 + self.wg * WG_ROWS * 128 + w * 16 * 128)
    }

    /// Writes the warpgroup's accumulators to its tile, converted to T (rounded to nearest
    /// even), through shared memory (`stmatrix`, then 16-byte stores); elements outside the
    /// output (a ragged edge) are skipped. The same values as [`WgTile::store`].
    /// Warpgroup-collective (it traps in a divergent warp).
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn store<T: StageElem>(self, tile: &mut WgTile<'_, T, BN>, acc: &WgAccum<BN>) {
        self.store_with(tile, acc, |_, _, v| v);
    }

    /// As [`store`](Self::store), writing `f(row, col, v)` (then rounded to T) for each
    /// accumulator `v` at its row and column in the output: an epilogue.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn store_with<T: StageElem>(self, tile: &mut WgTile<'_, T, BN>, acc: &WgAccum<BN>, f: impl Fn(usize, usize, f32) -> f32) {
        if rt::__oxpack_activemask() != u32::MAX {
            fail("stmatrix ran without all 32 lanes of a warp: call it from code that every thread of the warpgroup executes");
        }
        let t = crate::block_thread_linear() % WG_THREADS;
        let (w, lane) = (t / 32, t % 32);
        let (g, q) = (lane / 4, lane % 4);
        let (row, col) = (tile.row0 + 16 * w + g, tile.col0 + 2 * q);
        let v = &acc.r as *const _ as *const f32;
        // the two accumulators of 8-column group j, rows g (e = 0) or g + 8 (e = 2), as 16-bit pair
        let pair = |j: usize, e: usize| -> u32 {
            let (r, c) = (row + 8 * (e >> 1), col + 8 * j);
            // SAFETY: j < BN / 8 and e ≤ 2, so 4j + e + 1 < BN / 2, the register count.
            let (x, y) = unsafe { (*v.add(4 * j + e), *v.add(4 * j + e + 1)) };
            T::from_acc(f(r, c, x)).bits() as u32 | (T::from_acc(f(r, c + 1, y)).bits() as u32) << 16
        };
        // stmatrix.x4 of 16 columns at a time: matrices (rows 0-7 | 8-15) × (columns 0-7 | 8-15);
        // lane 8m + i gives the address of row i of matrix m
        let m = lane / 8;
        let r = lane % 8 + 8 * (m & 1);
        // (one `each!` level: nested ones would expand their bodies 128 × 128 times)
        each!(BN / 16, |x| {
            let (chunk, jj) = (x / 4, x % 4);
            let j = 2 * x; // 8-column groups 2x, 2x + 1: columns 64 chunk + 16 jj ..
            let at = self.slice(chunk, w).wrapping_add(r * 128 + ((2 * jj + (m >> 1)) ^ (r % 8)) * 16);
            // SAFETY: `at` is 16 bytes of warp w's rows of this warpgroup's staging slice
            // (`into_staging`: no other warpgroup or the TMA uses it any more).
            unsafe { rt::__oxpack_sm90a_stmatrix_x4(at, pair(j, 0), pair(j, 2), pair(j + 1, 0), pair(j + 1, 2)) };
        });
        crate::sync::sync_warp(); // the warp's stmatrix writes are visible to its lanes
        let (ptr, len, width) = (tile.ptr, tile.len, tile.width);
        let wide = width % 8 == 0 && (ptr as usize) % 16 == 0;
        each!(BN / 16, |x| {
            let (chunk, it) = (x / 4, x % 4);
            let base = self.slice(chunk, w);
            {
                // 16-byte chunk cq of row r of the warp's 16 rows: 8 lanes cover one 128-byte row
                let (r, cq) = ((32 * it + lane) / 8, lane % 8);
                // SAFETY: inside the warp's rows of the slice, 16-aligned; written above by this warp.
                let data = unsafe { (base.wrapping_add(r * 128 + ((cq ^ (r % 8)) * 16)) as *const Chunk).read() };
                let (gr, gc) = (tile.row0 + 16 * w + r, tile.col0 + 64 * chunk + 8 * cq);
                let k = gr * width + gc;
                if wide && gc + 8 <= width && k + 8 <= len {
                    // SAFETY: in bounds and 16-aligned (width and the base are multiples of 8
                    // elements / 16 bytes); the 8 elements are this thread's by `WgTiles` (its
                    // warpgroup's rows, the warp's 16 of them).
                    unsafe { (ptr.add(k) as *mut Chunk).write(data) };
                } else {
                    for e in 0..8 {
                        if gc + e < width && k + e < len {
                            let h = (data.0[e / 2] >> (16 * (e % 2))) as u16;
                            // SAFETY: in bounds; as above.
                            unsafe { ptr.add(k + e).write(T::of_bits(h)) };
                        }
                    }
                }
            }
        });
    }
}

// ---------------------------------------------------------------------------- output ownership

/// Output layout for warpgroup tiles: a row-major matrix of `width` columns (the shape, `=
/// (width)` in `kernel!`) cut into `BM × BN` block tiles (numbered in bands of 8 tile rows, as
/// [`WarpTiles`](crate::mma::WarpTiles)), each cut into `BM / 64` warpgroup tiles of 64 × BN:
/// consumer warpgroup `c` owns rows `64c .. 64c + 64`, each of its threads the elements of the
/// `wgmma` accumulator layout there. The block has `1 + BM / 64` warpgroups and the grid is
/// 1-D, else [`block_origin`](DisjointSlice::block_origin) and
/// [`wg_tile`](DisjointSlice::wg_tile) give `None`; so no two threads of a launch own an element.
pub struct WgTiles<const BM: usize, const BN: usize>;

impl<const BM: usize, const BN: usize> Sealed for WgTiles<BM, BN> {}
impl<const BM: usize, const BN: usize> Layout for WgTiles<BM, BN> {}

crate::disjoint::bind_shape! {
    [const BM: usize, const BN: usize] WgTiles<BM, BN> => [width];
}

impl<T: Elem, const BM: usize, const BN: usize> DisjointSlice<T, WgTiles<BM, BN>> {
    tile_grid_methods!();

    /// (tiles down, tiles across), or `None` when the block is not `128 · (1 + BM / 64)` threads,
    /// the grid is not 1-D or the output is empty (the same for every thread of a block).
    #[inline(always)]
    fn grid_of_tiles(&self) -> Option<(usize, usize)> {
        let (_, tiles_m, tiles_n) = tile_grid!(self, WG_THREADS * (1 + BM / WG_ROWS), BM, BN);
        Some((tiles_m, tiles_n))
    }

    /// How many block tiles the calling block owns: tiles `b`, `b + G`, `b + 2G`, … (block `b`
    /// of a grid of `G` blocks), so a grid of fewer blocks than tiles is persistent (each block
    /// loops over its tiles). 0 where [`block_origin`](Self::block_origin) is `None`.
    #[inline(always)]
    pub fn block_tile_count(&self) -> usize {
        let Some((tiles_m, tiles_n)) = self.grid_of_tiles() else { return 0 };
        let (b, g) = (crate::grid::block_idx().x as usize, crate::grid::grid_dim().x as usize);
        (tiles_m * tiles_n).saturating_sub(b).div_ceil(g)
    }

    /// The first row and column, in the output (and in A's rows and B's rows), of the calling
    /// block's `i`-th tile (tile `b + i·G`, numbered in bands of 8 tile rows); `None` past its
    /// last tile or where the block or grid has another shape.
    #[inline(always)]
    pub fn tile_origin(&self, i: usize) -> Option<(usize, usize)> {
        let (tiles_m, tiles_n) = self.grid_of_tiles()?;
        let (b, g) = (crate::grid::block_idx().x as usize, crate::grid::grid_dim().x as usize);
        let tile = i.checked_mul(g)?.checked_add(b)?;
        if tile >= tiles_m * tiles_n {
            return None;
        }
        let (tm, tn) = band_tile!(tile, tiles_m, tiles_n);
        Some((tm * BM, tn * BN))
    }

    /// The calling block's (first) tile: [`tile_origin(0)`](Self::tile_origin); `None` for a
    /// block past the last tile, a block that is not `128 · (1 + BM / 64)` threads, or a grid
    /// that is not 1-D (the same for every thread of a block).
    #[inline(always)]
    pub fn block_origin(&self) -> Option<(usize, usize)> {
        self.tile_origin(0)
    }

    /// The tile of the calling thread's consumer warpgroup in the block's first tile: rows `64 ·
    /// c.index()` .. of it, all BN columns; `None` as for [`block_origin`](Self::block_origin).
    #[inline(always)]
    pub fn wg_tile<const S: usize, E: WgmmaInput>(&mut self, c: &Consumer<S, BM, BN, E>) -> Option<WgTile<'_, T, BN>> {
        self.wg_tile_at(0, c)
    }

    /// As [`wg_tile`](Self::wg_tile) in the block's `i`-th tile (see
    /// [`tile_origin`](Self::tile_origin)): a persistent block's warpgroups store each of
    /// their tiles through it.
    #[inline(always)]
    pub fn wg_tile_at<const S: usize, E: WgmmaInput>(&mut self, i: usize, c: &Consumer<S, BM, BN, E>) -> Option<WgTile<'_, T, BN>> {
        let (row0, col0) = self.tile_origin(i)?;
        Some(WgTile {
            ptr: self.ptr,
            len: self.len,
            width: self.shape[0],
            row0: row0 + c.wg * WG_ROWS,
            col0,
            _out: PhantomData,
        })
    }
}

/// A consumer warpgroup's 64 × BN tile of a [`WgTiles`] output; see
/// [`DisjointSlice::wg_tile`](DisjointSlice#method.wg_tile).
pub struct WgTile<'a, T, const BN: usize> {
    ptr: *mut T,
    len: usize,
    width: usize,
    row0: usize,
    col0: usize,
    _out: PhantomData<&'a mut DisjointSlice<T>>,
}

impl<T: Elem, const BN: usize> WgTile<'_, T, BN>
where
    WgCols<BN>: WgWidth,
{
    /// The tile's first row in the output.
    #[inline(always)]
    pub fn row(&self) -> usize {
        self.row0
    }

    /// The tile's first column in the output.
    #[inline(always)]
    pub fn col(&self) -> usize {
        self.col0
    }

    /// Writes the warpgroup's accumulators, converted to T (f32 as is, BF16 and F16 rounded to
    /// nearest even); elements outside the output (a ragged edge) are skipped.
    #[inline(always)]
    pub fn store(&mut self, acc: &WgAccum<BN>)
    where
        T: crate::mma::FromAccum,
    {
        self.store_with(acc, |_, _, v| T::from_acc(v));
    }

    /// Writes `f(row, col, v)` for each of the thread's accumulators `v`, with its row and
    /// column in the output (an epilogue); elements outside the output are skipped.
    #[inline(always)]
    pub fn store_with(&mut self, acc: &WgAccum<BN>, f: impl Fn(usize, usize, f32) -> T) {
        let (w, g, q) = wg_lane();
        let (row, col) = (self.row0 + 16 * w + g, self.col0 + 2 * q);
        let (ptr, len, width) = (self.ptr, self.len, self.width);
        let v = &acc.r as *const _ as *const f32;
        let size = core::mem::size_of::<T>();
        // the thread's two neighbouring elements (columns c, c + 1 of row r) as one store of
        // 2 · size bytes where both are inside and that store is aligned (4- or 8-byte stores
        // instead of twice as many 2- or 4-byte ones); element by element otherwise
        each!(BN / 4, |h| {
            let (j, e) = (h / 2, 2 * (h % 2));
            let i = 4 * j + e;
            let (r, c) = (row + 8 * (e >> 1), col + 8 * j);
            let k = r * width + c;
            // SAFETY (the writes below): in bounds; (block tile, warpgroup, thread, i) ↦ (r, c)
            // is one-to-one (see `WgTiles`), so no other thread of the launch writes element k
            // or k + 1; i + 1 < BN / 2.
            let (in0, in1) = (c < width && k < len, c + 1 < width && k + 1 < len);
            if in1 && (size == 2 || size == 4) && (ptr.wrapping_add(k) as usize) % (2 * size) == 0 {
                // (in1 implies in0: c < c + 1 < width, k < k + 1 < len)
                // SAFETY: i + 1 < BN / 2.
                let (x, y) = unsafe { (f(r, c, *v.add(i)), f(r, c + 1, *v.add(i + 1))) };
                if size == 4 {
                    // SAFETY: as above; 8-aligned; T is 4 bytes (x, y read as their bits).
                    unsafe {
                        let bits = [core::mem::transmute_copy::<T, u32>(&x), core::mem::transmute_copy::<T, u32>(&y)];
                        (ptr.add(k) as *mut u64).write(bits[0] as u64 | (bits[1] as u64) << 32);
                    }
                } else {
                    // SAFETY: as above; 4-aligned; T is 2 bytes.
                    unsafe {
                        let bits = [core::mem::transmute_copy::<T, u16>(&x), core::mem::transmute_copy::<T, u16>(&y)];
                        (ptr.add(k) as *mut u32).write(bits[0] as u32 | (bits[1] as u32) << 16);
                    }
                }
            } else {
                if in0 {
                    // SAFETY: as above; i < BN / 2.
                    unsafe { ptr.add(k).write(f(r, c, *v.add(i))) };
                }
                if in1 {
                    // SAFETY: as above; i + 1 < BN / 2.
                    unsafe { ptr.add(k + 1).write(f(r, c + 1, *v.add(i + 1))) };
                }
            }
        });
    }
}
