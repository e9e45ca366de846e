// Attempt: a shape on a read-only input.
// Expect: error[E0277]: this kernel parameter (`RawSlice<u32>`) does not take the shape `(usize,)` (`()`: no shape given)
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, w: u32, x: &[u32] = (w), out: &mut DisjointSlice<u32>) {
        if let Some(o) = out.get_mut(i) { *o = x[0]; }
    }
}
