// Attempt: build an A register operand from fragments of my choosing (a tile's, in another order), skipping `load` and `to_a`.
// Expect: error[E0451]: field `f` of struct `oxpack::mma::ARegs` is private
use oxpack::prelude::*;

kernel! {
    pub fn k(a: &[BF16], out: &mut DisjointSlice<f32>) {
        let pipe = cp_async_pipeline!(1, 32, ATile<BF16, 16, 16>, BtTile<BF16, 16, 16>);
        let m = matrix(a, 16, 16).unwrap();
        pipe.fill(&m, (0, 0), &m, (0, 0));
        let s = pipe.wait();
        let q: ARegs<BF16, 1, 1> = ARegs { f: [[s.a().frag_a(0, 0)]] };
        let _ = (q, out);
    }
}
