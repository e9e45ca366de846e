// Attempt: a grid-stride output also written element-wise, element i by thread i.
// Expect: error[E0599]: no method named `get_mut` found
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32, GridStride>) {
        if let Some(o) = out.get_mut(i) { *o = 2.0; }
    }
}
