// Attempt: a block's register row stored into a warp's row (its values would go to the wrong columns).
// Expect: error[E0308]: mismatched types
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, cols: Uniform<u32>, x: &[f32], out: &mut DisjointSlice<f32, WarpRows> = (cols)) {
        if let (Some(r), Some(row)) = (RegRow::<f32, 4>::load(x, cols), out.warp_row(i)) { r.store(row); }
    }
}
