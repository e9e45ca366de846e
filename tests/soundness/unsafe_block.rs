// Attempt: an unsafe block in a kernel (raw pointer write to another element).
// Expect: error: usage of an `unsafe` block
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) {
        unsafe { *(x.as_ptr() as *mut f32) = 1.0; }
    }
}
