// Attempt: warp_row with a per-thread column count, so that two warps' rows overlap.
// Expect: error[E0061]: this method takes 1 argument but 2 arguments were supplied
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, cols: u32, out: &mut DisjointSlice<f32, WarpRows> = (cols)) {
        let c = cols + lane_id();
        let _ = out.warp_row(i, c);
    }
}
