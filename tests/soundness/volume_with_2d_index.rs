// Attempt: get_mut_3d with a 2-D index (z dropped).
// Expect: error[E0308]: mismatched types
use oxpack::prelude::*;

kernel! {
    pub fn k(ij: ThreadIndex2, w: u32, h: u32, out: &mut DisjointSlice<f32, Volume> = (w, h)) {
        let _ = out.get_mut_3d(ij);
    }
}
