// Attempt: 16-byte chunks loaded by a warp's numbering, computed and stored a chunk at a time by a block's.
// Expect: error[E0308]: mismatched types
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, cols: u32, x: &[f32], a: &mut DisjointSlice<f32, WarpRows<Vec4>> = (cols),
             b: &mut DisjointSlice<f32, BlockRows<Vec4>> = (cols)) {
        if let (Some(wa), Some(bb)) = (a.warp_row(i), b.block_row(i)) {
            if let Some(v) = RegChunks::<f32, _, 4>::load(&wa, x) { v.map_with_store([x], |_, [y]| y, bb); }
        }
    }
}
