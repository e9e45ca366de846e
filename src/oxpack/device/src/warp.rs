//! Warp primitives: lane id, shuffles, votes and warp-wide reductions.
//!
//! Every function here is collective over the calling warp: all of its lanes that
//! exist must call it together, from converged code. A warp has 32 lanes, except
//! the block's last warp when the block's thread count is not a multiple of 32
//! (e.g. a block of 7, 33 or 1000 threads, or a 2-D block of 9 × 4): that warp has
//! [`live_lanes`] lanes, and every shuffle and vote names exactly those lanes in
//! its member mask (a full mask naming lanes that do not exist is undefined
//! behaviour on the GPU). A shuffle whose source lane does not exist gives the
//! caller its own value, as a source past lane 31 does; the emulator does the same.
//! The reductions ([`warp_sum`], [`warp_reduce`]) combine exactly the live lanes'
//! values, at every block size.
//!
//! A kernel marked `#[whole_warps]` (see [`kernel!`](crate::kernel!)) runs only in blocks
//! whose thread count is a multiple of 32, which its stub and the emulator check before the
//! launch; in it every warp is full, and the partial-warp paths here are compiled out.

use core::ops::Add;

use crate::intrinsics::warp as rt;

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

/// How many lanes the calling warp has: 32, or fewer for the block's last warp when
/// the block's thread count is not a multiple of 32 (lanes are consecutive linear
/// thread indices in the block, x fastest). The same in every lane of the warp.
#[inline(always)]
pub fn live_lanes() -> u32 {
    if full_warps() {
        return WARP_SIZE;
    }
    let d = crate::grid::block_dim();
    let size = d.x as usize * d.y as usize * d.z as usize;
    let base = crate::block_thread_linear() & !(WARP_SIZE as usize - 1);
    (size - base).min(WARP_SIZE as usize) as u32
}

/// The member mask of the calling warp's live lanes: bit `i` for each lane `i <
/// live_lanes()` (`0xffffffff` for a full warp).
#[inline(always)]
pub fn live_mask() -> u32 {
    mask_of(live_lanes())
}

#[inline(always)]
fn mask_of(live: u32) -> u32 {
    if live >= WARP_SIZE { u32::MAX } else { (1u32 << live) - 1 }
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

/// `__shfl_sync`: the value of `v` held by lane `src_lane` (mod 32); the caller's
/// own value when that lane does not exist (past the live lanes of a partial warp).
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn shfl_idx<T: Shuffle>(v: T, src_lane: u32) -> T {
    crate::at!();
    let live = live_lanes();
    v.shuffle(|w| rt::__oxpack_shfl_idx(w, src_lane, mask_of(live), live - 1))
}

/// `__shfl_up_sync`: the value of lane `lane - delta` (lanes below `delta` keep their own).
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn shfl_up<T: Shuffle>(v: T, delta: u32) -> T {
    crate::at!();
    let members = live_mask();
    v.shuffle(|w| rt::__oxpack_shfl_up(w, delta, members))
}

/// `__shfl_down_sync`: the value of lane `lane + delta` (lanes whose source is past
/// the warp's last live lane keep their own).
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn shfl_down<T: Shuffle>(v: T, delta: u32) -> T {
    crate::at!();
    let live = live_lanes();
    v.shuffle(|w| rt::__oxpack_shfl_down(w, delta, mask_of(live), live - 1))
}

/// `__shfl_xor_sync`: the value of lane `lane ^ mask` (the caller's own when that
/// lane does not exist).
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn shfl_xor<T: Shuffle>(v: T, mask: u32) -> T {
    crate::at!();
    let live = live_lanes();
    v.shuffle(|w| rt::__oxpack_shfl_xor(w, mask, mask_of(live), live - 1))
}

/// `__ballot_sync`: bit `i` is set when lane `i` passed `true` (lanes that do not
/// exist give 0).
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn ballot(pred: bool) -> u32 {
    crate::at!();
    rt::__oxpack_ballot(pred as u32, live_mask())
}

/// `__all_sync`: whether every live lane passed `true`.
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn vote_all(pred: bool) -> bool {
    crate::at!();
    rt::__oxpack_vote_all(pred as u32, live_mask()) != 0
}

/// `__any_sync`: whether any live lane passed `true`.
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn vote_any(pred: bool) -> bool {
    crate::at!();
    rt::__oxpack_vote_any(pred as u32, live_mask()) != 0
}

/// The sum over the warp's live lanes, returned to every lane.
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn warp_sum<T: Shuffle + Add<Output = T>>(v: T) -> T {
    warp_reduce(v, |a, b| a + b)
}

/// The reduction of the warp's values by `op` (associative, commutative), in every
/// lane: all 32 lanes' in a full warp, exactly the live lanes' in the block's
/// partial last warp (no value counted twice, none from a lane that does not exist).
///
/// A full warp takes the xor butterfly (five shuffles naming the whole warp). A partial warp
/// reduces into lane 0 with `shfl_down`, each lane combining only a source that exists, then
/// broadcasts lane 0's result (six shuffles); lane 0's result is the butterfly's, with the
/// missing lanes as the identity. In a `#[whole_warps]` kernel every warp is full, a
/// constant: the partial-warp path is compiled out, and the assembler sees plain shuffles.
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn warp_reduce<T: Shuffle>(mut v: T, op: impl Fn(T, T) -> T) -> T {
    let live = live_lanes(); // the same in every lane of the warp; 32, a constant, in a `#[whole_warps]` kernel
    let mut delta = 16;
    if live == WARP_SIZE {
        while delta > 0 {
            crate::at!();
            // Every lane of the warp exists: the full mask.
            v = op(v, v.shuffle(|w| rt::__oxpack_shfl_xor(w, delta, u32::MAX, WARP_SIZE - 1)));
            delta >>= 1;
        }
        v
    } else {
        let lane = lane_id();
        while delta > 0 {
            let other = shfl_down(v, delta);
            if lane + delta < live {
                v = op(v, other);
            }
            delta >>= 1;
        }
        shfl_idx(v, 0)
    }
}

/// Whether every warp of the block is full: the block's thread count is a multiple of 32.
/// The same in every thread of the launch, and seen so by the assembler.
///
/// In a kernel marked `#[whole_warps]` this is the constant `true`: oxpack's link stage
/// replaces each call of the runtime function `__oxpack_whole_warps` that only such kernels
/// reach with `true` (in every other function, with the test of `blockDim`), and the
/// kernel's stub refuses, before the launch, a block whose thread count is not a multiple
/// of 32 (so is emulation). The partial-warp paths of every collective are then dead code
/// there, and the optimizer removes them: ptxas keeps registers for any shuffle with a
/// computed member mask that is left in a kernel, taken or not.
#[inline(always)]
pub(crate) fn full_warps() -> bool {
    #[cfg(target_arch = "nvptx64")]
    {
        rt::__oxpack_whole_warps()
    }
    #[cfg(not(target_arch = "nvptx64"))]
    {
        let d = crate::grid::block_dim();
        (d.x as usize * d.y as usize * d.z as usize) % WARP_SIZE as usize == 0
    }
}

/// The fewest live lanes of any warp of the block: 32 when every warp is full, else the
/// block's partial last warp's. Read from `blockDim` alone, so the same in every thread of
/// the launch (a bound the assembler sees is uniform, unlike [`live_lanes`]).
#[inline(always)]
pub(crate) fn least_live_lanes() -> u32 {
    if full_warps() {
        return WARP_SIZE;
    }
    let d = crate::grid::block_dim();
    ((d.x as usize * d.y as usize * d.z as usize) % WARP_SIZE as usize) as u32
}
