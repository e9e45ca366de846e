// Attempt: read an f16 v tile through the transposed (N-major) bf16 descriptor of `pv`, multiplying f16 bits as bf16.
// Expect: error[E0308]: mismatched types
use oxpack::prelude::*;
use oxpack::attn_pipeline::*;

kernel! {
    #[launch_bounds(384, 1)]
    pub fn k(q: TmaSource3<F16>, o: &mut DisjointSlice<BF16, AttnTiles<64>> = (128), smem: DynShared<u64>) {
        let Some((_, row0)) = o.seq_block() else { return };
        match AttnPipeline::<F16, 2, 64>::new(smem, 1).role() {
            AttnRole::Producer(mut p) => { p.load_q(&q, 0, row0); p.load_kv(&q, &q, 0, 0); }
            AttnRole::Consumer(mut c) => {
                let stage = c.wait();
                let p = WgAccum::<128>::zero().to_bf16_a();
                let mut acc = WgAccum::<64>::zero();
                acc.pv(&p, &stage);
            }
            AttnRole::Idle => {}
        }
    }
}
