//! A thread's elements of a published tile: the only writer of a `ScanTiles` output.
//!
//! # Safety
//! A [`TileItems`] is made only by a published [`ScanTile`](super::ScanTile), for the calling
//! thread's own run of the tile (`ITEMS` consecutive elements at `ITEMS · thread`), cut at the
//! output's end; it writes only those elements.

use super::transpose::*;
use super::*;
#[cfg(target_arch = "nvptx64")]
use crate::intrinsics::cache;

/// This thread's elements of a published tile: the only writer of a `ScanTiles` output.
pub struct TileItems<'q, T> {
    pub(super) ptr: *mut T,
    pub(super) start: usize, // the first element's index (`ptr` is the output's element `start`)
    pub(super) count: usize,
    pub(super) _out: PhantomData<&'q mut T>,
}

impl<T: ScanValue> TileItems<'_, T> {
    /// This thread's elements of `x` again, as [`ScanTile::load`] gave them before the publish
    /// (`x` an input of the output's length; N elements, zeros past the buffer's end): so a
    /// kernel need not hold its tile in registers across [`ScanTile::publish`] (the look-back,
    /// where registers buy blocks in flight). Where the warp's last load put these very runs
    /// in its part of the block's transpose buffer and nothing has written there since (a tag
    /// a warp keeps says so), they come from there; otherwise from `x`, as the first time.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn load<const N: usize>(&self, x: &[T]) -> [T; N] {
        load_run(x, self.start..self.start + self.count, true)
    }
}

impl<T: Elem> TileItems<'_, T> {
    /// The elements, in order (`ITEMS`, fewer or none at the buffer's end).
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        if self.count == 0 {
            return &mut [];
        }
        // SAFETY: `start .. start + count` lies inside the output buffer (cut at its end)
        // and belongs to this thread alone: its tile was drawn by its block alone (an atomic
        // counter) and `tx` is its own in the block (module docs). `&mut self` keeps one
        // reference.
        unsafe { core::slice::from_raw_parts_mut(self.ptr, self.count) }
    }

    /// Writes `v[k]` to this thread's `k`-th element for each it owns (all N, or fewer at the
    /// buffer's end): 16-byte stores when they start 16-byte aligned and N are owned (`N ·
    /// size` a multiple of 16), else one store each.
    #[inline(always)]
    pub fn set_all<const N: usize>(&mut self, v: [T; N])
    where
        T: Copy,
    {
        #[cfg(target_arch = "nvptx64")]
        if let Some(segment) = warp_run::<T, N>(self.ptr as *const T, self.count) {
            // SAFETY: every lane of the warp is here with its own N elements of the output (as in
            // `as_mut_slice`), one after another from `segment` (`warp_run`)
            unsafe { warp_store::<T, N>(segment as *mut u8, v) };
            return;
        }
        if let Some(whole) = whole_aligned::<T, N>(self.ptr as *const T, self.count) {
            #[cfg(target_arch = "nvptx64")]
            {
                // 16-byte streaming stores (`st.cs.v4`: the output is not read again here)
                let src = Aligned16(v);
                let (src, dst) = (&src as *const Aligned16<[T; N]> as *const u32, whole as *mut u32);
                let mut j = 0;
                while j < N * core::mem::size_of::<T>() / 4 {
                    // SAFETY: as in `as_mut_slice`: this thread's own N elements (count == N),
                    // 16-byte aligned, so `dst + j .. dst + j + 4` (j < N · size / 4, a
                    // multiple of 4) are its own; `src` is the same bytes of a local array of
                    // plain element values (no padding), 16-byte aligned.
                    unsafe { cache::__oxpack_st_cs_v4(dst.add(j), *src.add(j), *src.add(j + 1), *src.add(j + 2), *src.add(j + 3)) };
                    j += 4;
                }
            }
            #[cfg(not(target_arch = "nvptx64"))]
            // SAFETY: as in `as_mut_slice`: this thread's own N elements (count == N), 16-byte
            // aligned; `Aligned16<[T; N]>` has no padding.
            unsafe {
                (whole as *mut Aligned16<[T; N]>).write(Aligned16(v))
            };
            return;
        }
        for (k, x) in v.into_iter().enumerate() {
            self.set(k, x);
        }
    }

    /// Writes `v` to this thread's `k`-th element; false past its last (at the buffer's end).
    /// With `k` from a loop over `0..ITEMS` the loop unrolls and the values stay in registers.
    #[inline(always)]
    pub fn set(&mut self, k: usize, v: T) -> bool {
        if k < self.count {
            // SAFETY: as in `as_mut_slice`: element k < count of this thread's own run.
            unsafe { *self.ptr.add(k) = v };
            true
        } else {
            false
        }
    }

    /// How many elements this thread owns here.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.count
    }

    /// True when this thread owns none (past the buffer's end).
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }
}
