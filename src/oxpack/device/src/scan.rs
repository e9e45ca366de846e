//! Prefix sums in one pass: tiles handed out in launch order, decoupled look-back.
//!
//! A kernel scans an input of `n` elements in one launch (Merrill & Garland 2016, CUB's
//! `DeviceScan`): each block takes a *tile* of `blockDim.x · ITEMS` consecutive elements,
//! sums it, publishes the sum, looks back over the tiles before it for the sum of
//! everything earlier, publishes its inclusive prefix and writes its scanned elements.
//! The output is `&mut DisjointSlice<T, ScanTiles<ITEMS>>`; the kernel also takes the
//! scan's state, `ScanState` (a `uint64` buffer on the Python side, zeroed once by the
//! caller and reused freely afterwards):
//!
//! ```ignore
//! pub fn cumsum_f32(i: ThreadIndex, x: &[f32], state: ScanState, out: &mut DisjointSlice<f32, ScanTiles<8>>)
//! where (len(out) == len(x), len(state) >= 3 * (len(x) / 2048) + 5) {
//!     out.scan_tiles(i, state, |tile| {                    // the whole block, a tile at a time
//!         let mine = &x[tile.range()];                     // this thread's ITEMS (fewer at the end)
//!         let mut v = [0.0f32; 8];
//!         let mut total = 0.0;
//!         for k in 0..8 { total += mine.get(k).copied().unwrap_or(0.0); v[k] = total; }
//!         let (before, mut items) = tile.publish(total);   // everything before my first element
//!         for k in 0..8 { items.set(k, before + v[k]); }
//!         items                                            // the proof that the tile was published
//!     });
//! }
//! ```
//!
//! # Ownership
//! Tiles are numbered by a counter in the state, not by `blockIdx`: the `k`-th draw of the
//! launch gets tile `k`, elements `k·B·ITEMS .. (k+1)·B·ITEMS` (`B = blockDim.x`), and
//! thread `tx` of the block that drew it owns the tile's elements `tx·ITEMS .. tx·ITEMS +
//! ITEMS`, cut at the buffer's end. A draw is an atomic add, so every tile has one block,
//! and a thread's elements are a one-to-one function of (tile, `tx`): no element has two
//! writers. [`TileItems`], the only writer, comes from [`ScanTile::publish`], which consumes
//! the tile: a tile is published once, and written only after. The kernel's closure gets
//! each tile and must return its writer (only `publish` makes one, and its lifetime is the
//! call's), so no tile goes unpublished; the library, not the kernel, runs the loop, so no
//! block stops drawing early.
//!
//! [`TileItems::set_all`] (and [`ScanTile::load`]) may move a whole warp's runs at once: where
//! all 32 lanes are in the same call together (`activemask`), each with a whole run, the runs
//! consecutive from a 16-byte boundary (a vote), lane `l` stores the 16-byte units `l, l + 32, …`
//! of the warp's runs, each holding the values its owner passed in that call (through the warp's
//! part of a shared buffer). Every element still gets its owner's value, written once, while its
//! owner is inside the call that writes it; a warp that does not qualify writes run by run.
//! [`TileItems::load`] reads a thread's elements of an input again after the publish (so that a
//! kernel need not hold them in registers across the look-back): from the warp's part of the
//! buffer where the warp's last load left those very runs there and nothing has written it since
//! (a tag per warp, cleared when a scan starts and by every write through the buffer, says so),
//! else from the input, as the first time.
//!
//! # Progress
//! A block waits only for tiles drawn before its own, by blocks that were running when
//! they drew them (a block draws only while it runs), so the waits end: no deadlock,
//! whatever order the GPU starts blocks in (`blockIdx` order is not promised). A block
//! keeps drawing until the tiles run out, so a launch of any grid size covers the buffer; the
//! stub launches at most the blocks the GPU holds at once (a block starting later would find the
//! tiles gone: [`param::resident`](crate::param::resident)). A closure that leaves without
//! returning (a panic) traps the launch; a tile dropped unpublished traps as well, and so
//! does a wait that does not end in about 2²⁵ polls.
//!
//! # The state, per launch
//! `state[0]` counts the launch's draws, `state[1]` is the launch's generation `g`, and
//! tile `k` has three words from `state[2 + 3k]`: its flag, its sum, its inclusive prefix
//! (a 32-bit value: one word, `state[2 + k]`, below).
//! A flag is valid only when it names the launch's generation (`(g + 1)·2`, +1 for an
//! inclusive prefix), so flags left by earlier launches read as "not yet published": a
//! state reused from a finished launch gives correct results without being zeroed. Each
//! block makes exactly one draw that finds no tile, so a launch of `G` blocks and `T`
//! tiles makes `T + G` draws; the last one (the last of the launch, by the counter's
//! order) resets the counter and advances the generation for the next launch. A launch
//! that fails leaves no state behind on the GPU (a trap loses the context); in emulation
//! the buffer survives, and the first draw of a launch (block 0's, as blocks run in order)
//! must be 0, so such a state, or one never zeroed, is refused. On the GPU a never-zeroed
//! state traps when its counter lies past the launch's `T + G` draws; one with a small
//! counter can scan wrongly (its early reset can hand a tile out twice, inside `out`
//! only): the caller zeroes a new state. Two launches running at once (two streams) must
//! not share a state.
//!
//! A 32-bit value (f32, i32, u32) shares one word with its flag: the flag in the high half,
//! the value in the low half, published by one atomic store and read by one atomic load, so
//! the look-back waits on no fence (CUB does the same). Tile `k`'s word is `state[2 + k]`:
//! the look-back's window of 32 tiles is 256 contiguous bytes (the state keeps its size). The flag's half holds generations up
//! to 2³¹ − 1; a state that has served that many launches is refused (zero it again). A
//! 64-bit value has its own words: it is stored, then `fence.sc.gpu`, then its flag; a
//! reader loads the flag, fences, then loads the value (release/acquire through fences,
//! device scope). All state accesses are atomic, and kernel code cannot reach the state's
//! words ([`ScanState`] has no accessor).

use core::marker::PhantomData;
use core::ops::Range;

use crate::atomic::Atomic;
use crate::disjoint::DisjointSlice;
use crate::elem::Elem;
use crate::param::{DevPtrMut, Param};
use crate::shared_mem::{thread_slot, warp_slot};
use crate::sync::{fence_device, sync_threads};
use crate::thread::{grid, ThreadIndex};
use crate::warp::{ballot, lane_id, live_lanes, shfl_idx, shfl_up, warp_reduce, Shuffle, WARP_SIZE};
#[cfg(target_arch = "nvptx64")]
use crate::warp::vote_all;
use crate::{layout, sealed};

/// The words a scan's state needs for a tile of `tile` elements over `n` elements: `2 +
/// 3·ceil(n / tile)`.
pub const fn state_len(n: usize, tile: usize) -> usize {
    2 + 3 * n.div_ceil(tile)
}

/// A decoupled look-back scan's state: a `uint64` buffer that the caller zeroes once
/// (e.g. `torch.zeros(3 * (n // 2048) + 5, dtype=torch.uint64)`) and may reuse for every
/// later launch (see the [module](self)). Opaque to kernel code.
pub struct ScanState {
    ptr: *const Atomic<u64>,
    len: usize,
}

/// The state's words as the queue and its tiles hold them (by value: the optimizer keeps
/// them in registers). Made only by [`DisjointSlice::scan_tiles`], after it checked that the
/// buffer holds `state_len(n, tile)` words; every word read is then below that: the counter
/// and the generation (0, 1) and a tile's words (`tile_word(k)` + 0, 1, 2 for a tile `k <
/// ceil(n / tile)`: at most `3k + 4 < 2 + 3·ceil(n / tile)`). Emulation checks it again; the
/// GPU does not keep the length (two registers fewer in every thread of a scan).
#[derive(Clone, Copy)]
struct Words {
    ptr: *const Atomic<u64>,
    #[cfg(not(target_arch = "nvptx64"))]
    len: usize,
}

impl Words {
    /// # Safety (for the caller of `new`)
    /// `ptr` holds `len >= state_len(n, tile)` words of the state (see the type).
    #[inline(always)]
    fn new(ptr: *const Atomic<u64>, len: usize) -> Words {
        let _ = len;
        Words {
            ptr,
            #[cfg(not(target_arch = "nvptx64"))]
            len,
        }
    }

    #[inline(always)]
    fn word(&self, k: usize) -> &Atomic<u64> {
        #[cfg(not(target_arch = "nvptx64"))]
        if k >= self.len {
            panic!("oxpack scan: the state buffer is too short for this launch's tiles");
        }
        // SAFETY: k is below the state's checked length (see the type: the scan's counter,
        // generation and its tiles' words only); the stub checked that the buffer is writable
        // device memory of that many u64 that no other argument aliases; every access to it
        // is atomic.
        unsafe { &*self.ptr.add(k) }
    }
}

impl sealed::Sealed for ScanState {}
impl layout::Unshaped for ScanState {}

/// `ScanState`: passed as an atomic `uint64` buffer (descriptor `atomic:uint64`). The kernel
/// gets it by value and [`scan_tiles`](DisjointSlice::scan_tiles) consumes it: one scan per
/// state per launch (two would draw from one counter).
impl Param for ScanState {
    type Word = DevPtrMut<u64>;
    type Holder = ScanState;
    const DESC: &'static str = "atomic:uint64";
    // any grid: the draws count the launch's blocks, whatever their number (see the module)
    const RESIDENT: u8 = crate::param::resident::ANY;
    #[inline(always)]
    unsafe fn hold(word: DevPtrMut<u64>, len: usize) -> ScanState {
        ScanState { ptr: word.0 as *const Atomic<u64>, len }
    }
    #[inline(always)]
    unsafe fn borrow(holder: &mut ScanState) -> ScanState {
        // The entry shim calls this once per holder (a kernel taking a `ScanState` is never
        // coarsened: `COARSE` is the default, `BLOCKS`), so the body gets one state.
        ScanState { ptr: holder.ptr, len: holder.len }
    }
}

/// The values a scan adds: `f32`, `f64` (rounded as they are added, tile by tile) and
/// the integers (wrapping).
pub trait ScanValue: Elem + Shuffle + Copy + sealed::Sealed {
    /// 0.
    const ZERO: Self;
    /// `self + other` (wrapping for integers).
    fn plus(self, other: Self) -> Self;
    #[doc(hidden)]
    fn to_word(self) -> u64;
    #[doc(hidden)]
    fn from_word(w: u64) -> Self;
    /// A 32-bit value: a tile's flag and value share one word (one store publishes both,
    /// one load reads both: no fence on the look-back's path).
    #[doc(hidden)]
    const PACKED: bool;
}

macro_rules! scan_value {
    ($($t:ty: $zero:expr, $plus:expr, $to:expr, $from:expr;)*) => {$(
        impl ScanValue for $t {
            const ZERO: $t = $zero;
            const PACKED: bool = core::mem::size_of::<$t>() == 4;
            #[inline(always)]
            fn plus(self, other: $t) -> $t {
                let f: fn($t, $t) -> $t = $plus;
                f(self, other)
            }
            #[inline(always)]
            fn to_word(self) -> u64 {
                let f: fn($t) -> u64 = $to;
                f(self)
            }
            #[inline(always)]
            fn from_word(w: u64) -> $t {
                let f: fn(u64) -> $t = $from;
                f(w)
            }
        }
    )*};
}
scan_value! {
    f32: 0.0, |a, b| a + b, |v| v.to_bits() as u64, |w| f32::from_bits(w as u32);
    f64: 0.0, |a, b| a + b, f64::to_bits, f64::from_bits;
    i32: 0, i32::wrapping_add, |v| v as u32 as u64, |w| w as u32 as i32;
    u32: 0, u32::wrapping_add, |v| v as u64, |w| w as u32;
    i64: 0, i64::wrapping_add, |v| v as u64, |w| w as i64;
    u64: 0, u64::wrapping_add, |v| v, |w| w;
}

/// True while the calling thread unwinds from a panic (emulation; never on the GPU, where a
/// panic traps): a drop then must not panic a second time.
#[inline(always)]
fn unwinding() -> bool {
    #[cfg(not(target_arch = "nvptx64"))]
    {
        extern crate std;
        std::thread::panicking()
    }
    #[cfg(target_arch = "nvptx64")]
    {
        false
    }
}

// The block-shared arrays live in free functions: `shared_array!`'s static in a method of a
// generic type gets a quoted LLVM name (`$LT$`), which the link stage would not move to
// shared memory.

/// Thread 0's `v`, in every thread of the block (collective: barriers before and after).
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
fn from_thread0(v: u64) -> u64 {
    let mut cell = crate::shared_array!(u64, 1);
    if crate::block_thread_linear() == 0 {
        cell.write(thread_slot(), v);
    }
    cell.sync().get(0)
}

/// The block's words for [`ScanTile::publish`]: `[0, 32)` the warps' totals, `32` the tile's
/// exclusive prefix, `33` the block's next draw. Atomics (relaxed, block-shared), ordered by
/// the two barriers of a publish and the draw's barrier after the tile (see `publish` and
/// `scan_tiles` for why these are enough).
#[inline(always)]
fn tile_words() -> &'static [Atomic<u64>] {
    crate::shared_atomics!(u64, 34)
}

/// The slot of [`tile_words`] for the tile's exclusive prefix, and for the block's next draw.
const PREFIX_WORD: usize = 32;
const NEXT_WORD: usize = 33;

/// Given each warp's total (the same in its lanes), the sum of the warps before the calling
/// thread's and the block's sum. Collective over the block: one barrier (the first of a publish).
/// Every thread adds the warps' totals itself, in warp order (the same loads in every thread: a
/// broadcast), so the block's sum is the same value in every thread, with no shuffles and no
/// per-lane address kept across the tile loop.
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
fn over_warps<T: ScanValue>(words: &[Atomic<u64>], warp_total: T, tx: usize) -> (T, T) {
    if let Some(slot) = warp_slot() {
        words[slot.get()].store(warp_total.to_word());
    }
    sync_threads();
    // at most 32 warps (a block has at most 1,024 threads)
    let warps = ((grid::block_dim().x as usize).div_ceil(WARP_SIZE as usize)).min(WARP_SIZE as usize);
    let me = tx / WARP_SIZE as usize;
    let (mut before, mut block) = (T::ZERO, T::ZERO);
    for (w, word) in words[..warps].iter().enumerate() {
        if w == me {
            before = block; // the warps before the calling thread's, added in the same order
        }
        block = block.plus(T::from_word(word.load()));
    }
    (before, block)
}

/// Tile `k`'s first word in the state: a 32-bit value's one word at `2 + k` (a window of 32
/// tiles is 256 contiguous bytes: two cache lines for the look-back's one load a lane), a
/// 64-bit value's flag at `2 + 3k` (its sum and prefix after it).
#[inline(always)]
const fn tile_word<T: ScanValue>(k: usize) -> usize {
    if T::PACKED { 2 + k } else { 2 + 3 * k }
}

/// The tiles a lane of the look-back reads a window (4: a window of 128 tiles, one round trip;
/// a 32-bit value's four words are 32 contiguous bytes).
const LANE_TILES: usize = 1;

/// How many polls of a predecessor's flag, without news, before a block traps.
const PATIENCE: u32 = 1 << 25;

/// The flag bits a 32-bit value's word holds (its high half): generations up to 2³¹ − 1.
const PACKED_TAG: u64 = 0xffff_ffff;

/// A state's generations for 32-bit values: past it, an old flag could read as the launch's
/// own (its generation's low bits repeat), so the draw refuses the state (zero it again).
const PACKED_GENERATIONS: u64 = (1 << 31) - 1;

impl<T: ScanValue, const ITEMS: usize> DisjointSlice<T, layout::ScanTiles<ITEMS>> {
    /// Scans the output tile by tile (see the [module](self)): the block draws tiles until
    /// they run out and calls `each` on every one, in every thread (collective over the
    /// block). `each` must publish its tile and return the writer that
    /// [`publish`](ScanTile::publish) gave: a tile cannot be skipped (its successors would wait
    /// for it forever), and the loop cannot be left early. The state is consumed (one scan per
    /// state), and a second scan of the same output in one launch traps before it draws. The
    /// launch must be 1-D (a `ThreadIndex` kernel's is).
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn scan_tiles<F>(&mut self, i: ThreadIndex, state: ScanState, mut each: F)
    where
        F: for<'q> FnMut(ScanTile<'q, T, ITEMS>) -> TileItems<'q, T>,
    {
        let _ = i;
        // One scan of an output per launch: a second one would draw its tiles anew, and a
        // block still writing the first one's tile could meet another writing the second's.
        // (`shape` is unused by this layout; each thread's holder marks its own call.)
        if self.shape[0] != 0 {
            panic!("oxpack scan: a ScanTiles output is scanned once per launch");
        }
        self.shape[0] = 1;
        let (b, g) = (grid::block_dim(), grid::grid_dim());
        if b.y != 1 || b.z != 1 || g.y != 1 || g.z != 1 || ITEMS == 0 {
            panic!("oxpack scan: ScanTiles needs a 1-D launch and ITEMS >= 1");
        }
        let per_tile = b.x as usize * ITEMS;
        let tiles = self.len.div_ceil(per_tile);
        if tiles > u32::MAX as usize {
            // the look-back counts tiles in 32 bits (2^32 tiles of 256 f32 are 4 TiB)
            panic!("oxpack scan: more than 2^32 - 1 tiles: give the launch larger blocks");
        }
        if state.len < state_len(self.len, per_tile) {
            panic!("oxpack scan: the state buffer is shorter than 2 + 3 * ceil(n / (blockDim.x * ITEMS)) words");
        }
        let mut queue: TileQueue<'_, T, ITEMS> = TileQueue {
            ptr: self.ptr,
            len: self.len,
            state: Words::new(state.ptr, state.len), // after the length check above
            per_tile,
            tiles: tiles as u64,
            draws: tiles as u64 + g.x as u64,
            epoch: 0,
            next: 0,
            done: false,
            tx: grid::thread_idx().x as usize,
            _out: PhantomData,
        };
        // The block's first draw (thread 0's), handed to the block by `from_thread0`: its
        // first barrier also keeps an earlier scan's readers of the block's words (a scan
        // before this one in the kernel, or around it) ahead of this scan's writers.
        // No warp's part of the transpose buffer holds anything `TileItems::load` may take yet
        // (shared memory starts with whatever an earlier block or scan left there); before
        // `from_thread0`'s barrier, so before any warp's first load.
        forget_stages();
        let t = if queue.tx == 0 { queue.first_draw() } else { 0 };
        queue.next = from_thread0(t);
        let (tx, words, draws, epoch) = (queue.tx, queue.state, queue.draws, queue.epoch);
        let shared = tile_words();
        loop {
            let Some(tile) = queue.next_tile() else { break };
            let _published: TileItems<'_, T> = each(tile);
            // The block's next draw, once this tile's writes are issued: a block draws a tile only
            // when it is ready to load it (every later tile's look-back waits for its sum), and the
            // draw's round trip delays none of this tile's stores. One barrier hands it to the block.
            if tx == 0 {
                shared[NEXT_WORD].store(draw(words, draws, epoch));
            }
            sync_threads(); // barrier C
            queue.next = shared[NEXT_WORD].load();
        }
        // Every thread has read the last draw before any thread goes on (to a later scan in the
        // kernel, or the rest of an enclosing scan's tile, whose thread 0 writes the word again).
        sync_threads();
    }
}

/// A block's queue of tiles; see [`DisjointSlice::scan_tiles`].
struct TileQueue<'a, T, const ITEMS: usize> {
    ptr: *mut T,
    len: usize,
    state: Words,
    per_tile: usize,
    tiles: u64,
    draws: u64, // T + G: the launch's draws
    epoch: u64, // the launch's generation (thread 0's; the others do not use it)
    next: u64,  // the block's latest draw (the same in every thread)
    done: bool,
    tx: usize,
    _out: PhantomData<&'a mut T>,
}

impl<'a, T: ScanValue, const ITEMS: usize> TileQueue<'a, T, ITEMS> {
    /// The block's next tile, or `None` when the tiles have run out (then for every
    /// thread of the block): the tile of the block's latest draw, made by thread 0 and
    /// handed to every thread by the barrier after it (the first by `from_thread0`, each later
    /// one by `scan_tiles`'s barrier after the tile before, once that tile's writes are out).
    /// A block draws a tile only when it is ready to work on it: a tile drawn early (while the
    /// block still looks back for another, or writes it) keeps its successors waiting for its
    /// sum (measured: 1.3x slower at 2^26 on an H200 when drawn before the look-back;
    /// docs/device-library.md).
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    fn next_tile(&mut self) -> Option<ScanTile<'_, T, ITEMS>> {
        if self.done {
            return None;
        }
        let k = self.next;
        if k >= self.tiles {
            self.done = true;
            return None;
        }
        let k = k as usize;
        let start = (k * self.per_tile + self.tx * ITEMS).min(self.len);
        let count = ITEMS.min(self.len - start);
        Some(ScanTile { index: k, start, count, ptr: self.ptr, state: self.state, epoch: self.epoch,
                        tx: self.tx, published: false, _queue: PhantomData })
    }

    /// Thread 0: the block's first draw; reads the launch's generation.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    fn first_draw(&mut self) -> u64 {
        let generation = self.state.word(1);
        self.epoch = generation.load(); // stable until the launch's last draw, which follows ours
        fence_device();
        if T::PACKED && self.epoch >= PACKED_GENERATIONS {
            panic!("oxpack scan: the scan state is stale (left by a failed launch, or never zeroed) or worn out (2^31 - 1 launches of 32-bit values): zero it");
        }
        #[cfg(not(target_arch = "nvptx64"))]
        if grid::block_idx().x == 0 && self.state.word(0).load() != 0 {
            // Emulated blocks run in order: block 0's first draw is the launch's first.
            panic!("oxpack scan: the scan state is stale (left by a failed launch, or never zeroed): zero it");
        }
        draw(self.state, self.draws, self.epoch)
    }
}

/// Thread 0: one draw from the launch's counter (`draws`: the launch's `T + G`; `epoch`: its
/// generation, advanced by the last draw).
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
fn draw(state: Words, draws: u64, epoch: u64) -> u64 {
    let (count, generation) = (state.word(0), state.word(1));
    let t = count.fetch_add(1);
    if t >= draws {
        panic!("oxpack scan: the scan state is stale (left by a failed launch, or never zeroed): zero it");
    }
    if t + 1 == draws {
        // The launch's last draw: every block has drawn for the last time.
        fence_device();
        generation.store(epoch.wrapping_add(1));
        count.store(0);
    }
    t
}

impl<T, const ITEMS: usize> Drop for TileQueue<'_, T, ITEMS> {
    #[inline(always)]
    fn drop(&mut self) {
        if !self.done && !unwinding() {
            panic!("oxpack scan: a tile queue dropped before the tiles ran out");
        }
    }
}

/// A tile that the calling block drew; this thread's part of it is [`range`](Self::range).
/// Publish it (every thread of the block, once) to get its writer.
pub struct ScanTile<'q, T, const ITEMS: usize> {
    index: usize,
    start: usize,
    count: usize,
    ptr: *mut T,
    state: Words,
    epoch: u64,
    tx: usize,
    published: bool,
    _queue: PhantomData<&'q mut T>,
}

impl<'q, T: ScanValue, const ITEMS: usize> ScanTile<'q, T, ITEMS> {
    /// The tile's number (the launch's draw that got it).
    #[inline(always)]
    pub fn index(&self) -> usize {
        self.index
    }

    /// The elements this thread owns, as a range of the buffer: `ITEMS` of them, fewer
    /// (or none) at the buffer's end. Index an input of the output's length with it.
    #[inline(always)]
    pub fn range(&self) -> Range<usize> {
        self.start..self.start + self.count
    }

    /// This thread's elements of `x` (an input of the output's length, indexed by
    /// [`range`](Self::range)), zeros past its last: 16-byte loads when its elements start
    /// 16-byte aligned and fill the array (a buffer from an allocator, `ITEMS · size` a multiple
    /// of 16), else one load each. Traps where `range()` is past `x`'s end, as `&x[range]` does.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn load(&self, x: &[T]) -> [T; ITEMS] {
        load_run(x, self.range(), false)
    }

    /// Publishes the tile and gives this thread its exclusive prefix and its writer.
    /// Collective over the block: each thread passes the total of its own elements; the
    /// result is the sum of every element before this thread's first one (all earlier
    /// tiles', then the tile's earlier threads'), with [`TileItems`] for its elements.
    ///
    /// Two barriers: the warps' totals go to the block's words, barrier A; warp 0 looks back,
    /// publishes the tile's inclusive prefix, and thread 0 writes it; barrier B; every thread
    /// reads it. After the closure, `scan_tiles` has thread 0 draw the block's next tile and
    /// write it, then barrier C, then every thread reads it. The words' writes and reads
    /// alternate without more barriers: a thread writes the totals (before the next tile's A)
    /// only after B (and C), so after every thread read them (before B); thread 0 writes the
    /// prefix (after the next A) only when every thread has reached that A, so has read it
    /// (after B), and the draw (after the next tile's B) only when every thread has read the
    /// last one (after C, before the next A). Between publishes the block is in the kernel's
    /// closure; a scan there (of another output) starts with a barrier and ends with one after
    /// its last reads.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn publish(mut self, total: T) -> (T, TileItems<'q, T>) {
        self.published = true;
        // The block's exclusive scan of the threads' totals: within each warp, then over
        // the warps' totals (each thread adds them in the same order, so the block total
        // is the same value in every thread).
        let (lane, live) = (lane_id(), live_lanes());
        let mut incl = total;
        let mut d = 1;
        while d < WARP_SIZE {
            let up = shfl_up(incl, d);
            if lane >= d {
                incl = up.plus(incl);
            }
            d *= 2;
        }
        let before_in_warp = shfl_up(incl, 1);
        let before_in_warp = if lane == 0 { T::ZERO } else { before_in_warp };
        let warp_total = shfl_idx(incl, live - 1);
        let words = tile_words();
        let (before_warp, block) = over_warps(words, warp_total, self.tx); // barrier A
        if self.tx < WARP_SIZE as usize {
            // warp 0 (the same warp in every lane: a uniform branch for its collectives)
            let p = look_back(self.state, self.epoch, self.index, block);
            if self.tx == 0 {
                words[PREFIX_WORD].store(p.to_word());
            }
        }
        sync_threads(); // barrier B
        let before_tile = T::from_word(words[PREFIX_WORD].load());
        let mine = before_tile.plus(before_warp.plus(before_in_warp));
        let items = TileItems { ptr: self.ptr.wrapping_add(self.start), start: self.start, count: self.count,
                                _out: PhantomData };
        (mine, items)
    }
}

/// Warp 0: lane 0 publishes the tile's sum; the warp then reads its predecessors' flags a
/// window of [`LANE_TILES`] a lane at a time (lane `l`: tiles `k - 1 - 4l - m`, `m < 4`: 32
/// contiguous bytes of a 32-bit value's words, so a window of 128 tiles costs one round trip)
/// and adds the sums back to the nearest inclusive prefix, waiting only where a tile nearer
/// than that prefix has no sum yet (the sums before such a tile are taken, and the next window
/// starts at it); lane 0 then publishes the tile's own prefix. Returns the tile's exclusive
/// prefix (every lane).
#[inline(always)] // inline: fewer registers than a call (measured: 64 with no spills at 4 blocks of 256 an SM on
                  // sm_90, 136 bytes spilled out of line); arguments by value: no tile struct in local memory
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
fn look_back<T: ScanValue>(state: Words, epoch: u64, k: usize, block: T) -> T {
    let epoch = shfl_idx(epoch, 0); // thread 0 drew, and read the launch's generation
    let tag = epoch.wrapping_add(1) << 1; // + 0: a sum, + 1: an inclusive prefix
    let base = tile_word::<T>(k);
    let lane = lane_id() as usize;
    if k == 0 {
        if lane == 0 {
            publish_word(state, base, tag | 1, block);
        }
        return T::ZERO;
    }
    if lane == 0 {
        publish_word(state, base, tag, block);
    }
    // Tile numbers in 32 bits (`scan_tiles` checked that they fit): fewer registers.
    let lane = lane as u32;
    let span = LANE_TILES as u32 * live_lanes(); // the tiles of a window
    let mut before = T::ZERO;
    let mut end = k as u32; // the window is tiles end - span .. end; position p = 4l + m is tile end - 1 - p
    let mut waited = 0u32;
    loop {
        // The lane's tiles: `top`, `top - 1`, … (`avail` of them: a position before tile 0
        // counts as an inclusive prefix of 0). The loads are all issued before any is used
        // (one round trip for the window).
        let avail = end.saturating_sub(LANE_TILES as u32 * lane).min(LANE_TILES as u32) as usize;
        let top = end.wrapping_sub(1 + LANE_TILES as u32 * lane) as usize;
        let mut word = [0u64; LANE_TILES];
        for (m, w) in word.iter_mut().enumerate() {
            if m < avail {
                *w = state.word(tile_word::<T>(top - m)).load();
            }
        }
        let (mut inclusive, mut value, mut ready) = ([true; LANE_TILES], [T::ZERO; LANE_TILES], [true; LANE_TILES]);
        let mut any_ready = false;
        for m in 0..avail.min(LANE_TILES) {
            let flag = if T::PACKED { word[m] >> 32 } else { word[m] };
            ready[m] = if T::PACKED {
                // flag (high half) and value (low half) in one word, read at once
                flag == tag & PACKED_TAG || flag == (tag | 1) & PACKED_TAG
            } else {
                flag == tag || flag == tag | 1
            };
            inclusive[m] = flag & 1 == 1;
            if T::PACKED && ready[m] {
                value[m] = T::from_word(word[m] & 0xffff_ffff);
            }
            any_ready |= ready[m];
        }
        if !T::PACKED && any_ready {
            // a 64-bit value: its own word, read after its flag (one fence for the lane's flags)
            fence_device();
            for m in 0..avail.min(LANE_TILES) {
                if ready[m] {
                    value[m] = T::from_word(state.word(tile_word::<T>(top - m) + 1 + inclusive[m] as usize).load());
                }
            }
        }
        // Positions 0 .. stop hold sums (stop: the nearest tile without one; 128 or more:
        // none), the nearest inclusive prefix is at position `nearest` (128 or more: none
        // among the ready ones). A position's lane and slot: the ballot of slot m gives the
        // first lane whose slot m qualifies (ballot leaves lanes that do not exist 0).
        let (mut stop, mut nearest) = (u32::MAX, u32::MAX);
        for m in 0..LANE_TILES {
            let s = LANE_TILES as u32 * ballot(!ready[m]).trailing_zeros() + m as u32;
            let n = LANE_TILES as u32 * ballot(inclusive[m] && ready[m]).trailing_zeros() + m as u32;
            stop = stop.min(s);
            nearest = nearest.min(n);
        }
        let take = if nearest < stop {
            nearest + 1 // every tile from the nearest prefix on has its sum: done after these
        } else if stop == 0 {
            // the nearest tile has no sum yet: poll it again
            #[cfg(not(target_arch = "nvptx64"))]
            panic!("oxpack scan: a tile waits for an earlier tile that no block published (on the GPU: a hang)");
            #[cfg(target_arch = "nvptx64")]
            {
                waited += 1;
                if waited >= PATIENCE {
                    panic!("oxpack scan: a tile waited too long for an earlier tile's sum");
                }
                continue;
            }
        } else {
            // No prefix before the nearest tile without a sum: take the sums up to it (a tile's
            // sum is final once published: the prefix it may publish later is not needed), and
            // look again from that tile on.
            stop.min(span)
        };
        // the lane's positions below `take`, added in order, then the warp's
        let mut mine = [T::ZERO; LANE_TILES];
        for m in 0..LANE_TILES {
            if LANE_TILES as u32 * lane + (m as u32) < take {
                mine[m] = value[m];
            }
        }
        let mut lane_sum = T::ZERO;
        for v in mine {
            lane_sum = lane_sum.plus(v);
        }
        before = warp_reduce(lane_sum, |a, b| a.plus(b)).plus(before);
        if nearest < stop {
            break;
        }
        end -= take;
        waited = 0;
    }
    let _ = (waited, PATIENCE);
    if lane == 0 {
        publish_word(state, base, tag | 1, before.plus(block));
    }
    before
}

/// Lane 0 of warp 0: tile `base`'s flag `flag` (+1: an inclusive prefix) with `value`. A
/// 32-bit value shares the flag's word (one atomic store); a 64-bit one goes to its own
/// word first (the sum's or the prefix's), then a fence, then the flag.
#[inline(always)]
fn publish_word<T: ScanValue>(state: Words, base: usize, flag: u64, value: T) {
    if T::PACKED {
        state.word(base).store(((flag & PACKED_TAG) << 32) | (value.to_word() & 0xffff_ffff));
    } else {
        state.word(base + 1 + (flag & 1) as usize).store(value.to_word());
        fence_device();
        state.word(base).store(flag);
    }
}

impl<T, const ITEMS: usize> Drop for ScanTile<'_, T, ITEMS> {
    #[inline(always)]
    fn drop(&mut self) {
        if !self.published && !unwinding() {
            panic!("oxpack scan: a tile dropped unpublished (later tiles would wait for it forever)");
        }
    }
}

#[cfg(target_arch = "nvptx64")]
use crate::intrinsics::{cache, mma as rt};

/// `x[range]` as `[T; N]`, zeros past its end: 16-byte loads when it starts 16-byte aligned
/// and has N elements (`N · size` a multiple of 16), else one load each. Traps where `range`
/// is past `x`'s end, as `&x[range]` does. `again`: the same elements were loaded before in this
/// tile (`TileItems::load`): where the warp's part of the transpose buffer still holds them (its
/// tag says so), they are read from there.
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
fn load_run<T: ScanValue, const N: usize>(x: &[T], range: Range<usize>, again: bool) -> [T; N] {
    let mine = &x[range];
    let _ = again;
    #[cfg(target_arch = "nvptx64")]
    if let Some(segment) = warp_run::<T, N>(mine.as_ptr(), mine.len()) {
        if again && StageTag::of_warp().holds(segment, N * core::mem::size_of::<T>() / 16) {
            // SAFETY: as below; the warp's part holds these very runs (its tag: `warp_load` of
            // the same segment and run size put them there, and nothing has written it since)
            return unsafe { warp_reread::<T, N>(segment) };
        }
        // SAFETY: every lane of the warp is here with its own N elements of `x` (each checked
        // by its `&x[range]` above), one after another from `segment` (`warp_run`).
        return unsafe { warp_load::<T, N>(segment) };
    }
    if let Some(whole) = whole_aligned::<T, N>(mine.as_ptr(), mine.len()) {
        // SAFETY: `whole` points at N readable elements of `x` (`mine` has N), 16-byte
        // aligned; `Aligned16<[T; N]>` has no padding (its size is a multiple of 16).
        return unsafe { whole.read() }.0;
    }
    let mut v = [T::ZERO; N];
    for (k, &e) in mine.iter().enumerate().take(N) {
        v[k] = e;
    }
    v
}

// ---- A warp's runs moved as one (the GPU only). A thread's run of N elements is `N · size`
// bytes; 16-byte loads of 32 such runs, one per lane, touch every 32-byte sector twice (two
// lanes' halves, profiled: 53% of the sectors excessive). A warp whose 32 lanes all move a
// whole, aligned run at once instead moves the warp's `32 · N · size` bytes with lane `l`
// taking the 16-byte units `l, l + 32, …` (each instruction: 512 contiguous bytes), through a
// buffer of 4 KiB a warp in shared memory (its first 8 warps: 32 KiB a block), as CUB's warp
// transposes do.

/// Units of 16 bytes a warp's part of the buffer holds: 4 KiB, 32 lanes × 128 bytes.
#[cfg(target_arch = "nvptx64")]
const WARP_UNITS: usize = 256;
/// The warps of a block that have a part (blocks of up to 256 threads: all).
#[cfg(target_arch = "nvptx64")]
const TRANSPOSE_WARPS: usize = 8;

/// The block's transpose buffer: `WARP_UNITS` units for each of the first `TRANSPOSE_WARPS`
/// warps. Warp `w` alone touches units `w · WARP_UNITS ..`, and only inside `warp_load` and
/// `warp_store`, which every lane of the warp runs together (`warp_run`); each ends with a
/// warp barrier, so one's reads are done before the next one's writes.
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
fn transpose_buffer() -> *mut u128 {
    static __OXPACK_SHARED: crate::shared_mem::SharedCell<u128, { WARP_UNITS * TRANSPOSE_WARPS }> =
        crate::shared_mem::SharedCell::new();
    // `SharedCell` is `repr(C, align(16))` over an `UnsafeCell` of the array: its address is the
    // array's, and writing through it is the cell's interior mutability
    &__OXPACK_SHARED as *const crate::shared_mem::SharedCell<u128, { WARP_UNITS * TRANSPOSE_WARPS }> as *mut u128
}

/// The calling warp's part of the transpose buffer: its `WARP_UNITS` units (a warp among the
/// first `TRANSPOSE_WARPS`, as `warp_run` checked).
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
fn warp_part() -> *mut u128 {
    transpose_buffer().wrapping_add(crate::block_thread_linear() / WARP_SIZE as usize * WARP_UNITS)
}

/// Unit `u`'s place in a warp's part for a call with offset `k`: `u` with its low three bits
/// xor-ed by the next three xor `k`, a permutation of each row of 8 units (a row is 128 bytes,
/// all 32 banks) whatever `k`. 8 lanes reading units `8l + m`, `4l + m`, `2l + m` or `l` at once
/// meet 8 different 16-byte bank groups (no bank conflicts; the first is a 128-byte run a lane),
/// and so do the loads' and stores' 8 lanes writing or reading units `32j + l`, which sit at
/// `32j + (swizzle(l, k) ^ 4·(j & 1))` (see `row_place`: two addresses a lane, not one per `j`).
/// `k` is the call's own (from its segment's address): the same for its writes and reads, and
/// not a loop invariant, so that the compiler computes the lane's places in each call instead
/// of holding them in registers across the look-back (measured: 16 bytes spilled on sm_90 with
/// a fixed swizzle; 24 with the places of units `32j + l` computed one by one).
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
const fn swizzle(u: usize, k: usize) -> usize {
    u ^ (((u >> 3) ^ k) & 7)
}

/// `swizzle(32 · j + lane, k)`, written as the lane's own place `swizzle(lane, k)` with bit 2
/// flipped in odd rows of 32 units: for `lane < 32`, `(32j + lane) >> 3` is `4j + (lane >> 3)`,
/// whose low three bits are `lane >> 3` with bit 2 from `j`'s parity.
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
const fn row_place(j: usize, lane: usize, k: usize) -> usize {
    32 * j + (swizzle(lane, k) ^ ((j & 1) << 2))
}

/// When the calling warp can move its lanes' runs as one: every one of its 32 lanes is here at
/// once (`activemask`: the same call, converged), in a warp with a part of the buffer, and
/// each lane's run (`p`, `count` elements) is whole (N elements), `N · size` is 1 to 8 units,
/// and the runs follow one another in lane order from a 16-byte boundary: then the warp's
/// first byte (the same in every lane). Otherwise `None` in every lane (each condition is the
/// same in every lane that tests it: the first three are the warp's, the last is a vote).
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
fn warp_run<T, const N: usize>(p: *const T, count: usize) -> Option<*const u8> {
    let bytes = N * core::mem::size_of::<T>();
    if bytes % 16 != 0 || bytes == 0 || bytes > 128 {
        return None; // a constant
    }
    let warp = crate::block_thread_linear() / WARP_SIZE as usize;
    if warp >= TRANSPOSE_WARPS || live_lanes() != WARP_SIZE || rt::__oxpack_activemask() != u32::MAX {
        return None;
    }
    let lane = lane_id() as usize;
    let segment = (p as *const u8).wrapping_sub(lane * bytes);
    let first = shfl_idx(segment as usize as u64, 0);
    let ok = count == N && segment as usize % 16 == 0 && first == segment as usize as u64;
    if vote_all(ok) { Some(segment) } else { None }
}

/// The calling lane's run of N elements from a warp's runs at `segment` (`warp_run`'s).
///
/// # Safety
/// `warp_run` gave `segment` in every lane of the warp, here at once, and each lane's run
/// `segment + lane · N · size ..` is N readable elements of `T`.
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
unsafe fn warp_load<T: Copy, const N: usize>(segment: *const u8) -> [T; N] {
    let units = N * core::mem::size_of::<T>() / 16; // 1 to 8 (warp_run)
    let lane = lane_id() as usize;
    let part = warp_part();
    let k = segment as usize >> 11; // the call's swizzle offset (the same in every lane)
    // Straight from global to shared memory (`cp.async`, no registers): every unit of the lane in
    // flight at once, one round trip (16-byte loads through registers were split in two halves by
    // ptxas, a round trip each, to save registers; profiled with `nvdisasm -plr`).
    let base = rt::__oxpack_smem_addr(part as *const u8);
    for j in 0..units {
        // SAFETY: unit 32j + lane < 32 · units lies in the warp's runs, each readable (the
        // caller), 16-byte aligned (the segment is); its place is in the warp's own part
        // (module comment above `WARP_UNITS`), unit < 256, 16-byte aligned
        unsafe { rt::__oxpack_cp_async_16_s(base + 16 * row_place(j, lane, k) as u32, segment.add(16 * (32 * j + lane))) };
    }
    rt::__oxpack_cp_async_wait_all(); // this lane's copies have landed
    StageTag::of_warp().set(segment, units); // what the part holds now (lane 0)
    crate::sync::sync_warp(); // and every lane's, for the reads below
    // SAFETY: the part holds the warp's runs from `segment`, written before the warp barrier
    unsafe { read_own::<T, N>(part, k) }
}

/// The calling lane's run of N elements from a warp's runs at `segment`, out of the warp's part
/// of the transpose buffer, where `warp_load` of the same segment and run size left them.
///
/// # Safety
/// As `warp_load`'s, and the warp's tag holds `segment` and this run size: nothing has written
/// the part since that `warp_load` (`warp_store` clears the tag before it writes).
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
unsafe fn warp_reread<T: Copy, const N: usize>(segment: *const u8) -> [T; N] {
    let part = warp_part();
    // SAFETY: the caller's; the tag was set before a warp barrier (`warp_load`'s), read after it
    unsafe { read_own::<T, N>(part, segment as usize >> 11) }
}

/// The calling lane's own N elements out of its warp's part (`part`), placed with swizzle
/// offset `k`; then a warp barrier, so that the reads are done before the part's next writes.
///
/// # Safety
/// Every lane of the warp calls it together; the part's units of this lane's run were written
/// before a warp barrier that this call follows.
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
unsafe fn read_own<T: Copy, const N: usize>(part: *mut u128, k: usize) -> [T; N] {
    let units = N * core::mem::size_of::<T>() / 16; // 1 to 8 (warp_run)
    let lane = lane_id() as usize;
    let mut out = core::mem::MaybeUninit::<Aligned16<[T; N]>>::uninit();
    let words = out.as_mut_ptr() as *mut u128;
    for m in 0..units {
        // SAFETY: the lane's own units `units · lane + m` of the part, written before the warp
        // barrier; `words` has `units` units (N · size = 16 · units bytes), 16-byte aligned
        unsafe { words.add(m).write(part.add(swizzle(units * lane + m, k)).read()) };
    }
    crate::sync::sync_warp(); // the reads are done before the buffer's next writes
    // SAFETY: every byte written above; the scan's element types are plain numbers (any bits)
    unsafe { out.assume_init() }.0
}

/// Writes the calling lane's N values to its run, the warp's runs moved as one from
/// `segment` with streaming 16-byte stores (`st.cs.v4`).
///
/// # Safety
/// `warp_run` gave `segment` in every lane of the warp, here at once, and each lane's run
/// `segment + lane · N · size ..` is N elements that lane alone may write.
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
unsafe fn warp_store<T: Copy, const N: usize>(segment: *mut u8, v: [T; N]) {
    let units = N * core::mem::size_of::<T>() / 16; // 1 to 8 (warp_run)
    let lane = lane_id() as usize;
    let part = warp_part();
    let k = segment as usize >> 11; // the call's swizzle offset (the same in every lane)
    let src = Aligned16(v);
    let words = &src as *const Aligned16<[T; N]> as *const u128;
    StageTag::of_warp().clear(); // the part holds output values from here on (lane 0)
    for m in 0..units {
        // SAFETY: the lane's own units of the warp's part; `words` has `units` units, 16-byte aligned
        unsafe { part.add(swizzle(units * lane + m, k)).write(words.add(m).read()) };
    }
    crate::sync::sync_warp();
    for j in 0..units {
        // SAFETY: unit 32j + lane of the part, written before the barrier by the lane that owns
        // it; its 16 bytes go to the same unit of the warp's runs, which belong to that lane
        // (the caller), and that lane is here writing its run through this call
        let w = unsafe { part.add(row_place(j, lane, k)).read() };
        let (a, b, c, d) = (w as u32, (w >> 32) as u32, (w >> 64) as u32, (w >> 96) as u32);
        unsafe { cache::__oxpack_st_cs_v4(segment.add(16 * (32 * j + lane)) as *mut u32, a, b, c, d) };
    }
    crate::sync::sync_warp(); // the reads are done before the buffer's next writes
}

/// What a warp's part of the transpose buffer holds, for `TileItems::load`: the segment of the
/// runs `warp_load` left there, with the run's 16-byte units (1 to 8) in its low four bits (a
/// segment is 16-byte aligned), or 0: nothing to take (cleared when a scan starts, and by
/// `warp_store`, which overwrites the part with output values). Lane 0 of the warp writes it,
/// inside the warp's own calls, before their warp barrier; its lanes read it after one.
#[cfg(target_arch = "nvptx64")]
struct StageTag(*mut u64);

#[cfg(target_arch = "nvptx64")]
impl StageTag {
    /// The calling warp's tag (a warp with a part of the buffer: one of the first
    /// `TRANSPOSE_WARPS`, as `warp_run` and `forget_stages` check).
    #[inline(always)]
    fn of_warp() -> StageTag {
        static __OXPACK_SHARED: crate::shared_mem::SharedCell<u64, TRANSPOSE_WARPS> = crate::shared_mem::SharedCell::new();
        let warp = crate::block_thread_linear() / WARP_SIZE as usize;
        // `SharedCell` is `repr(C, align(16))` over an `UnsafeCell` of the array (as in `transpose_buffer`)
        StageTag((&__OXPACK_SHARED as *const crate::shared_mem::SharedCell<u64, TRANSPOSE_WARPS> as *mut u64).wrapping_add(warp))
    }

    #[inline(always)]
    fn set(&self, segment: *const u8, units: usize) {
        if lane_id() == 0 {
            // SAFETY: the warp's own word of the tags (`of_warp`: warp < TRANSPOSE_WARPS)
            unsafe { self.0.write(segment as usize as u64 | units as u64) };
        }
    }

    #[inline(always)]
    fn clear(&self) {
        if lane_id() == 0 {
            // SAFETY: as in `set`
            unsafe { self.0.write(0) };
        }
    }

    /// The part holds the runs from `segment` of `units` units each (the same in every lane).
    #[inline(always)]
    fn holds(&self, segment: *const u8, units: usize) -> bool {
        // SAFETY: as in `set`
        unsafe { self.0.read() == segment as usize as u64 | units as u64 }
    }
}

/// Clears the calling warp's stage tag (lane 0 of each of the first `TRANSPOSE_WARPS` warps).
#[inline(always)]
fn forget_stages() {
    #[cfg(target_arch = "nvptx64")]
    if crate::block_thread_linear() < TRANSPOSE_WARPS * WARP_SIZE as usize {
        StageTag::of_warp().clear();
    }
}

/// `[T; N]` at a 16-byte boundary: read or written as 16-byte vectors.
#[repr(C, align(16))]
struct Aligned16<A>(A);

/// `p` as a whole `[T; N]` at a 16-byte boundary, when it is one: `len == N`, `p` 16-byte
/// aligned and `N · size` a multiple of 16 (so `Aligned16<[T; N]>` has no padding).
#[inline(always)]
fn whole_aligned<T, const N: usize>(p: *const T, len: usize) -> Option<*const Aligned16<[T; N]>> {
    let fits = (N * core::mem::size_of::<T>()) % 16 == 0;
    (fits && len == N && (p as usize) % 16 == 0).then_some(p as *const Aligned16<[T; N]>)
}

/// This thread's elements of a published tile: the only writer of a `ScanTiles` output.
pub struct TileItems<'q, T> {
    ptr: *mut T,
    start: usize, // the first element's index (`ptr` is the output's element `start`)
    count: usize,
    _out: PhantomData<&'q mut T>,
}

impl<T: ScanValue> TileItems<'_, T> {
    /// This thread's elements of `x` again, as [`ScanTile::load`] gave them before the publish
    /// (`x` an input of the output's length; N elements, zeros past the buffer's end): so a
    /// kernel need not hold its tile in registers across [`ScanTile::publish`] (the look-back,
    /// where registers buy blocks in flight). Where the warp's last load put these very runs
    /// in its part of the block's transpose buffer and nothing has written there since (a tag
    /// a warp keeps says so), they come from there; otherwise from `x`, as the first time.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn load<const N: usize>(&self, x: &[T]) -> [T; N] {
        load_run(x, self.start..self.start + self.count, true)
    }
}

impl<T: Elem> TileItems<'_, T> {
    /// The elements, in order (`ITEMS`, fewer or none at the buffer's end).
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        if self.count == 0 {
            return &mut [];
        }
        // SAFETY: `start .. start + count` lies inside the output buffer (cut at its end)
        // and belongs to this thread alone: its tile was drawn by its block alone (an atomic
        // counter) and `tx` is its own in the block (module docs). `&mut self` keeps one
        // reference.
        unsafe { core::slice::from_raw_parts_mut(self.ptr, self.count) }
    }

    /// Writes `v[k]` to this thread's `k`-th element for each it owns (all N, or fewer at the
    /// buffer's end): 16-byte stores when they start 16-byte aligned and N are owned (`N ·
    /// size` a multiple of 16), else one store each.
    #[inline(always)]
    pub fn set_all<const N: usize>(&mut self, v: [T; N])
    where
        T: Copy,
    {
        #[cfg(target_arch = "nvptx64")]
        if let Some(segment) = warp_run::<T, N>(self.ptr as *const T, self.count) {
            // SAFETY: every lane of the warp is here with its own N elements of the output (as in
            // `as_mut_slice`), one after another from `segment` (`warp_run`)
            unsafe { warp_store::<T, N>(segment as *mut u8, v) };
            return;
        }
        if let Some(whole) = whole_aligned::<T, N>(self.ptr as *const T, self.count) {
            #[cfg(target_arch = "nvptx64")]
            {
                // 16-byte streaming stores (`st.cs.v4`: the output is not read again here)
                let src = Aligned16(v);
                let (src, dst) = (&src as *const Aligned16<[T; N]> as *const u32, whole as *mut u32);
                let mut j = 0;
                while j < N * core::mem::size_of::<T>() / 4 {
                    // SAFETY: as in `as_mut_slice`: this thread's own N elements (count == N),
                    // 16-byte aligned, so `dst + j .. dst + j + 4` (j < N · size / 4, a
                    // multiple of 4) are its own; `src` is the same bytes of a local array of
                    // plain element values (no padding), 16-byte aligned.
                    unsafe { cache::__oxpack_st_cs_v4(dst.add(j), *src.add(j), *src.add(j + 1), *src.add(j + 2), *src.add(j + 3)) };
                    j += 4;
                }
            }
            #[cfg(not(target_arch = "nvptx64"))]
            // SAFETY: as in `as_mut_slice`: this thread's own N elements (count == N), 16-byte
            // aligned; `Aligned16<[T; N]>` has no padding.
            unsafe {
                (whole as *mut Aligned16<[T; N]>).write(Aligned16(v))
            };
            return;
        }
        for (k, x) in v.into_iter().enumerate() {
            self.set(k, x);
        }
    }

    /// Writes `v` to this thread's `k`-th element; false past its last (at the buffer's end).
    /// With `k` from a loop over `0..ITEMS` the loop unrolls and the values stay in registers.
    #[inline(always)]
    pub fn set(&mut self, k: usize, v: T) -> bool {
        if k < self.count {
            // SAFETY: as in `as_mut_slice`: element k < count of this thread's own run.
            unsafe { *self.ptr.add(k) = v };
            true
        } else {
            false
        }
    }

    /// How many elements this thread owns here.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.count
    }

    /// True when this thread owns none (past the buffer's end).
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }
}
