//! Prefix sums in one pass: tiles drawn in launch order, decoupled look-back (`oxpack::scan`).
use oxpack::prelude::*;
use oxpack::scan::ScanValue;

/// Elements per thread: a tile is 256 threads × 32 = 8,192 elements (128 bytes a thread in
/// flight per tile: the scan is a chain of round trips, so each moves as many bytes as it can).
const ITEMS: usize = 32;

/// The scan of one kernel, a tile at a time: each thread adds up its `ITEMS` elements, the
/// tile publishes (the block's scan of the threads' totals and the look-back over earlier
/// tiles), and each thread writes its elements plus everything before them. The elements are
/// read twice, not held across the publish: the second read comes from the warp's staging
/// buffer in shared memory, and the registers saved buy a third block an SM.
#[inline(always)]
fn inclusive_sum<T: ScanValue>(i: ThreadIndex, x: &[T], state: ScanState,
                               out: &mut DisjointSlice<T, ScanTiles<ITEMS>>) {
    out.scan_tiles(i, state, |tile| {
        let v = tile.load(x); // its ITEMS elements (16-byte loads), zeros past the end
        let mut total = T::ZERO;
        for k in 0..ITEMS {
            // constant bounds: the loop unrolls
            total = total.plus(v[k]);
        }
        let (before, mut items) = tile.publish(total);
        let mut v: [T; ITEMS] = items.load(x); // the same elements again
        let mut run = T::ZERO;
        for k in 0..ITEMS {
            run = run.plus(v[k]);
            v[k] = before.plus(run);
        }
        items.set_all(v); // 16-byte stores of its elements (fewer at the end)
        items // the writer: the proof that this tile was published
    });
}

kernel! {
    /// out = the inclusive prefix sum of x (`numpy.cumsum`), in one launch:
    /// `cumsum_f32(x, state, out)`. `state` is a uint64 buffer of at least
    /// 3 · (len(x) // 2048) + 5 words, zeroed once and then reused by every call (one per
    /// stream). A thread per 32 elements, in blocks of 64 to 256, tuned (the state's size
    /// holds the smallest's tiles): the run time launches at most the blocks the GPU holds at once, which draw
    /// every tile. At most 256 threads a block, and registers for 3 blocks an SM (85 a thread):
    /// a memory-bound scan wants bytes in flight.
    #[launch(threads = cdiv(len(x), {ITEMS}))]
    #[tune(block = [64, 128, 256])]
    #[launch_bounds(256, 3)]
    pub fn cumsum_f32(i: ThreadIndex, x: &[f32], state: ScanState, out: &mut DisjointSlice<f32, ScanTiles<32>>)
    where (len(out) == len(x), len(state) >= 3 * (len(x) / 2048) + 5) {
        inclusive_sum(i, x, state, out);
    }

    /// `cumsum_f32` for int32 (wrapping, as numpy's int32 cumsum).
    #[launch(threads = cdiv(len(x), {ITEMS}))]
    #[tune(block = [64, 128, 256])]
    #[launch_bounds(256, 3)]
    pub fn cumsum_i32(i: ThreadIndex, x: &[i32], state: ScanState, out: &mut DisjointSlice<i32, ScanTiles<32>>)
    where (len(out) == len(x), len(state) >= 3 * (len(x) / 2048) + 5) {
        inclusive_sum(i, x, state, out);
    }

    /// `cumsum_f32` for uint32 (wrapping).
    #[launch(threads = cdiv(len(x), {ITEMS}))]
    #[tune(block = [64, 128, 256])]
    #[launch_bounds(256, 3)]
    pub fn cumsum_u32(i: ThreadIndex, x: &[u32], state: ScanState, out: &mut DisjointSlice<u32, ScanTiles<32>>)
    where (len(out) == len(x), len(state) >= 3 * (len(x) / 2048) + 5) {
        inclusive_sum(i, x, state, out);
    }
}
