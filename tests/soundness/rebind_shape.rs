// Attempt: re-binding an output's shape inside the body, per thread.
// Expect: error[E0133]: call to unsafe function `oxpack::layout::Bind::bind` is unsafe and requires unsafe block
use oxpack::prelude::*;

kernel! {
    pub fn k(ij: ThreadIndex2, w: u32, out: &mut DisjointSlice<u32, Rows> = (w)) {
        let wide = oxpack::layout::Bind::bind(*out, (ij.y() + 5,));
        let _ = wide;
    }
}
