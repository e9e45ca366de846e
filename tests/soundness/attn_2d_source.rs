// Attempt: feed the attention pipeline from a 2-D TMA source, whose ragged tiles would read the next sequence's rows.
// Expect: error[E0308]: mismatched types
use oxpack::prelude::*;
use oxpack::attn_pipeline::*;

kernel! {
    #[launch_bounds(384, 1)]
    pub fn k(q: TmaSource<BF16>, o: &mut DisjointSlice<BF16, AttnTiles<64>> = (128), smem: DynShared<u64>) {
        let Some((_, row0)) = o.seq_block() else { return };
        match AttnPipeline::<BF16, 2, 64>::new(smem, 1).role() {
            AttnRole::Producer(mut p) => { p.load_q(&q, 0, row0); }
            AttnRole::Consumer(_) | AttnRole::Idle => {}
        }
    }
}
