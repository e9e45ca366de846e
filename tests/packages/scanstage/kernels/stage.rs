//! Attacks on the scan's second read of a tile (`TileItems::load`). Where a warp's last load
//! left the very runs of `x` in its part of the block's transpose buffer, the second read takes
//! them from there; each kernel below puts something else there first, and must still read `x`.
//! Each computes `numpy.cumsum` of its inputs, so a read of the wrong bytes shows in the result.
//! `blocks_launched` reports the grid the run time launched a scan with (its outputs are drawn
//! tile by tile, so the launch is cut to the blocks the GPU holds at once), and
//! `blocks_launched_and_split` the grid of a twin with one more output split among the threads
//! (never cut).
use oxpack::prelude::*;

/// Elements per thread: 128 bytes of f32, the longest run a warp moves through the buffer.
const ITEMS: usize = 32;

/// The sum of a thread's elements, plus `w`'s (zeros for none).
#[inline(always)]
fn total(v: [f32; ITEMS], w: [f32; ITEMS]) -> f32 {
    let mut t = 0.0f32;
    for k in 0..ITEMS {
        t += v[k] + w[k];
    }
    t
}

/// `before` plus the running sums of `again + w`: the thread's elements of the scan.
#[inline(always)]
fn scanned(before: f32, again: [f32; ITEMS], w: [f32; ITEMS]) -> [f32; ITEMS] {
    let (mut run, mut o) = (0.0f32, [0.0f32; ITEMS]);
    for k in 0..ITEMS {
        run += again[k] + w[k];
        o[k] = before + run;
    }
    o
}

kernel! {
    /// out = cumsum(x + y). Each tile loads `x`, then `y` (which takes the warp's part of the
    /// buffer), then reads `x` again after the publish: the second read must give `x`, not `y`.
    /// A thread per `ITEMS` elements, in blocks of 256 (the default).
    #[launch(threads = cdiv(len(x), {ITEMS}))]
    #[launch_bounds(256, 3)]
    pub fn after_another_input(i: ThreadIndex, x: &[f32], y: &[f32], state: ScanState,
                               out: &mut DisjointSlice<f32, ScanTiles<32>>)
    where (len(out) == len(x), len(y) == len(x), len(state) >= 3 * (len(x) / 2048) + 5) {
        out.scan_tiles(i, state, |tile| {
            let v = tile.load(x);
            let w = tile.load(y);
            let (before, mut items) = tile.publish(total(v, w));
            let again: [f32; ITEMS] = items.load(x);
            items.set_all(scanned(before, again, w));
            items
        });
    }

    /// out = cumsum(x). Each tile writes its elements twice: first a wrong value (-1 each: the
    /// write puts them through the warp's part of the buffer), then the right ones from a second
    /// read of `x`, which must come from `x`, not from what the first write left in the buffer.
    #[launch(threads = cdiv(len(x), {ITEMS}))]
    #[launch_bounds(256, 3)]
    pub fn after_a_write(i: ThreadIndex, x: &[f32], state: ScanState, out: &mut DisjointSlice<f32, ScanTiles<32>>)
    where (len(out) == len(x), len(state) >= 3 * (len(x) / 2048) + 5) {
        out.scan_tiles(i, state, |tile| {
            let v = tile.load(x);
            let (before, mut items) = tile.publish(total(v, [0.0; ITEMS]));
            items.set_all([-1.0f32; ITEMS]);
            let again: [f32; ITEMS] = items.load(x);
            items.set_all(scanned(before, again, [0.0; ITEMS]));
            items
        });
    }

    /// out = cumsum(x), the plain way with the second read (the path the two kernels above
    /// attack): the second read comes from the buffer wherever a warp moved its runs as one.
    #[launch(threads = cdiv(len(x), {ITEMS}))]
    #[launch_bounds(256, 3)]
    pub fn plain(i: ThreadIndex, x: &[f32], state: ScanState, out: &mut DisjointSlice<f32, ScanTiles<32>>)
    where (len(out) == len(x), len(state) >= 3 * (len(x) / 2048) + 5) {
        out.scan_tiles(i, state, |tile| {
            let v = tile.load(x);
            let (before, mut items) = tile.publish(total(v, [0.0; ITEMS]));
            let again: [f32; ITEMS] = items.load(x);
            items.set_all(scanned(before, again, [0.0; ITEMS]));
            items
        });
    }

    /// Every element of `out` = the launch's number of blocks (`gridDim.x`): the grid the run time
    /// launched this scan-shaped kernel with (at most the blocks the GPU holds at once: every
    /// output is drawn tile by tile). `x` gives the length only.
    #[launch_bounds(256, 3)]
    pub fn blocks_launched(i: ThreadIndex, x: &[u32], state: ScanState, out: &mut DisjointSlice<u32, ScanTiles<32>>)
    where (len(out) == len(x), len(state) >= 3 * (len(x) / 2048) + 5) {
        out.scan_tiles(i, state, |tile| {
            let (_, mut items) = tile.publish(0u32);
            items.set_all([grid_dim().x; ITEMS]);
            items
        });
    }

    /// `blocks_launched` with a second output split among the launch's threads: `blocks[i] =
    /// gridDim.x` for each launch index `i` below its length. A grid cut short would leave some of
    /// it unwritten, so the run time launches the grid the call asked for.
    #[launch_bounds(256, 3)]
    pub fn blocks_launched_and_split(i: ThreadIndex, x: &[u32], state: ScanState,
                                     out: &mut DisjointSlice<u32, ScanTiles<32>>, blocks: &mut DisjointSlice<u32>)
    where (len(out) == len(x), len(state) >= 3 * (len(x) / 2048) + 5) {
        if let Some(b) = blocks.get_mut(i) {
            *b = grid_dim().x;
        }
        out.scan_tiles(i, state, |tile| {
            let (_, mut items) = tile.publish(0u32);
            items.set_all([grid_dim().x; ITEMS]);
            items
        });
    }
}
