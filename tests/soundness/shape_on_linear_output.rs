// Attempt: a shape on an element-wise output.
// Expect: error[E0277]: this kernel parameter (`oxpack::DisjointSlice<u32>`) does not take the shape `(usize,)` (`()`: no shape given)
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, w: u32, out: &mut DisjointSlice<u32> = (w)) {
        if let Some(o) = out.get_mut(i) { *o = 1; }
    }
}
