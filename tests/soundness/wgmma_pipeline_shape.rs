// Attempt: a pipeline of 96-row A tiles: not a whole number of 64-row warpgroups, so a warpgroup's wgmma reads past its tile.
// Expect: error[E0277]: `TmaPipeline<S, BM, BN>` takes 1 to 16 stages
use oxpack::prelude::*;

kernel! {
    pub fn k(smem: DynShared<u64>, out: &mut DisjointSlice<f32>) {
        let pipe = TmaPipeline::<4, 96, 256>::new(smem, 1);
        let _ = (pipe.role(), out);
    }
}
