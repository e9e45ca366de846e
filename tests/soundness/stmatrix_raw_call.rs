// Attempt: call the raw stmatrix behind the staging area, to store into any shared address.
// Expect: error[E0603]: module `intrinsics` is private
use oxpack::prelude::*;
use oxpack::{mbarrier::*, tma::*, wgmma::*};

kernel! {
    #[launch_bounds(384, 1)]
    pub fn k(a: TmaSource<BF16>, b: TmaSource<BF16>, c: &mut DisjointSlice<BF16, WgTiles<128, 256>> = (256), smem: DynShared<u64>) {
        let Some((m0, n0)) = c.block_origin() else { return };
        let pipe = TmaPipeline::<4, 128, 256>::new(smem, 1);
        match pipe.role() {
            Role::Producer(mut p) => p.load(&a, m0, &b, n0, 0),
            Role::Consumer(mut q) => {
                let mut acc = WgAccum::<256>::zero();
                q.multiply(&mut acc);
                oxpack::intrinsics::sm90a::__oxpack_sm90a_stmatrix_x4(core::ptr::null_mut(), 0, 0, 0, 0);
                let _ = (acc, q);
            }
            Role::Idle => {}
        }
    }
}
