// Attempt: declare an f64 array as a TMA source (the pipeline's 128-byte rows and `wgmma` take 2- and 4-byte elements).
// Expect: error[E0277]: `f64` is not a TMA element type here
use oxpack::prelude::*;

kernel! {
    pub fn k(a: TmaSource<f64>, out: &mut DisjointSlice<f32>) {
        let _ = (a, out);
    }
}
