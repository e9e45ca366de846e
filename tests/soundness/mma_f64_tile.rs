// Attempt: f64 values into a tensor-core tile (ldmatrix would split each into 16-bit pieces).
// Expect: error[E0277]: `f64` cannot fill a tensor-core shared tile: tiles hold BF16, F16, f32 (as tf32) or i8
use oxpack::prelude::*;

kernel! {
    pub fn k(out: &mut DisjointSlice<f32>) {
        let pipe = cp_async_pipeline!(1, 32, ATile<f64, 16, 16>, BtTile<f64, 16, 16>);
        let _ = (pipe, out);
    }
}
