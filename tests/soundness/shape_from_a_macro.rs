// Attempt: a row length from a macro that reads the lane.
// Expect: error: oxpack: `!` cannot appear in an output's shape
use oxpack::prelude::*;

macro_rules! lane { () => { oxpack::warp::lane_id() } }

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32, WarpRows> = (lane!())) {
        let _ = (i, out);
    }
}
