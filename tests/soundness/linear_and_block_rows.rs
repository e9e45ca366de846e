// Attempt: block_row on an element-wise output.
// Expect: error[E0277]: an output's shape is part of its type, not a per-call argument (a per-thread `oxpack::Uniform<u32>` could give two threads one element)
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, cols: Uniform<u32>, out: &mut DisjointSlice<f32>) {
        if let Some(o) = out.get_mut(i) { *o = 1.0; }
        let _ = out.block_row(i, cols);
    }
}
