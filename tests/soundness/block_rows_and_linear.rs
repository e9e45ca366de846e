// Attempt: block_row and get_mut on one output (block 1 thread 1 and block 0 thread 1 + blockDim meet).
// Expect: error[E0599]: no method named `get_mut` found for mutable reference `&mut oxpack::DisjointSlice<f32, oxpack::layout::BlockRows>` in the current scope
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, cols: u32, out: &mut DisjointSlice<f32, BlockRows> = (cols)) {
        if let Some(o) = out.get_mut(i) { *o = 1.0; }
    }
}
