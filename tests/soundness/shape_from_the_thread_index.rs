// Attempt: the thread's own index as its row length.
// Expect: error[E0277]: `oxpack::ThreadIndex` cannot be an output's shape
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32, WarpRows> = (i)) {
        let _ = (i, out);
    }
}
