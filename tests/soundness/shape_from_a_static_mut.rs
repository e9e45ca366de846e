// Attempt: a row length in a `static mut` that threads overwrite (the shim evaluates shapes outside its `unsafe` block).
// Expect: error[E0133]: use of mutable static is unsafe and requires unsafe block
use oxpack::prelude::*;

static mut W: u32 = 32;

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32, WarpRows> = (W)) {
        let _ = (i, out);
    }
}
