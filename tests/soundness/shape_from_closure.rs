// Attempt: a shape produced by a closure over the thread's index.
// Expect: error: oxpack: kernel `k` must look like `pub fn k(a: f32, x: &[f32], y: &mut DisjointSlice<f32>) { ... }` (no generics, no return type)
use oxpack::prelude::*;

kernel! {
    pub fn k(ij: ThreadIndex2, w: u32, out: &mut DisjointSlice<f32, Rows> = ((|| ij.y() as u32)())) {
        if let Some(o) = out.get_mut_2d(ij) { *o = 1.0; }
    }
}
