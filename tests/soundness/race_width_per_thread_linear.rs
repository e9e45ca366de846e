// Attempt: the first race as written, on an element-wise output.
// Expect: error[E0277]: an output's shape is part of its type, not a per-call argument (a per-thread `{integer}` could give two threads one element)
use oxpack::prelude::*;

kernel! {
    pub fn race(ij: ThreadIndex2, out: &mut DisjointSlice<u32>) {
        let w = if ij.y() == 0 { 10 } else { 5 };
        if let Some(o) = out.get_mut_2d(ij, w) { *o = ij.y() as u32; }
    }
}
