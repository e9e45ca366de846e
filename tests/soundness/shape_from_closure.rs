// Attempt: a shape produced by a closure over the thread's index.
// Expect: error: oxpack: `()` cannot appear in an output's shape
use oxpack::prelude::*;

kernel! {
    pub fn k(ij: ThreadIndex2, w: u32, out: &mut DisjointSlice<f32, Rows> = ((|| ij.y() as u32)())) {
        if let Some(o) = out.get_mut_2d(ij) { *o = 1.0; }
    }
}
