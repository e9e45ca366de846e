//! The oxpack device crate: what a safe-Rust kernel sees.
//!
//! Every kernel crate is compiled for `nvptx64-nvidia-cuda` against this crate.
//! User code is compiled with `#![forbid(unsafe_code)]`; all unsafe code lives
//! here (turning a launch's pointer and length into a slice, reading the thread
//! registers) and in the LLVM IR runtime `runtime.ll` beside this crate.
//!
//! Safety model, in short:
//! - inputs arrive as `&[T]`: shared, read-only, bounds-checked;
//! - outputs arrive as `&mut DisjointSlice<T, L>`: a thread can reach only the
//!   elements that its own [`ThreadIndex`] (a witness that user code cannot
//!   construct and that is unique to the thread over the whole grid) names under the
//!   output's one layout `L`;
//! - the host-side stub refuses a mutable buffer that aliases any other buffer;
//! - every panic (an out-of-bounds index included) traps: the launch fails with
//!   `CUDA_ERROR_LAUNCH_FAILED` instead of corrupting memory.
//!
//! One safety concept per module, each argued in its module docs:
//!
//! | module | what it guarantees |
//! | --- | --- |
//! | [`thread`] | a thread-index witness is unique to its thread and cannot be forged |
//! | [`param`] | kernel parameters come from the launch the stub checked, once each |
//! | [`elem`] | the element types, every bit pattern valid, named as the stub checks them |
//! | [`layout`] | an output's layout is in its type, its shape bound once, uniform over the launch |
//! | [`disjoint`] | an output hands a thread only its own elements, inside the buffer |
//! | [`tile_writers`] | tiled transposes and register blocks: one writer per element |
//! | [`shape`] | an output's shape: expressions of launch words only, uniform over the launch |
//! | [`strided`] | a thread's strided share of a run: disjoint from its group's other members' |
//! | [`coop`] | rows, values and strides shared by a block, a warp or the grid: one writer each |
//! | [`vec`] | 16-byte access to what a thread owns, at any alignment |
//! | [`shared_mem`] | block-shared arrays: writes to own slots, reads after a barrier |
//! | [`warp`], [`block`], [`sync`] | collectives over the live lanes, barriers |
//! | [`scan`] | a single-pass scan's tiles: one block each, drawn in launch order; look-back that ends |
//! | [`atomic`], [`cache`] | atomic updates; cache hints that change no value |
//! | `kernel!` (`kernel.rs`) | the entry shim: the only caller of `Param`'s unsafe half |
#![no_std]
#![deny(missing_docs)]

// The block-tile grid's macros (`tile_grid_methods!`, `tile_grid!`, `band_tile!`), in textual scope
// for the modules below (`mma`'s `WarpTiles`, `wgmma`'s `WgTiles`).
#[macro_use]
mod tile_grid;
// `len_methods!`, for the types below with a `len` field.
#[macro_use]
mod accessors;

pub mod async_copy;
pub mod atomic;
pub mod attn_pipeline;
pub mod block;
pub mod cache;
pub mod coop;
#[cfg(oxpack_debug)]
#[doc(hidden)]
pub mod debug;
pub mod disjoint;
pub mod elem;
pub mod fp8;
pub mod half;
mod intrinsics;
mod kernel;
#[doc(hidden)]
pub use kernel::__arch_probe;
pub mod layout;
pub mod math;
pub mod matrix;
pub mod mbarrier;
pub mod mma;
pub mod param;
pub mod rows;
pub mod scan;
pub mod shape;
pub mod shared_mem;
pub mod strided;
pub mod sync;
pub mod thread;
pub mod tile_writers;
pub mod tma;
mod unroll;
pub mod vec;
pub mod warp;
pub mod wgmma;

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

use intrinsics::grid as rt;

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

/// `fail_fn!(vis)`: the calling module's `fail(message) -> !`, which stops the kernel with `message`
/// (the emulator's `KernelTrap` and the debug profile show it): the tensor-core modules' traps
/// (`mma/`, with `async_copy.rs`; `wgmma/`, with `tma.rs`, `mbarrier.rs`, `attn_pipeline.rs`). A macro
/// rather than one shared function: each of the two keeps its own cold
/// function, under its own symbol, as the generated code had it.
///
/// In a release GPU build `fail` is a bare `trap`, inlined: a kernel that still *calls* a function
/// (a PTX `.func`) gets its `wgmma`s serialized by ptxas (C7509: "serialized due to the presence of
/// Extern calls") and its `setmaxnreg` ignored (C7504), so the tensor-core kernels must contain no
/// call at all. Elsewhere (the host, the debug profile) it stays a cold function that panics.
macro_rules! fail_fn {
    ($($vis:tt)*) => {
        /// Stops the kernel with `message` (the emulator's `KernelTrap` and the debug profile show it).
        #[cold]
        #[cfg_attr(any(not(target_arch = "nvptx64"), oxpack_debug), inline(never))]
        #[cfg_attr(all(target_arch = "nvptx64", not(oxpack_debug)), inline(always))]
        #[track_caller]
        $($vis)* fn fail(message: &'static str) -> ! {
            #[cfg(any(not(target_arch = "nvptx64"), oxpack_debug))]
            panic!("{}", message);
            #[cfg(all(target_arch = "nvptx64", not(oxpack_debug)))]
            {
                let _ = message;
                crate::trap()
            }
        }
    };
}
pub(crate) use fail_fn;

mod sealed {
    pub trait Sealed {}
}

pub use strided::{BlockRow, BlockRowIter};
pub use disjoint::DisjointSlice;
pub use tile_writers::{RegisterTile, TransposedTile};
pub use elem::Elem;
pub use param::{sig, DevPtr, DevPtrMut, Param, RawSlice, Uniform, UniformLen};
pub(crate) use param::concat_dynshared;
pub(crate) use thread::block_thread_linear;
pub use thread::{grid, index_1d, index_2d, index_3d, Dim3, ThreadIndex, ThreadIndex2, ThreadIndex3};

/// Everything a kernel file usually needs: `use oxpack::prelude::*;`.
pub mod prelude {
    pub use crate::atomic::{AtomicF32, AtomicF64, AtomicI32, AtomicI64, AtomicU32, AtomicU64};
    pub use crate::grid::{block_dim, block_idx, grid_dim, thread_idx};
    pub use crate::shared_mem::{
        thread_slot, tile_slot, warp_slot, Chunks, DynShared, PerThread, PerWarp, Tile, TransposedChunks,
    };
    pub use crate::sync::{fence_block, fence_device, fence_system, sync_threads, sync_warp};
    pub use crate::warp::{
        ballot, lane_id, shfl_down, shfl_idx, shfl_up, shfl_xor, vote_all, vote_any, warp_id, warp_reduce, warp_sum,
    };
    pub use crate::{index_1d, index_2d, index_3d, kernel, shared_array, shared_atomics, trap, unroll};
    pub use crate::fp8::{E4M3, E5M2};
    pub use crate::half::{BF16, F16};
    pub use crate::math::DeviceFloat;
    pub use crate::matrix::{matrix, Matrix};
    pub use crate::rows::{RegChunks, RegRow};
    pub use crate::vec::{
        load4, load4_evict_first, load4_streaming, vec4, BF16x8, F16x8, F32x4, F64x2, I32x4, U32x4, VecMut,
    };
    pub use crate::cache::{load_evict_first, load_streaming, store_evict_first, store_streaming};
    pub use crate::layout::{
        BlockRowGroups, BlockRows, GridStride, Linear, OnePerBlock, OnePerWarp, RegisterTiles, Rows, ScanTiles,
        TransposedTiles, Vec4, Volume, WarpRows,
    };
    pub use crate::scan::ScanState;
    pub use crate::{DisjointSlice, ThreadIndex, ThreadIndex2, ThreadIndex3, Uniform};
    pub use crate::cp_async_pipeline;
    pub use crate::async_copy::Pipeline;
    pub use crate::mma::{
        mma_sync, mma_sync_k8, ARegs, ATile, Accum, BTile, BtTile, FragA, FragA8, FragB, FragB8, FragC, RowVals,
        SeqTiles, VarlenTiles, WarpPos, WarpTiles,
    };
    pub use crate::mbarrier::{Role, TmaPipeline};
    pub use crate::tma::{TmaHeads, TmaSource, TmaSource3};
    pub use crate::wgmma::{WgAccum, WgTiles};
}
