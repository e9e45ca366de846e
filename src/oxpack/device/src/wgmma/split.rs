//! Split-K output of warpgroup accumulators: the layout [`SplitTiles`], whose `BM × BN` tiles each
//! `S` blocks compute over `S` slices of k, and whose elements only the reduction writes.
//!
//! # Safety
//! Block `b` of a 1-D grid computes slice `b % S` of k for tile `b / S` (tiles numbered in bands of
//! 8 tile rows, as [`WgTiles`]). Its consumer threads reach the output only through
//! [`DisjointSlice::split_store_with`], which first writes the thread's accumulators to its own
//! slots of the workspace (an `&[AtomicU32]`, f32 bits), then counts the thread's arrival in its
//! slot's counter (one per tile and consumer thread: `fence.sc.gpu`, then a device-scope atomic
//! add). Of the `S` threads of one slot (one per block of the tile, the same thread of each), the
//! one whose add returns `S − 1` is the last: it reads the `S` partial sums of its slot (after a
//! second fence), adds them in slice order (0, 1, …, S − 1: the same bits whichever block arrives
//! last) and writes its elements of the `wgmma` accumulator layout, which no other slot holds (see
//! [`WgTiles`]). A counter only grows, so one add in its life returns `S − 1`: one writer per
//! output element whatever the workspace held and whoever else adds to it. An add that returns
//! `S` or more traps (a workspace that was not zeroed, or that another launch shares): the
//! declared workspace (`#[launch(workspace = ...)]`, zeroed for every launch) never does. A
//! counter that starts between 1 and `S − 1` makes an early arrival the writer, before every
//! partial sum is in (wrong values, in the output's own elements only), and a later one trap.

use super::*;
use crate::atomic::AtomicU32;
use crate::disjoint::DisjointSlice;
use crate::layout::Layout;
use crate::mbarrier::Consumer;
use crate::Elem;

/// Output layout for split-K warpgroup tiles: a row-major matrix of `width` columns (`= (width)` in
/// `kernel!`) cut into `BM × BN` block tiles, each computed by `S` consecutive blocks, block `b`
/// taking slice `b % S` of k ([`split`](DisjointSlice::split)) for tile `b / S`. Its only writer is
/// [`split_store_with`](DisjointSlice::split_store_with), which adds the slices' partial sums
/// in the last-arriving block; see the module docs.
pub struct SplitTiles<const BM: usize, const BN: usize, const S: usize>;

impl<const BM: usize, const BN: usize, const S: usize> Sealed for SplitTiles<BM, BN, S> {}
impl<const BM: usize, const BN: usize, const S: usize> Layout for SplitTiles<BM, BN, S> {}

crate::disjoint::bind_shape! {
    [const BM: usize, const BN: usize, const S: usize] SplitTiles<BM, BN, S> => [width];
}

/// The calling block's place in a split-K launch, from [`DisjointSlice::split`] only: its tile's
/// first row and column, and its slice of k, pipeline stages `first() .. first() + count()` of the
/// `steps` that k takes.
#[derive(Clone, Copy)]
pub struct Split {
    row: usize,
    col: usize,
    tile: usize,
    slice: usize,
    first: usize,
    count: usize,
}

impl Split {
    /// The tile's first row (of the output and of A).
    #[inline(always)]
    pub fn row(&self) -> usize {
        self.row
    }

    /// The tile's first column (of the output; a row of B).
    #[inline(always)]
    pub fn col(&self) -> usize {
        self.col
    }

    /// The block's slice of k: 0 .. S.
    #[inline(always)]
    pub fn slice(&self) -> usize {
        self.slice
    }

    /// The slice's first pipeline stage: `steps · slice / S`.
    #[inline(always)]
    pub fn first(&self) -> usize {
        self.first
    }

    /// The slice's stages: `steps · (slice + 1) / S − steps · slice / S` (slices differ by one at most;
    /// a slice of none where k takes fewer stages than S).
    #[inline(always)]
    pub fn count(&self) -> usize {
        self.count
    }
}

impl<T: Elem, const BM: usize, const BN: usize, const S: usize> DisjointSlice<T, SplitTiles<BM, BN, S>> {
    tile_grid_methods!();

    /// The words of workspace the launch needs: per tile, one arrival counter per consumer thread
    /// (`BM / 64 · 128`), then `S` partial sums of each 16-row band of a warp that holds a row of
    /// the output (`ceil(rows / 16)` bands down each column of tiles, `16 · BN` sums each): `tiles ·
    /// BM / 64 · 128 + ceil(width / BN) · ceil(rows / 16) · S · 16 · BN`. Rows past the output
    /// take no room, so at m = 16 a column of 64 × 64 tiles holds one band, not four.
    #[inline(always)]
    pub fn workspace_len(&self) -> usize {
        let width = self.shape[0];
        let bands = if width == 0 { 0 } else { crate::tile_grid::quot_ceil(self.len, width).div_ceil(16) };
        self.block_tiles() * (BM / WG_ROWS) * WG_THREADS + width.div_ceil(BN) * bands * S * 16 * BN
    }

    /// (tiles down, tiles across), or `None` as for [`split`](Self::split).
    #[inline(always)]
    fn grid_of_tiles(&self) -> Option<(usize, usize)> {
        let (_, tiles_m, tiles_n) = tile_grid!(self, WG_THREADS * (1 + BM / WG_ROWS), BM, BN);
        Some((tiles_m, tiles_n))
    }

    /// The calling block's (tile, slice of k), or `None` as for [`split`](Self::split).
    #[inline(always)]
    fn place(&self) -> Option<(usize, usize)> {
        const { assert!(S >= 1 && S <= 64, "oxpack: `SplitTiles` takes 1 to 64 slices of k") };
        let (tiles_m, tiles_n) = self.grid_of_tiles()?;
        let b = crate::grid::block_idx().x as usize;
        let (tile, slice) = (b / S, b % S);
        (tile < tiles_m * tiles_n).then_some((tile, slice))
    }

    /// The calling block's tile and slice of k, for a pipeline of `steps` stages over the whole of
    /// k; `None` for a block past the last tile's last slice, a block of other than `128 · (1 + BM
    /// / 64)` threads, a grid that is not 1-D, or an empty output (the same for every thread of a
    /// block).
    #[inline(always)]
    pub fn split(&self, steps: usize) -> Option<Split> {
        let (tile, slice) = self.place()?;
        let (tiles_m, tiles_n) = self.grid_of_tiles()?;
        let (tm, tn) = band_tile!(tile, tiles_m, tiles_n);
        let (first, end) = (steps * slice / S, steps * (slice + 1) / S);
        Some(Split { row: tm * BM, col: tn * BN, tile, slice, first, count: end - first })
    }

    /// Writes the warpgroup's part of slice `at.slice` of tile `at.tile` (`acc`, the consumer `q`'s
    /// accumulators over the slice's stages) to the workspace `ws`, counts the calling thread's
    /// arrival, and in the last of the tile's `S` blocks to arrive (per consumer thread) stores
    /// `f(row, col, sum)` for each of the thread's elements, `sum` the `S` slices' partial sums
    /// added in slice order. Elements outside the output are skipped (`f` runs for them too, its
    /// values unused). Traps when `ws` is shorter than [`workspace_len`](Self::workspace_len) or
    /// `at` is not this block's [`split`](Self::split). Every consumer thread calls it once.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn split_store_with<const P: usize, E: WgmmaPair<B>, B: WgmmaInput>(
        &mut self, ws: &[AtomicU32], at: Split, q: &Consumer<P, BM, BN, E, B>, acc: &WgAccum<BN>,
        f: impl Fn(usize, usize, f32) -> T,
    ) where
        WgCols<BN>: WgWidth,
    {
        // the block's own place, recomputed: `at` only carries it (a `Split` of another block would
        // name another block's slots)
        match self.place() {
            Some((tile, slice)) if tile == at.tile && slice == at.slice => {}
            _ => fail("SplitTiles: `split_store_with` with a `Split` that is not the calling block's"),
        }
        let threads = (BM / WG_ROWS) * WG_THREADS; // consumer threads of a tile
        let regs = BN / 2;
        let tiles = self.block_tiles();
        if ws.len() < self.workspace_len() {
            fail("SplitTiles: the workspace is shorter than `workspace_len()` words");
        }
        let t = crate::block_thread_linear() % WG_THREADS;
        let slot = q.wg * WG_THREADS + t;
        let (warp, lane) = (t / 32, t % 32);
        // the warp's 16-row band of the output: past the last row, none of its elements is in the
        // output and the thread has nothing to hand on (the same in every block of the tile)
        let width = self.shape[0];
        let bands = crate::tile_grid::quot_ceil(self.len, width).div_ceil(16);
        let band = (at.row + q.wg * WG_ROWS + 16 * warp) / 16;
        if band >= bands {
            return;
        }
        // partial sums after the counters: column of tiles, band, slice s, register r, lane:
        // consecutive lanes consecutive words (a warp's stores and loads are 128 contiguous bytes)
        let column = at.col / BN;
        let part = |s: usize, r: usize| tiles * threads + (((column * bands + band) * S + s) * regs + r) * 32 + lane;
        let v = &acc.r as *const _ as *const f32;
        // (unrolled: the accumulators stay in registers, indexed by constants)
        each!(BN / 2, |r| {
            // SAFETY: r < BN / 2, the register count.
            ws[part(at.slice, r)].store(unsafe { *v.add(r) }.to_bits());
        });
        crate::sync::fence_device(); // the partial sums before the arrival (release)
        let arrived = ws[at.tile * threads + slot].fetch_add(1) as usize;
        if arrived >= S {
            fail("SplitTiles: an arrival counter passed S: the workspace was not zeroed, or another launch uses it");
        }
        if arrived != S - 1 {
            return;
        }
        crate::sync::fence_device(); // every slice's partial sums after the arrivals (acquire)
        let mut sum = WgAccum::<BN>::zero();
        let d = sum.regs();
        for s in 0..S {
            each!(BN / 2, |r| {
                // SAFETY: r < BN / 2, the register count.
                unsafe { *d.add(r) += f32::from_bits(ws[part(s, r)].load()) };
            });
        }
        let mut tile = WgTile::<T, BN> {
            ptr: self.ptr,
            len: self.len,
            width: self.shape[0],
            row0: at.row + q.wg * WG_ROWS,
            col0: at.col,
            _out: core::marker::PhantomData,
        };
        tile.store_with(&sum, f);
    }
}
