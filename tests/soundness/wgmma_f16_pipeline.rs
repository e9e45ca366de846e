// Attempt: multiply f16 tiles in a pipeline over F16 (only bf16 and tf32 wgmma are implemented: f16 would run as bf16).
// Expect: error[E0277]: `oxpack::half::F16` is not a wgmma input type here
use oxpack::prelude::*;
use oxpack::{mbarrier::*, tma::*, wgmma::*};

kernel! {
    #[launch_bounds(384, 1)]
    pub fn k(a: TmaSource<F16>, b: TmaSource<F16>, c: &mut DisjointSlice<f32, WgTiles<128, 256>> = (256), smem: DynShared<u64>) {
        let Some((m0, n0)) = c.block_origin() else { return };
        let pipe = TmaPipeline::<4, 128, 256, F16>::new(smem, 1);
        match pipe.role() {
            Role::Producer(mut p) => p.load(&a, m0, &b, n0, 0),
            Role::Consumer(mut q) => {
                let mut acc = WgAccum::<256>::zero();
                q.multiply(&mut acc);
                if let Some(mut t) = c.wg_tile(&q) {
                    t.store(&acc);
                }
            }
            Role::Idle => {}
        }
    }
}
