// Attempt: an output's shape taken from an i32 parameter (a negative width).
// Expect: error[E0277]: `i32` cannot be an output's shape
use oxpack::prelude::*;

kernel! {
    pub fn k(ij: ThreadIndex2, w: i32, out: &mut DisjointSlice<u32, Rows> = (w)) {
        if let Some(o) = out.get_mut_2d(ij) { *o = 1; }
    }
}
