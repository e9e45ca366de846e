// Attempt: register_tile on a Rows output.
// Expect: error[E0599]: no method named `register_tile` found for mutable reference `&mut oxpack::DisjointSlice<f32, oxpack::layout::Rows>` in the current scope
use oxpack::prelude::*;

kernel! {
    pub fn k(ij: ThreadIndex2, w: u32, out: &mut DisjointSlice<f32, Rows> = (w)) {
        let _ = out.register_tile(ij);
    }
}
