// Attempt: a warp-row output with no row length (each thread would pick its own).
// Expect: error[E0277]: this kernel parameter (`oxpack::DisjointSlice<f32, oxpack::layout::WarpRows>`) does not take the shape `()`
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32, WarpRows>) {
        if let Some(row) = out.warp_row(i) { for (_, o) in row.iter_mut() { *o = 1.0; } }
    }
}
