//! Block-shared memory: per-block arrays in the GPU's shared address space.
//!
//! `shared_array!(T, N)` declares an array of `N` values of `T` that every block
//! gets its own copy of (oxpack places the static in address space 3, so the PTX
//! holds a `.shared` array and `ld.shared`/`st.shared`). Its type encodes the safe
//! pattern, in phases separated by block barriers:
//!
//! 1. **write**: each thread writes only its own slot, named by a witness the
//!    caller cannot forge ([`ThreadSlot`] or [`WarpSlot`] with `write`, [`TileSlot`]
//!    with `write_tile` on a `Tile<STRIDE>` array); the array's type admits one kind
//!    of witness, so two kinds cannot collide on one slot;
//! 2. `sync()`: a barrier; returns a read view;
//! 3. **read**: every thread reads any slot (bounds-checked: out of range traps);
//!    `sync()` again returns to the write phase.
//!
//! Creating the array is itself a barrier. As with every barrier, all threads of
//! the block must reach it: a phase change inside a branch that only some threads
//! take is undefined, as in CUDA. That, and keeping a read view alive across a
//! second execution of the same `shared_array!` (e.g. in a loop), are the two
//! rules that the types cannot check. A slot that no thread wrote reads an
//! unspecified value (whatever the block's shared memory held).
//!
//! `shared_atomics!(u32, N)` gives the block a `&[AtomicU32]` (any thread may update
//! any element, so no phases are needed); its initial content is unspecified:
//! store zeros and `sync_threads()` before counting.

use core::cell::UnsafeCell;
use core::marker::PhantomData;
use core::mem::MaybeUninit;

use crate::sync::sync_threads;
use crate::warp::{lane_id, WARP_SIZE};

#[doc(hidden)]
#[repr(C, align(16))] // 16-byte aligned, so that `get_vec` and `write_chunk` can move 16 bytes at once
pub struct SharedCell<T, const N: usize>(UnsafeCell<MaybeUninit<[T; N]>>);

// SAFETY: access goes through `Shared`/`SharedView`, whose phases keep writes to
// distinct slots and separate them from reads by barriers.
unsafe impl<T, const N: usize> Sync for SharedCell<T, N> {}

impl<T, const N: usize> SharedCell<T, N> {
    #[doc(hidden)]
    pub const fn new() -> Self {
        SharedCell(UnsafeCell::new(MaybeUninit::uninit()))
    }
}

impl<T, const N: usize> Default for SharedCell<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

/// A slot owned by one thread of the block: its linear index in the block.
#[derive(Clone, Copy, Debug)]
pub struct ThreadSlot(usize);

/// A slot owned by one warp of the block (held by its lane 0): the warp's index.
#[derive(Clone, Copy, Debug)]
pub struct WarpSlot(usize);

/// A slot of a 2-D tile owned by one thread: (`threadIdx.x`, `threadIdx.y`), with
/// z folded into y.
#[derive(Clone, Copy, Debug)]
pub struct TileSlot {
    x: usize,
    y: usize,
}

impl ThreadSlot {
    /// The slot's index.
    #[inline(always)]
    pub fn get(self) -> usize {
        self.0
    }
}

impl WarpSlot {
    /// The warp's index in its block.
    #[inline(always)]
    pub fn get(self) -> usize {
        self.0
    }
}

impl TileSlot {
    /// `threadIdx.x`
    #[inline(always)]
    pub fn x(self) -> usize {
        self.x
    }
    /// `threadIdx.y` (plus the z layers above it)
    #[inline(always)]
    pub fn y(self) -> usize {
        self.y
    }
}

/// The calling thread's slot: its linear index in the block.
#[inline(always)]
pub fn thread_slot() -> ThreadSlot {
    ThreadSlot(crate::block_thread_linear())
}

/// The calling warp's slot, for its lane 0 only (`None` on the other lanes).
#[inline(always)]
pub fn warp_slot() -> Option<WarpSlot> {
    if lane_id() == 0 {
        Some(WarpSlot(crate::block_thread_linear() / WARP_SIZE as usize))
    } else {
        None
    }
}

/// The calling thread's 2-D slot in the block.
#[inline(always)]
pub fn tile_slot() -> TileSlot {
    let (t, d) = (crate::grid::thread_idx(), crate::grid::block_dim());
    TileSlot { x: t.x as usize, y: t.z as usize * d.y as usize + t.y as usize }
}

/// The slot owned by a witness, and which kind of array it writes.
pub trait SlotWitness: Copy + crate::sealed::Sealed {
    /// The kind of array whose slots this witness names.
    type Kind;
    #[doc(hidden)]
    fn index(self) -> usize;
}

/// Slot `i` belongs to the thread with linear index `i` in the block.
pub struct PerThread;
/// Slot `w` belongs to lane 0 of warp `w` of the block.
pub struct PerWarp;
/// Slot `y * STRIDE + x` belongs to thread (`x`, `y`) of the block, for `x < STRIDE`
/// (pad `STRIDE` past the tile width to avoid bank conflicts). Declare with
/// `shared_array!(f32, ROWS * STRIDE, Tile<STRIDE>)`; write with `write_tile`.
pub struct Tile<const STRIDE: usize>;

/// Slots `L·t .. L·t + L` belong to the thread with linear index `t` in the block:
/// one chunk of `L` consecutive slots each. The array is a row-major matrix with
/// `COLS` columns (`COLS % L == 0`, so a chunk never spans two rows). Declare with
/// `shared_array!(f32, ROWS * COLS, Chunks<4, COLS>)`; write with `write_chunk`.
pub struct Chunks<const L: usize, const COLS: usize>;
/// The same ownership as [`Chunks`] (thread `t` owns elements `L·t .. L·t + L` of a
/// row-major `ROWS × COLS` matrix), but the array stores the matrix transposed:
/// element (`r`, `c`) is slot `c·ROWS + r`. This is how a GEMM stages a tile of A so
/// that the inner loop reads a column of it as consecutive slots.
pub struct TransposedChunks<const L: usize, const ROWS: usize, const COLS: usize>;

impl crate::sealed::Sealed for ThreadSlot {}
impl crate::sealed::Sealed for WarpSlot {}

impl SlotWitness for ThreadSlot {
    type Kind = PerThread;
    #[inline(always)]
    fn index(self) -> usize {
        self.0
    }
}

impl SlotWitness for WarpSlot {
    type Kind = PerWarp;
    #[inline(always)]
    fn index(self) -> usize {
        self.0
    }
}

/// A shared array in its write phase: each thread writes its own slot.
pub struct Shared<T, const N: usize, K> {
    ptr: *mut T,
    len: usize, // N for `shared_array!`; the launch's size for dynamic shared memory
    _kind: PhantomData<K>,
}

/// A shared array in its read phase: every thread reads any slot.
pub struct SharedView<T, const N: usize, K> {
    ptr: *const T,
    len: usize,
    _kind: PhantomData<K>,
}

impl<T: Copy, const N: usize, K> Shared<T, N, K> {
    /// # Safety
    /// `cell` is this handle's alone: `shared_array!` declares a fresh `static` for each handle it
    /// makes. Two handles on one cell would let one thread read a slot (through one handle's read
    /// phase) while another thread writes it (through the other handle's write phase).
    #[doc(hidden)]
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub unsafe fn __new(cell: &'static SharedCell<T, N>) -> Self {
        sync_threads(); // nobody still reads an earlier phase of this array
        Shared { ptr: cell.0.get() as *mut T, len: N, _kind: PhantomData }
    }

    /// Writes `v` to the caller's own slot; false when the slot is past the end.
    /// The first write fixes the array's kind (per thread or per warp).
    #[inline(always)]
    pub fn write<W: SlotWitness<Kind = K>>(&mut self, slot: W, v: T) -> bool {
        self.write_at(slot.index(), v)
    }

    #[inline(always)]
    fn write_at(&mut self, i: usize, v: T) -> bool {
        if i < self.len {
            // SAFETY: in bounds; in the write phase each slot has one writer (its
            // witness is unique in the block, and the array's kind admits one
            // kind of witness) and nobody reads.
            unsafe { self.ptr.add(i).write(v) };
            true
        } else {
            false
        }
    }

    /// A block barrier; then every thread may read every slot.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn sync(self) -> SharedView<T, N, K> {
        sync_threads();
        self.readable()
    }

    /// One block barrier for two arrays: both enter their read phase.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn sync_with<U: Copy, const M: usize, K2>(
        self,
        other: Shared<U, M, K2>,
    ) -> (SharedView<T, N, K>, SharedView<U, M, K2>) {
        sync_threads();
        (self.readable(), other.readable())
    }

    /// The read phase, for the callers above, right after their barrier.
    #[inline(always)]
    fn readable(self) -> SharedView<T, N, K> {
        SharedView { ptr: self.ptr, len: self.len, _kind: PhantomData }
    }

    len_methods!("Number of slots.", "True when the array has no slots.");
}

impl<T: crate::vec::Vector, const N: usize, K> SharedView<T, N, K> {
    /// Slots `LANES·j .. LANES·(j + 1)` as one 16-byte vector (`ld.shared.v4`): e.g. four
    /// `f32`. An index past the end traps.
    #[inline(always)]
    #[track_caller]
    pub fn get_vec(&self, j: usize) -> T::V {
        match j.checked_add(1).and_then(|e| e.checked_mul(T::LANES)) {
            Some(end) if end <= self.len => {
                // SAFETY: in bounds; the array starts 16-byte aligned (`SharedCell` and the
                // dynamic shared memory are) and `T::V` is 16 bytes, so slot LANES·j is
                // 16-byte aligned; `T::V` is `repr(C)` over `[T; LANES]` (any bits valid);
                // in the read phase nobody writes.
                unsafe { (self.ptr.add(j * T::LANES) as *const T::V).read() }
            }
            _ => {
                #[cfg(not(target_arch = "nvptx64"))]
                panic!("shared array vector index out of bounds: the len is {} but vector {} ends past it", self.len, j);
                #[cfg(target_arch = "nvptx64")]
                crate::trap()
            }
        }
    }
}

impl<T: Copy, const N: usize, K> SharedView<T, N, K> {
    /// Slot `i`; an index past the end traps.
    #[inline(always)]
    #[track_caller]
    pub fn get(&self, i: usize) -> T {
        match self.try_get(i) {
            Some(v) => v,
            None => {
                #[cfg(not(target_arch = "nvptx64"))]
                panic!("shared array index out of bounds: the len is {} but the index is {}", self.len, i);
                #[cfg(target_arch = "nvptx64")]
                crate::trap()
            }
        }
    }

    /// Slot `i`, or `None` past the end.
    #[inline(always)]
    pub fn try_get(&self, i: usize) -> Option<T> {
        if i < self.len {
            // SAFETY: in bounds; in the read phase nobody writes.
            Some(unsafe { self.ptr.add(i).read() })
        } else {
            None
        }
    }

    /// A block barrier; then each thread may write its own slot again.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn sync(self) -> Shared<T, N, K> {
        sync_threads();
        self.writable()
    }

    /// One block barrier for two arrays: both return to their write phase.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn sync_with<U: Copy, const M: usize, K2>(self, other: SharedView<U, M, K2>) -> (Shared<T, N, K>, Shared<U, M, K2>) {
        sync_threads();
        (self.writable(), other.writable())
    }

    /// The write phase, for the callers above, right after their barrier.
    #[inline(always)]
    fn writable(self) -> Shared<T, N, K> {
        Shared { ptr: self.ptr as *mut T, len: self.len, _kind: PhantomData }
    }

    len_methods!("Number of slots.", "True when the array has no slots.");
}

impl<T: Copy, const N: usize, const S: usize> Shared<T, N, Tile<S>> {
    /// Writes `v` to the caller's tile slot (`x`, `y`) = slot `y * S + x`; false when
    /// `x >= S` or the slot is past the end.
    #[inline(always)]
    pub fn write_tile(&mut self, slot: TileSlot, v: T) -> bool {
        match slot.y.checked_mul(S).and_then(|r| r.checked_add(slot.x)) {
            Some(i) if slot.x < S => self.write_at(i, v),
            _ => false,
        }
    }

    /// Writes `v` to row `slot.y + k * blockDim.y`, column `slot.x` of the tile: a block
    /// of `blockDim.y` rows fills a taller tile in `k` steps (e.g. a 32 × 8 block
    /// filling a 32 × 32 tile with k = 0..4). Each (thread, k) owns one slot.
    #[inline(always)]
    pub fn write_tile_row(&mut self, slot: TileSlot, k: usize, v: T) -> bool {
        let rows = crate::grid::block_dim().y as usize * crate::grid::block_dim().z as usize;
        match k.checked_mul(rows).and_then(|r| r.checked_add(slot.y)) {
            Some(y) => self.write_tile(TileSlot { x: slot.x, y }, v),
            None => false,
        }
    }
}

impl<T: Copy, const N: usize, const S: usize> SharedView<T, N, Tile<S>> {
    /// Element (`x`, `y`) of the tile, or `None` when `x >= S` or past the end.
    #[inline(always)]
    pub fn try_at(&self, x: usize, y: usize) -> Option<T> {
        if x >= S {
            return None;
        }
        self.try_get(y.checked_mul(S)?.checked_add(x)?)
    }

    /// Element (`x`, `y`) of the tile: slot `y * S + x`; out of range traps.
    #[inline(always)]
    #[track_caller]
    pub fn at(&self, x: usize, y: usize) -> T {
        if x >= S {
            #[cfg(not(target_arch = "nvptx64"))]
            panic!("shared tile column out of bounds: the tile has {} columns but the column is {}", S, x);
            #[cfg(target_arch = "nvptx64")]
            crate::trap();
        }
        self.get(y * S + x)
    }
}

/// Thread t's chunk starts at element L·t of a matrix with COLS columns: (row, column).
#[inline(always)]
fn chunk_of<const L: usize, const COLS: usize>(slot: ThreadSlot) -> (usize, usize) {
    let e = slot.0 * L;
    (e / COLS, e % COLS)
}

impl<T: Copy, const N: usize, const L: usize, const COLS: usize> Shared<T, N, Chunks<L, COLS>> {
    /// The (row, first column) of the calling thread's chunk in the matrix.
    #[inline(always)]
    pub fn chunk(&self, slot: ThreadSlot) -> (usize, usize) {
        chunk_of::<L, COLS>(slot)
    }

    /// Writes the calling thread's chunk (slots `L·t .. L·t + L`); false when
    /// `COLS % L != 0` or the chunk passes the end.
    #[inline(always)]
    pub fn write_chunk(&mut self, slot: ThreadSlot, v: [T; L]) -> bool {
        let start = slot.0 * L; // t < 1024 threads per block: no overflow
        if L == 0 || COLS % L != 0 || start + L > self.len {
            return false;
        }
        // SAFETY: in bounds; in the write phase thread t alone owns slots L·t .. L·t+L
        // (its `ThreadSlot` is unique in the block, and the array's kind admits only
        // this kind of witness with this L), and nobody reads.
        unsafe { (self.ptr.add(start) as *mut [T; L]).write(v) };
        true
    }
}

impl<T: Copy, const N: usize, const L: usize, const ROWS: usize, const COLS: usize>
    Shared<T, N, TransposedChunks<L, ROWS, COLS>>
{
    /// The (row, first column) of the calling thread's chunk in the (untransposed) matrix.
    #[inline(always)]
    pub fn chunk(&self, slot: ThreadSlot) -> (usize, usize) {
        chunk_of::<L, COLS>(slot)
    }

    /// Writes the calling thread's chunk: element (`r`, `c + q`) of the matrix, for its
    /// chunk's (`r`, `c`) and q < L, goes to slot `(c + q)·ROWS + r`. False when
    /// `COLS % L != 0`, the chunk's row is not below `ROWS` or a slot passes the end.
    #[inline(always)]
    pub fn write_chunk(&mut self, slot: ThreadSlot, v: [T; L]) -> bool {
        let (r, c) = self.chunk(slot);
        if L == 0 || COLS % L != 0 || r >= ROWS || (c + L - 1) * ROWS + r >= self.len {
            return false;
        }
        for (q, x) in v.into_iter().enumerate() {
            // SAFETY: in bounds (checked for the largest slot above); element e = L·t + q
            // of the ROWS × COLS matrix maps to slot c·ROWS + r one-to-one for r < ROWS,
            // c < COLS, and e to (t, q) one-to-one, so in the write phase no other
            // thread writes this slot, and nobody reads.
            unsafe { self.ptr.add((c + q) * ROWS + r).write(x) };
        }
        true
    }
}

/// Declares a block-shared array of `N` values of `T`: `shared_array!(f32, 256)`.
/// See the module [`shared_mem`](crate::shared_mem) for the phases.
#[macro_export]
macro_rules! shared_array {
    ($t:ty, $n:expr) => {{
        static __OXPACK_SHARED: $crate::shared_mem::SharedCell<$t, { $n }> = $crate::shared_mem::SharedCell::new();
        // SAFETY: the static above is this handle's alone (one per expansion of the macro)
        unsafe { $crate::shared_mem::Shared::<$t, { $n }, _>::__new(&__OXPACK_SHARED) }
    }};
    ($t:ty, $n:expr, $kind:ty) => {{
        static __OXPACK_SHARED: $crate::shared_mem::SharedCell<$t, { $n }> = $crate::shared_mem::SharedCell::new();
        // SAFETY: the static above is this handle's alone (one per expansion of the macro)
        unsafe { $crate::shared_mem::Shared::<$t, { $n }, $kind>::__new(&__OXPACK_SHARED) }
    }};
}

/// Declares a block-shared array of `N` atomics: `shared_atomics!(u32, 256)` → `&[AtomicU32]`.
#[macro_export]
macro_rules! shared_atomics {
    ($t:ty, $n:expr) => {{
        static __OXPACK_SHARED: [$crate::atomic::Atomic<$t>; $n] =
            [const { $crate::atomic::Atomic::<$t>::new(0 as $t) }; $n];
        &__OXPACK_SHARED[..]
    }};
}

/// Dynamic shared memory: a kernel parameter `scratch: DynShared<f32>` is, in
/// Python, the number of elements each block gets (`scratch=1024`). The stub turns
/// it into the launch's shared-memory size and refuses, before launching, a size
/// that the device cannot give (with the numbers). `into_shared()` starts the same
/// write → sync → read phases as `shared_array!`; it consumes the parameter, so a
/// kernel has one view of it at a time.
pub struct DynShared<T> {
    len: usize,
    _t: PhantomData<T>,
}

impl<T: Copy + crate::Elem> DynShared<T> {
    len_methods!("Number of elements (the same in every block).", "True when the launch gave no dynamic shared memory.");

    /// A barrier, then the write phase of the block's dynamic shared array. The slot
    /// kind (per thread, per warp) follows from the first `write`, as for `shared_array!`.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn into_shared<K>(self) -> Shared<T, 0, K> {
        sync_threads();
        // Only the address of the extern static is taken. The memory behind it is the
        // launch's dynamic shared memory of `len` elements of T (the stub sized the
        // launch from this very parameter), 16-byte aligned.
        #[cfg(target_arch = "nvptx64")]
        let ptr = core::ptr::addr_of!(crate::intrinsics::shared::__oxpack_dynamic_shared) as *mut T;
        #[cfg(not(target_arch = "nvptx64"))]
        let ptr = crate::host::dynamic_shared() as *mut T;
        Shared { ptr, len: self.len, _kind: PhantomData }
    }
}

impl<T> crate::sealed::Sealed for DynShared<T> {}

impl<T> crate::layout::Unshaped for DynShared<T> {}

impl<T: crate::Elem> crate::Param for DynShared<T> {
    type Word = u64;
    type Holder = DynShared<T>;
    const DESC: &'static str = crate::concat_dynshared(T::DTYPE);
    const DYN_SHARED: usize = 1;
    const RESIDENT: u8 = crate::param::resident::ANY; // the block's own memory
    #[inline(always)]
    unsafe fn hold(word: u64, _len: usize) -> DynShared<T> {
        DynShared { len: word as usize, _t: PhantomData }
    }
    #[inline(always)]
    unsafe fn borrow(holder: &mut DynShared<T>) -> DynShared<T> {
        DynShared { len: holder.len, _t: PhantomData }
    }
}
