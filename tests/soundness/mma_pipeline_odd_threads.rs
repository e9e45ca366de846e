// Attempt: a pipeline for a block of 48 threads (a partial warp would run the warp-collective loads).
// Expect: error[E0277]: a cp.async pipeline's THREADS must be a multiple of 32 up to 1024 (`Block<48>` is not): every warp of the block must be whole for ldmatrix and mma.sync
use oxpack::prelude::*;

kernel! {
    pub fn k(out: &mut DisjointSlice<f32>) {
        let pipe = cp_async_pipeline!(2, 48, ATile<BF16, 16, 16>, BtTile<BF16, 16, 16>);
        let _ = (pipe, out);
    }
}
