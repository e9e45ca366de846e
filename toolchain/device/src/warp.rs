//! Warp primitives: lane id, shuffles, votes and warp-wide reductions.
//!
//! Every function here is collective over the full warp (mask `0xffffffff`): all
//! 32 lanes must call it together, from converged code, as CUDA's `*_sync`
//! intrinsics with a full mask require.

use core::ops::Add;

#[cfg(target_arch = "nvptx64")]
mod rt {
    unsafe extern "C" {
        pub safe fn __oxpack_lane_id() -> u32;
        pub safe fn __oxpack_shfl_idx(v: u32, lane: u32) -> u32;
        pub safe fn __oxpack_shfl_up(v: u32, delta: u32) -> u32;
        pub safe fn __oxpack_shfl_down(v: u32, delta: u32) -> u32;
        pub safe fn __oxpack_shfl_xor(v: u32, mask: u32) -> u32;
        pub safe fn __oxpack_ballot(p: u32) -> u32;
        pub safe fn __oxpack_vote_all(p: u32) -> u32;
        pub safe fn __oxpack_vote_any(p: u32) -> u32;
    }
}
#[cfg(not(target_arch = "nvptx64"))]
use crate::host::rt::warp as rt;

/// Lanes per warp.
pub const WARP_SIZE: u32 = 32;

/// This thread's lane in its warp, 0..32.
#[inline(always)]
pub fn lane_id() -> u32 {
    rt::__oxpack_lane_id()
}

/// This thread's warp within its block: the linear thread index in the block / 32.
#[inline(always)]
pub fn warp_id() -> u32 {
    (crate::block_thread_linear() / WARP_SIZE as usize) as u32
}

/// Values that move between lanes (as one or two 32-bit words).
pub trait Shuffle: Copy + crate::sealed::Sealed {
    #[doc(hidden)]
    fn shuffle(self, f: impl Fn(u32) -> u32) -> Self;
}

macro_rules! shuffle32 {
    ($($t:ty: $to:expr, $from:expr;)*) => {$(
        impl Shuffle for $t {
            #[inline(always)]
            fn shuffle(self, f: impl Fn(u32) -> u32) -> Self {
                let to: fn($t) -> u32 = $to;
                let from: fn(u32) -> $t = $from;
                from(f(to(self)))
            }
        }
    )*};
}
shuffle32! {
    u32: |v| v, |w| w;
    i32: |v| v as u32, |w| w as i32;
    f32: f32::to_bits, f32::from_bits;
}

macro_rules! shuffle64 {
    ($($t:ty: $to:expr, $from:expr;)*) => {$(
        impl Shuffle for $t {
            #[inline(always)]
            fn shuffle(self, f: impl Fn(u32) -> u32) -> Self {
                let to: fn($t) -> u64 = $to;
                let from: fn(u64) -> $t = $from;
                let bits = to(self);
                let lo = f(bits as u32) as u64;
                let hi = f((bits >> 32) as u32) as u64;
                from(lo | (hi << 32))
            }
        }
    )*};
}
shuffle64! {
    u64: |v| v, |w| w;
    i64: |v| v as u64, |w| w as i64;
    f64: f64::to_bits, f64::from_bits;
}

/// `__shfl_sync`: the value of `v` held by lane `src_lane` (mod 32).
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn shfl_idx<T: Shuffle>(v: T, src_lane: u32) -> T {
    crate::at!();
    v.shuffle(|w| rt::__oxpack_shfl_idx(w, src_lane))
}

/// `__shfl_up_sync`: the value of lane `lane - delta` (lanes below `delta` keep their own).
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn shfl_up<T: Shuffle>(v: T, delta: u32) -> T {
    crate::at!();
    v.shuffle(|w| rt::__oxpack_shfl_up(w, delta))
}

/// `__shfl_down_sync`: the value of lane `lane + delta` (lanes past 31 keep their own).
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn shfl_down<T: Shuffle>(v: T, delta: u32) -> T {
    crate::at!();
    v.shuffle(|w| rt::__oxpack_shfl_down(w, delta))
}

/// `__shfl_xor_sync`: the value of lane `lane ^ mask`.
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn shfl_xor<T: Shuffle>(v: T, mask: u32) -> T {
    crate::at!();
    v.shuffle(|w| rt::__oxpack_shfl_xor(w, mask))
}

/// `__ballot_sync`: bit `i` is set when lane `i` passed `true`.
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn ballot(pred: bool) -> u32 {
    crate::at!();
    rt::__oxpack_ballot(pred as u32)
}

/// `__all_sync`: whether every lane passed `true`.
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn vote_all(pred: bool) -> bool {
    crate::at!();
    rt::__oxpack_vote_all(pred as u32) != 0
}

/// `__any_sync`: whether any lane passed `true`.
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn vote_any(pred: bool) -> bool {
    crate::at!();
    rt::__oxpack_vote_any(pred as u32) != 0
}

/// The sum over the warp's 32 lanes, returned to every lane (xor butterfly).
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn warp_sum<T: Shuffle + Add<Output = T>>(mut v: T) -> T {
    let mut mask = 16;
    while mask > 0 {
        v = v + shfl_xor(v, mask);
        mask >>= 1;
    }
    v
}

/// The reduction of the warp's 32 values by `op` (associative, commutative), in every lane.
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn warp_reduce<T: Shuffle>(mut v: T, op: impl Fn(T, T) -> T) -> T {
    let mut mask = 16;
    while mask > 0 {
        v = op(v, shfl_xor(v, mask));
        mask >>= 1;
    }
    v
}
