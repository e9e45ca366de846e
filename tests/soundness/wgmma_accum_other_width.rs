// Attempt: store a 64 × 128 warpgroup accumulator into a 64 × 256 warpgroup tile, writing the wrong elements or too few.
// Expect: error[E0308]: mismatched types
use oxpack::prelude::*;
use oxpack::{mbarrier::*, tma::*, wgmma::*};

kernel! {
    #[launch_bounds(384, 1)]
    pub fn k(a: TmaSource<BF16>, b: TmaSource<BF16>, c: &mut DisjointSlice<f32, WgTiles<128, 256>> = (256), smem: DynShared<u64>) {
        let Some((m0, n0)) = c.block_origin() else { return };
        let pipe = TmaPipeline::<4, 128, 256>::new(smem, 1);
        match pipe.role() {
            Role::Producer(mut p) => p.load(&a, m0, &b, n0, 0),
            Role::Consumer(mut q) => {
                let mut acc = WgAccum::<128>::zero();
                let stage = q.wait();
                drop(stage);
                acc.map(|v| v);
                if let Some(mut t) = c.wg_tile(&q) { t.store(&acc); }
            }
            Role::Idle => {}
        }
    }
}
