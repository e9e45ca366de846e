// Attempt: an output's shape taken from a per-thread local instead of a kernel parameter.
// Expect: error[E0425]: cannot find value `w` in this scope
use oxpack::prelude::*;

kernel! {
    pub fn k(ij: ThreadIndex2, out: &mut DisjointSlice<u32, Rows> = (w)) {
        let w = ij.y() as u32 + 5;
        if let Some(o) = out.get_mut_2d(ij) { *o = w; }
    }
}
