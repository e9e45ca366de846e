// Attempt: a 1-D ThreadIndex made by Param::hold in a 2-D launch (x only: (0, 0) and (0, 1) would share it).
// Expect: error[E0133]: call to unsafe function `oxpack::Param::hold` is unsafe and requires unsafe block
use oxpack::prelude::*;

kernel! {
    pub fn k(ij: ThreadIndex2, out: &mut DisjointSlice<f32>) {
        let i = <ThreadIndex as oxpack::Param>::hold(0, 0);
        if let Some(o) = out.get_mut(i) { *o = ij.y() as f32; }
    }
}
