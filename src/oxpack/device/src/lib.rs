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
pub mod disjoint;
pub mod half;
mod kernel;
pub mod layout;
pub mod math;
pub mod matrix;
pub mod param;
pub mod rows;
pub mod shared;
pub mod sync;
pub mod thread;
mod unroll;
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
pub(crate) mod rt {
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

mod sealed {
    pub trait Sealed {}
}

pub use disjoint::{BlockRow, BlockRowIter, DisjointSlice, RegisterTile, TransposedTile};
pub use param::{sig, DevPtr, DevPtrMut, Elem, Param, RawSlice, Uniform, UniformLen};
pub(crate) use param::concat_dynshared;
pub(crate) use thread::block_thread_linear;
pub use thread::{grid, index_1d, index_2d, index_3d, Dim3, ThreadIndex, ThreadIndex2, ThreadIndex3};

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
}
