// Attempt: an element-wise output also walked by grid-stride (thread 0 owns element N, thread N owns it too).
// Expect: error[E0599]: no method named `grid_stride` found
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32>) {
        if let Some(s) = out.grid_stride(i) { for (_, o) in s.iter_mut() { *o = 1.0; } }
        if let Some(o) = out.get_mut(i) { *o = 2.0; }
    }
}
