// Attempt: declare an f32 array as a TMA source, whose 64 × 64 boxes and 128-byte rows assume 2-byte elements.
// Expect: error[E0277]: `f32` is not a TMA element type here
use oxpack::prelude::*;

kernel! {
    pub fn k(a: TmaSource<f32>, out: &mut DisjointSlice<f32>) {
        let _ = (a, out);
    }
}
