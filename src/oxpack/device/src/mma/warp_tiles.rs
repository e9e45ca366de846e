//! The output layouts of warp tensor-core tiles: [`WarpTiles`] (a GEMM's) and [`SeqTiles`]
//! (attention's, per sequence).
//!
//! # Safety
//! Block `b` owns one block tile and warp `w` of it one warp tile (a one-to-one map, checked
//! against the launch's shape before a [`WarpTile`] or [`SeqTile`] is handed out); a lane writes
//! only the elements of the accumulator fragment layout within its warp's tile, each checked
//! against the output's width and length. So no two lanes of a launch write one element.

use core::marker::PhantomData;

use super::*;
use crate::disjoint::DisjointSlice;
use crate::layout::Layout;
use crate::sealed::Sealed;
use crate::Elem;

// ---------------------------------------------------------------------------- output ownership

/// Output layout for tensor-core tiles: a row-major matrix of `width` columns (the shape, `=
/// (width)` in `kernel!`) cut into `BM × BN` block tiles, each cut into `WM × WN` warp tiles.
///
/// Block `b` of a 1-D grid owns block tile (`tm`, `tn`), numbered in bands of 8 tile rows (tile
/// columns first within a band, for L2 reuse): a one-to-one map of `0..tiles` onto the tiles.
/// Warp `w` of the block owns warp tile (`w / (BN / WN)`, `w % (BN / WN)`) of it, and each lane
/// the elements of the accumulator fragment layout there. The block must have exactly `(BM / WM)
/// · (BN / WN)` warps and the grid be 1-D, else [`warp_tile`](DisjointSlice::warp_tile) gives
/// `None`; so no two lanes of a launch own one element.
pub struct WarpTiles<const BM: usize, const BN: usize, const WM: usize, const WN: usize>;

impl<const BM: usize, const BN: usize, const WM: usize, const WN: usize> Sealed for WarpTiles<BM, BN, WM, WN> {}
impl<const BM: usize, const BN: usize, const WM: usize, const WN: usize> Layout for WarpTiles<BM, BN, WM, WN> {}

crate::disjoint::bind_shape! {
    [const BM: usize, const BN: usize, const WM: usize, const WN: usize] WarpTiles<BM, BN, WM, WN> => [width];
}

/// The accumulator blocks that fill a `WM × WN` warp tile: `Accum<WM / 16, WN / 8>`, for warp
/// tiles of 16 to 128 rows and 8 to 128 columns.
#[diagnostic::on_unimplemented(
    message = "`{Self}` does not fill the output's {WM} × {WN} warp tiles: they store an `Accum<WM / 16, WN / 8>`",
    label = "not `Accum<WM / 16, WN / 8>` for this output",
    note = "a warp tile of `WarpTiles<BM, BN, WM, WN>` stores an `Accum<WM / 16, WN / 8>`, e.g. `Accum<4, 8>` for 64 × 64"
)]
pub trait AccumFor<const WM: usize, const WN: usize>: Sealed {
    #[doc(hidden)]
    const MT: usize;
    #[doc(hidden)]
    const NT: usize;
    #[doc(hidden)]
    fn values(&self, i: usize, j: usize) -> &[f32; 4];
}

impl<const MT: usize, const NT: usize> Sealed for Accum<MT, NT> {}

macro_rules! accum_for {
    ([$($mt:literal)*] $nts:tt) => {$( accum_for!(@ $mt $nts); )*};
    (@ $mt:literal [$($nt:literal)*]) => {$(
        impl AccumFor<{ 16 * $mt }, { 8 * $nt }> for Accum<$mt, $nt> {
            const MT: usize = $mt;
            const NT: usize = $nt;
            #[inline(always)]
            fn values(&self, i: usize, j: usize) -> &[f32; 4] {
                &self.c[i][j].v
            }
        }
    )*};
}
accum_for!([1 2 3 4 5 6 7 8] [1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16]);

impl<T: Elem, const BM: usize, const BN: usize, const WM: usize, const WN: usize>
    DisjointSlice<T, WarpTiles<BM, BN, WM, WN>>
{
    tile_grid_methods!();

    /// The calling warp's tile (see [`WarpTiles`]); `None` for a block past the last tile, or
    /// when the block does not have `(BM / WM) · (BN / WN)` warps or the grid is not 1-D (the
    /// same for every thread of a block, so a block may return as a whole).
    #[inline(always)]
    pub fn warp_tile(&mut self) -> Option<WarpTile<'_, T, BM, BN, WM, WN>> {
        const {
            assert!(BM % WM == 0 && BN % WN == 0 && WM % 16 == 0 && WN % 8 == 0 && WM > 0 && WN > 0,
                    "oxpack: `WarpTiles<BM, BN, WM, WN>` needs WM | BM, WN | BN, 16 | WM and 8 | WN");
        }
        let warps = (BM / WM) * (BN / WN);
        let (b, width, tiles_m, tiles_n) = tile_grid!(block_idx, self, warps * 32, BM, BN);
        let block = b.x as usize;
        if block >= tiles_m * tiles_n {
            return None;
        }
        let (tm, tn) = band_tile!(block, tiles_m, tiles_n);
        let w = crate::block_thread_linear() / 32;
        Some(WarpTile {
            ptr: self.ptr,
            len: self.len,
            width,
            row0: tm * BM,
            col0: tn * BN,
            pos: WarpPos { row: (w / (BN / WN)) * WM, col: (w % (BN / WN)) * WN },
            _out: PhantomData,
        })
    }
}

/// The calling warp's `WM × WN` tile of a [`WarpTiles`] output; see
/// [`DisjointSlice::warp_tile`](DisjointSlice#method.warp_tile).
pub struct WarpTile<'a, T, const BM: usize, const BN: usize, const WM: usize, const WN: usize> {
    ptr: *mut T,
    len: usize,
    width: usize,
    row0: usize,
    col0: usize,
    pos: WarpPos,
    _out: PhantomData<&'a mut DisjointSlice<T>>,
}

impl<T: Elem, const BM: usize, const BN: usize, const WM: usize, const WN: usize> WarpTile<'_, T, BM, BN, WM, WN> {
    /// The first row of the block's tile in the output (and in A).
    #[inline(always)]
    pub fn block_row(&self) -> usize {
        self.row0
    }

    /// The first column of the block's tile in the output (and in B).
    #[inline(always)]
    pub fn block_col(&self) -> usize {
        self.col0
    }

    /// Where the warp's tile sits inside the block's: its rows of the A tiles, its columns of
    /// the B tiles, for [`Accum::mma_tile`].
    #[inline(always)]
    pub fn pos(&self) -> WarpPos {
        self.pos
    }

    /// Writes the warp's accumulators, converted to T (f32 as is, BF16 and F16 rounded to
    /// nearest even); elements outside the output (a ragged edge) are skipped.
    #[inline(always)]
    pub fn store<A: AccumFor<WM, WN>>(&mut self, acc: &A)
    where
        T: FromAccum,
    {
        self.store_with(acc, |_, _, v| T::from_acc(v));
    }

    /// Writes `f(row, col, v)` for each of the warp's accumulators `v`, with its row and column
    /// in the output (an epilogue: bias, activation, scaling, …); elements outside the output
    /// are skipped (and `f` not called for them).
    #[inline(always)]
    pub fn store_with<A: AccumFor<WM, WN>>(&mut self, acc: &A, f: impl Fn(usize, usize, f32) -> T) {
        const { assert!(A::MT * A::NT <= 64, "oxpack: at most 64 fragments in an `Accum`") };
        self.store_frags(A::MT, A::NT, |i, j| *acc.values(i, j), f);
    }

    /// Writes `f(row, col, v)` for each of the lane's 4 accumulators `v` of each of the warp's
    /// `mt × nt` fragments (`frag(i, j)`: fragment (i, j)'s, in the C layout), skipping elements
    /// outside the output: the one store of every accumulator kind (f32 and s32).
    #[inline(always)]
    pub(super) fn store_frags<V: Copy>(&mut self, mt: usize, nt: usize, frag: impl Fn(usize, usize) -> [V; 4], f: impl Fn(usize, usize, V) -> T) {
        let (g, t) = lane_parts();
        let (row, col) = (self.row0 + self.pos.row + g, self.col0 + self.pos.col + 2 * t);
        let (ptr, len, width) = (self.ptr, self.len, self.width);
        // 16·mt × 8·nt is the warp tile (the callers' `const` checks), so (i, j, e) below stay in it
        each!(mt * nt, |q| {
            let (i, j) = (q / nt, q % nt);
            let v = frag(i, j);
            // accumulators 0 to 3 of the lane: (row g, column 2t), (g, 2t + 1), (g + 8, 2t), (g + 8, 2t + 1)
            each4!(4, |e| {
                let (r, c) = (row + 16 * i + 8 * (e >> 1), col + 8 * j + (e & 1));
                // r < tiles_m · BM, so r · width fits (checked in `warp_tile`)
                let k = r * width + c;
                if c < width && k < len {
                    // SAFETY: in bounds; (block tile, warp tile, lane, i, j, e) ↦ (r, c) is
                    // one-to-one (see `WarpTiles`), and so is (r, c) ↦ r·width + c for c < width,
                    // so no other lane of the launch writes element k; `&mut self` keeps this
                    // thread to one reference.
                    unsafe { ptr.add(k).write(f(r, c, v[e])) };
                }
            });
        });
    }
}

/// How the sequences of an attention output share the sequences of k and v, from the lengths:
/// grouped-query attention (GQA; MQA with one k/v head), where each k/v head serves `heads /
/// kv_heads` consecutive query heads, so that output sequence `group` (= `b · heads + h`, heads
/// within a batch) reads k/v sequence `group / (heads / kv_heads)` (= `b · kv_heads + h / (heads /
/// kv_heads)`); with as many k/v heads as query heads, its own. From
/// [`SeqTiles`]' and [`AttnTiles`](crate::attn_pipeline::AttnTiles)' `kv_heads`.
#[derive(Clone, Copy, Debug)]
pub struct KvHeads {
    per: usize,
}

impl KvHeads {
    /// `groups` output sequences of `per_seq` elements and k/v arrays of `kv_len` elements: `None`
    /// unless `kv_len` is a whole, nonzero number of sequences whose count divides `groups`.
    #[inline(always)]
    pub(crate) fn new(groups: usize, per_seq: usize, kv_len: usize) -> Option<Self> {
        if per_seq == 0 || kv_len == 0 {
            return None;
        }
        let kv_seqs = crate::tile_grid::quot(kv_len, per_seq);
        let per = crate::tile_grid::quot(groups, kv_seqs);
        if kv_seqs * per_seq != kv_len || per == 0 || per * kv_seqs != groups {
            return None;
        }
        Some(KvHeads { per })
    }

    /// Query heads per k/v head (`heads / kv_heads`; 1 without grouping).
    #[inline(always)]
    pub fn per_kv(&self) -> usize {
        self.per
    }

    /// The k/v sequence that output sequence `group` reads: `group / per_kv()`, with no 64-bit
    /// division instruction (a subroutine call in SASS, which serializes an sm_90a kernel's
    /// `wgmma`s: `tile_grid::quot`).
    #[inline(always)]
    pub fn seq(&self, group: usize) -> usize {
        crate::tile_grid::quot(group, self.per)
    }
}

/// Output layout for attention-like outputs: `groups` sequences (a batch × heads, each `rows ×
/// N`, row-major, one after the other: a contiguous `(batch, heads, rows, N)` tensor), `rows`
/// the shape (`= (seq)` in `kernel!`), cut into tiles of `BM` rows of one sequence, each cut into
/// `WM`-row parts, one per warp.
///
/// Block `b` of a 1-D grid owns tile `tiles - 1 - b % tiles` of sequence `b / tiles` (`tiles
/// = ceil(rows / BM)`: a sequence's blocks next to each other, so that the blocks running at once
/// share the k and v of a few sequences in L2; each sequence's last tiles first, which are the
/// longest under a causal mask); warp `w`
/// of it rows `w·WM..(w + 1)·WM` of the tile, all `N` columns, and each lane the elements of the
/// accumulator fragment layout there. A one-to-one map of blocks onto tiles, so no two lanes of a
/// launch own an element. The block must have exactly `BM / WM` warps and the grid be 1-D, else
/// [`seq_tile`](DisjointSlice::seq_tile) gives `None`; rows past a sequence's end (a ragged last
/// tile) are not stored.
pub struct SeqTiles<const BM: usize, const WM: usize, const N: usize>;

impl<const BM: usize, const WM: usize, const N: usize> Sealed for SeqTiles<BM, WM, N> {}
impl<const BM: usize, const WM: usize, const N: usize> Layout for SeqTiles<BM, WM, N> {}

crate::disjoint::bind_shape! {
    [const BM: usize, const WM: usize, const N: usize] SeqTiles<BM, WM, N> => [seq];
}

impl<T: Elem, const BM: usize, const WM: usize, const N: usize> DisjointSlice<T, SeqTiles<BM, WM, N>> {
    /// Rows per sequence, bound from the launch's parameters.
    #[inline(always)]
    pub fn seq_len(&self) -> usize {
        self.shape[0]
    }

    /// How many whole sequences (`rows × N` each) the output holds. Divides with no 64-bit
    /// division instruction (a subroutine call in SASS: see `tile_grid::quot`).
    #[inline(always)]
    pub fn groups(&self) -> usize {
        match self.shape[0].checked_mul(N) {
            Some(per) if per > 0 => crate::tile_grid::quot(self.len, per),
            _ => 0,
        }
    }

    /// How the output's sequences share the sequences of k and v when k and v hold `kv_len`
    /// elements each ([`KvHeads`]: grouped-query attention); `None` unless `kv_len` is a whole,
    /// nonzero number of `rows × N` sequences whose count divides [`groups`](Self::groups).
    #[inline(always)]
    pub fn kv_heads(&self, kv_len: usize) -> Option<KvHeads> {
        KvHeads::new(self.groups(), self.shape[0].checked_mul(N)?, kv_len)
    }

    /// How many tiles cover the output (`groups · ceil(rows / BM)`): launch that many blocks
    /// (or more: the others get no tile).
    #[inline(always)]
    pub fn block_tiles(&self) -> usize {
        self.groups() * self.shape[0].div_ceil(BM)
    }

    /// The calling warp's part of its block's tile (see [`SeqTiles`]); `None` for a block past
    /// the last tile, or when the block does not have `BM / WM` warps or the grid is not 1-D
    /// (the same for every thread of a block, so a block may return as a whole).
    #[inline(always)]
    pub fn seq_tile(&mut self) -> Option<SeqTile<'_, T, BM, WM, N>> {
        const {
            assert!(BM % WM == 0 && WM % 16 == 0 && N % 8 == 0 && WM > 0 && N > 0,
                    "oxpack: `SeqTiles<BM, WM, N>` needs WM | BM, 16 | WM and 8 | N");
        }
        let (d, g, b) = (crate::grid::block_dim(), crate::grid::grid_dim(), crate::grid::block_idx());
        if d.x as usize * d.y as usize * d.z as usize != (BM / WM) * 32 || g.y != 1 || g.z != 1 {
            return None;
        }
        let (rows, groups) = (self.shape[0], self.groups());
        let tiles = rows.div_ceil(BM);
        let block = b.x as usize;
        if groups == 0 || block >= groups * tiles {
            return None;
        }
        let w = crate::block_thread_linear() / 32;
        let (group, tile) = crate::tile_grid::seq_major(block, tiles);
        let row0 = tile * BM;
        Some(SeqTile {
            ptr: self.ptr,
            group,
            rows,
            row0,
            warp_row: row0 + w * WM,
            _out: PhantomData,
        })
    }
}

/// The calling warp's `WM × N` part of a [`SeqTiles`] output; see
/// [`DisjointSlice::seq_tile`](DisjointSlice#method.seq_tile).
pub struct SeqTile<'a, T, const BM: usize, const WM: usize, const N: usize> {
    ptr: *mut T,
    group: usize,
    rows: usize,
    row0: usize,
    warp_row: usize,
    _out: PhantomData<&'a mut DisjointSlice<T>>,
}

impl<T: Elem, const BM: usize, const WM: usize, const N: usize> SeqTile<'_, T, BM, WM, N> {
    /// The sequence (batch × head) of the block's tile: `0..groups`.
    #[inline(always)]
    pub fn group(&self) -> usize {
        self.group
    }

    /// The first row of the block's tile in its sequence.
    #[inline(always)]
    pub fn block_row(&self) -> usize {
        self.row0
    }

    /// The first row of the warp's part in its sequence (`block_row` + `WM`·warp).
    #[inline(always)]
    pub fn warp_row(&self) -> usize {
        self.warp_row
    }

    /// Writes the warp's accumulators (its `WM × N` part), converted to T (f32 as is, BF16 and
    /// F16 rounded to nearest even); rows past the sequence's end are skipped.
    #[inline(always)]
    pub fn store<A: AccumFor<WM, N>>(&mut self, acc: &A)
    where
        T: FromAccum,
    {
        // the sequence starts at group · rows · N < groups · rows · N ≤ len (`seq_tile`)
        let base = self.ptr.wrapping_add(self.group * self.rows * N);
        // SAFETY: r < rows and c < N: inside the group's sequence, inside the slice; (block, warp,
        // lane, i, j, e) ↦ (group, r, c) is one-to-one (see `SeqTiles`), so no other lane of the
        // launch writes it; `&mut self` keeps this thread to one reference.
        unsafe { store_warp_rows::<T, A, WM, N>(base, N, self.warp_row, self.rows, acc) };
    }
}

/// Writes the calling warp's `WM × N` accumulators `acc` (converted to T) to rows `row..` of the
/// row-major rows at `base`, `stride` elements apart (N for a sequence's own rows, more for one head
/// of a packed array), skipping rows at or past `rows`: element (r, c) of a lane's fragments goes to
/// `base + r · stride + c`. The fragment layout of [`SeqTile::store`] and `VarlenTile::store`.
///
/// # Safety
/// For every r < `rows` from `row` on that the warp's fragments reach and every c < N, `base + r ·
/// stride + c` is inside one live allocation and no other thread writes or reads it meanwhile.
#[inline(always)]
pub(super) unsafe fn store_warp_rows<T: Elem + FromAccum, A: AccumFor<WM, N>, const WM: usize, const N: usize>(
    base: *mut T, stride: usize, row: usize, rows: usize, acc: &A,
) {
    const { assert!(A::MT * A::NT <= 64, "oxpack: at most 64 fragments in an `Accum`") };
    let (g, t) = lane_parts();
    let row = row + g;
    each!(A::MT * A::NT, |q| {
        let (i, j) = (q / A::NT, q % A::NT);
        let v = acc.values(i, j);
        each4!(4, |e| {
            let (r, c, x) = (row + 16 * i + 8 * (e >> 1), 8 * j + 2 * t + (e & 1), v[e]);
            if r < rows {
                // SAFETY: r < rows and c < N (the fragment layout): the caller's contract.
                unsafe { base.add(r * stride + c).write(T::from_acc(x)) };
            }
        });
    });
}

