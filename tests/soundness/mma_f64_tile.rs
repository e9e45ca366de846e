// Attempt: f64 values into a tensor-core tile (ldmatrix would split each into 16-bit pieces).
// Expect: error[E0277]: `f64` is not a tensor-core input: `mma.sync` multiplies BF16, F16 or f32 (as tf32) values
use oxpack::prelude::*;

kernel! {
    pub fn k(out: &mut DisjointSlice<f32>) {
        let pipe = cp_async_pipeline!(1, 32, ATile<f64, 16, 16>, BtTile<f64, 16, 16>);
        let _ = (pipe, out);
    }
}
