// Attempt: scale each stage of a bf16 pipeline as FP8 block scales do: its stages are not promoted one by one (they add into the f32 sum as they go), so there is no per-stage product to scale.
// Expect: error[E0277]: `oxpack::half::BF16` is not an FP8 input: only FP8 stages (E4M3, E5M2) are promoted, and so scaled one by one
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
                let mut acc = WgAccum::<256>::zero();
                q.multiply_steps_scaled(&mut acc, 1, |_, _| 2.0);
            }
            Role::Idle => {}
        }
    }
}
