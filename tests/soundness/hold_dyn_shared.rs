// Attempt: dynamic shared memory of a made-up size through Param::hold.
// Expect: error[E0133]: call to unsafe function `oxpack::Param::hold` is unsafe and requires unsafe block
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32>) {
        let big = <DynShared<f32> as oxpack::Param>::hold(1 << 30, 0);
        let mut s = big.into_shared();
        s.write(thread_slot(), 1.0);
    }
}
