// Attempt: an output whose shape names the output itself.
// Expect: error[E0277]: `DevPtrMut<u32>` cannot be an output's shape
use oxpack::prelude::*;

kernel! {
    pub fn k(ij: ThreadIndex2, out: &mut DisjointSlice<u32, Rows> = (out)) {
        if let Some(o) = out.get_mut_2d(ij) { *o = 1; }
    }
}
