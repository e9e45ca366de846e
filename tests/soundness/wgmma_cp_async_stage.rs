// Attempt: multiply a cp.async stage (ldmatrix swizzle) with wgmma, whose descriptors assume the 128-byte swizzle of a TMA stage.
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
                let _ = q;
                let other = cp_async_pipeline!(1, 384, ATile<BF16, 64, 64>, BtTile<BF16, 256, 64>);
                let s = other.wait();
                let mut acc = WgAccum::<256>::zero();
                acc.mma(&s);
            }
            Role::Idle => {}
        }
    }
}
