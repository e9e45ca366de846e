// Attempt: a row length from a Uniform<f32> (uniform, but a fraction).
// Expect: error[E0277]: `oxpack::Uniform<f32>` cannot be an output's shape
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, w: Uniform<f32>, out: &mut DisjointSlice<f32, WarpRows> = (w)) {
        let _ = (i, out);
    }
}
