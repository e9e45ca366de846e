// Attempt: a per-warp output given a shape, to spread one warp's value over several elements.
// Expect: error[E0277]: this kernel parameter (`oxpack::DisjointSlice<f32, oxpack::layout::OnePerWarp>`) does not take the shape `(usize,)`
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, n: u32, out: &mut DisjointSlice<f32, OnePerWarp> = (n)) {
        if let Some(o) = out.warp_value(i) { *o = 1.0; }
    }
}
