// Attempt: a Uniform built directly from a per-thread value.
// Expect: error[E0423]: cannot initialize a tuple struct which contains private fields
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32>) {
        let u = Uniform(thread_idx().x);
        if let Some(o) = out.get_mut(i) { *o = u.get() as f32; }
    }
}
