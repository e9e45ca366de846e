// Attempt: block_row with a per-thread column count (the old API).
// Expect: error[E0061]: this method takes 1 argument but 2 arguments were supplied
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, cols: u32, out: &mut DisjointSlice<f32, BlockRows> = (cols)) {
        let c = cols + thread_idx().x;
        let _ = out.block_row(i, c);
    }
}
