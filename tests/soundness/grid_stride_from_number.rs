// Attempt: a grid-stride share for a thread index made from a number (every thread claiming thread 0's elements).
// Expect: error[E0423]: cannot initialize a tuple struct which contains private fields
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32, GridStride>) {
        let _ = i;
        if let Some(s) = out.grid_stride(ThreadIndex(0)) { for (_, o) in s.iter_mut() { *o = 1.0; } }
    }
}
