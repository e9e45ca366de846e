// Attempt: view a warp-tiled output as an element-wise one, for a thread to write any element of it.
// Expect: error[E0308]: mismatched types
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, n: u32, c: &mut DisjointSlice<f32, WarpTiles<16, 16, 16, 16>> = (n)) {
        let flat: &mut DisjointSlice<f32> = c;
        flat.set(i, 1.0);
    }
}
