// Attempt: a row length from a path to a per-thread function's result.
// Expect: error: oxpack: `::` cannot appear in an output's shape
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32, WarpRows> = (oxpack::warp::lane_id)) {
        let _ = (i, out);
    }
}
