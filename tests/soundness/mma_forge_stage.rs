// Attempt: a view of a stage without waiting for its copies (read the cp.async destination early).
// Expect: error[E0451]: fields `pipe` and `slot` of struct `Stage` are private
use oxpack::prelude::*;
use oxpack::async_copy::Stage;

kernel! {
    pub fn k(a: &[BF16], out: &mut DisjointSlice<f32>) {
        let pipe = cp_async_pipeline!(2, 32, ATile<BF16, 16, 16>, BtTile<BF16, 16, 16>);
        let m = matrix(a, 16, 16).unwrap();
        pipe.fill(&m, (0, 0), &m, (0, 0));
        let early = Stage { pipe: &pipe, slot: 0 };
        let _ = (early.a().frag_a(0, 0), out);
    }
}
