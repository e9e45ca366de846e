// Attempt: copy the producer, so that two copies issue loads into one stage with separate counts.
// Expect: error[E0382]: use of moved value: `p`
use oxpack::prelude::*;
use oxpack::{mbarrier::*, tma::*, wgmma::*};

kernel! {
    #[launch_bounds(384, 1)]
    pub fn k(a: TmaSource<BF16>, b: TmaSource<BF16>, c: &mut DisjointSlice<f32, WgTiles<128, 256>> = (256), smem: DynShared<u64>) {
        if let Role::Producer(p) = TmaPipeline::<4, 128, 256>::new(smem, 2).role() {
            let mut one = p;
            let mut two = p;
            one.load(&a, 0, &b, 0, 0);
            two.load(&a, 0, &b, 0, 64);
        }
        let _ = c;
    }
}
