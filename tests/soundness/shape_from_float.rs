// Attempt: an output's shape taken from an f32 parameter.
// Expect: error[E0277]: `f32` cannot be an output's shape
use oxpack::prelude::*;

kernel! {
    pub fn k(ij: ThreadIndex2, w: f32, out: &mut DisjointSlice<u32, Rows> = (w)) {
        if let Some(o) = out.get_mut_2d(ij) { *o = 1; }
    }
}
