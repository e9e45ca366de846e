//! A tile's loads and stores through a warp transpose: runs of `N` consecutive elements per thread,
//! moved as 16-byte chunks that consecutive lanes take side by side (coalesced), through a
//! swizzled per-warp buffer in block-shared memory.
//!
//! # Safety
//! Each warp uses only its own part of the transpose buffer ([`warp_part`]), and only when all 32
//! lanes are live (`activemask`); a lane reads back only the chunks it wrote or its own run's, after
//! its own `cp.async` copies have landed (`cp.async.wait_all`) and the warp has converged. Every
//! global access lies inside the slice it came from (the run is bounds-checked as `&x[range]`).

use super::*;

#[cfg(target_arch = "nvptx64")]
use crate::intrinsics::{cache, mma as rt};

/// `x[range]` as `[T; N]`, zeros past its end: 16-byte loads when it starts 16-byte aligned
/// and has N elements (`N · size` a multiple of 16), else one load each. Traps where `range`
/// is past `x`'s end, as `&x[range]` does. `again`: the same elements were loaded before in this
/// tile (`TileItems::load`): where the warp's part of the transpose buffer still holds them (its
/// tag says so), they are read from there.
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub(super) fn load_run<T: ScanValue, const N: usize>(x: &[T], range: Range<usize>, again: bool) -> [T; N] {
    let mine = &x[range];
    let _ = again;
    #[cfg(target_arch = "nvptx64")]
    if let Some(segment) = warp_run::<T, N>(mine.as_ptr(), mine.len()) {
        if again && StageTag::of_warp().holds(segment, N * core::mem::size_of::<T>() / 16) {
            // SAFETY: as below; the warp's part holds these very runs (its tag: `warp_load` of
            // the same segment and run size put them there, and nothing has written it since)
            return unsafe { warp_reread::<T, N>(segment) };
        }
        // SAFETY: every lane of the warp is here with its own N elements of `x` (each checked
        // by its `&x[range]` above), one after another from `segment` (`warp_run`).
        return unsafe { warp_load::<T, N>(segment) };
    }
    if let Some(whole) = whole_aligned::<T, N>(mine.as_ptr(), mine.len()) {
        // SAFETY: `whole` points at N readable elements of `x` (`mine` has N), 16-byte
        // aligned; `Aligned16<[T; N]>` has no padding (its size is a multiple of 16).
        return unsafe { whole.read() }.0;
    }
    let mut v = [T::ZERO; N];
    for (k, &e) in mine.iter().enumerate().take(N) {
        v[k] = e;
    }
    v
}

// ---- A warp's runs moved as one (the GPU only). A thread's run of N elements is `N · size`
// bytes; 16-byte loads of 32 such runs, one per lane, touch every 32-byte sector twice (two
// lanes' halves, profiled: 53% of the sectors excessive). A warp whose 32 lanes all move a
// whole, aligned run at once instead moves the warp's `32 · N · size` bytes with lane `l`
// taking the 16-byte units `l, l + 32, …` (each instruction: 512 contiguous bytes), through a
// buffer of 4 KiB a warp in shared memory (its first 8 warps: 32 KiB a block), as CUB's warp
// transposes do.

/// Units of 16 bytes a warp's part of the buffer holds: 4 KiB, 32 lanes × 128 bytes.
#[cfg(target_arch = "nvptx64")]
const WARP_UNITS: usize = 256;
/// The warps of a block that have a part (blocks of up to 256 threads: all).
#[cfg(target_arch = "nvptx64")]
const TRANSPOSE_WARPS: usize = 8;

/// The block's transpose buffer: `WARP_UNITS` units for each of the first `TRANSPOSE_WARPS`
/// warps. Warp `w` alone touches units `w · WARP_UNITS ..`, and only inside `warp_load` and
/// `warp_store`, which every lane of the warp runs together (`warp_run`); each ends with a
/// warp barrier, so one's reads are done before the next one's writes.
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
fn transpose_buffer() -> *mut u128 {
    static __OXPACK_SHARED: crate::shared_mem::SharedCell<u128, { WARP_UNITS * TRANSPOSE_WARPS }> =
        crate::shared_mem::SharedCell::new();
    // `SharedCell` is `repr(C, align(16))` over an `UnsafeCell` of the array: its address is the
    // array's, and writing through it is the cell's interior mutability
    &__OXPACK_SHARED as *const crate::shared_mem::SharedCell<u128, { WARP_UNITS * TRANSPOSE_WARPS }> as *mut u128
}

/// The calling warp's part of the transpose buffer: its `WARP_UNITS` units (a warp among the
/// first `TRANSPOSE_WARPS`, as `warp_run` checked).
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
fn warp_part() -> *mut u128 {
    transpose_buffer().wrapping_add(crate::block_thread_linear() / WARP_SIZE as usize * WARP_UNITS)
}

/// Unit `u`'s place in a warp's part for a call with offset `k`: `u` with its low three bits
/// xor-ed by the next three xor `k`, a permutation of each row of 8 units (a row is 128 bytes,
/// all 32 banks) whatever `k`. 8 lanes reading units `8l + m`, `4l + m`, `2l + m` or `l` at once
/// meet 8 different 16-byte bank groups (no bank conflicts; the first is a 128-byte run a lane),
/// and so do the loads' and stores' 8 lanes writing or reading units `32j + l`, which sit at
/// `32j + (swizzle(l, k) ^ 4·(j & 1))` (see `row_place`: two addresses a lane, not one per `j`).
/// `k` is the call's own (from its segment's address): the same for its writes and reads, and
/// not a loop invariant, so that the compiler computes the lane's places in each call instead
/// of holding them in registers across the look-back (measured: 16 bytes spilled on sm_90 with
/// a fixed swizzle; 24 with the places of units `32j + l` computed one by one).
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
const fn swizzle(u: usize, k: usize) -> usize {
    u ^ (((u >> 3) ^ k) & 7)
}

/// `swizzle(32 · j + lane, k)`, written as the lane's own place `swizzle(lane, k)` with bit 2
/// flipped in odd rows of 32 units: for `lane < 32`, `(32j + lane) >> 3` is `4j + (lane >> 3)`,
/// whose low three bits are `lane >> 3` with bit 2 from `j`'s parity.
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
const fn row_place(j: usize, lane: usize, k: usize) -> usize {
    32 * j + (swizzle(lane, k) ^ ((j & 1) << 2))
}

/// When the calling warp can move its lanes' runs as one: every one of its 32 lanes is here at
/// once (`activemask`: the same call, converged), in a warp with a part of the buffer, and
/// each lane's run (`p`, `count` elements) is whole (N elements), `N · size` is 1 to 8 units,
/// and the runs follow one another in lane order from a 16-byte boundary: then the warp's
/// first byte (the same in every lane). Otherwise `None` in every lane (each condition is the
/// same in every lane that tests it: the first three are the warp's, the last is a vote).
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
pub(super) fn warp_run<T, const N: usize>(p: *const T, count: usize) -> Option<*const u8> {
    let bytes = N * core::mem::size_of::<T>();
    if bytes % 16 != 0 || bytes == 0 || bytes > 128 {
        return None; // a constant
    }
    let warp = crate::block_thread_linear() / WARP_SIZE as usize;
    if warp >= TRANSPOSE_WARPS || live_lanes() != WARP_SIZE || rt::__oxpack_activemask() != u32::MAX {
        return None;
    }
    let lane = lane_id() as usize;
    let segment = (p as *const u8).wrapping_sub(lane * bytes);
    let first = shfl_idx(segment as usize as u64, 0);
    let ok = count == N && segment as usize % 16 == 0 && first == segment as usize as u64;
    if vote_all(ok) { Some(segment) } else { None }
}

/// The calling lane's run of N elements from a warp's runs at `segment` (`warp_run`'s).
///
/// # Safety
/// `warp_run` gave `segment` in every lane of the warp, here at once, and each lane's run
/// `segment + lane · N · size ..` is N readable elements of `T`.
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
unsafe fn warp_load<T: Copy, const N: usize>(segment: *const u8) -> [T; N] {
    let units = N * core::mem::size_of::<T>() / 16; // 1 to 8 (warp_run)
    let lane = lane_id() as usize;
    let part = warp_part();
    let k = segment as usize >> 11; // the call's swizzle offset (the same in every lane)
    // Straight from global to shared memory (`cp.async`, no registers): every unit of the lane in
    // flight at once, one round trip (16-byte loads through registers were split in two halves by
    // ptxas, a round trip each, to save registers; profiled with `nvdisasm -plr`).
    let base = rt::__oxpack_smem_addr(part as *const u8);
    for j in 0..units {
        // SAFETY: unit 32j + lane < 32 · units lies in the warp's runs, each readable (the
        // caller), 16-byte aligned (the segment is); its place is in the warp's own part
        // (module comment above `WARP_UNITS`), unit < 256, 16-byte aligned
        unsafe { rt::__oxpack_cp_async_16_s(base + 16 * row_place(j, lane, k) as u32, segment.add(16 * (32 * j + lane))) };
    }
    rt::__oxpack_cp_async_wait_all(); // this lane's copies have landed
    StageTag::of_warp().set(segment, units); // what the part holds now (lane 0)
    crate::sync::sync_warp(); // and every lane's, for the reads below
    // SAFETY: the part holds the warp's runs from `segment`, written before the warp barrier
    unsafe { read_own::<T, N>(part, k) }
}

/// The calling lane's run of N elements from a warp's runs at `segment`, out of the warp's part
/// of the transpose buffer, where `warp_load` of the same segment and run size left them.
///
/// # Safety
/// As `warp_load`'s, and the warp's tag holds `segment` and this run size: nothing has written
/// the part since that `warp_load` (`warp_store` clears the tag before it writes).
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
unsafe fn warp_reread<T: Copy, const N: usize>(segment: *const u8) -> [T; N] {
    let part = warp_part();
    // SAFETY: the caller's; the tag was set before a warp barrier (`warp_load`'s), read after it
    unsafe { read_own::<T, N>(part, segment as usize >> 11) }
}

/// The calling lane's own N elements out of its warp's part (`part`), placed with swizzle
/// offset `k`; then a warp barrier, so that the reads are done before the part's next writes.
///
/// # Safety
/// Every lane of the warp calls it together; the part's units of this lane's run were written
/// before a warp barrier that this call follows.
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
unsafe fn read_own<T: Copy, const N: usize>(part: *mut u128, k: usize) -> [T; N] {
    let units = N * core::mem::size_of::<T>() / 16; // 1 to 8 (warp_run)
    let lane = lane_id() as usize;
    let mut out = core::mem::MaybeUninit::<Aligned16<[T; N]>>::uninit();
    let words = out.as_mut_ptr() as *mut u128;
    for m in 0..units {
        // SAFETY: the lane's own units `units · lane + m` of the part, written before the warp
        // barrier; `words` has `units` units (N · size = 16 · units bytes), 16-byte aligned
        unsafe { words.add(m).write(part.add(swizzle(units * lane + m, k)).read()) };
    }
    crate::sync::sync_warp(); // the reads are done before the buffer's next writes
    // SAFETY: every byte written above; the scan's element types are plain numbers (any bits)
    unsafe { out.assume_init() }.0
}

/// Writes the calling lane's N values to its run, the warp's runs moved as one from
/// `segment` with streaming 16-byte stores (`st.cs.v4`).
///
/// # Safety
/// `warp_run` gave `segment` in every lane of the warp, here at once, and each lane's run
/// `segment + lane · N · size ..` is N elements that lane alone may write.
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
pub(super) unsafe fn warp_store<T: Copy, const N: usize>(segment: *mut u8, v: [T; N]) {
    let units = N * core::mem::size_of::<T>() / 16; // 1 to 8 (warp_run)
    let lane = lane_id() as usize;
    let part = warp_part();
    let k = segment as usize >> 11; // the call's swizzle offset (the same in every lane)
    let src = Aligned16(v);
    let words = &src as *const Aligned16<[T; N]> as *const u128;
    StageTag::of_warp().clear(); // the part holds output values from here on (lane 0)
    for m in 0..units {
        // SAFETY: the lane's own units of the warp's part; `words` has `units` units, 16-byte aligned
        unsafe { part.add(swizzle(units * lane + m, k)).write(words.add(m).read()) };
    }
    crate::sync::sync_warp();
    for j in 0..units {
        // SAFETY: unit 32j + lane of the part, written before the barrier by the lane that owns
        // it; its 16 bytes go to the same unit of the warp's runs, which belong to that lane
        // (the caller), and that lane is here writing its run through this call
        let w = unsafe { part.add(row_place(j, lane, k)).read() };
        let (a, b, c, d) = (w as u32, (w >> 32) as u32, (w >> 64) as u32, (w >> 96) as u32);
        unsafe { cache::__oxpack_st_cs_v4(segment.add(16 * (32 * j + lane)) as *mut u32, a, b, c, d) };
    }
    crate::sync::sync_warp(); // the reads are done before the buffer's next writes
}

/// What a warp's part of the transpose buffer holds, for `TileItems::load`: the segment of the
/// runs `warp_load` left there, with the run's 16-byte units (1 to 8) in its low four bits (a
/// segment is 16-byte aligned), or 0: nothing to take (cleared when a scan starts, and by
/// `warp_store`, which overwrites the part with output values). Lane 0 of the warp writes it,
/// inside the warp's own calls, before their warp barrier; its lanes read it after one.
#[cfg(target_arch = "nvptx64")]
struct StageTag(*mut u64);

#[cfg(target_arch = "nvptx64")]
impl StageTag {
    /// The calling warp's tag (a warp with a part of the buffer: one of the first
    /// `TRANSPOSE_WARPS`, as `warp_run` and `forget_stages` check).
    #[inline(always)]
    fn of_warp() -> StageTag {
        static __OXPACK_SHARED: crate::shared_mem::SharedCell<u64, TRANSPOSE_WARPS> = crate::shared_mem::SharedCell::new();
        let warp = crate::block_thread_linear() / WARP_SIZE as usize;
        // `SharedCell` is `repr(C, align(16))` over an `UnsafeCell` of the array (as in `transpose_buffer`)
        StageTag((&__OXPACK_SHARED as *const crate::shared_mem::SharedCell<u64, TRANSPOSE_WARPS> as *mut u64).wrapping_add(warp))
    }

    #[inline(always)]
    fn set(&self, segment: *const u8, units: usize) {
        if lane_id() == 0 {
            // SAFETY: the warp's own word of the tags (`of_warp`: warp < TRANSPOSE_WARPS)
            unsafe { self.0.write(segment as usize as u64 | units as u64) };
        }
    }

    #[inline(always)]
    fn clear(&self) {
        if lane_id() == 0 {
            // SAFETY: as in `set`
            unsafe { self.0.write(0) };
        }
    }

    /// The part holds the runs from `segment` of `units` units each (the same in every lane).
    #[inline(always)]
    fn holds(&self, segment: *const u8, units: usize) -> bool {
        // SAFETY: as in `set`
        unsafe { self.0.read() == segment as usize as u64 | units as u64 }
    }
}

/// Clears the calling warp's stage tag (lane 0 of each of the first `TRANSPOSE_WARPS` warps).
#[inline(always)]
pub(super) fn forget_stages() {
    #[cfg(target_arch = "nvptx64")]
    if crate::block_thread_linear() < TRANSPOSE_WARPS * WARP_SIZE as usize {
        StageTag::of_warp().clear();
    }
}

/// `[T; N]` at a 16-byte boundary: read or written as 16-byte vectors.
#[repr(C, align(16))]
pub(super) struct Aligned16<A>(pub(super) A);

/// `p` as a whole `[T; N]` at a 16-byte boundary, when it is one: `len == N`, `p` 16-byte
/// aligned and `N · size` a multiple of 16 (so `Aligned16<[T; N]>` has no padding).
#[inline(always)]
pub(super) fn whole_aligned<T, const N: usize>(p: *const T, len: usize) -> Option<*const Aligned16<[T; N]>> {
    let fits = (N * core::mem::size_of::<T>()) % 16 == 0;
    (fits && len == N && (p as usize) % 16 == 0).then_some(p as *const Aligned16<[T; N]>)
}
