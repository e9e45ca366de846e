// Attempt: a row length cast from the thread's index.
// Expect: error: oxpack: an output's shape takes no `as`
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, w: u32, out: &mut DisjointSlice<f32, WarpRows> = (w as usize)) {
        let _ = (i, out);
    }
}
