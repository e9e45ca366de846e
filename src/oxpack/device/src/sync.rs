//! Barriers and memory fences.
//!
//! A block barrier must be reached by every thread of the block (or by none): a
//! barrier inside a branch that only some threads take hangs or misbehaves, as in
//! CUDA. This is the one rule of this module that the types cannot check.

use crate::intrinsics::sync as rt;

/// `__syncthreads()`: waits until every thread of the block has arrived, and
/// makes their earlier shared- and global-memory writes visible to the block.
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn sync_threads() {
    crate::at!();
    rt::__oxpack_sync_threads()
}

/// `__syncthreads_count(pred)`: a barrier that returns how many threads passed `true`.
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn sync_threads_count(pred: bool) -> u32 {
    crate::at!();
    rt::__oxpack_sync_threads_count(pred as u32)
}

/// `__syncthreads_and(pred)`: a barrier that returns whether every thread passed `true`.
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn sync_threads_and(pred: bool) -> bool {
    crate::at!();
    rt::__oxpack_sync_threads_and(pred as u32) != 0
}

/// `__syncthreads_or(pred)`: a barrier that returns whether any thread passed `true`.
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn sync_threads_or(pred: bool) -> bool {
    crate::at!();
    rt::__oxpack_sync_threads_or(pred as u32) != 0
}

/// `__syncwarp()`: a barrier over the lanes of the calling warp (all 32, or the live
/// lanes of the block's partial last warp: see [`crate::warp::live_lanes`]).
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn sync_warp() {
    crate::at!();
    rt::__oxpack_sync_warp(crate::warp::live_mask())
}

/// `__threadfence_block()`: orders this thread's memory accesses as seen by its block.
#[inline(always)]
pub fn fence_block() {
    rt::__oxpack_fence_block()
}

/// `__threadfence()`: orders this thread's memory accesses as seen by the whole device.
#[inline(always)]
pub fn fence_device() {
    rt::__oxpack_fence_device()
}

/// `__threadfence_system()`: orders them as seen by the host and peer devices too.
#[inline(always)]
pub fn fence_system() {
    rt::__oxpack_fence_system()
}
