// Attempt: mem::take of an output, to put back another with a per-thread shape.
// Expect: error[E0277]: the trait bound `oxpack::DisjointSlice<u32, oxpack::layout::Rows>: Default` is not satisfied
use oxpack::prelude::*;

kernel! {
    pub fn k(ij: ThreadIndex2, w: u32, out: &mut DisjointSlice<u32, Rows> = (w)) {
        let old = core::mem::take(out);
        let _ = old;
    }
}
