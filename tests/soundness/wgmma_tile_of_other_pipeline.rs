// Attempt: take the output tile with the consumer of a pipeline of other tiles (192-row blocks), to write rows another block owns.
// Expect: error[E0308]: mismatched types
use oxpack::prelude::*;
use oxpack::{mbarrier::*, tma::*, wgmma::*};

kernel! {
    #[launch_bounds(384, 1)]
    pub fn k(a: TmaSource<BF16>, b: TmaSource<BF16>, c: &mut DisjointSlice<f32, WgTiles<128, 256>> = (256), smem: DynShared<u64>) {
        if let Role::Consumer(q) = TmaPipeline::<4, 192, 256>::new(smem, 0).role() {
            if let Some(mut t) = c.wg_tile(&q) {
                t.store(&WgAccum::<256>::zero());
            }
        }
        let _ = (a, b);
    }
}
