// Attempt: lane 0's witness broadcast to the warp by a shuffle.
// Expect: error[E0277]: the trait bound `oxpack::ThreadIndex: Shuffle` is not satisfied
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32>) {
        let j = shfl_idx(i, 0);
        if let Some(o) = out.get_mut(j) { *o = 1.0; }
    }
}
