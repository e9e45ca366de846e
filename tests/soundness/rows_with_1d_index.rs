// Attempt: get_mut_2d with a 1-D index.
// Expect: error[E0308]: mismatched types
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, w: u32, out: &mut DisjointSlice<f32, Rows> = (w)) {
        let _ = out.get_mut_2d(i);
    }
}
