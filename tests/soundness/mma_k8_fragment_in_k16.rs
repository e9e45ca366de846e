// Attempt: mix fragment shapes: a k = 8 A fragment into the k = 16 multiply.
// Expect: error[E0308]: mismatched types
use oxpack::prelude::*;

kernel! {
    pub fn k(a: &[BF16], out: &mut DisjointSlice<f32>) {
        let pipe = cp_async_pipeline!(1, 32, ATile<BF16, 16, 16>, BtTile<BF16, 16, 16>);
        let m = matrix(a, 16, 16).unwrap();
        pipe.fill(&m, (0, 0), &m, (0, 0));
        let s = pipe.wait();
        let mut c = FragC::zero();
        mma_sync(&s.a().frag_a8(0, 0), &s.b().frag_b(0, 0), &mut c);
        let _ = out;
    }
}
