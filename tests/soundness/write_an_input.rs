// Attempt: writing through a read-only input.
// Expect: error[E0594]: cannot assign to data in a `&` reference
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) {
        x[i.get()] = 1.0;
    }
}
