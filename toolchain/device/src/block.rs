//! Block-wide collectives: reductions whose result every thread of the block gets.
//!
//! Like every barrier, each of these must be called by all threads of the block.

use crate::shared_array;
use crate::shared::warp_slot;
use crate::warp::{lane_id, warp_reduce, WARP_SIZE};

macro_rules! block_reduce {
    ($name:ident, $t:ty) => {
        /// The reduction of every thread's `v` by `op` (associative, commutative;
        /// `identity` is its neutral element), returned to every thread of the block.
        /// Two barriers; all threads must call it.
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
            let warps = (d.x as usize * d.y as usize * d.z as usize).div_ceil(WARP_SIZE as usize);
            let lane = lane_id() as usize;
            // every warp reduces the partials itself: no third barrier to broadcast
            warp_reduce(if lane < warps { partial.get(lane) } else { identity }, &op)
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
