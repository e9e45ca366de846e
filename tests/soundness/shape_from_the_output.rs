// Attempt: an output whose shape names the output itself.
// Expect: error[E0277]: `&mut oxpack::DisjointSlice<u32, oxpack::layout::Rows>` cannot be an output's shape
use oxpack::prelude::*;

kernel! {
    pub fn k(ij: ThreadIndex2, out: &mut DisjointSlice<u32, Rows> = (out)) {
        if let Some(o) = out.get_mut_2d(ij) { *o = 1; }
    }
}
