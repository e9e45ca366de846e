//! The output layout of attention over variable-length sequences: [`VarlenTiles`], a packed
//! `(total, heads, N)` tensor whose sequences start at offsets held in device memory
//! (`cu_seqlens`, FlashAttention's varlen layout).
//!
//! # Safety
//! The rows a block owns come from the offsets array, which the host cannot read before the launch,
//! so the proof cannot rest on the launch's scalars alone. Every block checks the whole array
//! ([`varlen_tile`](DisjointSlice::varlen_tile): `cu[0] = 0`, non-decreasing, no sequence longer
//! than the launch's `max_seqlen`, `cu[batch]` = the output's rows) before any thread of it gets a
//! tile, and traps otherwise. The array is a read-only input (the stub refuses it aliased with the
//! output), so every block reads the same values. With valid offsets the sequences' row ranges
//! `cu[s]..cu[s + 1]` are disjoint and inside the output; block `b` owns rows `t·BM..(t + 1)·BM` of
//! one (sequence, head) (a one-to-one map of blocks onto tiles), warp `w` `WM` of them, each lane
//! the elements of the accumulator fragment layout there, and rows past the sequence's end are not
//! stored. So no two lanes of a launch write one element, and none writes outside its sequence.

use core::marker::PhantomData;

use super::*;
use crate::disjoint::DisjointSlice;
use crate::layout::Layout;
use crate::sealed::Sealed;
use crate::tile_grid::quot;
use crate::Elem;

/// Output layout for attention over a batch of sequences of different lengths: `total` rows of
/// `heads × N` elements (a contiguous `(total, heads, N)` tensor, token-major: FlashAttention's
/// varlen layout), `heads` the shape (`= (heads)` in `kernel!`), where sequence `s` is rows
/// `cu[s]..cu[s + 1]` of an offsets array `cu` of `batch + 1` `i32` in device memory.
///
/// Block `b` of a 1-D grid owns tile `tiles - 1 - b % tiles` (`tiles = ceil(max_seqlen / BM)`: a
/// (sequence, head)'s blocks next to each other, so that the blocks running at once share the k
/// and v of a few in L2; each one's last tiles first, the longest under a causal mask) of head `h`
/// of sequence `s`, where `b / tiles = s · heads + h`: rows `t·BM..(t + 1)·BM` of that sequence, at head `h`. Warp
/// `w` of it owns rows `w·WM..(w + 1)·WM` of the tile, all `N` columns, and each lane the elements of
/// the accumulator fragment layout there. Rows past the sequence's end are not stored; a block whose
/// tile starts past it gets none (an empty sequence gets no block).
///
/// [`varlen_tile`](DisjointSlice::varlen_tile) checks the offsets in every block (see the module's
/// safety note: `batch + 1` loads per block, shared across its threads) and traps on offsets that
/// are not the row ranges of `batch` sequences of at most `max_seqlen` rows covering the output
/// exactly, on a grid with fewer than `batch · heads · tiles` blocks (rows no block would write)
/// and on an output that is not whole rows of `heads × N`.
pub struct VarlenTiles<const BM: usize, const WM: usize, const N: usize>;

impl<const BM: usize, const WM: usize, const N: usize> Sealed for VarlenTiles<BM, WM, N> {}
impl<const BM: usize, const WM: usize, const N: usize> Layout for VarlenTiles<BM, WM, N> {}

crate::disjoint::bind_shape! {
    [const BM: usize, const WM: usize, const N: usize] VarlenTiles<BM, WM, N> => [heads];
}

/// Block-collective (a barrier: every thread of the block calls it, with the same arguments):
/// whether `cu` holds the offsets of sequences of at most `max_len` rows that cover `total` rows
/// exactly: at least one element, `cu[0] = 0`, non-decreasing, `cu[i + 1] − cu[i] ≤ max_len`, and
/// the last `total`. Each thread checks every `threads`-th pair, then `sync_threads_and`: `len(cu)`
/// loads per block. The same answer in every thread.
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn offsets_valid(cu: &[i32], total: usize, max_len: usize) -> bool {
    let d = crate::grid::block_dim();
    let threads = d.x as usize * d.y as usize * d.z as usize;
    let t = crate::block_thread_linear();
    let mut ok = match (cu.first(), cu.last()) {
        (Some(&first), Some(&last)) => first == 0 && last >= 0 && last as usize == total,
        _ => false,
    };
    let mut i = t;
    while ok && i + 1 < cu.len() {
        let (a, b) = (cu[i], cu[i + 1]);
        // a ≥ 0 follows from cu[0] = 0 and the order; b − a cannot overflow for 0 ≤ a ≤ b
        ok = a <= b && (b - a) as usize <= max_len;
        i += threads;
    }
    crate::sync::sync_threads_and(ok)
}

/// Block-collective (a barrier: every thread of the block calls it, with the same arguments): the
/// tile of `BM` rows that block `block` of a grid of `grid` blocks owns in a packed output of `total`
/// rows of `heads` heads whose sequences start at `cu` (at most `max_seqlen` rows each), as (sequence,
/// head, the sequence's first row, its rows, the tile's first row in it); `None` for a block past the
/// last tile or whose tile starts past its sequence's end. Traps (before any thread writes) on
/// offsets that [`offsets_valid`] refuses and on a grid of fewer than `batch · heads ·
/// ceil(max_seqlen / BM)` blocks. The mapping of [`VarlenTiles`], shared with the warpgroup layout of
/// the attention pipeline (`attn_pipeline::VarlenWgTiles`).
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub(crate) fn varlen_block<const BM: usize>(
    cu: &[i32], total: usize, heads: usize, max_seqlen: usize, grid: u32, block: u32,
) -> Option<(usize, usize, usize, usize, usize)> {
    if !offsets_valid(cu, total, max_seqlen) {
        crate::trap(); // offsets that are not this output's sequences (every block, before any write)
    }
    varlen_map::<BM>(cu, total, heads, max_seqlen, grid, block)
}

/// [`varlen_block`]'s mapping alone (no barrier: any thread may call it), for offsets that the block
/// checked with `varlen_block` before: the same answer, its own sequence's pair of offsets read and
/// checked against the output again (traps otherwise).
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub(crate) fn varlen_map<const BM: usize>(
    cu: &[i32], total: usize, heads: usize, max_seqlen: usize, grid: u32, block: u32,
) -> Option<(usize, usize, usize, usize, usize)> {
    if cu.is_empty() {
        crate::trap(); // no offsets (varlen_block traps on them first)
    }
    let batch = cu.len() - 1; // cu has an element (offsets_valid)
    let tiles = max_seqlen.div_ceil(BM);
    let groups = batch * heads; // both below 2^32 (a u32 launch scalar, and the offsets' count)
    let Some(blocks) = groups.checked_mul(tiles) else { crate::trap() };
    if (grid as usize) < blocks {
        crate::trap(); // too few blocks: rows of the output that no block writes
    }
    let block = block as usize;
    if block >= blocks {
        return None;
    }
    let (group, tile) = crate::tile_grid::seq_major(block, tiles);
    let seq = quot(group, heads);
    let head = group - seq * heads;
    // 0 ≤ start ≤ end ≤ total, checked by the whole block above; checked again here, so that the
    // bounds of this block's stores rest on the values it reads, not only on their being the same
    let (start, end) = (cu[seq], cu[seq + 1]);
    if start < 0 || end < start || end as usize > total || (end - start) as usize > max_seqlen {
        crate::trap();
    }
    let (start, rows, row0) = (start as usize, (end - start) as usize, tile * BM);
    if row0 >= rows {
        return None; // a tile past this sequence's end (max_seqlen is the longest's)
    }
    Some((seq, head, start, rows, row0))
}

impl<T: Elem, const BM: usize, const WM: usize, const N: usize> DisjointSlice<T, VarlenTiles<BM, WM, N>> {
    /// Heads per row, bound from the launch's parameters.
    #[inline(always)]
    pub fn heads(&self) -> usize {
        self.shape[0]
    }

    /// The output's rows (tokens, `len / (heads · N)`); `None` unless the output is whole rows of a
    /// nonzero `heads × N`.
    #[inline(always)]
    pub fn total(&self) -> Option<usize> {
        let per = self.shape[0].checked_mul(N).filter(|&p| p > 0)?;
        let total = quot(self.len, per);
        (total * per == self.len).then_some(total)
    }

    /// Block-collective (every thread of the block calls it first, with the same arguments: it holds
    /// a barrier): the calling warp's part of its block's tile (see [`VarlenTiles`]) for sequences
    /// at offsets `cu` of at most `max_seqlen` rows; `None` for a block whose tile starts past its
    /// sequence's end or past the last tile, or when the block does not have `BM / WM` warps or the
    /// grid is not 1-D (the same for every thread of a block, so a block may return as a whole).
    /// Traps (before any thread writes) on offsets that are not valid for this output
    /// ([`offsets_valid`]), an output that is not whole rows, or too few blocks for
    /// `batch · heads · ceil(max_seqlen / BM)` tiles.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn varlen_tile(&mut self, cu: &[i32], max_seqlen: usize) -> Option<VarlenTile<'_, T, BM, WM, N>> {
        const {
            assert!(BM % WM == 0 && WM % 16 == 0 && N % 8 == 0 && WM > 0 && N > 0,
                    "oxpack: `VarlenTiles<BM, WM, N>` needs WM | BM, 16 | WM and 8 | N");
        }
        let (d, g, b) = (crate::grid::block_dim(), crate::grid::grid_dim(), crate::grid::block_idx());
        if d.x as usize * d.y as usize * d.z as usize != (BM / WM) * 32 || g.y != 1 || g.z != 1 {
            return None;
        }
        let heads = self.shape[0];
        let Some(total) = self.total() else { crate::trap() }; // not whole rows of heads × N
        let (seq, head, start, rows, row0) = varlen_block::<BM>(cu, total, heads, max_seqlen, g.x, b.x)?;
        let w = crate::block_thread_linear() / 32;
        Some(VarlenTile {
            ptr: self.ptr,
            seq,
            head,
            heads,
            start,
            rows,
            row0,
            warp_row: row0 + w * WM,
            _out: PhantomData,
        })
    }
}

/// The calling warp's `WM × N` part of a [`VarlenTiles`] output; see
/// [`DisjointSlice::varlen_tile`](DisjointSlice#method.varlen_tile).
pub struct VarlenTile<'a, T, const BM: usize, const WM: usize, const N: usize> {
    ptr: *mut T,
    seq: usize,
    head: usize,
    heads: usize,
    start: usize,
    rows: usize,
    row0: usize,
    warp_row: usize,
    _out: PhantomData<&'a mut DisjointSlice<T>>,
}

impl<T: Elem, const BM: usize, const WM: usize, const N: usize> VarlenTile<'_, T, BM, WM, N> {
    /// The block's sequence: `0..batch`.
    #[inline(always)]
    pub fn seq(&self) -> usize {
        self.seq
    }

    /// The block's head: `0..heads`.
    #[inline(always)]
    pub fn head(&self) -> usize {
        self.head
    }

    /// The sequence's first row in the output (`cu[seq]`).
    #[inline(always)]
    pub fn start(&self) -> usize {
        self.start
    }

    /// The sequence's rows (`cu[seq + 1] − cu[seq]`, at least 1: an empty sequence has no tile).
    #[inline(always)]
    pub fn rows(&self) -> usize {
        self.rows
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

    /// Writes the warp's accumulators (its `WM × N` part), converted to T (f32 as is, BF16 and F16
    /// rounded to nearest even); rows past the sequence's end are skipped.
    #[inline(always)]
    pub fn store<A: AccumFor<WM, N>>(&mut self, acc: &A)
    where
        T: FromAccum,
    {
        let stride = self.heads * N; // one row of the output
        // row 0 of the sequence at this head: start · heads · N + head · N < total · heads · N = len
        let base = self.ptr.wrapping_add(self.start * stride + self.head * N);
        // SAFETY: r < rows and c < N: (start + r)·heads·N + head·N + c < cu[seq + 1]·heads·N ≤
        // total·heads·N = len, inside the slice; rows start..start + rows are this sequence's alone
        // (offsets checked in `varlen_tile`), and (block, warp, lane, i, j, e) ↦ (seq, head, r, c) is
        // one-to-one (see `VarlenTiles`), so no other lane of the launch writes it; `&mut self` keeps
        // this thread to one reference.
        unsafe { super::warp_tiles::store_warp_rows::<T, A, WM, N>(base, stride, self.warp_row, self.rows, acc) };
    }
}
