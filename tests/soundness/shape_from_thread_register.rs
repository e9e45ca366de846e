// Attempt: a row length read from the thread's own registers.
// Expect: error: oxpack: an output's shape cannot call `thread_idx(...)`
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32, WarpRows> = (thread_idx().x)) {
        let _ = (i, out);
    }
}
