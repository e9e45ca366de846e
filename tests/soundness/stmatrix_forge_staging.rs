// Attempt: forge a staging area over another warpgroup's rows (warpgroup 1's A tiles from warpgroup 0).
// Expect: error[E0451]: fields `tiles` and `wg` of struct `oxpack::wgmma::WgStaging` are private
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
                let forged = WgStaging::<4, 128, 256> { tiles: core::ptr::null_mut(), wg: 1 - q.index() };
                if let Some(mut t) = c.wg_tile(&q) {
                    forged.store(&mut t, &acc);
                }
            }
            Role::Idle => {}
        }
    }
}
