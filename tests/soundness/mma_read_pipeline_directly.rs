// Attempt: read a stage's tile straight from the pipeline, before any wait.
// Expect: error[E0599]: no method named `a` found for struct `Pipeline<STAGES, THREADS, TA, TB>` in the current scope
use oxpack::prelude::*;

kernel! {
    pub fn k(a: &[BF16], out: &mut DisjointSlice<f32>) {
        let pipe = cp_async_pipeline!(2, 32, ATile<BF16, 16, 16>, BtTile<BF16, 16, 16>);
        let m = matrix(a, 16, 16).unwrap();
        pipe.fill(&m, (0, 0), &m, (0, 0));
        let _ = (pipe.a().frag_a(0, 0), out);
    }
}
