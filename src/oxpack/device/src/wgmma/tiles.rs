//! The output of warpgroup accumulators: the layout [`WgTiles`] and its writers, direct
//! ([`WgTile::store`]) or staged through shared memory by `stmatrix` ([`WgStaging`]).
//!
//! # Safety
//! A warpgroup's accumulators reach global memory only through [`WgTile::store`] (or a
//! [`WgStaging`] made from the warpgroup's own consumer), and a [`WgTile`] only from
//! [`DisjointSlice::wg_tile`] with the warpgroup's [`Consumer`](crate::mbarrier::Consumer) (one per
//! consumer thread): block tile `b`, rows `64c..64c + 64` for consumer warpgroup `c`, each lane
//! the elements of the `wgmma` accumulator layout there, each checked against the output's shape.
//! The staging area is the pipeline's own stages, reused only after every stage is released.

use core::marker::PhantomData;

use super::*;
use crate::disjoint::DisjointSlice;
use crate::half::{BF16, F16};
use crate::layout::Layout;
use crate::mbarrier::Consumer;
use crate::Elem;

// ---------------------------------------------------------------------------- staged stores (stmatrix)

/// The 16-bit element types a [`WgStaging`] stores (`stmatrix` moves 16-bit elements): [`BF16`]
/// and [`F16`]. Sealed.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a staged output type: `WgStaging::store` writes BF16 or F16 (`stmatrix` stores 16-bit elements)",
    label = "not BF16 or F16",
    note = "store an f32 output with `WgTile::store`"
)]
pub trait StageElem: crate::mma::FromAccum + Sealed {
    #[doc(hidden)]
    fn bits(self) -> u16;
    #[doc(hidden)]
    fn of_bits(bits: u16) -> Self;
}
impl StageElem for BF16 {
    #[inline(always)]
    fn bits(self) -> u16 {
        self.to_bits()
    }
    #[inline(always)]
    fn of_bits(bits: u16) -> Self {
        BF16::from_bits(bits)
    }
}
impl StageElem for F16 {
    #[inline(always)]
    fn bits(self) -> u16 {
        self.to_bits()
    }
    #[inline(always)]
    fn of_bits(bits: u16) -> Self {
        F16::from_bits(bits)
    }
}

/// 16 bytes, 16-aligned: one vector load or store.
#[derive(Clone, Copy)]
#[repr(C, align(16))]
struct Chunk([u32; 4]);

/// A consumer warpgroup's staging area in shared memory, from [`Consumer::into_staging`] (which
/// ends the consumer: not `Copy`, no public constructor). [`store`](Self::store) writes the
/// warpgroup's accumulators through it: each warp `stmatrix`es its 16 rows, 16-bit, into its own
/// 16 rows of the area (128-byte rows, 16-byte chunks swizzled against bank conflicts), then
/// copies them to the output in 16-byte stores, whole 128-byte rows at a time, instead of one
/// scattered 2-byte store per element. Each warp reads back only what it wrote itself.
pub struct WgStaging<const S: usize, const BM: usize, const BN: usize> {
    pub(crate) tiles: *mut u8,
    pub(crate) wg: usize,
}

impl<const S: usize, const BM: usize, const BN: usize> WgStaging<S, BM, BN>
where
    WgCols<BN>: WgWidth,
{
    /// Rows `16w .. 16w + 16` (warp `w` of the warpgroup) of the staging area's `chunk`-th
    /// 64 × 64 slice (the warpgroup's rows of stage `chunk`'s A tile; 1024-aligned).
    #[inline(always)]
    fn slice(&self, chunk: usize, w: usize) -> *mut u8 {
        self.tiles.wrapping_add(chunk * BM * 128 + self.wg * WG_ROWS * 128 + w * 16 * 128)
    }

    /// Writes the warpgroup's accumulators to its tile, converted to T (rounded to nearest
    /// even), through shared memory (`stmatrix`, then 16-byte stores); elements outside the
    /// output (a ragged edge) are skipped. The same values as [`WgTile::store`].
    /// Warpgroup-collective (it traps in a divergent warp).
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn store<T: StageElem>(self, tile: &mut WgTile<'_, T, BN>, acc: &WgAccum<BN>) {
        self.store_with(tile, acc, |_, _, v| T::from_acc(v));
    }

    /// As [`store`](Self::store), writing `f(row, col, v)` for each accumulator `v` at its row and
    /// column in the output (an epilogue: a bias, an activation, then the rounding to T, as
    /// [`WgTile::store_with`]). `f` runs for every accumulator of the tile, those past a ragged
    /// edge too (their values are not stored): it must not index by `col` unchecked, e.g. read a
    /// bias with `bias.get(col)`.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn store_with<T: StageElem>(self, tile: &mut WgTile<'_, T, BN>, acc: &WgAccum<BN>, f: impl Fn(usize, usize, f32) -> T) {
        if rt::__oxpack_activemask() != u32::MAX {
            fail("stmatrix ran without all 32 lanes of a warp: call it from code that every thread of the warpgroup executes");
        }
        let t = crate::block_thread_linear() % WG_THREADS;
        let (w, lane) = (t / 32, t % 32);
        let (g, q) = (lane / 4, lane % 4);
        let (row, col) = (tile.row0 + 16 * w + g, tile.col0 + 2 * q);
        let v = &acc.r as *const _ as *const f32;
        // the two accumulators of 8-column group j, rows g (e = 0) or g + 8 (e = 2), as 16-bit pair
        let pair = |j: usize, e: usize| -> u32 {
            let (r, c) = (row + 8 * (e >> 1), col + 8 * j);
            // SAFETY: j < BN / 8 and e ≤ 2, so 4j + e + 1 < BN / 2, the register count.
            let (x, y) = unsafe { (*v.add(4 * j + e), *v.add(4 * j + e + 1)) };
            f(r, c, x).bits() as u32 | (f(r, c + 1, y).bits() as u32) << 16
        };
        // stmatrix.x4 of 16 columns at a time: matrices (rows 0-7 | 8-15) × (columns 0-7 | 8-15);
        // lane 8m + i gives the address of row i of matrix m
        let m = lane / 8;
        let r = lane % 8 + 8 * (m & 1);
        // (one `each!` level: nested ones would expand their bodies 128 × 128 times)
        each!(BN / 16, |x| {
            let (chunk, jj) = (x / 4, x % 4);
            let j = 2 * x; // 8-column groups 2x, 2x + 1: columns 64 chunk + 16 jj ..
            let at = self.slice(chunk, w).wrapping_add(r * 128 + ((2 * jj + (m >> 1)) ^ (r % 8)) * 16);
            // SAFETY: `at` is 16 bytes of warp w's rows of this warpgroup's staging slice
            // (`into_staging`: no other warpgroup or the TMA uses it any more).
            unsafe { rt::__oxpack_sm90a_stmatrix_x4(at, pair(j, 0), pair(j, 2), pair(j + 1, 0), pair(j + 1, 2)) };
        });
        crate::sync::sync_warp(); // the warp's stmatrix writes are visible to its lanes
        let (ptr, len, width) = (tile.ptr, tile.len, tile.width);
        let wide = width % 8 == 0 && (ptr as usize) % 16 == 0;
        each!(BN / 16, |x| {
            let (chunk, it) = (x / 4, x % 4);
            let base = self.slice(chunk, w);
            {
                // 16-byte chunk cq of row r of the warp's 16 rows: 8 lanes cover one 128-byte row
                let (r, cq) = ((32 * it + lane) / 8, lane % 8);
                // SAFETY: inside the warp's rows of the slice, 16-aligned; written above by this warp.
                let data = unsafe { (base.wrapping_add(r * 128 + ((cq ^ (r % 8)) * 16)) as *const Chunk).read() };
                let (gr, gc) = (tile.row0 + 16 * w + r, tile.col0 + 64 * chunk + 8 * cq);
                let k = gr * width + gc;
                if wide && gc + 8 <= width && k + 8 <= len {
                    // SAFETY: in bounds and 16-aligned (width and the base are multiples of 8
                    // elements / 16 bytes); the 8 elements are this thread's by `WgTiles` (its
                    // warpgroup's rows, the warp's 16 of them).
                    unsafe { (ptr.add(k) as *mut Chunk).write(data) };
                } else {
                    for e in 0..8 {
                        if gc + e < width && k + e < len {
                            let h = (data.0[e / 2] >> (16 * (e % 2))) as u16;
                            // SAFETY: in bounds; as above.
                            unsafe { ptr.add(k + e).write(T::of_bits(h)) };
                        }
                    }
                }
            }
        });
    }
}

// ---------------------------------------------------------------------------- output ownership

/// Output layout for warpgroup tiles: a row-major matrix of `width` columns (the shape, `=
/// (width)` in `kernel!`) cut into `BM × BN` block tiles (numbered in bands of 8 tile rows, as
/// [`WarpTiles`](crate::mma::WarpTiles)), each cut into `BM / 64` warpgroup tiles of 64 × BN:
/// consumer warpgroup `c` owns rows `64c .. 64c + 64`, each of its threads the elements of the
/// `wgmma` accumulator layout there. The block has `1 + BM / 64` warpgroups and the grid is
/// 1-D, else [`block_origin`](DisjointSlice::block_origin) and
/// [`wg_tile`](DisjointSlice::wg_tile) give `None`; so no two threads of a launch own an element.
pub struct WgTiles<const BM: usize, const BN: usize>;

impl<const BM: usize, const BN: usize> Sealed for WgTiles<BM, BN> {}
impl<const BM: usize, const BN: usize> Layout for WgTiles<BM, BN> {}

crate::disjoint::bind_shape! {
    [const BM: usize, const BN: usize] WgTiles<BM, BN> => [width];
}

impl<T: Elem, const BM: usize, const BN: usize> DisjointSlice<T, WgTiles<BM, BN>> {
    tile_grid_methods!();

    /// (tiles down, tiles across), or `None` when the block is not `128 · (1 + BM / 64)` threads,
    /// the grid is not 1-D or the output is empty (the same for every thread of a block).
    #[inline(always)]
    fn grid_of_tiles(&self) -> Option<(usize, usize)> {
        let (_, tiles_m, tiles_n) = tile_grid!(self, WG_THREADS * (1 + BM / WG_ROWS), BM, BN);
        Some((tiles_m, tiles_n))
    }

    /// How many block tiles the calling block owns: tiles `b`, `b + G`, `b + 2G`, … (block `b`
    /// of a grid of `G` blocks), so a grid of fewer blocks than tiles is persistent (each block
    /// loops over its tiles). 0 where [`block_origin`](Self::block_origin) is `None`.
    #[inline(always)]
    pub fn block_tile_count(&self) -> usize {
        let Some((tiles_m, tiles_n)) = self.grid_of_tiles() else { return 0 };
        let (b, g) = (crate::grid::block_idx().x as usize, crate::grid::grid_dim().x as usize);
        crate::tile_grid::quot_ceil((tiles_m * tiles_n).saturating_sub(b), g)
    }

    /// The first row and column, in the output (and in A's rows and B's rows), of the calling
    /// block's `i`-th tile (tile `b + i·G`, numbered in bands of 8 tile rows); `None` past its
    /// last tile or where the block or grid has another shape.
    #[inline(always)]
    pub fn tile_origin(&self, i: usize) -> Option<(usize, usize)> {
        let (tiles_m, tiles_n) = self.grid_of_tiles()?;
        let (b, g) = (crate::grid::block_idx().x as usize, crate::grid::grid_dim().x as usize);
        let tile = i.checked_mul(g)?.checked_add(b)?;
        if tile >= tiles_m * tiles_n {
            return None;
        }
        let (tm, tn) = band_tile!(tile, tiles_m, tiles_n);
        Some((tm * BM, tn * BN))
    }

    /// The calling block's (first) tile: [`tile_origin(0)`](Self::tile_origin); `None` for a
    /// block past the last tile, a block that is not `128 · (1 + BM / 64)` threads, or a grid
    /// that is not 1-D (the same for every thread of a block).
    #[inline(always)]
    pub fn block_origin(&self) -> Option<(usize, usize)> {
        self.tile_origin(0)
    }

    /// The tile of the calling thread's consumer warpgroup in the block's first tile: rows `64 ·
    /// c.index()` .. of it, all BN columns; `None` as for [`block_origin`](Self::block_origin).
    #[inline(always)]
    pub fn wg_tile<const S: usize, E: WgmmaPair<B>, B: WgmmaInput>(&mut self, c: &Consumer<S, BM, BN, E, B>) -> Option<WgTile<'_, T, BN>> {
        self.wg_tile_at(0, c)
    }

    /// As [`wg_tile`](Self::wg_tile) in the block's `i`-th tile (see
    /// [`tile_origin`](Self::tile_origin)): a persistent block's warpgroups store each of
    /// their tiles through it.
    #[inline(always)]
    pub fn wg_tile_at<const S: usize, E: WgmmaPair<B>, B: WgmmaInput>(&mut self, i: usize, c: &Consumer<S, BM, BN, E, B>) -> Option<WgTile<'_, T, BN>> {
        let (row0, col0) = self.tile_origin(i)?;
        Some(WgTile {
            ptr: self.ptr,
            len: self.len,
            width: self.shape[0],
            row0: row0 + c.wg * WG_ROWS,
            col0,
            _out: PhantomData,
        })
    }
}

/// A consumer warpgroup's 64 × BN tile of a [`WgTiles`] output; see
/// [`DisjointSlice::wg_tile`](DisjointSlice#method.wg_tile).
pub struct WgTile<'a, T, const BN: usize> {
    pub(super) ptr: *mut T,
    pub(super) len: usize,
    pub(super) width: usize,
    pub(super) row0: usize,
    pub(super) col0: usize,
    pub(super) _out: PhantomData<&'a mut DisjointSlice<T>>,
}

impl<T: Elem, const BN: usize> WgTile<'_, T, BN>
where
    WgCols<BN>: WgWidth,
{
    /// The tile's first row in the output.
    #[inline(always)]
    pub fn row(&self) -> usize {
        self.row0
    }

    /// The tile's first column in the output.
    #[inline(always)]
    pub fn col(&self) -> usize {
        self.col0
    }

    /// Writes the warpgroup's accumulators, converted to T (f32 as is, BF16 and F16 rounded to
    /// nearest even); elements outside the output (a ragged edge) are skipped.
    #[inline(always)]
    pub fn store(&mut self, acc: &WgAccum<BN>)
    where
        T: crate::mma::FromAccum,
    {
        self.store_with(acc, |_, _, v| T::from_acc(v));
    }

    /// Writes `f(row, col, v)` for each of the thread's accumulators `v`, with its row and
    /// column in the output (an epilogue); elements outside the output are skipped.
    #[inline(always)]
    pub fn store_with(&mut self, acc: &WgAccum<BN>, f: impl Fn(usize, usize, f32) -> T) {
        let (w, g, q) = wg_lane();
        let (row, col) = (self.row0 + 16 * w + g, self.col0 + 2 * q);
        let (ptr, len, width) = (self.ptr, self.len, self.width);
        let v = &acc.r as *const _ as *const f32;
        let size = core::mem::size_of::<T>();
        // the thread's two neighbouring elements (columns c, c + 1 of row r) as one store of
        // 2 · size bytes where both are inside and that store is aligned (4- or 8-byte stores
        // instead of twice as many 2- or 4-byte ones); element by element otherwise
        each!(BN / 4, |h| {
            let (j, e) = (h / 2, 2 * (h % 2));
            let i = 4 * j + e;
            let (r, c) = (row + 8 * (e >> 1), col + 8 * j);
            let k = r * width + c;
            // SAFETY (the writes below): in bounds; (block tile, warpgroup, thread, i) ↦ (r, c)
            // is one-to-one (see `WgTiles`), so no other thread of the launch writes element k
            // or k + 1; i + 1 < BN / 2.
            let (in0, in1) = (c < width && k < len, c + 1 < width && k + 1 < len);
            if in1 && (size == 2 || size == 4) && (ptr.wrapping_add(k) as usize) % (2 * size) == 0 {
                // (in1 implies in0: c < c + 1 < width, k < k + 1 < len)
                // SAFETY: i + 1 < BN / 2.
                let (x, y) = unsafe { (f(r, c, *v.add(i)), f(r, c + 1, *v.add(i + 1))) };
                if size == 4 {
                    // SAFETY: as above; 8-aligned; T is 4 bytes (x, y read as their bits).
                    unsafe {
                        let bits = [core::mem::transmute_copy::<T, u32>(&x), core::mem::transmute_copy::<T, u32>(&y)];
                        (ptr.add(k) as *mut u64).write(bits[0] as u64 | (bits[1] as u64) << 32);
                    }
                } else {
                    // SAFETY: as above; 4-aligned; T is 2 bytes.
                    unsafe {
                        let bits = [core::mem::transmute_copy::<T, u16>(&x), core::mem::transmute_copy::<T, u16>(&y)];
                        (ptr.add(k) as *mut u32).write(bits[0] as u32 | (bits[1] as u32) << 16);
                    }
                }
            } else {
                if in0 {
                    // SAFETY: as above; i < BN / 2.
                    unsafe { ptr.add(k).write(f(r, c, *v.add(i))) };
                }
                if in1 {
                    // SAFETY: as above; i + 1 < BN / 2.
                    unsafe { ptr.add(k + 1).write(f(r, c + 1, *v.add(i + 1))) };
                }
            }
        });
    }
}
