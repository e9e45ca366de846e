// Attempt: a warpgroup accumulator of 96 columns, a wgmma width this library has no register layout for.
// Expect: error[E0277]: `WgCols<96>` is not a wgmma width here
use oxpack::prelude::*;

kernel! {
    pub fn k(out: &mut DisjointSlice<f32>) {
        let acc = WgAccum::<96>::zero();
        let _ = (acc, out);
    }
}
