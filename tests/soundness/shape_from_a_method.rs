// Attempt: a row length from a method call on a launch scalar and the lane.
// Expect: error: oxpack: `.` cannot appear in an output's shape
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, w: u32, out: &mut DisjointSlice<f32, WarpRows> = (w.wrapping_add(lane_id()))) {
        let _ = (i, out);
    }
}
