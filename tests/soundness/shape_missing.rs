// Attempt: a Rows output with no shape.
// Expect: error[E0277]: this kernel parameter (`oxpack::DisjointSlice<u32, oxpack::layout::Rows>`) does not take the shape `()` (`()`: no shape given)
use oxpack::prelude::*;

kernel! {
    pub fn k(ij: ThreadIndex2, out: &mut DisjointSlice<u32, Rows>) {
        if let Some(o) = out.get_mut_2d(ij) { *o = 1; }
    }
}
