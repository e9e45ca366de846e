// Attempt: a warp-row output also written element-wise, thread i to element i (lane 1 of warp 0 owns column 1 of row 0, thread 1 would own element 1 too).
// Expect: error[E0599]: no method named `get_mut` found
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, cols: u32, out: &mut DisjointSlice<f32, WarpRows> = (cols)) {
        if let Some(o) = out.get_mut(i) { *o = 1.0; }
    }
}
