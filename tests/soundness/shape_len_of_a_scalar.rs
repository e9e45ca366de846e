// Attempt: `len` of a scalar parameter as a row length.
// Expect: error[E0277]: `len(...)` in an output's shape takes a slice parameter, not `u32`
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, w: u32, out: &mut DisjointSlice<f32, WarpRows> = (len(w))) {
        let _ = (i, out);
    }
}
