//! Block-wide collectives: reductions whose result every thread of the block gets.
//!
//! Like every barrier, each of these must be called by all threads of the block.

use crate::shared_array;
use crate::shared_mem::warp_slot;
use crate::warp::{full_warps, lane_id, warp_reduce, WARP_SIZE};

macro_rules! block_reduce {
    ($name:ident, $t:ty) => {
        /// The reduction of every thread's `v` by `op` (associative, commutative;
        /// `identity` is its neutral element), returned to every thread of the block,
        /// the same value in every thread. Any block shape (1 to 1024 threads, 1-D to
        /// 3-D, a partial last warp included). Two barriers; four when the block's
        /// partial last warp has fewer lanes than the block has warps (e.g. 33 or
        /// 1000 threads). All threads must call it.
        #[inline(always)]
        #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
        pub fn $name(v: $t, identity: $t, op: impl Fn($t, $t) -> $t) -> $t {
            let per_warp = warp_reduce(v, &op);
            let mut partial = shared_array!($t, 32);
            if let Some(slot) = warp_slot() {
                partial.write(slot, per_warp);
            }
            let partial = partial.sync();
            let d = crate::grid::block_dim();
            let size = d.x as usize * d.y as usize * d.z as usize;
            // (`full_warps`: a block of whole warps, always so in a `#[whole_warps]` kernel)
            let whole = full_warps();
            let warps = if whole { size / WARP_SIZE as usize } else { size.div_ceil(WARP_SIZE as usize) };
            let lane = lane_id() as usize;
            // every warp reduces the partials itself: no third barrier to broadcast
            let total = warp_reduce(if lane < warps { partial.get(lane) } else { identity }, &op);
            // A partial last warp with fewer lanes than there are partials cannot hold
            // them all: warp 0 (full, as there are two warps or more) broadcasts its
            // result through shared memory. Depends on the block's shape alone, so the
            // whole block takes the barriers or none does.
            let last = if whole { 0 } else { size % WARP_SIZE as usize };
            if last != 0 && last < warps {
                let mut out = shared_array!($t, 1);
                if let Some(slot) = warp_slot() {
                    out.write(slot, total); // slot 0 alone is inside: warp 0's lane 0
                }
                return out.sync().get(0);
            }
            total
        }
    };
}

block_reduce!(reduce_f32, f32);
block_reduce!(reduce_f64, f64);
block_reduce!(reduce_i32, i32);
block_reduce!(reduce_u32, u32);
block_reduce!(reduce_i64, i64);
block_reduce!(reduce_u64, u64);

/// The block-wide sum of `v`, in every thread.
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn sum_f32(v: f32) -> f32 {
    reduce_f32(v, 0.0, |a, b| a + b)
}

/// The block-wide maximum of `v`, in every thread.
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn max_f32(v: f32) -> f32 {
    reduce_f32(v, f32::NEG_INFINITY, f32::max) // max.f32: a NaN loses, as CUDA's fmaxf
}
