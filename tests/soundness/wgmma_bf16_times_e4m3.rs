// Attempt: multiply bf16 A tiles by E4M3 B tiles in one pipeline (the tensor cores mix only the two FP8 types: a bf16 × e4m3 wgmma does not exist, and bf16 rows read as FP8 bytes would be garbage).
// Expect: error[E0277]: `wgmma` does not multiply `oxpack::half::BF16` (A) by `oxpack::fp8::E4M3` (B)
use oxpack::prelude::*;
use oxpack::{mbarrier::*, tma::*, wgmma::*};

kernel! {
    #[launch_bounds(384, 1)]
    pub fn k(a: TmaSource<BF16>, b: TmaSource<E4M3>, c: &mut DisjointSlice<f32, WgTiles<128, 128>> = (128), smem: DynShared<u64>) {
        let Some((m0, n0)) = c.block_origin() else { return };
        let pipe = TmaPipeline::<6, 128, 128, BF16, E4M3>::new(smem, 1);
        match pipe.role() {
            Role::Producer(mut p) => p.load(&a, m0, &b, n0, 0),
            Role::Consumer(mut q) => {
                let mut acc = WgAccum::<128>::zero();
                q.multiply(&mut acc);
                if let Some(mut t) = c.wg_tile(&q) {
                    t.store(&acc);
                }
            }
            Role::Idle => {}
        }
    }
}
