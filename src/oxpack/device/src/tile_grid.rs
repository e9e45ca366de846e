//! The block-tile grid of the tensor-core output layouts, written once for both:
//! [`WarpTiles`](crate::mma::WarpTiles) (`mma/warp_tiles.rs`) and [`WgTiles`](crate::wgmma::WgTiles)
//! (`wgmma/tiles.rs`) cut a row-major output of `width` columns (the layout's shape) into `BM × BN`
//! block tiles, numbered in bands of [`BAND`] tile rows (down a band's tile rows, then across, for
//! L2 reuse). The count, the launch-shape check and the numbering are macros (`lib.rs` declares
//! this module `#[macro_use]`, above the layouts' modules): expanded in place, they are the code
//! each layout had written out (a function, even `#[inline(always)]`, can change the code generated
//! around it).

/// Tile rows per band of the block order.
pub(crate) const BAND: usize = 8;

/// `a / b` (`b > 0`) with no 64-bit division instruction on the GPU: 32-bit division where both
/// fit (every real launch), else 64 steps of shift and subtract. PTX's `div.u64` / `rem.u64` are
/// subroutine calls in SASS, and nvJitLink compiles PTX as a separate compilation unit, where a
/// kernel with any call gets its `wgmma`s serialized (ptxas C7509) and its `setmaxnreg` ignored
/// (C7504): the block-tile grid's divisions by the output's width and tile counts must not be one.
#[inline(always)]
pub(crate) fn quot(a: usize, b: usize) -> usize {
    #[cfg(target_arch = "nvptx64")]
    {
        if (a | b) >> 32 == 0 {
            return ((a as u32) / (b as u32)) as usize;
        }
        let (mut q, mut r) = (0usize, 0usize);
        let mut i = 64;
        while i > 0 {
            i -= 1;
            r = (r << 1) | ((a >> i) & 1); // r < b ≤ usize::MAX / 2 for every use here (widths, tile counts)
            if r >= b {
                r -= b;
                q |= 1 << i;
            }
        }
        q
    }
    #[cfg(not(target_arch = "nvptx64"))]
    {
        a / b
    }
}

/// `a.div_ceil(b)` (`b > 0`), as [`quot`].
#[inline(always)]
pub(crate) fn quot_ceil(a: usize, b: usize) -> usize {
    let q = quot(a, b);
    if q * b < a { q + 1 } else { q }
}

/// The attention layouts' block order ([`AttnTiles`](crate::attn_pipeline::AttnTiles),
/// [`SeqTiles`](crate::mma::SeqTiles), [`VarlenTiles`](crate::mma::VarlenTiles)), written once for the three: block `block`
/// of a grid of sequences cut into `tiles` tiles each (`tiles > 0`) takes (sequence, tile) =
/// `(block / tiles, tiles - 1 - block % tiles)`. A sequence's blocks are next to each other, so that
/// the blocks running at once read the k and v of a few sequences, which stay in L2; each sequence's
/// last tiles come first, the longest under a causal mask. One 32-bit division in a real launch
/// ([`quot`]).
#[inline(always)]
pub(crate) fn seq_major(block: usize, tiles: usize) -> (usize, usize) {
    let sequence = quot(block, tiles);
    (sequence, tiles - 1 - (block - sequence * tiles))
}

/// `width` and `block_tiles` of a block-tile layout: written inside its
/// `impl DisjointSlice<T, Layout<BM, BN, …>>`, whose const parameters `BM` and `BN` are the tile's
/// rows and columns.
macro_rules! tile_grid_methods {
    () => {
        /// The number of columns, bound from the launch's parameters.
        #[inline(always)]
        pub fn width(&self) -> usize {
            self.shape[0]
        }

        /// How many block tiles cover the output (`ceil(rows / BM) · ceil(width / BN)`): launch that
        /// many blocks (or more: the others get no tile).
        #[inline(always)]
        pub fn block_tiles(&self) -> usize {
            let width = self.shape[0];
            if width == 0 {
                return 0;
            }
            crate::tile_grid::quot_ceil(self.len, width).div_ceil(BM) * width.div_ceil(BN)
        }
    };
}

/// `tile_grid!(out, threads, BM, BN)`: `(width, tiles_m, tiles_n)`, the output `out`'s width and its
/// `BM × BN` block tiles down and across; or `return None` from the calling function when the block
/// is not `threads` threads, the grid is not 1-D or the output is empty (the same for every thread
/// of a block). It also returns `None` unless every row index below `tiles_m · BM`, times `width`,
/// fits a `usize`: no element index of a tile wraps. `tile_grid!(block_idx, out, …)` reads the
/// block's index too, with the launch's dimensions (as `warp_tile` always has: the order of the
/// reads is the generated code's), and gives `(block_idx(), width, tiles_m, tiles_n)`.
macro_rules! tile_grid {
    ($out:expr, $threads:expr, $bm:expr, $bn:expr) => {{
        let (d, g) = (crate::grid::block_dim(), crate::grid::grid_dim());
        tile_grid!(@ d, g, $out, $threads, $bm, $bn)
    }};
    (block_idx, $out:expr, $threads:expr, $bm:expr, $bn:expr) => {{
        let (d, g, b) = (crate::grid::block_dim(), crate::grid::grid_dim(), crate::grid::block_idx());
        let (width, tiles_m, tiles_n) = tile_grid!(@ d, g, $out, $threads, $bm, $bn);
        (b, width, tiles_m, tiles_n)
    }};
    (@ $d:ident, $g:ident, $out:expr, $threads:expr, $bm:expr, $bn:expr) => {{
        if $d.x as usize * $d.y as usize * $d.z as usize != $threads || $g.y != 1 || $g.z != 1 {
            return None;
        }
        let width = $out.shape[0];
        if width == 0 {
            return None;
        }
        let (tiles_m, tiles_n) = (crate::tile_grid::quot_ceil($out.len, width).div_ceil($bm), width.div_ceil($bn));
        // every row index below tiles_m · BM, times width, fits: no index below wraps
        (tiles_m.checked_mul($bm)?).checked_mul(width)?;
        (width, tiles_m, tiles_n)
    }};
}

/// `band_tile!(tile, tiles_m, tiles_n)`: the (tile row, tile column) of block tile number `tile`
/// (below `tiles_m · tiles_n`) in the banded order: bands of [`BAND`] tile rows, and inside a band
/// down its rows, then across. One-to-one from `0..tiles_m · tiles_n` onto the tiles.
macro_rules! band_tile {
    ($tile:expr, $tiles_m:expr, $tiles_n:expr) => {{
        let (tile, tiles_m, tiles_n) = ($tile, $tiles_m, $tiles_n);
        let band = crate::tile_grid::quot(tile, crate::tile_grid::BAND * tiles_n);
        let first = band * crate::tile_grid::BAND;
        let rows_in_band = (tiles_m - first).min(crate::tile_grid::BAND);
        let rest = tile - band * (crate::tile_grid::BAND * tiles_n);
        let across = crate::tile_grid::quot(rest, rows_in_band);
        (first + (rest - across * rows_in_band), across)
    }};
}
