//! The oxpack device crate: what a safe-Rust kernel sees.
//!
//! Every kernel crate is compiled for `nvptx64-nvidia-cuda` against this crate.
//! User code is compiled with `#![forbid(unsafe_code)]`; all unsafe code lives
//! here (turning a launch's pointer and length into a slice, reading the thread
//! registers) and in the LLVM IR runtime `runtime.ll` beside this crate.
//!
//! Safety model, in short:
//! - inputs arrive as `&[T]`: shared, read-only, bounds-checked;
//! - outputs arrive as `&mut DisjointSlice<T>`: a thread can reach only the
//!   element named by its own [`ThreadIndex`], a witness that user code cannot
//!   construct and that is unique to the thread over the whole grid;
//! - the host-side stub refuses a mutable buffer that aliases any other buffer;
//! - every panic (an out-of-bounds index included) traps: the launch fails with
//!   `CUDA_ERROR_LAUNCH_FAILED` instead of corrupting memory.
#![no_std]
#![deny(missing_docs)]

pub mod atomic;
pub mod block;
pub mod cache;
#[cfg(oxpack_debug)]
#[doc(hidden)]
pub mod debug;
pub mod half;
pub mod layout;
pub mod math;
pub mod matrix;
pub mod mma;
pub mod rows;
pub mod shared;
pub mod sync;
pub mod vec;
pub mod warp;

#[cfg(not(target_arch = "nvptx64"))]
#[doc(hidden)]
pub mod host;

/// `at!()`: on the host, records the caller's location for the barrier or warp
/// operation that follows (its error messages name it); nothing on the GPU.
macro_rules! at {
    () => {
        #[cfg(not(target_arch = "nvptx64"))]
        crate::host::at(core::panic::Location::caller());
    };
}
pub(crate) use at;

#[cfg(target_arch = "nvptx64")]
mod rt {
    // Defined in runtime.ll: thin wrappers over NVVM intrinsics.
    unsafe extern "C" {
        pub safe fn __oxpack_tid_x() -> u32;
        pub safe fn __oxpack_tid_y() -> u32;
        pub safe fn __oxpack_tid_z() -> u32;
        pub safe fn __oxpack_ntid_x() -> u32;
        pub safe fn __oxpack_ntid_y() -> u32;
        pub safe fn __oxpack_ntid_z() -> u32;
        pub safe fn __oxpack_ctaid_x() -> u32;
        pub safe fn __oxpack_ctaid_y() -> u32;
        pub safe fn __oxpack_ctaid_z() -> u32;
        pub safe fn __oxpack_nctaid_x() -> u32;
        pub safe fn __oxpack_nctaid_y() -> u32;
        pub safe fn __oxpack_nctaid_z() -> u32;
        pub safe fn __oxpack_trap() -> !;
    }
}
#[cfg(not(target_arch = "nvptx64"))]
use host::rt::grid as rt;

#[cfg(all(target_arch = "nvptx64", not(oxpack_debug)))]
#[panic_handler]
fn panic(_info: &core::panic::PanicInfo<'_>) -> ! {
    rt::__oxpack_trap()
}

/// The debug profile: the panic's message and location go to the trap record first.
#[cfg(all(target_arch = "nvptx64", oxpack_debug))]
#[panic_handler]
fn panic(info: &core::panic::PanicInfo<'_>) -> ! {
    debug::record(info);
    rt::__oxpack_trap()
}

/// Stops the kernel: the launch fails with `CUDA_ERROR_LAUNCH_FAILED` (in the debug
/// profile, `KernelTrap` names the caller's file and line).
#[inline(always)]
#[track_caller]
pub fn trap() -> ! {
    #[cfg(oxpack_debug)]
    panic!("oxpack::trap() called");
    #[cfg(not(oxpack_debug))]
    rt::__oxpack_trap()
}

/// Three unsigned components, as CUDA's `dim3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dim3 {
    /// x component
    pub x: u32,
    /// y component
    pub y: u32,
    /// z component
    pub z: u32,
}

/// Raw launch coordinates. These are plain numbers: they cannot be used to
/// write an output; only a [`ThreadIndex`] can.
pub mod grid {
    use super::{rt, Dim3};

    /// `threadIdx`: this thread's position in its block.
    #[inline(always)]
    pub fn thread_idx() -> Dim3 {
        let t = Dim3 { x: rt::__oxpack_tid_x(), y: rt::__oxpack_tid_y(), z: rt::__oxpack_tid_z() };
        let d = block_dim();
        // SAFETY: the hardware keeps every component of threadIdx below blockDim's.
        // Telling the optimizer lets a checked block shape (e.g. `blockDim.x == 32`)
        // prove `threadIdx.x < 32` and drop later bounds checks; it emits no code.
        unsafe { core::hint::assert_unchecked(t.x < d.x && t.y < d.y && t.z < d.z) };
        t
    }
    /// `blockDim`: the block's shape.
    #[inline(always)]
    pub fn block_dim() -> Dim3 {
        Dim3 { x: rt::__oxpack_ntid_x(), y: rt::__oxpack_ntid_y(), z: rt::__oxpack_ntid_z() }
    }
    /// `blockIdx`: this block's position in the grid.
    #[inline(always)]
    pub fn block_idx() -> Dim3 {
        Dim3 { x: rt::__oxpack_ctaid_x(), y: rt::__oxpack_ctaid_y(), z: rt::__oxpack_ctaid_z() }
    }
    /// `gridDim`: the grid's shape in blocks.
    #[inline(always)]
    pub fn grid_dim() -> Dim3 {
        Dim3 { x: rt::__oxpack_nctaid_x(), y: rt::__oxpack_nctaid_y(), z: rt::__oxpack_nctaid_z() }
    }
}

/// This thread's unique position in the whole grid, flattened to one number.
///
/// Only [`index_1d`] makes one, so a value always names the calling thread:
/// no two threads of a launch hold equal `ThreadIndex` values.
#[derive(Clone, Copy, Debug)]
pub struct ThreadIndex(usize);

impl ThreadIndex {
    /// The index as a number, e.g. to read an input slice.
    #[inline(always)]
    pub fn get(self) -> usize {
        self.0
    }
}

/// This thread's unique (x, y) position in the grid; y folds in z, so the pair
/// is unique for any launch shape.
#[derive(Clone, Copy, Debug)]
pub struct ThreadIndex2 {
    x: usize,
    y: usize,
}

impl ThreadIndex2 {
    /// Column: `blockIdx.x * blockDim.x + threadIdx.x`.
    #[inline(always)]
    pub fn x(self) -> usize {
        self.x
    }
    /// Row: `blockIdx.y * blockDim.y + threadIdx.y` (plus the z layers above it).
    #[inline(always)]
    pub fn y(self) -> usize {
        self.y
    }
}

/// This thread's unique (x, y, z) position in the grid.
#[derive(Clone, Copy, Debug)]
pub struct ThreadIndex3 {
    x: usize,
    y: usize,
    z: usize,
}

impl ThreadIndex3 {
    /// `blockIdx.x * blockDim.x + threadIdx.x`
    #[inline(always)]
    pub fn x(self) -> usize {
        self.x
    }
    /// `blockIdx.y * blockDim.y + threadIdx.y`
    #[inline(always)]
    pub fn y(self) -> usize {
        self.y
    }
    /// `blockIdx.z * blockDim.z + threadIdx.z`
    #[inline(always)]
    pub fn z(self) -> usize {
        self.z
    }
}

/// The calling thread's linear index in its block: `(z * blockDim.y + y) * blockDim.x + x`.
#[inline(always)]
pub(crate) fn block_thread_linear() -> usize {
    let (t, d) = (grid::thread_idx(), grid::block_dim());
    (t.z as usize * d.y as usize + t.y as usize) * d.x as usize + t.x as usize
}

#[inline(always)]
fn global(block: u32, dim: u32, thread: u32) -> usize {
    block as usize * dim as usize + thread as usize
}

/// The calling thread's index, unique over the whole grid. For a 1-D launch
/// it is `blockIdx.x * blockDim.x + threadIdx.x`.
#[inline(always)]
pub fn index_1d() -> ThreadIndex {
    let (b, d, t, g) = (grid::block_idx(), grid::block_dim(), grid::thread_idx(), grid::grid_dim());
    let x = global(b.x, d.x, t.x);
    if g.y == 1 && g.z == 1 && d.y == 1 && d.z == 1 {
        return ThreadIndex(x);
    }
    let y = global(b.y, d.y, t.y);
    let z = global(b.z, d.z, t.z);
    let width = g.x as usize * d.x as usize;
    let height = g.y as usize * d.y as usize;
    ThreadIndex((z * height + y) * width + x)
}

/// The calling thread's (x, y) index, unique over the whole grid.
#[inline(always)]
pub fn index_2d() -> ThreadIndex2 {
    let (b, d, t, g) = (grid::block_idx(), grid::block_dim(), grid::thread_idx(), grid::grid_dim());
    let y = global(b.y, d.y, t.y);
    let z = global(b.z, d.z, t.z);
    ThreadIndex2 { x: global(b.x, d.x, t.x), y: z * (g.y as usize * d.y as usize) + y }
}

/// The calling thread's (x, y, z) index, unique over the whole grid.
#[inline(always)]
pub fn index_3d() -> ThreadIndex3 {
    let (b, d, t) = (grid::block_idx(), grid::block_dim(), grid::thread_idx());
    ThreadIndex3 { x: global(b.x, d.x, t.x), y: global(b.y, d.y, t.y), z: global(b.z, d.z, t.z) }
}

/// `&mut *ptr.add(i)`, for element `i` of an output buffer from the launch.
///
/// # Safety
/// `ptr.add(i)` must be an element of that buffer, which the caller may borrow
/// mutably for `'a`.
#[inline(always)]
unsafe fn elem_mut<'a, T>(ptr: *mut T, i: usize) -> &'a mut T {
    // SAFETY: the buffer holds element i, so it is not empty, and the host passes a
    // real device pointer for every non-empty buffer: never null. Saying so lets
    // `Some(&mut _)` skip a null test. The rest is the caller's contract.
    unsafe {
        core::hint::assert_unchecked(!ptr.is_null());
        &mut *ptr.add(i)
    }
}

/// An output buffer: each thread may read and write only the elements that its
/// own index witness names under the buffer's layout `L` (see [`layout`]).
///
/// The layout is part of the parameter's type (`&mut DisjointSlice<f32>` is
/// element-wise, `&mut DisjointSlice<f32, Rows>` a row-major matrix, …) and its shape
/// is bound once from scalar parameters of the launch (`= (width)` after the type in
/// `kernel!`), so every thread maps threads to elements the same way, and in one way.
pub struct DisjointSlice<T, L: layout::Layout = layout::Linear> {
    ptr: *mut T,
    len: usize,
    shape: [usize; 2], // the layout's shape, bound by the entry shim; unused by Linear and Vec4
    _layout: core::marker::PhantomData<L>,
}

impl<T: Elem, L: layout::Layout> DisjointSlice<T, L> {
    /// Number of elements.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when the buffer has no elements.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline(always)]
    pub(crate) fn as_mut_ptr(&mut self) -> *mut T {
        self.ptr
    }

    #[inline(always)]
    fn slot(&mut self, i: usize) -> Option<&mut T> {
        if i < self.len {
            // SAFETY: `i` is in bounds; the host checked that the buffer is
            // device memory of `len` elements aliasing no other argument, and
            // `i` came from a thread-unique witness under the buffer's one layout,
            // so no other thread of this launch can reach this element. The
            // `&mut self` borrow keeps the calling thread from holding two
            // references to it.
            Some(unsafe { elem_mut(self.ptr, i) })
        } else {
            None
        }
    }
}

impl<T: Elem> DisjointSlice<T, layout::Linear> {
    /// The calling thread's element, or `None` past the end.
    #[inline(always)]
    pub fn get_mut(&mut self, i: ThreadIndex) -> Option<&mut T> {
        self.slot(i.0)
    }

    /// [`set`](Self::set) with the streaming hint (`st.cs`, CUDA's `__stcs`); see [`cache`].
    #[inline(always)]
    pub fn set_streaming(&mut self, i: ThreadIndex, value: T) -> bool
    where
        T: cache::Hinted,
    {
        match self.get_mut(i) {
            Some(slot) => {
                cache::store_streaming(slot, value);
                true
            }
            None => false,
        }
    }

    /// Writes `value` to the calling thread's element; false past the end.
    #[inline(always)]
    pub fn set(&mut self, i: ThreadIndex, value: T) -> bool {
        match self.get_mut(i) {
            Some(slot) => {
                *slot = value;
                true
            }
            None => false,
        }
    }

    /// Does not compile: an element-wise output has no row width. Declare the output
    /// `&mut DisjointSlice<T, Rows> = (width)` and call `get_mut_2d(ij)`; rustc says so.
    #[doc(hidden)]
    pub fn get_mut_2d(&mut self, _ij: ThreadIndex2, _width: impl layout::ShapePerCall) -> Option<&mut T> {
        None
    }

    /// Does not compile; see `get_mut_2d` above (`Volume` = (width, height)).
    #[doc(hidden)]
    pub fn get_mut_3d(
        &mut self,
        _ijk: ThreadIndex3,
        _width: impl layout::ShapePerCall,
        _height: impl layout::ShapePerCall,
    ) -> Option<&mut T> {
        None
    }

    /// Does not compile; see `get_mut_2d` above (`BlockRows` = (cols)).
    #[doc(hidden)]
    pub fn block_row(&mut self, _i: ThreadIndex, _cols: impl layout::ShapePerCall) -> Option<BlockRow<'_, T>> {
        None
    }

    /// Does not compile; see `get_mut_2d` above (`RegisterTiles<TM, TN>` = (width)).
    #[doc(hidden)]
    pub fn register_tile<const TM: usize, const TN: usize>(
        &mut self,
        _ij: ThreadIndex2,
        _width: impl layout::ShapePerCall,
    ) -> Option<RegisterTile<'_, T, TM, TN>> {
        None
    }

    /// Does not compile; see `get_mut_2d` above (`TransposedTiles<TILE, ROWS>` = (cols, rows)).
    #[doc(hidden)]
    pub fn transposed_tile<const TILE: usize, const ROWS: usize>(
        &mut self,
        _ij: ThreadIndex2,
        _cols: impl layout::ShapePerCall,
        _rows: impl layout::ShapePerCall,
    ) -> Option<TransposedTile<'_, T, TILE, ROWS>> {
        None
    }
}

impl<T: Elem> DisjointSlice<T, layout::Rows> {
    /// The number of columns, bound from the launch's parameters.
    #[inline(always)]
    pub fn width(&self) -> usize {
        self.shape[0]
    }

    /// Element `(x, y)` of the row-major matrix of `width` columns (the output's
    /// shape), if `x < width` and it lies inside the buffer.
    #[inline(always)]
    pub fn get_mut_2d(&mut self, i: ThreadIndex2) -> Option<&mut T> {
        let width = self.shape[0];
        if i.x >= width {
            return None;
        }
        match i.y.checked_mul(width).and_then(|r| r.checked_add(i.x)) {
            Some(k) => self.slot(k),
            None => None,
        }
    }
}

impl<T: Elem> DisjointSlice<T, layout::Volume> {
    /// Element `(x, y, z)` of the row-major volume of `width × height` planes (the
    /// output's shape), if `x < width`, `y < height` and it lies inside the buffer.
    #[inline(always)]
    pub fn get_mut_3d(&mut self, i: ThreadIndex3) -> Option<&mut T> {
        let [width, height] = self.shape;
        if i.x >= width || i.y >= height {
            return None;
        }
        let plane = width.checked_mul(height);
        match plane
            .and_then(|p| i.z.checked_mul(p))
            .and_then(|k| k.checked_add(i.y * width + i.x))
        {
            Some(k) => self.slot(k),
            None => None,
        }
    }
}

impl<T: Elem> DisjointSlice<T, layout::BlockRows> {
    /// The number of columns, bound from the launch's parameters (use it, rather than
    /// the parameter, to index inputs by the same columns: the optimizer then knows the
    /// two are equal).
    #[inline(always)]
    pub fn cols(&self) -> usize {
        self.shape[0]
    }

    /// For one block per row of the row-major matrix of `cols` columns (the output's
    /// shape): thread `tx` of block `b` writes columns `tx, tx + blockDim.x, …` of
    /// row `b`, so every element has one writer. The launch must be 1-D (`blockDim.y
    /// = blockDim.z = gridDim.y = gridDim.z = 1`, checked; otherwise `None`).
    #[inline(always)]
    pub fn block_row(&mut self, i: ThreadIndex) -> Option<BlockRow<'_, T>> {
        let _ = i;
        let cols = self.shape[0];
        let (d, t, b, g) = (grid::block_dim(), grid::thread_idx(), grid::block_idx(), grid::grid_dim());
        if d.y != 1 || d.z != 1 || g.y != 1 || g.z != 1 {
            return None;
        }
        let (tx, stride) = (t.x as usize, d.x as usize);
        let start = (b.x as usize).checked_mul(cols)?;
        start.checked_add(cols)?;
        let limit = cols.saturating_sub(tx);
        Some(BlockRow { ptr: self.ptr, len: self.len, start, cols, base: start + tx, stride, limit, _out: core::marker::PhantomData })
    }
}

impl<T: Elem, const TILE: usize, const ROWS: usize> DisjointSlice<T, layout::TransposedTiles<TILE, ROWS>> {
    /// For a tiled transpose: the elements that thread (`tx`, `ty`) of block (`bx`,
    /// `by`) writes, row `bx·TILE + ty + k·ROWS` and column `by·TILE + tx` of the
    /// row-major output of `rows` rows of `cols` columns (the output's shape), for k
    /// in `0 .. TILE / ROWS`. Block (bx, by) covers input tile (bx, by) and writes
    /// output tile (by, bx), so every element has one writer; `ij` proves a 2-D launch.
    ///
    /// `None` unless the block is `TILE × ROWS` threads and the grid 2-D (z is 1), `TILE %
    /// ROWS == 0`, `cols` and `rows` fit in `u32`, `cols · rows` fits in the buffer and the
    /// block's tile rows and columns fit in `u32`. All of these are the same for every
    /// thread of a block, so a block may return as a whole on `None` (no thread skips a
    /// barrier that another waits at); once checked, the block shape also bounds
    /// `threadIdx`, which lets shared-tile accesses go unchecked. Each element then
    /// costs two 32-bit compares and one multiply-add, as in CUDA C++.
    #[inline(always)]
    pub fn transposed_tile(&mut self, ij: ThreadIndex2) -> Option<TransposedTile<'_, T, TILE, ROWS>> {
        let _ = ij;
        let [cols, rows] = self.shape;
        if cols > u32::MAX as usize || rows > u32::MAX as usize {
            return None;
        }
        let (cols, rows) = (cols as u32, rows as u32);
        // The mapping below ignores blockIdx.z, so the grid must be 2-D: `ij` may come
        // from `index_2d()` in a 3-D launch, where blocks that differ in z alone would
        // otherwise write the same elements.
        let (d, t, b, g) = (grid::block_dim(), grid::thread_idx(), grid::block_idx(), grid::grid_dim());
        if ROWS == 0 || TILE % ROWS != 0 || TILE > u32::MAX as usize {
            return None;
        }
        if d.x as usize != TILE || d.y as usize != ROWS || d.z != 1 || g.z != 1 {
            return None; // then threadIdx.z = 0 and blockIdx.z = 0
        }
        if cols as usize * rows as usize > self.len {
            return None; // u32 × u32: no overflow in usize
        }
        // The tile's last row and column, bx·TILE + TILE − 1 (by), must fit in u32.
        let last = |blk: u32| blk as usize * TILE + (TILE - 1) <= u32::MAX as usize;
        if !last(b.x) || !last(b.y) {
            return None;
        }
        let tile = TILE as u32;
        Some(TransposedTile {
            ptr: self.ptr,
            cols,
            rows,
            row: b.x * tile + t.y, // no overflow: checked above, t.y < ROWS <= TILE
            col: b.y * tile + t.x, // likewise, t.x < TILE
            _out: core::marker::PhantomData,
        })
    }
}

impl<T: Elem, const TM: usize, const TN: usize> DisjointSlice<T, layout::RegisterTiles<TM, TN>> {
    /// Register blocking: the `TM × TN` block of the row-major matrix of `width`
    /// columns (the output's shape) that thread (x, y) owns, rows `y·TM .. y·TM + TM`
    /// and columns `x·TN .. x·TN + TN` (cut at `width`). `ij` is unique over the launch
    /// and `width` is bound once from the launch, so no two threads own one element. A
    /// thread whose block starts past `width` or past the buffer gets `None`.
    #[inline(always)]
    pub fn register_tile(&mut self, ij: ThreadIndex2) -> Option<RegisterTile<'_, T, TM, TN>> {
        let width = self.shape[0];
        let row = ij.y.checked_mul(TM)?;
        let col = ij.x.checked_mul(TN)?;
        if col >= width {
            return None;
        }
        let cols = (width - col).min(TN);
        let base = row.checked_mul(width)?.checked_add(col)?;
        // The last element of the last row cannot overflow; later indexing adds no checks.
        base.checked_add(TM.checked_mul(width)?)?;
        if base >= self.len {
            return None;
        }
        Some(RegisterTile { ptr: self.ptr, len: self.len, base, width, cols, _out: core::marker::PhantomData })
    }
}

/// A scalar kernel parameter, known to be the same in every thread of the launch
/// (it can only come from the launch: user code cannot build one), e.g. for a loop
/// bound that must not differ between the threads of a block that meet at barriers.
/// Output shapes are not passed as values at all: they are bound to the output at
/// launch (see [`layout`]). On the Python side it is a plain scalar argument.
#[derive(Clone, Copy, Debug)]
pub struct Uniform<T>(T);

impl<T: Copy> Uniform<T> {
    /// The value.
    #[inline(always)]
    pub fn get(self) -> T {
        self.0
    }
}

impl<T> sealed::Sealed for Uniform<T> {}

impl<T: Elem + Param<Word = T>> Param for Uniform<T> {
    type Word = T;
    type Holder = Uniform<T>;
    const DESC: &'static str = <T as Param>::DESC;
    #[inline(always)]
    unsafe fn hold(word: T, _len: usize) -> Uniform<T> {
        Uniform(word)
    }
    #[inline(always)]
    unsafe fn borrow(holder: &mut Uniform<T>) -> Uniform<T> {
        *holder
    }
}

/// Widens a uniform `u32`/`u64` to `usize`.
pub trait UniformLen: Copy {
    #[doc(hidden)]
    fn to_len(self) -> usize;
}

impl UniformLen for Uniform<u32> {
    #[inline(always)]
    fn to_len(self) -> usize {
        self.0 as usize
    }
}

impl UniformLen for Uniform<u64> {
    #[inline(always)]
    fn to_len(self) -> usize {
        self.0 as usize
    }
}

/// The elements one thread writes of its block's row; see [`DisjointSlice::block_row`].
pub struct BlockRow<'a, T> {
    ptr: *mut T,
    len: usize,
    start: usize, // the row's first element
    cols: usize,
    base: usize, // start + tx
    stride: usize,
    limit: usize,
    _out: core::marker::PhantomData<&'a mut DisjointSlice<T>>,
}

impl<'a, T: Elem> BlockRow<'a, T> {
    /// Column `tx + k·blockDim.x` of the block's row, or `None` past the row or the buffer.
    #[inline(always)]
    pub fn get_mut(&mut self, k: usize) -> Option<&mut T> {
        let offset = k.checked_mul(self.stride)?;
        if offset >= self.limit {
            return None;
        }
        let i = self.base + offset; // < row start + cols: no overflow (checked in block_row)
        if i >= self.len {
            return None;
        }
        // SAFETY: in bounds; (block, thread, k) triples map to distinct elements (see
        // `DisjointSlice::block_row`), and `&mut self` keeps one reference.
        Some(unsafe { elem_mut(self.ptr, i) })
    }

    /// The columns this thread writes: `tx, tx + blockDim.x, …` below the row's length.
    #[inline(always)]
    pub fn columns(&self) -> core::iter::StepBy<core::ops::Range<usize>> {
        let tx = crate::grid::thread_idx().x as usize;
        (tx..tx + self.limit).step_by(self.stride.max(1))
    }

    /// Every element this thread writes, with its column: `(tx, &mut row[tx])`,
    /// `(tx + blockDim.x, …)`, … below the row's length and the buffer's end. Each
    /// column is below `cols`, so it also indexes a `cols`-long input row with no
    /// further check; the bounds are checked once here, not per element.
    #[inline(always)]
    pub fn iter_mut(self) -> BlockRowIter<'a, T> {
        // Columns below `end` are inside the row and inside the buffer.
        let end = self.cols.min(self.len.saturating_sub(self.start));
        let row = self.ptr.wrapping_add(self.start);
        BlockRowIter { row, col: self.base - self.start, end, stride: self.stride, _out: core::marker::PhantomData }
    }
}

/// The elements one thread writes of its block's row, with their columns; see
/// [`BlockRow::iter_mut`].
pub struct BlockRowIter<'a, T> {
    row: *mut T, // the row's first element (used only below `end`)
    col: usize,
    end: usize,
    stride: usize,
    _out: core::marker::PhantomData<&'a mut DisjointSlice<T>>,
}

impl<'a, T: Elem> Iterator for BlockRowIter<'a, T> {
    type Item = (usize, &'a mut T);

    #[inline(always)]
    fn next(&mut self) -> Option<(usize, &'a mut T)> {
        let j = self.col;
        if j >= self.end {
            return None;
        }
        // No overflow: j < end <= the buffer's length <= isize::MAX, stride < 2^32.
        self.col = j + self.stride;
        // SAFETY: `row + j` is inside the buffer (j < end <= len - start); this thread's
        // columns tx + k·blockDim.x are distinct from every other thread's (see
        // `DisjointSlice::block_row`), and `col` only grows (stride >= 1), so each
        // element is handed out once.
        Some((j, unsafe { elem_mut(self.row, j) }))
    }
}

/// The elements one thread writes in a tiled transpose; see
/// [`DisjointSlice::transposed_tile`].
pub struct TransposedTile<'a, T, const TILE: usize, const ROWS: usize> {
    ptr: *mut T,
    cols: u32,
    rows: u32,
    row: u32, // of step 0
    col: u32,
    _out: core::marker::PhantomData<&'a mut DisjointSlice<T>>,
}

impl<T: Elem, const TILE: usize, const ROWS: usize> TransposedTile<'_, T, TILE, ROWS> {
    /// The element of step `k` (`k < TILE / ROWS`), or `None` outside the output.
    #[inline(always)]
    pub fn get_mut(&mut self, k: usize) -> Option<&mut T> {
        if k >= TILE / ROWS {
            return None;
        }
        // ≤ bx·TILE + TILE − 1, which fits in u32 (checked in `transposed_tile`).
        let row = self.row + k as u32 * ROWS as u32;
        if self.col >= self.cols || row >= self.rows {
            return None;
        }
        let i = row as usize * self.cols as usize + self.col as usize; // < rows · cols ≤ len
        // SAFETY: in bounds (above); (block, thread, k) map to distinct (row, col),
        // since col < TILE·(by+1), row < TILE·(bx+1) without wrapping and the block is
        // TILE × ROWS (see `DisjointSlice::transposed_tile`), hence to distinct
        // elements, as col < cols; `&mut self` keeps one reference.
        Some(unsafe { elem_mut(self.ptr, i) })
    }
}

/// The `TM × TN` block of outputs that one thread owns; see
/// [`DisjointSlice::register_tile`].
pub struct RegisterTile<'a, T, const TM: usize, const TN: usize> {
    ptr: *mut T,
    len: usize,
    base: usize,
    width: usize,
    cols: usize,
    _out: core::marker::PhantomData<&'a mut DisjointSlice<T>>,
}

impl<T: Elem, const TM: usize, const TN: usize> RegisterTile<'_, T, TM, TN> {
    /// Writes row `i` (`i < TM`) of the block: `values[j]` to column `x·TN + j`, for
    /// the columns below the matrix's width. A whole row inside the buffer is one
    /// store of `TN` elements (which the compiler splits into scalar stores: the row's
    /// alignment is not known). False when `i >= TM` or the row passes the end of the
    /// buffer.
    #[inline(always)]
    pub fn write_row(&mut self, i: usize, values: [T; TN]) -> bool {
        if i >= TM {
            return false;
        }
        let start = self.base + i * self.width; // no overflow: checked in `register_tile`
        if self.cols == TN && start + TN <= self.len {
            // SAFETY: in bounds; thread (x, y) alone owns these TN elements (see
            // `register_tile`), and `&mut self` keeps the thread to one reference.
            unsafe { (self.ptr.add(start) as *mut [T; TN]).write(values) };
            return true;
        }
        if start + self.cols > self.len {
            return false;
        }
        for (j, v) in values.iter().enumerate().take(self.cols) {
            // SAFETY: as above, for the first `cols` elements of the row.
            unsafe { self.ptr.add(start + j).write(*v) };
        }
        true
    }
}

mod sealed {
    pub trait Sealed {}
}

/// Element types that kernels take in slices and as scalars.
pub trait Elem: Copy + sealed::Sealed {
    /// NumPy dtype name, as the launch stubs check it.
    const DTYPE: &'static str;
}

macro_rules! elem {
    ($($t:ty => $name:literal),*) => {$(
        impl sealed::Sealed for $t {}
        impl layout::Unshaped for $t {}
        impl Elem for $t {
            const DTYPE: &'static str = $name;
        }
        impl Param for $t {
            type Word = $t;
            type Holder = $t;
            const DESC: &'static str = concat!("scalar:", $name);
            #[inline(always)]
            unsafe fn hold(word: $t, _len: usize) -> $t {
                word
            }
            #[inline(always)]
            unsafe fn borrow(holder: &mut $t) -> $t {
                *holder
            }
        }
    )*};
}

elem!(i32 => "int32", u32 => "uint32", i64 => "int64", u64 => "uint64", f32 => "float32", f64 => "float64");

// Storage-only element types: slices of them are parameters, lone values are not.
impl sealed::Sealed for half::F16 {}
impl sealed::Sealed for half::BF16 {}
impl Elem for half::F16 {
    const DTYPE: &'static str = "float16";
}
impl Elem for half::BF16 {
    const DTYPE: &'static str = "bfloat16";
}

/// A device pointer as it arrives from the launch. It cannot be made in user
/// code, so a slice can only be built from what the host passed.
#[repr(transparent)]
pub struct DevPtr<T>(*const T);

/// A mutable device pointer as it arrives from the launch.
#[repr(transparent)]
pub struct DevPtrMut<T>(*mut T);

/// A read-only buffer as it arrives from the launch.
pub struct RawSlice<T> {
    ptr: *const T,
    len: usize,
}

/// The types a kernel parameter may have. Sealed: only the device crate adds
/// implementations.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a supported oxpack kernel parameter type",
    label = "unsupported kernel parameter type",
    note = "kernel parameters are i32, u32, i64, u64, f32, f64, `&[T]` (read-only input), `&mut DisjointSlice<T>` (output) or `&[AtomicU32]` & co (atomic output), with T one of those six scalars or F16/BF16, and at most one launch index (`ThreadIndex`, `ThreadIndex2` or `ThreadIndex3`)"
)]
pub trait Param: Sized + sealed::Sealed {
    /// What the launch passes (with a length) for this parameter.
    type Word;
    /// What the entry shim keeps alive for the duration of the call.
    type Holder;
    /// Descriptor for the launch stubs: `scalar:T`, `in:T` or `out:T`.
    const DESC: &'static str;
    /// 1 for dynamic shared memory: a kernel may take one, since every `DynShared`
    /// parameter is the same block memory.
    #[doc(hidden)]
    const DYN_SHARED: usize = 0;
    /// The holder of the launch's `word` and `len`.
    ///
    /// # Safety
    /// Only `kernel!`'s entry shim calls it, with the words of the launch that the
    /// host stub checked: a holder made from anything else could forge a launch index,
    /// a `Uniform` or a dynamic shared size. (Kernel files are compiled under
    /// `#![forbid(unsafe_code)]`, so they cannot call it.)
    #[doc(hidden)]
    unsafe fn hold(word: Self::Word, len: usize) -> Self::Holder;
    /// The parameter's value, borrowed from its holder.
    ///
    /// # Safety
    /// Only the entry shim calls it, once per holder, which then outlives the kernel
    /// body: a second call would give a second `&mut` to one output.
    #[doc(hidden)]
    unsafe fn borrow(holder: &mut Self::Holder) -> Self;
}

impl sealed::Sealed for ThreadIndex {}
impl sealed::Sealed for ThreadIndex2 {}
impl sealed::Sealed for ThreadIndex3 {}

/// A `ThreadIndex` parameter makes the kernel's launch 1-D: the stub launches it
/// with a 1-D grid and block only, so the index is the plain
/// `blockIdx.x * blockDim.x + threadIdx.x`, with no launch-shape check on the
/// device (cheaper than [`index_1d`] in memory-bound kernels). It is not a
/// Python argument.
impl Param for ThreadIndex {
    type Word = u64;
    type Holder = ThreadIndex;
    const DESC: &'static str = "index:1d";
    #[inline(always)]
    unsafe fn hold(_word: u64, _len: usize) -> ThreadIndex {
        let (b, d, t) = (grid::block_idx(), grid::block_dim(), grid::thread_idx());
        ThreadIndex(global(b.x, d.x, t.x))
    }
    #[inline(always)]
    unsafe fn borrow(holder: &mut ThreadIndex) -> ThreadIndex {
        *holder
    }
}

/// A `ThreadIndex2` parameter makes the kernel's launch 2-D (z = 1), enforced by the stub.
impl Param for ThreadIndex2 {
    type Word = u64;
    type Holder = ThreadIndex2;
    const DESC: &'static str = "index:2d";
    #[inline(always)]
    unsafe fn hold(_word: u64, _len: usize) -> ThreadIndex2 {
        let i = index_3d(); // z is 1 in a 2-D launch; its terms fold away
        ThreadIndex2 { x: i.x, y: i.y }
    }
    #[inline(always)]
    unsafe fn borrow(holder: &mut ThreadIndex2) -> ThreadIndex2 {
        *holder
    }
}

/// A `ThreadIndex3` parameter makes the kernel's launch 3-D, enforced by the stub.
impl Param for ThreadIndex3 {
    type Word = u64;
    type Holder = ThreadIndex3;
    const DESC: &'static str = "index:3d";
    #[inline(always)]
    unsafe fn hold(_word: u64, _len: usize) -> ThreadIndex3 {
        index_3d()
    }
    #[inline(always)]
    unsafe fn borrow(holder: &mut ThreadIndex3) -> ThreadIndex3 {
        *holder
    }
}

impl<T> sealed::Sealed for &[T] {}
impl<T, L: layout::Layout> sealed::Sealed for &mut DisjointSlice<T, L> {}
impl<T, L: layout::Layout> sealed::Sealed for DisjointSlice<T, L> {}
impl<T> sealed::Sealed for RawSlice<T> {}

// Every holder takes no shape, except outputs whose layout has one.
impl layout::Unshaped for ThreadIndex {}
impl layout::Unshaped for ThreadIndex2 {}
impl layout::Unshaped for ThreadIndex3 {}
impl<T> layout::Unshaped for Uniform<T> {}
impl<T> layout::Unshaped for RawSlice<T> {}
impl<T> layout::Unshaped for shared::DynShared<T> {}
impl<T> layout::Unshaped for DisjointSlice<T, layout::Linear> {}
impl<T> layout::Unshaped for DisjointSlice<T, layout::Vec4> {}

macro_rules! bind_shape {
    ($($layout:ty => [$($n:ident),*] $(, const $c:ident, const $d:ident)?;)*) => {$(
        impl<T $(, const $c: usize, const $d: usize)?> layout::Bind<($(bind_shape!(@usize $n),)*)> for DisjointSlice<T, $layout> {
            #[inline(always)]
            unsafe fn bind(mut self, shape: ($(bind_shape!(@usize $n),)*)) -> Self {
                let ($($n,)*) = shape;
                let mut k = 0;
                $(self.shape[k] = $n; k += 1;)*
                let _ = k;
                self
            }
        }
    )*};
    (@usize $n:ident) => { usize };
}

bind_shape! {
    layout::Rows => [width];
    layout::Volume => [width, height];
    layout::BlockRows => [cols];
    layout::TransposedTiles<A, B> => [cols, rows], const A, const B;
    layout::RegisterTiles<A, B> => [width], const A, const B;
}

impl<'a, T: Elem> Param for &'a [T] {
    type Word = DevPtr<T>;
    type Holder = RawSlice<T>;
    const DESC: &'static str = concat_in(T::DTYPE);
    #[inline(always)]
    unsafe fn hold(word: DevPtr<T>, len: usize) -> RawSlice<T> {
        RawSlice { ptr: word.0, len }
    }
    #[inline(always)]
    unsafe fn borrow(holder: &mut RawSlice<T>) -> &'a [T] {
        // The pointer is the parameter itself (not a constant such as `&[]`'s), so the
        // parameter is the only object behind every load, and read-only loads become
        // `ld.global.nc`, as for CUDA's `const T* __restrict__`.
        // SAFETY: the host stub checked that `ptr` is device memory holding `len`
        // initialised elements of T that no mutable argument aliases, aligned for T;
        // it never passes null (an empty buffer gets a dummy address, 256, aligned
        // for every T and never dereferenced), so the slice's pointer is non-null.
        unsafe {
            core::hint::assert_unchecked(!holder.ptr.is_null());
            core::slice::from_raw_parts(holder.ptr, holder.len)
        }
    }
}

/// `&[AtomicU32]` & co: a device buffer that every thread may update atomically.
impl<'a, T: Elem> Param for &'a [atomic::Atomic<T>] {
    type Word = DevPtrMut<T>;
    type Holder = RawSlice<atomic::Atomic<T>>;
    const DESC: &'static str = concat_atomic(T::DTYPE);
    #[inline(always)]
    unsafe fn hold(word: DevPtrMut<T>, len: usize) -> RawSlice<atomic::Atomic<T>> {
        RawSlice { ptr: word.0 as *const atomic::Atomic<T>, len }
    }
    #[inline(always)]
    unsafe fn borrow(holder: &mut RawSlice<atomic::Atomic<T>>) -> &'a [atomic::Atomic<T>] {
        if holder.len == 0 {
            return &[];
        }
        // SAFETY: the host stub checked that `ptr` is writable device memory of
        // `len` elements that no other argument aliases; `Atomic<T>` is
        // `repr(transparent)` over T and every access to it is atomic.
        unsafe { core::slice::from_raw_parts(holder.ptr, holder.len) }
    }
}

impl<'a, T: Elem, L: layout::Layout> Param for &'a mut DisjointSlice<T, L> {
    type Word = DevPtrMut<T>;
    type Holder = DisjointSlice<T, L>;
    const DESC: &'static str = concat_out(T::DTYPE);
    #[inline(always)]
    unsafe fn hold(word: DevPtrMut<T>, len: usize) -> DisjointSlice<T, L> {
        // SAFETY: the stub never passes null (an empty buffer gets a dummy address,
        // 256, never dereferenced). Telling the optimizer up front means that taking
        // `Some(&mut _)` of an element needs no null test.
        let ptr = word.0;
        unsafe { core::hint::assert_unchecked(!ptr.is_null()) };
        DisjointSlice { ptr, len, shape: [0; 2], _layout: core::marker::PhantomData }
    }
    #[inline(always)]
    unsafe fn borrow(holder: &mut DisjointSlice<T, L>) -> &'a mut DisjointSlice<T, L> {
        // SAFETY: the holder lives in the entry shim for the whole call of the
        // kernel body, longer than any use of the returned reference.
        unsafe { &mut *(holder as *mut DisjointSlice<T, L>) }
    }
}

/// `concat_in("float32") == "in:float32"` & co, in const context (no const string
/// concatenation in stable Rust): one table per parameter kind.
macro_rules! descriptors {
    ($($fn:ident => $kind:literal),*) => {$(
        pub(crate) const fn $fn(dtype: &'static str) -> &'static str {
            match dtype.as_bytes() {
                b"int32" => concat!($kind, ":int32"),
                b"uint32" => concat!($kind, ":uint32"),
                b"int64" => concat!($kind, ":int64"),
                b"uint64" => concat!($kind, ":uint64"),
                b"float32" => concat!($kind, ":float32"),
                b"float16" => concat!($kind, ":float16"),
                b"bfloat16" => concat!($kind, ":bfloat16"),
                _ => concat!($kind, ":float64"),
            }
        }
    )*};
}

descriptors!(concat_in => "in", concat_out => "out", concat_atomic => "atomic", concat_dynshared => "dynshared");

#[doc(hidden)]
pub mod sig {
    //! Compile-time string building for kernel descriptors.

    /// Total length of `parts`.
    pub const fn len(parts: &[&str]) -> usize {
        let mut n = 0;
        let mut i = 0;
        while i < parts.len() {
            n += parts[i].len();
            i += 1;
        }
        n
    }

    /// `parts` joined, as a byte array of length `N` (= `len(parts)`).
    pub const fn join<const N: usize>(parts: &[&str]) -> [u8; N] {
        let mut out = [0u8; N];
        let mut k = 0;
        let mut i = 0;
        while i < parts.len() {
            let b = parts[i].as_bytes();
            let mut j = 0;
            while j < b.len() {
                out[k] = b[j];
                k += 1;
                j += 1;
            }
            i += 1;
        }
        out
    }
}

/// Declares one or more kernels.
///
/// ```ignore
/// use oxpack::prelude::*;
///
/// kernel! {
///     /// y = a * x + y
///     pub fn saxpy(a: f32, x: &[f32], y: &mut DisjointSlice<f32>) {
///         let i = index_1d();
///         if let Some(yi) = y.get_mut(i) {
///             *yi += a * x[i.get()];
///         }
///     }
/// }
/// ```
///
/// `#[launch_bounds(MAX_THREADS)]` or `#[launch_bounds(MAX_THREADS, MIN_BLOCKS)]`
/// between a kernel's docs and its `pub fn` is CUDA's `__launch_bounds__`: the PTX
/// gets `.maxntid MAX_THREADS` (and `.minnctapersm MIN_BLOCKS`), so the compiler may
/// use more registers per thread, and the stub refuses a block of more than
/// MAX_THREADS threads before the launch (a 1-D call without `block=` takes
/// MAX_THREADS when it is below the default 256). `#[max_registers(N)]` after it (or
/// alone) caps the registers per thread (PTX `.maxnreg N`, CUDA's `__maxnreg__`).
///
/// A parameter of type [`ThreadIndex`] (or `ThreadIndex2`, `ThreadIndex3`) is
/// the calling thread's index, provided by the launch rather than by Python: it
/// fixes the launch's rank (the stub refuses any other) and costs less than
/// calling [`index_1d`], which must check the launch shape on the device.
///
/// An optional `where (...)` after the parameter list states length
/// requirements that the Python stub checks before every launch, e.g.
/// `where (len(x) >= len(y), len(m) == width * height)`: comparisons of
/// `len(slice)`, scalar parameters and integers with `+ - * / %`, where `/`
/// divides integers rounding down (Python's `//`). Write no `//` and no
/// comment inside the parentheses: Rust drops comments before this macro
/// sees the tokens, so oxpack refuses them rather than check less.
///
/// Each kernel becomes a safe Rust function of the same name plus a hidden
/// module holding its entry shim (a safe `extern "C"` function) and a
/// descriptor that oxpack reads to type the Python stub.
#[macro_export]
macro_rules! kernel {
    () => {};
    (
        $(#[doc = $doc:literal])*
        $(#[launch_bounds($max:literal $(, $min:literal)? $(,)?)] $(#[doc = $doc2:literal])*)?
        $(#[max_registers($regs:literal $(,)?)] $(#[doc = $doc3:literal])*)?
        pub fn $name:ident ( $($p:ident : $t:ty $(= ($($shape:ident),+ $(,)?))?),* $(,)? )
        $(where ( $($req:tt)* ))?
        $body:block
        $($rest:tt)*
    ) => {
        $(#[doc = $doc])*
        $($(#[doc = $doc2])*)?
        $($(#[doc = $doc3])*)?
        #[allow(clippy::too_many_arguments)]
        #[inline(always)] // into its entry shim, which knows what the launch guarantees
        pub fn $name($($p: $t),*) $body

        #[doc(hidden)]
        #[allow(non_snake_case)]
        pub mod $name {
            #[allow(unused_imports)]
            use super::*;

            const __OXPACK_PARTS: &[&str] = &[
                "oxpack-kernel-v1;", stringify!($name),
                $(";", stringify!($p), ":", <$t as $crate::Param>::DESC,)*
                $(";bounds=", stringify!($max), $(",", stringify!($min),)?)?
                $(";regs=", stringify!($regs),)?
                ";requires=", $(stringify!($($req)*),)?
                ";doc=", concat!($($doc, "\n",)* $($($doc2, "\n",)*)? $($($doc3, "\n",)*)?),
            ];
            $(
                // `#[max_registers(N)]`: an integer, checked here once
                const __OXPACK_MAX_REGISTERS: u32 = $regs;
                const _: () = ::core::assert!(
                    __OXPACK_MAX_REGISTERS >= 16 && __OXPACK_MAX_REGISTERS <= 255,
                    concat!("oxpack: kernel `", stringify!($name), "`: `#[max_registers(", stringify!($regs),
                            ")]` must be 16 to 255 registers per thread"),
                );
            )?
            $(
                // `#[launch_bounds(MAX_THREADS, MIN_BLOCKS)]`: integers, checked here once
                const __OXPACK_MAX_THREADS: u32 = $max;
                const _: () = ::core::assert!(
                    __OXPACK_MAX_THREADS >= 1 && __OXPACK_MAX_THREADS <= 1024,
                    concat!("oxpack: kernel `", stringify!($name), "`: `#[launch_bounds(", stringify!($max),
                            ")]` must allow 1 to 1024 threads per block (CUDA's limit)"),
                );
                $(
                    const __OXPACK_MIN_BLOCKS: u32 = $min;
                    const _: () = ::core::assert!(
                        __OXPACK_MIN_BLOCKS >= 1,
                        concat!("oxpack: kernel `", stringify!($name), "`: `#[launch_bounds(", stringify!($max), ", ",
                                stringify!($min), ")]` needs at least 1 block per multiprocessor"),
                    );
                )?
            )?
            const _: () = ::core::assert!(
                0 $(+ <$t as $crate::Param>::DYN_SHARED)* <= 1,
                concat!("oxpack: kernel `", stringify!($name), "` takes more than one `DynShared` parameter; ",
                        "all of them would be the same block memory: take one and split it"),
            );
            #[used]
            pub static __OXPACK_SIG: [u8; $crate::sig::len(__OXPACK_PARTS)] =
                $crate::sig::join(__OXPACK_PARTS);

            $crate::__oxpack_entry! {
                $name [$($p : $t [$($($shape)+)?]),*] []
                [__l0 __l1 __l2 __l3 __l4 __l5 __l6 __l7 __l8 __l9 __l10 __l11 __l12 __l13
                 __l14 __l15 __l16 __l17 __l18 __l19 __l20 __l21 __l22 __l23]
            }
        }

        $crate::kernel! { $($rest)* }
    };
    ($(#[doc = $doc:literal])* $(#[launch_bounds $($lb:tt)*])? #[max_registers $($bad:tt)*] $($rest:tt)*) => {
        ::core::compile_error!(
            "oxpack: write `#[max_registers(N)]` with an integer literal, e.g. `#[max_registers(64)]`, after `#[launch_bounds(...)]` if any and before the kernel's `pub fn`"
        );
    };
    ($(#[doc = $doc:literal])* #[launch_bounds $($bad:tt)*] $($rest:tt)*) => {
        ::core::compile_error!(
            "oxpack: write `#[launch_bounds(MAX_THREADS)]` or `#[launch_bounds(MAX_THREADS, MIN_BLOCKS)]` with integer literals, e.g. `#[launch_bounds(256, 2)]`, between a kernel's `///` docs and its `pub fn`"
        );
    };
    (pub fn $name:ident $($rest:tt)*) => {
        ::core::compile_error!(concat!(
            "oxpack: kernel `", stringify!($name),
            "` must look like `pub fn ", stringify!($name), "(a: f32, x: &[f32], y: &mut DisjointSlice<f32>) { ... }` (no generics, no return type)"
        ));
    };
    ($($other:tt)*) => {
        ::core::compile_error!("oxpack: `kernel!` takes `pub fn` items (with `///` docs), e.g. `kernel! { pub fn k(x: &[f32], y: &mut DisjointSlice<f32>) { ... } }`");
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __oxpack_entry {
    ($name:ident [$p:ident : $t:ty [$($s:ident)*] $(, $rp:ident : $rt:ty [$($rs:ident)*])*] [$($acc:tt)*] [$l:ident $($ls:ident)*]) => {
        $crate::__oxpack_entry! { $name [$($rp : $rt [$($rs)*]),*] [$($acc)* ($p, $l, $t, [$($s)*])] [$($ls)*] }
    };
    ($name:ident [] [$(($p:ident, $l:ident, $t:ty, [$($s:ident)*]))*] [$($ls:ident)*]) => {
        #[cfg(target_arch = "nvptx64")]
        $crate::__oxpack_shim! { "C" $name [$(($p, $l, $t, [$($s)*]))*] }
        // On the host (emulation) the same shim, but a panic unwinds out of it to the
        // emulator, which raises it as `KernelTrap`; out of an `extern "C"` fn it aborts.
        #[cfg(not(target_arch = "nvptx64"))]
        $crate::__oxpack_shim! { "C-unwind" $name [$(($p, $l, $t, [$($s)*]))*] }
    };
    ($name:ident [$($more:tt)*] [$($acc:tt)*] []) => {
        ::core::compile_error!(concat!("oxpack: kernel `", stringify!($name), "` has more than 24 parameters"));
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __oxpack_shim {
    ($abi:literal $name:ident [$(($p:ident, $l:ident, $t:ty, [$($s:ident)*]))*]) => {
        // `unsafe`: only the launch calls it, with words the host stub checked; called
        // from a kernel, it could forge a dynamic shared size or a `Uniform`.
        pub unsafe extern $abi fn __oxpack_entry($($p: <$t as $crate::Param>::Word, $l: usize),*) {
            // Each parameter's holder, from the launch's words; an output's shape is
            // bound to it here, once, from the launch's scalar words (the same in every
            // thread), before the body runs. Every other parameter takes `()`.
            // SAFETY: the words are this launch's, checked by the host stub; each holder
            // is made, bound and borrowed once, and outlives the call.
            unsafe {
                super::$name($(<$t as $crate::Param>::borrow(&mut <
                    <$t as $crate::Param>::Holder as $crate::layout::Bind<($($crate::__oxpack_usize!($s),)*)>
                >::bind(
                    <$t as $crate::Param>::hold($p, $l),
                    ($($crate::layout::ShapeValue::shape_value(&$s),)*),
                ))),*)
            }
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __oxpack_usize {
    ($s:ident) => { usize };
}

/// Repeats a block for `i = 0, 1, …, N - 1` (N is 1, 2, 4, 8, 16 or 32), as CUDA's
/// `#pragma unroll`: `unroll!(p in 0..8 => { … })`. Each copy sees `p` as a
/// constant, so indices computed from it fold into the instructions. Use it for a
/// short loop with a large body that the compiler leaves rolled (the inner loop of
/// a GEMM); the body cannot `break` or `continue` the unrolled loop.
#[macro_export]
macro_rules! unroll {
    ($i:ident in 0..$n:tt => $body:block) => {
        $crate::unroll!(@ $n, 0usize, $i, $body)
    };
    (@ 1, $base:expr, $i:ident, $body:block) => {{
        let $i: usize = $base;
        $body
    }};
    (@ 2, $base:expr, $i:ident, $body:block) => {
        $crate::unroll!(@ 1, $base, $i, $body);
        $crate::unroll!(@ 1, $base + 1, $i, $body)
    };
    (@ 4, $base:expr, $i:ident, $body:block) => {
        $crate::unroll!(@ 2, $base, $i, $body);
        $crate::unroll!(@ 2, $base + 2, $i, $body)
    };
    (@ 8, $base:expr, $i:ident, $body:block) => {
        $crate::unroll!(@ 4, $base, $i, $body);
        $crate::unroll!(@ 4, $base + 4, $i, $body)
    };
    (@ 16, $base:expr, $i:ident, $body:block) => {
        $crate::unroll!(@ 8, $base, $i, $body);
        $crate::unroll!(@ 8, $base + 8, $i, $body)
    };
    (@ 32, $base:expr, $i:ident, $body:block) => {
        $crate::unroll!(@ 16, $base, $i, $body);
        $crate::unroll!(@ 16, $base + 16, $i, $body)
    };
    ($($other:tt)*) => {
        ::core::compile_error!("oxpack: write `unroll!(i in 0..N => { ... })` with N one of 1, 2, 4, 8, 16, 32");
    };
}

/// Everything a kernel file usually needs: `use oxpack::prelude::*;`.
pub mod prelude {
    pub use crate::atomic::{AtomicF32, AtomicF64, AtomicI32, AtomicI64, AtomicU32, AtomicU64};
    pub use crate::grid::{block_dim, block_idx, grid_dim, thread_idx};
    pub use crate::shared::{
        thread_slot, tile_slot, warp_slot, Chunks, DynShared, PerThread, PerWarp, Tile, TransposedChunks,
    };
    pub use crate::sync::{fence_block, fence_device, fence_system, sync_threads, sync_warp};
    pub use crate::warp::{
        ballot, lane_id, shfl_down, shfl_idx, shfl_up, shfl_xor, vote_all, vote_any, warp_id, warp_reduce, warp_sum,
    };
    pub use crate::{index_1d, index_2d, index_3d, kernel, shared_array, shared_atomics, trap, unroll};
    pub use crate::half::{BF16, F16};
    pub use crate::math::DeviceFloat;
    pub use crate::matrix::{matrix, Matrix};
    pub use crate::rows::RegRow;
    pub use crate::vec::{
        load4, load4_evict_first, load4_streaming, vec4, BF16x8, F16x8, F32x4, F64x2, I32x4, U32x4, VecMut,
    };
    pub use crate::cache::{load_evict_first, load_streaming, store_evict_first, store_streaming};
    pub use crate::layout::{BlockRows, Linear, RegisterTiles, Rows, TransposedTiles, Vec4, Volume};
    pub use crate::{DisjointSlice, ThreadIndex, ThreadIndex2, ThreadIndex3, Uniform};
    pub use crate::cp_async_pipeline;
    pub use crate::mma::{
        mma_sync, mma_sync_k8, ATile, Accum, BTile, BtTile, FragA, FragA8, FragB, FragB8, FragC, Pipeline, WarpPos,
        WarpTiles,
    };
}
