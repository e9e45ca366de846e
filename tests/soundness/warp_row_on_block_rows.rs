// Attempt: one output written by warps (warp_row) while it is laid out as rows per block.
// Expect: error[E0599]: no method named `warp_row` found
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, cols: u32, out: &mut DisjointSlice<f32, BlockRows> = (cols)) {
        if let Some(row) = out.warp_row(i) { for (_, o) in row.iter_mut() { *o = 1.0; } }
    }
}
