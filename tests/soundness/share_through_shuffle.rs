// Attempt: a lane's share sent to another lane by a shuffle, so that two lanes write one chunk.
// Expect: error[E0277]: the trait bound `Share<'_, f32, ByWarp>: Shuffle` is not satisfied
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, cols: u32, out: &mut DisjointSlice<f32, WarpRows> = (cols)) {
        if let Some(row) = out.warp_row(i) {
            let theirs = shfl_idx(row, 0);
            for (_, o) in theirs.iter_mut() { *o = 1.0; }
        }
    }
}
