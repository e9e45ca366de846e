// Attempt: f32 values into a tensor-core tile (ldmatrix would split each into two 16-bit halves).
// Expect: error[E0277]: `f32` is not a tensor-core input: `mma.sync` m16n8k16 multiplies BF16 or F16 values
use oxpack::prelude::*;

kernel! {
    pub fn k(out: &mut DisjointSlice<f32>) {
        let pipe = cp_async_pipeline!(1, 32, ATile<f32, 16, 16>, BtTile<f32, 16, 16>);
        let _ = (pipe, out);
    }
}
