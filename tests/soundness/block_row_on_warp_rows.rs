// Attempt: one output written by blocks (block_row) while it is laid out as rows per warp.
// Expect: error[E0599]: no method named `block_row` found
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, cols: u32, out: &mut DisjointSlice<f32, WarpRows> = (cols)) {
        if let Some(row) = out.block_row(i) { for (_, o) in row.iter_mut() { *o = 1.0; } }
    }
}
