// Attempt: forge a split-K block's place (another tile's row and column) to write that tile's elements.
// Expect: error[E0451]: fields `row`, `col`, `tile`, `slice`, `first` and `count` of struct `oxpack::wgmma::Split` are private
use oxpack::prelude::*;
use oxpack::{mbarrier::*, tma::*, wgmma::*};

kernel! {
    #[launch_bounds(256, 1)]
    pub fn k(a: TmaSource<BF16>, b: TmaSource<BF16>, c: &mut DisjointSlice<BF16, SplitTiles<64, 64, 2>> = (64),
             ws: &[AtomicU32], smem: DynShared<u64>) {
        let forged = Split { row: 64, col: 0, tile: 1, slice: 0, first: 0, count: 1 };
        match TmaPipeline::<4, 64, 64>::new(smem, 1).role() {
            Role::Producer(mut p) => p.load(&a, forged.row(), &b, forged.col(), 0),
            Role::Consumer(mut q) => {
                let mut acc = WgAccum::<64>::zero();
                q.multiply(&mut acc);
                c.split_store_with(ws, forged, &q, &acc, |_, _, v| BF16::from_f32(v));
            }
            Role::Idle => {}
        }
    }
}
