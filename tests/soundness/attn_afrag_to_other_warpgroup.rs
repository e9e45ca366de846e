// Attempt: hand a warpgroup's register A fragment of p (attention's probabilities) to another lane, and so to another warpgroup, with a shuffle.
// Expect: error[E0277]: the trait bound `WgAFrag<128>: Shuffle` is not satisfied
use oxpack::prelude::*;
use oxpack::attn_pipeline::*;

kernel! {
    #[launch_bounds(384, 1)]
    pub fn k(q: TmaSource3<BF16>, o: &mut DisjointSlice<BF16, AttnTiles<64>> = (128), smem: DynShared<u64>) {
        let Some((_, row0)) = o.seq_block() else { return };
        match AttnPipeline::<BF16, 2, 64>::new(smem, 1).role() {
            AttnRole::Producer(mut p) => { p.load_q(&q, 0, row0); p.load_kv(&q, &q, 0, 0); }
            AttnRole::Consumer(mut c) => {
                let stage = c.wait();
                let mut s = WgAccum::<128>::zero();
                s.qk(&stage);
                let p = shfl_xor(s.to_bf16_a(), 128);
                let mut acc = WgAccum::<64>::zero();
                acc.pv(&p, &stage);
            }
            AttnRole::Idle => {}
        }
    }
}
