// Attempt: warp rows carved out of an element-wise output with a column count passed per call.
// Expect: error[E0277]: an output's shape is part of its type, not a per-call argument
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, cols: u32, out: &mut DisjointSlice<f32>) {
        let _ = out.warp_row(i, cols);
    }
}
