// Attempt: a streaming store to an element the thread does not own, through a shared reference cast.
// Expect: error[E0308]: mismatched types
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) {
        store_streaming(&x[i.get() + 1], 1.0);
        out.set(i, 0.0);
    }
}
