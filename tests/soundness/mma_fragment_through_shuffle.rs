// Attempt: read another lane's part of an A fragment with a shuffle (lane arithmetic on fragments).
// Expect: error[E0277]: the trait bound `FragA<oxpack::half::BF16>: Shuffle` is not satisfied
use oxpack::prelude::*;

kernel! {
    pub fn k(a: &[BF16], out: &mut DisjointSlice<f32>) {
        let pipe = cp_async_pipeline!(1, 32, ATile<BF16, 16, 16>, BtTile<BF16, 16, 16>);
        let m = matrix(a, 16, 16).unwrap();
        pipe.fill(&m, (0, 0), &m, (0, 0));
        let s = pipe.wait();
        let f = shfl_idx(s.a().frag_a(0, 0), 3);
        let _ = (f, out);
    }
}
