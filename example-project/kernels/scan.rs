//! Prefix sums in one pass: tiles drawn in launch order, decoupled look-back (`oxpack::scan`).
use oxpack::prelude::*;
use oxpack::scan::ScanValue;

/// Elements per thread: a tile is 256 threads × 16 = 4,096 elements (64 bytes a thread in
/// flight per tile: the scan is a chain of round trips, so each moves as many bytes as it can).
const ITEMS: usize = 16;

/// The scan of one kernel, a tile at a time: each thread adds up its `ITEMS` elements, the
/// tile publishes (the block's scan of the threads' totals and the look-back over earlier
/// tiles), and each thread writes its elements plus everything before them.
#[inline(always)]
fn inclusive_sum<T: ScanValue>(i: ThreadIndex, x: &[T], state: ScanState,
                               out: &mut DisjointSlice<T, ScanTiles<ITEMS>>) {
    out.scan_tiles(i, state, |tile| {
        let mut v = tile.load(x); // its ITEMS elements (16-byte loads), zeros past the end
        let mut total = T::ZERO;
        for k in 0..ITEMS {
            // constant bounds: the loop unrolls and `v` stays in registers
            total = total.plus(v[k]);
            v[k] = total;
        }
        let (before, mut items) = tile.publish(total);
        for k in 0..ITEMS {
            v[k] = before.plus(v[k]);
        }
        items.set_all(v); // 16-byte stores of its elements (fewer at the end)
        items // the writer: the proof that this tile was published
    });
}

kernel! {
    /// out = the inclusive prefix sum of x (`numpy.cumsum`), in one launch. `state` is a
    /// uint64 buffer of at least 3 · (len(x) // 2048) + 5 words, zeroed once and then reused
    /// by every call (one per stream). Launch with block = 256 and threads = ceil(len(x) / 16):
    /// `cumsum_f32(x, state, out, threads=(n + 15) // 16, block=256)` (more threads are fine:
    /// the extra blocks find no tile). At most 256 threads a block, and registers for 4 blocks
    /// an SM (64 a thread; 8 to 16 bytes spill on sm_90): a memory-bound scan wants warps in flight.
    #[launch_bounds(256, 4)]
    pub fn cumsum_f32(i: ThreadIndex, x: &[f32], state: ScanState, out: &mut DisjointSlice<f32, ScanTiles<16>>)
    where (len(out) == len(x), len(state) >= 3 * (len(x) / 2048) + 5) {
        inclusive_sum(i, x, state, out);
    }

    /// `cumsum_f32` for int32 (wrapping, as numpy's int32 cumsum).
    #[launch_bounds(256, 4)]
    pub fn cumsum_i32(i: ThreadIndex, x: &[i32], state: ScanState, out: &mut DisjointSlice<i32, ScanTiles<16>>)
    where (len(out) == len(x), len(state) >= 3 * (len(x) / 2048) + 5) {
        inclusive_sum(i, x, state, out);
    }

    /// `cumsum_f32` for uint32 (wrapping).
    #[launch_bounds(256, 4)]
    pub fn cumsum_u32(i: ThreadIndex, x: &[u32], state: ScanState, out: &mut DisjointSlice<u32, ScanTiles<16>>)
    where (len(out) == len(x), len(state) >= 3 * (len(x) / 2048) + 5) {
        inclusive_sum(i, x, state, out);
    }
}
