// Attempt: store a warp's accumulators into an element-wise output (whose elements belong to single threads).
// Expect: error[E0599]: no method named `warp_tile` found for mutable reference `&mut oxpack::DisjointSlice<f32>` in the current scope
use oxpack::prelude::*;

kernel! {
    pub fn k(c: &mut DisjointSlice<f32>) {
        if let Some(mut t) = c.warp_tile() {
            t.store(&Accum::<1, 2>::zero());
        }
    }
}
