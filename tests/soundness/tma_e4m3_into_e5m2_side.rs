// Attempt: load an E4M3 array as the B operand of an E5M2 × E4M3 pipeline's A side (swapped sources), so that `wgmma` reads E4M3 bytes as E5M2.
// Expect: error[E0308]: arguments to this method are incorrect
use oxpack::prelude::*;
use oxpack::{mbarrier::*, tma::*, wgmma::*};

kernel! {
    #[launch_bounds(384, 1)]
    pub fn k(a: TmaSource<E5M2>, b: TmaSource<E4M3>, c: &mut DisjointSlice<f32, WgTiles<128, 128>> = (128), smem: DynShared<u64>) {
        let Some((m0, n0)) = c.block_origin() else { return };
        let pipe = TmaPipeline::<6, 128, 128, E5M2, E4M3>::new(smem, 1);
        match pipe.role() {
            Role::Producer(mut p) => p.load(&b, m0, &a, n0, 0),
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
