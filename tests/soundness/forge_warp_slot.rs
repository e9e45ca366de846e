// Attempt: a warp slot for every lane, not only lane 0.
// Expect: error[E0603]: tuple struct constructor `WarpSlot` is private
use oxpack::prelude::*;

kernel! {
    pub fn k(out: &mut DisjointSlice<f32>) {
        let mut s = shared_array!(f32, 32);
        s.write(oxpack::shared_mem::WarpSlot(warp_id() as usize), 1.0);
    }
}
