// Attempt: feed the producer an undeclared TMA source: a plain slice, which has no tensor map.
// Expect: error[E0308]: mismatched types
use oxpack::prelude::*;
use oxpack::{mbarrier::*, tma::*, wgmma::*};

kernel! {
    #[launch_bounds(384, 1)]
    pub fn k(a: TmaSource<BF16>, b: TmaSource<BF16>, c: &mut DisjointSlice<f32, WgTiles<128, 256>> = (256), smem: DynShared<u64>) {
        let x: &[BF16] = &[];
        if let Role::Producer(mut p) = TmaPipeline::<4, 128, 256>::new(smem, 1).role() {
            p.load(x, 0, &b, 0, 0);
        }
        let _ = (a, c);
    }
}
