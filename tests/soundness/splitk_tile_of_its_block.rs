// Attempt: write a split-K tile through the one-block-per-tile writer, beside the last-arriving block's sums.
// Expect: error[E0599]: no method named `wg_tile` found for mutable reference `&mut oxpack::DisjointSlice<oxpack::half::BF16, oxpack::wgmma::SplitTiles<64, 64, 2>>`
use oxpack::prelude::*;
use oxpack::{mbarrier::*, tma::*, wgmma::*};

kernel! {
    #[launch_bounds(256, 1)]
    pub fn k(a: TmaSource<BF16>, b: TmaSource<BF16>, c: &mut DisjointSlice<BF16, SplitTiles<64, 64, 2>> = (64),
             smem: DynShared<u64>) {
        let Some(at) = c.split(1) else { return };
        match TmaPipeline::<4, 64, 64>::new(smem, 1).role() {
            Role::Producer(mut p) => p.load(&a, at.row(), &b, at.col(), 0),
            Role::Consumer(mut q) => {
                let mut acc = WgAccum::<64>::zero();
                q.multiply(&mut acc);
                if let Some(mut t) = c.wg_tile(&q) {
                    t.store(&acc);
                }
            }
            Role::Idle => {}
        }
    }
}
