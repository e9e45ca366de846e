// Attempt: a streaming store into an input (read by every thread), through the hint's API.
// Expect: error[E0596]: cannot borrow data in a `&` reference as mutable
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) {
        store_streaming(&mut x[0], 1.0);
        out.set(i, 0.0);
    }
}
