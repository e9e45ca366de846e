// Attempt: a per-warp output written by every lane of the warp, element by thread index.
// Expect: error[E0599]: no method named `set` found
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32, OnePerWarp>) {
        out.set(i, lane_id() as f32);
    }
}
