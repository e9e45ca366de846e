//! Thread indices: where the calling thread is, and the witness that no other thread is there.
//!
//! [`grid`] reads the launch coordinates (`threadIdx`, `blockDim`, `blockIdx`, `gridDim`)
//! as plain numbers: any code may read them, and they open nothing. [`ThreadIndex`],
//! [`ThreadIndex2`] and [`ThreadIndex3`] are witnesses: an output
//! ([`DisjointSlice`](crate::DisjointSlice)) hands out an element only for one of them.
//!
//! # Safety
//! Every output layout relies on one fact: **no two threads of a launch hold equal
//! witnesses, and a `ThreadIndex` is below the launch's thread count.** It holds because
//! - their fields are private to this crate, so a kernel file (compiled under
//!   `#![forbid(unsafe_code)]`) gets one only from [`index_1d`], [`index_2d`], [`index_3d`]
//!   or as a launch-index kernel parameter, each computed from the calling thread's own
//!   registers; there is no constructor from a number;
//! - each is a one-to-one function of (`blockIdx`, `threadIdx`) over the launch's shape:
//!   `index_1d` flattens x, y and z with the grid's full width and height, `index_2d`
//!   folds z into y with the grid's full height, and a `ThreadIndex` kernel parameter
//!   (`blockIdx.x·blockDim.x + threadIdx.x`) comes with a 1-D launch, which the stub
//!   enforces;
//! - a coarsened entry (see [`param::coarse`](crate::param::coarse)) hands hardware thread
//!   `t` of block `b` the indices `(b·K + k)·B + t` for `k < K`, one after the other: again
//!   one-to-one, and the link stage uses such an entry only for a kernel whose body reads no
//!   launch register itself (so no `index_1d()` can meet a coarsened index);
//! - a witness cannot reach another thread: shuffles, shared arrays and atomics move
//!   plain numbers only (`tests/soundness/witness_through_*`), so a copy stays with the
//!   thread that made it.

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
    use super::Dim3;

    use crate::intrinsics::grid as rt;

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
    /// `(threadIdx.x, blockDim.x, blockIdx.x)` for a coarsened entry (see
    /// [`coarse`](crate::param::coarse)). Plain numbers, as every function here; the entry
    /// reads the launch registers only through it, once each, which is how the link stage
    /// tells its reads from a body's.
    #[doc(hidden)]
    #[inline(always)]
    pub fn coarse_registers() -> (usize, usize, usize) {
        let (t, d, b) = (rt::__oxpack_tid_x(), rt::__oxpack_ntid_x(), rt::__oxpack_ctaid_x());
        // SAFETY: the hardware keeps threadIdx.x below blockDim.x (see `thread_idx`).
        unsafe { core::hint::assert_unchecked(t < d) };
        (t as usize, d as usize, b as usize)
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
pub struct ThreadIndex(pub(crate) usize);

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
    pub(crate) x: usize,
    pub(crate) y: usize,
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
    pub(crate) x: usize,
    pub(crate) y: usize,
    pub(crate) z: usize,
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

/// The number of threads in a block: `blockDim.x · blockDim.y · blockDim.z`.
#[inline(always)]
pub(crate) fn threads_per_block() -> usize {
    let d = grid::block_dim();
    d.x as usize * d.y as usize * d.z as usize
}

/// The calling block's linear index in the grid: `(z * gridDim.y + y) * gridDim.x + x`.
#[inline(always)]
pub(crate) fn block_linear() -> usize {
    let (b, g) = (grid::block_idx(), grid::grid_dim());
    (b.z as usize * g.y as usize + b.y as usize) * g.x as usize + b.x as usize
}

#[inline(always)]
pub(crate) fn global(block: u32, dim: u32, thread: u32) -> usize {
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

