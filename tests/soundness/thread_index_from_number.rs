// Attempt: a ThreadIndex from a usize through From.
// Expect: error[E0308]: mismatched types
use oxpack::prelude::*;

kernel! {
    pub fn k(out: &mut DisjointSlice<f32>) {
        if let Some(o) = out.get_mut(ThreadIndex::from(0usize)) { *o = 1.0; }
    }
}
