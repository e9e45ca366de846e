// Attempt: hold two stage views at once, so that the first stage is read while the producer refills it.
// Expect: error[E0499]: cannot borrow `q` as mutable more than once at a time
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
                let first = q.wait();
                let second = q.wait();
                acc.mma(&first);
                acc.mma(&second);
            }
            Role::Idle => {}
        }
    }
}
