// Attempt: transposed_tile with per-thread columns (the old API).
// Expect: error[E0061]: this method takes 1 argument but 3 arguments were supplied
use oxpack::prelude::*;

kernel! {
    pub fn k(ij: ThreadIndex2, w: u32, h: u32, out: &mut DisjointSlice<f32, TransposedTiles<32, 8>> = (h, w)) {
        let _ = out.transposed_tile(ij, h + thread_idx().y, w);
    }
}
