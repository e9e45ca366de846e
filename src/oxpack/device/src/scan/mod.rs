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

impl<T, const ITEMS: usize> Drop for ScanTile<'_, T, ITEMS> {
    #[inline(always)]
    fn drop(&mut self) {
        if !self.published && !unwinding() {
            panic!("oxpack scan: a tile dropped unpublished (later tiles would wait for it forever)");
        }
    }
}

mod items;
mod look_back;
mod transpose;

pub use items::*;
use look_back::look_back;
use transpose::{forget_stages, load_run};
