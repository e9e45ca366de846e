// Attempt: a Uniform built from per-thread data through Param::hold.
// Expect: error[E0133]: call to unsafe function `oxpack::Param::hold` is unsafe and requires unsafe block
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32>) {
        let u = <Uniform<u32> as oxpack::Param>::hold(thread_idx().x, 0);
        if let Some(o) = out.get_mut(i) { *o = u.get() as f32; }
    }
}
