// Attempt: keep a stage's view after its pipeline is gone (and its shared memory reused).
// Expect: error[E0597]: `pipe` does not live long enough
use oxpack::prelude::*;

kernel! {
    pub fn k(a: &[BF16], out: &mut DisjointSlice<f32>) {
        let m = matrix(a, 16, 16).unwrap();
        let stage;
        {
            let pipe = cp_async_pipeline!(1, 32, ATile<BF16, 16, 16>, BtTile<BF16, 16, 16>);
            pipe.fill(&m, (0, 0), &m, (0, 0));
            stage = pipe.wait();
        }
        let _ = (stage.a().frag_a(0, 0), out);
    }
}
